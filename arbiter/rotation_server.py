"""The live rotation page: a small ASGI application (Starlette) over one session file.

``arbiter rotation serve SESSION`` runs it with uvicorn (:mod:`arbiter.cli_rotation`).  Routes:

* ``/``: the whole page (:func:`arbiter.publish.rotation_page.render_page`, live), the same page
  ``arbiter rotation publish`` writes, plus the script that follows ``/events``;
* ``/events``: Server-Sent Events.  On connecting, and whenever the session changes, one
  ``message`` event whose data is the content of ``<main id="board">``
  (:func:`~arbiter.publish.rotation_page.render_fragment`); a comment line every
  :data:`HEARTBEAT` seconds in between, so that proxies and phones keep the stream open;
* ``/board.json``: the board as data (:meth:`rotation.board.Board.to_json`), or the error
  object of the command line's ``--json`` (:func:`arbiter.app.error_object`) with status 503;
* ``/organiser`` and ``POST /actions/KIND``: the organiser's page and its actions, only when
  :func:`make_app` is given a token.

Read-only unless ``make_app`` is given an organiser's token (``serve --actions``): the session
is read with the library's own read (:func:`rotation.board.read_board`:
one read transaction, safe while ``arbiter rotation`` commands write).  Whether it changed is
checked cheaply every ``poll`` seconds: the file's identity, size and modification time and the
change counter SQLite keeps in the database header (bytes 24-27, incremented by every committed
write transaction); the log is read and replayed only when these changed, or when the log's
version (:func:`rotation.log.version`, a cheap query asked every :data:`REREAD` seconds in case
the file system hides a change) differs from the board's.  One watcher serves every open page.

A session that is damaged or cannot be read while served is shown as a banner with the command
line's message (the text ``arbiter rotation status`` prints after ``arbiter:``), never a
traceback, and the page recovers by itself when the file is good again.
"""

from __future__ import annotations

import asyncio
import socket
import os
import re
import time
from contextlib import aclosing
from dataclasses import dataclass
from pathlib import Path
from typing import AsyncGenerator, AsyncIterator, Awaitable, Callable, Optional

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response, StreamingResponse
from starlette.routing import Route

from arbiter import exitcodes
from arbiter.publish.rotation_page import render_fragment, render_page
from arbiter.rotation_errors import session_error
from rotation import log as rlog
from rotation.board import Board, read_board

POLL = 0.25  # seconds between two checks of the file while a page is open
HEARTBEAT = 15.0  # seconds between two comment lines on an idle event stream
REREAD = 5.0  # seconds: the log's version is asked this often even when the file looks unchanged
RETRY_MS = 1000  # how soon a browser reconnects when the stream breaks (the SSE ``retry`` field)
_SQLITE_COUNTER = slice(24, 28)  # the database header's file change counter

Signature = Optional[tuple[int, int, int, bytes, int, int]]


def file_signature(path: Path) -> Signature:
    """What changes whenever a write transaction commits to the session file (None when the
    file cannot be read): its inode, size, modification time and SQLite's change counter, and
    the size and time of a write-ahead log beside it (a file someone switched to WAL mode, whose
    commits go there first)."""
    try:
        st = os.stat(path)
        with open(path, "rb") as f:
            head = f.read(_SQLITE_COUNTER.stop)[_SQLITE_COUNTER]
    except OSError:
        return None
    try:
        wal = os.stat(f"{path}-wal")
        wal_state = (wal.st_size, wal.st_mtime_ns)
    except OSError:
        wal_state = (-1, -1)
    return st.st_ino, st.st_size, st.st_mtime_ns, head, *wal_state


@dataclass(frozen=True)
class View:
    """What the page shows now: the board, or the message saying why there is none.  ``serial``
    grows by one whenever the fragment changes (the SSE event id)."""

    serial: int
    board: Optional[Board]
    error: Optional[tuple[int, str]]
    fragment: str

    @property
    def message(self) -> Optional[str]:
        return self.error[1] if self.error else None


def read_view(path: Path, cache: Optional[rlog.WhyCache] = None
              ) -> tuple[Optional[Board], Optional[tuple[int, str]]]:
    """The board, or the command line's (exit code, message) for why it cannot be read.  An
    unexpected error is a bug, said in one line (never a traceback on the page or terminal).
    ``cache``: the explanations of the previous read (:func:`rotation.log.whys`)."""
    try:
        return read_board(path, cache), None
    except Exception as exc:
        known = session_error(exc)
        if known is not None:
            return None, known
        return None, (exitcodes.INTERNAL, f"internal error reading {path}: {type(exc).__name__}: {exc}")


