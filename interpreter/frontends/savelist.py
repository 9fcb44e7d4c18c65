"""`cardrules saves`: the games saved at the prompt, listed with where they stand, and deleted.

Save files are read with `frontends/savefile.py` (never trusted: a damaged one
is listed as such); where a game stands is read from the saved state's plain
data (its deals finished and decisions made), without replaying it.
"""

from __future__ import annotations

import time
from pathlib import Path

import click

from interpreter.base.i18n import N_, _
from interpreter.base.records import dataclass
from interpreter.engine.dealmark import deals_played
from interpreter.frontends.clicktext import LocalizedCommand
from interpreter.frontends.savefile import SaveFileError, read_save, saves_folder

# The words this module writes itself, marked for the catalogs and translated where shown.
WORDS = {
    "none": N_("No saved games in {folder}."),
    "head": N_("Saved games in {folder} (resume one with: cardrules play --resume FILE):"),
    "row": "{n:>3}. {name}  {ruleset}  {date}  {where}",
    "where": N_("game {game}, deal {deal}, {moves} moves{end}"),
    "over": N_(", over"),
    "damaged": N_("{n:>3}. {name}  cannot be resumed: {why}"),
    "deleted": N_("deleted {path}"),
    "unknown": N_("no saved game '{which}' (give its number or file name from `cardrules saves`)"),
}


@dataclass(frozen=True)
class SavedGame:
    path: Path
    ruleset: str  # the ruleset's id, or '' when the file cannot be read
    saved: float  # modification time
    game: int
    deals: int
    moves: int
    over: bool
    problem: str | None = None


def save_folder() -> Path:
    return saves_folder()


def saved_games(folder: Path | None = None) -> list[SavedGame]:
    """The save files of a folder (newest first), each read and checked for shape."""
    folder = folder or save_folder()
    if not folder.is_dir():
        return []
    out = []
    for path in folder.glob("*.json"):
        stamp = path.stat().st_mtime
        try:
            data = read_save(path).data
        except SaveFileError as exc:
            out.append(SavedGame(path, "", stamp, 0, 0, 0, False, str(exc)))
            continue
        state = data["state"]
        deals = state.get("deals") if isinstance(state.get("deals"), list) else []
        history = state.get("history") if isinstance(state.get("history"), list) else []
        ruleset = str(data.get("ruleset_id") or Path(data["ruleset"]).stem)
        game = data.get("game_number") or 1
        played = deals_played([d for d in deals if isinstance(d, dict)])  # (a bonus row is no deal)
        out.append(SavedGame(path, ruleset, stamp, game, played, len(history), state.get("finished") is True))
    return sorted(out, key=lambda g: (-g.saved, g.path.name))


def listing(games: list[SavedGame], folder: Path) -> list[str]:
    if not games:
        return [_(WORDS["none"], folder=folder)]
    lines = [_(WORDS["head"], folder=folder)]
    for n, g in enumerate(games, 1):
        if g.problem is not None:
            lines.append(_(WORDS["damaged"], n=n, name=g.path.name, why=g.problem))
            continue
        where = _(
            WORDS["where"],
            game=g.game,
            deal=g.deals + (0 if g.over else 1),
            moves=g.moves,
            end=_(WORDS["over"]) if g.over else "",
        )
        date = time.strftime("%Y-%m-%d %H:%M", time.localtime(g.saved))
        lines.append(_(WORDS["row"], n=n, name=g.path.name, ruleset=g.ruleset, date=date, where=where))
    return lines


def pick(games: list[SavedGame], which: str) -> SavedGame | None:
    """A saved game by its number in the listing, its file name, or its path."""
    if which.isdigit() and 1 <= int(which) <= len(games):
        return games[int(which) - 1]
    for g in games:
        if which in (g.path.name, g.path.stem, str(g.path)) or Path(which).resolve() == g.path.resolve():
            return g
    return None


@click.command(cls=LocalizedCommand)  # its help in the reader's language, as every command's
@click.option(
    "--delete", "delete", multiple=True, metavar="GAME", help="Delete a saved game (its number or file name)."
)
@click.option("--delete-all", is_flag=True, help="Delete every saved game listed.")
def saves(delete: tuple[str, ...], delete_all: bool) -> None:
    """List the games saved at the prompt (ruleset, date, where each stands), or delete some.

    Saves go to ~/.local/share/cardrules/saves (or $CARDRULES_SAVE_DIR); resume one with
    `cardrules play --resume FILE`.
    """
    folder = save_folder()
    games = saved_games(folder)
    if not delete and not delete_all:
        for line in listing(games, folder):
            click.echo(line)
        return
    chosen = list(games) if delete_all else []
    for which in delete:
        game = pick(games, which)
        if game is None:
            raise click.UsageError(_(WORDS["unknown"], which=which))
        chosen.append(game)
    for game in dict.fromkeys(chosen):
        game.path.unlink(missing_ok=True)
        click.echo(_(WORDS["deleted"], path=game.path))
