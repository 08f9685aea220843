"""A cross-check of two pairing programs as FIDE's verification procedure describes it (C.04.A
A.7; its 2026 successor), run both ways:

* **ours -> theirs**: tournaments from our random tournament generator (the RTG
  FIDE's rules ask for, :mod:`verify.generate`), every round paired again by the other program and compared with ours;
  where the two differ, our checker says which follows the rules better and by which article
  (:func:`verify.conformance.check_tournament_rounds`, :meth:`systems.base.PairingSystem.judge`);
* **theirs -> ours**: tournaments from the other program's generator, every round checked by our
  checker with our engine's pairing as one more candidate (:meth:`systems.base.PairingSystem.check`):
  a finding, or our engine pairing the round otherwise, is a discrepancy.

Each tournament draws its parameters from FIDE's ranges with a seed derived from the run's master
seed (:func:`our_settings`, :func:`their_config`): players and rounds, draws, forfeits (one side
and both), games of less than one move, full-, half- and zero-point byes, late entries,
withdrawals, Baku acceleration and, under the 2026 rules, other scorings.  Any program that reads
TRF and writes the ``-p`` layout plugs in: its pairing command ``CMD {input} {output}`` and its
generator command ``CMD {config} {output} {seed}`` (the JaVaFo/bbpPairings ``-g`` configuration
keys).

A run keeps its state in a folder: one JSON file per tournament and direction
(``ours/00017.json``), written when the tournament is done, so an interrupted run started again
with the same arguments does only what is missing; every discrepancy is kept as a self-contained
case (``cases/<direction>-<index>-r<round>/``: the tournament before the round, both pairings,
the verdict and the commands that reproduce it); :func:`summarize` reads the folder back.
"""

from __future__ import annotations

import json
import os
import random
import shlex
import subprocess
import tempfile
import time
from collections import Counter
from concurrent.futures import Executor
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, Iterator

from verify.conformance import EngineCommand, pairs_text
from systems import DEFAULT, get
from verify.generate import GeneratorSettings, Share, derived_seed

__all__ = ["DIRECTIONS", "GeneratorCommand", "Discrepancy", "Outcome", "our_settings", "their_config",
           "run_ours", "run_theirs", "crosscheck", "summarize", "Totals"]

#: The two directions of the cross-check.
DIRECTIONS = ("ours", "theirs")


@dataclass(frozen=True)
class GeneratorCommand:
    """The other program's generator: a template with ``{config}`` (the configuration file),
    ``{output}`` (the TRF it writes) and ``{seed}``, and how long one tournament may take."""

    template: str
    timeout: float = 300.0

    def __post_init__(self) -> None:
        missing = [k for k in ("{config}", "{output}", "{seed}") if k not in self.template]
        if missing:
            raise ValueError(f"the generator command must contain {', '.join(missing)}: {self.template!r}")

    def argv(self, config: str, output: str, seed: int) -> list[str]:
        return [w.replace("{config}", config).replace("{output}", output).replace("{seed}", str(seed))
                for w in shlex.split(self.template)]


@dataclass(frozen=True)
class Discrepancy:
    """One round the two readings do not agree on: ``kind`` (``pairs``, ``colours``, ``engine``
    for ours -> theirs; ``finding``, ``engine`` for theirs -> ours), who is right by our checker
    (``better``: ``ours``, ``theirs``, ``neither``), the rule that decides and its article, in
    words, and the case folder."""

    direction: str
    index: int
    round: int
    kind: str
    better: str
    criterion: str | None
    article: str | None
    message: str
    case: str

    def as_dict(self) -> dict[str, Any]:
        return {"direction": self.direction, "index": self.index, "round": self.round, "kind": self.kind,
                "better": self.better, "criterion": self.criterion, "article": self.article, "message": self.message,
                "case": self.case}


