"""Writing TRF text from the model, field by field in the FIDE column layout.

The canonical form is the one the FIDE texts and the endorsed engines write: fixed columns,
numbers right-aligned, text left-aligned, trailing blanks trimmed, byes as ``0000 - X``.
A file already in that form writes back byte for byte; any other file writes back with the
same meaning.  Files are written atomically: a temporary file in the same folder, renamed
over the target only once complete, so a failure never leaves half a file behind
(:func:`write_atomic` says what becomes of modes, links and special files).
"""

from __future__ import annotations

import errno
import os
import stat
import time
from fractions import Fraction
TYPE_CHECKING = False  # typing's own flag, without loading typing (start-up: arbiter.launch)

from trf.model import (
    AbnormalPoints, AbsentRecord, AccelerationRange, BlankLine, ByeRecord, Colour, Comment, ForbiddenPairs,
    Header, InitialColour, Player, PlayerAcceleration, PreservedRecord, Record, RoundCount,
    RoundEntry, ScoringRecord, Tournament,
)

if TYPE_CHECKING:  # loaded where a file is written: reading one does not need it
    from pathlib import Path


class WriteError(ValueError):
    """A value that the fixed-width layout cannot hold (a 34-character name, 100 points...)."""


def fmt_points(value: Fraction) -> str:
    """Points with one decimal (``"2.5"``, ``"17.0"``), or the exact fraction if one decimal cannot hold it."""
    tenths = value * 10
    if tenths.denominator != 1:
        return str(value)
    n = int(tenths)
    return f"{'-' if n < 0 else ''}{abs(n) // 10}.{abs(n) % 10}"


def points4(value: Fraction | None, what: str = "points") -> str:
    """Points in a 4-column field, one decimal (``" 2.5"``, ``"11.0"``); blank for ``None``."""
    if value is None:
        return "    "
    if (value * 10).denominator != 1:
        raise WriteError(f"{what} {value} cannot be written with one decimal")
    text = fmt_points(value)
    if len(text) > 4:
        raise WriteError(f"{what} {text} does not fit in 4 columns")
    return text.rjust(4)


def short_decimal(value: Fraction) -> str:
    """``3`` or ``0.5``: the form JaVaFo's XXS examples use."""
    if value.denominator == 1:
        return str(value.numerator)
    text = points4(value).strip()
    return text


def _fit(text: str, width: int, what: str, right: bool = False) -> str:
    if len(text) > width:
        raise WriteError(f"{what} {text!r} is longer than {width} characters")
    return text.rjust(width) if right else text.ljust(width)


def format_entry(e: RoundEntry | None) -> str:
    if e is None:
        return " " * 10
    opp = f"{e.opponent:>4}" if e.opponent is not None else "0000"
    result = e.result.value if e.result is not None else " "
    return f"  {opp} {e.colour.value} {result}"


def format_player(p: Player) -> str:
    if not 1 <= p.start_rank <= 9999:
        raise WriteError(f"start rank {p.start_rank} is outside 1-9999")
    line = (
        "001 "
        + f"{p.start_rank:>4} "
        + _fit(p.sex, 1, "sex")
        + _fit(p.title, 3, "title")
        + " " + _fit(p.name, 33, "name")
        + " " + _fit("" if p.rating is None else str(p.rating), 4, "rating", right=True)
        + " " + _fit(p.federation, 3, "federation")
        + " " + _fit(p.fide_id, 11, "FIDE id", right=True)
        + " " + _fit(p.birth_date, 10, "birth date")
        + " " + points4(p.points)
        + " " + _fit("" if p.rank is None else str(p.rank), 4, "rank", right=True)
        + "".join(format_entry(e) for e in p.rounds)
    )
    return line.rstrip()


def format_record(rec: Record) -> str:
    if isinstance(rec, Player):
        return format_player(rec)
    if isinstance(rec, Header):
        return f"{rec.code} {rec.value}" if rec.value else rec.code
    if isinstance(rec, RoundCount):
        return f"{rec.code} {rec.rounds}"
    if isinstance(rec, InitialColour):
        if rec.code == "152":
            return f"152 {'W' if rec.colour is Colour.WHITE else 'B'}"
        words = ["XXC"] + (["rank"] if rec.by_rank else [])
        if rec.colour is not None:
            words.append("white1" if rec.colour is Colour.WHITE else "black1")
        return " ".join(words)
    if isinstance(rec, ScoringRecord):
        if rec.code == "162":
            return ("162" + "".join(("  " if i == 0 else "    ") + sym + points4(v)
                                    for i, (sym, v) in enumerate(rec.values))).rstrip()
        if rec.code == "XXS":
            return " ".join(["XXS"] + [f"{k}={short_decimal(v)}" for k, v in rec.values])
        return f"{rec.code} {points4(rec.values[0][1])}"
    if isinstance(rec, ByeRecord):
        return f"240 {rec.kind} {rec.round:03d}" + "".join(f" {i:>4}" for i in rec.players)
    if isinstance(rec, AccelerationRange):
        return (f"250 {points4(rec.match_points)} {points4(rec.game_points)} {rec.first_round:>3} {rec.last_round:>3}"
                f" {rec.first_player:>4} {rec.last_player:>4}")
    if isinstance(rec, PlayerAcceleration):
        return (f"XXA {rec.player:>4}" + "".join(" " + points4(v) for v in rec.points)).rstrip()
    if isinstance(rec, ForbiddenPairs):
        if rec.code == "260" or rec.first_round is not None:
            first = 1 if rec.first_round is None else rec.first_round  # not `or`: round 0 stays 0
            last = 999 if rec.last_round is None else rec.last_round
            return f"260 {first:03d} {last:03d}" + "".join(f" {i:>4}" for i in rec.players)
        return " ".join(["XXP"] + [str(i) for i in rec.players])
    if isinstance(rec, AbsentRecord):
        return " ".join(["XXZ"] + [str(i) for i in rec.players])
    if isinstance(rec, (Comment, BlankLine, PreservedRecord)):
        return rec.text
    if isinstance(rec, AbnormalPoints):
        return format_abnormal(rec)
    raise TypeError(f"not a TRF record: {rec!r}")  # pragma: no cover


