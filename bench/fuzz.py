"""Fuzzing: every reader's target (``tests/fuzz/targets.py``) fed mutated inputs for N inputs or
M minutes, coverage-guided; prints, per target, the inputs run, the CPU minutes, the corpus it
grew and the distinct failures, each failing input saved with what went wrong.

    python bench/fuzz.py --failures DIR [--targets trf,commands,...] [--inputs N] [--minutes M|trf=M,names=M,...]
                         [--engine auto|atheris|builtin] [--corpus DIR] [--bound S] [--memory-mb MB]
                         [--seed S] [--json FILE]
    python bench/fuzz.py --replay DIR/TARGET/KEY.input ...   # rerun saved failures

The targets are those of ``tests/fuzz/targets.py`` (its docstring says what each input goes
through and what counts as a failure: an exception other than the library's typed errors, an
exit code 70 or a traceback from a command, ``--json`` output that is not JSON, a written file
that ``validate`` rejects); the CI runs the same targets for a short slice (``pytest -m fuzz``,
hypothesis, < 60 s).  Each target runs in its own process, one after the other, seeded from the
files of ``fixtures/`` (and the target's own small seeds), under:

* ``atheris`` (``pip install '.[fuzz]'``: Google's libFuzzer for Python; coverage of the
  project's packages by bytecode instrumentation, comparisons traced, a dictionary of the format's
  tokens); the default when it is installed;
* ``builtin`` otherwise: a corpus and a byte/line/token mutation loop, guided by the line
  transitions (``sys.settrace``, the project's files only) each input reaches first; slower
  (the trace costs), no dependency.

An input is stopped after ``--bound`` seconds (a failure: "over S s"); a worker process may use at
most ``--memory-mb`` of address space (a MemoryError is a failure, not a swapping machine).
Failures are told apart by their signature (what went wrong and the innermost project line); the
first input of each is saved as ``DIR/TARGET/KEY.input`` beside ``KEY.txt`` (the signature, the
traceback or the output, the command to replay it).  The exit code is 1 when a failure was found.
Figures (CPU minutes: user + system of the worker process) are printed as a table, and written
with ``--json``.  Interrupted (Ctrl-C, SIGTERM), the run asks its running workers to stop, skips
the targets not started and prints the figures of what ran, marked "interrupted".

Figures: a one-minute run a target on the development machine (atheris 3.0.0, 2 cores shared with
a long benchmark: a worker got about half a core), ``python bench/fuzz.py --minutes 1 --failures
/tmp/fuzz-failures --corpus /tmp/fuzz-corpus``, before the fixes of the commit that added this
file:

=========  ========  =======  ==========  ======  =============  ======================================
target     inputs    CPU min  inputs / s  corpus  coverage       distinct failures (inputs failing)
=========  ========  =======  ==========  ======  =============  ======================================
trf        10,419    0.55     318         331     cov 1606       0
commands   441       0.64     11.5        160     cov 4573       0
entrants   5,931     0.89     111         69      cov 2193       1 (57): csv.Error on a lone CR
results    3,028     0.58     86          27      cov 2131       2 (1,036 + 57): ``event result --csv``
                                                                 of non-UTF-8 bytes, exit 70; csv.Error
kfactor    9,038     0.51     295         43      cov 681        1 (1,074): csv.Error on a lone CR
names      5,860     0.55     177         51      cov 759        0
rtgconfig  8,250     0.70     197         49      cov 2530       0
rotation   4,394     0.68     108         42      cov 661        0
total      47,361    5.10                                        4
=========  ========  =======  ==========  ======  =============  ======================================

The built-in engine's half-minute run found two more (an '²' that ``str.isdigit()`` takes and
``int()`` rejects, in the K-factor, players and results readers; a rotation session whose schema
is not UTF-8); all but the non-UTF-8 ``event result --csv`` (other work's) are fixed, their inputs
in ``tests/fuzz/regressions/``.  At these rates one million inputs (``--inputs 125000``, the
README's command) take about 4.7 CPU hours, three of them the ``commands`` target (about a
dozen commands an input).

The million-input run (three invocations, 2 workers each, atheris, on the 2-core development
machine shared with other work; corpora kept between them in one ``--corpus`` folder; the team
readers and commands are seeded by ``fixtures/team-swiss/`` from the second run on):

=========  =========  =======  =======================================================================
target     inputs     CPU min  distinct failures
=========  =========  =======  =======================================================================
trf        483,693    44.33    0
kfactor    333,170    25.85    0
names       83,625    14.14    0
rtgconfig  110,714    17.05    1 (616 inputs): ``3/0`` read as a ratio over zero, ZeroDivisionError
rotation    12,711     3.18    0
results      8,948     2.84    0
entrants    21,020     7.58    0
commands     5,806    13.51    0
total    1,059,687   128.48    1, fixed (``tests/fuzz/regressions/rtgconfig/``) and its target rerun clean
=========  =========  =======  =======================================================================

``--minutes trf=28,kfactor=18,names=12,rtgconfig=14,rotation=10,results=8,entrants=8,commands=12``,
then ``trf=25,kfactor=14,rtgconfig=12,names=12``, then ``trf=14,commands=12,rtgconfig=8,entrants=6``
(``--jobs 2 --corpus DIR --failures DIR --json FILE``).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path
from types import FrameType
from typing import Any, Callable, Optional

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))  # run from a checkout

#: The project's packages: what the coverage guidance sees.
PACKAGES = ("trf", "algorithms", "pairing", "roundrobin", "rotation", "checker", "tiebreaks", "ratings", "systems",
            "event", "verify", "parallel", "arbiter")


# --------------------------------------------------------------------------- one worker (one target)


class Recorder:
    """The worker's count of inputs and failures, saved to a JSON file as it goes (libFuzzer ends
    the process with ``exit()``: nothing runs after it)."""

    def __init__(self, target: str, engine: str, failures: Path, stats: Path, bound: float) -> None:
        self.target, self.engine, self.folder, self.stats, self.bound = target, engine, failures / target, stats, bound
        self.inputs = 0
        self.corpus = 0
        self.counts: Counter[str] = Counter()
        self.files: dict[str, str] = {}
        self.saved_at = 0.0

    def one(self, data: bytes) -> None:
        from tests.fuzz.targets import TARGETS, check

        self.inputs += 1
        finding = check(TARGETS[self.target], data, self.bound)
        if finding is not None:
            new = finding.signature not in self.counts
            self.counts[finding.signature] += 1
            if new:
                self.folder.mkdir(parents=True, exist_ok=True)
                path = self.folder / f"{finding.key}.input"
                path.write_bytes(data)
                path.with_suffix(".txt").write_text(
                    f"{finding.signature}\n\nreplay: python bench/fuzz.py --replay {path}\n\n{finding.detail}\n",
                    encoding="utf-8")
                self.files[finding.signature] = str(path)
                print(f"fuzz: {self.target}: new failure {finding.signature} -> {path}", file=sys.stderr, flush=True)
                self.save()
        if time.monotonic() - self.saved_at > 1.0:
            self.save()

    def save(self) -> None:
        self.saved_at = time.monotonic()
        data = {"target": self.target, "engine": self.engine, "inputs": self.inputs, "corpus": self.corpus,
                "failures": {s: {"count": n, "file": self.files.get(s)} for s, n in self.counts.items()}}
        tmp = self.stats.with_suffix(".tmp")
        tmp.write_text(json.dumps(data), encoding="utf-8")
        os.replace(tmp, self.stats)


def _dictionary(tokens: tuple[bytes, ...], path: Path) -> Path:
    """libFuzzer's dictionary format: one quoted token a line, bytes outside printable ASCII as \\xNN."""
    def quoted(token: bytes) -> str:
        return '"' + "".join(chr(b) if 0x20 <= b < 0x7F and b not in (0x22, 0x5C) else f"\\x{b:02x}"
                             for b in token) + '"'
    path.write_text("".join(f"{quoted(t)}\n" for t in tokens), encoding="ascii")
    return path


