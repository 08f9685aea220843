"""Conformance of another pairing program: for every round of random tournaments, ask it to pair
the round, compare with our engine, and where the two differ let the independent checker say
which pairing follows the rules better and by which criterion (the system's judge,
:meth:`systems.base.PairingSystem.judge`).

This is the cross-check of FIDE's verification of pairing programs (C.04.A A.7, and the TEC's
checklist of 2026: thousands of random tournaments from one program's generator, paired and
checked by another): the tournaments come from our generator (:mod:`verify.generate`), which
pairs them with our engine, so our pairing of round R is the round written in the file; the
other program gets the tournament as it stood before round R, its declared byes in place.

The program is any command speaking the ``-p`` convention of the endorsed engines (bbpPairings,
JaVaFo): it reads a TRF and writes the number of lines, then one ``white black`` line per board,
the PAB as ``N 0``; or writing the CSV layout some engines use instead (a ``White,Black`` header,
then ``white,black`` lines, the PAB as ``N,-1``).  The command is a template with ``{input}`` and
``{output}``, e.g. ``bbpPairings.exe --dutch {input} -p {output}``.

Besides random tournaments, a corpus folder can be run (:func:`conformance_corpus`): every
``.trf`` file in it (each the tournament before the round to pair, as the corpus of the system
keeps them) given to the program as it is, and paired by our engine of the system asked for.

Every case where the two differ is kept (:class:`Case`: the input TRF, both pairings and the
checker's verdict) so that it can be written as a golden pair (:func:`write_golden`): the input
``.trf`` and the ``.pairs`` the checker prefers, the seed of a regression suite.
"""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import tempfile
import time
from collections import Counter
from concurrent.futures import Executor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

from checker.judgement import Judgement, RoundPairing
from verify.generate import GeneratorSettings, generate, settings_for
from pairing.result import NoLegalPairing
from trf.edit import cut_to_round
from trf.model import Result, Tournament
from trf.writer import dumps

__all__ = ["EngineCommand", "BadCommand", "EngineAnswer", "parse_pairs", "parse_csv_pairs", "pairs_text", "run_engine",
           "Case", "TournamentRun", "Summary", "check_tournament_rounds", "conformance", "write_golden",
           "corpus_files", "check_corpus_file", "conformance_corpus", "NoCorpus"]


class BadCommand(ValueError):
    """The engine command template cannot be used (``reason`` says why)."""


@dataclass(frozen=True)
class EngineCommand:
    """A command template with ``{input}`` and ``{output}`` (split like a shell would, the paths
    substituted inside the words), and how long one round may take."""

    template: str
    timeout: float = 120.0

    def __post_init__(self) -> None:
        if "{input}" not in self.template or "{output}" not in self.template:
            raise BadCommand(f"the engine command must contain {{input}} and {{output}}: {self.template!r}")
        try:
            words = shlex.split(self.template)
        except ValueError as exc:
            raise BadCommand(f"the engine command cannot be split into words: {exc}") from None
        if not words:
            raise BadCommand("the engine command is empty")

    def argv(self, input_path: str, output_path: str) -> list[str]:
        return [w.replace("{input}", input_path).replace("{output}", output_path) for w in shlex.split(self.template)]

    def program(self) -> str:
        return shlex.split(self.template)[0]


@dataclass(frozen=True)
class EngineAnswer:
    """What the engine answered for one round: its pairing, or why there is none (``error``),
    with its exit code and the seconds it took."""

    pairing: RoundPairing | None
    error: str | None
    exit_code: int | None
    seconds: float


def parse_csv_pairs(lines: list[str]) -> RoundPairing:
    """The CSV layout: a ``White,Black`` header, then ``white,black`` lines (``N,-1`` for the
    PAB), in board order.  Raises ``ValueError`` naming the line that is not so."""
    boards = []
    bye = None
    for k, ln in enumerate(lines[1:], 2):
        if not ln:
            continue
        parts = [x.strip() for x in ln.split(",")]
        if len(parts) != 2 or not parts[0].isdigit() or not (parts[1].isdigit() or parts[1] == "-1"):
            raise ValueError(f"line {k}: expected 'white,black' start ranks, got {ln!r}")
        w, b = int(parts[0]), int(parts[1])
        if w == 0:
            raise ValueError(f"line {k}: white player 0")
        if b in (-1, 0):
            if bye is not None:
                raise ValueError(f"line {k}: a second PAB ({w}; the first: {bye})")
            bye = w
        else:
            boards.append((w, b))
    return RoundPairing(tuple(boards), bye)


