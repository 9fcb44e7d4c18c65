"""Teams are fixed partnerships; partnerships that change or stay secret live in variables.  Found by an
outside author writing Doppelkopf: a team with no seats passed `validate` and `simulate` failed after
the last game with a traceback; `team_of` in a ruleset without teams passed and showed "team -" at
the table; a game variable with `visibility: owner` was hidden from every seat without a word."""

from __future__ import annotations

from interpreter.compiling.pipeline import check_text
from tests.engine.tiny import HIGH_CARD


def _said(text: str, severity: str) -> list[str]:
    return [d.message for d in check_text(text, "tiny.yaml").diagnostics if d.severity == severity]


def test_a_team_without_seats_is_an_error() -> None:
    text = HIGH_CARD.replace(
        "players: {count: 2}",
        "players:\n  count: 2\n  teams: [{id: re, seats: []}, {id: kontra, seats: [0, 1]}]",
    )
    assert "team 're' has no seats" in _said(text, "error")


def test_team_of_and_seats_of_without_teams_are_errors() -> None:
    for call in ("team_of(0)", "seats_of(team_of(1))"):
        text = HIGH_CARD + f'display:\n  status:\n    - "team {{{call}}}"\n'
        assert _said(text, "error") == ["this ruleset declares no teams"], call


def test_a_game_variable_seen_by_its_owner_is_warned_about() -> None:
    text = HIGH_CARD.replace(
        "  leader: {type: seat}\n", "  leader: {type: seat}\n  solo: {type: seat, visibility: owner}\n"
    )
    warned = _said(text, "warning")
    assert any("variable 'solo' is one for the game, so 'visibility: owner' has no owner" in w for w in warned)
    mine = HIGH_CARD.replace(
        "  leader: {type: seat}\n", "  leader: {type: seat}\n  solo: {type: bool, per: seat, visibility: owner}\n"
    )
    assert not any("solo" in w for w in _said(mine, "warning"))
