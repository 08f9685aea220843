"""Fuzz targets: one per reader of the toolkit, each a function of bytes, and the harness that runs
one input through a target and names what went wrong.

Run by the CI slice (``tests/fuzz/test_targets.py``, hypothesis: the seeds below, mutated) and by
the long run (``bench/fuzz.py``: atheris, coverage-guided, or the built-in mutation loop).

The contract of every target: the reader and what the commands do with what it read may refuse an
input only with the library's typed errors (TRF diagnostics, :class:`trf.WriteError`, the
:mod:`event` errors, :class:`ratings.kfactor.KFileError`, :class:`roundrobin.event.EntrantsError`,
:class:`verify.rtgconfig.ConfigError`, the rotation log's :class:`~rotation.log.DamagedSession`
and :class:`~rotation.log.SessionFileError`, ...); any other exception escaping a target is a
failure.  The targets that run commands run the typer app in-process on files of a work folder
and raise :class:`Failure` for an exception, an exit code outside :mod:`arbiter.exitcodes` (70:
an internal error), a traceback or "internal error" in the output, ``--json`` output that is not
JSON, or a file a command wrote (``convert -o``, ``pair --format trf``, an event file, a
round-robin or generated tournament) that ``validate`` rejects.

============  ==========================================================================
target        what one input goes through
============  ==========================================================================
trf           bytes -> :func:`trf.parse_bytes` (TRF-16 and TRF-2026 seeds); for a file
              without errors: ``show``'s model and the file written back; with players
              too (the commands refuse a file without): the standings (file's or
              default tie-breaks, JSON and CSV forms), and the file converted to TRF-16
              and TRF-2026 and back; every text written re-read without errors
commands      the same bytes as a file (up to 8 KB seeds), through ``validate``, ``show
              --json``, ``convert`` both ways (then ``validate`` of the output), ``pair
              --format trf`` (its output validated), and one of ``validate --json``,
              ``show``, ``standings`` (table, CSV, JSON), ``check --no-engine``, ``ratings
              --json``
entrants      a players list (CSV, FIDE list extract) -> :func:`event.registration.
              parse_registrants` -> ``register`` into a new event and into a running one;
              ``arbiter event register --csv``
results       a round's results CSV -> :func:`event.results.enter_results` on a running
              event; ``arbiter event result --csv``
kfactor       a K-factor file -> :func:`ratings.kfactor.parse_k_text` -> the rating
              changes; ``arbiter ratings --k``
names         a round-robin names file -> :func:`roundrobin.event.parse_entrants` -> the
              plan and its TRF; ``arbiter roundrobin --names --trf``
rtgconfig     a generator configuration -> :func:`verify.rtgconfig.parse_config` ->
              ``apply``; ``arbiter generate --config`` (10 players, 4 rounds: the
              options given take precedence) and ``validate`` of what it wrote
rotation      a rotation log as text events (first line the configuration's JSON, then
              ``TYPE JSON`` per event; ``@schema X`` sets the schema) or a raw SQLite
              file -> :func:`rotation.log.load`, ``state``, ``status``, ``why``,
              ``next_games``; ``arbiter rotation status`` and ``next``
doubleswiss   a Double-Swiss file (two columns per match) -> the reader, ``validate``
              and :mod:`trf.matches` (layout, matches); ``pair --system double-swiss
              --format trf`` (its output validated and checked), ``pair --json``, and
              one of ``check --json``, ``standings --json``, ``ratings --json``,
              ``check --why-not``
burstein      the same for a Burstein file (fixtures/burstein) and ``--system burstein``
============  ==========================================================================
"""

from __future__ import annotations

import atexit
import functools
import hashlib
import json
import os
import shutil
import signal
import sqlite3
import tempfile
import traceback
import zlib
from dataclasses import dataclass
from pathlib import Path
from types import FrameType, TracebackType
from typing import TYPE_CHECKING, Any, Callable, Optional

if TYPE_CHECKING:
    from trf.model import Tournament
    from trf.parser import ParseResult

REPO = Path(__file__).resolve().parents[2]
FIXTURES = REPO / "fixtures"

#: The exit codes a command may end with (:mod:`arbiter.exitcodes`, all but 70).
DOCUMENTED = frozenset({0, 1, 2, 3, 4, 5, 6, 7, 8})
#: The commands' environment: a fixed width and log clock, no session file but the one given.
ENV: dict[str, Optional[str]] = {"COLUMNS": "100", "NO_COLOR": "1", "SOURCE_DATE_EPOCH": "1772323200",
                                 "ARBITER_ROTATION": None}


