"""A round checked against the Lim System, C.04.4.3 (2026): the checker's own reading.

The Lim System is a procedure, not an optimisation: the articles fix one pairing.  So the checker
derives the round itself (:mod:`checker.lim.procedure`) and walks its steps in order against the
given round; the first step the given round departs from is the finding, naming its article.
Before the walk, the checks that hold whatever the procedure:

1. every player to pair is paired or has the bye (C.04.1 Art. 1);
2. no pair has met before, and no pair breaks the colour limits of Art. 2.1 (no third colour
   in a row, no three more of one colour; in the last round Art. 6 lets the same-score rule
   come first, so the limits are not checked there);
3. the bye's player may receive it (C.04.1 Art. 3-4, by way of Art. 1.1).

Then the bye (Art. 1.1; round 1: Art. 7.1), the steps (Art. 2.3 and 3.x the floaters, 3.6-3.8
the incoming floaters' pairs, 2.4 and 4.x the scrutiny and exchanges, 2.6 cracking; round 1:
Art. 7.2) stopping at the first departure, then every board's colours (Art. 5; round 1 Art. 7.2).
Board order is not judged.
"""

from __future__ import annotations

from typing import Any, Optional

from checker.lim.procedure import DOWN, FLOAT_ARTICLES, Derivation, Group, NoLimPairing, Step, derive, floater_key
from checker.lim.state import RoundFacts, facts
from checker.report import EngineCandidate, Finding, RoundReport
from checker.swiss_round import compare_engine, given_round, opponents
from checker.swiss_round import show_score as _show
from trf.model import Colour, Result, Tournament

__all__ = ["check_round", "given_round", "initial_colour", "total_of", "derivation", "ARTICLES", "TITLE", "WORDS",
           "HANDBOOK"]

TITLE = "C.04.4.3 (2026)"
HANDBOOK = "C.04.4.3"

#: The article of each rule a finding names (the rule's name when it is an article itself).
ARTICLES = {"5.4h": "5.4", "5.4m": "5.4", "C.04.1": "C.04.1 Art. 3-4", "complete": "C.04.1 Art. 1"}

#: Each rule in words (the colour rules of Art. 5 and 7.2, the steps of the procedure).
WORDS = {
    "5.3": "the colour limits of Art. 2.1 (no third colour in a row, no three more of one colour)",
    "5.5": "each player has the colour due: the colour that alternates",
    "5.6": "each player has the colour due: the colour that equalises",
    "5.4h": "the latest round in which their colours differed decides",
    "5.4m": "in and above the Median Scoregroup the higher-ranked player has the colour due, below it the "
            "lower-ranked one",
    "7.2": "round 1: the odd-numbered players of the top half have the colour drawn for #1",
    "1.1": "the bye goes to the lowest-ranked player of the lowest scoregroup who may receive it",
    "7.1": "in round 1 the bye goes to the lowest-rated player",
    "2.1": "two players are compatible when they have not met and no colour limit stops them",
    "2.2": "scoregroups are paired from the top down to the Median Scoregroup, then from the bottom up, the "
           "Median Scoregroup last",
    "2.3": "a scoregroup keeps as many compatible pairs as it can; the rest float towards the median",
    "2.3.1": "a player who has played everybody in the group floats",
    "2.3.2": "a player two colours up with no compatible opponent for the other colour floats",
    "2.3.3": "a player with the same colour twice running and no compatible opponent for the other floats",
    "2.3.4": "one player floats to make the group even",
    "2.4": "top half against bottom half: 1 v n/2+1, 2 v n/2+2, ...",
    "2.6": "when the Median Scoregroup cannot be completed, the pairing next to it is undone",
    "3.2.2": "the floater chosen is one due the colour most of the group is due",
    "3.2.3": "in a Maxi-tournament that colour choice is made only within 100 rating points",
    "3.2.4": "above the median the lowest-ranked player floats, below it the highest-ranked",
    "3.6": "players who floated down are paired first, with the first available player of the group",
    "3.7": "players who floated up are paired first, with the first available player of the group",
    "3.8": "a player who floated down meets the highest-ranked available player of the group, one who floated "
           "up the lowest-ranked",
    "4.1": "scrutiny starts from #1 when pairing downward, from the last when pairing upward",
    "3.9": "the least disadvantaged type of floater floats first (d, c, b, a)",
    "3.10": "a player who floated in the previous round floats only when no other can",
    "4.2": "the scrutinised player meets the first available opponent in the exchange order",
    "4.4": "an exchange must leave the others of the group able to be paired",
    "5.2": "an exchange is made so that the players have the colours due",
    "5.7": "in a Maxi-tournament colour exchanges are made only within 100 rating points",
}


