"""A team event read from its TRF-2026 records: teams, line-ups, matches and their points.

The reader keeps team records verbatim (:class:`trf.model.PreservedRecord`: ``013``, ``300``,
``310``, ``320``, ``330``), so a file is written back byte for byte; this module reads their
meaning once, for every consumer (the Team Swiss engine, its checker, standings, the event
runner), with a diagnostic at line and column for each record that cannot be read or that
contradicts the players' lines (TRF-2026 4.6-4.7, ``../reference/trf.md``):

* ``310`` a team: TPN (C.04.6 Art. 1.1.1: distinct, 1 to the number of teams), name, nickname,
  strength, final match and game points, rank, and its members' start ranks in default board order;
  the old ``013`` (name then members; the TPN is the order of the records) when no ``310`` exists;
* ``320`` the PAB's match and game points, then the TPN given the PAB in each round;
* ``330`` a forfeited match (``+-`` White team won, ``-+`` Black team won, ``--`` both lost);
* ``300`` a line-up out of default order: round, team, opponent, the player on each board;
* ``352`` the colours of the boards of the team with White (``WBWB``): its length is the number
  of boards; ``362`` the match points of a won, drawn and lost match (``TW 2 TD 1 TL 0``);
* ``192 FIDE_TEAM[_TYPEA|_TYPEB][_MP|_GP][_GP|_MP][_BAKU]`` the pairing options
  (:class:`TeamOptions`); ``240 F/H/Z`` byes and ``250`` acceleration name teams.

Fields are read by whitespace (the TEC's own files and FIDE's reference engine write ``330 +- 1
11 1`` and ``320 1.0 2.0 11 10``, not the fixed columns of the transcription), each located at
its column.  What a team did in a round is a :class:`TeamRound`: a match played (its opponent,
board-1 colour, C.04.6 Art. 1.6.1), a forfeited match, the PAB, a requested bye, or nothing.

Each finding is one line at the field it is about (docs/trf.md, "Team records"): when a team
record cannot be read or names what does not exist, the matches are not read (their findings
would be its consequences); a ``320``, ``330`` or ``240`` for a team whose players played that
round is the record's error, and the games decide the round; a round's board results that are
not one match per team are reported once for the round.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import Iterator

from trf.codes import Colour, Result
from trf.diagnostics import Diagnostic, Severity, TrfError
from trf.model import ByeRecord, Player, PreservedRecord, RoundEntry, Tournament

__all__ = ["Team", "TeamOptions", "ForfeitedMatch", "Lineup", "TeamRound", "TeamEvent", "TeamFileError",
           "read_team_event", "team_event", "team_options", "MatchKind"]

ZERO = Fraction(0)


class MatchKind:
    """What a team's round was (:attr:`TeamRound.kind`)."""

    PLAYED = "played"                  #: a match played over the board (some boards may be forfeited)
    FORFEIT_WIN = "forfeit-win"        #: ``330``: the opponent did not come
    FORFEIT_LOSS = "forfeit-loss"      #: ``330``: this team did not come
    DOUBLE_FORFEIT = "double-forfeit"  #: ``330 --``
    PAB = "pab"                        #: ``320``: the pairing-allocated bye (C.04.6 Art. 1.4)
    FULL_BYE = "full-bye"              #: ``240 F``
    HALF_BYE = "half-bye"              #: ``240 H``
    ZERO_BYE = "zero-bye"              #: ``240 Z``
    ABSENT = "absent"                  #: no match, no bye: not paired


@dataclass(frozen=True)
class Team:
    """One ``310`` (or ``013``) record: ``members`` are start ranks in default board order."""

    tpn: int
    name: str
    members: tuple[int, ...]
    nickname: str = ""
    strength: str = ""
    match_points: Fraction | None = None  # as written (final, or at the cut)
    game_points: Fraction | None = None
    rank: int | None = None
    line: int = field(default=0, compare=False)


@dataclass(frozen=True)
class TeamOptions:
    """The pairing options of ``192`` (C.04.6 Art. 1.2, 1.7; C.04.7): ``preference`` ``"A"``,
    ``"B"`` or ``None`` (no colour preferences); ``primary`` ``"MP"`` or ``"GP"``;
    ``secondary`` the score used for colours (Art. 4.2.2) or ``None``; ``baku``."""

    preference: str | None = "A"
    primary: str = "MP"
    secondary: str | None = "GP"
    baku: bool = False
    code: str = "FIDE_TEAM"


@dataclass(frozen=True)
class ForfeitedMatch:
    """A ``330`` record: ``kind`` ``+-`` (White team won), ``-+`` (Black team won), ``--``."""

    kind: str
    round: int
    white: int
    black: int
    line: int = field(default=0, compare=False)


@dataclass(frozen=True)
class Lineup:
    """A ``300`` record: the players of ``team`` on each board in ``round`` (0: an empty board)."""

    round: int
    team: int
    opponent: int
    boards: tuple[int, ...]
    line: int = field(default=0, compare=False)


@dataclass(frozen=True)
class TeamRound:
    """What a team did in one round: ``kind`` (:class:`MatchKind`), the ``opponent`` TPN (a match,
    played or forfeited), ``colour`` of its board 1 (a played match only: C.04.6 Art. 1.6.1; the
    sides of a forfeited match are its ``330``'s, :attr:`TeamEvent.forfeits`), its
    ``game_points`` and ``match_points``, and the players on its boards (start ranks, 0 for an
    empty board)."""

    round: int
    kind: str
    opponent: int | None = None
    colour: Colour = Colour.NONE
    game_points: Fraction = ZERO
    match_points: Fraction = ZERO
    boards: tuple[int, ...] = ()

    @property
    def played(self) -> bool:
        """A match actually played (C.04.2 Art. 3.5: the only kind that is a meeting)."""
        return self.kind == MatchKind.PLAYED


