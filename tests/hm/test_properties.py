"""Properties over random play, checked against an independent reading of the rules.

Every deal is played with uniformly random legal actions from a seed.  The
oracle in helpers.py recomputes each trick's winner and combination, and
`oracle_legal` recomputes every legal set, from the cards alone.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hst

from .helpers import (
    SEATS,
    combination_value,
    is_trump,
    load_ruleset,
    native_robai,
    suit_of,
    trick_results,
    trick_winner,
    variables,
)

SEEDS = hst.integers(min_value=0, max_value=2**32 - 1)
FAST = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@dataclass
class Log:
    """What happened in one random deal, with every card's identity."""

    dealer: int
    trump: str
    indicator: str
    dealt: dict[int, list[str]]
    taker: int = -1
    declared: bool = False
    discard: str = ""
    plays: list[tuple[int, str]] = field(default_factory=list)


def oracle_legal(log: Log, seat: int, hand: list[str], meri_done: bool) -> set[str]:
    """HM-27 .. HM-31 with HM-A13 .. HM-A17: the cards `seat` may play now."""
    trump = log.trump
    trick = log.plays[len(log.plays) - len(log.plays) % 8 :]
    trumps = {c for c in hand if is_trump(c, trump)}
    if not trick:
        if len(log.plays) == 0 and trumps != set(hand):
            return set(hand) - trumps
        return set(hand)
    led = trick[0][1]
    if is_trump(led, trump):
        privileged = [c for c in log.dealt[seat] if is_trump(c, trump)] == [f"{trump}-sun"]
        if not trumps or (privileged and trumps == {f"{trump}-sun"}):
            return set(hand)
        return trumps
    if meri_done and any(suit_of(c) == suit_of(led) for c in set(hand) - trumps):
        return trumps | {c for c in hand if suit_of(c) == suit_of(led)}
    return set(hand)


def play_random(rs, seed: int, check_step=None) -> tuple[object, Log]:
    """One deal of random legal play; `check_step(st, log)` runs before every decision and at the end."""
    rng = random.Random(seed)
    st = rs.new_game(seed=seed, options={"deals": 1}, story=True)
    v = variables(st)
    log = Log(
        v["dealer"], v["trump"], v["indicator_card"], {s: list(st.observation(s)["zones"]["hand"][s]) for s in SEATS}
    )
    while not st.is_terminal():
        if check_step:
            check_step(st, log)
        seat = st.current_player()
        action = str(rng.choice(st.legal_actions()))
        verb, _, card = action.partition(" ")
        if verb == "declare":
            log.declared = True
        elif verb == "discard":
            log.discard = card
            log.taker = seat
        elif verb == "play":
            log.plays.append((seat, card))
        st.apply_action(action)
    if check_step:
        check_step(st, log)
    return st, log


def check_legality(st, log: Log) -> None:
    """The engine's legal set equals the oracle's at every decision."""
    if st.is_terminal():
        return
    seat = st.current_player()
    hand = st.observation(seat)["zones"]["hand"][seat]
    legal = {str(a) for a in st.legal_actions()}
    v = variables(st, seat)
    if v["trick_no"] == 0 and not log.discard and len(hand) == 9:
        holds = native_robai(log.trump) in hand
        assert legal == ({"declare", "pass"} if holds else {"pass"})
    elif len(hand) == 10:
        plain = {c for c in hand if not is_trump(c, log.trump)}
        assert legal == {f"discard {c}" for c in (plain or set(hand) - {log.indicator})}
    else:
        assert legal == {f"play {c}" for c in oracle_legal(log, seat, hand, v["meri_done"])}


def check_against_oracle(st, log: Log) -> None:
    """Every trick's winner and combination, and the deal score, as the oracle computes them."""
    results = trick_results(st)
    assert len(results) == 9
    taker = log.taker
    held = {s: set(log.dealt[s]) for s in SEATS}
    held[taker] = (held[taker] | {log.indicator}) - {log.discard}
    for seat, card in log.plays:
        held[seat].remove(card)
    assert all(len(h) == 1 for h in held.values())
    last = [((log.dealer + 1 + k) % 8, held[(log.dealer + 1 + k) % 8].pop()) for k in range(8)]
    tricks = [log.plays[8 * i : 8 * i + 8] for i in range(8)] + [last]
    hidden = not log.declared and any(native_robai(log.trump) in h for h in log.dealt.values())
    score = [0, 0]
    for i, trick in enumerate(tricks):
        final = i == 8
        led = suit_of(dict(trick)[log.dealer]) if final else suit_of(trick[0][1])
        meri = not final and is_trump(trick[0][1], log.trump)
        seat, card = trick_winner(trick, log.trump, led)
        value = combination_value(trick, log.trump, led, meri=meri, last_trick=final, robai_hidden=hidden)
        assert (results[i].trick, results[i].winner, results[i].card, results[i].combo) == (i + 1, seat, card, value)
        score[seat % 2] += 1 + value
        score[1 - seat % 2] -= value
    assert tuple(score) == tuple(st.records[0]["deal_score"])
    assert sum(score) == 9


# ----- the properties ---------------------------------------------------------------------------------------
@FAST
@given(seed=SEEDS)
def test_hm33_hm_a39_hm43_random_deals_match_the_oracle(seed):
    rs = load_ruleset()
    st, log = play_random(rs, seed, check_legality)
    check_against_oracle(st, log)