class Watcher:
    """The session as last read, shared by every request.  While at least one event stream is
    open, one task checks the file every ``poll`` seconds (re-reading it when it changed) and
    wakes the streams when what the page shows changed; with no stream open nothing polls."""

    def __init__(self, path: Path, poll: float) -> None:
        self.path, self.poll = path, poll
        self.stopping = False
        self._lock = asyncio.Lock()
        self._view: Optional[View] = None
        self._signature: Signature = None
        self._read_at = float("-inf")
        self._changed = asyncio.Event()  # set (and replaced) whenever a new view is made
        self._whys: rlog.WhyCache = {}  # explanations of the last read, reused while their games run
        self._streams = 0
        self._poller: Optional[asyncio.Task[None]] = None
        self._loop: Optional[asyncio.AbstractEventLoop] = None

    def stop(self) -> None:
        """End every event stream (the server is shutting down).  Safe from a signal handler
        (the streams are woken through the loop's thread-safe call)."""
        self.stopping = True
        if self._loop is not None and not self._loop.is_closed():
            self._loop.call_soon_threadsafe(self._wake)

    def _wake(self) -> None:
        self._changed.set()

    async def view(self) -> View:
        """The current view, after checking the file (and reading it if it changed)."""
        async with self._lock:
            now = time.monotonic()
            signature = await asyncio.to_thread(file_signature, self.path)  # before the read: a
            # write between the two is seen as a change at the next check
            if self._view is None or signature != self._signature or (
                    now - self._read_at >= REREAD and await asyncio.to_thread(self._moved)):
                board, error = await asyncio.to_thread(read_view, self.path, self._whys)
                self._signature, self._read_at = signature, now
                key = (board.version if board is not None else None, error)
                old = self._view
                if old is None or key != (old.board.version if old.board is not None else None, old.error):
                    board, error, fragment = await asyncio.to_thread(_render, self.path, board, error)
                    self._view = View(serial=(old.serial + 1 if old else 1), board=board, error=error,
                                      fragment=fragment)
                    self._changed.set()
                    self._changed = asyncio.Event()
            assert self._view is not None
            return self._view

    def _moved(self) -> bool:
        """Whether the log's version differs from the board shown (asked when the file looks
        unchanged): a cheap query, so that the board is replayed only when something changed."""
        self._read_at = time.monotonic()
        board = self._view.board if self._view is not None else None
        try:
            return board is None or rlog.version(self.path) != board.version
        except Exception:
            return True

    async def _poll(self) -> None:
        try:
            while self._streams and not self.stopping:
                try:
                    await self.view()
                except Exception:  # noqa: S110 - read errors are views already; the next check retries
                    pass
                await asyncio.sleep(self.poll)
        finally:
            self._poller = None

    async def follow(self) -> AsyncGenerator[Optional[View], None]:
        """For one event stream: the current view, then each new view as it is made, and None
        every :data:`HEARTBEAT` seconds without one; ends when the server stops."""
        self._loop = asyncio.get_running_loop()
        self._streams += 1
        if self._poller is None:
            self._poller = asyncio.create_task(self._poll())
        try:
            view = await self.view()
            yield view
            sent = view.serial
            while not self.stopping:
                changed = self._changed
                if self._view is not None and self._view.serial != sent:
                    view = self._view
                    sent = view.serial
                    yield view
                    continue
                try:
                    await asyncio.wait_for(changed.wait(), timeout=HEARTBEAT)
                except TimeoutError:
                    yield None
        finally:
            self._streams -= 1


def _render(path: Path, board: Optional[Board], error: Optional[tuple[int, str]]
            ) -> tuple[Optional[Board], Optional[tuple[int, str]], str]:
    """The fragment for a board or an error; a bug in the rendering becomes the error shown."""
    try:
        return board, error, render_fragment(board, error=error[1] if error else None)
    except Exception as exc:
        error = (exitcodes.INTERNAL, f"internal error showing {path}: {type(exc).__name__}: {exc}")
        return None, error, render_fragment(None, error=error[1])


