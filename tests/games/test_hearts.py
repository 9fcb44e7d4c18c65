"""Hearts (rulesets/hearts.yaml) through the public API, rule by rule (HT-1 ... HT-15).

Hands are fixed with `deck_orders`: the dealer deals one card at a time from
the dealer's left (HT-4), so with the dealer at seat d card i goes to seat
(d + 1 + i) % 4.  Most scenarios play one hand (`target: 0`, HT-14), which
passes to the left (HT-5); `dealt()` works out the hands to deal so that the
hands *after* the scripted passes are the ones a scenario needs.

The property tests play random games against a shadow game written here in
plain Python from the rules (an independent legality oracle and scorer):
at every decision the legal actions must be exactly the oracle's, every
hand must hold what the shadow says it holds, and every hand's scores and
totals must be the shadow's.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest

import interpreter
from interpreter.compiling.pipeline import check_file
from interpreter.engine.state import IllegalAction

PATH = Path(__file__).resolve().parents[2] / "rulesets" / "hearts.yaml"
SUITS = ("clubs", "diamonds", "hearts", "spades")
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "j", "q", "k", "a")
DECK = tuple(f"{s}-{r}" for s in SUITS for r in RANKS)
QUEEN = "spades-q"


def suit(card: str) -> str:
    return card.split("-")[0]


def rank(card: str) -> int:
    return RANKS.index(card.split("-")[1])


def penalty(card: str) -> int:
    return 13 if card == QUEEN else 1 if suit(card) == "hearts" else 0


@pytest.fixture(scope="module")
def rs():
    return interpreter.load(str(PATH))


# ----------------------------------------------------------------------------- helpers


def deck_order(hands: dict[int, list[str]], dealer: int) -> list[str]:
    order = [hands[(dealer + 1 + k) % 4][i] for i in range(13) for k in range(4)]
    assert sorted(order) == sorted(DECK)
    return order


def across(s: int) -> int:
    return (s + 2) % 4


def receiver(s: int, hand_no: int) -> int:
    """HT-5, read from the rule's words: left is the next seat in play order (HT-1)."""
    return [(s + 1) % 4, (s - 1) % 4, across(s), s][(hand_no - 1) % 4]


def dealt(after: dict[int, list[str]], passes: dict[int, list[str]]) -> dict[int, list[str]]:
    """The hands to deal so that, once each seat s has passed `passes[s]` to the left, the hands
    are `after` (each `passes[s]` must lie in `after[s + 1]`)."""
    out = {}
    for s in range(4):
        got = passes[(s - 1) % 4]
        assert set(got) <= set(after[s]) and set(passes[s]) <= set(after[(s + 1) % 4])
        out[s] = [c for c in after[s] if c not in got] + list(passes[s])
    return out


def legal(st) -> set[str]:
    return {a.text for a in st.legal_actions()}


def hand(st, seat: int) -> list[str]:
    return st.observation(seat)["zones"]["hand"][seat]


def variables(st) -> dict:
    return st.observation(0)["variables"]


def lowest_legal(st) -> str:
    """A fixed policy for scripted hands: the lowest legal card in deck order."""
    cards = [a.text.split(" ", 1)[1] for a in st.legal_actions() if a.text.startswith("play ")]
    return "play " + min(cards, key=DECK.index)


def play_out(st, policy=lowest_legal) -> None:
    while not st.is_terminal():
        st.apply_action(policy(st))


def events(st, seat: int, kind: str) -> list[dict]:
    return [e for e in st.observation(seat)["events"] if e["kind"] == kind]


def words(part_list: list) -> str:
    """An event text (en) as plain words, cards by id and seats as 'Seat n'."""

    def one(p):
        if isinstance(p, str):
            return p
        if "seat" in p:
            return f"Seat {p['seat']}"
        if "card" in p:
            return p["card"]
        if "int" in p or "str" in p:
            return str(p.get("int", p.get("str")))
        if "list" in p:
            return "[" + ", ".join(one(x) for x in p["list"]) + "]"
        return str(p)

    return "".join(one(p) for p in part_list)


ONE_HAND = {"target": 0, "first_dealer": 3}  # seat 0 deals first, passes go to the left


def one_hand(rs, after, passes, dealer=3, **options):
    """A one-hand game dealt so that after `passes` the hands are `after`; the passes are made."""
    st = rs.new_game(
        seed=1,
        options={**ONE_HAND, "first_dealer": dealer, **options},
        deck_orders=[deck_order(dealt(after, passes), dealer)],
        story=True,
    )
    for _ in range(4):
        s = st.current_player()
        st.apply_action("pass " + " ".join(passes[s]))
    return st


def suits_of(*specs: tuple[str, list[str]]) -> list[str]:
    return [f"{s}-{r}" for s, ranks in specs for r in ranks]


