"""Trick 9, played by everyone at once: HM-34 .. HM-36, HM-A22, HM-A28, HM-A35, HM-A36.

Each test reaches trick 8 (after a Meri in trick 7, so that enough plain cards
are left), plays trick 8 as written and lets trick 9 resolve by itself.
Trumps are Koppu, the dealer is seat 0 and seat 1 leads trick 8.
"""

from __future__ import annotations

from .helpers import in_order, reach, team_of, trick_results, variables

# Trick 8: seat 1 leads P:9; seat 2 follows with P:8; the others trump low (seat 0 with the indicator K:6).
T8 = {1: "pao-9", 2: "pao-8", 3: "koppu-1", 4: "koppu-2", 5: "koppu-3", 6: "koppu-4", 7: "koppu-5", 0: "koppu-6"}


def _trick9(rs, last: dict[int, str], t8: dict[int, str] = T8, **kw):
    """Play trick 8 from seat 1 with everyone keeping `last[seat]`; returns (state, trick 8, trick 9, before)."""
    final = {s: [t8[s], last[s]] for s in range(8)}
    deal = reach(rs, indicator="koppu-6", trick=8, leader=1, meri_before=True, final=final, **kw)
    st = deal.st
    before = tuple(variables(st)["deal_score"])
    for seat, card in in_order(1, t8):
        assert st.current_player() == seat
        st.apply_action(f"play {card}")
    assert st.is_terminal()
    results = trick_results(st)
    assert [r.trick for r in results] == list(range(1, 10))
    return st, results[-2], results[-1], before


def _trick9_delta(st, t8_result, before) -> tuple[int, int]:
    """The change of the deal score made by trick 9 alone."""
    final = st.records[-1]["deal_score"]
    t8 = [0, 0]
    t8[team_of(t8_result.winner)] += 1 + t8_result.combo
    t8[1 - team_of(t8_result.winner)] -= t8_result.combo
    return tuple(final[i] - before[i] - t8[i] for i in (0, 1))


PLAIN_LAST = {
    0: "guru-9",
    1: "ouru-sun",
    2: "pao-sun",
    3: "guru-5",
    4: "isu-sun",
    5: "ouru-un",
    6: "pao-un",
    7: "isu-un",
}


def test_hm34_trick_9_needs_no_decision(rs):
    st, t8, t9, _ = _trick9(rs, PLAIN_LAST)
    history = st.observation(0)["history"]
    plays = [e for e in history if isinstance(e["action"], str) and e["action"].startswith("play")]
    assert len(plays) == 64
    assert st.current_player() < 0 and st.legal_actions() == []
    won = st.observation(5)["zones"]["won"]
    assert len(won) == 72 and set(PLAIN_LAST.values()) <= set(won)


def test_hm34_next_deal_starts_right_after_trick_8(rs):
    final = {s: [T8[s], PLAIN_LAST[s]] for s in range(8)}
    deal = reach(rs, indicator="koppu-6", trick=8, leader=1, meri_before=True, final=final, options={"deals": 2})
    st = deal.st
    for _seat, card in in_order(1, T8):
        st.apply_action(f"play {card}")
    assert not st.is_terminal() and len(st.records) == 1
    assert st.current_player() == 2 and {str(a) for a in st.legal_actions()} <= {"declare", "pass"}


def test_hm35_without_trumps_the_dealers_card_gives_the_led_suit(rs):
    st, _, t9, _ = _trick9(rs, PLAIN_LAST)
    assert (t9.winner, t9.card, t9.combo) == (3, "guru-5", 0)  # G:5 beats the dealer's G:9 (round suit)


def test_hm_a36_nobody_follows_the_dealers_suit_the_dealer_wins(rs):
    last = {
        0: "guru-9",
        1: "ouru-sun",
        2: "pao-sun",
        3: "isu-sun",
        4: "ouru-un",
        5: "pao-un",
        6: "isu-un",
        7: "ouru-rei",
    }
    st, t8, t9, before = _trick9(rs, last)
    assert (t9.winner, t9.card) == (0, "guru-9")
    assert _trick9_delta(st, t8, before) == (1, 0)


def test_hm_a35_plain_isu_robai_in_trick_9(rs):
    last = {
        0: "isu-robai",
        1: "ouru-sun",
        2: "pao-sun",
        3: "isu-1",
        4: "ouru-un",
        5: "isu-2",
        6: "guru-un",
        7: "ouru-rei",
    }
    _, _, t9, _ = _trick9(rs, last)
    assert (t9.winner, t9.card) == (5, "isu-2")  # I:2 beats the dealer's I:Ro
    _, _, t9, _ = _trick9(rs, {**last, 0: "isu-1", 3: "isu-robai", 5: "ouru-2"})
    assert (t9.winner, t9.card) == (3, "isu-robai")  # I:Ro beats the dealer's I:1


def test_hm36_hm_a22_dealer_trump_in_trick_9_is_no_meri_combination_5(rs):
    t8 = {1: "pao-9", 2: "pao-8", 3: "koppu-1", 4: "koppu-2", 5: "koppu-3", 6: "koppu-4", 7: "koppu-5", 0: "koppu-6"}
    last = {
        0: "koppu-sun",
        1: "koppu-un",
        2: "pao-sun",
        3: "guru-5",
        4: "isu-sun",
        5: "ouru-un",
        6: "pao-un",
        7: "isu-un",
    }
    st, t8r, t9, before = _trick9(rs, last, t8)
    assert (t9.winner, t9.card, t9.combo) == (0, "koppu-sun", 5)  # Sun-Un on trick 9
    assert _trick9_delta(st, t8r, before) == (6, -5)
    assert sum(st.records[-1]["deal_score"]) == 9


def test_hm_a28_trick_9_and_hidden_robai_do_not_stack(rs):
    last = {
        0: "guru-9",
        1: "ouru-sun",
        2: "koppu-robai",
        3: "koppu-rei",
        4: "isu-sun",
        5: "ouru-un",
        6: "pao-un",
        7: "isu-un",
    }
    st, t8r, t9, before = _trick9(rs, last)
    assert variables(st)["declared"] is False  # seat 2 hid the Robai
    assert (t9.winner, t9.card, t9.combo) == (2, "koppu-robai", 5)  # 5, not 10
    assert _trick9_delta(st, t8r, before) == (6, -5)


def test_hm41_trick_9_combination_is_worth_5_even_with_a_declared_robai(rs):
    last = {
        0: "guru-9",
        1: "ouru-sun",
        2: "koppu-robai",
        3: "koppu-rei",
        4: "isu-sun",
        5: "ouru-un",
        6: "pao-un",
        7: "isu-un",
    }
    st, t8r, t9, before = _trick9(rs, last, {**T8, 0: "pao-8", 2: "koppu-6"}, declarer=2)
    assert variables(st)["declared"] is True
    assert (t9.winner, t9.combo) == (2, 5)
