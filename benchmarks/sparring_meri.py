"""Rule-based Hachinin Meri players, sparring partners for the AI levels (`benchmarks/sparring.py`
lists every game's).

`meri_rules` (`MeriRules`): keeps a hidden Robai hidden, discards its weakest plain card, draws
trumps with a long trump holding, leads a Sun or Un with trumps to back it, else a low card of its
longest suit; follows by letting a partner's strong card stand, winning last as cheaply as it can,
trumping high earlier, or throwing its weakest card.

`meri_strong` (`MeriStrong`) plays as a careful human would, from what its seat sees only
(`state.observation(seat)`): it counts the trumps and the plain cards seen (its hand, the played
tricks, the side cards once shown, the Okie in the taker's hand), notes the seats that have shown they
hold no trump (a plain card played to a Meri), and knows which of its trumps and plain cards are
masters (no unseen card beats them). It declares its Robai
(the Okie, the discard and the lead were worth more, measured, than keeping it hidden) and discards
its least useful plain card. It leads a master trump to draw the other team's trumps without risk (a
Meri has no combinations), or its weakest trump from a long holding, and cashes master plain cards
once the other team has shown it has no trumps; else it leads its least useful card. It lets a
partner's trick stand and wins one from the other team as cheaply as is safe: last to play (over a
face-down trump of theirs only when the odds of the unseen trumps favour it), or with a master. It
keeps a trump out of a plain trick where a combination it can see coming could catch it (a Un while
the Sun is unseen, a Sota while the Un is, the Robai while the Sota is, ...) and sheds such trumps
on the Meri tricks and on tricks it wins last, where they risk nothing.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script, it still finds its package

from benchmarks._player import RulePlayer  # noqa: E402

HM_LONG = ("pao", "isu")


def _hm_parse(card: str) -> tuple[str, str]:
    suit, _, rank = card.partition("-")
    return suit, rank


def _hm_is_trump(card: str, trump: str) -> bool:
    return card == "pao-robai" or _hm_parse(card)[0] == trump


def _hm_number_power(suit: str, rank: str) -> int:
    n = int(rank)
    return n if suit in HM_LONG else 10 - n


def hm_trump_power(card: str) -> int:
    suit, rank = _hm_parse(card)
    table = {"sun": 20, "un": 19, "sota": 18, "rei": 15, "kaba": 14}
    if card == "pao-robai":
        return 17
    if rank == "robai":
        return 16
    return table.get(rank) or _hm_number_power(suit, rank)


def hm_plain_power(card: str) -> int:
    suit, rank = _hm_parse(card)
    table = {"sun": 30, "un": 29, "rei": 28, "kaba": 27, "sota": 26}
    if rank == "robai":
        return 3 if suit in HM_LONG else 25
    return table.get(rank) or 2 * _hm_number_power(suit, rank)


class MeriRules(RulePlayer):
    """A competent rule-based Hachinin Meri player (see the module docstring)."""

    name = "meri_rules"

    seed_label = "meri-rules"

    def decide(self, state: Any, legal: list) -> Any:
        texts = [a.text for a in legal]
        if "pass" in texts:
            return legal[texts.index("pass")]  # keep a Robai hidden: its combinations are worth 5
        obs = state.observation(self.seat)
        v = obs["variables"]
        trump = v["trump"]
        cards = {a.text.split(" ", 1)[1]: a for a in legal}
        if legal[0].text.startswith("discard"):
            plain = [c for c in cards if not _hm_is_trump(c, trump)] or list(cards)
            return cards[min(plain, key=hm_plain_power)]
        trick = obs["zones"]["trick"]
        by = obs["placed_by"]["trick"]
        if not trick:
            return cards[self._lead(list(cards), trump)]
        return cards[self._follow(list(cards), trick, by, v, trump)]

    def _lead(self, cards: list[str], trump: str) -> str:
        trumps = [c for c in cards if _hm_is_trump(c, trump)]
        plain = [c for c in cards if not _hm_is_trump(c, trump)]
        if trumps and (len(trumps) >= 4 or not plain):
            return max(trumps, key=hm_trump_power)  # draw the others' trumps with a long holding
        suits = dict.fromkeys(_hm_parse(c)[0] for c in plain)  # in hand order: a tie goes the same way in every run
        aces = [c for c in plain if _hm_parse(c)[1] in ("sun", "un")]
        if aces and len(trumps) >= 2:
            return max(aces, key=hm_plain_power)
        longest = max(suits, key=lambda s: sum(_hm_parse(c)[0] == s for c in plain))
        return min((c for c in plain if _hm_parse(c)[0] == longest), key=hm_plain_power)  # a cheap lead

    def _follow(self, cards: list[str], trick: list, by: list[int], v: dict, trump: str) -> str:
        led = v["led_suit"]

        def power(card: str | None) -> int:
            if card is None:
                return 100 + 12  # a face-down card is a trump of unknown rank
            if _hm_is_trump(card, trump):
                return 100 + hm_trump_power(card)
            return hm_plain_power(card) if _hm_parse(card)[0] == led else 0

        best = max(range(len(trick)), key=lambda i: power(trick[i]))
        partner_wins = by[best] % 2 == self.seat % 2
        last = len(trick) == 7
        mine = {c: power(c) if not _hm_is_trump(c, trump) else 100 + hm_trump_power(c) for c in cards}
        winners = sorted((c for c in cards if mine[c] > power(trick[best])), key=lambda c: mine[c])

        def junk(pool: list[str]) -> str:
            plain = [c for c in pool if not _hm_is_trump(c, trump)]
            return min(plain or pool, key=lambda c: hm_plain_power(c) if c in plain else hm_trump_power(c))

        if partner_wins and (last or power(trick[best]) >= 100 + 15):
            return junk(cards)
        if not winners:
            return junk(cards)
        if last:
            return winners[0]  # the cheapest card that wins
        strong = [c for c in winners if mine[c] >= 100 + 15]  # a trump others are unlikely to beat
        return strong[0] if strong else (winners[0] if partner_wins is False and len(trick) >= 5 else junk(cards))


HM_SUITS = ("pao", "isu", "koppu", "ouru", "guru")
HM_RANKS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "sun", "un", "rei", "kaba", "sota", "robai")
HM_DECK = tuple(f"{s}-{r}" for s in HM_SUITS for r in HM_RANKS)


class _View:
    """What one seat knows at a decision: its hand, the trick, the cards seen, the seats out of trumps."""

    def __init__(self, obs: dict, seat: int):
        v = obs["variables"]
        zones, placed = obs["zones"], obs["placed_by"]
        self.seat = seat
        self.trump: str = v["trump"]
        self.long = bool(v["trump_long"])
        self.trick_no = int(v["trick_no"] or 0)
        self.declared = bool(v["declared"])
        self.hand: list[str] = [c for c in zones["hand"][seat] if c]
        self.trick: list[str | None] = list(zones["trick"])
        self.by: list[int] = list(placed["trick"])
        self.robai = f"{self.trump}-robai"
        seen = set(self.hand)
        for hand in zones["hand"].values():
            seen.update(c for c in hand if c)
        seen.update(c for c in zones["side"] if c)
        seen.update(c for c in zones["indicator"] if c)
        seen.update(c for c in self.trick if c)
        won, won_by = zones["won"], placed["won"]
        seen.update(won)
        side = [c for c in zones["side"] if c]
        # the native Robai is hidden when it was dealt (not the Okie, not a side card) and nobody declared it
        self.robai_hidden = not self.declared and v["indicator_card"] != self.robai and self.robai not in side
        # the seats shown out of trumps: a plain card played to a Meri (a trump led) in the tricks played
        self.trump_void: set[int] = set()
        for t in range(len(won) // 8):
            cards, seats = won[8 * t : 8 * t + 8], won_by[8 * t : 8 * t + 8]
            if self.is_trump(cards[0]):
                self.trump_void.update(s for c, s in zip(cards[1:], seats[1:]) if not self.is_trump(c))
        self.unseen = [c for c in HM_DECK if c not in seen]
        self.unseen_trumps = [c for c in self.unseen if self.is_trump(c)]

    # ----- cards
    def is_trump(self, card: str) -> bool:
        return _hm_is_trump(card, self.trump)

    def tp(self, card: str) -> int:
        return hm_trump_power(card)

    def suit(self, card: str) -> str:
        return _hm_parse(card)[0]

    def higher_unseen_trumps(self, card: str) -> int:
        p = self.tp(card)
        return sum(self.tp(c) > p for c in self.unseen_trumps)

    def is_master_trump(self, card: str) -> bool:
        return self.higher_unseen_trumps(card) == 0

    def higher_unseen_plain(self, card: str) -> int:
        s, p = self.suit(card), hm_plain_power(card)
        return sum(self.suit(c) == s and not self.is_trump(c) and hm_plain_power(c) > p for c in self.unseen)

    def combination_pairs(self) -> list[tuple[str, str]]:
        """The (W, O) pairs of trumps that make a combination in this deal's trump suit (HM-40)."""
        t = self.trump
        pairs = [(f"{t}-sun", f"{t}-un"), (f"{t}-un", f"{t}-sota"), (f"{t}-sota", self.robai), (self.robai, f"{t}-rei")]
        pairs.append((f"{t}-2", f"{t}-1") if self.long else (f"{t}-8", f"{t}-9"))
        return pairs

    def pair_above(self, card: str) -> str | None:
        """The trump that would beat `card` for a combination (W over this O), if any."""
        return next((w for w, o in self.combination_pairs() if o == card), None)

    def pair_below(self, card: str) -> str | None:
        """The opposing trump this one would catch for a combination, if any."""
        return next((o for w, o in self.combination_pairs() if w == card), None)

    def combo_value(self, w: str, o: str) -> int:
        if self.trick_no >= 9 or (self.robai_hidden and self.robai in (w, o)):
            return 5
        return 2

    def exposure(self, card: str) -> float:
        """The combination this trump risks against the other team when overtaken (0 if none is unseen)."""
        above = self.pair_above(card)
        return self.combo_value(above, card) if above and above in self.unseen else 0.0

    def keep_value(self, card: str) -> float:
        """How much the card is worth keeping: masters most, exposed trumps less."""
        if self.is_trump(card):
            h = self.higher_unseen_trumps(card)
            return 40 + self.tp(card) + (12 if h == 0 else 6 if h == 1 else 0) - 2 * self.exposure(card)
        h = self.higher_unseen_plain(card)
        return hm_plain_power(card) / 3 + (15 if h == 0 else 6 if h == 1 else 0)

    # ----- seats
    def partner(self, s: int) -> bool:
        return s % 2 == self.seat % 2

    def later(self) -> list[int]:
        return [(self.seat + k) % 8 for k in range(1, 8 - len(self.trick))]

    def may_trump(self, s: int) -> bool:
        return s not in self.trump_void and bool(self.unseen_trumps)