def parse_pairs(text: str) -> RoundPairing:
    """The ``-p`` output: a count, then ``white black`` lines (``N 0`` for the PAB), in board
    order; or the CSV layout (:func:`parse_csv_pairs`), told by its ``White,Black`` header.
    Raises ``ValueError`` naming the line that is not so."""
    lines = [ln.strip() for ln in text.splitlines()]
    while lines and not lines[-1]:
        lines.pop()
    if not lines:
        raise ValueError("empty output")
    if lines[0].replace(" ", "").lower() == "white,black":
        return parse_csv_pairs(lines)
    try:
        count = int(lines[0])
    except ValueError:
        raise ValueError(f"line 1: expected the number of pairs, got {lines[0]!r}") from None
    body = lines[1:]
    if len(body) != count:
        raise ValueError(f"line 1 announces {count} pair(s), {len(body)} line(s) follow")
    boards = []
    bye = None
    for k, ln in enumerate(body, 2):
        parts = ln.split()
        if len(parts) != 2 or not all(p.isdigit() for p in parts):
            raise ValueError(f"line {k}: expected 'white black' start ranks, got {ln!r}")
        w, b = int(parts[0]), int(parts[1])
        if b == 0:
            if bye is not None:
                raise ValueError(f"line {k}: a second PAB ({w}; the first: {bye})")
            bye = w
        elif w == 0:
            raise ValueError(f"line {k}: white player 0")
        else:
            boards.append((w, b))
    return RoundPairing(tuple(boards), bye)


def pairs_text(p: RoundPairing) -> str:
    """A pairing in the ``-p`` layout (the PAB last)."""
    lines = [f"{w} {b}" for w, b in p.boards] + ([f"{p.bye} 0"] if p.bye is not None else [])
    return "\n".join([str(len(lines))] + lines) + "\n"


def run_engine(command: EngineCommand, trf_text: str) -> EngineAnswer:
    """Run the engine on one TRF (written to a temporary folder, removed afterwards)."""
    with tempfile.TemporaryDirectory(prefix="arbiter-conformance-") as tmp:
        inp = os.path.join(tmp, "round.trf")
        outp = os.path.join(tmp, "round.pairs")
        with open(inp, "w", encoding="utf-8") as f:
            f.write(trf_text)
        start = time.perf_counter()
        try:
            proc = subprocess.run(command.argv(inp, outp), stdin=subprocess.DEVNULL, capture_output=True,
                                  timeout=command.timeout)
        except FileNotFoundError:
            return EngineAnswer(None, f"the engine program {command.program()!r} was not found", None, 0.0)
        except subprocess.TimeoutExpired:
            return EngineAnswer(None, f"no answer within {command.timeout:g} s", None, time.perf_counter() - start)
        except OSError as exc:
            return EngineAnswer(None, f"the engine could not be run: {exc.strerror or exc}", None, 0.0)
        seconds = time.perf_counter() - start
        if proc.returncode != 0:
            said = (proc.stderr or proc.stdout).decode("utf-8", "replace").strip().splitlines()
            tail = said[-1] if said else ""
            what = "no legal pairing" if proc.returncode == 1 else "failed"
            return EngineAnswer(None, f"exit {proc.returncode} ({what})" + (f": {tail}" if tail else ""),
                                proc.returncode, seconds)
        from trf.bounded import InputTooLarge, read_bounded
        from trf.limits import TRF_FILE

        try:  # no pairing is larger than the TRF file it pairs: an engine writing forever is refused
            text = read_bounded(outp, TRF_FILE).decode("utf-8", "replace")
        except InputTooLarge as exc:
            return EngineAnswer(None, f"output not in the -p layout: {exc}", 0, seconds)
        except OSError:
            return EngineAnswer(None, "exit 0 but no output file", 0, seconds)
        try:
            return EngineAnswer(parse_pairs(text), None, 0, seconds)
        except ValueError as exc:
            return EngineAnswer(None, f"output not in the -p layout: {exc}", 0, seconds)


