"""Engine against checker for a Swiss system of the registry, on tournaments made by the
project's generator (``arbiter generate --system NAME``), with mutated rounds that the checker
must flag: what ``bench/burstein_agree.py``, ``bench/dubov_agree.py`` and ``bench/lim_agree.py``
share.

Tournament ``i`` (1..N) is made by :func:`verify.generate.generate` with the settings
:func:`verify.generate.settings_for` derives from the master seed (players uniform in the range
given, 3-11 rounds, at most players - 1) and the options of :data:`VARY` drawn at random for it
(draws, forfeits of one or both sides, full-, half- and zero-point byes, late entries and what
they get for the rounds they missed, withdrawals, the 3/1/0 scoring, a PAB worth a draw, Baku
acceleration).  A system may leave its first rounds to another system (:class:`Bench`
``first_round``): they are not judged.

Each judged round is judged by the checker's own reading (through the registry's door): it must
find nothing (``dissents`` counts the rounds where it does; a note that a bracket was not
searched counts in ``notes``).  Then the round is mutated, each mutation written into the file cut
before the round (:func:`trf.edit.with_pairing`) and judged again; every one must be flagged (a
finding):

* ``colours``   one board's colours reversed;
* ``adjacent``  the black players of two neighbouring boards exchanged;
* ``exchange``  the black players of two boards drawn at random exchanged;
* ``pab``       the PAB given to a player of a board drawn at random, the old PAB taking their
  place.

Since the rules fix one pairing, any other pairing breaks a rule: a mutation the checker lets pass
is a gap in the checker (or the engine's round was not the rules' one).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Callable, Optional

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

#: The generator's options drawn for each tournament (``arbiter generate --vary``).
VARY = frozenset({"draw_rate", "forfeit_rate", "double_forfeit_rate", "full_byes", "half_byes", "zero_byes",
                  "late_entries", "late_missed", "withdrawals", "points", "pab", "baku"})

Boards = tuple[tuple[int, int], ...]
Mutated = Optional[tuple[Boards, Optional[int]]]


def _colours(boards: Boards, bye: Optional[int], rng: random.Random) -> Mutated:
    if not boards:
        return None
    k = rng.randrange(len(boards))
    w, b = boards[k]
    return boards[:k] + ((b, w),) + boards[k + 1:], bye


def _swap(boards: Boards, i: int, j: int) -> Boards:
    out = list(boards)
    (a, b), (c, d) = out[i], out[j]
    out[i], out[j] = (a, d), (c, b)
    return tuple(out)


def _adjacent(boards: Boards, bye: Optional[int], rng: random.Random) -> Mutated:
    if len(boards) < 2:
        return None
    k = rng.randrange(len(boards) - 1)
    return _swap(boards, k, k + 1), bye


def _exchange(boards: Boards, bye: Optional[int], rng: random.Random) -> Mutated:
    if len(boards) < 2:
        return None
    i, j = rng.sample(range(len(boards)), 2)
    return _swap(boards, i, j), bye


def _pab(boards: Boards, bye: Optional[int], rng: random.Random) -> Mutated:
    if bye is None or not boards:
        return None
    k = rng.randrange(len(boards))
    w, b = boards[k]
    if rng.random() < 0.5:
        return boards[:k] + ((bye, b),) + boards[k + 1:], w
    return boards[:k] + ((w, bye),) + boards[k + 1:], b


#: The mutations, by name (module docstring).
MUTATIONS: dict[str, Callable[[Boards, Optional[int], random.Random], Mutated]] = {
    "colours": _colours, "adjacent": _adjacent, "exchange": _exchange, "pab": _pab}


def _from_round_one(rounds: int) -> int:
    return 1


@dataclass(frozen=True)
class Bench:
    """What a system's bench says: the system's name, the first round its engine pairs (from the
    number of rounds) and a setup run in the worker before a tournament (its options)."""

    system: str
    first_round: Callable[[int], int] = _from_round_one
    setup: Optional[Callable[[dict[str, Any]], None]] = None
    #: The generator's options drawn (a system that refuses Baku acceleration leaves ``baku`` out).
    vary: frozenset[str] = VARY


def agree_one(bench: Bench, index: int, master: int, lo: int, hi: int, keep: Optional[str] = None,
              options: Optional[dict[str, Any]] = None) -> dict[str, Any]:
    """Tournament ``index`` of the run with master seed ``master``: generated, every round from
    the bench's first round checked, and mutated (module docstring).  Returns the counts."""
    if bench.setup is not None:
        bench.setup(options or {})
    import systems
    import trf
    from pairing.result import NoLegalPairing
    from systems.base import CheckRequest
    from trf.edit import cut_to_round, with_pairing
    from trf.model import Result
    from verify.generate import GeneratorSettings, generate, settings_for

    s = settings_for(GeneratorSettings(players=lo, rounds=3, system=bench.system), master, index, (lo, hi), (3, 11),
                     bench.vary)
    got: dict[str, Any] = {"index": index, "players": s.players, "rounds": 0, "checked": 0, "dissents": [],
                           "notes": 0, "mutations": Counter(), "flagged": Counter(), "rules": Counter(),
                           "missed": [], "seconds": 0.0}
    t0 = time.process_time()
    rounds = s.rounds
    while True:  # a small field may run out of opponents (C1, C3): fewer rounds then
        try:
            t = generate(replace(s, rounds=rounds))
            break
        except NoLegalPairing:
            rounds -= 1
            if rounds < 1:
                return got
    got["rounds"] = rounds
    sel = systems.select(t, system=bench.system)
    rng = random.Random(f"agree:{master}:{index}")

    def verdict(tt: Any, r: int) -> Any:
        return sel.system.check(tt, [r], sel, CheckRequest(engine=False))[0]

    for r in range(bench.first_round(rounds), t.rounds_paired + 1):
        boards: Boards = tuple((g.white, g.black) for g in t.games(r))
        bye = next((b.player for b in t.byes(r) if b.kind is Result.PAIRING_ALLOCATED_BYE), None)
        report = verdict(t, r)
        got["checked"] += 1
        got["notes"] += sum(1 for n in report.notes if "not searched" in n)
        if not report.ok:
            got["dissents"].append({"round": r, "findings": [f.message for f in report.findings]})
            if keep:
                _keep(keep, index, r, trf.dumps(t), report)
            continue
        cut = cut_to_round(t, r)
        for name, mutate in MUTATIONS.items():
            m = mutate(boards, bye, rng)
            if m is None:
                continue
            mb, mbye = m
            got["mutations"][name] += 1
            mreport = verdict(with_pairing(cut, r, mb, mbye), r)
            if mreport.findings:
                got["flagged"][name] += 1
                got["rules"][f"{name}:{mreport.findings[0].criterion}"] += 1
            else:
                got["missed"].append({"round": r, "mutation": name, "boards": mb, "bye": mbye,
                                      "notes": list(mreport.notes)})
                if keep:
                    _keep(keep, index, r, trf.dumps(with_pairing(cut, r, mb, mbye)), mreport, name)
    got["seconds"] = time.process_time() - t0
    return got


