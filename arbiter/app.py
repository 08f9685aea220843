"""The ``arbiter`` application object and what every command module shares: the consoles, the
common options, reading a TRF file (or exiting with the reason), writing an output atomically,
JSON output, and the wording of the library's typed errors.

Command modules (``arbiter/cli_*.py``) import this module and register their commands on
:data:`app`; this module imports none of them, so there is no import circle.  :mod:`arbiter.cli`
names the command modules (imported when one of their commands is asked for, see
:class:`ArbiterGroup`) and holds the console-script entry point.

Exit codes are the same for every command (see :mod:`arbiter.exitcodes`).
"""

from __future__ import annotations

import importlib
import os
import re
import sys
from contextlib import contextmanager
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, NoReturn, Optional, Sequence

import typer
import typer.core
from rich.console import Console

# The option parser's exceptions and current context: click's, or the copy of click that typer
# carries from 0.2x on (found through the names typer exports, whichever it is).
_click_errors: Any = importlib.import_module(typer.BadParameter.__module__)
_click_globals: Any = importlib.import_module(
    next(c.__module__ for c in typer.Context.__mro__ if c.__module__.endswith(".core")).rsplit(".", 1)[0] + ".globals")
_NO_ARGS_IS_HELP: Any = getattr(_click_errors, "NoArgsIsHelpError", ())

from arbiter import exitcodes
from arbiter.jsonout import SharedTail, Streamed, emit_json
from arbiter.streams import tolerant_streams as _tolerant_streams
from arbiter.terminal import SafeConsole
from trf.diagnostics import Diagnostic, Severity

if TYPE_CHECKING:
    from trf.bounded import InputTooLarge
    from trf.limits import InputLimit
    from trf.model import Tournament
    from trf.parser import ParseResult

__all__ = [
    "app", "out", "err", "FileArg", "EncodingOpt", "JsonOpt", "TrfFormat", "fail", "emit_json", "read",
    "read_valid", "write_file", "write_or_print", "dump_text", "refuse_overwrite", "diagnostics_of",
    "has_errors", "standard_output", "busy", "version_text", "check_encoding_option", "refuse_non_trf", "Streamed", "SharedTail", "read_text",
    "read_bytes", "too_large",
    "error_object", "RulesOpt", "SystemOpt", "BakuGroupOpt", "BAKU_GROUP_HELP", "cannot_read", "defer_commands",
    "command_summaries", "select_system", "json_requested", "option_given", "format_choice", "refuse_conflicting_outputs",
]


def version_text() -> str:
    """``arbiter X.Y.Z``: the installed distribution's version, else the package's."""
    try:
        from importlib.metadata import PackageNotFoundError, version

        return f"arbiter {version('arbiter')}"
    except PackageNotFoundError:  # pragma: no cover - running from a checkout that is not installed
        from arbiter import __version__

        return f"arbiter {__version__}"


class BakuGroupOpt(str, Enum):
    """``--baku-group``: group A by the rule (C.04.7, 2 x ceil(N/4)) or as bbpPairings' automatic mode."""
    handbook = "handbook"
    engine = "engine"


#: The help of ``--baku-group`` on ``pair`` and ``generate``.
BAKU_GROUP_HELP = ("Group A of Baku acceleration: handbook (the rule: 2 x ceil(N/4) players registered before round 1) "
                   "or engine (bbpPairings' automatic mode: ceil(N/2) of all player records).")


#: The commands registered on first use: name -> a function importing the module that registers
#: it on :data:`app`, in the order of ``arbiter --help``.  :mod:`arbiter.cli` fills it (this
#: module imports no command module), so that a command run imports only its own module.
_DEFERRED: dict[str, Callable[[], object]] = {}


#: One-sentence summaries by command path (``"validate"``, ``"event new"``): what ``arbiter --help``
#: and a group's ``--help`` list beside each command, one line at 80 columns; the command's own
#: ``--help`` keeps its whole description.  :mod:`arbiter.cli` fills it (:func:`command_summaries`).
_SUMMARIES: dict[str, str] = {}


