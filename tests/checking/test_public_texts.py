"""Texts every seat sees (status lines, prompts, announcements) that would show a hidden variable
are warned about when the ruleset is checked (docs/language.md: they are public)."""

from __future__ import annotations

import glob
from pathlib import Path

import pytest

from interpreter.compiling.pipeline import check_text

ROOT = Path(__file__).resolve().parent.parent.parent

GAME = """
cardrules: 1
id: secrets
name: Secrets
players: {count: 2}
deck:
  suits: [{id: s}]
  ranks: [{id: "1"}, {id: "2"}, {id: "3"}, {id: "4"}]
zones:
  deck: {visibility: none}
  hand: {per: seat, visibility: owner}
  pile: {visibility: all}
variables:
  points: {type: int, per: seat}
  secret: {type: int, per: seat, visibility: owner}
  hidden_total: {type: int, visibility: none}
  shown_card: {type: card}
  kept_card: {type: card, visibility: none}
  shown_cards: {type: "list[card]"}
functions:
  told: {params: {s: seat}, value: "secret[s] + 1"}
  top_of: {params: {s: seat}, value: "last(hand(s))"}
  deeper: {params: {s: seat}, value: "told(s) * 2"}
actions:
  play:
    param: {name: card, from: "hand(player)"}
    effect:
      - move: {from: "hand(player)", to: pile, cards: card}
      - add: {"points[player]": 1, "secret[player]": 7, hidden_total: 3}
      - __STEP__
flow:
  - deal: {from: deck, to: hand, seats: seats, packets: [2]}
  - turn: {player: 0, actions: [play], prompt: "__PROMPT__"}
result:
  returns: "points[seat]"
display:
  status:
    - "__STATUS__"
"""


def _warnings(step: str = "add: {hidden_total: 0}", prompt: str = "to play", status: str = "Points {points}") -> list:
    text = GAME.replace("__STEP__", step).replace("__PROMPT__", prompt).replace("__STATUS__", status)
    report = check_text(text, "secrets.yaml")
    assert report.ok, [d.message for d in report.diagnostics]
    return [d.message for d in report.diagnostics if d.severity == "warning"]


def test_public_texts_reading_only_public_values_are_not_warned_about():
    assert _warnings() == []
    assert _warnings(step='event: {kind: note, to: "[player]", text: "yours: {secret[player]}"}') == []
    # a hidden variable may hold a hidden card; a public one a card everybody sees, or a count
    assert _warnings(step='set: {kept_card: "last(hand(player))"}') == []
    assert _warnings(step='set: {shown_card: "last(pile)"}') == []
    assert _warnings(step='set: {"points[player]": "len(hand(player))"}') == []


@pytest.mark.parametrize(
    ("where", "part", "expected"),
    [
        ("status", "Secrets {secret}", "a status line is shown to every seat, and it reads 'secret'"),
        ("status", "Total {hidden_total}", "visible to nobody"),
        ("status", "Deeper {deeper(0)}", "reads 'secret' (through 'deeper')"),
        ("prompt", "{0:seat} holds {told(0)}", "a decision's prompt is shown to every seat"),
        ("step", 'announce: "now {hidden_total}"', "an announce text is shown to every seat"),
        ("step", 'event: {kind: note, text: "all see {secret[0]}"}', "an event's text is shown to every seat"),
        ("step", "event: {kind: note, rows: [{label: Secret, value: secret}]}", "a row's value is shown to every seat"),
        ("step", 'set: {shown_card: "last(hand(player))"}', "'shown_card' is visible to every seat, and this value"),
        ("step", 'set: {shown_card: "top_of(1)"}', "reads the cards of 'hand' (through 'top_of'), which only their"),
        ("step", 'set: {shown_cards: "[c for c in hand(0)]"}', "'shown_cards' is visible to every seat"),
    ],
)
def test_a_public_text_that_reads_a_hidden_variable_is_warned_about(where, part, expected):
    found = _warnings(**{where: part})
    assert len(found) == 1 and expected in found[0], found


def test_no_shipped_ruleset_shows_a_hidden_variable_to_every_seat():
    for path in sorted(glob.glob(str(ROOT / "rulesets" / "**" / "*.yaml"), recursive=True)):
        report = check_text(Path(path).read_text(encoding="utf-8"), path)
        assert not [d for d in report.diagnostics if "is shown to every seat" in d.message], path


def test_a_deals_summary_may_tell_what_the_deal_hid():
    """`end_deal` tells every seat what the deal was (partners, a widow, totals made with hidden
    cards): reading a hidden variable there is no mistake, where an event's text is one."""
    assert _warnings('end_deal: {text: "Hidden total {hidden_total}, secrets {secret}."}') == []
    assert _warnings('event: {kind: note, text: "Hidden total {hidden_total}."}') != []


