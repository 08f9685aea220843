"""The parser of the TRF grammar (``trf.lark``): built by lark, kept between runs.

Building the LALR parser from the grammar is slow, and importing lark (to load a parser built
earlier) is itself a good part of a command's start-up.  So the first run keeps the
parser in the user's cache folder (``$XDG_CACHE_HOME/arbiter``, else ``~/.cache/arbiter``) in
lark's stand-alone form (:mod:`lark.tools.standalone`: the parse tables with lark's own runtime
in one module, compiled), and later runs execute that module instead of importing lark: the same
tables and the same lark code, only without the grammar compiler.

The stored parser is used only when it was made from this grammar text, by the lark version
installed, for this Python (the file is named by both versions and holds the grammar it was made
from); otherwise lark builds the parser (with lark's own cache, which checks the grammar's hash)
and the stored one is replaced.  Nothing is stored or read when the cache folder cannot be made,
is not writable, or is not private to the user (the stored file is code that the program runs):
the cache only ever saves time, and a problem with it is never reported.
"""

from __future__ import annotations

import marshal
import os
import re
import sys
import types
from dataclasses import dataclass
from functools import lru_cache

from trf.cache import cache_folder, private as _private
TYPE_CHECKING = False  # typing's own flag, without loading typing (start-up: arbiter.launch)

if TYPE_CHECKING:
    from typing import Any, Protocol

    import lark
    from lark import Token

    class RecordParser(Protocol):
        """What the reader asks of the parser: one line's tree (a name for type checking only)."""

        def parse(self, text: str) -> lark.Tree[Token]: ...

__all__ = ["Grammar", "grammar", "grammar_text", "cache_folder", "lark_version", "stored_parser_path",
           "load_stored", "store"]

#: How a stored parser file begins: this format, then the magic number of the Python that compiled
#: it; then the CRC-32 of the rest, which is the marshalled lark version, grammar text and code.
FORMAT = b"arbiter trf parser 1\n"

#: The name the stored parser's module runs under (``sys.modules``), outside the package.
MODULE = "_arbiter_trf_grammar"


@dataclass(frozen=True)
class Grammar:
    """The parser and the classes of the errors it raises (lark's, or the stored module's own)."""

    parser: RecordParser
    unexpected_input: type[lark.exceptions.UnexpectedInput]
    unexpected_token: type[lark.exceptions.UnexpectedToken]


def grammar_text() -> str:
    """``trf.lark``, read next to this module (or through :mod:`importlib.resources` for a package
    that is not on the file system)."""
    try:
        with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "trf.lark"), encoding="utf-8") as f:
            return f.read()
    except OSError:  # pragma: no cover - a zipped package
        from importlib import resources

        return resources.files("trf").joinpath("trf.lark").read_text(encoding="utf-8")


_VERSION = r"""^__version__\s*(?::\s*str\s*)?=\s*["']([^"']+)["']"""


def lark_version() -> str | None:
    """The version of the lark installed, read from its package without importing it (importing
    lark is what the stored parser saves); ``None`` when it cannot be read."""
    from importlib.util import find_spec

    try:
        spec = find_spec("lark")
        if spec is None or not spec.origin:
            return None
        with open(spec.origin, encoding="utf-8") as f:
            m = re.search(_VERSION, f.read(), re.M)
    except (OSError, ValueError, ImportError):
        return None
    return m.group(1) if m else None


def stored_parser_path(folder: str, version: str) -> str | None:
    """The stored parser's file for lark ``version`` and this Python (``None`` for a Python that
    does not compile modules)."""
    tag = sys.implementation.cache_tag
    if tag is None:  # pragma: no cover - not CPython-like
        return None
    return os.path.join(folder, f"trf-parser-lark-{version}-{tag}.bin")


def _header() -> bytes:
    from importlib.util import MAGIC_NUMBER

    return FORMAT + MAGIC_NUMBER


def load_stored(path: str, grammar: str, version: str) -> Grammar | None:
    """The parser stored at ``path`` when it was made from ``grammar`` by lark ``version`` (and is
    private to the user), else ``None``."""
    try:
        with open(path, "rb") as f:
            if not _private(os.fstat(f.fileno())):
                return None
            data = f.read()
    except OSError:
        return None
    import zlib  # here: a file whose lines are all read directly never loads the stored parser

    header = _header()
    checksum, payload = data[len(header):len(header) + 4], data[len(header) + 4:]
    if not data.startswith(header) or checksum != zlib.crc32(payload).to_bytes(4, "big"):
        return None  # another format or Python, or a damaged file (its code is never run)
    try:
        stored_version, stored_grammar, code = marshal.loads(payload)
    except (ValueError, EOFError, TypeError):
        return None
    if stored_version != version or stored_grammar != grammar or not isinstance(code, types.CodeType):
        return None
    module = types.ModuleType(MODULE)
    sys.modules[MODULE] = module  # its dataclasses look their module up
    try:
        exec(code, module.__dict__)
        parsed: Any = module.__dict__
        return Grammar(parsed["Lark_StandAlone"](), parsed["UnexpectedInput"], parsed["UnexpectedToken"])
    except Exception:  # a damaged file that passed the checks: build the parser instead
        sys.modules.pop(MODULE, None)
        return None


def store(path: str, parser: lark.Lark, grammar: str, version: str) -> None:
    """Write ``parser`` (built by lark ``version`` from ``grammar``) to ``path`` in lark's
    stand-alone form, compiled; atomically (a temporary file renamed), readable by the user only.
    Nothing is written when lark cannot generate it or the file cannot be written."""
    import io
    import tempfile
    import zlib

    try:
        from lark.tools.standalone import gen_standalone

        source = io.StringIO()
        gen_standalone(parser, out=source)  # type: ignore[no-untyped-call]  # lark leaves it untyped
        payload = marshal.dumps((version, grammar, compile(source.getvalue(), path, "exec")))
        data = _header() + zlib.crc32(payload).to_bytes(4, "big") + payload
    except Exception:  # a lark whose generator differs: lark's own cache still serves
        return
    try:
        fd, temporary = tempfile.mkstemp(dir=os.path.dirname(path), prefix=".trf-parser-", suffix=".tmp")
    except OSError:
        return
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(temporary, path)
    except OSError:
        try:
            os.unlink(temporary)
        except OSError:
            pass


@lru_cache(maxsize=1)
def grammar() -> Grammar:
    """The parser of ``trf.lark``: the stored one when it fits, else built by lark (and stored)."""
    text = grammar_text()
    folder = cache_folder()
    version = lark_version()
    path = None
    if folder is not None and version is not None:
        path = stored_parser_path(folder, version)
        stored = load_stored(path, text, version) if path is not None else None
        if stored is not None:
            return stored
    import lark

    cache = os.path.join(folder, f"trf-grammar-lark-{lark.__version__}.cache") if folder is not None else False
    parser = lark.Lark(text, parser="lalr", lexer="contextual", maybe_placeholders=True, cache=cache)
    if path is not None and version == lark.__version__:
        store(path, parser, text, version)
    return Grammar(parser, lark.exceptions.UnexpectedInput, lark.exceptions.UnexpectedToken)