def command_summaries(table: dict[str, str]) -> None:
    """Give commands their one-sentence summaries (click's ``short_help``), by command path."""
    _SUMMARIES.update(table)


def _summarise(command: Any, path: str) -> None:
    """Set the summary of ``command`` and of every command of a group, by their paths."""
    if path in _SUMMARIES:
        command.short_help = _SUMMARIES[path]
    for name, sub in getattr(command, "commands", {}).items():
        _summarise(sub, f"{path} {name}")


def defer_commands(names: Iterable[str], load: Callable[[], object]) -> None:
    """Commands ``names`` are registered on :data:`app` by ``load`` (an import of their module),
    called when one of them is run, or when the help or a completion lists the commands."""
    for name in names:
        _DEFERRED[name] = load


class ArbiterGroup(typer.core.TyperGroup):
    """The command group, run so that the option parser's errors reach the user as one line in
    the toolkit's words (``arbiter show: --round: expected a whole number, got 'x'``), and as a
    JSON object too when ``--json`` was asked for; exit 2 as every usage error.

    Commands given to :func:`defer_commands` are built when first asked for: running
    ``arbiter validate`` imports and builds ``validate``'s module only; listing the commands
    (the help, a completion) and an unknown name (its message suggests the near names) build
    them all."""

    def list_commands(self, ctx: Any) -> list[str]:
        self._load(list(_DEFERRED))
        return list(dict.fromkeys([*_DEFERRED, *self.commands]))

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        if cmd_name not in self.commands:
            self._load([cmd_name] if cmd_name in _DEFERRED else list(_DEFERRED))
        return self.commands.get(cmd_name)

    def _load(self, names: list[str]) -> None:
        """Import the modules registering ``names``, and add the commands they registered."""
        loads = dict.fromkeys(_DEFERRED[n] for n in names if n not in self.commands)
        if not loads:
            return
        for load in loads:
            load()
        for name, command in typer.main.get_group(app).commands.items():
            self.commands.setdefault(name, command)
            _summarise(self.commands[name], name)

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None, complete_var: str | None = None,
             standalone_mode: bool = True, windows_expand_args: bool = True, **extra: Any) -> Any:
        argv = list(sys.argv[1:] if args is None else args)
        try:
            rv = super().main(args=argv, prog_name=prog_name or "arbiter", complete_var=complete_var,
                              standalone_mode=False, windows_expand_args=windows_expand_args, **extra)
        except _NO_ARGS_IS_HELP as exc:
            if exc.format_message().strip():  # typer's rich help is already printed
                exc.show()
            code = exc.exit_code
        except _click_errors.UsageError as exc:
            message = usage_message(exc)
            if "--json" in argv:
                emit_json(error_object(exitcodes.USAGE, message))
            err.print(message, markup=False)
            code = exitcodes.USAGE
        except typer.Abort:
            err.print("arbiter: interrupted", markup=False)
            code = 130
        except _click_errors.ClickException as exc:  # pragma: no cover - click's file errors; no command uses them
            err.print(f"arbiter: {exc.format_message()}", markup=False)
            code = exc.exit_code
        else:
            code = rv if isinstance(rv, int) else 0
        if not standalone_mode:
            return code
        sys.exit(code)


app = typer.Typer(
    name="arbiter",
    cls=ArbiterGroup,
    help="A toolkit for chess arbiters built around FIDE's Tournament Report File (TRF).",
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
)

# Text from files (names, titles, clubs) is printed as it is: no console markup (a name with
# "[ger]" in it kept whole) and no emoji codes (":smile:" stays text); the few styled messages
# ask for markup themselves and escape what they interpolate.  Control characters are shown as
# escapes (:class:`arbiter.terminal.SafeConsole`), in file names and messages too.
out: Console = SafeConsole(highlight=False, soft_wrap=True, markup=False, emoji=False)
err: Console = SafeConsole(stderr=True, highlight=False, soft_wrap=True, markup=False, emoji=False)