@dataclass(frozen=True)
class Outcome:
    """One tournament of one direction: its seed and size, the rounds compared, the
    discrepancies, CPU seconds of this process and seconds of the other program; ``error``: why
    it could not be made (a generator that failed, a round nobody could pair)."""

    direction: str
    index: int
    seed: int
    players: int = 0
    rounds: int = 0
    compared: int = 0
    discrepancies: tuple[Discrepancy, ...] = ()
    cpu_seconds: float = 0.0
    other_seconds: float = 0.0
    error: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return {"direction": self.direction, "index": self.index, "seed": self.seed, "players": self.players,
                "rounds": self.rounds, "compared": self.compared,
                "discrepancies": [d.as_dict() for d in self.discrepancies], "cpu_seconds": round(self.cpu_seconds, 3),
                "other_seconds": round(self.other_seconds, 3), "error": self.error}

    @staticmethod
    def from_dict(d: dict[str, Any]) -> Outcome:
        return Outcome(d["direction"], d["index"], d["seed"], d["players"], d["rounds"], d["compared"],
                       tuple(Discrepancy(**x) for x in d["discrepancies"]), d["cpu_seconds"], d["other_seconds"],
                       d["error"])


# --------------------------------------------------------------------------- FIDE's ranges


def our_settings(rules: str, master: int, index: int, players: tuple[int, int],
                 rounds: tuple[int, int], other_scorings: bool = True) -> GeneratorSettings:
    """Tournament ``index`` of our generator for the run ``master``: every parameter drawn from
    FIDE's ranges with the tournament's seed (:func:`verify.generate.derived_seed`); with
    ``other_scorings`` one tournament in ten scores 3/1/0 or 2/1/0 (record 162: a program that
    does not read it, as bbpPairings v5, is run without)."""
    seed = derived_seed(master, index)
    rng = random.Random(seed)
    n = rng.randint(*players)
    r = rng.randint(min(rounds[0], n - 1), max(min(rounds[0], n - 1), min(rounds[1], n - 1)))
    standard = (Fraction(1), Fraction(1, 2), Fraction(0))
    points = standard
    if other_scorings and rng.random() < 0.1:
        points = rng.choice([(Fraction(3), Fraction(1), Fraction(0)), (Fraction(2), Fraction(1), Fraction(0))])
    standard_only = get(DEFAULT).edition(rules).baku_standard_only is not None  # C.04.5.1 (until 2026)
    baku = rng.random() < 0.15 and points[0] == 2 * points[1] and points[2] == 0 and n >= 8 \
        and (points == standard or not standard_only)
    lo = rng.randint(1000, 2000)
    return GeneratorSettings(
        players=n, rounds=r, seed=seed, rules=rules, points=points, baku=baku,
        draw_rate=round(rng.uniform(0.1, 0.45), 3), forfeit_rate=round(rng.uniform(0.0, 0.05), 3),
        double_forfeit_rate=round(rng.uniform(0.0, 0.01), 4), unusual_rate=round(rng.uniform(0.0, 0.02), 3),
        full_bye_rate=_share(rng, 0.01), half_bye_rate=_share(rng, 0.03), zero_bye_rate=_share(rng, 0.03),
        late_entries=round(rng.uniform(0.0, 0.05), 3),
        withdrawals=round(rng.uniform(0.0, 0.05), 3), rating_range=(lo, rng.randint(lo + 200, 2850)))


def _share(rng: random.Random, most: float) -> Share:
    """A share of each round's players, drawn up to ``most``, in tenths of a percent."""
    return Share(rate=Fraction(rng.randint(0, int(most * 1000)), 1000))


def their_config(master: int, index: int, players: tuple[int, int], rounds: tuple[int, int],
                 other_scorings: bool = True) -> tuple[str, int, int, int]:
    """Tournament ``index`` of the other program's generator: its configuration (the JaVaFo RTG
    keys: rates written as one in N), seed, players and rounds.  With ``other_scorings`` one
    tournament in five has another scoring (3/1/0 or 2/1/0, the PAB as a win: C.04.1 leaves the
    points to the regulations)."""
    seed = derived_seed(master + 1, index)
    rng = random.Random(seed)
    n = rng.randint(*players)
    r = rng.randint(min(rounds[0], n - 1), max(min(rounds[0], n - 1), min(rounds[1], n - 1)))
    lo = rng.randint(1000, 2000)
    lines = [
        f"PlayersNumber={n}", f"RoundsNumber={r}", f"DrawPercentage={rng.randint(10, 45)}",
        f"ForfeitRate={rng.randint(15, 80)}", f"RetiredRate={rng.randint(20, 200)}",
        f"HalfPointByeRate={rng.randint(15, 100)}", f"HighestRating={rng.randint(lo + 200, 2850)}",
        f"LowestRating={lo}"]
    if other_scorings and rng.random() < 0.2:
        win = rng.choice([3, 2])
        lines += [f"PointsForWin={win}", "PointsForDraw=1", "PointsForLoss=0"]
    return "\n".join(lines) + "\n", seed % 2_000_000_000, n, r


# --------------------------------------------------------------------------- the two directions


def _case(state: Path | None, name: str, files: dict[str, str]) -> str:
    """Write a case's files (atomically, each) under ``state/cases/name``; returns the folder."""
    if state is None:
        return ""
    from trf.writer import write_atomic

    folder = state / "cases" / name
    folder.mkdir(parents=True, exist_ok=True)
    for fname, text in files.items():
        write_atomic(folder / fname, text.encode("utf-8"))
    return str(folder)


def run_ours(rules: str, master: int, index: int, players: tuple[int, int], rounds: tuple[int, int],
             command: EngineCommand, state: Path | None = None, other_scorings: bool = True) -> Outcome:
    """Ours -> theirs for tournament ``index`` (module docstring)."""
    from pairing.result import NoLegalPairing
    from verify.conformance import check_tournament_rounds
    from verify.generate import generate

    start = time.process_time()
    s = our_settings(rules, master, index, players, rounds, other_scorings)
    try:
        t = generate(s)
    except NoLegalPairing as exc:
        return Outcome("ours", index, s.seed, s.players, s.rounds, error=str(exc),
                       cpu_seconds=time.process_time() - start)
    run = check_tournament_rounds(t, index, s.seed, command)
    found = []
    for c in run.cases:
        j = c.judgement
        name = f"ours-{index:05d}-r{c.round}"
        reproduce = (f"arbiter generate --seed {s.seed} ... (settings in verdict.json)\n"
                     f"arbiter pair input.trf --format bbp\n"
                     f"{' '.join(command.argv('input.trf', 'theirs.pairs'))}\n")
        files = {"input.trf": c.input_text, "ours.pairs": pairs_text(c.ours), "command.txt": reproduce,
                 "verdict.json": json.dumps({**c.as_dict(), "rules": rules, "settings": s.describe(),
                                             "players": s.players, "rounds": s.rounds}, indent=2) + "\n"}
        if c.theirs is not None:
            files["theirs.pairs"] = pairs_text(c.theirs)
        better = {"ours": "ours", "engine": "theirs"}.get(c.better, "neither")
        found.append(Discrepancy("ours", index, c.round, c.kind, better, j.criterion if j else None,
                                 j.article if j else None, (j.message if j else c.engine_error) or "",
                                 _case(state, name, files)))
    return Outcome("ours", index, s.seed, s.players, s.rounds, run.compared, tuple(found),
                   time.process_time() - start, run.engine_seconds)


def _generate_theirs(command: GeneratorCommand, config: str, seed: int) -> tuple[str | None, str | None, float]:
    """Their generator's TRF for ``config`` and ``seed`` (or why there is none), and its seconds."""
    with tempfile.TemporaryDirectory(prefix="arbiter-crosscheck-") as tmp:
        cfg = os.path.join(tmp, "config.txt")
        out = os.path.join(tmp, "tournament.trf")
        with open(cfg, "w", encoding="utf-8") as f:
            f.write(config)
        started = time.perf_counter()
        try:
            proc = subprocess.run(command.argv(cfg, out, seed), stdin=subprocess.DEVNULL, capture_output=True,
                                  timeout=command.timeout)
        except (OSError, subprocess.TimeoutExpired) as exc:
            return None, f"the generator could not run: {exc}", time.perf_counter() - started
        seconds = time.perf_counter() - started
        if proc.returncode != 0 or not os.path.isfile(out):
            said = (proc.stderr or proc.stdout).decode("utf-8", "replace").strip().splitlines()
            return None, f"the generator failed (exit {proc.returncode})" + (f": {said[-1]}" if said else ""), seconds
        from trf.bounded import InputTooLarge, read_bounded
        from trf.limits import TRF_FILE

        try:  # read no further than a TRF file can be: a generator writing forever is refused, not read
            return read_bounded(out, TRF_FILE).decode("utf-8", "replace"), None, seconds
        except InputTooLarge as exc:
            return None, f"the generator's output is not a TRF file: {exc}", seconds
        except OSError as exc:
            return None, f"the generator's output cannot be read: {exc.strerror or exc}", seconds


def run_theirs(rules: str, master: int, index: int, players: tuple[int, int], rounds: tuple[int, int],
               command: GeneratorCommand, state: Path | None = None, other_scorings: bool = True) -> Outcome:
    """Theirs -> ours for tournament ``index`` (module docstring)."""
    import systems
    from trf.edit import cut_to_round
    from trf.parser import parse_text
    from trf.writer import dumps

    start = time.process_time()
    config, seed, n, r = their_config(master, index, players, rounds, other_scorings)
    text, error, other = _generate_theirs(command, config, seed)
    if text is None:
        return Outcome("theirs", index, seed, n, r, error=error, cpu_seconds=time.process_time() - start,
                       other_seconds=other)
    result = parse_text(text)
    if result.errors:
        return Outcome("theirs", index, seed, n, r, error=f"not a TRF we read: {result.errors[0].message}",
                       cpu_seconds=time.process_time() - start, other_seconds=other)
    t = result.tournament
    sel = systems.select(t, edition=rules)
    total = t.total_rounds or t.round_columns
    t, _ = sel.system.accelerate(t, sel)
    reports = sel.system.check(t, list(range(1, t.rounds_paired + 1)), sel,
                               systems.CheckRequest(engine=True, total_rounds=total))
    found = []
    for rep in reports:
        if rep.ok and rep.engine_disagrees is None:
            continue
        f = rep.findings[0] if rep.findings else None
        kind = "finding" if f is not None else "engine"
        better = "ours" if f is not None else "theirs"
        message = f.message if f is not None else rep.engine_disagrees or ""
        name = f"theirs-{index:05d}-r{rep.round}"
        files = {"tournament.trf": text, "input.trf": dumps(cut_to_round(t, rep.round)),
                 "config.txt": config,
                 "command.txt": (f"{' '.join(command.argv('config.txt', 'tournament.trf', seed))}\n"
                                 f"arbiter check tournament.trf --round {rep.round} --rules {rules} "
                                 f"--rounds {total}\n"),
                 "verdict.json": json.dumps({"rules": rules, "seed": seed, "round": rep.round,
                                             "report": rep.as_dict()}, indent=2) + "\n"}
        if rep.candidate is not None:
            files["ours.pairs"] = "".join(f"{w} {b}\n" for w, b in rep.candidate)
        found.append(Discrepancy("theirs", index, rep.round, kind, better, f.criterion if f else None,
                                 f.article if f else None, message, _case(state, name, files)))
    return Outcome("theirs", index, seed, n, r, len(reports), tuple(found), time.process_time() - start, other)


# --------------------------------------------------------------------------- the run


def _path(state: Path, direction: str, index: int) -> Path:
    return state / direction / f"{index:05d}.json"


def _job(direction: str, rules: str, master: int, index: int, players: tuple[int, int], rounds: tuple[int, int],
         command: Any, state: str | None, other_scorings: bool = True) -> Outcome:
    folder = Path(state) if state is not None else None
    if direction == "ours":
        out = run_ours(rules, master, index, players, rounds, command, folder, other_scorings)
    else:
        out = run_theirs(rules, master, index, players, rounds, command, folder, other_scorings)
    if folder is not None:
        from trf.writer import write_atomic

        path = _path(folder, direction, index)
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, (json.dumps(out.as_dict(), indent=1) + "\n").encode("utf-8"))
    return out


