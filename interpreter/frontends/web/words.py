"""Every word the web pages show, in one place, through the program's catalogs.

The pages ask for `/api/words?lang=..` and fill in `{name}` placeholders themselves; the texts
of the games (card names, phases, prompts, events) come with the games, in their own languages.
"""

from __future__ import annotations

from interpreter.base.i18n import N_, display_name, gettext, is_rtl, use_language

WORDS = {
    # the table
    "you": N_("You"),
    "seat": N_("Seat {seat}"),
    "with_team": N_("{name} ({team})"),
    "and": N_(" and "),  # i18n: between the last two seats of a list ("Seat 1, Seat 2 and you")
    "your_turn": N_("Your turn"),
    "turn_of": N_("{who} to play"),
    "thinking": N_("thinking…"),
    "waiting": N_("Waiting for the other players…"),
    "stuck": N_("{who} could not move: {reason}"),
    "cards": N_("{n} cards"),
    "empty": N_("empty"),  # i18n: a zone with no card in it (a free column of a patience)
    "card_back": N_("a face-down card"),
    "playable": N_("playable"),
    "not_playable": N_("not playable now"),
    "selected": N_("chosen"),
    "not_your_turn": N_("It is not your turn."),
    "choose": N_("Choose {min} to {max} cards"),
    "choose_n": N_("Choose {n} cards"),
    "confirm": N_("Confirm"),
    "clear": N_("Clear"),
    "hint": N_("Hint"),
    "hint_is": N_("Hint: {move}"),
    "undo": N_("Undo"),
    "rules": N_("Rules"),
    "settings": N_("Settings"),
    "lobby": N_("All games"),
    "log": N_("What happened"),
    "match": N_("Match table"),
    "deal": N_("Deal"),
    "total": N_("Total"),
    "summary": N_("{deal} {number} is over"),  # (the ruleset's word for a deal, display.deal, or "Deal")
    "game_over": N_("The game is over"),
    "final": N_("Final scores"),
    "you_win": N_("You win!"),
    "next_game": N_("Next game"),
    "close": N_("Close"),
    "claimed": N_("{who} claimed: {what}"),
    "from_seat": N_("from {who}"),
    "turned_up": N_("Turned face up ({zone}):"),
    "connecting": N_("Connecting…"),
    "lost": N_("The connection was lost; trying again…"),
    "moves": N_("Your moves"),
    "table": N_("The table"),
    "your_cards": N_("Your {zone}"),
    "of_seat": N_("{zone} of {who}"),
    "nothing": N_("nothing yet"),
    "people": N_("Players at this table"),
    "legend": N_("A card shown by its back lies face down: you cannot see it."),
    # settings
    "language": N_("Language"),
    "contrast": N_("Contrast"),
    "grain": N_("Grain"),
    "warmth": N_("Colour temperature"),
    "reset": N_("Reset"),
    "play_forced": N_("Play my only legal move for me"),  # i18n: a setting, on by default
    "forced_played": N_("Your only legal move: {move}. It played itself."),
    "forced_run": N_("{n} of your moves have played themselves in a row: choose the next one."),
    # the lobby
    "title": N_("Card table"),
    "games": N_("Games"),
    "players": N_("{n} players"),
    "one_player": N_("1 player"),  # a game for one (patience)
    "player_choices": N_("{list} players"),  # a game played by 3, 4 or 5: "3, 4, 5 players"
    "player_count": N_("Players"),
    "new_table": N_("A new table"),
    "your_seat": N_("Your seat"),
    "others": N_("The other seats"),
    "ai": N_("AI"),
    "friend": N_("A friend"),
    "me": N_("Me"),
    "level": N_("AI level"),
    "seed": N_("Seed (empty: random)"),
    "options": N_("Options"),
    "start": N_("Start"),
    "saves": N_("Saved games of the prompt"),
    "resume": N_("Resume"),
    "your_tables": N_("Your tables"),
    "open": N_("Open"),
    "forget": N_("Forget"),
    "links": N_("Send each friend their link; it opens their seat only."),
    "open_mine": N_("Take my seat"),
    "copy": N_("Copy"),
    "easy": N_("easy"),
    "normal": N_("normal"),
    "hard": N_("hard"),
    "random": N_("random"),
    "greedy": N_("greedy"),
    "ismcts": N_("search"),
    "yes": N_("yes"),
    "no": N_("no"),
}


def catalog(lang: str) -> dict:
    """The words in `lang`, with the page's direction and the language's own name."""
    with use_language(lang):
        out = {key: gettext(text) for key, text in WORDS.items()}
        out["_dir"] = "rtl" if is_rtl() else "ltr"
    out["_lang"] = lang
    return out


def language_name(code: str) -> str:
    return display_name(code)


def refusal(exc: Exception) -> str:
    """A refused request's reason in the language of this context."""
    return gettext(str(exc))


def gone() -> tuple[str, str, str]:
    return (
        gettext(N_("No table here")),
        gettext(N_("This link does not open a seat at any table of this server.")),
        gettext(N_("All games")),
    )
