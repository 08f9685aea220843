"""The event file on disk: read it, and write a new version safely.

A save never leaves a mix of two versions and never loses the previous one:

1. the new text is made in memory first (a value that does not fit the TRF columns fails here,
   before anything is touched);
2. under an exclusive lock on the folder, the file is read again and compared with what the
   operation started from (another command changed it meanwhile: :class:`ConcurrentChange`,
   nothing written);
3. the current file is copied to the backup (``NAME.bak``) through a temporary file, flushed
   to disk and renamed over the old backup;
4. the new version is written to a temporary file in the same folder, flushed to disk and
   renamed over the file; the folder itself is flushed so that both renames survive a power
   cut.

A rename replaces a file in one step (POSIX ``rename``, Windows ``MoveFileEx``), so a crash at
any point leaves the file either as it was or as it should become, and the backup either the
version before the previous save or, once step 3 is done, the version the save replaced.
Temporary files a crash leaves behind (``.NAME.*.tmp``) are removed by the next save.

An event file named through a symbolic link is the file the link names (:func:`real_path`),
as for every file the toolkit writes (:func:`trf.writer.write_atomic`): replacing the link
by a copy would leave the real file behind, unchanged, for whoever else reaches it by its own
name or by another link.  So the lock, the temporary files and the backup are the real file's,
in its folder: two links to one event take the same lock, and the backup is ``REAL.bak``
beside the real file.  A dangling link names where a new event is created (``event new``),
as ``convert -o`` creates the file a dangling link names; reading through it finds no file.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from event.change import EventError
from trf.bounded import read_bounded
from trf.diagnostics import Diagnostic, Severity
from trf.limits import TRF_FILE
from trf.model import Tournament
from trf.parser import parse_bytes
from trf.writer import WriteError, dumps, fsync_folder

try:  # POSIX only; elsewhere the compare-before-write of step 2 still catches most races
    import fcntl
except ImportError:  # pragma: no cover
    fcntl = None  # type: ignore[assignment]

__all__ = ["Loaded", "Saved", "EventFileError", "InvalidEventFile", "ConcurrentChange", "EventExists",
           "UnwritableEvent", "load", "save", "backup_path", "real_path", "CHUNK"]

CHUNK = 1 << 16  # bytes per write call


class EventFileError(EventError):
    """The file (or its backup) cannot be read or written: ``path``, ``reason`` in words."""

    kind = "file"

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"cannot access {path}: {reason}")
        self.path, self.reason = path, reason


class InvalidEventFile(EventError):
    """The file has TRF errors (``diagnostics``): the toolkit will not edit it until they are fixed."""

    kind = "invalid"

    def __init__(self, path: Path, diagnostics: tuple[Diagnostic, ...]) -> None:
        super().__init__(f"{path} has {len(diagnostics)} error(s)")
        self.path, self.diagnostics = path, diagnostics


class ConcurrentChange(EventError):
    """The file changed on disk since it was read: the new version was not written."""

    kind = "concurrent"

    def __init__(self, path: Path) -> None:
        super().__init__(f"{path} was changed by someone else while this command ran; nothing was written")
        self.path = path


class EventExists(EventError):
    """A new event would overwrite an existing file."""

    kind = "exists"

    def __init__(self, path: Path) -> None:
        super().__init__(f"{path} already exists; a new event is never written over a file")
        self.path = path


class UnwritableEvent(EventError):
    """A value does not fit the TRF columns (a 34-character name...): nothing was written."""

    kind = "unwritable"

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"{path} cannot be written: {reason}")
        self.path, self.reason = path, reason


@dataclass(frozen=True)
class Loaded:
    """An event file as read: the tournament, the exact bytes (to detect a concurrent change)
    and the reader's warnings."""

    path: Path
    tournament: Tournament
    data: bytes
    diagnostics: tuple[Diagnostic, ...]


@dataclass(frozen=True)
class Saved:
    path: Path
    backup: Path | None
    size: int


