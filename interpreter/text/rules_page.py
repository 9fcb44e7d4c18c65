"""A ruleset rendered back into readable rules (Markdown or plain text).

Everything comes from the ruleset: names, the deck, zones and who sees
them, options, the rule texts with their ids, the flow of play as an
outline, the actions with their restrictions, and scoring.  The same page in
another language uses the names and texts the ruleset gives in it, and the
page's own words (headings, the outline's sentences) from the catalogs.
"""

from __future__ import annotations

import re
from typing import Any

from interpreter.base.i18n import N_, _, ngettext, use_language
from interpreter.model import Model, Step, Text
from interpreter.model.nodes import turned_up_zones
from interpreter.text.card_orders import card_order, read_words, value_words

_VISIBILITY = {
    "owner": N_("seen only by its owner"),
    "all": N_(
        "seen by everybody face up; face down, only by the seat that put it there (by nobody where the flow put it)"
    ),
    "none": N_("seen by nobody"),
    "others": N_("seen by every seat but its owner"),
}


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
        words = value_words(text) if not isinstance(text, str) else " ".join(text.split())
        return f"`{words}`" if self.md else words


def _sentences(parts: list[str]) -> str:
    """Sentences one after the other, as the language writes them (Japanese: no space between)."""
    out = parts[0] if parts else ""
    for part in parts[1:]:
        out = _("{sentence} {next}", sentence=out, next=part)
    return out


def _rule_ref(rule: Any) -> str:
    return f" ({rule.id})" if rule is not None and rule.id else ""


def _step_line(w: _Writer, s: Step) -> str:
    said = w.t(s.rule.text) if s.rule is not None and s.rule.text.values else ""
    what = _step_words(w, s.kind, s.value)
    return f"{said}{_rule_ref(s.rule)}: {what}" if said else f"{what}{_rule_ref(s.rule)}"


_ZONE_STEPS = {"shuffle": N_("shuffle {zone}"), "collect": N_("collect {zone}"), "reveal": N_("reveal {zone}")}


def _quoted(w: _Writer, text: Any) -> str:
    return _('"{text}"', text=w.t(Text.of(text)))