_LINE_BREAK = re.compile(r"\r\n|\r|\n")  # the line ends of the SSE format (not str.splitlines')


def sse_event(view: View) -> str:
    """One ``message`` event carrying the fragment (one ``data:`` line per line of it)."""
    lines = _LINE_BREAK.split(view.fragment)
    return f"id: {view.serial}\n" + "".join(f"data: {line}\n" for line in lines) + "\n"


_NO_STORE = {"Cache-Control": "no-store", "X-Content-Type-Options": "nosniff"}


def _guarded(handler: Callable[[Request], Awaitable[Response]]) -> Callable[[Request], Awaitable[Response]]:
    """A route that answers a one-line 500 on a bug instead of letting it reach the server's
    log as a traceback."""
    async def route(request: Request) -> Response:
        try:
            return await handler(request)
        except Exception as exc:
            return PlainTextResponse(f"internal error: {type(exc).__name__}: {exc}\n", status_code=500,
                                     headers=_NO_STORE)
    return route


# --------------------------------------------------------------------------- organiser actions

#: The actions an organiser may take from the page, each the command line's library call (so
#: the log entry is the one ``arbiter rotation KIND`` appends): kind -> the form fields it needs.
ACTIONS = {"arrive": ("name",), "pause": ("name",), "resume": ("name",), "leave": ("name",),
           "finish": ("table",), "next": (), "set": ("table",)}
#: The fields of ``set`` naming the players, in the command line's order (bughouse: the first
#: two against the last two); the empty ones are left out, and fewer than k names are fixed
#: into a game the engine completes (:func:`rotation.log.set_game`).
SET_FIELDS = ("player1", "player2", "player3", "player4")
MAX_BODY = 4096  # bytes: an action's form is a name and a number


class ActionError(ValueError):
    """A request that does not fit an action (a missing or malformed field): HTTP 400."""


def _fields(body: bytes) -> dict[str, str]:
    from urllib.parse import parse_qs
    try:
        parsed = parse_qs(body.decode("utf-8"), keep_blank_values=True, strict_parsing=False, max_num_fields=8)
    except (UnicodeDecodeError, ValueError):
        raise ActionError("the form is not URL-encoded UTF-8 text") from None
    return {k: v[-1] for k, v in parsed.items()}


def _number(fields: dict[str, str], key: str) -> Optional[int]:
    text = fields.get(key, "").strip()
    if not text:
        return None
    if not text.isdigit() or len(text) > 9:
        raise ActionError(f"{key} must be a whole number, not {text!r}")
    return int(text)


def do_action(path: Path, kind: str, fields: dict[str, str]) -> rlog.Outcome:
    """The library call ``arbiter rotation KIND`` makes, with the form's fields."""
    if kind not in ACTIONS:
        raise ActionError(f"unknown action {kind!r}")
    for key in ACTIONS[kind]:
        if not fields.get(key, "").strip():
            raise ActionError(f"{kind} needs a {key}")
    if kind == "arrive":
        return rlog.arrive(path, fields["name"], _number(fields, "rating"))
    if kind == "finish":
        table = _number(fields, "table")
        assert table is not None
        return rlog.finish(path, table)
    if kind == "next":
        return rlog.next_games(path, _number(fields, "table"))
    if kind == "set":
        table = _number(fields, "table")
        assert table is not None
        names = [fields[key] for key in SET_FIELDS if fields.get(key, "").strip()]
        if not names:
            raise ActionError("set needs at least one player")
        return rlog.set_game(path, table, names)
    return rlog.status_change(path, kind, fields["name"])


def _said(kind: str, fields: dict[str, str], outcome: rlog.Outcome) -> str:
    """What the command line prints for the action (its first line, then the games started)."""
    name = fields.get("name", "").strip()
    table = fields.get("table", "").strip()
    head = {"arrive": f"{name} arrived", "finish": f"table {table} finished", "next": "started:",
            "set": f"table {table} set by the organiser"}.get(kind, f"{name}: {kind}")
    games = [f"table {g.table}: " + " & ".join(g.teams[0]) + "  vs  " + " & ".join(g.teams[1])
             + (" (set by the organiser)" if g.by == "organiser" else "") for g in outcome.started]
    if head.endswith(":"):
        return " ".join([head, "; ".join(games)])
    return "; ".join([head, *games])


