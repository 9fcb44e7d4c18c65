"""The web server: pages, a small JSON API for the lobby, and one WebSocket per seat at a table.

The event loop only reads requests and sends views; every change to a game (a move, an undo, an
agent's move) and every save runs in a worker thread, under the table's lock.  After each change
every browser at the table is sent its own seat's view (only when it changed, so a seat cannot
count the moves it does not see).  Every message is checked before anything is done with it.
"""

from __future__ import annotations

import asyncio
import json
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from interpreter.base.i18n import N_, available, gettext, language_code, use_language
from interpreter.base.records import dataclass, field
from interpreter.frontends.web import words
from interpreter.frontends.web.store import Store, levels
from interpreter.frontends.web.tables import Refused, Table
from interpreter.frontends.web.view import choice_offer, ruleset_data, seat_view, seat_words, story_lines, texts

STATIC = Path(__file__).resolve().parent / "static"
MAX_BODY = 16 * 1024  # bytes of a request body
MAX_MESSAGE = 4 * 1024  # characters of a WebSocket message
# bytes of a WebSocket message the transport reads at all (into memory, one message of a socket at a
# time): a longer one closes the socket (code 1009); one longer than MAX_MESSAGE up to this size is
# answered with an error, and the socket stays open
MAX_FRAME = 1 << 20
UVICORN_OPTIONS: dict[str, Any] = {"ws_max_size": MAX_FRAME}  # what `cardrules serve` and the tests' server run with
LOOPBACK = ("127.0.0.1", "::1", "localhost", "testclient")


@dataclass(eq=False)
class Client:
    """One browser at a table: its seat, its language and what it was last sent."""

    ws: WebSocket
    seat: int
    lang: str = "en"
    version: int = 0
    position: int = -1  # the game's decision count when its last view was made
    last: str = ""  # the last view sent (without events), to send only changes
    events: int = 0  # how many of its events it has
    last_event: Any = None
    send_lock: asyncio.Lock = field(default_factory=asyncio.Lock)


