"""Model: the typed, immutable model between the located tree and the compiler.

May import: base, loading.
"""
from __future__ import annotations

from interpreter.model.build import build_model
from interpreter.model.nodes import (
    Text, Rule, AttrDecl, DeckEntry, Deck, Team, Players, Zone, Variable, Constant, Option, Function, Step, Restriction, Action, MeldKindDecl, ShapeDecl, Invariant, Model, STEP_KINDS
)

__all__ = ["build_model", "Text", "Rule", "AttrDecl", "DeckEntry", "Deck", "Team", "Players", "Zone", "Variable", "Constant", "Option", "Function", "Step", "Restriction", "Action", "MeldKindDecl", "ShapeDecl", "Invariant", "Model", "STEP_KINDS"]
