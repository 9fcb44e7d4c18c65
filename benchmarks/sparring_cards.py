"""Rule-based players of Oh Hell, Scopa and Gin Rummy: sparring partners for the AI levels.

As those of `benchmarks/sparring.py` (whose SPARRING table names them: `oh_hell_rules`,
`scopa_rules`, `gin_rummy_rules`), they know their games, play from what their seat sees
(`state.observation(seat)`: its hand, the public zones and the history of moves) through the
public API only, and sit at the table as opponents for the benchmarks; no agent uses them.

Oh Hell: bids the tricks its hand should take, then wins tricks as cheaply as it surely can
while it needs them and ducks once its bid is made.
Scopa: plays the card and capture that take the most (a scopa first), less what the table it
leaves risks.
Gin Rummy: takes the upcard only into a meld, discards to the least deadwood, knocks at once.
"""

from __future__ import annotations

from typing import Any

from benchmarks._player import RulePlayer

# ----- Oh Hell --------------------------------------------------------------------------------

OH_SCALE = 1.25  # the count falls short of the tricks a deal gives (measured in play between these players)
OH_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "j", "q", "k", "a")


def _oh(card: str) -> tuple[str, int]:
    suit, _, rank = card.rpartition("-")
    return suit, OH_RANKS.index(rank) + 2


def oh_estimate(hand: list[str], trump: str | None, players: int = 4) -> float:
    """The tricks a hand should take: sure and likely high cards, long trumps, and ruffs in short suits."""
    suits: dict[str, list[int]] = {}
    for c in hand:
        s, p = _oh(c)
        suits.setdefault(s, []).append(p)
    trumps = sorted(suits.get(trump, []), reverse=True) if trump else []
    tricks = 0.0
    for i, p in enumerate(trumps):
        if p == 14 or (p == 13 and i <= 1) or (p == 12 and i <= 2) or i >= 3:
            tricks += 1.0 if p >= 13 or i >= 3 else 0.7  # high trumps, and every trump beyond the third
        elif p >= 10:
            tricks += 0.4
    spare = max(0, len(trumps) - sum(p >= 12 for p in trumps))
    crowd = 0.15 * (players - 4)  # more players: side winners are ruffed more often
    for s, ps in suits.items():
        if s == trump:
            continue
        n = len(ps)
        if 14 in ps:
            tricks += (0.9 if n <= 4 else 0.7) - crowd
        if 13 in ps and n >= 2:
            tricks += (0.6 if n <= 4 else 0.35) - crowd
        if 12 in ps and n >= 3 and (14 in ps or 13 in ps):
            tricks += 0.3
        if trump and n <= 1 and spare:
            tricks += 0.5 * (2 - n) * min(spare, 1)  # a void or singleton to ruff with a low trump
            spare -= 1
    return tricks