def _step_words(w: _Writer, kind: str, v: Any) -> str:
    """What one step does, in words (expressions as code)."""
    if kind == "turn":
        return _("{player} chooses: {actions}", player=w.code(v["player"]), actions=", ".join(v["actions"]))
    if kind == "claim":
        return _(
            "claim window for {players}: {actions} (or pass)",
            players=w.code(v["players"]),
            actions=", ".join(v["actions"]),
        )
    if kind == "deal":
        fill = {"source": v["from"], "target": v["to"], "seats": w.code(v["seats"])}
        if "packets" in v:
            return _(
                "deal packets of {size} from {source} to {target}, in the order {seats}", size=v["packets"], **fill
            )
        return _(
            "deal {counts} cards each from {source} to {target}, in the order {seats}",
            counts=w.code(v["counts"]),
            **fill,
        )
    if kind == "move":
        fill = {"source": v["from"], "target": v["to"]}
        if v.get("all"):
            what = _("move all cards from {source} to {target}", **fill)
        elif "count" in v:
            what = _("move {count} card(s) from {source} to {target}", count=w.code(v["count"]), **fill)
        else:
            what = _("move {cards} from {source} to {target}", cards=w.code(v.get("cards")), **fill)
        return _("{move}, face {face}", move=what, face=v["face"]) if "face" in v else what
    if kind in ("set", "add", "pick"):
        pairs = ", ".join(f"{k} = {w.code(x)}" if kind != "add" else f"{k} += {w.code(x)}" for k, x in v.items())
        words = {"set": N_("set {assignments}"), "add": N_("add {assignments}"), "pick": N_("pick {assignments}")}
        return _(words[kind], assignments=pairs)
    if kind == "if":
        return _("if {condition}:", condition=w.code(v))
    if kind == "for_each":
        return _("for each {name} in {values}:", name=v["as"], values=w.code(v["in"]))
    if kind == "repeat":
        bounds = {"times": N_("times {n}"), "while": N_("while {condition}"), "until": N_("until {condition}")}
        bound = ", ".join(_(bounds[k], n=w.code(v[k]), condition=w.code(v[k])) for k in bounds if k in v)
        return _("repeat ({bounds}):", bounds=bound)
    if kind == "phase":
        return _("play the phase '{phase}'", phase=v)
    if kind == "record":
        return _("record {names}", names=", ".join(v))
    if kind == "announce":
        return _("announce {text}", text=_quoted(w, v))
    if kind == "event":
        told = _quoted(w, v["text"]) if "text" in v else ""
        if "to" in v and told:
            return _(
                "tell the table ({kind}) {text} (to {seats} only)", kind=v["kind"], text=told, seats=w.code(v["to"])
            )
        if "to" in v:
            return _("tell the table ({kind}) (to {seats} only)", kind=v["kind"], seats=w.code(v["to"]))
        return _("tell the table ({kind}) {text}", kind=v["kind"], text=told).rstrip()
    if kind == "end_deal":
        told = _quoted(w, v["text"]) if isinstance(v, dict) and "text" in v else ""
        if isinstance(v, dict) and "scores" in v:
            return _("the deal ends: scores {scores} {text}", scores=w.code(v["scores"]), text=told).rstrip()
        return _("the deal ends {text}", text=told).rstrip()
    if kind == "break":
        return _("stop the loop")
    if kind == "end_game":
        if v is True:
            return _("the game ends")
        return _("the game ends if {condition}", condition=w.code(v))
    if kind == "reveal" and isinstance(v, dict):  # some cards of the zone, where they lie
        if "cards" in v:
            return _("turn {cards} of {zone} face up", cards=w.code(v["cards"]), zone=v["zone"])
        if "at" in v:
            return _("turn the card(s) at index {places} of {zone} face up", places=w.code(v["at"]), zone=v["zone"])
        if "count" in v:
            if v.get("end") == "back":
                return _("turn the last {count} card(s) of {zone} face up", count=w.code(v["count"]), zone=v["zone"])
            return _("turn the first {count} card(s) of {zone} face up", count=w.code(v["count"]), zone=v["zone"])
        return _(_ZONE_STEPS[kind], zone=v["zone"])
    if kind in _ZONE_STEPS:
        return _(_ZONE_STEPS[kind], zone=v)
    return f"{kind} {v}"


def _steps(w: _Writer, steps: tuple, depth: int) -> None:
    for s in steps:
        w.item(_step_line(w, s), depth)
        _steps(w, s.body, depth + 1)
        for branch in s.elifs:
            w.item(_("otherwise, if {condition}:", condition=w.code(branch.condition)), depth)
            _steps(w, branch.body, depth + 1)
        if s.else_body:
            w.item(_("otherwise:"), depth)
            _steps(w, s.else_body, depth + 1)


def render_rules(model: Model, lang: str = "en", fmt: str = "md", ruleset: Any = None) -> str:
    """The whole rules page of a ruleset (with its compiled `ruleset`, also the card rankings)."""
    with use_language(lang):
        return _render(_Writer(lang, fmt == "md"), model, ruleset)


