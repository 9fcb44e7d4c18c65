"""A card the seat may not choose because it lies elsewhere (another hand, the trick) is one it
does not have (or "not a choice", where the action may take cards from elsewhere too), never
refused by a rule about cards the seat could play (a held-out Bridge: a dummy's
card typed at the declarer's own turn read "you must follow the suit led"); a card left out by a
filtered `from` beside the candidates is still explained by the rule it breaks."""

from __future__ import annotations

from tests.engine.tiny import compile_text

FOLLOW = """
cardrules: 1
id: follow
name: Follow suit
players: {count: 2}
deck:
  suits: [{id: hearts, name: Hearts}, {id: spades, name: Spades}, {id: clubs, name: Clubs}]
  ranks: [{id: k, name: King}, {id: a, name: Ace}]
zones:
  deck: {visibility: none}
  hand: {per: seat, visibility: owner}
  trick: {visibility: all}
actions:
  play:
    param: {name: card, from: "__FROM__"}
    legal_if:
      - id: R-1
        text: you must follow the led suit
        when: "len(trick) > 0"
        require: "card.suit == first(trick).suit or not any(c.suit == first(trick).suit for c in hand(player))"
    effect: [{move: {from: "hand(player)", to: trick, cards: card}}]
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, seats: "seats_from(0)", packets: [3]}
  - for_each: {in: "seats_from(0)", as: s, steps: [{turn: {player: s, actions: [play]}}]}
result: {returns: "0"}
"""

ORDER = ["spades-k", "hearts-k", "clubs-k", "spades-a", "hearts-a", "clubs-a"]  # seat 0, then seat 1


def _after_the_lead(source: str = "hand(player)"):
    rs = compile_text(FOLLOW.replace("__FROM__", source))
    st = rs.new_game(seed=1, deck_orders=[ORDER])
    st.apply_action("play spades-k")  # seat 1 holds spades-a, hearts-a, clubs-a
    return rs, st


def test_a_card_in_another_hand_or_on_the_trick_is_one_the_seat_does_not_have():
    # (a held-out Schnapsen: "'Hearts Ace' is not a choice for 'play' now" read as if a rule forbade it)
    rs, st = _after_the_lead()
    for elsewhere in ("hearts-k", "spades-k"):  # seat 0's hand; the trick
        said = rs.explain(st, f"play {elsewhere}")
        assert f"you have no {elsewhere} to play; legal: play" in said and "R-1" not in said, said


def test_a_card_the_action_takes_from_a_shared_zone_is_not_a_choice():
    rs, st = _after_the_lead("hand(player) + trick")
    said = rs.explain(st, "play hearts-k")  # the action may take the trick's card: not "you have no"
    assert "is not a choice for 'play' now" in said and "you have no" not in said, said


def test_a_card_of_ones_own_hand_is_refused_by_the_rule_it_breaks():
    rs, st = _after_the_lead()
    assert "you must follow the led suit (R-1)" in rs.explain(st, "play hearts-a")


def test_a_card_a_filtered_from_left_out_of_ones_hand_is_still_explained_by_its_rule():
    rs, st = _after_the_lead("[c for c in hand(player) if c.suit != 'clubs']")
    assert "you must follow the led suit (R-1)" in rs.explain(st, "play clubs-a")
    assert "you have no hearts-k to play" in rs.explain(st, "play hearts-k")