def total_of(t: Tournament, total_rounds: Optional[int], rnd: int) -> int:
    """The number of rounds (the last round, Art. 6); when the file does not say, the round checked
    is taken as not the last."""
    total = total_rounds if total_rounds is not None else t.total_rounds
    return total if total is not None else max(rnd + 1, t.rounds_paired + 1)



def initial_colour(t: Tournament) -> Colour:
    """Art. 7.2: the colour drawn for #1: the file's, else the colour round 1 gives the paired
    player with the smallest start rank (the first of the top half), else White."""
    if t.initial_colour is not None:
        return t.initial_colour
    games = t.games(1) if t.rounds_paired else ()
    seen = [(g.white, Colour.WHITE) for g in games] + [(g.black, Colour.BLACK) for g in games]
    if seen:
        return min(seen, key=lambda x: x[0])[1]
    return Colour.WHITE


def derivation(t: Tournament, rnd: int, total_rounds: Optional[int] = None, maxi: bool = False
               ) -> tuple[RoundFacts, Derivation | NoLimPairing]:
    """The facts before round ``rnd`` and the checker's derivation of it (or why there is none)."""
    f = facts(t, rnd, total_of(t, total_rounds, rnd), maxi)
    try:
        return f, derive(f, initial_colour(t))
    except NoLimPairing as exc:
        return f, exc


def _said(rule: str) -> str:
    """Where ``rule`` is stated: ``C.04.4.3 Art. 2.3``, or the Basic Rules' article."""
    art = ARTICLES.get(rule, rule)
    return art if art.startswith("C.") else f"{HANDBOOK} Art. {art}"


def finding(kind: str, rule: str, message: str, **kw: Any) -> Finding:
    """A finding citing the article of ``rule``, its sentence the message with the rule in plain
    words and the article in brackets."""
    words = WORDS.get(rule)
    sentence = f"{message}" + (f": {words}" if words else "") + f" ({_said(rule)})."
    return Finding(kind, rule, message, article=ARTICLES.get(rule, rule), sentence=sentence, **kw)


def _hard(f: RoundFacts, boards: tuple[tuple[int, int], ...], pab: Optional[int], opponent: dict[int, int]
          ) -> list[Finding]:
    out = []
    missing = [p for p in sorted(f.seats) if p not in opponent and p != pab]
    if missing:
        out.append(finding("completion", "complete", f"not paired: {', '.join(map(str, missing))}",
                           boards=tuple((p, None) for p in missing)))
    for w, b in boards:
        if w not in f.seats or b not in f.seats:
            continue
        key = frozenset((w, b))
        if key in f.met:
            out.append(finding("absolute", "2.1", f"{w}-{b} played each other before", boards=((w, b),)))
        elif key in f.forbidden:
            out.append(finding("absolute", "2.1", f"{w}-{b} is a pair the file forbids", boards=((w, b),)))
        elif not f.last_round:
            for x, c in ((w, Colour.WHITE), (b, Colour.BLACK)):
                if not f.seats[x].may_receive(c):
                    s = f.seats[x]
                    three = len(s.history) >= 2 and s.history[-1] is c and s.history[-2] is c
                    why = "the same colour a third time running" if three else "three more of one colour"
                    out.append(finding("absolute", "2.1", f"{w}-{b} gives {x} {why}", boards=((w, b),)))
    if pab is not None and pab in f.seats and not f.seats[pab].may_have_pab:
        out.append(finding("absolute", "1.1", f"{pab} may not have the bye (had one, or a win without playing: "
                           "C.04.1 Art. 3-4)",
                           boards=((pab, None),)))
    return out


