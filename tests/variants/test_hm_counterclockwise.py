"""hachinin_meri_counterclockwise: play passes to seat - 1 (HM-V3.1) and the Pao Sota is Tenka (HM-V3.2 .. HM-V3.5).

The base game deals, declares and plays to seat + 1 with the Pao Robai as Tenka.
"""

import random

import pytest

from tests.hm.helpers import ALL_CARDS, legal_cards, trick_results
from tests.variants import actions, load, lockstep, rule_changes

BASE, VARIANT = "hachinin_meri", "variants/hachinin_meri_counterclockwise"
STEP = {BASE: 1, VARIANT: -1}


def recipients(name: str, dealer: int) -> list[int]:
    """HM-12 in the ruleset's direction: the seats receiving packets, from the next seat to the dealer."""
    return [(dealer + STEP[name] * (1 + k)) % 8 for k in range(8)]


def deck(name: str, hands: dict[int, list[str]], indicator: str, remaining: list[str], dealer: int = 0) -> list[str]:
    """d[0..74] dealing the full hands by HM-12 in the ruleset's direction (HM-13 for d[72..74])."""
    d = []
    for r in range(3):
        for seat in recipients(name, dealer):
            d += hands[seat][3 * r : 3 * r + 3]
    d += [indicator, *remaining]
    assert sorted(d) == sorted(ALL_CARDS), "every card once"
    return d


def hands_with(plays: dict[int, str], keep: dict[int, list[str]], used: list[str]):
    """Full hands: each seat's trick-1 card, the cards it keeps, then the unused cards in order,
    plain ones first (trumps of the indicator's suit, used[0], and both Tenka candidates last)."""
    trump = used[0].split("-")[0]
    free = [
        c for c in ALL_CARDS if c not in used and c not in plays.values() and not any(c in k for k in keep.values())
    ]
    free.sort(key=lambda c: c.startswith(trump) or c in ("pao-sota", "pao-robai"))
    hands = {}
    for s in range(8):
        hand = [plays[s], *keep.get(s, [])]
        while len(hand) < 9:
            hand.append(free.pop(0))
        hands[s] = hand
    assert not free
    return hands


def start(name: str, hands, indicator: str, remaining: list[str], dealer: int = 0, keep=()):
    """Deal, everyone passes (the dealer takes the indicator), the dealer discards a legal card not in `keep`."""
    st = load(name).new_game(
        seed=0,
        options={"first_dealer": dealer, "deals": 1},
        deck_orders=[deck(name, hands, indicator, remaining, dealer)],
        story=True,
    )
    for seat in recipients(name, dealer):
        assert st.current_player() == seat
        st.apply_action("pass")
    assert st.current_player() == dealer
    discard = min(a for a in actions(st) if a.split()[1] not in keep)
    st.apply_action(discard)
    return st, discard.split()[1]


def play_trick(st, plays: dict[int, str]):
    """Whoever is to act plays their card of `plays` until the trick is over; returns its result."""
    done = len(trick_results(st))
    order = []
    while len(trick_results(st)) == done:
        seat = st.current_player()
        order.append(seat)
        st.apply_action(f"play {plays[seat]}")
    return order, trick_results(st)[-1]


def test_hm_v3_changes():
    assert rule_changes(BASE, VARIANT) == {
        ("players", "order"),
        ("rules", "HM-3"),
        ("rules", "HM-4"),
        ("rules", "HM-6"),
        ("rules", "HM-A12"),
        ("rules", "HM-A32"),
        ("rules", "HM-V3.1"),
        ("rules", "HM-V3.2"),
        ("rules", "HM-V3.3"),
        ("rules", "HM-V3.4"),
        ("rules", "HM-V3.5"),
        ("functions", "is_trump", "id"),
        ("functions", "is_trump", "value"),
        ("functions", "trump_power", "id"),
        ("functions", "trump_power", "value"),
        ("functions", "plain_power", "id"),
        ("functions", "plain_power", "value"),
        ("functions", "is_combination", "id"),
        ("functions", "is_combination", "value"),
        (
            "functions",
            "is_native_sota",
        ),
    }


# ----- HM-V3.1: counterclockwise ---------------------------------------------------------
def test_hm_v3_1_deal_and_declaration_go_counterclockwise():
    d = ALL_CARDS[::-1]  # any fixed order
    for name, first in ((BASE, 1), (VARIANT, 7)):
        st = load(name).new_game(seed=0, options={"first_dealer": 0, "deals": 1}, deck_orders=[d], story=True)
        assert st.current_player() == first  # the first to declare
        assert sorted(st.observation(first)["zones"]["hand"][first]) == sorted(d[0:3] + d[24:27] + d[48:51])
        assert sorted(st.observation(0)["zones"]["hand"][0]) == sorted(d[21:24] + d[45:48] + d[69:72])
        order = []
        for _ in range(8):
            order.append(st.current_player())
            st.apply_action("pass")
        assert order == [(STEP[name] * k) % 8 for k in range(1, 9)]
        assert st.current_player() == 0 and all(a.startswith("discard") for a in actions(st))


