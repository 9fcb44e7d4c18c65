"""Search and samples on game shapes no shipped ruleset has.

Found by writing new games from the docs alone (a Crazy Eights whose pile
becomes the new stock, a Go Fish whose asks move hidden cards): a second
shuffle within a deal, a decision whose value is not a card, and samples
in which the seat to act would have other moves than it has.
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from interpreter.agents.determinize import Determinizer
from interpreter.agents.spec import make_agents
from interpreter.agents.views import view_of
from interpreter.engine.state import PUBLIC
from tests.engine.tiny import compile_text

# two shuffles in one deal: the rest of the deck shuffled again as a stock, with the hands held
RESHUFFLE = """
cardrules: 1
id: reshuffle
name: Reshuffle
players: {count: 2}
deck:
  suits: [{id: red}, {id: blue}]
  ranks: [{id: "1"}, {id: "2"}, {id: "3"}, {id: "4"}, {id: "5"}]
zones:
  deck: {visibility: none}
  stock: {visibility: none}
  hand: {per: seat, visibility: owner}
  pile: {visibility: all}
variables:
  score: {type: int, per: seat}
actions:
  play:
    param: {name: card, from: "hand(player)"}
    effect:
      - move: {from: "hand(player)", to: pile, cards: card}
      - add: {"score[player]": "card.rank_order"}
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, seats: "seats_from(0)", packets: [3]}
  - move: {from: deck, to: stock, all: true}
  - shuffle: stock
  - repeat:
      times: 3
      steps:
        - for_each: {in: "seats_from(0)", as: s, steps: [{turn: {player: s, actions: [play]}}]}
result:
  returns: "score[seat]"
"""

# Crazy Eights, small: match suit or rank, draw only when you cannot play; when the stock is
# empty the pile under its top card is shuffled into a new stock (while the hands are held)
EIGHTS = """
cardrules: 1
id: small_eights
name: Small eights
players: {count: 3}
deck:
  suits: [{id: c}, {id: d}, {id: h}]
  ranks: [{id: "1"}, {id: "2"}, {id: "3"}, {id: "4"}, {id: "5"}, {id: "8"}]
zones:
  deck: {visibility: none}
  stock: {visibility: none}
  pile: {visibility: all}
  hand: {per: seat, visibility: owner}
variables:
  turn_player: {type: seat}
  called: {type: suit}
  passes: {type: int}
  out: {type: seat, initial: -1}
  refills: {type: int}
functions:
  top: {value: "last(pile)"}
  matches: {params: {c: card}, value: "c.rank == '8' or c.suit == called or c.rank == top().rank"}
  can_play: {params: {s: seat}, value: "any(matches(c) for c in hand(s))"}
actions:
  play:
    param: {name: card, from: "hand(player)"}
    legal_if:
      - {text: the card must match, require: "matches(card)"}
    effect:
      - move: {from: "hand(player)", to: pile, cards: card}
      - set: {called: "card.suit", passes: 0}
  draw:
    available_if: "len(stock) > 0"
    legal_if:
      - {text: you may draw only when you cannot play, require: "not can_play(player)"}
    effect:
      - move: {from: stock, to: "hand(player)", count: 1}
  pass:
    available_if: "len(stock) == 0 and not can_play(player)"
    effect:
      - add: {passes: 1}
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, seats: "seats_from(0)", packets: [3]}
  - move: {from: deck, to: pile, count: 1, face: up}
  - move: {from: deck, to: stock, all: true}
  - set: {called: "top().suit"}
  - repeat:
      until: "out >= 0 or passes >= 3"
      steps:
        - if: "len(stock) == 0 and len(pile) > 1"
          then:
            - move: {from: pile, to: stock, cards: "difference(pile, [top()])", face: down}
            - shuffle: stock
            - add: {refills: 1}
        - turn: {player: turn_player, actions: [play, draw, pass]}
        - if: "len(hand(turn_player)) == 0"
          then:
            - set: {out: turn_player}
        - if: "last_action != 'draw'"
          then:
            - set: {turn_player: "next_seat(turn_player)"}
result:
  returns: "0 - len(hand(seat))"
