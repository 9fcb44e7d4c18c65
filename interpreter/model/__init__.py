"""Model: the typed, immutable model between the located tree and the compiler.

May import: base, loading.
"""

from __future__ import annotations

from interpreter.model.build import build_model
from interpreter.model.nodes import (
    STEP_KINDS,
    Action,
    AttrDecl,
    Branch,
    Constant,
    Deck,
    DeckEntry,
    Function,
    Invariant,
    MeldKindDecl,
    Model,
    Option,
    Players,
    Restriction,
    Rule,
    ShapeDecl,
    Step,
    Team,
    Text,
    Variable,
    Zone,
)

__all__ = [
    "build_model",
    "Text",
    "Rule",
    "AttrDecl",
    "DeckEntry",
    "Deck",
    "Team",
    "Players",
    "Zone",
    "Variable",
    "Constant",
    "Option",
    "Function",
    "Step",
    "Branch",
    "Restriction",
    "Action",
    "MeldKindDecl",
    "ShapeDecl",
    "Invariant",
    "Model",
    "STEP_KINDS",
]
