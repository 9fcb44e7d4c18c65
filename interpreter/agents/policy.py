"""Playout policies: how search agents play the moves they do not search.

`uniform` plays every move uniformly at random (the plain Monte Carlo
baseline, `ismcts:playout=random`).

`greedy` plays every seat as the `greedy` agent does: the move whose
position, after the flow runs on to the next decision, the mover values
most by `hints.evaluate` (else `result.returns`), a move that ends the game
ahead above all; with probability `epsilon` a uniformly random one
(`ismcts:playout=greedy`).

With hints (`hints.prefer` in the ruleset) a playout takes the action the
hints like best, or with probability `epsilon` a uniformly random one.
Where an agent deliberates its own move (the order of the moves a search
compares, the policy agent's choice) the hints' `deliberate` scores replace
`prefer` for the actions that have one.
Without hints it uses what the engine can see in any game: an action that
ends the deal with this seat strictly ahead is taken at once (a win is
always taken), and otherwise actions are chosen by how well they did for
the seat that chose them earlier in the search (MAST: move-average
sampling, kept per action over the whole search), epsilon-greedily.

Policies only ever see the sampled states search gives them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from interpreter.agents.base import Agent
from interpreter.agents.determinize import Determinizer
from interpreter.agents.options import check_option
from interpreter.engine.hints import has_preferences, preferences
from interpreter.engine.program import Where
from interpreter.engine.state import PASS_KIND, Action, GameState

WIN_BONUS = 1_000_000  # what ending the game ahead adds to a move's value, for `greedy` play


def values(st: GameState) -> list:
    """Every seat's value of a state: `hints.evaluate` (else `result.returns`) for that seat."""
    rs = st.rs
    fn = rs.evaluate_fn or rs.returns_fn
    try:
        return st.per_seat(fn)
    except Exception as exc:  # the ruleset's evaluation failed: its error, named as such
        raise st.failed(exc, _evaluation(rs)) from None


def _evaluation(rs: Any) -> Where:
    """Where a seat's value comes from: `hints.evaluate`, else `result.returns`."""
    return Where("hints.evaluate" if rs.evaluate_fn else "result.returns")


def decisive(st: GameState, legal: Sequence[Action], others: Any = None) -> Action | None:
    """An action without a parameter (a claim, a win) that wins the deal for the mover: it ends the
    deal with the mover strictly ahead by the seats' values (`hints.evaluate`, else
    `result.returns`) and, where the deal has scores of its own (`end_deal`), with the highest score
    of the deal, above zero; never in a game of one seat, where nobody is behind.  `others()`, where
    given, gives more samples of the same decision, on each of which the action must win too (a
    stand in Blackjack wins on one draw of the dealer's cards and loses on another; a claimed
    Mahjong wins on every sample)."""
    if st.rs.num_players < 2:
        return None
    for a in legal:
        if a.value is not None or a.kind == PASS_KIND or not _wins(st, a):
            continue
        if others is None or all(_wins(o, a) for o in others()):
            return a
    return None


def _wins(st: GameState, a: Action) -> bool:
    """Whether `a` ends the deal (or the game) on `st` with the mover alone ahead (see `decisive`)."""
    if not st.is_legal(a.kind, a.value):
        return False  # (a last-resort sample may lack one of the seat's moves)
    rs, seat, records, deals = st.rs, st.decider, len(st.records), len(st.deals)
    trial = st.clone()
    trial.apply_action(a)
    if not trial.finished and len(trial.records) == records and len(trial.deals) == deals:
        return False
    if len(trial.deals) > deals and trial.deals[deals]["scores"]:  # the deal's own scores: per seat or team
        scores = trial.deals[deals]["scores"]
        mine = scores[seat if len(scores) == rs.num_players else rs.team_of_seat[seat]]
        if mine <= 0 or list(scores).count(mine) > 1 or mine < max(scores):
            return False
    score = trial.returns() if trial.finished else values(trial)
    best = max(score)
    return score[seat] == best and score.count(best) == 1


def value_after(trial: GameState, seat: int) -> float:
    """How much `seat` values `trial`, a position just reached by a move: `hints.evaluate` (else
    `result.returns`), or at the end of the game its return plus WIN_BONUS when it is strictly ahead."""
    if trial.is_terminal():
        returns = trial.returns()
        top = max(returns)
        ahead = returns[seat] == top and returns.count(top) < len(returns)
        return returns[seat] + (WIN_BONUS if ahead else 0)
    rs = trial.rs
    try:
        return trial.with_local("seat", seat, rs.evaluate_fn or rs.returns_fn)
    except Exception as exc:  # the ruleset's evaluation failed: its error, named as such
        raise trial.failed(exc, _evaluation(rs)) from None