def _pab_finding(f: RoundFacts, given: Optional[int], mine: Optional[int]) -> Finding:
    art = "7.1" if f.round == 1 else "1.1"
    if given is None or mine is None:
        return finding("pab", art, f"the bye goes to {mine}, not {given}", boards=((given or 0, None),))
    g, m = f.seats[given], f.seats[mine]
    rest = [q for q in f.seats if q != given]
    if not f.pairable(rest):
        why = f"giving it to {given} leaves players with no compatible opponent"
    elif f.round == 1:
        why = (f"{mine} is rated lower ({m.rating} < {g.rating})" if m.rating != g.rating else
               f"{mine} is ranked lower (pairing number {m.tpn} > {g.tpn})")
    elif m.score != g.score:
        why = f"{mine} is in a lower scoregroup ({_show(m.score)} < {_show(g.score)})"
    else:
        why = f"{mine} is ranked lower in the scoregroup (pairing number {m.tpn} > {g.tpn})"
    return finding("pab", art, f"the bye goes to {mine}, not {given}: {why}", boards=((given, None),),
                   given=str(given), better=str(mine))


def _float_departure(f: RoundFacts, g: Group, opponent: dict[int, int], mine: list[int]) -> Optional[Finding]:
    """The given round floats other players out of ``g`` than the procedure's ``mine``: the
    article that decides between them."""
    members = g.members
    inside = set(members)
    given = [p for p in members if opponent.get(p) not in inside]
    if set(given) == set(mine):
        return None
    keep = f.max_pairs(members)
    k = f"of {_show(g.score)}"
    if len(given) > len(mine):
        extra = [p for p in given if p not in mine]
        return finding("order", "2.3", f"scoregroup {k}: {', '.join(map(str, extra))} float(s) out, but the group "
                       f"can keep {keep} compatible pairs", bracket=None, boards=tuple((p, opponent.get(p)) for p in extra))
    m = next(p for p in mine if p not in given)
    x = next((p for p in given if p not in mine), None)
    if x is None:
        return finding("order", "2.3", f"scoregroup {k}: {m} must float out", boards=((m, opponent.get(m)),))
    staying = [p for p in members if p not in mine or p == m]
    if f.max_pairs([q for q in members if q not in given]) < keep:
        return finding("order", "2.3", f"scoregroup {k}: {x} floats out, but then the group keeps fewer than {keep} "
                       f"compatible pairs; {m} floats", boards=((x, opponent.get(x)),))
    incoming = set(g.incoming)
    km = floater_key(f, m, staying, incoming, g.adjacent, g.direction)
    kx = floater_key(f, x, staying, incoming, g.adjacent, g.direction)
    art = next((FLOAT_ARTICLES[i] for i in range(4) if km[i] != kx[i]), "3.2.4")
    if art in ("3.2.2", "3.2.4") and f.maxi and _barred_by_band(f, x, staying, g.direction):
        art = "3.2.3"
    return finding("order", art, f"scoregroup {k}: {m} floats out, not {x}", boards=((x, opponent.get(x)),),
                   given=str(x), better=str(m))


def _barred_by_band(f: RoundFacts, x: int, staying: list[int], direction: str) -> bool:
    """Art. 3.2.3: ``x`` is due the colour most of the group is due, but in a Maxi-tournament
    rated more than 100 points from the player rank would move, so the colour choice may not
    take him."""
    ref = max(staying, key=lambda p: f.seats[p].tpn) if direction == DOWN else \
        min(staying, key=lambda p: f.seats[p].tpn)
    w = sum(1 for p in staying if f.seats[p].due is Colour.WHITE)
    b = sum(1 for p in staying if f.seats[p].due is Colour.BLACK)
    majority = None if w == b else Colour.WHITE if w > b else Colour.BLACK
    return majority is not None and f.seats[x].due is majority and not f.within_band(x, ref)


def _pair_departure(f: RoundFacts, g: Group, step: Step, opponent: dict[int, int]) -> Finding:
    p, q = step.players
    gp = opponent.get(p)
    k = f"of {_show(g.score)}"
    skipped = dict(step.skipped)
    if gp is not None and gp not in g.members:
        return finding("order", "2.3", f"scoregroup {k}: {p} is paired inside the group (with {q}), not with {gp} "
                       "outside it", boards=((p, gp),), given=f"{p}-{gp}", better=f"{p}-{q}")
    if gp in skipped:
        why = skipped[gp]
        text = {"2.1": f"{p} and {gp} are not compatible",
                "4.4": f"with {p}-{gp} the others of the group cannot all be paired",
                "5.2": f"{q} comes later but is due the other colour, {gp} is not",
                "5.7": f"{gp} is not within 100 points of the first available opponent",
                "3.8": f"{gp} is not within 100 points of the first available opponent"}.get(why, why)
        return finding("order", why, f"scoregroup {k}: {p} meets {q}, not {gp}: {text}", boards=((p, gp),),
                       given=f"{p}-{gp}", better=f"{p}-{q}")
    return finding("order", step.article, f"scoregroup {k}: {p} meets {q}, not {gp}: {step.reason}",
                   boards=((p, gp if gp is not None else 0),), given=f"{p}-{gp}", better=f"{p}-{q}")


