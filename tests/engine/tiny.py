"""Tiny inline rulesets for engine mechanics (no shipped game involved)."""

from __future__ import annotations

from interpreter.compiling.pipeline import check_text

HIGH_CARD = """
cardrules: 1
id: high_card
name: High card
players: {count: 2}
deck:
  attributes: {value: {type: int, default: 0}}
  suits: [{id: s}]
  ranks: [{id: "1", attrs: {value: 1}}, {id: "2", attrs: {value: 2}}, {id: "3", attrs: {value: 3}},
          {id: "4", attrs: {value: 4}}, {id: "5", attrs: {value: 5}}, {id: "6", attrs: {value: 6}}]
zones:
  deck: {visibility: none}
  hand: {per: seat, visibility: owner}
  table: {visibility: all}
  secret: {visibility: all}
variables:
  points: {type: int, per: seat}
  leader: {type: seat}
  rounds: {type: int}
actions:
  play:
    id: T-1
    text: Play a card.
    param: {name: card, from: "hand(player)"}
    legal_if:
      - id: T-2
        text: the leader may not lead the 6
        when: "len(table) == 0"
        require: "card.value != 6 or len(hand(player)) == 1"
    effect:
      - move: {from: "hand(player)", to: table, cards: card}
  hide:
    text: Put a card face down.
    param: {name: card, from: "hand(player)"}
    effect:
      - move: {from: "hand(player)", to: secret, cards: card, face: down}
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, seats: "seats_from(0)", packets: [3]}
  - repeat:
      times: 3
      as: r
      steps:
        - for_each:
            in: "seats_from(leader)"
            as: s
            steps:
              - turn: {player: s, actions: [play]}
        - set: {leader: "max(entries('table'), key=strength).by"}
        - add: {"points[leader]": 1, rounds: 1}
        - record: {points: points}
        - move: {from: table, to: deck, all: true}
result:
  returns: "points[seat]"
functions:
  strength:
    params: {e: entry}
    value: "e.card.value"
invariants:
  - {id: T-3, text: rounds add up, check: "sum(points) == rounds"}
"""


def compile_text(text: str, name: str = "tiny.yaml"):
    report = check_text(text, name)
    assert report.ok, "\n".join(d.message for d in report.diagnostics)
    return report.ruleset


# played by 2, 3 or 4 (3 unless another number is chosen): each seat gets three of 12 cards
CHOICES = """
cardrules: 1
id: choices
name: Choices
players: {count: 3, choices: [2, 3, 4]}
deck:
  suits: [{id: s}, {id: h}]
  ranks: [{id: "1"}, {id: "2"}, {id: "3"}, {id: "4"}, {id: "5"}, {id: "6"}]
zones:
  deck: {visibility: none}
  hand: {per: seat, visibility: owner}
  pile: {visibility: all}
variables:
  played: {type: int, per: seat}
actions:
  play:
    param: {name: c, from: "hand(player)"}
    effect:
      - move: {from: "hand(player)", to: pile, cards: c}
      - add: {"played[player]": "c.rank_order + 1"}
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, seats: seats, counts: 3}
  - repeat:
      times: 3
      steps:
        - for_each: {in: seats, as: s, steps: [{turn: {player: s, actions: [play]}}]}
  - record: {played: played}
result:
  returns: "played[seat]"
"""
