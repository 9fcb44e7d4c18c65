"""Mistakes the file itself shows are reported when it loads, not in the first game that reaches them
(found in held-out games: a War dealing 27 cards to each of two seats from 52, an end_deal's
scores written out for three seats in a two-player game; both passed `validate`)."""

from __future__ import annotations

import pytest

from interpreter.compiling.pipeline import check_text
from tests.engine.tiny import HIGH_CARD, compile_text

DEAL = '  - deal: {from: deck, to: hand, seats: "seats_from(0)", packets: [3]}'


def _errors(text: str) -> list[str]:
    return [d.message for d in check_text(text, "tiny.yaml").diagnostics if d.severity == "error"]


@pytest.mark.parametrize(
    ("seats", "packets", "said"),
    [
        ("seats_from(0)", "[4]", "this deal gives 8 cards (4 to each of 2 seats), and the deck has 6"),
        ("seats", "[2, 2]", "this deal gives 8 cards (4 to each of 2 seats), and the deck has 6"),
        ("[0, 1, 0]", "[3]", "this deal gives 9 cards (3 to each of 3 seats), and the deck has 6"),
        ("others_from(0)", "[7]", "this deal gives 7 cards (7 to each of 1 seats), and the deck has 6"),
    ],
)
def test_a_deal_that_needs_more_cards_than_the_deck_is_refused(seats: str, packets: str, said: str) -> None:
    text = HIGH_CARD.replace(DEAL, f'  - deal: {{from: deck, to: hand, seats: "{seats}", packets: {packets}}}')
    assert _errors(text) == [said]


def test_a_deal_whose_seats_the_text_does_not_count_is_left_to_play() -> None:
    text = HIGH_CARD.replace(
        DEAL, '  - deal: {from: deck, to: hand, seats: "[s for s in seats if s >= 0]", packets: [4]}'
    )
    assert _errors(text) == []
    compile_text(HIGH_CARD)  # (the deal as written fits)


END = """        - move: {from: table, to: deck, all: true}
"""


@pytest.mark.parametrize(("scores", "ok"), [("[1, 2, 3]", False), ("[1, 2]", True), ("[]", True), ("points", True)])
def test_end_deal_scores_written_out_are_counted(scores: str, ok: bool) -> None:
    text = HIGH_CARD.replace(END, END + f'  - end_deal: {{scores: "{scores}"}}\n')
    errors = _errors(text)
    assert errors == ([] if ok else ["end_deal's `scores` has 3 entries; it needs 2, one per seat"])


def test_end_deal_scores_may_be_one_per_team() -> None:
    teams = HIGH_CARD.replace(
        "players: {count: 2}",
        "players:\n  count: 2\n  teams: [{id: a, seats: [0]}, {id: b, seats: [1]}]",
    )
    text = teams.replace("players: {count: 2}", "").replace(END, END + '  - end_deal: {totals: "[1, 2, 3]"}\n')
    assert _errors(text) == ["end_deal's `totals` has 3 entries; it needs 2, one per seat, or 2, one per team"]
