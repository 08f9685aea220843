"""The ``arbiter`` command line: the console-script entry point.

Thin by design: every rule lives in the library packages.  The application object and what the
commands share are in :mod:`arbiter.app`; each family of commands has its own module, which
registers its commands on the app when it is imported:

* :mod:`arbiter.cli_files` - ``validate``, ``show``, ``convert``;
* :mod:`arbiter.cli_pair` - ``pair``;
* :mod:`arbiter.cli_generate` - ``generate``;
* :mod:`arbiter.cli_check` - ``check``;
* :mod:`arbiter.cli_standings` - ``standings``;
* :mod:`arbiter.cli_ratings` - ``ratings``, ``report``;
* :mod:`arbiter.cli_roundrobin` - ``roundrobin``;
* :mod:`arbiter.cli_publish` - ``publish``;
* :mod:`arbiter.cli_conformance` - ``conformance``;
* :mod:`arbiter.cli_systems` - ``systems`` (the pairing systems and their rules);
* :mod:`arbiter.cli_rotation` - ``rotation ...``;
* :mod:`arbiter.cli_event` - ``event ...`` (running a tournament in its file).

A command module is imported only when one of its commands runs (or when the help lists them
all, :class:`arbiter.app.ArbiterGroup`), and command modules import their library packages
inside the commands, so starting the program costs only what the command run needs.
"""

from __future__ import annotations

import gc
import sys

from arbiter import exitcodes
from arbiter.app import app, defer_commands, err


def _files() -> None:
    from arbiter import cli_files  # noqa: F401


def _pair() -> None:
    from arbiter import cli_pair  # noqa: F401


def _generate() -> None:
    from arbiter import cli_generate  # noqa: F401


def _check() -> None:
    from arbiter import cli_check  # noqa: F401


def _standings() -> None:
    from arbiter import cli_standings  # noqa: F401


def _ratings() -> None:
    from arbiter import cli_ratings  # noqa: F401


def _roundrobin() -> None:
    from arbiter import cli_roundrobin  # noqa: F401


def _publish() -> None:
    from arbiter import cli_publish  # noqa: F401


def _conformance() -> None:
    from arbiter import cli_conformance  # noqa: F401


def _crosscheck() -> None:
    from arbiter import cli_crosscheck  # noqa: F401


def _systems() -> None:
    from arbiter import cli_systems  # noqa: F401


def _rotation() -> None:
    from arbiter import cli_rotation  # noqa: F401


def _event() -> None:
    from arbiter import cli_event  # noqa: F401


# The order of ``arbiter --help``: the commands, then the groups of commands.
defer_commands(["validate", "show", "convert"], _files)
defer_commands(["pair"], _pair)
defer_commands(["generate"], _generate)
defer_commands(["check"], _check)
defer_commands(["standings"], _standings)
defer_commands(["ratings", "report"], _ratings)
defer_commands(["roundrobin"], _roundrobin)
defer_commands(["publish"], _publish)
defer_commands(["conformance"], _conformance)
defer_commands(["crosscheck"], _crosscheck)
defer_commands(["systems"], _systems)
defer_commands(["rotation"], _rotation)
defer_commands(["event"], _event)

__all__ = ["app", "main"]


def main() -> None:
    """Console-script entry point: no Python traceback ever reaches the user."""
    try:
        app()
    except SystemExit:
        raise
    except KeyboardInterrupt:
        err.print("arbiter: interrupted", markup=False)
        sys.exit(130)
    except Exception as exc:  # pragma: no cover - last line of defence
        err.print(f"arbiter: internal error: {type(exc).__name__}: {exc} (please report this)", markup=False)
        sys.exit(exitcodes.INTERNAL)
    finally:
        # The program ends here: what it built is moved out of the cyclic collector's sight, so
        # the interpreter's shutdown does not traverse every object again (about 0.05 s, a
        # sixth of a small command; reference counting still frees and finalizes everything,
        # and atexit handlers run as usual).
        gc.freeze()


if __name__ == "__main__":  # pragma: no cover
    main()