hints:
  evaluate: "sum(len(hand(s)) for s in seats) - 3 * len(hand(seat))"
  plausible: "count(c for c in hand(seat) if c.rank == '8')"
  prefer:
    play: "1 + (0 if card.rank == '8' else 1)"
    draw: 0
    pass: 0
"""

# Go Fish, small: an ask names a rank (not a card) and moves the other hand's cards of it
GOFISH = """
cardrules: 1
id: small_gofish
name: Small Go Fish
players: {count: 2}
deck:
  suits: [{id: c}, {id: d}, {id: h}, {id: s}]
  ranks: [{id: "1"}, {id: "2"}, {id: "3"}, {id: "4"}, {id: "5"}]
zones:
  deck: {visibility: none}
  hand: {per: seat, visibility: owner}
  books: {per: seat, visibility: all}
variables:
  asker: {type: seat}
  again: {type: bool}
functions:
  ranks_held: {params: {s: seat}, value: "[c.rank for c in hand(s)]"}
actions:
  ask:
    param: {name: r, from: "unique(ranks_held(player))"}
    effect:
      - if: "any(c.rank == r for c in hand(1 - player))"
        then:
          - move: {from: "hand(1 - player)", to: "hand(player)", cards: "[c for c in hand(1 - player) if c.rank == r]"}
          - set: {again: true}
        else:
          - set: {again: false}
          - if: "len(deck) > 0"
            then:
              - move: {from: deck, to: "hand(player)", count: 1}
      - for_each:
          in: "unique(ranks_held(player))"
          as: q
          steps:
            - if: "count_of(ranks_held(player), q) == 4"
              then:
                - move:
                    from: "hand(player)"
                    to: "books(player)"
                    cards: "[c for c in hand(player) if c.rank == q]"
                    face: up
  draw:
    available_if: "len(hand(player)) == 0 and len(deck) > 0"
    effect:
      - move: {from: deck, to: "hand(player)", count: 1}
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, seats: "seats_from(0)", packets: [5]}
  - repeat:
      until: "sum(len(books(s)) for s in seats) == 20"
      steps:
        - if: "len(hand(asker)) > 0 or len(deck) > 0"
          then:
            - turn: {player: asker, actions: [ask, draw]}
        - if: "not again or len(hand(asker)) == 0"
          then:
            - set: {asker: "1 - asker", again: false}
result:
  returns: "len(books(seat)) // 4"
hints:
  evaluate: "len(books(seat)) - len(books(1 - seat))"
  prefer:
    ask: "count_of(ranks_held(player), r)"
    draw: 0
"""

AGENTS = (
    "greedy",
    "policy",
    "ismcts:iterations=4",
    "easy:iterations=4",
    "normal:iterations=6,max_seconds=0",
    "hard:iterations=6,workers=1,max_seconds=0",
)


def _zone(rs, name: str) -> int:
    return next(z.base for z in rs.zones if z.name == name)


def _hand(rs, st, seat: int) -> tuple:
    return tuple(sorted(st.zones[_zone(rs, "hand") + seat]))


def test_a_later_shuffle_of_the_deal_numbers_its_cards_on_and_samples_start_at_the_first():
    rs = compile_text(RESHUFFLE)
    st = rs.new_game(seed=3)
    assert len(st.shuffles) == 2
    snap, start, zone = st.snapshot
    assert (len(snap.shuffles), start, zone) == (1, 0, _zone(rs, "deck"))  # the deal's first shuffle
    positions = [m >> 8 for metas in st.meta for m in metas]
    assert len(set(positions)) == len(positions) == 10  # a position names one card in the deal
    hands = {m >> 8 for s in (0, 1) for m in st.meta[_zone(rs, "hand") + s]}
    assert min(m >> 8 for m in st.meta[_zone(rs, "stock")]) > max(hands)


def test_samples_redeal_the_other_hand_after_a_later_shuffle_of_the_deal():
    """The hidden hand was dealt before the stock's shuffle: samples re-deal it (they copied it)."""
    rs = compile_text(RESHUFFLE)
    for seed in range(5):
        st = rs.new_game(seed=seed)
        sampler = Determinizer(st, 0, random.Random(seed))
        samples = [sampler.sample() for _ in range(30)]
        assert all(_hand(rs, w, 0) == _hand(rs, st, 0) for w in samples)
        theirs = Counter(_hand(rs, w, 1) for w in samples)
        assert len(theirs) >= 3 and theirs[_hand(rs, st, 1)] < 15, (seed, theirs)
        assert sampler.fallbacks == 0