def make_app(path: str | Path, *, token: Optional[str] = None, poll: float = POLL) -> Starlette:
    """The live page of the session at ``path``; ``app.state.watcher.stop()`` ends its event
    streams (called when the server shuts down, which otherwise waits for them).

    With ``token``, the organiser's page ``/organiser?token=TOKEN`` and its actions (``POST
    /actions/KIND``, URL-encoded form with ``token`` and the action's fields, see
    :data:`ACTIONS`) are served: each is the command line's library call, so the log entry is
    the same; a refusal is the command line's message and exit code (HTTP 409, or 503 for the
    file).  A missing or wrong token is 403 and nothing is done.  Without a token there are no
    such routes: the server only reads the session."""
    watcher = Watcher(Path(path), poll)

    async def page(request: Request) -> Response:
        view = await watcher.view()
        html = await asyncio.to_thread(render_page, view.board, live=True, error=view.message)
        return HTMLResponse(html, headers=_NO_STORE)

    async def board_json(request: Request) -> Response:
        view = await watcher.view()
        if view.board is None:
            from arbiter.app import error_object
            assert view.error is not None
            code, message = view.error
            return JSONResponse(error_object(code, message, file=str(watcher.path)), status_code=503,
                                headers=_NO_STORE)
        return JSONResponse(view.board.to_json(), headers=_NO_STORE)

    async def events(request: Request) -> Response:
        async def stream() -> AsyncIterator[str]:
            first = True
            async with aclosing(watcher.follow()) as views:  # a page that goes away leaves at once
                async for view in views:
                    if view is None:
                        yield ": heartbeat\n\n"
                    else:
                        yield (f"retry: {RETRY_MS}\n" if first else "") + sse_event(view)
                        first = False
        headers = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no", "X-Content-Type-Options": "nosniff"}
        return StreamingResponse(stream(), media_type="text/event-stream", headers=headers)

    routes = [Route("/", _guarded(page)), Route("/events", _guarded(events)),
              Route("/board.json", _guarded(board_json))]
    if token is not None:
        routes += _organiser_routes(watcher, token)
    app = Starlette(routes=routes)
    app.state.watcher = watcher
    return app


def _organiser_routes(watcher: Watcher, token: str) -> list[Route]:
    import hmac
    from urllib.parse import quote

    from arbiter.app import error_object

    def allowed(given: Optional[str]) -> bool:
        return given is not None and hmac.compare_digest(given.encode("utf-8"), token.encode("utf-8"))

    def forbidden() -> Response:
        return PlainTextResponse("forbidden: the organiser's token is missing or wrong\n", status_code=403,
                                 headers=_NO_STORE)

    async def organiser(request: Request) -> Response:
        if not allowed(request.query_params.get("token")):
            return forbidden()
        view = await watcher.view()
        said = request.query_params.get("said")
        html = await asyncio.to_thread(_organiser_page, view, token, said, request.query_params.get("refused") == "1")
        return HTMLResponse(html, headers={**_NO_STORE, "Referrer-Policy": "no-referrer"})

    async def action(request: Request) -> Response:
        kind = request.path_params["kind"]
        body = b""
        async for chunk in request.stream():  # at most MAX_BODY bytes are kept, whatever is sent
            body += chunk
            if len(body) > MAX_BODY:
                return PlainTextResponse("the form is too long\n", status_code=413, headers=_NO_STORE)
        try:
            fields = _fields(body)
        except ActionError:
            fields = {}
        if not allowed(fields.get("token") or request.headers.get("x-arbiter-token")):
            return forbidden()
        wants_json = "application/json" in request.headers.get("accept", "")
        try:
            outcome = await asyncio.to_thread(do_action, watcher.path, kind, fields)
        except ActionError as exc:
            code, message, status = exitcodes.USAGE, str(exc), 400
        except Exception as exc:
            known = session_error(exc)
            if known is None:
                raise
            code, message = known
            status = 503 if code in (exitcodes.INVALID_INPUT, exitcodes.FILE_ERROR) else 409
        else:
            if wants_json:
                return JSONResponse({"session": str(watcher.path), "events": list(outcome.events),
                                     "started": [g.as_dict() for g in outcome.started]}, headers=_NO_STORE)
            return _back(token, _said(kind, fields, outcome), refused=False)
        if wants_json:
            return JSONResponse(error_object(code, message, file=str(watcher.path)), status_code=status,
                                headers=_NO_STORE)
        return _back(token, message, refused=True)

    def _back(token: str, said: str, refused: bool) -> Response:
        """Back to the organiser's page (after a POST: a reload does not repeat the action)."""
        target = f"../organiser?token={quote(token)}&said={quote(said)}" + ("&refused=1" if refused else "")
        return Response(status_code=303, headers={"Location": target, **_NO_STORE})

    return [Route("/organiser", _guarded(organiser)),
            Route("/actions/{kind}", _guarded(action), methods=["POST"])]


