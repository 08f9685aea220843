"""The ``--jobs`` and ``--scheduler`` options shared by the commands that run many independent jobs
(``generate --count``, ``check DIR``, ``conformance``), and the executor they ask for
(:func:`parallel.executor`), its errors worded for the command line."""

from __future__ import annotations

import contextlib
import os
from typing import TYPE_CHECKING, Iterator, Optional

import typer

from arbiter import exitcodes
from arbiter.app import fail

if TYPE_CHECKING:
    from concurrent.futures import Executor

__all__ = ["JobsOpt", "SchedulerOpt", "workers"]

JobsOpt = typer.Option(1, "--jobs", "-j", min=0,
                       help="Worker processes on this machine (0: one per core; default 1: this process).")
SchedulerOpt = typer.Option(None, "--scheduler", metavar="ADDRESS",
                            help="Run on the Dask cluster whose scheduler is at ADDRESS (e.g. tcp://10.0.0.5:8786; "
                                 "needs the dask extra). --jobs is then ignored.")


@contextlib.contextmanager
def workers(jobs: int, scheduler: Optional[str]) -> Iterator[Executor | None]:
    """:func:`parallel.executor` for the options, or exit 2 naming what is missing."""
    from parallel import DaskMissing, SchedulerUnreachable, executor

    count = (os.cpu_count() or 1) if jobs == 0 else jobs
    try:
        manager = executor(count, scheduler)
        ex = manager.__enter__()
    except (DaskMissing, SchedulerUnreachable) as exc:
        fail(exitcodes.USAGE, f"--scheduler: {exc}")
    try:
        yield ex
    except BaseException as exc:
        if not manager.__exit__(type(exc), exc, exc.__traceback__):
            raise
    else:
        manager.__exit__(None, None, None)