class TeamFileError(TrfError):
    """The team records cannot be read, or contradict the players' lines: the diagnostics say where."""


#: ``FIDE_TEAM[_TYPEA|_TYPEB][_MP|_GP][_GP|_MP][_BAKU]`` (TRF-2026 4.10), each part in that order.
_TEAM_CODE = re.compile(r"FIDE_TEAM(?:_TYPE(?P<type>[AB]))?(?:_(?P<first>MP|GP))?(?:_(?P<second>MP|GP))?(?P<baku>_BAKU)?")

#: The other team systems of TRF-2026 4.10 (round robins, knock-outs): a ``192`` naming one is no
#: malformed Team Swiss code.
_OTHER_TEAM_SYSTEM = re.compile(r"(?:FIDE|BERGER|CUSTOM)_TEAM_(?:DOUBLE)?(?:ROUNDROBIN|KNOCKOUT)\w*")


def team_options(code: str) -> TeamOptions | None:
    """The options a ``192`` value names (``None``: not a FIDE Team Swiss code).

    The grammar is ``FIDE_TEAM[_TYPEA|_TYPEB][_MP|_GP][_GP|_MP][_BAKU]`` (TRF-2026 4.10), read
    case-insensitively: the type first, then the primary score, then the score used for colours
    (C.04.6 Art. 1.2, 4.2.2), ``_BAKU`` last.  ``FIDE_TEAM`` alone is ``FIDE_TEAM_TYPEA_MP_GP``;
    a code with a score but no type (``FIDE_TEAM_MP_GP``) has no colour preferences; a code with a
    type and no score uses match points first and game points for colours; one score alone has no
    secondary score."""
    value = code.strip().upper()
    m = _TEAM_CODE.fullmatch(value)
    if m is None or (m["second"] is not None and m["second"] == m["first"]):
        return None
    baku = m["baku"] is not None
    if m["type"] is None and m["first"] is None:
        return TeamOptions(baku=baku, code=value)
    primary = m["first"] or "MP"
    secondary = m["second"] if m["first"] else "GP"
    return TeamOptions(m["type"], primary, secondary, baku, value)


def _tokens(text: str) -> list[tuple[str, int]]:
    """The whitespace-separated fields after the record code, with their 1-based columns."""
    return [(m.group(0), m.start() + 1) for m in re.finditer(r"\S+", text) if m.start() >= 3]


def _number(tok: str) -> Fraction | None:
    if not re.fullmatch(r"-?\d+(?:\.\d+)?", tok):
        return None
    return Fraction(tok)


def _int(tok: str) -> int | None:
    return int(tok) if tok.isascii() and tok.isdigit() else None


@dataclass(frozen=True)
class TeamEvent:
    """A team event's meaning (see the module docstring); :func:`read_team_event` builds it."""

    tournament: Tournament = field(compare=False, repr=False)
    teams: tuple[Team, ...]
    boards: int
    board_colours: str
    win: Fraction
    draw: Fraction
    loss: Fraction
    pab_match_points: Fraction
    pab_game_points: Fraction
    pab_teams: tuple[int, ...]          # per round (index 0: round 1), 0 for none
    forfeits: tuple[ForfeitedMatch, ...]
    lineups: tuple[Lineup, ...]
    byes: tuple[tuple[int, str, int], ...]  # (round, F/H/Z, TPN) from 240
    options: TeamOptions
    history: dict[int, tuple[TeamRound, ...]] = field(compare=False, repr=False)
    rounds: int = 0                      # rounds with any match or PAB

    # ---- teams
    @cached_property
    def team_by_tpn(self) -> dict[int, Team]:
        return {t.tpn: t for t in self.teams}

    def team(self, tpn: int) -> Team:
        return self.team_by_tpn[tpn]

    @cached_property
    def team_of_player(self) -> dict[int, int]:
        """Start rank -> TPN of the team whose member the player is."""
        return {m: t.tpn for t in self.teams for m in t.members}

    @property
    def total_rounds(self) -> int | None:
        return self.tournament.total_rounds

    # ---- rounds
    def entry(self, tpn: int, rnd: int) -> TeamRound:
        """What team ``tpn`` did in round ``rnd`` (``ABSENT`` past the rounds read)."""
        rows = self.history.get(tpn, ())
        return rows[rnd - 1] if 1 <= rnd <= len(rows) else TeamRound(rnd, MatchKind.ABSENT)

    def entries(self, tpn: int, through: int | None = None) -> tuple[TeamRound, ...]:
        rows = self.history.get(tpn, ())
        return rows if through is None else rows[:max(0, through)]

    def match_points(self, tpn: int, through: int | None = None) -> Fraction:
        return sum((e.match_points for e in self.entries(tpn, through)), ZERO)

    def game_points(self, tpn: int, through: int | None = None) -> Fraction:
        return sum((e.game_points for e in self.entries(tpn, through)), ZERO)

    def score(self, tpn: int, through: int | None = None, which: str | None = None) -> Fraction:
        """The primary score (``which``: ``"MP"`` or ``"GP"`` to ask for one)."""
        kind = which or self.options.primary
        return self.match_points(tpn, through) if kind == "MP" else self.game_points(tpn, through)

    def colours(self, tpn: int, through: int | None = None) -> tuple[Colour, ...]:
        """Board-1 colours of the matches played, in order (C.04.6 Art. 1.6.1; C.04.2 Art. 3.4
        leaves out the rounds without a played match)."""
        return tuple(e.colour for e in self.entries(tpn, through) if e.played)

    def opponents(self, tpn: int, through: int | None = None) -> tuple[int, ...]:
        """Teams met in played matches (C.04.6 Art. 2.1.1 with C.04.2 Art. 3.5)."""
        return tuple(e.opponent for e in self.entries(tpn, through) if e.played and e.opponent is not None)

    def matches(self, rnd: int) -> list[tuple[int, int, str]]:
        """Round ``rnd``'s matches as ``(white TPN, black TPN, kind)``, ``kind`` the White team's
        (:class:`MatchKind`; played matches by their board-1 colours, forfeited ones by ``330``),
        in order of the White team's TPN."""
        out = []
        for t in self.teams:
            e = self.entry(t.tpn, rnd)
            if e.opponent is None:
                continue
            if e.played and e.colour is Colour.WHITE:
                out.append((t.tpn, e.opponent, e.kind))
        for f in self.forfeits:
            if f.round == rnd:
                out.append((f.white, f.black, self.entry(f.white, rnd).kind))
        return sorted(out)

    def pab(self, rnd: int) -> int | None:
        return self.pab_teams[rnd - 1] or None if 1 <= rnd <= len(self.pab_teams) else None


