"""``arbiter rotation serve``: the routes of the live page, its event stream, the error banner
of a session damaged while served, the address it listens on, its start-up refusals and Ctrl-C.

The server runs for real (uvicorn on a free loopback port, in a thread or, for what a user sees
on the terminal, in a subprocess); the page and the stream are read with the standard library.
The expected content is computed independently: the board the library reads
(:func:`rotation.board.read_board`), the fragment rendered from it, and the messages the
command line prints for the same file (``arbiter rotation status``)."""

from __future__ import annotations

import hashlib
import html
import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

import pytest

pytest.importorskip("starlette", reason="the serve extra is not installed (pip install '.[serve]')")
pytest.importorskip("uvicorn", reason="the serve extra is not installed (pip install '.[serve]')")

from arbiter import exitcodes  # noqa: E402
from arbiter import rotation_server as rs  # noqa: E402
from arbiter.publish.rotation_page import render_fragment  # noqa: E402
from rotation import engine as rot  # noqa: E402
from rotation import log as rlog  # noqa: E402
from rotation.board import read_board  # noqa: E402
from tests.arbiter.test_rotation_cli import run as cli  # noqa: E402 - the command line as the CLI tests run it
from tests.support import REPO  # noqa: E402

WITHIN = 2.0  # seconds: how soon the page must show a change (the bound)


@pytest.fixture
def club(tmp_path: Path) -> Path:
    """Two bughouse tables, nine players, both tables started."""
    path = tmp_path / "club.db"
    rlog.create(path, rot.Config(tables=2, format=rot.parse_format("bughouse"), seed=7))
    for name in ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy"):
        rlog.arrive(path, name)
    rlog.next_games(path)
    return path