def _keep(out: str, index: int, r: int, text: str, report: Any, name: str = "engine") -> None:
    d = Path(out) / f"t{index:04d}-r{r:02d}-{name}"
    d.mkdir(parents=True, exist_ok=True)
    (d / "round.trf").write_text(text, encoding="utf-8")
    (d / "report.json").write_text(json.dumps([f.as_dict() for f in report.findings] + list(report.notes), indent=1))


def summarise(results: list[dict[str, Any]]) -> dict[str, Any]:
    """The run's totals from :func:`agree_one`'s counts."""
    total: dict[str, Any] = {"tournaments": len(results), "rounds_checked": 0, "dissents": 0, "not_searched": 0,
                             "mutations": Counter(), "flagged": Counter(), "first_rule": Counter(), "missed": [],
                             "dissent_rounds": [], "cpu_seconds": 0.0}
    for g in results:
        total["rounds_checked"] += g["checked"]
        total["dissents"] += len(g["dissents"])
        total["not_searched"] += g["notes"]
        total["mutations"].update(g["mutations"])
        total["flagged"].update(g["flagged"])
        total["first_rule"].update(g["rules"])
        total["missed"] += [{"index": g["index"], **m} for m in g["missed"]]
        total["dissent_rounds"] += [{"index": g["index"], **d} for d in g["dissents"]]
        total["cpu_seconds"] += g["seconds"]
    total["mutations_total"] = sum(total["mutations"].values())
    total["flagged_total"] = sum(total["flagged"].values())
    for k in ("mutations", "flagged", "first_rule"):
        total[k] = dict(sorted(total[k].items()))
    total["cpu_seconds"] = round(total["cpu_seconds"], 1)
    return total


def main(bench: Bench, description: str,
         extra: Callable[[argparse.ArgumentParser], None] = lambda ap: None) -> int:
    """The command line of a system's bench (``--count --seed --min-players --max-players
    --workers --json --keep`` and the system's own options, added by ``extra``, handed to its
    setup).  Exit 0 when the checker accepts every round and flags every mutation, 1 otherwise."""
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--min-players", type=int, default=6)
    ap.add_argument("--max-players", type=int, default=60)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--json")
    ap.add_argument("--keep", help="a folder where dissenting rounds and missed mutations are written")
    extra(ap)
    a = ap.parse_args()
    known = {"count", "seed", "min_players", "max_players", "workers", "json", "keep"}
    options = {k: v for k, v in vars(a).items() if k not in known}
    with ProcessPoolExecutor(a.workers) as ex:
        futs = [ex.submit(agree_one, bench, i, a.seed, a.min_players, a.max_players, a.keep, options)
                for i in range(1, a.count + 1)]
        results = []
        for k, fut in enumerate(futs, start=1):
            results.append(fut.result())
            if k % 50 == 0:
                print(f"{k} tournaments", file=sys.stderr, flush=True)
    total = summarise(results)
    text = json.dumps(total, indent=1, default=list)
    print(text)
    if a.json:
        Path(a.json).write_text(text + "\n")
    return 0 if total["dissents"] == 0 and total["flagged_total"] == total["mutations_total"] else 1