# --------------------------------------------------------------------------- reading


class _Reader:
    def __init__(self, t: Tournament) -> None:
        self.t = t
        self.diags: list[Diagnostic] = []
        self.pab_at: dict[int, tuple[int, int]] = {}       # round -> (line, column) of its 320 field
        self.bye_at: dict[tuple[int, int], tuple[int, int]] = {}  # (round, TPN) -> (line, column) in 240
        self.team_code = "310"  # the record the teams are read from (013 in a TRF-16 file)
        self.unread_members: set[int] = set()  # lines of 310/013 records with a member that cannot be read

    def error(self, line: int, column: int, message: str, code: str = "bad-record") -> None:
        self.diags.append(Diagnostic(Severity.ERROR, code, message, line, column))

    def warn(self, line: int, column: int, message: str, code: str = "bad-record") -> None:
        self.diags.append(Diagnostic(Severity.WARNING, code, message, line, column))

    def records(self, code: str) -> Iterator[PreservedRecord]:
        for r in self.t.records:
            if isinstance(r, PreservedRecord) and r.code == code:
                yield r

    # ---- 310 / 013
    def teams(self) -> list[Team]:
        out: list[Team] = []
        recs = list(self.records("310"))
        if recs:
            for r in recs:
                team = self._team_310(r)
                if team is not None:
                    out.append(team)
        else:
            for i, r in enumerate(self.records("013"), start=1):
                team = self._team_013(r, i)
                if team is not None:
                    out.append(team)
        seen: dict[int, Team] = {}
        for team in out:
            if team.tpn in seen:
                self.error(team.line, 5, f"310: team pairing number {team.tpn} is already team "
                                         f"{seen[team.tpn].name!r} (line {seen[team.tpn].line}); each team needs "
                                         f"its own (C.04.6 Art. 1.1.1)", "duplicate-record")
            else:
                seen[team.tpn] = team
        teams = sorted(seen.values(), key=lambda x: x.tpn)
        missing = sorted(set(range(1, len(teams) + 1)) - set(seen))
        if missing and teams and len(out) == len(recs or list(self.records("013"))):  # every record read
            beyond = sorted((x for x in teams if x.tpn > len(teams)), key=lambda x: x.line)
            first = beyond[0]
            self.error(first.line, 5, f"310: team pairing number {first.tpn}, but there are {len(teams)} teams: "
                                      f"the numbers must run from 1 to {len(teams)} (C.04.6 Art. 1.1.1; "
                                      f"{_listed(missing)} missing)", "bad-number")
        owner: dict[int, Team] = {}
        players = self.t.player_by_rank
        code = self.team_code = "310" if recs else "013"
        for team in teams:
            if not team.members:
                self.error(team.line, 74 if recs else 37, f"{code}: team {team.tpn} ({team.name!r}) has no members: "
                                                          f"expected their start ranks from column {74 if recs else 37}")
            for i, m in enumerate(team.members):
                col = self._member_column(team, m, i)
                if m in owner:
                    other = owner[m]
                    where = (f"twice in team {team.tpn}" if other is team else
                             f"in team {other.tpn} (line {other.line}) and in team {team.tpn}: a player plays for "
                             f"one team")
                    self.error(team.line, col, f"{code}: player {m} is listed {where}", "duplicate-record")
                    continue
                owner[m] = team
                if m not in players:
                    self.error(team.line, col, f"{code}: member {m} of team {team.tpn} is no player (no 001 line "
                                               f"with start rank {m})", "unknown-opponent")
        return teams

    def _member_column(self, team: Team, member: int, index: int) -> int:
        """The column of the ``index``-th member (``member``) of ``team``'s record."""
        rec = next((r for r in self.t.records if isinstance(r, PreservedRecord) and r.line == team.line), None)
        if rec is None:
            return 0
        start = 72 if rec.code == "310" else 36
        cols = [start + 1 + m.start() for m in re.finditer(r"\S+", rec.text[start:])
                if _int(m.group(0)) not in (None, 0)]
        return cols[index] if index < len(cols) else start + 1

    def _team_310(self, r: PreservedRecord) -> Team | None:
        text = r.text
        tpn_s = text[4:7].strip() if len(text) >= 5 else ""
        tpn = _int(tpn_s)
        if tpn is None or not 1 <= tpn <= 999:
            self.error(r.line, 5, f"310: expected a team pairing number 1-999 in columns 5-7, found {tpn_s!r}", "syntax")
            return None
        name = text[8:40].strip()
        if not name:
            self.error(r.line, 9, f"310: team {tpn} has no name (columns 9-40)", "syntax")
        nickname = text[41:46].strip()
        strength = text[47:53].strip()
        mp = self._opt_number(r, text, 54, 60, "match points")
        gp = self._opt_number(r, text, 61, 67, "game points")
        rank_s = text[68:71].strip()
        rank = _int(rank_s) if rank_s else None
        if rank_s and rank is None:
            self.error(r.line, 69, f"310: expected the team's rank in columns 69-71, found {rank_s!r}", "bad-number")
        members: list[int] = []
        for m in re.finditer(r"\S+", text[72:]):
            col = 73 + m.start()
            v = _int(m.group(0))
            if v is None or v == 0:
                self.error(r.line, col, f"310: expected a member's start rank, found {m.group(0)!r}", "bad-number")
                self.unread_members.add(r.line)
                continue
            members.append(v)
        return Team(tpn, name, tuple(members), nickname, strength, mp, gp, rank, r.line)

    def _opt_number(self, r: PreservedRecord, text: str, start: int, end: int, what: str) -> Fraction | None:
        s = text[start:end].strip()
        if not s:
            return None
        v = _number(s)
        if v is None:
            self.error(r.line, start + 1, f"310: expected the team's {what} in columns {start + 1}-{end}, "
                                          f"found {s!r}", "bad-number")
        return v

    def _team_013(self, r: PreservedRecord, tpn: int) -> Team | None:
        text = r.text
        name = text[4:36].strip()
        members: list[int] = []
        for m in re.finditer(r"\S+", text[36:]):
            v = _int(m.group(0))
            if v is None or v == 0:
                self.error(r.line, 37 + m.start(), f"013: expected a member's start rank, found {m.group(0)!r}",
                           "bad-number")
                self.unread_members.add(r.line)
                continue
            members.append(v)
        return Team(tpn, name or f"Team {tpn}", tuple(members), line=r.line)

    # ---- header records
    def boards(self, teams: list[Team]) -> tuple[int, str]:
        value = self.t.header("352")
        line = next((getattr(r, "line", 0) for r in self.t.records if getattr(r, "code", "") == "352"), 0)
        if value is None or not value.strip():
            most = max((len(t.members) for t in teams), default=0)
            if teams and any(True for _ in self.records("310")):  # TRF-2026 asks for it; 013 files predate it
                first = next(self.records("310"))
                self.warn(first.line, 1, f"no 352 record (the board colours, e.g. WBWB): {most} boards assumed, "
                                f"alternating from White on board 1", "bad-record")
            return most, "".join("WB"[i % 2] for i in range(most))
        pattern = value.strip().upper()
        if not re.fullmatch(r"[WB]+", pattern) or pattern[0] != "W":
            self.error(line, 5, f"352: expected the board colours of the White team as W and B, starting with W "
                                f"(e.g. WBWB), found {value.strip()!r}", "bad-code")
            n = len(pattern)
            return n, "".join("WB"[i % 2] for i in range(n))
        for t in teams:
            if 0 < len(t.members) < len(pattern) and t.line not in self.unread_members:
                col = 74 if t.line in {r.line for r in self.records("310")} else 37
                self.error(t.line, col, f"team {t.tpn} has {len(t.members)} member{'s' if len(t.members) > 1 else ''} "
                                        f"for {len(pattern)} boards (352 {pattern}): a team needs a player for every "
                                        f"board")
        return len(pattern), pattern

    def match_scoring(self) -> tuple[Fraction, Fraction, Fraction]:
        value = self.t.header("362")
        win, draw, loss = Fraction(2), Fraction(1), ZERO
        if value is None:
            return win, draw, loss
        line = next((getattr(r, "line", 0) for r in self.t.records if getattr(r, "code", "") == "362"), 0)
        toks = _tokens("362 " + value)
        i = 0
        seen: dict[str, Fraction] = {}
        while i < len(toks):
            key, col = toks[i]
            if key.upper() not in ("TW", "TD", "TL"):
                self.error(line, col, f"362: expected TW, TD or TL (a won, drawn, lost match), each followed by its "
                                      f"match points (362 TW 2.0 TD 1.0 TL 0.0), found {key!r}", "syntax")
                return win, draw, loss
            if i + 1 >= len(toks) or _number(toks[i + 1][0]) is None:
                found = repr(toks[i + 1][0]) if i + 1 < len(toks) else "nothing"
                where = toks[i + 1][1] if i + 1 < len(toks) else col + len(key) + 1
                self.error(line, where, f"362: expected the match points after {key} (a number such as 2.0), "
                                        f"found {found}", "bad-number")
                return win, draw, loss
            if key.upper() in seen:
                self.error(line, col, f"362: {key} is given twice", "duplicate-record")
                return win, draw, loss
            seen[key.upper()] = _number(toks[i + 1][0]) or ZERO
            i += 2
        win, draw, loss = seen.get("TW", win), seen.get("TD", draw), seen.get("TL", loss)
        if not win > draw >= loss:
            self.warn(line, 5, f"362: a won match ({win}) should be worth more than a draw ({draw}), "
                               f"a draw at least a loss ({loss})")
        return win, draw, loss

    def options(self) -> TeamOptions:
        value = self.t.header("192")
        if value is None:
            return TeamOptions()
        opts = team_options(value)
        code = value.strip().upper()
        if opts is None and code.startswith("FIDE_TEAM") and _OTHER_TEAM_SYSTEM.fullmatch(code) is None:
            line = next((getattr(r, "line", 0) for r in self.t.records if getattr(r, "code", "") == "192"), 0)
            self.error(line, 5, f"192: {value.strip()!r} is not a FIDE Team Swiss code: expected "
                                f"FIDE_TEAM[_TYPEA|_TYPEB][_MP|_GP][_GP|_MP][_BAKU], in that order "
                                f"(e.g. FIDE_TEAM_TYPEA_MP_GP)", "bad-code")
        return opts or TeamOptions()

    # ---- 320 / 330 / 300 / 240
    def pab(self, tpns: set[int]) -> tuple[Fraction | None, Fraction | None, tuple[int, ...]]:
        recs = list(self.records("320"))
        if not recs:
            return None, None, ()
        for extra in recs[1:]:
            self.error(extra.line, 1, f"320: a second 320 record (the first is on line {recs[0].line}): one record "
                                      f"gives the PAB of every round", "duplicate-record")
        r = recs[0]
        fixed = _fixed_320(r.text)
        toks = _tokens(r.text) if fixed is None else fixed
        if len(toks) < 2 or _number(toks[0][0]) is None or _number(toks[1][0]) is None:
            col = toks[0][1] if toks else 5
            self.error(r.line, col, "320: expected the match points and game points of a PAB, then the team given "
                                    "it in each round (320 1.0 2.0 000 012)", "syntax")
            return None, None, ()
        teams: list[int] = []
        for tok, col in toks[2:]:
            v = _int(tok) if tok else 0
            if v is None:
                self.error(r.line, col, f"320: expected a team pairing number (000 for none), found {tok!r}",
                           "bad-number")
                v = 0
            elif v and v not in tpns:
                self.error(r.line, col, f"320: round {len(teams) + 1}: no team has pairing number {v}",
                           "unknown-opponent")
                v = 0
            teams.append(v)
            self.pab_at[len(teams)] = (r.line, col)
        return _number(toks[0][0]), _number(toks[1][0]), tuple(teams)

    def forfeits(self, tpns: set[int]) -> list[ForfeitedMatch]:
        out = []
        seen: dict[tuple[int, int], int] = {}
        for r in self.records("330"):
            toks = _tokens(r.text)
            if len(toks) != 4 or toks[0][0] not in ("+-", "-+", "--") or any(_int(x) is None for x, _ in toks[1:]):
                col = toks[0][1] if toks and toks[0][0] not in ("+-", "-+", "--") else \
                    next((c for x, c in toks[1:] if _int(x) is None), toks[-1][1] + len(toks[-1][0]) if toks else 5)
                self.error(r.line, col, "330: expected +-, -+ or -- then the round, the White team and the Black "
                                        "team (330 +- 3 12 7)", "syntax")
                continue
            kind, rnd, white, black = toks[0][0], int(toks[1][0]), int(toks[2][0]), int(toks[3][0])
            bad = False
            for tpn, (_, col) in ((white, toks[2]), (black, toks[3])):
                if tpn not in tpns:
                    self.error(r.line, col, f"330: no team has pairing number {tpn}", "unknown-opponent")
                    bad = True
            if white == black and not bad:
                self.error(r.line, toks[3][1], f"330: team {white} cannot play itself", "self-opponent")
                bad = True
            if rnd < 1:
                self.error(r.line, toks[1][1], f"330: expected a round number from 1, found {rnd}", "bad-number")
                bad = True
            for tpn in (white, black):
                if (rnd, tpn) in seen and not bad:
                    self.error(r.line, toks[1][1], f"330: team {tpn} already has a forfeited match in round {rnd} "
                                                   f"(line {seen[(rnd, tpn)]})", "duplicate-record")
                    bad = True
            if bad:
                continue
            seen[(rnd, white)] = seen[(rnd, black)] = r.line
            out.append(ForfeitedMatch(kind, rnd, white, black, r.line))
        return out

    def lineups(self, teams: dict[int, Team], boards: int) -> list[Lineup]:
        out = []
        seen: dict[tuple[int, int], int] = {}
        for r in self.records("300"):
            toks = _tokens(r.text)
            ints = [_int(x) for x, _ in toks]
            if len(toks) < 4 or any(v is None for v in ints):
                bad = next(((x, c) for (x, c), v in zip(toks, ints) if v is None), None)
                col = bad[1] if bad else (toks[-1][1] if toks else 5)
                self.error(r.line, col, "300: expected the round, the team, its opponent (0: none) and the player "
                                        "on each board (0000: an empty board)", "syntax")
                continue
            rnd, tpn, opp = ints[0], ints[1], ints[2]
            players = tuple(int(v or 0) for v in ints[3:])
            assert rnd is not None and tpn is not None and opp is not None
            if tpn not in teams:
                self.error(r.line, toks[1][1], f"300: no team has pairing number {tpn}", "unknown-opponent")
                continue
            if opp and opp not in teams:
                self.error(r.line, toks[2][1], f"300: no team has pairing number {opp}", "unknown-opponent")
                continue
            if (rnd, tpn) in seen:
                self.error(r.line, toks[0][1], f"300: team {tpn} already has a line-up for round {rnd} "
                                               f"(line {seen[(rnd, tpn)]})", "duplicate-record")
                continue
            if boards and len(players) > boards:
                self.error(r.line, toks[3 + boards][1], f"300: {len(players)} boards listed, the match has {boards} (352)")
                continue
            members = set(teams[tpn].members)
            ok = True
            listed: set[int] = set()
            for (tok, col), p in zip(toks[3:], players):
                if p and p not in members:
                    self.error(r.line, col, f"300: player {p} is not a member of team {tpn} (310)", "bad-record")
                    ok = False
                elif p and p in listed:
                    self.error(r.line, col, f"300: player {p} is on two boards", "duplicate-record")
                    ok = False
                listed.add(p)
            if ok:
                seen[(rnd, tpn)] = r.line
                out.append(Lineup(rnd, tpn, opp, players, r.line))
        return out

    def byes(self, tpns: set[int]) -> list[tuple[int, str, int]]:
        """``240 F/H/Z rrr`` then team pairing numbers (TRF-2026 4.6: in a team event a 240 names
        teams), the n-th at columns 11+5(n-1) to 14+5(n-1)."""
        out = []
        for r in self.t.records:
            if isinstance(r, ByeRecord):
                for i, tpn in enumerate(r.players):
                    if tpn not in tpns:
                        self.error(r.line, 11 + 5 * i, f"240 {r.kind}: no team has pairing number {tpn} (in a team "
                                                       f"event 240 names teams by their 310 numbers)", "unknown-opponent")
                    else:
                        out.append((r.round, r.kind, tpn))
                        self.bye_at.setdefault((r.round, tpn), (r.line, 11 + 5 * i))
        return out