def _walk(f: RoundFacts, d: Derivation, opponent: dict[int, int]) -> Optional[Finding]:
    """The first step of the derivation that the given round departs from."""
    cracked = {frozenset(c) for g in d.groups for c in g.cracked}
    mine_opp = opponents(tuple((w, b) for w, b, _ in d.boards))
    for g in d.groups:
        g_steps = [s for s in d.steps if s.group == g.score and s.kind in ("float", "pair")
                   and s.players[0] in g.members]
        mine_floats = [s.players[0] for s in g_steps if s.kind == "float"]
        inside = set(g.members)
        # who leaves the group in the end, the procedure's round against the given one (a floater
        # or a cracked pair may come back to meet a player of its own group in the median)
        same = {p for p in inside if mine_opp.get(p) not in inside} == {p for p in inside if opponent.get(p) not in inside}
        got = None if same else _float_departure(f, g, opponent, mine_floats + [x for c in g.cracked for x in c])
        if got is not None:
            # a cracked pair kept: Art. 2.6
            for a, b in g.cracked:
                if opponent.get(a) == b:
                    return finding("order", "2.6", f"{a}-{b} is kept, but the Median Scoregroup cannot be completed "
                                   "unless it is undone", boards=((a, b),))
            return got
        for s in g_steps:
            if s.kind != "pair" or frozenset(s.players) in cracked:
                continue
            if opponent.get(s.players[0]) != s.players[1] and mine_opp.get(s.players[0]) == s.players[1]:
                return _pair_departure(f, g, s, opponent)
    return None


def check_round(t: Tournament, rnd: int, *, engine: Optional[EngineCandidate] = None,
                total_rounds: Optional[int] = None, rules_reason: str = "", maxi: bool = False) -> RoundReport:
    """Round ``rnd`` of ``t`` judged by the checker's reading of C.04.4.3 (module docstring)."""
    boards, pab = given_round(t, rnd)
    total = total_of(t, total_rounds, rnd)
    f, d = derivation(t, rnd, total, maxi)
    report = RoundReport(rnd, len(f.seats), boards, pab, edition=TITLE, edition_reason=rules_reason)
    if total_rounds is None and t.total_rounds is None:
        report.notes.append("the file does not give the number of rounds: the round is judged as not the last "
                            "(Art. 6 lifts the colour limits in the last round)")
    opponent = opponents(boards)
    report.findings += _hard(f, boards, pab, opponent)
    initial = initial_colour(t)
    if isinstance(d, NoLimPairing):
        report.notes.append(f"the checker's procedure finds no pairing (Art. {d.article}): {d}")
    else:
        for g in d.groups:
            report.brackets.append({"score": _show(g.score), "direction": g.direction, "median": g.median,
                                    "members": sorted(g.members, key=lambda p: f.seats[p].tpn),
                                    "incoming": list(g.incoming), "floaters": list(g.floaters),
                                    "pairs": [list(x) for x in g.pairs], "cracked": [list(x) for x in g.cracked]})
        report.candidate = tuple((w, b) for w, b, _ in d.boards)
        report.candidate_bye = d.pab
        if not report.findings and pab != d.pab:
            report.findings.append(_pab_finding(f, pab, d.pab))
        if not report.findings:
            got = _walk(f, d, opponent)
            if got is not None:
                report.findings.append(got)
        rules = {frozenset((w, b)): (w, rule) for w, b, rule in d.boards}
        for w, b in boards:
            want = rules.get(frozenset((w, b)))
            if want is None:
                continue
            white, rule = want
            report.colours.append({"white": w, "black": b, "rule": rule, "ok": white == w, "reasons": []})
            if white != w:
                report.findings.append(finding("colour", rule, f"{w}-{b}: White goes to {white}", boards=((w, b),)))
    if engine is not None:
        compare_engine(report, engine, rnd, initial, total, boards, pab)
    return report


__all__ += ["finding"]
