"""Check a round's pairing: absolute criteria, colours, and quality against other candidates.

The quality check looks for a candidate that Art. 3.8 ranks above the given pairing.  Candidates
come from the checker's own local search (every re-pairing of two boards, every move of the PAB,
applied repeatedly) and, when asked, from the pairing engine as one more candidate; every
candidate is judged only by this package's criteria.  Finding none proves nothing about pairings
the search does not reach: the report says which sources were used.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from checker.dutch.colours import allocate
from checker.dutch.compare import Verdict, compare
from checker.dutch.criteria import FLOATS_ON, Bracket, Evaluator, Mate, describe, pair_breach
from checker.dutch.editions import Reading, reading
from checker.dutch.sentences import (Names, breach_sentence, colour_sentence, names_of, pab_ban_sentence,
                                     verdict_sentence)
from checker.dutch.search import (ENUMERATE_LIMIT, EXHAUSTIVE_LIMIT, Observer, best_of, best_of_all, boards, improve,
                                  without_cycle_collection)
from checker.dutch.state import GivenPairing, RoundState, given_pairing, mate_of, participants, round_state
from checker.report import EngineCandidate, Finding, NoCandidate, RoundReport
from trf.model import Tournament


def article_of(criterion: str, edition: str = "2026") -> str:
    """The article of a criterion: 2026 ``C12`` -> ``2.4.7``; 2017 ``C.10`` -> ``C.10 (2017)``;
    colour rules ``5.2.x`` (2026) or ``E.x (2017)``; the generation order ``3.8`` or ``B.8 (2017)``."""
    if criterion.startswith("C.") or criterion.startswith("E."):
        return reading("2017").article(criterion)
    return reading(edition).article(criterion)


def evaluator(st: RoundState, mate: Mate) -> Evaluator:
    """The criteria of the state's edition; for one that has it, with the PPB the given pairing
    shows (2017 A.9)."""
    rd = reading(st.edition)
    return rd.evaluator(st, rd.collapse_point(st, mate) if rd.collapse_point is not None else None)


# --------------------------------------------------------------------------- the round


def _bracket_summary(ev: Evaluator, brs: list[Bracket], mate: Mate) -> list[dict[str, Any]]:
    from checker.dutch.criteria import show_value
    out = []
    for k, b in enumerate(brs):
        nxt = brs[k + 1] if k + 1 < len(brs) else None
        vals = ev.values(b, nxt, mate)
        failures = {r.name: show_value(r.name, vals[r.name]) for r in ev.quality_rows
                    if not r.downfloaters and vals[r.name] not in (0, (), (0, ()))}
        out.append({
            "bracket": k + 1, "score": str(b.score), "mdps": list(b.mdps), "residents": len(b.residents),
            "pairs": len(b.pairs), "downfloaters": list(b.downfloaters),
            "heterogeneous": bool(b.mdps), "failures": failures,
        })
    return out


def _bracket_name(ev: Evaluator, k: int | None) -> str:
    if k is None:
        return "the round"
    score = ev.p[ev.groups[k][0]].score
    s = str(score.numerator) if score.denominator == 1 else f"{float(score):g}"
    return f"bracket {k + 1} (score {s})"


def explain(ev: Evaluator, v: Verdict, given_is: str = "a") -> str:
    """One line for a verdict between the given pairing and a candidate."""
    from checker.dutch.criteria import show_value
    where = _bracket_name(ev, v.bracket)
    g, c = (v.value_a, v.value_b) if given_is == "a" else (v.value_b, v.value_a)
    if v.criterion == "order":
        first, second = ("candidate", "given pairing") if v.winner == "b" else ("given pairing", "candidate")
        ka, kb = (v.value_b, v.value_a) if v.winner == "b" else (v.value_a, v.value_b)
        rd = reading(ev.state.edition)
        return (f"in {where} both pairings tie on every criterion, and the {first} is generated first "
                f"({rd.order_words}): {order_reason(ka, kb, rd.name)}")
    if v.criterion == "C5":
        return f"{describe('C5')}: the given PAB goes to score {show_value('C7', g)}, the candidate's to {show_value('C7', c)}"
    return f"in {where}, {describe(v.criterion)}: given {show_value(v.criterion, g)}, candidate {show_value(v.criterion, c)}"


def order_reason(first: Any, later: Any, edition: str = "2026") -> str:
    """Where two generation keys (:func:`checker.dutch.order.generation_key`) part, in the Handbook's terms
    (BSNs: bracket sequence numbers, 1 for the highest-ranked member); the 2017 text numbers the
    same orders D.3 (MDPs), D.1 (transpositions) and D.2 (exchanges)."""
    a_mdp, a_tr, a_ex = reading(edition).order_parts
    def seq(x: tuple[int, ...]) -> str:
        return "-".join(map(str, x)) if x else "none"
    (s1a, ta, (xa, ra)), (s1b, tb, (xb, rb)) = first, later
    if s1a != s1b:
        return f"its set of paired MDPs (BSNs {seq(s1a)}) precedes {seq(s1b)} ({a_mdp})"
    if ta != tb:
        return f"the MDPs' opponents, transposition {seq(ta)}, precede {seq(tb)} ({a_tr})"
    rem = "the remainder" if s1a else "the bracket"
    if xa != xb:
        na, da, outa, ina = xa
        nb, db, outb, inb = xb
        def desc(o: tuple[int, ...], i: tuple[int, ...]) -> str:
            return f"S1 {seq(tuple(-x for x in o))} <-> S2 {seq(i)}" if o else "no exchange"
        return (f"in {rem} its resident exchange ({desc(outa, ina)}) comes before ({desc(outb, inb)}) ({a_ex})")
    return f"in {rem} the same exchange; its S2 transposition {seq(ra)} precedes {seq(rb)} ({a_tr})"


def check_round(t: Tournament, rnd: int, *, engine: EngineCandidate | None = None, total_rounds: int | None = None,
                search_rounds: int = 8, observe: Observer | None = None, rules: str = "2026",
                rules_reason: str = "", state: RoundState | None = None) -> RoundReport:
    """Check round ``rnd`` of ``t`` as paired in the file, by the edition ``rules`` of C.04.3
    (``"2026"`` or ``"2017"``; ``rules_reason``: why that one, for the report).

    ``engine``: the pairing engine's pairing, as one more candidate (:data:`checker.report.EngineCandidate`,
    supplied by the registry; ``None``: the checker's own candidates only); ``observe``: see
    :func:`improve` (not called when an absolute criterion is broken: the quality search does not
    run then); ``state``: the round's state when the caller has read it already (with the same
    ``total_rounds``; used when it is read by the edition checked).  Python's cyclic collector is
    paused meanwhile (:func:`checker.dutch.search.without_cycle_collection`)."""
    with without_cycle_collection():
        return _check_round(t, rnd, engine, total_rounds, search_rounds, observe, rules, rules_reason, state)


def _check_round(t: Tournament, rnd: int, engine: EngineCandidate | None, total_rounds: int | None,
                 search_rounds: int, observe: Observer | None, rules: str, rules_reason: str,
                 state: RoundState | None) -> RoundReport:
    rd = reading(rules)
    st = (state if state is not None and state.edition == rd.name
          else round_state(t, rnd, total_rounds=total_rounds, edition=rd.name))
    g = given_pairing(t, rnd)
    rep = RoundReport(rnd, len(st.players), g.boards, g.bye, edition=rd.name, edition_reason=rules_reason)
    if not st.total_rounds_known:
        rep.notes.append("the total number of rounds is not in the file (XXR/142): the last round in the file "
                         "is taken as final for topscorers (Art. 1.8)")
    if st.initial_colour is None:
        rep.notes.append("no initial colour (XXC/152) and no round 1 to infer it from: White assumed (Art. 5.2.5)")
    names = names_of(t)
    _absolute(st, g, rep, names)
    _colours(st, g, rep, names)
    mate = mate_of(g.boards, g.bye)
    legal = not any(f.kind in ("absolute", "completion") for f in rep.findings)
    ev = evaluator(st, mate) if legal else Evaluator(st)
    if not legal:
        rep.notes.append("quality criteria not compared: the pairing breaks an absolute criterion")
        if engine is not None:
            em = engine_candidate(engine, st, rep)
            if em is not None:
                rep.sources.append("pairing engine")
                rep.candidate = tuple(_colour_boards(st, em, ev))
                rep.candidate_bye = next((u for u, w in em.items() if w is None), None)
        return _with_articles(rep, rd)
    if rep.findings:  # colours only so far: the same pairs, coloured by Art. 5.2
        rep.candidate = tuple(_colour_boards(st, mate, ev))
        rep.candidate_bye = g.bye
    brs = ev.brackets(mate)
    rep.brackets = _bracket_summary(ev, brs, mate)
    too_large: list[int] = []
    best, verdict = improve(ev, mate, rounds=search_rounds, too_large=too_large, observe=observe)
    rep.sources.append("local search (two- and three-board re-pairings, PAB moves)")
    rep.sources.append(f"every re-pairing of brackets with at most {ENUMERATE_LIMIT} paired players (Art. 3-4)")
    if too_large:
        rep.notes.append("brackets too large to enumerate every re-pairing: "
                         + ", ".join(str(k + 1) for k in too_large) + " (local search only there)")
    cands = [best] if verdict is not None else []
    if len(st.players) <= EXHAUSTIVE_LIMIT:
        exact = best_of_all(ev)
        rep.sources.append(f"every legal pairing of the round (at most {EXHAUSTIVE_LIMIT} players): exact")
        if exact is not None and compare(ev, mate, exact, brs) is not None:
            cands.append(exact)
    if engine is not None:
        em = engine_candidate(engine, st, rep)
        if em is not None:
            rep.sources.append("pairing engine")
            v = compare(ev, mate, em, brs)
            if v is not None and v.winner == "a":
                rep.engine_disagrees = "the given pairing ranks above the engine's: " + explain(ev, v)
            elif v is not None:
                if cands:
                    w = compare(ev, em, cands[0])
                    if w is not None and w.winner == "b":
                        rep.engine_disagrees = "the checker's local search found a better pairing than the engine's: " + explain(ev, w)
                cands.append(em)
    if cands:
        best = best_of(ev, cands)
        verdict = compare(ev, mate, best, brs)
    ev, best, verdict = _penultimate(rd, st, ev, mate, best, verdict, rep, search_rounds)
    if verdict is not None:
        kind = "order" if verdict.criterion == "order" else "quality"
        diff = [(u, w) for u, w in boards(best, ev) if mate.get(u) != w]
        bye = next((u for u, w in best.items() if w is None), None)
        rep.findings.append(Finding(
            kind, verdict.criterion, explain(ev, verdict), tuple(diff) + (((bye, None),) if bye is not None and bye != g.bye else ()),
            None if verdict.bracket is None else verdict.bracket + 1,
            _show(verdict.criterion, verdict.value_a), _show(verdict.criterion, verdict.value_b),
            sentence=verdict_sentence(ev, verdict, names, mate=mate) + "."))
        rep.candidate = tuple(_colour_boards(st, best, ev))
        rep.candidate_bye = bye
    return _with_articles(rep, rd)


def _penultimate(rd: Reading, st: RoundState, ev: Evaluator, mate: Mate, best: Mate, verdict: Verdict | None,
                 rep: RoundReport, search_rounds: int) -> tuple[Evaluator, Mate, Verdict | None]:
    """2017 A.9: the round re-read with another Penultimate Pairing Bracket when the verdict says
    the given pairing's PPB was chosen for completion (nothing for an edition without one)."""
    if not rd.collapses:
        return ev, best, verdict
    collapse: int | None = getattr(ev, "collapse", None)
    moved_up = False
    for _ in range(3):
        if verdict is None or verdict.bracket is None:
            break
        if verdict.criterion == "C.7":
            # A.9 (2017): a choice of this bracket that the following one pairs better (C.7)
            # would have been taken, unless it could not complete the round: then this bracket
            # is the PPB, paired again for completion without C.7, the players below it the CLB
            ppb = verdict.bracket
            why = "a pairing better by C.7 there would not complete the round"
        elif collapse is not None and verdict.bracket == collapse and collapse > 0 and not moved_up:
            # the PPB read from the given pairing (collapse_point) is the first bracket that falls
            # short of its best C.5-C.6; a bracket above it whose best ties there and wins later
            # may be the PPB instead, which makes the read one a part of the CLB
            ppb, moved_up = collapse - 1, True
            why = "the bracket below it, paired as the PPB, would be paired otherwise"
        else:
            break
        ev = rd.evaluator(st, ppb)
        collapse = getattr(ev, "collapse", None)
        rep.notes.append(f"A.9 (2017): bracket {ppb + 1} read as the Penultimate Pairing Bracket ({why})")
        brs = ev.brackets(mate)
        best, verdict = improve(ev, mate, rounds=search_rounds)
        if len(st.players) <= EXHAUSTIVE_LIMIT:
            exact = best_of_all(ev)
            if exact is not None and compare(ev, mate, exact, brs) is not None:
                best = best_of(ev, [best, exact]) if verdict is not None else exact
                verdict = compare(ev, mate, best, brs)
    if collapse is not None:
        rep.notes.append(f"A.9 (2017): bracket {collapse + 1} is the Penultimate Pairing Bracket; the players "
                         f"below it form the Collapsed Last Bracket (bracket {collapse + 2})")
    return ev, best, verdict