def greedy_move(st: GameState, legal: Sequence[Action], rng: random.Random) -> Action:
    """The legal action after which the mover values the position most (`value_after`); ties at random."""
    seat = st.decider
    scores = []
    for action in legal:
        trial = st.clone()
        trial.apply_action(action)
        scores.append(value_after(trial, seat))
    return best_of(legal, scores, rng)


class Policy:
    """Chooses actions in playouts; `learn` feeds it the rewards of finished iterations (MAST)."""

    def __init__(
        self,
        rs: Any,
        rng: random.Random,
        epsilon: float = 0.1,
        hints: bool = True,
        uniform: bool = False,
        greedy: bool = False,
    ):
        self.rng, self.epsilon = rng, epsilon
        self.uniform = uniform  # every move uniformly at random: no hints, no generic knowledge
        self.greedy = greedy and not uniform  # every move by a one-move look-ahead, as `greedy` plays
        self.hints = hints and not uniform and not self.greedy and has_preferences(rs)
        self.mast: dict[tuple, list[float]] = {}

    def choose(self, st: GameState, deliberate: bool = False) -> Action:
        """The policy's move; `deliberate`: the seat's own decision, judged by `hints.deliberate`."""
        legal = st.legal_actions()
        if len(legal) == 1:
            return legal[0]
        rng = self.rng
        if self.uniform:
            return rng.choice(legal)
        if self.greedy:
            return rng.choice(legal) if rng.random() < self.epsilon else greedy_move(st, legal, rng)
        if self.hints:
            if rng.random() < self.epsilon:
                return rng.choice(legal)
            return best_of(legal, preferences(st, legal, deliberate), rng)
        win = decisive(st, legal)
        if win is not None:
            return win
        if rng.random() < self.epsilon or not self.mast:
            return rng.choice(legal)
        mast, mover = self.mast, st.decider
        scores = []
        for a in legal:
            stat = mast.get((mover, a.kind, a.value))
            scores.append(1.0 if stat is None else stat[0] / stat[1])
        return best_of(legal, scores, rng)

    def ranked(self, st: GameState, legal: Sequence[Action]) -> list[Action]:
        """The legal actions, the policy's favourites first (ties in random order): for the order of the
        moves a search compares at its root, judged as the seat deliberates (`hints.deliberate`)."""
        order = list(legal)
        self.rng.shuffle(order)
        if self.hints:
            scores = dict(zip(map(id, legal), preferences(st, legal, deliberate=True)))
            order.sort(key=lambda a: -scores[id(a)])
        return order

    def learn(self, moves: list[tuple[int, int, Any]], reward: Sequence[float]) -> None:
        """Credit each (mover, kind, value) played in an iteration with that mover's reward."""
        if self.hints or self.uniform or self.greedy:
            return
        mast = self.mast
        for mover, kind, value in moves:
            stat = mast.get((mover, kind, value))
            if stat is None:
                mast[mover, kind, value] = [reward[mover], 1]
            else:
                stat[0] += reward[mover]
                stat[1] += 1


def best_of(legal: Sequence[Action], scores: Sequence[Any], rng: random.Random) -> Action:
    """The action with the highest score, ties broken at random."""
    top = max(scores)
    best = [a for a, s in zip(legal, scores) if s == top]
    return best[0] if len(best) == 1 else rng.choice(best)


class PolicyAgent(Agent):
    """Plays the playout policy itself on one sample of the hidden cards: no search.

    With hints that is the hints' favourite move (with `epsilon` of moves at
    random); without, a win when one is there and otherwise a random move.
    """

    name = "policy"

    def __init__(self, seat: int, seed: int = 0, epsilon: float = 0.0, **options: Any):
        super().__init__(seat, seed, **options)
        check_option("epsilon", epsilon)
        self.epsilon = float(epsilon)

    def choose(self, state: Any) -> Any:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        policy = Policy(state.rs, self.rng, self.epsilon)
        world = Determinizer(state, state.current_player(), self.rng, answer=policy.choose, memory=self.memory).sample()
        action = policy.choose(world, deliberate=True)
        same = next((a for a in legal if a.kind == action.kind and a.value == action.value), None)
        return same if same is not None else self.rng.choice(legal)  # (a sample's move it does not have)


def rank_priors(legal: list, scores: list, mover: int) -> dict[tuple, float]:
    """Priors by rank of the hints' scores: the best 1, the next 1/2, then 1/4... (equal scores share
    a rank), normalised; only the order of the scores matters, never their scale."""
    levels = sorted(set(scores), reverse=True)
    rank = {v: i for i, v in enumerate(levels)}
    raw = [0.5 ** rank[v] for v in scores]
    total = sum(raw)
    return {(mover, a.kind, a.value): r / total for a, r in zip(legal, raw)}