# --------------------------------------------------------------------------- one tournament


@dataclass(frozen=True)
class Case:
    """A round the engine paired differently (or not at all).  ``kind``: ``pairs`` (other
    pairs), ``colours`` (the same pairs, other colours), ``engine`` (no pairing from the
    engine); ``judgement``: the checker's verdict, ``a`` being ours and ``b`` the engine's."""

    index: int
    seed: int
    round: int
    kind: str
    ours: RoundPairing
    theirs: RoundPairing | None
    judgement: Judgement | None
    engine_error: str | None
    input_text: str
    source: str = ""  # the corpus file (relative to the folder run), for a corpus run

    @property
    def name(self) -> str:
        if self.source:
            return Path(self.source).with_suffix("").as_posix().replace("/", "-")
        return f"rtg-{self.index:05d}-r{self.round}"

    @property
    def better(self) -> str:
        """``ours``, ``engine`` or ``neither`` (an engine that gave no pairing loses)."""
        if self.judgement is None:
            return "ours"
        return {"a": "ours", "b": "engine"}.get(self.judgement.winner, "neither")

    def as_dict(self) -> dict[str, Any]:
        j = self.judgement
        return {"index": self.index, "seed": self.seed, "round": self.round, "name": self.name, "kind": self.kind,
                "better": self.better, "criterion": j.criterion if j else None, "article": j.article if j else None,
                "message": j.message if j else self.engine_error,
                "ours": _pairing_dict(self.ours), "engine": _pairing_dict(self.theirs) if self.theirs else None,
                "engine_error": self.engine_error, **({"file": self.source} if self.source else {})}


def _pairing_dict(p: RoundPairing) -> dict[str, Any]:
    return {"boards": [list(b) for b in p.boards], "bye": p.bye}


@dataclass(frozen=True)
class TournamentRun:
    """One tournament: its size and seed, the rounds compared, the cases that differ, the
    engine's total time; ``error``: why the tournament could not be generated."""

    index: int
    seed: int
    players: int
    rounds: int
    compared: int = 0
    cases: tuple[Case, ...] = ()
    engine_seconds: float = 0.0
    error: str | None = None


def _round_pairing(t: Tournament, rnd: int) -> RoundPairing:
    boards = tuple((g.white, g.black) for g in t.games(rnd))
    bye = next((b.player for b in t.byes(rnd) if b.kind is Result.PAIRING_ALLOCATED_BYE), None)
    return RoundPairing(boards, bye)


def check_tournament_rounds(t: Tournament, index: int, seed: int, command: EngineCommand) -> TournamentRun:
    """Every round of ``t`` (paired by our engine) against the engine's pairing of it, judged by
    the checker reading of the system the file names (:meth:`systems.base.PairingSystem.judge`)."""
    from systems import select

    sel = select(t)
    cases = []
    seconds = 0.0
    for rnd in range(1, t.rounds_paired + 1):
        before = cut_to_round(t, rnd)
        text = dumps(before)
        ours = _round_pairing(t, rnd)
        answer = run_engine(command, text)
        seconds += answer.seconds
        if answer.pairing is None:
            cases.append(Case(index, seed, rnd, "engine", ours, None, None, answer.error, text))
            continue
        theirs = answer.pairing
        if set(theirs.boards) == set(ours.boards) and theirs.bye == ours.bye:
            continue
        j = sel.system.judge(before, rnd, ours, theirs, sel, total_rounds=t.total_rounds,
                             labels=("arbiter", "the engine"))
        kind = "colours" if theirs.pairs == ours.pairs and theirs.bye == ours.bye else "pairs"
        cases.append(Case(index, seed, rnd, kind, ours, theirs, j, None, text))
    return TournamentRun(index, seed, len(t.players), t.total_rounds or t.rounds_paired, t.rounds_paired,
                         tuple(cases), seconds)


