"""Rule-based players of Duzihu and Hearts (and, from `benchmarks/sparring_meri.py`, of Hachinin
Meri, and from `benchmarks/sparring_cards.py`, of Oh Hell, Scopa and Gin Rummy): sparring partners
for the AI levels.

They know their games (they live outside `interpreter/`, which knows none)
and play from what their seat sees (`state.observation(seat)`) through the
public API only.  The search agents never use them: benchmarks put them at
the table as opponents.

    from benchmarks.sparring import SPARRING     # {"meri_rules": ..., "duzihu_rules": ..., "oh_hell_rules": ...}

Duzihu (`duzihu_rules`): wins whenever it can, declares everything that scores, pongs and
kongs when that does not slow the hand down, and discards to stay as close
to a win as it can (its own count of groups, partial groups and a pair),
breaking ties by keeping cards with more live neighbours.  `duzihu_strong`
plays to win every deal: of the discards that leave it closest to a win it
keeps the most unseen cards that would bring it closer still, lets dead
cards go first, and claims only what brings the win closer (`DuzihuStrong`).
Hachinin Meri's two players, `meri_rules` and `meri_strong`, are in
`benchmarks/sparring_meri.py`.
"""

from __future__ import annotations

import sys
from functools import lru_cache
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script, it still finds its package

from benchmarks._player import RulePlayer  # noqa: E402

# ----- Duzihu -------------------------------------------------------------------------------

DZ_SUITS = ("myriads", "strings", "coins")
DZ_HONOURS = ("thousand", "white-flower", "red-flower")


def _dz_parse(card: str) -> tuple[str, int]:
    suit, _, rank = card.rpartition("-")
    return (suit, int(rank)) if suit in DZ_SUITS else (card, 0)


@lru_cache(maxsize=200_000)
def _suit_shapes(counts: tuple[int, ...]) -> frozenset[tuple[int, int, int]]:
    """Every (groups, partial groups, pairs) one suit's counts can be split into (leftovers dropped)."""
    i = next((k for k, c in enumerate(counts) if c), None)
    if i is None:
        return frozenset({(0, 0, 0)})
    out: set[tuple[int, int, int]] = set()

    def take(pattern: dict[int, int], add: tuple[int, int, int]) -> None:
        rest = list(counts)
        for k, n in pattern.items():
            if k >= len(rest) or rest[k] < n:
                return
            rest[k] -= n
        for g, t, p in _suit_shapes(tuple(rest)):
            out.add((g + add[0], t + add[1], p + add[2]))

    take({i: 1}, (0, 0, 0))  # leave one copy over
    take({i: 3}, (1, 0, 0))
    take({i: 2}, (0, 0, 1))
    take({i: 2}, (0, 1, 0))
    take({i: 1, i + 1: 1, i + 2: 1}, (1, 0, 0))
    take({i: 1, i + 1: 1}, (0, 1, 0))
    take({i: 1, i + 2: 1}, (0, 1, 0))
    return frozenset(out)


def dz_missing(hand: list[str], groups_needed: int) -> int:
    """Cards still to draw to make `groups_needed` groups and a pair (the mahjong count, plus one)."""
    rows: dict[str, list[int]] = {s: [0] * 9 for s in DZ_SUITS}
    honours: list[int] = []
    for card in hand:
        suit, n = _dz_parse(card)
        if n:
            rows[suit][n - 1] += 1
        else:
            honours.append(card)
    units = [_suit_shapes(tuple(rows[s])) for s in DZ_SUITS]
    units.append(_suit_shapes(tuple(x for h in DZ_HONOURS for x in (honours.count(h), 0, 0))))
    combos: set[tuple[int, int, int]] = {(0, 0, 0)}
    for options in units:
        combos = _pareto({(g + g2, t + t2, p + p2) for g, t, p in combos for g2, t2, p2 in _pareto(options)})
    best = 0
    for g, t, p in combos:
        head = 1 if p else 0
        g = min(g, groups_needed)
        partial = min(t + p - head, groups_needed - g)
        best = max(best, 2 * g + partial + head)
    return 2 * groups_needed + 1 - best


@lru_cache(maxsize=100_000)
def _pareto_cached(options: frozenset) -> frozenset:
    return frozenset(o for o in options if not any(q != o and all(x >= y for x, y in zip(q, o)) for q in options))


