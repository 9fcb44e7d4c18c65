"""The catalogue table: each file in files/ -> the diagnostics `validate` must report.

Every broken file is `ok_minimal.yaml` (a tiny 2-player trick game that
validates) with one problem in it, unless its name says otherwise
(`flow_multiple_errors`, `schema_two_errors_in_order`, `schema_does_not_hide_other_errors`).
Entries are in file order, as the validator sorts them. A row is `E(line, column, message)`:

- `message` is a part of the message, or the whole message with `exact=True`;
- `hint`, when given, is a part of the hint;
- `file` names another file of an `extends` chain (default: the file itself);
- `end_col`, when given, is where the caret's span ends (exclusive).

Rows marked `VALIDATOR:` state what we think is right where the validator
currently says something else; the comment quotes what it says today.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class E:
    """One expected diagnostic (an error unless `severity` says "warning")."""

    line: int
    col: int
    message: str
    exact: bool = False
    hint: str | None = None
    file: str | None = None
    end_col: int | None = None
    severity: str = "error"


TRUE_FALSE = "write true or false"

COLOUR_IS_SHOWN = (
    "a suit's color is how it is shown, not a value rules read: declare a card attribute (deck.attributes: "
    "{red: {type: bool, default: false}}, with attrs: {red: true} on the red suits) and read card.red"
)
TEAM_OF = "a seat's team is team_of(seat)"

EXPECTED: dict[str, list[E]] = {
    # ------------------------------------------------------------ valid files
    "ok_minimal.yaml": [],
    # a team per seat (teams of one): a seat may stand for its team, as before the per-team check
    "ok_team_per_seat_read_by_seat.yaml": [],
    "ok_variant.yaml": [],  # extends ok_minimal.yaml, changes an option's default
    "ok_option_label.yaml": [],  # deals: {..., label: {en: Deals, ja: 回数}}
    "ok_variant_of_shipped.yaml": [],  # extends the shipped hachinin_meri by name
    "ok_hints.yaml": [],  # hints.about, hints.evaluate and hints.prefer
    # ------------------------------------------------------------ YAML: syntax
    "yaml_unclosed_bracket.yaml": [  # name: {en: Mini   (no '}')
        E(4, 8, "expected ',' or '}' in the mapping that starts at line 3", exact=True, hint="missing its '}'"),
    ],
    "yaml_unclosed_quote.yaml": [  # returns: "score[seat]   (no closing quote, last line)
        # VALIDATOR: reported at 64:1, past the end of the file, so no source line or caret is shown:
        #   yaml_unclosed_quote.yaml:64:1: error: the file ends inside a quoted string
        #     hint: close the string that starts at line 63
        # The caret belongs on the opening quote (63:12), where the string starts.
        E(63, 12, "quoted string"),
    ],
    "yaml_bad_indentation.yaml": [  # '   suits:' one space deeper than 'attributes:'
        E(9, 4, "bad indentation", hint="start in the same column"),
    ],
    "yaml_tab_indentation.yaml": [
        E(5, 1, "tab characters are not allowed for indentation; use spaces", exact=True),
    ],
    "yaml_two_documents.yaml": [
        E(64, 1, "a ruleset file holds one YAML document", exact=True),
    ],
    "yaml_empty.yaml": [  # zero bytes
        E(1, 1, "file is empty"),
    ],
    "yaml_only_comments.yaml": [
        E(1, 1, "file is empty"),
    ],
    "yaml_not_utf8.yaml": [  # byte 0xe9 (Latin-1 'é') after 'name: {en: Min'
        E(3, 15, "file is not valid UTF-8 (byte 0xe9)", exact=True, hint="UTF-8"),
    ],
    "yaml_top_level_list.yaml": [
        E(1, 1, "must be a YAML mapping at the top level, not a list"),
    ],
    # ------------------------------------------------------------ YAML: data model
    "yaml_duplicate_key_top.yaml": [
        E(3, 1, "duplicate key 'id'", hint="first defined at line 2"),
    ],
    "yaml_duplicate_key_nested.yaml": [  # zones: hand twice
        E(22, 3, "duplicate key 'hand'", hint="first defined at line 20"),
    ],
    "yaml_alias_bomb.yaml": [  # billion laughs: 9 levels of 9 aliases
        E(8, 9, "YAML alias expansion exceeds 100000 nodes", exact=True),
    ],
    "yaml_recursive_alias.yaml": [  # source: &loop [*loop]
        E(2, 16, "alias '*loop' refers to a value that contains it"),
    ],
    "yaml_python_tag.yaml": [
        E(3, 9, "YAML tags are not allowed: '!!python/object/apply:os.system'", exact=True, end_col=40),
    ],
    "yaml_bad_int_tag.yaml": [  # count: !!int two
        E(5, 16, "'two' is not a valid !!int value"),
    ],
    "yaml_merge_key.yaml": [
        E(20, 10, "merge keys ('<<') are not supported"),
    ],
    "yaml_leading_zero.yaml": [  # count: 02
        # VALIDATOR: no hint. docs/extends.md ("A hint for validators") says a schema error on
        # such a string carries yaml11_hint(): "write 2: a number with a leading zero or '_'
        # is text in the YAML we read". Today: hint=None.
        E(5, 10, "'count' must be a whole number, not the text '02'", exact=True, hint="leading zero"),
    ],
    # ------------------------------------------------------------ schema
    "schema_string_for_int.yaml": [  # count: two
        E(5, 10, "'count' must be a whole number, not the text 'two'", exact=True, end_col=13),
    ],
    "schema_list_for_mapping.yaml": [  # options: [deals]
        E(17, 3, "'options' must be a mapping, not a list"),
    ],
    "schema_option_label_not_text.yaml": [  # deals: {..., label: [Deals, Runden]}
        E(
            17,
            53,
            "'label' must be text, or a mapping from language codes to text",
            exact=True,
            hint="for example",
            end_col=68,
        ),
    ],
    "schema_option_label_language_not_text.yaml": [  # deals: {..., label: {en: Deals, ja: 5}}
        E(17, 53, "'label' must be text, or a mapping from language codes to text", exact=True),
    ],
    "schema_yes_for_bool.yaml": [  # move: {..., all: yes}
        E(52, 41, "'all' must be true or false, not the text 'yes'", exact=True, hint=TRUE_FALSE),
    ],
    "schema_unknown_key_top.yaml": [  # varaibles:
        E(23, 1, "unknown key 'varaibles' in the top level", exact=True, hint="did you mean 'variables'?"),
    ],
    "schema_unknown_key_nested.yaml": [  # hand: {visiblity: owner}
        E(20, 21, "unknown key 'visiblity' in 'hand'", exact=True, hint="did you mean 'visibility'?"),
    ],
    "schema_missing_required_top.yaml": [  # no flow:
        E(1, 1, "missing required key 'flow'"),
    ],
    "schema_missing_required_nested.yaml": [  # leader: {}
        E(24, 11, "missing required key 'type' in 'leader'"),
    ],
    "schema_bad_enum.yaml": [  # visibility: owners
        E(20, 33, "'visibility' cannot be the text 'owners'", hint="did you mean 'owner'?"),
    ],
    "schema_bad_version.yaml": [  # cardrules: 2
        E(1, 12, "'cardrules' cannot be the number 2"),
    ],
    "schema_bad_id_pattern.yaml": [  # id: Mini
        E(2, 5, "'Mini' is not a valid name for 'id'", hint="lower-case"),
    ],
    "schema_int_too_large.yaml": [  # repeat: {times: 99999999999999999999999999, ...}
        # VALIDATOR: the caret is on the 'repeat' key (61:11), not on the number (61:27):
        #   schema_int_too_large.yaml:61:11: error: integer is too large (the limit is 1,000,000,000,000,000,000)
        E(61, 27, "integer is too large"),
    ],
    "schema_two_errors_in_order.yaml": [  # both reported, in file order
        E(5, 10, "'count' must be a whole number, not the text 'two'"),
        E(20, 21, "unknown key 'visiblity' in 'hand'", hint="did you mean 'visibility'?"),
    ],
    "schema_does_not_hide_other_errors.yaml": [  # count: four, visiblity:, trik, key=strenght (issue 15, bug 10)
        E(5, 10, "'count' must be a whole number, not the text 'four'", exact=True),
        E(20, 21, "unknown key 'visiblity' in 'hand'", hint="did you mean 'visibility'?"),
        E(39, 18, "unknown name 'trik'", exact=True, hint="did you mean 'trick'?"),
        E(50, 48, "'key=' takes the name of a function of one argument"),
    ],
    # ------------------------------------------------------------ model: players, deck, options, variables
    "model_team_seat_out_of_range.yaml": [  # 2 players, team b: seats [2]
        E(8, 22, "team 'b' names seat 2, but seats are 0 to 1", exact=True, hint="players.count is 2"),
    ],
    "model_deck_attr_wrong_type.yaml": [  # rank "2" (block style): attrs: {power: high}
        # VALIDATOR: the caret is on the rank entry's first line (14:7, '- id: "2"'), not on 'high'
        # one line below; with block style it points at the wrong line:
        #   model_deck_attr_wrong_type.yaml:14:7: error: attribute 'power' is declared int, but this value is 'high'
        E(15, 22, "attribute 'power' is declared int, but this value is 'high'"),
    ],
    "model_unknown_deck_attr.yaml": [  # attrs: {powr: 2}
        # VALIDATOR: the caret is on the whole rank entry (14:7), not on the key 'powr' (14:25).
        E(14, 25, "unknown card attribute 'powr'", hint="did you mean 'power'?"),
    ],
    "model_attr_default_wrong_type.yaml": [  # power: {type: int, default: none}
        # VALIDATOR: the caret is on the attribute name (8:5), not on the value 'none' (8:33), and
        # the message does not show the value: "default of attribute 'power' is not int".
        E(8, 33, "default of attribute 'power'"),
    ],
    "model_card_unknown_suit.yaml": [  # card joker (block style) with suit: bleu
        # VALIDATOR: the caret is on '- id: joker' (17:7), the line above 'suit: bleu' (18:13).
        E(18, 13, "card 'joker' names unknown suit 'bleu'", hint="did you mean 'blue'?"),
    ],
    "model_duplicate_card_ids.yaml": [  # cards: [{id: joker}, {id: joker}]
        # VALIDATOR: a second, wrong error at the same place:
        #   model_duplicate_card_ids.yaml:18:7: error: card id 'joker' is already a grid card (suit-rank)
        # 'joker' is not a grid card (the grid is red-1 ... blue-3); only the duplicate is wrong.
        E(18, 7, "duplicate id 'joker'", hint="first defined at line 17"),
    ],
    "model_card_id_clashes_grid.yaml": [  # cards: [{id: red-1}]
        E(17, 7, "card id 'red-1' is already a grid card (suit-rank)", exact=True),
    ],
    "model_duplicate_rule_id.yaml": [  # rules: R-1 twice
        # VALIDATOR: not reported at all (the file validates). Rule ids are what `legal_if`
        # reasons and `cardrules rules` name; two rules with one id must be an error.
        E(18, 5, "duplicate id 'R-1'", hint="first defined at line 17"),
    ],
    "model_option_default_wrong_type.yaml": [  # deals: {type: int, default: two, ...}
        # VALIDATOR: (1) the caret is on the option name (17:3), not on 'two' (17:31);
        # (2) a second, bogus error where the option is used, with a silly hint:
        #   model_option_default_wrong_type.yaml:56:14: error: unknown name 'deals'
        #     hint: did you mean 'teams'?
        # The option is declared (type int); only its default is wrong.
        E(17, 31, "default of option 'deals': expected int, not 'two'"),
    ],
    "model_option_bool_default_int.yaml": [  # lenient: {type: bool, default: 2}
        # VALIDATOR: caret on the option name (18:3), not on the value '2' (18:34).
        E(18, 34, "default of option 'lenient': expected bool, not 2"),
    ],
    "model_option_default_out_of_range.yaml": [  # deals: {type: int, default: 0, minimum: 1}
        # VALIDATOR: not reported at all (the file validates); a game started with the
        # defaults would break the option's own minimum.
        E(17, 31, "default of option 'deals'"),
    ],
    "model_variable_unknown_type.yaml": [  # led: {type: siut}
        # VALIDATOR: the caret is on the variable name 'led' (26:3), not on 'siut' (26:15).
        E(26, 15, "unknown type 'siut'", hint="did you mean 'suit'?"),
    ],
    "model_variable_initial_wrong_type.yaml": [  # leader: {type: seat, initial: abc}
        # VALIDATOR: caret on the variable name (24:3), not on 'abc' (24:33); the message says
        # "variable 'leader': expected int, not 'abc'" for a variable declared as a seat.
        E(24, 33, "variable 'leader': expected"),
    ],
    "model_variable_initial_seat_out_of_range.yaml": [  # leader: {type: seat, initial: 5}, 2 players
        # VALIDATOR: not reported at all (the file validates). Seats are 0 to 1 (-1, "no seat",
        # is used by duzihu and stays allowed); compare the team check's message.
        E(24, 33, "seat 5"),
    ],
    "model_variable_named_like_engine.yaml": [  # variables: {last_player: {type: seat}} (issue 15, bug 6)
        E(
            26,
            3,
            "a variable cannot be named 'last_player': the engine's 'last_player' is the seat that chose "
            "the last action (-1 when none)",
            exact=True,
            hint="choose another name",
        ),
    ],
    "expr_per_seat_read_by_team.yaml": [  # chips[team_of(3)] read seat 1's chips (a team is a small number)
        E(
            22,
            21,
            "'chips' is kept per seat: index it by a seat number, not by a team",
            exact=True,
            hint="a team's seats are",
        ),
    ],
    "expr_per_team_read_by_seat.yaml": [  # a seat number read as a team: player, a param over seats,
        # a loop over seats, a variable of type seat, next_seat (4 seats, 2 teams); a loop over teams is fine
        E(21, 23, "'points' is kept per team: index it by a team, not by a seat number", exact=True, hint=TEAM_OF),
        E(25, 23, "'points' is kept per team: index it by a team, not by a seat number", exact=True, hint=TEAM_OF),
        E(29, 67, "'points' is kept per team: index it by a team, not by a seat number", exact=True, hint=TEAM_OF),
        E(31, 46, "'points' is kept per team: index it by a team, not by a seat number", exact=True, hint=TEAM_OF),
        E(34, 44, "'points' is kept per team: index it by a team, not by a seat number", exact=True, hint=TEAM_OF),
    ],
    "expr_colour_is_for_showing.yaml": [  # card.suit.color, card.color: deck.suits[].color is for showing
        E(
            18,
            55,
            "suit has no attribute 'color'",
            exact=True,
            hint="its attributes are: suit_order; " + COLOUR_IS_SHOWN,
        ),
        E(
            19,
            50,
            "card has no attribute 'color'",
            exact=True,
            hint="its attributes are: id, rank, rank_order, suit, suit_order; " + COLOUR_IS_SHOWN,
        ),
    ],
    "model_seat_is_none.yaml": [  # a seat variable given none (-1 is "no seat"; found by writing Euchre)
        E(12, 33, "variable 'dealer': expected a seat number (0 to 1, or -1 for no seat), not 'none'", exact=True),
        E(
            16,
            18,
            "'maker' holds a seat: a seat number (0 to 1), or -1 for no seat",
            exact=True,
            hint="set: {maker: -1}",
        ),
    ],
    "yaml_text_starts_with_brace.yaml": [  # prompt: {player:seat} to move (found by writing President)
        E(
            16,
            29,
            "a value that starts with '{' is read as a YAML mapping, and more text follows it",
            exact=True,
            hint='put the whole text in quotes: prompt: "{player:seat} to move"',
        ),
    ],
    "schema_reveal_unknown_key.yaml": [  # reveal: {zone, card}: it said "'reveal' must be text or a mapping,
        # not a mapping" (found by writing Bridge with a dummy from the docs)
        E(15, 31, "unknown key 'card' in 'reveal'", exact=True, hint="did you mean 'cards'?"),
    ],
    "schema_name_with_comma.yaml": [  # name: {en: Mini (short), two players}: the comma began a key
        E(
            3,
            7,
            "'name' has a language code 'two players': a comma inside {...} begins a new key",
            exact=True,
            hint='put text with a comma in quotes: {en: "Mini (short), two players"}',
        ),
    ],
    "schema_packets_from_option.yaml": [  # packets: [n] with an option n: `n` is no YAML yes/no word here
        E(
            61,
            64,
            "an item of 'packets' must be a whole number, not the text 'n'",
            exact=True,
            hint="deal with `counts:` instead",
        ),
    ],
    "model_set_undeclared_variable.yaml": [  # set: {paid: 5} with no variable near that name
        E(
            52,
            13,
            "unknown variable 'paid'",
            exact=True,
            hint="declare it under 'variables' (for example paid: {type: int})",
        ),
    ],
    "model_bool_initial_no.yaml": [  # initial: no is the text 'no' in the YAML we read
        E(27, 32, "variable 'alone': expected bool, not 'no' (write true or false", hint=None),
    ],
    "expr_team_id_unquoted.yaml": [  # tricks[ns]
        E(25, 20, "unknown name 'ns'", exact=True, hint="the team is written in quotes: 'ns'"),
    ],
    "expr_key_name_misspelt.yaml": [  # key=strenght
        E(
            50,
            48,
            "unknown function 'strenght': 'key=' takes the name of a function of one argument",
            exact=True,
            hint="did you mean 'strength'?",
        ),
    ],
    "model_param_zone_without_seat.yaml": [  # from: "hand": told once, not again where the cards move
        E(34, 33, "zone 'hand' is per seat: write hand(seat)", exact=True, hint="for example hand(player)"),
    ],
    "expr_suit_attribute.yaml": [  # led.power: the attribute is the cards'
        E(31, 33, "suit has no attribute 'power'", exact=True, hint="read it from a card of that suit (card.power)"),
    ],
    "model_constant_leading_zero.yaml": [  # most: 0500 is text: a warning where it is declared, then the error
        E(24, 3, "constant 'most' is the text '0500'", exact=True, hint="write 500", severity="warning"),
        E(58, 14, "this expression must be int, but it is str", exact=True),
    ],
    "model_shared_zone_of_owner_visibility.yaml": [  # kitty: {visibility: owner}: a shared zone has no owner
        E(
            23,
            3,
            "zone 'kitty' is shared, so 'visibility: owner' has no owner to go by",
            hint="give it 'per: seat'",
            severity="warning",
        ),
    ],
    "model_variable_named_count.yaml": [  # a variable `count`, used as one: told once, no follow-up errors
        E(
            26,
            3,
            "a variable cannot be named 'count': it would hide the builtin count()",
            hint="choose another name",
        ),
    ],
    "model_constant_hides_builtin.yaml": [  # constants: {len: 3, seats: [0, 1]}; len() still works
        E(17, 3, "a constant cannot be named 'len': it would hide the builtin len()", hint="choose another name"),
        E(18, 3, "a constant cannot be named 'seats': the engine's 'seats' is every seat, 0 to num_players - 1"),
    ],
    "model_function_param_any.yaml": [  # strength: params: {e: any} (issue 15, bug 4: every slot typed)
        E(30, 17, "'any' is not a type a ruleset can declare", hint="name the type"),
    ],
    "model_constant_mixed_values.yaml": [  # constants: {table: [1, two]}
        E(17, 3, "constant 'table' has values of different kinds, so it has no type", exact=True),
    ],
    "model_zone_sort_suit.yaml": [  # hand: {..., sort: card.suit}  (cards without a suit sort as none)
        E(20, 46, "a zone's sort key must be a number (or a text), and this is suit", exact=True),
    ],
    "model_function_param_unknown_type.yaml": [  # strength: params: {e: entri}
        # VALIDATOR: two follow-on errors for the same mistake, at 31:15 and 31:31:
        #   cannot read '.card' of a value of unknown type (any)
        # A parameter of unknown type should silence checks that depend on it.
        E(30, 17, "unknown type 'entri'", hint="did you mean 'entry'?"),
    ],
    # ------------------------------------------------------------ expressions: names
    "expr_unknown_variable.yaml": [  # set: {leader: winer}
        E(53, 21, "unknown name 'winer'", exact=True, hint="did you mean 'winner'?", end_col=26),
    ],
    "expr_unknown_zone.yaml": [  # if: "len(trik) == 0"
        E(39, 18, "unknown name 'trik'", hint="did you mean 'trick'?", end_col=22),
    ],
    "expr_unknown_function.yaml": [  # in: "seats_form(leader)"
        E(46, 14, "unknown function 'seats_form'", exact=True, hint="did you mean 'seats_from'?"),
    ],
    "expr_unknown_card_id.yaml": [  # require: "card != 'red-4'"  (ranks are 1-3)
        E(37, 27, "unknown card 'red-4'", exact=True, hint="did you mean 'red-3'?", end_col=34),
    ],
    "expr_unknown_attribute.yaml": [  # card.sute
        E(37, 43, "card has no attribute 'sute'", exact=True, hint="did you mean 'suit'?"),
    ],
    "expr_unknown_keyword.yaml": [  # max(entries('trick'), kee=strength)
        # VALIDATOR: a follow-on error for the same mistake:
        #   expr_unknown_keyword.yaml:50:48: error: 'strength' is a function; call it: strength(...)
        # (after `kee=` the checker reads 'strength' as a value; a misspelt keyword should not
        # change how its argument is read).
        E(50, 44, "'kee=' is not a keyword of max()", hint="did you mean 'key'?"),
    ],
    "expr_yes_for_condition.yaml": [  # if: yes
        # VALIDATOR: no hint. `yes` is the YAML 1.1 word for true; docs/extends.md asks for the
        # hint "write true or false" (interpreter.loading.scalars.yaml11_bool_word). Today: hint=None.
        E(39, 13, "unknown name 'yes'", hint=TRUE_FALSE),
    ],
    # ------------------------------------------------------------ expressions: syntax
    "expr_syntax_error.yaml": [  # if: "len(trick) == == 0"  -> caret on the second '=='
        E(39, 28, "expected an expression after '==', found '=='", exact=True, end_col=30),
    ],
    "expr_unclosed_paren.yaml": [  # in: "seats_from(leader"
        E(46, 24, "unclosed '('", exact=True, hint="add ')'"),
    ],
    # ------------------------------------------------------------ expressions: types and arity
    "expr_type_card_plus_int.yaml": [  # value: "e.card + 1"
        E(31, 20, "'+' cannot add card and int", exact=True),
    ],
    "expr_condition_not_bool.yaml": [  # if: "len(trick)"
        E(39, 14, "must be bool, but it is int"),
    ],
    "expr_pow_out_of_range.yaml": [  # returns: "score[seat] * 10 ** 100"
        E(63, 33, "exponent 100 is out of range (0..64)", exact=True),
    ],
    "expr_arity_builtin_too_many.yaml": [  # len(trick, hand(player))
        E(39, 25, "len() takes 1 argument, got 2", exact=True, hint="len(xs"),
    ],
    "expr_arity_builtin_too_few.yaml": [  # seats_from()
        E(46, 14, "seats_from() takes 1 argument, got 0", exact=True, hint="seats_from(seat"),
    ],
    "expr_arity_function_too_many.yaml": [  # twice(1, 2), twice has one parameter n
        E(54, 31, "twice() takes 1 argument"),
    ],
    "expr_arity_function_too_few.yaml": [  # twice()
        E(54, 31, "twice() takes 1 argument"),
    ],
    "expr_recursion.yaml": [  # ping calls pong, pong calls ping
        E(29, 3, "recursion is not allowed: ping -> pong -> ping", exact=True),
    ],
    "expr_param_from_lists.yaml": [  # param: {name: card, from: "[[c] for c in hand(player)]"}
        E(34, 31, "an action's parameter is one value, and these are lists (list[card])", exact=True),
    ],
    "expr_param_from_lists_with_count.yaml": [  # param: {..., from: "[[c] for c in hand(player)]", count: 2}
        # the one error: `card.suit` where the parameter is used said "cannot read '.suit' of list[any]"
        E(34, 31, "an action's parameter is one value, and these are lists (list[card])", exact=True),
    ],
    "expr_param_count_from_unknown_name.yaml": [  # param: {..., from: "hand(playr)", count: 2}: no more errors
        E(34, 37, "unknown name 'playr'", exact=True),
    ],
    "expr_param_from_sets.yaml": [  # param: {name: card, from: "[{c} for c in hand(player)]"}: its text was
        # Python's ("give frozenset({4, 30})") and its cards were told to every seat (a held-out President)
        E(34, 31, "an action's parameter is one value, and these are sets (set[card])", exact=True, hint="count"),
    ],
    "expr_param_named_player.yaml": [  # param: {name: player, ...}: the acting seat's name (a held-out Bridge)
        E(34, 19, "'player' is already the seat that makes the move; choose another name for the parameter of"),
        E(37, 38, "unknown name 'card'"),  # where the parameter was meant: `player` keeps its meaning
        E(41, 24, "unknown name 'card'"),
        E(42, 56, "unknown name 'card'"),
    ],
    "expr_param_from_not_list.yaml": [  # param: {name: card, from: "len(trick)"}
        # VALIDATOR: two follow-on errors where `card` is used (37:43 and 41:29):
        #   cannot read '.suit' of a value of unknown type (any)
        E(34, 31, "param 'from' must give a list"),
    ],
    # ------------------------------------------------------------ zones
    "expr_hand_without_seat.yaml": [  # move: {from: hand, ...}
        E(42, 22, "zone 'hand' is per seat: write hand(seat)", exact=True, hint="hand(player)"),
    ],
    "expr_hand_in_expression_without_seat.yaml": [  # any(... for c in hand)
        # VALIDATOR: says "'hand' is a function; call it: hand(...)" (no hint). 'hand' is a
        # per-seat zone; say so as the step checker does for `from: hand`.
        E(37, 89, "zone 'hand' is per seat: write hand(seat)", hint="hand(player)"),
    ],
    "expr_shared_zone_with_seat.yaml": [  # to: "trick(player)"
        E(42, 42, "zone 'trick' is shared: write just 'trick'", exact=True),
    ],
    "flow_move_to_unknown_zone.yaml": [  # move: {from: trick, to: wom, ...}
        E(52, 31, "unknown zone 'wom'", exact=True, hint="did you mean 'won'?"),
    ],
    "flow_deal_to_shared_zone.yaml": [  # deal: {to: trick, ...}
        E(60, 34, "deal needs a per-seat zone, and 'trick' is shared"),
    ],
    # ------------------------------------------------------------ flow: steps, phases, actions
    "flow_unknown_action.yaml": [  # turn: {actions: [plya]}
        E(49, 41, "unknown action 'plya'", exact=True, hint="did you mean 'play'?"),
    ],
    "flow_unknown_phase.yaml": [  # phase: trik
        E(61, 39, "unknown phase 'trik'", exact=True, hint="did you mean 'trick'?"),
    ],
    "flow_phase_calls_itself.yaml": [  # phase trick ends with '- phase: trick'
        E(54, 7, "phase 'trick' runs itself (trick -> trick)"),
    ],
    "flow_repeat_without_bound.yaml": [  # repeat: {steps: [...]}
        E(61, 11, "this repeat never ends: give it 'times', 'until' or 'while'", exact=True),
    ],
    "flow_break_outside_loop.yaml": [  # flow: - break: true
        E(55, 5, "'break' outside a repeat or for_each", exact=True),
    ],
    "flow_assign_unknown_variable.yaml": [  # set: {leadr: winner}
        E(53, 13, "unknown variable 'leadr'", exact=True, hint="did you mean 'leader'?"),
    ],
    "flow_assign_constant.yaml": [  # constants: {tricks: 3}; set: {tricks: 1}
        E(55, 29, "cannot assign to 'tricks': it is a constant", exact=True),
    ],
    "flow_assign_option.yaml": [  # set: {deals: 1}
        E(53, 29, "cannot assign to 'deals': it is an option", exact=True),
    ],
    "flow_step_two_kinds.yaml": [  # {collect: deck, shuffle: deck}
        E(58, 11, "a step needs exactly one kind key, this one has 2 kind keys (collect, shuffle)", exact=True),
    ],
    "flow_empty_step.yaml": [  # - {}
        # VALIDATOR: says "'steps' must not be empty" -- wrong: 'steps' has three items; the
        # step {} is empty. Say it like the two-kinds error does.
        E(59, 11, "a step needs exactly one kind key"),
    ],
    "flow_step_not_mapping.yaml": [  # - shuffle deck   (missing ':')
        # VALIDATOR: says "'steps' must be a mapping, not the text 'shuffle deck'" -- 'steps' is
        # (rightly) a list; it is the step that must be a mapping.
        E(59, 11, "a step must be a mapping, not the text 'shuffle deck'"),
    ],
    "flow_unknown_step_kind.yaml": [  # - shufle: deck
        # VALIDATOR: says "unknown key 'shufle' in 'steps'"; same mix-up of the list with its item.
        E(59, 11, "unknown key 'shufle' in a step", hint="did you mean 'shuffle'?"),
    ],
    "flow_move_cards_number.yaml": [  # move: {..., cards: "7"}  (a number is not a card)
        E(42, 56, "move.cards needs a card or a list of cards, and this is int", exact=True, hint="count: N"),
    ],
    "flow_set_per_seat_list_of_wrong_length.yaml": [  # set: {score: "[0, 0, 0]"} for two seats (was found in play)
        E(54, 20, "'score' holds one value per seat (2), and this list has 3", exact=True),
    ],
    "flow_move_into_zone_without_groups.yaml": [  # move: {..., to: trick, into: 0}  (trick holds no groups)
        E(
            42,
            68,
            "move.into needs a zone of groups, and 'trick' does not hold groups",
            exact=True,
            hint="trick: {..., groups: true}",
        ),
    ],
    "flow_announce_record.yaml": [  # announce: "Played: {entries('trick')}"
        E(52, 27, "a message cannot show list[entry] values as they are", hint="x.card"),
    ],
    "flow_announce_unknown_name.yaml": [  # announce: "Seat {winer} wins the trick."
        E(54, 24, "unknown name 'winer'", hint="did you mean 'winner'?"),
    ],
    "flow_announce_unclosed_placeholder.yaml": [  # announce: "Seat {winner wins the trick."
        # VALIDATOR: not reported at all (the file validates); the '{' at 54:23 never closes.
        E(54, 23, "'{'"),
    ],
    "flow_multiple_errors.yaml": [  # three independent mistakes, one run
        E(39, 18, "unknown name 'trik'", hint="did you mean 'trick'?"),
        E(49, 41, "unknown action 'plya'", hint="did you mean 'play'?"),
        E(53, 21, "unknown name 'winer'", hint="did you mean 'winner'?"),
    ],
    # ------------------------------------------------------------ extends
    "extends_missing_file.yaml": [  # extends: ok_minmal.yaml
        E(
            1,
            10,
            "cannot find the base ruleset 'ok_minmal.yaml'",
            exact=True,
            hint="did you mean 'ok_minimal.yaml'?",
            end_col=24,
        ),
    ],
    "extends_shipped_typo.yaml": [  # extends: hachinin_mery
        E(1, 10, "cannot find the base ruleset 'hachinin_mery'", exact=True, hint="did you mean 'hachinin_meri'?"),
    ],
    "extends_cycle_a.yaml": [  # a -> b -> a; the cycle closes at b's extends
        E(
            1,
            10,
            "extends cycle: extends_cycle_a.yaml -> extends_cycle_b.yaml -> extends_cycle_a.yaml",
            exact=True,
            file="extends_cycle_b.yaml",
        ),
    ],
    "extends_cycle_b.yaml": [
        E(
            1,
            10,
            "extends cycle: extends_cycle_b.yaml -> extends_cycle_a.yaml -> extends_cycle_b.yaml",
            exact=True,
            file="extends_cycle_a.yaml",
        ),
    ],
    "extends_broken_base.yaml": [  # the base's error is reported in the base's file
        E(53, 21, "unknown name 'winer'", hint="did you mean 'winner'?", file="expr_unknown_variable.yaml"),
    ],
    # ------------------------------------------------------------ hints for agents
    "hints_unknown_action.yaml": [E(66, 5, "hints.prefer names unknown action 'plya'", hint="did you mean 'play'?")],
    "hints_deliberate_unknown_action.yaml": [
        E(68, 5, "hints.deliberate names unknown action 'plya'", hint="did you mean 'play'?")
    ],
    "hints_prefer_not_int.yaml": [E(66, 12, "this expression must be int, but it is bool")],
    "hints_evaluate_twice.yaml": [E(64, 3, "evaluate is given twice, in hints and in result", hint="hints.evaluate")],
    # ------------------------------------------------------------ numbers of players (players.choices)
    "schema_players_choice_zero.yaml": [E(6, 13, "an item of 'choices' must be at least 1, not 0", exact=True)],
    "model_players_count_not_a_choice.yaml": [
        E(5, 10, "players.count 2 is not one of players.choices [3, 4]", exact=True, hint="make it one of the choices")
    ],
    "model_players_choices_with_teams.yaml": [  # and nothing about the seats of a count of 4 (it is not compiled)
        E(
            6,
            3,
            "players.choices cannot be used with teams: a team lists fixed seats",
            exact=True,
            hint="docs/extends.md",
        )
    ],
    "model_players_choice_listed_twice.yaml": [E(6, 19, "players.choices lists 2 twice", exact=True)],
    "flow_per_seat_list_for_one_choice.yaml": [  # set: {score: "[0, 0]"}, right for 2 players only
        E(61, 24, "with 3 players: 'score' holds one value per seat (3), and this list has 2", exact=True)
    ],
    "flow_deal_too_many_for_one_choice.yaml": [  # 6 cards: three each for 2 players, not for 3 (counted at load)
        E(
            61,
            63,
            "with 3 players: this deal gives 9 cards (3 to each of 3 seats), and the deck has 6",
            exact=True,
            hint="players.choices offers this number of players",
        )
    ],
}
