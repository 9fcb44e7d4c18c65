"""A claim window's answers are single moves: an action choosing several values is refused where a
claim offers it, with the way to write such a move (a held-out Tichu's bomb out of turn)."""

from __future__ import annotations

from interpreter.compiling.pipeline import check_text
from tests.engine.tiny import HIGH_CARD, compile_text

BOMB = """
  bomb:
    param: {name: cards, from: "hand(player)", count: 2}
    effect:
      - move: {from: "hand(player)", to: table, cards: cards}
"""
ONE = """
  bomb:
    param: {name: card, from: "hand(player)"}
    effect:
      - move: {from: "hand(player)", to: table, cards: "[c for c in hand(player) if c.value >= card.value]"}
"""
TURN = "              - turn: {player: s, actions: [play]}\n"
CLAIM = TURN + '              - claim: {players: "[1 - s]", actions: [bomb]}\n'


def _with(action: str) -> str:
    text = HIGH_CARD.replace("  hide:\n", action.lstrip("\n") + "  hide:\n", 1)
    return text.replace(TURN, CLAIM, 1)


def test_a_choice_of_several_values_in_a_claim_is_refused_with_the_way_to_write_it():
    report = check_text(_with(BOMB), "bomb.yaml")
    [problem] = [d for d in report.diagnostics if d.severity == "error"]
    assert problem.message == "a claim window cannot offer 'bomb', a choice of several values"
    assert "offer one value that names the cards" in problem.hint


def test_one_card_naming_the_cards_moved_is_a_claim():
    rs = compile_text(_with(ONE))
    st = rs.new_game(seed=1)
    st.apply_action(st.legal_actions()[0])  # seat 0 plays; seat 1 is asked whether it bombs
    assert st.current_player() == 1 and st.window is not None
    bombs = [a for a in st.legal_actions() if a.text.startswith("bomb ")]
    assert len(bombs) == 3  # one for each card of its hand, each naming the cards it moves
    before = len(st.observation(1)["zones"]["hand"][1])
    st.apply_action(bombs[0])
    assert len(st.observation(1)["zones"]["hand"][1]) < before
