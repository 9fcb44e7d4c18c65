"""Evaluations per second of compiled expressions: compile once, evaluate many.

    python benchmarks/bench_expr.py [--seconds 1.0]

Three formulas a ruleset really uses: a follow-suit legality test, a trick
winner, and a score with a doubling factor; plus a one-line condition for
scale. The scope is a small generic deck (no game is named here).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import _cli  # noqa: E402
from interpreter.expr import (  # noqa: E402
    BOOL,
    INT,
    DictScope,
    EnumT,
    ExprCompiler,
    Field,
    Function,
    ListT,
    Param,
    PlainSource,
    RecordT,
    Value,
)

SUITS = ("cups", "coins", "swords", "clubs")
CARDS = [f"{s}-{n}" for s in SUITS for n in range(1, 11)]


def _game() -> tuple[ExprCompiler, object]:
    """A 40-card deck, an 8-card hand, a trick of 8 plays, scoring units."""
    suit = EnumT("suit", {s: i for i, s in enumerate(SUITS)})
    card = EnumT("card", {c: i for i, c in enumerate(CARDS)})
    card.attrs.update(
        {
            "suit": Field(suit, tuple(i // 10 for i in range(40)).__getitem__),
            "number": Field(INT, tuple(i % 10 + 1 for i in range(40)).__getitem__),
        }
    )
    entry = RecordT(
        "entry",
        {"card": Field(card, lambda e: e[0]), "by": Field(INT, lambda e: e[1]), "face_up": Field(BOOL, lambda e: e[2])},
    )

    class Env:
        hands = [[3, 12, 17, 25, 31, 33, 38, 39]] * 8
        trick = [(i * 5 % 40, i, i % 3 != 0) for i in range(8)]
        trump, player, card, trick_no = 2, 0, 21, 4
        units = [2, 3, 5, 7]
        mults = [True, False, True]

    scope = DictScope(
        {
            "hand": Function(
                "hand",
                [Param("seat", INT)],
                ListT(card),
                lambda f, s: f.env.hands[s],
                needs_frame=True,
                doc="A seat's hand.",
            ),
            "plays": Function(
                "plays",
                [Param("t", INT)],
                ListT(entry),
                lambda f, t: f.env.trick,
                needs_frame=True,
                doc="The plays of a trick.",
            ),
            "trick": Value(INT, lambda f: 0),
            "player": Value(INT, lambda f: f.env.player),
            "card": Value(card, lambda f: f.env.card),
            "trump": Value(suit, lambda f: f.env.trump),
            "trick_no": Value(INT, lambda f: f.env.trick_no),
            "units": Value(ListT(INT), lambda f: f.env.units),
            "mults": Value(ListT(BOOL), lambda f: f.env.mults),
        }
    )
    compiler = ExprCompiler(scope)
    compiler.define("is_trump", [("c", card)], PlainSource("c.suit == trump or c == 'clubs-1'"))
    compiler.define(
        "strength", [("e", entry)], PlainSource("e.card.number + (20 if is_trump(e.card) else 0) if e.face_up else 0")
    )
    compiler.define("unit_value", [("u", INT)], PlainSource("u * 10 if u > 4 else u"))
    return compiler, Env()


FORMULAS = [
    "not is_trump(card) or all(is_trump(c) for c in hand(player))",
    "max(plays(trick), key=strength).by",
    "sum(unit_value(u) for u in units) * 2 ** len([m for m in mults if m])",
    "5 if trick_no == 9 else 2",
]


def rate(fn, frame, seconds: float) -> float:
    """Evaluations per second, best of a few timed batches."""
    best, batch = 0.0, 1000
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        start = time.perf_counter()
        for _ in range(batch):
            fn(frame)
        best = max(best, batch / (time.perf_counter() - start))
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=_cli.seconds, default=1.0, help="time per formula")
    args = parser.parse_args()
    compiler, env = _game()
    compiled = [compiler.compile(PlainSource(text)) for text in FORMULAS]
    if compiler.diagnostics:
        raise SystemExit("\n".join(d.message for d in compiler.diagnostics))
    frame = compiler.new_frame(env)
    for text, c in zip(FORMULAS, compiled):
        per_second = rate(c.fn, frame, args.seconds)
        print(f"{per_second:>12,.0f} evals/s  {1e6 / per_second:6.2f} us  {text}  = {c.fn(frame)!r}")


if __name__ == "__main__":
    _cli.run(main)
