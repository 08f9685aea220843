"""``arbiter publish``: a tournament as a self-contained static web site.

The pages (:mod:`arbiter.publish.site`) link only to each other, to one stylesheet and to the
TRF file they were made from: no server, no script, nothing fetched from elsewhere, so the
folder works from a USB stick or any static host.  The site is written whole or not at all
(:func:`write_site`): every file goes to a temporary folder beside the target, which then takes
the target's place.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

from arbiter.publish.site import CACHE, Page, Site, SiteOptions, build_pages, read_stored

__all__ = ["MARKER", "CACHE", "read_stored", "SiteError", "Page", "Site", "SiteOptions", "build_pages", "write_site", "check_target"]

#: A file every published site holds: a folder with it may be replaced by a new site.
MARKER = ".arbiter-site"


class SiteError(Exception):
    """The site cannot be written where asked.  ``usage``: the target itself is unsuitable (not
    a file-system problem)."""

    def __init__(self, message: str, usage: bool = False) -> None:
        super().__init__(message)
        self.usage = usage


def check_target(target: Path, source: Path | None = None) -> None:
    """Refuse a target that is a file, a folder holding something other than a published site,
    or a folder that contains the input file (replacing it would delete the input)."""
    if target.is_symlink() or (target.exists() and not target.is_dir()):
        raise SiteError(f"{target} exists and is not a folder", usage=True)
    if source is not None:
        src = source.resolve()
        dst = target.resolve()
        if dst == src.parent or dst in src.parents:
            raise SiteError(f"{target} contains the input file {source}; choose another folder", usage=True)
    if target.is_dir() and any(target.iterdir()) and not (target / MARKER).is_file():
        raise SiteError(f"{target} is not empty and holds no site written by arbiter publish; "
                        "choose a new or empty folder", usage=True)


def write_site(target: Path, site: Site, source: Path | None = None) -> None:
    """Write the pages of ``site`` as the folder ``target``, replacing a site published there before.

    Everything is written into a temporary folder in ``target``'s parent (same file system),
    flushed to disk, then renamed into place; an old site is moved aside first and removed once the new
    one stands.  On any error the temporary folder is removed and the old site is left as it
    was.  Raises :class:`SiteError` (``usage`` when the target is unsuitable) or ``OSError``."""
    check_target(target, source)
    parent = target.parent if str(target.parent) else Path(".")
    parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=f".{target.name}.new-", dir=parent))
    umask = os.umask(0)
    os.umask(umask)
    try:
        os.chmod(work, 0o777 & ~umask)
        for page in site.pages:
            path = work / page.path
            path.parent.mkdir(parents=True, exist_ok=True)
            with open(path, "wb") as fh:
                fh.write(page.data)
        (work / MARKER).write_text("written by arbiter publish; this folder is replaced whole on the next publish\n")
        if hasattr(os, "sync"):
            os.sync()  # the files are on disk before the folder takes the old site's place (one flush, not one per file)
        old: Path | None = None
        if target.exists():
            old = Path(tempfile.mkdtemp(prefix=f".{target.name}.old-", dir=parent))
            os.rmdir(old)
            os.rename(target, old)
        try:
            os.rename(work, target)
        except OSError:
            if old is not None:
                os.rename(old, target)
            raise
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise
