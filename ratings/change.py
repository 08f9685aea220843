"""Rating changes of one tournament (FIDE B.02 8.3) and unrated players' initial-rating
performance (B.02 8.2), exact (``Fraction``), with the rules in force at the tournament's date.

Two layers:

* pure functions over explicit inputs, for hand calculations: :func:`counted_difference`
  (the 400-point rule), :func:`rated_games` (per-game expected score from table 8.1.2),
  :func:`change_of` (K x sum(W - We), rounded), :func:`initial_rating`;
* :func:`tournament_ratings`, which reads a :class:`trf.model.Tournament`.

Tables: the B.02 8.1.1 (p -> dp) and 8.1.2 (D -> PD) tables are those of
:mod:`ratings.tables` (data, not a formula), imported, not copied.

Which games count (B.02, digest §11.2): only games played over the board with a result ``1 = 0``
between two rated players. Forfeits (``+ -``), games of less than one move (``W D L``) and byes
(``H F U Z``) are not rated. A rated player's game against an unrated opponent is left out
(UNCONFIRMED: whether it is rated retro-actively when the opponent gains a first rating in the
same period). The rating used is the file's rating column (UNCONFIRMED: which list applies to
events spanning two lists).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace, field
from datetime import date
from fractions import Fraction
from typing import Iterable, Mapping, Sequence

from ratings.kfactor import KFactor, k_factor
from ratings.rules import Rules, birth_year, rules_for, tournament_date
from ratings.tables import DP_TABLE, dp, expected, percentage, round_half_up
from trf.model import Result, Tournament

__all__ = [
    "RatedGame", "SkippedGame", "Performance", "PlayerRating", "TournamentRatings",
    "round_change", "counted_difference", "rated_games", "change_of", "initial_rating",
    "tournament_ratings", "SCORE",
]

#: Points of a rated result on the 1 / ½ / 0 scale, whatever the event's scoring system.
SCORE: dict[Result, Fraction] = {Result.WIN: Fraction(1), Result.DRAW: Fraction(1, 2), Result.LOSS: Fraction(0)}

_NOT_RATED = {
    Result.FORFEIT_WIN: "forfeit (+): not rated",
    Result.FORFEIT_LOSS: "forfeit (-): not rated",
    Result.WIN_UNRATED: "game of less than one move (W): not rated",
    Result.DRAW_UNRATED: "game of less than one move (D): not rated",
    Result.LOSS_UNRATED: "game of less than one move (L): not rated",
    Result.HALF_POINT_BYE: "half-point bye (H): not rated",
    Result.FULL_POINT_BYE: "full-point bye (F): not rated",
    Result.PAIRING_ALLOCATED_BYE: "pairing-allocated bye (U): not rated",
    Result.ZERO_POINT_BYE: "zero-point bye or absence (Z): not rated",
    Result.ADJOURNED: "adjourned game (?): not rated until its result is entered",
}


@dataclass(frozen=True)
class RatedGame:
    """One rated game from the player's side: the real difference ``diff`` = own - opponent,
    the difference counted after the 400-point rule, the expected score PD (table 8.1.2) and
    W - We."""

    round: int
    opponent: int
    opponent_rating: int
    score: Fraction
    diff: int
    counted: int
    expected: Fraction

    @property
    def capped(self) -> bool:
        return self.counted != self.diff

    @property
    def delta(self) -> Fraction:
        return self.score - self.expected


@dataclass(frozen=True)
class SkippedGame:
    """A round that does not count for the rating, and why."""

    round: int
    opponent: int | None
    code: str
    reason: str
    match: int | None = None  # a file of two-game matches (C.04.5): the match and the game (1, 2)
    game: int | None = None


def _forfeits_both(t: Tournament, pid: int, match: int) -> bool:
    """``pid`` forfeited both games of ``match`` (``-`` in both its columns)."""
    p = t.player_by_rank.get(pid)
    if p is None:
        return False
    return all((e := p.entry(c)) is not None and e.result is Result.FORFEIT_LOSS for c in (2 * match - 1, 2 * match))


def _in_match(t: Tournament, skipped: SkippedGame, pid: int) -> SkippedGame:
    """A game of a two-game match (C.04.5, :mod:`trf.matches`) not rated, said as such: its match and
    game; a forfeited game of a match that counts as played (nobody forfeited both games, Preface)
    says that the other game is rated on its own when it was played; a forfeited game of a match
    forfeited on both games, and game 2's ``H`` of the PAB (``U H``), say so."""
    rnd = skipped.round
    match, game = (rnd + 1) // 2, 2 - rnd % 2
    other = t.player_by_rank[pid].entry(rnd + 1 if game == 1 else rnd - 1)
    reason = skipped.reason
    if skipped.code in ("+", "-") and skipped.opponent is not None:
        if _forfeits_both(t, pid, match) or _forfeits_both(t, skipped.opponent, match):
            reason += f"; match {match} forfeited on both games (C.04.5 Preface)"
        elif other is not None and other.result in SCORE:
            reason += (f"; match {match} counts as played (C.04.5 Preface), its game {3 - game} is rated "
                       "on its own")
        else:
            reason += f"; match {match} counts as played (C.04.5 Preface), no game of it was played"
    elif skipped.code == "H" and game == 2 and other is not None and other.result is Result.PAIRING_ALLOCATED_BYE:
        reason = f"pairing-allocated bye (U H: game 2 of match {match}, C.04.5 Art. 1.4): not rated"
    return replace(skipped, reason=reason, match=match, game=game)


@dataclass(frozen=True)
class Performance:
    """An unrated player's initial-rating performance (B.02 8.2).

    ``ra``: the exact average of the rated opponents (2024: with two hypothetical 1800
    opponents); ``p``: the fraction scored (2024: the two draws included); ``value``: the rating
    it gives, or ``None`` with ``reason`` (a zero score is disregarded); ``published``: whether
    this event alone reaches the conditions to publish it (5 rated games, floor)."""

    method: str
    games: int
    score: Fraction
    ra: Fraction
    p: Fraction
    dp: int
    value: int | None
    published: bool
    reason: str


@dataclass(frozen=True)
class PlayerRating:
    """One player's line of the rating calculation."""

    start_rank: int
    name: str
    fide_id: str
    rating: int | None
    games: tuple[RatedGame, ...]
    skipped: tuple[SkippedGame, ...]
    k: KFactor | None
    change_exact: Fraction | None
    change: int | None
    performance: Performance | None = None
    notes: tuple[str, ...] = ()

    @property
    def score(self) -> Fraction:
        return sum((g.score for g in self.games), Fraction(0))

    @property
    def expected(self) -> Fraction:
        return sum((g.expected for g in self.games), Fraction(0))

    @property
    def average_opponent(self) -> Fraction | None:
        """The exact mean rating of the rated opponents (real ratings, no cap)."""
        if not self.games:
            return None
        return Fraction(sum(g.opponent_rating for g in self.games), len(self.games))


@dataclass(frozen=True)
class TournamentRatings:
    """Every player's rating calculation, with the date and rules applied."""

    date: date | None
    date_source: str
    rules: Rules
    players: tuple[PlayerRating, ...]
    notes: tuple[str, ...] = field(default=())


# --------------------------------------------------------------------------- pure functions


def round_change(x: Fraction | int) -> int:
    """Round to the nearest integer with .5 away from zero (B.02 8.3.4 as quoted for 2024):
    +7.5 -> 8 and -7.5 -> -8, so a gain and the mirror loss stay symmetric."""
    x = Fraction(x)
    n = math.floor(abs(x) + Fraction(1, 2))
    return n if x >= 0 else -n


def counted_difference(own: int, opponent: int, rules: Rules, cap: bool = True) -> int:
    """B.02 8.3.1: the difference own - opponent, counted as at most ``rules.cap`` (350 before
    July 2009, 400 since) in absolute value; from 1 Oct 2025 not capped for a player rated 2650+
    (``rules.cap_exempt_from``). ``cap=False``: the caller already decided this game is not
    capped (2022's once-per-event limit)."""
    d = own - opponent
    if not cap or (rules.cap_exempt_from is not None and own >= rules.cap_exempt_from):
        return d
    return max(-rules.cap, min(rules.cap, d))


