"""An unknown `player` where the engine binds `seat` (or the other way round) is told which name
is bound there (found by an outside author writing Euchre, told "did you mean 'played'?")."""

from __future__ import annotations

from interpreter.compiling.pipeline import check_text
from tests.engine.tiny import HIGH_CARD


def _hints(text: str) -> list[tuple[str, str | None]]:
    return [(d.message, d.hint) for d in check_text(text).diagnostics if d.severity == "error"]


def test_player_in_deal_counts_is_told_the_seat_is_named_seat_there():
    text = HIGH_CARD.replace("packets: [3]}", 'counts: "3 if player == 0 else 3"}')
    assert _hints(text) == [
        (
            "unknown name 'player'",
            "here the seat is named 'seat' ('player' is the seat acting, in an action's expressions)",
        )
    ]


def test_seat_in_an_action_is_told_the_seat_is_named_player_there():
    text = HIGH_CARD.replace('require: "card.value != 6 or len(hand(player)) == 1"', 'require: "seat == 0"')
    assert _hints(text) == [
        (
            "unknown name 'seat'",
            "here the seat is named 'player' ('seat' is the seat scored in result.returns, or dealt to in deal.counts)",
        )
    ]
