"""The ``arbiter`` command line: the console-script entry point.

Thin by design: every rule lives in the library packages.  The application object and what the
commands share are in :mod:`arbiter.app`; each family of commands has its own module, imported
here so that its commands register on the app:

* :mod:`arbiter.cli_files` - ``validate``, ``show``, ``convert``;
* :mod:`arbiter.cli_pair` - ``pair``, ``generate``;
* :mod:`arbiter.cli_check` - ``check``;
* :mod:`arbiter.cli_standings` - ``standings``;
* :mod:`arbiter.cli_ratings` - ``report``, ``ratings``;
* :mod:`arbiter.cli_roundrobin` - ``roundrobin``;
* :mod:`arbiter.cli_rotation` - ``rotation ...``;
* :mod:`arbiter.cli_event` - ``event ...`` (running a tournament in its file).

Command modules import their library packages inside the commands, so starting the program
costs only what the command run needs.
"""

from __future__ import annotations

import sys

# Registration order is the order of ``arbiter --help``.
from arbiter import cli_files, cli_pair, cli_check, cli_standings  # noqa: F401,I001
from arbiter import cli_ratings, cli_rotation, cli_roundrobin  # noqa: F401
from arbiter import cli_event  # noqa: F401
from arbiter import cli_publish  # noqa: F401
from arbiter import cli_conformance  # noqa: F401
from arbiter import exitcodes
from arbiter.app import app, err

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


if __name__ == "__main__":  # pragma: no cover
    main()
