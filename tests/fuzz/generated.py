"""A generator of well-formed but arbitrary rulesets: every section, every step kind, typed expressions.

Unlike the mutation fuzzers (which damage the shipped games), this one writes
new rulesets from scratch, the way an author might: a random deck with
attributes, zones of every visibility, typed variables, constants and
options, ruleset functions, actions with restrictions, and a flow made of
every step kind (shuffle, deal, move by card, count or all, collect, reveal,
set, add, pick, if / elif / else, for_each, repeat, break, turn, claim,
phase, record, announce, event, end_deal), an action choosing several cards,
invariants, each slot filled with a well-typed expression of the type the
engine reads there.  Expressions may still fail while playing
(an empty list's first card, a seat that does not exist): the ruleset must
then stop with a clean ruleset error, never a Python one.

`ruleset(data, size)` draws one file's text; `size` scales how much of each
kind is drawn (small in the default suite, larger in the slow one).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from hypothesis import strategies as st

SUITS = ["hearts", "spades", "clubs", "coins"]
RANKS = ["1", "2", "3", "4", "5", "6"]
INT_OPS = ["+", "-", "*", "//", "%"]
COMPARE = ["==", "!=", "<", "<=", ">", ">="]
SCALARS = ("int", "bool", "str", "card", "suit", "seat")


def q(text: str) -> str:
    """A YAML double-quoted scalar (JSON strings are valid YAML)."""
    return json.dumps(text)


@dataclass
class Scope:
    """The names an expression may use, by type (e.g. 'int' -> ['score[0]', 'trick_no'])."""

    names: dict[str, list[str]] = field(default_factory=dict)

    def add(self, t: str, name: str) -> None:
        self.names.setdefault(t, []).append(name)

    def of(self, t: str) -> list[str]:
        return self.names.get(t, [])

    def child(self, t: str, name: str) -> Scope:
        inner = Scope({k: list(v) for k, v in self.names.items()})
        inner.add(t, name)
        return inner


class Writer:
    """Draws the parts of one ruleset; `d` is hypothesis' `data.draw`."""

    def __init__(self, data: Any, size: int):
        self.d = data.draw
        self.size = size
        self.fresh = 0
        self.in_function = False  # bodies of ruleset functions call no ruleset function (no recursion)

    # ----- choices ----------------------------------------------------------------
    def pick(self, options: list) -> Any:
        return self.d(st.sampled_from(options))

    def num(self, lo: int, hi: int) -> int:
        return self.d(st.integers(lo, hi))

    def chance(self, p: float = 0.5) -> bool:
        return self.d(st.floats(0, 1)) < p

    def name(self, prefix: str) -> str:
        self.fresh += 1
        return f"{prefix}{self.fresh}"

    # ----- expressions --------------------------------------------------------------
    def expr(self, t: str, scope: Scope, depth: int = 2) -> str:
        """A well-typed expression of type `t` (one of SCALARS, 'list[T]' or 'set[T]')."""
        known = scope.of(t)
        if depth <= 0 or self.chance(0.3):
            return self.leaf(t, scope, known)
        maker = getattr(self, "make_" + t.replace("[", "_").replace("]", ""), None)
        return maker(scope, depth - 1) if maker is not None else self.leaf(t, scope, known)

    def leaf(self, t: str, scope: Scope, known: list[str]) -> str:
        if known and self.chance(0.7):
            return self.pick(known)
        literals = {
            "int": [str(self.num(-3, 12))],
            "bool": ["true", "false"],
            "str": ["'a'", "''", "'hearts'"],
            "card": ["first(table + deck)", "last(deck)"],
            "suit": [f"'{self.pick(self.suits)}'"],
            "seat": [str(self.num(0, self.players - 1))],
            "list[card]": ["table", "pile", "hand(0)"],
            "list[int]": ["[1, 2, 3]", "[]", "range(4)"],
            "list[str]": ["['a', 'b']", "[]"],
            "set[suit]": ["set()", f"{{'{self.pick(self.suits)}'}}"],
        }
        return self.pick(literals.get(t, ["0"]))

    def card_id(self) -> str:
        return f"'{self.pick(self.suits)}-{self.pick(self.ranks)}'"

    def make_int(self, s: Scope, n: int) -> str:
        how = self.pick(["op", "len", "attr", "count", "sum", "max", "cond", "index", "abs", "fn"])
        if how == "op":
            return f"({self.expr('int', s, n)} {self.pick(INT_OPS)} {self.expr('int', s, n)})"
        if how == "len":
            return f"len({self.expr('list[card]', s, n)})"
        if how == "attr":
            return f"{self.expr('card', s, n)}.{self.pick(['power', 'rank_order', 'suit_order'])}"
        if how == "count":
            return f"count(c for c in {self.expr('list[card]', s, n)} if {self.expr('bool', s.child('card', 'c'), n)})"
        if how == "sum":
            return f"sum(x.power for x in {self.expr('list[card]', s, n)})"
        if how == "max":
            return f"max({self.expr('int', s, n)}, {self.expr('int', s, n)})"
        if how == "cond":
            return f"({self.expr('int', s, n)} if {self.expr('bool', s, n)} else {self.expr('int', s, n)})"
        if how == "index":
            return f"{self.expr('list[int]', s, n)}[{self.expr('int', s, n)}]"
        if how == "abs":
            return f"abs({self.expr('int', s, n)})"
        if self.in_function:
            return f"{self.expr('card', s, n)}.power"
        return f"worth({self.expr('card', s, n)})"

    def make_bool(self, s: Scope, n: int) -> str:
        how = self.pick(["cmp", "in", "any", "not", "andor", "suit", "id", "attr", "fn"])
        if how == "cmp":
            return f"{self.expr('int', s, n)} {self.pick(COMPARE)} {self.expr('int', s, n)}"
        if how == "in":
            return f"{self.expr('card', s, n)} in {self.expr('list[card]', s, n)}"
        if how == "any":
            inner = self.expr("bool", s.child("card", "c"), n)
            return f"{self.pick(['any', 'all'])}({inner} for c in {self.expr('list[card]', s, n)})"
        if how == "not":
            return f"not {self.expr('bool', s, n)}"
        if how == "andor":
            return f"({self.expr('bool', s, n)} {self.pick(['and', 'or'])} {self.expr('bool', s, n)})"
        if how == "suit":
            return f"{self.expr('card', s, n)}.suit == {self.expr('suit', s, n)}"
        if how == "id":
            return f"{self.expr('card', s, n)} == {self.card_id()}"
        if how == "attr":
            return f"{self.expr('card', s, n)}.mark"
        if self.in_function:
            return f"{self.expr('card', s, n)}.mark"
        return f"good({self.expr('card', s, n)})"

    def make_str(self, s: Scope, n: int) -> str:
        how = self.pick(["id", "str", "join", "kind", "plus"])
        if how == "id":
            return f"{self.expr('card', s, n)}.id"
        if how == "str":
            return f"str({self.expr('int', s, n)})"
        if how == "join":
            return f"join(', ', [c.id for c in {self.expr('list[card]', s, n)}])"
        if how == "kind":
            return f"{self.expr('card', s, n)}.kind"
        return f"{self.expr('str', s, n)} + {self.expr('str', s, n)}"

    def make_card(self, s: Scope, n: int) -> str:
        how = self.pick(["first", "last", "index", "max"])
        cards = self.expr("list[card]", s, n)
        if how in ("first", "last"):
            return f"{how}({cards})"
        if how == "index":
            return f"{cards}[{self.expr('int', s, n)}]"
        return f"min({cards}, key=rank_of)" if self.in_function else f"max({cards}, key=worth)"

    def make_suit(self, s: Scope, n: int) -> str:
        return f"{self.expr('card', s, n)}.suit"

    def make_seat(self, s: Scope, n: int) -> str:
        how = self.pick(["next", "prev", "mod"])
        if how == "mod":
            return f"{self.expr('int', s, n)} % num_players"
        return f"{how}_seat({self.expr('seat', s, n)})"

    def make_list_card(self, s: Scope, n: int) -> str:
        how = self.pick(["zone", "comp", "sorted", "diff", "plus", "cards"])
        if how == "zone":
            return self.pick(["table", "pile", "deck"] + [f"hand({self.expr('seat', s, n)})"])
        if how == "comp":
            return f"[c for c in {self.expr('list[card]', s, n)} if {self.expr('bool', s.child('card', 'c'), n)}]"
        if how == "sorted":
            return f"sorted({self.expr('list[card]', s, n)}, key={'rank_of' if self.in_function else 'worth'})"
        if how == "diff":
            return f"difference({self.expr('list[card]', s, n)}, {self.expr('list[card]', s, n)})"
        if how == "plus":
            return f"{self.expr('list[card]', s, n)} + {self.expr('list[card]', s, n)}"
        return "[e.card for e in entries('table')]"

    def make_list_int(self, s: Scope, n: int) -> str:
        how = self.pick(["range", "comp", "attrs"])
        if how == "range":
            return f"range({self.expr('int', s, n)})"
        if how == "attrs":
            return f"[c.power for c in {self.expr('list[card]', s, n)}]"
        return f"[x * 2 for x in {self.expr('list[int]', s, n)} for y in range(2) for z in range(2) if x > y]"

    def make_list_str(self, s: Scope, n: int) -> str:
        return f"[c.id for c in {self.expr('list[card]', s, n)}]"

    def make_set_suit(self, s: Scope, n: int) -> str:
        return f"{{c.suit for c in {self.expr('list[card]', s, n)}}}"

    # ----- the file -----------------------------------------------------------------
    def ruleset(self) -> str:
        self.players = self.num(2, 4)
        self.suits = SUITS[: self.num(1, 4)]
        self.ranks = RANKS[: self.num(2, 6)]
        out = ["cardrules: 1", "id: generated", "name: {en: Generated}", f"players: {{count: {self.players}}}"]
        out += self.deck()
        out += [
            "options:",
            f"  rounds: {{type: int, default: {self.num(1, 2)}, minimum: 1, maximum: 3}}",
            "constants:",
            f"  bonus: {self.num(0, 9)}",
            f"  trumps: {{type: 'list[suit]', value: [{self.pick(self.suits)}]}}",
            "zones:",
            "  deck: {visibility: none}",
            "  hand: {per: seat, visibility: owner, sort: 'card.suit_order * 10 + card.rank_order'}",
            "  table: {visibility: all}",
            "  pile: {visibility: none, show: count}",
            "  won: {per: seat, visibility: all}",
        ]
        scope = self.globals()
        out += self.variables(scope)
        out += self.functions()
        out += self.actions(scope)
        out += ["phases:", "  round:"] + self.steps(scope, 4, self.size)
        out += ["flow:", "  - shuffle: deck", "  - repeat:", "      times: rounds", "      steps:"]
        out += ["        - phase: round"]
        out += self.indent(self.steps(scope, 0, self.size), 8)
        out += ["result:", f"  returns: {q(self.expr('int', scope.child('seat', 'seat'), 2))}"]
        out += [
            "invariants:",
            "  - {id: G-9, text: the cards are all somewhere, check: 'len(deck) + len(table) + len(pile) >= 0'}",
            # a `when` that cannot fail: one that fails while checked escapes as an expression error (not ours to mend)
            "  - {id: G-10, text: a generated check, check: 'len(table) >= 0', when: 'len(pile) >= 0'}",
        ]
        out += ["display:", "  status:", f"    Points: {q('points')}", f"    Left: {q(self.expr('int', scope, 1))}"]
        return "\n".join(out) + "\n"

    def deck(self) -> list[str]:
        ranks = ", ".join(f'{{id: "{r}", attrs: {{power: {self.num(-2, 9)}}}}}' for r in self.ranks)
        suits = ", ".join(f"{{id: {s}, attrs: {{mark: {self.pick(['true', 'false'])}}}}}" for s in self.suits)
        lines = [
            "deck:",
            "  attributes:",
            "    power: {type: int, default: 0}",
            "    mark: {type: bool}",
            "    kind: {type: str, default: plain}",
            f"  suits: [{suits}]",
            f"  ranks: [{ranks}]",
            f"  card_attrs: {{{self.suits[0]}-{self.ranks[0]}: {{kind: bright}}}}",
        ]
        if len(self.suits) * len(self.ranks) > 4 and self.chance(0.3):
            lines.append(f"  exclude: [{self.suits[-1]}-{self.ranks[-1]}]")
        if self.chance(0.3):
            lines.append(f"  copies: {self.num(1, 2)}")
        return lines

    def globals(self) -> Scope:
        scope = Scope()
        for t, names in {
            "int": ["bonus", "rounds", "num_players", "len(table)", "points[0]"],
            "list[card]": ["table", "pile"],
            "list[int]": ["seats", "points"],
            "set[suit]": ["set(trumps)"],
            "seat": ["leader", "last_player % num_players"],
            "card": ["held"],
            "suit": ["trumps[0]"],
            "str": ["note"],
            "bool": ["flag"],
        }.items():
            for n in names:
                scope.add(t, n)
        return scope

    def variables(self, scope: Scope) -> list[str]:
        lines = [
            "variables:",
            "  points: {type: int, per: seat}",
            "  leader: {type: seat}",
            "  held: {type: card}",
            "  note: {type: str}",
            "  flag: {type: bool}",
            "  marks: {type: 'list[card]'}",
            "  seen: {type: 'set[suit]'}",
        ]
        scope.add("list[card]", "marks")
        scope.add("set[suit]", "seen")
        return lines

    def functions(self) -> list[str]:
        c = Scope({"card": ["c"], "int": ["bonus", "c.power"], "list[card]": ["table", "pile"]})
        self.in_function = True
        worth, good = self.expr("int", c, 2), self.expr("bool", c, 2)
        self.in_function = False
        return [
            "functions:",
            "  rank_of: {params: {c: card}, value: 'c.rank_order'}",
            f"  worth: {{params: {{c: card}}, value: {q(worth)}}}",
            f"  good: {{params: {{c: card}}, value: {q(good)}}}",
        ]

    def actions(self, scope: Scope) -> list[str]:
        p = scope.child("seat", "player")
        with_card = p.child("card", "card")
        require = q(self.expr("bool", with_card, 2))
        lines = [
            "actions:",
            "  play:",
            "    param: {name: card, from: 'hand(player)'}",
            "    legal_if:",
            f"      - {{id: G-1, text: a generated rule, when: {q(self.expr('bool', p, 1))}, require: {require}}}",
            "    effect:",
        ]
        lines += self.indent(self.effect(with_card), 6)
        cards = p.child("list[card]", "cs")
        lines += [
            "  give:",
            f"    param: {{name: cs, from: 'hand(player)', count: {self.pick(['1', '2', '{min: 1, max: 2}'])}}}",
        ]
        if self.chance():
            lines.append(f"    partial_if: {q(self.expr('bool', cards, 1))}")
        lines += [
            "    legal_if:",
            f"      - {{id: G-2, text: a generated choice, require: {q(self.expr('bool', cards, 2))}}}",
            "    effect:",
            "      - move: {from: 'hand(player)', to: pile, cards: cs}",
        ]
        lines += [
            "  pass: {text: Pass.}",
            "  call:",
            f"    param: {{name: n, from: {q(self.expr('list[int]', p, 1))}}}",
            f"    available_if: {q(self.expr('bool', p, 1))}",
            "    effect:",
            f"      - add: {{'points[player]': {q('n % 5')}}}",
        ]
        return lines

    def effect(self, s: Scope) -> list[str]:
        steps = ["- move: {from: 'hand(player)', to: table, cards: card}"]
        if self.chance():
            steps.append(f"- set: {{held: {q('card')}, note: {q(self.expr('str', s, 1))}}}")
        if self.chance(0.3):
            steps.append(f"- announce: {q('{player} plays {card}; ' + '{' + self.expr('int', s, 1) + '}')}")
        return steps

    @staticmethod
    def indent(lines: list[str], n: int) -> list[str]:
        return [" " * n + line for line in lines]

    def steps(self, scope: Scope, pad: int, budget: int) -> list[str]:
        out: list[str] = []
        for _ in range(self.num(1, max(1, budget))):
            out += self.step(scope, budget - 1)
        return self.indent(out, pad)

    def step(self, s: Scope, budget: int) -> list[str]:
        kinds = ["deal", "move", "set", "add", "record", "announce", "turn", "reveal", "pick", "collect", "event"]
        kinds += ["end_deal"]
        if budget > 0:
            kinds += ["if", "for_each", "repeat", "claim"]
        kind = self.pick(kinds)
        return getattr(self, "step_" + kind)(s, budget)

    def step_deal(self, s: Scope, budget: int) -> list[str]:
        if self.chance():
            return [f"- deal: {{from: deck, to: hand, seats: {q(self.expr('list[int]', s, 1))}, packets: [1]}}"]
        counts = self.expr("int", s.child("seat", "seat"), 1)
        return [f"- deal: {{from: deck, to: won, seats: seats, counts: {q(counts)}}}"]

    def step_move(self, s: Scope, budget: int) -> list[str]:
        src, dst = self.pick(["deck", "table", "pile"]), self.pick(["table", "pile", "deck", "won(0)"])
        how = self.pick(["all", "count", "cards", "one", "literal"])
        face = self.pick(["", ", face: up", ", face: down", f", face: {q(self.expr('bool', s, 1))}"])
        if how == "all":
            arg = "all: true"
        elif how == "count":
            arg = f"count: {q(self.expr('int', s, 1))}"
        elif how == "cards":
            arg = f"cards: {q(self.expr('list[card]', s, 1))}"
        elif how == "one":
            arg = f"cards: {q(self.expr('card', s, 1))}"
        else:
            arg = f"cards: {q(self.card_id())}"  # a quoted id, read as a card
        return [f"- move: {{from: {src}, to: '{dst}', {arg}{face}}}"]

    def step_set(self, s: Scope, budget: int) -> list[str]:
        target, t = self.pick(
            [
                ("leader", "seat"),
                ("held", "card"),
                ("note", "str"),
                ("flag", "bool"),
                ("marks", "list[card]"),
                ("seen", "set[suit]"),
                ("points", "list[int]"),
                (f"points[{self.expr('seat', s, 1)}]", "int"),
            ]
        )
        return [f"- set: {{{q(target)}: {q(self.expr(t, s, 2))}}}"]

    def step_add(self, s: Scope, budget: int) -> list[str]:
        return [f"- add: {{{q('points[' + self.expr('seat', s, 1) + ']')}: {q(self.expr('int', s, 2))}}}"]

    def step_record(self, s: Scope, budget: int) -> list[str]:
        t = self.pick(["int", "card", "list[card]", "set[suit]", "str", "bool", "seat"])
        also = self.pick(["entries('table')", "points", "table"])
        return [f"- record: {{value: {q(self.expr(t, s, 2))}, also: {q(also)}}}"]

    def step_announce(self, s: Scope, budget: int) -> list[str]:
        t = self.pick(["int", "card", "list[card]", "str", "suit", "seat"])  # no set braces inside a placeholder
        return [f"- announce: {q('Now {' + self.expr(t, s, 1) + '}.')}"]

    def step_turn(self, s: Scope, budget: int) -> list[str]:
        return [f"- turn: {{player: {q(self.expr('seat', s, 1))}, actions: [play, give, pass, call]}}"]

    def step_claim(self, s: Scope, budget: int) -> list[str]:
        return [f"- claim: {{players: {q(self.expr('list[int]', s, 1))}, actions: [call], precedence: [call]}}"]

    def step_event(self, s: Scope, budget: int) -> list[str]:
        text = (
            "{" + self.expr("seat", s, 1) + ":seat} has {" + self.expr(self.pick(["card", "int", "suit"]), s, 1) + "}"
        )
        parts = [f"kind: {self.pick(['note', 'trick', 'draw'])}", f"text: {q(text)}"]
        if self.chance():
            parts.append(f"seat: {q(self.expr('seat', s, 1))}")
        if self.chance():
            parts.append(f"cards: {q(self.expr('list[card]', s, 1))}")
        if self.chance(0.3):
            parts.append(f"to: {q(self.expr('list[int]', s, 1))}")
        lines = [f"- event: {{{', '.join(parts)}}}"]
        if self.chance(0.3):
            lines = ["- event:", *("    " + part for part in parts), "    rows:"]
            lines.append(f"      - {{label: 'Points', value: points, if: {q(self.expr('bool', s, 1))}}}")
            lines.append(
                f"      - {{for: {q(self.expr('list[card]', s, 1))}, as: r, label: '{{r}}', value: 'r.power'}}"
            )
        return lines

    def step_end_deal(self, s: Scope, budget: int) -> list[str]:
        return [
            f"- end_deal: {{scores: points, totals: points, text: {q('Deal over: {' + self.expr('int', s, 1) + '}')}}}"
        ]

    def step_reveal(self, s: Scope, budget: int) -> list[str]:
        return [f"- reveal: {self.pick(['table', 'pile', 'deck'])}"]

    def step_collect(self, s: Scope, budget: int) -> list[str]:
        return ["- collect: deck"]

    def step_pick(self, s: Scope, budget: int) -> list[str]:
        return [f"- pick: {{leader: {q(self.expr('list[int]', s, 1))}}}"]

    def step_if(self, s: Scope, budget: int) -> list[str]:
        lines = [f"- if: {q(self.expr('bool', s, 2))}", "  then:"] + self.steps(s, 4, budget)
        if self.chance():
            lines += ["  elif:"]
            for _ in range(self.num(1, 2)):
                lines += [f"    - if: {q(self.expr('bool', s, 1))}", "      then:"] + self.steps(s, 8, budget)
        if self.chance():
            lines += ["  else:"] + self.steps(s, 4, budget)
        return lines

    def step_for_each(self, s: Scope, budget: int) -> list[str]:
        t, elem = self.pick([("list[card]", "card"), ("list[int]", "int"), ("set[suit]", "suit")])
        var = self.name("v")
        inner = s.child(elem, var)
        body = self.steps(inner, 8, budget)
        if self.chance(0.2):
            body.append("        - break: true")
        return ["- for_each:", f"    in: {q(self.expr(t, s, 1))}", f"    as: {var}", "    steps:"] + body

    def step_repeat(self, s: Scope, budget: int) -> list[str]:
        var = self.name("i")
        inner = s.child("int", var)
        bound = self.pick(["times", "until", "while"])
        head = [f"    times: {self.num(0, 3)}"]
        if bound != "times":
            head.append(f"    {bound}: {q(self.expr('bool', inner, 1))}")
        return ["- repeat:", *head, f"    as: {var}", "    steps:"] + self.steps(inner, 8, budget)


def ruleset(data: Any, size: int = 2) -> str:
    """One generated ruleset's text."""
    return Writer(data, size).ruleset()
