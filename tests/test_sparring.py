"""The rule-based sparring players of `benchmarks/sparring_cards.py` (and `duzihu_strong` of
`benchmarks/sparring.py`, `meri_strong` of `benchmarks/sparring_meri.py`): each plays only legal moves,
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


def play_out(st, players) -> None:
    """The game to its end, every seat played by its sparring player seeing only its own seat."""
    while not st.is_terminal():
        seat = st.current_player()
        action = players[seat].choose(Blindfold(st, seat))
        assert action in st.legal_actions()
        st.apply_action(action)


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


def test_the_strong_duzihu_player_counts_its_distance_to_a_win():
    from benchmarks.sparring import DZ_INDEX, dz_distance

    def counts(cards):
        out = [0] * 30
        for c in cards:
            out[DZ_INDEX[c]] += 1
        return out

    runs = [f"{s}-{n}" for s in ("myriads", "coins") for n in range(1, 10)]  # six runs
    complete = runs + ["thousand"] * 3 + ["strings-5"] * 2  # seven groups and a pair
    assert dz_distance(counts(complete), 7) == 0
    assert dz_distance(counts(complete[:-1]), 7) == 1  # waits on the pair
    assert dz_distance(counts(runs + ["thousand"]), 6) == 1  # one group declared: six runs and a card to pair
    assert dz_distance(counts(runs[:-1] + ["thousand", "white-flower", "strings-5", "strings-5"]), 7) == 3


def test_the_strong_duzihu_player_wins_deals_from_its_own_seat():
    """Three `duzihu_strong` seats, each seeing only its own observation, end nearly every deal in a win."""
    rs = interpreter.load(str(ROOT / "rulesets" / "duzihu.yaml"))
    won = 0
    for seed in range(4):
        st = rs.new_game(seed=seed)
        play_out(st, [SPARRING["duzihu_strong"](s, seed) for s in range(3)])
        won += st.records[-1]["winner"] >= 0
    assert won >= 3


def test_the_strong_meri_player_plays_every_seat_legally_and_beats_meri_rules():
    """`meri_strong` against `meri_rules`, each seat seeing only its own observation: every move
    legal, and over a few deals held by each team in turn (duplicate) the strong team is well ahead."""
    rs = interpreter.load(str(ROOT / "rulesets" / "hachinin_meri.yaml"))
    margin = 0.0
    seeds = 12
    for seed in range(seeds):
        for strong in (0, 1):  # the strong team holds the even seats, then the odd ones
            st = rs.new_game(seed=seed, options={"deals": 1})
            play_out(st, [SPARRING["meri_strong" if s % 2 == strong else "meri_rules"](s, seed) for s in range(8)])
            returns = st.returns()
            margin += (returns[strong] - returns[1 - strong]) / 2
    assert margin > seeds, margin  # more than a point a deal