class Failure(AssertionError):
    """A broken contract: ``kind`` names it without the input's particulars (the failures of a
    run are told apart by it), ``detail`` is what was seen."""

    def __init__(self, kind: str, detail: str = "") -> None:
        super().__init__(f"{kind}\n{detail}" if detail else kind)
        self.kind = kind
        self.detail = detail


class TooSlow(BaseException):
    """Raised by the alarm of :func:`check` (a BaseException: the app's and CliRunner's
    ``except Exception`` do not swallow it)."""


# --------------------------------------------------------------------------- the work folder

_WORK: list[Path] = []


def set_workdir(path: Path) -> None:
    """The folder the command targets write their files in (default: a fresh temporary folder,
    in /dev/shm when there is one: the event store syncs every write)."""
    path.mkdir(parents=True, exist_ok=True)
    _WORK[:] = [path]


def workdir() -> Path:
    if not _WORK:
        shm = Path("/dev/shm")
        base = str(shm) if shm.is_dir() and os.access(shm, os.W_OK) else None
        made = Path(tempfile.mkdtemp(prefix="arbiter-fuzz-", dir=base))
        atexit.register(shutil.rmtree, made, True)
        _WORK.append(made)
    return _WORK[0]


def _file(name: str, data: bytes) -> Path:
    path = workdir() / name
    path.write_bytes(data)
    return path


def _unlink(*names: str) -> None:
    for name in names:
        (workdir() / name).unlink(missing_ok=True)


# --------------------------------------------------------------------------- shared checks


def _where(tb: Optional[TracebackType]) -> str:
    """The innermost frame of the project (outside tests/) in ``tb``: ``path:line (function)``."""
    frames = list(traceback.extract_tb(tb))
    ours = [f for f in frames if f.filename.startswith(str(REPO)) and "/tests/" not in f.filename]
    if not (ours or frames):
        return "?"
    f = (ours or frames)[-1]
    name = os.path.relpath(f.filename, REPO) if f.filename.startswith(str(REPO)) else f.filename
    return f"{name}:{f.lineno} ({f.name})"


def _must_be_valid(data: bytes, what: str) -> ParseResult:
    """``data`` (a file the toolkit wrote) read back: a :class:`Failure` if it has errors."""
    from trf.parser import parse_bytes

    result = parse_bytes(data)
    if result.errors:
        first = result.errors[0]
        raise Failure(f"{what}: the output fails validation ({first.code})",
                      "\n".join(d.format("output") for d in result.errors[:5]) + "\n--- output:\n"
                      + data.decode("utf-8", "replace")[:3000])
    return result


def _dumps(t: Tournament) -> Optional[bytes]:
    """``t`` as UTF-8 TRF, or None when a value does not fit the columns (a typed refusal)."""
    from trf.writer import WriteError, dumps

    try:
        return dumps(t).encode("utf-8")
    except WriteError:
        return None


def _json(text: str, what: str) -> Any:
    try:
        return json.loads(text)
    except ValueError as exc:
        raise Failure(f"{what}: the output is not JSON", f"{exc}\n{text[:2000]}") from None


def command(*args: str | Path, codes: frozenset[int] = DOCUMENTED) -> tuple[int, str, str]:
    """Run ``arbiter ARGS`` in-process: its exit code, standard output and error, or a
    :class:`Failure` for an exception, an undocumented exit code (70) or a traceback."""
    from typer.testing import CliRunner

    from arbiter.cli import app

    words = [str(a) for a in args]
    shown = " ".join(Path(w).name if w.startswith(str(workdir())) else w for w in words)
    result = CliRunner().invoke(app, words, env=ENV)
    exc = result.exception
    if exc is not None and not isinstance(exc, SystemExit):
        tb = result.exc_info[2] if result.exc_info else None
        raise Failure(f"arbiter {shown}: {type(exc).__name__} at {_where(tb)}",
                      "".join(traceback.format_exception(type(exc), exc, tb)))
    output = result.stdout + result.stderr
    if result.exit_code not in codes:
        raise Failure(f"arbiter {shown}: exit {result.exit_code}", output[-3000:])
    if "Traceback (most recent call last):\n" in output:  # no field of an input holds a line break
        raise Failure(f"arbiter {shown}: a traceback in the output", output[-3000:])
    return result.exit_code, result.stdout, result.stderr


def _validate_file(path: Path, what: str) -> None:
    """A file a command wrote: ``validate`` must accept it."""
    code, out, err = command("validate", path)
    if code != 0:
        raise Failure(f"{what}: validate rejects the file written (exit {code})",
                      (out + err)[-2000:] + "\n--- file:\n" + path.read_bytes().decode("utf-8", "replace")[:3000])