def _pareto(options: Any) -> frozenset:
    """The shapes no other shape beats in groups, partial groups and pairs at once."""
    return _pareto_cached(frozenset(options))


class DuzihuRules(RulePlayer):
    """A competent rule-based Duzihu player (see the module docstring)."""

    name = "duzihu_rules"

    seed_label = "duzihu-rules"

    def decide(self, state: Any, legal: list) -> Any:
        texts = {a.text: a for a in legal}
        for always in ("win", "heavenly", "claim_win", "rob", "ready", "declare_pair"):
            if always in texts:
                return texts[always]
        for a in legal:
            if a.text.startswith(("declare_quad", "declare_triplet")):
                return a
        obs = state.observation(self.seat)
        hand = list(obs["zones"]["hand"][str(self.seat)] if str(self.seat) in obs["zones"]["hand"] else [])
        if not hand:
            hand = list(obs["zones"]["hand"][self.seat])
        melds = obs["zones"]["melds"].get(self.seat, obs["zones"]["melds"].get(str(self.seat), []))
        exposed = sum(1 for c in set(melds) if melds.count(c) >= 3)
        need = 7 - exposed
        now = dz_missing(hand, need)
        discard = obs["variables"]["last_discard"]
        for kind in ("kong", "pong"):
            if kind in texts:
                copies = 3 if kind == "kong" else 2
                rest = list(hand)
                for _ in range(copies):
                    rest.remove(discard)
                if dz_missing(rest, need - 1) <= now - 1 + (kind == "kong"):
                    return texts[kind]
        for a in legal:
            if a.text.startswith("concealed_kong"):
                card = a.text.split(" ", 1)[1]
                rest = [c for c in hand if c != card]
                if dz_missing(rest, need - 1) <= now:
                    return a
        discards = [a for a in legal if a.text.startswith("discard ")]
        if not discards:
            return texts.get("pass") or texts.get("done") or legal[0]
        seen = list(obs["zones"]["discards"]) + list(obs["zones"]["indicators"])
        for zone in obs["zones"]["melds"].values():
            seen += zone
        best, best_key = None, None
        for a in discards:
            card = a.text.split(" ", 1)[1]
            rest = list(hand)
            rest.remove(card)
            key = (dz_missing(rest, need), _dz_keep_value(card, rest, seen), self.rng.random())
            if best_key is None or key < best_key:
                best, best_key = a, key
        return best


def _dz_keep_value(card: str, hand: list[str], seen: list[str]) -> int:
    """How much a card is worth keeping: copies and near neighbours in hand, fewer when they are dead."""
    suit, n = _dz_parse(card)
    value = 3 * hand.count(card) - seen.count(card)
    if n:
        for other in hand:
            s2, n2 = _dz_parse(other)
            if s2 == suit and 0 < abs(n2 - n) <= 2:
                value += 2 if abs(n2 - n) == 1 else 1
    return value


# Duzihu, a stronger player: cards as 30 faces (Myriads 1-9, Strings 1-9, Coins 1-9, the honours),
# the distance to a win counted per suit and combined, every discard judged by that distance and then
# by how many unseen cards would bring the hand closer (the mahjong player's count of useful draws).

DZ_FACES = tuple(f"{s}-{n}" for s in DZ_SUITS for n in range(1, 10)) + DZ_HONOURS
DZ_INDEX = {f: i for i, f in enumerate(DZ_FACES)}


@lru_cache(maxsize=500_000)
def _dz_unit_shapes(counts: tuple[int, ...], runs: bool) -> tuple[tuple[int, int, int], ...]:
    """The Pareto-best (groups, partial groups, pairs) one suit's counts split into (leftovers dropped)."""
    i = next((k for k, c in enumerate(counts) if c), None)
    if i is None:
        return ((0, 0, 0),)
    out: set[tuple[int, int, int]] = set()
    n = len(counts)

    def take(pattern: tuple[tuple[int, int], ...], add: tuple[int, int, int]) -> None:
        rest = list(counts)
        for k, m in pattern:
            if k >= n or rest[k] < m:
                return
            rest[k] -= m
        for g, t, p in _dz_unit_shapes(tuple(rest), runs):
            out.add((g + add[0], t + add[1], p + add[2]))

    take(((i, 1),), (0, 0, 0))
    take(((i, 3),), (1, 0, 0))
    take(((i, 2),), (0, 0, 1))
    if runs:
        take(((i, 1), (i + 1, 1), (i + 2, 1)), (1, 0, 0))
        take(((i, 1), (i + 1, 1)), (0, 1, 0))
        take(((i, 1), (i + 2, 1)), (0, 1, 0))
    return _dz_pareto(out)


