"""Text for cards, seats and typed values, for one seat and one language.

Colour only when asked (the CLI decides from the terminal and NO_COLOR);
names fall back to English, and to the card id when a name cannot be
written in the terminal's encoding.  The seat a person plays is "You"; the
others are named by the ruleset's `seat_names`, else by seat number, with
their team where the game has teams.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from typing import Any

import click

from interpreter.base.i18n import N_, _, use_language

HIDDEN = "[##]"

# The words this module writes itself (through the catalogs, base/i18n.py).
WORDS = {
    "you": N_("You"),
    "with_team": N_("{name} ({team})"),
    "nobody": N_("nobody"),
    "none": "-",
    "and": N_(" and "),  # i18n: between the last two seats of a list ("Seat 1, Seat 2 and you")
}


class Renderer:
    """Turns card ids, seats and typed values into words for one language and terminal."""

    def __init__(
        self, rs: Any, lang: str = "en", color: bool = False, encoding: str = "utf-8", viewer: int | None = None
    ):
        self.rs, self.lang, self.color = rs, lang, color
        self.encoding = encoding or "ascii"
        self.index = rs.cards.index()
        self.viewer = viewer  # the seat shown as "You"
        self.empty = WORDS["none"]  # an empty list in a text
        self._kinds = {k.name: k.label for k in rs.model.meld_kinds}
        self._actions = {a.name: a.label for a in rs.actions}
        self._told = {a.name: a.told for a in rs.model.actions if a.told.values}
        teams = rs.model.players.teams
        self._teams = {t.id: t.name for t in teams}
        self._suits = dict(zip(rs.cards.suit_ids, rs.cards.suit_names))
        self._ranks = dict(zip(rs.cards.rank_ids, rs.cards.rank_names))
        self._zones = {z.name: z.label for z in rs.model.zones if z.label.values}  # (else by its name)
        self._by_kind = {"suit": self._suits, "rank": self._ranks, "zone": self._zones}  # named values by type
        # by action: the names of the suits or ranks its parameter takes (a move naming one shows it so)
        self._named = {a.name: self._by_kind.get(a.param_kind) for a in rs.actions}
        self._seated = {a.name for a in rs.actions if a.param_kind == "seat"}  # its values are seats

    def _encodable(self, text: str) -> bool:
        try:
            text.encode(self.encoding)
            return True
        except (UnicodeEncodeError, LookupError):
            return False

    # ----- cards ------------------------------------------------------------------------------
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

    def cards(self, ids: Iterable[str | None]) -> str:
        shown = [self.card(c) for c in ids]
        return "  ".join(shown) if shown else "-"

    def card_group(self, ids: list) -> str:
        """Cards with runs of the same card written once with a count: `Coins 6 x3`."""
        out: list[str] = []
        i = 0
        while i < len(ids):
            j = i
            while j < len(ids) and ids[j] == ids[i]:
                j += 1
            out.append(self.card(ids[i]) + (f" x{j - i}" if j - i > 1 else ""))
            i = j
        return _(", ").join(out)

    # ----- names ------------------------------------------------------------------------------
    def text(self, value: Any) -> str:
        """A ruleset Text (or plain string) in this renderer's language."""
        if hasattr(value, "get") and hasattr(value, "values") and not isinstance(value, dict):
            out = value.get(self.lang)
            return out if self._encodable(out) else value.get("en")
        return str(value)

    def seat(self, s: int) -> str:
        """A seat's short name: "You" for the viewer, the ruleset's name, or "Seat 3"."""
        if s == self.viewer:
            return _(WORDS["you"])
        if not 0 <= s < self.rs.num_players:
            return _(WORDS["nobody"])
        names = self.rs.model.players.seat_names
        if names and s < len(names):
            return self.text(names[s])
        return _("Seat {seat}", seat=s)

    def seat_in_text(self, s: int) -> str:
        """A seat's name inside a sentence: "you" for the viewer."""
        name = self.seat(s)
        return name[:1].lower() + name[1:] if s == self.viewer else name

    def player(self, s: int) -> str:
        """A seat's name with its team, where the game has teams: "Seat 3 (Team B)"."""
        name = self.seat(s)
        team = self.team_of(s)
        return _(WORDS["with_team"], name=name, team=team) if team and s != self.viewer else name

    def team_of(self, s: int) -> str | None:
        t = self.rs.team_of_seat[s] if 0 <= s < len(self.rs.team_of_seat) else -1
        return self.team(self.rs.team_ids[t]) if t >= 0 else None

    def team(self, team_id: str) -> str:
        name = self._teams.get(team_id)
        return self.text(name) if name is not None else team_id

    def kind(self, name: str | None) -> str:
        label = self._kinds.get(name or "")
        return self.text(label) if label is not None and self.text(label) else (name or "").replace("_", " ")

    def action_label(self, name: str) -> str:
        """An action's label, else its name in words (`name_suit`: name suit), as the web table shows it."""
        label = self._actions.get(name)
        text = self.text(label) if label is not None else ""
        return text if text and text != name else name.replace("_", " ")

    def tells_in_english(self, action: str) -> bool:
        """Whether the story tells a move of `action` by its `told` words, in English (written for
        any seat: "takes the skat", which agrees with "You")."""
        told = self._told.get(action)
        if told is None:
            return False
        lang = self.lang if self.lang in told.values else self.lang.split("-")[0]
        return lang == "en" or (lang not in told.values and "en" in told.values)

    def action(self, text: str, told: bool = False) -> str:
        """An action's string form in words: its label (`told`: as the story tells a move made, its
        `told` words where it has them), and its cards, suits, ranks or seats by name."""
        verb, _sep, rest = text.partition(" ")
        label = self.text(self._told[verb]) if told and verb in self._told else self.action_label(verb)
        return " ".join([label, self.action_value(verb, rest)]) if rest else label

    def action_value(self, verb: str, text: str) -> str:
        """The value of an action `verb` (its text after the name) in words; the values of a choice of
        several, where a name is of more than one word, with commas ("Red Five, Blue Five")."""
        words = [self._word(verb, w) for w in text.split(" ")]
        if len(words) > 1 and any(" " in w for w in words):
            return _(", ").join(words)
        return " ".join(words)

    def _word(self, verb: str, word: str) -> str:
        """A word of an action's text: a value by name (`+id`, a card picked for a choice, as `+name`)."""
        named = self._named.get(verb)
        if named is not None and word in named:
            return self.text(named[word])
        if verb in self._seated and word.isdigit() and int(word) < self.rs.num_players:
            return self.seat_in_text(int(word))
        if word in self.index:
            return self.card(word)
        if word.startswith("+") and word[1:] in self.index:
            return "+" + self.card(word[1:])
        return word

    # ----- typed values (events, status lines) ----------------------------------------------
    def typed(self, v: Any) -> str:
        """One typed value of an event or status line ({"card": id}, {"seat": 2}, {"list": [...]} ...)."""
        if not isinstance(v, Mapping) or len(v) != 1:
            return self.value(v)
        kind, value = next(iter(v.items()))
        if kind == "list":
            if not value:
                return self.empty
            words = [self.typed(x) for x in value]
            for i in range(1, len(words)):  # "Seat 0 and you": "You" only leads
                if self._is_viewer(value[i]):
                    words[i] = _lower_first(words[i])
            if len(words) > 1 and all(isinstance(x, Mapping) and "seat" in x for x in value):  # who split a pot
                return _(", ").join(words[:-1]) + _(WORDS["and"]) + words[-1]
            return _(", ").join(words)
        if kind == "card":
            return self.card(value)
        if value is None:
            return WORDS["none"]
        if kind == "seat":
            return self.seat(value)
        named = self._by_kind.get(kind)
        if named is not None:
            return self.text(named[value]) if value in named else str(value)
        if kind == "team":
            return self.team(value)
        if kind == "kind":
            return self.kind(value)
        if kind == "action":
            return self.action_label(value)
        if kind == "bool":
            return _("yes") if value else _("no")
        return str(value)

    def fill(self, texts: Mapping[str, list] | None, empty: str | None = None, glue: bool = False) -> str:
        """An event's or status line's text in this language (else English, else any), typed values
        in words; the viewer is "You" at the start and "you" elsewhere.  An empty list shows as
        `empty` (by default "-"; the story passes "", so an event's text can leave out a part that
        does not apply, such as the winner of a deal nobody won).  With `glue`, the spaces within a
        value are non-breaking (U+00A0: wrapping does not split "Clubs 5"; a list still breaks after
        its commas)."""
        if not texts:
            return ""
        if empty is not None:
            saved, self.empty = self.empty, empty
            try:
                return self.fill(texts, glue=glue)
            finally:
                self.empty = saved
        base = self.lang.split("-")[0]
        key = next((k for k in (self.lang, base, "en") if texts.get(k)), None) or next(iter(texts))
        if key not in (self.lang, base):  # a text the ruleset has only in another language: its values
            saved_lang, self.lang = self.lang, key  # in that one too ("from you to Seat 1", not "from te")
            try:
                with use_language(key):
                    return self.fill(texts, glue=glue)
            finally:
                self.lang = saved_lang
        parts = texts[key]
        out: list[str] = []
        you = False  # the part before was the viewer, written "You"
        english = parts is texts.get("en")  # the English text (asked for, or the fallback)
        subject = False  # the sentence so far has "You" for its subject
        aside = False  # inside "You (... {value} ...)": the verb after the ")" agrees with "You"
        for p in parts:
            if isinstance(p, str):
                head = ""
                if english and aside:
                    close = p.find(")")
                    if close < 0:
                        out.append(p)
                        continue
                    head, p, aside, you = p[: close + 1], p[close + 1 :], False, True
                if english and you and not p.strip():  # "{x:seat} {'bets' if ...}": the verb is a value
                    out.append(p)
                    continue
                if english and you and _OPENS_ASIDE.match(p):
                    aside = True
                    out.append(p)
                    continue
                if english and you:
                    subject = _you_lead(p)
                    p = you_agree(p)
                elif english and subject:
                    p = _and_agree(p)
                if "." in p:
                    subject = False
                out.append(head + p)
                you = False
                continue
            word = self.typed(p)
            if english and you and isinstance(p, Mapping) and "str" in p:  # a verb chosen in a placeholder
                subject, word = _you_lead(" " + word), you_agree(" " + word)[1:]
            if glue:
                word = _GLUED.sub("\u00a0", word)
            you = self._is_viewer(p)
            before = "".join(out).rstrip()
            led = isinstance(p, Mapping) and self._is_viewer((p.get("list") or [None])[0])  # "You and Seat 2"
            if before and not before.endswith((".", "!", "?")) and (you or led):  # ("... a lie. You take the pile.")
                word = _lower_first(word)
            out.append(word)
        return "".join(out)

    def _is_viewer(self, p: Any) -> bool:
        if not isinstance(p, Mapping):
            return False
        if p.get("seat", -2) == self.viewer:
            return True
        inner = p.get("list") or []
        return len(inner) == 1 and self._is_viewer(inner[0])

    def value(self, v: Any) -> str:
        if isinstance(v, list):
            return "[" + ", ".join(self.value(x) for x in v) + "]"
        if isinstance(v, str) and v in self.index:
            return self.card(v)
        if v is None:
            return WORDS["none"]
        if isinstance(v, bool):
            return _("yes") if v else _("no")
        return str(v)


