"""The game state: plain data plus the step/resume loop over the program.

Everything that defines where a game stands lives in a few lists and ints
(zones, per-card meta, groups, variable slots, pc, seed and counter), so
`clone` is a handful of list copies and `to_json` is direct.  Names follow
OpenSpiel: current_player, legal_actions, apply_action, is_terminal, returns.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from interpreter.engine.dealmark import Mark, Record, Shuffle
from interpreter.engine.events import Event, event_size, places, reveal_event
from interpreter.engine.moves import PASS_KIND, PICK_KIND, Action, IllegalAction, normalize
from interpreter.engine.program import PAUSE, FlowError, Where, as_flow_error
from interpreter.engine.stuck import why_no_action
from interpreter.expr.runtime import DEFAULT_LIMITS, UNBOUNDED, next_epoch

WORK = DEFAULT_LIMITS.max_work  # a full budget of one evaluation (expr.runtime.refill)

CHANCE = -2  # current_player() while the flow runs (never seen by callers)
TERMINAL = -4  # current_player() of a finished game

PASS = Action(PASS_KIND, None, "pass")  # the answer "no claim" in a claim window (shared: an Action never changes)
ANNOUNCE = -3  # messages, in the history of saves written by 0.1 (now they are events)

# The last field of a history entry (seat, kind, value, flag): who may see it.
PUBLIC, SECRET, PRIVATE, CLAIMED, PICKED = 0, 1, 2, 3, 4
# all; all but the value (a face-down card); only the seat itself (a claim-window answer);
# all, and not a decision of its own (the claim a window applied); only the seat itself (a value
# picked towards a choice of several, which is then played as a whole)


# A history entry (seat, kind, value, flag) and a claim window (its pc, the seats asked, the
# next one to answer, the answers so far).
HistoryEntry = tuple[int, int, Any, int]
Window = tuple[int, tuple[int, ...], int, tuple[tuple[int, Action], ...]]


class GameState:
    """One game in progress.  Create with `Ruleset.new_game(seed=...)`."""

    __slots__ = (
        "rs",
        "zones",
        "meta",
        "groups",
        "vars",
        "pc",
        "seed",
        "counter",
        "decider",
        "window",
        "finished",
        "history",
        "records",
        "forced_orders",
        "fr",
        "steps",
        "decisions",
        "_legal",
        "shuffles",
        "last_move_public",
        "moving",
        "_snap",
        "capture",
        "fault",
        "carried",
        "events",
        "told",
        "deals",
        "selection",
        "story",
        "checks",
        "work",
        "places",
        "watch",
        "seals",
    )

    rs: Any  # the Ruleset (engine/ruleset.py imports this module)
    zones: list[list[int]]  # the faces in each zone
    meta: list[list[int]]  # per card of each zone: see program.PLACE_MASK
    groups: list[list[tuple[Any, int]] | None]  # per zone holding groups: (kind, size) of each
    vars: list[Any]
    pc: int
    seed: int
    counter: int
    decider: int
    window: Window | None
    finished: bool
    history: list[HistoryEntry]
    records: list[dict[str, Any]]
    forced_orders: list  # the next shuffles' orders (or functions of the cards and first position making them)
    fr: Any  # the expression frame (generated code reads it)
    steps: int
    decisions: int
    _legal: list[Action] | None
    shuffles: list[tuple[int, tuple[int, ...]]]
    last_move_public: bool
    moving: Any  # a decision's card value (a face, or a tuple of faces) while its effect runs, else None
    # the deal's snapshot: (state after the last shuffle, history length, zone), made only when asked
    # for (`snapshot`): until then a Mark says how to remake it
    _snap: tuple[GameState, int, int] | Mark | None
    capture: list | None  # while a snapshot is being remade: [shuffle number, the state once reached]
    fault: int  # the pc of the instruction a written block of the flow failed at (-1: none)
    carried: dict[int, Any]
    events: list[Event]  # the story so far (engine/events.py); derived from the decisions, never saved
    told: int  # the size of those events together (EngineLimits.story_length)
    deals: list[dict[str, tuple]]  # each finished deal's scores and totals (`end_deal`)
    selection: tuple[int, tuple] | None  # a choice of several values in progress: (action kind, values)
    story: bool  # keep events (off in search playouts, where nobody reads them)
    work: int  # elements the engine's own evaluations visited or built in this game (bounded)
    checks: bool  # check the invariants that have a `when` after every action
    # with a story and a deck with copies: where each copy was when the decision began, and when
    # the last event was told (events.places)
    places: tuple[dict[int, list[tuple[int, int, int]]], ...] | None
    # told of every zone whose cards may just have become visible (a move into it, a deal, a reveal);
    # while set, the flow and effects run one instruction at a time, so none is skipped (search's study)
    watch: Callable[[GameState, int], None] | None
    seals: bool  # events decide who sees their cards (not in validate's short game: shown to nobody)

    def __init__(self, rs: Any):
        self.rs = rs
        self.fault = -1
        self.fr = rs.new_frame(self)
        self._legal = None
        self.forced_orders = []
        self.places = self.watch = None
        self.seals = True

    # ----- running the flow -------------------------------------------------
    def _decision_starts(self) -> None:
        """The engine's own work from here until `_decision_ends` is bounded by work_per_decision
        (`_decide` does the same inline: it is on every decision's path)."""
        fr = self.fr
        fr.pool = self.rs.limits.work_per_decision
        fr.budget = WORK  # what the last evaluation outside the engine spent is nobody's

    def _decision_ends(self) -> None:
        """Add the decision's work to the game's, and stop the game when that is over its limit."""
        fr, limits = self.fr, self.rs.limits
        self.work += limits.work_per_decision - fr.pool + (WORK - fr.budget)
        fr.pool, fr.budget = UNBOUNDED, WORK  # what the prompt evaluates to show the game counts nowhere
        if self.work > limits.work_per_game:
            self._too_much_work()

    def _too_much_work(self) -> None:
        limit = self.rs.limits.work_per_game
        raise FlowError(
            f"the game did more work than a game may ({limit:,} elements visited or built)",
            self.rs.program[self.pc].where,
            self.seed,
        )

    def _list_legal(self) -> None:
        """Inside a move's bound on work: list the next decision's actions (a failure is left for
        `legal_actions` to report, where it is asked for)."""
        if not self.finished:
            try:
                self._legal = self.rs.legal_actions(self)
            except Exception:
                self._legal = None

    def _run(self) -> None:
        program, runs, weights = self.rs.program, self.rs.runs, self.rs.weights
        if self.watch is not None:  # every move and reveal told: the flat program (engine/blocks.py)
            runs, weights = self.rs.reference
        limit = self.rs.limits.steps_between_decisions
        n = 0
        pc = self.pc
        steps0 = self.steps  # a written segment of the flow adds its steps there itself (engine/blocks.py)
        self._legal, self.fault = None, -1
        try:
            while True:
                nxt = runs[pc](self)
                if nxt < 0:  # PAUSE here, or -2 - p: a segment paused at instruction p
                    if nxt != PAUSE:
                        pc = -2 - nxt
                    break
                n += weights[pc]
                pc = nxt
                if n + self.steps - steps0 > limit:
                    raise FlowError(
                        f"the flow ran {limit} steps without any decision; it seems never to end", program[pc].where
                    )
        except Exception as exc:  # expression run-time errors carry their own span
            if self.fault >= 0:  # a written block says which of its instructions failed
                pc, self.fault = self.fault, -1
            self.pc = pc
            if isinstance(exc, FlowError) and exc.where is None:  # raised by the state for this step
                exc = FlowError(str(exc), program[pc].where, exc.seed)
            raise self.failed(exc, program[pc].where) from None
        self.pc = pc
        self.steps += n
        if self.steps > self.rs.limits.steps_per_game:
            raise FlowError(
                f"more than {self.rs.limits.steps_per_game:,} steps in one game", program[pc].where, self.seed
            )

    def failed(self, exc: Exception, where: Where | None) -> FlowError:
        """`exc` (raised by the ruleset's code) as a FlowError that names this game's seed."""
        err = as_flow_error(exc, where)
        if err.seed is None:
            err.seed = self.seed
        return err

    def with_local(self, name: str, value: Any, fn: Any) -> Any:
        slot = self.rs.local_slot(name)
        old = self.vars[slot]
        self.vars[slot] = value
        try:
            return fn(self.fr)
        finally:
            self.vars[slot] = old

    def per_seat(self, fn: Any) -> list:
        """`fn` for every seat, in one epoch: its parts that do not read `seat` are computed once,
        and where it reads `seat` only as team_of(seat) (Ruleset.team_wide), once per team."""
        self.fr.epoch = next_epoch()
        try:
            if not self.rs.team_wide(fn):
                return [self.with_local("seat", s, fn) for s in range(self.rs.num_players)]
            team_of, done = self.rs.team_of_seat, {}
            for s, t in enumerate(team_of):
                if t not in done:
                    done[t] = self.with_local("seat", s, fn)
            return [done[t] for t in team_of]
        finally:
            self.fr.epoch = 0

    # ----- public API -------------------------------------------------------
    def current_player(self) -> int:
        """The seat to act, or TERMINAL when the game is over."""
        return TERMINAL if self.finished else self.decider

    def is_terminal(self) -> bool:
        return self.finished

    def returns(self) -> list[float]:
        """Each seat's final score (a team game gives every seat its team's total)."""
        if not self.finished:
            return [0] * self.rs.num_players
        try:
            return self.per_seat(self.rs.returns_fn)
        except Exception as exc:
            raise self.failed(exc, Where("result.returns")) from None

    def legal_actions(self) -> list[Action]:
        """The actions the seat to act may choose; a decision with none is the ruleset's error.

        A move lists them at its end (in its bound on work, and counted in the game's work), so
        this is mostly a look-up; a state restored from a save (whose count holds that work already)
        or a search sample lists them here, in a bound of its own."""
        legal = self._legal
        if legal is None:
            if self.finished:
                legal = self._legal = []
            else:
                self._decision_starts()
                try:
                    legal = self.rs.legal_actions(self)
                except BaseException as exc:  # a legality rule that cannot be tested (the ruleset says which)
                    self.fr.pool = UNBOUNDED
                    if not isinstance(exc, Exception):
                        raise
                    raise self.failed(exc, self.rs.program[self.pc].where) from None
                self.fr.pool, self.fr.budget = UNBOUNDED, WORK
                self._legal = legal
        if not legal and not self.finished:
            why = why_no_action(self.rs, self)
            message = f"seat {self.decider} has no legal action" + (f" ({why})" if why else "")
            raise FlowError(message, self.rs.program[self.pc].where, self.seed)
        return legal

    def is_legal(self, kind: int, value: Any) -> bool:
        """Whether one action is legal now, without listing all of them (used to replay samples)."""
        if self._legal is not None:
            return any(a.kind == kind and a.value == value for a in self._legal)
        return not self.finished and self.rs.is_legal(self, kind, value)

    def apply_action(self, action: Action | str) -> None:
        """Play a legal action (or its string form); raises IllegalAction with the reason.

        The string form of a whole choice of several values (`pass c-2 d-5 s-9`) plays its picks
        and the choice in one go, or nothing when any part of it is not legal.
        """
        if self.finished:
            raise IllegalAction("the game is over")
        chosen = self._match(action)
        if isinstance(chosen, list):
            for step in chosen:
                self._decide(step, True)
            return
        self._decide(chosen, True)

    def play_randomly(self, rng: Any, limit: int = 0) -> int:
        """Playout mode for search: uniformly random legal moves (`rng.choice`, a single legal move
        played without drawing) until the game ends, the deal ends (a record is added) or `limit`
        moves are played (0: no limit); returns the moves played.  The same moves, and the same
        draws of `rng`, as a loop of legal_actions() and apply_action(), without their checks of
        the action given (these come from the legal list itself)."""
        records, steps, choice = len(self.records), 0, rng.choice
        while not self.finished and len(self.records) == records and (not limit or steps < limit):
            legal = self._legal or self.legal_actions()  # (listing an empty list says what is wrong)
            self._decide(legal[0] if len(legal) == 1 else choice(legal), True)
            steps += 1
        return steps

    def force_action(self, kind: int, value: Any) -> None:
        """Apply a decision unchecked (to replay samples for search, which test single actions)."""
        self._decide(Action(kind, value, "pass" if kind == PASS_KIND else None, self.rs), False)

    def _decide(self, chosen: Action, listing: bool) -> None:
        self.decisions += 1
        if self.decisions > self.rs.limits.decisions_per_game:
            raise FlowError(f"more than {self.rs.limits.decisions_per_game} decisions in one game", None, self.seed)
        fr, limits = self.fr, self.rs.limits  # _decision_starts, inline: the move's bound on work
        pool = fr.pool = limits.work_per_decision
        fr.budget = WORK
        picked = False
        try:
            # the decision's effect and the flow up to the next decision
            if self.story and self.rs.copied and self.seals:
                self.mark_places()
            try:
                if self.window is not None:
                    self._answer_window(chosen)
                elif chosen.kind == PICK_KIND:
                    self.rs.pick(self, chosen.value)
                    self.history.append((self.decider, PICK_KIND, chosen.value, PICKED))
                    self._legal = None
                    picked = True  # one value of a choice of several: the flow waits for the rest
                else:
                    seat = self.decider
                    told = self._told(seat, chosen, None) if self.story else None
                    self.selection = None
                    self.rs.run_action(self, chosen, seat)
                    # a card put out of the other seats' sight stays hidden; any other value is said
                    secret = chosen.value is not None and not self.last_move_public and self.rs.card_valued[chosen.kind]
                    self.history.append((seat, chosen.kind, chosen.value, SECRET if secret else PUBLIC))
                    if told is not None:
                        told.seal(self, also=True)  # seen in hand before, or where it went
                    self.pc += 1
            except Exception as exc:  # an effect that cannot run: run_action says which step
                raise self.failed(exc, None) from None
            if not picked:
                self._run()
                if self.checks and self.rs.watched:
                    self.rs.check_invariants(self, None, watched_only=True)
            if listing and not self.finished and self._legal is None:  # _list_legal, inline (a claim
                # window lists the options of the seat it asks itself: advance_window)
                try:
                    self._legal = self.rs.legal_actions(self)
                except Exception:  # left for legal_actions to report
                    self._legal = None
        except BaseException:
            fr.pool = UNBOUNDED
            raise
        work = self.work = self.work + pool - fr.pool + WORK - fr.budget  # _decision_ends, inline
        fr.pool, fr.budget = UNBOUNDED, WORK
        if work > limits.work_per_game:
            self._too_much_work()

    def _told(self, seat: int, chosen: Action, to: frozenset[int] | None, kind: str = "action") -> Event:
        """The event of a decision (added now, before its effect tells what follows from it)."""
        cards, said = self.rs.action_story(chosen)
        event = Event(kind, seat, cards=cards, to=to, action=said).seal(self)
        self.events.append(event)
        return event

    def _match(self, action: Action | str) -> Action | list[Action]:
        legal = self._legal or self.legal_actions()  # (listing an empty list says what is wrong)
        if isinstance(action, Action):
            for a in legal:
                if a is action:  # an Action from legal_actions() (they are shared), the common case
                    return a
            for a in legal:
                if a.kind == action.kind and a.value == action.value:
                    return a
            raise IllegalAction(self.rs.explain(self, action.text))
        key = normalize(str(action))
        for a in legal:
            if normalize(a.text) == key:
                return a
        alone = [a for a in legal if a.kind >= 0 and normalize(self.rs.actions[a.kind].name) == key]  # `call`
        steps = alone if len(alone) == 1 else self.rs.whole_choice(self, str(action))  # (or names its bad part)
        if steps is not None:
            return steps
        raise IllegalAction(self.rs.explain(self, str(action)))

    # ----- claim windows ----------------------------------------------------
    def _answer_window(self, chosen: Action) -> None:
        pc, seats, idx, answers = self.window  # type: ignore[misc]  # called only while a window is open
        self.window = (pc, seats, idx + 1, answers + ((self.decider, chosen),))
        self.history.append((self.decider, chosen.kind, chosen.value, PRIVATE))
        if self.story:
            self._told(self.decider, chosen, frozenset((self.decider,)))

    def advance_window(self, ins: Any) -> int:
        pc, seats, idx, answers = self.window  # type: ignore[misc]  # Claim.run has just opened it
        while idx < len(seats):
            seat = seats[idx]
            options = self.rs.claim_options(self, ins, seat)
            if options:
                self.window = (pc, seats, idx, answers)
                self.decider = seat
                self._legal = [*options, PASS]  # what legal_actions lists for the seat asked
                return PAUSE
            idx += 1
        self.window = None
        best = None
        for order, (seat, act) in enumerate(answers):
            if act.kind == PASS_KIND:
                continue
            key = (ins.rank[act.kind], order)
            if best is None or key < best[0]:
                best = (key, seat, act)
        if best is None:
            self.rs.set_last(self, None, -1)
            if ins.as_slot is not None:
                self.vars[ins.as_slot] = -1
            return ins.pc + 1
        _, seat, act = best
        told = self._told(seat, act, None, "claim") if self.story else None
        self.rs.run_action(self, act, seat)
        self.history.append((seat, act.kind, act.value, CLAIMED))
        if told is not None:
            told.seal(self, also=True)
        if ins.as_slot is not None:
            self.vars[ins.as_slot] = act.kind
        return ins.pc + 1

    # ----- hooks used by instructions --------------------------------------
    def starts_deal(self, z: int) -> bool:
        """Whether shuffling zone z starts a deal, where search's samples begin (`snapshot`): there is
        no deal yet, or every card outside z lies face up, so nothing hidden is carried over.  A
        shuffle while hidden cards lie elsewhere (the discard pile turned into a new stock, hands
        still held) belongs to the deal under way."""
        return self._snap is None or all(m & 1 for y, metas in enumerate(self.meta) if y != z for m in metas)

    def next_position(self) -> int:
        """The first deck position no card has had since the deal's shuffle: a later shuffle of the
        same deal numbers its cards from there, so a position names one card for the whole deal."""
        return 1 + max((m >> 8 for metas in self.meta for m in metas), default=-1)

    def note_shuffle(self, z: int, pc: int, starts: bool = True) -> None:
        """A zone was just shuffled: remember its order, and, where it starts a deal, how to remake
        the deal's snapshot."""
        self.shuffles.append(Shuffle(z, tuple(self.zones[z]), len(self.history)))
        if self.places is not None:  # (the cards' positions were numbered anew: none of them moved)
            self.mark_places()
        if starts:
            self._snap = Mark(len(self.history), z, len(self.shuffles), self.seed)
        capture = self.capture
        if capture is not None and capture[0] == len(self.shuffles):
            made = self.clone()
            made.pc = pc
            capture[1] = made

    @property
    def snapshot(self) -> tuple[GameState, int, int] | None:
        """The state right after the deal's shuffle, the history's length then, and the zone shuffled
        (what search needs to re-deal hidden cards: agents/determinize.py), or None.  Random play never
        asks for it, so it is remade only when asked for, by replaying the game up to the shuffle."""
        snap = self._snap
        if isinstance(snap, Mark):
            snap = self._snap = self.rs.remake_snapshot(self, snap)
        return snap

    @snapshot.setter
    def snapshot(self, value: tuple[GameState, int, int] | None) -> None:
        self._snap = value

    def mark_places(self) -> None:
        """Where every copy of a face lies now, for the events that follow (which copy they name)."""
        here = places(self)
        self.places = (here, here)

    def note_move(self, src: int, dst: int, faces: list, down: Any) -> None:
        # whether the cards an action's effect moves as its value stay in everybody's sight (written
        # out in blocks.py); its other moves (the last play cleared away first) say nothing of them
        v = self.moving
        if faces and (v is None or (v in faces if v.__class__ is int else not set(v).isdisjoint(faces))):
            self.last_move_public = self.last_move_public and self.rs.public_zone[dst] and not down
        if self.watch is not None:
            self.watch(self, dst)

    def note_reveal(self, z: int, turned: list[int]) -> None:
        """Cards of zone z at these places were just turned face up: tell the table who placed what."""
        self.emit(reveal_event(self, z, turned))

    def emit(self, event: Event) -> None:
        """Add an event to the story; each seat sees the cards it can see now.  Events are bounded
        in number and size (EngineLimits: messages_per_game, message_length, story_length), and telling one is
        work too."""
        limits = self.rs.limits
        size = event_size(event)
        if size > limits.message_length:
            raise FlowError(f"a message of {size:,} parts and characters; the limit is {limits.message_length:,}")
        self.fr.pool -= size
        if len(self.events) - self.decisions >= limits.messages_per_game:  # (decisions are told too)
            raise FlowError(f"more than {limits.messages_per_game:,} messages in one game")
        self.told += size  # (every observation shows the whole story: bounded as a whole too)
        if self.told > limits.story_length:
            raise FlowError(f"the messages of one game hold more than {limits.story_length:,} parts and characters")
        self.events.append(event.seal(self, since=1))

    def record(self, values: dict, where: Where) -> None:
        limit = self.rs.limits.records_per_game
        if len(self.records) >= limit:
            raise FlowError(f"more than {limit:,} records in one game", where)
        self.records.append(Record(values, len(self.history), len(self.shuffles)))
        if not self.rs.ends_deals:  # a ruleset without `end_deal` (written for 0.1): a record ends a deal
            self.rs.check_invariants(self, where)

    # ----- copies and JSON --------------------------------------------------
    def clone(self) -> GameState:
        other = GameState.__new__(GameState)
        other.rs, other.fault = self.rs, -1
        other.zones = [z[:] for z in self.zones]
        other.meta = [m[:] for m in self.meta]
        other.groups = [None if g is None else g[:] for g in self.groups]
        other.vars = self.vars[:]
        other.pc, other.seed, other.counter = self.pc, self.seed, self.counter
        other.decider, other.window, other.finished = self.decider, self.window, self.finished
        other.history = self.history[:]
        other.records = self.records[:]
        other.forced_orders = self.forced_orders[:]
        other.shuffles = self.shuffles[:]
        other.events, other.told = self.events[:], self.told
        other.deals = self.deals[:]
        other.selection, other.story, other.checks = self.selection, self.story, self.checks
        other.seals = self.seals
        other.steps, other.decisions, other.work = self.steps, self.decisions, self.work
        other.last_move_public, other.moving = self.last_move_public, None
        other._snap, other.capture = self._snap, None
        other.carried, other.places, other.watch = self.carried, None, None
        other.fr = self.rs.new_frame(other)
        other._legal = self._legal
        return other

    # These go through the ruleset, which holds the modules that read a state (saves.py,
    # observe.py): they import this one, so this one does not import them.
    def to_json(self) -> dict:
        return self.rs.state_to_json(self)

    def observation(self, seat: int) -> dict:
        return self.rs.observation(self, seat)

    def __str__(self) -> str:
        return self.rs.describe(self)


def fresh_state(
    rs: Any,
    seed: int,
    option_values: dict,
    forced_orders: Iterable | None = None,
    carry: dict | None = None,
    story: bool = False,
    checks: bool = False,
    capture: list | None = None,
) -> GameState:
    """A new game before its first decision has been reached (`capture`: see GameState.capture)."""
    st = GameState(rs)
    st.capture = capture
    st.zones = [[] for _ in range(rs.zone_count)]
    st.meta = [[] for _ in range(rs.zone_count)]
    st.groups = [[] if rs.zone_groups[z] else None for z in range(rs.zone_count)]
    deck = rs.cards.initial_deck()
    st.zones[rs.deck_zone] = deck
    st.meta[rs.deck_zone] = [0] * len(deck)
    st.vars = rs.initial_vars(option_values)
    st.carried = dict(carry or {})
    for slot, value in st.carried.items():
        st.vars[slot] = value
    st.pc, st.seed, st.counter = 0, seed & ((1 << 64) - 1), 0
    st.decider, st.window, st.finished = CHANCE, None, False
    st.history, st.records, st.shuffles, st.events, st.deals = [], [], [], [], []
    st.told = 0  # the size of the messages told so far (EngineLimits.story_length)
    st.selection, st.story, st.checks = None, story, checks
    st.forced_orders = [list(o) for o in forced_orders] if forced_orders else []
    st.steps = st.decisions = st.work = 0
    st.last_move_public, st.moving = True, None
    st._snap = None
    if story and rs.copied:
        st.mark_places()
    st._decision_starts()
    try:
        st._run()
        st._list_legal()
    except BaseException:
        st.fr.pool = UNBOUNDED
        raise
    st._decision_ends()
    return st
