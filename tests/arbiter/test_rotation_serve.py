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
from typer.testing import CliRunner

pytest.importorskip("starlette", reason="the serve extra is not installed (pip install '.[serve]')")
pytest.importorskip("uvicorn", reason="the serve extra is not installed (pip install '.[serve]')")

from arbiter import exitcodes  # noqa: E402
from arbiter import rotation_server as rs  # noqa: E402
from arbiter.cli import app  # noqa: E402
from arbiter.publish.rotation_page import render_fragment  # noqa: E402
from rotation import engine as rot  # noqa: E402
from rotation import log as rlog  # noqa: E402
from rotation.board import read_board  # noqa: E402
from tests.support import REPO  # noqa: E402

WITHIN = 2.0  # seconds: how soon the page must show a change (the bound)


def cli(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, ["rotation", *args], env={"COLUMNS": "100", "NO_COLOR": "1"})
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


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
def served(path: Path, poll: float = 0.05) -> Iterator[str]:
    """The live page of ``path`` served by uvicorn in a thread; yields its URL."""
    import uvicorn

    application = rs.make_app(path, poll=poll)
    sock, address = rs.listen("127.0.0.1", 0)
    server = uvicorn.Server(uvicorn.Config(application, log_level="warning", lifespan="off"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.01)
    assert server.started
    try:
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