@pytest.mark.parametrize("seed", [1, 2])
def test_hm_v3_1_dealer_moves_counterclockwise(seed):
    rng = random.Random(seed)
    for name, step in ((BASE, 1), (VARIANT, -1)):
        st = load(name).new_game(seed=seed, options={"first_dealer": 3, "deals": 3}, story=True)
        while not st.is_terminal():
            st.apply_action(rng.choice(actions(st)))
        assert [r["dealer"] for r in st.records] == [3, (3 + step) % 8, (3 + 2 * step) % 8]


def test_hm_v3_1_mirror_of_the_base_when_both_tenka_cards_are_out_of_play():
    """With the Pao Sota and the Pao Robai as the two remaining cards, the variant is the
    base game seen in a mirror: seat s plays the part of seat -s (teams are unchanged), the
    same choices are legal and the deal scores are equal."""
    d = [c for c in ALL_CARDS if c not in ("guru-5", "pao-sota", "pao-robai")]
    for seed in range(12):
        order = d[:]
        random.Random(seed).shuffle(order)
        order += ["guru-5", "pao-sota", "pao-robai"]
        base = load(BASE).new_game(seed=seed, options={"first_dealer": 0, "deals": 1}, deck_orders=[order], story=True)
        var = load(VARIANT).new_game(
            seed=seed, options={"first_dealer": 0, "deals": 1}, deck_orders=[order], story=True
        )
        lockstep(base, var, seed, seat_map=lambda s: -s % 8)
        assert base.records == var.records
        wins_b = [(t.trick, -t.winner % 8, t.card, t.combo) for t in trick_results(base)]
        wins_v = [(t.trick, t.winner, t.card, t.combo) for t in trick_results(var)]
        assert wins_b == wins_v


# ----- HM-V3.2: the Pao Sota is Tenka -----------------------------------------------------------
def meri_follow(name: str):
    """T = Koppu; seat 1 holds the Pao Sota, seat 7 the Pao Robai, neither any Koppu.
    Seat 0 wins trick 1 and leads the Koppu Sun (a Meri): what may seats 1 and 7 play?"""
    trick1 = {0: "isu-sun", 1: "ouru-2", 2: "ouru-3", 3: "ouru-4", 4: "ouru-5", 5: "ouru-6", 6: "ouru-7", 7: "ouru-8"}
    keep = {
        0: ["koppu-sun"],
        1: ["pao-sota", "guru-1", "guru-2", "guru-3", "guru-4", "guru-5", "guru-6", "guru-7"],
        7: ["pao-robai", "guru-8", "guru-9", "guru-sun", "guru-un", "guru-rei", "guru-kaba", "guru-sota"],
    }
    used = ["koppu-2", "koppu-robai", "ouru-sun"]
    hands = hands_with(trick1, keep, used)
    st, _ = start(name, hands, "koppu-2", ["koppu-robai", "ouru-sun"], keep=hands[0][:2])
    play_trick(st, trick1)
    st.apply_action("play koppu-sun")
    legal = {}
    while len(legal) < 2:
        seat = st.current_player()
        if seat in (1, 7):
            legal[seat] = legal_cards(st)
        st.apply_action(min(actions(st)))
    return legal


def test_hm_v3_2_pao_sota_must_follow_a_meri_and_pao_robai_need_not():
    base, var = meri_follow(BASE), meri_follow(VARIANT)
    # base: the Pao Robai is Tenka, the only trump of seat 7, so it must be played (HM-28, HM-A14)
    assert base[7] == {"pao-robai"}
    assert len(base[1]) == 8 and "pao-sota" in base[1]
    # variant: the Pao Sota is Tenka and must be played; the Pao Robai is a plain card
    assert var[1] == {"pao-sota"}
    assert len(var[7]) == 8 and "pao-robai" in var[7]


def blocking(name: str, extra: str):
    """T = Koppu, trick 1 led with I:5. Seat 2 (A) plays K:So, seat 3 (B) the hidden K:Ro,
    seat 5 (B) `extra`. Returns (winner, winning card, combination, deal score)."""
    trick1 = {
        0: "isu-5",
        1: "ouru-2",
        2: "koppu-sota",
        3: "koppu-robai",
        4: "ouru-5",
        5: extra,
        6: "ouru-7",
        7: "ouru-8",
    }
    hands = hands_with(trick1, {}, ["koppu-2", "guru-1", "guru-2"])
    st, _ = start(name, hands, "koppu-2", ["guru-1", "guru-2"], keep=[trick1[0]])
    order, result = play_trick(st, trick1)
    assert order == [(STEP[name] * k) % 8 for k in range(8)]  # HM-V3.1: 0, 7, 6, ... in the variant
    return result.winner, result.card, result.combo, tuple(st.observation(0)["variables"]["deal_score"])