class Server:
    """The tables, the browsers at them, and the worker threads that change them."""

    def __init__(self, store: Store, workers: int = 4, thinkers: int = 2):
        self.store = store
        self.pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="cardrules-table")
        # agents think in threads of their own, so a person's move never waits behind a search
        self.thinkers = ThreadPoolExecutor(max_workers=thinkers, thread_name_prefix="cardrules-agent")
        self.clients: dict[str, set[Client]] = {}
        self.drivers: dict[str, asyncio.Task] = {}
        self.errors: list[str] = []  # what went wrong inside the server (the tests require none)

    async def run(self, fn: Any, *args: Any) -> Any:
        return await asyncio.get_running_loop().run_in_executor(self.pool, fn, *args)

    async def think(self, fn: Any, *args: Any) -> Any:
        return await asyncio.get_running_loop().run_in_executor(self.thinkers, fn, *args)

    # ----- views ---------------------------------------------------------------------------------
    def _view_message(self, table: Table, client: Client) -> dict | None:
        """The client's next view message, None when nothing it may see changed (worker thread)."""
        with table.lock:
            view = seat_view(table, client.seat)
            position = table.state.decisions
        events = view.pop("events")
        body = json.dumps(view, sort_keys=True, ensure_ascii=False)
        n = client.events
        fresh = len(events) >= n and (n == 0 or events[n - 1] == client.last_event)
        if body == client.last and fresh and len(events) == n:
            client.position = position
            return None
        client.version += 1
        client.position, client.last = position, body
        start = n if fresh else 0
        client.events, client.last_event = len(events), (events[-1] if events else None)
        with use_language(client.lang):
            if view["stuck"] is not None:
                view["stuck"] = gettext(view["stuck"])
            names = seat_words(table.rs, client.seat, client.lang)
            said = story_lines(table.rs, client.seat, client.lang, events[start:])
        english = None
        if client.lang != "en":  # (for texts the ruleset has only in English: "from you to Seat 1")
            with use_language("en"):
                english = seat_words(table.rs, client.seat, "en")
        return {
            "type": "view",
            "version": client.version,
            "view": view,
            "events_from": start,
            "events": events[start:],
            "names": names,  # the seats as the prompt names them, in this browser's language
            "names_en": english,  # and in English (None where that is the browser's language)
            "said": said,  # each new event as the prompt's story tells it
        }

    async def send_view(self, table: Table, client: Client) -> None:
        async with client.send_lock:
            message = await self.run(self._view_message, table, client)
            if message is not None:
                await self._send(client, message)

    async def broadcast(self, table: Table) -> None:
        for client in list(self.clients.get(table.id, ())):
            await self.send_view(table, client)

    async def _send(self, client: Client, message: dict) -> None:
        try:
            await client.ws.send_text(json.dumps(message, ensure_ascii=False))
        except Exception:  # the browser went away: its socket handler forgets it
            pass

    # ----- agents ------------------------------------------------------------------------------
    def kick(self, table: Table) -> None:
        """Let the agents play while it is their turn (one driver task per table)."""
        task = self.drivers.get(table.id)
        if task is None or task.done():
            self.drivers[table.id] = asyncio.get_running_loop().create_task(self._drive(table))

    async def _drive(self, table: Table) -> None:
        while True:
            with table.lock:
                seat, position = table.agent_to_act(), table.state.decisions
            if seat is None:
                return
            table.thinking = seat
            failure: Exception | None = None
            try:
                await self.think(table.agent_move, seat, position)
            except Exception as exc:  # a ruleset that fails (or a bug): the game stays as it was
                self.errors.append(f"table {table.id}: {exc.__class__.__name__}: {exc}")
                failure = exc
            finally:
                table.thinking = None
            if failure is not None:  # everyone at the table is told, as a person's refused move would be
                table.mark_stuck(failure)
                await self._tell_failure(table, failure)
                return
            await self.broadcast(table)

    async def _tell_failure(self, table: Table, exc: Exception) -> None:
        """An AI seat could not move: every browser at the table gets the reason and the table as it is."""
        for client in list(self.clients.get(table.id, ())):
            await self._send(client, _error_message(client, exc))
        await self.broadcast(table)

    # ----- one browser -------------------------------------------------------------------------
    async def socket(self, ws: WebSocket) -> None:
        table_id, token = ws.path_params.get("table", ""), ws.path_params.get("token", "")
        try:
            table, seat = self.store.table(table_id, token)
        except Refused:
            await ws.close(code=4403)
            return
        await ws.accept()
        client = Client(ws, seat, lang=language_code(ws.query_params.get("lang")) or "en")
        self.clients.setdefault(table.id, set()).add(client)
        try:
            hello: dict[str, Any] = {
                "type": "hello",
                "seat": seat,
                "table": table.id,
                "ruleset": ruleset_data(table.rs),
            }
            hello["ruleset"]["key"] = self.store.key_of(table.ruleset_path)
            await self._send(client, hello)
            await self.send_view(table, client)
            self.kick(table)
            while True:
                frame = await ws.receive()
                if frame["type"] == "websocket.disconnect":
                    break
                # a binary frame is answered as a malformed message, the socket stays open
                await self.handle(table, client, frame.get("text", frame.get("bytes")))
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            self.clients.get(table.id, set()).discard(client)

    async def handle(self, table: Table, client: Client, raw: str) -> None:
        """One message from a browser; anything wrong in it is an error message and no change."""
        try:
            message = _parse(raw)
            await self._do(table, client, message)
        except Refused as exc:
            await self._send(client, _error_message(client, exc))
        except Exception as exc:  # never let one message end the server or the socket
            self.errors.append(f"table {table.id}: {exc.__class__.__name__}: {exc}")
            await self._send(client, _error_message(client, exc))

    async def _do(self, table: Table, client: Client, message: dict) -> None:
        op = message["op"]
        if op == "echo":  # answered in order: a client knows it has every message sent before
            await self._send(client, {"type": "echo"})
        elif op == "lang":
            client.lang = language_code(_text(message, "lang", 16)) or "en"
            async with client.send_lock:
                client.last, client.events = "", 0  # everything again, in the new language
            await self.send_view(table, client)
        elif op == "act":
            action = _text(message, "action", 2000)  # a malformed move is told so before a stale one
            position = self._fresh(client, message)
            await self.run(table.act, client.seat, action, position)
            await self.broadcast(table)
            self.kick(table)
        elif op == "explain":
            text = _text(message, "action", 2000)
            reason = await self.run(self._explain, table, client, text)
            await self._send(client, {"type": "explain", "action": text, "message": reason})
        elif op == "offer":
            chosen = message.get("chosen")
            if (
                not isinstance(chosen, list)
                or len(chosen) > 64
                or not all(isinstance(c, str) and len(c) < 100 for c in chosen)
            ):
                raise Refused("bad", N_("a malformed message"))
            offer = await self.run(choice_offer, table, client.seat, _text(message, "action", 100), chosen)
            await self._send(client, {"type": "offer", **offer})
        elif op == "hint":
            action = await self.think(self._hint, table, client)
            await self._send(client, {"type": "hint", "action": action})
        elif op == "undo":
            position = self._fresh(client, message)
            await self.run(table.undo, client.seat, position)
            await self.broadcast(table)
            self.kick(table)
        elif op == "next":
            await self.run(table.next_game)
            await self.broadcast(table)
            self.kick(table)
        else:
            raise Refused("bad", N_("a malformed message"))

    def _fresh(self, client: Client, message: dict) -> int:
        """The move was chosen from the latest view this browser was sent: the game's position then
        (the table checks it is still the game's)."""
        version = message.get("version")
        if type(version) is not int or version != client.version:
            raise Refused("stale", N_("the table has changed since; look again"))
        return client.position

    def _explain(self, table: Table, client: Client, text: str) -> str:
        with table.lock:
            st = table.state
            if st.is_terminal() or st.current_player() != client.seat:
                raise Refused("turn", N_("it is not your turn"))
            from interpreter.text.render import Renderer

            with use_language(client.lang):  # the legal moves it lists are written as the table shows them
                words = Renderer(table.rs, lang=client.lang, viewer=client.seat).action
                return str(table.rs.explain(st.clone(), text, words))

    def _hint(self, table: Table, client: Client) -> str:
        from interpreter.agents.spec import advice

        with table.lock:
            st = table.state.clone()
        if st.is_terminal() or st.current_player() != client.seat:
            raise Refused("turn", N_("it is not your turn"))
        return str(advice(table.rs, st, client.seat, table.seed + 1))


