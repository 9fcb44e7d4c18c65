"""Text for cards, zones and events, from one seat's observation.

Colour only when asked (the CLI decides from the terminal and NO_COLOR);
names fall back to English, and to the card id when a name cannot be
written in the terminal's encoding.
"""

from __future__ import annotations

from typing import Any

import click

from interpreter.base.i18n import _

HIDDEN = "[##]"


class Renderer:
    """Turns card ids and observations into words for one language and terminal."""

    def __init__(self, rs: Any, lang: str = "en", color: bool = False, encoding: str = "utf-8"):
        self.rs, self.lang, self.color = rs, lang, color
        self.encoding = encoding or "ascii"
        self.index = rs.cards.index()

    def _encodable(self, text: str) -> bool:
        try:
            text.encode(self.encoding)
            return True
        except (UnicodeEncodeError, LookupError):
            return False

    def card(self, card_id: str | None) -> str:
        if card_id is None:
            return HIDDEN
        face = self.index.get(card_id)
        if face is None:
            return card_id
        name = self.rs.cards.names[face].get(self.lang)
        if not self._encodable(name):
            name = self.rs.cards.names[face].get("en")
        if not self._encodable(name):
            name = card_id
        suit = self.rs.cards.suit_of[face]
        colour = self.rs.cards.suit_colors[suit] if suit >= 0 else None
        if self.color and colour and colour != "default":
            return click.style(name, fg=colour, bold=True)
        return name

    def cards(self, ids: list) -> str:
        return "  ".join(self.card(c) for c in ids) if ids else "-"

    def text(self, value: Any) -> str:
        """A ruleset Text (or plain string) in this renderer's language."""
        if hasattr(value, "get") and hasattr(value, "values") and not isinstance(value, dict):
            out = value.get(self.lang)
            return out if self._encodable(out) else value.get("en")
        return str(value)

    def seat(self, s: int) -> str:
        names = self.rs.model.players.seat_names
        if names and 0 <= s < len(names):
            return self.text(names[s])
        return _("Seat {seat}", seat=s)

    def action(self, text: str) -> str:
        """An action's string form with its card written by name."""
        verb, _sep, rest = text.partition(" ")
        if rest and rest in self.index:
            return f"{verb} {self.card(rest)}"
        return text

    def value(self, v: Any) -> str:
        if isinstance(v, list):
            return "[" + ", ".join(self.value(x) for x in v) + "]"
        if isinstance(v, str) and v in self.index:
            return self.card(v)
        if v is None:
            return "-"
        if isinstance(v, bool):
            return _("yes") if v else _("no")
        return str(v)
