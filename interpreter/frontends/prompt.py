"""The text prompt: one person plays a seat, agents play the others.

Everything shown comes from the seat's observation: what happened from its
events (engine/events.py, written by text/story.py), the board from its zones
and status lines (frontends/screen.py).  Input is a move number, a card
name, an action's text, a whole choice of several cards, or a command
(frontends/commands.py).  End of input, Ctrl-C and `quit` save the game and
print the command that resumes it; nothing a person types can crash the
session.
"""

from __future__ import annotations

import os
import shlex
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path
from typing import Any

from interpreter.base.i18n import N_, _
from interpreter.base.records import dataclass, field
from interpreter.engine.program import FlowError
from interpreter.engine.state import PICK_KIND, IllegalAction, normalize
from interpreter.expr import ExprRuntimeError
from interpreter.frontends.clicktext import language_note
from interpreter.frontends.commands import Commands
from interpreter.frontends.interrupts import HELD, hangups_as_interrupts, stopping
from interpreter.frontends.locks import FileBusy, FileLock, Guarded, why
from interpreter.frontends.savefile import SaveFileError, default_save_path, ruleset_fields, write_save
from interpreter.frontends.screen import Screen
from interpreter.frontends.typedmoves import TypedMoves, typed
from interpreter.text.render import HIDDEN, Renderer
from interpreter.text.story import WORDS as STORY_WORDS
from interpreter.text.story import StoryWriter, told_again

MATCH_ROWS = ("deal_end", "bonus")  # the events that add a row to the match table (end_deal steps)
FORCED_RUN = 20  # the person's moves that may play themselves in a row before one is asked for

# The words this module writes itself, marked for the catalogs and translated where shown.
WORDS = {
    "hello": N_("{game}: you play {who}. Type 'help' for commands."),
    "hello_alone": N_("{game}. Type 'help' for commands."),
    "forced": N_("Your only legal move: {move}. It plays itself (--confirm-forced to type it)."),
    "forced_run": N_("{n} of your moves have played themselves in a row: type the next one to go on."),
    "others_next": N_("{who} plays next; the AI seats play until it is your turn."),
    "next_deal": N_("Press Enter for the next deal. "),
    "failed": N_("cardrules: the ruleset failed during play: {error}"),
    "seed": N_(" (game seed {seed})"),
    "final": N_("Final scores: {scores}"),
    "win": N_("You win!"),
    "share": N_("You share first place."),
    "draw": N_("A draw."),
    "lose": N_("You lose."),
    "again": N_("next, restart or quit? "),
    "again_help": N_("type next (scores kept), restart (scores cleared), score, log, last or quit"),
    # a game that keeps nothing for the next (no result.carry): `next` and `restart` alike
    "again_fresh": N_("next or quit? "),
    "again_fresh_help": N_("type next (a new game: this game keeps no scores for it), score, log, last or quit"),
    "no_log": N_("not writing a log: {path} is not a regular file"),
    "log_failed": N_("cannot write the log {path} ({error}); playing without a log"),
}

SHOWN_WHOLE = 24  # a shared zone of more cards shows its size and its last four cards (frontends/screen.py)


class RulesetFailed(Exception):
    """The ruleset failed while playing (a flow error); the game is kept as it was before."""

    seed: int | None = None


