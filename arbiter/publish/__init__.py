"""``arbiter publish``: a tournament as a self-contained static web site.

The pages (:mod:`arbiter.publish.site`) link only to each other, to one stylesheet and to the
TRF file they were made from: no server, no script, nothing fetched from elsewhere, so the
folder works from a USB stick or any static host.  The site is written whole or not at all
(:func:`write_site`): every file goes to a temporary folder beside the target, which then takes
the target's place.

How the new site takes the old one's place, so that a crash at any instant (``kill -9``, a
power cut once the files are flushed) leaves at ``SITE`` either the old site or the new one:

* ``SITE`` stays a real folder.  It could have been a symbolic link, swapped in one step to a
  new versioned folder; but the site is promised as a folder to copy to a USB stick, zip, or
  upload, and ``cp -r``, ``zip -r``, ``rsync -a`` and many upload tools copy a link as a link,
  which would publish a pointer to nothing.
* On Linux the two folders are exchanged in one step, ``renameat2(RENAME_EXCHANGE)`` (Linux
  3.15, glibc 2.28; ext4, XFS, Btrfs, tmpfs and most local file systems), called through
  :mod:`ctypes`: before it the old site stands, after it the new one, and the old site, now
  under the temporary name, is then removed.  A first publication (nothing at ``SITE``) is one
  ``rename``.
* Where the exchange is not available (another system, a file system that refuses it), the old
  site is renamed aside and the new one renamed into place: between these two renames a crash
  leaves nothing at ``SITE``.  :func:`recover`, run by the next publish before anything else,
  then puts the old site back.

The temporary folders are ``.SITE.new-PID-XXXXXXXX`` (the new site while it is written; after
the exchange, the old site until it is removed) and ``.SITE.old-PID-XXXXXXXX`` (the old site
renamed aside), beside ``SITE``.  A crash leaves them behind; :func:`recover` removes them:
only folders of exactly that name (never a link, never another name), only once the process
named in the name is gone (one still running is a publish in progress, whatever else it is),
and, for the names of earlier versions without a process id (``.SITE.new-XXXXXXXX``), only
those older than :data:`STALE_AFTER_SECONDS`.  Publishes to one folder also take turns: each
holds an exclusive lock (``flock``) on the parent folder while it recovers, writes and swaps,
as the event store does (:mod:`event.store`); where the lock cannot be taken (some network file
systems) the process rule alone keeps a running publish's folders.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import shutil
import sys
import tempfile
import time
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterator

from arbiter.publish.site import CACHE, Page, Site, SiteOptions, build_pages, read_stored
from trf.writer import fsync_folder, process_alive

try:  # POSIX only; elsewhere the process rule alone protects a running publish
    import fcntl
except ImportError:  # pragma: no cover
    fcntl = None  # type: ignore[assignment]

__all__ = ["MARKER", "ROTATION_MARKER", "CACHE", "read_stored", "SiteError", "Page", "Site", "SiteOptions",
           "build_pages", "write_site", "check_target", "recover", "STALE_AFTER_SECONDS"]

#: A file every published site holds: a folder with it may be replaced by a new site.
MARKER = ".arbiter-site"

#: The file a rotation page (``arbiter rotation publish``) holds instead: each command replaces
#: only a folder of its own kind, so neither removes the other's by a slip of the ``-o``.
ROTATION_MARKER = ".arbiter-rotation-page"

#: Each marker: what the folder holds and the command that wrote it (the file's text and the
#: messages of :func:`check_target`).
_KINDS = {MARKER: ("site", "arbiter publish"), ROTATION_MARKER: ("rotation page", "arbiter rotation publish")}

#: How old a temporary folder whose name holds no process id (earlier versions) must be before
#: a publish removes it.
STALE_AFTER_SECONDS = 3600

RENAME_EXCHANGE = 2  # <linux/fs.h>
_AT_FDCWD = -100
_TEMPORARY = re.compile(r"(new|old)-(?:([0-9]{1,10})-)?([a-z0-9_]{8})")  # after ".SITE."; tempfile's 8 characters


class SiteError(Exception):
    """The site cannot be written where asked.  ``usage``: the target itself is unsuitable (not
    a file-system problem)."""

    def __init__(self, message: str, usage: bool = False) -> None:
        super().__init__(message)
        self.usage = usage


def check_target(target: Path, source: Path | None = None, marker: str = MARKER) -> None:
    """Refuse a target that is a file, a folder holding something other than what the command
    publishes (``marker``: :data:`MARKER` for a tournament site, :data:`ROTATION_MARKER` for a
    rotation page), including the other kind of published folder, or a folder that contains
    the input file (replacing it would delete the input)."""
    what, command = _KINDS[marker]
    if target.is_symlink() or (target.exists() and not target.is_dir()):
        raise SiteError(f"{target} exists and is not a folder", usage=True)
    if source is not None:
        src = source.resolve()
        dst = target.resolve()
        if dst == src.parent or dst in src.parents:
            raise SiteError(f"{target} contains the input file {source}; choose another folder", usage=True)
    if target.is_dir() and any(target.iterdir()) and not (target / marker).is_file():
        for other, (other_what, other_command) in _KINDS.items():
            if other != marker and (target / other).is_file():
                raise SiteError(f"{target} holds a {other_what} written by {other_command}, which {command} "
                                f"does not replace; choose another folder", usage=True)
        raise SiteError(f"{target} is not empty and holds no {what} written by {command}; "
                        "choose a new or empty folder", usage=True)


def write_site(target: Path, site: Site, source: Path | None = None, marker: str = MARKER) -> None:
    """Write the pages of ``site`` as the folder ``target``, replacing a site published there before.

    Under the parent folder's lock: what an earlier publish killed part-way left is recovered
    (:func:`recover`), everything is written into a temporary folder in ``target``'s parent (same
    file system) and flushed to disk, then the two folders are swapped as the module docstring
    says, and the old site is removed.  On any error the temporary folder is removed and the old
    site is left as it was.  Raises :class:`SiteError` (``usage`` when the target is unsuitable)
    or ``OSError``.  ``marker`` names the kind of folder written (:func:`check_target`)."""
    check_target(target, source, marker)
    parent = _parent(target)
    parent.mkdir(parents=True, exist_ok=True)
    with _locked(parent):
        _recover(target, parent)
        check_target(target, source, marker)  # again, under the lock: what stands there now is replaced
        work = Path(tempfile.mkdtemp(prefix=_prefix(target, "new"), dir=parent))
        umask = os.umask(0)
        os.umask(umask)
        try:
            os.chmod(work, 0o777 & ~umask)
            for page in site.pages:
                path = work / page.path
                path.parent.mkdir(parents=True, exist_ok=True)
                _write_file(path, page.data)
            command = _KINDS[marker][1]
            _write_file(work / marker, f"written by {command}; this folder is replaced whole on the next "
                                       f"{command.removeprefix('arbiter ')}\n".encode("utf-8"))
            if hasattr(os, "sync"):
                os.sync()  # the files on disk before the folder takes the old site's place (one flush, not per file)
            _swap(work, target, parent)
        except BaseException:
            shutil.rmtree(work, ignore_errors=True)  # the new site unfinished, or the old one once swapped out
            raise
        shutil.rmtree(work, ignore_errors=True)  # nothing left, or (exchanged) the old site


def recover(target: Path) -> None:
    """Clean up after a publish to ``target`` that was killed part-way: put the old site back
    when a crash between the two renames of the fallback left nothing at ``target``, and remove
    the temporary folders whose publish is gone (the rules of the module docstring).  Run by
    :func:`write_site`, and by ``arbiter publish`` before it builds the pages (so that the
    explanations kept in the site are found).  Raises ``OSError`` when the old site cannot be
    put back."""
    parent = _parent(target)
    with _locked(parent):
        _recover(target, parent)


# --------------------------------------------------------------------------- the steps


def _parent(target: Path) -> Path:
    return target.parent if str(target.parent) else Path(".")


def _prefix(target: Path, kind: str) -> str:
    return f".{target.name}.{kind}-{os.getpid()}-"


def _write_file(path: Path, data: bytes) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
    finally:
        os.close(fd)


def _swap(work: Path, target: Path, parent: Path) -> None:
    """``work`` becomes ``target``; the old site, if any, ends under ``work``'s name (exchanged)
    or is removed here (the fallback's two renames)."""
    if not os.path.lexists(target):  # the first publication
        os.rename(work, target)
        fsync_folder(parent)
        return
    if _exchange(work, target):
        fsync_folder(parent)
        return
    old = Path(tempfile.mkdtemp(prefix=_prefix(target, "old"), dir=parent))
    os.rmdir(old)  # a free name; the old site moves there
    os.rename(target, old)
    try:
        os.rename(work, target)
    except BaseException:
        os.rename(old, target)
        raise
    fsync_folder(parent)
    shutil.rmtree(old, ignore_errors=True)


@lru_cache(maxsize=1)
def _renameat2() -> Any:
    """The C library's ``renameat2``, or ``None`` (not Linux, or a C library without it)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        import ctypes

        fn = ctypes.CDLL(None, use_errno=True).renameat2
    except (OSError, AttributeError):
        return None
    fn.argtypes = (ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint)
    fn.restype = ctypes.c_int
    return fn


def _exchange(a: Path, b: Path) -> bool:
    """Exchange the folders ``a`` and ``b`` in one step; ``False`` when this system or file
    system cannot (nothing was done).  Raises ``OSError`` for any other failure."""
    fn = _renameat2()
    if fn is None:
        return False
    import ctypes

    if fn(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), RENAME_EXCHANGE) == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP):
        return False
    raise OSError(code, os.strerror(code), str(b))


@contextlib.contextmanager
def _locked(parent: Path) -> Iterator[None]:
    """An exclusive lock on ``parent`` (released when the process ends, however it ends); none
    where the system or file system has no ``flock``."""
    fd = -1
    if fcntl is not None:
        with contextlib.suppress(OSError):
            fd = os.open(parent, os.O_RDONLY)
    try:
        if fd >= 0:
            with contextlib.suppress(OSError):
                fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        if fd >= 0:
            os.close(fd)  # closing releases the lock


def _recover(target: Path, parent: Path) -> None:
    """:func:`recover`, the lock held."""
    prefix = f".{target.name}."
    try:
        entries = [e for e in os.scandir(parent) if e.name.startswith(prefix)]
    except OSError:
        return
    now = time.time()
    stale: list[Path] = []
    restorable: list[tuple[float, Path]] = []  # old sites renamed aside by a publish now gone
    for entry in entries:
        found = _TEMPORARY.fullmatch(entry.name[len(prefix):])
        if found is None:
            continue
        try:
            if not entry.is_dir(follow_symlinks=False):
                continue
            pid = found.group(2)
            if pid is not None and process_alive(int(pid)):
                continue
            info = entry.stat(follow_symlinks=False)
        except OSError:
            continue
        path = Path(entry.path)
        if found.group(1) == "old" and any((path / m).is_file() for m in _KINDS):
            restorable.append((info.st_ctime, path))
        if pid is not None or now - info.st_mtime >= STALE_AFTER_SECONDS:
            stale.append(path)
    if restorable and not os.path.lexists(target):
        _, back = max(restorable)
        os.rename(back, target)
        fsync_folder(parent)
        if back in stale:
            stale.remove(back)
    for path in stale:
        shutil.rmtree(path, ignore_errors=True)