def test_hm_v3_2_tenka_between_sota_and_robai_blocks_sota_robai():
    """HM-A26 with the variant's Tenka: a Tenka among the losing team's trumps is the strongest
    opposing trump, and Sota-Tenka is no combination."""
    # the Pao Robai: Tenka in the base (blocks), a plain Pao card in the variant (does not)
    assert blocking(BASE, "pao-robai") == (2, "koppu-sota", 0, (1, 0))
    assert blocking(VARIANT, "pao-robai") == (2, "koppu-sota", 5, (6, -5))
    # the Pao Sota: a plain Pao card in the base, Tenka in the variant
    assert blocking(BASE, "pao-sota") == (2, "koppu-sota", 5, (6, -5))
    assert blocking(VARIANT, "pao-sota") == (2, "koppu-sota", 0, (1, 0))
    # neither: the same Sota-Robai in both
    assert blocking(BASE, "ouru-6") == blocking(VARIANT, "ouru-6") == (2, "koppu-sota", 5, (6, -5))


def pao_lead(name: str, plays: dict[int, str]):
    trick1 = {0: "pao-9", 1: "ouru-2", 2: "ouru-3", 3: "ouru-4", 4: "ouru-5", 5: "ouru-6", 6: "ouru-7", 7: "ouru-8"}
    trick1.update(plays)
    hands = hands_with(trick1, {}, ["koppu-2", "koppu-1", "koppu-3"])
    st, _ = start(name, hands, "koppu-2", ["koppu-1", "koppu-3"], keep=[trick1[0]])
    _, result = play_trick(st, trick1)
    return result.winner, result.card


def test_hm_v3_4_plain_pao_robai_ranks_below_kaba_above_numbers():
    """T = Koppu. The base's Pao Robai is Tenka and wins as a trump; the variant's is a plain
    court: above the Pao 9 (unlike the plain Isu Robai, HM-23), below the Pao Kaba."""
    assert pao_lead(BASE, {4: "pao-robai"}) == (4, "pao-robai")
    assert pao_lead(VARIANT, {4: "pao-robai"}) == (4, "pao-robai")
    assert pao_lead(BASE, {4: "pao-robai", 6: "pao-kaba"}) == (4, "pao-robai")
    assert pao_lead(VARIANT, {4: "pao-robai", 6: "pao-kaba"}) == (6, "pao-kaba")
    # the plain Isu Robai still ranks between 2 and 1 in both (HM-23)
    for name in (BASE, VARIANT):
        assert pao_lead(name, {0: "isu-1", 4: "isu-robai"}) == (4, "isu-robai")
        assert pao_lead(name, {0: "isu-1", 4: "isu-robai", 6: "isu-2"}) == (6, "isu-2")


def duel(name: str, indicator: str, mine: str, opposing: str):
    """Trick 1 led with G:9 (T is not Guru); seat 2 (A) plays `mine`, seat 3 (B) `opposing`."""
    trick1 = {0: "guru-9", 1: "ouru-2", 2: mine, 3: opposing, 4: "ouru-5", 5: "ouru-6", 6: "ouru-7", 7: "ouru-8"}
    hands = hands_with(trick1, {}, [indicator, "guru-1", "guru-2"])
    st, _ = start(name, hands, indicator, ["guru-1", "guru-2"], keep=[trick1[0]])
    _, result = play_trick(st, trick1)
    return result.winner, result.combo


def test_hm_v3_5_tenka_is_not_the_native_sota():
    """T = Koppu: Un over the opposing Tenka (P:So) is no Un-Sota in the variant; in the base the
    Pao Sota is plain, so there is no opposing trump at all. Un over the native K:So is 2 in both."""
    assert duel(BASE, "koppu-3", "koppu-un", "pao-sota") == (2, 0)
    assert duel(VARIANT, "koppu-3", "koppu-un", "pao-sota") == (2, 0)
    assert (
        duel(BASE, "koppu-3", "koppu-un", "koppu-sota") == duel(VARIANT, "koppu-3", "koppu-un", "koppu-sota") == (2, 2)
    )
    # Tenka never stands in for the Sota as the winner either: Tenka over the native Robai is nothing
    assert duel(VARIANT, "koppu-3", "pao-sota", "koppu-robai") == (2, 0)


def test_hm_v3_3_pao_trump_sota_is_tenka_and_native_sota():
    """T = Pao: the Pao Sota ranks once and is the native Sota, the Pao Robai the native Robai, so
    Un-Sota and Sota-Robai count exactly as in the base game (where the Pao Robai is Tenka and the
    native Robai at once, HM-A12). Seat 3 passed with the Pao Robai: it is hidden, worth 5."""
    for mine, opposing, value in (("pao-un", "pao-sota", 2), ("pao-sota", "pao-robai", 5)):
        assert duel(BASE, "pao-3", mine, opposing) == duel(VARIANT, "pao-3", mine, opposing) == (2, value)