# The hands of the scoring scenario (HT-12), after the passes.
SPLIT = {
    0: suits_of(("clubs", list(RANKS[:12])), ("diamonds", ["2"])),
    1: suits_of(("hearts", list(RANKS))),
    2: suits_of(("clubs", ["a"]), ("diamonds", list(RANKS[1:12])), ("spades", ["q"])),
    3: suits_of(("diamonds", ["a"]), ("spades", [r for r in RANKS if r != "q"])),
}
SPLIT_PASSES = {0: ["hearts-2", "hearts-3", "hearts-4"], 1: ["clubs-a", "spades-q", "diamonds-k"],
                2: ["spades-2", "spades-3", "spades-4"], 3: ["clubs-3", "clubs-4", "clubs-5"]}  # fmt: skip

# The moon scenario (HT-13): seat 0 has every club, so it wins every trick.
MOON = {
    0: suits_of(("clubs", list(RANKS))),
    1: suits_of(("hearts", list(RANKS))),
    2: suits_of(("diamonds", list(RANKS[:12])), ("spades", ["q"])),
    3: suits_of(("diamonds", ["a"]), ("spades", [r for r in RANKS if r != "q"])),
}
MOON_PASSES = {0: ["hearts-a", "hearts-k", "hearts-q"], 1: ["spades-q", "diamonds-2", "diamonds-3"],
               2: ["spades-a", "spades-k", "diamonds-a"], 3: ["clubs-a", "clubs-k", "clubs-q"]}  # fmt: skip


# ----------------------------------------------------------------------------- the file


def test_validates_cleanly():
    report = check_file(str(PATH))
    assert report.ok, [d.message for d in report.diagnostics]
    assert not report.diagnostics


def test_every_rule_has_english_and_japanese_and_is_named_by_a_test(rs):
    import re

    import yaml

    root = yaml.safe_load(PATH.read_text(encoding="utf-8"))
    ids = [r["id"] for r in root["rules"]]
    assert ids == [f"HT-{n}" for n in range(1, 16)]
    assert all(set(r["text"]) >= {"en", "ja"} for r in root["rules"])
    assert set(root["name"]) >= {"en", "ja"}
    text = Path(__file__).read_text(encoding="utf-8")
    for i in ids:
        assert re.search(rf"def test_{i.lower().replace('-', '')}_", text), f"no test named after {i}"
    # every id the file cites is one of its rules
    assert set(re.findall(r"\bHT-\d+\b", PATH.read_text(encoding="utf-8"))) == set(ids)


# ----------------------------------------------------------------------------- HT-1 ... HT-4


def test_ht1_four_players_each_for_themselves_play_to_the_left(rs):
    assert rs.num_players == 4
    st = one_hand(rs, SPLIT, SPLIT_PASSES)
    # seat 0 holds the two of clubs; play then goes 0, 1, 2, 3
    order = []
    for _ in range(4):
        order.append(st.current_player())
        st.apply_action(lowest_legal(st))
    assert order == [0, 1, 2, 3]
    play_out(st)
    assert len(set(st.returns())) > 1  # no partnerships: every seat has its own score


def test_ht2_the_pack_and_the_rank_of_cards(rs):
    assert sorted(rs.cards.ids) == sorted(DECK) and len(rs.cards.ids) == 52
    # trick 1 of the scoring scenario: the ace of clubs beats the 2; the off-suit ace of diamonds does not count
    st = one_hand(rs, SPLIT, SPLIT_PASSES)
    for move in ("play clubs-2", "play hearts-2", "play clubs-a", "play diamonds-a"):
        st.apply_action(move)
    assert variables(st)["winner"] == 2 and st.current_player() == 2


def test_ht3_the_dealer_is_drawn_then_passes_to_the_left(rs):
    firsts = {variables(rs.new_game(seed=seed, options={"target": 0}))["dealer"] for seed in range(40)}
    assert firsts == {0, 1, 2, 3}  # drawn at random
    for seed in range(3):
        st = rs.new_game(seed=seed, options={"target": 60})
        rng = random.Random(seed)
        while not st.is_terminal():
            st.apply_action(rng.choice(st.legal_actions()))
        dealers = [r["dealer"] for r in st.records]
        assert len(dealers) > 1 and dealers == [(dealers[0] + k) % 4 for k in range(len(dealers))]
    assert variables(rs.new_game(seed=5, options={"first_dealer": 2}))["dealer"] == 2


def test_ht4_the_whole_pack_is_dealt_one_at_a_time_from_the_dealers_left(rs):
    for dealer in range(4):
        st = rs.new_game(seed=1, options={"first_dealer": dealer, "target": 0}, deck_orders=[list(DECK)])
        for k in range(4):
            seat = (dealer + 1 + k) % 4
            assert sorted(hand(st, seat), key=DECK.index) == [DECK[i] for i in range(k, 52, 4)]
        assert st.observation(0)["zones"]["deck"] == []


# ----------------------------------------------------------------------------- HT-5, HT-6: passing