class OhHellRules(RulePlayer):
    """A competent rule-based Oh Hell player: bids the tricks its hand should take (aces, guarded
    kings, high and long trumps, ruffs in short suits), the nearest legal bid when the hook forbids
    it.  While it needs tricks it wins a trick as cheaply as it can (last to play, or with the best
    card left of a suit), leads its sure winners, then low from short suits to ruff later; once its
    bid is made it ducks under the card winning the trick, throws its highest card when it cannot
    follow (a trump only when nothing else is left) and leads its lowest card.  It counts the cards
    played (from the public history) to know which are the best left of their suit."""

    name = "oh_hell_rules"

    def decide(self, state: Any, legal: list) -> Any:
        obs = state.observation(self.seat)
        v = obs["variables"]
        hand = obs["zones"]["hand"][self.seat]
        trump = v["trump"]
        if legal[0].text.startswith("bid"):
            want = oh_estimate(hand, trump, len(v["bid"])) * OH_SCALE
            return min(legal, key=lambda a: (abs(int(a.text.split()[1]) - want), int(a.text.split()[1])))
        cards = {a.text.split(" ", 1)[1]: a for a in legal}
        played = [h["action"].split(" ", 1)[1] for h in obs["history"] if h["action"].startswith("play ")]
        need = v["bid"][self.seat] - v["tricks"][self.seat]
        trick = obs["zones"]["trick"]
        if not trick:
            return cards[self._lead(list(cards), hand, trump, played, need)]
        return cards[self._follow(list(cards), trick, v["led_suit"], trump, played, need, len(v["bid"]))]

    @staticmethod
    def _top(card: str, hand: list[str], played: list[str]) -> bool:
        """No card of its suit higher than it is still out (in other hands)."""
        suit, p = _oh(card)
        return all(f"{suit}-{r}" in played or f"{suit}-{r}" in hand for r in OH_RANKS[p - 1 :])

    def _lead(self, cards: list[str], hand: list[str], trump: str | None, played: list[str], need: int) -> str:
        def power(c: str) -> int:
            return _oh(c)[1] + (20 if _oh(c)[0] == trump else 0)

        side = [c for c in cards if _oh(c)[0] != trump]
        if need <= 0:
            return min(side or cards, key=power)
        winners = [c for c in cards if self._top(c, hand, played)]
        side_winners = [c for c in winners if _oh(c)[0] != trump]
        trump_winners = [c for c in winners if _oh(c)[0] == trump]
        if trump_winners:
            return max(trump_winners, key=power)  # draw trumps with the best one
        if side_winners:
            return max(side_winners, key=power)
        by_suit: dict[str, list[str]] = {}
        for c in side:
            by_suit.setdefault(_oh(c)[0], []).append(c)
        if by_suit:
            short = min(by_suit, key=lambda s: (len(by_suit[s]), min(_oh(c)[1] for c in by_suit[s])))
            return min(by_suit[short], key=power)  # empty a short suit to ruff it later
        return min(cards, key=power)

    def _follow(self, cards, trick, led, trump, played, need, players) -> str:
        def power(c: str | None) -> int:
            if c is None:
                return 0
            s, p = _oh(c)
            return 200 + p if s == trump else 100 + p if s == led else 0

        best = max(power(c) for c in trick)
        last = len(trick) == players - 1
        winners = sorted((c for c in cards if power(c) > best), key=power)
        losers = [c for c in cards if power(c) <= best]
        if need > 0:
            if winners and (last or power(winners[-1]) >= 200 or self._top(winners[-1], cards, played)):
                sure = [c for c in winners if last or self._top(c, cards, played) or power(c) >= 200]
                return sure[0]  # the cheapest card sure to win (as far as it can tell)
            return min(losers or cards, key=lambda c: (power(c) >= 200, _oh(c)[1]))
        if losers:
            return max(losers, key=lambda c: (power(c) < 200, _oh(c)[1]))  # duck as high as it can
        return max(cards, key=power) if last else min(cards, key=power)


# ----- Scopa ----------------------------------------------------------------------------------

SC_SUITS = ("coppe", "denari", "bastoni", "spade")
SC_RANKS = ("1", "2", "3", "4", "5", "6", "7", "fante", "cavallo", "re")


def _sc_value(card: str) -> int:
    return SC_RANKS.index(card.rpartition("-")[2]) + 1


def sc_worth(card: str) -> float:
    """What taking a card is worth towards the hand's points: the cards, the denari, the settebello
    and the primiera (sevens, sixes and aces)."""
    value = _sc_value(card)
    worth = 0.05 + (0.17 if card.startswith("denari-") else 0.0)
    worth += {7: 0.3, 6: 0.15, 1: 0.1}.get(value, 0.0)
    return worth + (1.0 if card == "denari-7" else 0.0)


