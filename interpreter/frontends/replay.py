"""Re-run a game log: force its deck orders, apply its actions, compare results."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from interpreter.base.i18n import _
from interpreter.base.records import dataclass, field
from interpreter.frontends.gamelog import LogError, read_log


@dataclass
class ReplayReport:
    games: int = 0
    actions: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


def _ruleset_for(header: dict, log_path: Path, cache: dict) -> Any:
    from interpreter.base.resources import shipped_ruleset
    from interpreter.compiling.pipeline import load_ruleset

    path = header.get("ruleset") or ""
    candidates = [Path(path), log_path.parent / path]
    shipped = shipped_ruleset(str(header.get("ruleset_id") or ""))
    if shipped:
        candidates.append(shipped)
    players = header.get("players")  # (logs written before players.choices: the ruleset's players.count)
    if players is not None and type(players) is not int:
        raise LogError(
            f"{log_path}: " + _("the header's number of players {found} is not a number", found=repr(players))
        )
    for p in candidates:
        if p.is_file():
            key = (str(p.resolve()), players)
            if key not in cache:
                cache[key] = load_ruleset(p, players=players)
            return cache[key]
    raise LogError(f"{log_path}: " + _("the log's ruleset {path} cannot be found", path=repr(path)))


def replay_log(path: str | Path, check: bool = True, on_action: Any = None) -> ReplayReport:
    """Replay every game of a log; with `check`, collect every difference from the recorded results."""
    path = Path(path)
    report = ReplayReport()
    cache: dict = {}
    for game in read_log(path):
        try:
            _replay_game(report, path, game, cache, check, on_action)
        except LogError as exc:
            report.problems.append(str(exc))
        except BrokenPipeError:  # the reader of the actions went away (`replay LOG | head`): not the log's fault
            raise
        except Exception as exc:  # an edited or damaged log: say where, never crash
            report.problems.append(
                f"{path}:{game['line']}: " + _("the game cannot be replayed: {error}", error=_said(exc))
            )
    return report


def _replay_game(report: ReplayReport, path: Path, game: dict, cache: dict, check: bool, on_action: Any) -> None:
    from interpreter.base.diagnostics import RulesetError
    from interpreter.compiling.pipeline import PlayerCountError
    from interpreter.engine.state import IllegalAction

    header = game["header"]
    try:
        rs = _ruleset_for(header, path, cache)
    except RulesetError as exc:
        raise LogError(f"{path}:{game['line']}: " + _("the log's ruleset is not valid: {error}", error=exc)) from None
    except PlayerCountError as exc:
        raise LogError(
            f"{path}:{game['line']}: " + _("the log's game cannot be played again: {error}", error=exc)
        ) from None
    if header.get("sha256") != rs.source_sha256:
        report.problems.append(f"{path}:{game['line']}: " + _("the ruleset file changed since the log was written"))
    for problem in header_problems(header, rs):
        report.problems.append(f"{path}:{game['line']}: {problem}")
    undos = sorted(game.get("undos") or ())
    decks = game["decks"]
    if not all(isinstance(deck[1], list) for deck in decks):
        raise LogError(f"{path}: " + _("a deck line is damaged"))
    first_undo = undos[0][0] if undos else None
    orders = [order for line, order in decks if first_undo is None or line < first_undo]
    options = header.get("options") or {}
    seed = header.get("seed", 0)
    carried = header.get("carried") or None
    if not isinstance(options, dict) or type(seed) is not int or not isinstance(carried, (dict, type(None))):
        raise LogError(f"{path}:{game['line']}: " + _("the header's seed, options or carried values are damaged"))
    try:
        st = rs.new_game(seed=seed, options=options, deck_orders=orders, carried=carried)
    except Exception as exc:  # options or deck orders that do not fit the ruleset
        raise LogError(f"{path}:{game['line']}: " + _("cannot start the game: {error}", error=_said(exc))) from None
    report.games += 1
    if orders and check:
        dealt = _first_deal(rs, seed, options, carried)
        if dealt is not None and [rs.cards.ids[c] for c in dealt] != list(orders[0]):
            report.problems.append(
                f"{path}:{game['decks'][0][0]}: "
                + _("the deck is not what the header's seed {seed} deals (the seed or the deck was changed)", seed=seed)
            )
    steps = sorted(
        [(line, "action", (seat, text)) for line, seat, text in game["actions"]]
        + [(line, "undo", decisions) for line, decisions in undos]
        + [(line, "result", values) for line, values in game["results"]],
        key=lambda step: step[0],
    )
    positions = {st.decisions: st.clone()} if undos else {}  # where an undo may go back to
    expected: list = []  # the results of the game as it went on after its undos
    for line, what, value in steps:
        if what == "result":
            expected.append((line, value))
            continue
        if what == "undo":
            back = positions.get(value) if type(value) is int else None
            if back is None:
                report.problems.append(f"{path}:{line}: " + _("the undo goes back to a position the game never had"))
                break
            st = back.clone()
            later = [undo[0] for undo in undos if undo[0] > line]
            st.forced_orders = [  # the shuffles made again after the undo were logged after it
                rs.faces(order) for at, order in decks if at > line and (not later or at < later[0])
            ]
            expected = expected[: len(st.records)]
            continue
        seat, text = value
        if st.is_terminal():
            report.problems.append(f"{path}:{line}: " + _("the game is already over before this action"))
            break
        if seat != st.current_player():
            report.problems.append(
                f"{path}:{line}: "
                + _("seat {seat} acts, but seat {turn} is to act", seat=seat, turn=st.current_player())
            )
            break
        try:
            st.apply_action(str(text))
        except IllegalAction as exc:
            report.problems.append(f"{path}:{line}: " + _("'{text}' is not legal here: {error}", text=text, error=exc))
            break
        except Exception as exc:  # a damaged deck order or a ruleset failing on it
            report.problems.append(f"{path}:{line}: " + _("the replay failed here: {error}", error=_said(exc)))
            break
        report.actions += 1
        if undos:
            positions[st.decisions] = st.clone()
        if on_action:
            on_action(seat, text, st)
    if check:
        _compare(report, path, dict(game, results=expected), st)


def _said(exc: Exception) -> str:
    """An error in the program's words: its own as they are (a ruleset failure, an unknown card),
    Python's described."""
    from interpreter.engine.program import FlowError
    from interpreter.expr.runtime import failure_words

    if isinstance(exc, (FlowError, LogError)) or (isinstance(exc, ValueError) and "unknown" in str(exc)):
        return str(exc)
    return failure_words(exc)


