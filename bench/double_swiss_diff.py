"""The Double-Swiss engine (C.04.5) against the one other implementation's answers in the shared
corpus, every disagreement classified; and the engine against the checker on random events.

    python bench/double_swiss_diff.py corpus [--corpus DIR]     # the corpus library's pairings
    python bench/double_swiss_diff.py agree --events 1000       # engine vs checker, mutations

``corpus``: each ``rRR.trf`` (two columns per match; its ``142`` counts matches, so the number of
rounds is taken from ``rRR.json``'s ``expectedRounds``) is paired by the engine and compared with
``rRR.expected`` (one match per line, game-1 colours).  A disagreement is classified by what the
checker (:mod:`checker.double_swiss`, the rules read independently of the engine) says of the
library's pairing: its first finding names the rule the library's pairing departs from; no
finding with another pairing would be our bug (counted as ``ours``).  The corpus README says how
far to trust the library (echecsjs/swiss ``double``: upfloater = the highest TPN of the next
group, no C6-C8, colours 4.3.1-4.3.5).

``agree``: random events (:mod:`bench.double_swiss_gen`, 6-40 players, 4-9 rounds, forfeits and
byes); every round the engine pairs is checked (it must be accepted) and mutated (colours of a
board reversed; two boards' partners exchanged; the PAB moved): every mutation must be flagged.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import trf  # noqa: E402
from bench.double_swiss_gen import GenSettings, generate  # noqa: E402
from checker.double_swiss import check_pairing, rules_pairing  # noqa: E402
from pairing.double_swiss import NoLegalPairing, pair_match_round  # noqa: E402

CORPUS = Path("/work/shared/corpus/double-swiss")

#: what a first finding on the library's pairing means, in words
READING = {
    "C4": "their upfloaters: more than needed (our reading of Art. 2.3.1)",
    "C5": "their upfloater is not from the highest lower scoregroup (Art. 2.3.2)",
    "C6": "their upfloater leaves the next scoregroup unpairable (Art. 2.3.3; the library has no C6)",
    "C7": "their upfloater floated in the previous round (Art. 2.3.4; the library has no C7)",
    "3.5.4": "their upfloater is the highest TPN of its group; Art. 3.5.3-3.5.4 take the lexicographically first set",
    "C8": "their bracket pairs an upfloater with a previous-round floater (Art. 2.3.5; the library has no C8)",
    "3.6.4": "their bracket is not the first identifier (Art. 3.6.2-3.6.4)",
    "C1": "their pairing repeats a meeting (Art. 2.1.1)",
    "C3": "their choice leaves no legal pairing of the rest (Art. 2.2.1)",
}


def corpus(folder: Path) -> None:
    kinds: Counter[str] = Counter()
    examples: dict[str, str] = {}
    rounds = same = 0
    for f in sorted(folder.glob("*/r*.trf")):
        meta = json.loads(f.with_suffix(".json").read_text())
        rnd = int(f.stem[1:])
        t = trf.parse_file(f).tournament
        theirs = tuple(tuple(int(x) for x in line.split()) for line in f.with_suffix(".expected").read_text().split("\n")
                       if line.strip())
        got = pair_match_round(t, rnd, total_rounds=meta["expectedRounds"]).pairing
        rounds += 1
        ours = {frozenset(b) for b in got.boards}
        if set(got.boards) == set(theirs):
            same += 1
            continue
        if ours == {frozenset(b) for b in theirs}:
            report = check_pairing(t, rnd, theirs, None, total_rounds=meta["expectedRounds"])
            kind = "colours " + (report.findings[0].criterion if report.findings else "ours")
        else:
            report = check_pairing(t, rnd, theirs, None, total_rounds=meta["expectedRounds"])
            kind = report.findings[0].criterion if report.findings else "ours"
        kinds[kind] += 1
        examples.setdefault(kind, f"{f.parent.name}/{f.name}: "
                            + (report.findings[0].message if report.findings else "no finding"))
    print(f"{rounds} rounds; identical {same}; disagreements {rounds - same}")
    for kind, n in kinds.most_common():
        what = READING.get(kind.split()[-1], "game-1 colours by another step of Art. 4.3" if kind.startswith("colours")
                           else "our bug")
        print(f"  {n:4d}  {kind:<12} {what}")
        print(f"        e.g. {examples[kind]}")


def agree(events: int, seed: int) -> None:
    rng = random.Random(seed)
    rounds = accepted = mutations = flagged = none = 0
    failures: list[str] = []
    for e in range(events):
        s = GenSettings(players=rng.randint(6, 40), rounds=0, total=rng.randint(4, 9), seed=rng.randrange(10 ** 9),
                        forfeit_game=0.02, forfeit_match=0.01, bye_rate=0.02)
        played = rng.randint(1, s.total)
        _, before = generate(s, until=played)
        for r, text in enumerate(before, 1):
            t = trf.parse_text(text).tournament
            try:
                got = pair_match_round(t, r).pairing
            except NoLegalPairing:
                none += 1
                try:
                    rules_pairing(t, r)
                    failures.append(f"event {e} (seed {s.seed}) round {r}: the checker pairs a round the engine cannot")
                except ValueError:
                    pass
                continue
            rounds += 1
            rep = check_pairing(t, r, got.boards, got.bye)
            if rep.ok:
                accepted += 1
            else:
                failures.append(f"event {e} (seed {s.seed}, {s.players} players) round {r}: {rep.findings[0].message}")
            boards = list(got.boards)
            muts = []
            if boards:
                w, b = boards[0]
                muts.append((tuple([(b, w)] + boards[1:]), got.bye))
            if len(boards) > 1:
                (a, b), (x, y) = boards[0], boards[-1]
                muts.append((tuple([(a, y)] + boards[1:-1] + [(x, b)]), got.bye))
            if got.bye is not None and boards:
                w, b = boards[-1]
                muts.append((tuple(boards[:-1] + [(w, got.bye)]), b))
            for mb, mbye in muts:
                mutations += 1
                if check_pairing(t, r, mb, mbye).findings:
                    flagged += 1
                else:
                    failures.append(f"event {e} (seed {s.seed}) round {r}: a mutation not flagged {mb} {mbye}")
    print(f"{events} events, {rounds} rounds: the checker accepts {accepted} of the engine's rounds; "
          f"{flagged} of {mutations} mutated rounds flagged; {none} rounds without a legal pairing (both agree)")
    for line in failures[:20]:
        print("  " + line)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="mode", required=True)
    c = sub.add_parser("corpus")
    c.add_argument("--corpus", type=Path, default=CORPUS)
    g = sub.add_parser("agree")
    g.add_argument("--events", type=int, default=1000)
    g.add_argument("--seed", type=int, default=2026)
    a = ap.parse_args()
    if a.mode == "corpus":
        corpus(a.corpus)
    else:
        agree(a.events, a.seed)


if __name__ == "__main__":
    main()