@dataclass
class Session(TypedMoves):
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
    shown: int = 0  # events of the seat's observation already shown
    menu: list = field(default_factory=list)
    card_names: dict = field(default_factory=dict)
    seat_names: dict = field(default_factory=dict)  # a seat by its name, as a move's value
    confirm_forced: bool = False  # a move that is the only legal one is typed, not played for the person
    forced_run: int = 0  # the person's moves played for them since they last typed one
    columns: int = 100  # the terminal's width
    page: Callable[[str], None] | None = None  # shows a long text (a pager when the terminal is interactive)
    pause: bool = False  # wait for Enter after a deal's summary before AI seats open the next (a terminal)
    undo_points: list = field(default_factory=list)  # the position before each of the person's decisions
    earlier: list = field(default_factory=list)  # the deals of earlier games of this match (`next`)
    last_round: list = field(default_factory=list)  # lines of the last completed trick or turn
    since_move: list = field(default_factory=list)  # lines shown since the person's previous move
    hidden_shown: bool = False  # a hidden card was shown since the last board (which then explains it)
    look_due: bool = True  # a deal has begun and its table not been shown yet
    redraw: bool = True  # show the table before the next prompt (not after a refused line: it is just above)

    def __post_init__(self) -> None:
        ids = self.rs.cards.ids
        for face, cid in enumerate(ids):
            self.card_names[normalize(cid)] = cid
            for name in self.rs.cards.names[face].values.values():
                self.card_names.setdefault(normalize(name), cid)
        self.renderer.viewer = self.seat
        for s in range(self.rs.num_players):  # seats by the names the table writes (and "seat 2")
            self.seat_names[normalize(self.renderer.seat(s))] = s
            self.seat_names.setdefault(normalize(_("Seat {seat}", seat=s)), s)
        self.story = StoryWriter(self.renderer, self.columns, self.sorted_cards)
        self.screen = Screen(self.rs, self.renderer, self.columns, self.sorted_cards)
        self.commands = Commands(self)

    # ----- the loop -----------------------------------------------------------
    def start(self) -> None:
        if self.state is None:
            self.state = self.rs.new_game(seed=self.seed, options=self.options, story=True)
        self.clean = self.state.clone()
        if self.shown:  # a resumed game: `last` shows the last trick or turn told before the save
            self.recall_last_round(self.state.observation(self.seat)["events"][: self.shown])
        self._open_log()

    def recall_last_round(self, events: list) -> None:
        """`last` shows the last completed trick or turn of these events (a resumed game, an undo)."""
        rounds = [e for e in events if _a_round(e)]
        self.last_round, self.since_move = (self.story.lines(rounds[-1]) if rounds else []), []

    def run(self) -> int:
        """Play until the person quits or input ends; returns the exit status."""
        with hangups_as_interrupts():  # a closed terminal saves the game as Ctrl-C does
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
        except OSError as exc:  # no lock can be made there, so no save either: said before the game
            self.echo(
                _("note: this game cannot be saved in {folder} ({error})", folder=self.save_path.parent, error=why(exc))
            )

    def _play(self) -> int:
        try:
            self.lock()
            self.start()
            game = self.renderer.text(self.rs.name)
            who = self.screen._own_name(self.seat)
            team = self.screen.team_words(self.seat)
            if self.rs.num_players == 1:  # (no seat to tell apart from others)
                self.echo(_(WORDS["hello_alone"], game=game))
            else:
                self.echo(_(WORDS["hello"], game=game, who=_(", ").join(p for p in (who, team) if p)))
            note = language_note(self.rs, self.renderer.lang)
            if note:
                self.echo(note)
            while True:
                self._advance()
                self._log_health()
                if self.state.is_terminal():
                    if not self._after_game():
                        return self.status
                    continue
                if self.redraw:
                    self._show()
                self.redraw = True
                line = self.read("> ")
                if line is None:
                    return self._suspend(N_("end of input"))
                result = self._handle(typed(line))
                if result is not None:
                    return result
        except KeyboardInterrupt:
            stopping()
            return self._suspend(N_("interrupted"), status=130)
        except FileBusy as exc:
            self.echo(_("cardrules: {error}", error=exc))
            return 1
        except (RulesetFailed, FlowError, ExprRuntimeError) as exc:  # the game as it was before is saved
            seed = getattr(exc, "seed", None)
            seed = self.state.seed if seed is None and self.state is not None else seed
            self.echo(_(WORDS["failed"], error=exc) + (_(WORDS["seed"], seed=seed) if seed is not None else ""))
            return self._suspend(N_("stopped"), status=1)
        except Exception:  # a bug in cardrules (an AI seat's, say): the game is saved, then the error told
            self._suspend(N_("stopped"), status=1)
            raise

    def _advance(self) -> None:
        """Agents play their seats; a move that is the person's only legal one plays itself."""
        while not self.state.is_terminal():
            seat = self.state.current_player()
            if seat != self.seat:
                if not self.look_due:  # what happened so far is shown while the seat thinks
                    self._show_events(self.state.observation(self.seat))
                if self.look_due:  # (a deal the seat opens, just ended or not: its table first)
                    self._look(seat)
                action = self.agents[seat].choose(self.state)
                self._apply(action)
                if self.log:
                    self.log.action(seat, str(action), self.state)
                continue
            legal = self.state.legal_actions()
            # (a card of a choice of several waits, as in the browser: the choice is the person's to
            # finish or take back; a held-out Canasta's meld was finished with a joker unasked)
            if self.confirm_forced or len(legal) != 1 or legal[0].kind == PICK_KIND:
                return
            if self.forced_run >= FORCED_RUN:  # (a game that goes round in forced moves waits for the person)
                self._show_events(self.state.observation(self.seat))
                self.echo(_(WORDS["forced_run"], n=self.forced_run))
                return
            self.forced_run += 1
            self._show_events(self.state.observation(self.seat))
            self.echo(_(WORDS["forced"], move=self.renderer.action(legal[0].text)))
            self._apply(legal[0])
            if self.log:
                self.log.action(seat, str(legal[0]), self.state)

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

    def play_move(self, action: Any) -> None:
        """The person's decision: applied (or refused with its reason), remembered for `undo`, logged."""
        before = self.clean
        try:
            self._apply(action)
        except IllegalAction as exc:  # (a whole choice typed at once: why, its cards as the table names them)
            self.echo(
                self.rs.explain(self.state, action, self.renderer.action) if isinstance(action, str) else str(exc)
            )
            self.redraw = False
            return
        choosing = before.history and before.history[-1][1] == PICK_KIND  # (a choice's later picks: one move)
        if not choosing or not self.undo_points:  # (resumed in the middle of a choice: from there)
            self.undo_points.append(before)
        self.since_move, self.forced_run = [], 0
        if self.log:
            self.log.action(self.seat, str(action), self.state)

    # ----- showing ------------------------------------------------------------
    def _show(self) -> None:
        obs = self.state.observation(self.seat)
        self._board(obs)
        self.menu = self._menu()
        for line in self.screen.decision(obs):
            self.echo(line)
        for line in self.screen.menu([a.text for a in self.menu]):
            self.echo(line)

    def _board(self, obs: dict) -> None:
        """The events not shown yet, then the table as the person's seat sees it."""
        self._show_events(obs)
        self.echo("")
        board = self.screen.board(obs, self.seat)
        for line in board:
            self.echo(line)
        if self.hidden_shown or any(HIDDEN in line for line in board):
            self.echo(_(STORY_WORDS["legend"], hidden=HIDDEN))
        self.hidden_shown = False
        self.look_due = False

    def _look(self, seat: int) -> None:
        """A deal that an AI seat opens: the table at once (the person's hand), before anyone thinks."""
        self._board(self.state.observation(self.seat))
        self.echo(_(WORDS["others_next"], who=self.renderer.seat(seat)))

    def _show_events(self, obs: dict) -> None:
        events = obs["events"]
        fresh = events[self.shown :]
        deals_before = sum(1 for e in events[: self.shown] if e["kind"] in MATCH_ROWS)
        for i, event in enumerate(fresh):
            if told_again(event, events[: self.shown + i], self.seat):
                continue  # (the seat's own claim-window answer, told when made, is not told again as the claim)
            lines = self.story.lines(event)
            if _a_round(event):
                self.last_round = lines
            if event["kind"] in MATCH_ROWS:  # a deal's end, or a bonus row when the game ends
                deals_before += 1
                self.look_due = self.look_due or event["kind"] == "deal_end"
                lines = lines + self.story.match_table(obs["deals"][:deals_before], self.earlier)
            for line in lines:
                self.echo(line)
            self.since_move.extend(lines)
            self.hidden_shown = self.hidden_shown or any(HIDDEN in line for line in lines)
            if event["kind"] == "deal_end" and self._pause_here(events, self.shown + i):
                self.read(_(WORDS["next_deal"]))  # (the summary is read before AI moves scroll it away)
        self.shown = len(events)

    def _pause_here(self, events: list, at: int) -> bool:
        """Whether to wait after the deal summary at `at`: at a terminal, when the game goes on and
        AI seats move before the person (a summary the person's own turn follows stays in sight)."""
        if not self.pause or self.state.is_terminal() or self.state.current_player() == self.seat:
            return False
        return not any(e["kind"] == "deal_end" for e in events[at + 1 :])  # (the last of several only)

    def _menu(self) -> list:
        """The legal actions, cards in the order the hand is shown (my cards first, then another
        seat's its zone shows: a declarer's moves of the dummy's cards)."""
        legal = list(self.state.legal_actions())
        order: dict[int, tuple] = {}
        seats = [self.seat, *(s for s in range(self.rs.num_players) if s != self.seat)]
        for rank, seat in enumerate(seats):  # (a zone's keys are all numbers or all texts: never compared)
            for z, info in enumerate(self.rs.zones):
                if info.per == "seat" and info.name in self.rs.zone_sort:
                    fn = self.rs.zone_sort[info.name]
                    for c in self.state.zones[info.base + seat]:
                        order.setdefault(c, (0, min(rank, 1), z, self.state.with_local("card", c, fn)))

        def position(a: Any) -> Any:  # moves without a card first, then cards as their zones sort them
            kind, value = a.value if a.kind == PICK_KIND else (a.kind, a.value)  # (a pick: one card of a choice)
            act = self.rs.actions[kind] if kind >= 0 else None
            return order.get(value, (1,)) if act is not None and act.param_kind == "card" else (-1,)

        return sorted(legal, key=position)

    def sorted_cards(self, zone: str, cards: list) -> list:
        """Card ids in the zone's `sort` order (as they lie when it has none, or a card is hidden)."""
        fn = self.rs.zone_sort.get(zone)
        if fn is None or any(c is None for c in cards):
            return list(cards)
        index = self.rs.cards.index()
        return sorted(cards, key=lambda c: self.state.with_local("card", index[c], fn))

    # ----- input --------------------------------------------------------------
    def _handle(self, line: str) -> int | None:
        if not line:
            return None
        word = line.lower()
        if word in ("quit", "exit", "q"):
            return self._suspend(N_("quit"))
        if self.commands.run(word):
            return None
        action = self._parse_move(line)
        if action is not None:
            self.play_move(action)
        else:  # (refused, and said why: the table and the moves stand just above; Enter shows them again)
            self.redraw = False
        return None

    # ----- end of game --------------------------------------------------------
    def _after_game(self) -> bool:
        st = self.state
        if self.log:
            self.log.end(st)
        obs = st.observation(self.seat)
        self._show_events(obs)
        if obs.get("summary"):  # the ruleset's own words on the game (`result.summary`)
            self.echo(self.renderer.fill(obs["summary"]))
        self.echo(_(WORDS["final"], scores=self.final_scores(st.returns())))
        if self.rs.num_players > 1 or self.rs.won_fn:  # a patience has its score (and result.won, if any)
            self.echo(self.verdict(st.returns()))
        keeps = bool(self.rs.carry_slots)  # result.carry: `next` keeps the scores, `restart` clears them
        while True:
            line = self.read(_(WORDS["again" if keeps else "again_fresh"]))
            if line is None:
                self.status = self._suspend(N_("end of input"))
                return False
            word = line.strip().lower()
            if word in ("quit", "q", "exit"):
                self.status = self._suspend(N_("quit"))  # the finished match: resuming it shows this screen
                return False
            if word in ("next", "n", "restart", "r"):
                self._new_game(carry=keeps and word.startswith("n"))
                return True
            if word in ("score", "log", "last"):
                self.commands.run(word)
                continue
            self.echo(_(WORDS["again_help" if keeps else "again_fresh_help"]))

    def _new_game(self, carry: bool) -> None:
        st = self.state
        if carry:
            self.earlier = self.earlier + list(st.observation(self.seat)["deals"])
        else:
            self.earlier = []
        fresh = self.rs.new_game(
            seed=self.seed + self.game_number, options=self.options, carry_from=st if carry else None, story=True
        )
        self.clean, self.state = fresh.clone(), fresh
        self.game_number += 1
        self.shown = 0
        self.look_due = True
        self.undo_points = []
        self.log_offset = None
        self._open_log()

    def final_scores(self, scores: list) -> str:
        rs, r = self.rs, self.renderer
        if rs.team_ids and len(rs.team_ids) < rs.num_players:
            firsts = [rs.team_of_seat.index(t) for t in range(len(rs.team_ids))]
            return _(", ").join(f"{r.team(rs.team_ids[t])} {scores[s]}" for t, s in enumerate(firsts))
        return _(", ").join(f"{r.seat(s)} {v}" for s, v in enumerate(scores))

    def verdict(self, scores: list) -> str:
        """Win only when alone (or with your team) at the top, a tie for first no win; or as result.won says."""
        rs = self.rs
        if rs.won_fn is not None:
            return _(WORDS["win"]) if self.seat in self.rs.winners(self.state) else _(WORDS["lose"])
        best = max(scores)
        mine = scores[self.seat]
        if len(set(scores)) == 1:
            return _(WORDS["draw"])
        if mine < best:
            return _(WORDS["lose"])
        team = rs.team_of_seat[self.seat] if rs.team_ids else -1
        at_top = {s for s, v in enumerate(scores) if v == best}
        mates = {s for s in range(rs.num_players) if team >= 0 and rs.team_of_seat[s] == team} | {self.seat}
        return _(WORDS["win"]) if at_top <= mates else _(WORDS["share"])

    # ----- saving -------------------------------------------------------------
    def _log_health(self) -> None:
        """A log that could not be written (a full disk) is said once; the game goes on without it."""
        if self.log is not None and self.log.stream.error is not None:
            self.echo(_(WORDS["log_failed"], path=self.log_path, error=why(self.log.stream.error)))
            self.log.stream.close()
            self.log, self.log_path = None, None

    def _open_log(self) -> None:
        """Open the log at this game's place and write the game so far (all of it on a resume)."""
        if self.log is not None:
            self.log.stream.close()
            self.log = None
        if not self.log_path:
            return
        if os.path.exists(self.log_path) and not os.path.isfile(self.log_path):
            self.echo(_(WORDS["no_log"], path=self.log_path))
            self.log_path = None
            return
        from interpreter.frontends.gamelog import LogWriter, open_game_section

        try:
            if len(self.locks) < 2:
                self.locks.append(FileLock(self.log_path, N_("this game's log")).acquire())
            stream, self.log_offset = open_game_section(self.log_path, self.log_offset)  # (`_log_health`)
        except OSError as exc:
            self.echo(_(WORDS["log_failed"], path=self.log_path, error=why(exc)))
            self.log_path = None
            return
        self.log = LogWriter(
            Guarded(stream),
            self.rs,
            self.ruleset_path,
            self.seed + self.game_number - 1,
            [a.describe() for a in self.agents],
            self.options,
            carried=self.rs.carried_values(self.state),
        )
        self.log.replay_of(self.state)

    def save(self) -> Path:
        with HELD:
            return self._save()

    def _save(self, elsewhere: bool = False) -> Path:
        if self.state is None:
            raise OSError(_("the game had not begun"))
        data = {
            **ruleset_fields(self.ruleset_path, self.rs),
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
        except (SaveFileError, OSError) as exc:
            other = default_save_path(self.rs.id)  # when stopping: the saves folder rather than nothing
            if not elsewhere or other.parent == self.save_path.parent:
                raise OSError(str(exc)) from None
            write_save(other, data)
            self.echo(
                "\n"
                + _(
                    "could not save the game to {path} ({error}); saved it in the saves folder",
                    path=self.save_path,
                    error=why(exc) if isinstance(exc, OSError) else exc,
                )
            )
            self.save_path = other
        return self.save_path

    def _suspend(self, why: str, status: int = 0) -> int:
        HELD.__enter__()  # stopping anyway: a Ctrl-C now must not cut the save or its message short
        try:
            if self.state is None:
                self.echo("\n" + _("{why} before the game began: nothing to save", why=_(why)))
                return status
            try:
                path = self._save(elsewhere=True)
            except OSError as exc:
                self.echo("\n" + _("{why}: could not save the game ({error})", why=_(why), error=exc))
                return 1
            if self.log is not None:  # (its stream keeps a failed write to itself: Guarded)
                self.log.suspended(self.clean or self.state)
            with suppress(OSError):  # (a terminal that is gone cannot be told: the game is saved all the same)
                self.echo("\n" + _("{why}: game saved. Resume it with:", why=_(why)))
                self.echo(f"  cardrules play --resume {shlex.quote(str(path))}")  # i18n-exempt: a command
            return status
        finally:
            HELD.release(raise_pending=False)


def _a_round(event: dict) -> bool:
    """A trick or round told whole, with the seat that placed each card (what `last` shows again); not a
    reveal, which names its cards' placers too (a pile turned up to check a claim is no round)."""
    return bool(event.get("by")) and event.get("kind") != "reveal"
