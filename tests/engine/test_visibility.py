"""Hidden information follows the zone's visibility (issue 15, bug 5).

A card played face up and then moved into a zone that nobody sees is hidden
there again, unless the move says `face: up` or the zone is revealed.
"""

from __future__ import annotations

import pytest

from tests.engine.tiny import compile_text

PILE = """
cardrules: 1
id: pile
name: Pile
players: {count: 2}
deck:
  suits: [{id: red}, {id: blue}]
  ranks: [{id: "1"}, {id: "2"}]
zones:
  deck: {visibility: none}
  hand: {per: seat, visibility: owner}
  table: {visibility: all}
  pile: {visibility: none}
actions:
  play:
    param: {name: card, from: "hand(player)"}
    effect:
      - move: {from: "hand(player)", to: table, cards: card}
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, seats: seats, packets: [2]}
  - turn: {player: 0, actions: [play]}
  - move: {from: table, to: pile, all: true__FACE__}
  - turn: {player: 1, actions: [play]}
  __AFTER__
result:
  returns: "0"
"""


def _after_first_trick(face: str = "", after: str = ""):
    rs = compile_text(PILE.replace("__FACE__", face).replace("__AFTER__", after))
    st = rs.new_game(seed=2)
    played = st.legal_actions()[0]
    st.apply_action(played)
    return st, played.value


@pytest.mark.parametrize("seat", [0, 1])
def test_a_face_up_card_moved_into_a_zone_nobody_sees_is_hidden_from_every_seat(seat):
    st, _ = _after_first_trick()
    assert st.observation(seat)["zones"]["pile"] == [None]


def test_a_move_that_says_face_up_shows_the_card_in_a_zone_nobody_sees():
    st, card = _after_first_trick(face=", face: up")
    assert st.observation(1)["zones"]["pile"] == [st.rs.cards.ids[card]]


def test_reveal_shows_the_cards_of_a_zone_nobody_sees():
    rs = compile_text(PILE.replace("__FACE__", "").replace("__AFTER__", "- reveal: pile"))
    st = rs.new_game(seed=2)
    while not st.is_terminal():
        st.apply_action(st.legal_actions()[0])
    assert None not in st.observation(1)["zones"]["pile"]


@pytest.mark.parametrize("game", ["hachinin_meri", "duzihu", "hearts", "gin_rummy", "oh_hell", "scopa"])
def test_every_zone_shows_each_seat_exactly_the_cards_card_visible_allows(root, game):
    """`visible_cards` (the zone's visibility looked up once) agrees card by card with `card_visible`,
    for every seat, every zone, at every decision of random play."""
    import random

    import interpreter
    from interpreter.engine.cardmeta import card_visible
    from interpreter.engine.observe import visible_cards

    rs = interpreter.load(str(root / "rulesets" / f"{game}.yaml"))
    rng = random.Random(7)
    checked = 0
    for seed in range(3):
        st = rs.new_game(seed=seed, options={"deals": 1} if "deals" in rs.options else {})
        while not st.is_terminal() and checked < 400:
            for seat in range(rs.num_players):
                for z in range(rs.zone_count):
                    want = [c if card_visible(rs, z, m, seat) else None for c, m in zip(st.zones[z], st.meta[z])]
                    assert visible_cards(st, z, seat) == want, (game, seat, z)
            checked += 1
            st.apply_action(rng.choice(st.legal_actions()))
    assert checked > 100


# Golf's grid: cards dealt face down in front of each seat, which even their owner does not know;
# a seat may turn one of its own face down again (it then knows it)
GRID = """
cardrules: 1
id: grid
name: Grid
players: {count: 2}
deck:
  suits: [{id: s}]
  ranks: [{id: "1"}, {id: "2"}, {id: "3"}, {id: "4"}, {id: "5"}, {id: "6"}, {id: "7"}, {id: "8"}]
zones:
  deck: {visibility: none}
  grid: {per: seat, visibility: all}
  hand: {per: seat, visibility: owner}
actions:
  hide:
    param: {name: card, from: "hand(player)"}
    effect:
      - move: {from: "hand(player)", to: "grid(player)", cards: card, face: down}
flow:
  - deal: {from: deck, to: grid, seats: seats, packets: [1], face: down}
  - for_each: {in: seats, as: s, steps: [{move: {from: deck, to: "grid(s)", count: 1, face: down}}]}
  - move: {from: deck, to: "grid(0)", cards: "first(deck)", face: down}
  - deal: {from: deck, to: hand, seats: "[0]", packets: [1]}
  - turn: {player: 0, actions: [hide]}
result:
  returns: "0"
"""