def _refilled(rs, seed: int):
    """A game of EIGHTS played at random until just after the pile became the stock, or None."""
    st = rs.new_game(seed=seed)
    rng = random.Random(seed)
    refills = rs.variables[[v.name for v in rs.variables].index("refills")].slot
    while not st.is_terminal():
        st.apply_action(rng.choice(st.legal_actions()))
        if st.vars[refills] and not st.is_terminal():
            for _ in range(rng.randrange(4)):  # and a few moves more
                if st.is_terminal():
                    return None
                st.apply_action(rng.choice(st.legal_actions()))
            while not st.is_terminal() and len(st.legal_actions()) < 2:  # to a choice
                st.apply_action(st.legal_actions()[0])
            return None if st.is_terminal() else st
    return None


def test_samples_after_the_pile_became_the_stock_keep_what_the_seat_saw_and_nothing_else():
    """What the seat saw stays, its moves stay, and the other hands are re-dealt (where the draws it
    saw do not pin them down: a seat draws only when it cannot play, which often does)."""
    rs = compile_text(EIGHTS)
    states = redealt = fallbacks = 0
    for seed in range(60):
        st = _refilled(rs, seed)
        if st is None:
            continue
        seat = st.current_player()
        sampler = Determinizer(st, seat, random.Random(seed), steps=40)  # with `hints.plausible` steps
        made = [sampler.sample() for _ in range(12)]
        for w in made:
            assert view_of(w, seat) == view_of(st, seat)
            assert {(a.kind, a.value) for a in w.legal_actions()} == {(a.kind, a.value) for a in st.legal_actions()}
        others = [s for s in range(3) if s != seat]
        real = [_hand(rs, st, s) for s in others]
        redealt += any([_hand(rs, w, s) for s in others] != real for w in made)
        states += 1
        fallbacks += sampler.fallbacks
    assert states >= 6 and redealt >= 3, (states, redealt)
    # a recorded draw the sample makes illegal (the seat could have played a card it drew from the
    # new stock) is repaired by swapping cards of the new stock, not left to the last resort
    assert fallbacks <= states, fallbacks


@pytest.mark.parametrize("spec", AGENTS)
def test_every_agent_answers_after_the_pile_became_the_stock(spec):
    rs = compile_text(EIGHTS)
    asked = 0
    for seed in range(45):
        st = _refilled(rs, seed)
        if st is None:
            continue
        before = st.to_json()
        action = make_agents(spec, rs, seed)[st.current_player()].choose(st)
        assert action in st.legal_actions()
        assert st.to_json() == before
        asked += 1
    assert asked >= 3


def test_a_decision_whose_value_is_not_a_card_is_public():
    """A Go Fish ask names a rank and moves hidden cards from hand to hand: the rank is said aloud
    (only a card put out of the others' sight keeps a decision's value hidden)."""
    rs = compile_text(GOFISH)
    st = rs.new_game(seed=0)
    rng = random.Random(0)
    for _ in range(6):
        st.apply_action(rng.choice(st.legal_actions()))
    asks = [h for h in st.history if rs.actions[h[1]].name == "ask"]
    assert asks and all(h[3] == PUBLIC for h in asks)
    seen = [e["action"] for e in st.observation(1)["history"] if e["seat"] == 0]
    assert seen and all("hidden" not in str(a) for a in seen)


def test_samples_give_the_seat_to_act_the_moves_it_has():
    """Asks move cards between hands the seat does not see: a replay that cannot be made to look the
    same is never used as it is (the seat's moves differed in some), and every agent answers."""
    rs = compile_text(GOFISH)
    st = rs.new_game(seed=0)
    rng = random.Random(0)
    for _ in range(4):
        st.apply_action(rng.choice(st.legal_actions()))
    seat = st.current_player()
    real = {(a.kind, a.value) for a in st.legal_actions()}
    for k in range(60):
        w = Determinizer(st, seat, random.Random(k)).sample()
        assert {(a.kind, a.value) for a in w.legal_actions()} == real, k
    for spec in AGENTS:
        for s in range(6):
            assert make_agents(spec, rs, s)[seat].choose(st) in st.legal_actions(), (spec, s)