def _fixed_320(text: str) -> list[tuple[str, int]] | None:
    """A ``320`` read by its columns (MP 5-8, GP 10-13, round r's TPN at 15+4(r-1) to 17+4(r-1), a
    blank field for a round without a PAB, as FIDE's own sample writes it), or ``None`` when the
    line does not keep to them (fields separated by single spaces: read by whitespace)."""
    body = text.rstrip()
    if len(body) < 13 or any(body[i] != " " for i in (3, 8, 13) if i < len(body)):
        return None
    if any(body[i] != " " for i in range(17, len(body), 4)):
        return None
    fields = [(text[4:8].strip(), 5), (text[9:13].strip(), 10)]
    for start in range(14, len(body), 4):
        fields.append((text[start:start + 3].strip(), start + 1))
    return fields


def _listed(numbers: list[int]) -> str:
    shown = ", ".join(map(str, numbers[:8]))
    return shown + (f" and {len(numbers) - 8} more" if len(numbers) > 8 else "")


def read_team_event(t: Tournament) -> tuple[TeamEvent | None, list[Diagnostic]]:
    """The team event ``t`` holds, and the diagnostics of its team records (``None`` when the file
    has no team or a team record is unreadable: the diagnostics say why)."""
    rd = _Reader(t)
    teams = rd.teams()
    if not teams:
        if not t.is_team_event:
            return None, [Diagnostic(Severity.ERROR, "bad-record", "not a team event: no 310 (or 013) team record", 0, 0)]
        return None, rd.diags
    by_tpn = {x.tpn: x for x in teams}
    tpns = set(by_tpn)
    boards, pattern = rd.boards(teams)
    win, draw, loss = rd.match_scoring()
    options = rd.options()
    pab_mp, pab_gp, pab_teams = rd.pab(tpns)
    forfeits = rd.forfeits(tpns)
    lineups = rd.lineups(by_tpn, boards)
    byes = rd.byes(tpns)
    if any(d.severity is Severity.ERROR for d in rd.diags):
        # the records themselves are wrong: the matches they would give are not read (each
        # finding would be a consequence, printed after its cause)
        return None, rd.diags
    # C.04.6 Art. 1.4: a PAB is worth a drawn match unless the rules say otherwise (320 says)
    pab_match = pab_mp if pab_mp is not None else draw
    pab_game = pab_gp if pab_gp is not None else t.scoring.draw_white * boards
    rounds = max([t.rounds_paired, len([x for x in pab_teams if x]) and
                  max((i + 1 for i, x in enumerate(pab_teams) if x), default=0)]
                 + [f.round for f in forfeits])
    history = _history(rd, t, teams, boards, pattern, (win, draw, loss), pab_match, pab_game, pab_teams, forfeits,
                       lineups, byes, rounds)
    if any(d.severity is Severity.ERROR for d in rd.diags):
        return None, rd.diags
    event = TeamEvent(t, tuple(teams), boards, pattern, win, draw, loss, pab_match, pab_game, pab_teams,
                      tuple(forfeits), tuple(lineups), tuple(byes), options, history, rounds)
    return event, rd.diags