class MeriStrong(RulePlayer):
    """A strong rule-based Hachinin Meri player (see the module docstring)."""

    name = "meri_strong"
    seed_label = "meri-strong"
    TRUMP_EV = 0.6  # what a trump over the other team's face-down trump must be worth to be played

    def decide(self, state: Any, legal: list) -> Any:
        texts = [a.text for a in legal]
        obs = state.observation(self.seat)
        view = _View(obs, self.seat)
        if "pass" in texts:
            return legal[texts.index(self._declare(view, texts))]
        cards = {a.text.split(" ", 1)[1]: a for a in legal}
        if texts[0].startswith("discard"):
            return cards[self._discard(view, list(cards))]
        if not view.trick:
            return cards[self._lead(view, list(cards))]
        if view.is_trump(view.trick[0] or ""):
            return cards[self._follow_meri(view, list(cards))]
        return cards[self._follow_plain(view, list(cards))]

    # ----- declaration and discard
    def _declare(self, view: _View, texts: list[str]) -> str:
        # the Okie is one more trump, the discard sheds a weak card and the lead is ours: worth more
        # (measured) than the 5-point combinations of a hidden Robai, which cut both ways
        return "declare" if "declare" in texts else "pass"

    def _discard(self, view: _View, cards: list[str]) -> str:
        plain = [c for c in cards if not view.is_trump(c)] or cards

        def cost(c: str) -> float:
            n = sum(view.suit(x) == view.suit(c) and not view.is_trump(x) for x in view.hand)
            return view.keep_value(c) + (2 if n > 1 else 0)

        return min(plain, key=cost)

    # ----- helpers
    def _junk(self, view: _View, cards: list[str], trumps_risky: bool = True) -> str:
        plain = [c for c in cards if not view.is_trump(c)]
        if plain:
            return min(plain, key=view.keep_value)
        key = (lambda c: view.keep_value(c) + 3 * (view.pair_below(c) is not None)) if trumps_risky else view.keep_value
        return min(cards, key=key)

    # ----- leading
    def _lead(self, view: _View, cards: list[str]) -> str:
        trumps = sorted((c for c in cards if view.is_trump(c)), key=view.tp)
        plain = [c for c in cards if not view.is_trump(c)]
        if not plain:
            masters = [c for c in trumps if view.is_master_trump(c)]
            return masters[0] if masters else min(trumps, key=view.keep_value)
        opps = [s for s in range(8) if not view.partner(s)]
        opps_trump = any(view.may_trump(s) for s in opps)  # no Meri to draw only the partners' trumps
        masters = [c for c in trumps if view.is_master_trump(c)]
        if trumps and opps_trump:
            if masters:
                return masters[0]  # a Meri with a master: a sure trick, and the others' trumps drawn
            if len(trumps) >= 3 and len(trumps) * 2 >= len(view.hand):
                return min(trumps, key=view.keep_value)  # a long holding: draw trumps with the weakest
        plain_masters = [c for c in plain if view.higher_unseen_plain(c) == 0]
        if plain_masters and not opps_trump:
            return max(plain_masters, key=hm_plain_power)
        return min(plain, key=view.keep_value)

    # ----- following a Meri (a trump led): face up, no combinations
    def _follow_meri(self, view: _View, cards: list[str]) -> str:
        trumps = [c for c in cards if view.is_trump(c)]
        if not trumps:
            return self._junk(view, cards)
        if len(trumps) < len(cards):  # the Sun privilege: the Sun is a sure trick whenever it is played
            return self._junk(view, cards)
        played = [(view.tp(c), s) for c, s in zip(view.trick, view.by) if c and view.is_trump(c)]
        best, owner = max(played)
        later_opps = [s for s in view.later() if not view.partner(s) and view.may_trump(s)]
        beats_unseen = all(view.tp(c) < best for c in view.unseen_trumps)
        cheap = min(trumps, key=lambda c: view.keep_value(c) - 3 * view.exposure(c))
        if view.partner(owner) and (beats_unseen or not later_opps):
            return cheap
        winners = sorted((c for c in trumps if view.tp(c) > best), key=view.tp)
        if not winners:
            return cheap
        if view.partner(owner):
            masters = [c for c in winners if view.is_master_trump(c)]
            return masters[0] if masters and best < 15 else cheap
        if not later_opps:
            return winners[0]
        masters = [c for c in winners if view.is_master_trump(c)]
        if masters:
            return masters[0]
        top = winners[-1]
        return top if view.higher_unseen_trumps(top) <= 1 else cheap

    # ----- following a plain lead
    def _follow_plain(self, view: _View, cards: list[str]) -> str:
        led = view.suit(view.trick[0])
        trumps = sorted((c for c in cards if view.is_trump(c)), key=view.tp)
        follow = sorted((c for c in cards if not view.is_trump(c) and view.suit(c) == led), key=hm_plain_power)
        later = view.later()
        later_opps = [s for s in later if not view.partner(s)]
        opp_may_trump = any(view.may_trump(s) for s in later_opps)
        down = [(s, c) for c, s in zip(view.trick, view.by) if c is None or view.is_trump(c)]
        opp_down = [s for s, _ in down if not view.partner(s)]
        part_down = [s for s, _ in down if view.partner(s)]
        masters = [c for c in trumps if view.is_master_trump(c)]
        if not down:
            plains = [(hm_plain_power(c), s) for c, s in zip(view.trick, view.by) if view.suit(c) == led]
            best, owner = max(plains)
            if view.partner(owner):
                return self._junk(view, cards)
            winners = [c for c in follow if hm_plain_power(c) > best]
            if not later_opps:
                if winners:
                    return winners[0]
                if trumps:  # no trump of theirs in the trick: no combination, so shed an exposed one
                    return min(trumps, key=lambda c: view.keep_value(c) - 3 * view.exposure(c))
                return self._junk(view, cards)
            sure = [c for c in winners if view.higher_unseen_plain(c) == 0]
            if not opp_may_trump:
                if sure:
                    return sure[0]
                if winners:
                    return winners[-1]
                return self._junk(view, cards)
            if masters:
                return masters[0]
            if sure and len(later_opps) <= 1:
                return sure[0]
            if winners:
                return winners[-1]
            safe = [c for c in trumps if view.higher_unseen_trumps(c) <= 1 and not view.exposure(c)]
            if safe and len(later_opps) <= 1:
                return safe[0]
            return self._junk(view, cards)
        if not opp_down:
            return self._junk(view, cards)  # a partner has trumped: let it stand
        if masters:
            return min(masters, key=lambda c: view.tp(c) - 2 * (view.pair_below(c) in view.unseen))
        if opp_may_trump or not trumps:
            return self._junk(view, cards)
        # last of the other team to play: trump when the odds favour it
        pool = view.unseen_trumps
        best_c, best_ev = None, self.TRUMP_EV
        for c in trumps:
            below = sum(view.tp(x) < view.tp(c) for x in pool) / len(pool)
            p_win = below ** len(opp_down)
            if part_down:
                p_win = max(p_win, 0.5)
            above = view.pair_above(c)
            risk = view.combo_value(above, c) / len(pool) if above in pool else 0
            gain = view.pair_below(c)
            bonus = view.combo_value(c, gain) / len(pool) if gain in pool else 0
            ev = p_win * (1 + bonus) - (1 - p_win) * risk - view.keep_value(c) / 100
            if ev > best_ev:
                best_c, best_ev = c, ev
        return best_c or self._junk(view, cards)


if __name__ == "__main__":  # a module for the benchmarks to import; run, it only says what it holds
    from benchmarks import _cli

    _cli.parser(__doc__).parse_args()
    print("sparring players: meri_rules, meri_strong (benchmarks/sparring.py lists them all)")