# a deal that random play never ends (nothing in the rules stops it: the ruleset's own doing)
ENDLESS = """
cardrules: 1
id: endless
name: Endless
players: {count: 2}
deck:
  suits: [{id: s}]
  ranks: [{id: "1"}, {id: "2"}]
zones:
  deck: {visibility: none}
  hand: {per: seat, visibility: owner}
variables:
  taps: {type: int, per: seat}
  turn_player: {type: seat}
actions:
  tap:
    effect:
      - add: {"taps[player]": 1}
  wait:
    effect: []
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, seats: "seats_from(0)", packets: [1]}
  - repeat:
      until: "taps[0] > 1000000"
      steps:
        - turn: {player: turn_player, actions: [tap, wait]}
        - set: {turn_player: "1 - turn_player"}
result:
  returns: "taps[seat]"
"""


@pytest.mark.parametrize("spec", ["ismcts:iterations=2", "ismcts:iterations=3,playout=random", "easy:iterations=2"])
def test_a_playout_of_a_deal_that_never_ends_is_judged_where_it_stands(spec):
    rs = compile_text(ENDLESS)
    st = rs.new_game(seed=1)
    assert make_agents(spec, rs, 1)[0].choose(st) in st.legal_actions()


# lay cards keeping a running count at most 10; a seat that cannot lay is skipped (so a recorded
# lay shows what the seat held, and a repair's trial can leave it without any move)
COUNT = """
cardrules: 1
id: count_ten
name: Count to ten
players: {count: 2}
deck:
  attributes: {value: {type: int, default: 0}}
  suits: [{id: a}, {id: b}]
  ranks: [{id: "1", attrs: {value: 1}}, {id: "3", attrs: {value: 3}}, {id: "5", attrs: {value: 5}},
          {id: "7", attrs: {value: 7}}, {id: "9", attrs: {value: 9}}]
zones:
  deck: {visibility: none}
  hand: {per: seat, visibility: owner}
  laid: {visibility: all}
variables:
  total: {type: int}
  who: {type: seat}
  points: {type: int, per: seat}
functions:
  can_play: {params: {s: seat}, value: "any(total + c.value <= 10 for c in hand(s))"}
actions:
  lay:
    param: {name: card, from: "hand(player)"}
    legal_if:
      - {require: "total + card.value <= 10", text: "the count may not pass 10"}
    effect:
      - move: {from: "hand(player)", to: laid, cards: card}
      - set: {total: "total + card.value"}
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, seats: "seats", packets: [4]}
  - repeat:
      while: "any(len(hand(s)) > 0 for s in seats)"
      steps:
        - if: "can_play(who)"
          then:
            - turn: {player: who, actions: [lay]}
            - add: {"points[who]": 1}
          elif:
            - if: "not any(can_play(s) for s in seats)"
              then:
                - set: {total: 0}
        - set: {who: "1 - who"}
result:
  returns: "points[seat]"
"""


def test_a_repair_that_leaves_the_seat_without_a_move_is_no_repair():
    rs = compile_text(COUNT)
    for seed in range(4):
        st = rs.new_game(seed=seed)
        rng = random.Random(seed)
        while not st.is_terminal():
            for k in range(5):
                w = Determinizer(st, st.current_player(), random.Random(k)).sample()
                assert view_of(w, st.current_player()) == view_of(st, st.current_player())
            st.apply_action(rng.choice(st.legal_actions()))


