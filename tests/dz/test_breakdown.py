"""DZ-34 ... DZ-45: the scoring breakdown a Duzihu deal tells (its `end_deal` rows) adds up.

For every won deal of 500 simulated deals: the winner's units add up to the
base hu row (DZ-38); base hu and the bonuses (DZ-40) to the row before
multipliers; doubling once per multiplier row (DZ-41) gives the total
before rounding, which is what the deal scores the winner (DZ-39), and
rounding it up to ten (DZ-43) gives the printed total, the winner's column of
the deal's totals.  Every seat's settlement (DZ-45) is in the last row, and a
non-winner's own breakdown adds up to its base hu (DZ-42).

The players are a simple policy that wins whenever it can and otherwise keeps
pairs and neighbours, so most deals are won (random play almost never wins).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from interpreter.engine.state import GameState

DEALS = 200  # random deals of the default suite (the slow one plays five times as many)
WINS = {"win", "claim_win", "rob", "heavenly"}
CLAIMS = {"pong", "kong", "concealed_kong", "added_kong", "declare_quad", "declare_triplet", "declare_pair", "ready"}


def _keep(card: str, hand: Counter) -> int:
    value = hand[card] * 3
    suit, _, rank = card.partition("-")
    if rank.isdigit():
        for d in (-2, -1, 1, 2):
            value += (2 if abs(d) == 1 else 1) * (f"{suit}-{int(rank) + d}" in hand)
    return value


def _choose(st: GameState, rng: random.Random):
    legal = st.legal_actions()
    for wanted in (WINS, CLAIMS):
        found = [a for a in legal if a.text.split(" ")[0] in wanted]
        if found:
            return found[0]
    discards = [a for a in legal if a.text.startswith("discard ")]
    if not discards:
        return rng.choice(legal)
    seat = st.current_player()
    hand = Counter(st.observation(seat)["zones"]["hand"][seat])
    return min(discards, key=lambda a: (_keep(a.text.split(" ")[1], hand), rng.random()))


def _en(texts: dict) -> str:
    return "".join(p if isinstance(p, str) else str(next(iter(p.values()))) for p in texts["en"])


def _int(row: dict) -> int:
    return row["value"]["int"]


def _check_won(end: dict, winner: int) -> None:
    rows = end["rows"]
    labels = [_en(r["label"]) for r in rows]
    base = labels.index("Base hu")
    assert sum(_int(r) for r in rows[:base]) == _int(rows[base])  # DZ-38: units add up to the base hu
    before = labels.index("Before multipliers")
    assert sum(_int(r) for r in rows[base:before]) == _int(rows[before])  # DZ-40: bonuses add on
    after = labels.index("Total before rounding")
    doubled = [r for r in rows[before + 1 : after] if r["value"] == {"str": "x2"}]
    assert len(doubled) == after - before - 1
    assert _int(rows[before]) * 2 ** len(doubled) == _int(rows[after])  # DZ-41: each multiplier doubles
    total = _int(rows[after + 1])
    assert labels[after + 1].startswith("Total, rounded up") and total == -(-_int(rows[after]) // 10) * 10
    totals = [v["int"] for v in rows[after + 2]["value"]["list"]]
    assert totals[winner] == total  # DZ-43: the printed total is what the winner scores
    net = [v["int"] for v in rows[after + 3]["value"]["list"]]
    assert net == [3 * t - sum(totals) for t in totals] and sum(net) == 0  # DZ-45


@pytest.mark.parametrize("deals", [DEALS, pytest.param(5 * DEALS, marks=pytest.mark.slow)])
def test_dz38_dz45_every_won_deal_breakdown_adds_up_to_its_total(dz, deals):
    won = 0
    for seed in range(deals):
        st = dz.new_game(seed=seed, story=True)
        rng = random.Random(seed)
        while not st.is_terminal():
            st.apply_action(_choose(st, rng))
        events = st.observation(0)["events"]
        end = events[-1]
        assert end["kind"] == "deal_end"
        winner = st.records[-1]["winner"]
        for event in events:
            if event["kind"] == "score":  # a non-winner's own breakdown (DZ-42)
                said = [p for p in event["text"]["en"] if isinstance(p, dict) and "int" in p]
                assert sum(_int(r) for r in event.get("rows", [])) == said[0]["int"]
                assert said[1]["int"] == -(-said[0]["int"] // 10) * 10
        if winner >= 0:
            _check_won(end, winner)
            won += 1
    assert won > deals // 2
