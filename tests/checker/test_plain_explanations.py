"""Explanations an arbiter can read aloud: every finding, ``--why-not`` answer and "Why this
pairing?" reason carries a sentence (JSON ``"sentence"``, beside the checker's own fields, which
keep their shape and words) that names the players by name and number, says the deciding rule in
plain words first -- the ``plain`` column of the rule tables -- and its article after it in
brackets, and uses none of the engine's terms (S1/S2 indices, "generated first", "tie on every
criterion", "transposition", "MDP", "bracket") untranslated.

The cases are worked by hand from the files and the articles; each docstring gives the derivation.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arbiter.cli import app
from checker.dutch.colours import RULES
from checker.dutch.criteria import TABLE
from checker.dutch.explain import explain_round
from checker.dutch.names_2017 import TABLE_2017
from checker.dutch.sentences import ORDER_PLAIN
from checker.dutch.whynot import why_not
from checker.roundrobin import PLAIN as RR_PLAIN, check_round_robin
from checker.team import why_not as team_why_not
from checker.team.colours import STEPS as TEAM_STEPS
from checker.team.criteria import ROWS as TEAM_ROWS, row as team_row
from systems import systems
from trf import dumps, parse_file
from trf.edit import unpair_round, with_pairing
from trf.teams import team_event
from tests.support import REPO

pytestmark = pytest.mark.fast

EXAMPLE = REPO / "fixtures" / "example.trf"
SAMPLE_17 = REPO / "fixtures" / "dutch-2026" / "tournaments" / "dev-0032-n17-r11.trf"

#: the engine's terms a sentence may not use untranslated
JARGON = re.compile(r"\bS[12]\b|generated first|generated earlier|tie on every criterion|transposition|\bMDPs?\b|"
                    r"\bbracket\b|downfloat|upfloat|\bPSD\b|\bBSNs?\b|\bTPNs?\b|identifier|lexicographic")


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _plain(name: str, table: tuple = TABLE) -> str:  # type: ignore[type-arg]
    """A Dutch criterion's plain words, as a sentence starts with them (the table's column)."""
    return _cap(next(r.plain for r in table if r.name == name))


def _run(*args: str) -> tuple[int, str]:
    res = CliRunner().invoke(app, list(args), env={"COLUMNS": "200", "NO_COLOR": "1"})
    if res.exception and not isinstance(res.exception, SystemExit):
        raise res.exception
    return res.exit_code, res.stdout


# --------------------------------------------------------------------------- the tables' plain column


def test_every_rule_of_every_system_has_plain_words_without_jargon() -> None:
    """The plain words are a column of the tables where the rules live: Dutch 2026 C1-C21, 2017
    C.1-C.19, the colour rules of Art. 5.2, the Swiss Team rows and colour steps, the round robin's
    rules, and every system's rule table as ``arbiter systems NAME`` lists it."""
    rows = [r.plain for r in TABLE] + [r.plain for r in TABLE_2017] + [c.plain for c in RULES.values()]
    rows += [r.plain for r in TEAM_ROWS] + [s.plain for s in TEAM_STEPS] + list(RR_PLAIN.values())
    for system in systems():
        for edition in system.editions:
            rows += [r.plain for r in edition.rules]
    assert rows and all(rows), "a rule without plain words"
    assert [p for p in rows if JARGON.search(p) or re.search(r"\bPAB\b|\bC\d", p)] == []
    assert len(TABLE) == 21 and len(TABLE_2017) == 19  # every criterion of both texts is a row


def test_systems_json_lists_the_plain_words() -> None:
    code, out = _run("systems", "dutch", "--json")
    assert code == 0
    rules = {r["name"]: r for r in json.loads(out)["rules"]}
    assert rules["C12"]["words"] == "minimise the players who do not get their colour preference"  # unchanged
    assert rules["C12"]["plain"] == next(r.plain for r in TABLE if r.name == "C12")
    assert rules["5.2.3"]["plain"] == RULES["5.2.3"].plain and rules["order"]["plain"] == ORDER_PLAIN


# --------------------------------------------------------------------------- Dutch: check


