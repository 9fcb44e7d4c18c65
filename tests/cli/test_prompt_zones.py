"""How the prompt shows shared zones (issue 15, bug 8; docs/language.md, "At the prompt").

A table of up to 24 cards is shown whole (a 13-15 card table is common), in
the zone's `sort` order when it has one; a longer pile shows how many cards
and the last four; a zone everybody sees prefixes each card with who put it
there ("you", "Seat 1").
"""

from __future__ import annotations

from pathlib import Path

from interpreter.agents.spec import make_agents
from interpreter.frontends.prompt import Session
from interpreter.text.render import Renderer
from tests.engine.tiny import compile_text

TABLE = """
cardrules: 1
id: table_game
name: Table game
players: {count: 2}
deck:
  attributes: {value: {type: int, default: 0}}
  suits: [{id: red}, {id: blue}, {id: green}]
  ranks: [{id: "1", attrs: {value: 1}}, {id: "2", attrs: {value: 2}}, {id: "3", attrs: {value: 3}},
          {id: "4", attrs: {value: 4}}, {id: "5", attrs: {value: 5}}, {id: "6", attrs: {value: 6}},
          {id: "7", attrs: {value: 7}}, {id: "8", attrs: {value: 8}}, {id: "9", attrs: {value: 9}},
          {id: "10", attrs: {value: 10}}]
zones:
  deck: {visibility: none}
  hand: {per: seat, visibility: owner}
  table: {visibility: all__SORT__}
actions:
  play:
    param: {name: card, from: "hand(player)"}
    effect:
      - move: {from: "hand(player)", to: table, cards: card}
flow:
  - deal: {from: deck, to: hand, seats: seats, packets: [1]}
  - move: {from: deck, to: table, count: __TABLE__}
  - turn: {player: 0, actions: [play]}
  - turn: {player: 1, actions: [play]}
result:
  returns: "0"
"""

ORDER = [f"{s}-{r}" for r in range(10, 0, -1) for s in ("green", "blue", "red")]  # high ranks first


def _session(
    tmp_path: Path, cards_on_table: int, sort: str = "", seat: int = 0, text: str | None = None
) -> tuple[Session, list[str]]:
    """A prompt for `seat` on a game with `cards_on_table` cards turned up (or the game `text`); what it
    prints goes to the list."""
    rs = compile_text(text or TABLE.replace("__TABLE__", str(cards_on_table)).replace("__SORT__", sort))
    out: list[str] = []
    session = Session(
        rs=rs,
        ruleset_path="table.yaml",
        seat=seat,
        agents=make_agents("random", rs, 1),
        agent_spec="random",
        seed=1,
        options={},
        renderer=Renderer(rs),
        echo=out.append,
        read=lambda prompt: None,
        save_path=tmp_path / "save.json",
    )
    session.state = rs.new_game(seed=1, deck_orders=[ORDER])
    session.start()
    return session, out


def _table_line(session: Session, out: list[str]) -> str:
    session._show()
    return _zone_line(out, "table:")


def _zone_line(out: list[str], head: str) -> str:
    """A zone's line as one, with the lines it was wrapped onto (they start with four spaces)."""
    start = next(i for i, line in enumerate(out) if line.startswith(head))
    parts = [out[start]]
    for line in out[start + 1 :]:
        if not line.startswith("    "):
            break
        parts.append(line.strip())
    return ", ".join(parts)


def _shown_table(tmp_path: Path, cards_on_table: int, sort: str = "") -> str:
    return _table_line(*_session(tmp_path, cards_on_table, sort))


def test_a_table_of_fifteen_cards_is_shown_whole(tmp_path):
    line = _shown_table(tmp_path, 15)
    assert "cards, the last" not in line
    assert line.count(",") == 14


def test_a_pile_of_more_than_twenty_four_cards_shows_its_size_and_last_four(tmp_path):
    line = _shown_table(tmp_path, 26)
    assert line.startswith("table: 26 cards, the last: ")


def test_a_shared_zone_follows_its_sort_key(tmp_path):
    line = _shown_table(tmp_path, 4, sort=', sort: "card.value"')
    values = [int(part.split()[-1]) for part in line.removeprefix("table: ").split(", ")]
    assert values == sorted(values)


def test_cards_placed_by_a_seat_name_that_seat(tmp_path):
    session, out = _session(tmp_path, 0, seat=1)
    session.state.apply_action(session.state.legal_actions()[0])
    assert _table_line(session, out).startswith("table: Seat 0 ")


def test_a_hand_turned_face_up_is_shown_to_the_others_card_by_card(tmp_path):
    """A seat's own-eyes-only hand that the flow turns face up (a dummy's) is shown to every other
    seat card by card, with how many of it stay face down; a hand with nothing face up, as a count."""
    text = (
        TABLE.replace("__TABLE__", "0")
        .replace("__SORT__", "")
        .replace(
            "  - move: {from: deck, to: table, count: 0}\n",
            "  - deal: {from: deck, to: hand, seats: '[1]', packets: [2]}\n"
            "  - reveal: hand(1)\n"
            "  - deal: {from: deck, to: hand, seats: '[1]', packets: [1]}\n",
        )
    )
    session, out = _session(tmp_path, 0, text=text)
    rs = session.rs
    session._show()
    line = _zone_line(out, "Hand of Seat 1")
    mine = session.state.observation(1)["zones"]["hand"][1]
    seen = [c for c in session.state.observation(0)["zones"]["hand"][1] if c is not None]
    hidden = [c for c in mine if c not in seen]
    assert len(seen) == 3 and len(hidden) == 1
    assert line.startswith("Hand of Seat 1 (4): ") and line.endswith("and 1 face-down card"), line
    r = Renderer(rs)
    assert all(r.card(c) in line for c in seen) and r.card(hidden[0]) not in line, line
    assert not any(line.startswith("Cards held (hand)") and "Seat 1" in line for line in out)


def test_a_stock_with_a_card_turned_up_shows_that_card(tmp_path):
    """The trump turned up under a stock (`reveal: {zone: stock, count: 1, end: back}`): the prompt
    says how many cards the stock holds and which lies face up; nothing of the others."""
    text = (
        TABLE.replace("__SORT__", "")
        .replace("  deck: {visibility: none}\n", "  deck: {visibility: none}\n  stock: {visibility: none}\n")
        .replace(
            "  - move: {from: deck, to: table, count: __TABLE__}\n",
            "  - move: {from: deck, to: stock, count: 5}\n  - reveal: {zone: stock, count: 1, end: back}\n",
        )
    )
    session, out = _session(tmp_path, 0, text=text)
    session._show()
    rs, st = session.rs, session.state
    last = st.zones[[rs.zone_label(z) for z in range(rs.zone_count)].index("stock")][-1]
    assert _zone_line(out, "stock:") == "stock: 5 cards, face up: " + session.renderer.card(rs.cards.ids[last])


def test_alone_at_the_table_the_cards_are_not_said_to_be_yours(tmp_path):
    """A patience: every card the player put on a shared zone would be `you ...`; nobody else plays."""
    text = TABLE.replace("players: {count: 2}", "players: {count: 1}").replace("__SORT__", "")
    text = text.replace("__TABLE__", "2").replace("  - turn: {player: 1, actions: [play]}\n", "")
    session, out = _session(tmp_path, 0, text=text)
    session.state.apply_action(session.state.legal_actions()[0])
    line = _table_line(session, out)
    assert line.startswith("table: ") and "you" not in line and len(line.split("  ")) == 3, line