VERSION = re.compile(r"\d+\.\d+\.\d+")


def header_problems(header: dict, rs: Any) -> list[str]:
    """What in a header cannot be true of a log this program wrote for this ruleset."""
    from interpreter import __version__
    from interpreter.agents.spec import AgentSpecError, parse_agent_spec

    problems = []
    version = header.get("version")
    if not isinstance(version, str) or not VERSION.fullmatch(version) or _later(version, __version__):
        problems.append(
            _(
                "the header's version {version} is not one of a cardrules up to {latest}",
                version=repr(version),
                latest=__version__,
            )
        )
    if header.get("ruleset_id") != rs.id:
        problems.append(
            _(
                "the header's ruleset_id {found} is not the ruleset's id '{id}'",
                found=repr(header.get("ruleset_id")),
                id=rs.id,
            )
        )
    if not isinstance(header.get("ruleset"), str) or not header["ruleset"]:
        problems.append(_("the header's ruleset path is missing or not text"))
    agents = header.get("agents")
    if not isinstance(agents, list) or len(agents) != rs.num_players or not all(isinstance(a, str) for a in agents):
        problems.append(_("the header's agents are not one agent per seat ({n})", n=rs.num_players))
    else:
        for agent in agents:
            try:
                parse_agent_spec(agent)
            except AgentSpecError as exc:
                problems.append(
                    _("the header's agent {agent} is not an agent ({error})", agent=repr(agent[:60]), error=exc)
                )
                break
    return problems


def _later(version: str, current: str) -> bool:
    return tuple(int(x) for x in version.split(".")) > tuple(int(x) for x in current.split("."))


def _first_deal(rs: Any, seed: int, options: dict, carried: dict | None = None) -> Any:
    """The first deck order that `seed` deals (None when the game shuffles nothing before it stops)."""
    try:
        st = rs.new_game(seed=seed, options=options, carried=carried)
    except Exception:  # a ruleset that fails to start: the replay itself says so
        return None
    return st.shuffles[0][1] if st.shuffles else None


