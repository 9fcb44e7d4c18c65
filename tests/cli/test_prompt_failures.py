"""The prompt when something goes wrong that is not the person's move: nothing is lost.

Found by writing new games from the docs alone: an AI seat's internal error
left the prompt without a save, a refused move of an action whose name has
an underscore was not explained by its rule, and `simulate` took a level's
`max_seconds=` cap for a time budget.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from interpreter.agents.spec import make_agents
from interpreter.frontends.cli import cli
from interpreter.frontends.prompt import Session
from interpreter.text.render import Renderer
from tests.engine.tiny import HIGH_CARD, compile_text

# a suit is named only after a card of value 2 or more was played
NAMING = """
cardrules: 1
id: naming
name: Naming
players: {count: 2}
deck:
  attributes: {value: {type: int, default: 0}}
  suits: [{id: red, name: Rouge}, {id: blue, name: Bleu}]
  ranks: [{id: "1", attrs: {value: 1}}, {id: "2", attrs: {value: 2}}, {id: "3", attrs: {value: 3}}]
constants:
  all_suits: {type: "list[suit]", value: [red, blue]}
zones:
  deck: {visibility: none}
  hand: {per: seat, visibility: owner}
  table: {visibility: all}
variables:
  called: {type: suit}
actions:
  play:
    param: {name: card, from: "hand(player)"}
    effect:
      - move: {from: "hand(player)", to: table, cards: card}
  name_suit:
    id: N-1
    text: Name a suit.
    param: {name: u, from: all_suits}
    legal_if:
      - id: N-2
        text: a suit is named only after a card of 2 or more
        require: "len(table) > 0 and last(table).value >= 2"
    effect:
      - set: {called: u}
flow:
  - deal: {from: deck, to: hand, seats: seats, packets: [3]}
  - repeat:
      times: 3
      steps:
        - turn: {player: 0, actions: [play, name_suit]}
        - turn: {player: 1, actions: [play]}
result:
  returns: "0"
"""


class _Broken:
    """An AI seat with a bug: it raises where it should choose."""

    name = "broken"

    def choose(self, state):
        raise RuntimeError("a bug in an agent")


def _session(tmp_path: Path, rs, agents, lines: list[str]) -> tuple[Session, list[str]]:
    out: list[str] = []
    feed = iter(lines)
    session = Session(
        rs=rs,
        ruleset_path="game.yaml",
        seat=0,
        agents=agents,
        agent_spec="random",
        seed=1,
        options={},
        renderer=Renderer(rs),
        echo=out.append,
        read=lambda prompt: next(feed, None),
        save_path=tmp_path / "save.json",
    )
    session.start()
    return session, out


def test_an_ai_seats_internal_error_saves_the_game_before_it_is_told(tmp_path):
    rs = compile_text(HIGH_CARD)
    agents = make_agents("random", rs, 1)
    agents[1] = _Broken()
    session, out = _session(tmp_path, rs, agents, ["1", "1", "1"])
    with pytest.raises(RuntimeError, match="a bug in an agent"):  # the command line tells it as a bug
        session.run()
    assert (tmp_path / "save.json").exists()
    assert any("game saved" in line for line in out)
    assert any("cardrules play --resume" in line for line in out)


def test_a_refused_move_of_an_action_named_with_an_underscore_is_explained_by_its_rule(tmp_path):
    rs = compile_text(NAMING)
    session, out = _session(tmp_path, rs, make_agents("random", rs, 1), [])
    session.state = rs.new_game(seed=1, deck_orders=[["red-1", "red-2", "red-3", "blue-1", "blue-2", "blue-3"]])
    session.clean = session.state.clone()
    assert session._parse_move("name_suit red") is None  # nothing played yet: not now
    said = "\n".join(out)
    assert "is not a move or a command" not in said
    assert "a suit is named only after a card of 2 or more (N-2)" in said, said


@pytest.mark.parametrize(
    ("spec", "noted"),
    [("normal:iterations=3,max_seconds=0", False), ("random", False), ("ismcts:seconds=0.01", True)],
)
def test_simulate_notes_a_time_budget_and_not_a_levels_cap(spec, noted, tmp_path):
    game = tmp_path / "high_card.yaml"
    game.write_text(HIGH_CARD, encoding="utf-8")
    result = CliRunner().invoke(cli, ["simulate", str(game), "-n", "1", "--agents", spec], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert ("time budget" in result.output) == noted


def test_a_move_naming_a_suit_shows_the_suits_name_at_the_prompt_and_on_the_web_table():
    """An action without a label whose parameter is a suit: `name_suit red` reads "name suit Rouge"
    at the prompt (which also takes it typed so), and the web table is told the parameter's kind."""
    from interpreter.frontends.web.view import ruleset_data

    rs = compile_text(NAMING)
    assert Renderer(rs).action("name_suit red") == "name suit Rouge"
    assert Renderer(rs).action("play red-2") == "play " + Renderer(rs).card("red-2")
    assert ruleset_data(rs)["actions"]["name_suit"]["param"] == "suit"
    from interpreter.text.story import StoryWriter

    told = StoryWriter(Renderer(rs))._decision({"kind": "action", "seat": 1, "action": "name_suit", "value": "blue"})
    assert told.endswith(": name suit Bleu"), told


