"""Why a move is refused, in the words of the rule that forbids it (HS-9)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from interpreter.base.i18n import _, language
from interpreter.engine.choices import value_words, whole_choice
from interpreter.engine.state import PICK_KIND, Action, IllegalAction, normalize

SHOWN = 12  # legal moves (and values of a choice) a refusal lists


def explain(rs: Any, st: Any, text: str, words: Callable[[str], str] | None = None) -> str:
    """Why `text` is not a legal action now, in the rule's words (the legality tests are the ruleset's).
    `words` writes an action's text as the reader sees it (cards by name) in the list of legal moves."""
    key = normalize(text)
    ins = rs.program[st.pc]
    kinds = ins.actions if hasattr(ins, "actions") else ()
    legal = _legal_words(rs, _reading_order(st.legal_actions()), words)
    said = (words or str)(text)  # the move as typed, its cards by name
    for k in kinds:
        act = rs.actions[k]
        verb = normalize(act.name)  # action names may contain '_' (normalised to spaces)
        if key != verb and not key.startswith(verb + " "):
            continue
        named = (words or str)(act.name)  # the action as the reader knows it (its label)
        vars_ = st.vars
        vars_[rs.player_slot] = st.decider
        if act.available is not None and not act.available(st.fr):
            return _("'{action}' is not possible now", action=named) + _rule_suffix(act.rule)
        if act.param_slot is None:
            failing = next(iter(rs._options_for(st, act, st.decider)), (None, None))[1]
            if failing is None and key != verb:  # `hit hit`: the action takes no value
                return _("'{action}' takes no value: write just {action}", action=named)
            return refusal(failing) if failing else _("'{action}' is not legal now", action=said)
        if act.count is not None:  # a choice of several values: say which part of it is not legal
            return _whole(rs, st, text, words)
        arg = key[len(verb) :].strip()
        if not arg:  # `attack` without its card
            if legal:
                return _("'{action}' needs a value; legal: {legal}", action=named, legal=legal)
            return _("'{action}' needs a value", action=named)
        options = list(rs._options_for(st, act, st.decider))
        for value, failing in options:
            if normalize(rs.value_text(act, value)) == arg:
                return refusal(failing) if failing else _("'{action}' is not legal now", action=said)
        failing = _failing_for(rs, st, act, arg, {value for value, _failing in options})
        if failing is not None:
            return refusal(failing)
        card = rs.cards.index().get(arg.replace(" ", "-"))
        if words is not None:  # the value by the name the reader knows (a card of the deck, a seat)
            full = words(f"{act.name} {rs.cards.ids[card] if card is not None else arg}")
            arg = full[len(named) + 1 :] if full.startswith(named + " ") else arg
        if card is not None and _not_held(rs, st, act, card, [value for value, _failing in options]):
            said = _("you have no {card} to {action}", card=arg if words else rs.cards.ids[card], action=named)
            return _("{refusal}; legal: {legal}", refusal=said, legal=legal) if legal else said
        if legal:
            return _(
                "'{value}' is not a choice for '{action}' now; legal: {legal}", value=arg, action=named, legal=legal
            )
        return _("'{value}' is not a choice for '{action}' now", value=arg, action=named)
    names = sorted({rs.actions[k].name for k in kinds} | ({"pass"} if st.window is not None else set()))
    return _(
        "'{action}' is not an action you can take now; choose one of: {legal}",
        action=said,
        legal=legal or ", ".join(names),
    )


def _not_held(rs: Any, st: Any, act: Any, card: int, values: list) -> bool:
    """Whether the deciding seat was asked for a card it does not hold: every card the action may take
    lies in a zone of that seat's own (its hand), and `card` in none of them."""
    if act.param_kind != "card" or not values:
        return False
    held = {face for z, cards in enumerate(st.zones) if rs.zone_owner[z] == st.decider for face in cards}
    return all(v in held for v in values) and card not in held


def _whole(rs: Any, st: Any, text: str, words: Callable[[str], str] | None) -> str:
    """Why the text of a whole choice of several values is refused (the choice's own explanation)."""
    try:
        whole_choice(rs, st, text, refusal, words)
    except IllegalAction as exc:
        return str(exc)
    return _("'{action}' is not legal now", action=(words or str)(text))