def _capped_rounds(own: int, opponents: Sequence[tuple[int, Fraction]], rules: Rules) -> set[int]:
    """Indices of the games where the 400-point rule applies. Under 2022's once-per-event limit
    only the game with the greatest difference in the player's favour is capped (the rule
    "benefits" the higher-rated side); games where the player is the lower-rated keep the cap
    (UNCONFIRMED reading)."""
    over = [i for i, (opp, _) in enumerate(opponents) if abs(own - opp) > rules.cap]
    if not rules.cap_once_per_event:
        return set(over)
    favour = [i for i in over if own > opponents[i][0]]
    keep = {i for i in over if own < opponents[i][0]}
    if favour:
        keep.add(max(favour, key=lambda i: (own - opponents[i][0], -i)))
    return keep


def rated_games(own: int, games: Iterable[tuple[int, Fraction | int | str]], rules: Rules,
                rounds: Sequence[int] | None = None, opponents: Sequence[int] | None = None) -> tuple[RatedGame, ...]:
    """The rated games of a player rated ``own``: ``games`` holds (opponent rating, score) on the
    1 / ½ / 0 scale. Each game: D after the 400-point rule, PD from table 8.1.2 (B.02 8.3.1-8.3.2)."""
    pairs = [(int(r), Fraction(s)) for r, s in games]
    capped = _capped_rounds(own, pairs, rules)
    out = []
    for i, (opp, score) in enumerate(pairs):
        counted = counted_difference(own, opp, rules, cap=i in capped)
        out.append(RatedGame(rounds[i] if rounds else i + 1, opponents[i] if opponents else 0, opp, score,
                             own - opp, counted, expected(counted)))
    return tuple(out)


def change_of(games: Sequence[RatedGame], k: int) -> tuple[Fraction, int]:
    """B.02 8.3.3-8.3.4: the change K x sum(W - We), exact and rounded (.5 away from zero)."""
    exact = k * sum((g.delta for g in games), Fraction(0))
    return exact, round_change(exact)


def initial_rating(games: Iterable[tuple[int, Fraction | int | str]], rules: Rules) -> Performance | None:
    """An unrated player's performance over ``games`` (rated opponent, score), B.02 8.2.

    2024 method (from 1 Mar 2024): Ra = mean of the rated opponents and two hypothetical
    opponents rated 1800, against whom the player draws; p includes those draws; Ru = Ra + dp(p)
    (table 8.1.1, p rounded to 2 decimals), rounded, at most 2200; published when at least 5 games
    against rated opponents are reached (possibly over events within 26 months) and Ru >= 1400.

    pre-2024 method (UNCONFIRMED details): Ra = mean of the rated opponents; a score above 50 %
    gives Ru = Ra + 20 per half point above 50 %; 50 %: Ra; below: Ra + dp(p); published with
    5 games against rated opponents and Ru >= 1000 (floor since 2012, UNCONFIRMED).

    Either way a zero score is disregarded (``value`` ``None``). No game: ``None``."""
    pairs = [(int(r), Fraction(s)) for r, s in games]
    if not pairs:
        return None
    n = len(pairs)
    score = sum((s for _, s in pairs), Fraction(0))
    if rules.initial == "2024":
        ra = Fraction(sum(r for r, _ in pairs) + 2 * 1800, n + 2)
        p = (score + 1) / (n + 2)
        d = dp(p)
        method = "B.02 8.2 (2024): two hypothetical 1800 opponents, drawn"
        floor, ceiling = 1400, 2200
    else:
        ra = Fraction(sum(r for r, _ in pairs), n)
        p = score / n
        half_points_over = int(2 * score - n)  # half points above 50 %
        d = 20 * half_points_over if half_points_over > 0 else DP_TABLE[percentage(score, n)] if half_points_over < 0 else 0
        method = "B.02 8.2 (before 2024): Ra + 20 per half point above 50 %, else Ra + dp"
        floor, ceiling = 1000, None
    if score == 0:
        return Performance(method, n, score, ra, p, d, None, False, "a zero score in a first event is disregarded (8.2)")
    value = round_half_up(ra + d)
    reasons = []
    if ceiling is not None and value > ceiling:
        value = ceiling
        reasons.append(f"capped at the maximum initial rating {ceiling}")
    published = n >= 5 and value >= floor
    if n < 5:
        reasons.append(f"{n} game(s) against rated opponents; 5 are needed to publish (may be pooled over 26 months)")
    if value < floor:
        reasons.append(f"below the {floor} floor: not published")
    return Performance(method, n, score, ra, p, d, value, published, "; ".join(reasons))


