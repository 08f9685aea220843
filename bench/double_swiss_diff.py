"""The Double-Swiss engine (C.04.5) against the one other implementation's answers in the shared
corpus, every disagreement classified; and the engine against the checker on random events.

    python bench/double_swiss_diff.py corpus [--corpus DIR]     # the corpus library's pairings
    python bench/double_swiss_diff.py agree --events 1000 --seed 2026   # engine vs checker on RTG events

``corpus``: each ``rRR.trf`` (two columns per match; its ``142`` counts matches, so the number of
rounds is taken from ``rRR.json``'s ``expectedRounds``) is paired by the engine and compared with
``rRR.expected`` (one match per line, game-1 colours).  A disagreement is classified by what the
checker (:mod:`checker.double_swiss`, the rules read independently of the engine) says of the
library's pairing: its first finding names the rule the library's pairing departs from; no
finding with another pairing would be our bug (counted as ``ours``).  The corpus README says how
far to trust the library (echecsjs/swiss ``double``: upfloater = the highest TPN of the next
group, no C6-C8, colours 4.3.1-4.3.5).

``agree``: the tournaments ``arbiter generate --system double-swiss --players 6-60 --rounds 3-9
--vary --count N --seed S`` writes (:mod:`verify.generate`, the project's one generator: forfeits
of one game and of whole matches, requested byes, late entries, withdrawals, unusual scores, each
drawn per event from ``--vary``'s ranges); each file read back and validated, every match round
the engine paired judged by the checker (it must be accepted) and mutated (colours of a board
reversed; two boards' partners exchanged; the PAB moved): every mutation must be flagged.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Optional

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import trf  # noqa: E402
from bench.double_swiss_gen import SYSTEM  # noqa: E402
from checker.double_swiss import check_pairing, check_round, rules_pairing  # noqa: E402
from pairing.double_swiss import NoLegalPairing, pair_match_round  # noqa: E402
from trf.matches import layout_problems, match_columns, matches_paired  # noqa: E402
from trf.model import Colour, Result, Tournament  # noqa: E402
from verify.generate import VARY_RANGES, GeneratorSettings, default_tiebreaks, generate, parse_range, settings_for  # noqa: E402

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


#: ``--vary``'s options drawn per event in ``agree``: all but the size (drawn from the ranges).
AGREE_VARY = frozenset(VARY_RANGES) - {"players", "rounds"}


def _mutations(boards: list[tuple[int, int]], bye: Optional[int]) -> list[tuple[tuple[tuple[int, int], ...], Optional[int]]]:
    """Three departures from a round: board 1's colours reversed; the first and the last
    board's partners exchanged; the PAB moved to a player of the last board."""
    muts = []
    if boards:
        w, b = boards[0]
        muts.append((tuple([(b, w)] + boards[1:]), bye))
    if len(boards) > 1:
        (a, b), (x, y) = boards[0], boards[-1]
        muts.append((tuple([(a, y)] + boards[1:-1] + [(x, b)]), bye))
    if bye is not None and boards:
        w, b = boards[-1]
        muts.append((tuple(boards[:-1] + [(w, bye)]), b))
    return muts


