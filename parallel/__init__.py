"""Running many independent jobs: in this process, on a pool of processes of this machine, or on
a Dask cluster.

The generator, the checker and the conformance harness each run thousands of independent jobs
(one tournament, one file).  They take any :class:`concurrent.futures.Executor` and
:func:`ordered_map` feeds it, a bounded window of jobs at a time, yielding the results in the
order of the jobs (so a run's report is the same however many workers made it).
:func:`executor` makes the executor a command asks for: ``None`` (in this process), a
:class:`~concurrent.futures.ProcessPoolExecutor` of ``jobs`` processes, or the executor of a
`Dask distributed <https://distributed.dask.org>`_ client connected to a scheduler (the optional
``dask`` extra: ``pip install 'arbiter[dask]'``).  Nothing here knows about chess.

Jobs must be module-level functions of picklable arguments (a Dask cluster's workers import
them from the installed package).
"""

from __future__ import annotations

import contextlib
import importlib
from collections import deque
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from typing import Any, Callable, Iterable, Iterator, TypeVar

__all__ = ["ordered_map", "executor", "DaskMissing", "SchedulerUnreachable"]

R = TypeVar("R")


class DaskMissing(RuntimeError):
    """A scheduler address was given but Dask distributed is not installed."""

    def __init__(self) -> None:
        super().__init__("running on a Dask cluster needs the dask extra (pip install 'arbiter[dask]'): "
                         "the distributed package is not installed")


class SchedulerUnreachable(RuntimeError):
    """No Dask scheduler answered at ``address`` (``reason``: what the client said)."""

    def __init__(self, address: str, reason: str) -> None:
        super().__init__(f"cannot reach the Dask scheduler at {address}: {reason}")
        self.address = address
        self.reason = reason


def ordered_map(fn: Callable[..., R], jobs: Iterable[tuple[Any, ...]], executor: Executor | None = None,
                window: int = 64) -> Iterator[R]:
    """``fn(*job)`` for every job, in the jobs' order.  Without an executor, one after the other
    in this process; with one, at most ``window`` jobs submitted ahead of the one awaited."""
    if executor is None:
        for job in jobs:
            yield fn(*job)
        return
    pending: deque[Future[R]] = deque()
    it = iter(jobs)
    try:
        for job in it:
            pending.append(executor.submit(fn, *job))
            if len(pending) >= max(1, window):
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()
    finally:
        for f in pending:
            f.cancel()


@contextlib.contextmanager
def executor(jobs: int = 1, scheduler: str | None = None, connect_timeout: float = 10.0) -> Iterator[Executor | None]:
    """The executor for ``jobs`` processes of this machine (``None`` for one: this process), or
    for the Dask scheduler at ``scheduler`` (``tcp://host:8786``; then ``jobs`` is ignored: the
    cluster has its workers; ``connect_timeout``: seconds to wait for it).  Raises :class:`DaskMissing` and :class:`SchedulerUnreachable`."""
    if scheduler is not None:
        try:  # imported by name: an optional dependency, untyped
            distributed: Any = importlib.import_module("distributed")
        except ImportError:
            raise DaskMissing() from None
        try:
            client = distributed.Client(scheduler, timeout=connect_timeout, set_as_default=False)
        except (OSError, TimeoutError) as exc:
            raise SchedulerUnreachable(scheduler, str(exc) or type(exc).__name__) from None
        try:
            yield client.get_executor(pure=False)
        finally:
            client.close()
        return
    if jobs <= 1:
        yield None
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield pool