def test_ht5_passes_go_left_right_across_then_not_at_all(rs):
    orders = [random.Random(k).sample(DECK, 52) for k in range(5)]
    st = rs.new_game(seed=3, options={"first_dealer": 0, "target": 10_000}, deck_orders=orders, story=True)
    for hand_no in range(1, 6):
        before = {s: set(hand(st, s)) for s in range(4)}
        passed = {}
        if hand_no == 4:
            # HT-5: no pass on the fourth hand: the two of clubs is led at once
            assert legal(st) == {"play clubs-2"}
        else:
            for _ in range(4):
                s = st.current_player()
                passed[s] = sorted(before[s], key=DECK.index)[:3]
                st.apply_action("pass " + " ".join(passed[s]))
            for s in range(4):
                got = set(
                    passed[(s - 1) % 4]
                    if hand_no in (1, 5)
                    else passed[(s + 1) % 4]
                    if hand_no == 2
                    else passed[across(s)]
                )
                assert set(hand(st, s)) == (before[s] - set(passed[s])) | got, (hand_no, s)
        text = words(events(st, 0, "hand")[-1]["text"]["en"])
        assert text.endswith(
            {1: "to the left.", 2: "to the right.", 3: "across.", 4: "no passing this hand.", 5: "to the left."}[
                hand_no
            ]
        )
        # play the hand out
        while len(st.deals) < hand_no:
            st.apply_action(lowest_legal(st))


def test_ht6_three_cards_chosen_together(rs):
    st = rs.new_game(seed=2, options=ONE_HAND, deck_orders=[list(DECK)])
    seat = st.current_player()
    assert seat == 0  # the dealer's left passes first
    mine = hand(st, seat)
    # the choice is made card by card, or as a whole in any order
    assert legal(st) == {f"pass +{c}" for c in mine}
    st.apply_action(f"pass +{mine[4]}")
    assert legal(st) == {f"pass +{c}" for c in mine if c != mine[4]}
    st2 = rs.new_game(seed=2, options=ONE_HAND, deck_orders=[list(DECK)])
    st2.apply_action(f"pass {mine[7]} {mine[0]} {mine[3]}")
    assert sorted(st2.observation(seat)["zones"]["passing"][seat]) == sorted([mine[7], mine[0], mine[3]])
    assert st2.current_player() == 1
    with pytest.raises(IllegalAction):
        st2.apply_action("pass " + " ".join(hand(st2, 2)[:3]))  # not seat 1's cards
    with pytest.raises(IllegalAction):
        st2.apply_action("pass " + " ".join(hand(st2, 1)[:2]))  # three cards, not two


def test_ht6_passed_cards_are_received_after_everyone_has_passed_and_seen_only_by_the_receiver(rs):
    st = rs.new_game(seed=2, options=ONE_HAND, deck_orders=[list(DECK)], story=True)
    dealt_hands = {s: hand(st, s) for s in range(4)}
    passed = {}
    for k in range(4):
        s = st.current_player()
        passed[s] = dealt_hands[s][:3]
        st.apply_action("pass " + " ".join(passed[s]))
        if k < 3:
            assert len(hand(st, s)) == 10 and len(hand(st, (s + 1) % 4)) == 13  # nothing received yet
            for other in range(4):
                seen = st.observation(other)["zones"]["passing"][s]
                assert seen == (passed[s] if other == s else [None] * 3)
                assert st.observation(other)["history"][-1]["action"] == (
                    "pass " + " ".join(sorted(passed[s], key=DECK.index)) if other == s else "pass (hidden)"
                )
    for s in range(4):
        frm = (s - 1) % 4
        assert set(passed[frm]) <= set(hand(st, s))
        (got,) = events(st, s, "received")
        assert got["to"] == [s] and got["seat"] == frm and sorted(got["cards"]) == sorted(passed[frm])
        assert words(got["text"]["en"]).startswith("You receive [")
        obs = st.observation(s)
        assert sorted(obs["variables"]["received"][s]) == sorted(passed[frm])
        assert all(v is None for i, v in enumerate(obs["variables"]["received"]) if i != s)
        for other in range(4):
            if other not in (s, frm):
                shown = json.dumps(st.observation(other))
                assert not any(f'"{c}"' in shown for c in passed[frm]), (other, passed[frm])


# ----------------------------------------------------------------------------- HT-7 ... HT-11: play


def test_ht7_the_two_of_clubs_leads_the_first_trick(rs):
    st = one_hand(rs, SPLIT, SPLIT_PASSES)
    assert st.current_player() == 0 and legal(st) == {"play clubs-2"}
    with pytest.raises(IllegalAction, match=r"two of clubs \(HT-7\)"):
        st.apply_action("play clubs-3")
    # whoever holds it, wherever the deal started
    for dealer in range(4):
        st = rs.new_game(seed=dealer, options={"first_dealer": dealer, "target": 0})
        while not any(a.text.startswith("play") for a in st.legal_actions()):
            st.apply_action(st.legal_actions()[0])
        holder = next(s for s in range(4) if "clubs-2" in hand(st, s))
        assert st.current_player() == holder and legal(st) == {"play clubs-2"}