def _organiser_page(view: View, token: str, said: Optional[str], refused: bool) -> str:
    from arbiter.publish.site import environment
    board = view.board
    names: dict[str, list[str]] = {"pause": [], "resume": [], "leave": []}
    if board is not None:
        for p in board.players:
            if p.status == "active":
                names["pause"].append(p.name)
            if p.status == "paused":
                names["resume"].append(p.name)
            if p.status != "left":
                names["leave"].append(p.name)
    present = [p.name for p in board.players if p.status != "left"] if board is not None else []
    return environment().get_template("rotation_organiser.html").render(
        title=_title(view), board=board, error=view.message, token=token, said=said, refused=refused,
        status_forms=list(names.items()), present=present,
        set_fields=SET_FIELDS[:board.config.k] if board is not None else ())


def _title(view: View) -> str:
    return view.board.name if view.board is not None else "rotation"


# --------------------------------------------------------------------------- serving

class ListenError(ValueError):
    """The address asked for cannot be listened on (not an address, not this machine's, in use)."""


def bind_address(host: str) -> str:
    """The IP address ``--host`` names, exactly: an IPv4 or IPv6 address, or ``localhost`` for
    127.0.0.1.  A host name is refused (it may stand for several addresses, or none of this
    machine's), and so is the empty string, which would mean every interface without saying so."""
    import ipaddress
    if host == "localhost":
        return "127.0.0.1"
    try:
        return str(ipaddress.ip_address(host))
    except ValueError:
        raise ListenError(f"--host {host!r}: give an IP address of this machine (127.0.0.1, 192.168.1.20, ::1), "
                          "or 0.0.0.0 or :: to listen on every interface") from None


def is_wildcard(address: str) -> bool:
    """Whether ``address`` is every interface (0.0.0.0 or ::)."""
    import ipaddress
    return ipaddress.ip_address(address).is_unspecified


def listen(host: str, port: int) -> tuple[socket.socket, tuple[str, int]]:
    """A listening socket on exactly the address ``host`` names (IPv6: that family only) and
    ``port`` (0: a free port), with the address and port it got."""
    address = bind_address(host)
    family = socket.AF_INET6 if ":" in address else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # a restart while old connections linger
        if family == socket.AF_INET6:
            sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
        sock.bind((address, port))
        sock.listen(128)
    except OSError as exc:
        sock.close()
        shown = f"[{address}]" if family == socket.AF_INET6 else address
        raise ListenError(f"cannot listen on {shown}:{port}: {exc.strerror or exc}") from None
    bound = sock.getsockname()
    return sock, (str(bound[0]), int(bound[1]))


def url(address: tuple[str, int]) -> str:
    """The page's address (an IPv6 address in brackets)."""
    host, port = address
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


def run(app: Starlette, sock: socket.socket) -> None:
    """Serve ``app`` on ``sock`` until Ctrl-C or SIGTERM, then stop quietly: the event streams
    end at once (the server would otherwise wait for them) and no traceback is printed."""
    import signal

    import uvicorn

    watcher: Watcher = app.state.watcher

    class Server(uvicorn.Server):
        def handle_exit(self, sig: int, frame: object) -> None:
            watcher.stop()
            super().handle_exit(sig, frame)  # type: ignore[arg-type]

    config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="off", server_header=False,
                            timeout_graceful_shutdown=2)
    previous = signal.signal(signal.SIGTERM, lambda s, f: None)  # uvicorn raises the signal again once stopped
    try:
        Server(config).run(sockets=[sock])
    except KeyboardInterrupt:  # uvicorn raises SIGINT again once it has stopped
        pass
    finally:
        signal.signal(signal.SIGTERM, previous)
        sock.close()