def team_event(t: Tournament, filename: str = "<input>") -> TeamEvent:
    """:func:`read_team_event`, raising :class:`TeamFileError` when the team records hold errors."""
    event, diags = read_team_event(t)
    if event is None:
        raise TeamFileError([d for d in diags if d.severity is Severity.ERROR] or diags, filename)
    return event


def _opponent_column(rnd: int) -> int:
    """The column of round ``rnd``'s opponent field on a player line (TRF-16 2.2: 92 + 10(r-1))."""
    return 82 + 10 * rnd


def _history(rd: _Reader, t: Tournament, teams: list[Team], boards: int, pattern: str,
             mp: tuple[Fraction, Fraction, Fraction], pab_mp: Fraction, pab_gp: Fraction, pab_teams: tuple[int, ...],
             forfeits: list[ForfeitedMatch], lineups: list[Lineup], byes: list[tuple[int, str, int]],
             rounds: int) -> dict[int, tuple[TeamRound, ...]]:
    """Each team's rounds: the PAB (320), a forfeited match (330), a bye (240), else the match its
    players played (their 001 entries), else absent.

    A record that the players' lines contradict (a PAB, a forfeited match or a bye for a team
    whose players played a game that round) is an error at that record, and the games decide the
    round; a round's board results that do not make one match per team are reported once for the
    round (the other teams' findings of that round would be its consequences)."""
    win, draw, loss = mp
    players = t.player_by_rank
    scoring = t.scoring
    owner = {m: team.tpn for team in teams for m in team.members}
    by_lineup = {(x.round, x.team): x for x in lineups}
    forfeit_of: dict[tuple[int, int], ForfeitedMatch] = {}
    for f in forfeits:
        forfeit_of[(f.round, f.white)] = forfeit_of[(f.round, f.black)] = f
    bye_of = {(r, tpn): kind for r, kind, tpn in byes}
    out: dict[int, list[TeamRound]] = {team.tpn: [] for team in teams}
    pending: dict[tuple[int, int], tuple[int, Fraction, bool, tuple[int, ...]]] = {}
    reported: set[object] = set()  # records, rounds and players already reported

    def once(key: object) -> bool:
        if key in reported:
            return False
        reported.add(key)
        return True

    for rnd in range(1, rounds + 1):
        for team in teams:
            tpn = team.tpn
            lineup = by_lineup.get((rnd, tpn))
            if lineup is not None:
                seated = lineup.boards
            else:
                # who played: the members with an opponent or a win over an empty board (FIDE's
                # sample writes a reserve's round as 0000 - -); at a forfeit or a bye, the members
                # with a round block
                seated = tuple(m for m in team.members if (e := _entry(players, m, rnd)) is not None
                               and (e.opponent is not None or e.result is Result.FORFEIT_WIN))[:boards] \
                    or tuple(m for m in team.members if _seated(_entry(players, m, rnd)))[:boards]
            gp = sum((scoring.value(e) for m in seated if m and (e := _entry(players, m, rnd)) is not None), ZERO)
            # the opponents of the seated players
            opps: dict[int, int] = {}
            for m in seated:
                e = _entry(players, m, rnd) if m else None
                if e is not None and e.opponent:
                    other = owner.get(e.opponent)
                    if other is not None:
                        opps.setdefault(other, m)
                    elif e.opponent in players and once(("no team", e.opponent)):
                        p = players[m]
                        rd.error(p.line, _opponent_column(rnd), f"round {rnd}: player {m} of team {tpn} played "
                                 f"player {e.opponent}, who is a member of no team ({rd.team_code})", "unknown-opponent")
            played = [m for m in seated if m and (e := _entry(players, m, rnd)) is not None and e.is_played]
            pab = pab_teams[rnd - 1] if rnd <= len(pab_teams) else 0
            if pab == tpn:
                if not opps:
                    out[tpn].append(TeamRound(rnd, MatchKind.PAB, game_points=pab_gp, match_points=pab_mp,
                                              boards=seated))
                    continue
                line, col = rd.pab_at.get(rnd, (0, 0))
                m = opps[next(iter(opps))]
                rd.error(line, col, f"320: round {rnd}: team {tpn} has the pairing-allocated bye, but its player {m} "
                                    f"was paired against team {next(iter(opps))} that round (line {players[m].line})")
            forfeit = forfeit_of.get((rnd, tpn))
            if forfeit is not None and not played:
                white = forfeit.white == tpn
                opp = forfeit.black if white else forfeit.white
                if forfeit.kind == "--":
                    kind, points = MatchKind.DOUBLE_FORFEIT, loss
                elif (forfeit.kind == "+-") == white:
                    kind, points = MatchKind.FORFEIT_WIN, win
                else:
                    kind, points = MatchKind.FORFEIT_LOSS, loss
                # every board is won (lost) by forfeit (162 + / -), whatever the lines write
                value = {MatchKind.FORFEIT_WIN: scoring.forfeit_win}.get(kind, scoring.forfeit_loss)
                out[tpn].append(TeamRound(rnd, kind, opp, Colour.NONE, value * boards, points, seated))
                continue
            if forfeit is not None and once(forfeit):
                rd.error(forfeit.line, _field_column(rd, forfeit.line, 1), f"330: the match of teams {forfeit.white} "
                         f"and {forfeit.black} in round {rnd} is written as forfeited, but player {played[0]} of team "
                         f"{tpn} played a game that round (line {players[played[0]].line})")
            kind_240 = bye_of.get((rnd, tpn))
            if len(opps) > 1 and once(("round", rnd)):
                first, second = list(opps.items())[:2]
                rd.error(players[second[1]].line, _opponent_column(rnd), f"round {rnd}: the players of team {tpn} "
                         f"meet two teams, {first[0]} (player {first[1]}) and {second[0]} (player {second[1]}): "
                         f"a team's boards are one match, against one team")
            if opps:
                opp = next(iter(opps))
                if opp == tpn and once(("round", rnd)):
                    m = opps[opp]
                    rd.error(players[m].line, _opponent_column(rnd), f"round {rnd}: player {m} of team {tpn} played "
                             f"a member of his own team", "self-opponent")
                if kind_240 is not None and opp != tpn and once(("bye", rnd, tpn)):
                    line, col = rd.bye_at.get((rnd, tpn), (0, 0))
                    rd.error(line, col, f"240 {kind_240}: team {tpn} has a bye in round {rnd}, but its player "
                                        f"{opps[opp]} was paired against team {opp} that round "
                                        f"(line {players[opps[opp]].line})")
                out[tpn].append(TeamRound(rnd, MatchKind.PLAYED, opp, Colour.NONE, gp, ZERO, seated))
                pending[(rnd, tpn)] = (opp, gp, lineup is not None, seated)
                continue
            if kind_240 is not None:
                kind = {"F": MatchKind.FULL_BYE, "H": MatchKind.HALF_BYE}.get(kind_240, MatchKind.ZERO_BYE)
                points = {"F": win, "H": draw}.get(kind_240, ZERO)
                # every board scores the bye's value (162 F / H / Z), whatever the lines write
                value = {"F": scoring.full_point_bye, "H": scoring.half_point_bye}.get(kind_240, scoring.zero_point_bye)
                out[tpn].append(TeamRound(rnd, kind, game_points=value * boards, match_points=points, boards=seated))
                continue
            out[tpn].append(TeamRound(rnd, MatchKind.ABSENT, game_points=gp, boards=seated))
    # colours and match points of played matches, once both teams' boards are known
    for (rnd, tpn), (opp, gp, explicit, seated) in pending.items():
        mine = out[tpn][rnd - 1]
        theirs = pending.get((rnd, opp))
        team = next(x for x in teams if x.tpn == tpn)
        if theirs is None or theirs[0] != tpn:
            if once(("round", rnd)):
                m = next(p for p in seated if p and (e := _entry(players, p, rnd)) is not None
                         and owner.get(e.opponent or 0) == opp)
                rd.error(players[m].line, _opponent_column(rnd), f"round {rnd}: player {m} of team {tpn} played "
                         f"team {opp}, whose players played {'team ' + str(theirs[0]) if theirs else 'nobody'}: "
                         f"a match is between two teams")
            continue
        colour = _board_one_colour(players, rnd, seated, explicit, theirs[3], theirs[2], pattern)
        their_colour = _board_one_colour(players, rnd, theirs[3], theirs[2], seated, explicit, pattern)
        if colour is not Colour.NONE and their_colour is colour and tpn < opp and once(("round", rnd)):
            lineup = by_lineup.get((rnd, opp)) or by_lineup.get((rnd, tpn))
            where = (lineup.line, 1) if lineup is not None else (team.line, 5)
            rd.error(where[0], where[1], f"round {rnd}: teams {tpn} and {opp} would both have "
                     f"{colour.name.lower()} on board 1: their players' colours do not follow the board colours "
                     f"(352 {pattern}) of one match; a line-up out of the 310 order needs its 300 record",
                     "colour-mismatch")
        other_gp = theirs[1]
        points = win if gp > other_gp else draw if gp == other_gp else loss
        out[tpn][rnd - 1] = TeamRound(rnd, mine.kind, opp, colour, gp, points, seated)
    return {k: tuple(v) for k, v in out.items()}


