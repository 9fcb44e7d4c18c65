"""`display.seats`: lines about each seat (a bid, the tricks taken), with `seat` bound to the seat
each is about, shown on the seat plates in the browser and after each seat's name at the prompt;
public as status lines are (each viewer sees only the cards it may see)."""

from __future__ import annotations

import pytest

from interpreter.compiling.pipeline import check_text
from interpreter.engine.program import FlowError
from interpreter.frontends.screen import Screen
from interpreter.text.render import Renderer
from tests.engine.tiny import HIGH_CARD, compile_text

SEATS = """
display:
  seats:
    - "points {points[seat]}"
    - text: "{seat:seat} leads"
      if: "seat == leader"
    - text: {en: "first card {first(hand(seat))}", ja: "最初 {first(hand(seat))}"}
      if: "__IF__"
"""


def _rs(condition: str = "len(hand(seat)) > 0"):
    return compile_text(HIGH_CARD + SEATS.replace("__IF__", condition))


def _en(lines: list[dict], rs=None) -> list[str]:
    renderer = Renderer(rs or _rs(), "en")
    return [renderer.fill(line) for line in lines]


def test_each_seat_gets_its_own_lines_with_seat_bound_to_it():
    st = _rs().new_game(seed=1)
    lines = st.observation(0)["seat_lines"]
    assert set(lines) == {0, 1}
    assert _en(lines[0])[0] == "points 0" and _en(lines[1])[0] == "points 0"
    # the `if` holds for one seat only: the leader
    leads = [s for s in (0, 1) if any("leads" in t for t in _en(lines[s]))]
    assert len(leads) == 1
    for _i in range(2):
        st.apply_action(st.legal_actions()[0])
    scored = st.observation(0)["seat_lines"]
    assert sorted(_en(scored[s])[0] for s in (0, 1)) == ["points 0", "points 1"]


def test_a_seat_line_shows_each_viewer_only_the_cards_it_may_see():
    st = _rs().new_game(seed=1)
    mine = st.observation(0)["seat_lines"][0][-1]["en"][-1]
    theirs = st.observation(0)["seat_lines"][1][-1]["en"][-1]
    assert mine["card"] is not None  # its own first card
    assert theirs["card"] is None  # the other seat's: hidden from seat 0
    assert st.observation(1)["seat_lines"][1][-1]["en"][-1]["card"] is not None


def test_seats_without_lines_are_left_out():
    rs = compile_text(HIGH_CARD + 'display:\n  seats:\n    - text: "ahead"\n      if: "points[seat] > 0"\n')
    st = rs.new_game(seed=1)
    assert st.observation(0)["seat_lines"] == {}
    assert compile_text(HIGH_CARD).new_game(seed=1).observation(0)["seat_lines"] == {}


def test_a_seat_line_that_fails_is_a_flow_error_naming_it():
    st = _rs("first(table).value > 0").new_game(seed=1)
    with pytest.raises(FlowError, match="display.seats line 3"):
        st.observation(0)


def test_a_seat_line_reading_a_hidden_variable_is_warned_about():
    text = HIGH_CARD.replace("  rounds: {type: int}", "  rounds: {type: int}\n  mark: {type: int, visibility: none}")
    report = check_text(text + 'display:\n  seats:\n    - "mark {mark}"\n', "tiny.yaml")
    assert report.ok
    warned = [d.message for d in report.diagnostics if d.severity == "warning"]
    assert any("a seat's line is shown to every seat" in m and "mark" in m for m in warned), warned


def test_an_unknown_name_in_a_seat_line_is_an_error_at_its_place():
    report = check_text(HIGH_CARD + 'display:\n  seats:\n    - "points {pionts[seat]}"\n', "tiny.yaml")
    assert not report.ok
    assert any("pionts" in d.message and "points" in (d.hint or d.message) for d in report.diagnostics)


def _screen(rs, columns: int, viewer: int = 0) -> Screen:
    renderer = Renderer(rs, "en", viewer=viewer)
    return Screen(rs, renderer, columns, lambda _zone, cards: cards)


def test_the_prompt_shows_every_seat_on_one_line_your_own_first():
    rs = _rs("rounds > 5")
    st = rs.new_game(seed=1)
    lines = _screen(rs, 100, viewer=1).seat_lines(st.observation(1), 1)
    assert len(lines) == 1
    assert lines[0].startswith("You: points 0") and "; Seat 0: points 0" in lines[0]


def test_the_prompt_gives_each_seat_a_line_when_one_would_be_too_long():
    rs = _rs("rounds > 5")
    st = rs.new_game(seed=1)
    lines = _screen(rs, 24).seat_lines(st.observation(0), 0)
    assert lines[0].startswith("You: points 0") and lines[-1].startswith(("Seat 1: points 0", "    "))
    assert any(line.startswith("Seat 1:") for line in lines)
