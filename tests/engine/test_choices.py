"""Choosing several values in one decision: picks offered only while a legal choice can still be
completed, then the choice played as a whole (engine/choices.py).  Tiny rulesets only."""

from __future__ import annotations

import itertools
import random

import pytest

from interpreter.compiling.pipeline import check_text
from interpreter.engine.state import PICK_KIND, IllegalAction
from tests.engine.tiny import compile_text

PASSING = """
cardrules: 1
id: passing
name: Passing
players: {count: 3}
deck:
  attributes: {value: {type: int, default: 0}}
  suits: [{id: a}, {id: b}]
  ranks: [{id: "1", attrs: {value: 1}}, {id: "2", attrs: {value: 2}}, {id: "3", attrs: {value: 3}},
          {id: "4", attrs: {value: 4}}, {id: "5", attrs: {value: 5}}]
  copies: 2
zones:
  deck: {visibility: none}
  hand: {per: seat, visibility: owner}
  pile: {visibility: all}
variables:
  passed: {type: int}
actions:
  give:
    id: P-1
    text: Pass cards to the next seat.
    param: {name: cards, from: "hand(player)", count: 3}
    legal_if:
      - id: P-2
        text: pass at most one 5
        require: "count(c for c in cards if c.value == 5) <= 1"
    effect:
      - move: {from: "hand(player)", to: "hand(next_seat(player))", cards: cards}
      - add: {passed: 1}
  capture:
    id: P-3
    text: Put cards on the pile whose values add up to 6.
    param: {name: cards, from: "hand(player)", count: {min: 1, max: 4}}
    partial_if: "sum(c.value for c in cards) <= 6"
    legal_if:
      - id: P-4
        text: the values must add up to 6
        require: "sum(c.value for c in cards) == 6"
    effect:
      - move: {from: "hand(player)", to: pile, cards: cards}
  stop:
    effect: []
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, seats: seats, packets: [6]}
  - for_each: {in: seats, as: s, steps: [{turn: {player: s, actions: [give]}}]}
  - for_each: {in: seats, as: s, steps: [{turn: {player: s, actions: [capture, stop]}}]}
result:
  returns: "len(hand(seat))"
"""


@pytest.fixture(scope="module")
def rs():
    return compile_text(PASSING)


def _hand(st, seat):
    return st.observation(seat)["zones"]["hand"][seat]


def _legal_triples(hand):
    """Every legal pass, counted independently of the engine."""
    out = set()
    for combo in itertools.combinations(sorted(hand), 3):
        if sum(1 for c in combo if c.endswith("-5")) <= 1:
            out.add(combo)
    return out


def _all_wholes(st):
    """Walk every sequence of picks (a depth-first search over the engine's own offers)."""
    wholes = set()

    def walk(state):
        for a in state.legal_actions():
            if a.kind == PICK_KIND:
                nxt = state.clone()
                nxt.apply_action(a)
                walk(nxt)
            elif a.value is not None:
                ids = state.rs.cards.ids
                wholes.add(tuple(sorted(ids[v] for v in a.value)))

    walk(st)
    return wholes


def test_picks_reach_exactly_the_legal_choices(rs):
    for seed in range(6):
        st = rs.new_game(seed=seed, story=True)
        seat = st.current_player()
        assert _all_wholes(st) == _legal_triples(_hand(st, seat))


def test_only_picks_are_offered_until_the_choice_is_complete(rs):
    st = rs.new_game(seed=1, story=True)
    texts = [a.text for a in st.legal_actions()]
    assert all(t.startswith("give +") for t in texts)
    first = st.legal_actions()[0]
    st.apply_action(first)
    assert st.selection is not None and st.current_player() == 0
    st.apply_action(st.legal_actions()[0])
    st.apply_action(st.legal_actions()[0])
    (whole,) = st.legal_actions()  # three picked: only the choice itself is left
    assert whole.kind >= 0 and whole.text.startswith("give ") and "+" not in whole.text
    st.apply_action(whole)
    assert st.selection is None and st.current_player() == 1


