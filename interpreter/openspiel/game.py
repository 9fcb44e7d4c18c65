"""The pyspiel game and state classes over one ruleset (OpenSpiel's Python game API).

A `CardrulesGame` is registered per ruleset with `pyspiel.register_game`; its
states wrap a `GameState` of the engine.  Chance is EXPLICIT_STOCHASTIC (see
docs/openspiel.md): all the engine's randomness (every shuffle, every `pick`
step) comes from the game's 64-bit seed, so a game starts with SEED_BYTES
chance nodes that choose the seed one byte at a time, uniformly; the state is
then `Ruleset.new_game(seed=that seed)`.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pyspiel

from interpreter.agents.determinize import Determinizer
from interpreter.compiling.pipeline import load_ruleset
from interpreter.engine.state import GameState
from interpreter.openspiel import observing
from interpreter.openspiel.actions import ActionIndex
from interpreter.openspiel.rulesets import (
    PLAYERS,
    REGISTERED,
    Entry,
    entry_from_file,
    entry_from_ruleset,
    ruleset_for,
    shipped_files,
)

SEED_BYTES = 8  # chance nodes at the start of a game: the engine's 64-bit seed, most significant byte first
OUTCOMES = 256
RESAMPLE_TRIES = 16
RESAMPLE_STATS = {"calls": 0, "redrawn": 0, "real": 0}  # see CardrulesState.resample_from_infostate
MAX_UTILITY = 10.0**18  # the engine bounds every integer a rule computes, returns included (expr Limits.max_int)


class GameData:
    """What every state of one ruleset shares: the ruleset, its action index, its tensor layouts."""

    def __init__(self, entry: Entry, players: int | None = None):
        self.entry = entry
        self.rs = ruleset_for(entry, players)
        self.index = ActionIndex(self.rs)
        self.layouts = {True: observing.Layout(self.rs, True), False: observing.Layout(self.rs, False)}


_DATA: dict[tuple[str, int | None], GameData] = {}


def game_data(entry: Entry, players: int | None = None) -> GameData:
    """What the games of `entry` for `players` seats share (None: its players.count)."""
    data = _DATA.get((entry.short_name, players))
    if data is None or data.entry.path != entry.path:
        data = _DATA[(entry.short_name, players)] = GameData(entry, players)
    return data


def game_type(entry: Entry) -> Any:
    GT = pyspiel.GameType
    return GT(
        short_name=entry.short_name,
        long_name=entry.long_name,
        dynamics=GT.Dynamics.SEQUENTIAL,
        chance_mode=GT.ChanceMode.EXPLICIT_STOCHASTIC,
        information=GT.Information.IMPERFECT_INFORMATION,
        utility=GT.Utility.GENERAL_SUM,
        reward_model=GT.RewardModel.TERMINAL,
        max_num_players=max(entry.choices or (entry.players,)),
        min_num_players=min(entry.choices or (entry.players,)),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification=dict(entry.params),
    )


class CardrulesGame(pyspiel.Game):
    """One ruleset as an OpenSpiel game; its parameters are the ruleset's options."""

    entry: Entry

    def __init__(self, params: Mapping[str, Any] | None = None):
        given = dict(params or {})
        full = {**dict(self.entry.params), **given}
        players = full.pop(PLAYERS) if self.entry.players_param else None
        self.data = game_data(self.entry, players)
        rs = self.data.rs
        self.options = rs.check_options({k: v for k, v in full.items() if v != ""})
        if players is not None:
            full[PLAYERS] = players
        info = pyspiel.GameInfo(
            num_distinct_actions=self.data.index.size,
            max_chance_outcomes=OUTCOMES,
            num_players=rs.num_players,
            min_utility=-MAX_UTILITY,
            max_utility=MAX_UTILITY,
            utility_sum=None,
            max_game_length=rs.limits.decisions_per_game,
        )
        super().__init__(game_type(self.entry), info, full)

    def new_initial_state(self, *args: Any) -> CardrulesState:
        """A new game: first the chance nodes that choose its seed."""
        if args:
            raise TypeError("a cardrules game starts only from its chance nodes (see state_for_seed)")
        return CardrulesState(self)

    def state_for_seed(self, seed: int) -> CardrulesState:
        """The game `Ruleset.new_game(seed=seed)` plays, reached through its chance nodes."""
        state = CardrulesState(self)
        for action in seed_actions(seed):
            state.apply_action(action)
        return state

    def state_for(self, st: GameState) -> CardrulesState:
        """An OpenSpiel state around an engine state of this game's ruleset (its history() is empty)."""
        state = CardrulesState(self)
        state._e.st = st
        return state

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> CardrulesObserver:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        kind = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        if kind.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER or not kind.public_info:
            raise ValueError("cardrules games observe for one seat: what that seat may see (public and its own)")
        return CardrulesObserver(self.data.layouts[bool(kind.perfect_recall)])

    def __reduce__(self) -> tuple:
        return _unpickle_game, (self.entry.short_name, self.entry.path, self.get_parameters())


