"""The door is real: a toy system defined in this file alone, registered for the test, is listed,
selected by its own code, pairs, is checked and explains its verdicts through the command line,
runs an event and generates tournaments, with no change anywhere else.

The toy "pair by rating" system (a test fixture, not a shipped system) has two criteria:

* T1 (absolute): two players may not meet twice;
* T2 (quality): pair the players as close in the rating order as possible: the sum, over the
  boards, of the distance between the partners' places in the rating list (highest rating first,
  then start rank) is as small as possible; the player left over (the last place the pairing
  leaves) receives the PAB.

Its engine pairs down the rating list, each player with the next he has not met, backing off when
the rest cannot be paired; its checker reading computes T2 of the given pairing and of that
pairing.  Colours: the higher-rated player has White.

Hand-worked case: six players rated 2400, 2300, ..., 1900 (start ranks 1-6 in rating order),
round 1 paired 1-2, 3-4, 5-6.  Round 2 down the list: 1-3; then 2-4 would leave 5-6, who met,
so 2-5 and 4-6: ``1-3, 2-5, 4-6``, T2 = 2 + 3 + 2 = 7.  ``1-5, 2-3, 4-6`` (4 + 1 + 2) and
``1-6, 2-3, 4-5`` (5 + 1 + 1) tie at 7 and conform; ``1-4, 2-6, 3-5`` (3 + 4 + 2 = 9) is a
discrepancy by T2, given 9, candidate 7; ``1-2`` again breaks T1.  Forcing 1-4 into the round
``1-3, 2-5, 4-6``: 1-4, then 2-3 would leave 5-6, so 2-5 and 3-6: 3 + 3 + 3 = 9, worse than 7.
"""

from __future__ import annotations

import json
from datetime import date
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest
from typer.testing import CliRunner

import systems
from arbiter import exitcodes
from arbiter.cli import app
from checker.report import Finding, RoundReport, WhyNot
from pairing.result import NoLegalPairing, Pairing
from pairing.rounds import NextRound, target_round
from systems import CheckRequest, Code, Edition, PairingSystem, PairRequest, Rule, Selection
from trf import dumps, parse_text
from trf.edit import cut_to_round
from trf.model import Colour, Header, Player, Result, RoundCount, RoundEntry, Tournament

pytestmark = pytest.mark.fast


def _rules() -> tuple[Rule, ...]:
    return (Rule("T1", "1", "two players may not meet twice", "absolute"),
            Rule("T2", "2", "pair players as close in the rating order as possible", "quality"))


def _order(t: Tournament, ids: list[int]) -> list[int]:
    """The rating list: highest rating first, then start rank."""
    return sorted(ids, key=lambda pid: (-(t.player(pid).rating or 0), pid))


def _met(t: Tournament, rnd: int) -> set[frozenset[int]]:
    return {frozenset((g.white, g.black)) for r in range(1, rnd) for g in t.games(r)}


def _to_pair(t: Tournament, rnd: int) -> list[int]:
    absent = t.declared_absences(rnd)
    return _order(t, [p.start_rank for p in t.players if p.start_rank not in absent])


def _greedy(order: list[int], met: set[frozenset[int]]) -> tuple[list[tuple[int, int]], int | None] | None:
    """Down the rating list, each player with the next he has not met (backing off when the rest
    cannot be paired); the last player left over receives the PAB."""
    if not order:
        return [], None
    if len(order) == 1:
        return [], order[0]
    first = order[0]
    for i in range(1, len(order)):
        if frozenset((first, order[i])) not in met:
            rest = _greedy(order[1:i] + order[i + 1:], met)
            if rest is not None:
                return [(first, order[i])] + rest[0], rest[1]
    if len(order) % 2:  # the first may be the one left over
        rest = _greedy(order[1:], met)
        if rest is not None and rest[1] is None:
            return rest[0], first
    return None


def _t2(order: list[int], boards: list[tuple[int, int]]) -> int:
    place = {pid: i for i, pid in enumerate(order)}
    return sum(abs(place[a] - place[b]) for a, b in boards)