def _csv_text(data: bytes) -> Optional[str]:
    """A CSV input as the commands read it (:func:`arbiter.app.read_text`), or None when the
    bytes are an encoding error (the command refuses it, exit 3)."""
    from trf.parser import decode
    from trf.diagnostics import Severity

    text, _used, problems = decode(data, None)
    if any(d.severity is Severity.ERROR for d in problems):
        return None
    return text.removeprefix("\ufeff")


def _utf8(data: bytes) -> Optional[str]:
    """As ``Path.read_text(encoding="utf-8-sig")`` (event register/result --csv), or None."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return None


# --------------------------------------------------------------------------- TRF


def _trf_seeds(most: int = 16_384) -> list[bytes]:
    """The TRF files of fixtures/ (TRF-16 and TRF-2026, valid and broken) up to ``most`` bytes."""
    files = sorted(p for p in FIXTURES.rglob("*.trf") if p.stat().st_size <= most)
    return [p.read_bytes() for p in files]


def _small_trf_seeds() -> list[bytes]:
    return _trf_seeds(8_192)


TRF_TOKENS = (
    b"001 ", b"012 ", b"022 ", b"042 ", b"052 ", b"062 ", b"092 ", b"102 ", b"132 ", b"142 ", b"152 W", b"152 B",
    b"162 ", b"172 ", b"182 ", b"192 ", b"202 ", b"212 ", b"222 ", b"240 H 001", b"240 F 002", b"240 Z 003",
    b"250 ", b"260 001 999 ", b"XXR ", b"XXC white1", b"XXC black1", b"XXC rank", b"XXS W=3 D=1", b"XXA ", b"XXP ",
    b"XXZ ", b"BBW 3.0", b"BBD 1.0", b"BBU ", b"013 ", b"###", b"0000 - U", b"0000 - H", b"0000 - Z", b"0000 - F",
    b"     1 w 1", b"     2 b 0", b"     3 w =", b"     4 b +", b"     5 w -", b" W ", b" D ", b" L ",
    b"FIDE_ROUNDROBIN", b"FIDE_DOUBLEROUNDROBIN", b"FIDE_DUTCH_2026", b"BH/C1,BH,SB,DE,WIN", b"99999999",
    b"2026/03/01", b"26/03/01", b"\r\n", b"\r", b"\t", b"\xef\xbb\xbf", b"\xff\xfe", b"\x00",
)


def fuzz_trf(data: bytes) -> None:
    from tiebreaks.codes import file_tiebreaks
    from tiebreaks.output import standings_csv, standings_dict
    from tiebreaks.standings import standings
    from trf.convert import convert
    from trf.diagnostics import CODES
    from trf.export import tournament_dict
    from trf.parser import parse_bytes
    from trf.system import UnsupportedEvent, require_individual

    result = parse_bytes(data)
    for d in result.diagnostics:
        if d.code not in CODES or d.line < 0 or d.column < 0:
            raise Failure(f"parse: a diagnostic outside the documented codes ({d.code})", repr(d))
    if result.errors:
        return
    t = result.tournament
    # show's model
    for through in {None, t.round_columns, min(1, t.round_columns)}:
        model = tournament_dict(t, through)
        json.dumps(model, default=str)
    written = _dumps(t)
    if written is not None:
        _must_be_valid(written, "write back")
    if not t.players:  # standings and convert refuse a file without players (exit 3)
        return
    # standings, as the command computes them
    try:
        require_individual(t, "standings")
        tbs = file_tiebreaks(t)
    except UnsupportedEvent:  # a team event: the team table
        _team_standings(t)
    except ValueError:  # exit 3: a bad 202/212 record
        pass
    else:
        s = standings(t, tbs if tbs is not None else [], default_list=tbs is None)
        json.dumps(standings_dict(t, s, "fuzz.trf"), default=str)
        standings_csv(t, s)
    # converted both ways and back: every text must be a valid file
    for fmt, other in (("trf16", "trf26"), ("trf26", "trf16")):
        converted, _notes = convert(t, fmt)
        text = _dumps(converted)
        if text is None:
            continue
        back = _must_be_valid(text, f"convert --to {fmt}")
        again, _notes = convert(back.tournament, other)
        text = _dumps(again)
        if text is not None:
            _must_be_valid(text, f"convert --to {fmt} then --to {other}")


def _team_standings(t: Any) -> None:
    """The team standings as ``arbiter standings`` computes them (a file whose team records do not
    read, or whose 202/212 list a team cannot take, is refused with a typed error: exit 3)."""
    from tiebreaks.codes import file_tiebreaks
    from tiebreaks.teambreaks import TeamTieBreakError
    from tiebreaks.teamstandings import team_standings, team_standings_csv, team_standings_dict
    from trf.teams import read_team_event

    event, _diags = read_team_event(t)
    if event is None:
        return
    try:
        tbs = file_tiebreaks(t)
        s = team_standings(event, tbs if tbs is not None else [], default_list=tbs is None)
    except (TeamTieBreakError, ValueError):
        return
    json.dumps(team_standings_dict(s, "fuzz.trf"), default=str)
    team_standings_csv(s)


def fuzz_commands(data: bytes) -> None:
    """Every input: ``validate``, ``show --json``, ``convert`` both ways (then ``validate`` of what
    it wrote), ``pair --format trf`` (its output read back); and one of the other commands, chosen
    by the input's checksum (the same for the same input, as coverage guidance needs)."""
    path = _file("in.trf", data)
    _unlink("out16.trf", "out26.trf")
    command("validate", path)
    code, out, _ = command("show", path, "--json")
    if out.strip():
        _json(out, "show --json")
    for fmt, name in (("trf16", "out16.trf"), ("trf26", "out26.trf")):
        code, _, _ = command("convert", path, "--to", fmt, "-o", workdir() / name)
        if code == 0:
            _validate_file(workdir() / name, f"convert --to {fmt}")
    code, out, _ = command("pair", path, "--format", "trf")
    if code == 0:
        _must_be_valid(out.encode("utf-8"), "pair --format trf")
    which = zlib.crc32(data) % 7
    if which == 0:
        _json(command("validate", path, "--json")[1], "validate --json")
    elif which == 1:
        command("show", path)
    elif which == 2:
        command("standings", path)
    elif which == 3:
        command("standings", path, "--csv")
    elif which == 4:
        code, out, _ = command("standings", path, "--json")
        if out.strip():
            _json(out, "standings --json")
    elif which == 5:
        command("check", path, "--no-engine")
    else:
        code, out, _ = command("ratings", path, "--json")
        if out.strip():
            _json(out, "ratings --json")