# a choice of one to three cards put face down (Cheat's claim): how many is seen, which are not
FACE_DOWN_RANGE = """
cardrules: 1
id: face_down_range
name: Face-down range
players: {count: 2}
deck:
  suits: [{id: s}, {id: h}]
  ranks: [{id: "1"}, {id: "2"}, {id: "3"}, {id: "4"}, {id: "5"}, {id: "6"}]
zones:
  deck: {visibility: none}
  hand: {per: seat, visibility: owner}
  pile: {visibility: all}
actions:
  put:
    param: {name: cards, from: "hand(player)", count: {min: 1, max: 3}}
    effect:
      - move: {from: "hand(player)", to: pile, cards: cards, face: down}
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, seats: seats, packets: [6]}
  - repeat: {times: 2, steps: [{for_each: {in: seats, as: s, steps: [{turn: {player: s, actions: [put]}}]}}]}
result: {returns: 0}
"""


@pytest.mark.parametrize("put", [1, 2, 3])
def test_samples_of_a_hidden_choice_of_one_to_three_cards_put_as_many(put):
    """Samples stopped picking at the fewest values the choice allows, so when another seat put more
    cards face down every sample looked different and fell to the last resort."""
    rs = compile_text(FACE_DOWN_RANGE)
    st = rs.new_game(seed=1)
    st.apply_action("put " + " ".join(st.observation(0)["zones"]["hand"][0][:put]))
    sampler = Determinizer(st, 1, random.Random(0))
    for _ in range(20):
        world = sampler.sample()
        assert len(world.zones[next(z.base for z in rs.zones if z.name == "pile")]) == put
        assert view_of(world, 1) == view_of(st, 1)
    assert (sampler.rejections, sampler.fallbacks) == (0, 0)


# the sum of each hand is said aloud (public), and who holds red-8 is kept secret (visibility: none):
# replayed samples rarely match every sum, so most fall to the last resort
SECRET_HOLDER = """
cardrules: 1
id: secret_holder
name: Secret holder
players: {count: 3}
deck:
  attributes: {number: {type: int, default: 0}}
  suits: [{id: red}, {id: blue}]
  ranks: [{id: "1", attrs: {number: 1}}, {id: "2", attrs: {number: 2}}, {id: "3", attrs: {number: 3}},
          {id: "4", attrs: {number: 4}}, {id: "5", attrs: {number: 5}}, {id: "6", attrs: {number: 6}},
          {id: "7", attrs: {number: 7}}, {id: "8", attrs: {number: 8}}]
zones:
  deck: {visibility: none}
  hand: {per: seat, visibility: owner}
  table: {visibility: all}
variables:
  total: {type: int, per: seat}
  holder: {type: seat, initial: -1, visibility: none}
  mine: {type: int, per: seat, visibility: owner}
actions:
  play:
    param: {name: card, from: "hand(player)"}
    effect:
      - move: {from: "hand(player)", to: table, cards: card}
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, seats: seats, packets: [5]}
  - for_each:
      in: seats
      as: s
      steps:
        - set: {"total[s]": "sum(c.number for c in hand(s))", "mine[s]": "len([c for c in hand(s) if c.suit == 'red'])"}
  - set: {holder: "first([s for s in seats if 'red-8' in hand(s)])"}
  - repeat: {times: 5, steps: [{for_each: {in: seats, as: s, steps: [{turn: {player: s, actions: [play]}}]}}]}
result:
  returns: "0"
"""


def test_a_last_resort_sample_never_keeps_a_secret_of_the_real_game():
    """The last resort re-dealt the hidden cards and kept every hidden variable as it was: the seat
    holding red-8 was the real one in 448 of 460 samples."""
    rs = compile_text(SECRET_HOLDER)
    slots = {v.name: v.slot for v in rs.variables}
    fallbacks = copied = 0
    for seed in range(30):
        st = rs.new_game(seed=seed)
        if st.vars[slots["holder"]] == 0:
            continue
        # (without the search for samples that agree with the totals said aloud, which finds most)
        sampler = Determinizer(st, 0, random.Random(seed), nearer=0)
        for _ in range(10):
            world = sampler.sample()
            copied += world.vars[slots["holder"]] == st.vars[slots["holder"]]
            assert world.vars[slots["mine"]][0] == st.vars[slots["mine"]][0]  # the seat's own entry is kept
        fallbacks += sampler.fallbacks
    assert fallbacks > 100  # the case in point: most samples are the last resort here
    assert copied < fallbacks // 2, (copied, fallbacks)