class PairByRating(PairingSystem):
    """The toy system (module docstring)."""

    name = "toy-by-rating"
    title = "pair by rating (a test system)"
    words = "the pair-by-rating test system"
    editions = (Edition("1", "the pair-by-rating rules", _rules, "Toy Art. {article}", "Pair-by-rating rules"),)
    codes = (Code(r"TOY[\s_-]*BY[\s_-]*RATING", example="TOY_BY_RATING"),)
    packages = (__name__,)

    def edition_for(self, t: Tournament, code: str, source: str | None) -> tuple[Edition, str]:
        return self.editions[0], "the only edition"

    def code_words(self, edition: Edition) -> str:
        return "TOY_BY_RATING"

    def event_codes(self, edition: Edition, start: date | None) -> tuple[str, str, str]:
        return "TOY_BY_RATING", "Individual: pair by rating", "pair by rating (192 TOY_BY_RATING)"

    def pair(self, t: Tournament, rnd: int, sel: Selection, *, initial_colour: Any = None,
             total_rounds: int | None = None) -> Pairing:
        order = _to_pair(t, rnd)
        found = _greedy(order, _met(t, rnd))
        if found is None:
            raise NoLegalPairing("no pairing by rating without a rematch (T1)", tuple(order))
        boards, bye = found
        return Pairing(rnd, tuple(boards), bye)  # the higher-rated first: White

    def next_round(self, t: Tournament, sel: Selection, request: PairRequest) -> NextRound:
        target = target_round(t, request.round, request.total_rounds or t.total_rounds)
        pairing = self.pair(target.before, target.round, sel)
        return NextRound(target.round, target.before, target.cut, pairing, self.name, edition=sel.edition.name,
                         edition_reason=sel.reason)

    def check(self, t: Tournament, rounds: list[int], sel: Selection, request: CheckRequest,
              progress: Callable[[int], None] | None = None) -> Any:
        reports = []
        for rnd in rounds:
            games = [(g.white, g.black) for g in t.games(rnd)]
            bye = next((b.player for b in t.byes(rnd) if b.kind.value == "U"), None)
            rep = RoundReport(rnd, len(games) * 2 + (bye is not None), tuple(games), bye,
                              edition=sel.edition.name, edition_reason=sel.reason)
            met = _met(t, rnd)
            for w, b in games:
                if frozenset((w, b)) in met:
                    rep.findings.append(Finding("absolute", "T1", f"T1 (Toy Art. 1): {w} and {b} met before",
                                                ((w, b),), article="Toy Art. 1"))
            if not rep.findings:
                before = cut_to_round(t, rnd)
                order = _to_pair(before, rnd)
                best = _greedy(order, met)
                given = _t2(order, games)
                if best is not None and _t2(order, best[0]) < given:
                    ideal = _t2(order, best[0])
                    rep.findings.append(Finding(
                        "quality", "T2", f"T2 (Toy Art. 2): pair players as close in the rating order as possible: "
                                         f"given {given}, candidate {ideal}", (), None, str(given), str(ideal),
                        "Toy Art. 2"))
                    rep.candidate, rep.candidate_bye = tuple(best[0]), best[1]
            reports.append(rep)
            if progress is not None:
                progress(rnd)
        return reports

    def why_not(self, t: Tournament, rnd: int, a: int, b: int, sel: Selection) -> WhyNot:
        if frozenset((a, b)) in _met(t, rnd):
            return WhyNot(rnd, (a, b), "impossible", "T1", f"T1 (Toy Art. 1): {a} and {b} met before")
        order = _to_pair(cut_to_round(t, rnd), rnd)
        rest = _greedy([x for x in order if x not in (a, b)], _met(t, rnd))
        given = _t2(order, [(g.white, g.black) for g in t.games(rnd)])
        if rest is None:
            return WhyNot(rnd, (a, b), "incomplete", "T1", f"with {a}-{b} the others cannot all be paired (T1)")
        forced = _t2(order, [(a, b)] + rest[0])
        verdict = "worse" if forced > given else "better" if forced < given else "later"
        return WhyNot(rnd, (a, b), verdict, "T2", f"with {a}-{b}: T2 (Toy Art. 2) {forced}, given {given}",
                      tuple([(a, b)] + rest[0]), rest[1])


def _tournament(rounds: list[list[tuple[int, int]]]) -> str:
    """Six players rated 2400 ... 1900 (start ranks 1-6 in rating order), 3 rounds, the file naming
    the toy (``192 TOY_BY_RATING``), with ``rounds`` played, White winning every game."""
    players = []
    for i in range(1, 7):
        entries = []
        for boards in rounds:
            w, b = next(bd for bd in boards if i in bd)
            entries.append(RoundEntry(b, Colour.WHITE, Result.WIN) if i == w else
                           RoundEntry(w, Colour.BLACK, Result.LOSS))
        points = sum(1 for e in entries if e.colour is Colour.WHITE)
        players.append(Player(start_rank=i, name=f"Player {i}", rating=2500 - 100 * i, points=Fraction(points),
                              rank=i, rounds=tuple(entries)))
    return dumps(Tournament((Header("012", "Toy Open"), Header("192", "TOY_BY_RATING"), *players, RoundCount(3))))


@pytest.fixture()
def toy() -> Iterator[PairByRating]:
    system = PairByRating()
    systems.register(system)
    yield system
    systems.unregister(system.name)


def _run(*args: str) -> tuple[int, str]:
    res = CliRunner().invoke(app, list(args))
    return res.exit_code, res.output