# --------------------------------------------------------------------------- events: entrants, results


@functools.cache
def _fresh_event() -> Tournament:
    from event.create import EventSettings, new_event
    from trf.model import Colour

    return new_event(EventSettings(name="Fuzz Open", rounds=5, initial_colour=Colour.WHITE, seed=1)).after


@functools.cache
def _running_event() -> Tournament:
    """Seven players, round 1 played, round 2 paired without its results."""
    from event.next_round import pair_into
    from event.registration import parse_registrants, register
    from event.results import boards, enter_result

    t = register(_fresh_event(), parse_registrants((FIXTURES / "event" / "players.csv").read_text("utf-8"))).after
    t = pair_into(t).after
    for b in boards(t, 1):
        if b.black is not None:
            t = enter_result(t, b.number, "1-0").after
    return pair_into(t).after


def _event_bytes(t: Tournament) -> bytes:
    data = _dumps(t)
    assert data is not None
    return data


ENTRANTS_TOKENS = (
    b"name", b"title", b"rating", b"fide id", b"federation", b"birth date", b"sex", b"Rtg", b"ID Number", b"Fed",
    b"B-day", b"SRtng", b"Tit", b"GM", b"WFM", b"m", b"w", b"F", b"2010/07/19", b"1990-01-02", b"1988", b"GER",
    b"99999", b"\"", b",", b";", b"\t", b"\r\n", b"#", b"ID Number  Name                          Fed Sex Tit",
    b"\xef\xbb\xbf", b"\xc5\x81",
)


def _entrants_seeds() -> list[bytes]:
    fide = (b"ID Number      Name                              Fed Sex Tit  WTit OTit           FOA SRtng SGm SK B-day Flag\n"
            b"1503014        Carlsen, Magnus                   NOR M   GM                           2830  0   10 1990\n"
            b"4100018        Lindqvist, Erik                   SWE M   GM                           2541  0   10 1988  i\n")
    return [(FIXTURES / "event" / "players.csv").read_bytes(), (FIXTURES / "entrants.csv").read_bytes(), fide,
            b"Name;Rtg;Fed;Sex\nDoe, Jane;1850;NOR;f\nRoe, Rick;;SWE;m\n",
            b"player\ttitle\telo\nA, B\tIM\t2400\nC, D\t\t0\n# a comment\n"]


def fuzz_entrants(data: bytes) -> None:
    from event.change import EventError
    from event.registration import parse_registrants, register

    text = _utf8(data)
    if text is not None:
        for t in (_fresh_event(), _running_event()):
            try:
                change = register(t, parse_registrants(text, "players.csv"), source="players.csv")
            except EventError:
                continue
            written = _dumps(change.after)
            if written is not None:
                _must_be_valid(written, "register")
    event = _file("event.trf", _event_bytes(_fresh_event()))
    code, _, _ = command("event", "register", event, "--csv", _file("players.csv", data))
    if code == 0:
        _validate_file(event, "event register --csv")