# a widow turned face up and taken into the first seat's hand by the flow, before anybody moves
WIDOW = """
cardrules: 1
id: widow
name: Widow
players: {count: 3}
deck:
  suits: [{id: red}, {id: blue}, {id: green}]
  ranks: [{id: "1"}, {id: "2"}, {id: "3"}, {id: "4"}]
zones:
  deck: {visibility: none}
  widow: {visibility: all}
  hand: {per: seat, visibility: owner}
  pile: {visibility: all}
variables:
  score: {type: int, per: seat}
actions:
  play:
    param: {name: card, from: "hand(player)"}
    effect:
      - move: {from: "hand(player)", to: pile, cards: card}
      - add: {"score[player]": "card.rank_order"}
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, seats: "seats_from(0)", packets: [3]}
  - move: {from: deck, to: widow, count: 3}
  - reveal: widow
  - move: {from: widow, to: "hand(0)", all: true, face: down}
  - repeat:
      times: 6
      steps:
        - for_each: {in: "seats_from(1)", as: s, steps: [{turn: {player: s, actions: [play]}}]}
result:
  returns: "score[seat]"
"""


def test_cards_seen_only_between_two_decisions_stay_where_they_were_seen():
    """The widow is turned up and taken into seat 0's hand before anybody moves: every seat saw
    those three cards, so every sample puts them in seat 0's hand (they were re-dealt before)."""
    rs = compile_text(WIDOW)
    hand0 = [rs.zone_label(z) for z in range(rs.zone_count)].index("hand(0)")
    for seed in range(10):
        st = rs.new_game(seed=seed)
        # the widow's cards: dealt after the nine of the hands (deck positions 9-11)
        widow = Counter(c for c, m in zip(st.zones[hand0], st.meta[hand0]) if m >> 8 >= 9)
        assert sum(widow.values()) == 3
        for seat in (1, 2):
            if st.current_player() != seat:
                st.apply_action(st.legal_actions()[0])
            det = Determinizer(st, seat, random.Random(seed))
            for _ in range(20):
                held = Counter(det.sample().zones[hand0])
                assert not widow - held, (seed, seat)


# each seat's hand total said aloud before play: a public value computed from hidden cards
SAID = """
cardrules: 1
id: said
name: Said
players: {count: 3}
deck:
  suits: [{id: red}, {id: blue}, {id: green}, {id: gold}]
  ranks: [{id: "1"}, {id: "2"}, {id: "3"}, {id: "4"}, {id: "5"}]
zones:
  deck: {visibility: none}
  hand: {per: seat, visibility: owner}
  pile: {visibility: all}
variables:
  score: {type: int, per: seat}
  said: {type: int, per: seat}
actions:
  play:
    param: {name: card, from: "hand(player)"}
    effect:
      - move: {from: "hand(player)", to: pile, cards: card}
      - add: {"score[player]": "card.rank_order"}
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, seats: "seats_from(0)", packets: [4]}
  - for_each: {in: seats, as: s, steps: [{set: {"said[s]": "sum(c.rank_order for c in hand(s))"}}]}
  - repeat:
      times: 4
      steps:
        - for_each: {in: "seats_from(0)", as: s, steps: [{turn: {player: s, actions: [play]}}]}
result:
  returns: "score[seat]"
"""


def test_samples_agree_with_a_value_said_aloud_from_hidden_cards():
    """Each hand's total is public: a sample that re-deals the other hands must give them the
    same totals.  Re-dealt at random, almost none does; the sampler searches for one (swapping
    re-dealt cards while the replay comes no further from what the seat saw) instead of falling
    to the last resort, which ignores the totals."""
    rs = compile_text(SAID)
    samples = fallbacks = 0
    for seed in range(12):
        before = 0
        st = rs.new_game(seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(0, 6)):
            st.apply_action(rng.choice(st.legal_actions()))
        seat = st.current_player()
        said = st.vars[[v.slot for v in rs.variables if v.name == "said"][0]]
        det = Determinizer(st, seat, random.Random(seed))
        for _ in range(10):
            world = det.sample()
            if det.fallbacks == before:
                hands = [world.zones[z] for z in range(rs.zone_count) if rs.zone_owner[z] >= 0]
                played = Counter()
                for s, kind, value, _ in world.history:
                    played[s] += rs.cards.rank_of[value] if kind >= 0 else 0
                totals = tuple(sum(rs.cards.rank_of[c] for c in h) for h in hands)
                assert tuple(t + played[s] for s, t in enumerate(totals)) == said
            before = det.fallbacks
        samples, fallbacks = samples + det.samples, fallbacks + det.fallbacks
    assert fallbacks <= samples // 10, (fallbacks, samples)


