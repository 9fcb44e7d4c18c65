"""The deal's snapshot, remade from the moves when search asks for it (GameState.snapshot)."""

from __future__ import annotations

from typing import Any


def remake(st: Any, mark: Mark) -> tuple[Any, int, int] | None:
    """The snapshot a mark stands for: the game replayed from its start (with the same shuffles) to
    the state right after the marked shuffle; None if the replay cannot reach it (a sample whose seed
    was changed after earlier random steps)."""
    from interpreter.engine.state import CLAIMED, fresh_state  # (the state imports this module)

    rs = st.rs
    options = {name: st.vars[slot] for name, slot in rs.option_slots.items()}
    capture: list = [mark.shuffles, None]
    orders = [list(order) for _, order in st.shuffles[: mark.shuffles]]
    try:
        world = fresh_state(rs, mark.seed, options, orders, st.carried, capture=capture)
        for _seat, kind, value, flag in st.history[: mark.history]:
            if capture[1] is not None:
                break
            if flag != CLAIMED:
                world.force_action(kind, value)
    except Exception:  # a replay that does not fit: no snapshot
        return None
    made = capture[1]
    if made is None or made.shuffles[-1] != st.shuffles[mark.shuffles - 1]:
        return None
    made._snap, made.capture = None, None
    return (made, mark.history, mark.zone)


class Mark:
    """Where the deal's snapshot would be taken: enough to remake it by replaying the game."""

    __slots__ = ("history", "zone", "shuffles", "seed")

    def __init__(self, history: int, zone: int, shuffles: int, seed: int):
        self.history, self.zone, self.shuffles, self.seed = history, zone, shuffles, seed