def _legal_words(rs: Any, moves: list[Action], words: Callable[[str], str] | None) -> str:
    """The legal moves as the reader knows them; the picks of a choice of several values as one
    entry, `pass (3 of Clubs 5, Clubs 9, …)`, not a pick each in the engine's notation (`pass +c-5`)."""
    entries: list[Any] = []
    picked: dict[int, list] = {}  # an action's values that may be picked, by action
    for a in moves:
        if a.kind != PICK_KIND:
            entries.append(a)
        elif a.value[0] in picked:
            picked[a.value[0]].append(a.value[1])
        else:
            picked[a.value[0]] = [a.value[1]]
            entries.append(a.value[0])
    out = []
    entries = _runs(rs, entries)
    for e in entries[:SHOWN]:
        if isinstance(e, tuple):  # a run of numbers of one action: its first and last move
            out.append(" … ".join((words or str)(a.text) for a in e))
            continue
        if isinstance(e, Action):
            out.append((words or str)(e.text))
            continue
        act, values = rs.actions[e], picked[e]
        shown = [value_words(words, act.name, rs.value_text(act, v)) for v in values[:SHOWN]]
        low, high = act.count
        count = str(low) if low == high else "-".join((str(low), str(high)))
        out.append(
            _(
                "{action} ({count} of {values})",
                action=(words or str)(act.name),
                count=count,
                values=", ".join(shown) + (", …" if len(values) > SHOWN else ""),
            )
        )
    return ", ".join(out) + (", …" if len(entries) > SHOWN else "")


def _runs(rs: Any, entries: list) -> list:
    """The entries with each run of three or more moves of one action whose values are consecutive
    numbers (an `int` parameter, not cards) made one entry, its first and last move (`bid 1 … bid 13`),
    so a long list is not cut."""

    def numbered(e: Any) -> bool:
        return isinstance(e, Action) and e.kind >= 0 and rs.actions[e.kind].param_kind == "int"

    out: list = []
    run: list[Action] = []
    for e in [*entries, None]:  # (None: the end, which closes the last run)
        if run and not (numbered(e) and e.kind == run[-1].kind and e.value == run[-1].value + 1):
            out.extend(run) if len(run) < 3 else out.append((run[0], run[-1]))
            run = []
        if numbered(e):
            run.append(e)
        elif e is not None:
            out.append(e)
    return out


def _failing_for(rs: Any, st: Any, act: Any, arg: str, candidates: set) -> Any:
    """The restriction a value outside the candidates breaks, when it can be read as a card that
    lies where the action's candidates do (its `from` left it out: a hand filtered by an
    expression); a card elsewhere is simply not a choice (one in another hand, or on the table,
    was refused as "you must follow suit", as if the seat could have played it)."""
    value = rs.cards.index().get(arg.replace(" ", "-"))
    if value is None or act.param_kind != "card":
        return None
    if not any(value in cards and not candidates.isdisjoint(cards) for cards in st.zones):
        return None  # (in no zone that holds a candidate)
    st.vars[act.param_slot] = value
    try:
        return rs._failing(rs._applicable(act, st.fr), st.fr)
    except Exception:  # the value may not fit the restriction at all
        return None


def _reading_order(actions: list[Action]) -> list[Action]:
    """Actions by kind, then numbered values (cards in deck order, seats, numbers) in order, for
    messages; other values (texts: bids "1C" ... "7NT") in the order the ruleset lists them."""
    return sorted(actions, key=lambda a: (a.kind, a.value is not None, a.value if type(a.value) is int else 0))


def _rule_suffix(rule: Any) -> str:
    """The rule of an action that is not available, by id and in words where it has them."""
    if rule is None or not rule.id:
        return ""
    words = rule.text.get(language()) or rule.text.get("en") if rule.text else None
    return f" ({rule.id}: {words})" if words else f" ({rule.id})"


def refusal(r: Any) -> str:
    words = r.rule.text.get(language()) if r.rule is not None else ""
    rid = f" ({r.rule.id})" if r.rule is not None and r.rule.id else ""
    return _("not allowed: {rule}", rule=words or _("this choice breaks a rule")) + rid
