"""Information-set Monte Carlo tree search over the public game API.

Single-observer ISMCTS (Cowling, Powley and Whitehouse 2012): each iteration
samples a state consistent with the searching seat's observation
(`determinize.py`), walks a tree of decisions shared by all samples using
UCB with availability counts, expands one decision, and plays out with the
playout policy (`policy.py`) to the end of the deal or for `depth`
decisions, where the ruleset's `hints.evaluate` judges the position.
Every seat's decisions are in the tree, each chosen for its own reward,
except other seats' claim-window answers, which the searching seat never
sees: those are played by the policy, so the tree follows only what this
seat can observe, and it is kept from one move to the next when what
happened in between can be followed in it.

With hints, moves are selected by PUCT (Silver et al. 2017) with priors
from the hints' ranking of the moves, so visits go to the hints' favourites
until playouts show a lesser move to be better; without hints, every move
is tried once and then UCB1 chooses.  Rewards are the change of each seat's
value, scaled to about [-1, 1].

With `root="halving"` (the `normal` and `hard` levels) the searching seat's
own move is not chosen down the tree but by comparison: the hints' few
favourite moves are each searched on the same samples with the same playout
randomness (common random numbers), the worse half dropped after each round
(sequential halving, Karnin, Koren and Somekh 2013), and the favourite kept
unless another did better by more than `trust` standard errors of the
paired difference.  Pairing takes the luck of the deal out of the
comparison, which a tree's separate averages cannot do at a small budget;
the trust keeps hints that are already good from being overruled by noise.
"""

from __future__ import annotations

import inspect
import math
import random
import time
from typing import Any, NamedTuple

from interpreter.agents.base import Agent
from interpreter.agents.determinize import Determinizer
from interpreter.agents.options import check_option
from interpreter.agents.parallel import map_in_workers
from interpreter.agents.policy import Policy, decisive, rank_priors, values
from interpreter.engine.hints import has_preferences, preferences
from interpreter.engine.program import FlowError
from interpreter.engine.state import ANNOUNCE, CLAIMED, PICKED, PRIVATE, SECRET

DEFAULT_ITERATIONS = 200
# decisions a playout may play before the position is judged as it stands (by `hints.evaluate`, or
# the returns so far): a deal lasts a few hundred at most, but a ruleset's deal can go round for ever
MAX_PLAYOUT = 10_000
# more samples on which a move that wins the deal on the first must win too, to be played unsearched
DECISIVE_SAMPLES = 3


