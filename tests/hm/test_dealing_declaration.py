"""Dealing and declaration: HM-11 .. HM-17, HM-A1 .. HM-A4, HM-A32, HM-A34, HM-A40, EX17."""

from __future__ import annotations

import random

import pytest

from interpreter.engine.state import IllegalAction

from .helpers import (
    ALL_CARDS,
    SEATS,
    TENKA,
    dealt_by_rule,
    deck_order,
    declaration,
    discard,
    legal_cards,
    new_deal,
    play_at,
    random_deal,
    variables,
)


def _own_hands(st) -> dict[int, set[str]]:
    return {s: set(st.observation(s)["zones"]["hand"][s]) for s in SEATS}


def _ex17_deck() -> list[str]:
    """A fixed pseudo-random order with d[72] = I:7 and the Isu Robai dealt (d[9])."""
    rest = [c for c in ALL_CARDS if c not in ("isu-7", "isu-robai")]
    random.Random(17).shuffle(rest)
    deck = rest[:9] + ["isu-robai"] + rest[9:71] + ["isu-7"] + rest[71:]
    assert deck[72] == "isu-7" and sorted(deck) == sorted(ALL_CARDS)
    return deck


# ----- EX17 / HM-12 / HM-13 / HM-14 ----------------------------------------------------------------
def test_ex17_dealing_and_declaration_order(rs):
    deck = _ex17_deck()
    st = new_deal(rs, deck, 5, deals=2)
    hands = _own_hands(st)
    assert hands[6] == set(deck[0:3] + deck[24:27] + deck[48:51])
    assert hands[5] == set(deck[21:24] + deck[45:48] + deck[69:72])
    assert hands == {s: set(h) for s, h in dealt_by_rule(deck, 5).items()}
    obs = st.observation(0)
    assert obs["zones"]["indicator"] == ["isu-7"]
    assert obs["zones"]["side"] == [None, None]
    assert variables(st)["trump"] == "isu"
    holder = next(s for s in SEATS if "isu-robai" in hands[s])
    order = []
    for _ in range(8):
        seat = st.current_player()
        order.append(seat)
        expected = {"declare", "pass"} if seat == holder else {"pass"}
        assert {str(a) for a in st.legal_actions()} == expected
        st.apply_action("pass")
    assert order == [6, 7, 0, 1, 2, 3, 4, 5]
    # all passed: seat 5 takes I:7, discards a non-trump and leads a non-trump
    assert st.current_player() == 5
    hand5 = st.observation(5)["zones"]["hand"][5]
    assert len(hand5) == 10 and "isu-7" in hand5
    non_trumps = {c for c in hand5 if not c.startswith("isu-") and c != TENKA}
    assert legal_cards(st) == non_trumps
    st.apply_action(f"discard {sorted(non_trumps)[0]}")
    assert st.current_player() == 5
    assert legal_cards(st) == non_trumps - {sorted(non_trumps)[0]}
    # finish the deal at random: the next deal is dealt by seat 6, whose left (7) speaks first
    rng = random.Random(5)
    while len(st.records) == 0:
        st.apply_action(rng.choice(st.legal_actions()))
    assert st.records[0]["dealer"] == 5
    assert variables(st)["dealer"] == 6 and st.current_player() == 7


@pytest.mark.parametrize("dealer", [0, 3, 7])
def test_hm12_packets_of_three_from_the_dealers_left(rs, dealer):
    deck = deck_order(dealer, {}, "koppu-1")
    deck = deck[:72][::-1] + deck[72:]  # any order works: reverse the dealt part
    st = new_deal(rs, deck, dealer)
    hands = _own_hands(st)
    for k in range(8):
        seat = (dealer + 1 + k) % 8
        expected = {deck[24 * r + 3 * k + i] for r in range(3) for i in range(3)}
        assert hands[seat] == expected, f"recipient {k} (seat {seat})"


def test_hm13_indicator_is_d72_and_its_printed_suit_is_trump(rs):
    deck = deck_order(0, {}, "ouru-kaba", ["guru-1", "isu-2"])
    st = new_deal(rs, deck, 0)
    obs = st.observation(3)
    assert obs["zones"]["indicator"] == ["ouru-kaba"]
    assert variables(st)["trump"] == "ouru" and variables(st)["indicator_card"] == "ouru-kaba"
    assert obs["zones"]["side"] == [None, None]  # d[73], d[74] stay face down
    assert not any({"guru-1", "isu-2"} & set(st.observation(s)["zones"]["hand"][s]) for s in SEATS)


def test_hm13_pao_robai_indicator_makes_pao_trump(rs):
    deck = deck_order(2, {}, TENKA)
    st = new_deal(rs, deck, 2)
    assert variables(st)["trump"] == "pao"


def test_hm14_every_seat_is_asked_in_turn_even_without_the_robai(rs):
    deck = deck_order(3, {}, "guru-2", ["guru-robai"])  # nobody can declare
    st = new_deal(rs, deck, 3)
    asked = []
    for _ in range(8):
        asked.append(st.current_player())
        assert [str(a) for a in st.legal_actions()] == ["pass"]
        st.apply_action("pass")
    assert asked == [4, 5, 6, 7, 0, 1, 2, 3]
    assert [e["seat"] for e in st.observation(0)["history"]] == asked