def _show_version(value: bool) -> None:
    if value:
        sys.stdout.write(version_text() + "\n")
        raise typer.Exit()


@app.callback()
def common_options(
    width: Optional[int] = typer.Option(
        None, "--width", min=20, metavar="COLUMNS",
        help="Lay tables out for this many columns (default: the terminal's width; written whole to a pipe or file)."),
    version: bool = typer.Option(False, "--version", is_eager=True, callback=_show_version,
                                 help="Print the version and exit."),
) -> None:
    """A toolkit for chess arbiters built around FIDE's Tournament Report File (TRF)."""
    from arbiter import render

    _tolerant_streams()
    render.set_width(width)
    # every invocation sets both consoles (the CLI runs several commands in one process when a
    # library or a test calls it): with --width, prose wraps at that width too; without, the
    # terminal's width again and no wrapping of prose, whatever an earlier command asked
    for console in (out, err):
        console._width = width  # rich's own field: None is "the terminal's"
        console.soft_wrap = width is None


SystemOpt = typer.Option(
    None, "--system", metavar="NAME",
    help="Pairing system (arbiter systems lists them). Default: the one the file names (192/092), else the Dutch system.")
RulesOpt = typer.Option(
    None, "--rules", metavar="EDITION",
    help="Edition of the system's rules (for the Dutch system, C.04.3: 2026, or 2017 in force until 31 January 2026). "
         "Default: the one the file names (192/092), else the one in force on its start date.")


def select_system(t: Tournament, file: Path, system: Optional[str], rules: Optional[str]) -> Any:
    """The system and edition that pair ``t`` (:func:`systems.select`), or exit: 2 for a system or
    an edition that does not exist, 3 for a file naming a system the toolkit does not pair."""
    import systems

    try:
        return systems.select(t, system=system, edition=rules)
    except systems.UnknownSystem as exc:
        fail(exitcodes.USAGE, f"--system {system}: {exc}")
    except systems.UnknownEdition as exc:
        fail(exitcodes.USAGE, f"--rules {rules}: {exc}")
    except systems.UnsupportedSystem as exc:
        fail(exitcodes.INVALID_INPUT, f"{file}: {exc}")


FileArg = typer.Argument(..., help="A TRF file (TRF-16, TRF-2026, with or without XX?/BB? records).", show_default=False)
EncodingOpt = typer.Option(None, "--encoding", help="Text encoding of the file (default UTF-8; e.g. latin-1, cp1252).")
JsonOpt = typer.Option(False, "--json", help="Machine-readable output (stable shape, see docs/json.md).")


class TrfFormat(str, Enum):
    trf16 = "trf16"
    trf26 = "trf26"


# --------------------------------------------------------------------------- usage errors

# Patterns as text: compiled (and cached by ``re``) on the first usage error, not at every start.
_RANGE = r"^(?:(?P<low>-?[\d.]+)(?P<lo_op><=?))?x(?:(?P<hi_op>[<>]=?)(?P<high>-?[\d.]+))?$"


def _range_words(spec: str) -> str:
    """click's ``1<=x<=9999`` / ``x>=1`` in words."""
    m = re.match(_RANGE, spec.replace(" ", ""))
    if not m:
        return spec
    low, high, hi_op = m.group("low"), m.group("high"), m.group("hi_op")
    if low is not None and high is not None:
        return f"from {low} to {high}"
    if high is not None and hi_op in (">=", ">"):
        return f"at least {high}" if hi_op == ">=" else f"more than {high}"
    if high is not None:
        return f"at most {high}" if hi_op == "<=" else f"less than {high}"
    return f"at least {low}" if low is not None else spec


_REWORDED = (
    (r"^'(?P<v>.*)' is not a valid (?:integer|int)(?: range)?\.?$", "expected a whole number, got '{v}'"),
    (r"^'(?P<v>.*)' is not a valid float(?: range)?\.?$", "expected a number, got '{v}'"),
    (r"^'(?P<v>.*)' is not a valid boolean\.?$", "expected yes or no, got '{v}'"),
    (r"^'(?P<v>.*)' is not one of (?P<c>.*)\.$", "expected {c}, got '{v}'"),
    (r"^'(?P<v>.*)' is not (?P<c>'[^']*')\.$", "expected {c}, got '{v}'"),
    (r"^(?P<v>\S+) is not in the range (?P<r>.*)\.$", "{v} is out of range: expected a value {r}"),
)