def _dz_pareto(shapes: set[tuple[int, int, int]]) -> tuple[tuple[int, int, int], ...]:
    def beaten(o: tuple[int, int, int]) -> bool:
        return any(q != o and q[0] >= o[0] and q[1] >= o[1] and q[2] >= o[2] for q in shapes)

    return tuple(o for o in shapes if not beaten(o))


@lru_cache(maxsize=500_000)
def _dz_combined(units: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, int, int], ...]:
    combos: set[tuple[int, int, int]] = {(0, 0, 0)}
    for k, counts in enumerate(units):
        shapes = _dz_unit_shapes(counts, k < 3)
        combos = set(_dz_pareto({(g + a, t + b, p + c) for g, t, p in combos for a, b, c in shapes}))
    return tuple(combos)


def dz_distance(counts: list[int] | tuple[int, ...], need: int) -> int:
    """Cards still to draw to hold `need` groups and a pair (0: complete; 1: one card from a win)."""
    units = (tuple(counts[0:9]), tuple(counts[9:18]), tuple(counts[18:27]), tuple(counts[27:30]))
    best = 0
    for g, t, p in _dz_combined(units):
        head = 1 if p else 0
        g = min(g, need)
        best = max(best, 2 * g + min(t + p - head, need - g) + head)
    return 2 * need + 1 - best


def _dz_near(counts: list[int]) -> list[int]:
    """The faces a draw of which could help: held faces and their suit neighbours up to two away."""
    out = set()
    for i, c in enumerate(counts):
        if not c:
            continue
        out.add(i)
        if i < 27:
            base = i - i % 9
            for d in (-2, -1, 1, 2):
                if base <= i + d < base + 9:
                    out.add(i + d)
    return sorted(out)


