"""What only some of a ruleset's numbers of players have.

A ruleset with `players.choices` is compiled for one number of seats at a time, and what is
right for one number may be wrong for another: a per-seat list written out for four seats, a
deal that needs more cards than the deck has for seven.  `cardrules validate` therefore compiles
every other choice too, and plays a short random game of each; what a count adds to the default
count's diagnostics is reported once, saying for which counts it happens.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from interpreter.base.diagnostics import Diagnostic, DiagnosticBag

DECISIONS = 300  # random decisions played for each count: a deal or two of most games, or more games
SEED = 0


def other_counts(
    root: Mapping, name: str, sources: Mapping[str, str], found: Sequence[Diagnostic], default_rs: Any
) -> list[Diagnostic]:
    """The diagnostics that compiling and playing the other choices of players.choices add to
    `found` (the default count's), each once, its message saying for which counts."""
    from interpreter.compiling.assemble import compile_ruleset
    from interpreter.model import build_model

    known = {diagnostic_key(d) for d in found}
    counts_of: dict[tuple, tuple[Diagnostic, list[int]]] = {}
    for n in player_counts(root):
        if n == root["players"]["count"]:
            rs = default_rs
            if rs is None:  # its own errors are reported already
                continue
        else:
            bag = DiagnosticBag()
            rs = compile_ruleset(build_model(root, bag, n), bag, path=name, sources=sources)
            for d in bag.sorted():
                if diagnostic_key(d) not in known:
                    counts_of.setdefault(diagnostic_key(d), (d, []))[1].append(n)
            if rs is None or bag.has_errors:
                continue
        failure = short_game(rs)
        if failure is not None:
            counts_of.setdefault(diagnostic_key(failure), (failure, []))[1].append(n)
    return [_for_counts(d, counts) for d, counts in counts_of.values()]


class PlayerCountError(ValueError):
    """A number of players a ruleset is not played by; the message says which it is played by."""


def player_counts(root: Mapping) -> tuple[int, ...]:
    """The numbers of seats a schema-valid ruleset tree may be played by, in increasing order."""
    players = root["players"]
    return tuple(sorted(set(players.get("choices") or ()))) or (players["count"],)


def check_count(root: Mapping, players: int) -> None:
    """PlayerCountError unless the ruleset may be played by `players` seats."""
    from interpreter.base.i18n import _

    counts = player_counts(root)
    if players in counts and type(players) is int:
        return
    if len(counts) == 1 and not root["players"].get("choices"):
        raise PlayerCountError(
            _(
                "'{id}' is played by {count} players (its players.count), not {n}",
                id=root["id"],
                count=counts[0],
                n=players,
            )
        )
    raise PlayerCountError(
        _(
            "'{id}' is played by {counts} players (its players.choices), not {n}",
            id=root["id"],
            counts=", ".join(map(str, counts)),
            n=players,
        )
    )


def short_game(rs: Any, decisions: int = DECISIONS, seed: int = SEED) -> Diagnostic | None:
    """Why a game of `rs` with random moves fails within `decisions` decisions, as a diagnostic at
    the step that failed; None when it does not."""
    from interpreter.engine.observe import texts
    from interpreter.engine.program import FlowError
    from interpreter.expr.emit import closures_only

    pick = random.Random(seed)
    # the flat program, one instruction at a time (the flow's meaning, engine/blocks.py): a short game
    # reaches most of the flow once, and writing it out as Python (on first use) costs more than
    # playing it.  The ruleset runs its flat flow from the start of the deal (the ruleset was just
    # compiled: nothing else plays it yet); the state, once made, is watched, which is what makes it
    # run the actions' effects flat too (GameState._run, Ruleset.run_action)
    written = rs.runs, rs.weights
    rs.use_reference_flow()
    try:
        # the first deal is told as play tells it (a message that fails stops play at once), the
        # status lines and the prompt read by every seat at each decision point the first time it is
        # reached; the deals after it are played untold (telling costs more than playing)
        # (its expressions run their closures: compiling each, for one use, costs more; emit.py)
        with closures_only():
            state = _watched(rs.new_game(seed=seed, story=True))
            read: set[int] = set()
            for _n in range(decisions):
                if state.story and state.deals:
                    state.story = False
                if state.story and state.pc not in read:
                    read.add(state.pc)
                    for seat in range(rs.num_players):
                        texts(state, seat)
                if state.is_terminal():
                    # a game over early (a move that gives up) leaves most of the flow unplayed: the
                    # decisions left go to the next game, untold
                    if _n == 0 or (state := _watched(rs.new_game(seed=seed + _n))).is_terminal():
                        break
                state.apply_action(pick.choice(state.legal_actions()))
    except FlowError as exc:
        where = exc.where
        message = str(exc)
        if where is not None and where.span is not None:
            message = message.removesuffix(f" in {where.describe()}")
        # at the step that failed, else at the expression that did (a rule of legality names no step)
        span = where.span if where is not None and where.span is not None else exc.expression
        return Diagnostic(f"a game with random moves fails: {message}", span)
    finally:
        rs.runs, rs.weights = written
    return None


def _watched(state: Any) -> Any:
    """A new game of the short run: watched by nobody, so it runs its flat program (below), and with
    no one's sight of an event worked out (nothing is shown)."""
    state.watch = _no_one_watching
    state.seals = False
    return state


def _no_one_watching(state: Any, zone: int) -> None:
    """A watcher of moves that does nothing: the state then runs its flat program (GameState._run)."""


def _for_counts(d: Diagnostic, counts: list[int]) -> Diagnostic:
    words = " or ".join([", ".join(map(str, counts[:-1])), str(counts[-1])] if len(counts) > 1 else [str(counts[0])])
    hint = d.hint or "players.choices offers this number of players: each one must work"
    return Diagnostic(f"with {words} players: {d.message}", d.span, hint, d.severity)


def diagnostic_key(d: Diagnostic) -> tuple:
    """What tells two diagnostics apart: the message and the place."""
    span = d.span
    return (d.message, span.file, span.line, span.col) if span else (d.message,)