# ----- HM-15 / HM-16 / HM-17 -------------------------------------------------------------------------
def test_hm15_only_the_native_robai_holder_may_declare(rs):
    deck = deck_order(0, {4: ["koppu-robai"], 2: ["ouru-robai", TENKA]}, "koppu-3")
    st = new_deal(rs, deck, 0)
    st.apply_action("pass")  # seat 1
    assert st.current_player() == 2
    with pytest.raises(IllegalAction, match=r"not allowed: .*\(HM-15\)"):
        st.apply_action("declare")  # another suit's Robai and Tenka do not count
    st.apply_action("pass")
    st.apply_action("pass")  # seat 3
    assert {str(a) for a in st.legal_actions()} == {"declare", "pass"}
    st.apply_action("pass")  # declaring is optional
    assert st.current_player() == 5


def test_hm16_declaring_ends_the_declaration_and_is_public(rs):
    deck = deck_order(0, {4: ["koppu-robai"]}, "koppu-3")
    st = new_deal(rs, deck, 0)
    assert declaration(st, 0, declarer=4) == 4
    assert st.current_player() == 4  # seats 5, 6, 7, 0 are not asked
    hand = st.observation(4)["zones"]["hand"][4]
    assert len(hand) == 10 and "koppu-3" in hand  # the declarer takes the indicator
    for seat in SEATS:
        v = variables(st, seat)
        assert (v["declared"], v["taker"]) == (True, 4)
        assert st.observation(seat)["history"][-1] == {"seat": 4, "action": "declare"}
        assert "robai_hidden" not in v


def test_hm17_all_pass_the_dealer_takes_the_indicator(rs):
    deck = deck_order(6, {1: ["isu-robai"]}, "isu-4")
    st = new_deal(rs, deck, 6)
    assert declaration(st, 6) == 6
    assert st.current_player() == 6
    v = variables(st)
    assert (v["declared"], v["taker"]) == (False, 6)
    assert "isu-4" in st.observation(6)["zones"]["hand"][6]
    assert st.observation(1)["zones"]["indicator"] == []


# ----- HM-A1: the same turns and observations whoever holds the Robai ---------------------------------
def _declaration_views(rs, holder: int):
    robai, other = ["guru-robai", "ouru-1"], ["ouru-2", "ouru-3"]
    hands = {3: robai, 4: other} if holder == 3 else {3: other, 4: robai}
    deck = deck_order(0, hands, "guru-5")
    st = new_deal(rs, deck, 0)
    views = []
    for _ in range(8):
        views.append((st.current_player(), st.observation(0), st.observation(6)))
        st.apply_action("pass")
    views.append((st.current_player(), st.observation(0), st.observation(6)))
    return views, st


def test_hm_a1_turns_and_observations_do_not_show_who_could_declare(rs):
    with_3, st3 = _declaration_views(rs, 3)
    with_4, st4 = _declaration_views(rs, 4)
    assert "guru-robai" in st3.observation(3)["zones"]["hand"][3]
    assert "guru-robai" in st4.observation(4)["zones"]["hand"][4]
    assert with_3 == with_4
    for seat, obs0, _ in with_3[:-1]:
        assert obs0["legal_actions"] == ([] if seat != 0 else ["pass"])


def test_hm_a1_robai_holder_has_declare_others_only_pass(rs):
    deck = deck_order(0, {3: ["guru-robai"]}, "guru-5")
    st = new_deal(rs, deck, 0)
    for seat in [1, 2, 3, 4, 5, 6, 7, 0]:
        assert st.current_player() == seat
        assert {str(a) for a in st.legal_actions()} == ({"declare", "pass"} if seat == 3 else {"pass"})
        st.apply_action("pass")


# ----- HM-A2 / HM-A3 / HM-A4 ----------------------------------------------------------------------------
def test_hm_a2_indicator_robai_nobody_declares_dealer_takes(rs):
    deck = deck_order(2, {}, "ouru-robai")
    st = new_deal(rs, deck, 2)
    for _ in range(8):
        assert [str(a) for a in st.legal_actions()] == ["pass"]
        st.apply_action("pass")
    assert st.current_player() == 2 and variables(st)["taker"] == 2


# The taker (dealer 0) plays the indicator O:Ro face down; seat 1 plays O:Re: Robai-Rei.
A2_PLAYS = {2: "koppu-9", 3: "ouru-rei", 4: "isu-2", 5: "isu-3", 6: "isu-4", 7: "isu-5", 0: "ouru-robai", 1: "pao-2"}


def test_hm_a2_indicator_robai_is_not_hidden_combination_worth_2(rs):
    _, res, delta = play_at(rs, indicator="ouru-robai", trick=2, leader=2, plays=A2_PLAYS)
    assert (res.winner, res.card, res.combo) == (0, "ouru-robai", 2)
    assert delta == (3, -2)


