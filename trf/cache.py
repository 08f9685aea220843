"""The user's cache folder, where the program keeps what it makes once and reads again in later
runs (the grammar's parser, :mod:`trf.grammar`; the dataclasses' methods, :mod:`arbiter.compiled`):
``$XDG_CACHE_HOME/arbiter``, else ``~/.cache/arbiter``.

A module of its own, light: the program's entry point asks for the folder before it reads a file,
and a file whose lines are all read directly never loads the grammar's module.
"""

from __future__ import annotations

import os

__all__ = ["cache_folder", "private"]


def private(st: os.stat_result) -> bool:
    """Owned by the user running the program and writable by nobody else."""
    owner = getattr(os, "getuid", None)
    return (owner is None or st.st_uid == owner()) and not st.st_mode & 0o022


def cache_folder() -> str | None:
    """The user's cache folder, made private (mode 700) if missing; ``None`` when it
    cannot be made, is not writable, or is not private to the user."""
    base = os.environ.get("XDG_CACHE_HOME", "")
    if not os.path.isabs(base):  # unset, or relative (which the XDG specification says to ignore)
        base = os.path.join(os.path.expanduser("~"), ".cache")
        if not os.path.isabs(base):  # no home directory
            return None
    folder = os.path.join(base, "arbiter")
    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)
        st = os.stat(folder)
    except OSError:
        return None
    if not private(st) or not os.access(folder, os.W_OK):
        return None
    return folder