def test_dutch_order_finding_read_aloud() -> None:
    """example.trf, round 2 (the README's example): the players on 0 points after round 1 are
    Tanaka 5, Schmidt 7 and Rossi 8, joined by Haddad 6 from 0.5 (a moved-down player, bracket
    sequence number 1; 5, 7, 8 are 2, 3, 4).  Every criterion ties between the file's 5-8, 7-6 and
    5-6, 7-8; the rules then take the pairing they try first (Art. 3.8), and they try the
    moved-down player's opponents in order (Art. 4.2): Haddad against Tanaka (number 2) before
    Schmidt (number 3).  So the candidate comes first: it pairs Haddad with Tanaka, not Schmidt."""
    code, out = _run("check", str(EXAMPLE), "--round", "2", "--json")
    assert code == 4
    (f,) = json.loads(out)["rounds"][0]["findings"]
    # the old fields keep their shape and words
    assert (f["kind"], f["criterion"], f["article"], f["bracket"]) == ("order", "order", "3.8", 3)
    assert f["message"] == ("in bracket 3 (score 0) both pairings tie on every criterion, and the candidate is "
                            "generated first (Art. 3.8): the MDPs' opponents, transposition 2, precede 3 (Art. 4.2)")
    said = f["sentence"]
    assert said.startswith(_cap(ORDER_PLAIN) + " (C.04.3 Art. 3.8, order of Art. 4.2)")
    assert "among the players on 0 points" in said
    assert "Haddad, Karim (6), moved down from a higher score, with Tanaka, Yui (5) rather than Schmidt, Lukas (7)" \
        in said
    assert not JARGON.search(said), said
    # the report prints the sentence, not the checker's terms
    code, out = _run("check", str(EXAMPLE), "--round", "2")
    assert said in " ".join(out.split()) and "generated first" not in out and "transposition" not in out


def test_dutch_absolute_and_colour_findings_read_aloud(tmp_path: Path) -> None:
    """example.trf, round 3 re-paired by hand as 4-1, 3-7, 6-5 with the bye for 8: Lindqvist (1)
    and Kowalczyk (4) met in round 2, which C1 (Art. 2.1.1) forbids.  The sentence says the rule
    first, then its article, then the two by name; the finding's criterion stays C1."""
    t = with_pairing(unpair_round(parse_file(EXAMPLE).tournament, 3), 3, [(4, 1), (3, 7), (6, 5)], 8)
    path = tmp_path / "c1.trf"
    path.write_text(dumps(t))
    code, out = _run("check", str(path), "--round", "3", "--json")
    findings = json.loads(out)["rounds"][0]["findings"]
    c1 = next(f for f in findings if f["criterion"] == "C1")
    assert c1["message"] == "C1 (Art. 2.1.1): two players may not meet twice: 4 and 1 already met in round 2"
    assert c1["sentence"] == (f"{_plain('C1')} (C.04.3 Art. 2.1.1 / C1): Kowalczyk, Piotr (4) and Lindqvist, Erik (1) "
                              "already played each other in round 2.")


def test_dutch_colour_finding_names_who_should_have_white(tmp_path: Path) -> None:
    """example.trf round 1 with board 1's colours swapped: round 1 has no colour history, so Art.
    5.2.5 decides: the higher-ranked player, Lindqvist (1, pairing number 1, odd) gets the initial
    colour, White.  The file gives White to his opponent: the sentence names both and who should
    have White, after the rule's plain words."""
    t = parse_file(EXAMPLE).tournament
    games = [(g.white, g.black) for g in t.games(1)]
    w, b = next(g for g in games if 1 in g)
    swapped = [(b, w) if (x, y) == (w, b) else (x, y) for x, y in games]
    path = tmp_path / "colours.trf"
    path.write_text(dumps(with_pairing(unpair_round(t, 1), 1, swapped, None)))
    code, out = _run("check", str(path), "--round", "1", "--json")
    (f,) = [f for f in json.loads(out)["rounds"][0]["findings"] if f["kind"] == "colour"]
    assert f["criterion"] == "5.2.5"
    said = f["sentence"]
    assert said.startswith(_cap(RULES["5.2.5"].plain) + " (C.04.3 Art. 5.2.5)")
    other = next(p.name for p in t.players if p.start_rank == (b if w == 1 else w))
    assert "Lindqvist, Erik (1) should have White" in said and other in said
    assert not JARGON.search(said)


# --------------------------------------------------------------------------- Dutch: --why-not


