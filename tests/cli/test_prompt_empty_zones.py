"""An empty shared zone that one of the seat's moves names is shown (`Column 2: empty`): a held-out
patience's free column was a legal target nobody could see, at the prompt or on the web table."""

from __future__ import annotations

from interpreter.frontends.screen import zones_moved_to
from tests.cli.test_prompt_story import session
from tests.engine.tiny import compile_text

FREE = """
cardrules: 1
id: free
name: Free column
players: {count: 1}
deck:
  suits: [{id: s}]
  ranks: [{id: "1"}, {id: "2"}, {id: "3"}, {id: "4"}]
zones:
  deck: {visibility: none}
  c1: {visibility: all, label: Column 1}
  c2: {visibility: all, label: Column 2}
  c3: {visibility: all, label: Column 3}
constants:
  cols: {type: "list[zone]", value: [c1, c2]}
variables:
  moved: {type: int}
actions:
  put:
    param: {name: z, from: "cols"}
    effect:
      - move: {from: c3, to: z, count: 1}
      - add: {moved: 1}
flow:
  - shuffle: deck
  - move: {from: deck, to: c1, count: 1}
  - move: {from: deck, to: c3, count: 2}
  - repeat:
      while: "len(c3) > 0"
      steps:
        - turn: {player: 0, actions: [put]}
  - end_deal: {}
result:
  returns: "moved"
"""


def test_an_empty_zone_a_move_names_is_shown_and_others_are_not(tmp_path) -> None:
    rs = compile_text(FREE)
    assert zones_moved_to(rs, ["put c1", "put c2", "pass"]) == {"c1", "c2"}
    s, out = session(rs, ["put c2", "quit"], tmp_path)
    s.run()
    text = "\n".join(out)
    first = text[: text.index("> put c2")]
    assert "Column 2: empty" in first
    assert "Column 3: empty" not in text  # no move names it (it is taken from)
    after = text[text.index("> put c2") :]
    assert "Column 2: empty" not in after.split(">")[0]  # a card lies there now