def _reword(message: str) -> str:
    for pattern, words in _REWORDED:
        m = re.match(pattern, message.strip(), re.S)
        if m:
            found = m.groupdict()
            if "r" in found:
                found["r"] = _range_words(found["r"])
            if "c" in found:
                choices = re.findall(r"'([^']*)'", found["c"]) or [found["c"]]
                found["c"] = " or ".join(choices) if len(choices) <= 2 else ", ".join(choices[:-1]) + " or " + choices[-1]
            return words.format(**found)
    return message.strip().rstrip(".")


def _near_commands(name: str, known: list[str]) -> str:
    """``; did you mean 'pair'?`` (up to three near names, the question the option message asks
    too), or nothing when no command is near ``name``."""
    import difflib

    near = difflib.get_close_matches(name, known, n=3)
    return f"; did you mean {' or '.join(repr(n) for n in near)}?" if near else ""


def usage_message(exc: Any) -> str:
    """One line: the command, the option or argument at fault and what it expects
    (``arbiter show: --round: expected a whole number, got 'x'``)."""
    ctx = exc.ctx
    command = ctx.command_path if ctx is not None else "arbiter"
    where = f"{command}: "
    see = f" (see {command} --help)"
    if isinstance(exc, _click_errors.NoSuchOption):
        near = f"; did you mean {' or '.join(sorted(exc.possibilities)[:3])}?" if exc.possibilities else ""
        return f"{where}unknown option {exc.option_name}{near}{see}"
    if isinstance(exc, _click_errors.MissingParameter):
        param = exc.param
        if getattr(param, "param_type_name", "") == "option":
            name = max(param.opts, key=len)
            choices = getattr(param.type, "choices", None)
            what = f" ({' or '.join(str(c) for c in choices)})" if choices else ""
            return f"{where}{name}{what} is required{see}"
        name = (param.human_readable_name if param is not None else "an argument").upper()
        return f"{where}missing {name}{see}"
    if isinstance(exc, _click_errors.BadParameter):
        param = exc.param
        if getattr(param, "param_type_name", "") == "option":
            hint = max(param.opts, key=len)
        elif param is not None:
            hint = param.human_readable_name.upper()
        else:
            hint = exc.param_hint if isinstance(exc.param_hint, str) else "value"
        return f"{where}{hint}: {_reword(exc.message)}"
    text = exc.format_message().strip().rstrip(".")
    m = re.match(r"""No such command ('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")""", text)
    if m:
        import ast

        name = str(ast.literal_eval(m.group(1)))  # the parser quotes it as Python would
        known = sorted(ctx.command.list_commands(ctx)) if ctx is not None and hasattr(ctx.command, "list_commands") else []
        return f"{where}unknown command '{name}'{_near_commands(name, known)}" + (
            f" (commands: {', '.join(known)})" if known else "")
    m = re.match(r"Got unexpected extra argument(?:s|\(s\))? \((.*)\)", text)
    if m:
        return f"{where}unexpected argument {m.group(1)}{see}"
    return f"{where}{text[0].lower() + text[1:] if text else 'usage error'}{see}"


# --------------------------------------------------------------------------- failing, JSON


def _json_requested() -> bool:
    """Whether the command running was asked for JSON (``--json``, or ``--format json``)."""
    ctx = _click_globals.get_current_context(silent=True)
    while ctx is not None:
        params = ctx.params
        if params.get("json_out") is True:
            return True
        fmt = params.get("fmt")
        if fmt is not None and getattr(fmt, "value", fmt) == "json":
            return True
        ctx = ctx.parent
    return False


#: Public name of :func:`_json_requested`, for the command modules.
json_requested = _json_requested