@pytest.mark.parametrize("line", ["save mygame", "quit now", "undo 2", "help me"])
def test_a_command_typed_with_more_words_says_it_takes_none(line, tmp_path):
    """`save mygame` was "not a move or a command": it is a command, written without a name."""
    rs = compile_text(HIGH_CARD)
    session, out = _session(tmp_path, rs, make_agents("random", rs, 1), [])
    before = session.state.to_json()
    assert session._parse_move(line) is None
    command = line.split()[0]
    assert out[-1] == f"'{command}' takes nothing after it: type just {command}"
    assert session.state.to_json() == before


def test_log_before_anything_was_seen_says_so(tmp_path):
    """`log` printed a blank line when nothing public had happened yet."""
    rs = compile_text(HIGH_CARD)
    session, out = _session(tmp_path, rs, make_agents("random", rs, 1), [])
    session.state = rs.new_game(seed=1, story=True)
    del out[:]
    session.commands.run("log")
    assert out == ["nothing has happened yet that you could see"]


PATIENCE = """
cardrules: 1
id: patience
name: Patience
players: {count: 1}
deck:
  suits: [{id: s}]
  ranks: [{id: "1"}, {id: "2"}, {id: "3"}]
zones:
  deck: {visibility: none}
  hand: {per: seat, visibility: owner}
  done: {visibility: all}
actions:
  lay:
    param: {name: card, from: "hand(player)"}
    effect:
      - move: {from: "hand(player)", to: done, cards: card}
flow:
  - deal: {from: deck, to: hand, seats: seats, packets: [3]}
  - repeat: {times: 3, steps: [{turn: {player: 0, actions: [lay]}}]}
result:
  returns: "len(done)"
"""


def test_a_game_of_one_seat_ends_with_its_score_and_no_verdict(tmp_path):
    """A one-seat game (a patience) ended with "A draw."."""
    game = tmp_path / "patience.yaml"
    game.write_text(PATIENCE, encoding="utf-8")
    result = CliRunner().invoke(
        cli, ["play", str(game), "--seed", "1"], input="1\n1\n1\nquit\n", env={"CARDRULES_SAVE_DIR": str(tmp_path)}
    )
    assert "Final scores: You 3" in result.output, result.output
    assert "A draw." not in result.output and "You win!" not in result.output


def test_a_move_typed_with_the_cards_name_that_a_rule_forbids_is_explained_by_the_rule(tmp_path):
    """`play Stars 6` (the card by its name, forbidden by T-2) was "'stars 6' is not a choice"."""
    rs = compile_text(HIGH_CARD.replace("suits: [{id: s}]", "suits: [{id: s, name: Stars}]"))
    session, out = _session(tmp_path, rs, make_agents("random", rs, 1), [])
    session.state = rs.new_game(seed=1, deck_orders=[["s-6", "s-1", "s-2", "s-3", "s-4", "s-5"]])
    session.clean = session.state.clone()
    assert "play s-6" not in [a.text for a in session.state.legal_actions()]
    del out[:]
    assert session._parse_move("play stars 6") is None
    said = "\n".join(out)
    assert "the leader may not lead the 6 (T-2)" in said, said


LABELLED = HIGH_CARD.replace(
    "  hide:\n    text: Put a card face down.\n",
    '  hide:\n    label: {en: cover}\n    id: T-4\n    text: Put a card face down.\n    available_if: "rounds > 0"\n',
).replace("turn: {player: s, actions: [play]}", "turn: {player: s, actions: [play, hide]}")


@pytest.mark.parametrize("line", ["cover s 1", "cover", "hide s-1"])
def test_an_action_typed_by_its_label_is_refused_in_its_rule_s_words_and_named_so(tmp_path, line):
    """Typing the label the menus show ("marriage hearts 9") of an action not possible now was "not
    a move or a command", and the internal name gave the rule but named the action by its name (a
    held-out Schnapsen)."""
    rs = compile_text(LABELLED)
    session, out = _session(tmp_path, rs, make_agents("random", rs, 1), [])
    del out[:]
    assert session._parse_move(line) is None
    said = "\n".join(out)
    assert "'cover' is not possible now (T-4: Put a card face down.)" in said, said


def test_a_card_of_the_deck_not_in_hand_is_refused_by_its_name(tmp_path):
    rs = compile_text(HIGH_CARD.replace("suits: [{id: s}]", "suits: [{id: s, name: Stars}]"))
    session, out = _session(tmp_path, rs, make_agents("random", rs, 1), [])
    session.state = rs.new_game(seed=1, deck_orders=[["s-6", "s-1", "s-2", "s-3", "s-4", "s-5"]])
    session.clean = session.state.clone()
    del out[:]
    assert session._parse_move("play s-4") is None  # seat 1's card
    said = "\n".join(out)
    assert "you have no Stars 4 to play" in said, said


def test_an_action_typed_without_its_value_says_it_needs_one(tmp_path):
    """`attack` alone was "'' is not a choice for 'attack' now" (a held-out Durak)."""
    rs = compile_text(HIGH_CARD)
    st = rs.new_game(seed=1)
    with pytest.raises(Exception, match=r"'play' needs a value; legal: play s-"):
        st.apply_action("play")
    session, out = _session(tmp_path, rs, make_agents("random", rs, 1), [])
    del out[:]
    assert session._parse_move("play") is None
    assert "'play' needs a value; legal: play " in "\n".join(out)