def test_ht8_follow_suit_if_able(rs):
    st = one_hand(rs, SPLIT, SPLIT_PASSES)
    st.apply_action("play clubs-2")
    st.apply_action("play hearts-2")
    assert legal(st) == {"play clubs-a"}  # seat 2 holds one club
    with pytest.raises(IllegalAction, match=r"follow the suit led \(HT-8\)"):
        st.apply_action("play diamonds-3")
    st.apply_action("play clubs-a")
    # seat 3 has no club: any card but a penalty card on the first trick (HT-9)
    assert legal(st) == {"play diamonds-a"} | {f"play spades-{r}" for r in RANKS if r != "q"}


def test_ht9_no_penalty_card_on_the_first_trick_unless_the_hand_has_nothing_else(rs):
    st = one_hand(rs, MOON, MOON_PASSES)
    st.apply_action("play clubs-2")
    # seat 1 holds nothing but hearts: any of them
    assert legal(st) == {f"play hearts-{r}" for r in RANKS}
    st.apply_action("play hearts-a")
    # seat 2 has diamonds and the queen of spades: not the queen
    assert legal(st) == {f"play diamonds-{r}" for r in RANKS[:12]}
    with pytest.raises(IllegalAction, match=r"queen of spades on the first trick .*\(HT-9\)"):
        st.apply_action("play spades-q")
    st.apply_action("play diamonds-2")
    st.apply_action("play spades-2")
    # from the second trick on the queen may be discarded
    st.apply_action("play clubs-3")
    st.apply_action("play hearts-k")
    assert "play spades-q" in legal(st)


def test_ht9_only_penalty_cards_left_on_the_first_trick(rs):
    after = {
        0: suits_of(("clubs", list(RANKS))),
        1: suits_of(("hearts", list(RANKS[:12])), ("spades", ["q"])),
        2: suits_of(("diamonds", list(RANKS)[:12]), ("hearts", ["a"])),
        3: suits_of(("diamonds", ["a"]), ("spades", [r for r in RANKS if r != "q"])),
    }
    passes = {0: ["hearts-2", "hearts-3", "spades-q"], 1: ["diamonds-2", "diamonds-3", "diamonds-4"],
              2: ["spades-2", "spades-3", "diamonds-a"], 3: ["clubs-2", "clubs-3", "clubs-4"]}  # fmt: skip
    st = one_hand(rs, after, passes)
    st.apply_action("play clubs-2")
    assert legal(st) == {f"play hearts-{r}" for r in RANKS[:12]} | {"play spades-q"}
    st.apply_action("play spades-q")
    st.apply_action("play diamonds-2")
    st.apply_action("play spades-2")
    assert variables(st)["took"] == [13, 0, 0, 0]


def test_ht10_a_heart_played_breaks_hearts(rs):
    st = one_hand(rs, SPLIT, SPLIT_PASSES)
    assert variables(st)["broken"] is False
    for move in ("play clubs-2", "play hearts-2"):  # seat 1 holds only hearts (HT-9 allows them)
        st.apply_action(move)
    assert variables(st)["broken"] is True


def lead_hearts_case(rs, **options):
    """A hand in which seat 1 wins trick 1 holding clubs and two hearts, with no heart played yet."""
    after = {
        0: suits_of(("clubs", ["2", "a"]), ("hearts", list(RANKS[:10])), ("spades", ["q"])),
        1: suits_of(("clubs", list(RANKS[1:12])), ("hearts", ["q", "k"])),
        2: suits_of(("diamonds", list(RANKS))),
        3: suits_of(("hearts", ["a"]), ("spades", [r for r in RANKS if r != "q"])),
    }
    passes = {0: ["clubs-3", "clubs-4", "clubs-5"], 1: ["diamonds-2", "diamonds-3", "diamonds-4"],
              2: ["spades-2", "spades-3", "spades-4"], 3: ["hearts-2", "hearts-3", "hearts-4"]}  # fmt: skip
    st = one_hand(rs, after, passes, **options)
    for move in ("play clubs-2", "play clubs-3", "play diamonds-2", "play spades-2"):
        st.apply_action(move)
    assert st.current_player() == 1  # seat 1's 3 of clubs won
    return st