def _unpickle_game(short_name: str, path: str, params: dict) -> CardrulesGame:
    ensure_registered(short_name, path)
    return pyspiel.load_game(short_name, params)


def seed_actions(seed: int) -> list[int]:
    """The chance outcomes that choose `seed` (its bytes, most significant first)."""
    seed &= (1 << (8 * SEED_BYTES)) - 1
    return [(seed >> (8 * (SEED_BYTES - 1 - i))) & 0xFF for i in range(SEED_BYTES)]


class _Engine:
    """Holds a state's engine state (None while the seed is chosen); copied by `clone` (deepcopy),
    pickled as a save."""

    __slots__ = ("st", "game", "seed", "cache", "sampler")

    def __init__(self, game: Any, st: GameState | None = None, seed: tuple[int, ...] = ()):
        self.game, self.st, self.seed = game, st, seed
        self.cache: tuple[int, list[int], dict[int, Any]] | None = None
        self.sampler: tuple[int, int, Determinizer] | None = None

    def choose(self, byte: int) -> None:
        """One chance outcome: a byte of the seed; the last one deals the game."""
        if not 0 <= byte < OUTCOMES:
            raise pyspiel.SpielError(f"chance outcome {byte} is not a byte")
        self.seed = (*self.seed, byte)
        if len(self.seed) == SEED_BYTES:
            seed = int.from_bytes(bytes(self.seed), "big")
            self.st = self.game.data.rs.new_game(seed=seed, options=self.game.options)

    def get(self) -> GameState:
        if self.st is None:
            raise pyspiel.SpielError("the game is at a chance node: its seed is being chosen")
        return self.st

    def legal(self) -> tuple[list[int], dict[int, Any]]:
        """The legal actions as sorted ids, and the engine's Action of each id (at a decision)."""
        st = self.get()
        cache = self.cache
        if cache is None or cache[0] != st.decisions or st.finished:
            if st.finished:
                cache = (st.decisions, [], {})
            else:
                index = self.game.data.index
                by_id = {index.id(a): a for a in st.legal_actions()}
                cache = (st.decisions, sorted(by_id), by_id)
            self.cache = cache
        return cache[1], cache[2]

    def __deepcopy__(self, memo: dict) -> _Engine:
        return _Engine(self.game, None if self.st is None else self.st.clone(), self.seed)

    def __reduce__(self) -> tuple:
        entry, st = self.game.entry, self.st
        saved = None if st is None else json.dumps(st.to_json())
        return _unpickle_engine, (entry.short_name, entry.path, self.game.get_parameters(), self.seed, saved)


def _unpickle_engine(short_name: str, path: str, params: dict, seed: tuple, saved: str | None) -> _Engine:
    ensure_registered(short_name, path)
    game = pyspiel.load_game(short_name, params)
    st = None if saved is None else game.data.rs.state_from_json(json.loads(saved))
    return _Engine(game, st, tuple(seed))