def _with_articles(rep: RoundReport, rd: Reading) -> RoundReport:
    """Each finding's article, as the edition cites it."""
    rep.findings = [replace(f, article=rd.article(f.criterion)) for f in rep.findings]
    return rep


def _show(criterion: str, value: Any) -> str | None:
    from checker.dutch.criteria import show_value
    if criterion == "order":
        return None  # the message says where the generation orders part
    return show_value("C7" if criterion == "C5" else criterion, value)


def _colour_boards(st: RoundState, mate: Mate, ev: Evaluator) -> list[tuple[int, int]]:
    out = []
    for u, v in boards(mate, ev):
        al = allocate(st.players[u], st.players[v], st.initial_colour)
        out.append((al.white, al.black))
    return out


def engine_candidate(engine: EngineCandidate, st: RoundState, rep: RoundReport) -> Mate | None:
    """The pairing engine's pairing of the round, as one more candidate, judged by this reading
    only.  The engine gets the checker's initial colour and total rounds
    (:class:`checker.dutch.state.RoundState`)."""
    try:
        pairs, bye = engine(st.round, st.initial_colour, st.total_rounds)
    except NoCandidate as exc:
        rep.notes.append(f"the pairing engine gave no candidate: {exc}")
        return None
    rep.engine_pairing = (tuple(pairs), bye)  # what a ``### MPA`` line's left side is read against
    mate = mate_of(pairs, bye)
    if set(mate) != set(st.players):
        rep.notes.append("the pairing engine paired a different set of players (absences read differently); "
                         "its candidate is not used")
        return None
    for u, v in mate.items():
        hit = (pair_breach(st, st.players[u], st.players[v]) if v is not None
               else (("C2", st.players[u].pab_ban) if st.players[u].pab_ban else None))
        if hit is not None:
            hit = (_named(st, hit[0]), hit[1])
            rep.engine_disagrees = (f"the pairing engine's pairing breaks {hit[0]} by the checker's reading "
                                    f"({hit[1]}); its candidate is not used")
            return None
    return mate