@pytest.mark.parametrize("seat", [0, 1])
def test_cards_the_flow_puts_face_down_where_everybody_sees_are_known_to_nobody(seat):
    """Dealt face down in front of a seat (a deal, a move of a count, a move of one card): its owner
    saw them, since the flow counted as the owner placing them."""
    rs = compile_text(GRID)
    st = rs.new_game(seed=1)
    grids = st.observation(seat)["zones"]["grid"]
    assert grids == {0: [None, None, None], 1: [None, None]}
    assert st.observation(seat)["placed_by"].get("grid") in (None, {0: [-1, -1, -1], 1: [-1, -1]})


def test_a_card_a_seat_puts_face_down_where_everybody_sees_is_known_to_that_seat_only():
    rs = compile_text(GRID)
    st = rs.new_game(seed=1)
    card = st.observation(0)["zones"]["hand"][0][0]
    st.apply_action(f"hide {card}")
    assert st.observation(0)["zones"]["grid"][0] == [None, None, None, card]
    assert st.observation(1)["zones"]["grid"][0] == [None, None, None, None]


def test_cards_dealt_face_up_in_front_of_a_seat_are_seen_by_all():
    rs = compile_text(GRID.replace("packets: [1], face: down}", "packets: [1], face: up}"))
    st = rs.new_game(seed=1)
    for seat in (0, 1):
        assert None not in [st.observation(seat)["zones"]["grid"][s][0] for s in (0, 1)]


# cards held facing out (Hanabi): every seat sees a hand but its owner, who plays by position
FACING_OUT = """
cardrules: 1
id: facing_out
name: Facing out
players: {count: 3}
deck:
  attributes: {value: {type: int, default: 0}}
  suits: [{id: red}, {id: blue}]
  ranks: [{id: "1", attrs: {value: 1}}, {id: "2", attrs: {value: 2}}, {id: "3", attrs: {value: 3}},
          {id: "4", attrs: {value: 4}}, {id: "5", attrs: {value: 5}}]
zones:
  deck: {visibility: none}
  hand: {per: seat, visibility: others}
  played: {visibility: all}
variables:
  score: {type: int}
actions:
  play:
    param: {name: i, from: "range(len(hand(player)))"}
    effect:
      - add: {score: "hand(player)[i].value"}
      - move: {from: "hand(player)", to: played, cards: "hand(player)[i]"}
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, seats: seats, packets: [2]}
  - event: {kind: note, text: "Seat 0 holds {hand(0)}.", cards: "hand(0)"}
  - repeat: {times: 2, steps: [{for_each: {in: seats, as: s, steps: [{turn: {player: s, actions: [play]}}]}}]}
result:
  returns: "score"
"""


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_a_hand_held_facing_out_is_seen_by_every_seat_but_its_owner(seat):
    rs = compile_text(FACING_OUT)
    st = rs.new_game(seed=4, story=True)
    hands = st.observation(seat)["zones"]["hand"]
    for s, cards in hands.items():
        assert (cards == [None, None]) == (s == seat), (seat, hands)
    told = st.observation(seat)["events"][-1]
    named = [p for p in told["text"]["en"] if isinstance(p, dict)]
    assert (named[0]["list"] == [{"card": None}, {"card": None}]) == (seat == 0), told


def test_samples_deal_a_seat_its_own_hand_facing_out_and_keep_the_others():
    import random
    from collections import Counter

    from interpreter.agents.determinize import Determinizer

    rs = compile_text(FACING_OUT)
    st = rs.new_game(seed=4)
    hand = {s: next(z.base + s for z in rs.zones if z.name == "hand") for s in range(3)}
    sampler = Determinizer(st, 0, random.Random(2))
    own = Counter()
    for _ in range(100):
        world = sampler.sample()
        own[tuple(sorted(world.zones[hand[0]]))] += 1
        assert world.zones[hand[1]] == st.zones[hand[1]] and world.zones[hand[2]] == st.zones[hand[2]]
    assert len(own) > 1 and own[tuple(sorted(st.zones[hand[0]]))] < 60, own
    assert sampler.fallbacks == 0