def format_abnormal(rec: AbnormalPoints) -> str:
    """A ``299`` line: as read when it still says the same (programs place its fields differently,
    :func:`trf.abnormal.read_line`), else in TRF-2026's columns (type 5, match points 8-11, points
    14-17, round 20-22, ids 24-27, 29-32, ...)."""
    if rec.text:
        from trf.abnormal import read_line

        again, _ = read_line(rec.text)
        if again == rec:
            return rec.text
    head = f"299 {rec.kind or ' '}  {points4(rec.match_points, '299 match points')}  {points4(rec.points, '299 points')}"
    if rec.round is None and not rec.players:
        return head.rstrip()
    rnd = "   " if rec.round is None else f"{rec.round:>3}"
    return (f"{head}  {rnd}" + "".join(f" {pid:>4}" for pid in rec.players)).rstrip()


def dumps(t: Tournament) -> str:
    """The TRF text of a tournament, with its own line endings."""
    text = t.line_ending.join(format_record(r) for r in t.records)
    return text + t.line_ending if t.final_newline and t.records else text


def write_atomic(path: str | Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file and a rename (never a half-written file).

    * A regular file (new or replaced) gets the mode a new file gets under the umask (``0644``
      under ``022``), or keeps the mode of the file it replaces.
    * A symbolic link is followed: its target is replaced, the link stays.
    * A node that is not a regular file (a FIFO, ``/dev/stdout``, ``/dev/null``, a terminal) and
      anything under ``/dev`` or ``/proc`` is written through, opened as it is: it is never
      replaced by a regular file.  A directory raises ``IsADirectoryError``.
    * The temporary file is ``.NAME.PID.XXXXXXXX.tmp`` beside the target.  A write that is
      killed (``kill -9``) cannot remove it, so every write first removes the temporary files
      of that target whose process is gone (and older ones without a process id, after an
      hour), never one that a running writer may still rename.
    """
    from pathlib import Path  # here: reading a file does not load pathlib (trf.validate imports this module)

    path = Path(path)
    if _written_through(path):
        with open(path, "wb") as fh:
            fh.write(data)
        return
    target = Path(os.path.realpath(path)) if path.is_symlink() else path
    folder = target.parent if str(target.parent) else Path(".")
    try:
        mode = stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        mode = 0o666 & ~_umask()
    remove_stale_temporaries(target)
    import tempfile  # here: reading a file and pairing need none of it (tempfile loads shutil, random ...)

    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.{os.getpid()}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as fh:
            if hasattr(os, "fchmod"):
                os.fchmod(fh.fileno(), mode)
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _written_through(path: Path) -> bool:
    """Whether ``path`` is a node to open and write as it is rather than replace."""
    absolute = os.path.abspath(path)
    if absolute.startswith(("/dev/", "/proc/")):
        return True
    try:
        st = os.stat(path)  # follows a symbolic link
    except (FileNotFoundError, NotADirectoryError):
        return False
    if stat.S_ISDIR(st.st_mode):
        raise IsADirectoryError(errno.EISDIR, "it is a directory", str(path))
    return not stat.S_ISREG(st.st_mode)


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


#: How old a temporary file without a process id must be before a write removes it.
STALE_AFTER_SECONDS = 3600


def remove_stale_temporaries(target: Path) -> list[Path]:
    """Remove the temporary files a killed write to ``target`` left behind (see
    :func:`write_atomic`); returns the ones removed."""
    from pathlib import Path

    folder = target.parent if str(target.parent) else Path(".")
    prefix = f".{target.name}."
    removed: list[Path] = []
    try:
        entries = [e for e in os.scandir(folder) if e.name.startswith(prefix) and e.name.endswith(".tmp")]
    except OSError:
        return removed
    now = time.time()
    for entry in entries:
        middle = entry.name[len(prefix):-len(".tmp")]
        pid_text, dot, _ = middle.partition(".")
        try:
            if dot and pid_text.isdecimal():
                if process_alive(int(pid_text)):
                    continue
            elif now - entry.stat(follow_symlinks=False).st_mtime < STALE_AFTER_SECONDS:
                continue
            if not entry.is_file(follow_symlinks=False):
                continue
            os.unlink(entry.path)
            removed.append(Path(entry.path))
        except OSError:
            continue
    return removed


def process_alive(pid: int) -> bool:
    """Whether process ``pid`` may still be running, so that what it left (a temporary file, a
    half-swapped folder) is not taken from under it: False only when the system says there is no
    such process; another user's, or one we may not ask about, counts as alive."""
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, OSError):
        return True
    return True


def fsync_folder(folder: Path) -> None:
    """Flush ``folder`` itself, so that a rename or a new name in it survives a power cut (where
    the system allows opening a folder: not Windows)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:  # pragma: no cover - not possible on every platform
        return
    try:
        os.fsync(fd)
    except OSError:  # pragma: no cover
        pass
    finally:
        os.close(fd)


def dump(t: Tournament, path: str | Path, encoding: str = "utf-8") -> None:
    write_atomic(path, dumps(t).encode(encoding))