def _normal(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return [_normal(v) for v in value]
    if isinstance(value, dict):
        return {k: _normal(v) for k, v in value.items()}
    return value


def _same(logged: Any, replayed: Any, tables: tuple) -> bool:
    """Equal as plain data.  Logs written before records showed ids (release 0.1.0) give an enum
    value as its number: a number matches the id at that index of one of the ruleset's tables."""
    if type(logged) is int and isinstance(replayed, str):
        return any(0 <= logged < len(t) and t[logged] == replayed for t in tables)
    if isinstance(logged, (list, tuple)) and isinstance(replayed, (list, tuple)):
        return len(logged) == len(replayed) and all(_same(a, b, tables) for a, b in zip(logged, replayed))
    if isinstance(logged, dict) and isinstance(replayed, dict):
        return logged.keys() == replayed.keys() and all(_same(logged[k], replayed[k], tables) for k in logged)
    return logged == replayed


def _id_tables(rs: Any) -> tuple:
    cards = rs.cards
    actions = tuple(a.name for a in rs.actions)
    return (cards.ids, cards.suit_ids, cards.rank_ids, rs.team_ids, rs.kind_names, actions)


def _compare(report: ReplayReport, path: Path, game: dict, st: Any) -> None:
    recorded = game["results"]
    tables = _id_tables(st.rs)
    for i, (line, values) in enumerate(recorded):
        if i >= len(st.records):
            report.problems.append(f"{path}:{line}: " + _("the replay produced no result here"))
            break
        if not _same(values, st.records[i], tables):
            report.problems.append(
                f"{path}:{line}: "
                + _(
                    "result differs: log has {logged}, replay gives {replayed}",
                    logged=values,
                    replayed=_normal(st.records[i]),
                )
            )
    if len(st.records) > len(recorded):
        report.problems.append(
            f"{path}: "
            + _(
                "the replay produced {replayed} results, the log {logged}",
                replayed=len(st.records),
                logged=len(recorded),
            )
        )
    end = game["end"]
    if game["failed"] is not None:
        line, error = game["failed"]
        report.problems.append(
            f"{path}:{line}: " + _("the game stopped because the ruleset failed: {error}", error=error)
        )
    elif end is None and game["suspended"] is None:
        last = max([game["line"]] + [x[0] for key in ("decks", "actions", "results") for x in game[key]])
        report.problems.append(
            f"{path}:{last}: " + _("the log ends before its game ended (no end line after this one)")
        )
    if end is not None:
        line, returns = end
        if not st.is_terminal():
            report.problems.append(f"{path}:{line}: " + _("the log says the game ended, but the replay has not ended"))
        elif _normal(returns) != _normal(st.returns()):
            report.problems.append(
                f"{path}:{line}: "
                + _("returns differ: log {logged}, replay {replayed}", logged=returns, replayed=st.returns())
            )


def replay_logs(logs: Sequence[str], check: bool, show: Callable) -> bool:
    """`cardrules replay`: each log replayed in turn, its problems and a count printed; False on a failure."""
    import click

    from interpreter.base.i18n import _, ngettext

    games = actions = problems = unreadable = 0
    for log in logs:
        try:
            report = replay_log(log, check=check, on_action=show)
        except LogError as exc:
            click.echo(_("cardrules: {error}", error=exc), err=True)
            unreadable += 1
            continue
        for problem in report.problems:
            click.echo(problem, err=True)  # each names its log and line
        games, actions, problems = games + report.games, actions + report.actions, problems + len(report.problems)
    parts = [ngettext("{n} game", "{n} games", games)]
    if len(logs) > 1:
        parts[0] = ngettext("{games} from {n} log", "{games} from {n} logs", len(logs) - unreadable, games=parts[0])
    parts.append(ngettext("{n} action replayed", "{n} actions replayed", actions))
    if problems:
        parts.append(ngettext("{n} problem", "{n} problems", problems))
    if unreadable:
        parts.append(ngettext("{n} log could not be read", "{n} logs could not be read", unreadable))
    click.echo(_(", ").join(parts))
    return not (unreadable or (check and problems))
