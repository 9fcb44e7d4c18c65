"""`show: top`: a shared zone shown by its top card and how many (a discard pile, a patience's
foundation), at the prompt and in the browser's view; for a per-seat zone it is an error."""

from __future__ import annotations

from types import SimpleNamespace

from interpreter.compiling.pipeline import check_text
from interpreter.frontends.web.view import _zones
from tests.cli.test_prompt_empty_zones import FREE
from tests.cli.test_prompt_story import session
from tests.engine.tiny import compile_text

PILE = FREE.replace("c1: {visibility: all, label: Column 1}", "c1: {visibility: all, label: Column 1, show: top}")


def test_a_pile_shown_by_its_top_card_at_the_prompt(tmp_path) -> None:
    rs = compile_text(PILE)
    s, out = session(rs, ["put c1", "quit"], tmp_path)
    s.run()
    text = "\n".join(out)
    first, after = text[: text.index("> put c1")], text[text.index("> put c1") :]
    assert "Column 1: " in first and "on top (1 card)" in first
    assert "on top (2 cards)" in after


def test_the_browser_view_sends_the_top_card_and_the_count() -> None:
    rs = compile_text(PILE)
    st = rs.new_game(seed=1)
    st.apply_action("put c1")
    obs = st.observation(0)
    zones = _zones(SimpleNamespace(rs=rs, state=st), obs, 0)
    assert zones["c1"] == {"count": 2, "up": [obs["zones"]["c1"][-1]]}
    assert zones["c3"]["cards"] == obs["zones"]["c3"]  # (the others as before)


def test_show_top_on_a_per_seat_zone_is_an_error() -> None:
    text = PILE.replace(
        "  c3: {visibility: all, label: Column 3}",
        "  c3: {visibility: all, label: Column 3}\n  mine: {per: seat, visibility: owner, show: top}",
    )
    report = check_text(text, "top.yaml")
    assert not report.ok
    assert any("'show: top' is for a shared zone" in d.message for d in report.diagnostics)