def test_dutch_why_not_rematch() -> None:
    """example.trf round 3, why not 1-4: they met in round 2 (C1, Art. 2.1.1)."""
    code, out = _run("check", str(EXAMPLE), "--round", "3", "--why-not", "1-4", "--json")
    data = json.loads(out)
    assert data["message"] == "C1 (Art. 2.1.1): two players may not meet twice: 1 and 4 already met in round 2"
    assert data["sentence"] == (f"{_plain('C1')} (C.04.3 Art. 2.1.1 / C1): Lindqvist, Erik (1) and Kowalczyk, Piotr "
                                "(4) already played each other in round 2, so they cannot be paired in round 3.")
    code, out = _run("check", str(EXAMPLE), "--round", "3", "--why-not", "1-4")
    assert data["sentence"] in " ".join(out.split())


@pytest.mark.parametrize("pair", [(2, 3), (1, 5), (4, 9), (6, 11), (2, 7)])
def test_dutch_why_not_cites_the_criterion_the_checker_found(pair: tuple[int, int]) -> None:
    """Whatever the verdict, the sentence names both players and cites the rule the checker
    decided by (``criterion``), after that rule's plain words."""
    t = parse_file(SAMPLE_17).tournament
    a, b = pair
    w = why_not(t, 5, a, b)
    names = {p.start_rank: p.name for p in t.players}
    said = w.sentence
    assert said and not JARGON.search(said), said
    assert f"{names[a]} ({a})" in said and f"{names[b]} ({b})" in said
    if w.verdict in ("worse", "better", "impossible", "incomplete") and w.criterion and w.criterion[0] == "C":
        art = next(r.article for r in TABLE if r.name == w.criterion)
        cite = f"(C.04.3 Art. {art} / {w.criterion})"
        assert said.index(_plain(w.criterion)) < said.index(cite), said
    if w.verdict == "later":
        assert _cap(ORDER_PLAIN) + " (C.04.3 Art. 3.8" in said


# --------------------------------------------------------------------------- Dutch: "Why this pairing?"


def test_dutch_panels_name_the_players_and_say_the_rule_first() -> None:
    """example.trf round 3: the bye went to Rossi (8, 0 points; Schmidt 7 is barred by C2 after his
    forfeit win of round 2).  Each reason of the bye says its rule's plain words, then its article;
    each float names the floater and the opponent; the JSON keeps ``text``/``reason`` and adds
    ``sentence`` beside them."""
    ex = explain_round(parse_file(EXAMPLE).tournament, 3)
    assert ex.bye is not None and ex.bye.player == 8
    said = ex.bye.said()
    assert said[0].startswith(f"{_plain('C2')} (C.04.3 Art. 2.1.2 / C2), and Rossi, Giulia (8) had neither")
    assert "Schmidt, Lukas (7), who scored a forfeit win in round 2" in said[0]
    assert said[1].startswith(f"{_plain('C5')} (C.04.3 Art. 2.3.1 / C5)")
    data = ex.as_dict()
    for reason, text in zip(data["bye"]["reasons"], said):
        assert set(reason) == {"criterion", "article", "text", "sentence"} and reason["sentence"] == text
    assert [r["criterion"] for r in data["bye"]["reasons"]][:2] == ["C2", "C5"]
    floats = [f for b in ex.boards for f in b.floats]
    assert floats
    names = {p.start_rank: p.name for p in parse_file(EXAMPLE).tournament.players}
    for f, d in zip(floats, [f for b in data["boards"] for f in b["floats"]]):
        assert f.sentence.startswith(f"{names[f.player]} ({f.player}), on ")
        assert d["reason"] == f.reason and d["sentence"] == f.sentence  # the old field, the new one beside it
        assert not JARGON.search(f.sentence), f.sentence
    for b in ex.boards:
        assert b.colour_sentence.startswith(_cap(RULES[b.colour_rule].plain) + f" (C.04.3 Art. {b.colour_rule})")
        white = b.white if b.colours_agree else b.black  # the rules' colours (the file's may differ: disputed)
        assert f"{names[white]} ({white}) gets White" in b.colour_sentence
        if b.alternative is not None:
            assert b.alternative.text and b.alternative.sentence and not JARGON.search(b.alternative.sentence)


# --------------------------------------------------------------------------- Swiss Team


