"""A round's matches with every board, and the listed points and ranks made to agree with them.

The matches come from the file's reading (:class:`trf.teams.TeamEvent`): each team's line-up of
the round (``300`` when given, else the members who sat at the match, in default board order), the
board-1 colour (C.04.6 Art. 1.6.1), forfeited matches (``330``), the PAB (``320``) and the byes
(``240``).  A match is shown from its White team's side (White on board 1); board ``k`` of the
White team has the colour of the ``352`` pattern's ``k``-th letter, its opponent the other one.

Matches are numbered by C.04.2 Art. 3.6 (which C.04.6 applies to teams), with the teams' primary
scores before the round: the higher score of the match's higher-ranked team, then the higher sum
of both scores, then the smaller TPN of the higher-ranked team (a team ranks by its score, then
its TPN).  A file stores no table numbers, so they are worked out the same way every time.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from event.change import EventError
from event.team.records import TeamRecords, event_of, team_records, with_team_records
from trf.edit import recompute_points
from trf.model import Colour, Header, Player, Result, Tournament
from trf.teams import MatchKind, Team, TeamEvent

__all__ = ["MatchBoard", "Match", "RoundMatches", "round_matches", "match_key", "team_label", "consistent",
           "completed_points", "NoTeams", "board_result_text", "half_points", "ranks", "result_sheet", "SHEET_HEADER"]

ZERO = Fraction(0)


class NoTeams(EventError):
    """The event has no team yet."""

    kind = "no-teams"

    def __init__(self) -> None:
        super().__init__("no team is registered yet")


def team_label(ev: TeamEvent | None, tpn: int) -> str:
    """``4 (Fjord SK)``: a TPN with the team's name, as the log and the messages write it."""
    team = ev.team_by_tpn.get(tpn) if ev is not None else None
    return f"{tpn} ({team.name})" if team is not None and team.name else str(tpn)


_SIDE = {Result.WIN: "1", Result.LOSS: "0", Result.DRAW: "½", Result.FORFEIT_WIN: "+", Result.FORFEIT_LOSS: "-",
         Result.WIN_UNRATED: "W", Result.LOSS_UNRATED: "L", Result.DRAW_UNRATED: "D"}


def board_result_text(first: Result | None, second: Result | None, first_seated: bool = True,
                      second_seated: bool = True) -> str:
    """A board's result from the side of the team named first: ``1-0``, ``½-½``, ``+-`` (a forfeit:
    the second player did not play, or the second team's board was empty), ``--``; ``""`` while
    pending; ``""`` for a board both teams left empty."""
    if not first_seated and not second_seated:
        return ""
    if not first_seated:
        return "-+"
    if not second_seated:
        return "+-"
    if first is None or second is None:
        return ""
    if first is Result.DRAW and second is Result.DRAW:
        return "½-½"
    a, b = _SIDE.get(first, first.value), _SIDE.get(second, second.value)
    return f"{a}{b}" if first in (Result.FORFEIT_WIN, Result.FORFEIT_LOSS) else f"{a}-{b}"


@dataclass(frozen=True)
class MatchBoard:
    """Board ``board`` of a match: the White team's player and the Black team's (start ranks, 0:
    an empty board), the colour the White team's player has on it (the ``352`` pattern), and each
    one's result code (``None`` while pending)."""

    board: int
    white_team_player: int
    black_team_player: int
    colour: Colour
    white_team_code: Result | None
    black_team_code: Result | None

    @property
    def pending(self) -> bool:
        """Both players sit at the board and the result is not in yet."""
        return bool(self.white_team_player and self.black_team_player) and (
            self.white_team_code is None or self.black_team_code is None)

    @property
    def result(self) -> str:
        """From the White team's side (:func:`board_result_text`)."""
        return board_result_text(self.white_team_code, self.black_team_code, bool(self.white_team_player),
                                 bool(self.black_team_player))

    @property
    def white_player(self) -> int:
        """The player with White on this board (0: an empty board)."""
        return self.white_team_player if self.colour is Colour.WHITE else self.black_team_player

    @property
    def black_player(self) -> int:
        return self.black_team_player if self.colour is Colour.WHITE else self.white_team_player


