"""The prompt's commands: help, hint, rules, score, log, last, undo, save.

Each reads the session's observation (never the raw state) and writes
through the session's `echo`; `rules` goes through `page` (a pager when the
terminal is interactive).
"""

from __future__ import annotations

from typing import Any

from interpreter.base.i18n import N_, _, ngettext
from interpreter.engine.state import PICK_KIND
from interpreter.text.story import told_again

# The words this module writes itself, marked for the catalogs and translated where shown.
HELP = N_("""\
Type the number of a move, or a card's name or id, or a move's text.
For a choice of several cards, type the move and its cards in any order,
by name or by the numbers of the moves that pick them (pass 3 7 12).
Enter on an empty line shows the table and your moves again.
Commands:
  help    this text                 hint   what the AI would play
  rules   the rules of the game     score  the match table so far
  log     what has happened         last   the last trick or turn
  undo    take back your last move  save   save the game and go on
  quit    save the game and stop""")

WORDS = {
    "hint": N_("hint: {move}"),
    "picks_taken_back": N_("Took back the cards you had picked for this move."),
    "nothing_to_undo": N_("nothing to undo: you have made no move since the game began or was resumed"),
    "nothing_yet": N_("nothing has happened yet that you could see"),
    "took_one_back": N_("Took back your move."),
    "took_own_back": N_("Took back your move ({n} moves in all, those that played themselves after it included)."),
    "no_last": N_("no trick or turn has been completed yet"),
    "no_deals": N_("no deal has been finished yet"),
    "saved": N_("saved to {path}"),
    "save_failed": N_("could not save the game ({error}); the game goes on"),
    "log_head": N_("What has happened (the last {n} lines):"),
}

LOG_LINES = 200


class Commands:
    """The commands of one prompt session."""

    def __init__(self, session: Any):
        self.s = session
        self.table = {
            "help": self.help,
            "?": self.help,
            "hint": self.hint,
            "rules": self.rules,
            "score": self.score,
            "log": self.log,
            "last": self.last,
            "undo": self.undo,
            "save": self.save,
        }

    def run(self, word: str) -> bool:
        """Run the command `word`; False when it is none."""
        command = self.table.get(word)
        if command is None:
            return False
        command()
        return True

    def help(self) -> None:
        self.s.echo(_(HELP))

    def hint(self) -> None:
        from interpreter.agents.spec import advice

        s = self.s
        action = advice(s.rs, s.state, s.seat, s.seed + 1)
        s.echo(_(WORDS["hint"], move=s.renderer.action(str(action))))

    def rules(self) -> None:
        s, r = self.s, self.s.renderer
        text = "\n".join(f"  {rule.id}: {r.text(rule.text)}" for rule in s.rs.model.rules)
        if s.page is not None:
            s.page(text)
        else:
            for line in text.split("\n"):
                s.echo(line)

    def score(self) -> None:
        s = self.s
        obs = s.state.observation(s.seat)
        for line in obs.get("status") or ():
            s.echo(s.renderer.fill(line))
        table = s.story.match_table(obs["deals"], s.earlier)
        for line in table or [_(WORDS["no_deals"])]:
            s.echo(line)

    def log(self) -> None:
        s = self.s
        lines: list[str] = []
        events = s.state.observation(s.seat)["events"]
        for i, event in enumerate(events):
            if not told_again(event, events[:i], s.seat):  # (as the game told it)
                lines.extend(s.story.lines(event))
        shown = lines[-LOG_LINES:]
        if not any(line.strip() for line in shown):
            s.echo(_(WORDS["nothing_yet"]))
            return
        if len(lines) > len(shown):
            s.echo(_(WORDS["log_head"], n=len(shown)))
        for line in shown:
            s.echo(line)

    def last(self) -> None:
        s = self.s
        lines = s.last_round or s.since_move
        for line in lines or [_(WORDS["no_last"])]:
            s.echo(line)

    def undo(self) -> None:
        s = self.s
        if not s.undo_points:
            s.echo(_(WORDS["nothing_to_undo"]))
            return
        before = s.undo_points.pop()
        # the decisions taken back, the picks of a choice of several cards not counted as moves
        picks = sum(entry[1] == PICK_KIND for entry in s.state.history[len(before.history) :])
        taken = s.state.decisions - before.decisions - picks
        s.state, s.clean = before.clone(), before.clone()
        if s.log:
            s.log.undo(s.state)
        obs = s.state.observation(s.seat)
        s.shown = len(obs["events"])
        s.recall_last_round(obs["events"])  # the last trick or turn completed before it
        if taken == 0:  # only picks of the choice the person is making
            s.echo(_(WORDS["picks_taken_back"]))
            return
        if taken == 1:
            s.echo(_(WORDS["took_one_back"]))
        elif s.rs.num_players == 1:  # (moves that played themselves after it: nobody else's)
            s.echo(_(WORDS["took_own_back"], n=taken))
        else:
            s.echo(
                ngettext(
                    "Took back your move ({n} move in all, the others' moves after it included).",
                    "Took back your move ({n} moves in all, the others' moves after it included).",
                    taken,
                )
            )

    def save(self) -> None:
        s = self.s
        try:
            path = s.save()
        except OSError as exc:
            s.echo(_(WORDS["save_failed"], error=exc.strerror or exc))
            return
        s.echo(_(WORDS["saved"], path=path))