def _lower_first(word: str) -> str:
    """ "You" within a sentence: "you"."""
    return word[:1].lower() + word[1:]


def width(text: str) -> int:
    """Columns a text takes in a terminal (wide East Asian characters take two; colour codes none)."""
    plain = click.unstyle(text)
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 0 if unicodedata.combining(ch) else 1 for ch in plain)


def pad(text: str, columns: int, right: bool = False) -> str:
    space = " " * max(0, columns - width(text))
    return space + text if right else text + space


def wrap(words: list[str], columns: int, first: str = "", indent: str = "  ", sep: str = "  ") -> list[str]:
    """Words laid out in lines of at most `columns` (a word longer than a line gets one of its own)."""
    lines: list[str] = []
    line = first
    filled = bool(first.strip())
    for word in words:
        candidate = line + (sep if filled and not line.endswith(" ") else "") + word
        if filled and width(candidate) > columns and line.strip():
            lines.append(line)
            line = indent + word
        else:
            line = candidate
        filled = True
    lines.append(line)
    return lines


_GLUED = re.compile(r"(?<![,\u3001\u060c]) ")  # a space within a value, not one after a list's comma
# the first word after "You", past an aside in parentheses ("You (the dealer) take")
_FIRST_WORD = re.compile(r"( +(?:\([^()]*\) +)?)([a-z]+)(?![A-Za-z'-])")
_OPENS_ASIDE = re.compile(r" *\([^)]*$")  # "You (" and a value before the ")"
_POSSESSIVE = re.compile(r"['\u2019]s(?![A-Za-z])")
_YOU_IRREGULAR = {"is": "are", "was": "were", "has": "have", "does": "do", "goes": "go"}
_AND_VERBS = (
    "takes",
    "wins",
    "draws",
    "plays",
    "discards",
    "passes",
    "scores",
    "leads",
    "captures",
    "sweeps",
    "says",
    "calls",
    "claims",
    "puts",
    "gets",
    "keeps",
    "gives",
    "shows",
    "turns",
    "picks",
    "melds",
    "bids",
    "knocks",
    "folds",
    "raises",
    "checks",
    "bets",
    "loses",
    "pays",
    "has",
    "is",
    "goes",
    "does",
    "chooses",
    "holds",
    "follows",
    "makes",
    "needs",
    "reveals",
    "declares",
    "exchanges",
    "collects",
    "adds",
)
# a later verb of a list whose subject is "You": "You win, lead and play on", "You won it and lead"
_LIST_VERB = re.compile(r"(,? and |,? or |, )(" + "|".join(_AND_VERBS) + r")(?![A-Za-z'-])")
_SENTENCE_END = re.compile(r"[.;:!?]")
_NOT_VERBS = {"always", "as", "its", "his", "hers", "less", "perhaps", "plus", "this", "thus", "unless", "us", "yes"}
# verbs that stay as they are after "You" and lead the sentence, as "played" does: past verbs without
# "ed" ("You won the trick and lead"), and helping verbs ("You cannot play and say go")
_PAST_VERBS = {
    "cannot",
    "can",
    "could",
    "may",
    "might",
    "must",
    "shall",
    "should",
    "will",
    "would",
    "won",
    "took",
    "made",
    "drew",
    "led",
    "gave",
    "went",
    "got",
    "held",
    "chose",
    "threw",
    "said",
    "bid",
    "lost",
    "paid",
    "kept",
    "dealt",
    "had",
    "was",
    "laid",
    "swept",
    "caught",
    "showed",
    "began",
    "came",
    "did",
}


