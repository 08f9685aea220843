"""The Double-Swiss engine (C.04.5) against the one other implementation's answers in the shared
corpus, every disagreement classified; and the engine against the checker on random events.

    python bench/double_swiss_diff.py corpus [--corpus DIR]     # the corpus library's pairings
    python bench/double_swiss_diff.py agree --events 1000 --seed 2026   # engine vs checker on RTG events
    python bench/double_swiss_diff.py live --driver 'node DRIVER.mjs --jsonl' --events 500

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

``live``: fresh random events (:mod:`bench.double_swiss_gen`: even fields of 8-40 players, 4-9
match rounds, every round played; no forfeits and no byes unless ``--odd`` / ``--forfeits``, as
the library scores a PAB 1 point and reads byes per game), each round paired by the engine and
the same history given to the second implementation; each disagreement classified as above, and
besides: ``incomplete`` (the library leaves players unpaired without a bye: its bracket has no
legal pairing and it has no look-ahead, C3), ``skipped`` (the library declined: it enumerates every
pairing of a bracket, so its driver refuses brackets above a size: 12 in the runs of
``docs/double-swiss.md``), ``ours`` (the
checker finds nothing in a different pairing: to be examined by hand).  For each disagreement
it also notes whether the library's scores differ from the game points (Preface).

The second implementation is no part of the toolkit and never a test dependency: ``--driver``
is the command of a driver that reads one history per line on stdin (the shape of the shared
corpus's ``rRR.json``: ``{"players": [{"id": "1", "rating": 2400, ...}, ...], "rounds":
[{"games": [{"white": "1", "black": "5", "result": "white|black|draw", "forfeit"?: "white|black"},
...], "byes": [{"player": "7", "kind": "pairing|half|full"}]}, ...]}``, ids are TPNs, each
match two games, game 1 first) and answers one line each: ``{"games": [["white", "black"], ...],
"byes": ["id"]}``, ``{"skipped": "why"}`` or ``{"error": "why"}``.  (The one used for
``docs/double-swiss.md``: echecsjs/swiss at commit 678e475, ``src/double-entry.ts`` bundled by
esbuild, a 60-line node script.)
"""

from __future__ import annotations

import argparse
import json
import random
import shlex
import subprocess
import sys
from collections import Counter
from fractions import Fraction
from pathlib import Path
from typing import Any, Optional

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import trf  # noqa: E402
from bench.double_swiss_gen import SYSTEM, GenSettings  # noqa: E402
from bench.double_swiss_gen import generate as bench_events  # noqa: E402
from checker.double_swiss import check_pairing, check_round, rules_pairing  # noqa: E402
from checker.double_swiss.check import colour_of  # noqa: E402
from checker.double_swiss.state import round_state  # noqa: E402
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
    "3.4.1": "their PAB leaves no legal pairing of the others (Art. 3.4.1; the library does not look)",
    "3.4.2": "their PAB is not the lowest score (Art. 3.4.2)",
    "3.4.3": "their PAB has not played the most matches (Art. 3.4.3)",
    "3.4.4": "their PAB is not the largest TPN (Art. 3.4.4)",
    "C2": "their PAB goes to a player who had one (Art. 2.1.2)",
    "incomplete": "the library leaves players unpaired without a bye (a bracket without a legal pairing; no C3)",
    "skipped": "the library declined (a bracket too large to enumerate)",
    "error": "the library failed",
    "ours": "no finding: to be examined by hand",
    "none": "no legal pairing (Art. 3.3.3): the engine and the checker agree; the library's answer is incomplete",
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


#: why the library's game-1 colours of a board differ from Art. 4.3's
COLOUR_CAUSES = {
    "rank": "its higher-ranked player is the other one (by its scores: game 1 only, Preface and Art. 1.2)",
    "history": "its colour history counts game 1 of a match in which no game was played (Art. 1.6)",
    "D21": "the same histories; 4.3.3 read by match index from the first (D21: C.04.2 Art. 3.4 reads back "
           "from each one's latest)",
    "unexplained": "neither: to be examined by hand",
}

_WON = {Result.WIN, Result.WIN_UNRATED, Result.FORFEIT_WIN}
_DRAWN = {Result.DRAW, Result.DRAW_UNRATED, Result.ADJOURNED}


def history_of(t: Tournament, rnd: int) -> dict[str, Any]:
    """The history before match round ``rnd`` in the shape of the corpus's ``rRR.json`` (each match
    two games, game 1 first; ids are TPNs as strings)."""
    players = sorted(t.players, key=lambda p: p.start_rank)
    rounds = []
    for m in range(1, rnd):
        games: list[dict[str, str]] = []
        byes: list[dict[str, str]] = []
        c1, c2 = match_columns(m)
        for p in players:
            e1 = p.entry(c1)
            if e1 is None:
                continue
            if e1.opponent is None:
                kind = {Result.PAIRING_ALLOCATED_BYE: "pairing", Result.HALF_POINT_BYE: "half",
                        Result.FULL_POINT_BYE: "full"}.get(e1.code) if e1.code is not None else None
                if kind is not None:
                    byes.append({"player": str(p.start_rank), "kind": kind})
                continue
            for c in (c1, c2):
                e = p.entry(c)
                if e is None or e.opponent is None or e.colour is not Colour.WHITE or e.result is None:
                    continue
                game = {"white": str(p.start_rank), "black": str(e.opponent),
                        "result": "white" if e.result in _WON else "draw" if e.result in _DRAWN else "black"}
                if e.result is Result.FORFEIT_WIN:
                    game["forfeit"] = "black"
                elif e.result is Result.FORFEIT_LOSS:
                    game["forfeit"] = "white"
                games.append(game)
        rounds.append({"games": _game_one_first(games, t, m), "byes": byes})
    return {"players": [{"id": str(p.start_rank), "rating": p.rating or 0, "rank": p.start_rank,
                         "startingRank": p.start_rank, "points": 0} for p in players],
            "rounds": rounds}


def _game_one_first(games: list[dict[str, str]], t: Tournament, m: int) -> list[dict[str, str]]:
    """Each match's game 1, then its game 2 (the library reads a player's first game of a round)."""
    c1, _ = match_columns(m)
    first: list[dict[str, str]] = []
    second: list[dict[str, str]] = []
    for g in games:
        e = t.player(int(g["white"])).entry(c1)
        (first if e is not None and e.colour is Colour.WHITE and e.opponent == int(g["black"]) else second).append(g)
    out = []
    for g in first:
        out.append(g)
        out += [h for h in second if {h["white"], h["black"]} == {g["white"], g["black"]}]
    return out + [h for h in second if h not in out]


def library_scores(history: dict[str, Any], per_game: bool) -> dict[int, Fraction]:
    """The scores the library ranks by: a match's first game only and the PAB 1 point (as published),
    or both games and 1½ (``per_game``, the scores of the Preface)."""
    out: dict[int, Fraction] = {int(p["id"]): Fraction(0) for p in history["players"]}
    for r in history["rounds"]:
        bye_kind = {b["player"]: b["kind"] for b in r["byes"]}
        for pid in out:
            kind = bye_kind.get(str(pid))
            if kind is not None:
                out[pid] += {"pairing": Fraction(3, 2) if per_game else Fraction(1),
                             "full": Fraction(2) if per_game else Fraction(1),
                             "half": Fraction(1) if per_game else Fraction(1, 2)}[kind]
                continue
            games = [g for g in r["games"] if str(pid) in (g["white"], g["black"])]
            for g in games if per_game else games[:1]:
                side = "white" if g["white"] == str(pid) else "black"
                out[pid] += Fraction(1, 2) if g["result"] == "draw" else Fraction(int(g["result"] == side))
    return out


