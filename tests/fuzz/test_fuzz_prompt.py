"""The prompt: whatever a person types, the session never crashes and never loses the game.

`interpreter.frontends.prompt.Session` is driven directly with scripted keystroke lines
(move numbers, commands, card names, printable and control characters,
unicode, very long lines), ending at a random point with end of input, a
`quit`, or a Ctrl-C (KeyboardInterrupt) raised by `read` after N lines or by
`echo` while output is being printed.  Then:

- `run()` returns 0 and raises nothing;
- a save file exists (unless the game was over and the prompt asked
  "next, restart or quit?": see test_end_of_input_at_the_end_of_game_prompt_saves),
  and `cardrules play --resume SAVE` resumes it to exactly the same state.

The same keystrokes also go through `cardrules play` itself as raw bytes
(invalid UTF-8 included).  Each example runs in a forked child with a time
limit, so a hang fails the example.
"""

from __future__ import annotations

import os
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import event
from hypothesis import strategies as st

from . import DZ, HM, assert_cli_clean, cli, fuzz, isolated

GAMES = {"hachinin_meri": HM, "duzihu": DZ}
END_OF_GAME_PROMPT = "next, restart or quit? "


@cache
def ruleset(name: str) -> Any:
    import interpreter

    return interpreter.load(str(GAMES[name]))


# ----------------------------------------------------------------- keystrokes

COMMANDS = [
    "help",
    "?",
    "rules",
    "score",
    "log",
    "save",
    "HELP",
    " Score ",
    "next",
    "restart",
    "n",
    "r",
    "exit",
    "play",
    "pass",
    "done",
    "pong",
    "kong",
    "claim win",
    "play 1",
    "play nothing",
    "discard",
    "declare",
    "0",
    "-1",
    "00",
    "999",
    "99999999999999999999999999",
    "1.5",
    "1e3",
    "+1",
    " 1 ",
    "1 2",
    "\u0663",
    "\u00b2",
    "\u2460",
    "\uff11",
    "\U0001d7d9",
    "one",
    "quit now",
    "q!",
    "\x00",
    "\x04",
    "\x1a",
    "\x03",
    "\x1b[A",
    "\x1b[2J",
    "\r",
    "\t1",
    "\u202e1",
    "\ufeff1",
    "\u200b",
    "\udcff",
    "\u2028",
]


@cache
def card_words(name: str) -> list[str]:
    rs = ruleset(name)
    return list(rs.cards.ids) + [n for names in rs.cards.names for n in names.values.values()]


def lines(name: str) -> st.SearchStrategy[str]:
    return st.one_of(
        st.integers(1, 12).map(str),  # moves: the game goes on
        st.integers(1, 12).map(str),
        st.sampled_from(COMMANDS),
        st.sampled_from(card_words(name)),
        st.sampled_from(card_words(name)).map(lambda w: f"play {w}"),
        st.text(max_size=30),  # any unicode
        st.text(st.characters(max_codepoint=0x1F) | st.sampled_from("\x7f\x85\u2028\x1b"), max_size=8),
        st.tuples(st.sampled_from("x1 \u00e9\x00"), st.integers(1_000, 200_000)).map(lambda t: t[0] * t[1]),
    )


@st.composite
def scripts(draw: Any) -> dict:
    name = draw(st.sampled_from(sorted(GAMES)))
    return {
        "game": name,
        "seat": draw(st.integers(0, ruleset(name).num_players - 1)),
        "seed": draw(st.integers(0, 2**31)),
        "lines": ["1"] * draw(st.sampled_from([0, 0, 5, 30, 80, 200])) + draw(st.lists(lines(name), max_size=40)),
        "end": draw(st.sampled_from(["eof", "interrupt_read", "interrupt_echo", "quit"])),
        "echo_at": draw(st.integers(0, 400)),
    }


# ----------------------------------------------------------------- one session (in the child)