def crosscheck(rules: str, count: int, master: int, *, pair: EngineCommand | None = None,
               generator: GeneratorCommand | None = None, players: tuple[int, int] = (9, 150),
               rounds: tuple[int, int] = (5, 13), state: Path | None = None, executor: Executor | None = None,
               window: int = 64, other_scorings: bool = True) -> Iterator[Outcome]:
    """The cross-check of ``count`` tournaments in each direction that has its command (``pair``:
    ours -> theirs; ``generator``: theirs -> ours), in index order, the two directions of each
    index side by side (an interrupted run has done as many of each).  With a
    ``state`` folder, tournaments already done there are read back, not run again.
    ``other_scorings``: some tournaments score other than 1/0.5/0 (:func:`our_settings`,
    :func:`their_config`)."""
    from parallel import ordered_map

    jobs: list[tuple[Any, ...]] = []
    for i in range(1, count + 1):
        for direction, command in (("ours", pair), ("theirs", generator)):
            if command is not None:
                jobs.append((direction, rules, master, i, players, rounds, command,
                             None if state is None else str(state), other_scorings))

    def done(job: tuple[Any, ...]) -> Outcome | None:
        if state is None:
            return None
        path = _path(state, job[0], job[3])
        try:
            return Outcome.from_dict(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, ValueError, KeyError, TypeError):
            return None

    kept = {(j[0], j[3]): done(j) for j in jobs}
    todo = [j for j in jobs if kept[(j[0], j[3])] is None]
    fresh = ordered_map(_job, iter(todo), executor, window)
    for j in jobs:
        got = kept[(j[0], j[3])]
        yield got if got is not None else next(fresh)


@dataclass
class Totals:
    """A run's totals, per direction: tournaments, those not made, rounds compared,
    discrepancies by kind, by who is right, by rule; CPU seconds of ours and the other's time;
    every discrepancy (``cases``) and every tournament not made (``failures``)."""

    tournaments: Counter[str] = field(default_factory=Counter)
    not_made: Counter[str] = field(default_factory=Counter)
    rounds: Counter[str] = field(default_factory=Counter)
    discrepancies: Counter[str] = field(default_factory=Counter)
    by_kind: Counter[tuple[str, str]] = field(default_factory=Counter)
    by_better: Counter[tuple[str, str]] = field(default_factory=Counter)
    by_rule: Counter[tuple[str, str]] = field(default_factory=Counter)
    cpu_seconds: dict[str, float] = field(default_factory=dict)
    other_seconds: dict[str, float] = field(default_factory=dict)
    cases: list[Discrepancy] = field(default_factory=list)
    failures: list[Outcome] = field(default_factory=list)

    def add(self, o: Outcome) -> None:
        d = o.direction
        self.tournaments[d] += 1
        self.cpu_seconds[d] = self.cpu_seconds.get(d, 0.0) + o.cpu_seconds
        self.other_seconds[d] = self.other_seconds.get(d, 0.0) + o.other_seconds
        if o.error is not None:
            self.not_made[d] += 1
            self.failures.append(o)
            return
        self.rounds[d] += o.compared
        for x in o.discrepancies:
            self.discrepancies[d] += 1
            self.by_kind[(d, x.kind)] += 1
            self.by_better[(d, x.better)] += 1
            self.by_rule[(d, x.criterion or "-")] += 1
            self.cases.append(x)

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for d in DIRECTIONS:
            if not self.tournaments[d]:
                continue
            out[d] = {"tournaments": self.tournaments[d], "not_made": self.not_made[d], "rounds": self.rounds[d],
                      "discrepancies": self.discrepancies[d],
                      "by_kind": {k: v for (dd, k), v in sorted(self.by_kind.items()) if dd == d},
                      "better": {k: v for (dd, k), v in sorted(self.by_better.items()) if dd == d},
                      "by_rule": {k: v for (dd, k), v in sorted(self.by_rule.items()) if dd == d},
                      "cpu_seconds": round(self.cpu_seconds.get(d, 0.0), 1),
                      "other_seconds": round(self.other_seconds.get(d, 0.0), 1)}
        return out


def summarize(outcomes: Iterator[Outcome] | list[Outcome]) -> Totals:
    totals = Totals()
    for o in outcomes:
        totals.add(o)
    return totals


def read_state(state: Path) -> list[Outcome]:
    """Every outcome a run kept in ``state``."""
    out = []
    for d in DIRECTIONS:
        for path in sorted((state / d).glob("*.json")) if (state / d).is_dir() else []:
            try:
                out.append(Outcome.from_dict(json.loads(path.read_text(encoding="utf-8"))))
            except (OSError, ValueError, KeyError, TypeError):
                continue
    return out


__all__ += ["read_state"]