class DuzihuStrong(RulePlayer):
    """A stronger rule-based Duzihu player, written to win nearly every deal (see `DuzihuRules` for the
    simpler one, kept unchanged so that earlier figures stay comparable).

    It counts its distance to seven groups and a pair per suit (groups, partial groups and pairs, the
    mahjong count) and plays to shorten it: of the discards that leave the shortest distance it keeps
    the one that leaves the most unseen cards (four copies less those in its hand, on the table, in
    the discards and the indicators) that would each shorten it again, then the one whose copies are
    most often seen already (a dead card: no one can pong it, fewer can win on it), then the card with
    fewest near neighbours.  It takes every win; declares every opening group; declares Ready when the
    cards that would complete its hand have at least `ready_live` unseen copies; pongs or kongs a
    discard when that brings the win closer (a kong also when it does not move it back: the replacement
    is a free draw); declares a concealed or added kong when the hand stays as close.  It reads only its
    own seat's observation."""

    name = "duzihu_strong"

    seed_label = "duzihu-strong"

    ready_live = 2

    def decide(self, state: Any, legal: list) -> Any:
        texts = {a.text: a for a in legal}
        for always in ("win", "heavenly", "claim_win", "rob"):
            if always in texts:
                return texts[always]
        for a in legal:
            if a.text.startswith(("declare_quad", "declare_triplet", "declare_pair")):
                return a
        obs = state.observation(self.seat)
        zones = obs["zones"]
        hand = list(zones["hand"].get(self.seat) or zones["hand"].get(str(self.seat)) or [])
        fresh = zones.get("fresh") or {}
        hand += list(fresh.get(self.seat) or fresh.get(str(self.seat)) or [])
        groups = obs["groups"]["melds"].get(self.seat, obs["groups"]["melds"].get(str(self.seat), []))
        need = 7 - sum(1 for g in groups if g["kind"] != "hezi")
        counts = [0] * 30
        for c in hand:
            counts[DZ_INDEX[c]] += 1
        seen = list(counts)
        for c in list(zones["discards"]) + list(zones["indicators"]) + list(zones.get("winning") or []):
            if c in DZ_INDEX:
                seen[DZ_INDEX[c]] += 1
        for seat_groups in obs["groups"]["melds"].values():
            for g in seat_groups:
                for c in g["cards"]:
                    if c in DZ_INDEX:
                        seen[DZ_INDEX[c]] += 1
        unseen = [max(0, 4 - x) for x in seen]
        if "ready" in texts:
            if dz_distance(counts, need) == 1:
                live = sum(unseen[f] for f in range(30) if self._completes(counts, f, need))
                if live >= self.ready_live:
                    return texts["ready"]
            return texts.get("done", texts["ready"])
        discard = obs["variables"].get("last_discard")
        if ("pong" in texts or "kong" in texts) and discard in DZ_INDEX:
            now = dz_distance(counts, need)
            f = DZ_INDEX[discard]
            if "kong" in texts:
                after = list(counts)
                after[f] -= 3
                if dz_distance(after, need - 1) <= now:  # the replacement is a draw on top
                    return texts["kong"]
            if "pong" in texts:
                after = list(counts)
                after[f] -= 2
                best = min(self._after_discard(after, d, need - 1) for d in range(30) if after[d])
                if best < now:
                    return texts["pong"]
            return texts.get("pass", legal[0])
        now = None
        for a in legal:
            kind, _, card = a.text.partition(" ")
            if kind in ("concealed_kong", "added_kong") and card in DZ_INDEX:
                now = dz_distance(counts, need) if now is None else now
                after = list(counts)
                f = DZ_INDEX[card]
                after[f] -= 4 if kind == "concealed_kong" else 1
                if dz_distance(after, need - (kind == "concealed_kong")) <= now:
                    return a
        discards = [a for a in legal if a.text.startswith("discard ")]
        if not discards:
            return texts.get("pass") or texts.get("done") or legal[0]
        scored = []
        for a in discards:
            f = DZ_INDEX[a.text.split(" ", 1)[1]]
            scored.append((self._after_discard(counts, f, need), a, f))
        least = min(s[0] for s in scored)
        best, best_key = None, None
        for dist, a, f in scored:
            if dist != least:
                continue
            after = list(counts)
            after[f] -= 1
            live = sum(unseen[x] - (x == f) for x in _dz_near(after) if dz_distance(self._plus(after, x), need) < dist)
            key = (-live, counts[f] - seen[f], self._ties(after, f), self.rng.random())
            if best_key is None or key < best_key:
                best, best_key = a, key
        return best

    @staticmethod
    def _plus(counts: list[int], f: int) -> list[int]:
        out = list(counts)
        out[f] += 1
        return out

    @staticmethod
    def _after_discard(counts: list[int], f: int, need: int) -> int:
        after = list(counts)
        after[f] -= 1
        return dz_distance(after, need)

    @staticmethod
    def _completes(counts: list[int], f: int, need: int) -> bool:
        return counts[f] < 4 and dz_distance(DuzihuStrong._plus(counts, f), need) == 0

    @staticmethod
    def _ties(counts: list[int], f: int) -> int:
        ties = 3 * counts[f]
        if f < 27:
            base = f - f % 9
            for d in (-2, -1, 1, 2):
                if base <= f + d < base + 9:
                    ties += counts[f + d] * (2 if abs(d) == 1 else 1)
        return ties


# ----- Hearts ---------------------------------------------------------------------------------

HT_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "j", "q", "k", "a")


def _ht(card: str) -> tuple[str, int]:
    suit, _, rank = card.rpartition("-")
    return suit, HT_RANKS.index(rank)


def _ht_points(card: str) -> int:
    return 13 if card == "spades-q" else 1 if card.startswith("hearts-") else 0


