"""`next_seat(seat, steps)`: that many places on in play order, either way (a reverse, a skip)."""

from __future__ import annotations

from tests.engine.tiny import HIGH_CARD, compile_text

SEATS_ON = (
    HIGH_CARD.replace("players: {count: 2}", "players: {count: 4}")
    .replace("packets: [3]", "packets: [1]")
    .replace("  rounds: {type: int}\n", '  rounds: {type: int}\n  later: {type: "list[int]"}\n')
    .replace(
        "flow:\n",
        'flow:\n  - set: {later: "[next_seat(0), next_seat(0, -1), next_seat(1, 2), next_seat(3, 5), next_seat(2, 0),'
        ' next_seat(1, -6)]"}\n',
    )
)


def test_next_seat_goes_that_many_places_on_either_way():
    rs = compile_text(SEATS_ON)
    state = rs.new_game(seed=1)
    assert state.observation(0)["variables"]["later"] == [1, 3, 3, 0, 2, 3]


def test_next_seat_follows_the_order_of_play():
    rs = compile_text(SEATS_ON.replace("players: {count: 4}", "players: {count: 4, order: decreasing}"))
    state = rs.new_game(seed=1)
    assert state.observation(0)["variables"]["later"] == [3, 1, 3, 2, 2, 3]
