"""Where a ruleset's hints (and a level) lose: every move judged by flat paired Monte Carlo.

    python benchmarks/hint_regret.py RULESET [--positions N] [--samples K] [--level LEVEL] [--seed S] [--out FILE]

Plays deals with the hints' own moves (`policy`), and at about one decision
in five with a choice judges every legal move: each is played on the same K
samples of the hidden cards (as the deciding seat may know them), with the
same playout randomness, and searched on to the end as the levels' playouts
are (the hints' moves, 1 in 10 at random).  The best move is picked on one
half of the samples and scored on the other (and the other way round), so
a move's luck on the samples that chose it does not count as skill.

Prints, per kind of decision (the action kinds offered), how many decisions
were judged and the mean **regret** per decision, with its 95% interval: how
much the hints' favourite scores below the best move, in the ruleset's
`hints.evaluate` (else `result.returns`) units; with `--level`, the same for
the move that level chooses (at its full budget).  A kind with a large
regret is where better hints would help; a level whose regret is near 0
plays as well as its playouts let it judge, and only better playouts (hints)
can make it stronger.  `--out` writes every judged decision as JSON.
"""

from __future__ import annotations

import json
import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import _cli  # noqa: E402
from interpreter.agents.determinize import Determinizer  # noqa: E402
from interpreter.agents.ismcts import IsmctsAgent, Node  # noqa: E402
from interpreter.agents.levels import LEVELS, LevelAgent  # noqa: E402
from interpreter.agents.policy import Policy, values  # noqa: E402
from interpreter.engine.hints import preferences  # noqa: E402
from interpreter.engine.state import PASS_KIND  # noqa: E402


def judge(state, samples: int, rng: random.Random) -> tuple[list, list[list[float]], object]:
    """Every legal move of `state` scored on the same `samples` samples: (moves, rewards per move,
    the first sample)."""
    legal = state.legal_actions()
    seat = state.current_player()
    searcher = IsmctsAgent(seat, rng.getrandbits(32), epsilon=0.1)
    policy = Policy(state.rs, random.Random(rng.getrandbits(32)), 0.1)
    sampler = Determinizer(state, seat, random.Random(rng.getrandbits(32)), answer=policy.choose, steps=40)
    world = first = sampler.sample()
    base = values(world)
    root = Node(state.rs.num_players)
    rewards: list[list[float]] = [[] for _ in legal]
    for k in range(samples):
        if k:
            world = sampler.sample()
        seed = rng.getrandbits(63)
        for i, action in enumerate(legal):
            policy.rng = random.Random(seed)
            # one iteration through `action` at the root; a count of 1e9 keeps the rewards unscaled
            _, reward = searcher._iterate(root, world.clone(), base, [1.0, 0.0, 10**9], policy, seat, action)
            rewards[i].append(reward)
    return legal, rewards, first


def kind_name(rs, kind: int) -> str:
    if kind >= 0:
        return rs.actions[kind].name
    return "pass" if kind == PASS_KIND else "a choice of several"


def regret(rewards: list[list[float]], chosen: int) -> float:
    """How far move `chosen` scores below the best, the best picked on one half of the samples and
    scored on the other (both ways, averaged)."""
    n = len(rewards[0])
    h = n // 2
    first = [sum(r[:h]) / h for r in rewards]
    second = [sum(r[h:]) / (n - h) for r in rewards]
    b1 = max(range(len(rewards)), key=first.__getitem__)
    b2 = max(range(len(rewards)), key=second.__getitem__)
    return ((second[b1] - second[chosen]) + (first[b2] - first[chosen])) / 2


def interval(xs: list[float]) -> tuple[float, float]:
    m = sum(xs) / len(xs)
    if len(xs) < 2:
        return m, 0.0
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1))
    return m, 1.96 * sd / math.sqrt(len(xs))


def main() -> int:
    ap = _cli.parser(__doc__)
    ap.add_argument("ruleset", help="a ruleset file or a shipped game's name")
    ap.add_argument("--positions", type=_cli.whole(1), default=200)
    ap.add_argument("--samples", type=int, default=40)
    ap.add_argument("--level", default=None, choices=list(LEVELS), help="also judge this level's choice")
    ap.add_argument("--seed", type=int, default=9000)
    ap.add_argument("--out", default=None)
    args = ap.parse_args()
    if args.samples < 4:
        ap.error("--samples must be at least 4")
    if args.out and not Path(args.out).resolve().parent.is_dir():
        ap.error(f"--out {args.out}: no such folder")
    _, rs = _cli.load_named(ap, args.ruleset)  # a file, or a shipped game's name
    options = {"deals": 1} if "deals" in rs.options else {}
    rng = random.Random(args.seed)
    judged: list[dict] = []
    game = 0
    try:
        while len(judged) < args.positions:
            st = rs.new_game(seed=args.seed + game, options=options)
            player = Policy(rs, random.Random(game), 0.0)
            game += 1
            while not st.is_terminal() and len(judged) < args.positions:
                legal = st.legal_actions()
                if len(legal) > 1 and rng.random() < 0.2:
                    moves, rewards, sample = judge(st, args.samples, rng)
                    scores = preferences(sample, moves)  # the hints judge on a sample, as the agents do
                    favourite = max(range(len(moves)), key=scores.__getitem__)
                    row = {
                        "kinds": "+".join(sorted({kind_name(rs, a.kind) for a in moves})),
                        "moves": [a.text for a in moves],
                        "means": [sum(r) / len(r) for r in rewards],
                        "favourite": favourite,
                        "hints_regret": regret(rewards, favourite),
                    }
                    if args.level:
                        choice = LevelAgent(args.level, st.current_player(), len(judged), max_seconds=0).choose(st)
                        same = (choice.kind, choice.value)
                        index = next(i for i, a in enumerate(moves) if (a.kind, a.value) == same)
                        row["level_choice"], row["level_regret"] = index, regret(rewards, index)
                    judged.append(row)
                    print(f"\r{len(judged)}/{args.positions} decisions judged", end="", file=sys.stderr, flush=True)
                st.apply_action(player.choose(st))
    except KeyboardInterrupt:
        if judged:  # end the progress line first
            print(file=sys.stderr)
        raise
    print(file=sys.stderr)
    if args.out:
        try:
            Path(args.out).write_text(json.dumps(judged))
        except OSError as exc:
            _cli.fail(ap, f"cannot write {args.out}: {exc.strerror or exc}")
    groups: dict[str, list[dict]] = {}
    for row in judged:
        groups.setdefault(row["kinds"], []).append(row)
    print(f"{rs.id}: {len(judged)} decisions from {game} deals of the hints' play, {args.samples} samples a move")
    head = f"{'decision (moves offered)':34s} {'n':>5s}  {'hints: regret per decision':>28s}"
    if args.level:
        head += f"  {args.level + ': regret per decision':>28s}"
    print(head)
    for name, rows in sorted(groups.items(), key=lambda kv: -len(kv[1])) + [("all", judged)]:
        m, h = interval([r["hints_regret"] for r in rows])
        line = f"{name[:34]:34s} {len(rows):5d}  {m:+20.3f} ± {h:5.3f}"
        if args.level:
            m, h = interval([r["level_regret"] for r in rows])
            line += f"  {m:+20.3f} ± {h:5.3f}"
        print(line)
    return 0


if __name__ == "__main__":
    _cli.run(main)