class CardrulesState(pyspiel.State):
    """A game in progress; `engine_state()` is the engine's GameState underneath."""

    def __init__(self, game: CardrulesGame):
        super().__init__(game)
        self._e = _Engine(game)

    def engine_state(self) -> GameState:
        return self._e.get()

    def current_player(self) -> int:
        st = self._e.st
        if st is None:
            return pyspiel.PlayerId.CHANCE
        return pyspiel.PlayerId.TERMINAL if st.finished else st.decider

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each byte of the seed is uniform."""
        return [(b, 1.0 / OUTCOMES) for b in range(OUTCOMES)] if self._e.st is None else []

    def _legal_actions(self, player: int) -> list[int]:
        st = self._e.st
        if st is None or st.finished or player != st.decider:
            return []
        return list(self._e.legal()[0])

    def _apply_action(self, action: int) -> None:
        engine = self._e
        if engine.st is None:
            engine.choose(int(action))
            return
        _, by_id = engine.legal()
        chosen = by_id.get(int(action))
        if chosen is None:
            raise pyspiel.SpielError(f"action {action} ({engine.game.data.index.text(int(action))}) is not legal now")
        engine.st.apply_action(chosen)
        engine.sampler = None

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed byte {int(action)}"
        st = self._e.st
        if st is not None and not st.finished and player == st.decider:
            chosen = self._e.legal()[1].get(int(action))
            if chosen is not None:
                return chosen.text
        return self._e.game.data.index.text(int(action))

    def is_terminal(self) -> bool:
        st = self._e.st
        return st is not None and st.finished

    def returns(self) -> list[float]:
        st = self._e.st
        if st is None or not st.finished:
            return [0.0] * self._e.game.data.rs.num_players
        return [float(r) for r in st.returns()]

    def rewards(self) -> list[float]:
        """All of a game's reward comes when it ends (RewardModel.TERMINAL)."""
        return self.returns()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> CardrulesState:
        """A state `player_id` cannot tell from this one, made by the engine's determinizer.

        The hidden cards are dealt again consistently with every decision seen, and the seed of later
        draws is new.  A sample whose information state for `player_id` differs from this one's (the
        determinizer falls back to a forced replay when it finds no consistent deal quickly) is drawn
        again, up to RESAMPLE_TRIES times; after that the state itself is returned (a sample that is
        certainly consistent, though not random), counted in RESAMPLE_STATS["real"].  The OpenSpiel
        history() of a sample is empty: a Python game cannot set it, and the real one would tell the
        hidden moves.
        """
        st = self._e.get()
        cached = self._e.sampler
        if cached is None or cached[0] != player_id or cached[1] != st.decisions:
            u = probability_sampler() if callable(probability_sampler) else random.random()
            cached = self._e.sampler = (player_id, st.decisions, Determinizer(st, player_id, random.Random(u)))
        game = self._e.game
        key = observing.info_state_string(st.observation(player_id))
        RESAMPLE_STATS["calls"] += 1
        for _ in range(RESAMPLE_TRIES):
            world = cached[2].sample()
            if world.decider == st.decider and observing.info_state_string(world.observation(player_id)) == key:
                return game.state_for(world)
            RESAMPLE_STATS["redrawn"] += 1
        RESAMPLE_STATS["real"] += 1
        return game.state_for(st.clone())

    def __str__(self) -> str:
        st = self._e.st
        return f"choosing the seed: {len(self._e.seed)} of {SEED_BYTES} bytes" if st is None else str(st)


class CardrulesObserver:
    """OpenSpiel's PyObserver interface (`tensor`, `dict`, `set_from`, `string_from`) over observations."""

    def __init__(self, layout: observing.Layout):
        self.layout = layout
        self.tensor, self.dict = layout.new_views()

    def set_from(self, state: CardrulesState, player: int) -> None:
        st = state._e.st
        if st is None:  # the seed is being chosen: nothing to see yet
            self.tensor.fill(0)
            return
        self.layout.fill(st.observation(player), self.tensor, self.dict)

    def string_from(self, state: CardrulesState, player: int) -> str:
        st = state._e.st
        if st is None:
            return f"seat {player}: the cards are being dealt"
        obs = st.observation(player)
        if self.layout.perfect_recall:
            return observing.info_state_string(obs)
        return observing.observation_string(obs)


def game_class(entry: Entry) -> type:
    """A CardrulesGame subclass bound to one ruleset (what pyspiel.register_game takes)."""
    return type(f"CardrulesGame_{entry.short_name}", (CardrulesGame,), {"entry": entry})


def register(entry: Entry) -> None:
    old = REGISTERED.get(entry.short_name)
    if old is not None:
        if Path(old.path).resolve() != Path(entry.path).resolve():
            raise ValueError(f"'{entry.short_name}' is already registered for {old.path}")
        return
    pyspiel.register_game(game_type(entry), game_class(entry))
    REGISTERED[entry.short_name] = entry


def register_shipped() -> list[str]:
    names = []
    for path in shipped_files():
        entry = entry_from_file(path)
        register(entry)
        names.append(entry.short_name)
    return names


def ensure_registered(short_name: str, path: str) -> None:
    if short_name not in REGISTERED:
        register(entry_from_ruleset(load_ruleset(path)))