def _named(st: RoundState, criterion: str) -> str:
    """A 2026 criterion or colour rule by the name of the state's edition (C1 -> C.1, 5.2.3 -> E.3)."""
    return reading(st.edition).named(criterion)


def _absolute(st: RoundState, g: GivenPairing, rep: RoundReport, names: Names | None = None) -> None:
    """The absolute criteria (C1-C3) and the completion (C4) on the given pairing; each finding
    with its sentence (:mod:`checker.dutch.sentences`)."""
    from checker.report import who

    c2, c4 = _named(st, "C2"), _named(st, "C4")
    counts: dict[int, int] = {}
    for w, b in g.boards:
        for x in (w, b):
            counts[x] = counts.get(x, 0) + 1
        if w in st.players and b in st.players:
            hit = pair_breach(st, st.players[w], st.players[b])
            if hit is not None:
                name = _named(st, hit[0])
                rep.findings.append(Finding("absolute", name, f"{describe(name)}: {hit[1]}", ((w, b),),
                                            sentence=breach_sentence(st, st.players[w], st.players[b], name,
                                                                     names) + "."))
    byes = ([g.bye] if g.bye is not None else []) + list(g.extra_byes)
    for x in byes:
        ban = st.players[x].pab_ban if x in st.players else None
        if ban is not None:
            rep.findings.append(Finding("absolute", c2, f"{describe(c2)}: {x} received the PAB but {ban}", ((x, None),),
                                        sentence=pab_ban_sentence(st, x, ban, c2, names) + "."))
    if len(byes) > 1:
        rep.findings.append(Finding("completion", c4, f"{describe(c4)}: {len(byes)} players received the PAB "
                                    f"({', '.join(map(str, byes))}); at most one player may be left unpaired (Art. 1.9)",
                                    tuple((x, None) for x in byes),
                                    sentence=f"At most one player may be left without an opponent ({_cite(st, '1.9')}), "
                                             f"but {len(byes)} received the pairing-allocated bye: "
                                             + ", ".join(who(x, names) for x in byes) + "."))
    twice = sorted(x for x, c in counts.items() if c > 1)
    if twice:
        rep.findings.append(Finding("completion", c4, f"players on more than one board: {', '.join(map(str, twice))}",
                                    sentence="Each player plays on one board only, but these players are on more "
                                             "than one: " + ", ".join(who(x, names) for x in twice) + "."))