def test_a_whole_choice_in_one_go_in_any_order(rs):
    st = rs.new_game(seed=2, story=True)
    hand = _hand(st, 0)
    triple = sorted(next(iter(_legal_triples(hand))))
    st.apply_action(f"give {triple[2]} {triple[0]} {triple[1]}")
    assert st.current_player() == 1
    assert sorted(st.observation(1)["zones"]["hand"][1]).count(triple[0]) >= 1
    said = [e for e in st.observation(0)["events"] if e["kind"] == "action"][-1]
    assert said["action"] == "give" and sorted(said["cards"]) == triple


def test_an_illegal_whole_choice_says_which_part_and_changes_nothing(rs):
    for seed in range(40):
        st = rs.new_game(seed=seed, story=True)
        hand = _hand(st, 0)
        fives = [c for c in hand if c.endswith("-5")]
        others = [c for c in hand if not c.endswith("-5")]
        if len(fives) >= 2:
            break
    else:
        pytest.fail("no hand with two fives")
    before = st.to_json()
    with pytest.raises(IllegalAction, match=r"cannot be part of a legal choice for 'give'.*P-2"):
        st.apply_action(f"give {fives[0]} {fives[1]} {others[0]}")
    with pytest.raises(IllegalAction, match="not one of the values you can choose"):
        st.apply_action("give a-1 a-1 a-1 a-1" if hand.count("a-1") < 4 else "give b-9")
    with pytest.raises(IllegalAction, match="needs exactly 3"):
        st.apply_action(f"give {others[0]}")
    single = next(c for c in others if hand.count(c) == 1)
    with pytest.raises(IllegalAction, match=f"'{single}' is named more times than it can be chosen"):
        st.apply_action(f"give {single} {single} {fives[0]}")
    assert st.to_json() == before


def test_partial_if_prunes_and_min_max_choices_complete(rs):
    st = rs.new_game(seed=3, story=True)
    for _ in range(3):
        st.apply_action(next(a for a in st.legal_actions() if a.kind != PICK_KIND or True))
        while st.selection is not None:
            st.apply_action(st.legal_actions()[-1])
    seat = st.current_player()
    hand = _hand(st, seat)
    values = [int(c.split("-")[1]) for c in hand]
    expected = {
        tuple(sorted(combo))
        for k in range(1, 5)
        for combo in itertools.combinations(sorted(hand), k)
        if sum(int(c.split("-")[1]) for c in combo) == 6
    }
    assert values and _all_wholes(st) == expected
    for a in st.legal_actions():
        if a.kind == PICK_KIND:
            value = int(st.rs.cards.ids[a.value[1]].split("-")[1])
            assert value <= 6


def test_duplicate_copies_are_chosen_as_a_multiset():
    rs = compile_text(PASSING.replace("packets: [6]", "packets: [6]}\n  - move: {from: deck, to: pile, count: 0"))
    for seed in range(60):
        st = rs.new_game(seed=seed, story=True)
        hand = _hand(st, 0)
        pair = [c for c in set(hand) if hand.count(c) == 2 and not c.endswith("-5")]
        if pair:
            other = next(c for c in hand if c != pair[0])
            st.apply_action(f"give {pair[0]} {pair[0]} {other}")
            assert _hand(st, 0).count(pair[0]) == 0
            return
    pytest.fail("no hand with a pair")


def test_the_choice_in_progress_is_saved_and_private(rs):
    st = rs.new_game(seed=4, story=True)
    st.apply_action(st.legal_actions()[0])
    back = rs.state_from_json(st.to_json())
    assert back.selection == st.selection
    assert [a.text for a in back.legal_actions()] == [a.text for a in st.legal_actions()]
    assert "choice" in st.observation(0) and st.observation(0)["choice"]["chosen"]
    for other in (1, 2):
        assert all(h["seat"] != 0 or "+" not in str(h["action"]) for h in st.observation(other)["history"])


