"""Moves as a person types them at the prompt: a move's number, its text or its words as the
table writes them, a card's name (the move that plays it), a seat's name, a value alone where
one move takes it (`spades` for `name Spades`), and a whole choice of several cards by their
names or move numbers.  `Session` (frontends/prompt.py) reads its moves through this mixin.
"""

from __future__ import annotations

from typing import Any
from unicodedata import category

import click

from interpreter.base.i18n import N_, _
from interpreter.engine.state import PICK_KIND, normalize

# The words this module writes itself, marked for the catalogs and translated where shown.
WORDS = {
    "too_long": N_("that line is too long to be a move; type a number, a card or 'help'"),
    "no_move": N_("there is no move {n}; choose 1 to {last}"),
    "which": N_("which move? {moves}"),
    "not_now": N_("{card} is not a move now"),
    "bare_command": N_("'{command}' takes nothing after it: type just {command}"),
    "unknown": N_("'{line}' is not a move or a command; type a number from 1 to {last}, or 'help'"),
}


class TypedMoves:
    """Reading a typed line as one of the legal moves (or saying why it is none); a mixin of the
    prompt's Session, whose fields it reads."""

    rs: Any
    renderer: Any
    state: Any
    menu: list
    card_names: dict
    seat_names: dict
    commands: Any
    echo: Any

    def _parse_move(self, line: str) -> Any:
        legal = self.menu or self.state.legal_actions()
        if len(line) > 200:
            self.echo(_(WORDS["too_long"]))
            return None
        if line.isascii() and line.isdigit():
            n = int(line)
            if 1 <= n <= len(legal):
                return legal[n - 1]
            self.echo(_(WORDS["no_move"], n=n, last=len(legal)))
            return None
        key = normalize(line)
        for a in legal:
            if key in self._typings(a.text):
                return a
        whole = self._whole_choice(line, legal)
        if whole is not None:
            return whole
        compact = key.replace(" ", "")  # `bid 1 NT` for `bid 1NT`: the one move it can be, spaces aside
        spaced = [a for a in legal if compact in {t.replace(" ", "") for t in self._typings(a.text)}]
        if len(spaced) == 1:
            return spaced[0]
        card = self.card_names.get(key)
        if card is not None:
            matches = [a for a in legal if a.text.endswith((" " + card, " +" + card))]  # (a pick's too)
            if len(matches) == 1:
                return matches[0]
            if len(matches) > 1:
                self.echo(_(WORDS["which"], moves=_(", ").join(self.renderer.action(a.text) for a in matches)))
                return None
            verbs = sorted(  # the actions that take a card (a card is no amount to `call`)
                {a.text.split(" ")[0] for a in legal if " " in a.text and self._takes_cards(a)}
            )
            if verbs:
                self.echo(self.rs.explain(self.state, f"{verbs[0]} {card}", self.renderer.action))
                return None
            self.echo(_(WORDS["not_now"], card=self.renderer.card(card)))
            return None
        seat = self.seat_names.get(key)  # a seat alone, where one move takes it
        seated = [a for a in legal if a.kind >= 0 and self.rs.actions[a.kind].param_kind == "seat"]
        matches = [a for a in seated if a.value == seat]
        if seat is not None and len(matches) == 1:
            return matches[0]
        matches = [a for a in legal if key in self._value_typings(a.text)]  # a value alone: `spades`
        if len(matches) == 1:
            return matches[0]
        # an action by its name or by the label the menus show (`name_suit` is 2 words), longest first
        by_word = {normalize(act.name): act.name for act in self.rs.actions}
        by_word.update({normalize(self.renderer.action_label(act.name)): act.name for act in self.rs.actions})
        verb = next((v for v in sorted(by_word, key=len, reverse=True) if key == v or key.startswith(v + " ")), None)
        if verb is not None:
            rest = key[len(verb) :].strip()
            value = self.card_names.get(rest)  # `play spades ace`: the card by its name
            if value is None and rest in self.seat_names:  # `ask seat 3`: the seat by its name
                value = str(self.seat_names[rest])
            if not rest:  # the action alone, where it has one legal value (`call` for `call 2`)
                alone = [a for a in legal if a.text.split(" ")[0] == by_word[verb]]
                if len(alone) == 1:
                    return alone[0]
            asked = " ".join(filter(None, [by_word[verb], value if value is not None else rest]))
            listed = next((a for a in legal if a.text == asked), None)
            if listed is not None:  # (the move by its action's name and its card's name)
                return listed
            self.echo(self.rs.explain(self.state, asked, self.renderer.action))
            return None
        first = line.split()[0].lower()
        if first in self.commands.table or first in ("quit", "exit", "q"):  # `save mygame`
            self.echo(_(WORDS["bare_command"], command=first))
            return None
        self.echo(_(WORDS["unknown"], line=line, last=len(legal)))
        return None

    def _takes_cards(self, action: Any) -> bool:
        """Whether a legal move's action takes a card (or picks cards, a choice of several)."""
        if action.kind == PICK_KIND:
            return True
        return action.kind >= 0 and self.rs.actions[action.kind].param_kind == "card"

    def _typings(self, text: str) -> set[str]:
        """The ways a move may be typed (normalised): its text, its words as the table writes
        them, and its label with its value as the text has it (`ask 2` for `ask Seat 2`)."""
        verb, _sep, rest = text.partition(" ")
        label = " ".join(filter(None, [self.renderer.action_label(verb), rest]))
        shown = click.unstyle(self.renderer.action(text))  # (at a terminal a suit's colour is in it)
        return {normalize(text), normalize(shown), normalize(label)}

    def _value_typings(self, text: str) -> set[str]:
        """The ways a move's value alone may be typed (normalised): as its text has it (`spades`)
        and as the table writes it (`Spades`); none for a move without a value."""
        verb, _sep, rest = text.partition(" ")
        if not rest:
            return set()
        label, shown = self.renderer.action_label(verb), click.unstyle(self.renderer.action(text))
        words = {normalize(rest)}
        if shown.startswith(label + " "):
            words.add(normalize(shown[len(label) + 1 :]))
        return words

    def _whole_choice(self, line: str, legal: list) -> str | None:
        """`pass red 5 7 9` for a choice of several cards: an action's name (or label) and its cards
        by name, id or move number, in any order, as the text the engine takes (`pass a b c`); commas
        between the cards as the table lists them (`pass red 5, red 7`) are left out."""
        words = line.translate(_LIST_MARKS).split()
        for act in self.rs.actions:
            if act.count is None:
                continue
            for name in {act.name, self.renderer.action_label(act.name)}:
                size = len(name.split())
                if normalize(" ".join(words[:size])) != normalize(name) or len(words) == size:
                    continue
                cards = self._cards_in(words[size:], legal)
                if cards is not None:
                    return " ".join([act.name, *cards])
        return None

    def _cards_in(self, words: list[str], legal: list) -> list[str] | None:
        """Card ids named by the words (longest names first, a pick's `+` before one left out), or by the
        number of a move that picks one."""
        words = [w.removeprefix("+") for w in words if w != "+"]
        out: list[str] = []
        i = 0
        while i < len(words):
            for j in range(len(words), i, -1):
                card = self.card_names.get(normalize(" ".join(words[i:j])))
                if card is not None:
                    out.append(card)
                    i = j
                    break
            else:
                word = words[i]
                if not (word.isascii() and word.isdigit() and 1 <= int(word) <= len(legal)):
                    return None
                picked = legal[int(word) - 1].text.split(" ")[-1].lstrip("+")
                if picked not in self.rs.cards.ids:
                    return None
                out.append(picked)
                i += 1
        return out


def typed(line: str) -> str:
    """A line as typed, less what no move is made of and a terminal should not be sent back: control
    characters (ESC, NUL), direction marks (an override garbles the message that quotes the line),
    zero-width spaces and byte-order marks (joiners stay: Persian words use them); a tab is a space."""
    return "".join(" " if c == "\t" else "" if c in _UNSEEN or category(c) == "Cc" else c for c in line).strip()


_LIST_MARKS = str.maketrans({",": " ", "\u3001": " ", "\u060c": " ", "\uff0c": " "})  # , 、 ، ，
_UNSEEN = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c\u200b\ufeff")