@dataclass(frozen=True)
class Match:
    """Match ``number`` of round ``round`` (C.04.2 Art. 3.6 order): the ``white`` team (White on
    board 1) against the ``black`` team, ``kind`` (:class:`trf.teams.MatchKind` of the White team:
    ``played``, ``forfeit-win``, ``forfeit-loss``, ``double-forfeit``), its boards, and each team's
    game and match points (counted only once no board is pending)."""

    round: int
    number: int
    white: int
    black: int
    kind: str
    boards: tuple[MatchBoard, ...]
    white_game_points: Fraction
    black_game_points: Fraction
    white_match_points: Fraction
    black_match_points: Fraction

    @property
    def forfeited(self) -> bool:
        """A whole-match forfeit (``330``)."""
        return self.kind in (MatchKind.FORFEIT_WIN, MatchKind.FORFEIT_LOSS, MatchKind.DOUBLE_FORFEIT)

    @property
    def pending(self) -> tuple[int, ...]:
        """The boards still without a result."""
        return () if self.forfeited else tuple(b.board for b in self.boards if b.pending)

    @property
    def complete(self) -> bool:
        return not self.pending

    @property
    def forfeit_code(self) -> str:
        """``+-``, ``-+`` or ``--`` of a forfeited match (White team first), ``""`` otherwise."""
        return {MatchKind.FORFEIT_WIN: "+-", MatchKind.FORFEIT_LOSS: "-+",
                MatchKind.DOUBLE_FORFEIT: "--"}.get(self.kind, "")

    @property
    def result(self) -> str:
        """``2½-1½`` (game points, White team first), ``+-`` for a forfeited match, ``""`` while a
        board is pending."""
        if self.forfeited:
            return self.forfeit_code
        if self.pending:
            return ""
        return f"{half_points(self.white_game_points)}-{half_points(self.black_game_points)}"

    def side(self, tpn: int) -> str:
        """``white`` or ``black``: the side of team ``tpn`` in this match."""
        return "white" if tpn == self.white else "black"


def half_points(value: Fraction) -> str:
    """Game points as a match card writes them: ``2½``, ``½``, ``3`` (other fractions exactly)."""
    whole, rest = divmod(value, 1)
    if rest == Fraction(1, 2):
        return f"{whole}½" if whole else "½"
    if rest == 0:
        return str(whole)
    return str(value)


@dataclass(frozen=True)
class RoundMatches:
    """Round ``round``: its matches in order, the team given the PAB, the teams with a bye or
    absence (TPN -> ``F``/``H``/``Z`` from ``240``), and teams neither paired nor declared absent."""

    round: int
    matches: tuple[Match, ...]
    pab: int | None
    byes: dict[int, str]
    unpaired: tuple[int, ...]

    @property
    def pending(self) -> tuple[Match, ...]:
        return tuple(m for m in self.matches if m.pending)


def match_key(ev: TeamEvent, rnd: int, white: int, black: int) -> tuple[Fraction, Fraction, int]:
    """C.04.2 Art. 3.6 with the primary scores before round ``rnd``: the higher-ranked team's score
    (highest first), the sum of both, the higher-ranked team's TPN."""
    sw, sb = ev.score(white, rnd - 1), ev.score(black, rnd - 1)
    (hs, ht), (ls, _) = sorted(((sw, white), (sb, black)), key=lambda x: (-x[0], x[1]))
    return (-hs, -(hs + ls), ht)


def _seats(ev: TeamEvent, tpn: int, rnd: int) -> list[int]:
    """Team ``tpn``'s players on boards 1..n in round ``rnd`` (0: an empty board)."""
    seated = list(ev.entry(tpn, rnd).boards)
    return (seated + [0] * ev.boards)[: ev.boards]


def _boards(t: Tournament, ev: TeamEvent, rnd: int, white: int, black: int) -> tuple[MatchBoard, ...]:
    """The boards of the match: the White team's line-up board by board, each player's opponent
    from the player lines (else the Black team's player on the same board)."""
    w_seats, b_seats = _seats(ev, white, rnd), _seats(ev, black, rnd)
    used = set()
    rows = []
    for k in range(ev.boards):
        w = w_seats[k]
        we = t.player(w).entry(rnd) if w else None
        b = we.opponent if we is not None and we.opponent else b_seats[k]
        if b in used:
            b = 0
        used.add(b)
        be = t.player(b).entry(rnd) if b and b in t.player_by_rank else None
        colour = Colour.WHITE if ev.board_colours[k] == "W" else Colour.BLACK
        rows.append(MatchBoard(k + 1, w, b, colour, we.result if we is not None else None,
                               be.result if be is not None else None))
    return tuple(rows)


def round_matches(t: Tournament, rnd: int, ev: TeamEvent | None = None) -> RoundMatches:
    """Round ``rnd``'s matches (module docstring), its PAB and byes.  Raises :class:`NoTeams` and
    :class:`~event.team.records.TeamRecordsInvalid`."""
    ev = ev if ev is not None else event_of(t)
    if ev is None:
        raise NoTeams()
    found = []
    for white, black, kind in ev.matches(rnd):
        we, be = ev.entry(white, rnd), ev.entry(black, rnd)
        boards = _boards(t, ev, rnd, white, black)
        found.append((match_key(ev, rnd, white, black), white, black, kind, boards, we, be))
    found.sort(key=lambda x: x[0])
    out = []
    for i, (_, white, black, kind, boards, we, be) in enumerate(found, 1):
        pending = kind == MatchKind.PLAYED and any(b.pending for b in boards)
        out.append(Match(rnd, i, white, black, kind, boards,
                         ZERO if pending else we.game_points, ZERO if pending else be.game_points,
                         ZERO if pending else we.match_points, ZERO if pending else be.match_points))
    byes = {tpn: kind for r, kind, tpn in ev.byes if r == rnd}
    pab = ev.pab(rnd)
    in_match = {tpn for m in out for tpn in (m.white, m.black)}
    unpaired = tuple(team.tpn for team in ev.teams if team.tpn not in in_match and team.tpn != pab
                     and team.tpn not in byes) if rnd <= t.rounds_paired else ()
    return RoundMatches(rnd, tuple(out), pab, byes, unpaired)