class Interrupted:
    """Read and echo for a scripted session; one Ctrl-C where the script says."""

    def __init__(self, script: dict):
        self.lines = list(script["lines"]) + (["quit"] if script["end"] == "quit" else [])
        self.end, self.echo_at = script["end"], script["echo_at"]
        self.out: list[str] = []
        self.prompts: list[str] = []
        self.echoes = 0

    def read(self, prompt: str) -> str | None:
        self.prompts.append(prompt)
        if self.lines:
            return self.lines.pop(0)
        if self.end == "interrupt_read":
            self.end = "eof"
            raise KeyboardInterrupt
        return None

    def echo(self, text: str = "") -> None:
        self.echoes += 1
        if self.end == "interrupt_echo" and self.echoes == self.echo_at:
            self.end = "eof"
            raise KeyboardInterrupt
        self.out.append(str(text))


def run_session(script: dict, folder: str) -> str:
    """In the child: play the script, then resume the save through the command and compare states."""
    from interpreter.agents.spec import make_agents
    from interpreter.frontends.prompt import Session
    from interpreter.text.render import Renderer

    rs = ruleset(script["game"])
    io = Interrupted(script)
    save = Path(folder) / "game.json"
    session = Session(
        rs=rs,
        ruleset_path=str(GAMES[script["game"]]),
        seat=script["seat"],
        agents=make_agents("random", rs, script["seed"]),
        agent_spec="random",
        seed=script["seed"],
        options={},
        renderer=Renderer(rs),
        echo=io.echo,
        read=io.read,
        save_path=save,
    )
    try:
        status = _traced(session.run, script.get("interrupt_at_line"), script.get("interrupt_in"))
    except KeyboardInterrupt:
        if session.state is None:  # before the first deal: nothing to save, and `main` says "interrupted"
            return "interrupted before the game began"
        raise
    if session.state is None:
        return "interrupted before the game began"
    assert status in (0, 130), f"run() returned {status}: {io.out[-5:]}"
    if io.prompts and io.prompts[-1] == END_OF_GAME_PROMPT and not save.exists():
        return "ended at the end-of-game prompt"
    assert save.exists(), f"no save file; last output: {io.out[-5:]}"
    from interpreter.frontends.savefile import read_save

    before = read_save(save).data["state"]
    result = cli(
        ["play", "--resume", save], input="quit\n", env={"CARDRULES_SAVE_DIR": os.environ["CARDRULES_SAVE_DIR"]}
    )
    assert_cli_clean(result, (0,))
    after = read_save(save).data["state"]
    # Resuming continues the same game: agents to act before the human may move on, but nothing
    # saved is lost or changed (the saved moves are a prefix of the resumed game's moves).
    assert after["history"][: len(before["history"])] == before["history"], "resuming changed the game"
    assert after["shuffles"][: len(before["shuffles"])] == before["shuffles"], "resuming changed the deal"
    return "saved and resumed"


def _traced(run: Any, at: int | None, inside: tuple | None = None) -> Any:
    """run(), with one KeyboardInterrupt at the `at`-th line executed in interpreter/ (Ctrl-C at any moment),
    or at the `line`-th line of the `call`-th call of the function named `inside[0]` (inside = (name, call, line)).

    Not inside `_suspend`: that is the program already handling a Ctrl-C, and a second one there is
    another matter."""
    if not at and not inside:
        return run()
    package = str(Path(__import__("interpreter").__file__).parent)
    seen = [0]
    calls = [0]

    from interpreter.frontends.interrupts import HELD

    def interrupt() -> None:
        """What a SIGINT does here: raise, or only set the flag while interrupts are held (a save)."""
        sys.settrace(None)
        if HELD.depth:
            HELD.pending = True
        else:
            raise KeyboardInterrupt

    def in_function(frame: Any, event: str, arg: Any) -> Any:
        if event == "line":
            seen[0] += 1
            if seen[0] >= inside[2]:
                interrupt()
        return in_function

    def find_function(frame: Any, event: str, arg: Any) -> Any:
        if event == "call" and frame.f_code.co_name == inside[0] and frame.f_code.co_filename.startswith(package):
            calls[0] += 1
            if calls[0] == inside[1]:
                return in_function
        return None

    if inside:
        sys.settrace(find_function)
        try:
            return run()
        finally:
            sys.settrace(None)

    def handling(frame: Any) -> bool:
        while frame is not None:
            if frame.f_code.co_name == "_suspend":
                return True
            frame = frame.f_back
        return False

    def tracer(frame: Any, event: str, arg: Any) -> Any:
        if event == "line" and frame.f_code.co_filename.startswith(package):
            seen[0] += 1
            if seen[0] >= at and not handling(frame):
                interrupt()
        return tracer

    sys.settrace(tracer)
    try:
        return run()
    finally:
        sys.settrace(None)