def test_ht10_not_broken_so_seat_must_lead_another_suit(rs):
    st = lead_hearts_case(rs)
    # seat 1 holds clubs and two hearts, nobody played a heart: no heart lead
    assert legal(st) == {f"play clubs-{r}" for r in RANKS[2:12]}
    with pytest.raises(IllegalAction, match=r"hearts are not broken.*\(HT-10\)"):
        st.apply_action("play hearts-q")
    # seat 1 leads its clubs; seat 0 discards the queen of spades on trick 2 (it does not break hearts)
    st.apply_action("play clubs-4")
    st.apply_action("play diamonds-3")
    st.apply_action("play spades-3")
    st.apply_action("play clubs-a")
    assert st.current_player() == 0
    st.apply_action("play spades-q")  # seat 0 leads the queen: spades, not hearts
    for move in ("play clubs-5", "play diamonds-4", "play spades-k"):
        st.apply_action(move)
    assert variables(st)["broken"] is False
    assert variables(st)["took"] == [0, 0, 0, 13]
    # seat 3 now leads: it has spades, so its heart stays in hand
    assert "play hearts-a" not in legal(st)


def test_ht10_option_queen_breaks_hearts(rs):
    st = lead_hearts_case(rs, queen_breaks_hearts=True)
    for move in ("play clubs-4", "play diamonds-3", "play spades-3", "play clubs-a"):
        st.apply_action(move)
    st.apply_action("play spades-q")
    assert variables(st)["broken"] is True
    for move in ("play clubs-5", "play diamonds-4", "play spades-k"):
        st.apply_action(move)
    assert st.current_player() == 3 and "play hearts-a" in legal(st)


def test_ht10_a_leader_with_only_hearts_may_lead_them(rs):
    after = {
        0: suits_of(("clubs", list(RANKS[:12])), ("hearts", ["a"])),
        1: suits_of(("clubs", ["a"]), ("hearts", list(RANKS[:12]))),
        2: suits_of(("diamonds", list(RANKS))),
        3: suits_of(("spades", list(RANKS))),
    }
    passes = {0: ["hearts-2", "hearts-3", "hearts-4"], 1: ["diamonds-2", "diamonds-3", "diamonds-4"],
              2: ["spades-2", "spades-3", "spades-4"], 3: ["clubs-2", "clubs-3", "clubs-4"]}  # fmt: skip
    st = one_hand(rs, after, passes)
    for move in ("play clubs-2", "play clubs-a", "play diamonds-2", "play spades-2"):
        st.apply_action(move)
    assert st.current_player() == 1 and variables(st)["broken"] is False
    assert legal(st) == {f"play hearts-{r}" for r in RANKS[:12]}


def test_ht11_highest_card_of_the_suit_led_wins_and_the_winner_leads(rs):
    st = one_hand(rs, SPLIT, SPLIT_PASSES)
    for move in ("play clubs-2", "play hearts-2", "play clubs-a", "play diamonds-a"):
        st.apply_action(move)
    assert st.current_player() == 2
    # seat 2 leads diamonds: seat 0's 2 of diamonds follows, seat 3's spade and seat 1's heart do not count
    for move in ("play diamonds-3", "play spades-2", "play diamonds-2", "play hearts-3"):
        st.apply_action(move)
    assert variables(st)["winner"] == 2 and st.current_player() == 2
    (trick2,) = [e for e in events(st, 3, "trick") if e["text"]["en"][2] == {"int": 2}]
    assert trick2["seat"] == 2 and trick2["cards"] == ["diamonds-3", "spades-2", "diamonds-2", "hearts-3"]
    assert trick2["by"] == [2, 3, 0, 1]
    assert words(trick2["text"]["en"]) == "Seat 2 takes trick 2 with diamonds-3 and 1 penalty point: [hearts-3]."


# ----------------------------------------------------------------------------- HT-12 ... HT-15: scoring


def test_ht12_one_point_a_heart_thirteen_for_the_queen(rs):
    """SPLIT with the lowest legal card each time: seat 2 wins tricks 1-12 (12 hearts), seat 3 wins
    trick 13 with the ace of spades over the queen (13 + the last heart)."""
    st = one_hand(rs, SPLIT, SPLIT_PASSES)
    play_out(st)
    (rec,) = st.records
    assert list(rec["took"]) == [0, 0, 12, 14] and list(rec["points"]) == [0, 0, 12, 14]
    assert [(list(d["scores"]), list(d["totals"])) for d in st.deals] == [([0, 0, 12, 14], [0, 0, 12, 14])]
    assert rec["shooter"] == -1  # seat 2 took twelve hearts, not the queen: no moon
    obs = st.observation(1)
    # the penalty cards taken lie face up before their taker; the rest is face down
    assert sorted(obs["zones"]["taken"][3]) == ["hearts-a", "spades-q"]
    assert len(obs["zones"]["taken"][2]) == 12 and obs["zones"]["played"] == [None] * 38
    (end,) = events(st, 1, "deal_end")
    rows = {words(r["label"]["en"]): [x["int"] for x in r["value"]["list"]] for r in end["rows"]}
    assert rows == {
        "Hearts taken": [0, 0, 12, 1],
        "Queen of spades": [0, 0, 0, 13],
        "Points this hand": [0, 0, 12, 14],
        "Totals": [0, 0, 12, 14],
    }