def you_agree(text: str) -> str:
    """English text right after the viewer's "You": a verb written for a seat ("takes", "has")
    agrees with "you" ("take", "have"), also past an aside ("You (Daifugo) give"), and a
    possessive ("'s trick") becomes "Your trick", since
    texts are written once for every seat (the same rules as `youAgree` in the browser's table.js)."""
    if _POSSESSIVE.match(text):
        return "r" + text[2:]
    m = _FIRST_WORD.match(text)
    if m is None:
        return text
    if not _leads_with_verb(m[2]):  # ("You played X and chooses": a past verb leads too)
        return text
    return m[1] + _you_verb(m[2]) + _and_agree(text[m.end() :])


def _you_lead(text: str) -> bool:
    """Whether English text right after "You" goes on with its verb ("takes", "played", "won"): "You"
    is then the subject of the sentence, and its later verbs ("and takes", ", leads") agree too."""
    m = _FIRST_WORD.match(text)
    return m is not None and not _POSSESSIVE.match(text) and _leads_with_verb(m[2])


def _leads_with_verb(word: str) -> bool:
    return _you_verb(word) != word or word.endswith("ed") or word in _PAST_VERBS


def _and_agree(text: str) -> str:
    """ "You play X and takes Y", "You win, leads and plays on", "You discard or knocks": the later
    verbs of a sentence whose subject is "You" agree too, up to the first "and" or "or" one (and an
    "or" one right after an "and": "You draw and discard, or knock"), within the sentence."""
    end = _SENTENCE_END.search(text)
    head, tail = (text[: end.start()], text[end.start() :]) if end else (text, "")
    out, at, ended = [], 0, ""
    for m in _LIST_VERB.finditer(head):
        if ended and (" or " not in m[1] or ended == "or"):
            break
        out.append(head[at : m.start()] + m[1] + _you_verb(m[2]))
        at = m.end()
        ended = "or" if " or " in m[1] else "and" if "and" in m[1] else ""
    return "".join(out) + head[at:] + tail


def _you_verb(word: str) -> str:
    if word in _YOU_IRREGULAR:
        return _YOU_IRREGULAR[word]
    if len(word) <= 2 or word in _NOT_VERBS or not word.endswith("s") or word.endswith("ss"):
        return word
    if word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith(("sses", "shes", "ches", "xes", "zes", "oes")):
        return word[:-2]
    return word[:-1]