def _render(w: _Writer, model: Model, ruleset: Any) -> str:
    w.heading(1, w.t(model.name))
    w.para(w.t(model.description))
    p = model.players
    names = [w.t(n) for n in p.seat_names]  # (North, East...: each with its number)

    def seat(s: int) -> str:
        return f"{names[s]} ({s})" if s < len(names) and names[s] else str(s)

    teams = _("; ").join(
        _("{team}: seats {seats}", team=w.t(t.name), seats=", ".join(map(seat, t.seats))) for t in p.teams
    )
    if p.choices:  # the number of players is chosen when a game starts
        counts = _(
            "{counts} players (chosen when a game starts; {default} unless another number is chosen).",
            counts=", ".join(map(str, p.choices)),
            default=p.default,
        )
        if p.order == "increasing":
            order = _sentences([counts, _("Each seat is followed by the next higher seat.")])
        else:
            order = _sentences([counts, _("Each seat is followed by the next lower seat.")])
    elif p.order == "increasing":
        order = ngettext(
            "{n} player; each seat is followed by the next higher seat.",
            "{n} players; each seat is followed by the next higher seat.",
            p.count,
        )
    else:
        order = ngettext(
            "{n} player; each seat is followed by the next lower seat.",
            "{n} players; each seat is followed by the next lower seat.",
            p.count,
        )
    w.heading(2, _("Players"))
    w.para(_sentences([order] + ([_("Teams: {teams}.", teams=teams)] if teams else [])))
    _deck(w, model)
    if ruleset is not None:
        _rankings(w, model, ruleset.cards, ruleset.card_tables)
    if model.zones:
        w.heading(2, _("Where the cards are"))
        turned_up = turned_up_zones(model)
        for z in model.zones:
            seen = _(_VISIBILITY[z.visibility])
            if z.visibility != "all" and z.name in turned_up:  # a card face up there is everybody's to see
                seen += _("; a card put there face up, or turned up, by everybody")
            seen = _("one per player, {seen}", seen=seen) if z.per == "seat" else seen
            line = _("{zone}: {seen}", zone=w.t(z.label), seen=seen)
            w.item(
                _("{zone} - {description}", zone=line, description=w.t(z.description)) if z.description.values else line
            )
    _melds(w, model)
    if model.options:
        w.heading(2, _("Options"))
        for o in model.options:
            words = w.t(o.description) or (w.t(o.rule.text) if o.rule else "")
            default = value_words(o.default)
            if o.label.values:  # the name players see, with the name the ruleset and --option use
                option = _(
                    "{label} ({option}, default {default})", label=w.t(o.label), option=w.code(o.name), default=default
                )
            else:
                option = _("{option} (default {default})", option=o.name, default=default)
            told = f"{words}{_rule_ref(o.rule)}"
            w.item(f"{option}: {told}" if told else option)  # (an option with no words: its name and default)
    _constants(w, model, ruleset)
    if model.rules:
        w.heading(2, _("Rules"))
        for r in model.rules:
            w.item(f"{r.id}: {w.t(r.text)}" if r.id else w.t(r.text))
    w.heading(2, _("Flow of play"))
    _steps(w, model.flow, 0)
    for name, steps in model.phases.items():
        title = w.t(model.phase_titles[name]) if name in model.phase_titles else ""
        w.heading(3, _("Phase '{phase}'", phase=name) + (f": {title}" if title else ""))  # (its title at the table)
        _steps(w, steps, 0)
    _actions(w, model)
    _scoring(w, model)
    _hints(w, model)
    return "\n".join(w.lines).rstrip() + "\n"


def _constants(w: _Writer, model: Model, ruleset: Any) -> None:
    """The ruleset's fixed values that have a rule of their own (the others are helpers, as
    functions without one are): `name = value`, card ids by the cards' names."""
    listed = [(k, k.rule) for k in model.constants if k.rule is not None]
    if not listed:
        return
    index = ruleset.cards.index() if ruleset is not None else {}

    def words(value: Any, inner: bool = False) -> str:
        if isinstance(value, list):  # (a list within the list in brackets)
            listed = ", ".join(words(v, True) for v in value)
            return f"[{listed}]" if inner else listed
        if isinstance(value, str) and value in index:
            return w.t(ruleset.cards.names[index[value]])
        return value_words(value)

    w.heading(2, _("Fixed values"))
    for k, rule in listed:
        text = w.t(rule.text)
        w.item(f"{w.code(k.name)} = {words(k.value)}" + (f" - {text}" if text else "") + _rule_ref(rule))