def option_given(param: str) -> bool:
    """Whether the running command's parameter ``param`` (its Python name, ``fmt``) was given by
    the user, rather than left at its default."""
    ctx = _click_globals.get_current_context(silent=True)
    source = ctx.get_parameter_source(param) if ctx is not None else None
    return source is not None and source.name in ("COMMANDLINE", "ENVIRONMENT", "PROMPT")


def format_choice(value: Any, param: str = "fmt", flag: str = "--format") -> tuple[str, Optional[str]]:
    """``("--format bbp", "bbp")`` for :func:`refuse_conflicting_outputs` when ``--format`` was
    given, ``("--format table", None)`` when it was left at its default."""
    chosen = str(getattr(value, "value", value))
    return f"{flag} {chosen}", chosen if option_given(param) else None


def refuse_conflicting_outputs(*choices: tuple[str, Optional[str]]) -> None:
    """Exit 2 when options given choose different outputs (``--json --format bbp``, ``--json
    --csv``): one of them would be silently ignored.  ``choices``: each option as the user wrote
    it and the output it chooses (``None``: not given); one output asked for twice (``--json
    --format json``) is no conflict."""
    given = [(flag, what) for flag, what in choices if what is not None]
    if len({what for _, what in given}) > 1:
        flags = [flag for flag, _ in given]
        names = " and ".join(flags) if len(flags) == 2 else ", ".join(flags[:-1]) + " and " + flags[-1]
        fail(exitcodes.USAGE, f"{names} conflict: each chooses what is printed; give one of them")


def error_object(code: int, message: str, diagnostics: Optional[list[Diagnostic]] = None,
                 file: Optional[str] = None) -> dict[str, Any]:
    """What a ``--json`` command prints when it fails: ``{"error", "exit_code", "meaning",
    "file", "diagnostics"}``."""
    return {
        "error": message,
        "exit_code": code,
        "meaning": exitcodes.MEANING.get(code, "error"),
        "file": file,
        "diagnostics": [d.as_dict() for d in diagnostics or []],
    }


def fail(code: int, message: str, diagnostics: Optional[list[Diagnostic]] = None, file: Optional[Path] = None) -> NoReturn:
    """Print ``arbiter: message`` on standard error and exit with ``code``; a ``--json`` command
    also prints the error as a JSON object (:func:`error_object`) on standard output."""
    if _json_requested():
        emit_json(error_object(code, message, diagnostics, str(file) if file is not None else None))
    err.print(f"arbiter: {message}", markup=False)
    raise typer.Exit(code)


# --------------------------------------------------------------------------- reading


@contextmanager
def busy(message: str, total: Optional[int] = None) -> Iterator[Callable[[int], None]]:
    """A progress bar on standard error while the block runs (a spinner without ``total``),
    silent when standard error is not a terminal; yields ``advance(n)``."""
    if not err.is_terminal:
        yield lambda _n: None
        return
    from rich.progress import BarColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    from trf.text import visible

    with Progress(SpinnerColumn(), TextColumn("{task.description}", markup=False), BarColumn(), TimeElapsedColumn(),
                  console=err, transient=True) as bar:
        task = bar.add_task(visible(message), total=total)  # a file name: shown as written, escaped
        yield lambda n: bar.update(task, advance=n)


#: Files this large get a progress spinner while they are read (about a second's work).
BIG_FILE = 2_000_000


def check_encoding_option(encoding: Optional[str]) -> None:
    """Exit 2 naming the encoding when ``--encoding`` cannot decode text at all."""
    if encoding:
        from trf.parser import UnusableEncoding, check_encoding

        try:
            check_encoding(encoding)
        except UnusableEncoding as exc:
            fail(exitcodes.USAGE, f"--encoding {encoding}: {exc.reason}")


