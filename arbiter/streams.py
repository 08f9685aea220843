"""The standard streams as every command leaves them (the full program and the entry point's own
``pair``, :mod:`arbiter.launch`)."""

from __future__ import annotations

import sys


def tolerant_streams() -> None:
    """Standard output and error replace a character their encoding cannot write (``Ł`` under
    ``PYTHONIOENCODING=cp1252``) with ``?`` instead of failing: the command's work is done, its
    output should not be lost for one name."""
    for stream in (sys.stdout, sys.stderr):
        encoding = (getattr(stream, "encoding", None) or "utf-8").lower().replace("_", "-")
        if encoding.startswith("utf-") or not hasattr(stream, "reconfigure"):
            continue
        try:
            stream.reconfigure(errors="replace")
        except (ValueError, OSError):  # pragma: no cover - a stream that cannot change
            pass