@pytest.mark.parametrize("moon, points", [("add", [0, 26, 26, 26]), ("subtract", [-26, 0, 0, 0])])
def test_ht13_shooting_the_moon(rs, moon, points):
    st = one_hand(rs, MOON, MOON_PASSES, moon=moon)
    play_out(st)
    (rec,) = st.records
    assert list(rec["took"]) == [26, 0, 0, 0] and rec["shooter"] == 0
    assert list(rec["points"]) == points and st.returns() == [-p for p in points]
    (end,) = events(st, 2, "deal_end")
    labels = [words(r["label"]["en"]) for r in end["rows"]]
    assert "Seat 0 shot the moon" in labels
    moon_row = end["rows"][labels.index("Seat 0 shot the moon")]
    assert [x["int"] for x in moon_row["value"]["list"]] == [p - t for p, t in zip(points, [26, 0, 0, 0])]


def test_ht14_totals_and_the_end_of_the_game(rs):
    for target, seed in ((0, 1), (40, 2), (100, 3)):
        st = rs.new_game(seed=seed, options={"target": target})
        rng = random.Random(seed)
        while not st.is_terminal():
            st.apply_action(rng.choice(st.legal_actions()))
        totals = [list(r["totals"]) for r in st.records]
        running = [0, 0, 0, 0]
        for r in st.records:
            running = [a + b for a, b in zip(running, r["points"])]
            assert list(r["totals"]) == running
        assert max(totals[-1]) >= target
        assert all(max(t) < target for t in totals[:-1])
        if target == 0:
            assert len(st.records) == 1


def test_ht15_lowest_total_wins_and_returns_are_negated_totals(rs):
    st = one_hand(rs, SPLIT, SPLIT_PASSES)
    play_out(st)
    assert st.returns() == [0, 0, -12, -14]  # seats 0 and 1 share the win
    (over,) = events(st, 0, "game_over")
    assert words(over["text"]["en"]) == "The game is over: lowest total 0 wins: [Seat 0, Seat 1]."


# ----------------------------------------------------------------------------- the shadow game


class Shadow:
    """Hearts in plain Python from the rules' words, following a game move by move: what is legal
    (the oracle), what each hand holds, and what each hand scores (the scorer).  Its only input
    from the engine is the hands as dealt and the first dealer; everything else it works out."""

    def __init__(self, first_dealer: int, options: dict):
        self.dealer = first_dealer
        self.target = options.get("target", 100)
        self.moon = options.get("moon", "add")
        self.queen_breaks = options.get("queen_breaks_hearts", False)
        self.hand_no = 0
        self.totals = [0, 0, 0, 0]
        self.scored: list[dict] = []
        self.over = False

    def new_hand(self, dealt_hands: dict[int, list[str]]) -> None:
        assert sorted(c for h in dealt_hands.values() for c in h) == sorted(DECK)  # HT-4
        assert all(len(h) == 13 for h in dealt_hands.values())
        self.hand_no += 1
        self.hands = {s: set(h) for s, h in dealt_hands.items()}
        passing = (self.hand_no - 1) % 4 != 3  # HT-5: the fourth hand holds
        self.pass_order = [(self.dealer + 1 + k) % 4 for k in range(4)] if passing else []
        self.picked: list[str] = []
        self.passed: dict[int, frozenset] = {}  # seat -> the cards it passed, this hand
        self.played: set[str] = set()
        self.trick: list[tuple[int, str]] = []
        self.trick_no = 1
        self.broken = False
        self.taken: dict[int, list[str]] = {s: [] for s in range(4)}
        self.leader = -1 if passing else self._two_of_clubs()

    def _two_of_clubs(self) -> int:
        return next(s for s in range(4) if "clubs-2" in self.hands[s])

    def to_act(self) -> int:
        return self.pass_order[0] if self.pass_order else (self.leader + len(self.trick)) % 4

    def passing(self) -> bool:
        return bool(self.pass_order)

    # -- the legality oracle
    def legal(self) -> set:
        held = self.hands[self.to_act()]
        if self.pass_order:  # three cards, any three, picked one by one (HT-5, HT-6)
            if len(self.picked) == 3:
                return {("pass", frozenset(self.picked))}
            return {("pick", c) for c in held if c not in self.picked}
        if self.trick_no == 1 and not self.trick:  # HT-7
            return {("play", "clubs-2")}
        cards = set(held)
        if self.trick:  # HT-8
            led = suit(self.trick[0][1])
            if any(suit(c) == led for c in held):
                cards = {c for c in held if suit(c) == led}
        elif not self.broken and any(suit(c) != "hearts" for c in held):  # HT-10
            cards = {c for c in held if suit(c) != "hearts"}
        if self.trick_no == 1 and any(not penalty(c) for c in held):  # HT-9
            cards = {c for c in cards if not penalty(c)}
        return {("play", c) for c in cards}

    def apply(self, move: tuple) -> bool:
        """Follow one move; true when it ended a hand."""
        seat = self.to_act()
        kind, value = move
        if kind == "pick":
            self.picked.append(value)
            return False
        if kind == "pass":
            self.passed[seat] = value
            self.hands[seat] -= value
            self.picked = []
            self.pass_order.pop(0)
            if not self.pass_order:  # HT-6: received once everyone has passed
                for s, cards in self.passed.items():
                    self.hands[receiver(s, self.hand_no)] |= cards
                self.leader = self._two_of_clubs()
            return False
        self.hands[seat].remove(value)
        self.played.add(value)
        self.trick.append((seat, value))
        if suit(value) == "hearts" or (self.queen_breaks and value == QUEEN):
            self.broken = True
        if len(self.trick) < 4:
            return False
        led = suit(self.trick[0][1])  # HT-11
        winner = max((p for p in self.trick if suit(p[1]) == led), key=lambda p: rank(p[1]))[0]
        self.taken[winner] += [c for _, c in self.trick]
        self.trick = []
        self.leader = winner
        self.trick_no += 1
        if self.trick_no < 14:
            return False
        self._score()
        return True

    # -- the scorer
    def _score(self) -> None:
        took = [sum(penalty(c) for c in self.taken[s]) for s in range(4)]  # HT-12
        shooters = [
            s for s in range(4) if QUEEN in self.taken[s] and sum(suit(c) == "hearts" for c in self.taken[s]) == 13
        ]
        shooter, points = -1, took
        if shooters:  # HT-13
            (shooter,) = shooters
            if self.moon == "add":
                points = [0 if s == shooter else 26 for s in range(4)]
            else:
                points = [-26 if s == shooter else 0 for s in range(4)]
        self.totals = [t + p for t, p in zip(self.totals, points)]  # HT-14
        self.scored.append(
            {"dealer": self.dealer, "took": took, "shooter": shooter, "points": points, "totals": list(self.totals)}
        )
        self.dealer = (self.dealer + 1) % 4  # HT-3
        self.over = max(self.totals) >= self.target


