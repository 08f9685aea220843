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
from arbiter.app import app, command_summaries, defer_commands, err


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

# What the help lists beside each command: one sentence, one line at 80 columns (each command's
# own --help keeps its whole description).
command_summaries({
    "validate": "Check a TRF file's layout, games, points and byes.",
    "show": "Print the cross-table, or a team event's teams and matches.",
    "convert": "Rewrite a file as TRF-16 or TRF-2026.",
    "pair": "Pair the next round by the file's pairing system.",
    "generate": "Generate random tournaments, paired round by round.",
    "check": "Check a file's pairings and standings against the rules.",
    "standings": "Compute the standings with FIDE tie-breaks (C.07).",
    "ratings": "Compute the rating changes (FIDE B.02).",
    "report": "Check that a file is fit to be rated; write a clean one.",
    "roundrobin": "Pair a round robin by the FIDE Berger tables.",
    "publish": "Write the tournament as a static web site.",
    "conformance": "Test another pairing program against our engine.",
    "crosscheck": "Run FIDE's cross-check with another pairing program.",
    "systems": "List the pairing systems and the rules of each.",
    "rotation": "Pair casual club-night games over several boards.",
    "event": "Run a tournament in its TRF file, round by round.",
    "event new": "Create an event file, individual or team.",
    "event register": "Register players, or teams with their players.",
    "event pair": "Pair the next round into the file.",
    "event undo": "Take back the last round's pairing.",
    "event result": "Enter results by board, by player or from a CSV.",
    "event forfeit": "Forfeit a whole match of a team event, or take it back.",
    "event lineup": "Set a team's line-up for a round paired.",
    "event boards": "List a round's boards with their results.",
    "event withdraw": "Withdraw a player, or a team, from a round on.",
    "event bye": "Grant a requested bye, or cancel one.",
    "event forbid": "Forbid pairings between players (260).",
    "event manual": "Pair the next round by hand.",
    "event fide-mode": "Show the event's mode, or leave FIDE mode for good.",
    "event rounds": "Change the number of rounds.",
    "event tiebreaks": "Change the tie-break list.",
    "event scoring": "Change the scoring and the PAB value.",
    "event correct": "Correct a player's data.",
    "event log": "List the event's ### lines in file order.",
    "event status": "Show where the event stands and what comes next.",
    "rotation new": "Create a session file.",
    "rotation arrive": "Add a player who arrives to the shared queue.",
    "rotation pause": "Pause a player, who keeps their history.",
    "rotation resume": "Put a paused player back in the queue.",
    "rotation leave": "Let a player leave; their games still count.",
    "rotation next": "Start games on every free table (or on --table).",
    "rotation finish": "End a game; the table mode decides what starts.",
    "rotation set": "Set the game on a table by hand.",
    "rotation why": "Say why this game: waits, sit-outs and teams.",
    "rotation publish": "Write the session as a web page for the players.",
    "rotation serve": "Serve the live page of the session, updated as it changes.",
    "rotation status": "Show the tables, the queue and every player's games.",
    "rotation simulate": "Simulate an evening and print its fairness figures.",
})

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
