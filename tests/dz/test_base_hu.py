"""R10 Base hu: DZ-34 to DZ-38, DZ-A1 to DZ-A15, and the "Unit values at a glance" table.

Each unit is held by one seat of an exhausted deal next to plain in-hand sets
(no multiplier) chosen so that unit + companion is a multiple of 10; a value
below 20 is checked again with 12 hu more, which pins it exactly despite the
rounding (DZ-43).
"""

import random

from tests.dz.helpers import CLAIMED, Table, deck_order, exhausted, rs, unit_deal

KINDS = {
    "in-hand": "hand3",
    "pong": "pong",
    "exposed kong": "xkong",
    "concealed kong": "ckong",
    "opening quad": "quad",
    "opening triplet": "otrip",
    "hezi": "hezi",
    "four-in-hand": "hand4",
}


def parse_row(text: str) -> list[tuple[str, str, int]]:
    """'M2 in-hand 8 · pong S2 (exact) 8 · ...' -> [(kind, card, value)]."""
    out = []
    for item in text.split("·"):
        words = item.replace("(exact)", "").split()
        value = int(words[-1])
        words = words[:-1]
        for name, kind in KINDS.items():
            n = len(name.split())
            if " ".join(words[:n]) == name:  # 'pong S2', 'opening quad C2'
                out.append((kind, words[n], value))
                break
            if " ".join(words[1:]) == name:  # 'M2 in-hand', 'S9 four-in-hand'
                out.append((kind, words[0], value))
                break
        else:
            raise ValueError(item)
    return out


def pack(units):
    """Deals of up to one unit per seat, distinct cards per deal, the dealer (seat 0) claiming nothing."""
    deals = []
    for unit in units:
        for deal in deals:
            if unit[1] in {u[1] for u in deal.values()}:
                continue
            seat = next((s for s in (0, 1, 2) if s not in deal and not (s == 0 and unit[0] in CLAIMED)), None)
            if seat is not None:
                deal[seat] = unit
                break
        else:
            deals.append({(1 if unit[0] in CLAIMED else 0): unit})
    return deals


def check_row(indicators, row: str):
    units = parse_row(row)
    problems = []
    for deal in pack(units):
        extras = (0, 12) if any(v < 20 for _, _, v in deal.values()) else (0,)
        for extra in extras:
            t, expected = unit_deal(
                indicators, {s: (k, c) for s, (k, c, _) in deal.items()}, {s: v for s, (_, _, v) in deal.items()}, extra
            )
            assert t.record["winner"] == -1
            if t.totals != expected:
                problems.append(f"{deal} (+{extra}): totals {t.totals}, expected {expected}")
    assert not problems, "\n".join(problems)


def test_dz34_base_values_of_plain_units():
    # Indicators M1, C9 double none of these cards.
    check_row(
        ("M1", "C9"),
        "pong M5 2 · M6 in-hand 4 · exposed kong S4 8 · concealed kong S5 12 · C6 four-in-hand 12 · opening quad C5 16",
    )


def test_dz35_dz_a1_unit_values_s2_m3():
    check_row(
        ("S2", "M3"),
        "M2 in-hand 8 · S2 in-hand (exact) 24 · pong M2 4 · pong S2 (exact) 8 · "
        "exposed kong C2 16 · concealed kong C2 24 · opening quad C2 32 · pong S9 4 · "
        "pong M9 2 · TH in-hand 8 · pong M3 (exact) 8 · M3 in-hand (exact) 24",
    )


def test_dz35_dz_a6_dz_a7_unit_values_c4_c4():
    check_row(
        ("C4", "C4"),
        "hezi C4 64 · pong M4 8 · S4 in-hand 16 · exposed kong M4 32 · concealed kong S4 48 · opening quad M4 64",
    )


def test_dz35_unit_values_th_m3():
    check_row(
        ("TH", "M3"),
        "pong RF 8 · pong TH (exact) 16 · TH in-hand (exact) 48 · exposed kong S9 32 · "
        "M3 in-hand (exact) 24 · pong C3 4 · opening quad WF 64 · concealed kong S9 48",
    )


def test_dz35_unit_values_th_wf():
    check_row(
        ("TH", "WF"),
        "pong RF 16 · pong TH (exact) 32 · WF in-hand (exact) 96 · opening quad RF 128 · "
        "four-in-hand S9 96 · pong M9 2",
    )


def test_dz35_dz_a8_unit_values_m9_c9():
    check_row(
        ("M9", "C9"),
        "pong S9 4 · pong M9 (exact) 16 · C9 in-hand (exact) 48 · exposed kong S9 16 · concealed kong TH 24",
    )


def test_dz_a17_dz_a18_unit_values_wf_wf():
    check_row(("WF", "WF"), "hezi WF 128 · pong RF 16 · S9 in-hand 32")


def test_dz_a5_dz_a8_unit_values_rf_s9():
    check_row(
        ("RF", "S9"),
        "S9 in-hand (exact) 96 · pong S9 (exact) 32 · opening triplet S9 128 · RF in-hand (exact) 96 · pong TH 16",
    )


def test_dz_a1_indicator_doubles_its_rank_only_no_follower_ranks():
    # S2 indicator: M2 x3 doubled (8); M5 x3 and M8 x3 (the 2-5-8 followers) are not (4 each).
    check_row(("S2", "C7"), "M2 in-hand 8 · M5 in-hand 4 · M8 in-hand 4")


def test_dz_a5_opening_triplet_and_hezi_get_no_exact_extra():
    check_row(("C5", "S8"), "opening triplet C5 32")
    check_row(("C4", "C4"), "hezi C4 64")


