"""Agent specs from the command line: `random`, `normal`, `ismcts:iterations=300`, per seat or team.

One spec for every seat (`ismcts`), one per seat separated by `/`
(`random/greedy/random`), or `team=spec` pairs separated by `/`
(`a=ismcts/b=random`).  Options follow an agent's name after `:` as
comma-separated `key=value` pairs (`ismcts:iterations=300,seconds=1`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from interpreter.agents.base import RandomAgent
from interpreter.agents.greedy import GreedyAgent
from interpreter.agents.ismcts import IsmctsAgent
from interpreter.agents.levels import LEVELS, level_factory
from interpreter.agents.policy import PolicyAgent
from interpreter.engine.moves import PICK_KIND


class AgentSpecError(ValueError):
    """A spec that names an unknown agent, option or seat; the message says which."""


AGENTS: dict[str, Callable[..., Any]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "ismcts": IsmctsAgent,
    "policy": PolicyAgent,
    **{level: level_factory(level) for level in LEVELS},
}


def _convert(value: str) -> Any:
    for cast in (int, float):
        try:
            return cast(value)
        except ValueError:
            pass
    return value


def parse_agent_spec(text: str) -> tuple[str, dict[str, Any]]:
    """`ismcts:iterations=300,seconds=1` -> ("ismcts", {"iterations": 300, "seconds": 1})."""
    name, _, opts = text.strip().partition(":")
    options: dict[str, Any] = {}
    for part in filter(None, (p.strip() for p in opts.split(","))):
        key, eq, value = part.partition("=")
        if not eq or not key:
            raise AgentSpecError(f"agent option '{part}' must look like key=value")
        options[key.strip()] = _convert(value.strip())
    if name not in AGENTS:
        raise AgentSpecError(f"unknown agent '{name}'; agents: {', '.join(sorted(AGENTS))}")
    return name, options


def seat_specs(text: str, num_players: int, team_ids: tuple[str, ...], team_of_seat: tuple[int, ...]) -> list[str]:
    """One agent spec per seat from a per-seat, per-team or single spec."""
    parts = [p.strip() for p in text.split("/") if p.strip()]
    if not parts:
        raise AgentSpecError("empty agent spec")
    if all("=" in p.split(":")[0] for p in parts):
        by_team = {}
        for p in parts:
            team, _, spec = p.partition("=")
            if team not in team_ids:
                raise AgentSpecError(f"unknown team '{team}'; teams: {', '.join(team_ids) or 'none'}")
            by_team[team] = spec
        missing = [t for t in team_ids if t not in by_team]
        if missing:
            raise AgentSpecError(f"no agent given for team(s) {', '.join(missing)}")
        return [by_team[team_ids[team_of_seat[s]]] for s in range(num_players)]
    if len(parts) == 1:
        return parts * num_players
    if len(parts) != num_players:
        raise AgentSpecError(
            f"{len(parts)} agent specs for {num_players} seats (give one, one per seat, or team=spec pairs)"
        )
    return parts


def make_agents(text: str, rs: Any, seed: int) -> list[Any]:
    """Agents for every seat from a spec string."""
    registry = AGENTS
    agents = []
    for seat, spec in enumerate(seat_specs(text, rs.num_players, rs.team_ids, rs.team_of_seat)):
        name, options = parse_agent_spec(spec)
        try:
            agents.append(registry[name](seat, seed, **options))
        except (TypeError, ValueError) as exc:
            raise AgentSpecError(f"agent '{spec}': {exc}") from None
    return agents


HINT_LEVEL = "normal"  # what a person asking for a hint is told: the level people play against by default


def advisor(rs: Any, seat: int, seed: int) -> Any:
    """The agent that answers a person's `hint` (at the prompt and on the web table): the `normal`
    level, capped at about a second, else `random` where the ruleset's agents cannot be made so."""
    try:
        return make_agents(HINT_LEVEL, rs, seed)[seat]
    except AgentSpecError:
        return make_agents("random", rs, seed)[seat]


def advice(rs: Any, state: Any, seat: int, seed: int) -> Any:
    """The move `advisor` suggests to a person; where it is one pick of a choice of several values
    (six cards to lay away), the whole choice it starts, its other picks by the hints' `policy` on
    a copy of the game (a person asks for the whole choice, not its first card)."""
    world = state.clone()
    action = advisor(rs, seat, seed).choose(world)
    if action.kind != PICK_KIND:
        return action
    kind, first = action.value[0], action
    helper = make_agents("policy", rs, seed)[seat]
    for _ in range(rs.actions[kind].count[1] + 1):
        world.apply_action(action)
        if world.is_terminal() or world.current_player() != seat:
            break
        action = helper.choose(world)
        if action.kind == kind:
            return action
        if action.kind != PICK_KIND:
            break
    return first