def sc_captures(card: str, table: list[str]) -> list[list[str]]:
    """The captures a card may make (SC-6, SC-7): one card of its rank, else every set adding up to it."""
    value = _sc_value(card)
    same = [[c] for c in table if _sc_value(c) == value]
    if same:
        return same
    out: list[list[str]] = []

    def walk(i: int, chosen: list[str], total: int) -> None:
        if total == value:
            out.append(list(chosen))
            return
        for j in range(i, len(table)):
            if total + _sc_value(table[j]) <= value:
                chosen.append(table[j])
                walk(j + 1, chosen, total + _sc_value(table[j]))
                chosen.pop()

    walk(0, [], 0)
    return out


class ScopaRules(RulePlayer):
    """A competent rule-based Scopa player: of every card and capture it may make, it plays the one
    that takes the most (a scopa first, then the settebello, sevens, denari and cards), less what it
    risks leaving behind: a table the opponent could sweep with a card it has not seen (weighed by
    how many such cards are unseen), and valuable cards left to be taken.  With nothing to take it
    lays off its least useful card, keeping the table's total above ten when it can."""

    name = "scopa_rules"

    def decide(self, state: Any, legal: list) -> Any:
        obs = state.observation(self.seat)
        z = obs["zones"]
        hand, table = list(z["hand"][self.seat]), list(z["table"])
        seen = set(hand) | set(table) | set(z["in_play"]) | {c for pile in z["taken"].values() for c in pile}
        unseen = [f"{su}-{r}" for su in SC_SUITS for r in SC_RANKS if f"{su}-{r}" not in seen]
        last = (
            not obs["zones"]["deck"] and len(hand) <= 1 and all(not h for s, h in z["hand"].items() if s != self.seat)
        )
        if legal[0].text.startswith("play "):
            cards = {a.text.split(" ", 1)[1]: a for a in legal}
            best = max(
                cards,
                key=lambda c: max(self._value(c, cap, table, unseen, last) for cap in sc_captures(c, table) or [[]]),
            )
            return cards[best]
        played = z["in_play"][0]
        chosen = list((obs.get("choice") or {}).get("chosen", []))
        options = [cap for cap in sc_captures(played, table) if set(chosen) <= set(cap)]
        target = max(options, key=lambda cap: self._value(played, cap, table, unseen, last))
        for a in legal:
            if "+" not in a.text and sorted(a.text.split(" ", 1)[1].split()) == sorted(target):
                return a
        for a in legal:
            if "+" in a.text and a.text.split("+", 1)[1] in target:
                return a
        return legal[0]

    @staticmethod
    def _value(card: str, capture: list[str], table: list[str], unseen: list[str], last: bool) -> float:
        left = [c for c in table if c not in capture] + ([] if capture else [card])
        gain = sum(sc_worth(c) for c in capture) + (sc_worth(card) if capture else -sc_worth(card))
        if capture and not left and not last:
            gain += 1.0  # a scopa (SC-10)
        if left and not last:
            total = sum(_sc_value(c) for c in left)
            odds = len(unseen) and sum(_sc_value(c) == total for c in unseen) / len(unseen)
            if total <= 10:
                gain -= min(1.0, 3 * odds)  # the opponent sweeps the table
            gain -= 0.3 * sum(sc_worth(c) for c in left) * (1 if capture else 0.5)
        return gain


# ----- Gin Rummy ------------------------------------------------------------------------------

GR_RANKS = ("a", "2", "3", "4", "5", "6", "7", "8", "9", "10", "j", "q", "k")


def _gr(card: str) -> tuple[str, int]:
    suit, _, rank = card.rpartition("-")
    return suit, GR_RANKS.index(rank) + 1


def _gr_points(card: str) -> int:
    return min(10, _gr(card)[1])


def gr_melds(cards: list[str]) -> list[frozenset[str]]:
    """Every run (three or more in suit and sequence, ace low) and set (three or four of a rank)."""
    out: list[frozenset[str]] = []
    by_key = {_gr(c): c for c in cards}
    for suit, n in by_key:
        run = [by_key[(suit, n)]]
        while (suit, n + len(run)) in by_key:
            run.append(by_key[(suit, n + len(run))])
            if len(run) >= 3:
                out.append(frozenset(run))
    for n in {_gr(c)[1] for c in cards}:
        same = [c for c in cards if _gr(c)[1] == n]
        if len(same) >= 3:
            out.append(frozenset(same))
        if len(same) == 4:
            out.extend(frozenset(same) - {x} for x in same)
    return out