def _error_message(client: Client, exc: Exception) -> dict:
    """The error a browser is sent: a refusal's reason in its language, else an internal error (a
    bug, or a ruleset failing in an agent: the server's log says which)."""
    if not isinstance(exc, Refused):
        return {"type": "error", "code": "internal", "message": "internal error"}
    with use_language(client.lang):
        return {"type": "error", "code": exc.code, "message": words.refusal(exc)}


def _parse(raw: Any) -> dict:
    if not isinstance(raw, str):  # a binary frame: messages are JSON text
        raise Refused("bad", N_("a malformed message"))
    if len(raw) > MAX_MESSAGE:
        raise Refused("bad", N_("a message too long"))
    try:
        message = json.loads(raw)
    except (ValueError, RecursionError):
        raise Refused("bad", N_("a malformed message")) from None
    if not isinstance(message, dict) or not isinstance(message.get("op"), str) or not _encodable(message):
        raise Refused("bad", N_("a malformed message"))
    return message


def _encodable(data: Any) -> bool:
    """Whether JSON data holds only text that UTF-8 can write (`"\\ud800"` decodes to a lone surrogate,
    which an answer quoting it could not send)."""
    try:
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _text(message: dict, key: str, limit: int) -> str:
    value = message.get(key)
    if not isinstance(value, str) or not value or len(value) > limit or not value.isprintable():
        raise Refused("bad", N_("a malformed message"))  # (a control character is no part of a move)
    return value


# ----- HTTP ----------------------------------------------------------------------------------------
async def _body(request: Request) -> dict:
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":  # (a form another site's page posts is no request of the lobby)
        raise Refused("type", N_("a request that is not JSON (Content-Type: application/json)"))
    size = request.headers.get("content-length")
    if size is not None and (not size.isdigit() or int(size) > MAX_BODY):
        raise Refused("bad", N_("a request too large"))
    raw = b""
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_BODY:
            raise Refused("bad", N_("a request too large"))
    try:
        data = json.loads(raw.decode("utf-8"))
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise Refused("bad", N_("a malformed request")) from None
    if not isinstance(data, dict) or not _encodable(data):
        raise Refused("bad", N_("a malformed request"))
    return data


def _lang(request: Request) -> str:
    return language_code(request.query_params.get("lang")) or "en"


def _local(request: Request) -> bool:
    return request.client is not None and request.client.host in LOOPBACK