@FAST
@given(seed=SEEDS)
def test_hm43_hm_a30_team_scores_sum_to_9(seed):
    rs = load_ruleset()
    st = rs.new_game(seed=seed, options={"deals": 3}, story=True)
    rng = random.Random(seed)
    while not st.is_terminal():
        st.apply_action(rng.choice(st.legal_actions()))
    assert len(st.records) == 3
    assert all(sum(r["deal_score"]) == 9 for r in st.records)
    assert sum(st.returns()[:2]) == 27


def _conservation(st, log) -> None:
    zones = st.to_json()["zones"]
    faces = sorted(f for z in zones for f in z)
    assert faces == list(range(75))


@settings(max_examples=40, deadline=None)
@given(seed=SEEDS)
def test_hm1_hm34_all_75_cards_always_somewhere_and_72_played(seed):
    rs = load_ruleset()
    st, log = play_random(rs, seed, _conservation)
    plays = [e for e in st.observation(0)["history"] if isinstance(e["action"], str) and e["action"].startswith("play")]
    assert len(plays) == len(log.plays) == 64
    obs = st.observation(0)
    assert len(obs["zones"]["won"]) == 64 + 8 == 72
    assert len(obs["zones"]["side"]) == 3


def _no_leaks(st, log) -> None:
    """No seat sees another seat's hand (bar the public indicator), a face-down trump, or the hidden side cards."""
    opened = len(log.plays) > 0
    trick = log.plays[len(log.plays) - len(log.plays) % 8 :] if len(log.plays) < 64 else []
    meri = bool(trick) and is_trump(trick[0][1], log.trump)
    for seat in SEATS:
        obs = st.observation(seat)
        for other in SEATS:
            if other == seat:
                assert None not in obs["zones"]["hand"][other]
                continue
            visible = [c for c in obs["zones"]["hand"][other] if c is not None]
            assert visible in ([], [log.indicator]), f"seat {seat} sees {visible} in seat {other}'s hand"
            if visible:
                assert other == log.taker or log.taker < 0
        if not st.is_terminal():
            assert obs["zones"]["trick"] == [
                c if (s == seat or meri or not is_trump(c, log.trump)) else None for s, c in trick
            ]
        side = obs["zones"]["side"]
        if opened:
            assert None not in side
        else:
            assert side[:2] == [None, None]
            if len(side) == 3:
                assert side[2] == (log.discard if seat == log.taker else None)
        assert "robai_hidden" not in obs["variables"]
        assert [p is None for p in obs["variables"]["privileged"]] == [s != seat for s in SEATS]
        if obs["to_act"] != seat:
            assert obs["legal_actions"] == []


@settings(max_examples=30, deadline=None)
@given(seed=SEEDS)
def test_hm_a19_hm32_hm_a9_observations_never_leak_hidden_cards(seed):
    rs = load_ruleset()
    play_random(rs, seed, _no_leaks)


@settings(max_examples=10, deadline=None)
@given(seed=SEEDS)
def test_hm11_same_seed_same_game(seed):
    rs = load_ruleset()
    a, log_a = play_random(rs, seed)
    b, log_b = play_random(rs, seed)
    assert log_a == log_b
    assert a.to_json() == b.to_json()


@settings(max_examples=10, deadline=None)
@given(seed=SEEDS, cut=hst.integers(min_value=0, max_value=72))
def test_hm11_saved_and_cloned_states_continue_identically(seed, cut):
    rs = load_ruleset()
    rng = random.Random(seed)
    st = rs.new_game(seed=seed, options={"deals": 1}, story=True)
    for _ in range(cut):
        if st.is_terminal():
            break
        st.apply_action(rng.choice(st.legal_actions()))
    copies = [st.clone(), rs.state_from_json(json.loads(json.dumps(st.to_json())))]
    state = rng.getstate()
    for game in [st, *copies]:
        rng.setstate(state)
        while not game.is_terminal():
            game.apply_action(rng.choice(game.legal_actions()))

    def saved(game):
        return json.loads(json.dumps(game.to_json()))

    assert saved(st) == saved(copies[0]) == saved(copies[1])
    assert st.records == copies[0].records


def test_hm11_to_json_is_a_snapshot(rs):
    st = rs.new_game(seed=0, options={"deals": 1}, story=True)
    data = st.to_json()
    saved = json.dumps(data)
    restored = rs.state_from_json(data)
    for _ in range(9):  # the declaration and the discard
        st.apply_action(st.legal_actions()[0])
    assert json.dumps(data) == saved
    assert restored.to_json() == rs.state_from_json(json.loads(saved)).to_json()


def test_hm11_records_survive_a_json_round_trip(rs):
    rng = random.Random(3)
    st = rs.new_game(seed=3, options={"deals": 2}, story=True)
    while not st.records:
        st.apply_action(rng.choice(st.legal_actions()))
    restored = rs.state_from_json(json.loads(json.dumps(st.to_json())))
    assert restored.records == st.records


@pytest.mark.slow
def test_soak_10000_deals_match_the_oracle(rs):
    for seed in range(10_000):
        st, log = play_random(rs, seed)
        check_against_oracle(st, log)