def move_of(text: str) -> tuple:
    verb, _, rest = text.partition(" ")
    if verb == "pass":
        return ("pick", rest[1:]) if rest.startswith("+") else ("pass", frozenset(rest.split()))
    return (verb, rest)


def plain(value) -> object:
    return [plain(v) for v in value] if isinstance(value, (list, tuple)) else value


def shadow_game(rs, seed: int, options: dict, story: bool = False, on_decision=None, on_hand=None, max_hands=None):
    """A random game checked against the shadow at every decision (the hands at every lead and before
    every pass); returns (state, shadow).  With `max_hands` it stops after that many hands."""
    rng = random.Random(seed)
    st = rs.new_game(seed=seed, options=options, story=story)
    shadow = Shadow(variables(st)["dealer"], options)
    shadow.new_hand({s: hand(st, s) for s in range(4)})
    while not st.is_terminal():
        assert st.current_player() == shadow.to_act(), (seed, shadow.hand_no)
        assert {move_of(a.text) for a in st.legal_actions()} == shadow.legal(), (seed, shadow.hand_no, shadow.trick_no)
        if not shadow.trick and not shadow.picked:  # cards are conserved: each hand holds what it should
            for s in range(4):
                assert Counter(hand(st, s)) == Counter(shadow.hands[s]), (seed, s)
        if on_decision is not None:
            on_decision(st, shadow)
        action = rng.choice(st.legal_actions())
        st.apply_action(action)
        if not shadow.apply(move_of(action.text)):
            continue
        want = shadow.scored[-1]
        got = {k: plain(v) for k, v in st.records[-1].items() if k != "hand"}
        assert got == want, (seed, shadow.hand_no)
        assert st.records[-1]["hand"] == shadow.hand_no
        assert (plain(st.deals[-1]["scores"]), plain(st.deals[-1]["totals"])) == (want["points"], want["totals"])
        assert sum(want["took"]) == 26
        if on_hand is not None:
            on_hand(st, shadow)
        assert st.is_terminal() == shadow.over
        if max_hands is not None and len(shadow.scored) == max_hands:
            return st, shadow
        if not shadow.over:
            assert variables(st)["dealer"] == shadow.dealer
            shadow.new_hand({s: hand(st, s) for s in range(4)})
    assert shadow.over and st.returns() == [-t for t in shadow.totals]  # HT-15
    return st, shadow


def random_options(seed: int) -> dict:
    rng = random.Random(seed * 7919)
    return {
        "target": rng.choice([0, 30, 100, 100]),
        "moon": rng.choice(["add", "subtract"]),
        "queen_breaks_hearts": rng.random() < 0.3,
        "first_dealer": rng.choice([-1, 0, 1, 2, 3]),
    }