def test_samples_for_a_seat_waiting_its_turn_follow_the_play():
    """A seat that is not to act (its partner's turn, a hint shown while others think) is sampled
    as it knows the game, as the seat to act is: before, every such sample was the last resort."""
    import interpreter

    rs = interpreter.load(str(Path(__file__).resolve().parents[2] / "rulesets" / "hearts.yaml"))
    samples = fallbacks = 0
    for seed in range(6):
        st = rs.new_game(seed=seed, options={"target": 30} if "target" in rs.options else {})
        rng = random.Random(seed)
        for _ in range(rng.randrange(14, 40)):
            st.apply_action(rng.choice(st.legal_actions()))
        waiting = (st.current_player() + 1) % rs.num_players
        det = Determinizer(st, waiting, random.Random(seed))
        for _ in range(8):
            world = det.sample()
            assert world.current_player() == st.current_player()
            if det.fallbacks == 0:
                assert view_of(world, waiting) == view_of(st, waiting)
        samples, fallbacks = samples + det.samples, fallbacks + det.fallbacks
    assert fallbacks <= samples // 10, (fallbacks, samples)


def test_a_sample_carries_its_own_deal_and_can_be_searched_again():
    """A sample's deal snapshot is its own (the real deal's order is not reachable from it), so a
    search of the sample re-deals the sample's cards: with another seat's hidden pass re-chosen,
    sampling the sample again used to fail on the real deal."""
    import interpreter

    rs = interpreter.load(str(Path(__file__).resolve().parents[2] / "rulesets" / "hearts.yaml"))
    for seed in range(4):
        st = rs.new_game(seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(13, 30)):  # after the pass
            st.apply_action(rng.choice(st.legal_actions()))
        seat = st.current_player()
        world = Determinizer(st, seat, random.Random(seed)).sample()
        snap, _, zone = world.snapshot
        assert snap is not st.snapshot[0]
        again = Determinizer(world, seat, random.Random(seed + 1))
        for _ in range(4):
            assert view_of(again.sample(), seat) == view_of(st, seat)
        assert again.fallbacks == 0
        for spec in ("greedy", "policy", "ismcts:iterations=10"):
            agent = make_agents(spec, rs, seed)[seat]
            assert agent.choose(world) in world.legal_actions()


# President's exchange, small: the flow moves the loser's two best cards to the winner face down, and
# the winner gives back any two, picked one by one
GIFT = """
cardrules: 1
id: gift
name: Gift
players: {count: 2}
deck:
  suits: [{id: s}, {id: h}]
  ranks: [{id: "1"}, {id: "2"}, {id: "3"}, {id: "4"}, {id: "5"}, {id: "6"}]
zones:
  deck: {visibility: none}
  hand: {per: seat, visibility: owner}
  pile: {visibility: all}
functions:
  power: {params: {c: card}, value: "c.rank_order * 2 + c.suit_order"}
  best: {params: {i: int}, value: "sorted(hand(1), key=power, reverse=true)[i]"}
actions:
  give:
    param: {name: cards, from: "hand(player)", count: 2}
    effect:
      - move: {from: "hand(player)", to: "hand(1)", cards: cards, face: down}
  play:
    param: {name: card, from: "hand(player)"}
    effect:
      - move: {from: "hand(player)", to: pile, cards: card}
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, seats: seats, packets: [4]}
  - move: {from: "hand(1)", to: "hand(0)", cards: "[best(0), best(1)]", face: down}
  - turn: {player: 0, actions: [give]}
  - repeat: {times: 3, steps: [{for_each: {in: seats, as: s, steps: [{turn: {player: s, actions: [play]}}]}}]}
result: {returns: 0}
"""


