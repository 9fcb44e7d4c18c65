"""A move whose value is a seat names the seat as the table does (`give Seat 2`, `give you`).

Found in a held-out Go Fish ("ask a player for a rank"): the prompt's menu, the history and
the hints wrote `ask 1`.  The seat's name is typed as well as its number; the move's text the
engine, logs and saves keep stays `give 2`.
"""

from __future__ import annotations

import json

import pytest

import interpreter
from interpreter.compiling.seats import SeatReader
from interpreter.frontends.replay import replay_log
from interpreter.frontends.savefile import read_save
from interpreter.text.render import Renderer
from tests.cli.test_prompt_story import session
from tests.engine.tiny import compile_text

GIVE = """
cardrules: 1
id: give
name: Give
players: {count: 3}
deck:
  suits: [{id: s}]
  ranks: [{id: "1"}, {id: "2"}, {id: "3"}, {id: "4"}, {id: "5"}, {id: "6"}]
zones:
  deck: {visibility: none}
  hand: {per: seat, visibility: owner}
variables:
  blocked: {type: seat, initial: -1}
  score: {type: int}
functions:
  takers:
    params: {p: seat}
    value: "[s for s in others_from(p) if len(hand(s)) > 0]"
actions:
  give:
    param: {name: to, from: "takers(player)"}
    legal_if:
      - id: G-1
        text: not to the blocked seat
        require: "to != blocked"
    effect:
      - move: {from: "hand(player)", to: "hand(to)", count: 1}
      - set: {blocked: player}
  bid:
    param: {name: n, from: "range(0, 3)"}
    effect:
      - set: {score: n}
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, seats: seats, packets: [2]}
  - for_each:
      in: seats
      as: s
      steps:
        - turn: {player: s, actions: [give]}
  - turn: {player: 0, actions: [bid]}
result:
  returns: "score"
"""


@pytest.fixture(scope="module")
def rs():
    return compile_text(GIVE)


def test_a_parameter_taken_from_seats_is_a_seat_and_a_number_stays_a_number(rs):
    kinds = {a.name: a.param_kind for a in rs.actions}
    assert kinds == {"give": "seat", "bid": "int"}


@pytest.mark.parametrize(
    ("expr", "seats"),
    [
        ("seats", True),
        ("others_from(player)", True),
        ("[s for s in seats if s != player]", True),
        ("sorted(seats_from(player))", True),
        ("[next_seat(player), prev_seat(player)]", True),
        ("takers(player) if len(hand(player)) > 0 else []", True),
        ("[seats_from(player)[1]]", True),
        ("[blocked]", True),
        ("range(0, 3)", False),
        ("[s + 1 for s in seats]", False),
        ("[0, 1]", False),
        ("[len(hand(s)) for s in seats]", False),
    ],
)
def test_which_expressions_give_seats(rs, expr, seats):
    assert SeatReader(rs.model).gives_seats(expr) is seats


def test_the_menu_history_and_hints_name_seats_and_the_engine_keeps_numbers(rs, tmp_path):
    s, out = session(rs, ["hint", "2", "log"], tmp_path, seed=5)
    s.run()
    said = "\n".join(out)
    assert "1) give Seat 1" in said and "2) give Seat 2" in said, said
    assert "hint: give Seat 1" in said or "hint: give Seat 2" in said, said
    assert "You: give Seat 2" in said and "Seat 1: give Seat 2" in said, said
    assert "Seat 2: give you" in said, said  # another seat gives to the person
    assert "give 1" not in said and "give 2" not in said, said
    assert [str(a) for a in rs.new_game(seed=5).legal_actions()] == ["give 1", "give 2"]


@pytest.mark.parametrize("typed", ["give seat 1", "give 1", "Seat 1", "GIVE SEAT-1", "give_1"])
def test_a_seat_is_typed_by_its_name_or_its_number(rs, tmp_path, typed):
    s, out = session(rs, [], tmp_path)
    s.start()
    s.menu = s._menu()
    move = s._parse_move(typed)
    assert move is not None and str(move) == "give 1", out


def test_a_refused_seat_is_explained_by_its_rule_or_named(rs, tmp_path):
    s, out = session(rs, [], tmp_path)
    s.start()
    s.menu = s._menu()
    s.state.apply_action("give 1")  # seat 1 decides: the person's seat is blocked now
    s.menu = s._menu()
    assert s._parse_move("give you") is None
    assert s._parse_move("give 7") is None
    said = "\n".join(out)
    assert "not allowed: not to the blocked seat (G-1)" in said, said
    assert "'7' is not a choice for 'give' now; legal: give Seat 2" in said, said


def test_a_seat_the_renderer_does_not_know_stays_a_number(rs):
    r = Renderer(rs, viewer=0)
    assert r.action("give 2") == "give Seat 2"
    assert r.action("give 0") == "give you"
    assert r.action("give 9") == "give 9"
    assert r.action("bid 2") == "bid 2"


def test_logs_and_saves_keep_the_seats_number_and_replay(tmp_path):
    path = tmp_path / "give.yaml"
    path.write_text(GIVE, encoding="utf-8")
    rs = interpreter.load(path)
    log = tmp_path / "game.jsonl"
    s, _out = session(rs, ["give seat 2"], tmp_path, seed=5, log_path=str(log))
    s.run()  # the person gives, the others give, then input ends: saved at the bid
    lines = [json.loads(x) for x in log.read_text(encoding="utf-8").splitlines()]
    assert [x["action"] for x in lines if x["type"] == "action"] == ["give 2", "give 2", "give 0"]
    state = rs.state_from_json(read_save(tmp_path / "save.json").data["state"])
    assert [str(a) for a in state.legal_actions()] == ["bid 0", "bid 1", "bid 2"]
    again, out = session(rs, ["bid 2"], tmp_path, seed=5, log_path=str(log), state=state)
    again.run()
    assert "  You: bid 2" in out, out
    report = replay_log(log, check=True)
    assert report.ok and report.actions >= 4, report.problems


def test_the_action_index_numbers_a_seat_as_the_int_it_is(rs):
    from interpreter.openspiel.actions import ActionIndex

    index = ActionIndex(rs)
    st = rs.new_game(seed=5)
    ids = [index.id(a) for a in st.legal_actions()]
    assert [index.describe(i)[1] for i in ids] == [1, 2]


def test_a_choice_of_several_cards_of_names_of_several_words_is_told_with_commas():
    # (found at the prompt: Hearts' pass read "pass Hearts Queen Hearts King Spades Queen")
    from interpreter.base.resources import shipped_ruleset

    hearts = interpreter.load(shipped_ruleset("hearts"))
    r = Renderer(hearts, viewer=0)
    ids = list(hearts.cards.ids[:3])
    names = [r.card(i) for i in ids]
    assert all(" " in n for n in names), names
    assert r.action("pass " + " ".join(ids)) == "pass " + ", ".join(names)
    assert r.action("play " + ids[0]) == "play " + names[0]