def run_shadow_games(rs, seeds) -> tuple[int, int]:
    hands = moons = 0
    for seed in seeds:
        _, shadow = shadow_game(rs, seed, random_options(seed))
        hands += len(shadow.scored)
        moons += sum(1 for h in shadow.scored if h["shooter"] >= 0)
    return hands, moons


def test_ht5_to_ht14_random_games_match_the_oracle_and_the_scorer(rs):
    """Over a few hundred random hands: the legal actions are the oracle's at every decision, every
    hand holds what it should (cards conserved), each hand's 26 points are taken (or the moon is
    shot), and scores and totals are the scorer's."""
    hands, _ = run_shadow_games(rs, range(32))
    assert hands >= 250


@pytest.mark.slow
def test_ht5_to_ht14_many_random_games_match_the_oracle_and_the_scorer(rs):
    hands, moons = run_shadow_games(rs, range(1000, 1400))
    assert hands >= 2500 and moons > 0


@pytest.mark.parametrize("moon", ["add", "subtract"])
@pytest.mark.parametrize("seed, shooter", [(56, 1), (399, 0)])
def test_ht13_random_moons_agree_with_the_scorer(rs, seed, shooter, moon):
    """Random play seldom shoots the moon; in these games (found by playing seeds 0-399 with
    `target: 0` and the first dealer `seed % 4`) it does."""
    st, shadow = shadow_game(rs, seed, {"target": 0, "first_dealer": seed % 4, "moon": moon})
    assert st.records[0]["shooter"] == shadow.scored[0]["shooter"] == shooter


# ----------------------------------------------------------------------------- HT-6: passing is private


def card_tokens(data) -> set[str]:
    """Every card id anywhere in an observation (in zones, variables, history texts, events)."""
    out: set[str] = set()

    def walk(x):
        if isinstance(x, str):
            out.update(w.lstrip("+") for w in x.split())
        elif isinstance(x, dict):
            for k, v in x.items():
                walk(k)
                walk(v)
        elif isinstance(x, (list, tuple)):
            for v in x:
                walk(v)

    walk(data)
    return out & set(DECK)


def secret_for(shadow: Shadow, seat: int) -> set[str]:
    """The passed cards `seat` may not know of now: those passed between two other seats, and those
    passed to it that it has not picked up yet, unless they have been played since."""
    out: set[str] = set()
    for s, cards in shadow.passed.items():
        to = receiver(s, shadow.hand_no)
        if seat not in (s, to) or (seat == to and shadow.passing()):
            out |= cards
    return out - shadow.played


def test_ht6_no_seat_sees_cards_passed_between_others(rs):
    """Over random play, at every decision, no seat's observation (zones, variables, this hand's
    history, legal actions, the decision's words) shows a card passed between two other seats, or
    passed to it before it picks them up, until that card is played."""
    checked = [0]
    start = {}  # hand number -> where its history begins, per seat

    def check(st, shadow):
        for seat in range(4):
            obs = st.observation(seat)
            begin = start.setdefault((shadow.hand_no, seat), len(obs["history"]))
            now = {k: v for k, v in obs.items() if k not in ("history", "events")}
            leak = card_tokens([now, obs["history"][begin:]]) & secret_for(shadow, seat)
            assert not leak, (seat, shadow.hand_no, leak)
            checked[0] += 1

    for seed in range(6):  # four hands each: left, right, across, hold
        shadow_game(rs, seed, {"target": 10_000, "first_dealer": seed % 4}, on_decision=check, max_hands=4)
    assert checked[0] > 5_000


def test_ht6_no_event_tells_a_seat_of_cards_passed_between_others(rs):
    """The story (events) as each seat sees it: a passed card is shown to a third seat only once it
    is played; the receiver learns it by a private event after everyone has passed."""
    seen_upto = [0, 0, 0, 0]
    told = [0]

    def check(st, shadow):
        for seat in range(4):
            story = st.observation(seat)["events"]
            played: set[str] = set()
            for e in story[seen_upto[seat] :]:
                if e["kind"] == "action" and e.get("action") == "play":
                    played |= set(e["cards"])
                secret = set()
                for s, cards in shadow.passed.items():
                    if seat not in (s, receiver(s, shadow.hand_no)):
                        secret |= cards
                leak = card_tokens(e) & (secret - played)
                assert not leak, (seat, shadow.hand_no, e)
                if e["kind"] == "received":
                    assert e["to"] == [seat] and set(e["cards"]) == set(shadow.passed[e["seat"]])
                    told[0] += 1
            seen_upto[seat] = len(story)

    for seed in range(4):
        seen_upto[:] = [0, 0, 0, 0]
        shadow_game(rs, seed, {"target": 10_000, "first_dealer": seed % 4}, story=True, on_hand=check, max_hands=5)
    assert told[0] == 4 * 4 * 4  # four seeds, four hands with a pass each, four seats