RESULTS_TOKENS = (b"board,result", b"white,black,result", b"1-0", b"0-1", b"1/2-1/2", b"\xc2\xbd-\xc2\xbd", b"=",
                  b"+-", b"-+", b"--", b"0-0f", b"W-L", b"D-D", b"*", b"clear", b"\xe2\x80\x93", b",", b";",
                  b"\"", b"#", b"\r\n", b"99999999999999999999")


def _results_seeds() -> list[bytes]:
    return [(FIXTURES / "event" / "round2.csv").read_bytes(), b"white,black,result\n1,4,1-0\n5,2,=\n3,6,0-1f\n",
            b"board;result\n1;*\n2;+-\n3;D-D\n"]


def fuzz_results(data: bytes) -> None:
    from event.change import EventError
    from event.results import enter_results

    text = _utf8(data)
    if text is not None:
        try:
            change = enter_results(_running_event(), text, source="round2.csv")
        except EventError:
            pass
        else:
            written = _dumps(change.after)
            if written is not None:
                _must_be_valid(written, "enter results")
    event = _file("event.trf", _event_bytes(_running_event()))
    code, _, _ = command("event", "result", event, "--csv", _file("round2.csv", data))
    if code == 0:
        _validate_file(event, "event result --csv")


# --------------------------------------------------------------------------- K factors


KFACTOR_TOKENS = (b"id,K", b"fide_id,k", b"#", b",", b"\"", b"10", b"20", b"40", b"0", b"-5", b"2.5", b"\r\n",
                  b"\xef\xbb\xbf", b"\xff\xfe", b"00000001", b"99999999999999999999999")


def _kfactor_seeds() -> list[bytes]:
    from trf.parser import parse_bytes

    t = parse_bytes((FIXTURES / "example.trf").read_bytes()).tournament
    rows = "".join(f"{p.fide_id or p.start_rank},{(10, 20, 40)[i % 3]}\n" for i, p in enumerate(t.players))
    return [("id,K\n" + rows).encode(), ("# K factors\n" + rows.replace(",", ", ")).encode(), b"1,40\n\n2,20\n"]


def fuzz_kfactor(data: bytes) -> None:
    from ratings.change import tournament_ratings
    from ratings.kfactor import KFileError, parse_k_text
    from trf.parser import parse_bytes

    text = _csv_text(data)
    if text is not None:
        try:
            table = parse_k_text(text, "k.csv")
        except KFileError:
            pass
        else:
            tournament_ratings(parse_bytes((FIXTURES / "example.trf").read_bytes()).tournament, table)
    code, out, _ = command("ratings", FIXTURES / "example.trf", "--k", _file("k.csv", data), "--json")
    if code == 0:
        _json(out, "ratings --k --json")


# --------------------------------------------------------------------------- round-robin names

#: A names file of more entrants is not laid out (the work grows with the square of the
#: entrants: that is the output's size, not the reader's concern).
NAMES_MOST = 40

NAMES_TOKENS = (b"name", b"player", b"names", b"\"Smith, John\"", b",", b"\t", b"\"", b"#", b"ENG", b"2300", b"99999",
                b"\r\n", b"\xef\xbb\xbf", b"\xff\xfe", b"\xc5\x81osik")


def _names_seeds() -> list[bytes]:
    return [(FIXTURES / "entrants.csv").read_bytes(), b"\"Smith, John\",ENG,2300\n\"Doe, Jane\",USA,2210\nLee\n",
            b"name\tfed\trating\nSmith, John\tENG\t2300\nDoe, Jane\tUSA\n# late\nRoe\n"]


def fuzz_names(data: bytes) -> None:
    from roundrobin.event import EntrantsError, parse_entrants, plan, to_tournament

    text = _csv_text(data)
    count = 0
    if text is not None:
        try:
            entrants = parse_entrants(text, "names.csv")
        except EntrantsError:
            pass
        else:
            count = len(entrants)
            if count <= NAMES_MOST:
                written = _dumps(to_tournament(plan(entrants)))
                if written is not None:
                    _must_be_valid(written, "roundrobin --names")
    if count > NAMES_MOST:
        return
    _unlink("rr.trf")
    code, _, _ = command("roundrobin", "--names", _file("names.csv", data), "--trf", workdir() / "rr.trf")
    if code == 0:
        _validate_file(workdir() / "rr.trf", "roundrobin --names --trf")


# --------------------------------------------------------------------------- generator configuration