def test_dz_a2_runs_and_pairs_score_nothing():
    t = exhausted({1: "M1 M2 M3 S1 S2 S3 S9 S9 TH TH M2 C2 C2", 2: "WF WF RF RF S4 S5 S6"}, ("S2", "TH"))
    assert t.totals == (0, 0, 0)


def test_dz38_dz_a9_dz_a10_base_hu_is_the_sum_of_in_hand_units():
    # seat 2: RF x4 undeclared 12x2x2 = 48 + M4 x3 4 + S5 x3 4 = 56 -> 60; seat 1: M3 x3 exact 24 -> 30
    t = exhausted({1: "M3*3", 2: "RF*4 M4*3 S5*3"}, ("M3", "S9"))
    assert t.totals == (0, 30, 60)
    assert t.net == (-90, 0, 90)


def test_dz_a3_dz_a9_non_winners_get_the_base_multipliers():
    # The dealer wins Heavenly; seat 1 holds TH x3 (exact, 48), seat 2 S2 x3 (exact, 24).
    complete = "M1 M2 M3 M4 M5 M6 M7 M8 M9 C1 C2 C3 C4 C5 C6 S7 S8 S9 S4 S5 S6 C9 C9"
    t = Table(deck_order({0: complete, 1: "TH*3", 2: "S2*3"}, ("TH", "S2")))
    t.prepare().act(0, "heavenly")
    # dealer: Qinghu 100 + Wenqian 20 = 120, x2 Heavenly = 240
    assert t.totals == (240, 50, 30)
    assert t.net == (400, -170, -230)


def test_dz_a4_no_kong_or_quad_of_an_indicator_card_is_ever_offered():
    r = random.Random(11)
    for seed in range(5):
        t = Table(state=rs().new_game(seed=seed))
        inds = set(t.zone("indicators"))
        while not t.st.is_terminal():
            for a in t.legal():
                verb, _, card = a.partition(" ")
                if verb in ("declare_quad", "concealed_kong", "added_kong"):
                    assert card not in inds, a
                if verb == "kong":
                    assert t.var("last_discard") not in inds
            t.apply(r.choice(t.legal()))


def test_dz_a6_equal_indicators_leave_no_pong_of_that_card():
    # Only two C4 are in play: whoever holds them is never offered a pong or triplet of C4.
    t = Table(deck_order({1: "C4 C4"}, ("C4", "C4")))
    t.prepare().exhaust()
    assert t.hand(1).count("coins-4") == 2 and t.totals == (0, 0, 0)


WAIT_M5 = "M5*3 M4 M6 M1 M2 M3 M7 M8 M9 S1 S2 S3 S4 S5 S6 C2 C3 C4 S9 S9"


def test_dz_a12_winning_fourth_copy_from_a_discard_adds_nothing():
    # Seat 1 holds M5 x3 and M4 M6; seat 2 discards the fourth M5: M4-M5-M6 + M5 x3.
    t = Table(deck_order({1: WAIT_M5}, ("C9", "S7"), front="TH M5", avoid={0: ["M5"]}))
    t.prepare().discard_single(0)
    t.discard_drawn(1)
    t.act(2, "discard M5")
    t.act(1, "claim_win")
    # M5 x3 in hand 4 + Tazihu 20 + middle 10 = 34 -> 40 (four in hand would give 42 -> 50)
    assert t.totals == (0, 40, 0)


def test_dz_a13_self_drawn_fourth_copy_makes_four_in_hand():
    t = Table(deck_order({1: WAIT_M5}, ("C9", "S7"), front="M5"))
    t.prepare().discard_single(0)
    t.act(1, "win")
    # M5 four in hand 12 + Tazihu 20 + self-draw 10 + middle 10 = 52 -> 60
    assert t.totals == (0, 60, 0)
    assert t.net == (-60, 120, -60)


def test_dz37_dz_a11_winning_discard_completing_three_is_a_pong_even_in_runs():
    # Seat 1 wins on C1 (its third): three Wenqian runs are best, and C1 still counts as a pong (2),
    # which also breaks closed floating.
    hand = "C1 C1 C2*3 C3*3 M9*3 S1*3 TH*3 C7*3 RF RF"
    t = Table(deck_order({1: hand}, ("M5", "S6"), front="M6 C1", avoid={0: ["C1", "RF"], 2: ["C1", "RF"]}))
    t.prepare().discard_single(0)
    t.discard_drawn(1)
    assert t.new_cards(2) == ["coins-1"]
    t.act(2, "discard C1")
    t.act(1, "claim_win")
    # base: pong C1 2 + C2 4 + C3 4 + M9 4 + S1 4 + TH 8 + C7 4 = 30; Piaohu 50 + Wenqian x3 100 = 180;
    # x2 Piaohu (no closed floating: the recorded pong) = 360
    assert t.totals == (0, 360, 0)
    assert t.net == (-360, 720, -360)


def test_dz_a14_opening_groups_are_identical_groups_but_not_pongs():
    # Heavenly Piaohu with an opening indicator triplet: closed floating still applies.
    hand = "C5*3 M8*3 TH*3 WF*3 S1*3 M2*3 C7*3 RF RF"
    t = Table(deck_order({0: hand}, ("C5", "S8")))
    t.prepare({0: ["declare_triplet C5"]}).act(0, "heavenly")
    # C5 opening 32 + M8 8 + TH 8 + WF 8 + S1 4 + M2 4 + C7 4 = 68; +50 = 118; x2 x2 x2 = 944 -> 950
    assert t.totals == (950, 0, 0)
