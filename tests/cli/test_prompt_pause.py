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
