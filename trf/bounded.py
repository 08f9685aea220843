"""Reading a file no larger than its purpose can need (:class:`trf.limits.InputLimit`).

Every file the toolkit reads (a TRF file, an event file, a list of players, results, K factors,
a generator configuration) is read here, at most one byte more than its limit: a larger file is
refused before anything of it is parsed.  The read itself is bounded, not only a size looked up
beforehand: ``/dev/zero``, a FIFO fed by an endless writer or ``/dev/stdin`` on an endless pipe
report a size of 0 (or none), and only a bounded read stops on them.

The line count is bounded too (one pass over the bytes, before any decoding): the parsers' work
grows with the lines, so a few megabytes of empty lines would cost minutes and gigabytes before
being found not to be what was asked for.
"""

from __future__ import annotations

import os
TYPE_CHECKING = False  # typing's own flag, without loading typing (start-up: arbiter.launch)

from trf.limits import InputLimit

if TYPE_CHECKING:  # pathlib is loaded by whoever passes a Path
    from typing import Callable, Optional
    from pathlib import Path

__all__ = ["InputTooLarge", "read_bounded", "CHUNK"]

#: Bytes asked of the system per read: a regular file is read in its own size's worth of reads,
#: a device or a pipe in these steps until the limit.
CHUNK = 1 << 20


class InputTooLarge(ValueError):
    """``path`` holds more than ``limit`` allows: more than ``limit.size`` bytes (``by`` is
    ``"bytes"``) or more than ``limit.lines`` lines (``"lines"``).  Nothing of it was parsed."""

    def __init__(self, path: str, limit: InputLimit, by: str) -> None:
        if by == "bytes":
            said = f"is larger than {limit.what} can be ({limit.size:,} bytes: {limit.why})"
        else:
            said = f"has more lines than {limit.what} can have ({limit.lines:,}: {limit.why})"
        super().__init__(f"{path} {said}; not read")
        self.path, self.limit, self.by = path, limit, by

    def __reduce__(self) -> tuple[type[InputTooLarge], tuple[str, InputLimit, str]]:
        """Pickled with its data (a worker process's error reaches the parent whole)."""
        return type(self), (self.path, self.limit, self.by)


def read_bounded(path: str | Path, limit: InputLimit, progress: Optional[Callable[[int], None]] = None) -> bytes:
    """The bytes of ``path``, or :class:`InputTooLarge` when it holds more than ``limit`` allows:
    at most ``limit.size + 1`` bytes are read, and the reading stops as soon as there are more
    than ``limit.lines`` lines (an endless stream of short lines stops after a few hundred KB).
    Lines are counted on the bytes, in any encoding the reader takes: the LF bytes, or the CR
    bytes for a file with classic Mac endings (a CRLF file counts each line once).
    ``progress(n)`` is told of every ``n`` bytes read.  Raises ``OSError`` as ``open`` and
    ``read`` do (no such file, a directory ...)."""
    parts: list[bytes] = []
    total = lf = cr = 0
    with open(path, "rb", buffering=0) as f:
        try:
            size = os.fstat(f.fileno()).st_size  # a hint only: a device or a pipe says 0
        except OSError:  # pragma: no cover - fstat of an open file does not fail on POSIX
            size = 0
        if size > limit.size:
            raise InputTooLarge(str(path), limit, "bytes")
        while total <= limit.size:
            want = min(max(size - total + 1, CHUNK), limit.size + 1 - total)
            chunk = f.read(want)
            if not chunk:
                break
            parts.append(chunk)
            total += len(chunk)
            if progress is not None:
                progress(len(chunk))
            lf, cr = lf + chunk.count(b"\n"), cr + chunk.count(b"\r")
            if max(lf, cr) > limit.lines:
                raise InputTooLarge(str(path), limit, "lines")
    if total > limit.size:
        raise InputTooLarge(str(path), limit, "bytes")
    return b"".join(parts)
