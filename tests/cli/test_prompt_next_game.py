"""After a game: `next` keeps the scores only where the ruleset carries them (`result.carry`); in a
game that carries nothing the prompt does not promise it (a held-out Bridge read "next (scores
kept)", then a match table whose Total was the last game's alone under three games' rows)."""

from __future__ import annotations

from tests.cli.test_prompt_story import session
from tests.engine.tiny import HIGH_CARD, compile_text

ONE_DEAL = HIGH_CARD.replace("result:\n", "  - end_deal: {scores: points, totals: points}\nresult:\n", 1)
CARRY = ONE_DEAL.replace('  returns: "points[seat]"', '  returns: "points[seat]"\n  carry: [points, rounds]')


def _after_two_games(text: str, tmp_path) -> str:
    rs = compile_text(text)
    s, out = session(rs, ["1", "1", "1", "next", "1", "1", "1", "what", "quit"], tmp_path)
    s.run()
    return "\n".join(out)


def test_a_game_that_carries_nothing_offers_a_new_game_and_keeps_no_rows(tmp_path):
    text = _after_two_games(ONE_DEAL, tmp_path)
    assert "scores kept" not in text and "next, restart or quit?" not in text
    assert "next or quit? " in text
    assert "this game keeps no scores for it" in text  # the help after a word it does not know
    second = text[text.rindex("Match table:") :]
    assert "\n  2 " not in second  # the second game's table has its own deal only


def test_a_game_that_carries_its_scores_keeps_them(tmp_path):
    text = _after_two_games(CARRY, tmp_path)
    assert "next, restart or quit? " in text
    assert "scores kept" in text
    second = text[text.rindex("Match table:") :]
    assert "\n  2 " in second  # both games' deals, and their total
