"""Names the engine gives every ruleset's expressions: seats, teams, zone entries.

These are generic table notions (seats in play order, partnerships, who
played which card); each has a one-line docstring that the expression
reference prints.  Zone contents themselves are bound by zone name in
`compile.py`.
"""

from __future__ import annotations

from typing import Any

from interpreter.expr import INT, BuiltinError, Const, Function, ListT, Param

# What the engine's names that are not functions with docstrings mean (the builtins page prints
# them, and a ruleset that declares one of these names is told what it would hide).
ENGINE_WORDS = {
    "num_players": "The number of seats.",
    "seats": "Every seat, 0 to num_players - 1.",
    "teams": "Every team.",
    "last_action": "The last action chosen (or `pass` after a claim window nobody took).",
    "last_player": "The seat that chose the last action (-1 when none).",
    "suits": "Every suit of the deck, in the order the deck lists them (unless the ruleset names something `suits`).",
    "ranks": "Every rank of the deck, in the order the deck lists them (unless the ruleset names something `ranks`).",
    "cards_in": "The cards of a zone given as a value of type zone, in its order (`cards_in(src)`; with a seat"
    " for a zone that is one per seat); a zone named in the text is its cards already (unless the ruleset names"
    " something `cards_in`).",
    "complete": "Whether the cards plus `exposed` declared groups form the shape exactly.",
    "waits": "The cards that would complete the shape if added (one of each).",
    "partitions": "Every way to split the cards into the shape's groups and pairs.",
    "leftover": "The cards left over by the split into any number of the shape's groups that leaves the least weight.",
    "missing": "The fewest cards still to draw to complete the shape (0 when complete; spare cards are left over).",
    "useful": "The cards that would each leave the hand one card closer to the shape (one of each).",
}

# Names the engine binds in some expressions only; a ruleset name of these would be hidden there.
CONTEXT_WORDS = {
    "player": "the seat acting, in an action's expressions and effect",
    "seat": "the seat being scored in result.returns and result.evaluate, or dealt to in deal.counts",
}


def engine_functions(c: Any) -> dict[str, Any]:
    """Bindings for one compiled ruleset (they close over its seat count and zones)."""
    n = c.n
    names = c.names
    step = 1 if c.model.players.order == "increasing" else -1
    team_of_seat = tuple(next((i for i, t in enumerate(c.model.players.teams) if s in t.seats), -1) for s in range(n))
    team_seats = tuple(tuple(t.seats) for t in c.model.players.teams)
    zone_base = {i: z.base for i, z in enumerate(c.zone_info)}
    per_seat = {i: z.per == "seat" for i, z in enumerate(c.zone_info)}

    def seat_ok(s: int) -> int:
        if not 0 <= s < n:
            raise BuiltinError(f"seat {s} does not exist (seats are 0 to {n - 1})")
        return s

    def team_of(s: int) -> int:
        return team_of_seat[seat_ok(s)]

    def seats_of(t: int) -> tuple:
        return team_seats[t]

    def next_seat(s: int, k: int = 1) -> int:
        return (seat_ok(s) + step * k) % n

    def prev_seat(s: int) -> int:
        return (seat_ok(s) - step) % n

    def seats_from(s: int) -> tuple:
        seat_ok(s)
        return tuple((s + step * k) % n for k in range(n))

    def others_from(s: int) -> tuple:
        seat_ok(s)
        return tuple((s + step * k) % n for k in range(1, n))

    def zone_at(zone: int, seat: int) -> int:
        if per_seat[zone]:
            if seat < 0:
                raise BuiltinError("this zone is per seat: give the seat as the second argument")
            return zone_base[zone] + seat_ok(seat)
        return zone_base[zone]

    def entries(fr: Any, zone: int, seat: int = -1) -> list:
        z = zone_at(zone, seat)
        st = fr.env
        return [
            (card, ((m >> 1) & 0x7F) - 1, bool(m & 1), i) for i, (card, m) in enumerate(zip(st.zones[z], st.meta[z]))
        ]

    def cards_in(fr: Any, zone: int, seat: int = -1) -> list:
        return list(fr.env.zones[zone_at(zone, seat)])

    def groups(fr: Any, zone: int, seat: int = -1) -> list:
        z = zone_at(zone, seat)
        st = fr.env
        found, start, cards = [], 0, st.zones[z]
        for i, (kind, size) in enumerate(st.groups[z] or ()):
            found.append((kind, tuple(cards[start : start + size]), i))
            start += size
        return found

    seat_t, team_t = INT, names.team
    no_teams = None
    if not team_seats:  # (a call is an error where no teams are declared, not a team '-' at the table)

        def no_teams(_types: Any, _keywords: Any, _generator: bool) -> tuple[str, str | None]:
            return (
                "this ruleset declares no teams",
                "declare 'players.teams' (fixed partnerships), or keep partnerships that change in variables "
                "(docs/language.md, Teams)",
            )

    return {
        "num_players": Const(INT, n),
        "seats": Const(ListT(INT), tuple(range(n))),
        "teams": Const(ListT(team_t), tuple(range(len(team_seats)))),
        "team_of": Function(
            "team_of",
            [Param("seat", seat_t)],
            team_t,
            team_of,
            doc="The team a seat plays for.",
            inline=f"({{t}}[{{0}}] if 0 <= {{0}} < {n} else {{i}}({{0}}))",
            inline_refs={"t": team_of_seat},
            check=no_teams,
        ),
        "seats_of": Function(
            "seats_of", [Param("team", team_t)], ListT(INT), seats_of, doc="The seats of a team.", check=no_teams
        ),
        "next_seat": Function(
            "next_seat",
            [Param("seat", seat_t), Param("steps", INT)],
            INT,
            next_seat,
            min_args=1,
            doc="The seat that plays after this one; with `steps`, that many places on in play order"
            " (-1: the seat before, as after a reverse; 2: the seat after next, as after a skip).",
        ),
        "prev_seat": Function(
            "prev_seat", [Param("seat", seat_t)], INT, prev_seat, doc="The seat that plays before this one."
        ),
        "seats_from": Function(
            "seats_from",
            [Param("seat", seat_t)],
            ListT(INT),
            seats_from,
            doc="Every seat in play order, starting with this one.",
        ),
        "others_from": Function(
            "others_from",
            [Param("seat", seat_t)],
            ListT(INT),
            others_from,
            doc="The other seats in play order, starting after this one.",
        ),
        "entries": Function(
            "entries",
            [Param("zone", names.zone), Param("seat", INT)],
            ListT(names.entry),
            entries,
            needs_frame=True,
            min_args=1,
            doc="The cards of a zone with who placed each and whether it is face up.",
        ),
        "cards_in": Function(
            "cards_in",
            [Param("zone", names.zone), Param("seat", INT)],
            ListT(names.card),
            cards_in,
            needs_frame=True,
            min_args=1,
            doc=ENGINE_WORDS["cards_in"],
        ),
        "groups": Function(
            "groups",
            [Param("zone", names.zone), Param("seat", INT)],
            ListT(names.group),
            groups,
            needs_frame=True,
            min_args=1,
            doc="The groups (melds) of a zone of groups, with their kinds and cards.",
        ),
    }