def _deck(w: _Writer, model: Model) -> None:
    d = model.deck
    w.heading(2, _("The cards"))
    parts = []
    sep = _(", ")
    if d.suits and d.ranks:
        suits = sep.join(w.t(s.name) for s in d.suits)
        ranks = sep.join(w.t(r.name) for r in d.ranks)
        parts.append(_("Suits: {suits}. Ranks: {ranks}.", suits=suits, ranks=ranks))
    if d.suits and not d.ranks and d.cards:  # a pack of suits without ranks (hanafuda's months): by suit
        by_suit = {s.id: [c for c in d.cards if c.suit == s.id] for s in d.suits}
        for s in d.suits:
            if by_suit[s.id]:
                parts.append(f"{w.t(s.name)}: " + sep.join(w.t(c.name) for c in by_suit[s.id]) + ".")
        rest = [c for c in d.cards if c.suit not in by_suit]
        if rest:
            parts.append(_("Other cards: {cards}.", cards=sep.join(w.t(c.name) for c in rest)))
    elif d.cards:
        parts.append(_("Other cards: {cards}.", cards=sep.join(w.t(c.name) for c in d.cards)))
    if d.copies > 1:
        parts.append(ngettext("{n} copy of each card.", "{n} copies of each card.", d.copies))
    if d.exclude:
        parts.append(_("Left out: {cards}.", cards=", ".join(d.exclude)))
    w.para(_sentences(parts))


def _melds(w: _Writer, model: Model) -> None:
    """The groups the ruleset names (its `melds.kinds`) and the hands made of them (`melds.shapes`)."""
    if not model.meld_kinds and not model.shapes:
        return
    w.heading(2, _("Groups and hands"))
    w.para(
        _(
            "The groups the rules name, and the hands made of them "
            "(what `complete`, `missing`, `waits` and `partitions` test)."
        )
    )
    labels = {k.name: w.t(k.label) or k.name for k in model.meld_kinds}
    # every run counts by the one `sequence` and `same` its kinds name (compiling/melds.py `_sequences`)
    sequence = next((k.sequence for k in model.meld_kinds if k.shape == "run" and k.sequence), None)
    same = next((k.same for k in model.meld_kinds if k.shape == "run" and k.same), "suit")
    if isinstance(sequence, tuple):  # a card at the place each attribute gives (an ace low or high)
        sequence = _(" or ").join(w.code(x) for x in sequence)
    elif sequence:
        sequence = w.code(sequence)
    for k in model.meld_kinds:
        name = f"{labels[k.name]} ({w.code(k.name)})" if labels[k.name] != k.name else w.code(k.name)
        n: Any = k.size
        if k.largest == 0:
            n = _("{n} or more", n=k.size)
        elif k.largest and k.largest != k.size:
            n = _("{a} to {b}", a=k.size, b=k.largest)
        if k.shape == "run" and sequence:
            words = _(
                "{kind}: {n} cards in a row by {sequence}, all of one {same}",
                kind=name,
                n=n,
                sequence=sequence,
                same=w.code(same),
            )
        elif k.shape == "run":  # no attribute to count by: no hand forms it, the kind names groups only
            words = _("{kind}: a run of {n} cards, named only (no `sequence` to count by)", kind=name, n=n)
        elif k.same is not None:
            words = _("{kind}: {n} different cards of one {same}", kind=name, n=n, same=w.code(k.same))
        else:
            words = _("{kind}: {n} identical cards", kind=name, n=n)
        w.item(f"{words}{_rule_ref(k.rule)}")
        if k.member_if is not None:
            w.item(_("only cards for which {condition}", condition=w.code(k.member_if)), 1)
        if k.allowed_if is not None:
            w.item(_("only runs for which {condition}", condition=w.code(k.allowed_if)), 1)
    sep = _(", ")
    for h in model.shapes:
        groups = ngettext(
            "{n} group ({kinds})",
            "{n} groups ({kinds})",
            h.groups,
            kinds=sep.join(labels.get(k, k) for k in h.group_kinds),
        )
        if h.pairs:
            pairs = ngettext(
                "{n} pair ({kinds})",
                "{n} pairs ({kinds})",
                h.pairs,
                kinds=sep.join(labels.get(k, k) for k in h.pair_kinds),
            )
            words = _("hand {shape}: {groups} and {pairs}", shape=w.code(h.name), groups=groups, pairs=pairs)
        else:
            words = _("hand {shape}: {groups}", shape=w.code(h.name), groups=groups)
        w.item(f"{words}{_rule_ref(h.rule)}")