def _one(s: GeneratorSettings, index: int, command: EngineCommand) -> TournamentRun:
    try:
        t = generate(s)
    except NoLegalPairing as exc:
        return TournamentRun(index, s.seed, s.players, s.rounds, error=str(exc))
    return check_tournament_rounds(t, index, s.seed, command)


def conformance(template: GeneratorSettings, count: int, master: int, command: EngineCommand, *,
                players: tuple[int, int] | None = None, rounds: tuple[int, int] | None = None,
                executor: Executor | None = None, window: int = 64) -> Iterator[TournamentRun]:
    """``count`` tournaments generated as :func:`verify.generate.generate_many` makes them, each
    compared round by round with the engine, in index order."""
    from parallel import ordered_map

    p = players or (template.players, template.players)
    r = rounds or (template.rounds, template.rounds)
    jobs = ((settings_for(template, master, i, p, r), i, command) for i in range(1, count + 1))
    yield from ordered_map(_one, jobs, executor, window)


# --------------------------------------------------------------------------- a corpus folder


class NoCorpus(ValueError):
    """The corpus folder cannot be run (``str``: why)."""


def corpus_files(folder: str | Path, pattern: str = "*.trf") -> list[Path]:
    """The files under ``folder`` whose name matches ``pattern`` (``r*.trf``: a corpus's round
    files, not the whole events kept beside them), in path order.  Raises :class:`NoCorpus` when
    it is no folder or holds none."""
    base = Path(folder)
    if not base.is_dir():
        raise NoCorpus(f"{folder}: not a folder")
    files = sorted(p for p in base.rglob(pattern) if p.is_file())
    if not files:
        raise NoCorpus(f"{folder}: no file matching {pattern!r} in it")
    return files


def check_corpus_file(path: Path, index: int, command: EngineCommand, system: str | None,
                      name: str = "") -> TournamentRun:
    """One corpus file (the tournament before the round to pair): the program's pairing of it
    (the file given as it is) against our engine's of the system ``system`` (``None``: the one
    the file names), judged by the system's checker where they differ.  A file we cannot read or
    pair is an ``error`` (nothing compared); a finished event (every round played) compares
    nothing and is no error."""
    from pairing.rounds import EventFinished, refuse, round_to_pair
    from systems import select
    from trf.bounded import InputTooLarge, read_bounded
    from trf.limits import TRF_FILE
    from trf.parser import parse_bytes

    label = name or path.name
    try:
        data = read_bounded(path, TRF_FILE)
    except (OSError, InputTooLarge) as exc:
        return TournamentRun(index, 0, 0, 0, error=f"{label}: cannot be read: {exc}")
    text = data.decode("utf-8", "replace")
    parsed = parse_bytes(data)
    if parsed.errors:
        return TournamentRun(index, 0, 0, 0, error=parsed.errors[0].format(label))
    t = parsed.tournament
    try:
        sel = select(t, system=system)
        job = round_to_pair(t)
        try:
            refuse(t, job.round, t.total_rounds, requested=False)  # a finished event, an unplayed round
        except EventFinished:  # a whole event kept beside its rounds: nothing to pair, nothing compared
            return TournamentRun(index, 0, len(t.players), 0)
        mine = sel.system.pair(job.before, job.round, sel, total_rounds=t.total_rounds)
    except (NoLegalPairing, ValueError) as exc:  # no legal pairing, a file the system cannot pair: reported
        return TournamentRun(index, 0, len(t.players), 0, error=f"{label}: not paired by arbiter: {exc}")
    ours = RoundPairing(tuple(mine.boards), mine.bye)
    answer = run_engine(command, text)
    rnd = job.round
    if answer.pairing is None:
        case = Case(index, 0, rnd, "engine", ours, None, None, answer.error, text, name)
        return TournamentRun(index, 0, len(t.players), rnd, 1, (case,), answer.seconds)
    theirs = answer.pairing
    if set(theirs.boards) == set(ours.boards) and theirs.bye == ours.bye:
        return TournamentRun(index, 0, len(t.players), rnd, 1, (), answer.seconds)
    j = sel.system.judge(job.before, rnd, ours, theirs, sel, total_rounds=t.total_rounds,
                         labels=("arbiter", "the engine"))
    kind = "colours" if theirs.pairs == ours.pairs and theirs.bye == ours.bye else "pairs"
    case = Case(index, 0, rnd, kind, ours, theirs, j, None, text, name)
    return TournamentRun(index, 0, len(t.players), rnd, 1, (case,), answer.seconds)


