"""Golden transcripts: what a person at the prompt sees, kept under review (issue 12, deliver 8).

As OpenSpiel's playthroughs: for every shipped ruleset (variants too), one
game with a fixed seed, random agents in the other seats and the person's
seat driven by a fixed script (help, moves, score, last, log, an undo), is
printed as a terminal would show it, prompts and typed lines included.  The
transcripts live in tests/transcripts/ and `tests/cli/test_transcripts.py`
compares them on every run, so a change to what players see shows up as a
diff to review; `python tools/make_transcripts.py` writes them again once the
change is right.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "tests" / "transcripts"

# name -> (ruleset file, seat, seed, options): short games, so that a transcript stays readable
GAMES = {
    "hachinin_meri": ("rulesets/hachinin_meri.yaml", 0, 3, {"deals": 1}),
    "hachinin_meri_short": ("rulesets/variants/hachinin_meri_short.yaml", 5, 4, {"deals": 1}),
    "hachinin_meri_counterclockwise": ("rulesets/variants/hachinin_meri_counterclockwise.yaml", 2, 5, {"deals": 1}),
    "hachinin_meri_hidden_robai": ("rulesets/variants/hachinin_meri_hidden_robai.yaml", 7, 6, {"deals": 1}),
    "duzihu": ("rulesets/duzihu.yaml", 0, 4, {}),
    "duzihu_followers": ("rulesets/variants/duzihu_followers.yaml", 1, 5, {}),
    "duzihu_min22": ("rulesets/variants/duzihu_min22.yaml", 2, 6, {}),
    "oh_hell": ("rulesets/oh_hell.yaml", 1, 3, {"fixed_size": "true", "deals": "2", "max_cards": "3"}),
    "gin_rummy": ("rulesets/gin_rummy.yaml", 0, 3, {"target": "0"}),
    "scopa": ("rulesets/scopa.yaml", 1, 3, {"target": "1"}),
    "hearts": ("rulesets/hearts.yaml", 2, 3, {"target": "1"}),
}
COLUMNS = 100
SCRIPT = ["help", "1", "score", "1", "last", "2", "undo", "2"]  # then "1" to every question, "log" once
MOST_READS = 400


def transcript(name: str, lang: str = "en") -> str:
    """The transcript of one game (deterministic: fixed seed, random agents, a scripted person)."""
    import os
    import tempfile

    import interpreter
    from interpreter.agents.spec import make_agents
    from interpreter.frontends.prompt import Session
    from interpreter.text.render import Renderer

    path, seat, seed, options = GAMES[name]
    rs = interpreter.load(ROOT / path)
    out: list[str] = []
    script = iter(SCRIPT)
    asked = [0]

    def read(prompt: str) -> str | None:
        asked[0] += 1
        if prompt.startswith("next") or asked[0] > MOST_READS:
            line = "quit"
        elif asked[0] == 30:
            line = "log"
        else:
            line = next(script, "1")
        out.append(prompt + line)
        return line

    with tempfile.TemporaryDirectory() as folder:
        before = os.environ.get("CARDRULES_SAVE_DIR")
        os.environ["CARDRULES_SAVE_DIR"] = folder  # the save and its key stay in the folder
        session = Session(
            rs=rs,
            ruleset_path=path,
            seat=seat,
            agents=make_agents("random", rs, seed),
            agent_spec="random",
            seed=seed,
            options=rs.check_options(options),
            renderer=Renderer(rs, lang=lang),
            echo=out.append,
            read=read,
            save_path=Path(folder) / "save.json",
            columns=COLUMNS,
        )
        try:
            status = session.run()
        finally:
            if before is None:
                del os.environ["CARDRULES_SAVE_DIR"]
            else:
                os.environ["CARDRULES_SAVE_DIR"] = before
    text = "\n".join(out).replace(folder, "SAVES")
    head = f"$ cardrules play {name} --seat {seat} --seed {seed} --agents random" + "".join(
        f" --option {k}={v}" for k, v in options.items()
    )
    return f"{head}\n{text}\n(exit status {status})\n"


def expected_path(name: str) -> Path:
    return FOLDER / f"{name}.txt"


def write_all() -> list[Path]:
    FOLDER.mkdir(parents=True, exist_ok=True)
    written = []
    for name in GAMES:
        path = expected_path(name)
        path.write_text(transcript(name), encoding="utf-8")
        written.append(path)
    return written