def _rankings(w: _Writer, model: Model, cards: Any, tables: Any) -> None:
    """Int card attributes and the ruleset's functions of one card, as orders: highest first."""
    Orders = tuple[tuple[tuple[tuple[str, Any, str], ...], tuple[int, ...]], ...]  # as Ruleset.card_tables
    rows: list[tuple[str, str, str, Orders, bool]] = []
    for a in model.deck.attributes:
        if a.type == "int" and a.order != "none":
            rows.append(
                (a.name, w.t(a.description), "", (((), tuple(cards.attrs[a.name])),), a.order == "lowest_first")
            )
    hinted = {f.name for f in _hint_functions(model)}  # (the AI's, listed with its hints)
    for f in model.functions:
        if f.name in tables and f.rule is not None and f.name not in hinted and f.order != "none":  # (helpers: out)
            text = w.t(f.rule.text) if f.rule is not None else ""
            rows.append((f"{f.name}(card)", text, _rule_ref(f.rule), tables[f.name], f.order == "lowest_first"))
    if not rows:
        return
    w.heading(2, _("Card rankings and values"))
    w.para(_("Highest first; '=' joins cards of equal value. A rank or a suit named alone stands for all its cards."))
    for name, text, ref, orders, lowest in rows:
        lowest_words = " " + _("(lowest first: the lowest value ranks highest)") if lowest else ""
        w.item(f"{w.code(name)}{': ' + text if text else ''}{ref}{lowest_words}")
        for when, values in orders:  # (a ranking that reads variables: an order for each of their values)
            read = ", ".join(f"{n} = {read_words(w, cards, v, kind)}" for n, v, kind in when)
            order = card_order(w, cards, values, lowest_first=lowest)
            w.item(f"{w.code(read)}: {order}" if read else order, 1)


def _actions(w: _Writer, model: Model) -> None:
    if not model.actions:
        return
    w.heading(2, _("Moves"))
    for a in model.actions:
        text = w.t(a.rule.text) if a.rule is not None else ""
        label = w.t(a.label) if a.label.values else ""  # the words the table shows, beside the name typed
        named = f"{label} ({w.code(a.name)})" if label and label != a.name else w.code(a.name)
        w.item(f"{named}: {text}{_rule_ref(a.rule)}")
        if a.available_if is not None:
            w.item(_("only when {condition}", condition=w.code(a.available_if)), 1)
        for r in a.legal_if:
            rule = f"{w.t(r.rule.text) or w.code(r.require)}{_rule_ref(r.rule)}"
            if r.when is not None:
                rule = _("when {condition}, {rule}", condition=w.code(r.when), rule=rule)
            w.item(rule, 1)


def _hint_functions(model: Model) -> list:
    """The functions only the hints use (directly or through each other), in file order."""
    bodies = {f.name: str(f.value) for f in model.functions}

    def named(text: str) -> set[str]:
        return {n for n in bodies if re.search(rf"\b{re.escape(n)}\b", text)}

    def closure(texts: list[str]) -> set[str]:
        found: set[str] = set()
        todo = [n for t in texts for n in named(t)]
        while todo:
            n = todo.pop()
            if n not in found:
                found.add(n)
                todo += named(bodies[n])
        return found

    hints = [str(v) for v in (*model.prefer.values(), *model.deliberate.values())]
    hints += [str(x) for x in (model.evaluate, model.plausible) if x is not None]
    rules = [str(model.returns or "")] + [str(v) for a in model.actions for v in _action_texts(a)]
    rules += [str(s) for s in _step_texts(model)]
    used_by_rules = closure(rules)
    return [f for f in model.functions if f.name in closure(hints) - used_by_rules]