@contextmanager
def served(path: Path, poll: float = 0.05, token: str | None = None) -> Iterator[str]:
    """The live page of ``path`` served by uvicorn in a thread; yields its URL."""
    import uvicorn

    application = rs.make_app(path, poll=poll, token=token)
    sock, address = rs.listen("127.0.0.1", 0)
    server = uvicorn.Server(uvicorn.Config(application, log_level="warning", lifespan="off"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.01)
    assert server.started
    try:
        served.app = application  # type: ignore[attr-defined]  # the last app served, for a test's look inside
        yield rs.url(address)
    finally:
        application.state.watcher.stop()
        server.should_exit = True
        thread.join(10)
        sock.close()


class Stream:
    """An open ``/events`` stream read event by event."""

    def __init__(self, url: str) -> None:
        self.response = urllib.request.urlopen(url + "events", timeout=5)
        self.comments: list[str] = []

    def next(self, timeout: float = 5.0) -> dict[str, str]:
        """The next event's fields (``data`` lines joined with newlines, as a browser does)."""
        self.response.fp.raw._sock.settimeout(timeout)
        fields: dict[str, list[str]] = {}
        while True:
            line = self.response.readline().decode("utf-8")
            assert line, "the stream ended"
            line = line.rstrip("\n")
            if not line:
                if "data" in fields:
                    return {k: "\n".join(v) for k, v in fields.items()}
                continue
            if line.startswith(":"):
                self.comments.append(line)
                continue
            key, _, value = line.partition(": ")
            fields.setdefault(key, []).append(value)

    def close(self) -> None:
        self.response.close()


def get(url: str) -> tuple[int, str, str]:
    try:
        with urllib.request.urlopen(url, timeout=5) as r:
            return r.status, r.headers["Content-Type"], r.read().decode("utf-8")
    except urllib.error.HTTPError as exc:
        return exc.code, exc.headers["Content-Type"], exc.read().decode("utf-8")


def status_message(path: Path) -> tuple[int, str]:
    """What ``arbiter rotation status`` says about the file: exit code and message."""
    code, _, err = cli("status", "-s", str(path))
    assert err.startswith("arbiter: ")
    return code, err[len("arbiter: "):].strip()


# --------------------------------------------------------------------------- routes

def test_routes_show_the_board_as_the_library_reads_it(club: Path) -> None:
    with served(club) as url:
        code, kind, body = get(url + "board.json")
        assert code == 200 and kind == "application/json"
        assert json.loads(body) == json.loads(json.dumps(read_board(club).to_json()))
        code, kind, page = get(url)
        assert code == 200 and kind.startswith("text/html")
        assert '<main id="board">' in page and "EventSource" in page
        for name in ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy"):
            assert name in page
        assert get(url + "nothing")[0] == 404


def test_events_push_the_fragment_when_the_session_changes(club: Path) -> None:
    with served(club) as url:
        stream = Stream(url)
        first = stream.next()
        assert first["data"] == render_fragment(read_board(club))
        # another process's command: Jon arrives (a player the page has not shown)
        assert cli("arrive", "Jon", "-s", str(club))[0] == 0
        t0 = time.monotonic()
        second = stream.next(timeout=WITHIN)
        assert time.monotonic() - t0 < WITHIN
        assert "Jon" not in first["data"] and "Jon" in second["data"]
        assert second["data"] == render_fragment(read_board(club))
        assert int(second["id"]) == int(first["id"]) + 1
        # two commands back to back within one file-system tick: the last one is shown
        rlog.finish(club, 1)
        rlog.status_change(club, "pause", "Jon")
        deadline = time.monotonic() + WITHIN
        while True:
            event = stream.next(timeout=WITHIN)
            if event["data"] == render_fragment(read_board(club)):
                break
            assert time.monotonic() < deadline, "the last change was not shown within two seconds"
        stream.close()


def test_an_idle_stream_gets_heartbeats(club: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rs, "HEARTBEAT", 0.2)
    with served(club) as url:
        stream = Stream(url)
        stream.next()
        time.sleep(0.7)
        rlog.arrive(club, "Jon")  # an event after some heartbeats: the stream is still alive
        assert "Jon" in stream.next()["data"]
        assert len(stream.comments) >= 2 and set(stream.comments) == {": heartbeat"}
        stream.close()


def test_a_change_the_file_system_hides_is_still_shown(club: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the file looks the same after a write (a coarse clock, a copy over it of the same
    size), the log's version, asked every REREAD seconds, still finds the change; and while
    nothing changes, the board is not read again (replaying it is what costs)."""
    monkeypatch.setattr(rs, "file_signature", lambda path: (1, 2, 3, b"x", -1, -1))
    monkeypatch.setattr(rs, "REREAD", 0.3)
    reads: list[float] = []
    real = rs.read_view

    def counted(path: Path, *cache: Any) -> Any:
        reads.append(time.monotonic())
        return real(path, *cache)
    monkeypatch.setattr(rs, "read_view", counted)
    with served(club) as url:
        stream = Stream(url)
        stream.next()
        time.sleep(1.0)  # three or so version checks, no change
        assert len(reads) == 1
        rlog.arrive(club, "Jon")
        t0 = time.monotonic()
        assert "Jon" in stream.next(timeout=WITHIN)["data"] and time.monotonic() - t0 < WITHIN
        assert len(reads) == 2
        stream.close()


def test_the_log_version_is_the_snapshots(club: Path, tmp_path: Path) -> None:
    assert rlog.version(club) == read_board(club).version
    rlog.arrive(club, "Jon")
    assert rlog.version(club) == read_board(club).version and rlog.version(club)[1:] == (11, 11)  # 9 arrivals, a start, Jon
    other = tmp_path / "other.db"
    other.write_bytes(b"not a database" * 200)
    with pytest.raises(rlog.SessionFileError, match="is not a rotation session file"):
        rlog.version(other)


def test_pages_that_go_away_stop_the_polling(club: Path) -> None:
    with served(club) as url:
        watcher = served.app.state.watcher  # type: ignore[attr-defined]
        streams = [Stream(url) for _ in range(3)]
        for stream in streams:
            stream.next()
        assert watcher._streams == 3 and watcher._poller is not None
        for stream in streams:
            stream.close()
        deadline = time.monotonic() + WITHIN
        while (watcher._streams, watcher._poller) != (0, None):
            assert time.monotonic() < deadline, (watcher._streams, watcher._poller)
            time.sleep(0.05)


def test_the_server_never_writes_the_session(club: Path) -> None:
    before = (hashlib.sha256(club.read_bytes()).hexdigest(), club.stat().st_mtime_ns)
    with served(club) as url:
        stream = Stream(url)
        stream.next()
        for _ in range(3):
            get(url)
            get(url + "board.json")
        time.sleep(0.3)
        stream.close()
    assert (hashlib.sha256(club.read_bytes()).hexdigest(), club.stat().st_mtime_ns) == before
    assert sorted(p.name for p in club.parent.iterdir()) == ["club.db"]  # no journal left


# --------------------------------------------------------------------------- a session damaged while served

def _damage_event(path: Path, seq: int, data: str) -> str:
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        (old,) = conn.execute("SELECT data FROM events WHERE seq = ?", (seq,)).fetchone()
        conn.execute("UPDATE events SET data = ? WHERE seq = ?", (data, seq))
    finally:
        conn.close()
    return str(old)


def _until(stream: Stream, predicate: Any) -> dict[str, str]:
    deadline = time.monotonic() + WITHIN
    while True:
        event = stream.next(timeout=WITHIN)
        if predicate(event["data"]):
            return event
        assert time.monotonic() < deadline


def test_damage_while_served_shows_the_cli_message_then_recovers(club: Path) -> None:
    good = club.read_bytes()
    with served(club) as url:
        stream = Stream(url)
        stream.next()
        # an event that is not JSON any more: the command line says exit 3 and names the event
        old = _damage_event(club, 2, "{not json")
        code, message = status_message(club)
        assert code == exitcodes.INVALID_INPUT and "event 2 (arrive)" in message
        event = _until(stream, lambda d: message in d)
        assert event["data"] == render_fragment(None, error=message)
        status, _, body = get(url + "board.json")
        assert status == 503 and json.loads(body)["exit_code"] == exitcodes.INVALID_INPUT
        assert json.loads(body)["error"] == message
        page = get(url)
        assert page[0] == 200 and message in html.unescape(page[2])
        # repaired: the board is back
        _damage_event(club, 2, old)
        _until(stream, lambda d: d == render_fragment(read_board(club)))
        # the file replaced by something that is not a session: exit 5's message
        club.write_bytes(b"not a database at all" * 100)
        code, message = status_message(club)
        assert code == exitcodes.FILE_ERROR
        _until(stream, lambda d: d == render_fragment(None, error=message))
        # the file gone, then back
        club.unlink()
        code, message = status_message(club)
        assert code == exitcodes.FILE_ERROR and "no such session file" in message
        _until(stream, lambda d: d == render_fragment(None, error=message))
        club.write_bytes(good)
        _until(stream, lambda d: d == render_fragment(read_board(club)))
        stream.close()


# --------------------------------------------------------------------------- the command line

def _serve(*args: str) -> tuple[subprocess.Popen[str], dict[str, Any]]:
    """``arbiter rotation serve ARGS --json`` in a subprocess, once it has printed its address."""
    env = {**os.environ, "PYTHONPATH": str(REPO), "COLUMNS": "100", "NO_COLOR": "1"}
    proc = subprocess.Popen([sys.executable, "-m", "arbiter", "rotation", "serve", *args, "--json"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=REPO)
    assert proc.stdout is not None
    lines: list[str] = []
    while not lines or lines[-1] != "}\n":
        line = proc.stdout.readline()
        assert line, f"the server stopped: {proc.stderr.read() if proc.stderr else ''}"
        lines.append(line)
    return proc, json.loads("".join(lines))


def _stop(proc: subprocess.Popen[str], sig: int = signal.SIGINT) -> tuple[int, float, str]:
    t0 = time.monotonic()
    proc.send_signal(sig)
    code = proc.wait(10)
    assert proc.stderr is not None
    return code, time.monotonic() - t0, proc.stderr.read()


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "term"])
def test_serve_prints_its_address_and_stops_quietly(club: Path, sig: int) -> None:
    proc, info = _serve(str(club), "--port", "0")
    try:
        assert info["host"] == "127.0.0.1" and info["every_interface"] is False  # the default: loopback only
        assert info["url"] == f"http://127.0.0.1:{info['port']}/" and info["port"] > 0
        stream = Stream(info["url"])  # an open event stream does not hold the server up
        stream.next()
        damaged = _damage_event(club, 1, "[]")  # nor does a damaged session print anything
        _until(stream, lambda d: "event 1 (arrive)" in d)
        _damage_event(club, 1, damaged)
    finally:
        code, took, err = _stop(proc, sig)
    assert (code, err) == (0, "") and took < 1.5


def test_serve_text_output(club: Path) -> None:
    proc, _ = _serve(str(club), "--port", "0")  # --json for the port; the text form:
    _stop(proc)
    env = {**os.environ, "PYTHONPATH": str(REPO), "COLUMNS": "100", "NO_COLOR": "1"}
    text = subprocess.Popen([sys.executable, "-m", "arbiter", "rotation", "serve", str(club), "--port", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=REPO)
    assert text.stdout is not None
    line = text.stdout.readline()
    _stop(text)
    assert line.startswith(f"serving {club} at http://127.0.0.1:") and line.endswith("/ (read-only; Ctrl-C stops)\n")


def test_bad_session_file_at_start_gets_the_cli_message_and_code(club: Path, tmp_path: Path) -> None:
    missing = tmp_path / "none.db"
    code, _, err = cli("serve", str(missing))
    assert code == exitcodes.FILE_ERROR and "no such session file" in err
    _damage_event(club, 3, "{")
    expected = status_message(club)
    code, _, err = cli("serve", str(club), "--port", "0")
    assert (code, err.strip()) == (expected[0], f"arbiter: {expected[1]}") and expected[0] == exitcodes.INVALID_INPUT
    code, _, _ = cli("serve")
    assert code == exitcodes.USAGE


def test_missing_serve_extra_says_how_to_install_it(club: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "uvicorn", None)  # import uvicorn raises ImportError
    code, out, err = cli("serve", str(club), "--port", "0")
    assert code == exitcodes.USAGE and out == ""
    assert err.strip() == "arbiter: the live page needs the serve extra: pip install 'arbiter[serve]'"


# --------------------------------------------------------------------------- organiser actions

TOKEN = "s3cret-token"


def post(url: str, fields: dict[str, str], json_reply: bool = True) -> tuple[int, Any]:
    from urllib.parse import urlencode
    headers = {"Accept": "application/json"} if json_reply else {}
    request = urllib.request.Request(url, data=urlencode(fields).encode(), headers=headers, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=10) as r:
            body = r.read().decode("utf-8")
            return r.status, (json.loads(body) if json_reply else (r.url, body))
    except urllib.error.HTTPError as exc:
        body = exc.read().decode("utf-8")
        return exc.code, (json.loads(body) if exc.headers["Content-Type"] == "application/json" else body)


def events_of(path: Path) -> list[tuple[str, str]]:
    conn = sqlite3.connect(path)
    try:
        return [(t, d) for t, d in conn.execute("SELECT type, data FROM events ORDER BY seq")]
    finally:
        conn.close()


def test_actions_need_the_token(club: Path) -> None:
    before = hashlib.sha256(club.read_bytes()).hexdigest()
    with served(club, token=TOKEN) as url:
        for fields in ({"name": "Zoe"}, {"name": "Zoe", "token": "wrong"}, {"name": "Zoe", "token": TOKEN[:-1]}):
            code, body = post(url + "actions/arrive", fields)
            assert code == 403 and "token" in body
        assert get(url + "organiser")[0] == 403 and get(url + "organiser?token=nope")[0] == 403
        assert get(url + f"organiser?token={TOKEN}")[0] == 200
        code, body = post(url + "actions/arrive", {"name": "Zoe" * 2000, "token": TOKEN})  # past MAX_BODY
        assert code == 413 and body == "the form is too long\n"
    assert hashlib.sha256(club.read_bytes()).hexdigest() == before  # nothing was done
    with served(club) as url:  # no token: no organiser's page, no actions
        assert get(url + f"organiser?token={TOKEN}")[0] == 404
        assert post(url + "actions/arrive", {"name": "Zoe", "token": TOKEN})[0] == 404


def _fresh(path: Path) -> Path:
    rlog.create(path, rot.Config(tables=2, format=rot.parse_format("bughouse"), seed=5))
    return path


def test_actions_log_what_the_command_line_logs(tmp_path: Path) -> None:
    """The same evening through the page's actions and through the command line: the same
    events in the same order, and the same --json replies."""
    web, term = _fresh(tmp_path / "web.db"), _fresh(tmp_path / "term.db")
    steps: list[tuple[str, dict[str, str], list[str]]] = [
        ("arrive", {"name": n, **({"rating": "1900"} if n == "Ann" else {})},
         ["arrive", n, *(["--rating", "1900"] if n == "Ann" else [])])
        for n in ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy")]
    steps += [("next", {}, ["next"]), ("finish", {"table": "1"}, ["finish", "1"]),
              ("pause", {"name": "Bob"}, ["pause", "Bob"]), ("arrive", {"name": " Jon "}, ["arrive", " Jon "]),
              ("finish", {"table": "2"}, ["finish", "2"]), ("resume", {"name": "Bob"}, ["resume", "Bob"]),
              ("leave", {"name": "Cat"}, ["leave", "Cat"])]
    with served(web, token=TOKEN) as url:
        for kind, fields, args in steps:
            code, reply = post(url + f"actions/{kind}", {**fields, "token": TOKEN})
            c, out, err = cli(*args, "-s", str(term), "--json")
            assert (code, c) == (200, 0), (reply, err)
            assert {**reply, "session": None} == {**json.loads(out), "session": None}
        # table 1 set by hand: its four players in another split (the first of each side together)
        game = rlog.state(web).game(1)
        assert game is not None and game == rlog.state(term).game(1)
        (a, b), (c, d) = game.teams
        code, reply = post(url + "actions/set", {"table": "1", "player1": a, "player2": c, "player3": b,
                                                 "player4": d, "token": TOKEN})
        rc, out, err = cli("set", "1", a, c, b, d, "-s", str(term), "--json")
        assert (code, rc) == (200, 0), (reply, err)
        assert {**reply, "session": None} == {**json.loads(out), "session": None}
        assert reply["started"][0]["by"] == "organiser" and reply["started"][0]["teams"] == [[a, c], [b, d]]
    assert events_of(web) == events_of(term) and len(events_of(web)) == 19  # 9 arrive, start, (finish, start) x2, pause, arrive, resume, leave, set
    assert events_of(web)[-1][0] == "set"


def test_refusals_are_the_command_line_messages(club: Path) -> None:
    cases = [("arrive", {"name": "Ann"}, ["arrive", "Ann"]), ("pause", {"name": "Zed"}, ["pause", "Zed"]),
             ("finish", {"table": "3"}, ["finish", "3"]), ("resume", {"name": "Ann"}, ["resume", "Ann"]),
             ("set", {"table": "1", "player1": "Zed"}, ["set", "1", "Zed"]),
             ("set", {"table": "1", "player1": "Ann", "player2": "Ann"}, ["set", "1", "Ann", "Ann"]),
             ("set", {"table": "1", "player1": "Ann"}, ["set", "1", "Ann"])]
    before = events_of(club)
    with served(club, token=TOKEN) as url:
        for kind, fields, args in cases:
            code, reply = post(url + f"actions/{kind}", {**fields, "token": TOKEN})
            c, _, err = cli(*args, "-s", str(club))
            assert c != 0 and code == 409
            assert (reply["exit_code"], f"arbiter: {reply['error']}") == (c, err.strip())
        for kind, fields in (("finish", {"table": "x"}), ("arrive", {}), ("shuffle", {}), ("set", {"table": "1"}),
                             ("set", {"player1": "Ann"})):
            code, reply = post(url + f"actions/{kind}", {**fields, "token": TOKEN})
            assert code == 400 and reply["exit_code"] == exitcodes.USAGE
        # from the organiser's page (a form, no JSON): back to the page, which says it
        code, (landed, page) = post(url + "actions/pause", {"name": "Zed", "token": TOKEN}, json_reply=False)
        assert code == 200 and landed.startswith(url + "organiser?token=")
        assert 'class="said refused"' in page and "unknown player &#39;Zed&#39;" in page
    assert events_of(club) == before  # a refusal records nothing


def test_organiser_page_escapes_names_and_offers_the_actions(club: Path) -> None:
    hostile = '<script>alert("x")</script> & Co'
    with served(club, token=TOKEN) as url:
        code, (landed, page) = post(url + "actions/arrive", {"name": hostile, "token": TOKEN}, json_reply=False)
        assert code == 200 and "<script>alert" not in page
        shown = "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt; &amp; Co"  # as text, in the message and options
        assert f"{shown} arrived" in page and f'<option value="{shown}">{shown}</option>' in page
        assert [f'id="set-player{i}"' in page for i in range(1, 6)] == [True] * 4 + [False]  # bughouse: four
        for button in ('id="finish-1"', 'id="finish-2"', 'id="next"', 'id="set"', 'id="arrive"', 'id="pause"',
                       'id="leave"'):
            assert button in page
    assert rlog.state(club).players[hostile].name == hostile


def test_actions_alongside_a_command_line_process(club: Path) -> None:
    """Arrivals posted to the page while another process runs ``arrive`` in a loop: every one of
    them is recorded once, and the log replays."""
    script = (f"for i in $(seq 1 12); do {sys.executable} -m arbiter rotation arrive T$i -s {club} >/dev/null "
              "|| exit 1; done")
    with served(club, token=TOKEN) as url:
        proc = subprocess.Popen(["sh", "-c", script], env={**os.environ, "PYTHONPATH": str(REPO)}, cwd=REPO)
        codes: list[int] = []
        while proc.poll() is None or len(codes) < 20:  # posting for as long as the other process runs
            codes.append(post(url + "actions/arrive", {"name": f"W{len(codes) + 1}", "token": TOKEN})[0])
        assert proc.wait(120) == 0
    assert set(codes) == {200}
    names = [json.loads(d)["name"] for t, d in events_of(club) if t == "arrive"]
    posted = [f"W{i}" for i in range(1, len(codes) + 1)]
    assert sorted(names[9:]) == sorted([f"T{i}" for i in range(1, 13)] + posted)
    assert len(rlog.state(club).players) == 9 + 12 + len(posted)
    # they interleaved: some of the page's arrivals were recorded between the other process's
    order = [n[0] for n in names[9:]]
    assert order.index("W") < len(order) - 1 - order[::-1].index("T")


# --------------------------------------------------------------------------- the address

@pytest.mark.parametrize("host", ["", "example.org", "127.0.0.1:80", "all"])
def test_only_an_ip_address_is_listened_on(club: Path, host: str) -> None:
    """The empty string would bind every interface without saying so; a name may stand for
    several addresses: both refused before anything listens."""
    code, _, err = cli("serve", str(club), "--host", host, "--port", "0")
    assert code == exitcodes.USAGE and f"--host {host!r}: give an IP address of this machine" in err


def test_an_address_of_another_machine_or_a_port_in_use_is_refused(club: Path) -> None:
    code, _, err = cli("serve", str(club), "--host", "192.0.2.1", "--port", "0")  # TEST-NET-1 (RFC 5737)
    assert code == exitcodes.USAGE and err.startswith("arbiter: cannot listen on 192.0.2.1:0: ")
    busy = socket.socket()
    busy.bind(("127.0.0.1", 0))
    busy.listen()
    try:
        port = busy.getsockname()[1]
        code, _, err = cli("serve", str(club), "--port", str(port))
        assert code == exitcodes.USAGE and f"cannot listen on 127.0.0.1:{port}: " in err
    finally:
        busy.close()


def _outward_address() -> str | None:
    """This machine's address on its default route (no packet is sent), or None."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))
        address = str(probe.getsockname()[0])
    except OSError:
        return None
    finally:
        probe.close()
    return None if address.startswith("127.") else address


def test_the_loopback_server_cannot_be_reached_from_another_interface() -> None:
    sock, (host, port) = rs.listen("127.0.0.1", 0)
    try:
        assert (host, sock.family) == ("127.0.0.1", socket.AF_INET)
        outward = _outward_address()
        if outward is None:
            pytest.skip("this machine has no address besides loopback")
        with pytest.raises(ConnectionRefusedError):
            socket.create_connection((outward, port), timeout=2).close()
        socket.create_connection(("127.0.0.1", port), timeout=2).close()
    finally:
        sock.close()


def test_wildcards_only_when_named() -> None:
    assert rs.bind_address("localhost") == "127.0.0.1"
    assert not rs.is_wildcard("127.0.0.1") and not rs.is_wildcard("::1")
    assert rs.is_wildcard("0.0.0.0") and rs.is_wildcard("::")
    if socket.has_ipv6:
        try:
            sock, (host, _) = rs.listen("::1", 0)
        except rs.ListenError:
            pytest.skip("no IPv6 loopback here")
        try:  # IPv6 only: an IPv6 address does not also take IPv4's
            assert host == "::1" and sock.getsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY) == 1
        finally:
            sock.close()


# --------------------------------------------------------------------------- one mapping of errors

def test_the_page_and_the_command_line_share_one_mapping_of_errors(tmp_path: Path) -> None:
    """Each kind of rotation error has the exit code docs/rotation.md gives it (NoGame is a
    RotationError, so the order matters), the page uses the very function the command line
    uses, and the server imports neither typer nor the command-line module to get it."""
    from arbiter import rotation_errors

    assert rs.session_error is rotation_errors.session_error
    cases = [(rot.NoGame("every table is busy"), exitcodes.NO_PAIRING),
             (rot.RotationError("unknown player 'Zed'"), exitcodes.USAGE),
             (rlog.DamagedSession(tmp_path / "s.db", "not valid JSON", 4, "start"), exitcodes.INVALID_INPUT),
             (rlog.SessionFileError("cannot open s.db"), exitcodes.FILE_ERROR)]
    for exc, code in cases:
        assert rotation_errors.session_error(exc) == (code, str(exc))
    assert rotation_errors.session_error(KeyError("x")) is None
    code = ("import sys, arbiter.rotation_server; "
            "print(sorted(m for m in ('typer', 'arbiter.cli_rotation', 'arbiter.app') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO,
                          env={**os.environ, "PYTHONPATH": str(REPO)}, timeout=60)
    assert (done.returncode, done.stdout) == (0, "[]\n"), done.stderr
