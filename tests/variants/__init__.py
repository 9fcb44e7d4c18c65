"""Tests of the rule variants in rulesets/variants/ against their base rulesets.

Each test module shows where one variant differs from its base (a fixed deal
on which the two give different legal moves or scores, both values asserted)
and that elsewhere the two agree (the same seed and the same actions give the
same results).  The shared pieces live here.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from pathlib import Path

import interpreter
from interpreter.loading import load_document

ROOT = Path(__file__).resolve().parents[2]
RULESETS = ROOT / "rulesets"
VARIANTS = RULESETS / "variants"


@functools.cache
def load(name: str):
    """A compiled ruleset by file name: 'hachinin_meri' or 'variants/duzihu_min22'."""
    return interpreter.load(str(RULESETS / f"{name}.yaml"))


def merged(name: str):
    """The merged document tree of a ruleset file (a variant laid over its base)."""
    doc = load_document(str(RULESETS / f"{name}.yaml"))
    doc.raise_if_errors()
    return doc.root


def rule_changes(base: str, variant: str) -> set[tuple]:
    """Where a variant's merged tree differs from its base's, apart from its id, name and description."""
    return {p for p in differences(merged(base), merged(variant)) if p[0] not in ("id", "name", "description")}


def differences(base, variant, path: tuple = ()) -> set[tuple]:
    """Paths at which two merged trees differ (a list of id'd mappings is compared by id).

    A text given in several languages ({en: ..., ja: ...}) is one value: a changed
    text is one difference at its own path, whichever languages changed.
    """
    if is_translated_text(base) and is_translated_text(variant):
        return set() if base == variant else {path}
    if isinstance(base, dict) and isinstance(variant, dict):
        out = set()
        for key in set(base) | set(variant):
            if key not in base or key not in variant:
                out.add(path + (key,))
            else:
                out |= differences(base[key], variant[key], path + (key,))
        return out
    if (
        isinstance(base, list)
        and isinstance(variant, list)
        and base
        and variant
        and all(isinstance(x, dict) and "id" in x for x in base + variant)
    ):
        b = {x["id"]: x for x in base}
        v = {x["id"]: x for x in variant}
        return differences(b, v, path)
    return set() if base == variant else {path}


LANGUAGES = {"en", "ja", "ms", "fa", "hu", "zh"}


def is_translated_text(x) -> bool:
    """A mapping from language codes to strings: one text in several languages."""
    return isinstance(x, dict) and bool(x) and set(x) <= LANGUAGES and all(isinstance(v, str) for v in x.values())


def actions(st) -> list[str]:
    return sorted(str(a) for a in st.legal_actions())


def lockstep(a, b, seed: int, seat_map: Callable[[int], int] = lambda s: s, max_steps: int = 20000) -> int:
    """Play uniformly random legal actions in `a` and the same ones in `b`.

    At every decision the seat to act in `b` is `seat_map` of the seat in `a`
    and the two legal action lists are equal.  Returns the number of actions.
    """
    rng = random.Random(seed)
    for n in range(max_steps):
        if a.is_terminal():
            assert b.is_terminal(), "the second game goes on after the first ended"
            return n
        assert b.current_player() == seat_map(a.current_player()), f"action {n}"
        legal = actions(a)
        assert actions(b) == legal, f"action {n}: the legal actions differ"
        choice = rng.choice(legal)
        a.apply_action(choice)
        b.apply_action(choice)
    raise AssertionError("the game did not end")


def random_game(rs, seed: int, options: dict | None = None, **kw):
    """A whole game with uniformly random legal actions."""
    rng = random.Random(seed)
    st = rs.new_game(seed=seed, options=options or {}, **kw)
    while not st.is_terminal():
        st.apply_action(rng.choice(actions(st)))
    return st
