"""The rule-based sparring players of `benchmarks/sparring_cards.py`: each plays only legal moves,
decides from what its seat sees, and clearly beats uniformly random play at its game (the
benchmarks measure the AI levels against them, so a broken one would make every figure meaningless)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

import interpreter

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.sparring import SPARRING  # noqa: E402

# game -> (sparring player, options for one short deal, seeds)
GAMES = {
    "oh_hell": ("oh_hell_rules", {"fixed_size": True, "deals": 1, "max_cards": 6}, 12),
    "scopa": ("scopa_rules", {"target": 0}, 8),
    "gin_rummy": ("gin_rummy_rules", {"target": 0}, 6),
}


class Blindfold:
    """A state that lets the player see only what `observation(seat)` and `legal_actions()` give."""

    def __init__(self, state, seat):
        self._state, self._seat = state, seat

    def observation(self, seat):
        assert seat == self._seat, "a sparring player looked at another seat"
        return self._state.observation(seat)

    def legal_actions(self):
        return self._state.legal_actions()


@pytest.mark.parametrize("game", GAMES)
def test_a_sparring_player_plays_legally_from_its_seat_and_beats_random_play(game):
    name, options, seeds = GAMES[game]
    rs = interpreter.load(str(ROOT / "rulesets" / f"{game}.yaml"))
    mine = theirs = 0.0
    for seed in range(seeds):
        st = rs.new_game(seed=seed, options=options)
        me = seed % rs.num_players
        player = SPARRING[name](me, seed)
        rng = random.Random(seed)
        while not st.is_terminal():
            seat = st.current_player()
            legal = st.legal_actions()
            action = player.choose(Blindfold(st, me)) if seat == me else rng.choice(legal)
            assert action in legal
            st.apply_action(action)
        returns = st.returns()
        mine += returns[me]
        theirs += sum(returns[s] for s in range(rs.num_players) if s != me) / (rs.num_players - 1)
    assert mine > theirs + seeds, (mine, theirs)