def read(path: Path, encoding: Optional[str]) -> ParseResult:
    """Read a TRF file or exit: 5 when it cannot be read, 3 when it is larger than any TRF file
    can be (:data:`trf.limits.TRF_FILE`; not read past that), 2 for an encoding that cannot
    decode it."""
    from trf.bounded import InputTooLarge
    from trf.parser import UnusableEncoding, parse_file

    check_encoding_option(encoding)
    try:
        size = path.stat().st_size if path.is_file() else 0
        if size >= BIG_FILE:
            with busy(f"reading {path} ({size / 1e6:.0f} MB)"):
                return parse_file(path, encoding=encoding)
        return parse_file(path, encoding=encoding)
    except UnusableEncoding as exc:
        fail(exitcodes.USAGE, f"--encoding {encoding}: cannot decode {path} with this codec: {exc.reason}")
    except InputTooLarge as exc:
        too_large(exc, path)
    except OSError as exc:
        cannot_read(path, exc)


def too_large(exc: InputTooLarge, path: Path) -> NoReturn:
    """Exit 3 for a file larger than its purpose can need (:class:`trf.bounded.InputTooLarge`),
    saying its limit and what the file was taken for."""
    fail(exitcodes.INVALID_INPUT, str(exc), file=path)


def read_bytes(path: Path, limit: Optional[InputLimit] = None) -> bytes:
    """The bytes of an input file, read no further than ``limit`` allows (default: a TRF
    file's, :data:`trf.limits.TRF_FILE`, the largest of the toolkit's inputs), or exit: 5 when
    it cannot be read, 3 when it is larger than ``limit`` (:func:`too_large`)."""
    from trf.bounded import InputTooLarge, read_bounded
    from trf.limits import TRF_FILE

    try:
        return read_bounded(path, limit or TRF_FILE)
    except InputTooLarge as exc:
        too_large(exc, path)
    except OSError as exc:
        cannot_read(path, exc)


def cannot_read(path: Path, exc: OSError) -> NoReturn:
    """Exit 5 for an input that cannot be read, saying why in words (a directory, no such file, or
    the system's reason)."""
    if isinstance(exc, IsADirectoryError):
        fail(exitcodes.FILE_ERROR, f"cannot read {path}: it is a directory")
    if isinstance(exc, FileNotFoundError):
        fail(exitcodes.FILE_ERROR, f"cannot read {path}: no such file")
    fail(exitcodes.FILE_ERROR, f"cannot read {path}: {exc.strerror or exc}")


def refuse_non_trf(result: ParseResult, path: Path) -> None:
    """Exit 3 when the file is not TRF at all (empty, binary, a PGN ...): there is nothing to show."""
    from arbiter import render

    wrong = [d for d in result.diagnostics if d.code == "not-trf"]
    if wrong:
        if not _json_requested():
            render.diagnostics(err, wrong, str(path))
        fail(exitcodes.INVALID_INPUT, f"{path} is not a TRF file", wrong, path)


def read_text(path: Path, encoding: Optional[str], what: str = "file", limit: Optional[InputLimit] = None) -> str:
    """A text input that is not TRF (a CSV of entrants, K factors, results): UTF-8, a byte-order
    mark (Excel's UTF-8 one, UTF-16) honoured, or ``--encoding``; invalid UTF-8 read as cp1252
    with a warning, as TRF files are.  Read no further than ``limit`` (:func:`read_bytes`: the
    limits of :mod:`trf.limits`, e.g. ``ENTRANTS``).  Exit 5 when it cannot be read, 2 for an
    encoding that cannot decode it, 3 for a file larger than ``limit`` and for bytes the
    encoding asked for rejects."""
    from arbiter import render
    from trf.parser import UnusableEncoding, decode

    check_encoding_option(encoding)
    data = read_bytes(path, limit)
    try:
        text, _used, problems = decode(data, encoding)
    except UnusableEncoding as exc:
        fail(exitcodes.USAGE, f"--encoding {encoding}: cannot decode {path} with this codec: {exc.reason}")
    errors = [d for d in problems if d.severity is Severity.ERROR]
    if errors:
        fail(exitcodes.INVALID_INPUT, f"{errors[0].format(str(path))}; give --encoding for this {what}", errors, path)
    if problems:
        render.diagnostics(err, problems, str(path))
    return text.removeprefix("\ufeff")


