"""At a terminal the prompt waits for Enter after a deal's summary when AI seats open the next deal,
so the summary is read before their moves scroll it away (a held-out Koi-Koi: the summary scrolled
out of sight as the AI dealer played on); a summary the person's own turn follows needs no wait."""

from __future__ import annotations

from tests.cli.test_log_order import QUIET_DEAL
from tests.cli.test_prompt_story import session
from tests.engine.tiny import compile_text

# seat 1 (an AI) opens every deal, then seat 0 (the person) moves
AI_FIRST = QUIET_DEAL.replace(
    """        - if: "n != 2"
          then:
            - turn: {player: 0, actions: [go]}""",
    """        - turn: {player: 1, actions: [go]}
        - turn: {player: 0, actions: [go]}""",
)
WAIT = "Press Enter for the next deal. "


def _run(text: str, tmp_path, pause: bool) -> list[str]:
    assert text != QUIET_DEAL
    s, out = session(compile_text(text), ["go", "", "go", "", "go", "quit"], tmp_path, seed=1, pause=pause)
    s.run()
    return out


def test_at_a_terminal_the_prompt_waits_after_a_deals_summary_before_ai_seats_move(tmp_path):
    out = _run(AI_FIRST, tmp_path, pause=True)
    waits = [i for i, line in enumerate(out) if line.startswith(WAIT)]
    assert len(waits) == 2, out  # after deals 1 and 2; not after the last, which ends the game
    for i in waits:
        assert any("Deal" in line for line in out[i - 4 : i]), out[i - 6 : i + 1]  # the match table above it
        assert not any(line.startswith("  Seat 1: go") for line in out[i - 3 : i]), out[i - 4 : i + 1]
    assert "Seat 1: go" in "\n".join(out[waits[0] + 1 :])  # the AI opens the next deal after it


def test_no_wait_where_input_is_not_a_terminal_or_the_person_moves_first(tmp_path):
    assert not any(line.startswith(WAIT) for line in _run(AI_FIRST, tmp_path, pause=False))
    person_first = AI_FIRST.replace(
        "        - turn: {player: 1, actions: [go]}\n        - turn: {player: 0, actions: [go]}",
        "        - turn: {player: 0, actions: [go]}\n        - turn: {player: 1, actions: [go]}",
    )
    assert not any(line.startswith(WAIT) for line in _run(person_first, tmp_path, pause=True))


PICKS = """
cardrules: 1
id: picks
name: Picks
players: {count: 2}
deck:
  suits: [{id: s, name: Stars}]
  ranks: [{id: "1", name: "1"}, {id: "2", name: "2"}, {id: "3", name: "3"}, {id: "4", name: "4"}]
zones:
  deck: {visibility: none}
  hand: {per: seat, visibility: owner}
  melds: {visibility: all}
actions:
  meld:
    text: Meld your two lowest cards.
    param: {name: cards, from: "hand(player)", count: 2}
    legal_if:
      - {id: T-1, text: the two lowest cards, require: "all(c.rank_order <= 1 for c in cards)"}
    effect: [{move: {from: "hand(player)", to: melds, cards: cards}}]
flow:
  - deal: {from: deck, to: hand, seats: "[0]", packets: [4]}
  - turn: {player: 0, actions: [meld]}
result: {returns: "0"}
"""


def test_a_pick_that_is_the_only_one_left_waits_for_the_person(tmp_path):
    """A choice's last card, the only legal pick, was picked for the person and the choice played (a
    held-out Canasta's meld finished with a joker unasked); it waits, as in the browser."""
    rs = compile_text(PICKS)
    s, out = session(rs, ["meld +s-1", "meld +s-2", "quit"], tmp_path, seed=1)
    s.run()
    text = "\n".join(out)
    assert "Your only legal move: meld +Stars 2" not in text, text
    assert "   1) meld +Stars 2\n> meld +s-2" in text, text  # offered, and typed
    assert "You: meld Stars 1, Stars 2" in text, text  # the whole choice, then, the only move: played