class Node:
    __slots__ = ("children", "visits", "avail", "total", "priors")

    def __init__(self, players: int):
        self.children: dict[tuple, Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = [0.0] * players
        self.priors: dict[tuple, float] | None = None  # the moves' priors from the hints, at the first visit

    def size(self) -> int:
        return 1 + sum(child.size() for child in self.children.values())


class _Run(NamedTuple):
    """One search's working parts, as the ways of choosing the root's move share them."""

    root: Node
    sampler: Determinizer
    first: Any  # the first sample
    base: list  # every seat's value before the move
    scale: list  # [-, sum over iterations of the largest gain, iterations]: the unit of rewards
    policy: Policy
    seat: int
    kept: int  # visits the kept tree brought
    start: float
    deadline: float | None


class IsmctsAgent(Agent):
    """ISMCTS with an iteration budget (`iterations`) or a time budget (`seconds`).

    `max_seconds` caps an iteration budget in time (0: no cap); `playout` is
    `policy` (hints, else generic knowledge), `random` (uniformly random
    moves: the plain baseline) or `greedy` (every seat's move by a one-move
    look-ahead on the evaluation, as the `greedy` agent plays); by default
    what the ruleset's `hints.playouts` says, else `policy`; `depth` cuts
    playouts short after that many decisions (0: play to the end of the
    deal; by default the ruleset's `hints.horizon`, in rounds of the table);
    `plausible` is how many swaps the sampler tries per other seat to make
    its samples plausible by `hints.plausible` (0: none); `keep` keeps the
    tree between moves; `workers` > 1 searches in that many processes.
    `root` is how the move is chosen: `tree` (every node, the root too, by
    PUCT with the hints' priors, or UCB) or `halving` (the root's moves
    compared on the same samples, `_halving`), with `width` (0: all) the
    number of the hints' favourites compared and `trust` how many standard
    errors another move must beat the favourite by.  `likely=1` samples
    another seat's hidden move that this seat has not seen (a card still
    face down) as the ruleset's `hints.prefer` would make it, where the
    hints give one (0, the default: at random among those that look the
    same).  `others=opponents|partners|policy` (every other seat): those seats
    play by the playout policy in the tree too (`tree`, the default: none).
    """

    name = "ismcts"

    def __init__(self, seat: int, seed: int = 0, **options: Any):
        known = {k: options.pop(k) for k in list(options) if k in _OPTIONS}
        super().__init__(seat, seed, **options)  # an option it does not know: named there
        self.configure(**known)
        self.last_stats: dict = {}
        self._kept: tuple | None = None  # (tree below the last move, history length, deal snapshot)
        self._pool: Any = None

    def configure(
        self,
        iterations: int | None = None,
        seconds: float | None = None,
        max_seconds: float = 0,
        c: float = 0.7,
        cpuct: float = 1.5,
        plausible: int = 40,
        reuse: int = 4,
        playout: str | None = None,
        epsilon: float = 0.1,
        depth: int | None = None,
        keep: int = 1,
        workers: int = 1,
        root: str = "tree",
        width: int = 0,
        trust: float = 1.0,
        likely: int = 0,
        others: str = "tree",
    ) -> None:
        """Set the search's budget and policy (the options above); a kept tree is dropped.  A value
        of the wrong kind or out of range is a ValueError that says what the option takes."""
        given = dict(locals())
        for name, value in given.items():
            if name != "self":
                check_option(name, value)
        if iterations is None and seconds is None:
            iterations = DEFAULT_ITERATIONS
        self.root, self.width, self.trust = root, int(width), float(trust)
        self.iterations = None if iterations is None else int(iterations)
        self.seconds, self.max_seconds = seconds, float(max_seconds)
        self._new: tuple | None = None  # (the children, the key) of the node an iteration adds (`_unmade`)
        self.c, self.cpuct, self.plausible = float(c), float(cpuct), int(plausible)
        self.reuse, self.playout, self.epsilon = int(reuse), playout, float(epsilon)
        self.depth = None if depth is None else int(depth)
        self.keep, self.workers = bool(keep), int(workers)
        self.likely = bool(likely)
        self.others = others
        self._by_policy: frozenset[int] = frozenset()  # the seats `others` names, for the seat searching
        self._kept = None

    def describe(self) -> str:
        budget = f"iterations={self.iterations}" if self.iterations is not None else f"seconds={self.seconds}"
        return f"{self.name}:{budget}"

    def choose(self, state: Any) -> Any:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if self.workers > 1:
            chosen = self._search_in_workers(state, legal)
            if chosen is not None:
                return chosen
        root, kept = self._root(state)
        chosen, _ = self.search(state, legal, root, kept)
        return chosen

    def search(self, state: Any, legal: list, root: Node | None = None, kept: int = 0) -> tuple[Any, Node]:
        """Search from `state`; returns the chosen action and the root (visits per child)."""
        seat = state.current_player()
        rs = state.rs
        mates = {s for s in range(rs.num_players) if rs.team_ids and rs.team_of_seat[s] == rs.team_of_seat[seat]}
        wanted = {"tree": (), "partners": (True,), "opponents": (False,), "policy": (True, False)}[self.others]
        self._by_policy = frozenset(s for s in range(rs.num_players) if s != seat and (s in mates) in wanted)
        playout = self.playout or ("random" if rs.playouts == "random" else "policy")
        policy = Policy(
            rs,
            self.rng,
            self.epsilon,
            hints=playout == "policy",
            uniform=playout == "random",
            greedy=playout == "greedy",
        )
        start = time.perf_counter()  # the cap counts the sampler's study of the deal too
        cap = self.seconds if self.seconds is not None else (self.max_seconds if self.max_seconds > 0 else None)
        deadline = None if cap is None else start + cap
        likely = preferences if self.likely and has_preferences(rs) else None
        steps, memory = self.plausible, self.memory
        sampler = Determinizer(
            state, seat, self.rng, policy.choose, steps=steps, likely=likely, deadline=deadline, memory=memory
        )
        first = sampler.sample()
        try:
            more = lambda: (sampler.sample() for _ in range(DECISIVE_SAMPLES))  # noqa: E731 - (only if one wins)
            win = decisive(first, legal, more) if self.playout != "random" else None  # not for the plain baseline
        except FlowError:  # a last-resort sample may break a rule in play: then it shows no win
            if not sampler.resort:
                raise
            win = None
        if win is not None:
            self._kept = None
            self.last_stats = {"iterations": 0, "seconds": time.perf_counter() - start, "decisive": True}
            root = Node(rs.num_players)
            root.children[(seat, win.kind, win.value)] = child = Node(rs.num_players)
            child.visits = 1
            return win, root
        if root is None:
            root = Node(rs.num_players)
        if policy.hints and self.root != "halving":  # the root's priors as the seat deliberates
            root.priors = rank_priors(legal, preferences(first, legal, deliberate=True), seat)
        base = values(first)
        scale = [1.0, 0.0, 0]
        best: tuple | None = None
        run = _Run(root, sampler, first, base, scale, policy, seat, kept, start, deadline)
        if self.root == "halving":
            done, steps, best = self._halving(run, legal)
        else:
            done, steps = self._by_tree(run)
        self.last_stats = {
            "iterations": done - kept,
            "kept": kept,
            "seconds": time.perf_counter() - start,
            "samples": sampler.samples,
            "rejections": sampler.rejections,
            "fallbacks": sampler.fallbacks,
            "playout_steps": steps,
        }
        by_key = {(seat, a.kind, a.value): a for a in legal}
        if best is None:  # by the tree: the move visited most (then the best mean)
            ranked = sorted(
                (
                    (child.visits, child.total[seat] / max(1, child.visits), i, key)
                    for i, (key, child) in enumerate(root.children.items())
                    if key in by_key
                ),
                reverse=True,
            )
            if not ranked:
                return self.rng.choice(legal), root
            best = ranked[0][3]
        chosen = by_key[best]
        if self.keep:
            self._kept = (root, len(state.history), state.snapshot)
        return chosen, root

    def _by_tree(self, run: _Run) -> tuple[int, int]:
        """Iterations chosen down the tree (PUCT or UCB at every node, the root too)."""
        root, sampler, base, scale, policy, seat = run.root, run.sampler, run.base, run.scale, run.policy, run.seat
        kept, start, deadline = run.kept, run.start, run.deadline
        world = run.first
        done = kept
        steps = 0
        while True:
            if self.iterations is not None and done >= self.iterations:
                break
            if deadline is not None and done > kept and _late(start, done - kept, deadline):
                break
            if world is None or (done - kept) % self.reuse == 0 and done > kept:
                world = sampler.sample()
            try:
                steps += self._iterate(root, world.clone(), base, scale, policy, seat)[0]
            except FlowError:
                if not self._unmade(sampler):
                    raise
                world = None  # (it goes)
            done += 1
        return done, steps

    def _halving(self, run: _Run, legal: list) -> tuple[int, int, tuple]:
        """Sequential halving at the root with common random numbers (Karnin et al. 2013).

        Every move still in the running is searched on the same samples with
        the same playout randomness, so the luck of the deal is the same for
        each and their difference shows which is better; after each round
        the worse half (by mean reward) is dropped, the hints' favourite
        excepted.  Below the root the tree is searched as usual.  The rounds
        share the budget equally; with a time budget, each round has its
        share of the time left.  At the end the best other move replaces the
        favourite only when it did better on the same samples by more than
        `trust` standard errors of the difference: good hints are kept
        unless playouts clearly show a better move, weak ones are overruled.
        """
        root, sampler, first, base, scale, policy = run.root, run.sampler, run.first, run.base, run.scale, run.policy
        seat, kept, start, deadline = run.seat, run.kept, run.start, run.deadline
        moves = policy.ranked(first, legal)
        if self.width and policy.hints:
            moves = moves[: self.width]  # the hints' favourites only
        favourite = moves[0]

        def key(a: Any) -> tuple:
            return (seat, a.kind, a.value)

        rewards: dict[tuple, dict[int, float]] = {key(a): {} for a in moves}  # per move: sample -> reward
        sizes = [len(moves)]
        while sizes[-1] > 2:
            sizes.append(math.ceil(sizes[-1] / 2))
        total = self.iterations
        done, steps, world, sample = kept, 0, first, 0
        for r in range(len(sizes)):
            if deadline is not None and done > kept and time.perf_counter() >= deadline:
                break  # the time is spent: a round left would still search each of its moves once
            left = len(sizes) - r
            per_round = None if total is None else (total - done) // left
            round_end = None if deadline is None else time.perf_counter() + (deadline - time.perf_counter()) / left
            spent = 0
            while True:
                if per_round is not None and spent + len(moves) > max(per_round, len(moves)):
                    break
                if round_end is not None and spent and _late(start, done - kept, round_end, len(moves)):
                    break
                if world is None:
                    world = sampler.sample()
                seed = self.rng.getrandbits(63)
                before = scale[:]  # every move of the set has its rewards scaled alike
                for a in moves:
                    policy.rng = random.Random(seed)
                    mine = before[:]
                    try:
                        played, reward = self._iterate(root, world.clone(), base, mine, policy, seat, a)
                    except FlowError:
                        if not self._unmade(sampler):
                            raise
                        continue
                    if reward is None:
                        continue
                    rewards[key(a)][sample] = reward
                    steps += played
                    scale[1] += mine[1] - before[1]
                    scale[2] += mine[2] - before[2]
                policy.rng = self.rng
                world = None
                sample += 1
                spent += len(moves)
                done += len(moves)
            if len(moves) <= 2:
                break
            scored = sorted(
                ((_mean(root.children.get(key(a)), seat), -i, a) for i, a in enumerate(moves)), reverse=True
            )
            moves = [a for _, _, a in scored[: math.ceil(len(moves) / 2)]]
            if favourite not in moves:
                moves.append(favourite)
        others = [a for a in moves if a is not favourite]
        if not others:
            return done, steps, key(favourite)
        best = max(others, key=lambda a: _mean(root.children.get(key(a)), seat))
        ours, theirs = rewards[key(best)], rewards[key(favourite)]
        diffs = [ours[k] - theirs[k] for k in ours if k in theirs]
        if len(diffs) < 2:
            return done, steps, key(favourite)
        mean = sum(diffs) / len(diffs)
        spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1) / len(diffs))
        better = mean > self.trust * spread if spread > 0 else mean > 0
        return done, steps, key(best if better else favourite)

    # ----- root-parallel search ------------------------------------------------------------
    def _search_in_workers(self, state: Any, legal: list) -> Any:
        """The move found by `workers` independent searches in worker processes, or None where workers
        cannot be used: the move most of them chose, then the most visits over all of them.  Each has
        its share of the iterations and its own seed."""
        workers = self.workers
        share = None if self.iterations is None else max(1, math.ceil(self.iterations / workers))
        settings = {name: getattr(self, name) for name in _OPTIONS}
        settings.update(iterations=share, keep=0, workers=1)
        data = state.to_json()
        began = time.perf_counter()  # the workers' caps count from here (one clock for every process)
        jobs = [(data, settings, self.rng.getrandbits(63), began) for _ in range(workers)]
        parts = map_in_workers(state.rs, workers, _search_job, jobs)
        if parts is None:
            return None
        self._kept = None
        visits: dict[tuple, list] = {}
        for chosen, children in parts:
            for key, (n, total) in children.items():
                tally = visits.setdefault(key, [0, 0, 0.0])
                tally[1] += n
                tally[2] += total
            if chosen in visits:
                visits[chosen][0] += 1  # each search's own choice is a vote
        seat = state.current_player()
        by_key = {(seat, a.kind, a.value): a for a in legal}
        ranked = sorted(
            (votes, n, total / max(1, n), i, k)
            for i, (k, (votes, n, total)) in enumerate(visits.items())
            if k in by_key
        )
        done = sum(n for _, n, _ in visits.values())  # each iteration visits one of the root's moves
        self.last_stats = {"iterations": done, "workers": workers}
        return by_key[ranked[-1][4]] if ranked else None

    # ----- the tree kept between moves ------------------------------------------------
    def _root(self, state: Any) -> tuple[Node | None, int]:
        """The kept subtree for this decision (and its visits), when the moves since can be followed."""
        kept, self._kept = self._kept, None
        if kept is None:
            return None, 0
        node, start, snapshot = kept
        if state.snapshot is not snapshot or len(state.history) < start:
            return None, 0
        for seat, kind, value, flag in state.history[start:]:
            if kind == ANNOUNCE or (flag == PRIVATE and seat != self.seat):
                continue
            if flag in (SECRET, PICKED) and seat != self.seat:
                return None, 0  # a hidden choice (or a pick towards one): which branch it took is not known
            key = (seat, kind, value, 1) if flag == CLAIMED else (seat, kind, value)
            child = node.children.get(key)
            if child is None:
                return None, 0
            node = child
        return node, node.visits

    def _unmade(self, sampler: Determinizer) -> bool:
        """After an iteration failed: whether on a last-resort sample, which may break the rules in
        play (it then judges nothing, and adds no node: one never visited would be divided by);
        on any other sample the failure is the ruleset's."""
        if not sampler.resort:
            return False
        if self._new is not None and self._new[0][self._new[1]].visits == 0:
            del self._new[0][self._new[1]]
        self._new = None
        return True

    # ----- one iteration -----------------------------------------------------------------
    def _iterate(
        self, root: Node, st: Any, base: list, scale: list, policy: Policy, seat: int, first: Any = None
    ) -> tuple[int, float | None]:
        """One iteration: down the tree (through `first` at the root, if given), one new node, a
        playout; the playout's steps and the searching seat's reward (None: `first` is not a move
        of this sample)."""
        node = root
        path: list[Node] = [root]
        moves: list[tuple] = []
        records = len(st.records)
        players = len(root.total)
        self._new = None  # (the children, the key) of the node this iteration adds
        expanded = False
        while not st.finished and len(st.records) == records:
            mover = st.decider
            if st.window is not None and mover != seat:
                action = policy.choose(st)  # an answer this seat never sees
                node = self._apply(st, action, node, path)
                continue
            legal = st.legal_actions()
            if first is not None:
                if not st.is_legal(first.kind, first.value):
                    return 0, None  # a last-resort sample without this move: it judges nothing
                action, first = first, None
                child = node.children.get((mover, action.kind, action.value))
                if child is not None:
                    child.avail += 1
            elif mover in self._by_policy:
                action = policy.choose(st)  # a seat whose moves the tree does not choose (`others`)
                child = node.children.get((mover, action.kind, action.value))
            elif policy.hints:
                action, child = self._select_by_prior(node, st, legal, mover)
            else:
                action, child = self._select_ucb(node, st, legal, mover, policy)
            moves.append((mover, action.kind, action.value))
            if child is None:  # a new node: add it, then play out from here
                child = node.children[(mover, action.kind, action.value)] = Node(players)
                self._new = (node.children, (mover, action.kind, action.value))
                child.avail = 1
                node = self._apply(st, action, node, path, child)
                expanded = True
                break
            node = self._apply(st, action, node, path, child)
        steps = 0
        depth = self.depth
        if depth is None:
            depth = st.rs.horizon * players if policy.hints else 0
        depth = depth or MAX_PLAYOUT  # a deal that random play never ends is judged where it stands
        if expanded and policy.uniform and len(st.records) == records:  # playout mode: the same moves,
            # without a policy's bookkeeping (uniform playouts learn nothing)
            steps = st.play_randomly(policy.rng, depth)
            expanded = False
        while expanded and not st.finished and len(st.records) == records and steps < depth:
            action = policy.choose(st)
            moves.append((st.decider, action.kind, action.value))
            st.apply_action(action)
            steps += 1
        gains = [v - b for v, b in zip(values(st), base)]
        scale[1] += max(abs(g) for g in gains)
        scale[2] += 1
        unit = max(1.0, 2 * scale[1] / scale[2])  # twice the mean size of a gain: rewards mostly in [-1, 1]
        reward = [g / unit for g in gains]
        for visited in path:
            visited.visits += 1
            total = visited.total
            for i in range(players):
                total[i] += reward[i]
        policy.learn(moves, reward)
        return steps, reward[seat]

    def _select_ucb(self, node: Node, st: Any, legal: list, mover: int, policy: Policy) -> tuple[Any, Node | None]:
        """Without hints: every move once (in random order), then UCB1 with availability counts."""
        children, c = node.children, self.c
        untried = []
        for a in legal:
            child = children.get((mover, a.kind, a.value))
            if child is None:
                untried.append(a)
            else:
                child.avail += 1
        if untried:
            return (untried[0] if len(untried) == 1 else self.rng.choice(untried)), None
        best: Any = None
        best_child: Node | None = None
        best_score = -1e18
        for a in legal:
            child = children[(mover, a.kind, a.value)]
            n = child.visits
            score = child.total[mover] / n + c * math.sqrt(math.log(child.avail) / n)
            if score > best_score:
                best, best_child, best_score = a, child, score
        return best, best_child

    def _select_by_prior(self, node: Node, st: Any, legal: list, mover: int) -> tuple[Any, Node | None]:
        """With hints: PUCT, each move's prior from its rank by the hints (1, 1/2, 1/4...), so search
        spends its visits on the hints' favourites unless playouts show a lesser move is better."""
        priors = node.priors
        if priors is None:
            priors = node.priors = rank_priors(legal, preferences(st, legal), mover)
        children, c = node.children, self.cpuct
        fallback = min(priors.values(), default=1.0)
        first = node.total[mover] / node.visits if node.visits else 0.0  # the value assumed for unvisited moves
        best: Any = None
        best_child: Node | None = None
        best_score = -1e18
        for a in legal:
            key = (mover, a.kind, a.value)
            child = children.get(key)
            if child is None:
                score = first + c * priors.get(key, fallback) * math.sqrt(node.visits + 1)
            else:
                child.avail += 1
                n = child.visits
                score = child.total[mover] / n + c * priors.get(key, fallback) * math.sqrt(child.avail) / (1 + n)
            if score > best_score:
                best, best_child, best_score = a, child, score
        return best, best_child

    @staticmethod
    def _apply(st: Any, action: Any, node: Node, path: list, child: Node | None = None) -> Node:
        """Apply a decision and move down the tree: to `child` (None: a decision kept out of the
        tree), then through any claim it let apply."""
        claims = len(st.history)
        st.apply_action(action)
        if child is not None:
            node = child
            path.append(node)
        for s, kind, value, flag in st.history[claims:]:
            if flag == CLAIMED:
                key = (s, kind, value, 1)
                nxt = node.children.get(key)
                if nxt is None:
                    nxt = node.children[key] = Node(len(node.total))
                node = nxt
                path.append(node)
        return node