class Driver:
    """The second implementation behind its driver command (JSON lines in and out)."""

    def __init__(self, command: str) -> None:
        try:
            self.proc = subprocess.Popen(shlex.split(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         text=True, bufsize=1)
        except OSError as e:
            print(f"live: the driver command {command!r} cannot be started: {e.strerror}", file=sys.stderr)
            sys.exit(2)

    def ask(self, history: dict[str, Any]) -> dict[str, Any]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(history) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            sys.exit("live: the driver ended without an answer")
        answer: dict[str, Any] = json.loads(line)
        return answer

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait()


def classify(t: Tournament, rnd: int, total: int, answer: dict[str, Any],
             ours: Optional[tuple[tuple[tuple[int, int], ...], Optional[int]]]) -> tuple[str, str]:
    """The class of the library's ``answer`` for match round ``rnd`` against ``ours`` (boards, PAB;
    ``None``: no legal pairing), and a line to show."""
    if "skipped" in answer:
        return "skipped", answer["skipped"]
    if "error" in answer:
        return "error", answer["error"]
    theirs = tuple((int(w), int(b)) for w, b in answer["games"])
    bye = int(answer["byes"][0]) if answer["byes"] else None
    if ours is not None and set(theirs) == set(ours[0]) and bye == ours[1]:
        return "identical", ""
    report = check_pairing(t, rnd, theirs, bye, total_rounds=total)
    paired = {p for b in theirs for p in b} | ({bye} if bye is not None else set())
    if len(paired) < report.players:
        return ("none" if ours is None else "incomplete"), f"{report.players - len(paired)} players left unpaired"
    if not report.findings:
        return "ours", f"no finding on theirs {theirs} bye {bye}; ours {ours}"
    first = report.findings[0]
    same_pairs = ours is not None and {frozenset(b) for b in theirs} == {frozenset(b) for b in ours[0]}
    return ("colours " if same_pairs else "") + first.criterion, first.message


def _their_colours(history: dict[str, Any], pid: int) -> list[str]:
    """The second implementation's match colours of ``pid``: game 1's colour of every round in
    which it has a game, a forfeited one too (``"white"``/``"black"``)."""
    out = []
    for r in history["rounds"]:
        g = next((g for g in r["games"] if str(pid) in (g["white"], g["black"])), None)
        if g is not None:
            out.append("white" if g["white"] == str(pid) else "black")
    return out


def _by_index(first: list[str], other: list[str]) -> Optional[str]:
    """Art. 4.3.2-4.3.5 as the second implementation reads them, on its histories: the colour of
    the higher-ranked ``first`` (None: 4.3.1, neither has a colour)."""
    if not first and not other:
        return None
    if first.count("white") != other.count("white"):
        return "white" if first.count("white") < other.count("white") else "black"
    for i in range(min(len(first), len(other)) - 1, -1, -1):    # 4.3.3 by match index from the first
        if first[i] != other[i]:
            return "black" if first[i] == "white" else "white"
    if first:
        return "black" if first[-1] == "white" else "white"
    return "white" if other[-1] == "white" else "black"


def board_colours(t: Tournament, rnd: int, total: int, answer: dict[str, Any], history: dict[str, Any],
                  per_game: bool) -> list[tuple[str, str]]:
    """Each board of the library's answer whose game-1 colours differ from Art. 4.3's (the checker's
    :func:`colour_of`; the colours depend only on the two players, not on the rest of the
    pairing): (the step that decides and the cause, a line to show).  The cause, when its reading
    of Art. 4.3 on its facts gives its colours: ``rank`` when its higher-ranked player (by its
    scores, :func:`library_scores`) is the other one, else ``history`` when its colour histories
    differ from Art. 1.6's (it counts the game-1 colour of a match in which no game was played),
    else ``D21`` (its reading of 4.3.3 by match index); ``unexplained`` when its reading does not
    give its colours."""
    st = round_state(t, rnd, total)
    scores = library_scores(history, per_game)
    out = []
    for w, b in answer.get("games", ()):
        a, c = int(w), int(b)
        if a not in st.facts or c not in st.facts:
            continue
        white, black, step = colour_of(st, a, c)
        if (white, black) == (a, c):
            continue
        fa, fc = st.facts[a], st.facts[c]
        h, o = (fa, fc) if (-fa.score, a) < (-fc.score, c) else (fc, fa)
        ours = {p.tpn: ["white" if x is Colour.WHITE else "black" for x in p.colours] for p in (h, o)}
        theirs = {p.tpn: _their_colours(history, p.tpn) for p in (h, o)}
        th, to = (a, c) if (-scores[a], a) < (-scores[c], c) else (c, a)
        got = _by_index(theirs[th], theirs[to])
        reproduced = got is not None and (got == "white") == (a == th)
        cause = ("unexplained" if not reproduced else "rank" if th != h.tpn else "history" if ours != theirs
                 else "D21")
        out.append((f"{step} {cause}", f"{a}-{c}: Art. {step} gives White to {white} (histories {a}: "
                                       f"{''.join(x.value for x in fa.colours)}, {c}: "
                                       f"{''.join(x.value for x in fc.colours)})"))
    return out


def live(driver: Optional[str], events: int, seed: int, low: int, high: int, odd: bool, forfeits: bool,
         per_game: bool, show: int) -> None:
    if driver is None:
        print("live: no second implementation given: --driver 'COMMAND' is needed (a driver answering one JSON "
              "history per line; see this script's docstring); the toolkit ships none", file=sys.stderr)
        sys.exit(2)
    lib = Driver(driver)
    rng = random.Random(seed)
    kinds: Counter[str] = Counter()
    scored_apart: Counter[str] = Counter()
    examples: dict[str, list[str]] = {}
    tournaments = rounds = boards = 0
    colour_steps: Counter[str] = Counter()
    colour_examples: dict[str, list[str]] = {}
    try:
        for e in range(events):
            n = rng.randint(low, high)
            if n % 2 and not odd:
                n += 1 if n < high else -1
            s = GenSettings(players=n, rounds=0, total=rng.randint(4, 9), seed=rng.randrange(10 ** 9),
                            forfeit_game=0.02 if forfeits else 0.0, forfeit_match=0.01 if forfeits else 0.0,
                            bye_rate=0.0)
            _, before = bench_events(s, until=s.total)
            tournaments += 1
            if tournaments % 50 == 0:
                print(f"  ... {tournaments} tournaments, {rounds} rounds", file=sys.stderr, flush=True)
            for r, text in enumerate(before, 1):
                t = trf.parse_text(text).tournament
                try:
                    got = pair_match_round(t, r, total_rounds=s.total).pairing
                    ours: Optional[tuple[tuple[tuple[int, int], ...], Optional[int]]] = (got.boards, got.bye)
                except NoLegalPairing:
                    ours = None
                history = history_of(t, r)
                answer = lib.ask(history)
                kind, line = classify(t, r, s.total, answer, ours)
                rounds += 1
                boards += len(answer.get("games", ()))
                for step, what in board_colours(t, r, s.total, answer, history, per_game):
                    colour_steps[step] += 1
                    colour_examples.setdefault(step, []).append(f"event {e} (seed {s.seed}) round {r}: {what}")
                kinds[kind] += 1
                if kind not in ("identical", "skipped"):
                    mine = library_scores(history, per_game)
                    if any(mine[p.start_rank] != t.score(p.start_rank, through=2 * (r - 1)) for p in t.players):
                        scored_apart[kind] += 1
                examples.setdefault(kind, []).append(f"event {e} (seed {s.seed}, {n} players, {s.total} rounds) "
                                                     f"round {r}: {line}")
    finally:
        lib.close()
    compared = rounds - kinds["skipped"]
    print(f"{tournaments} tournaments, {rounds} rounds ({kinds['skipped']} skipped by the library, {compared} "
          f"compared); identical {kinds['identical']}; disagreements {compared - kinds['identical']}")
    for kind, k in kinds.most_common():
        if kind in ("identical", "skipped"):
            continue
        what = READING.get(kind.split()[-1], "game-1 colours by another step of Art. 4.3" if kind.startswith("colours")
                           else "?")
        print(f"  {k:5d}  {kind:<14} {what}; the library's scores differ from the game points in "
              f"{scored_apart[kind]}")
        for ex in examples[kind][:show]:
            print(f"         e.g. {ex}")
    print(f"the game-1 colours of the library's {boards} boards: {boards - sum(colour_steps.values())} as Art. 4.3 "
          f"gives them" + (", the others by the step:" if colour_steps else ""))
    for step, k in colour_steps.most_common():
        print(f"  {k:5d}  {step:<18} {COLOUR_CAUSES[step.split()[-1]]}")
        for ex in colour_examples[step][:show]:
            print(f"         e.g. {ex}")
    if kinds["ours"]:
        print("the rounds where the checker finds nothing in the library's different pairing:")
        for ex in examples["ours"]:
            print("  " + ex)


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
    v = sub.add_parser("live")
    v.add_argument("--driver", help="the second implementation's driver command (JSON lines; see above)")
    v.add_argument("--events", type=int, default=500)
    v.add_argument("--seed", type=int, default=2026)
    v.add_argument("--players", type=int, nargs=2, default=(8, 40), metavar=("MIN", "MAX"))
    v.add_argument("--odd", action="store_true", help="odd fields too (a PAB; the published library scores it 1)")
    v.add_argument("--forfeits", action="store_true", help="single-game and whole-match forfeits")
    v.add_argument("--per-game", action="store_true",
                   help="the driver scores both games of a match and the PAB 1.5 (a mended library)")
    v.add_argument("--show", type=int, default=2, help="examples shown per class")
    a = ap.parse_args()
    if a.mode == "corpus":
        corpus(a.corpus)
    elif a.mode == "agree":
        agree(a.events, a.seed, parse_range(a.players, "players"), parse_range(a.rounds, "rounds"))
    else:
        live(a.driver, a.events, a.seed, a.players[0], a.players[1], a.odd, a.forfeits, a.per_game, a.show)


if __name__ == "__main__":
    main()