def _corpus_one(path: Path, index: int, command: EngineCommand, system: str | None, name: str) -> TournamentRun:
    return check_corpus_file(path, index, command, system, name)


def conformance_corpus(folder: str | Path, command: EngineCommand, system: str | None, *, pattern: str = "*.trf",
                       executor: Executor | None = None, window: int = 64) -> Iterator[TournamentRun]:
    """Every file of the corpus folder (:func:`corpus_files`) compared as :func:`check_corpus_file`
    says, in path order (each run's ``index``: the file's place, from 1)."""
    from parallel import ordered_map

    base = Path(folder)
    files = corpus_files(base, pattern)
    jobs = ((p, i, command, system, p.relative_to(base).as_posix()) for i, p in enumerate(files, start=1))
    yield from ordered_map(_corpus_one, jobs, executor, window)


# --------------------------------------------------------------------------- the report


@dataclass
class Summary:
    """A run's totals: tournaments and rounds compared, rounds paired the same, the cases by
    kind, by which pairing the checker prefers and by the criterion that decided."""

    tournaments: int = 0
    not_generated: int = 0
    rounds: int = 0
    same: int = 0
    by_kind: Counter[str] = field(default_factory=Counter)
    better: Counter[str] = field(default_factory=Counter)
    by_criterion: Counter[str] = field(default_factory=Counter)
    engine_seconds: float = 0.0

    def add(self, run: TournamentRun) -> None:
        self.tournaments += 1
        if run.error is not None:
            self.not_generated += 1
            return
        self.rounds += run.compared
        self.same += run.compared - len(run.cases)
        self.engine_seconds += run.engine_seconds
        for c in run.cases:
            self.by_kind[c.kind] += 1
            self.better[c.better] += 1
            self.by_criterion[(c.judgement.criterion if c.judgement else None) or "engine failed"] += 1

    @property
    def different(self) -> int:
        return self.rounds - self.same

    def as_dict(self) -> dict[str, Any]:
        return {"tournaments": self.tournaments, "not_generated": self.not_generated, "rounds": self.rounds,
                "same": self.same, "different": self.different, "by_kind": dict(sorted(self.by_kind.items())),
                "better": dict(sorted(self.better.items())), "by_criterion": dict(sorted(self.by_criterion.items())),
                "engine_seconds": round(self.engine_seconds, 3)}


def write_golden(folder: str | Path, case: Case) -> list[Path]:
    """The case as a golden pair in ``folder``: ``NAME.trf`` (the engine's input), ``NAME.pairs``
    (the pairing the checker prefers: ours unless it judged the engine's better), beside them
    ``NAME.engine.pairs`` (what the engine gave, when it gave one) and ``NAME.json`` (the
    verdict).  Written atomically; returns the paths."""
    from trf.writer import write_atomic

    base = Path(folder)
    base.mkdir(parents=True, exist_ok=True)
    golden = case.theirs if case.better == "engine" and case.theirs is not None else case.ours
    files = [(base / f"{case.name}.trf", case.input_text), (base / f"{case.name}.pairs", pairs_text(golden))]
    if case.theirs is not None:
        files.append((base / f"{case.name}.engine.pairs", pairs_text(case.theirs)))
    files.append((base / f"{case.name}.json", json.dumps(case.as_dict(), indent=2) + "\n"))
    for path, text in files:
        write_atomic(path, text.encode("utf-8"))
    return [p for p, _ in files]

