"""The ruleset's hints for the AI players (its `hints` section), checked against the rules' oracle.

The hints are not rules: they say what the AI seats prefer.  These tests pin the few
preferences the measurements in docs/agents.md rest on, over random play from every seat:
the holder of the native Robai declares (HM-15), a follower before the first Meri keeps
its trumps while others are still to play (HM-30, HM-32), and the last to play to a plain
trick wins it when the other team holds it and it can (HM-33).
"""

from __future__ import annotations

import random

import pytest

from interpreter.engine.hints import preferences

from .helpers import is_trump, load_ruleset, plain_order, suit_of, team_of, trick_winner

SEEDS = range(40)


def _weaker(a: str, b: str) -> bool:
    """Whether plain card `a` ranks below plain card `b` of the same suit (HM-23)."""
    order = plain_order(suit_of(b))
    return suit_of(a) == suit_of(b) and order.index(a) > order.index(b)


def _trick(st) -> list[tuple[int, str]]:
    """The trick so far as (seat, card), face-down cards included (each seat sees its own)."""
    views = [st.observation(s)["zones"]["trick"] for s in range(8)]
    placed = st.observation(0)["placed_by"]["trick"]
    return [(by, next(v[i] for v in views if v[i] is not None)) for i, by in enumerate(placed)]


def _positions(seed: int):
    """Every decision of a deal played at random, with the hints' favourite among its legal actions."""
    st = load_ruleset().new_game(seed=seed, options={"deals": 1})
    rng = random.Random(seed)
    while not st.is_terminal():
        legal = st.legal_actions()
        if len(legal) > 1:
            yield st, legal, preferences(st, legal)
        st.apply_action(rng.choice(legal))


def _favourites(legal, scores) -> list[str]:
    top = max(scores)
    return [a.text for a, s in zip(legal, scores) if s == top]


@pytest.mark.parametrize("seed", SEEDS)
def test_hm15_the_holder_of_the_native_robai_is_hinted_to_declare(seed):
    asked = 0
    for _st, legal, scores in _positions(seed):
        texts = [a.text for a in legal]
        if "declare" in texts:
            asked += 1
            assert _favourites(legal, scores) == ["declare"], f"seed {seed}: {dict(zip(texts, scores))}"
    assert asked <= 1


def _plain_trick_position(st, legal):
    v = st.observation(st.current_player())["variables"]
    trick = _trick(st)
    if not trick or v["meri"] or not legal[0].text.startswith("play"):
        return None
    return v, trick


@pytest.mark.parametrize("seed", SEEDS)
def test_hm30_before_the_first_meri_a_follower_keeps_its_trumps_while_others_are_to_play(seed):
    """Following a plain lead before any Meri, with seats still to play and plain cards in hand, the
    favourite is a plain card, the weakest of its suit; when the other team holds the trick, a trump that
    would win it comes right after the favourite (and cards as weak), so the search still weighs trumping in."""
    seen = 0
    for st, legal, scores in _positions(seed):
        found = _plain_trick_position(st, legal)
        if found is None:
            continue
        v, trick = found
        if v["meri_done"] or len(trick) == 7:
            continue
        trump, seat = v["trump"], st.current_player()
        cards = [a.text.split(" ", 1)[1] for a in legal]
        plain = [c for c in cards if not is_trump(c, trump)]
        if not plain:
            continue
        ranked = sorted(zip(scores, cards), reverse=True)
        favourite = ranked[0][1]
        assert favourite in plain and not any(_weaker(c, favourite) for c in plain), (
            f"seed {seed}, seat {seat}, trick {trick}: {ranked}"
        )
        winners = [
            c for c in cards if is_trump(c, trump) and trick_winner([*trick, (seat, c)], trump, v["led_suit"])[1] == c
        ]
        theirs = team_of(trick_winner(trick, trump, v["led_suit"])[0]) != team_of(seat)
        if winners and theirs and len(plain) > 1:
            best_winner = max(s for s, c in ranked if c in winners)
            above = [c for s, c in ranked if s > best_winner]
            assert all(s == ranked[0][0] for s, c in ranked if c in above), (
                f"seed {seed}: a winning trump does not come right after the favourite: {ranked}"
            )
        seen += 1
    assert seen > 0


@pytest.mark.parametrize("seed", SEEDS)
def test_hm33_the_last_to_play_takes_the_other_teams_trick_when_it_can(seed):
    for st, legal, scores in _positions(seed):
        found = _plain_trick_position(st, legal)
        if found is None:
            continue
        v, trick = found
        if len(trick) != 7:
            continue
        trump, seat = v["trump"], st.current_player()
        holder = trick_winner(trick, trump, v["led_suit"])[0]
        if team_of(holder) == team_of(seat):
            continue
        cards = [a.text.split(" ", 1)[1] for a in legal]
        winning = [c for c in cards if trick_winner([*trick, (seat, c)], trump, v["led_suit"])[0] == seat]
        if not winning:
            continue
        favourite = max(zip(scores, cards))[1]
        assert favourite in winning, f"seed {seed}: last to play, could win with {winning}, favours {favourite}"
