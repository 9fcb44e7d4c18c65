"""Build the model: a schema-valid located tree -> frozen dataclasses with spans.

`build_model` also reports structural problems the JSON Schema cannot
express (a step with two kinds, a seat in two teams, duplicate card ids).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from interpreter.base.diagnostics import DiagnosticBag, Span
from interpreter.model.nodes import (
    STEP_KINDS,
    Action,
    AttrDecl,
    Branch,
    Constant,
    Deck,
    DeckEntry,
    Function,
    Invariant,
    MeldKindDecl,
    Model,
    Option,
    Players,
    Restriction,
    Rule,
    ShapeDecl,
    Step,
    Team,
    Text,
    Variable,
    Zone,
)


def _key_span(node: Any, key: str) -> Span | None:
    spans = getattr(node, "key_spans", None)
    return spans.get(key) if spans else getattr(node, "span", None)


def _value_span(node: Any, key: str) -> Span | None:
    spans = getattr(node, "value_spans", None)
    value = node.get(key) if isinstance(node, Mapping) else None
    return getattr(value, "span", None) or (spans.get(key) if spans else None) or getattr(node, "span", None)


def _item_span(seq: Any, i: int) -> Span | None:
    spans = getattr(seq, "item_spans", None)
    item = seq[i]
    return getattr(item, "span", None) or (spans[i] if spans and i < len(spans) else getattr(seq, "span", None))


class _Builder:
    """Turns the tree into the model; one small method per section."""

    def __init__(self, root: Mapping, bag: DiagnosticBag, seats: int | None = None):
        self.root = root
        self.bag = bag
        self.seats = seats
        self.rules: list[Rule] = []

    def rule(self, node: Mapping | None) -> Rule | None:
        if not isinstance(node, Mapping) or ("id" not in node and "text" not in node):
            return None
        r = Rule(node.get("id"), Text.of(node.get("text")), _key_span(node, "id") or getattr(node, "span", None))
        self.rules.append(r)
        return r

    def entries(self, items: Any) -> tuple[DeckEntry, ...]:
        out = []
        for i, raw in enumerate(items or ()):
            out.append(
                DeckEntry(
                    id=str(raw["id"]),
                    name=Text.of(raw.get("name", raw["id"])),
                    attrs=raw.get("attrs") or {},
                    span=_item_span(items, i),
                    symbol=raw.get("symbol"),
                    color=raw.get("color"),
                    suit=raw.get("suit"),
                    rank=raw.get("rank"),
                    copies=raw.get("copies"),
                    node=raw,
                )
            )
        self.no_duplicates(out, items, "id")
        return tuple(out)

    def no_duplicates(self, entries: list, items: Any, what: str) -> None:
        seen: dict[str, Span | None] = {}
        for i, e in enumerate(entries):
            if e.id in seen:
                first = seen[e.id]
                hint = f"first defined at line {first.line}" if first else None
                self.bag.error(f"duplicate {what} '{e.id}'", _item_span(items, i), hint)
            else:
                seen[e.id] = e.span

    def deck(self) -> Deck:
        raw = self.root["deck"]
        attrs = raw.get("attributes") or {}
        decls = tuple(
            AttrDecl(
                name=k,
                type=v["type"],
                default=v.get("default", _zero(v["type"])),
                span=_key_span(attrs, k),
                default_span=_value_span(v, "default") if "default" in v else None,
                description=Text.of(v.get("description")),
                order=v.get("order", "highest_first"),
            )
            for k, v in attrs.items()
        )
        return Deck(
            attributes=decls,
            suits=self.entries(raw.get("suits")),
            ranks=self.entries(raw.get("ranks")),
            cards=self.entries(raw.get("cards")),
            card_attrs=dict(raw.get("card_attrs") or {}),
            copies=raw.get("copies", 1),
            exclude=tuple(raw.get("exclude") or ()),
            zone=raw.get("zone", "deck"),
            span=_key_span(self.root, "deck"),
        )

    def players(self) -> Players:
        raw = self.root["players"]
        default = raw["count"]
        choices = self.choices(raw)
        count = default if self.seats is None else self.seats
        teams = []
        owner: dict[int, str] = {}
        for i, t in enumerate(raw.get("teams") or ()):
            seats = tuple(t["seats"])
            span = _item_span(raw["teams"], i)
            if not seats:
                self.bag.error(
                    f"team '{t['id']}' has no seats",
                    _value_span(t, "seats") or span,
                    "a team lists the fixed seats that play in it; partnerships that change from deal to deal are "
                    "variables (docs/language.md, Teams)",
                )
            for s in seats:
                if s >= count:
                    self.bag.error(
                        f"team '{t['id']}' names seat {s}, but seats are 0 to {count - 1}",
                        _value_span(t, "seats"),
                        f"players.count is {count}",
                    )
                elif s in owner:
                    self.bag.error(f"seat {s} is in two teams ('{owner[s]}' and '{t['id']}')", _value_span(t, "seats"))
                owner.setdefault(s, t["id"])
            teams.append(Team(id=t["id"], name=Text.of(t.get("name", t["id"])), seats=seats, span=span))
        self.no_duplicates(teams, raw.get("teams") or [], "team")
        if teams and len(owner) < count:
            missing = sorted(set(range(count)) - set(owner))
            self.bag.error(
                f"seats {missing} belong to no team",
                _key_span(raw, "teams"),
                "every seat must be in exactly one team when teams are declared",
            )
        names = tuple(Text.of(n) for n in raw.get("seat_names") or ())
        if names and len(names) != count:
            self.bag.error(f"seat_names lists {len(names)} names for {count} seats", _key_span(raw, "seat_names"))
        return Players(
            count=count,
            order=raw.get("order", "increasing"),
            teams=tuple(teams),
            seat_names=names,
            choices=choices,
            default=default,
        )

    def choices(self, raw: Mapping) -> tuple[int, ...]:
        """players.choices, checked: the default among them, no fixed seats beside them (none when
        they are wrong, so that no other number of players is compiled)."""
        listed = raw.get("choices")
        if listed is None:
            return ()
        errors = len(self.bag.items)
        span = _key_span(raw, "choices")
        for i, n in enumerate(listed):
            if n in listed[:i]:
                self.bag.error(f"players.choices lists {n} twice", _item_span(listed, i))
        if raw["count"] not in listed:
            self.bag.error(
                f"players.count {raw['count']} is not one of players.choices {sorted(set(listed))}",
                _value_span(raw, "count"),
                "count is the number of seats a game has unless another is chosen: make it one of the choices",
            )
        for key, why in (("teams", "a team lists fixed seats"), ("seat_names", "they name a fixed number of seats")):
            if raw.get(key):
                self.bag.error(
                    f"players.choices cannot be used with {key}: {why}",
                    span,
                    "write one variant file per number of seats instead (docs/extends.md)",
                )
        return tuple(sorted(set(listed))) if len(self.bag.items) == errors else ()

    def step(self, node: Any, span: Span | None) -> Step | None:
        if isinstance(node, str) and node == "break":
            return Step(kind="break", value=True, rule=None, span=span)
        if not isinstance(node, Mapping):
            self.bag.error("a step must be a mapping with one kind key", span)
            return None
        kinds = [k for k in node if k in STEP_KINDS]
        if len(kinds) != 1:
            what = "no kind key" if not kinds else f"{len(kinds)} kind keys ({', '.join(kinds)})"
            self.bag.error(
                f"a step needs exactly one kind key, this one has {what}", span, "kinds: " + ", ".join(STEP_KINDS)
            )
            return None
        kind = kinds[0]
        for extra in ("then", "elif", "else"):
            if extra in node and kind != "if":
                self.bag.error(f"'{extra}' belongs to an 'if' step, not a '{kind}' step", _key_span(node, extra))
        value = node[kind]
        body: tuple[Step, ...] = ()
        if kind in ("for_each", "repeat") and isinstance(value, Mapping):
            body = self.steps(value.get("steps"))
        if kind == "if":
            if "then" not in node:
                self.bag.error("an 'if' step needs 'then' steps", _key_span(node, "if"))
            body = self.steps(node.get("then"))
        return Step(
            kind=kind,
            value=value,
            rule=self.rule(node),
            span=_key_span(node, kind) or span,
            value_span=_value_span(node, kind),
            body=body,
            elifs=self.branches(node.get("elif")) if kind == "if" else (),
            else_body=self.steps(node.get("else")) if kind == "if" else (),
        )

    def branches(self, items: Any) -> tuple[Branch, ...]:
        """The `elif` branches of an `if` step, each `{if: condition, then: steps}`."""
        return tuple(
            Branch(condition=raw["if"], span=_value_span(raw, "if"), body=self.steps(raw.get("then")))
            for raw in items or ()
        )

    def steps(self, items: Any) -> tuple[Step, ...]:
        out = []
        for i, raw in enumerate(items or ()):
            s = self.step(raw, _item_span(items, i))
            if s is not None:
                out.append(s)
        return tuple(out)

    def action(self, name: str, raw: Mapping) -> Action:
        param = raw.get("param") or {}
        legal = raw.get("legal_if") or []
        restrictions = tuple(
            Restriction(
                rule=self.rule(r) or Rule(None, Text({}), _item_span(legal, i)),
                when=r.get("when"),
                require=r["require"],
                span=_item_span(legal, i),
            )
            for i, r in enumerate(legal)
        )
        return Action(
            name=name,
            rule=self.rule(raw),
            label=Text.of(raw.get("label", name)),
            told=Text.of(raw.get("told")),
            param_count=self.count(name, param),
            partial_if=raw.get("partial_if"),
            param_name=param.get("name"),
            param_from=param.get("from"),
            available_if=raw.get("available_if"),
            legal_if=restrictions,
            effect=self.steps(raw.get("effect")),
            span=_key_span(self.root["actions"], name),
        )

    def count(self, name: str, param: Mapping) -> tuple[int, int] | None:
        """(min, max) of a choice of several values, reporting a range that cannot be met."""
        raw = param.get("count")
        if raw is None:
            return None
        low, high = (raw, raw) if isinstance(raw, int) else (raw.get("min", 0), raw["max"])
        if low > high:
            self.bag.error(
                f"action '{name}' chooses at least {low} and at most {high} values", _value_span(param, "count")
            )
        return low, high

    def evaluate(self, result: Mapping, hints: Mapping) -> Any:
        """`hints.evaluate`, or the older `result.evaluate`; not both."""
        if "evaluate" in hints and "evaluate" in result:
            self.bag.error(
                "evaluate is given twice, in hints and in result",
                _key_span(result, "evaluate"),
                "keep hints.evaluate only (result.evaluate is its older place)",
            )
        return hints.get("evaluate", result.get("evaluate"))

    def section(self, key: str) -> Mapping:
        value = self.root.get(key)
        return value if isinstance(value, Mapping) else {}

    def build(self) -> Model:
        r = self.root
        seen_rules: dict[str | None, Span | None] = {}  # (a rule may have text and no id)
        for i, raw in enumerate(r.get("rules") or ()):
            rule = self.rule(raw)
            if rule is not None and rule.id in seen_rules:
                first = seen_rules[rule.id]
                self.bag.error(
                    f"duplicate id '{rule.id}'",
                    _item_span(r["rules"], i),
                    f"first defined at line {first.line}" if first else None,
                )
            elif rule is not None:
                seen_rules[rule.id] = _item_span(r["rules"], i)
        listed = tuple(self.rules)
        zones = self.section("zones")
        variables = self.section("variables")
        for k, v in variables.items():
            if v.get("per", "game") == "game" and v.get("visibility") == "owner":  # no owner to go by
                self.bag.warning(
                    f"variable '{k}' is one for the game, so 'visibility: owner' has no owner to go by: "
                    "no seat sees it",
                    _key_span(variables, k),
                    "give it 'per: seat' (each seat's own value) or 'per: team', or say 'visibility: none'",
                )
        constants = self.section("constants")
        options = self.section("options")
        functions = self.section("functions")
        melds = self.section("melds")
        kinds = melds.get("kinds") or {}
        shapes = melds.get("shapes") or {}
        phases = self.section("phases")
        result = self.section("result")
        hints = self.section("hints")
        prefer = hints.get("prefer") or {}
        deliberate = hints.get("deliberate") or {}
        model = Model(
            id=r["id"],
            name=Text.of(r["name"]),
            description=Text.of(r.get("description")),
            source=r.get("source"),
            players=self.players(),
            deck=self.deck(),
            rules=listed,
            constants=tuple(
                Constant(
                    name=k,
                    type=v.get("type") if isinstance(v, Mapping) else None,
                    value=v["value"] if isinstance(v, Mapping) else v,
                    rule=self.rule(v) if isinstance(v, Mapping) else None,
                    span=_key_span(constants, k),
                    node=v,
                )
                for k, v in constants.items()
            ),
            options=tuple(
                Option(
                    name=k,
                    type=v["type"],
                    default=v["default"],
                    choices=tuple(v["choices"]) if "choices" in v else None,
                    minimum=v.get("minimum"),
                    maximum=v.get("maximum"),
                    label=Text.of(v.get("label")),
                    description=Text.of(v.get("description")),
                    rule=self.rule(v),
                    span=_key_span(options, k),
                    node=v,
                )
                for k, v in options.items()
            ),
            zones=tuple(
                Zone(
                    name=k,
                    per=v.get("per", "shared"),
                    visibility=v.get("visibility", "all"),
                    groups=bool(v.get("groups", False)),
                    label=Text.of(v.get("label", k)),
                    description=Text.of(v.get("description")),
                    sort=v.get("sort"),
                    show=v.get("show", "cards"),
                    span=_key_span(zones, k),
                )
                for k, v in zones.items()
            ),
            variables=tuple(
                Variable(
                    name=k,
                    type=v["type"],
                    per=v.get("per", "game"),
                    initial=v.get("initial"),
                    visibility=v.get("visibility", "all"),
                    description=Text.of(v.get("description")),
                    span=_key_span(variables, k),
                    node=v,
                )
                for k, v in variables.items()
            ),
            functions=tuple(
                Function(
                    name=k,
                    params=tuple((p, t, _key_span(v.get("params"), p)) for p, t in (v.get("params") or {}).items()),
                    value=v["value"],
                    returns=v.get("returns"),
                    rule=self.rule(v),
                    span=_key_span(functions, k),
                    order=v.get("order", "highest_first"),
                )
                for k, v in functions.items()
            ),
            meld_kinds=tuple(
                MeldKindDecl(
                    name=k,
                    shape=v["shape"],
                    size=v["size"]["min"] if isinstance(v["size"], Mapping) else v["size"],
                    largest=v["size"].get("max", 0) if isinstance(v["size"], Mapping) else None,
                    sequence=tuple(v["sequence"]) if isinstance(v.get("sequence"), list) else v.get("sequence"),
                    same=v.get("same"),
                    member_if=v.get("member_if"),
                    allowed_if=v.get("allowed_if"),
                    rule=self.rule(v),
                    span=_key_span(kinds, k),
                    label=Text.of(v.get("label", k.replace("_", " "))),
                )
                for k, v in kinds.items()
            ),
            shapes=tuple(
                ShapeDecl(
                    name=k,
                    groups=v["groups"],
                    pairs=v.get("pairs", 0),
                    group_kinds=tuple(v["group_kinds"]),
                    pair_kinds=tuple(v.get("pair_kinds") or ()),
                    rule=self.rule(v),
                    span=_key_span(shapes, k),
                )
                for k, v in shapes.items()
            ),
            actions=tuple(self.action(k, v) for k, v in self.section("actions").items()),
            phases={k: self.steps(v.get("steps") if isinstance(v, Mapping) else v) for k, v in phases.items()},
            phase_spans={k: _key_span(phases, k) for k in phases},
            phase_titles={k: Text.of(v.get("title")) for k, v in phases.items() if isinstance(v, Mapping)},
            flow=self.steps(r.get("flow")),
            returns=result.get("returns"),
            won=result.get("won"),
            evaluate=self.evaluate(result, hints),
            prefer=dict(prefer),
            prefer_spans={k: _key_span(prefer, k) for k in prefer},
            deliberate=dict(deliberate),
            deliberate_spans={k: _key_span(deliberate, k) for k in deliberate},
            hints_about=Text.of(hints.get("about")),
            plausible=hints.get("plausible"),
            horizon=int(hints.get("horizon") or 0),
            playouts=str(hints.get("playouts") or "prefer"),
            summary=Text.of(result.get("summary")),
            invariants=tuple(
                Invariant(
                    rule=self.rule(v) or Rule(None, Text({})),
                    check=v["check"],
                    span=_item_span(r["invariants"], i),
                    when=v.get("when"),
                )
                for i, v in enumerate(r.get("invariants") or ())
            ),
            status=self.section("display").get("status") or {},
            seat_lines=self.section("display").get("seats") or (),
            deal_word=Text.of(self.section("display").get("deal")),
            images=self.section("display").get("images"),
            carry=tuple(result.get("carry") or ()),
            carry_spans=tuple(_item_span(result["carry"], i) for i in range(len(result.get("carry") or ()))),
            span=getattr(r, "span", None),
        )
        return _with_rules(model, tuple(self.rules))


def _with_rules(model: Model, rules: tuple[Rule, ...]) -> Model:
    import dataclasses

    return dataclasses.replace(model, all_rules=rules)


def _zero(type_name: str) -> Any:
    return {"int": 0, "bool": False, "str": ""}.get(type_name)


def build_model(root: Mapping, bag: DiagnosticBag, seats: int | None = None) -> Model:
    """The model of a schema-valid tree; structural problems go into `bag`.  `seats`: the number of
    players to compile for, one of players.choices (default: players.count)."""
    return _Builder(root, bag, seats).build()