def real_path(path: Path) -> Path:
    """The file a save of ``path`` writes: ``path`` itself, or the file a symbolic link names,
    through every link (whether that file exists yet or not).  The link is never replaced."""
    path = Path(path)
    return Path(os.path.realpath(path)) if path.is_symlink() else path


def backup_path(path: Path) -> Path:
    """Where the previous version of ``path`` is kept: ``NAME.bak`` beside the real file."""
    target = real_path(path)
    return target.with_name(target.name + ".bak")


def load(path: Path) -> Loaded:
    """Read an event file.  Raises :class:`EventFileError`, :class:`InvalidEventFile` and
    :class:`trf.bounded.InputTooLarge` (a file larger than any TRF file can be,
    :data:`trf.limits.TRF_FILE`: not read past that)."""
    path = Path(path)
    try:
        data = read_bounded(path, TRF_FILE)
    except FileNotFoundError:
        raise EventFileError(path, "no such file") from None
    except IsADirectoryError:
        raise EventFileError(path, "it is a directory") from None
    except OSError as exc:
        raise EventFileError(path, exc.strerror or str(exc)) from None
    result = parse_bytes(data)
    errors = tuple(d for d in result.diagnostics if d.severity is Severity.ERROR)
    if errors:
        raise InvalidEventFile(path, errors)
    return Loaded(path, result.tournament, data, result.diagnostics)


@contextlib.contextmanager
def _folder_lock(folder: Path) -> Iterator[None]:
    if fcntl is None:  # pragma: no cover
        yield
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # closing releases the lock


def _new_file_mode() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def _replace_atomically(target: Path, data: bytes, mode: int) -> None:
    """``data`` into ``target`` through a flushed temporary file in the same folder and a rename;
    ``mode``: the permissions the file gets (the temporary file is created private)."""
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        try:
            if hasattr(os, "fchmod"):
                os.fchmod(fd, mode)
            view = memoryview(data)
            while view:
                n = os.write(fd, view[:CHUNK])
                view = view[n:]
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _remove_stale_temporaries(path: Path) -> None:
    for stale in path.parent.glob(f".{path.name}.*.tmp"):  # the backup's too (.NAME.bak.*.tmp)
        with contextlib.suppress(OSError):
            stale.unlink()


def save(path: Path, t: Tournament, previous: bytes | None) -> Saved:
    """Write ``t`` to ``path`` as UTF-8 by the steps of the module docstring.

    ``previous``: the bytes the operation read (the file must still hold them), or ``None`` for a
    new event (the file must not exist).  Raises :class:`UnwritableEvent`, :class:`EventExists`,
    :class:`ConcurrentChange` and :class:`EventFileError`."""
    path = Path(path)
    try:
        data = dumps(t).encode("utf-8")
    except WriteError as exc:
        raise UnwritableEvent(path, str(exc)) from None
    try:
        target = real_path(path)  # a link: the real file, its folder's lock, its backup
    except OSError as exc:  # the link cannot be read (a folder on its way that may not be searched)
        raise EventFileError(path, exc.strerror or str(exc)) from None
    folder = target.parent if str(target.parent) else Path(".")
    try:
        with _folder_lock(folder):
            _remove_stale_temporaries(target)
            backup: Path | None = None
            mode = _new_file_mode()
            if previous is None:
                if target.exists() or target.is_symlink():
                    raise EventExists(path)
            else:
                try:  # one byte more than it held is enough to tell a change
                    with open(target, "rb") as fh:
                        current = fh.read(len(previous) + 1)
                except FileNotFoundError:
                    raise ConcurrentChange(path) from None
                if current != previous:
                    raise ConcurrentChange(path)
                mode = target.stat().st_mode & 0o7777
                backup = target.with_name(target.name + ".bak")
                _replace_atomically(backup, current, mode)
            _replace_atomically(target, data, mode)
            fsync_folder(folder)
    except EventError:
        raise
    except OSError as exc:
        raise EventFileError(target, exc.strerror or str(exc)) from None
    return Saved(path, backup, len(data))