def _action_texts(a: Any) -> list:
    return [a.param_from, a.available_if, *(x for r in a.legal_if for x in (r.when, r.require)), repr(a.effect)]


def _step_texts(model: Model) -> list:
    texts = [repr(model.flow), *(repr(steps) for steps in model.phases.values()), repr(model.invariants)]
    return texts + [repr(model.status), repr(model.zones)]


def _hints(w: _Writer, model: Model) -> None:
    if (
        not (model.prefer or model.deliberate or model.hints_about.values or model.horizon)
        and model.playouts == "prefer"
        and model.evaluate is None is model.plausible
    ):
        return
    w.heading(2, _("Hints for the AI players"))
    if model.hints_about.values:
        w.para(w.t(model.hints_about))
    if model.evaluate is not None:
        w.item(_("how good a position is for a seat: {formula}", formula=w.code(_one_line(model.evaluate))))
    if model.horizon:
        w.item(
            ngettext(
                "search plays {n} round of the table ahead, then judges the position that way",
                "search plays {n} rounds of the table ahead, then judges the position that way",
                model.horizon,
            )
        )
    if model.playouts == "random":
        w.item(_("search plays its playouts at random: the hints tell how to choose a move, not how the others play"))
    if model.plausible is not None:
        w.item(
            _(
                "how plausible the cards a sample deals a seat are: {formula}",
                formula=w.code(_one_line(model.plausible)),
            )
        )
    for name, value in model.prefer.items():
        w.item(_("how much {action} is preferred: {formula}", action=w.code(name), formula=w.code(_one_line(value))))
    for name, value in model.deliberate.items():
        w.item(
            _(
                "how much {action} is preferred when an AI player deliberates its own move: {formula}",
                action=w.code(name),
                formula=w.code(_one_line(value)),
            )
        )
    for f in _hint_functions(model):
        params = ", ".join(p[0] for p in f.params)
        text = w.t(f.rule.text) if f.rule is not None else ""
        w.item(f"{w.code(f'{f.name}({params})')} = {w.code(_one_line(f.value))}" + (f" - {text}" if text else ""))


def _one_line(expr: Any) -> str:
    return " ".join(str(expr).split())


def _called_helpers(model: Model, shown: list) -> list:
    """The functions without a rule that the `shown` functions call (however deep), in file order:
    a formula on the page names nothing the page does not show."""
    bodies = {f.name: str(f.value) for f in model.functions}
    found: set[str] = set()
    todo = [str(f.value) for f in shown]
    while todo:
        text = todo.pop()
        for name in bodies:
            if name not in found and re.search(rf"\b{re.escape(name)}\b", text):
                found.add(name)
                todo.append(bodies[name])
    return [f for f in model.functions if f.name in found and f.rule is None]


def _scoring(w: _Writer, model: Model) -> None:
    hinted = {f.name for f in _hint_functions(model)}
    described: list[tuple[Any, Any]] = [
        (f, f.rule) for f in model.functions if f.rule is not None and f.name not in hinted
    ]
    described += [(f, None) for f in _called_helpers(model, [shown for shown, _rule in described])]
    if described or model.returns is not None:
        w.heading(2, _("Scoring and formulas"))
        if model.returns is not None:
            w.item(_("final score of each seat: {formula}", formula=w.code(model.returns)))
        for f, rule in described:
            params = ", ".join(p[0] for p in f.params)
            text = w.t(rule.text) if rule is not None else ""
            w.item(
                f"{w.code(f'{f.name}({params})')} = {w.code(' '.join(str(f.value).split()))}"
                + (f" - {text}" if text else "")
                + _rule_ref(rule)
            )
    if model.invariants:
        w.heading(3, _("Always true"))
        for inv in model.invariants:
            w.item(f"{w.t(inv.rule.text) or w.code(inv.check)}{_rule_ref(inv.rule)}")
