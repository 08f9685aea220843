"""Running many jobs: results in the jobs' order whatever runs them, the executors the options ask
for, and a real Dask cluster (a local one of two worker processes) running the generator and the
checker with the same results as this process."""

from __future__ import annotations

import importlib.util
import sys
import time
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path

import pytest

from parallel import DaskMissing, SchedulerUnreachable, executor, ordered_map

HAS_DASK = importlib.util.find_spec("distributed") is not None
NO_DASK = "the dask extra is not installed (pip install '.[dask]'): distributed is missing"


def slow_square(x: int) -> int:
    time.sleep(0.01 * (5 - x % 5))  # later jobs finish first
    return x * x


@pytest.mark.fast
def test_results_come_in_the_jobs_order() -> None:
    jobs = [(i,) for i in range(20)]
    expected = [i * i for i in range(20)]
    assert list(ordered_map(slow_square, jobs)) == expected
    with ThreadPoolExecutor(4) as pool:
        assert list(ordered_map(slow_square, iter(jobs), pool, window=3)) == expected
    with ProcessPoolExecutor(2) as pool:
        assert list(ordered_map(slow_square, jobs, pool, window=1)) == expected


@pytest.mark.fast
def test_the_executor_the_options_ask_for(monkeypatch: pytest.MonkeyPatch) -> None:
    with executor(1) as ex:
        assert ex is None
    with executor(2) as ex:
        assert isinstance(ex, ProcessPoolExecutor)
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if the extra were not installed
    with pytest.raises(DaskMissing, match="pip install 'arbiter\\[dask\\]'"):
        with executor(scheduler="tcp://127.0.0.1:8786"):
            pass


@pytest.mark.skipif(not HAS_DASK, reason=NO_DASK)
def test_an_unreachable_scheduler_is_named() -> None:
    with pytest.raises(SchedulerUnreachable, match="127.0.0.1:9"):
        with executor(scheduler="tcp://127.0.0.1:9", connect_timeout=1):
            pass


@pytest.mark.skipif(not HAS_DASK, reason=NO_DASK)
def test_a_local_dask_cluster_of_two_workers_runs_the_generator_and_the_checker(tmp_path: Path) -> None:
    from distributed import LocalCluster

    from verify.batch import check_files
    from verify.generate import GeneratorSettings, generate_many

    template = GeneratorSettings(players=8, rounds=3, unusual_rate=0.05, late_entries=1, tiebreaks="BH/C1,SB")
    here = list(generate_many(template, 8, 5, players=(7, 10)))
    for g in here:
        (tmp_path / f"rtg-{g.index:05d}.trf").write_text(g.text or "", encoding="utf-8")
    checked_here = [o.as_dict() for o in check_files([tmp_path])]
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        with executor(scheduler=cluster.scheduler_address) as ex:
            assert ex is not None
            there = list(generate_many(template, 8, 5, players=(7, 10), executor=ex, window=3))
            checked_there = [o.as_dict() for o in check_files([tmp_path], executor=ex, window=3)]
            assert len(cluster.workers) == 2
    assert there == here
    assert checked_there == checked_here
    assert all(o["ok"] for o in checked_here)
