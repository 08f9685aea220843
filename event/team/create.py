"""A new team event: the TRF-2026 file of a FIDE Team Swiss (C.04.6) before any team registers.

On top of what every event carries (:mod:`event.create`: ``142`` rounds, ``152`` the initial
colour drawn by lot, ``162`` the board scoring, the report headers), a team event needs
(TRF-2026 4.6, ``../reference/trf.md``):

* ``192 FIDE_TEAM[_TYPEA|_TYPEB][_MP|_GP][_GP|_MP][_BAKU]``: the Team Swiss and its options
  (C.04.6 Art. 1.2: which score is primary, whether the other one allocates colours; Art. 1.7:
  colour preferences of Type A, Type B or none), read back by :func:`trf.teams.team_options`,
  written with every option spelled out (:func:`spelled_code`);
* ``352`` the colours of the White team's boards (``WBWB``: its length is the number of boards;
  C.04.6 Art. 1.6.2 leaves the pattern to the competition);
* ``362`` the match points of a won, drawn and lost match (``TW 2.0   TD 1.0   TL 0.0`` by default,
  spaced as the TEC's reference engine reads it);
* ``320`` the value of a PAB: the match and game points of a drawn match unless the regulations
  say otherwise (C.04.6 Art. 1.4);
* ``082`` the number of teams, ``202`` the tie-breaks (C.07 team tie-breaks; a suggested list with
  a warning when none is given: the regulations must announce it).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from fractions import Fraction

from event.change import Change, Notice
from event.create import EventSettings, InvalidSetting, new_event
from event.team.records import TeamRecords, with_team_records
from trf.model import Header, Record
from trf.teams import team_options
from trf.writer import fmt_points, short_decimal

__all__ = ["TeamSettings", "new_team_event", "spelled_code", "board_pattern", "parse_match_points", "parse_pab", "DEFAULT_TIEBREAKS",
           "DEFAULT_CODE", "MAX_BOARDS"]

#: A suggestion (``../reference/tiebreaks.md`` 8), not a FIDE default: C.07 prescribes none.
DEFAULT_TIEBREAKS = "EDE,EMGSB/C1,BH:MP/C1,MPvGP"
#: ``FIDE_TEAM`` alone: Type A colour preferences, match points primary, game points for colours.
DEFAULT_CODE = "FIDE_TEAM"
#: A line-up record (``300``) holds the player of each board in 5 columns of a line of at most
#: the length of a player line; no team competition has more boards than this.
MAX_BOARDS = 20


@dataclass(frozen=True)
class TeamSettings:
    """What makes the event a team event: the ``192`` code (``FIDE_TEAM...``), the board colours
    of the White team (``352``), the match points of a win, draw and loss (``362``), and the PAB's
    match and game points (``None``: a drawn match's, C.04.6 Art. 1.4)."""

    code: str = DEFAULT_CODE
    board_colours: str = "WBWB"
    match_points: tuple[Fraction, Fraction, Fraction] = (Fraction(2), Fraction(1), Fraction(0))
    pab: tuple[Fraction, Fraction] | None = None


def board_pattern(boards: int) -> str:
    """``WBWB...`` for ``boards`` boards: board 1 White for the White team, then alternating."""
    if not 1 <= boards <= MAX_BOARDS:
        raise InvalidSetting("number of boards", boards, f"1 to {MAX_BOARDS}")
    return "".join("WB"[i % 2] for i in range(boards))


_NUMBER = re.compile(r"^\s*\d+(?:\.\d)?\s*$")


def _number(text: str, setting: str, expected: str) -> Fraction:
    if not _NUMBER.match(text):
        raise InvalidSetting(setting, text, expected)
    return Fraction(text.strip())


def parse_match_points(text: str) -> tuple[Fraction, Fraction, Fraction]:
    """``win/draw/loss`` match points (``2/1/0``, ``3/1/0``)."""
    parts = [p for p in re.split(r"[/:;,\s]+", text.strip()) if p]
    expected = "win/draw/loss match points such as 2/1/0"
    if len(parts) != 3:
        raise InvalidSetting("match points", text, expected)
    win, draw, loss = (_number(p, "match points", expected) for p in parts)
    if not win > draw >= loss:
        raise InvalidSetting("match points", text, "a won match worth more than a drawn one, a draw at least a loss")
    return win, draw, loss


def parse_pab(text: str) -> tuple[Fraction, Fraction]:
    """``MP/GP``: the match and game points of a PAB (``1/2``)."""
    parts = [p for p in re.split(r"[/:;,\s]+", text.strip()) if p]
    expected = "the match points and game points of a PAB, such as 1/2"
    if len(parts) != 2:
        raise InvalidSetting("team PAB value", text, expected)
    mp, gp = (_number(p, "team PAB value", expected) for p in parts)
    return mp, gp


def spelled_code(code: str) -> str:
    """The ``192`` code with every option spelled out, as :func:`trf.teams.team_options` reads
    ``code`` (``FIDE_TEAM`` -> ``FIDE_TEAM_TYPEA_MP_GP``, ``FIDE_TEAM_TYPEB`` ->
    ``FIDE_TEAM_TYPEB_MP_GP``, ``FIDE_TEAM_MP`` stays): the same event, in the form every reader
    of the ETT table knows (the TEC's reference engine reads neither a type without its scores
    nor a code it does not list)."""
    options = team_options(code)
    assert options is not None
    parts = ["FIDE_TEAM"]
    if options.preference is not None:
        parts.append(f"TYPE{options.preference}")
    parts.append(options.primary)
    if options.secondary is not None:
        parts.append(options.secondary)
    if options.baku:
        parts.append("BAKU")
    return "_".join(parts)


def _check(s: EventSettings, team: TeamSettings) -> str:
    if s.system is not None or s.rules is not None:
        raise InvalidSetting("pairing system", s.system or s.rules, "none with a team event: its 192 code names the "
                                                                  "FIDE Team Swiss and its options")
    code = team.code.strip().upper()
    if team_options(code) is None:
        raise InvalidSetting("team pairing code", team.code,
                             "FIDE_TEAM[_TYPEA|_TYPEB][_MP|_GP][_GP|_MP][_BAKU] (TRF-2026 192)")
    pattern = team.board_colours.strip().upper()
    if not re.fullmatch(r"[WB]+", pattern) or pattern[0] != "W":
        raise InvalidSetting("board colours", team.board_colours, "W and B for each board of the White team, board 1 "
                                                                 "W (352, e.g. WBWB)")
    if len(pattern) > MAX_BOARDS:
        raise InvalidSetting("number of boards", len(pattern), f"1 to {MAX_BOARDS}")
    for value in team.match_points + (team.pab or ()):
        if value > 999 or (value * 10).denominator != 1:
            raise InvalidSetting("match points", short_decimal(value), "at most 999, with at most one decimal")
    return spelled_code(code)


def new_team_event(s: EventSettings, team: TeamSettings = TeamSettings()) -> Change:
    """The new team event's tournament (no team yet).  Raises :class:`~event.create.InvalidSetting`."""
    code = _check(s, team)
    options = team_options(code)
    assert options is not None
    if options.baku and options.primary != "MP":
        raise InvalidSetting("team pairing code", team.code, "Baku acceleration with match points primary only "
                                                             "(C.04.7: a code with _BAKU and without _GP first)")
    tiebreaks = s.tiebreaks if s.tiebreaks is not None else DEFAULT_TIEBREAKS
    if not re.fullmatch(r"[A-Za-z0-9:/#!+.-]+(?:,[A-Za-z0-9:/#!+.-]+)*", tiebreaks.replace(" ", "")):
        raise InvalidSetting("tie-break list", tiebreaks, "C.07 codes separated by commas, such as EDE,EMGSB/C1,MPvGP")
    base = new_event(replace(s, tiebreaks="PTS"))  # the individual event's headers; 192/202 replaced below
    pattern = team.board_colours.strip().upper()
    win, draw, loss = team.match_points
    game_draw = base.after.scoring.draw_white
    pab_mp, pab_gp = team.pab if team.pab is not None else (draw, game_draw * len(pattern))
    if (pab_gp * 10).denominator != 1:
        raise InvalidSetting("team PAB value", str(pab_gp), "game points with at most one decimal (give --pab MP/GP)")
    records: list[Record] = []
    for rec in base.after.records:
        if isinstance(rec, Header) and rec.code == "092":
            records.append(Header("092", "Team Swiss"))
        elif isinstance(rec, Header) and rec.code == "072":
            records += [rec, Header("082", "0")]
        elif isinstance(rec, Header) and rec.code == "192":
            records.append(Header("192", code))
        elif isinstance(rec, Header) and rec.code == "202":
            records += [Header("202", tiebreaks), Header("352", pattern),
                        Header("362", f"TW {fmt_points(win)}   TD {fmt_points(draw)}   TL {fmt_points(loss)}")]
        else:
            records.append(rec)
    t = base.after.replace_records(tuple(records))
    t = with_team_records(t, TeamRecords(pab_match_points=pab_mp, pab_game_points=pab_gp))
    warnings = [w for w in base.warnings if w.code != "default-tiebreaks"]
    if s.tiebreaks is None:
        warnings.append(Notice("default-tiebreaks", f"no tie-break list given: {DEFAULT_TIEBREAKS} written in record "
                                                    "202 (a suggestion; the regulations must announce the list, C.07)",
                               {"tiebreaks": DEFAULT_TIEBREAKS}))
    colour = base.data["initial_colour"]
    how = "fixed by the regulations" if not base.data["initial_colour_drawn"] else f"drawn by lot, seed {base.data['seed']}"
    prefs = {"A": "Type A colour preferences", "B": "Type B colour preferences", None: "no colour preferences"}
    scores = f"{options.primary} primary" + (f", {options.secondary} for colours" if options.secondary else "")
    words = (f"{s.name.strip()}, {s.rounds} rounds, FIDE Team Swiss (C.04.6, 192 {code}: {prefs[options.preference]}, "
             f"{scores}{', Baku acceleration' if options.baku else ''}), {len(pattern)} boards {pattern}, match points "
             f"{short_decimal(win)}/{short_decimal(draw)}/{short_decimal(loss)}, game points {base.data['scoring']}, "
             f"PAB {short_decimal(pab_mp)} MP {short_decimal(pab_gp)} GP, initial colour {colour.capitalize()} ({how}), "
             f"tie-breaks {tiebreaks}")
    data = {**base.data, "system": code, "tiebreaks": tiebreaks, "boards": len(pattern), "board_colours": pattern,
            "match_points": [short_decimal(v) for v in team.match_points],
            "pab": {"match_points": short_decimal(pab_mp), "game_points": short_decimal(pab_gp)},
            "team": True}
    return Change(t, "create team event", words, tuple(warnings), data)
