"""No screen the prompt prints ever names a card its seat may not see (issue 12, acceptance).

Random play of every shipped ruleset, from every seat: `Session` is driven by a
scripted reader that types random moves and commands (`log`, `last`, `score`,
`undo`).  Each time the prompt asks for input, every card name printed since
the last question must be one the seat has been able to see: in its
observation's zones now or earlier, or in the cards of the events it was
told (which the engine masks when they happen: tests/engine/test_events.py).
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import interpreter
from interpreter.agents.spec import make_agents
from interpreter.frontends.prompt import Session
from interpreter.text.render import Renderer

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = sorted((ROOT / "rulesets").glob("*.yaml")) + sorted((ROOT / "rulesets" / "variants").glob("*.yaml"))
COMMANDS = ["log", "last", "score", "undo", "help"]
READS = 60  # questions answered per session


def _card_names(rs, lang: str) -> tuple[re.Pattern, dict[str, set[str]]]:
    """A pattern finding card names in text, and the card ids each name stands for."""
    ids_of: dict[str, set[str]] = {}
    for face, cid in enumerate(rs.cards.ids):
        ids_of.setdefault(rs.cards.names[face].get(lang), set()).add(cid)
    names = sorted(ids_of, key=len, reverse=True)
    pattern = re.compile(r"(?<![\w])(" + "|".join(re.escape(n) for n in names) + r")(?![\w])")
    return pattern, ids_of


def _visible(obs: dict) -> set[str]:
    seen: set[str] = set()
    for cards in obs["zones"].values():
        for held in cards.values() if isinstance(cards, dict) else [cards]:
            seen.update(c for c in held if c is not None)
    for event in obs["events"]:
        seen.update(c for c in event.get("cards") or () if c is not None)
        for row in event.get("rows") or ():
            seen.update(c for c in row.get("cards") or () if c is not None)
        _typed_cards(event.get("text"), seen)
        for row in event.get("rows") or ():
            _typed_cards(row.get("label"), seen)
            _typed_cards({"en": [row.get("value")]}, seen)
    for line in obs.get("status") or ():
        _typed_cards(line, seen)
    if obs.get("decision"):
        _typed_cards(obs["decision"].get("text"), seen)
    return seen


def _typed_cards(texts, seen: set[str]) -> None:
    for parts in (texts or {}).values():
        stack = list(parts)
        while stack:
            p = stack.pop()
            if isinstance(p, dict):
                if p.get("card"):
                    seen.add(p["card"])
                stack.extend(p.get("list") or ())


def _play(rs, seat: int, seed: int, tmp_path: Path, lang: str = "en") -> int:
    out: list[str] = []
    pattern, ids_of = _card_names(rs, lang)
    rng = random.Random(seed * 31 + seat)
    seen: set[str] = set()
    checked = [0, 0]  # questions, card names
    game_name = rs.name.get(lang)

    def read(prompt: str) -> str | None:
        seen.update(_visible(session.state.observation(seat)))
        chunk = "\n".join(out[checked[1] :]).replace(game_name, "")  # a game's name may name a card
        checked[1] = len(out)
        for name in pattern.findall(chunk):
            assert ids_of[name] & seen, f"seat {seat} was shown {name!r}, which it never saw:\n{chunk[-3000:]}"
        checked[0] += 1
        if checked[0] > READS:
            return None
        if prompt.startswith("next"):
            return rng.choice(["next", "restart", "quit"])
        if rng.random() < 0.15:
            return rng.choice(COMMANDS)
        return str(rng.randint(1, max(1, len(session.menu))))

    options = {"deals": 1} if "deals" in rs.options else {}
    if "target" in rs.options:
        options = {"target": 0}
    session = Session(
        rs=rs,
        ruleset_path=str(rs.path),
        seat=seat,
        agents=make_agents("random", rs, seed),
        agent_spec="random",
        seed=seed,
        options=options,
        renderer=Renderer(rs, lang=lang),
        echo=out.append,
        read=read,
        save_path=tmp_path / f"save-{seat}.json",
        columns=90,
    )
    assert session.run() == 0
    return checked[0]


@pytest.mark.parametrize("path", SHIPPED, ids=[p.stem for p in SHIPPED])
def test_no_screen_shows_a_card_its_seat_cannot_see(path, tmp_path):
    rs = interpreter.load(path)
    questions = 0
    for seat in range(rs.num_players):
        questions += _play(rs, seat, seed=seat + 1, tmp_path=tmp_path)
    assert questions > rs.num_players


def test_no_screen_leaks_in_japanese_either(tmp_path):
    for name in ("hachinin_meri", "duzihu"):
        rs = interpreter.load(ROOT / "rulesets" / f"{name}.yaml")
        assert _play(rs, 1, seed=7, tmp_path=tmp_path, lang="ja") > 1
