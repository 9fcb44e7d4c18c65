"""Agents: AI seats that choose actions through the public game API only.

May import: base, engine.

Every agent has its own random stream, seeded from the game seed and its
seat, so an agent never changes the deal and a game replays exactly.
"""

from __future__ import annotations

from interpreter.agents.base import Agent, RandomAgent
from interpreter.agents.spec import AgentSpecError, make_agents, parse_agent_spec

__all__ = ["Agent", "RandomAgent", "AgentSpecError", "make_agents", "parse_agent_spec"]