RTGCONFIG_TOKENS = tuple(k.encode() + b"=" for k in (
    "PlayersNumber", "RoundsNumber", "DrawPercentage", "ForfeitRate", "RetiredRate", "HalfPointByeRate",
    "HighestRating", "LowestRating", "PointsForWin", "PointsForDraw", "PointsForLoss", "PointsForPAB",
    "PointsForZPB", "PointsForForfeitLoss")) + (b"#", b"\r\n", b"0.5", b"1/3", b"1e9", b"-1", b"nan", b"inf", b"_",
                                                b"99999999999999999999")


def _rtgconfig_seeds() -> list[bytes]:
    return [b"# every key\nPlayersNumber=40\nRoundsNumber=8\r\nDrawPercentage=30\nForfeitRate=20\nRetiredRate=10\n"
            b"HalfPointByeRate=2\nHighestRating=2400\nLowestRating=1600\nPointsForWin=3\nPointsForDraw=1\n"
            b"PointsForLoss=0\nPointsForPAB=3\nPointsForZPB=0\nPointsForForfeitLoss=0\n",
            b"PlayersNumber=12\nRoundsNumber=5\n", b"DrawPercentage=0\nPointsForWin=2\nPointsForDraw=1\n"]


def fuzz_rtgconfig(data: bytes) -> None:
    from verify.generate import GeneratorSettings
    from verify.rtgconfig import ConfigError, parse_config

    text = _csv_text(data)
    if text is not None:
        try:
            config = parse_config(text)
        except ConfigError:
            pass
        else:
            try:
                config.apply(GeneratorSettings(players=10, rounds=4), keep=frozenset({"players", "rounds"}))
            except ValueError:  # documented: a combination the generator refuses
                pass
    _unlink("generated.trf")
    code, _, _ = command("generate", "--config", _file("rtg.cfg", data), "--players", "10", "--rounds", "4",
                         "--seed", "1", "-o", workdir() / "generated.trf")
    if code == 0:
        _validate_file(workdir() / "generated.trf", "generate --config")


# --------------------------------------------------------------------------- rotation log

_SQLITE = b"SQLite format 3\x00"


@functools.cache
def _session_template() -> bytes:
    """An empty session file (schema and a configuration), as ``rotation new`` creates it."""
    from rotation import engine as rot
    from rotation import log as rlog

    folder = Path(tempfile.mkdtemp(prefix="arbiter-fuzz-session-", dir=workdir()))
    path = folder / "template.sqlite"
    rlog.create(path, rot.Config(tables=2))
    data = path.read_bytes()
    path.unlink()
    folder.rmdir()
    return data


def _session(data: bytes, path: Path) -> None:
    """Write the session file an input stands for (see the module docstring)."""
    path.unlink(missing_ok=True)
    if data.startswith(_SQLITE):
        path.write_bytes(data)
        return
    path.write_bytes(_session_template())
    lines = data.split(b"\n")
    conn = sqlite3.connect(str(path), isolation_level=None)
    try:
        conn.execute("PRAGMA synchronous=OFF")
        conn.execute("BEGIN")
        config_seen = False
        for line in lines:
            if line.startswith(b"@schema "):
                conn.execute("UPDATE meta SET value = ? WHERE key = 'schema'", (_stored(line[8:]),))
            elif not config_seen:
                conn.execute("UPDATE meta SET value = ? WHERE key = 'config'", (_stored(line),))
                config_seen = True
            elif line.strip():
                kind, _, event = line.partition(b" ")
                conn.execute("INSERT INTO events (at, type, data) VALUES ('2026-03-01T18:00:00+00:00', ?, ?)",
                             (_stored(kind), _stored(event)))
        conn.execute("COMMIT")
    finally:
        conn.close()


