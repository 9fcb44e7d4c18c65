"""Writes grammar/ruleset.schema.json from the definitions below.

The schema is authored here (comments, less quoting) and the JSON is committed;
tests/test_schema_file.py fails when the two disagree.  Run:
    python tools/make_schema.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ID = {"type": "string", "pattern": "^[a-z][a-z0-9_]*$"}
CARD_ID = {"type": "string", "pattern": "^[a-z0-9][a-z0-9-]*$"}
EXPR = {
    "type": ["string", "integer", "boolean"],
    "minLength": 1,
    "description": "An expression (see docs/expressions.md); a plain number or true/false is one too.",
}


def d(schema: dict, description: str, examples: list | None = None) -> dict:
    out = dict(schema)
    out["description"] = description
    if examples is not None:
        out["examples"] = examples
    return out


MERGE_KEYS = {
    "before": {"type": "string", "description": "In a variant: put this entry before the base entry with this id."},
    "after": {"type": "string", "description": "In a variant: put this entry after the base entry with this id."},
    "remove": {"type": "boolean", "description": "In a variant: `{id: X, remove: true}` deletes the base entry X."},
}


def obj(props: dict, required: list[str] | None = None, description: str = "", examples=None, extra=False) -> dict:
    if "id" in props and "before" not in props:
        props = {**props, **MERGE_KEYS}
    out = {"type": "object", "description": description, "properties": props, "additionalProperties": extra}
    if required:
        out["required"] = required
    if examples is not None:
        out["examples"] = examples
    return out


def ref(name: str, description: str) -> dict:
    return {"$ref": f"#/definitions/{name}", "description": description}


def steps(description: str) -> dict:
    return {"type": "array", "description": description, "items": {"$ref": "#/definitions/step"}}


TEXT = {
    "description": "Text in one language (a string) or several (a mapping from a language code to text, `en` first).",
    "anyOf": [
        {"type": "string"},
        {
            "type": "object",
            "patternProperties": {"^[a-z]{2,3}(-[A-Za-z]{2,4})?$": {"type": "string"}},
            "additionalProperties": False,
            "minProperties": 1,
        },
    ],
    "examples": ["Whist", {"en": "Whist", "fr": "Whist", "ja": "ホイスト"}],
    "x-kind": "text",
}
RULE_ID = d(
    {"type": "string", "pattern": "^[A-Za-z][A-Za-z0-9]*(-[A-Za-z0-9.]+)+$"},
    "The id of the rule this entry implements, as in the rules page (`HM-28`, `DZ-A23`). "
    "Shown in explanations of illegal moves and by `cardrules rules`.",
    ["HM-28", "DZ-17"],
)
RULE_TEXT = ref("text", "One line of plain words stating the rule, shown to players.")
ORDER = d(
    {"enum": ["highest_first", "lowest_first", "none"]},
    "How the rules page ranks the cards by this number: from the highest value (the default), from the "
    "lowest for a place where 1 is the best, or not at all (`none`: a category or a helper's number, no ranking).",
)
ATTRS = d(
    {"type": "object", "additionalProperties": {"type": ["integer", "boolean", "string"]}},
    "Values of declared card attributes (see `deck.attributes`) for the cards this entry covers.",
    [{"long": True, "number": 9}],
)
ZONE_REF = d(
    {"type": "string", "pattern": r"^[a-z_][a-z0-9_]*(\s*\(.*\))?$"},
    "A zone: the name of a shared zone (`trick`), a per-seat zone with the seat as an expression "
    "in parentheses (`hand(player)`), or a variable, parameter, loop name or function call giving a "
    "shared zone (`src`, `column(i)`: a value of type zone).",
    ["stock", "hand(player)", "melds(winner)", "column(i)"],
)
TYPE_NAME = d(
    {"type": "string"},
    "A type: `int`, `bool`, `str`, `seat`, `card`, `suit`, `rank`, `team`, `zone`, `action`, "
    "a meld kind set `kind`, or `list[T]` / `set[T]` of one of these.",
    ["int", "card", "list[card]", "seat"],
)

COMMON_STEP = {
    "id": RULE_ID,
    "text": RULE_TEXT,
    "note": d({"type": "string"}, "A comment for readers of the file; ignored by the engine."),
}

ROWS = {
    "type": "array",
    "description": "A breakdown: rows of a label and a value, shown as a table (a list value with one number "
    "per team or per seat is shown in columns).",
    "items": obj(
        {
            "label": ref("text", "The row's label, with `{expression}` placeholders."),
            "value": d(EXPR, "The row's value (a number, a card, a list...).", ["tricks_won"]),
            "cards": d(EXPR, "Cards the row shows (a list of cards).", ["g.cards"]),
            "if": d(EXPR, "Show the row only when this holds."),
            "for": d(EXPR, "Make one row per element of this list (bound to the `as` name).", ["scoring_groups()"]),
            "as": d(ID, "The name of the element for `for`.", ["g"]),
        },
        ["label"],
        "One row of a breakdown.",
    ),
}

STEP_KINDS = {
    "shuffle": d(ZONE_REF, "Shuffle a zone with the game's seeded generator.", ["deck"]),
    "deal": obj(
        {
            "from": ZONE_REF,
            "to": d({"type": "string", "pattern": r"^[a-z_][a-z0-9_]*$"}, "A per-seat zone to deal into."),
            "seats": d(EXPR, "The seats in dealing order (a list of seats).", ["seats_from(next_seat(dealer))"]),
            "packets": d(
                {
                    "type": "array",
                    "items": {
                        "type": "integer",
                        "minimum": 1,
                        "x-hint": "packet sizes are numbers written in the file; for a number an option or "
                        "expression gives, deal with `counts:` instead (`counts: n`)",
                    },
                    "minItems": 1,
                },
                "Packet sizes: for each packet size, every seat in order receives that many cards.",
                [[3, 3, 3]],
            ),
            "counts": d(
                EXPR,
                "Alternative to `packets`: how many cards each seat gets, as an expression of `seat`; each seat "
                "in order gets its whole count at once.",
                ["23 if seat == dealer else 22"],
            ),
            "face": d(
                {"enum": ["up", "down"]},
                "Face of the dealt cards (default down: in a zone of `owner` visibility only the owner sees them; "
                "dealt face down into a zone everybody sees, nobody does).",
            ),
        },
        ["from", "to", "seats"],
        "Deal cards from the front of a zone to several seats.",
    ),
    "move": obj(
        {
            "from": ZONE_REF,
            "to": ZONE_REF,
            "cards": d(
                EXPR,
                "Which cards to move: a card or a list of cards (matched by id in the source zone).",
                ["card", "[c for c in hand(player) if c == card]"],
            ),
            "count": d(EXPR, "How many cards to move from the chosen end of the source zone.", ["1"]),
            "all": d({"type": "boolean"}, "Move every card of the source zone."),
            "end": d({"enum": ["front", "back"]}, "Which end of the source zone `count` takes from (default front)."),
            "face": d(
                {"anyOf": [{"enum": ["up", "down"]}, EXPR]},
                "Face of the moved cards: `up`, `down`, or an expression that is true for face down (evaluated "
                "once for the whole move; with `cards: card` it may read `card`). "
                "A face-down card is seen only by the seat that moved it. Without `face`, a card keeps its "
                "face, except that it turns face up in a zone everybody sees and face down in a zone nobody sees.",
                ["up", "is_trump(card) and not trump_led"],
            ),
            "group": d(
                {"type": "string"},
                "For a zone of groups: the meld kind of the new group the cards form (an expression giving "
                "a kind, or a kind name).",
                ["'triplet'"],
            ),
            "into": d(
                EXPR,
                "For a zone of groups: add the cards to the existing group with this index instead of forming "
                "a new one; with `group` too, that group takes the kind `group` gives (a pong becoming a kong).",
            ),
            "first": d(
                {"anyOf": [{"type": "boolean"}, EXPR]},
                "With `into`: put the cards before the group's cards, not after them (true, or an expression:"
                " a card laid off at a run's low end).",
            ),
            "by": d(
                EXPR,
                "The seat recorded as placing the cards (their `.by`, and who sees them face down). Default: "
                "the acting seat in an action's effect, else the owner of a per-seat destination, else whoever "
                "placed them before.",
                ["dummy_of(player)"],
            ),
        },
        ["from", "to"],
        "Move cards between zones: they join the destination at its back, in the order they are moved "
        "(`last(zone)` is the card moved in last).",
    ),
    "collect": d(
        ZONE_REF, "Move every card of every zone back into this zone (face down), e.g. before a new deal.", ["deck"]
    ),
    "reveal": {
        "anyOf": [
            ZONE_REF,
            obj(
                {
                    "zone": ZONE_REF,
                    "cards": d(
                        EXPR,
                        "Which cards of the zone to turn face up where they lie: a card or a list of cards "
                        "(a face-down copy of each first).",
                        ["card"],
                    ),
                    "count": d(EXPR, "How many cards to turn face up from the chosen end of the zone.", ["1"]),
                    "end": d({"enum": ["front", "back"]}, "Which end `count` turns up from (default front)."),
                    "at": d(
                        EXPR,
                        "The indexes of the cards to turn face up (0: the front of the zone, as an entry's "
                        "`.index`): a whole number or a list of them; a move that chooses a card by its index keeps "
                        "face-down cards unnamed.",
                        ["index", "[0, 1]"],
                    ),
                },
                ["zone"],
                "Turn some cards of a zone face up where they lie (the rest stay as they are).",
                [{"zone": "grid(player)", "at": "index"}, {"zone": "pile(i)", "count": 1, "end": "back"}],
            ),
        ],
        "description": "Turn every card of a zone face up (`reveal: side`), or some of them, where they lie "
        "(`reveal: {zone: grid(player), at: index}`).",
        "examples": ["side"],
    },
    "set": d(
        {"type": "object", "minProperties": 1, "additionalProperties": EXPR},
        "Assign variables: each key is a variable (`name`, or `name[seat]` / `name[team]` for a per-seat or "
        "per-team variable), each value an expression. Assignments run in order.",
        [{"trick_no": "trick_no + 1", "taker[0]": "dealer"}],
    ),
    "add": d(
        {"type": "object", "minProperties": 1, "additionalProperties": EXPR},
        "Add to integer variables, like `set` but adding.",
        [{"score[team_of(winner)]": "1"}],
    ),
    "pick": d(
        {"type": "object", "minProperties": 1, "additionalProperties": EXPR},
        "Set each variable to a uniformly random element of a list, with the game's seeded generator.",
        [{"dealer": "seats"}],
    ),
    "if": d(EXPR, "Run `then` when the condition holds, else the first `elif` whose condition holds, else `else`."),
    "then": steps("Steps run when the `if` condition holds."),
    "elif": {
        "type": "array",
        "description": "Further conditions of an `if`, tried in order when the ones before do not hold; the "
        "first that holds runs its `then`.",
        "items": obj(
            {
                "if": d(EXPR, "The condition of this branch.", ["trick_no == 8"]),
                "then": steps("Steps run when this condition holds (and none before it)."),
            },
            ["if", "then"],
            "One `elif` branch: a condition and its steps.",
        ),
    },
    "else": steps("Steps run when neither the `if` condition nor an `elif` condition holds."),
    "for_each": obj(
        {
            "in": d(EXPR, "The list to walk through.", ["seats_from(leader)"]),
            "as": d(ID, "The name of the current element inside the loop.", ["s"]),
            "steps": steps("Steps run once per element, with the element bound to the `as` name."),
        },
        ["in", "as", "steps"],
        "Run steps once for each element of a list.",
    ),
    "repeat": obj(
        {
            "times": d(EXPR, "How many times.", ["8"]),
            "until": d(EXPR, "Stop after an iteration in which this holds."),
            "while": d(EXPR, "Run an iteration only while this holds."),
            "as": d(ID, "The name of the iteration number (0, 1, ...) inside the loop.", ["i"]),
            "steps": steps("The repeated steps."),
        },
        ["steps"],
        "Repeat steps a number of times, until or while a condition holds.",
    ),
    "turn": obj(
        {
            "player": d(EXPR, "The seat that decides.", ["leader"]),
            "actions": d(
                {"type": "array", "items": ID, "minItems": 1},
                "The actions the seat may choose from (those that are legal now).",
            ),
            "prompt": ref(
                "text",
                "The decision in plain words, shown to the seat that decides (and to the others as what is "
                "being decided), with `{expression}` placeholders.",
            ),
        },
        ["player", "actions"],
        "A decision: the seat picks one legal action, whose effect then runs.",
    ),
    "claim": obj(
        {
            "players": d(EXPR, "The seats that may claim, in tie-break order.", ["others_from(discarder)"]),
            "actions": d(
                {"type": "array", "items": ID, "minItems": 1},
                "The claims on offer; `pass` is always added. Each seat answers without seeing the others.",
            ),
            "precedence": d(
                {"type": "array", "items": {"anyOf": [ID, {"type": "array", "items": ID}]}},
                "Claim kinds strongest first; kinds in one inner list rank equal and are split by seat order.",
                [["win", ["triplet", "quad"]]],
            ),
            "as": d(ID, "A variable name that holds the claim applied (an action, or pass) after the window."),
            "prompt": ref(
                "text",
                "The window in plain words (what can be claimed, from whom), with `{expression}` placeholders.",
            ),
        },
        ["players", "actions"],
        "A claim window: every listed seat answers; the strongest claim is applied.",
    ),
    "phase": d(ID, "Run the named step list from `phases` here."),
    "break": d({"type": "boolean", "const": True}, "Leave the innermost `repeat` or `for_each`."),
    "end_game": d(
        {"anyOf": [{"type": "boolean"}, EXPR]},
        "End the game here, however deep in loops and phases (`true`), or only when a condition holds: no "
        "later step runs (a deal it cuts short records no more), and `result.returns` gives the final scores. "
        "Not in an action's effect: put it in the flow after the turn.",
        ["max(score) >= target", True],
    ),
    "record": d(
        {"type": "object", "additionalProperties": EXPR},
        "Keep named results of the game: written to the game log and compared by `cardrules replay --check`. "
        "Each value is copied when the step runs, as plain data with cards and other named values by id.",
        [{"deal_scores": "deal_score"}],
    ),
    "announce": ref(
        "text",
        "A message shown to every seat, with `{expression}` placeholders (`{expr:seat}` names a seat). "
        "The same as an `event` of kind `message` with only a text.",
    ),
    "event": obj(
        {
            "kind": d(
                ID,
                "What happened, as a name front ends may know (`trick`, `draw`, `deal`, ...); not one of the "
                "engine's own kinds (`action`, `claim`, `reveal`, `deal_end`).",
                ["trick"],
            ),
            "text": ref("text", "The event in words, with `{expression}` placeholders (`{expr:seat}` names a seat)."),
            "seat": d(EXPR, "The seat the event is about (it won the trick, it drew), if any.", ["winner"]),
            "cards": d(EXPR, "Cards the event shows (a list of cards).", ["[e.card for e in entries('trick')]"]),
            "by": d(
                EXPR,
                "For each card of `cards`, the seat that played it (a list of seats).",
                ["[e.by for e in entries('trick')]"],
            ),
            "to": d(EXPR, "Only these seats learn of the event (a list of seats; default every seat).", ["[player]"]),
            "rows": ROWS,
        },
        ["kind"],
        "Tell the table what happened. Each seat is shown only the cards it can see at that moment; "
        "the rest of the event is public to its audience.",
    ),
    "end_deal": obj(
        {
            "scores": d(
                EXPR,
                "The deal's scores: a list with one number per team (when there are teams) or per seat. "
                "They make a row of the match table.",
                ["deal_score"],
            ),
            "totals": d(EXPR, "The running totals after this deal, shaped like `scores`.", ["total"]),
            "text": ref("text", "The deal's result in words, with `{expression}` placeholders."),
            "rows": ROWS,
            "label": ref(
                "text",
                "A row of the match table that is no deal (a bonus counted when the game ends): the row is "
                "named by this instead of a deal's number, and deals are counted without it.",
            ),
        },
        [],
        "The deal is over: its scores join the match table, its summary is shown, and invariants are checked.",
    ),
}

STEP = {
    "type": "object",
    "description": "One step of the flow of play. A step has exactly one kind key "
    "(" + ", ".join(k for k in STEP_KINDS if k not in ("then", "elif", "else")) + ") "
    "and may carry a rule `id` and `text`.",
    "properties": {**COMMON_STEP, **STEP_KINDS},
    "additionalProperties": False,
    "minProperties": 1,
    "x-kind": "step",
}

ACTION = obj(
    {
        "id": RULE_ID,
        "text": RULE_TEXT,
        "label": ref("text", "How the prompt names the action (default: its name)."),
        "told": ref(
            "text",
            "How the story of the game tells the move once made, where the label (a menu's words, `look at your"
            " cards`) does not read as something done (`looked at the cards`; default: the label).",
        ),
        "param": obj(
            {
                "name": d(ID, "The name the chosen value has in the action's expressions.", ["card"]),
                "from": d(
                    EXPR,
                    "The values the player may choose from; one action is offered per distinct value.",
                    ["hand(player)"],
                ),
                "count": d(
                    {
                        "anyOf": [
                            {"type": "integer", "minimum": 0, "maximum": 64},
                            obj(
                                {
                                    "min": d({"type": "integer", "minimum": 0, "maximum": 64}, "At least this many."),
                                    "max": d({"type": "integer", "minimum": 1, "maximum": 64}, "At most this many."),
                                },
                                ["max"],
                                "How many values at least and at most.",
                            ),
                        ]
                    },
                    "Choose several values at once (the parameter is then the list of chosen values): exactly "
                    "this many, or `{min, max}`. The player picks them one by one; only values that can still "
                    "complete a legal choice are offered.",
                    [3, {"min": 1, "max": 4}],
                ),
            },
            ["name", "from"],
            "The value the action takes, e.g. the card played.",
        ),
        "available_if": d(EXPR, "The action is offered only when this holds (no explanation is given otherwise)."),
        "partial_if": d(
            EXPR,
            "For a choice of several values: false when the values chosen so far (the parameter) can never "
            "become a legal choice, so that the search for legal choices stops early.",
            ["sum(c.number for c in cards) <= target"],
        ),
        "legal_if": {
            "type": "array",
            "description": "Restrictions, each with the rule that imposes it. "
            "A choice that breaks one is refused with that rule's text and id.",
            "items": obj(
                {
                    "id": RULE_ID,
                    "text": RULE_TEXT,
                    "when": d(EXPR, "The restriction applies only when this holds."),
                    "require": d(EXPR, "What must hold for the choice to be legal."),
                },
                ["require"],
                "A legality restriction.",
            ),
        },
        "effect": steps("What happens when the action is chosen (`player` and the param are bound)."),
    },
    [],
    "A move a player can make.",
)

SCHEMA = {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "$id": "https://cardrules.invalid/ruleset.schema.json",
    "title": "cardrules ruleset",
    "description": "A card game written as data: deck, zones, variables, flow of play, actions and scoring. "
    "Put `# yaml-language-server: $schema=<path to this file>` on the first line of a ruleset "
    "to get completion and checking in editors.",
    "type": "object",
    "additionalProperties": False,
    "required": ["cardrules", "id"],
    "if": {"not": {"required": ["extends"]}},
    "then": {"required": ["name", "players", "deck", "flow"]},
    "properties": {
        "cardrules": d({"type": "integer", "const": 1}, "The ruleset format version. Always 1 for now.", [1]),
        "extends": d(
            {"type": "string"},
            "A base ruleset this file changes: a path relative to this file, or the "
            "name of a shipped ruleset. See docs/extends.md for the merge rules.",
            ["hachinin_meri", "../duzihu.yaml"],
        ),
        "id": d(ID, "A short identifier of the game or variant.", ["hachinin_meri"]),
        "name": ref("text", "The game's name, in several languages where known."),
        "description": ref("text", "One paragraph about the game."),
        "source": d({"type": "string"}, "Where the rules come from."),
        "players": obj(
            {
                "count": d(
                    {"type": "integer", "minimum": 1, "maximum": 16},
                    "Number of seats (with `choices`: the number a game has unless another is chosen).",
                    [8, 3],
                ),
                "choices": d(
                    {"type": "array", "minItems": 1, "items": {"type": "integer", "minimum": 1, "maximum": 16}},
                    "The numbers of seats a game may be started with (`cardrules play --players N`); "
                    "`count` must be one of them. Not with `teams` or `seat_names`.",
                    [[3, 4, 5, 6, 7]],
                ),
                "order": d(
                    {"enum": ["increasing", "decreasing"]},
                    "Play order: seat s is followed by s+1 (`increasing`, the default) or s-1.",
                ),
                "teams": {
                    "type": "array",
                    "description": "Partnerships; omit for a game without teams.",
                    "items": obj(
                        {
                            "id": d(ID, "The team's id, used in expressions ('a').", ["a"]),
                            "name": ref("text", "The team's name."),
                            "seats": {
                                "type": "array",
                                "items": {"type": "integer", "minimum": 0},
                                "description": "The seats of this team.",
                            },
                        },
                        ["id", "seats"],
                        "A team.",
                    ),
                },
                "seat_names": {
                    "type": "array",
                    "items": {"$ref": "#/definitions/text"},
                    "description": "Names shown for the seats (default `Seat 0`...).",
                },
            },
            ["count"],
            "Seats and teams.",
            [{"count": 8, "teams": [{"id": "a", "seats": [0, 2, 4, 6]}]}],
        ),
        "deck": obj(
            {
                "attributes": d(
                    {
                        "type": "object",
                        "additionalProperties": obj(
                            {
                                "type": d({"enum": ["int", "bool", "str"]}, "The attribute's type."),
                                "default": d(
                                    {"type": ["integer", "boolean", "string"]}, "Value for cards that do not set it."
                                ),
                                "description": d({"type": "string"}, "What the attribute means."),
                                "order": ORDER,
                            },
                            ["type"],
                            "A card attribute.",
                        ),
                    },
                    "Card attributes usable in expressions as `card.name`.",
                    [{"long": {"type": "bool", "default": False}}],
                ),
                "suits": {
                    "type": "array",
                    "description": "The suits, in display order.",
                    "items": obj(
                        {
                            "id": d(CARD_ID, "The suit's id: the first part of its cards' ids.", ["hearts"]),
                            "name": ref("text", "The suit's name."),
                            "symbol": d(
                                {"type": "string"},
                                "A short symbol for the suit, drawn on the cards in the browser (the prompt writes "
                                "the suit's name).",
                            ),
                            "color": d(
                                {"enum": ["red", "green", "yellow", "blue", "magenta", "cyan", "white", "default"]},
                                "Terminal colour of the suit, for showing it only: rules cannot read it "
                                "(declare a card attribute for that, deck.attributes).",
                            ),
                            "attrs": ATTRS,
                        },
                        ["id"],
                        "A suit.",
                    ),
                },
                "ranks": {
                    "type": "array",
                    "description": "The ranks, in display order.",
                    "items": obj(
                        {
                            "id": d(CARD_ID, "The rank's id: the second part of its cards' ids.", ["q", "10"]),
                            "name": ref("text", "The rank's name."),
                            "attrs": ATTRS,
                        },
                        ["id"],
                        "A rank.",
                    ),
                },
                "cards": {
                    "type": "array",
                    "description": "Cards outside the suit x rank grid (or all cards, when there are no suits).",
                    "items": obj(
                        {
                            "id": d(CARD_ID, "The card's id.", ["thousand"]),
                            "name": ref("text", "The card's name."),
                            "suit": d({"type": "string"}, "A suit id, if the card has one."),
                            "rank": d({"type": "string"}, "A rank id, if the card has one."),
                            "copies": d(
                                {"type": "integer", "minimum": 1, "maximum": 16},
                                "Copies of this card (default: the deck's `copies`; a number here replaces "
                                "it, it is not multiplied by it).",
                            ),
                            "attrs": ATTRS,
                        },
                        ["id"],
                        "A card.",
                    ),
                },
                "card_attrs": d(
                    {"type": "object", "additionalProperties": ATTRS},
                    "Attribute values for single grid cards, by card id.",
                    [{"isu-robai": {"low": True}}],
                ),
                "copies": d(
                    {"type": "integer", "minimum": 1, "maximum": 16},
                    "Identical copies of each card (suit x rank, and each card listed under `cards` that does "
                    "not say its own `copies`).",
                    [1, 4],
                ),
                "exclude": d({"type": "array", "items": CARD_ID}, "Grid cards that are not in the deck."),
                "zone": d(ID, "The zone that holds every card when a game starts (default `deck`)."),
            },
            [],
            "The cards. Grid cards (every suit with every rank) get the id `suit-rank`.",
        ),
        "rules": {
            "type": "array",
            "description": "Rules stated in words that are not tied to one step or action "
            "(they appear in `cardrules rules`).",
            "items": obj({"id": RULE_ID, "text": RULE_TEXT}, ["id", "text"], "A rule."),
        },
        "constants": d(
            {
                "type": "object",
                "additionalProperties": {
                    "anyOf": [
                        {"type": ["integer", "boolean", "string", "array"]},
                        obj(
                            {
                                "type": TYPE_NAME,
                                "value": d({}, "The value, of that type.", [["cups", "coins"]]),
                                "id": RULE_ID,
                                "text": RULE_TEXT,
                            },
                            ["value"],
                            "A mapping `{type, value}` (with the `id` and `text` of the rule it states): a constant "
                            "whose type is written out, such as a list of suits, or a list that is empty.",
                            [{"type": "list[suit]", "value": ["cups", "coins"], "id": "R-3", "text": "Trumps."}],
                        ),
                    ]
                },
            },
            "Named fixed values (numbers, texts, lists of ranks, tables). A plain value's type is read from it "
            "(a list of rank ids is a list[rank]); give `{type, value}` to say it.",
            [{"tricks_per_deal": 9, "honours": ["sun", "un"]}],
        ),
        "options": d(
            {
                "type": "object",
                "additionalProperties": obj(
                    {
                        "type": TYPE_NAME,
                        "default": d({}, "The value used unless a game is started with another."),
                        "choices": d({"type": "array"}, "The allowed values."),
                        "minimum": {"type": "integer", "description": "Smallest allowed value."},
                        "maximum": {"type": "integer", "description": "Largest allowed value."},
                        "label": ref(
                            "text",
                            "A short name shown to players where options are listed (the lobby, the rules page); "
                            "default: the option's name.",
                        ),
                        "description": ref("text", "What the option changes."),
                        "id": RULE_ID,
                        "text": RULE_TEXT,
                    },
                    ["type", "default"],
                    "An option.",
                ),
            },
            "Values a player may change when starting a game.",
            [{"deals": {"type": "int", "default": 8, "minimum": 1}}],
        ),
        "zones": d(
            {
                "type": "object",
                "additionalProperties": obj(
                    {
                        "per": d(
                            {"enum": ["seat", "shared"]}, "One zone per seat, or one for the table (default shared)."
                        ),
                        "visibility": d(
                            {"enum": ["owner", "all", "none", "others"]},
                            "Who sees the cards: the owning seat, everybody, nobody, or every seat but the owner "
                            "(cards held facing out, as in Hanabi). Everybody always sees how many cards a zone "
                            "holds.",
                        ),
                        "groups": d({"type": "boolean"}, "The zone holds groups of cards (melds) with a kind each."),
                        "description": ref("text", "What the zone is."),
                        "label": ref("text", "Name shown at the prompt."),
                        "sort": d(
                            EXPR,
                            "The order the prompt and the browser show the zone's cards in, hand or table: an "
                            "expression of `card` giving a number or a text (default: as they lie; a zone with a "
                            "card the seat cannot see is shown as it lies).",
                            ["card.suit_order * 100 + card.rank_order"],
                        ),
                        "show": d(
                            {"enum": ["cards", "top", "count", "none"]},
                            "How the prompt and the browser show the zone: its cards (default; a shared zone of more "
                            "than 24 shows how many and the last four), its top card (the last put there) and how "
                            "many (a shared zone only: a discard pile, a foundation), only how many, or not at all.",
                        ),
                    },
                    [],
                    "A zone.",
                ),
            },
            "Places cards can be: deck, hands, tricks, discards...",
            [{"hand": {"per": "seat", "visibility": "owner"}}],
        ),
        "variables": d(
            {
                "type": "object",
                "additionalProperties": obj(
                    {
                        "type": TYPE_NAME,
                        "per": d(
                            {"enum": ["game", "seat", "team"]},
                            "One value, one per seat, or one per team (default game).",
                        ),
                        "initial": d(
                            {},
                            "The starting value (default 0, false, none or empty). A `seat` is a number, never "
                            "none: it starts at seat 0 unless given, and -1 is the usual value for no seat.",
                        ),
                        "visibility": d(
                            {"enum": ["all", "owner", "none"]},
                            "Who sees the value: everybody (default), only the seat it belongs to, or nobody.",
                        ),
                        "description": ref("text", "What the variable means."),
                    },
                    ["type"],
                    "A variable.",
                ),
            },
            "The game's memory.",
            [{"trick_no": {"type": "int"}}],
        ),
        "functions": d(
            {
                "type": "object",
                "additionalProperties": obj(
                    {
                        "params": d(
                            {"type": "object", "additionalProperties": TYPE_NAME},
                            "Parameters and their types.",
                            [{"c": "card"}],
                        ),
                        "value": EXPR,
                        "returns": d(
                            {"type": "string"},
                            "The type of the value (default: worked out from it). Needed where the value is "
                            "names in quotes: `'clubs' if s == 'spades' else 'spades'` is text unless "
                            "`returns: suit` says it is a suit.",
                            ["suit", "card", "list[card]"],
                        ),
                        "id": RULE_ID,
                        "text": RULE_TEXT,
                        "description": d({"type": "string"}, "What the function computes."),
                        "order": ORDER,
                    },
                    ["value"],
                    "A function.",
                ),
            },
            "Named expressions with parameters. Recursion is not allowed.",
            [{"is_trump": {"params": {"c": "card"}, "value": "c.suit == trump"}}],
        ),
        "melds": obj(
            {
                "kinds": d(
                    {
                        "type": "object",
                        "additionalProperties": obj(
                            {
                                "shape": d(
                                    {"enum": ["run", "set"]},
                                    "Consecutive cards of one sequence, or identical cards (with `same`: cards"
                                    " sharing a rank or another attribute).",
                                ),
                                "size": d(
                                    {
                                        "oneOf": [
                                            {"type": "integer", "minimum": 1, "maximum": 13},
                                            obj(
                                                {
                                                    "min": d(
                                                        {"type": "integer", "minimum": 1, "maximum": 13},
                                                        "The fewest cards.",
                                                    ),
                                                    "max": d(
                                                        {"type": "integer", "minimum": 1, "maximum": 52},
                                                        "The most cards (default: as many as the deck allows).",
                                                    ),
                                                },
                                                ["min"],
                                                "A range of sizes.",
                                            ),
                                        ]
                                    },
                                    "Number of cards, or a range (`{min: 3}`: three or more; `{min: 3, max: 4}`).",
                                    [3, {"min": 3}, {"min": 3, "max": 4}],
                                ),
                                "sequence": d(
                                    {
                                        "oneOf": [
                                            {"type": "string"},
                                            {"type": "array", "items": {"type": "string"}, "minItems": 1},
                                        ]
                                    },
                                    "For runs: the int attribute that must go up by one; several (`[low, high]`):"
                                    " a card stands at the place each gives (an ace low or high).",
                                    ["number", ["low", "high"]],
                                ),
                                "same": d(
                                    {"type": "string"},
                                    "For runs: the attribute all cards share (default `suit`); for sets: make a set of"
                                    " distinct cards sharing it (`rank`, `suit` or a card attribute) instead of copies"
                                    " of one card.",
                                    ["suit", "rank"],
                                ),
                                "member_if": d(EXPR, "Which cards may be part of this kind (an expression of `card`)."),
                                "allowed_if": d(
                                    EXPR, "For runs: which runs are allowed (an expression of `cards`, lowest first)."
                                ),
                                "label": ref("text", "How players call a group of this kind (default: its name)."),
                                "id": RULE_ID,
                                "text": RULE_TEXT,
                            },
                            ["shape", "size"],
                            "A meld kind.",
                        ),
                    },
                    "Meld kinds.",
                    [{"run": {"shape": "run", "size": 3}}],
                ),
                "shapes": d(
                    {
                        "type": "object",
                        "additionalProperties": obj(
                            {
                                "groups": d({"type": "integer", "minimum": 0}, "Number of groups."),
                                "pairs": d({"type": "integer", "minimum": 0}, "Number of pairs."),
                                "group_kinds": d({"type": "array", "items": ID}, "Kinds that count as groups."),
                                "pair_kinds": d({"type": "array", "items": ID}, "Kinds that count as pairs."),
                                "id": RULE_ID,
                                "text": RULE_TEXT,
                            },
                            ["groups", "group_kinds"],
                            "A complete-hand shape.",
                        ),
                    },
                    "Complete-hand shapes.",
                ),
            },
            ["kinds"],
            "Groups of cards (runs and sets) and complete-hand shapes, for draw-and-discard games.",
        ),
        "actions": d(
            {"type": "object", "additionalProperties": ACTION},
            "The moves players can make.",
            [{"pass": {"text": "Pass."}}],
        ),
        "phases": d(
            {
                "type": "object",
                "additionalProperties": {
                    "anyOf": [
                        steps("Steps of the phase."),
                        obj(
                            {
                                "title": ref("text", "The phase in plain words, shown while it runs."),
                                "steps": steps("Steps of the phase."),
                            },
                            ["steps"],
                            "A phase with a title.",
                        ),
                    ]
                },
            },
            "Named step lists, used with `phase:` steps.",
        ),
        "flow": steps("The flow of play of one game, from the first shuffle to the end."),
        "result": obj(
            {
                "returns": d(EXPR, "Each seat's final score, an expression of `seat`.", ["total[team_of(seat)]"]),
                "won": d(
                    EXPR,
                    "Whether `seat` won the game (true or false), for games where winning is not having the "
                    "highest score: each player against the house, a patience of one player. Without it a seat "
                    "wins when it alone, or its team alone, has the highest score.",
                    ["chips[seat] > 100", "len(foundations) == 52"],
                ),
                "evaluate": d(
                    EXPR,
                    "The older place of `hints.evaluate` (still read; give it in one place only).",
                    ["total[team_of(seat)] + deal_score[team_of(seat)]"],
                ),
                "summary": ref("text", "A line shown at the end, with `{expression}` placeholders."),
                "carry": d(
                    {"type": "array", "items": ID},
                    "Variables a following game starts with (the prompt's 'next' keeps them; 'restart' clears "
                    "them); without it, or with an empty list, 'next' starts a game afresh.",
                    [["total"]],
                ),
            },
            ["returns"],
            "The outcome of a finished game.",
        ),
        "hints": obj(
            {
                "about": ref(
                    "text", "The hints in plain words, as a strong player would put them (the rules page shows it)."
                ),
                "evaluate": d(
                    EXPR,
                    "A position's value for `seat`, in the units of `result.returns` (default: `returns`): "
                    "agents read it to judge a position before the game ends and to cut playouts short. "
                    "Evaluated only on states an agent has sampled, so it may read any zone.",
                    ["total[team_of(seat)] + deal_score[team_of(seat)]"],
                ),
                "plausible": d(
                    EXPR,
                    "How plausible the cards a sample gives `seat` are, knowing how the game has gone (higher: "
                    "more plausible), for games in which players keep improving their hands: the sampler swaps "
                    "hidden cards of the other seats with cards nobody holds, keeping a swap with probability "
                    "exp(change of this value).",
                    ["0 - 4 * missing('win', hand(seat), exposed(seat))"],
                ),
                "horizon": d(
                    {"type": "integer", "minimum": 0, "maximum": 100},
                    "How many rounds of the table (every seat once) a playout needs before `evaluate` can judge "
                    "where it stands; search agents then stop their playouts there. 0 (the default): play to the "
                    "end of the deal.",
                    [3],
                ),
                "playouts": d(
                    {"enum": ["prefer", "random"]},
                    "How search agents play out a position: `prefer` (the default) by the hints' `prefer`, as "
                    "every seat would; `random` uniformly at random, every move in the search tree tried, for "
                    "games whose `prefer` tells how a good player chooses its own move but is a poor model of "
                    "how the others play (the `normal` and `hard` levels then make more, cheaper iterations; "
                    "`easy` and the `policy` agent still follow `prefer`).",
                    ["random"],
                ),
                "prefer": d(
                    {"type": "object", "minProperties": 1, "additionalProperties": EXPR},
                    "How much agents prefer each legal action, by action name: an integer expression of `player` "
                    "and the action's parameter (higher is better; unlisted actions and `pass` score 0). "
                    "Used for playouts, for the order in which search tries moves, and by the easy level.",
                    [{"claim_win": 100, "discard": "-missing('win', difference(hand(player), [card]), 0)"}],
                ),
                "deliberate": d(
                    {"type": "object", "minProperties": 1, "additionalProperties": EXPR},
                    "How much agents prefer each legal action when they deliberate their own move, by action "
                    "name, as in `prefer` (which stays the judgement of every playout move): a slower, finer "
                    "judgement that pays once per decision. Orders the moves search compares and is the policy "
                    "agent's choice; an action not listed here is judged by its `prefer`.",
                    [
                        {
                            "discard": "-10 * missing('win', difference(hand(player), [card]), 0) + len(useful('win', "
                            "difference(hand(player), [card]), 0))"
                        }
                    ],
                ),
            },
            [],
            "Knowledge for the AI players, in the expression language; never changes the rules. "
            "See docs/language.md (Hints for agents).",
            [{"evaluate": "net[seat]", "prefer": {"claim_win": 100}}],
        ),
        "invariants": {
            "type": "array",
            "description": "Facts that must hold at the end of every deal (`end_deal`), or, with `when`, after every "
            "action at which `when` holds; checked by tests and `cardrules simulate`.",
            "items": obj(
                {
                    "id": RULE_ID,
                    "text": RULE_TEXT,
                    "check": EXPR,
                    "when": d(
                        EXPR,
                        "Also check after every action at which this holds; the check is made at the end of every "
                        "deal whatever this says (put a condition the check needs inside `check`).",
                    ),
                },
                ["check"],
                "An invariant.",
            ),
        },
        "display": obj(
            {
                "status": d(
                    {
                        "anyOf": [
                            {"type": "object", "additionalProperties": EXPR},
                            {
                                "type": "array",
                                "items": {
                                    "anyOf": [
                                        ref("text", "A status line: a text with `{expression}` placeholders."),
                                        {
                                            **obj(
                                                {
                                                    "text": ref("text", "The line, with `{expression}` placeholders."),
                                                    "if": d(EXPR, "Show the line only while this holds."),
                                                    "id": RULE_ID,
                                                },
                                                ["text"],
                                                "A status line shown only while its condition holds.",
                                            ),
                                            "x-keys": {  # what a key it does not take was meant for
                                                key: "a line about each seat is written once under display.seats "
                                                "(`seat` is the seat)"
                                                for key in ("for", "as")
                                            },
                                        },
                                    ]
                                },
                            },
                        ]
                    },
                    "Status lines shown above the prompt (and by front ends): either a mapping from a label to "
                    "an expression, or a list of texts with `{expression}` placeholders (in several languages, "
                    "`{expr:seat}` for seats), each with an optional `if`. Only public values belong here: "
                    "each seat is shown only the cards it can see.",
                    [
                        {"Trumps": "trump", "Score": "total"},
                        [
                            {"en": "Trumps: {trump}", "ja": "切り札: {trump}"},
                            {"text": "A trump was led: trumps must follow (HM-28)", "if": "meri"},
                        ],
                    ],
                ),
                "deal": ref(
                    "text",
                    "What one deal is called at the table, where the game has a word of its own (a Hand of poker, "
                    "a Board of bridge): the match table's first column (default: Deal).",
                ),
                "seats": d(
                    {
                        "type": "array",
                        "items": {
                            "anyOf": [
                                ref("text", "A seat's line: a text with `{expression}` placeholders."),
                                obj(
                                    {
                                        "text": ref("text", "The line, with `{expression}` placeholders."),
                                        "if": d(EXPR, "Show the line only while this holds (for that seat)."),
                                        "id": RULE_ID,
                                    },
                                    ["text"],
                                    "A seat's line shown only while its condition holds.",
                                ),
                            ]
                        },
                    },
                    "Lines about each seat, shown on its plate in the browser and after its name at the prompt "
                    "(a bid, the tricks taken, chips): texts with `{expression}` placeholders in which `seat` is "
                    "the seat the line is about, each with an optional `if`. Public, as status lines are.",
                    [
                        [
                            {"en": "bid {bid[seat]}", "ja": "宣言 {bid[seat]}"},
                            {"text": "tricks {tricks[seat]}", "if": "bid[seat] >= 0"},
                        ]
                    ],
                ),
                "images": obj(
                    {
                        "face": d(
                            {"type": "string", "minLength": 1},
                            "A file for every card's face, with placeholders from the card: `{id}`, `{suit}`, "
                            "`{rank}` and its attributes (`{points}`). A card without a suit or rank gets no "
                            "image from a pattern that names it (it is drawn).",
                            ["cards/{id}.svg", "faces/{suit}/{rank}.png"],
                        ),
                        "back": d({"type": "string", "minLength": 1}, "The file for every card's back.", ["back.svg"]),
                        "cards": d(
                            {"type": "object", "additionalProperties": {"type": "string", "minLength": 1}},
                            "Files for single cards, by card id (they take the place of `face`).",
                            [{"joker": "cards/joker.webp"}],
                        ),
                    },
                    [],
                    "Card images for front ends that draw cards (the browser table): paths relative to the file "
                    "that names them, inside its folder, of type svg, png, webp or jpg. Cards without an image "
                    "are drawn from the deck's data; a face-down card is always the back.",
                    [{"face": "cards/{id}.svg", "back": "cards/back.svg"}],
                ),
            },
            [],
            "How the prompt and the browser table show things.",
        ),
    },
    "definitions": {"text": TEXT, "step": STEP},
}


def main() -> int:
    out = Path(__file__).resolve().parent.parent / "grammar" / "ruleset.schema.json"
    text = json.dumps(SCHEMA, indent=2, ensure_ascii=False) + "\n"
    if "--check" in sys.argv:
        return 0 if out.read_text(encoding="utf-8") == text else 1
    out.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