def _session(script: dict) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        outcome = isolated(run_session, script, folder, timeout=120, memory_mb=1500)
    assert outcome.kind == "ok", f"{_short(script)}\n{outcome}"
    event(outcome.value)


def _short(script: dict) -> str:
    shown = [line if len(line) < 60 else f"{line[:10]!r}... ({len(line)} chars)" for line in script["lines"]]
    while len(shown) > 1 and shown[0] == "1":
        shown = shown[1:]
        script = dict(script, advanced=script.get("advanced", 0) + 1)
    return f"script: {dict(script, lines=shown)}"


test_keystrokes_never_crash_the_session, test_keystrokes_never_crash_the_session_long = fuzz(20, 2000, scripts())(
    _session
)


@st.composite
def interrupted_anywhere(draw: Any) -> dict:
    """A game played by "1"s, with one Ctrl-C at a random line of the interpreter's code."""
    name = draw(st.sampled_from(sorted(GAMES)))
    return {
        "game": name,
        "seat": 0,
        "seed": draw(st.integers(0, 1000)),
        "lines": ["1"] * 40,
        "end": "eof",
        "echo_at": 0,
        "interrupt_at_line": draw(st.integers(1, 150_000)),
    }


test_ctrl_c_at_any_moment_keeps_the_game, test_ctrl_c_at_any_moment_keeps_the_game_long = fuzz(
    10, 1000, interrupted_anywhere()
)(_session)


# ----------------------------------------------------------------- the same through `cardrules play`


def run_command(game: str, seed: int, data: bytes, folder: str) -> str:
    result = cli(
        ["play", GAMES[game], "--agents", "random", "--seed", seed], input=data, env={"CARDRULES_SAVE_DIR": folder}
    )
    assert_cli_clean(result, (0,))
    saves = list(Path(folder).glob("*.json"))
    if END_OF_GAME_PROMPT in result.output[-200:] and not saves:
        return "ended at the end-of-game prompt"
    assert "game saved" in result.output and saves, result.output[-500:]
    return "saved"


def _command(game: str, seed: int, keys: list[bytes]) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        outcome = isolated(run_command, game, seed, b"\n".join(keys), folder, timeout=120)
    assert outcome.kind == "ok", f"{game} seed {seed} input {b'|'.join(keys)[:500]!r}\n{outcome}"
    event(outcome.value)


KEYS = st.lists(
    st.one_of(
        st.integers(1, 9).map(lambda n: str(n).encode()),
        st.sampled_from([c.encode("utf-8", "surrogatepass") for c in COMMANDS if c != "exit"]),
        st.binary(max_size=12),
    ),
    max_size=25,
)
test_raw_bytes_at_the_command_prompt, test_raw_bytes_at_the_command_prompt_long = fuzz(
    15, 1000, st.sampled_from(sorted(GAMES)), st.integers(0, 1000), KEYS
)(_command)


# ----------------------------------------------------------------- the cases found above, one by one