def test_the_card_a_hidden_move_chose_copied_into_a_public_variable_is_warned_about():
    """A card played face up may be remembered where everybody sees it; a card the effect puts face
    down (or where not every seat sees it) is a hidden decision, and a public variable holding it
    would tell every seat what it was."""
    assert _warnings(step="set: {shown_card: card}") == []
    for hiding in ("to: pile, cards: card, face: down}", "to: deck, cards: card}"):
        text = GAME.replace("to: pile, cards: card}", hiding).replace("__STEP__", "set: {shown_card: card}")
        text = text.replace("__PROMPT__", "to play").replace("__STATUS__", "Points {points}")
        report = check_text(text, "secrets.yaml")
        found = [d.message for d in report.diagnostics if d.severity == "warning"]
        assert report.ok and len(found) == 1, found
        assert "'shown_card' is visible to every seat, and this value reads 'card'" in found[0]
        assert "the card chosen for 'play'" in found[0]
        kept = text.replace("set: {shown_card: card}", "set: {kept_card: card}")
        assert [d for d in check_text(kept, "secrets.yaml").diagnostics if d.severity == "warning"] == []


def _face_down_pile(step: str) -> list:
    text = GAME.replace("to: pile, cards: card}", "to: pile, cards: card, face: down}").replace("__STEP__", step)
    text = text.replace("__PROMPT__", "to play").replace("__STATUS__", "Points {points}")
    report = check_text(text, "secrets.yaml")
    assert report.ok, [d.message for d in report.diagnostics]
    return [d.message for d in report.diagnostics if d.severity == "warning"]


def test_a_public_variable_copied_from_a_zone_where_cards_lie_face_down_is_warned_about():
    """A zone everybody sees may hold face-down cards (moved there face down): a public variable
    filled from it would name them (found by an outside author writing Cribbage: the crib)."""
    found = _face_down_pile('set: {shown_card: "last(pile)"}')
    assert len(found) == 1, found
    assert "'shown_card' is visible to every seat, and this value reads the cards of 'pile'" in found[0]
    assert "may lie face down" in found[0]


def test_after_the_zone_is_turned_face_up_in_the_same_steps_the_copy_is_not_warned_about():
    assert _face_down_pile('reveal: pile\n      - set: {shown_card: "last(pile)"}') == []
    # turned face up, then a card put back face down: warned again
    again = _face_down_pile(
        'reveal: pile\n      - move: {from: "hand(player)", to: pile, count: 1, face: down}\n'
        '      - set: {shown_card: "last(pile)"}'
    )
    assert len(again) == 1 and "may lie face down" in again[0], again


def test_a_card_taken_from_a_pile_everybody_sees_may_be_remembered_where_everybody_sees_it():
    # a held-out Rummy 500: the card taken from the face-up discard pile into the hand, remembered in a
    # public variable, was warned about as a card the move hides (every seat saw it in the pile)
    take = """  take:
    param: {name: card, from: pile}
    effect:
      - set: {shown_card: card}
      - move: {from: pile, to: "hand(player)", cards: card}
"""
    text = GAME.replace("actions:\n", "actions:\n" + take).replace("__STEP__", "add: {hidden_total: 0}")
    text = text.replace("__PROMPT__", "to play").replace("__STATUS__", "Points {points}")
    text = text.replace("actions: [play]", "actions: [play, take]")
    report = check_text(text, "secrets.yaml")
    assert report.ok and [d for d in report.diagnostics if d.severity == "warning"] == [], report.diagnostics
    # the same taken from a pile where cards lie face down is warned about
    down = text.replace("to: pile, cards: card}", "to: pile, cards: card, face: down}")
    found = [d.message for d in check_text(down, "secrets.yaml").diagnostics if d.severity == "warning"]
    assert any("the card chosen for 'take'" in m for m in found), found


@pytest.mark.parametrize(
    ("where", "part", "expected"),
    [
        ("status", "Pair: {len(unique([c.rank for c in hand(0)])) == 1}", "makes words of the cards of 'hand'"),
        ("status", "Top rank {top_of(0).rank}", "cards of 'hand' (through 'top_of')"),
        ("step", 'announce: "{0:seat} holds {top_of(0).rank}"', "an announce text is shown to every seat"),
        ("prompt", "beat {sum([c.rank_order for c in hand(1)])}", "a decision's prompt is shown to every seat"),
        ("step", "event: {kind: note, text: \"{len([c for c in hand(1) if c.rank == '1'])} aces\"}", "event's text"),
    ],
)
def test_a_public_text_that_makes_words_of_hidden_cards_is_warned_about(where, part, expected):
    """A held-out poker game announced "Seat 0 holds no pair" to every seat, made from seat 0's
    hidden cards, without a warning: only hidden variables were looked for."""
    found = [m for m in _warnings(**{where: part}) if "makes words of" in m]
    assert len(found) == 1 and expected in found[0], found


@pytest.mark.parametrize(
    ("where", "part"),
    [
        ("status", "{len(hand(0))} cards left, {len(hand(1))} for seat 1"),  # how many: everybody's to know
        ("status", "Top {top_of(0)}"),  # a card: shown to each seat as it may see it
        ("status", "Shown {[c for c in hand(1)]}"),
        ("step", 'event: {kind: note, to: "[player]", text: "{top_of(player).rank}"}'),  # to its owner only
        ("step", 'reveal: "hand(0)"\n      - announce: "{0:seat} holds {top_of(0).rank}"'),  # turned up first
    ],
)
def test_a_public_text_that_only_counts_hidden_cards_or_shows_them_is_not(where, part):
    assert [m for m in _warnings(**{where: part}) if "makes words of" in m] == []