# --------------------------------------------------------------------------- tournament adapter


def _k_override(k_table: Mapping[str, int] | None, fide_id: str, start_rank: int) -> int | None:
    if not k_table:
        return None
    ident = fide_id.strip().lstrip("0")
    if ident and ident in k_table:
        return k_table[ident]
    if not fide_id.strip():
        return k_table.get(str(start_rank))
    return None


def tournament_ratings(t: Tournament, k_table: Mapping[str, int] | None = None, when: date | None = None,
                       rules: Rules | None = None) -> TournamentRatings:
    """The rating calculation of every player of ``t`` (B.02 8.2-8.3), in start-rank order.

    ``k_table``: K per FIDE id (or per start rank for players without one), the ``--k`` file;
    ``when``: the tournament date (default: :func:`ratings.rules.tournament_date`);
    ``rules``: force an edition (default: the one in force at ``when``)."""
    source = "given"
    if when is None:
        when, source = tournament_date(t)
    applied = rules if rules is not None else rules_for(when)
    notes = []
    if when is None:
        notes.append("the file gives no date (042, 132, 052): the rules in force today were applied")
    players = []
    by_rank = t.player_by_rank
    from trf.matches import writes_matches

    matches = writes_matches(t)
    for p in sorted(by_rank.values(), key=lambda q: q.start_rank):
        own = p.rating or None
        played: list[tuple[int, int, Fraction]] = []  # round, opponent, score
        skipped: list[SkippedGame] = []
        for rnd in range(1, t.rounds_paired + 1):
            e = p.entry(rnd)
            code = e.code if e is not None else Result.ZERO_POINT_BYE
            if e is None or code is None:
                if e is not None and e.is_pending:
                    skipped.append(SkippedGame(rnd, e.opponent, "", "result pending: not rated"))
                else:
                    skipped.append(SkippedGame(rnd, None, "Z", _NOT_RATED[Result.ZERO_POINT_BYE]))
                continue
            if code in SCORE and e.opponent is not None and e.opponent in by_rank:
                if not by_rank[e.opponent].rating:
                    skipped.append(SkippedGame(rnd, e.opponent, code.value, "opponent unrated: not rated"))
                    continue
                played.append((rnd, e.opponent, SCORE[code]))
            else:
                skipped.append(SkippedGame(rnd, e.opponent, code.value, _NOT_RATED.get(code, "not rated")))
        if matches:  # C.04.5: each game rated on its own, the games not rated said with their match
            skipped = [_in_match(t, g, p.start_rank) for g in skipped]
        pairs = [(by_rank[o].rating or 0, s) for _, o, s in played]
        rounds = [r for r, _, _ in played]
        opps = [o for _, o, _ in played]
        if own is None:
            perf = initial_rating(pairs, applied)
            games = tuple(RatedGame(r, o, rt, s, 0, 0, Fraction(0)) for r, o, (rt, s) in zip(rounds, opps, pairs))
            note = () if pairs else ("unrated, and no game against a rated opponent",)
            players.append(PlayerRating(p.start_rank, p.name, p.fide_id, None, games, tuple(skipped), None, None, None,
                                        perf, note))
            continue
        games = rated_games(own, pairs, applied, rounds, opps)
        if not games:
            players.append(PlayerRating(p.start_rank, p.name, p.fide_id, own, (), tuple(skipped), None, None, None,
                                        None, ("no rated game: no change",)))
            continue
        k = k_factor(own, birth_year(p.birth_date), when, applied, len(games),
                     _k_override(k_table, p.fide_id, p.start_rank))
        exact, rounded = change_of(games, k.value)
        players.append(PlayerRating(p.start_rank, p.name, p.fide_id, own, games, tuple(skipped), k, exact, rounded))
    return TournamentRatings(when, source, applied, tuple(players), tuple(notes))