class HeartsRules(RulePlayer):
    """A competent rule-based Hearts player: passes the queen, king and ace of spades when short of
    spades and then its highest hearts and cards of short suits; ducks under the card winning the
    trick, takes a clean last trick with its highest card, sheds the queen of spades, high spades and
    high hearts when void, and leads low in its shortest safe suit (spades to flush the queen when it
    holds no spade above the jack).  It never tries to shoot the moon."""

    name = "hearts_rules"

    def decide(self, state: Any, legal: list) -> Any:
        obs = state.observation(self.seat)
        if legal[0].text.startswith("pass"):
            chosen = list((obs.get("choice") or {}).get("chosen", []))
            want = self._pass([*obs["zones"]["hand"][self.seat], *chosen])
            cards = {a.text.split("+", 1)[1]: a for a in legal}
            return cards[next(c for c in want if c in cards)]
        cards = {a.text.split(" ", 1)[1]: a for a in legal}
        hand = obs["zones"]["hand"][self.seat]
        trick = obs["zones"]["trick"]
        queen_out = any("spades-q" in taken for taken in obs["zones"]["taken"].values()) or "spades-q" in hand
        if not trick:
            return cards[self._lead(list(cards), hand, queen_out)]
        return cards[self._follow(list(cards), trick, obs["variables"]["led_suit"], queen_out)]

    @staticmethod
    def _pass(hand: list[str]) -> list[str]:
        """The cards to pass, best first (the hand ordered by how much it wants to be rid of each)."""
        spades = [c for c in hand if c.startswith("spades-")]
        low_spades = sum(_ht(c)[1] < HT_RANKS.index("q") for c in spades)
        suits = {s: sum(c.startswith(s + "-") for c in hand) for s in ("clubs", "diamonds")}

        def danger(card: str) -> tuple:
            suit, rank = _ht(card)
            if suit == "spades" and rank >= HT_RANKS.index("q") and low_spades < 4:
                return (0, -rank)
            if suit == "hearts" and rank >= HT_RANKS.index("10"):
                return (1, -rank)
            if suit in suits and suits[suit] <= 3:
                return (2, suits[suit], -rank)  # empty a short side suit
            return (3, -rank)

        return sorted(hand, key=danger)

    @staticmethod
    def _lead(cards: list[str], hand: list[str], queen_out: bool) -> str:
        by_suit: dict[str, list[str]] = {}
        for c in cards:
            by_suit.setdefault(_ht(c)[0], []).append(c)
        high_spade = any(c in hand for c in ("spades-q", "spades-k", "spades-a"))
        if "spades" in by_suit and not high_spade and not queen_out:
            return min(by_suit["spades"], key=lambda c: _ht(c)[1])  # flush the queen out
        safe = [s for s in by_suit if s != "hearts" and not (s == "spades" and high_spade)] or list(by_suit)
        suit = min(safe, key=lambda s: (len(by_suit[s]), min(_ht(c)[1] for c in by_suit[s])))
        return min(by_suit[suit], key=lambda c: _ht(c)[1])

    @staticmethod
    def _follow(cards: list[str], trick: list[str], led: str, queen_out: bool) -> str:
        following = [c for c in cards if _ht(c)[0] == led]
        if not following:  # void: shed the worst card

            def shed(card: str) -> tuple:
                suit, rank = _ht(card)
                if card == "spades-q":
                    return (0, 0)
                if suit == "spades" and rank > HT_RANKS.index("q") and not queen_out:
                    return (1, -rank)
                if suit == "hearts":
                    return (2, -rank)
                return (3, -rank)

            return min(cards, key=shed)
        top = max(_ht(c)[1] for c in trick if _ht(c)[0] == led)
        points = sum(_ht_points(c) for c in trick)
        under = [c for c in following if _ht(c)[1] < top]
        last = len(trick) == 3
        if last and points == 0:
            safe = [c for c in following if c != "spades-q"]
            return max(safe or following, key=lambda c: _ht(c)[1])  # a clean trick: take it high
        if under:
            if led == "spades" and "spades-q" in under:
                return "spades-q"  # the queen under a higher spade: someone else takes it
            return max(under, key=lambda c: _ht(c)[1])
        safe = [c for c in following if c != "spades-q"] or following
        return (max if last else min)(safe, key=lambda c: _ht(c)[1])


from benchmarks.sparring_cards import GinRummyRules, OhHellRules, ScopaRules  # noqa: E402
from benchmarks.sparring_meri import MeriRules, MeriStrong  # noqa: E402

SPARRING = {
    "duzihu_rules": DuzihuRules,
    "duzihu_strong": DuzihuStrong,
    "meri_rules": MeriRules,
    "meri_strong": MeriStrong,
    "hearts_rules": HeartsRules,
    "oh_hell_rules": OhHellRules,
    "scopa_rules": ScopaRules,
    "gin_rummy_rules": GinRummyRules,
}


if __name__ == "__main__":  # a module for the benchmarks to import; run, it only says what it holds
    from benchmarks import _cli

    _cli.parser(__doc__).parse_args()
    print(f"sparring players: {', '.join(SPARRING)} (SPECs for benchmarks/tournament.py, which plays them)")
