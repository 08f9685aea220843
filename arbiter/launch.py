"""The ``arbiter`` program's entry point (the console script and ``python -m arbiter``).

One command line is served here without the command-line framework: ``arbiter pair FILE
--format bbp`` (optionally ``-o/--output OUT``, ``--rules EDITION``, ``--system NAME``), the
engines' ``-p`` format that other pairing programs and tournament managers call a pairing
engine with, once per round.  Importing typer and rich costs more CPU than reading and pairing a
300-player round (docs/performance.md), and a C++ engine such a caller might use instead starts
in a few milliseconds; so that call reads, pairs and prints with the library alone.

It is the same command, not a second one: every step is the one :func:`arbiter.cli_pair.pair`
takes (the registry's system and edition, its ``next_round``, :func:`pairing.output.bbp_text`,
the atomic write), and whenever anything is not plain - an option it does not take, a file with
an error or without players, a refusal, a file it cannot read or write, any exception - it
writes nothing and hands the whole command line to the full program (:mod:`arbiter.cli`), which
does it again and says what it says for it.  So what it prints is what the full program prints,
on every command line it serves (tests/arbiter/test_launch.py compares them).
"""

from __future__ import annotations

import gc
import os
import sys
TYPE_CHECKING = False  # typing's own flag, without loading typing (start-up: arbiter.launch)

from arbiter.streams import tolerant_streams

if TYPE_CHECKING:
    from typing import Optional, Sequence

#: The options taken here (each with one value), by every spelling the full program accepts.
_VALUED = {"-o": "output", "--output": "output", "--rules": "rules", "--system": "system", "--format": "format"}


def _plain_pair(argv: Sequence[str]) -> Optional[dict[str, str]]:
    """The arguments of ``pair FILE --format bbp [-o OUT] [--rules E] [--system S]`` in any order
    (``--opt=value`` too), or ``None`` for any other command line."""
    if len(argv) < 2 or argv[0] != "pair":
        return None
    got: dict[str, str] = {}
    args = list(argv[1:])
    while args:
        word = args.pop(0)
        name, eq, value = word.partition("=")
        if name in _VALUED and (eq and name.startswith("--") or not eq):
            if not eq:
                if not args:
                    return None
                value = args.pop(0)
            key = _VALUED[name]
            if key in got or not value or value.startswith("-"):
                return None
            got[key] = value
        elif word.startswith("-") or "file" in got or not word:
            return None
        else:
            got["file"] = word
    if got.get("format") != "bbp" or "file" not in got:
        return None
    return got


def quick(argv: Sequence[str]) -> Optional[int]:
    """Serve ``argv`` (the arguments after the program's name) when it is a plain ``pair ...
    --format bbp`` and everything goes as planned: the pairing written, exit status 0.  ``None``
    (nothing written) otherwise: the full program is to run the command line."""
    if any(k.startswith("_ARBITER_COMPLETE") for k in os.environ):
        return None  # shell completion: the framework's
    got = _plain_pair(argv)
    if got is None:
        return None
    gc.disable()  # the modules and the file are kept to the end: no collection finds garbage among them
    try:
        text = _pair(got)
    except Exception:  # noqa: BLE001 - the full program runs the command and reports whatever it is
        return None
    finally:
        gc.enable()
    if text is None:
        return None
    tolerant_streams()
    sys.stdout.write(text)  # standard output (a file was written by _pair): nothing can be taken back now
    return 0


#: The size from which the full program shows a spinner while it reads (``arbiter.app.BIG_FILE``).
_BIG_FILE = 2_000_000


def _pair(got: dict[str, str]) -> Optional[str]:
    """``arbiter pair``'s steps for the bbp format (:func:`arbiter.cli_pair.pair`): the text for
    standard output (empty when ``-o`` named a file, written here), or ``None`` at the first step
    that is not plain."""
    from arbiter.compiled import compiled_methods, import_dataclasses

    import_dataclasses()  # before the library's first dataclass: inspect and copy deferred
    from trf.cache import cache_folder

    with compiled_methods(cache_folder()):  # the classes of the modules loaded, as compiled before
        return _pair_steps(got)


def _pair_steps(got: dict[str, str]) -> Optional[str]:
    """:func:`_pair`'s steps, the modules loaded as they are needed."""
    import systems
    from pairing.output import bbp_text
    from trf.diagnostics import Severity
    from trf.parser import parse_file
    from trf.system import require_individual

    file = got["file"]  # names, not pathlib's paths: pathlib is not loaded for this
    if not os.path.isfile(file) or os.stat(file).st_size >= _BIG_FILE:
        return None
    output = got.get("output")
    target = None if output is None or output == "-" else output
    if target is not None and (os.path.exists(target) and os.path.samefile(target, file)
                               or os.path.abspath(target) == os.path.abspath(file)):
        return None  # the full program refuses to overwrite the input
    result = parse_file(file)
    gc.freeze()  # what is loaded and read lives to the end: the pairing's collections pass it over
    gc.enable()
    t = result.tournament
    if any(d.severity is Severity.ERROR for d in result.diagnostics) or not t.players:
        return None
    sel = systems.select(t, system=got.get("system"), edition=got.get("rules"))
    if not sel.system.team_events:
        require_individual(t, f"{sel.system.words} pairs no team events")
    nxt = sel.system.next_round(t, sel, systems.PairRequest(None, None, None, None, "handbook"))
    text = bbp_text(nxt.pairing)
    if target is None:
        return text
    from trf.writer import write_atomic

    write_atomic(target, text.encode("utf-8"))  # atomic: on failure nothing is written
    return ""


def main() -> None:
    """Console-script entry point: a plain ``pair --format bbp`` here, everything else (and that
    too when anything is not plain) by the full program, :func:`arbiter.cli.main`."""
    try:
        code = quick(sys.argv[1:])
    except KeyboardInterrupt:  # as the full program says it (arbiter.cli.main)
        sys.stderr.write("arbiter: interrupted\n")
        sys.exit(130)
    except Exception as exc:  # pragma: no cover - writing the pairing failed (a closed pipe): as arbiter.cli.main
        from arbiter import exitcodes

        sys.stderr.write(f"arbiter: internal error: {type(exc).__name__}: {exc} (please report this)\n")
        sys.exit(exitcodes.INTERNAL)
    if code is not None:
        gc.freeze()  # as arbiter.cli.main: the interpreter's shutdown spared a traversal
        sys.exit(code)
    from arbiter.cli import main as full

    full()
