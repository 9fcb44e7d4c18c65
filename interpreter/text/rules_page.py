"""A ruleset rendered back into readable rules (Markdown or plain text).

Everything comes from the ruleset: names, the deck, zones and who sees
them, options, the rule texts with their ids, the flow of play as an
outline, the actions with their restrictions, and scoring.  The same page in
another language uses the names and texts the ruleset gives in it.
"""

from __future__ import annotations

from typing import Any

from interpreter.model import Model, Step, Text

_VISIBILITY = {"owner": "seen only by its owner", "all": "seen by everybody", "none": "seen by nobody"}


class _Writer:
    def __init__(self, lang: str, markdown: bool):
        self.lang, self.md = lang, markdown
        self.lines: list[str] = []

    def t(self, text: Text | str | None) -> str:
        if text is None:
            return ""
        return text.get(self.lang) if isinstance(text, Text) else str(text)

    def heading(self, level: int, title: str) -> None:
        if self.lines and self.lines[-1] != "":
            self.lines.append("")
        if self.md:
            self.lines.append("#" * level + " " + title)
        else:
            self.lines.append(title.upper() if level <= 2 else title)
            self.lines.append(("=" if level == 1 else "-") * len(title))
        self.lines.append("")

    def para(self, text: str) -> None:
        if text:
            self.lines.append(text)
            self.lines.append("")

    def item(self, text: str, depth: int = 0) -> None:
        self.lines.append("  " * depth + "- " + text)

    def code(self, text: Any) -> str:
        words = _value_words(text) if not isinstance(text, str) else " ".join(text.split())
        return f"`{words}`" if self.md else words


def _value_words(value: Any) -> str:
    return "true" if value is True else "false" if value is False else str(value)


def _rule_ref(rule: Any) -> str:
    return f" ({rule.id})" if rule is not None and rule.id else ""


def _step_line(w: _Writer, s: Step) -> str:
    v = s.value
    said = w.t(s.rule.text) if s.rule is not None and s.rule.text.values else ""
    kind = s.kind
    if kind == "turn":
        what = f"{w.code(v['player'])} chooses: {', '.join(v['actions'])}"
    elif kind == "claim":
        what = f"claim window for {w.code(v['players'])}: {', '.join(v['actions'])} (or pass)"
    elif kind == "deal":
        packets = f"packets of {v['packets']}" if "packets" in v else f"{w.code(v['counts'])} cards each"
        what = f"deal {packets} from {v['from']} to {v['to']}, in the order {w.code(v['seats'])}"
    elif kind == "move":
        amount = (
            "all cards" if v.get("all") else f"{w.code(v['count'])} card(s)" if "count" in v else w.code(v.get("cards"))
        )
        what = f"move {amount} from {v['from']} to {v['to']}" + (f", face {v['face']}" if "face" in v else "")
    elif kind in ("set", "add", "pick"):
        what = f"{kind} " + ", ".join(
            f"{k} = {w.code(x)}" if kind != "add" else f"{k} += {w.code(x)}" for k, x in v.items()
        )
    elif kind == "if":
        what = f"if {w.code(v)}:"
    elif kind == "for_each":
        what = f"for each {v['as']} in {w.code(v['in'])}:"
    elif kind == "repeat":
        bound = ", ".join(f"{k} {w.code(v[k])}" for k in ("times", "while", "until") if k in v)
        what = f"repeat ({bound}):"
    elif kind == "phase":
        what = f"play the phase '{v}'"
    elif kind == "record":
        what = "record " + ", ".join(v)
    elif kind == "announce":
        what = f'announce "{w.t(Text.of(v))}"'
    elif kind == "event":
        told = f' "{w.t(Text.of(v["text"]))}"' if "text" in v else ""
        to = f" (to {w.code(v['to'])} only)" if "to" in v else ""
        what = f"tell the table ({v['kind']}){told}{to}"
    elif kind == "end_deal":
        scores = f": scores {w.code(v['scores'])}" if isinstance(v, dict) and "scores" in v else ""
        told = f' "{w.t(Text.of(v["text"]))}"' if isinstance(v, dict) and "text" in v else ""
        what = f"the deal ends{scores}{told}"
    elif kind == "break":
        what = "stop the loop"
    else:
        what = f"{kind} {v}"
    return f"{said}{_rule_ref(s.rule)}: {what}" if said else f"{what}{_rule_ref(s.rule)}"


def _steps(w: _Writer, steps: tuple, depth: int) -> None:
    for s in steps:
        w.item(_step_line(w, s), depth)
        _steps(w, s.body, depth + 1)
        for branch in s.elifs:
            w.item(f"otherwise, if {w.code(branch.condition)}:", depth)
            _steps(w, branch.body, depth + 1)
        if s.else_body:
            w.item("otherwise:", depth)
            _steps(w, s.else_body, depth + 1)


