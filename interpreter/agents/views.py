"""What one seat sees of a state, as the samplers compare it: its view, the positions of the
cards it sees, and how far one view is from another.

A sample must look the same to its seat as the real game (`view_of`): every zone with the cards
the seat cannot see as None, and the variables shown to it.  `distance` says how far a view is
from another, for the search that brings a sample nearer (agents/determinize.py, `_nearer`).
"""

from __future__ import annotations

from collections import Counter
from itertools import zip_longest
from typing import Any

from interpreter.engine.cardmeta import card_visible
from interpreter.engine.observe import visible_cards
from interpreter.engine.state import PASS_KIND, PICKED, PRIVATE, Action, GameState

_PASS = Action(PASS_KIND, None, "pass")  # an answer forgotten: passed


def seen_positions(state: GameState, seat: int) -> set[int]:
    """The deck positions of every card `seat` sees now."""
    return {p for z in range(state.rs.zone_count) for p in seen_in(state, z, seat)}


def seen_in(state: GameState, z: int, seat: int) -> list[int]:
    """The deck positions of the cards of zone z that `seat` sees now."""
    rs = state.rs
    return [m >> 8 for m in state.meta[z] if card_visible(rs, z, m, seat)]


def places_of(state: GameState) -> dict[int, int]:
    """Every card's zone, by its deck position."""
    return {m >> 8: z for z in range(state.rs.zone_count) for m in state.meta[z]}


def moved_faces(before: GameState, after: GameState) -> Counter:
    """The faces that left a zone between two states (into another zone, its own seat's or not)."""
    moved: Counter = Counter()
    for was, now in zip(before.zones, after.zones):
        if was != now:  # most zones are as they were
            moved += Counter(was) - Counter(now)
    return moved


def distance(view: Any, target: Any) -> int:
    """How far a view is from another: cards that differ, and for numbers by how much (a hand's
    total two off is further than one off), so a search can come nearer step by step."""
    if isinstance(view, (tuple, list)) and isinstance(target, (tuple, list)):
        return sum(distance(a, b) for a, b in zip_longest(view, target))
    if view == target:
        return 0
    if type(view) is int and type(target) is int:  # (not a bool)
        return min(abs(view - target), 1 << 20)
    return 1


def divergence(before: GameState, after: GameState, seat: int, view: Any, nxt: int | None, unseen: Any) -> tuple:
    """How a sample right after a decision (`after`; `before` it) differs from what `seat` saw right
    after it in the real game (`view`, and `nxt` deciding next, None: not compared): how far off it
    is (`distance`, and 1 for another seat deciding next), the cards to blame as far as one can tell
    (of those whose deck positions the seat never saw in the real game, `unseen`: the ones the
    decision showed the seat, else those it moved into or out of a zone that looks different), and
    every such card it moved to another zone, by deck position."""
    now = view_of(after, seat)
    far = distance(now, view)
    if nxt is not None and after.window is None and after.current_player() != nxt:
        far += 1
    if not far:
        return 0, [], []
    rs = after.rs
    was = {m >> 8: (z, card_visible(rs, z, m, seat)) for z in range(rs.zone_count) for m in before.meta[z]}
    off = {z for z, (a, b) in enumerate(zip_longest(now[0], view[0])) if a != b}
    shown: list[int] = []
    blamed: list[int] = []
    moved: list[int] = []
    for z in range(rs.zone_count):
        for m in after.meta[z]:
            p = m >> 8
            if p not in unseen:
                continue
            z0, visible = was.get(p, (-1, False))
            if not visible and card_visible(rs, z, m, seat):
                shown.append(p)
            if z0 != z:
                moved.append(p)
                if z in off or z0 in off:
                    blamed.append(p)
    return far, shown or blamed, moved


def view_of(state: GameState, seat: int) -> tuple:
    """Everything `seat` sees: every zone (hidden cards None) and the variables shown to it."""
    zones = tuple(tuple(visible_cards(state, z, seat)) for z in range(state.rs.zone_count))
    return zones, visible_variables(state, seat)


def hide_variables(world: GameState, seat: int, source: list | None) -> None:
    """Give every variable (or entry of one) `seat` may not see its value in `source` (another
    sample's variables), else its first value: never the real game's."""
    for v in world.rs.variables:
        if v.visibility == "all":
            continue
        other = source[v.slot] if source is not None else v.initial
        mine = own_entry(world.rs, v, seat)
        if v.visibility == "none" or mine is None:
            world.vars[v.slot] = other
            continue
        now = world.vars[v.slot]
        world.vars[v.slot] = tuple(x if i == mine else y for i, (x, y) in enumerate(zip(now, other)))


def own_entry(rs: Any, v: Any, seat: int) -> int | None:
    """Which entry of a variable kept per seat or per team is `seat`'s (None: a single value)."""
    return seat if v.per == "seat" else rs.team_of_seat[seat] if v.per == "team" else None


def visible_variables(state: GameState, seat: int) -> tuple:
    out = []
    for v in state.rs.variables:
        if v.visibility == "none":
            continue
        value = state.vars[v.slot]
        if v.visibility == "owner":
            mine = own_entry(state.rs, v, seat)
            if mine is None:
                continue
            value = value[mine] if isinstance(value, tuple) and mine >= 0 else None
        out.append(value)
    return tuple(out)


def zones_seen(state: GameState, seat: int) -> list:
    """Every zone as `seat` sees it (hidden cards None)."""
    return [list(z) for z in view_of(state, seat)[0]]


def reshuffled(state: GameState, seat: int, rng: Any, values: list | None, never_seen: Any = None) -> GameState:
    """A sampler's last resort: `state` with the cards `seat` has never seen re-dealt among their places
    (`never_seen`: the deck positions it never saw; None: every card it does not see now) and other
    seats' answers in an open claim window forgotten.  The variables the seat may not see cannot be
    recomputed without a replay, and keeping the real game's would tell their secrets: they take
    their `values` in another sample (`hide_variables`)."""
    world = state.clone()
    world.story = False
    rs = state.rs
    hide_variables(world, seat, values)
    slots = [  # the cards the seat has never seen (a card it saw played stays as it is, even face down now)
        (z, i)
        for z in range(rs.zone_count)
        for i, m in enumerate(world.meta[z])
        if not card_visible(rs, z, m, seat) and (never_seen is None or (m >> 8) in never_seen)
    ]
    faces = sorted(world.zones[z][i] for z, i in slots)
    rng.shuffle(faces)
    for (z, i), f in zip(slots, faces):
        world.zones[z][i] = f
    if world.window is not None:
        pc, seats, idx, answers = world.window
        world.window = (pc, seats, idx, tuple((s, a if s == seat else _PASS) for s, a in answers))
    world.history = [
        h if h[3] not in (PRIVATE, PICKED) or h[0] == seat else (h[0], PASS_KIND, None, PRIVATE) for h in world.history
    ]
    world.seed = rng.getrandbits(63)
    world._legal = None
    return world
