"""Engine mechanics on tiny inline rulesets: flow, decisions, visibility, copies."""

from __future__ import annotations

import dataclasses
import json

import pytest

from interpreter.engine.program import FlowError
from interpreter.engine.state import IllegalAction
from interpreter.engine.tables import EngineLimits
from tests.engine.tiny import HIGH_CARD, compile_text


@pytest.fixture(scope="module")
def rs():
    return compile_text(HIGH_CARD)


def play_out(st, choose=lambda legal: legal[0]):
    while not st.is_terminal():
        st.apply_action(choose(st.legal_actions()))
    return st


def test_deal_follows_the_forced_order(rs):
    st = rs.new_game(seed=1, deck_orders=[["s-1", "s-2", "s-3", "s-4", "s-5", "s-6"]])
    obs0 = st.observation(0)
    assert obs0["zones"]["hand"][0] == ["s-1", "s-2", "s-3"]
    assert obs0["zones"]["hand"][1] == [None, None, None]


def test_restriction_explains_itself_with_rule_id(rs):
    st = rs.new_game(seed=1, deck_orders=[["s-6", "s-2", "s-3", "s-4", "s-5", "s-1"]])
    assert [str(a) for a in st.legal_actions()] == ["play s-2", "play s-3"]
    with pytest.raises(IllegalAction, match=r"the leader may not lead the 6 \(T-2\)"):
        st.apply_action("play s-6")
    with pytest.raises(IllegalAction, match="not a choice"):
        st.apply_action("play s-9")
    with pytest.raises(IllegalAction, match="not an action"):
        st.apply_action("dance")


def test_refusals_list_the_legal_moves_in_deck_order(rs):
    st = rs.new_game(seed=1, deck_orders=[["s-5", "s-2", "s-3", "s-4", "s-6", "s-1"]])
    assert [str(a) for a in st.legal_actions()] == ["play s-5", "play s-2", "play s-3"]  # as dealt
    with pytest.raises(IllegalAction, match=r"legal: play s-2, play s-3, play s-5$"):
        st.apply_action("play s-9")


def test_action_strings_accept_case_and_separators(rs):
    st = rs.new_game(seed=1, deck_orders=[["s-1", "s-2", "s-3", "s-4", "s-5", "s-6"]])
    st.apply_action("PLAY s 2")
    assert st.current_player() == 1


def test_trick_winner_leads_and_scores(rs):
    st = rs.new_game(seed=1, deck_orders=[["s-1", "s-2", "s-3", "s-4", "s-5", "s-6"]])
    st.apply_action("play s-1")
    st.apply_action("play s-4")
    assert st.records[-1]["points"] == (0, 1)
    assert st.current_player() == 1  # the winner leads


def test_game_ends_with_returns_and_invariant_holds(rs):
    st = play_out(rs.new_game(seed=3))
    assert st.is_terminal() and sum(st.returns()) == 3
    assert len(st.records) == 3


def test_same_seed_same_game(rs):
    a = play_out(rs.new_game(seed=9))
    b = play_out(rs.new_game(seed=9))
    assert a.to_json() == b.to_json()


def test_clone_is_independent(rs):
    st = rs.new_game(seed=2)
    copy = st.clone()
    copy.apply_action(copy.legal_actions()[0])
    assert st.decisions == 0 and copy.decisions == 1
    assert st.to_json() != copy.to_json()


def test_json_round_trip_mid_game(rs):
    st = rs.new_game(seed=4)
    st.apply_action(st.legal_actions()[0])
    data = json.loads(json.dumps(st.to_json()))
    back = rs.state_from_json(data)
    assert back.to_json() == st.to_json()
    assert [str(a) for a in back.legal_actions()] == [str(a) for a in st.legal_actions()]


def test_broken_invariant_is_reported_with_rule_id():
    text = HIGH_CARD.replace('check: "sum(points) == rounds"', 'check: "sum(points) == rounds + 1"')
    rs = compile_text(text)
    st = rs.new_game(seed=1)
    with pytest.raises(FlowError, match=r"invariant broken: rounds add up \(T-3\)"):
        play_out(st)


def test_runaway_flow_is_stopped_naming_the_step():
    text = HIGH_CARD.replace(
        "flow:\n  - shuffle: deck",
        """flow:
  - repeat:
      while: "rounds >= 0"
      steps:
        - add: {rounds: 1}
          id: T-9
  - shuffle: deck""",
    )
    rs = dataclasses.replace(compile_text(text), limits=EngineLimits(steps_between_decisions=1000))
    with pytest.raises(FlowError, match="without any decision") as info:
        rs.new_game(seed=1)
    assert "tiny.yaml" in str(info.value)


def test_a_turn_without_legal_actions_is_a_flow_error():
    rs = compile_text(
        HIGH_CARD.replace('or len(hand(player)) == 1"', '"').replace('card.value != 6 "', 'card.value > 9"')
    )
    st = rs.new_game(seed=1)
    why = r"\(play: 3 values, each refused .* by T-2 .*\)"
    with pytest.raises(FlowError, match=rf"seat 0 has no legal action {why} in turn"):
        st.legal_actions()


def test_face_down_card_is_seen_only_by_its_placer():
    text = HIGH_CARD.replace("turn: {player: s, actions: [play]}", "turn: {player: s, actions: [hide]}")
    text = text.replace("- set: {leader: \"max(entries('table'), key=strength).by\"}", "- set: {leader: 0}")
    rs = compile_text(text)
    st = rs.new_game(seed=1, deck_orders=[["s-1", "s-2", "s-3", "s-4", "s-5", "s-6"]])
    st.apply_action("hide s-2")
    assert st.observation(0)["zones"]["secret"] == ["s-2"]
    assert st.observation(1)["zones"]["secret"] == [None]
    assert st.observation(1)["history"][-1]["action"] == "hide (hidden)"
