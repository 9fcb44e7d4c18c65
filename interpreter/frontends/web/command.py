"""`cardrules serve`: the card table in the browser (the extra `cardrules[web]`).

Only click is imported here, so `cardrules --help` stays fast; the server's packages are imported
when the command runs, and a missing extra is a usage error saying what to install.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from interpreter.base.i18n import N_, _
from interpreter.frontends.clicktext import LocalizedCommand
from interpreter.frontends.cliutil import EXIT_RULES, use_color

IN_USE = N_("port {port} is in use (by another program, or another cardrules serve); choose another with --port")


@click.command(cls=LocalizedCommand)  # its help in the reader's language, as every command's
@click.argument("rulesets", nargs=-1, type=click.Path(dir_okay=False, exists=True, path_type=str))
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="The address to listen on (others than this computer's only if you say so).",
)
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True, help="The port to listen on.")
@click.option("--open", "open_browser", is_flag=True, help="Open the lobby in the web browser.")
def serve(rulesets: tuple[str, ...], host: str, port: int, open_browser: bool) -> None:
    """Serve the card table in the browser: the shipped games (and RULESETS, files of your own)
    against AI seats or with friends, each table saved after every move."""
    try:
        import starlette  # noqa: F401
        import uvicorn
    except ImportError:
        raise click.UsageError(_("the web table needs its packages: pip install 'cardrules[web]'")) from None
    from interpreter.base.diagnostics import RulesetError
    from interpreter.frontends.web.app import UVICORN_OPTIONS, make_app
    from interpreter.frontends.web.store import Game, Store, shipped_games

    _check_address(host, port)
    own = [Game(key, path) for key, path in own_keys(rulesets)]
    store = Store(shipped_games() + own)
    for game in own:  # a file of one's own that does not load: its errors now, not a lobby without it
        try:
            store.ruleset(game.path)
        except RulesetError as exc:
            click.echo(exc.render(color=use_color(sys.stderr)), err=True)
            sys.exit(EXIT_RULES)
    app = make_app(store)
    config = uvicorn.Config(app, host=host, port=port, access_log=False, log_level="warning", **UVICORN_OPTIONS)
    server = uvicorn.Server(config)
    shown = f"[{host}]" if ":" in host else host

    async def announce() -> None:
        import asyncio

        while not server.started:
            await asyncio.sleep(0.05)
        bound = port
        for s in server.servers:
            for sock in s.sockets:
                bound = sock.getsockname()[1]
        url = f"http://{shown}:{bound}/"
        click.echo(_("cardrules: the card table is at {url} (Ctrl-C stops it)", url=url))
        for problem in store.problems:
            click.echo(_("cardrules: a saved table was not brought back: {problem}", problem=problem), err=True)
        sys.stdout.flush()
        if open_browser:
            import webbrowser

            webbrowser.open(url)

    import asyncio

    async def main() -> None:
        task = asyncio.get_running_loop().create_task(announce())
        await server.serve()
        task.cancel()

    asyncio.run(main())


def own_keys(paths: tuple[str, ...]) -> list[tuple[str, str]]:
    """(key, path) of each file named on the command line: the lobby names it by its file name
    (`file:mygame`, then `file:mygame-2` for a second of that name), never by where it lies on
    this computer, which every browser would be told."""
    seen: dict[str, int] = {}
    out = []
    for path in paths:
        stem = Path(path).stem or "ruleset"
        seen[stem] = seen.get(stem, 0) + 1
        out.append((f"file:{stem}" if seen[stem] == 1 else f"file:{stem}-{seen[stem]}", path))
    return out


def _check_address(host: str, port: int) -> None:
    """A usage error in words when the server could not listen on `host`:`port` (no such address,
    the port taken or not allowed), found by binding it once before the server starts (the server's
    own report of it is a log line in its words)."""
    import errno
    import socket

    try:
        family, kind, proto, _canon, address = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )[0]
    except (socket.gaierror, UnicodeError, ValueError):
        raise click.UsageError(_("there is no address '{host}' to listen on", host=host)) from None
    with socket.socket(family, kind, proto) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # (as the server binds)
        try:
            sock.bind(address)
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                words = _(IN_USE, port=port)
            elif exc.errno == errno.EACCES:
                words = _("this user may not listen on port {port}; choose another with --port", port=port)
            else:
                words = _(
                    "cannot listen on {host} port {port}: {reason}", host=host, port=port, reason=exc.strerror or exc
                )
            raise click.UsageError(words) from None
