"""Status lines tell a seat by its name and no card as none: the mapping form (`Dealer: dealer`)
shows a value the ruleset declares a seat by the seat's name (Scopa's status read "Dealer: 0  By:
-1"); in a text `{dealer}` stays a number and `validate` points at `{dealer:seat}`; a card variable
holding no card reads "-", not "[##]" (a face-down card the viewer cannot see)."""

from __future__ import annotations

from interpreter.compiling.pipeline import check_text
from interpreter.text.render import Renderer
from tests.engine.tiny import HIGH_CARD, compile_text

VARS = "  leader: {type: seat}\n"
MORE = (
    "  leader: {type: seat}\n  last_by: {type: seat, initial: -1}\n"
    '  shown: {type: card}\n  both: {type: "list[seat]"}\n'
)


def _status(display: str, seat: int = 0) -> list[str]:
    rs = compile_text(HIGH_CARD.replace(VARS, MORE) + display)
    st = rs.new_game(seed=1)
    renderer = Renderer(rs, "en", viewer=seat)
    return [renderer.fill(line) for line in st.observation(seat)["status"]]


def test_the_mapping_form_shows_a_declared_seat_by_its_name_and_no_seat_as_nobody():
    (line,) = _status("display:\n  status:\n    Leader: leader\n    By: last_by\n    Rounds: rounds\n", seat=1)
    assert "By: nobody" in line and "Rounds: 0" in line
    assert "Leader: Seat 0" in line or "Leader: you" in line.lower()


def test_a_placeholder_without_seat_format_stays_a_number_and_validate_says_to_write_it():
    """In a text, "Seat {leader}" is written by authors for the number: it stays one ("Seat Seat 1"
    otherwise), and `validate` warns, pointing at `{leader:seat}`; arithmetic on a seat is no seat."""
    display = 'display:\n  status:\n    - "Seat {last_by} then {[leader]} and {leader + 1}"\n'
    (line,) = _status(display, seat=1)
    assert line == "Seat -1 then 0 and 1"  # (leader starts at seat 0)
    report = check_text(HIGH_CARD.replace(VARS, MORE) + display, "tiny.yaml")
    warned = [(d.message, d.hint) for d in report.diagnostics if d.severity == "warning"]
    assert (
        "'last_by' is a seat, and this shows its number",
        'write {last_by:seat} for the seat\'s name ("you" to that seat)',
    ) in warned
    assert any(m == "'[leader]' is a seat, and this shows its number" for m, _ in warned)
    assert not any("leader + 1" in m for m, _ in warned)


def test_no_card_reads_none_and_is_not_a_face_down_card():
    rs = compile_text(HIGH_CARD.replace(VARS, MORE) + 'display:\n  status:\n    - "shown: {shown}"\n')
    st = rs.new_game(seed=1)
    (line,) = st.observation(0)["status"]
    assert {"card": None} not in line["en"] and {"none": None} in line["en"]
    assert Renderer(rs, "en", viewer=0).fill(line) == "shown: -"


def test_the_mapping_form_names_each_seat_before_its_value_of_a_value_per_seat():
    # (Hearts read "Points taken this hand: 0, 0, 0, 0": whose was which?)
    display = (
        'display:\n  status:\n    Points: points\n    Cards: "[len(hand(s)) for s in seats]"\n'
        '    Listed: "[1, 2]"\n    Some: "[len(hand(s)) for s in seats if s > 0]"\n'
    )
    (line,) = _status(display, seat=1)
    assert "Points: Seat 0 0, you 0" in line, line
    assert "Cards: Seat 0 3, you 3" in line, line
    assert "Listed: 1, 2" in line and "Some: 3" in line, line  # (not one value per seat: as it was)
