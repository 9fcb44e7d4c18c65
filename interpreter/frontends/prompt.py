"""The text prompt: one person plays a seat, agents play the others.

Everything shown comes from the seat's observation.  Input is a move
number, a card name, an action's text, or a command.  End of input, Ctrl-C
and `quit` save the game and print the command that resumes it; nothing a
person types can crash the session.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from interpreter.engine.program import FlowError
from interpreter.engine.state import IllegalAction, normalize
from interpreter.expr import ExprRuntimeError
from interpreter.frontends.interrupts import HELD
from interpreter.frontends.locks import FileBusy, FileLock
from interpreter.frontends.savefile import SaveFileError, write_save
from interpreter.text.render import Renderer

HELP = """\
Type the number of a move, or a card's name or id, or a move's text.
Commands:
  help    this text                 hint   what the AI would play
  rules   the rules of the game     score  the scores so far
  log     what has happened         save   save the game and go on
  quit    save the game and stop"""


SHOWN_WHOLE = 24  # a shared zone of more cards shows its size and its last four cards


class RulesetFailed(Exception):
    """The ruleset failed while playing (a flow error); the game is kept as it was before."""

    seed: int | None = None


@dataclass
class Session:
    """One person at the prompt, possibly over several games (next / restart)."""

    rs: Any
    ruleset_path: str
    seat: int
    agents: list
    agent_spec: str
    seed: int
    options: dict
    renderer: Renderer
    echo: Callable[[str], None]
    read: Callable[[str], str | None]
    save_path: Path
    state: Any = None
    clean: Any = None  # a copy of `state` taken after each whole move, never evaluated on: what a save writes
    log: Any = None
    log_path: str | None = None
    log_offset: int | None = None  # where this game's lines begin in the log (None: a new game, at its end)
    locks: list = field(default_factory=list)  # the save's and the log's, held while the session runs
    status: int = 0  # the exit status once the session has stopped
    game_number: int = 1
    shown: int = 0
    menu: list = field(default_factory=list)
    card_names: dict = field(default_factory=dict)

    def __post_init__(self) -> None:
        ids = self.rs.cards.ids
        for face, cid in enumerate(ids):
            self.card_names[normalize(cid)] = cid
            for name in self.rs.cards.names[face].values.values():
                self.card_names.setdefault(normalize(name), cid)

    # ----- the loop -----------------------------------------------------------
    def start(self) -> None:
        if self.state is None:
            self.state = self.rs.new_game(seed=self.seed, options=self.options)
        self.clean = self.state.clone()
        self._open_log()

    def run(self) -> int:
        """Play until the person quits or input ends; returns the exit status."""
        try:
            return self._play()
        finally:
            self.close()

    def close(self) -> None:
        """Close the log and let other processes open this game again."""
        if self.log is not None:
            self.log.stream.close()
            self.log = None
        while self.locks:
            self.locks.pop().release()

    def lock(self) -> None:
        """Hold the save file: a second cardrules opening it is refused (FileBusy names this one)."""
        if self.locks:
            return
        try:
            self.locks.append(FileLock(self.save_path).acquire())
        except FileBusy:
            raise
        except OSError:  # no lock can be made there: saving will say what is wrong with the place
            pass

    def _play(self) -> int:
        try:
            self.lock()
            self.start()
            name = self.renderer.seat(self.seat)
            who = f"seat {self.seat}" if name == f"Seat {self.seat}" else f"{name} (seat {self.seat})"
            self.echo(f"{self.renderer.text(self.rs.name)}: you play {who}. Type 'help' for commands.")
            while True:
                self._advance_agents()
                if self.state.is_terminal():
                    if not self._after_game():
                        return self.status
                    continue
                self._show()
                line = self.read("> ")
                if line is None:
                    return self._suspend("end of input")
                result = self._handle(line.strip())
                if result is not None:
                    return result
        except KeyboardInterrupt:
            return self._suspend("interrupted", status=130)
        except FileBusy as exc:
            self.echo(f"cardrules: {exc}")
            return 1
        except (RulesetFailed, FlowError, ExprRuntimeError) as exc:  # the game as it was before is saved
            seed = getattr(exc, "seed", None)
            seed = self.state.seed if seed is None and self.state is not None else seed
            self.echo(
                f"cardrules: the ruleset failed during play: {exc}"
                + (f" (game seed {seed})" if seed is not None else "")
            )
            return self._suspend("stopped", status=1)

    def _advance_agents(self) -> None:
        while not self.state.is_terminal() and self.state.current_player() != self.seat:
            seat = self.state.current_player()
            action = self.agents[seat].choose(self.state)
            self._apply(action)
            if self.log:
                self.log.action(seat, str(action), self.state)

    def _apply(self, action: Any) -> None:
        """Apply an action to a copy and keep the copy once the whole move has gone through: an
        illegal move, a failing ruleset (RulesetFailed) or a Ctrl-C leaves the game as it was."""
        after = self.state.clone()
        try:
            after.apply_action(action)
        except FlowError as exc:
            failed = RulesetFailed(str(exc))
            failed.seed = exc.seed
            raise failed from None
        self.clean = after.clone()  # before `state`: an interrupt between the two saves the new position
        self.state = after

    # ----- showing ------------------------------------------------------------
    def _show(self) -> None:
        obs = self.state.observation(self.seat)
        r = self.renderer
        self._show_events(obs)
        self.echo("")
        self._show_status()
        for info in self.rs.zones:
            self._show_zone(info, obs)
        self.menu = self._menu()
        if obs["claim_window"]:
            self.echo("A claim is possible:")
        for i, action in enumerate(self.menu, 1):
            self.echo(f"  {i:>2}) {r.action(action.text)}")

    def _show_status(self) -> None:
        from interpreter.engine.observe import value_names

        parts = []
        for label, fn, type_name in self.rs.status:
            value = value_names(self.rs, type_name, fn(self.state.fr))
            parts.append(f"{label}: {self.renderer.value(value)}")
        if parts:
            self.echo("  ".join(parts))

    def _menu(self) -> list:
        """The legal actions, cards in the order the hand is shown."""
        legal = list(self.state.legal_actions())
        order: dict[int, int] = {}
        for info in self.rs.zones:
            if info.per == "seat" and info.name in self.rs.zone_sort:
                cards = self.state.zones[info.base + self.seat]
                fn = self.rs.zone_sort[info.name]
                for c in cards:
                    order.setdefault(c, self.state.with_local("card", c, fn))

        def position(a: Any) -> Any:
            act = self.rs.actions[a.kind] if a.kind >= 0 else None
            return order.get(a.value, 0) if act is not None and act.param_kind == "card" else 0

        return sorted(legal, key=position)

    def _show_zone(self, info: Any, obs: dict) -> None:
        r = self.renderer
        label = r.text(info.label)
        cards = obs["zones"][info.name]
        if info.per == "seat":
            if info.show == "none":
                return
            for s, c in cards.items():
                if not c or (s != self.seat and info.visibility == "owner"):
                    continue
                who = "Your" if s == self.seat else f"{r.seat(s)}"
                shown = f"{len(c)} cards" if info.show == "count" else r.cards(self._sorted(info, c))
                self.echo(f"{who} {label}: {shown}")
            return
        if not cards or info.show == "none":
            return
        placed = obs["placed_by"].get(info.name)
        if info.show == "count" or info.visibility == "none":
            self.echo(f"{label}: {len(cards)} cards")
        elif len(cards) > SHOWN_WHOLE:  # a long pile: how many, and the cards put on it last
            self.echo(f"{label}: {len(cards)} cards, the last: {r.cards(cards[-4:])}")
        elif placed:  # who put each card there (a trick), in the zone's sort order if it has one
            pairs = self._sorted_pairs(info, list(zip(cards, placed)))
            named = [f"{self._who(p)} {r.card(c)}" if p >= 0 else r.card(c) for c, p in pairs]
            self.echo(f"{label}: " + ", ".join(named))
        else:
            self.echo(f"{label}: {r.cards(self._sorted(info, cards))}")

    def _who(self, seat: int) -> str:
        return "you" if seat == self.seat else self.renderer.seat(seat)

    def _sorted(self, info: Any, cards: list) -> list:
        return [c for c, _ in self._sorted_pairs(info, [(c, -1) for c in cards])]

    def _sorted_pairs(self, info: Any, pairs: list) -> list:
        """(card id, placer) pairs in the zone's `sort` order; as they lie when it has none or a
        card is hidden."""
        fn = self.rs.zone_sort.get(info.name)
        if fn is None or any(c is None for c, _ in pairs):
            return pairs
        index = self.rs.cards.index()
        return sorted(pairs, key=lambda pair: self.state.with_local("card", index[pair[0]], fn))

    # ----- input --------------------------------------------------------------
    def _handle(self, line: str) -> int | None:
        if not line:
            return None
        word = line.lower()
        commands = {
            "help": self._help,
            "?": self._help,
            "hint": self._hint,
            "rules": self._rules,
            "score": self._score,
            "log": self._log,
            "save": self._save_command,
        }
        if word in commands:
            commands[word]()
            return None
        if word in ("quit", "exit", "q"):
            return self._suspend("quit")
        action = self._parse_move(line)
        if action is None:
            return None
        try:
            self._apply(action)
        except IllegalAction as exc:
            self.echo(str(exc))
            return None
        if self.log:
            self.log.action(self.seat, str(action), self.state)
        return None

    def _parse_move(self, line: str) -> Any:
        legal = self.menu or self.state.legal_actions()
        if len(line) > 200:
            self.echo("that line is too long to be a move; type a number, a card or 'help'")
            return None
        if line.isascii() and line.isdigit():
            n = int(line)
            if 1 <= n <= len(legal):
                return legal[n - 1]
            self.echo(f"there is no move {n}; choose 1 to {len(legal)}")
            return None
        key = normalize(line)
        for a in legal:
            if normalize(a.text) == key:
                return a
        card = self.card_names.get(key)
        if card is not None:
            matches = [a for a in legal if a.text.endswith(" " + card)]
            if len(matches) == 1:
                return matches[0]
            if len(matches) > 1:
                self.echo("which move? " + ", ".join(a.text for a in matches))
                return None
            verbs = sorted({a.text.split(" ")[0] for a in legal if " " in a.text})
            if verbs:
                self.echo(self.rs.explain(self.state, f"{verbs[0]} {card}"))
                return None
            self.echo(f"{self.renderer.card(card)} is not a move now")
            return None
        verb = key.split(" ")[0]
        if any(normalize(a.text).split(" ")[0] == verb for a in legal) or any(
            normalize(act.name) == verb for act in self.rs.actions
        ):
            self.echo(self.rs.explain(self.state, line))
            return None
        self.echo(f"'{line}' is not a move or a command; type a number from 1 to {len(legal)}, or 'help'")
        return None

    # ----- commands -----------------------------------------------------------
    def _help(self) -> None:
        self.echo(HELP)

    def _hint(self) -> None:
        from interpreter.agents.spec import make_agents

        try:
            advisor = make_agents("ismcts:iterations=200", self.rs, self.seed + 1)[self.seat]
        except ValueError:
            advisor = make_agents("random", self.rs, self.seed + 1)[self.seat]
        action = advisor.choose(self.state.clone())
        self.echo(f"hint: {self.renderer.action(str(action))}")

    def _rules(self) -> None:
        r = self.renderer
        for rule in self.rs.model.rules:
            self.echo(f"  {rule.id}: {r.text(rule.text)}")

    def _score(self) -> None:
        self._show_status()
        if self.state.records:
            self.echo(f"results so far: {self.state.records}")

    def _log(self) -> None:
        obs = self.state.observation(self.seat)
        for event in obs["history"][-60:]:
            self.echo(self._event_line(event))

    def _save_command(self) -> None:
        try:
            path = self.save()
        except OSError as exc:
            self.echo(f"could not save the game ({exc.strerror or exc}); the game goes on")
            return
        self.echo(f"saved to {path}")

    # ----- end of game --------------------------------------------------------
    def _after_game(self) -> bool:
        st = self.state
        if self.log:
            self.log.end(st)
        self._show_history_tail()
        template = self.rs.summary.get(self.renderer.lang) or self.rs.summary.get("en")
        if template:
            self.echo(self.rs.fill(st, template))
        scores = st.returns()
        self.echo("final scores: " + ", ".join(f"{self.renderer.seat(s)} {v}" for s, v in enumerate(scores)))
        mine, best = scores[self.seat], max(scores)
        self.echo(
            "You win!"
            if mine == best and scores.count(best) < len(scores)
            else "A draw."
            if len(set(scores)) == 1
            else "You lose."
            if mine < best
            else "You share the lead."
        )
        while True:
            line = self.read("next, restart or quit? ")
            if line is None:
                self.status = self._suspend("end of input")
                return False
            if line.strip().lower() in ("quit", "q", "exit"):
                self.status = self._suspend("quit")  # the finished match: resuming it shows this screen
                return False
            word = line.strip().lower()
            if word in ("next", "n", "restart", "r"):
                carry = st if word.startswith("n") else None
                fresh = self.rs.new_game(seed=self.seed + self.game_number, options=self.options, carry_from=carry)
                self.clean, self.state = fresh.clone(), fresh
                self.game_number += 1
                self.shown = 0
                self.log_offset = None
                self._open_log()
                return True
            self.echo("type next (scores kept), restart (scores cleared) or quit")

    def _show_history_tail(self) -> None:
        self._show_events(self.state.observation(self.seat))

    def _show_events(self, obs: dict) -> None:
        for event in obs["history"][self.shown :]:
            self.echo(self._event_line(event))
        self.shown = len(obs["history"])

    def _event_line(self, event: dict) -> str:
        r = self.renderer
        if event["seat"] < 0:
            texts = event["action"]
            text = texts.get(r.lang) or texts.get("en") or next(iter(texts.values()), "")
            return "* " + re.sub(
                r"[a-z0-9][a-z0-9-]*", lambda m: r.card(m.group()) if m.group() in r.index else m.group(), text
            )
        who = "You" if event["seat"] == self.seat else r.seat(event["seat"])
        return f"  {who}: {r.action(event['action'])}"

    # ----- saving -------------------------------------------------------------
    def _open_log(self) -> None:
        """Open the log at this game's place and write the game so far (all of it on a resume)."""
        if self.log is not None:
            self.log.stream.close()
            self.log = None
        if not self.log_path:
            return
        if os.path.exists(self.log_path) and not os.path.isfile(self.log_path):
            self.echo(f"not writing a log: {self.log_path} is not a regular file")
            self.log_path = None
            return
        from interpreter.frontends.gamelog import LogWriter, open_game_section

        try:
            if len(self.locks) < 2:
                self.locks.append(FileLock(self.log_path, "this game's log").acquire())
            stream, self.log_offset = open_game_section(self.log_path, self.log_offset)
        except OSError as exc:
            self.echo(f"cannot write the log {self.log_path} ({getattr(exc, 'strerror', None) or exc}); playing on")
            self.log_path = None
            return
        self.log = LogWriter(
            stream,
            self.rs,
            self.ruleset_path,
            self.seed + self.game_number - 1,
            [a.describe() for a in self.agents],
            self.options,
        )
        self.log.replay_of(self.state)

    def save(self) -> Path:
        with HELD:
            return self._save()

    def _save(self) -> Path:
        if self.state is None:
            raise OSError("the game had not begun")
        data = {
            "ruleset": str(Path(self.ruleset_path).resolve()),
            "ruleset_id": self.rs.id,
            "sha256": self.rs.source_sha256,
            "seat": self.seat,
            "agents": self.agent_spec,
            "seed": self.seed,
            "options": self.options,
            "lang": self.renderer.lang,
            "game_number": self.game_number,
            "log": str(Path(self.log_path).resolve()) if self.log_path else None,
            "log_offset": self.log_offset,
            "shown": self.shown,
            "state": (self.clean or self.state).to_json(),
        }
        try:
            write_save(self.save_path, data)
        except SaveFileError as exc:
            raise OSError(str(exc)) from None
        return self.save_path

    def _suspend(self, why: str, status: int = 0) -> int:
        HELD.__enter__()  # stopping anyway: a Ctrl-C now must not cut the save or its message short
        try:
            if self.state is None:
                self.echo(f"\n{why} before the game began: nothing to save")
                return status
            try:
                path = self._save()
            except OSError as exc:
                self.echo(f"\n{why}: could not save the game ({exc})")
                return 1
            if self.log is not None:
                try:
                    self.log.suspended(self.clean or self.state)
                except OSError:
                    pass
            self.echo(f"\n{why}: game saved. Resume it with:\n  cardrules play --resume {_quote(str(path))}")
            return status
        finally:
            HELD.release(raise_pending=False)


def _quote(path: str) -> str:
    import shlex

    return shlex.quote(path)