def render_rules(model: Model, lang: str = "en", fmt: str = "md", ruleset: Any = None) -> str:
    """The whole rules page of a ruleset (with its compiled `ruleset`, also the card rankings)."""
    w = _Writer(lang, fmt == "md")
    w.heading(1, w.t(model.name))
    w.para(w.t(model.description))
    p = model.players
    teams = "; ".join(f"{w.t(t.name)}: seats {', '.join(map(str, t.seats))}" for t in p.teams)
    order = (
        "each seat is followed by the next higher seat"
        if p.order == "increasing"
        else "each seat is followed by the next lower seat"
    )
    w.heading(2, "Players")
    w.para(f"{p.count} players; {order}." + (f" Teams: {teams}." if teams else ""))
    _deck(w, model)
    if ruleset is not None:
        _rankings(w, model, ruleset.cards, ruleset.card_tables)
    if model.zones:
        w.heading(2, "Where the cards are")
        for z in model.zones:
            per = "one per player, " if z.per == "seat" else ""
            w.item(
                f"{w.t(z.label)}: {per}{_VISIBILITY[z.visibility]}"
                + (f" - {w.t(z.description)}" if z.description.values else "")
            )
    if model.options:
        w.heading(2, "Options")
        for o in model.options:
            default = _value_words(o.default)
            words = w.t(o.description) or (w.t(o.rule.text) if o.rule else "")
            w.item(f"{o.name} (default {default}): {words}{_rule_ref(o.rule)}")
    if model.rules:
        w.heading(2, "Rules")
        for r in model.rules:
            w.item(f"{r.id}: {w.t(r.text)}" if r.id else w.t(r.text))
    w.heading(2, "Flow of play")
    _steps(w, model.flow, 0)
    for name, steps in model.phases.items():
        w.heading(3, f"Phase '{name}'")
        _steps(w, steps, 0)
    _actions(w, model)
    _scoring(w, model)
    return "\n".join(w.lines).rstrip() + "\n"


def _deck(w: _Writer, model: Model) -> None:
    d = model.deck
    w.heading(2, "The cards")
    parts = []
    if d.suits and d.ranks:
        suits = ", ".join(w.t(s.name) for s in d.suits)
        ranks = ", ".join(w.t(r.name) for r in d.ranks)
        parts.append(f"Suits: {suits}. Ranks: {ranks}.")
    if d.cards:
        parts.append("Other cards: " + ", ".join(w.t(c.name) for c in d.cards) + ".")
    if d.copies > 1:
        parts.append(f"{d.copies} copies of each card.")
    if d.exclude:
        parts.append("Left out: " + ", ".join(d.exclude) + ".")
    w.para(" ".join(parts))


def _rankings(w: _Writer, model: Model, cards: Any, tables: Any) -> None:
    """Int card attributes and the ruleset's functions of one card, as orders: highest first."""
    rows = []
    for a in model.deck.attributes:
        if a.type == "int":
            rows.append((a.name, w.t(a.description), "", cards.attrs[a.name]))
    for f in model.functions:
        if f.name in tables and f.rule is not None:  # helpers without a rule of their own are left out
            text = w.t(f.rule.text) if f.rule is not None else ""
            rows.append((f"{f.name}(card)", text, _rule_ref(f.rule), tables[f.name]))
    if not rows:
        return
    w.heading(2, "Card rankings and values")
    w.para("Highest first; '=' joins cards of equal value. A rank named alone stands for all its cards.")
    for name, text, ref, values in rows:
        w.item(f"{w.code(name)}{': ' + text if text else ''}{ref}")
        w.item(_order(w, cards, values), 1)


def _order(w: _Writer, cards: Any, values: tuple) -> str:
    """`A [14] > K [13] > ... > 9 (red, blue) = 1 (green) [9] > ...`: highest first, equals joined."""
    by_value: dict[Any, list[int]] = {}
    for face, v in enumerate(values):
        by_value.setdefault(v, []).append(face)
    rank_faces: dict[int, set[int]] = {}
    for face, r in enumerate(cards.rank_of):
        if r >= 0:
            rank_faces.setdefault(r, set()).add(face)
    groups = []
    for v in sorted(by_value, reverse=True):
        faces = by_value[v]
        words, done = [], set()
        for face in faces:
            r = cards.rank_of[face]
            if face in done:
                continue
            if r < 0:
                words.append(w.t(cards.names[face]))
                done.add(face)
                continue
            same = [f for f in faces if cards.rank_of[f] == r]
            done.update(same)
            rank = w.t(cards.rank_names[r])
            if set(same) == rank_faces[r]:
                words.append(rank)
            else:
                suits = ", ".join(
                    w.t(cards.suit_names[cards.suit_of[f]]) if cards.suit_of[f] >= 0 else w.t(cards.names[f])
                    for f in same
                )
                words.append(f"{rank} ({suits})")
        groups.append(" = ".join(words) + f" [{_value_words(v)}]")
    return " > ".join(groups)


def _actions(w: _Writer, model: Model) -> None:
    if not model.actions:
        return
    w.heading(2, "Moves")
    for a in model.actions:
        text = w.t(a.rule.text) if a.rule is not None else ""
        w.item(f"{w.code(a.name)}: {text}{_rule_ref(a.rule)}")
        if a.available_if is not None:
            w.item(f"only when {w.code(a.available_if)}", 1)
        for r in a.legal_if:
            cond = f"when {w.code(r.when)}, " if r.when is not None else ""
            w.item(f"{cond}{w.t(r.rule.text) or w.code(r.require)}{_rule_ref(r.rule)}", 1)


def _scoring(w: _Writer, model: Model) -> None:
    described = [(f, f.rule) for f in model.functions if f.rule is not None]
    if described or model.returns is not None:
        w.heading(2, "Scoring and formulas")
        if model.returns is not None:
            w.item(f"final score of each seat: {w.code(model.returns)}")
        for f, rule in described:
            params = ", ".join(p for p, _, _ in f.params)
            text = w.t(rule.text)
            w.item(
                f"{w.code(f'{f.name}({params})')} = {w.code(' '.join(str(f.value).split()))}"
                + (f" - {text}" if text else "")
                + _rule_ref(rule)
            )
    if model.invariants:
        w.heading(3, "Always true")
        for inv in model.invariants:
            w.item(f"{w.t(inv.rule.text) or w.code(inv.check)}{_rule_ref(inv.rule)}")