FACE_UP_TWIN = """
cardrules: 1
id: face_up_twin
name: Face-up twin
players: {count: 2}
deck:
  copies: 2
  suits: [{id: red}]
  ranks: [{id: "1"}, {id: "2"}]
zones:
  deck: {visibility: none}
  hand: {per: seat, visibility: owner}
  table: {visibility: all}
  trick: {visibility: all}
actions:
  play:
    param: {name: card, from: "hand(player)"}
    effect:
      - move: {from: "hand(player)", to: trick, cards: card}
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, seats: "[0, 1]", packets: [2]}
  # seat 0 shows one of its cards (a meld) and takes it back: it stays face up in the hand
  - move: {from: "hand(0)", to: table, cards: "first(hand(0))"}
  - move: {from: table, to: "hand(0)", all: true}
  - turn: {player: 0, actions: [play]}
  - turn: {player: 1, actions: [play]}
result:
  returns: "0"
"""


@pytest.mark.parametrize("written", [True, False], ids=["written", "flat"])
def test_a_card_played_by_its_face_is_the_copy_the_others_saw(written):
    """Two copies of a face in one hand, one shown before: playing that face moves the shown copy
    (moving the hidden twin would show the others, in the hand, what the hidden card was)."""
    rs = compile_text(FACE_UP_TWIN)
    if not written:
        rs.use_reference_flow()
        for act in rs.actions:
            object.__setattr__(act, "effect_run", None)
    checked = 0
    for seed in range(40):
        st = rs.new_game(seed=seed)
        hand = st.observation(0)["zones"]["hand"][0]
        shown = [c for c in st.observation(1)["zones"]["hand"][0] if c is not None]
        if len(set(hand)) != 1:  # a hand of twins: red-1 and red-1, one of them shown
            continue
        st.apply_action(f"play {shown[0]}")
        assert st.observation(1)["zones"]["hand"][0] == [None]  # the hidden copy stays hidden
        checked += 1
    assert checked > 0


LAID_AWAY = """
cardrules: 1
id: laid_away
name: Laid away
players: {count: 2}
deck:
  suits: [{id: red}, {id: blue}]
  ranks: [{id: "1"}, {id: "2"}, {id: "3"}]
zones:
  deck: {visibility: none}
  hand: {per: seat, visibility: owner}
  pile: {visibility: all}
actions:
  discard:
    param: {name: card, from: "hand(player)"}
    effect:
      - move: {from: "hand(player)", to: pile, cards: card, face: down}
      # (a move of the trumps to lay face up: none here, so it moves no card)
      - move: {from: "hand(player)", to: pile, cards: "[c for c in hand(player) if c == card]", face: up}
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, seats: "seats_from(0)", packets: [3]}
  - turn: {player: 0, actions: [discard]}
  - turn: {player: 1, actions: [discard]}
result:
  returns: "0"
"""


def test_a_card_laid_face_down_stays_hidden_in_the_history_whatever_moves_after_it():
    """The decision is hidden when any move of its effect put cards out of the others' sight; a later
    move of no cards (nothing to lay face up) used to make it public, naming the face-down card."""
    rs = compile_text(LAID_AWAY)
    st = rs.new_game(seed=1, story=True)
    st.apply_action(st.legal_actions()[0])
    assert st.observation(0)["history"][-1]["action"] == "discard " + rs.cards.ids[st.zones[-1][0]]
    assert st.observation(1)["history"][-1] == {"seat": 0, "action": "discard (hidden)"}
    assert st.observation(1)["zones"]["pile"] == [None]


CLEARED_FIRST = LAID_AWAY.replace(
    """      - move: {from: "hand(player)", to: pile, cards: card, face: down}
      # (a move of the trumps to lay face up: none here, so it moves no card)
      - move: {from: "hand(player)", to: pile, cards: "[c for c in hand(player) if c == card]", face: up}
""",
    """      - move: {from: pile, to: gone, all: true, face: down}
      - move: {from: "hand(player)", to: pile, cards: card}
""",
).replace("  pile: {visibility: all}\n", "  pile: {visibility: all}\n  gone: {visibility: none}\n")


@pytest.mark.parametrize("reference", [False, True])
def test_a_card_played_face_up_is_public_though_its_effect_cleared_the_last_play_away_first(reference):
    """Only the moves of the decision's own cards say whether it is hidden: an effect that first
    cleared the previous play into a face-down pile made every play "(hidden)" in the others'
    history (and a hidden decision to samples) while the card lay face up (a held-out climbing game)."""
    rs = compile_text(CLEARED_FIRST)
    if reference:
        rs.use_reference_flow()
    st = rs.new_game(seed=1, story=True)
    st.apply_action(st.legal_actions()[0])
    st.apply_action(st.legal_actions()[0])  # (the first card is cleared away, face down)
    [card] = st.observation(0)["zones"]["pile"]  # face up: every seat sees it
    assert st.observation(0)["history"][-1] == {"seat": 1, "action": "discard " + card}