def _field_column(rd: _Reader, line: int, index: int) -> int:
    """The column of the ``index``-th field after the code of the record on ``line``."""
    rec = next((r for r in rd.t.records if isinstance(r, PreservedRecord) and r.line == line), None)
    toks = _tokens(rec.text) if rec is not None else []
    return toks[index][1] if index < len(toks) else 1


def _board_one_colour(players: dict[int, Player], rnd: int, seated: tuple[int, ...], explicit: bool,
                      their_seated: tuple[int, ...], their_explicit: bool, pattern: str) -> Colour:
    """The team's board-1 colour (C.04.6 Art. 1.6.1): the colour of a player whose board is known,
    turned by the 352 pattern when that board's colour differs from board 1's.  A player's board is
    his place in a 300 line-up, else the place of his opponent in the other team's 300, else his
    place among the members who played (310 order)."""
    theirs = {p: i for i, p in enumerate(their_seated) if p}
    for i, p in enumerate(seated):
        e = _entry(players, p, rnd) if p else None
        if e is None or e.colour is Colour.NONE:
            continue
        board = i
        if not explicit and their_explicit and e.opponent in theirs:
            board = theirs[e.opponent]
        same = board >= len(pattern) or pattern[board] == pattern[0]
        return e.colour if same else e.colour.opposite
    return Colour.NONE


def _seated(e: RoundEntry | None) -> bool:
    """A player who sat at the team's match, or took its bye or forfeit: a round block with an
    opponent, or with a result other than a zero-point bye."""
    return e is not None and (e.opponent is not None or e.code not in (None, Result.ZERO_POINT_BYE))


def _entry(players: dict[int, Player], start_rank: int, rnd: int) -> RoundEntry | None:
    p = players.get(start_rank)
    return p.entry(rnd) if p is not None else None