# every option of the search (the parameters of `configure`), as attributes of the agent too
_OPTIONS = frozenset(inspect.signature(IsmctsAgent.configure).parameters) - {"self"}


def _search_job(rs: Any, job: tuple) -> tuple:
    """In a worker: one search; its choice, and the root's moves with their visits and total reward
    for the mover."""
    data, settings, seed, began = job
    late = time.perf_counter() - began  # sending the job and reading the state
    for cap in ("seconds", "max_seconds"):
        if settings.get(cap):
            settings = {**settings, cap: max(0.05, settings[cap] - late)}
    state = rs.state_from_json(data)
    seat = state.current_player()
    agent = IsmctsAgent(seat, 0, **settings)
    agent.rng = random.Random(seed)
    chosen, root = agent.search(state, state.legal_actions())
    children = {key: (child.visits, child.total[seat]) for key, child in root.children.items() if len(key) == 3}
    return (seat, chosen.kind, chosen.value), children


def _late(start: float, done: int, deadline: float, more: int = 1) -> bool:
    """Whether `more` iterations, at the mean time of those `done` since `start`, would overrun."""
    now = time.perf_counter()
    return now + more * (now - start) / done >= deadline


def _mean(node: Node | None, seat: int) -> float:
    return -1e18 if node is None or not node.visits else node.total[seat] / node.visits