def make_app(store: Store, workers: int = 4) -> Starlette:
    server = Server(store, workers)

    def refused(exc: Refused, lang: str) -> JSONResponse:
        status = 415 if exc.code == "type" else 400
        with use_language(lang):
            return JSONResponse({"error": exc.code, "message": words.refusal(exc)}, status_code=status)

    async def lobby_page(request: Request) -> Response:
        return FileResponse(STATIC / "lobby.html", headers=_NO_STORE)

    async def table_page(request: Request) -> Response:
        try:
            store.table(request.path_params["table"], request.path_params["token"])
        except Refused:
            return HTMLResponse(_gone_page(_lang(request)), status_code=404)
        return FileResponse(STATIC / "table.html", headers=_NO_STORE)

    async def api_words(request: Request) -> Response:
        lang = _lang(request)
        return JSONResponse(words.catalog(lang))

    async def api_lobby(request: Request) -> Response:
        games = await server.run(lambda: [_game_entry(store, key) for key in store.games])
        return JSONResponse(
            {
                "games": [g for g in games if g is not None],
                "levels": levels(),
                "languages": [{"code": c, "name": words.language_name(c)} for c in available()],
                "saves": store.prompt_saves() if _local(request) else [],
            }
        )

    async def api_create(request: Request) -> Response:
        lang = _lang(request)
        try:
            data = await _body(request)
            seed = data.get("seed")
            if seed is not None and (type(seed) is not int or not 0 <= seed < 1 << 62):
                raise Refused("bad", N_("the seed must be a whole number"))
            options = data.get("options") or {}
            if not isinstance(options, dict) or len(options) > 64:
                raise Refused("bad", N_("a malformed request"))
            table, tokens = await server.run(
                store.create, data.get("ruleset"), data.get("seats"), data.get("level", "normal"), options, seed, lang
            )
        except Refused as exc:
            return refused(exc, lang)
        links = {str(s): f"/t/{table.id}/{t}" for s, t in tokens.items()}
        return JSONResponse({"table": table.id, "links": links}, status_code=201)

    async def api_resume(request: Request) -> Response:
        lang = _lang(request)
        try:
            if not _local(request):
                raise Refused("bad", N_("saves are resumed from this computer only"))
            data = await _body(request)
            table, token = await server.run(store.resume, data.get("save"))
        except Refused as exc:
            return refused(exc, lang)
        return JSONResponse({"table": table.id, "link": f"/t/{table.id}/{token}"}, status_code=201)

    async def rules_page(request: Request) -> Response:
        from interpreter.frontends.web.rulespage import rules_html

        key = request.path_params["key"]
        lang = _lang(request)
        try:
            _game, rs = await server.run(store.game, key)
        except Refused:
            return HTMLResponse(_gone_page(lang), status_code=404)
        return HTMLResponse(await server.run(rules_html, rs, lang))

    async def card_image(request: Request) -> Response:
        found = store.image(request.path_params["ref"], request.path_params["name"])
        if found is None or not Path(found[0]).is_file():
            return Response("no such image", status_code=404, media_type="text/plain")
        return FileResponse(found[0], media_type=found[1], headers=_IMAGE_HEADERS)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> Any:
        await server.run(store.restore_all)
        for table in list(store.tables.values()):
            server.kick(table)
        yield
        for task in server.drivers.values():
            task.cancel()
        server.thinkers.shutdown(wait=True, cancel_futures=True)
        server.pool.shutdown(wait=True, cancel_futures=True)
        store.close()

    app = Starlette(
        routes=[
            Route("/", lobby_page),
            Route("/t/{table}/{token}", table_page),
            Route("/rules/{key:path}", rules_page),
            Route("/card-images/{ref}/{name}", card_image),
            Route("/api/words", api_words),
            Route("/api/lobby", api_lobby),
            Route("/api/tables", api_create, methods=["POST"]),
            Route("/api/resume", api_resume, methods=["POST"]),
            WebSocketRoute("/ws/{table}/{token}", server.socket),
            Mount("/static", app=StaticFiles(directory=STATIC), name="static"),
        ],
        lifespan=lifespan,
    )
    app.state.server = server
    return app


_NO_STORE = {"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"}
# a ruleset's card image: never run as a page of this server (an svg opened by itself), never sniffed
_IMAGE_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    "Cache-Control": "max-age=3600",
}


def _game_entry(store: Store, key: str) -> dict | None:
    try:
        _game, rs = store.game(key)
    except Exception:  # a file named on the command line that does not load: left out
        return None
    teams = {t.id: texts(t.name) for t in rs.model.players.teams}
    return {
        "key": key,
        "name": texts(rs.name),
        "description": texts(rs.model.description),
        "players": rs.num_players,
        "choices": list(rs.model.players.choices) or None,  # the numbers of players a table may have
        "seat_names": [texts(n) for n in rs.model.players.seat_names],  # (none: "Seat 2")
        "teams": [
            {"id": tid, "name": teams.get(tid, {}), "seats": [s for s, t in enumerate(rs.team_of_seat) if t == i]}
            for i, tid in enumerate(rs.team_ids)
        ],
        "options": [
            {
                "name": o.name,
                "label": texts(o.label),  # {} when the ruleset gives none: the lobby shows the name
                "type": o.type,
                "default": o.default,
                "choices": list(o.choices) if o.choices else None,
                "min": o.minimum,
                "max": o.maximum,
                "description": texts(o.description),
            }
            for o in rs.model.options
        ],
    }


def _gone_page(lang: str) -> str:
    import html

    with use_language(lang):
        title, text, back = words.gone()
    return (
        f'<!doctype html><html lang="{lang}"><meta charset="utf-8"><title>{html.escape(title)}</title>'
        f'<link rel="stylesheet" href="/static/table.css"><body class="gone"><main><h1>{html.escape(title)}</h1>'
        f'<p>{html.escape(text)}</p><p><a href="/">{html.escape(back)}</a></p></main></body></html>'
    )