def _cite(st: RoundState, article: str) -> str:
    """An article of C.04.3 as the state's edition cites it in a sentence (2017 numbers differ)."""
    from checker.report import cite

    return cite("C.04.3", article) if st.edition == "2026" else "C.04.3 of 2017"


def _colours(st: RoundState, g: GivenPairing, rep: RoundReport, names: Names | None = None) -> None:
    """Art. 5.2 on every board whose colours the file writes.  A forfeit written without colours
    (``-``) is a pairing but not a game: it has no colour to check (C.04.1: only games played
    count for colours; bbpPairings' checker accepts such a board with either player first)."""
    for w, b in g.boards:
        if w not in st.players or b not in st.players or (w, b) in g.uncoloured:
            continue
        al = allocate(st.players[w], st.players[b], st.initial_colour)
        if al.white != w:
            rule = _named(st, al.rule)
            why = al.why if rule == al.rule else f"{rule} (2017): {al.why.split(': ', 1)[1]}"
            rep.findings.append(Finding(
                "colour", rule, f"board {w}-{b}: {why}, so {al.white} should have White", ((w, b),),
                sentence=colour_sentence(st, w, b, al.white, rule, names) + "."))


__all__ = ["Finding", "RoundReport", "Verdict", "check_round", "compare", "explain", "evaluator", "article_of",
           "participants", "FLOATS_ON", "order_reason", "engine_candidate"]