def agree(events: int, seed: int, players: tuple[int, int], rounds: tuple[int, int]) -> None:
    """``events`` tournaments of ``arbiter generate --system double-swiss --players LO-HI --rounds
    LO-HI --vary --count EVENTS --seed SEED``: each file read back, validated (no error, no
    warning), each match round the engine paired judged by the checker (it must be accepted) and
    mutated (each mutation must be flagged); a round the engine cannot pair must have no legal
    pairing for the checker either."""
    from trf.validate import validate

    template = GeneratorSettings(players=players[0], rounds=rounds[0], seed=seed, system=SYSTEM,
                                 tiebreaks=default_tiebreaks(SYSTEM))
    made = rounds_seen = accepted = mutations = flagged = none = unclean = 0
    kinds: Counter[str] = Counter()
    failures: list[str] = []
    for i in range(1, events + 1):
        s = settings_for(template, seed, i, players, rounds, AGREE_VARY)
        inputs: list[Tournament] = []
        try:
            t = generate(s, observe=lambda t, rnd: inputs.append(t))
        except NoLegalPairing:
            none += 1
            try:
                rules_pairing(inputs[-1], len(inputs))
                failures.append(f"event {i} (seed {s.seed}) round {len(inputs)}: the checker pairs a round the "
                                f"engine cannot")
            except ValueError:
                pass
            continue
        made += 1
        text = trf.dumps(t)
        back = trf.parse_text(text).tournament
        problems = [d for d in validate(back) if d.severity.name in ("ERROR", "WARNING")]
        if problems or layout_problems(back) or trf.dumps(back) != text:
            unclean += 1
            failures.append(f"event {i} (seed {s.seed}): not clean: {problems[:1] or layout_problems(back)[:1]}")
        for r in range(1, matches_paired(back) + 1):
            rounds_seen += 1
            c1, c2 = match_columns(r)
            for p in back.players:
                e1, e2 = p.entry(c1), p.entry(c2)
                if e1 is None or e2 is None:
                    continue
                if e1.opponent is None:
                    kinds[f"bye {e1.code.value if e1.code else ' '} {e2.code.value if e2.code else ' '}"] += 1
                elif p.start_rank < e1.opponent:
                    codes = (e1.result, e2.result)
                    if all(c is Result.FORFEIT_LOSS for c in codes) or all(c is Result.FORFEIT_WIN for c in codes):
                        kinds["match forfeited on both games (no meeting)"] += 1
                    elif any(c in (Result.FORFEIT_LOSS, Result.FORFEIT_WIN) for c in codes):
                        kinds["match with one forfeited game (or one each)"] += 1
                    if any(c in (Result.WIN_UNRATED, Result.DRAW_UNRATED, Result.LOSS_UNRATED) for c in codes):
                        kinds["match with a game of less than one move"] += 1
            pairs, bye = given_pairing(back, r)
            rep = check_round(back, r)
            if rep.ok:
                accepted += 1
            else:
                failures.append(f"event {i} (seed {s.seed}, {s.players} players) round {r}: {rep.findings[0].message}")
            for mb, mbye in _mutations(pairs, bye):
                mutations += 1
                if check_pairing(back, r, mb, mbye).findings:
                    flagged += 1
                else:
                    failures.append(f"event {i} (seed {s.seed}) round {r}: a mutation not flagged {mb} {mbye}")
        kinds["299 adjustment (a game scored 0 written as a draw)"] += len(back.abnormal_points)
    print(f"{events} tournaments ({players[0]}-{players[1]} players, {rounds[0]}-{rounds[1]} matches, --vary, "
          f"seed {seed}): {made} generated, {none} stopped at a round without a legal pairing (the checker agrees "
          f"on {none - sum('checker pairs' in f for f in failures)}); {unclean} not clean (validate, layout, "
          f"byte-stable)")
    print(f"{rounds_seen} match rounds: the checker accepts {accepted}; {flagged} of {mutations} mutated rounds flagged")
    for kind, n in sorted(kinds.items()):
        print(f"  {n:6d}  {kind}")
    for line in failures[:20]:
        print("  " + line)


def given_pairing(t: Tournament, rnd: int) -> tuple[list[tuple[int, int]], Optional[int]]:
    """Match round ``rnd`` as the file holds it: (White, Black) of game 1 by board, and the PAB."""
    c1, _ = match_columns(rnd)
    pairs, bye = [], None
    for p in t.players:
        e = p.entry(c1)
        if e is None:
            continue
        if e.opponent is not None and e.colour is Colour.WHITE:
            pairs.append((p.start_rank, e.opponent))
        elif e.opponent is None and e.result is Result.PAIRING_ALLOCATED_BYE:
            bye = p.start_rank
    return pairs, bye


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="mode", required=True)
    c = sub.add_parser("corpus")
    c.add_argument("--corpus", type=Path, default=CORPUS)
    g = sub.add_parser("agree")
    g.add_argument("--events", type=int, default=1000)
    g.add_argument("--seed", type=int, default=2026)
    g.add_argument("--players", default="6-60", help="players per event, LO-HI")
    g.add_argument("--rounds", default="3-9", help="matches per event, LO-HI")
    a = ap.parse_args()
    if a.mode == "corpus":
        corpus(a.corpus)
    else:
        agree(a.events, a.seed, parse_range(a.players, "players"), parse_range(a.rounds, "rounds"))


if __name__ == "__main__":
    main()