def test_hm_a2_option_counts_the_indicator_robai_as_hidden(rs):
    _, res, delta = play_at(
        rs, indicator="ouru-robai", trick=2, leader=2, plays=A2_PLAYS, options={"indicator_robai_hidden": True}
    )
    assert (res.winner, res.combo) == (0, 5)
    assert delta == (6, -5)


def test_hm_a3_robai_among_the_remaining_cards_nobody_may_declare(rs):
    deck = deck_order(1, {}, "koppu-4", ["pao-2", "koppu-robai"])
    st = new_deal(rs, deck, 1)
    for _ in range(8):
        assert [str(a) for a in st.legal_actions()] == ["pass"]
        st.apply_action("pass")
    v = variables(st)
    assert (v["taker"], v["declared"]) == (1, False)
    assert not any("koppu-robai" in st.observation(s)["zones"]["hand"][s] for s in SEATS)


# Robai-Rei with the dealer's (seat 0) native Robai against seat 3's Rei, trick 2 led by seat 2.
A4_PLAYS = {2: "koppu-9", 3: "guru-rei", 4: "isu-2", 5: "isu-3", 6: "isu-4", 7: "isu-5", 0: "guru-robai", 1: "pao-2"}


def test_hm_a4_dealer_holding_the_robai_may_declare(rs):
    deal, res, delta = play_at(rs, indicator="guru-5", trick=2, leader=2, plays=A4_PLAYS, declarer=0)
    assert variables(deal.st)["declared"] is True
    assert (res.winner, res.combo) == (0, 2)
    assert delta == (3, -2)


def test_hm_a4_dealer_who_passes_keeps_the_robai_hidden(rs):
    deck = deck_order(0, {0: ["guru-robai"]}, "guru-5")
    st = new_deal(rs, deck, 0)
    for _ in range(7):
        st.apply_action("pass")
    assert st.current_player() == 0 and {str(a) for a in st.legal_actions()} == {"declare", "pass"}
    st.apply_action("pass")
    assert variables(st)["taker"] == 0 and variables(st)["declared"] is False
    deal, res, delta = play_at(rs, indicator="guru-5", trick=2, leader=2, plays=A4_PLAYS)
    assert (res.winner, res.combo) == (0, 5)
    assert delta == (6, -5)


# ----- HM-11 / HM-A34 / HM-A32 / HM-A40 -----------------------------------------------------------------
def test_hm11_hm_a34_one_seeded_shuffle_then_the_packet_deal(rs):
    faces = rs.faces(list(ALL_CARDS))
    card_of = dict(zip(faces, ALL_CARDS))
    deals = []
    for seed in (1, 2, 1):
        st = rs.new_game(seed=seed, options={"first_dealer": 4, "deals": 1}, story=True)
        shuffles = st.to_json()["shuffles"]
        assert len(shuffles) == 1
        order = [card_of[f] for f in shuffles[0][1]]
        assert sorted(order) == sorted(ALL_CARDS)
        assert _own_hands(st) == {s: set(h) for s, h in dealt_by_rule(order, 4).items()}
        assert st.observation(0)["zones"]["indicator"] == [order[72]]
        replay = new_deal(rs, order, 4)
        assert replay.observation(2) == st.observation(2)
        deals.append(order)
    assert deals[0] == deals[2] and deals[0] != deals[1]


def test_hm_a32_deal_declaration_and_play_go_in_increasing_seat_order(rs):
    deck = deck_order(6, {}, "guru-2", ["guru-robai"])
    st = new_deal(rs, deck, 6)
    assert dealt_by_rule(deck, 6)[7] == deck[0:3] + deck[24:27] + deck[48:51]
    assert declaration(st, 6) == 6
    discard(st, 6, sorted(legal_cards(st))[0])
    seats = []
    for _ in range(8):
        seats.append(st.current_player())
        st.apply_action(sorted(st.legal_actions(), key=str)[0])
    assert seats == [6, 7, 0, 1, 2, 3, 4, 5]


def test_hm_a40_indicator_taker_and_declaration_are_public(rs):
    deck = deck_order(0, {5: ["isu-robai"]}, "isu-sun")
    st = new_deal(rs, deck, 0)
    for seat in SEATS:
        assert st.observation(seat)["zones"]["indicator"] == ["isu-sun"]
    declaration(st, 0, declarer=5)
    for seat in SEATS:
        obs = st.observation(seat)
        assert obs["variables"]["taker"] == 5 and obs["variables"]["declared"] is True
        assert {"seat": 5, "action": "declare"} in obs["history"]
        # the indicator stays known: it lies face up in the taker's hand until played
        assert "isu-sun" in obs["zones"]["hand"][5]
        if seat != 5:
            assert [c for c in obs["zones"]["hand"][5] if c is not None] == ["isu-sun"]


def test_hm_a34_different_seeds_deal_different_hands(rs):
    hands = [
        tuple(sorted(rs.new_game(seed=s, options={"first_dealer": 0, "deals": 1}).observation(1)["zones"]["hand"][1]))
        for s in range(6)
    ]
    assert len(set(hands)) == 6
    again = random_deal(rs, 3, dealer=0)
    assert again.to_json() == random_deal(rs, 3, dealer=0).to_json()
