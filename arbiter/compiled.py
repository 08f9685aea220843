"""The methods :mod:`dataclasses` writes, compiled once per user and interpreter, not at every start.

A ``@dataclass`` class is built when its module is imported: :mod:`dataclasses` writes the text
of its ``__init__``, ``__repr__``, ``__eq__``, ``__hash__`` (and, frozen, ``__setattr__`` and
``__delattr__``) and compiles each with :func:`exec`.  Python's byte-code cache (``.pyc``) holds
the modules but not these texts, so every process compiles them again: for the 46 classes a
pairing call loads, about half of what importing the library costs and a third of a whole
``arbiter pair FILE --format bbp`` of 300 players (docs/performance.md).

:func:`compiled_methods` keeps those compilations, text for text, in the user's cache folder
(:func:`trf.cache.cache_folder`, one file per interpreter build).  While it is active
:mod:`dataclasses`' ``exec`` is given the code compiled before from the very same text, which is
what compiling it again would give (``compile(text, "<string>", "exec")``, the flags of a module
without ``__future__`` imports, as :mod:`dataclasses` is): every class is the one Python builds.
A text not seen before is compiled as usual and stored.  Anything wrong with the file (missing,
unreadable, from another interpreter, damaged) only means compiling as usual; nothing is written
when nothing is new.  It is used by the program's entry point (:mod:`arbiter.launch`), which owns
its process, around the imports of a pairing call only.

:func:`import_dataclasses` spares that process two modules :mod:`dataclasses` imports but a
pairing call never uses: :mod:`inspect` (with :mod:`ast`, :mod:`dis`, :mod:`tokenize` ...: a
sixth of the library's import time), wanted by Python 3.11's only for the signature written as
the docstring of a class without one (from 3.12 it reads every class's annotations with it: there
the first class loads it), and :mod:`copy`, wanted only by ``asdict``/``astuple``.
:mod:`dataclasses` is given stand-ins that import the real module at their first use, so it
behaves as ever.
"""

from __future__ import annotations

import marshal
import os
import sys
from types import CodeType, ModuleType

TYPE_CHECKING = False  # typing's own flag, without loading typing (start-up: arbiter.launch)
if TYPE_CHECKING:
    from typing import Any

#: The file's name in the cache folder: marshal's format and the byte code belong to one build.
_NAME = f"dataclass-methods-{sys.implementation.cache_tag}-{sys.hexversion:x}.marshal"

#: Texts kept at most: a file grown past it (classes changed by upgrades) keeps only this run's.
MAX_KEPT = 4000


def _load(path: str) -> dict[str, CodeType]:
    """The compilations stored at ``path`` (none when the file is missing or not one of ours)."""
    try:
        with open(path, "rb") as fh:
            got = marshal.loads(fh.read())
    except (OSError, EOFError, ValueError, TypeError):
        return {}
    if not isinstance(got, dict):
        return {}
    return {k: v for k, v in got.items() if isinstance(k, str) and isinstance(v, CodeType)}


def _store(path: str, codes: dict[str, CodeType]) -> None:
    """Write ``codes`` to ``path`` whole or not at all (a process reading it meanwhile sees the
    old file or the new one)."""
    tmp = f"{path}.{os.getpid()}.tmp"
    try:
        with open(os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "wb") as fh:  # the user's alone
            fh.write(marshal.dumps(codes))
        os.replace(tmp, path)
    except OSError:
        try:
            os.unlink(tmp)
        except OSError:
            pass


class _Deferred(ModuleType):
    """Stands for a module not imported yet: the first attribute asked for imports it."""

    def __getattr__(self, name: str) -> Any:
        module = __import__(self.__name__)  # the real module: the stand-in is in no sys.modules by now
        setattr(self, name, value := getattr(module, name))
        return value


#: What :mod:`dataclasses` imports and uses only in what a pairing call never asks of it.
_DEFERRED = ("inspect", "copy")


def import_dataclasses() -> None:
    """Import :mod:`dataclasses` (if it is not yet) with :mod:`inspect` and :mod:`copy` deferred
    to their first use: for :mod:`dataclasses` alone, any other importer gets the modules."""
    if "dataclasses" in sys.modules:
        return
    stand_ins = {name: _Deferred(name) for name in _DEFERRED if name not in sys.modules}
    sys.modules.update(stand_ins)
    try:
        import dataclasses  # noqa: F401 - imported for its side effect on sys.modules
    finally:
        for name, stand_in in stand_ins.items():
            if sys.modules.get(name) is stand_in:
                del sys.modules[name]


class compiled_methods:  # noqa: N801 - used as a function: ``with compiled_methods(folder):``
    """Inside the block, :mod:`dataclasses` compiles each method text at most once per cache
    folder ``folder`` (``None``: no cache, nothing changes).  (A class rather than a
    :func:`contextlib.contextmanager`: the program's start-up does not load :mod:`contextlib`.)"""

    def __init__(self, folder: str | None) -> None:
        self.folder = folder
        self.active = False

    def __enter__(self) -> None:
        import dataclasses

        if self.folder is None or hasattr(dataclasses, "exec"):
            return
        self.path = os.path.join(self.folder, _NAME)
        self.codes = codes = _load(self.path)
        self.used: set[str] = set()
        self.new = False

        def cached_exec(source: Any, globals: Any = None, locals: Any = None) -> None:
            if isinstance(source, str):
                self.used.add(source)
                code = codes.get(source)
                if code is None:
                    code = codes[source] = compile(source, "<string>", "exec", dont_inherit=True)
                    self.new = True
                source = code
            exec(source, globals, locals)

        setattr(dataclasses, "exec", cached_exec)  # found before the builtin by dataclasses' own lookups
        self.active = True

    def __exit__(self, kind: object, value: object, traceback: object) -> None:
        if not self.active:
            return
        import dataclasses

        delattr(dataclasses, "exec")
        self.active = False
        if kind is None and self.new:
            codes = self.codes
            _store(self.path, codes if len(codes) <= MAX_KEPT else {k: codes[k] for k in self.used})
