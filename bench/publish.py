"""Time ``arbiter publish`` on a tournament file: a cold publication (every round checked and
explained) and the usual one after a round (the site published after round R-1 is there, so only
round R is checked), with one process per core.

    python bench/publish.py FILE [--jobs N]

Prints wall-clock seconds and the CPU seconds of this process and its workers.  Example:
``arbiter generate --players 300 --rounds 11 --seed 3 -o g300.trf`` then
``python bench/publish.py g300.trf``.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repository before bench/ (bench/ratings.py)

from arbiter.publish import SiteOptions, build_pages, read_stored, write_site  # noqa: E402
from trf import parse_file  # noqa: E402
from trf.edit import cut_to_round  # noqa: E402


def cpu() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def publish(t: object, raw: bytes, name: str, site: Path, jobs: int, reuse: bool) -> tuple[float, float]:
    w0, c0 = time.perf_counter(), cpu()
    stored = read_stored(site) if reuse else None
    pages = build_pages(t, raw, name, SiteOptions(jobs=jobs, stored=stored))  # type: ignore[arg-type]
    write_site(site, pages)
    return time.perf_counter() - w0, cpu() - c0


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("file", type=Path)
    ap.add_argument("--jobs", type=int, default=len(os.sched_getaffinity(0)))
    args = ap.parse_args()
    w0 = time.perf_counter()
    t = parse_file(args.file).tournament
    raw = args.file.read_bytes()
    parse = time.perf_counter() - w0
    n, r = len(t.players), t.rounds_paired
    print(f"{args.file.name}: {n} players, {r} rounds, {args.jobs} job(s); parse {parse:.2f} s; "
          f"load average {os.getloadavg()[0]:.1f}")
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        wall, used = publish(t, raw, args.file.name, site, args.jobs, reuse=False)
        print(f"cold (every round checked): {wall:.1f} s wall, {used:.1f} s CPU")
        site2 = Path(tmp) / "site2"
        publish(cut_to_round(t, r - 1), raw, args.file.name, site2, args.jobs, reuse=False)  # type: ignore[arg-type]
        wall, used = publish(t, raw, args.file.name, site2, args.jobs, reuse=True)
        print(f"after round {r} (rounds 1-{r - 1} kept from the last publication): {wall:.1f} s wall, {used:.1f} s CPU")


if __name__ == "__main__":
    main()