FIXED = [
    ("superscript digit", ["\u00b2"]),
    ("fullwidth digit", ["\uff11"]),
    ("circled digit", ["\u2460"]),
    ("lone surrogate", ["\udcff"]),
    ("very long line", ["1" * 200_000]),
    ("nul", ["\x00"]),
]


@pytest.mark.parametrize("name,keys", FIXED, ids=[f[0] for f in FIXED])
def test_odd_lines_are_answered(name: str, keys: list[str], tmp_path: Path) -> None:
    script = {"game": "duzihu", "seat": 0, "seed": 3, "lines": keys, "end": "eof", "echo_at": 0}
    outcome = isolated(run_session, script, str(tmp_path), timeout=120)
    assert outcome.kind == "ok", str(outcome)


def test_invalid_utf8_on_stdin_is_not_an_internal_error(tmp_path: Path) -> None:
    """`printf 'hello\\n\\xff\\n' | cardrules play duzihu`: the byte is reported or replaced; the game is saved."""
    outcome = isolated(run_command, "duzihu", 3, b"hello\n\xff\xfe\n1\n", str(tmp_path), timeout=120)
    assert outcome.kind == "ok", str(outcome)


def test_ctrl_c_during_a_command_saves_the_game(tmp_path: Path) -> None:
    """Ctrl-C while a command prints (e.g. a slow `hint`) is the same as Ctrl-C at the prompt."""
    script = {"game": "duzihu", "seat": 0, "seed": 3, "lines": ["help"], "end": "eof", "echo_at": 0}
    outcome = isolated(_interrupt_where, script, "Type the number of a move", str(tmp_path), timeout=120)
    assert outcome.kind == "ok", str(outcome)


def _interrupt_where(script: dict, text: str, folder: str) -> str:
    """Run the script once to find the echo that prints `text`, then again with a Ctrl-C there."""
    from interpreter.agents.spec import make_agents
    from interpreter.frontends.prompt import Session
    from interpreter.text.render import Renderer

    rs = ruleset(script["game"])
    dry = Interrupted(script)
    Session(
        rs=rs,
        ruleset_path=str(GAMES[script["game"]]),
        seat=script["seat"],
        agents=make_agents("random", rs, script["seed"]),
        agent_spec="random",
        seed=script["seed"],
        options={},
        renderer=Renderer(rs),
        echo=dry.echo,
        read=dry.read,
        save_path=Path(folder) / "dry.json",
    ).run()
    at = next(i for i, line in enumerate(dry.out, 1) if line.startswith(text))
    return run_session(dict(script, end="interrupt_echo", echo_at=at), folder)


def test_ctrl_c_during_the_greeting_saves_the_game(tmp_path: Path) -> None:
    script = {"game": "duzihu", "seat": 0, "seed": 3, "lines": [], "end": "interrupt_echo", "echo_at": 1}
    outcome = isolated(run_session, script, str(tmp_path), timeout=120)
    assert outcome.kind == "ok", str(outcome)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_ctrl_c_while_the_engine_runs_keeps_a_resumable_game(game: str, tmp_path: Path) -> None:
    """Ctrl-C in the middle of the flow after a move (agents' turns, scoring): the save must resume."""
    script = {
        "game": game,
        "seat": 0,
        "seed": 3,
        "lines": ["1"] * 10,
        "end": "eof",
        "echo_at": 0,
        "interrupt_in": ("_run", 4, 6),
    }
    outcome = isolated(run_session, script, str(tmp_path), timeout=120)
    assert outcome.kind == "ok", str(outcome)


def test_save_command_that_cannot_write_is_explained(tmp_path: Path) -> None:
    """`save` where the save folder cannot be made: a message, not a traceback, and the game goes on."""
    (tmp_path / "blocker").write_text("a file where the save folder should be")
    result = cli(
        ["play", DZ, "--agents", "random", "--seed", "3"],
        input="save\n1\n",
        env={"CARDRULES_SAVE_DIR": str(tmp_path / "blocker" / "saves")},
    )
    assert_cli_clean(result, (0, 1))
    assert "could not save" in result.output or "cannot save" in result.output, result.output[-500:]


