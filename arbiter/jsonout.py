"""JSON on standard output, as every ``--json`` command writes it: the layout of
``json.dumps(data, indent=2, ensure_ascii=False)`` byte for byte, written as it is encoded, so
that a large file's list of players (:class:`Streamed`) is never held whole, and lists of plain
values go through the standard library's C encoder; repeated tails of many items are encoded
once (:class:`SharedTail`)."""

from __future__ import annotations

import sys
from typing import Any, Callable, Iterable

__all__ = ["Streamed", "SharedTail", "emit_json"]


class Streamed:
    """A list written to JSON as its items come (``emit_json`` never holds it whole)."""

    def __init__(self, items: Iterable[Any]) -> None:
        self.items = items


class SharedTail:
    """A list of dictionaries ``make(first, obj)`` for ``(first, obj)`` in ``items`` (an ``obj``
    of ``None`` left out), where only the first value depends on ``first`` and the objects repeat
    (a file's round blocks are shared): each object's dictionary is encoded once and its first
    value substituted."""

    def __init__(self, items: Iterable[tuple[int, Any]], make: Callable[[int, Any], dict[str, Any]]) -> None:
        self.items = items
        self.make = make


_SCALARS = (str, int, float, bool, type(None))


class _JsonState:
    """One :func:`emit_json` call's encoders (by indentation level), :class:`SharedTail` caches
    and whether strings are written in ASCII (``\\u`` escapes, for an output encoding that
    cannot hold every character: JSON stays lossless)."""

    def __init__(self, ascii_only: bool) -> None:
        import json  # loaded by the commands that write JSON only

        self.ascii_only = ascii_only
        self._dumps = json.dumps
        self.encoders: dict[int, Callable[[Any], str]] = {}
        self.shared: dict[int, dict[int, tuple[Any, str, str]]] = {}

    def encoder(self, level: int) -> Callable[[Any], str]:
        """The C encoder of the standard library, items separated as at ``level`` (its only
        indentation), or ``json.dumps`` where there is none."""
        encode = self.encoders.get(level)
        if encode is None:
            encode = self.encoders[level] = self._make("," + "\n" + "  " * (level + 1))
        return encode

    def _make(self, separator: str) -> Callable[[Any], str]:
        import json

        make = getattr(json.encoder, "c_make_encoder", None)
        if make is None:  # pragma: no cover - another Python implementation
            return lambda obj: json.dumps(obj, ensure_ascii=self.ascii_only, separators=(separator, ": "))
        strings = json.encoder.encode_basestring_ascii if self.ascii_only else json.encoder.encode_basestring
        encode = make(None, None, strings, None, ": ", separator, False, False, True)
        return lambda obj: "".join(encode(obj, 0))

    def dumps(self, obj: Any) -> str:
        return self._dumps(obj, ensure_ascii=self.ascii_only)

    def key(self, key: Any) -> str:
        """A dictionary key as JSON writes it (a number or ``None`` becomes a string)."""
        if isinstance(key, str):
            return self.dumps(key)
        return self._dumps({key: 0}, ensure_ascii=self.ascii_only)[1:-4]


def _write_json(write: Callable[[str], object], obj: Any, level: int, state: _JsonState) -> None:
    """``obj`` as ``json.dumps(obj, indent=2, ensure_ascii=False)`` writes it, byte for byte;
    containers of scalars go through the C encoder in one call."""
    if isinstance(obj, SharedTail):
        _write_shared(write, obj, level, state)
        return
    if isinstance(obj, Streamed):
        obj = iter(obj.items)
        first = next(obj, _END)
        if first is _END:
            write("[]")
            return
        inner = "\n" + "  " * (level + 1)
        write("[" + inner)
        _write_json(write, first, level + 1, state)
        for item in obj:
            write("," + inner)
            _write_json(write, item, level + 1, state)
        write("\n" + "  " * level + "]")
        return
    if isinstance(obj, dict):
        if not obj:
            write("{}")
            return
        values: Iterable[Any] = obj.values()
    elif isinstance(obj, (list, tuple)):
        if not obj:
            write("[]")
            return
        values = obj
    else:
        write(state.dumps(obj))
        return
    inner = "\n" + "  " * (level + 1)
    encode = state.encoder(level)
    if isinstance(obj, dict):
        # runs of plain values under string keys go through the C encoder together
        write("{")
        items = list(obj.items())
        i, n, sep = 0, len(items), inner
        while i < n:
            j = i
            while j < n and type(items[j][0]) is str and isinstance(items[j][1], _SCALARS):
                j += 1
            if j > i:
                write(sep + encode(dict(items[i:j]))[1:-1])
                i = j
            else:
                key, value = items[i]
                write(sep + state.key(key) + ": ")
                _write_json(write, value, level + 1, state)
                i += 1
            sep = "," + inner
        write("\n" + "  " * level + "}")
        return
    if all(isinstance(v, _SCALARS) for v in values):
        text = encode(obj)
        write(text[0] + inner + text[1:-1] + "\n" + "  " * level + text[-1])
        return
    write("[")
    for i, value in enumerate(obj):
        write(("," if i else "") + inner)
        _write_json(write, value, level + 1, state)
    write("\n" + "  " * level + "]")


_END = object()


def _write_shared(write: Callable[[str], object], shared: SharedTail, level: int,
                  state: _JsonState) -> None:
    inner = "\n" + "  " * (level + 1)
    # id(obj) -> (obj, text before the first value, text after it), for the whole output: the
    # cache keeps each object alive, so an id is never reused while it is in the cache
    cache = state.shared.setdefault(level, {})
    parts: list[str] = []
    append, get = parts.append, cache.get
    for first, obj in shared.items:
        if obj is None:
            continue
        hit = get(id(obj))
        if hit is None:
            data = shared.make(first, obj)
            chunks: list[str] = []
            _write_json(chunks.append, data, level + 1, state)
            text = "".join(chunks)
            head = text.index(": ") + 2
            hit = cache[id(obj)] = (obj, text[:head], text[head + len(state.dumps(first)):])
        append(f"{hit[1]}{first}{hit[2]}")
    if not parts:
        write("[]")
        return
    write("[" + inner + ("," + inner).join(parts) + "\n" + "  " * level + "]")


def emit_json(data: Any) -> None:
    """``data`` on standard output as indented JSON (the layout of ``json.dumps(..., indent=2,
    ensure_ascii=False)``; ASCII with ``\\u`` escapes when standard output's encoding is not
    UTF: the JSON stays lossless), written as it is encoded: a :class:`Streamed` list of a large file's players is never held
    whole, and lists of plain values are encoded by the standard library's C encoder."""
    chunks: list[str] = []
    size = 0
    write_out = sys.stdout.write

    def write(text: str) -> None:
        nonlocal size
        chunks.append(text)
        size += len(text)
        if size > 1 << 20:
            write_out("".join(chunks))
            chunks.clear()
            size = 0

    encoding = (getattr(sys.stdout, "encoding", None) or "utf-8").lower().replace("_", "-")
    _write_json(write, data, 0, _JsonState(ascii_only=not encoding.startswith("utf")))
    chunks.append("\n")
    write_out("".join(chunks))
