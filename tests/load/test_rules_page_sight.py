"""The rules page says who sees a zone's cards as the engine decides it: a card put face up in a
zone nobody sees (tricks gathered face up for a hand record) is seen by everybody, and the page
says so for such a zone (a held-out Bridge read "played: seen by nobody")."""

from __future__ import annotations

from interpreter.text.rules_page import render_rules
from tests.engine.tiny import HIGH_CARD, compile_text

FACE_UP = HIGH_CARD.replace(
    "  secret: {visibility: all}", "  secret: {visibility: all}\n  played: {visibility: none}"
).replace(
    "        - move: {from: table, to: deck, all: true}",
    "        - move: {from: table, to: played, all: true, face: up}",
)


def _sight(text: str, zone: str) -> str:
    rs = compile_text(text)
    page = render_rules(rs.model, "en", "text", rs)
    return next(line for line in page.splitlines() if line.startswith(f"- {zone}:"))


def test_a_zone_cards_are_put_in_face_up_says_everybody_sees_those():
    rs = compile_text(FACE_UP)
    st = rs.new_game(seed=1)
    while not st.is_terminal():
        st.apply_action(st.legal_actions()[0])
    assert None not in st.observation(1)["zones"]["played"]  # (what the engine does)
    assert _sight(FACE_UP, "played") == "- played: seen by nobody; a card put there face up, or turned up, by everybody"


def test_other_zones_are_described_as_before():
    assert _sight(FACE_UP, "deck") == "- deck: seen by nobody"
    assert _sight(FACE_UP, "hand") == "- hand: one per player, seen only by its owner"


def test_a_move_is_listed_by_the_words_the_table_shows_and_the_name_typed():
    """A held-out poker game's `raise` is shown as "raise to" everywhere but the rules page."""
    text = HIGH_CARD.replace("    text: Play a card.\n", "    text: Play a card.\n    label: lay down\n", 1)
    rs = compile_text(text)
    page = render_rules(rs.model, "en", "text", rs)
    assert "- lay down (play): Play a card. (T-1)" in page.splitlines()
    assert "- hide: Put a card face down." in page.splitlines()


def test_a_value_each_suit_has_is_ranked_by_suits():
    """A held-out Skat's suit attribute was listed as a ranking of every card."""
    from tests.compiling.test_suit_rank_attrs import GAME

    rs = compile_text(GAME)
    page = render_rules(rs.model, "en", "text", rs).splitlines()
    at = page.index("- base")
    assert page[at + 1] == "  - clubs [12] > hearts [10]"  # (suits without names: by their ids)
    assert page[page.index("- power") + 1] == "  - 9 [9] > 8 [8] > 7 [7]"  # (a rank's: by ranks, as before)