def test_random_play_through_choices_and_replay(rs):
    for seed in range(10):
        st = rs.new_game(seed=seed, story=True)
        rng = random.Random(seed)
        while not st.is_terminal():
            st.apply_action(rng.choice(st.legal_actions()))
        again = rs.state_from_json(st.to_json())
        assert again.returns() == st.returns()


def test_a_claim_window_cannot_offer_a_choice_of_several_values():
    text = PASSING.replace(
        "  - for_each: {in: seats, as: s, steps: [{turn: {player: s, actions: [capture, stop]}}]}",
        "  - claim: {players: seats, actions: [capture]}",
    )
    report = check_text(text, "bad.yaml")
    assert not report.ok
    assert any("cannot offer 'capture', a choice of several values" in d.message for d in report.diagnostics)


def test_partial_if_needs_a_choice_of_several_values():
    text = PASSING.replace("  stop:\n    effect: []", '  stop:\n    partial_if: "true"\n    effect: []')
    report = check_text(text, "bad.yaml")
    assert any("partial_if belongs to an action that chooses several values" in d.message for d in report.diagnostics)


def test_too_many_possibilities_is_a_ruleset_error_not_a_hang():
    from interpreter.engine.program import FlowError

    text = PASSING.replace('require: "count(c for c in cards if c.value == 5) <= 1"', 'require: "false"')
    text = text.replace('from: "hand(player)", count: 3}', 'from: "hand(player)", count: {min: 1, max: 6}}')
    text = text.replace("packets: [6]", "packets: [24]").replace("players: {count: 3}", "players: {count: 1}")
    text = text.replace("copies: 2", "copies: 1")
    six = "  suits: [{id: a}, {id: b}, {id: c}, {id: d}, {id: e}, {id: f}]"
    rs = compile_text(text.replace("  suits: [{id: a}, {id: b}]", six))
    st = rs.new_game(seed=1, story=True)
    with pytest.raises(FlowError, match="too many possibilities"):
        st.legal_actions()


def test_explain_of_a_whole_choice_names_the_part_and_never_fails(rs):
    """What the prompt asks when a typed choice is not legal: the same words as apply_action's refusal."""
    st = rs.new_game(seed=2, story=True)
    hand = _hand(st, 0)
    missing = next(c for c in ("a-1", "a-2", "a-3", "b-1", "b-2") if c not in hand)
    said = st.rs.explain(st, f"give {hand[0]} {missing}")
    assert f"'{missing}' is not one of the values you can choose for 'give' now" in said
    assert "needs exactly 3" in st.rs.explain(st, f"give {hand[0]}")


HIGHEST = """
cardrules: 1
id: highest
name: Highest
players: {count: 2}
deck:
  suits: [{id: a}, {id: b}]
  ranks: [{id: "1"}, {id: "2"}, {id: "3"}]
zones:
  deck: {visibility: none}
  hand: {per: seat, visibility: owner}
  out: {visibility: all}
actions:
  give:
    param: {name: cards, from: "hand(player)", count: 2}
    legal_if:
      - {id: X-1, text: you must give your two highest cards, require: "all(c.rank_order >= 1 for c in cards)"}
    effect:
      - move: {from: "hand(player)", to: out, cards: cards}
flow:
  - deal: {from: deck, to: hand, seats: "seats", packets: [3]}
  - turn: {player: 0, actions: [give]}
result:
  returns: "0"
"""


@pytest.mark.parametrize("text", ["give a-1 a-2", "give a-2 a-1", "give a-1"])
def test_a_value_no_legal_choice_can_hold_is_refused_with_the_rule_it_breaks(text):
    """`give a-1 a-2` was refused as "'a-1' cannot be part of a legal choice for 'give'" without
    the rule, since a-1 alone is not yet a whole choice (a held-out President's exchange)."""
    rs = compile_text(HIGHEST)
    st = rs.new_game(seed=1)  # (deals a-1 a-2 a-3 to seat 0)
    with pytest.raises(IllegalAction, match=r"'a-1' cannot be part of a legal choice for 'give'.*\(X-1\)"):
        st.apply_action(text)