def _stored(raw: bytes) -> str | bytes:
    """TEXT when the bytes are UTF-8, else a BLOB (the reader takes either)."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw


def _rotation_seeds() -> list[bytes]:
    """Two evenings played through the library, as text events, and one as its SQLite file."""
    from rotation import engine as rot
    from rotation import log as rlog

    out = []
    folder = Path(tempfile.mkdtemp(prefix="arbiter-fuzz-session-", dir=workdir()))
    for i, config in enumerate((rot.Config(tables=2, seed=7), rot.Config(tables=1, format=rot.SINGLES, seed=3,
                                                                          mode=rot.parse_mode("reshuffle"),
                                                                          balanced=True))):
        path = folder / f"seed{i}.sqlite"
        rlog.create(path, config)
        for n, name in enumerate(("Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy")):
            rlog.arrive(path, name, 1400 + 100 * n if n % 2 else None)
        steps: tuple[Callable[[], object], ...] = (
            lambda: rlog.next_games(path), lambda: rlog.finish(path, 1), lambda: rlog.status_change(path, "pause", "Ivy"),
            lambda: rlog.finish(path, 2), lambda: rlog.status_change(path, "resume", "Ivy"),
            lambda: rlog.status_change(path, "leave", "Cy"), lambda: rlog.next_games(path))
        for step in steps:
            try:
                step()
            except rot.RotationError:
                pass
        loaded_config, events = rlog.load(path)
        text = json.dumps(loaded_config.as_dict()) + "\n" + "".join(f"{e['type']} {json.dumps(e)}\n" for e in events)
        out.append(text.encode("utf-8"))
        if i == 0:
            conn = sqlite3.connect(str(path), isolation_level=None)
            conn.execute("PRAGMA page_size=512")
            conn.execute("VACUUM")  # the same session in 512-byte pages: a smaller seed
            conn.close()
            out.append(path.read_bytes())
        path.unlink()
    folder.rmdir()
    return out


ROTATION_TOKENS = (b"@schema 1", b"arrive", b"pause", b"resume", b"leave", b"start", b"finish", b"set",
                   b"{\"type\": \"arrive\", \"name\": \"", b"\"games\": [", b"\"teams\": [[", b"\"table\": ",
                   b"\"by\": \"organiser\"", b"\"fixed\": [", b"\"restrict\": [", b"\"rating\": ", b"\"tables\": ",
                   b"\"format\": \"singles\"", b"\"mode\": \"wait\"", b"\"mode\": \"all\"", b"\"balanced\": true",
                   b"\"seed\": ", b"null", b"true", b"[[[[[[[[", b"1e999", b"-0", b"99999999999", b"\\u0000")


def fuzz_rotation(data: bytes) -> None:
    from rotation import engine as rot
    from rotation import log as rlog

    path = workdir() / "session.sqlite"
    _session(data, path)
    try:
        rlog.load(path)
        st = rlog.state(path)
        json.dumps(rlog.status(st))
        for table in range(1, min(st.config.tables, 3) + 1):
            try:
                json.dumps(rlog.why(path, table))
            except rot.RotationError:
                pass
        rlog.next_games(path)
    except (rlog.DamagedSession, rlog.SessionFileError, rot.RotationError):
        pass
    _session(data, path)
    code, out, _ = command("rotation", "status", "--session", path, "--json")
    if out.strip():
        _json(out, "rotation status --json")
    command("rotation", "next", "--session", path)


# --------------------------------------------------------------------------- the alternative Swiss systems

#: The systems of the two targets below (the registry's names: ``arbiter systems``).
DOUBLE_SWISS = "double-swiss"
BURSTEIN = "burstein"


def _double_swiss_seeds() -> list[bytes]:
    """The hand-worked Double-Swiss rounds (tests/pairing/double_swiss_handworked.py), each a file
    of two-game matches (docs/double-swiss.md), and the same files with their next match paired
    into them (the writer of ``pair --format trf``)."""
    from tests.pairing.double_swiss_handworked import CASES
    from trf.matches import with_match_pairing
    from trf.writer import dumps

    out = []
    for c in CASES:
        t = c.make()
        out.append(dumps(t).encode("utf-8"))
        if c.round == (t.rounds_paired + 1) // 2 + 1:
            out.append(dumps(with_match_pairing(t, c.round, c.boards, c.bye)).encode("utf-8"))
    return out


def _burstein_seeds() -> list[bytes]:
    """The Burstein samples of fixtures/burstein (their seeding rounds paired by the Dutch system)."""
    return [p.read_bytes() for p in sorted((FIXTURES / "burstein").rglob("*.trf"))]


SYSTEM_TOKENS = TRF_TOKENS + (
    b"192 FIDE_DOUBLESWISS", b"192 CUSTOM_DOUBLESWISS", b"192 FIDE_DOUBLESWISS_BAKU", b"092 Double-Swiss",
    b"192 FIDE_BURSTEIN", b"092 Individual: Swiss burstein", b"142 10", b"142 9", b"     1 b 1", b"     1 w =",
    b"  0000 - U  0000 - H", b"  0000 - H  0000 - H", b"     2 w +     2 b -", b"299          -0.5    3    7",
)


def _match_reading(data: bytes) -> None:
    """The reader and the folding of two columns into matches (:mod:`trf.matches`): on any file
    that reads without errors they answer, never raise."""
    from trf.matches import layout_problems, match_diagnostics, matches_paired, player_matches, writes_matches
    from trf.parser import parse_bytes
    from trf.validate import validate

    result = parse_bytes(data)
    if result.errors:
        return
    t = result.tournament
    validate(t)
    match_diagnostics(t)
    layout_problems(t)
    if writes_matches(t):
        matches_paired(t)
        for p in t.players:
            player_matches(t, p.start_rank)


def _fuzz_system(data: bytes, system: str) -> None:
    """One input through a system's door at the command line: ``pair --format trf`` (the file it
    writes validated and checked), ``pair --json``, and one of ``check --json``, ``standings
    --json``, ``ratings --json``, ``check --why-not 1-2`` by the input's checksum."""
    _match_reading(data)
    path = _file(f"{system}.trf", data)
    written = workdir() / f"{system}-next.trf"
    _unlink(written.name)
    code, _, _ = command("pair", path, "--system", system, "--format", "trf", "-o", written)
    if code == 0 and written.exists():
        _validate_file(written, f"pair --system {system} --format trf")
        _match_reading(written.read_bytes())
        command("check", written, "--system", system)
    code, out, _ = command("pair", path, "--system", system, "--json")
    if code == 0:
        _json(out, "pair --json")
    which = zlib.crc32(data) % 4
    if which == 0:
        code, out, _ = command("check", path, "--system", system, "--json")
        if out.strip():
            _json(out, "check --json")
    elif which == 1:
        code, out, _ = command("standings", path, "--json")
        if out.strip():
            _json(out, "standings --json")
    elif which == 2:
        code, out, _ = command("ratings", path, "--json")
        if out.strip():
            _json(out, "ratings --json")
    else:
        command("check", path, "--system", system, "--why-not", "1-2")