def completed_points(t: Tournament, ev: TeamEvent, through: int | None = None) -> dict[int, tuple[Fraction, Fraction]]:
    """Each team's match and game points over rounds 1..``through`` (default: every round paired),
    a match counted once it has every result (a pending match scores nothing yet)."""
    last = t.rounds_paired if through is None else through
    totals = {team.tpn: (ZERO, ZERO) for team in ev.teams}
    for rnd in range(1, last + 1):
        rm = round_matches(t, rnd, ev)
        counted: set[int] = set()
        for m in rm.matches:
            counted |= {m.white, m.black}
            for tpn, mp, gp in ((m.white, m.white_match_points, m.white_game_points),
                                (m.black, m.black_match_points, m.black_game_points)):
                a, b = totals[tpn]
                totals[tpn] = (a + mp, b + gp)
        for team in ev.teams:
            if team.tpn in counted:
                continue
            e = ev.entry(team.tpn, rnd)
            a, b = totals[team.tpn]
            totals[team.tpn] = (a + e.match_points, b + e.game_points)
    return totals


def ranks(values: dict[int, tuple[Fraction, Fraction]], primary: str) -> dict[int, int]:
    """TPN -> rank by the primary score (``primary``: ``MP`` or ``GP``), then the other one, from
    each team's match and game points (``values``); equal teams share the rank."""
    def key(tpn: int) -> tuple[Fraction, Fraction]:
        mp, gp = values[tpn]
        return (-mp, -gp) if primary == "MP" else (-gp, -mp)

    order = sorted(values, key=lambda tpn: (key(tpn), tpn))
    ranks: dict[int, int] = {}
    for i, tpn in enumerate(order, 1):
        prev = order[i - 2] if i > 1 else None
        ranks[tpn] = ranks[prev] if prev is not None and key(prev) == key(tpn) else i
    return ranks


def consistent(t: Tournament) -> Tournament:
    """The listed values made to agree with the results: each player's points (columns 81-84, from
    the round blocks under the ``162`` scoring; informative in a team event, TRF-2026 4.3), the
    players' rank column (by points, then start rank), each ``310``'s match points, game points
    (matches with every result) and rank (by the primary score, then the other one; equal teams
    share it; the TPN before any match is complete), and the counts of ``062``/``072``/``082``."""
    t = recompute_points(t, fill_blank=True)
    order = sorted(t.players, key=lambda p: (-(p.points or ZERO), p.start_rank))
    player_ranks = {p.start_rank: i for i, p in enumerate(order, 1)}
    counts = {"062": str(len(t.players)), "072": str(sum(1 for p in t.players if p.rating))}
    t = t.replace_records(tuple(replace(r, rank=player_ranks[r.start_rank]) if isinstance(r, Player)
                                else Header(r.code, counts[r.code]) if isinstance(r, Header) and r.code in counts
                                else r for r in t.records))
    ev = event_of(t)
    if ev is None:
        return with_team_records(t, team_records(t))
    points = completed_points(t, ev)
    played = any(m.complete for rnd in range(1, t.rounds_paired + 1) for m in round_matches(t, rnd, ev).matches)
    team_ranks = ranks(points, ev.options.primary) if played else {team.tpn: team.tpn for team in ev.teams}
    values: TeamRecords = team_records(t)
    teams: list[Team] = []
    for team in values.teams:
        mp, gp = points[team.tpn]
        teams.append(replace(team, match_points=mp, game_points=gp, rank=team_ranks[team.tpn]))
    return with_team_records(t, replace(values, teams=tuple(teams)))


#: The columns of a round's result sheet (:func:`result_sheet`): the first three are what
#: ``event result FILE --csv`` reads (``match,board,result``), the others say who plays.
SHEET_HEADER = ("match", "board", "result", "white team", "white team player", "colour", "black team player",
                "black team")


def result_sheet(t: Tournament, rnd: int, ev: TeamEvent | None = None) -> list[list[str]]:
    """Round ``rnd`` as a sheet to fill in (:data:`SHEET_HEADER`, then a row per board): each
    board's result from the White team's side as entered so far (blank: to enter), its players
    and the colour of the White team's player.  Read back by ``event result FILE --csv``, which
    leaves a board with a blank result as it is."""
    ev = ev if ev is not None else event_of(t)
    if ev is None:
        raise NoTeams()
    rows = [list(SHEET_HEADER)]
    for m in round_matches(t, rnd, ev).matches:
        if m.forfeited:
            continue
        for b in m.boards:
            names = [t.player(p).name if p else "" for p in (b.white_team_player, b.black_team_player)]
            rows.append([str(m.number), str(b.board), b.result if not b.pending else "", ev.team(m.white).name,
                         names[0], "W" if b.colour is Colour.WHITE else "B", names[1], ev.team(m.black).name])
    return rows
