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