def read_valid(path: Path, encoding: Optional[str], consequence: str) -> ParseResult:
    """Read a file and exit 3 listing its errors when it has any (``consequence``: what the
    user is told, e.g. "fix them before pairing"), or when it has no player at all; exit 2 when
    the command's ``--rounds`` does not fit the file (:func:`_check_rounds_option`)."""
    from arbiter import render

    result = read(path, encoding)
    errors = [d for d in result.diagnostics if d.severity is Severity.ERROR]
    if errors:
        if not _json_requested():
            render.diagnostics(err, errors, str(path))
        fail(exitcodes.INVALID_INPUT, f"{path} has {len(errors)} error(s); {consequence}", errors, path)
    if not result.tournament.players:
        fail(exitcodes.INVALID_INPUT, f"{path} has no player record (no '001' line); {consequence}", [], path)
    _check_rounds_option(result.tournament)
    return result


def _check_rounds_option(t: Tournament) -> None:
    """Every command that takes ``--rounds`` (the number of rounds when the file does not say):
    at most 99 (TRF's bound), not another number than the file's ``XXR``/``142``, and not fewer
    than the rounds already paired (unless ``--round`` asks for an earlier round: then the
    command's own refusals apply, as ``pair``'s past-the-last-round)."""
    from trf.limits import MAX_ROUNDS

    ctx = _click_globals.get_current_context(silent=True)
    rounds = ctx.params.get("rounds") if ctx is not None else None
    if not isinstance(rounds, int) or isinstance(rounds, bool):
        return
    if rounds > MAX_ROUNDS:
        fail(exitcodes.USAGE, f"--rounds {rounds}: TRF allows {MAX_ROUNDS} rounds")
    declared = t.total_rounds
    if declared is not None and declared != rounds:
        fail(exitcodes.USAGE, f"--rounds {rounds}: the file says the event has {declared} rounds (XXR/142); "
                              "--rounds is for a file that does not say")
    if ctx.params.get("round_") is None and rounds < t.rounds_paired:
        fail(exitcodes.USAGE, f"--rounds {rounds}: the file already has {t.rounds_paired} rounds paired")


def diagnostics_of(result: ParseResult, strict: bool) -> list[Diagnostic]:
    """The file's diagnostics, warnings promoted to errors under ``--strict``."""
    diags = list(result.diagnostics)
    return [d.promoted() for d in diags] if strict else diags


def has_errors(diags: list[Diagnostic]) -> bool:
    return any(d.severity is Severity.ERROR for d in diags)


# --------------------------------------------------------------------------- writing


def standard_output(output: Optional[Path]) -> Optional[Path]:
    """``None`` (standard output) for ``-o -``, else ``output``: every command reads ``-`` so."""
    return None if output is not None and str(output) == "-" else output


def _same_file(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.abspath(a) == os.path.abspath(b)


def refuse_overwrite(output: Optional[Path], *sources: Optional[Path]) -> None:
    """Exit 2 when ``output`` is one of the command's input files (the same file by any name:
    a link, a path through another folder): no command writes over its input."""
    output = standard_output(output)
    if output is None:
        return
    for source in sources:
        if source is not None and str(source) != "-" and _same_file(output, source):
            fail(exitcodes.USAGE, f"refusing to overwrite the input file {source}; choose another output")


def write_file(output: Path, text: str) -> None:
    """Write ``text`` to ``output`` atomically (UTF-8), or exit 5 with the reason; ``-`` is
    standard output.  A link is followed, a FIFO or a device written through
    (:func:`trf.writer.write_atomic`)."""
    from trf.writer import write_atomic

    if standard_output(output) is None:
        sys.stdout.write(text)
        return
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


def write_or_print(text: str, output: Optional[Path], *sources: Optional[Path]) -> None:
    """Standard output (no ``output``, or ``-``), or ``output`` written atomically; never over
    one of the ``sources``."""
    output = standard_output(output)
    if output is None:
        sys.stdout.write(text)
        return
    refuse_overwrite(output, *sources)
    write_file(output, text)