def gr_deadwood(cards: list[str]) -> tuple[int, frozenset[str]]:
    """The least deadwood of a hand and the cards melded in that arrangement (GR-12)."""
    melds = gr_melds(cards)
    best = (sum(_gr_points(c) for c in cards), frozenset())

    def walk(i: int, used: frozenset[str]) -> None:
        nonlocal best
        dead = sum(_gr_points(c) for c in cards if c not in used)
        if dead < best[0]:
            best = (dead, used)
        for j in range(i, len(melds)):
            if not melds[j] & used:
                walk(j + 1, used | melds[j])

    walk(0, frozenset())
    return best


class GinRummyRules(RulePlayer):
    """A competent rule-based Gin Rummy player: takes the upcard only when it goes into a meld, else
    draws; discards the card that leaves the least deadwood, sparing cards that could still join a
    meld (a pair, or a neighbour in suit whose meld-mates are not all gone) and breaking ties by
    throwing the higher card; knocks as soon as it may (gin when it can); lays off every card it can."""

    name = "gin_rummy_rules"

    def decide(self, state: Any, legal: list) -> Any:
        texts = {a.text: a for a in legal}
        obs = state.observation(self.seat)
        z = obs["zones"]
        hand = list(z["hand"][self.seat])
        lay = [a for a in legal if a.text.startswith("lay_off ")]
        if lay:
            return lay[0]
        if "take" in texts:
            up = z["upcard"][0]
            dead, melded = min(gr_deadwood([*hand, up][:i] + [*hand, up][i + 1 :]) for i in range(len(hand)))
            take = up in melded and dead < gr_deadwood(hand)[0]
            return texts["take"] if take else texts.get("draw") or texts["pass"]
        knocks = [a for a in legal if a.text.startswith("knock ")]
        if knocks:
            return min(knocks, key=lambda a: gr_deadwood([c for c in hand if c != a.text.split(" ", 1)[1]])[0])
        gone = set(z["discards"]) | set(z["upcard"])
        discards = {a.text.split(" ", 1)[1]: a for a in legal if a.text.startswith("discard ")}
        if not discards:
            return texts.get("done") or legal[0]

        def cost(card: str) -> tuple:
            rest = [c for c in hand if c != card]
            dead, melded = gr_deadwood(rest)
            return (dead + 3 * self._hope(card, rest, melded, gone), -_gr_points(card))

        return discards[min(discards, key=cost)]

    @staticmethod
    def _hope(card: str, rest: list[str], melded: frozenset[str], gone: set[str]) -> int:
        """How many loose cards of the hand a card could still make a meld with."""
        suit, n = _gr(card)
        hope = 0
        for other in rest:
            if other in melded:
                continue
            s2, n2 = _gr(other)
            if n2 == n:
                third = [f"{x}-{GR_RANKS[n - 1]}" for x in ("spades", "hearts", "diamonds", "clubs")]
                hope += any(t not in gone and t not in (card, other) for t in third)
            elif s2 == suit and abs(n2 - n) <= 2:
                lo, hi = min(n, n2), max(n, n2)
                ends = [k for k in (lo - 1, hi + 1) if 1 <= k <= 13] if hi - lo == 1 else [lo + 1]
                hope += any(f"{suit}-{GR_RANKS[k - 1]}" not in gone for k in ends)
        return hope


if __name__ == "__main__":  # a module for the benchmarks to import; run, it only says what it holds
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from benchmarks import _cli

    _cli.parser(__doc__).parse_args()
    print("sparring players: oh_hell_rules, scopa_rules, gin_rummy_rules (benchmarks/sparring.py lists them all)")