def fuzz_double_swiss(data: bytes) -> None:
    _fuzz_system(data, DOUBLE_SWISS)


def fuzz_burstein(data: bytes) -> None:
    _fuzz_system(data, BURSTEIN)


# --------------------------------------------------------------------------- the targets


@dataclass(frozen=True)
class Target:
    name: str
    run: Callable[[bytes], None]
    seeds: Callable[[], list[bytes]]
    tokens: tuple[bytes, ...]
    #: the largest input the long run makes (libFuzzer's -max_len)
    max_len: int = 16_384


TARGETS: dict[str, Target] = {t.name: t for t in (
    Target("trf", fuzz_trf, _trf_seeds, TRF_TOKENS, 32_768),
    Target("commands", fuzz_commands, _small_trf_seeds, TRF_TOKENS, 16_384),
    Target("entrants", fuzz_entrants, _entrants_seeds, ENTRANTS_TOKENS, 8_192),
    Target("results", fuzz_results, _results_seeds, RESULTS_TOKENS, 4_096),
    Target("kfactor", fuzz_kfactor, _kfactor_seeds, KFACTOR_TOKENS, 4_096),
    Target("names", fuzz_names, _names_seeds, NAMES_TOKENS, 4_096),
    Target("rtgconfig", fuzz_rtgconfig, _rtgconfig_seeds, RTGCONFIG_TOKENS, 2_048),
    Target("rotation", fuzz_rotation, _rotation_seeds, ROTATION_TOKENS, 16_384),
    Target("doubleswiss", fuzz_double_swiss, _double_swiss_seeds, SYSTEM_TOKENS, 8_192),
    Target("burstein", fuzz_burstein, _burstein_seeds, SYSTEM_TOKENS, 8_192),
)}


# --------------------------------------------------------------------------- the harness


@dataclass(frozen=True)
class Finding:
    """One failing input: its ``signature`` (what went wrong and where, without the input's
    particulars: the failures of a run are counted by it) and the details."""

    signature: str
    detail: str

    @property
    def key(self) -> str:
        return hashlib.sha1(self.signature.encode("utf-8")).hexdigest()[:12]


def _alarm(_signum: int, _frame: Optional[FrameType]) -> None:
    raise TooSlow()


def check(target: Target, data: bytes, bound: float = 0.0) -> Optional[Finding]:
    """Run ``target`` on ``data`` (at most ``bound`` seconds when positive): None, or what failed."""
    previous: Any = None
    if bound > 0:
        previous = signal.signal(signal.SIGALRM, _alarm)
        signal.setitimer(signal.ITIMER_REAL, bound)
    try:
        target.run(data)
    except TooSlow:
        return Finding(f"{target.name}: over {bound:g} s", "")
    except Failure as exc:
        return Finding(f"{target.name}: {exc.kind}", exc.detail)
    except Exception as exc:  # the contract: nothing else may escape a target
        return Finding(f"{target.name}: {type(exc).__name__} at {_where(exc.__traceback__)}",
                       "".join(traceback.format_exception(type(exc), exc, exc.__traceback__)))
    finally:
        if bound > 0:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
    return None