def test_log_in_a_missing_folder_is_explained(tmp_path: Path) -> None:
    """`--log missing/x.jsonl`: a message (or the folder is made), never a traceback."""
    result = cli(
        ["play", DZ, "--agents", "random", "--seed", "3", "--log", tmp_path / "missing" / "x.jsonl"],
        input="1\n",
        env={"CARDRULES_SAVE_DIR": str(tmp_path)},
    )
    assert_cli_clean(result, (0, 1, 2))


def test_end_of_input_at_the_end_of_game_prompt_saves(tmp_path: Path) -> None:
    """After a game, end of input at "next, restart or quit?" keeps the match (carried scores) resumable,
    as Ctrl-C at the same prompt does."""
    outcome = isolated(_to_the_end, "duzihu", str(tmp_path), timeout=120)
    assert outcome.kind == "ok", str(outcome)


def _to_the_end(game: str, folder: str) -> str:
    from interpreter.agents.spec import make_agents
    from interpreter.frontends.prompt import Session
    from interpreter.text.render import Renderer

    rs = ruleset(game)
    prompts: list[str] = []
    out: list[str] = []

    def read(prompt: str) -> str | None:
        prompts.append(prompt)
        return None if prompt == END_OF_GAME_PROMPT else "1"

    save = Path(folder) / "game.json"
    session = Session(
        rs=rs,
        ruleset_path=str(GAMES[game]),
        seat=0,
        agents=make_agents("random", rs, 3),
        agent_spec="random",
        seed=3,
        options={},
        renderer=Renderer(rs),
        echo=out.append,
        read=read,
        save_path=save,
    )
    assert session.run() == 0
    assert prompts[-1] == END_OF_GAME_PROMPT
    assert save.exists(), "end of input after a finished game saved nothing: " + " | ".join(out[-3:])
    return "saved"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_ctrl_c_during_the_first_deal_is_clean(game: str, tmp_path: Path) -> None:
    """Ctrl-C while the first deal is being made (no game yet): no traceback; nothing to save."""
    script = {
        "game": game,
        "seat": 0,
        "seed": 3,
        "lines": ["1"],
        "end": "eof",
        "echo_at": 0,
        "interrupt_in": ("new_game", 1, 2),
    }
    outcome = isolated(run_session, script, str(tmp_path), timeout=120)
    assert outcome.kind == "ok", str(outcome)


def test_ctrl_c_while_a_scratch_value_is_set_keeps_a_resumable_game(tmp_path: Path) -> None:
    """Ctrl-C inside GameState.with_local (the hand being sorted for display) must not save the scratch value."""
    script = {
        "game": "duzihu",
        "seat": 0,
        "seed": 3,
        "lines": ["1"] * 5,
        "end": "eof",
        "echo_at": 0,
        "interrupt_in": ("with_local", 10, 6),
    }
    outcome = isolated(run_session, script, str(tmp_path), timeout=120)
    assert outcome.kind == "ok", str(outcome)


@pytest.mark.parametrize("line", [28430, 29054])
def test_ctrl_c_found_by_the_long_run_keeps_a_resumable_game(line: int, tmp_path: Path) -> None:
    """Found by the long run: a Ctrl-C while an agent's legal moves were listed on the live game
    (scratch slots being restored) left a save that did not match its moves."""
    script = {
        "game": "hachinin_meri",
        "seat": 0,
        "seed": 0,
        "lines": ["1"] * 40,
        "end": "eof",
        "echo_at": 0,
        "interrupt_at_line": line,
    }
    outcome = isolated(run_session, script, str(tmp_path), timeout=120)
    assert outcome.kind == "ok", str(outcome)
