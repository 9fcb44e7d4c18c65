"""A breakdown row of one value beside rows of one value per team is said as `label: value`, not
put under the first team's column (a held-out Bridge: "Penalty to the defenders 500" read as
North-South's score)."""

from __future__ import annotations

from interpreter.text.render import Renderer
from interpreter.text.story import StoryWriter
from tests.engine.tiny import HIGH_CARD, compile_text


def _table(rows):
    rs = compile_text(HIGH_CARD)
    return StoryWriter(Renderer(rs)).table(rows)


def test_a_row_of_one_value_beside_columns_is_said_with_its_label():
    rows = [
        {"label": {"en": ["Score"]}, "value": {"list": [{"int": 500}, {"int": -500}]}},
        {"label": {"en": ["Penalty to the defenders"]}, "value": {"int": 500}},
    ]
    lines = _table(rows)
    assert lines[1].split() == ["Score", "500", "-500"]
    assert lines[2] == "    Penalty to the defenders: 500"


def test_rows_of_one_value_alone_keep_their_column():
    rows = [{"label": {"en": ["Tricks"]}, "value": {"int": 7}}, {"label": {"en": ["Bonus"]}, "value": {"int": 50}}]
    assert _table(rows) == ["    Tricks       7", "    Bonus       50"]


def test_the_match_table_calls_a_deal_by_the_games_own_word():
    """A held-out poker game's match table said "Deal" for its hands; `display.deal` names them."""
    deals = [{"scores": [1, 0], "totals": [1, 0]}, {"scores": [0, 2], "totals": [1, 2]}]
    plain = StoryWriter(Renderer(compile_text(HIGH_CARD))).match_table(deals)
    assert plain[1].split()[0] == "Deal"
    rs = compile_text(HIGH_CARD + "display:\n  deal: {en: Hand, ja: ハンド}\n")
    assert StoryWriter(Renderer(rs)).match_table(deals)[1].split()[0] == "Hand"
    assert StoryWriter(Renderer(rs, "ja")).match_table(deals)[1].split()[0] == "ハンド"


def test_a_choice_of_several_cards_is_told_in_the_hands_order():
    """A held-out Tichu's ten-card straight was told in deck order ("play Jade 5 Jade 9 Sword 3 ...")."""
    text = HIGH_CARD.replace(
        "  hand: {per: seat, visibility: owner}", '  hand: {per: seat, visibility: owner, sort: "0 - card.value"}'
    )
    rs = compile_text(text)
    order = {"s-1": 1, "s-2": 2, "s-3": 3}
    writer = StoryWriter(
        Renderer(rs), sort=lambda zone, ids: sorted(ids, key=lambda i: -order[i]) if zone == "hand" else ids
    )
    event = {"kind": "action", "seat": 1, "action": "play", "value": "s-1 s-3 s-2"}
    assert writer.lines(event) == ["  Seat 1: play s 3, s 2, s 1"]


def test_the_browser_view_tells_a_choice_of_several_cards_in_the_hands_order_too():
    from types import SimpleNamespace

    from interpreter.frontends.web.view import _in_hand_order

    text = HIGH_CARD.replace(
        "  hand: {per: seat, visibility: owner}", '  hand: {per: seat, visibility: owner, sort: "0 - card.value"}'
    )
    rs = compile_text(text)
    table = SimpleNamespace(rs=rs, state=rs.new_game(seed=1))
    events = [{"kind": "action", "seat": 1, "action": "play", "value": "s-1 s-3 s-2"}, {"kind": "message", "text": {}}]
    assert _in_hand_order(table, events)[0]["value"] == "s-3 s-2 s-1"
    assert _in_hand_order(table, events)[1] == events[1] and events[0]["value"] == "s-1 s-3 s-2"  # (copies)


def test_a_row_of_cards_alone_shows_no_value():
    # (a held-out Gin Rummy's rows of each seat's melds read "Melds   -   Spades Queen, ...")
    text = HIGH_CARD.replace(
        "        - move: {from: table, to: deck, all: true}",
        "        - end_deal: {scores: points, rows: [{label: Played, cards: table}]}\n"
        "        - move: {from: table, to: deck, all: true}",
    )
    assert text != HIGH_CARD
    rs = compile_text(text)
    st = rs.new_game(seed=1, story=True)
    while not st.is_terminal():
        st.apply_action(st.legal_actions()[0])
    ends = [e for e in st.observation(0)["events"] if e["kind"] == "deal_end"]
    assert ends and all("value" not in row for e in ends for row in e["rows"]), ends
    line = StoryWriter(Renderer(rs)).table(ends[0]["rows"])[0]
    assert line.split()[:2] == ["Played", "s"] and " - " not in line, line