def _team_event():  # type: ignore[no-untyped-def]
    from tests.arbiter.test_team_publish import _event

    return team_event(_event())


def test_team_why_not_rematch_names_the_teams() -> None:
    """Round 2 of the three-team cup: teams 1 and 2 met in round 1 ([C1], Art. 2.1.1)."""
    w = team_why_not(_team_event(), 2, 1, 2)
    assert (w.verdict, w.criterion) == ("impossible", "C1")
    assert w.message.startswith("C1 (Art. 2.1.1): two teams shall not play against each other more than once")
    assert w.sentence == (f"{_cap(team_row('C1').plain)} (C.04.6 Art. 2.1.1 / C1): <b>Fjord</b> & Co (1) and "
                          "Bergen Sjakk (2) already played each other in round 1, so they cannot meet again.")


def test_team_why_not_the_pab_rule_read_aloud() -> None:
    """Round 2 of the cup: 3-1 with the PAB for team 2.  Forcing 2-3 takes the PAB from team 2;
    the only other team that may have it is team 1 (team 3 had it in round 1, [C2]).  Art. 3.4.2
    gives the PAB to the lowest score: team 2 on 0 match points before team 1 on 2, so the
    pairing with 2-3 is worse by 3.4.2."""
    w = team_why_not(_team_event(), 2, 2, 3)
    assert (w.verdict, w.criterion) == ("worse", "3.4.2")
    said = w.sentence
    assert said.startswith(f"{_cap(team_row('3.4.2').plain)} (C.04.6 Art. 3.4.2): with Bergen Sjakk (2) against "
                           "Oslo SK (3)")
    assert "the best other team for it is <b>Fjord</b> & Co (1)" in said
    assert "Bergen Sjakk (2) (score 0) comes before <b>Fjord</b> & Co (1) (score 2)" in said
    assert not JARGON.search(said)
    assert set(w.as_dict()) == {"round", "pair", "verdict", "criterion", "message", "candidate", "sentence"}


def test_team_check_finding_read_aloud(tmp_path: Path) -> None:
    """Round 2 paired by hand 1-3 with team 1 White: Art. 4.3.5 gives White to the team with the
    lower colour difference, team 3 (0 against team 1's +1).  ``arbiter check`` prints the finding
    read aloud; its JSON keeps the message and adds the sentence."""
    from tests.arbiter.test_team_publish import _event

    path = tmp_path / "cup.trf"
    path.write_text(dumps(_event((((1, 3),), 2))), encoding="utf-8")
    code, out = _run("check", str(path), "--round", "2", "--json")
    (f,) = json.loads(out)["rounds"][0]["findings"]
    assert f["criterion"] == "4.3.5" and f["message"].startswith("Art. 4.3.5 (White to the team with the lower")
    step = next(s for s in TEAM_STEPS if s.article == "4.3.5")
    assert f["sentence"] == (f"{_cap(step.plain)} (C.04.6 Art. 4.3.5): Oslo SK (3) should have White on board 1 "
                             "against <b>Fjord</b> & Co (1); this pairing gives it to <b>Fjord</b> & Co (1).")
    code, out = _run("check", str(path), "--round", "2")
    assert f["sentence"] in " ".join(out.split())


# --------------------------------------------------------------------------- round robin


def test_round_robin_deviation_read_aloud() -> None:
    """A 4-player round robin whose round 1 pairs 1-3 and 2-4 instead of the Berger table's 1-4,
    2-3: each deviation names the players, says the table's rule in plain words, then C.05 Annex 1."""
    from tests.roundrobin.test_roundrobin import _tournament

    t = _tournament(4)
    t = with_pairing(unpair_round(t, 1), 1, [(1, 3), (2, 4)], None)
    rr = check_round_robin(t, [1])
    pairs = [d for d in rr.deviations if d.kind == "pair"]
    assert pairs
    for d in pairs:
        assert d.message.startswith("round 1: the table pairs")  # the checker's own words, unchanged
        assert d.sentence.startswith(f"Round 1: {RR_PLAIN['pair']} (C.05 Annex 1), so Player ")
        w, b = d.players
        assert f"Player {w} ({w}) should play Player {b} ({b}) with White" in d.sentence
        assert d.as_dict()["sentence"] == d.sentence and d.as_dict()["message"] == d.message