def _seed_folder(seeds: list[bytes], folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for i, data in enumerate(seeds):
        (folder / f"seed-{i:03d}").write_bytes(data)
    return folder


def run_atheris(rec: Recorder, args: argparse.Namespace, work: Path) -> None:
    import atheris  # type: ignore[import-not-found, import-untyped, unused-ignore]

    # every module of the project imported from here on is instrumented (the targets import
    # lazily, as the commands do: the warm-up below imports what each needs)
    atheris.instrument_imports(include=list(PACKAGES)).__enter__()
    from tests.fuzz.targets import TARGETS, set_workdir

    set_workdir(work / "files")
    target = TARGETS[rec.target]
    seeds = _seed_folder(target.seeds(), work / "seeds")
    corpus = Path(args.corpus) / rec.target if args.corpus else work / "corpus"
    corpus.mkdir(parents=True, exist_ok=True)
    flags = [f"-max_len={target.max_len}", f"-dict={_dictionary(target.tokens, work / 'tokens.dict')}",
             "-timeout=0", "-rss_limit_mb=0", "-malloc_limit_mb=0", "-print_final_stats=1", f"-seed={args.seed}",
             f"-artifact_prefix={rec.folder}/"]
    if args.inputs:
        flags.append(f"-runs={args.inputs}")
    if args.minutes:
        flags.append(f"-max_total_time={max(1, round(args.minutes * 60))}")
    rec.folder.mkdir(parents=True, exist_ok=True)
    atheris.enabled_hooks.add("str")

    def mutator(data: bytes, max_size: int, seed: int) -> bytes:
        """Half of the inputs by libFuzzer's own mutations (with the dictionary), half by this
        file's line-aware ones (:func:`mutate`): lines deleted, duplicated, swapped and cut keep
        more files readable than byte mutations alone."""
        rng = random.Random(seed)
        if rng.random() < 0.5:
            return bytes(atheris.Mutate(data, max_size))
        return mutate(rng, data, [], target.tokens, max_size)

    atheris.Setup([sys.argv[0], *flags, str(corpus), str(seeds)], rec.one, custom_mutator=mutator)
    rec.save()
    atheris.Fuzz()


# --------------------------------------------------------------------------- the built-in engine


class Coverage:
    """Line transitions ``(code, previous line, line)`` reached in the project's files (outside
    tests/), by ``sys.settrace``; frames of other files are not traced line by line."""

    def __init__(self) -> None:
        self.seen: set[tuple[int, int, int]] = set()
        self.new = 0
        self._ours: dict[str, bool] = {}
        self._prefixes = tuple(str(REPO / p) + os.sep for p in PACKAGES)

    def _wanted(self, filename: str) -> bool:
        hit = self._ours.get(filename)
        if hit is None:
            hit = self._ours[filename] = filename.startswith(self._prefixes)
        return hit

    def _global(self, frame: FrameType, event: str, _arg: Any) -> Optional[Callable[..., Any]]:
        if event != "call" or not self._wanted(frame.f_code.co_filename):
            return None
        code = id(frame.f_code)
        last = [frame.f_lineno]
        seen = self.seen

        def local(frame: FrameType, event: str, _arg: Any) -> Optional[Callable[..., Any]]:
            if event == "line":
                arc = (code, last[0], frame.f_lineno)
                if arc not in seen:
                    seen.add(arc)
                    self.new += 1
                last[0] = frame.f_lineno
            return local
        return local

    def run(self, fn: Callable[[], None]) -> int:
        """Run ``fn`` traced: the number of transitions seen for the first time."""
        self.new = 0
        sys.settrace(self._global)
        try:
            fn()
        finally:
            sys.settrace(None)
        return self.new


INTERESTING = (0x00, 0x09, 0x0A, 0x0D, 0x20, 0x22, 0x2C, 0x2D, 0x30, 0x39, 0x3B, 0x7F, 0x80, 0xA0, 0xC3, 0xE2,
               0xEF, 0xFE, 0xFF)


def mutate(rng: random.Random, data: bytes, corpus: list[bytes], tokens: tuple[bytes, ...], max_len: int) -> bytes:
    """One to four byte, token, line and splice mutations of ``data``."""
    buf = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        k = rng.randint(0, len(buf))
        op = rng.randrange(9)
        if op == 0 and buf:
            i = min(k, len(buf) - 1)
            buf[i] ^= 1 << rng.randrange(8)
        elif op == 1 and buf:
            buf[min(k, len(buf) - 1)] = rng.choice(INTERESTING)
        elif op == 2:
            buf[k:k] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
        elif op == 3 and buf:
            del buf[k:k + rng.randint(1, 16)]
        elif op == 4 and tokens:
            token = rng.choice(tokens)
            if rng.random() < 0.5:
                buf[k:k] = token
            else:
                buf[k:k + len(token)] = token
        elif op == 5 and buf:
            j = rng.randint(0, len(buf))
            a, b = min(k, j), max(k, j)
            buf[b:b] = buf[a:min(b, a + 64)]
        elif op in (6, 7):
            lines = bytes(buf).split(b"\n")
            i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
            what = rng.randrange(4)
            if what == 0:
                del lines[i]
            elif what == 1:
                lines.insert(j, lines[i])
            elif what == 2:
                lines[i], lines[j] = lines[j], lines[i]
            else:
                lines[i] = lines[i][:rng.randint(0, len(lines[i]))]
            buf = bytearray(b"\n".join(lines))
        elif op == 8 and corpus:
            other = rng.choice(corpus)
            j = rng.randint(0, len(other))
            buf = buf[:k] + bytearray(other[j:j + rng.randint(1, 256)]) + buf[k:]
    return bytes(buf[:max_len])


def run_builtin(rec: Recorder, args: argparse.Namespace, work: Path) -> None:
    from tests.fuzz.targets import TARGETS, set_workdir

    set_workdir(work / "files")
    target = TARGETS[rec.target]
    rng = random.Random(args.seed)
    cov = Coverage()
    corpus_dir = Path(args.corpus) / rec.target if args.corpus else work / "corpus"
    corpus_dir.mkdir(parents=True, exist_ok=True)
    corpus: list[bytes] = []
    for data in target.seeds() + [p.read_bytes() for p in sorted(corpus_dir.iterdir()) if p.is_file()]:
        cov.run(lambda: rec.one(data))
        corpus.append(data)
    rec.corpus = len(corpus)
    stop = time.monotonic() + args.minutes * 60 if args.minutes else None
    try:
        while (not args.inputs or rec.inputs < args.inputs) and (stop is None or time.monotonic() < stop):
            data = mutate(rng, rng.choice(corpus), corpus, target.tokens, target.max_len)
            if cov.run(lambda: rec.one(data)):
                corpus.append(data)
                rec.corpus = len(corpus)
                (corpus_dir / f"{len(corpus):06d}").write_bytes(data)
    except KeyboardInterrupt:  # the run was interrupted: the figures so far are kept
        pass
    rec.save()
    print(f"builtin: {rec.inputs} inputs, corpus {len(corpus)}, {len(cov.seen)} line transitions", file=sys.stderr)


def worker(args: argparse.Namespace) -> None:
    limit = args.memory_mb * 2**20
    resource.setrlimit(resource.RLIMIT_AS, (limit, resource.getrlimit(resource.RLIMIT_AS)[1]))
    work = Path(args.work)
    rec = Recorder(args.worker, args.engine, Path(args.failures), work / "stats.json", args.bound)
    rec.save()
    (run_atheris if args.engine == "atheris" else run_builtin)(rec, args, work)


# --------------------------------------------------------------------------- the run


def _engine(asked: str) -> str:
    if asked != "auto":
        return asked
    try:
        import atheris  # noqa: F401  # type: ignore[import-not-found, import-untyped, unused-ignore]
    except ImportError:
        return "builtin"
    return "atheris"


def _libfuzzer_figures(log: Path) -> dict[str, str]:
    """The last status line's coverage (``cov``, ``ft``, ``corp``) and the final stats."""
    out: dict[str, str] = {}
    if not log.is_file():
        return out
    for line in log.read_text("utf-8", "replace").splitlines():
        words = line.split()
        if "cov:" in words and "ft:" in words:
            out["cov"] = words[words.index("cov:") + 1]
            out["ft"] = words[words.index("ft:") + 1]
            if "corp:" in words:
                out["corp"] = words[words.index("corp:") + 1].split("/")[0]
        if line.startswith("stat::number_of_executed_units:"):
            out["runs"] = words[-1]
    return out


#: Set when the run is interrupted (SIGINT, SIGTERM): targets not started are skipped, running
#: workers are asked to stop, and the figures of what ran are printed all the same.
_STOP = threading.Event()
_WORKERS: set[subprocess.Popen[bytes]] = set()
_WORKERS_LOCK = threading.Lock()
#: libFuzzer's exit code when a run is interrupted (``-interrupted_exitcode``, 72 by default);
#: atheris ends on a KeyboardInterrupt with 130.
_INTERRUPTED_EXIT = 72


def _interrupt(signum: int, _frame: Optional[FrameType]) -> None:
    """Stop the run and keep its figures: each running worker gets SIGINT (libFuzzer prints its
    final stats and exits; the built-in loop ends), the table is printed for what ran."""
    if not _STOP.is_set():
        print(f"fuzz: {signal.Signals(signum).name}: stopping; the figures so far follow", file=sys.stderr, flush=True)
    _STOP.set()
    with _WORKERS_LOCK:
        for proc in _WORKERS:
            if proc.poll() is None:
                proc.send_signal(signal.SIGINT)


def minutes_per_target(text: str, names: list[str]) -> dict[str, float]:
    """``--minutes``: one figure for every target (``20``), or a figure per target
    (``trf=20,names=12``; a target not named gets none, so runs to ``--inputs`` only)."""
    if "=" not in text:
        return {n: float(text) for n in names}
    out: dict[str, float] = {}
    for part in text.split(","):
        name, _, value = part.partition("=")
        if name.strip() not in names:
            raise ValueError(f"{name.strip()!r} is not a target of this run")
        out[name.strip()] = float(value)
    return out


def run_target(name: str, engine: str, args: argparse.Namespace, failures: Path) -> Optional[dict[str, Any]]:
    if _STOP.is_set():
        return None
    minutes = args.minutes_of.get(name, 0.0)
    with tempfile.TemporaryDirectory(prefix=f"fuzz-{name}-", dir="/dev/shm" if os.access("/dev/shm", os.W_OK) else None) as tmp:
        work = Path(tmp)
        log = work / "engine.log"
        cmd = [sys.executable, str(Path(__file__).resolve()), "--worker", name, "--engine", engine, "--work", str(work),
               "--failures", str(failures), "--inputs", str(args.inputs or 0), "--minutes", str(minutes),
               "--bound", str(args.bound), "--memory-mb", str(args.memory_mb), "--seed", str(args.seed)]
        if args.corpus:
            cmd += ["--corpus", args.corpus]
        start = time.monotonic()
        with open(log, "wb") as err:
            # its own process group: a Ctrl-C reaches the worker through _interrupt only
            proc = subprocess.Popen(cmd, cwd=REPO, stdout=err, stderr=subprocess.STDOUT, start_new_session=True)
            with _WORKERS_LOCK:
                _WORKERS.add(proc)
            _pid, status, usage = os.wait4(proc.pid, 0)
            with _WORKERS_LOCK:
                _WORKERS.discard(proc)
        proc.returncode = os.waitstatus_to_exitcode(status)
        if _STOP.is_set() and proc.returncode in (_INTERRUPTED_EXIT, 128 + signal.SIGINT, -signal.SIGINT):
            proc.returncode = 0  # asked to stop: not a failure of the worker
        wall = time.monotonic() - start
        stats_file = work / "stats.json"
        stats: dict[str, Any] = json.loads(stats_file.read_text("utf-8")) if stats_file.is_file() else {}
        figures = _libfuzzer_figures(log)
        inputs = max(int(stats.get("inputs", 0)), int(figures.get("runs", 0)))
        tail = log.read_text("utf-8", "replace").splitlines()[-15:]
        if proc.returncode not in (0,):
            keep = failures / name / "worker.log"
            keep.parent.mkdir(parents=True, exist_ok=True)
            keep.write_bytes(log.read_bytes())
    failed = stats.get("failures", {})
    row = {"target": name, "engine": engine, "inputs": inputs, "cpu_minutes": (usage.ru_utime + usage.ru_stime) / 60,
           "wall_minutes": wall / 60, "corpus": int(figures.get("corp", stats.get("corpus", 0))),
           "coverage": f"cov {figures['cov']} ft {figures['ft']}" if "cov" in figures else "",
           "failures": failed, "worker_exit": proc.returncode, "interrupted": _STOP.is_set()}
    if proc.returncode != 0:
        row["worker_log_tail"] = tail
    return row


def _table(rows: list[dict[str, Any]]) -> str:
    head = f"{'target':<10} {'engine':<8} {'inputs':>9} {'CPU min':>8} {'inputs/s':>9} {'corpus':>7}  {'coverage':<22} {'failures':>8}"
    lines = [head, "-" * len(head)]
    for r in rows:
        rate = r["inputs"] / (r["cpu_minutes"] * 60) if r["cpu_minutes"] else 0.0
        lines.append(f"{r['target']:<10} {r['engine']:<8} {r['inputs']:>9,} {r['cpu_minutes']:>8.2f} {rate:>9.1f} "
                     f"{r['corpus']:>7}  {r['coverage']:<22} {len(r['failures']):>8}"
                     + ("" if r["worker_exit"] == 0 else f"  (worker exit {r['worker_exit']})")
                     + ("  (interrupted)" if r.get("interrupted") else ""))
    total_in = sum(r["inputs"] for r in rows)
    total_cpu = sum(r["cpu_minutes"] for r in rows)
    lines.append("-" * len(head))
    lines.append(f"{'total':<10} {'':<8} {total_in:>9,} {total_cpu:>8.2f} {'':>9} {'':>7}  {'':<22} "
                 f"{sum(len(r['failures']) for r in rows):>8}")
    return "\n".join(lines)


def replay(paths: list[str], names: Optional[str], bound: float) -> int:
    from tests.fuzz.targets import TARGETS, check

    bad = 0
    for p in paths:
        path = Path(p)
        name = names or path.parent.name
        if name not in TARGETS:
            sys.exit(f"{path}: give --targets NAME (one of {', '.join(TARGETS)})")
        finding = check(TARGETS[name], path.read_bytes(), bound)
        if finding is None:
            print(f"{path}: {name}: passes")
        else:
            bad += 1
            print(f"{path}: {finding.signature}\n{finding.detail}")
    return 1 if bad else 0


def main() -> None:
    ap = argparse.ArgumentParser(description="Fuzz every reader's target, coverage-guided: inputs, CPU minutes, failures "
                                             "(the module's docstring says more).")
    ap.add_argument("--targets", help="comma-separated targets (default: all)")
    ap.add_argument("--inputs", type=int, default=0, help="inputs per target (0: no limit; default 0, or 2,000 "
                                                          "without --minutes)")
    ap.add_argument("--minutes", default="0", help="minutes per target (0: no limit), or per named target: "
                                                   "trf=20,names=12")
    ap.add_argument("--engine", choices=("auto", "atheris", "builtin"), default="auto")
    ap.add_argument("--failures", default="fuzz-failures", help="folder of the failing inputs (default fuzz-failures/)")
    ap.add_argument("--corpus", help="folder of the corpora, kept between runs (default: a temporary one)")
    ap.add_argument("--bound", type=float, default=20.0, help="seconds an input may take (default 20)")
    ap.add_argument("--memory-mb", type=int, default=4096, help="address space of a worker (default 4096 MB)")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--jobs", type=int, default=1, help="targets run at once (default 1)")
    ap.add_argument("--json", help="write the figures to this file")
    ap.add_argument("--replay", nargs="+", metavar="FILE", help="run saved inputs through their target (the folder's name)")
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    ap.add_argument("--work", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.replay:
        sys.exit(replay(args.replay, args.targets, args.bound))
    if args.worker:
        args.minutes = float(args.minutes)
        worker(args)
        return
    from tests.fuzz.targets import TARGETS

    names = args.targets.split(",") if args.targets else list(TARGETS)
    unknown = [n for n in names if n not in TARGETS]
    if unknown:
        sys.exit(f"unknown target(s) {', '.join(unknown)}; the targets: {', '.join(TARGETS)}")
    try:
        args.minutes_of = minutes_per_target(args.minutes, names)
    except ValueError as exc:
        sys.exit(f"--minutes {args.minutes}: expected a number of minutes or TARGET=MINUTES,... ({exc})")
    if not args.inputs and not any(args.minutes_of.values()):
        args.inputs = 2000
    engine = _engine(args.engine)
    failures = Path(args.failures).resolve()
    budget = (f"{args.inputs:,} inputs" if args.inputs else "") + (" or " if args.inputs and args.minutes != "0" else "") + \
             (f"{args.minutes} min" if args.minutes != "0" else "")
    print(f"fuzz: {len(names)} target(s), {budget} each, engine {engine}, failures in {failures}", flush=True)
    rows = []
    signal.signal(signal.SIGINT, _interrupt)
    signal.signal(signal.SIGTERM, _interrupt)
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:  # each target is its own process
        running = [pool.submit(run_target, name, engine, args, failures) for name in names]
        for future in as_completed(running):
            row = future.result()
            if row is None:
                continue  # not started: the run was interrupted
            rows.append(row)
            _report(row)
    rows.sort(key=lambda r: names.index(r["target"]))
    print()
    print(_table(rows))
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=2), encoding="utf-8")
    sys.exit(1 if any(r["failures"] or r["worker_exit"] != 0 for r in rows) else 0)


def _report(row: dict[str, Any]) -> None:
    print(f"fuzz: {row['target']}: {row['inputs']:,} inputs, {row['cpu_minutes']:.2f} CPU min, "
          f"{len(row['failures'])} failure(s)", flush=True)
    for sig, info in row["failures"].items():
        print(f"    {info['count']:>6} x {sig}\n           {info['file']}", flush=True)
    if row["worker_exit"] != 0:
        print("    worker log:\n      " + "\n      ".join(row.get("worker_log_tail", [])), flush=True)


if __name__ == "__main__":
    main()
