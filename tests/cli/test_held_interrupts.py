"""Ctrl-C while a save file is being written is held until the file is complete (play.HELD)."""

from __future__ import annotations

import os
import signal

import pytest

from interpreter.frontends.interrupts import HELD


def test_sigint_inside_a_held_block_is_raised_when_it_ends() -> None:
    before = signal.getsignal(signal.SIGINT)  # the default, or SIG_IGN where the runner ignores Ctrl-C
    reached_end_of_block = False
    with pytest.raises(KeyboardInterrupt):
        with HELD:
            os.kill(os.getpid(), signal.SIGINT)
            reached_end_of_block = True  # the signal did not cut the block short
    assert reached_end_of_block
    assert HELD.depth == 0 and not HELD.pending
    assert signal.getsignal(signal.SIGINT) is before  # the handler it found is back


def test_nested_blocks_raise_once_at_the_outermost_end() -> None:
    order = []
    with pytest.raises(KeyboardInterrupt):
        with HELD:
            with HELD:
                os.kill(os.getpid(), signal.SIGINT)
                order.append("inner")
            order.append("outer")
    assert order == ["inner", "outer"]


def test_release_without_raising_drops_the_interrupt_when_stopping_anyway() -> None:
    HELD.__enter__()
    os.kill(os.getpid(), signal.SIGINT)
    HELD.release(raise_pending=False)
    assert HELD.depth == 0 and not HELD.pending


def test_no_signal_means_no_interrupt() -> None:
    before = signal.getsignal(signal.SIGINT)
    with HELD:
        pass
    assert signal.getsignal(signal.SIGINT) is before


@pytest.mark.parametrize("delay", [0.0, 0.01, 0.03, 0.1, 0.3, 0.6])
def test_real_ctrl_c_at_the_prompt_always_leaves_a_game_that_resumes(tmp_path, delay: float) -> None:
    """A real SIGINT to `cardrules play` at several moments after it has started (one that
    arrives while Python itself is still starting is Python's matter): no traceback; when a
    save is reported, it resumes."""
    import subprocess
    import sys
    import time

    env = {**os.environ, "CARDRULES_SAVE_DIR": str(tmp_path), "NO_COLOR": "1"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "interpreter", "play", "duzihu", "--agents", "random", "--seed", "4"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env=env,
        text=True,
    )
    banner = proc.stdout.readline()  # the game has begun
    try:
        proc.stdin.write("1\n" * 200)
        proc.stdin.flush()
    except BrokenPipeError:
        pass
    time.sleep(delay)
    proc.send_signal(signal.SIGINT)
    out, _ = proc.communicate(timeout=60)
    out = banner + out
    assert "Traceback" not in out, out[-2000:]
    assert proc.returncode in (0, 1, 130), (proc.returncode, out[-500:])
    if "--resume" in out:
        save = out.split("--resume", 1)[1].split()[0].strip("'\"")
        _resumes_and_quits(save, env)


@pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="POSIX signals")
@pytest.mark.parametrize("name", ["SIGHUP", "SIGTERM"])
def test_a_closed_terminal_or_a_kill_at_the_prompt_saves_the_game_as_ctrl_c_does(tmp_path, name: str) -> None:
    """SIGHUP (the terminal window closed) and SIGTERM (`kill`) ended the game without a save."""
    import subprocess
    import sys

    env = {**os.environ, "CARDRULES_SAVE_DIR": str(tmp_path), "NO_COLOR": "1"}
    save = tmp_path / "game.json"
    args = ["play", "duzihu", "--agents", "random", "--seed", "4", "--save", str(save)]
    proc = subprocess.Popen(
        [sys.executable, "-m", "interpreter", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env=env,
        text=True,
    )
    seen = ""
    while "> " not in seen:  # at the prompt, a move made, at the prompt again
        seen += proc.stdout.read(1)
    proc.stdin.write("1\n")
    proc.stdin.flush()
    seen = ""
    while "> " not in seen:
        seen += proc.stdout.read(1)
    proc.send_signal(getattr(signal, name))
    out, _ = proc.communicate(timeout=60)
    assert "interrupted: game saved" in out and "Traceback" not in out, out[-1000:]
    _resumes_and_quits(str(save), env)


def _resumes_and_quits(save: str, env: dict) -> None:
    """The save resumes in a new process, which `quit` saves again, without a traceback."""
    import subprocess
    import sys

    again = subprocess.run(
        [sys.executable, "-m", "interpreter", "play", "--resume", save],
        input="quit\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    said = again.stdout + again.stderr
    assert again.returncode == 0 and "quit: game saved" in said and "Traceback" not in said, said[-1500:]


@pytest.fixture
def first_interrupt(monkeypatch):
    """The command line's Ctrl-C handling, with a short watchdog; put back afterwards."""
    import time

    from interpreter.frontends import interrupts

    monkeypatch.setattr(interrupts, "RETRY_AFTER", 0.2)
    monkeypatch.setitem(interrupts._state, "stopping", False)
    monkeypatch.setitem(interrupts._state, "again", False)
    before = signal.getsignal(signal.SIGINT)
    interrupts.stop_on_first_interrupt()
    try:
        yield interrupts, time
    finally:
        signal.signal(signal.SIGINT, before)


def test_a_first_ctrl_c_lost_inside_a_finalizer_is_raised_again(first_interrupt) -> None:
    """Raised while Python ran a finalizer, the first KeyboardInterrupt was dropped there, and later
    Ctrl-Cs did nothing: `simulate` ran on (a CI run timed out so)."""
    interrupts, time = first_interrupt
    try:
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(0.05)
    except KeyboardInterrupt:
        pass  # lost, as in a finalizer
    with pytest.raises(KeyboardInterrupt):
        time.sleep(3)  # the watchdog raises it again


def test_a_first_ctrl_c_the_program_caught_is_not_raised_again(first_interrupt) -> None:
    interrupts, time = first_interrupt
    try:
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(0.05)
    except KeyboardInterrupt:
        interrupts.stopping()  # as the command line's handlers do
    time.sleep(0.5)  # no second KeyboardInterrupt: the program is saving and stopping


CTRL_C_WHILE_IMPORTING = """
import importlib.abc, os, signal, sys

class CtrlC(importlib.abc.MetaPathFinder):  # a Ctrl-C while Python imports the program
    def find_spec(self, name, path, target=None):
        if name == "interpreter.frontends.entry":
            os.kill(os.getpid(), signal.SIGINT)
            for _ in range(1000):
                pass
        return None

sys.meta_path.insert(0, CtrlC())
real_exit = os._exit

def exit_after_a_second_ctrl_c(status):
    os.kill(os.getpid(), signal.SIGINT)  # the user presses Ctrl-C again while it ends
    for _ in range(1000):
        pass
    print("ignored" if signal.getsignal(signal.SIGINT) == signal.SIG_IGN else "not ignored", flush=True)
    real_exit(status)

os._exit = exit_after_a_second_ctrl_c
import runpy
runpy.run_module("interpreter", run_name="__main__")
"""


def test_ctrl_c_while_python_imports_the_program_exits_130_and_a_second_is_ignored() -> None:
    """`python -m interpreter` (the fuzz run's way in): a Ctrl-C during the first imports printed
    "interrupted" and raised SystemExit, and a second one during Python's shutdown, where the
    default handler is back, killed the program with no exit status of its own (-2)."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", CTRL_C_WHILE_IMPORTING], capture_output=True, text=True, timeout=60)
    assert done.stderr == "interrupted\n"
    assert done.stdout == "ignored\n"
    assert done.returncode == 130


def test_a_ctrl_c_python_can_only_print_is_dropped_without_a_traceback() -> None:
    # seen in a local test run: a Ctrl-C arriving while an import's lock callback ran was printed as
    # "Exception ignored in: <function _get_module_lock.<locals>.cb ...>" with a traceback
    import subprocess
    import sys

    code = (
        "from interpreter.frontends.interrupts import stop_on_first_interrupt\n"
        "stop_on_first_interrupt()\n"
        "class Finalised:\n"
        "    def __del__(self):\n"
        "        raise KeyboardInterrupt\n"
        "class Other:\n"
        "    def __del__(self):\n"
        "        raise ValueError('shown as Python shows it')\n"
        "Finalised()\n"
        "Other()\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert "KeyboardInterrupt" not in done.stderr, done.stderr
    assert "ValueError: shown as Python shows it" in done.stderr  # (any other such error is still shown)
