"""Oh Hell (rulesets/oh_hell.yaml) through the public API.

Hands are fixed with `deck_orders`: cards are dealt one at a time from the
dealer's left (OH-11), so with the dealer at seat d card i goes to seat
(d + 1 + i) % n, and the card after the hands is turned up (OH-12).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import interpreter
from interpreter.compiling.pipeline import check_file
from interpreter.engine.state import IllegalAction

PATH = Path(__file__).resolve().parents[2] / "rulesets" / "oh_hell.yaml"
SUITS = ("spades", "hearts", "diamonds", "clubs")
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "j", "q", "k", "a")
DECK = tuple(f"{s}-{r}" for s in SUITS for r in RANKS)


@pytest.fixture(scope="module")
def oh():
    return interpreter.load(str(PATH))


def deck_order(hands: dict[int, list[str]], dealer: int, turnup: str | None = None) -> list[str]:
    n = len(hands)
    size = len(hands[0])
    order = []
    for i in range(size):
        for k in range(n):
            order.append(hands[(dealer + 1 + k) % n][i])
    if turnup is not None:
        order.append(turnup)
    order += [c for c in DECK if c not in order]
    assert len(set(order)) == 52
    return order


def legal(st) -> set[str]:
    return {a.text for a in st.legal_actions()}


def random_game(rs, seed: int, **options):
    rng = random.Random(seed)
    st = rs.new_game(seed=seed, options=options)
    while not st.is_terminal():
        st.apply_action(rng.choice(st.legal_actions()))
    return st


HANDS = {
    1: ["hearts-a", "hearts-k", "spades-2"],
    2: ["hearts-2", "clubs-a", "clubs-k"],
    3: ["diamonds-a", "diamonds-k", "spades-3"],
    0: ["spades-a", "spades-k", "clubs-2"],
}
ONE_DEAL = {"fixed_size": True, "deals": 1, "max_cards": 3, "first_dealer": 0}


def test_validates_cleanly():
    report = check_file(str(PATH))
    assert report.ok, [d.message for d in report.diagnostics]
    assert not report.diagnostics


def scripted_deal(oh, **options):
    st = oh.new_game(seed=1, options={**ONE_DEAL, **options}, deck_orders=[deck_order(HANDS, 0, "spades-5")])
    assert st.observation(0)["variables"]["trump"] == "spades"  # OH-12
    # OH-14: the dealer's left bids first, any number from 0 to the hand size
    assert st.current_player() == 1 and legal(st) == {"bid 0", "bid 1", "bid 2", "bid 3"}
    for move in ("bid 1", "bid 1", "bid 0"):
        st.apply_action(move)
    assert st.current_player() == 0
    return st


def test_bidding_and_the_hook(oh):
    st = scripted_deal(oh)
    # OH-15: 1 + 1 + 0 + 1 would equal the 3 tricks
    assert legal(st) == {"bid 0", "bid 2", "bid 3"}
    with pytest.raises(IllegalAction, match="OH-15"):
        st.apply_action("bid 1")
    # without the hook the dealer may bid anything
    st2 = scripted_deal(oh, hook=False)
    assert legal(st2) == {"bid 0", "bid 1", "bid 2", "bid 3"}


@pytest.mark.parametrize("missed_bid, points", [(0, [12, 0, 0, 0]), (1, [12, 0, 0, 1]), (2, [12, -1, -1, -1])])
def test_follow_suit_trumps_and_scoring(oh, missed_bid, points):
    st = scripted_deal(oh, missed_bid=missed_bid)
    st.apply_action("bid 2")
    # trick 1: seat 1 leads (OH-16); seat 2 must follow hearts (OH-17), seat 3 is void
    assert st.current_player() == 1
    st.apply_action("play hearts-a")
    assert legal(st) == {"play hearts-2"}
    st.apply_action("play hearts-2")
    assert legal(st) == {"play diamonds-a", "play diamonds-k", "play spades-3"}
    st.apply_action("play spades-3")  # a small trump beats the ace led (OH-18)
    st.apply_action("play clubs-2")
    assert st.current_player() == 3  # the winner leads
    assert st.observation(0)["variables"]["tricks"] == [0, 0, 0, 1]
    # trick 2: seat 0 trumps the diamond ace with the king of spades
    for move in ("play diamonds-a", "play spades-k", "play hearts-k", "play clubs-k"):
        st.apply_action(move)
    # trick 3: seat 0 leads the ace of spades; seat 1 must follow with its last spade
    st.apply_action("play spades-a")
    assert legal(st) == {"play spades-2"}
    for move in ("play spades-2", "play clubs-a", "play diamonds-k"):
        st.apply_action(move)
    assert st.is_terminal()
    rec = st.records[-1]
    assert list(rec["bids"]) == [2, 1, 1, 0] and list(rec["tricks"]) == [2, 0, 0, 1]
    assert list(rec["points"]) == points  # OH-19, OH-20
    assert st.returns() == points


def test_no_trumps_when_no_card_is_left(oh):
    hands = {
        1: [f"spades-{r}" for r in RANKS],
        2: [f"hearts-{r}" for r in RANKS],
        3: [f"diamonds-{r}" for r in RANKS],
        0: [f"clubs-{r}" for r in RANKS],
    }
    st = oh.new_game(
        seed=1,
        options={"fixed_size": True, "deals": 1, "max_cards": 13, "first_dealer": 0},
        deck_orders=[deck_order(hands, 0)],
    )
    obs = st.observation(2)
    assert obs["variables"]["hand_size"] == 13
    assert obs["variables"]["trump"] is None and obs["zones"]["turnup"] == []  # OH-13
    for move in ("bid 0", "bid 0", "bid 0"):
        st.apply_action(move)
    assert "bid 13" not in legal(st)  # hook: 0 + 0 + 0 + 13 = 13
    st.apply_action("bid 1")
    for move in ("play spades-2", "play hearts-a", "play diamonds-a", "play clubs-a"):
        st.apply_action(move)
    # OH-18: without trumps only the led suit can win, so the 2 beats three aces
    assert st.observation(0)["variables"]["tricks"] == [0, 1, 0, 0]
    assert st.current_player() == 1


@pytest.mark.parametrize(
    "options, sizes",
    [
        ({}, list(range(12, 0, -1)) + list(range(2, 13))),  # OH-7, OH-8, OH-10
        ({"start_low": True, "max_cards": 4}, [1, 2, 3, 4, 3, 2, 1]),
        ({"and_back": False, "max_cards": 4}, [4, 3, 2, 1]),
        ({"start_low": True, "and_back": False, "max_cards": 3}, [1, 2, 3]),
        ({"fixed_size": True, "deals": 3, "max_cards": 5}, [5, 5, 5]),  # OH-9
        ({"max_cards": 17}, list(range(13, 0, -1)) + list(range(2, 14))),  # at most 52 // players
    ],
)
def test_hand_size_schedules(oh, options, sizes):
    st = random_game(oh, 5, **options)
    assert [r["hand_size"] for r in st.records] == sizes
    for r in st.records:
        assert sum(r["tricks"]) == r["hand_size"]
        assert sum(r["bids"]) != r["hand_size"]  # the hook is on by default
        assert all((p == 10 + b) == (t == b) for p, b, t in zip(r["points"], r["bids"], r["tricks"]))
    assert st.returns() == [sum(r["points"][s] for r in st.records) for s in range(4)]


@pytest.mark.parametrize("count, largest", [(3, 17), (5, 10), (7, 7)])
def test_other_player_counts_by_variant(oh, tmp_path, count, largest):
    """OH-1: the seat count is fixed in the file, so 3-7 players is a two-line variant."""
    variant = tmp_path / f"oh_hell_{count}.yaml"
    variant.write_text(f"extends: {PATH}\nid: oh_hell_{count}\nplayers: {{count: {count}}}\n")
    report = check_file(str(variant))
    assert report.ok, [d.message for d in report.diagnostics]
    rs = interpreter.load(str(variant))
    st = random_game(rs, count, max_cards=0)
    sizes = [r["hand_size"] for r in st.records]
    assert max(sizes) == largest and len(sizes) == 2 * largest - 1
    assert len(st.returns()) == count


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_random_games_finish(oh, seed):
    st = random_game(oh, seed, hook=seed % 2 == 0, missed_bid=seed % 3)
    assert st.is_terminal() and len(st.records) == 23
    totals = list(st.records[-1]["totals"])
    assert st.returns() == totals


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_three_to_seven_players_each_get_the_largest_hand_that_leaves_a_card_to_turn_up(players):
    rs = interpreter.load(str(PATH), players=players)
    largest = 51 // players  # OH-10: 17, 12, 10, 8, 7
    st = rs.new_game(seed=players, options={"first_dealer": 0})
    seen = st.observation(1)
    assert [len(seen["zones"]["hand"][s]) for s in range(players)] == [largest] * players
    assert len(seen["zones"]["turnup"]) == 1
    rng = random.Random(players)
    while not st.is_terminal():
        st.apply_action(rng.choice(st.legal_actions()))
    assert len(st.deals) == 2 * largest - 1  # down to one card and back (OH-6, OH-8)
    assert len(st.returns()) == players