def test_a_seat_s_own_pick_refused_in_a_sample_is_repaired_not_a_crash():
    """A sample that dealt the loser better cards than the two it really gave made the flow give
    others, so the winner's own recorded pick of a card it received was refused there; repairing
    that pick indexed the actions by the pick's kind and raised IndexError (a held-out President)."""
    rs = compile_text(GIFT)
    for seed in range(12):
        st = rs.new_game(seed=seed)
        rng = random.Random(seed)
        while not st.is_terminal():
            seat = st.current_player()
            sampler = Determinizer(st, seat, random.Random(seed))
            for _ in range(4):
                assert view_of(sampler.sample(), seat) == view_of(st, seat)
            st.apply_action(rng.choice(st.legal_actions()))


# flowers laid out at once and replaced, so no hand ever holds one; who leads depends on the hidden
# hands' totals, so most samples are the last resort, which re-deals unseen cards without a replay
FLOWERS = """
cardrules: 1
id: fallback_sample_breaks_invariant
name: {en: Flowers}
players: {count: 3}
deck:
  attributes:
    value: {type: int, default: 0}
    flower: {type: bool, default: false}
  suits: [{id: a, name: A}, {id: b, name: B}, {id: c, name: C}, {id: d, name: D}]
  ranks:
    - {id: "1", name: "1", attrs: {value: 1}}
    - {id: "2", name: "2", attrs: {value: 2}}
    - {id: "3", name: "3", attrs: {value: 3}}
    - {id: "4", name: "4", attrs: {value: 4}}
    - {id: "5", name: "5", attrs: {value: 5}}
    - {id: "6", name: "6", attrs: {value: 6}}
  cards:
    - {id: flower, name: Flower, copies: 3, attrs: {flower: true}}
zones:
  deck: {visibility: none}
  hand: {per: seat, visibility: owner}
  flowers: {per: seat, visibility: all}
  trick: {visibility: all}
  won: {visibility: none}
variables:
  sums: {type: int, per: seat}
  leader: {type: seat}
  tricks: {type: int, per: seat}
functions:
  hand_total:
    params: {s: seat}
    value: "sum(c.value for c in hand(s)) * 3 + s"
  power:
    params: {e: entry}
    value: "e.card.value"
actions:
  play:
    param: {name: card, from: "hand(player)"}
    effect:
      - move: {from: "hand(player)", to: trick, cards: card}
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, seats: "seats", packets: [7]}
  - for_each:
      in: seats
      as: s
      steps:
        - repeat:
            while: "any(c.flower for c in hand(s))"
            times: 10
            steps:
              - move: {from: "hand(s)", to: "flowers(s)", cards: "first([c for c in hand(s) if c.flower])", face: up}
              - move: {from: deck, to: "hand(s)", count: 1}
  - repeat:
      times: 6
      steps:
        - set: {leader: "max(seats, key=hand_total)"}
        - for_each: {in: "seats_from(leader)", as: s, steps: [{turn: {player: s, actions: [play]}}]}
        - set: {leader: "max(entries('trick'), key=power).by"}
        - add: {"tricks[leader]": 1}
        - move: {from: trick, to: won, all: true}
  - end_deal: {scores: tricks}
result:
  returns: "tricks[seat]"
invariants:
  - text: no hand holds a flower
    check: "not any(c.flower for s in seats for c in hand(s))"
"""


@pytest.mark.parametrize("spec", ["greedy", "ismcts:iterations=30", "normal:max_seconds=0,iterations=40"])
def test_a_last_resort_sample_that_breaks_a_rule_in_play_judges_nothing(spec):
    """A last-resort sample can break the rules (a flower in a hand), and the search's playout of
    it reached the end of the deal, whose invariant check raised out of the agent's choice: the
    real game stopped with "invariant broken" (a held-out Canasta-like game). Such a sample now
    judges nothing; a failure on a sample the replay made is still the ruleset's, and raised."""
    rs = compile_text(FLOWERS)
    for seed in range(3):
        st = rs.new_game(seed=seed)
        agents = make_agents(spec, rs, seed)
        while not st.is_terminal():
            st.apply_action(agents[st.current_player()].choose(st))