ONE_OR_TWO = """
cardrules: 1
id: one_or_two
name: One or two
players: {count: 1}
deck:
  suits: [{id: c}, {id: d}]
  ranks: [{id: "3"}, {id: "4"}]
zones:
  deck: {visibility: none}
  hand: {per: seat, visibility: owner}
  pile: {visibility: all}
actions:
  play:
    param: {name: cards, from: "hand(player)", count: {min: 1, max: 2}}
    legal_if:
      - {id: R-1, text: "you must play exactly two cards", require: "len(cards) == 2"}
      - {id: R-2, text: "you must play 4s", require: "all(c.rank == '4' for c in cards)"}
    effect:
      - move: {from: "hand(player)", to: pile, cards: cards}
flow:
  - deal: {from: deck, to: hand, seats: "[0]", packets: [4]}
  - turn: {player: 0, actions: [play]}
result:
  returns: 0
"""


@pytest.mark.parametrize(
    "text, said",
    [
        ("play c-3 d-3", "'c-3' cannot be part of a legal choice for 'play': not allowed: you must play 4s (R-2)"),
        (
            "play c-4 d-3",
            "'d-3' cannot be part of a legal choice for 'play' with c-4: not allowed: you must play 4s (R-2)",
        ),
        ("play c-4 d-4 d-3", "'play' takes at most 2"),
    ],
)
def test_a_whole_choice_is_refused_with_the_rule_the_whole_breaks(text, said):
    """`play c-3 d-3` was refused as breaking "exactly two cards" (R-1): the first card was judged
    alone, a choice of one; the two named break R-2 (found by writing President from the docs)."""
    st = compile_text(ONE_OR_TWO).new_game(seed=1)
    with pytest.raises(IllegalAction) as refused:
        st.apply_action(text)
    assert str(refused.value) == said


ONE_RANK = """
cardrules: 1
id: one_rank
name: One rank
players: {count: 1}
deck:
  suits: [{id: c}, {id: d}, {id: h}]
  ranks: [{id: "q"}, {id: "j"}]
zones:
  deck: {visibility: none}
  hand: {per: seat, visibility: owner}
  melds: {visibility: all}
actions:
  meld:
    param: {name: cards, from: "hand(player)", count: 3}
    legal_if:
      - {id: M-1, text: "a meld holds cards of one rank", require: "len(unique([c.rank for c in cards])) == 1"}
    effect:
      - move: {from: "hand(player)", to: melds, cards: cards}
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, seats: "[0]", packets: [5]}
  - turn: {player: 0, actions: [meld]}
result:
  returns: 0
"""


def test_a_whole_choice_blames_the_one_card_whose_leaving_out_mends_the_rule():
    """`meld spades queen diamonds queen hearts jack` was refused naming a queen (the first card no
    legal choice could hold: there were only two queens) for the rule the jack breaks (a held-out
    Canasta)."""
    rs = compile_text(ONE_RANK)
    for seed in range(50):  # a hand of two queens (no meld of queens) and three jacks
        st = rs.new_game(seed=seed)
        hand = st.observation(0)["zones"]["hand"][0]
        queens, jacks = [c for c in hand if c.endswith("-q")], [c for c in hand if c.endswith("-j")]
        if len(queens) == 2:
            break
    assert len(queens) == 2 and len(jacks) == 3, hand
    with pytest.raises(IllegalAction) as refused:
        st.apply_action(f"meld {queens[0]} {queens[1]} {jacks[0]}")
    said = str(refused.value)
    assert said.startswith(f"'{jacks[0]}' cannot be part of a legal choice for 'meld' with "), said
    assert said.endswith("not allowed: a meld holds cards of one rank (M-1)"), said
