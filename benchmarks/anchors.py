"""Anchors for the speed figures: other people's card-game engines, timed on this machine.

RLCard (its hand-written Python mahjong) and OpenSpiel (its Python ISMCTS bot on
Hearts) are installed into a virtual environment of their own, beside this file
(`benchmarks/.anchors/`, made on first use, never part of the project's
environment), and timed there in a subprocess, so that their dependencies never
mix with ours.  Each function returns a rate per second of CPU time.

    python benchmarks/anchors.py                 # install if needed, print every anchor once
"""

from __future__ import annotations

import json
import subprocess
import sys
import venv
from pathlib import Path

HERE = Path(__file__).resolve().parent
VENV = HERE / ".anchors"
PACKAGES = ["rlcard==1.2.0", "open_spiel==2.0.2", "numpy<2.3"]

RLCARD_MAHJONG = """
import json, random, time
import numpy as np
import rlcard
from rlcard.agents import RandomAgent
env = rlcard.make('mahjong', config={'seed': 0})
env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
np.random.seed(0)
env.run(is_training=False)
start = time.process_time()
for _ in range(GAMES):
    env.run(is_training=False)
print(json.dumps({"rate": GAMES / (time.process_time() - start)}))
"""

OPENSPIEL_ISMCTS = """
import json, random, time
import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts
game = pyspiel.load_game("hearts")
rng = random.Random(5)
state = game.new_initial_state()
steps = 0
while steps < STEPS or state.is_chance_node():
    if state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes())
        state.apply_action(rng.choices(outcomes, probs)[0])
    else:
        state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=SIMS, random_state=np.random.RandomState(2))
start = time.process_time()
bot.step(state)
print(json.dumps({"rate": SIMS / (time.process_time() - start)}))
"""


def python() -> Path:
    """The anchors' interpreter, installing them on first use."""
    exe = VENV / "bin" / "python"
    if not exe.exists():
        venv.EnvBuilder(with_pip=True).create(VENV)
        subprocess.run([str(exe), "-m", "pip", "install", "-q", "--disable-pip-version-check", *PACKAGES], check=True)
    return exe


def _rate(code: str) -> float:
    out = subprocess.run([str(python()), "-c", code], check=True, capture_output=True, text=True)
    return float(json.loads(out.stdout.strip().splitlines()[-1])["rate"])


def rlcard_mahjong(games: int = 100) -> float:
    """RLCard's mahjong: random games per second of CPU time."""
    return _rate(RLCARD_MAHJONG.replace("GAMES", str(games)))


def openspiel_hearts_ismcts(simulations: int = 1000, steps: int = 20) -> float:
    """OpenSpiel's Python ISMCTS on Hearts, mid-game: simulations per second of CPU time."""
    return _rate(OPENSPIEL_ISMCTS.replace("SIMS", str(simulations)).replace("STEPS", str(steps)))


def main() -> None:
    print(f"RLCard mahjong: {rlcard_mahjong():.1f} games/s")
    print(f"OpenSpiel Python ISMCTS on Hearts: {openspiel_hearts_ismcts():.0f} simulations/s")
    sys.exit(0)


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from benchmarks import _cli

    _cli.parser(__doc__).parse_args()
    _cli.run(main)
