"""The deal's snapshot, remade from the moves when search asks for it (GameState.snapshot)."""

from __future__ import annotations

from interpreter.engine.dealmark import Mark
from interpreter.engine.state import CLAIMED, GameState, fresh_state


def remake(st: GameState, mark: Mark) -> tuple[GameState, int, int] | None:
    """The snapshot a mark stands for: the game replayed from its start (with the same shuffles) to
    the state right after the marked shuffle; None if the replay cannot reach it (a sample whose seed
    was changed after earlier random steps)."""
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
