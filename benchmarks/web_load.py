"""A bounded load test of `cardrules serve` on the loopback address: many tables at once, each with
one person (a WebSocket client here, playing random legal moves) and AI seats, for a while.

Prints the move round trip (from sending a move to the view that shows it, which the server sends
before any agent thinks: AI thinking is not in it), its median and 95th percentile, and checks
that nothing went wrong: no error message, and every move the clients made is in the table's
save on disk (no lost move).

    python benchmarks/web_load.py                       # 20 tables, 60 s, AI level easy
    python benchmarks/web_load.py --tables 5 --seconds 10 --level random
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import _cli  # noqa: E402

GAMES = ("duzihu", "hachinin_meri", "hearts", "oh_hell", "scopa", "gin_rummy")


def start_server(folder: Path) -> tuple[subprocess.Popen, str]:
    """`cardrules serve --port 0` in a process of its own; its address from what it prints."""
    env = {**os.environ, "CARDRULES_SAVE_DIR": str(folder), "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "interpreter", "serve", "--port", "0"],
        stdout=subprocess.PIPE,
        env=env,
        text=True,
        start_new_session=True,  # Ctrl-C at the terminal is this program's: it stops the server itself
    )
    line = proc.stdout.readline() if proc.stdout else ""
    url = next((w for w in line.split() if w.startswith("http://")), None)
    if url is None:
        proc.kill()
        raise SystemExit(f"the server did not start: {line!r}")
    return proc, url.rstrip("/")


def pick_level(url: str, wanted: str) -> str:
    with urllib.request.urlopen(url + "/api/lobby") as r:
        known = json.loads(r.read())["levels"]
    return wanted if wanted in known else ("greedy" if "greedy" in known else known[0])


def new_table(url: str, game: str, level: str, seed: int) -> dict:
    with urllib.request.urlopen(url + "/api/lobby") as r:
        players = {g["key"]: g["players"] for g in json.loads(r.read())["games"]}[game]
    body = {"ruleset": game, "seats": ["me"] + ["ai"] * (players - 1), "level": level, "seed": seed}
    req = urllib.request.Request(
        url + "/api/tables", data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(req) as r:
        return json.loads(r.read())


async def person(url: str, link: str, until: float, seed: int, out: dict) -> None:
    """Random legal moves whenever it is this seat's turn, until `until`; round trips into `out`,
    and the moves of the game in play into out["made"][link]."""
    import websockets

    rng = random.Random(seed)
    made = 0
    async with websockets.connect(url.replace("http", "ws") + link.replace("/t/", "/ws/"), max_size=1 << 24) as ws:

        async def receive() -> dict | None:
            try:
                return json.loads(await asyncio.wait_for(ws.recv(), timeout=max(0.1, until - time.monotonic())))
            except asyncio.TimeoutError:
                return None

        m = await receive()
        while m is not None and time.monotonic() < until:
            if m["type"] == "error":
                out["errors"].append(m["message"])
            elif m["type"] == "view" and m["view"]["terminal"]:
                await ws.send(json.dumps({"op": "next"}))
                out["games"] += 1
                made = 0
            elif m["type"] == "view" and m["view"]["moves"]:
                move = rng.choice(m["view"]["moves"])["text"]
                sent = time.perf_counter()
                await ws.send(json.dumps({"op": "act", "action": move, "version": m["version"]}))
                m = json.loads(await ws.recv())  # the view after the move (sent before any agent thinks)
                out["round_trips"].append(time.perf_counter() - sent)
                if m["type"] == "view":
                    made += 1
                    out["moves"] += 1
                continue
            m = await receive()
    out["made"][link] = made


def saved_moves(folder: Path, table_id: str, seat: int) -> int:
    """The decisions of `seat` in the game in play, as the table's save on disk holds them."""
    from interpreter.frontends.savecheck import decisions
    from interpreter.frontends.savefile import read_save

    for side in folder.glob("*.json.web"):
        if json.loads(side.read_text())["table"] == table_id:
            state = read_save(side.with_suffix("")).data["state"]
            return sum(1 for s, _k, _v in decisions(state.get("history") or ()) if s == seat)
    return -1


def run(tables: int, seconds: float, level: str) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        os.environ["CARDRULES_SAVE_DIR"] = tmp  # the server's saves and their key, read back below
        proc, url = start_server(folder)
        stopping = threading.Event()
        try:
            level = pick_level(url, level)
            made = [new_table(url, GAMES[i % len(GAMES)], level, i) for i in range(tables)]
            out: dict = {"round_trips": [], "errors": [], "moves": 0, "games": 0, "level": level, "made": {}}
            until = time.monotonic() + seconds

            async def everyone() -> None:
                await asyncio.gather(*(person(url, m["links"]["0"], until, i, out) for i, m in enumerate(made)))

            def clients_run() -> None:
                try:
                    asyncio.run(everyone())
                except Exception:
                    if not stopping.is_set():
                        raise  # (after Ctrl-C the server is gone: the clients' errors say nothing then)

            # in a thread of its own: the caller may hold an event loop already (a test with a browser);
            # a daemon, so that after Ctrl-C the program ends without waiting for it
            clients = threading.Thread(target=clients_run, daemon=True)
            clients.start()
            clients.join()
        except BaseException:
            stopping.set()
            raise
        finally:
            proc.terminate()
            proc.wait(timeout=60)
        out["lost"] = [
            m["table"] for m in made if saved_moves(folder, m["table"], 0) != out["made"].get(m["links"]["0"])
        ]
        out["tables"] = tables
        out["seconds"] = seconds
        return out


def report(out: dict) -> str:
    rt = sorted(out["round_trips"])
    if not rt:
        return "no move was made"
    p95 = rt[min(len(rt) - 1, int(0.95 * len(rt)))]
    return (
        f"{out['tables']} tables, {out['seconds']:.0f} s, AI level {out['level']}: {out['moves']} moves by the people, "
        f"{out['games']} games finished, {len(out['errors'])} errors, {len(out['lost'])} tables with a lost move; "
        f"move round trip median "
        f"{statistics.median(rt) * 1000:.1f} ms, 95th percentile {p95 * 1000:.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=_cli.whole(1), default=20)
    parser.add_argument("--seconds", type=_cli.seconds, default=60)
    parser.add_argument("--level", default="easy")
    args = parser.parse_args()
    out = run(args.tables, args.seconds, args.level)
    print(report(out))
    if out["errors"] or out["lost"]:
        print("errors:", *sorted(set(out["errors"]))[:10], sep="\n  ")
        raise SystemExit(1)


if __name__ == "__main__":
    _cli.run(main)
