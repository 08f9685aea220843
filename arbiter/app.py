"""The ``arbiter`` application object and what every command module shares: the consoles, the
common options, reading a TRF file (or exiting with the reason), writing an output atomically,
JSON output, and the wording of the library's typed errors.

Command modules (``arbiter/cli_*.py``) import this module and register their commands on
:data:`app`; this module imports none of them, so there is no import circle.  :mod:`arbiter.cli`
imports every command module and holds the console-script entry point.

Exit codes are the same for every command (see :mod:`arbiter.exitcodes`).
"""

from __future__ import annotations

import json
import sys
from enum import Enum
from pathlib import Path
from typing import Any, NoReturn, Optional

import typer
from rich.console import Console

from arbiter import exitcodes
from trf import Severity, parse_file
from trf.diagnostics import Diagnostic
from trf.model import Tournament
from trf.parser import ParseResult

__all__ = [
    "app", "out", "err", "FileArg", "EncodingOpt", "JsonOpt", "TrfFormat", "fail", "emit_json", "read",
    "read_valid", "write_file", "write_or_print", "dump_text", "refuse_overwrite", "diagnostics_of",
    "has_errors",
]

app = typer.Typer(
    name="arbiter",
    help="A toolkit for chess arbiters built around FIDE's Tournament Report File (TRF).",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

out = Console(highlight=False, soft_wrap=True)
err = Console(stderr=True, highlight=False, soft_wrap=True)


@app.callback()
def common_options(width: Optional[int] = typer.Option(
        None, "--width", min=20, metavar="COLUMNS",
        help="Lay tables out for this many columns (default: the terminal's width; written whole to a pipe or file).")) -> None:
    """A toolkit for chess arbiters built around FIDE's Tournament Report File (TRF)."""
    from arbiter import render

    render.set_width(width)
    if width is not None:  # prose wraps at that width too
        out.width = err.width = width
        out.soft_wrap = err.soft_wrap = False


FileArg = typer.Argument(..., help="A TRF file (TRF-16, TRF-2026, with or without XX?/BB? records).", show_default=False)
EncodingOpt = typer.Option(None, "--encoding", help="Text encoding of the file (default UTF-8; e.g. latin-1, cp1252).")
JsonOpt = typer.Option(False, "--json", help="Machine-readable output (stable shape, see README).")


class TrfFormat(str, Enum):
    trf16 = "trf16"
    trf26 = "trf26"


def fail(code: int, message: str) -> NoReturn:
    """Print ``arbiter: message`` on standard error and exit with ``code``."""
    err.print(f"arbiter: {message}", markup=False)
    raise typer.Exit(code)


def emit_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")


def read(path: Path, encoding: Optional[str]) -> ParseResult:
    """Read a file or exit 5 with the reason (2 for an unknown encoding)."""
    if encoding:
        try:
            "".encode(encoding)
        except LookupError:
            fail(exitcodes.USAGE, f"unknown encoding {encoding!r}")
    try:
        return parse_file(path, encoding=encoding)
    except IsADirectoryError:
        fail(exitcodes.FILE_ERROR, f"cannot read {path}: it is a directory")
    except FileNotFoundError:
        fail(exitcodes.FILE_ERROR, f"cannot read {path}: no such file")
    except OSError as exc:
        fail(exitcodes.FILE_ERROR, f"cannot read {path}: {exc.strerror or exc}")


def read_valid(path: Path, encoding: Optional[str], consequence: str) -> ParseResult:
    """Read a file and exit 3 listing its errors when it has any (``consequence``: what the
    user is told, e.g. "fix them before pairing")."""
    from arbiter import render

    result = read(path, encoding)
    errors = [d for d in result.diagnostics if d.severity is Severity.ERROR]
    if errors:
        render.diagnostics(err, errors, str(path))
        fail(exitcodes.INVALID_INPUT, f"{path} has {len(errors)} error(s); {consequence}")
    return result


def diagnostics_of(result: ParseResult, strict: bool) -> list[Diagnostic]:
    """The file's diagnostics, warnings promoted to errors under ``--strict``."""
    diags = list(result.diagnostics)
    return [d.promoted() for d in diags] if strict else diags


def has_errors(diags: list[Diagnostic]) -> bool:
    return any(d.severity is Severity.ERROR for d in diags)


def refuse_overwrite(output: Optional[Path], source: Path) -> None:
    """Exit 2 when ``output`` is the input file itself (no command writes over its input)."""
    if output is not None and output.exists() and output.resolve() == source.resolve():
        fail(exitcodes.USAGE, f"refusing to overwrite the input file {source}; choose another -o")


def write_file(output: Path, text: str) -> None:
    """Write ``text`` to ``output`` atomically (UTF-8), or exit 5 with the reason."""
    from trf.writer import write_atomic

    try:
        write_atomic(output, text.encode("utf-8"))
    except OSError as exc:
        fail(exitcodes.FILE_ERROR, f"cannot write {output}: {exc.strerror or exc}")


def dump_text(t: Tournament, fmt: str) -> str:
    """The TRF text of ``t``, or exit 3 when a value does not fit the format's columns."""
    from trf.writer import WriteError, dumps

    try:
        return dumps(t)
    except WriteError as exc:
        fail(exitcodes.INVALID_INPUT, f"cannot write {fmt}: {exc}")


def write_or_print(text: str, output: Optional[Path], source: Optional[Path] = None) -> None:
    """Standard output, or ``output`` written atomically; never over the ``source`` file."""
    if output is None:
        sys.stdout.write(text)
        return
    if source is not None:
        refuse_overwrite(output, source)
    write_file(output, text)
