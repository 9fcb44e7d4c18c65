"""A live server in a thread of the test process (its saves in a folder of its own), and a
headless Chromium driven by Playwright for the browser tests.

The browser is the system's (Debian's `chromium`, installed by `.ci/run`; or the one
`CARDRULES_CHROMIUM` names); Playwright never downloads one.  The browser tests skip, saying so,
only when there is no such browser on this computer; Playwright comes with the `test` extra.
"""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

BROWSER_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--headless",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LiveServer:
    """`cardrules serve` in a thread: start, stop (as a restart would) and start again."""

    def __init__(self, folder: Path, games: list | None = None):
        self.folder, self.games = folder, games  # (None: the shipped games)
        self.port = free_port()
        self.thread: threading.Thread | None = None
        self.server = None
        self.app = None

    def games_or_shipped(self) -> list:
        """The games it serves: those given, else the shipped ones."""
        from interpreter.frontends.web.store import shipped_games

        return self.games if self.games is not None else shipped_games()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> LiveServer:
        import uvicorn

        from interpreter.frontends.web.app import UVICORN_OPTIONS, make_app
        from interpreter.frontends.web.store import Store, shipped_games

        self.app = make_app(Store(self.games if self.games is not None else shipped_games(), self.folder))
        config = uvicorn.Config(
            self.app, host="127.0.0.1", port=self.port, access_log=False, log_level="warning", **UVICORN_OPTIONS
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)
        return self

    def stop(self) -> None:
        if self.server is not None:
            self.server.should_exit = True
            self.thread.join(timeout=30)
            self.server = None

    @property
    def errors(self) -> list[str]:
        return self.app.state.server.errors if self.app is not None else []

    @property
    def store(self):
        return self.app.state.server.store


@pytest.fixture
def save_dir(tmp_path, monkeypatch):
    folder = tmp_path / "saves"
    folder.mkdir()
    monkeypatch.setenv("CARDRULES_SAVE_DIR", str(folder))
    return folder


@pytest.fixture
def live(save_dir):
    server = LiveServer(save_dir).start()
    yield server
    server.stop()
    assert server.errors == []


def find_chromium() -> str | None:
    """The system's Chromium: the one CARDRULES_CHROMIUM names, else the first on the PATH."""
    named = os.environ.get("CARDRULES_CHROMIUM")
    if named:
        return named if Path(named).is_file() else None
    return next((found for name in BROWSER_NAMES if (found := shutil.which(name))), None)


@pytest.fixture(scope="session")
def chromium():
    from playwright import sync_api

    executable = find_chromium()
    if executable is None:
        pytest.skip("no Chromium on this computer (apt-get install chromium, or set CARDRULES_CHROMIUM)")
    with sync_api.sync_playwright() as p:  # launch() gives every run a new, empty profile
        browser = p.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


class Page:
    """A browser page that remembers every JavaScript error and console error it shows."""

    def __init__(self, context):
        self.context = context
        self.page = context.new_page()
        self.errors: list[str] = []
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))


@pytest.fixture
def browser_page(chromium):
    pages: list[Page] = []

    def make(lang: str = "en", width: int = 1360, height: int = 900) -> Page:
        context = chromium.new_context(viewport={"width": width, "height": height}, locale="en-GB")
        context.add_init_script(  # the first page's language; a reload keeps what the page chose
            "if (!localStorage.getItem('cardrules.lang'))"
            f" localStorage.setItem('cardrules.lang', JSON.stringify('{lang}'))"
        )
        page = Page(context)
        pages.append(page)
        return page

    yield make
    for p in pages:
        p.context.close()
    assert [e for p in pages for e in p.errors] == []
