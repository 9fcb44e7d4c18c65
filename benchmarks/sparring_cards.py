"""Rule-based players of Oh Hell: sparring partners for the AI levels.

As those of `benchmarks/sparring.py` (whose SPARRING table names them: `oh_hell_rules`), they know
their games, play from what their seat sees (`state.observation(seat)`: its hand, the public
zones and the history of moves) through the public API only, and sit at the table as opponents
for the benchmarks; no agent uses them.

Oh Hell: bids the tricks its hand should take, then wins tricks as cheaply as it surely can
while it needs them and ducks once its bid is made.
"""

from __future__ import annotations

from typing import Any

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


class OhHellRules:
    """A competent rule-based Oh Hell player: bids the tricks its hand should take (aces, guarded
    kings, high and long trumps, ruffs in short suits), the nearest legal bid when the hook forbids
    it.  While it needs tricks it wins a trick as cheaply as it can (last to play, or with the best
    card left of a suit), leads its sure winners, then low from short suits to ruff later; once its
    bid is made it ducks under the card winning the trick, throws its highest card when it cannot
    follow (a trump only when nothing else is left) and leads its lowest card.  It counts the cards
    played (from the public history) to know which are the best left of their suit."""

    name = "oh_hell_rules"

    def __init__(self, seat: int, seed: int = 0):
        self.seat = seat

    def describe(self) -> str:
        return self.name

    def choose(self, state: Any) -> Any:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
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


if __name__ == "__main__":  # a module for the benchmarks to import; run, it only says what it holds
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from benchmarks import _cli

    _cli.parser(__doc__).parse_args()
    print("sparring players: oh_hell_rules (benchmarks/sparring.py lists them all)")