def test_the_toy_is_listed_and_its_rules_are_shown(toy: PairByRating) -> None:
    code, out = _run("systems", "--json")
    assert code == exitcodes.OK
    listed = {s["name"]: s for s in json.loads(out)["systems"]}
    assert listed["toy-by-rating"]["editions"] == [{"name": "1", "title": "the pair-by-rating rules"}]
    code, out = _run("systems", "toy-by-rating", "--json")
    assert code == exitcodes.OK
    assert [(r["name"], r["article"]) for r in json.loads(out)["rules"]] == [("T1", "Toy Art. 1"), ("T2", "Toy Art. 2")]


def test_the_file_names_the_toy_and_it_pairs_by_rating(toy: PairByRating, tmp_path: Path) -> None:
    f = tmp_path / "toy.trf"
    f.write_text(_tournament([[(1, 2), (3, 4), (5, 6)]]), encoding="utf-8")
    assert systems.select(parse_text(f.read_text()).tournament).system is toy
    code, out = _run("pair", str(f), "--format", "bbp")
    assert code == exitcodes.OK, out
    assert out.split() == ["3", "1", "3", "2", "5", "4", "6"]  # worked in the module docstring
    code, out = _run("pair", str(f), "--json")
    data = json.loads(out)
    assert data["system"] == "toy-by-rating" and data["rules"] == {"edition": "1", "reason": "the only edition"}
    code, out = _run("pair", str(f), "--rules", "2026")  # the toy has no such edition
    assert code == exitcodes.USAGE and "unknown edition" in out


@pytest.mark.parametrize("round2, ok", [
    ([(1, 3), (2, 5), (4, 6)], True),   # the greedy pairing: T2 = 7
    ([(1, 5), (2, 3), (4, 6)], True),   # T2 = 4 + 1 + 2 = 7
    ([(1, 6), (2, 3), (4, 5)], True),   # T2 = 5 + 1 + 1 = 7
    ([(1, 4), (2, 6), (3, 5)], False),  # T2 = 3 + 4 + 2 = 9
])
def test_the_toy_checks_and_names_its_criterion(toy: PairByRating, tmp_path: Path, round2: list[tuple[int, int]],
                                              ok: bool) -> None:
    f = tmp_path / "toy.trf"
    f.write_text(_tournament([[(1, 2), (3, 4), (5, 6)], round2]), encoding="utf-8")
    code, out = _run("check", str(f), "--round", "2", "--json")
    data = json.loads(out)
    assert code == (exitcodes.OK if ok else exitcodes.DISCREPANCY)
    if not ok:
        finding = data["rounds"][0]["findings"][0]
        assert (finding["criterion"], finding["article"], finding["given_value"], finding["candidate_value"]) == \
            ("T2", "Toy Art. 2", "9", "7")
        code, text = _run("check", str(f), "--round", "2")
        assert "T2 (Toy Art. 2): pair players as close in the rating order as possible: given 9, candidate 7" in text
    else:
        code, text = _run("check", str(f))
        assert "all conform to the pair-by-rating rules" in text


def test_a_rematch_breaks_the_first_criterion_and_why_not_explains(toy: PairByRating, tmp_path: Path) -> None:
    f = tmp_path / "toy.trf"
    f.write_text(_tournament([[(1, 2), (3, 4), (5, 6)], [(1, 2), (3, 5), (4, 6)]]), encoding="utf-8")
    code, out = _run("check", str(f), "--round", "2", "--json")
    assert code == exitcodes.DISCREPANCY and json.loads(out)["rounds"][0]["findings"][0]["criterion"] == "T1"
    g = tmp_path / "fine.trf"
    g.write_text(_tournament([[(1, 2), (3, 4), (5, 6)], [(1, 3), (2, 5), (4, 6)]]), encoding="utf-8")
    code, out = _run("check", str(g), "--round", "2", "--why-not", "1-2", "--json")
    assert code == exitcodes.OK and json.loads(out)["verdict"] == "impossible"
    code, out = _run("check", str(g), "--round", "2", "--why-not", "1-4", "--json")
    data = json.loads(out)
    assert data["verdict"] == "worse" and data["criterion"] == "T2" and data["candidate"]["boards"] == \
        [[1, 4], [2, 5], [3, 6]]  # worked in the module docstring


def test_an_event_runs_and_tournaments_are_generated_by_the_toy(toy: PairByRating, tmp_path: Path) -> None:
    ev = tmp_path / "ev.trf"
    code, out = _run("event", "new", str(ev), "--name", "Toy night", "--rounds", "3", "--system", "toy-by-rating",
                     "--seed", "1")
    assert code == exitcodes.OK, out
    assert "192 TOY_BY_RATING" in ev.read_text()
    code, out = _run("generate", "--system", "toy-by-rating", "--players", "9", "--rounds", "4", "--seed", "3", "-o",
                     str(tmp_path / "g.trf"))
    assert code == exitcodes.OK, out
    t = parse_text((tmp_path / "g.trf").read_text()).tournament
    assert systems.select(t).system is toy and t.rounds_paired == 4
    code, out = _run("check", str(tmp_path / "g.trf"), "--json")
    assert code == exitcodes.OK, out  # every round the toy's engine paired conforms to its checker
