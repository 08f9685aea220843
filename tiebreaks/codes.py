"""Tie-break codes as TRF-2026 (records 202/212) and the TEC's list write them.

Grammar (C.07 art. 5 and 14; the TEC tie-break list): ``NAME[:MP|:GP|...][/Cn][/Mn][/L+n|/L-n]
[/Kx][/P][/F][/Unnnn][/R]``, case-insensitive; the Handbook's hyphen (``BH-C1``) is accepted too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from trf.model import Tournament


@dataclass(frozen=True)
class Modifiers:
    cut: int = 0  # /Cn: drop the n least significant values (art. 14.1-14.2)
    median: int = 0  # /Mn: drop the n least and the n most significant values (14.3-14.4)
    limit: int = 0  # KS /L+n, /L-n: move the Koya limit by n half-points (14.5)
    forfeits: bool = False  # /P: forfeits count as games against the scheduled opponent
    fore: bool = False  # /F: Fore Buchholz instead of Buchholz (AOB)
    unrated: int | None = None  # /Unnnn: rating given to unrated players
    reverse: bool = False  # /R: reverse order (TPN, RTNG)
    divisor: Fraction | None = None  # SSSC /Kx: the divisor k of the Buchholz part (art. 13.4)


# code -> (canonical code, what it is, higher is better)
KNOWN: dict[str, tuple[str, str, bool]] = {
    "PTS": ("PTS", "points", True),
    "DE": ("DE", "direct encounter (art. 6)", True),
    "WIN": ("WIN", "rounds with a win's points (art. 7.1)", True),
    "WON": ("WON", "games won over the board (art. 7.2)", True),
    "BPG": ("BPG", "games played with Black (art. 7.3)", True),
    "BWG": ("BWG", "games won with Black (art. 7.4)", True),
    "PS": ("PS", "progressive score (art. 7.5)", True),
    "REP": ("REP", "rounds one elected to play (art. 7.6)", True),
    "GE": ("REP", "rounds one elected to play (art. 7.6, formerly GE)", True),
    "STD": ("STD", "standard points (art. 7.7, 2026)", True),
    "TPN": ("TPN", "pairing number (art. 7.8, 2026; lower is better)", False),
    "BH": ("BH", "Buchholz (art. 8.1)", True),
    "AOB": ("AOB", "average of opponents' Buchholz (art. 8.2)", True),
    "FB": ("FB", "Fore Buchholz (art. 8.3)", True),
    "SB": ("SB", "Sonneborn-Berger (art. 9.1)", True),
    "KS": ("KS", "Koya system (art. 9.2)", True),
    "ARO": ("ARO", "average rating of opponents (art. 10.1)", True),
    "TPR": ("TPR", "tournament performance rating (art. 10.2)", True),
    "PTP": ("PTP", "perfect tournament performance (art. 10.3)", True),
    "APRO": ("APRO", "average performance rating of opponents (art. 10.4)", True),
    "APPO": ("APPO", "average perfect performance of opponents (art. 10.5)", True),
    "RTNG": ("RTNG", "rating (art. 10.6, 2026)", True),
    # team events (art. 12 and 13; the primary score and the codes of the TEC's list)
    "MPTS": ("MPTS", "match points", True),
    "GPTS": ("GPTS", "game points", True),
    "MPVGP": ("MPVGP", "the score that is not primary: MP v GP (art. 13.1)", True),
    "EMMSB": ("EMMSB", "extended Sonneborn-Berger, opponents' MP x MP scored (art. 13.2)", True),
    "EMGSB": ("EMGSB", "extended Sonneborn-Berger, opponents' MP x GP scored (art. 13.2)", True),
    "EGMSB": ("EGMSB", "extended Sonneborn-Berger, opponents' GP x MP scored (art. 13.2)", True),
    "EGGSB": ("EGGSB", "extended Sonneborn-Berger, opponents' GP x GP scored (art. 13.2)", True),
    "EDE": ("EDE", "extended direct encounter (art. 13.3)", True),
    "EDET": ("EDET", "extended direct encounter, then top-board result (art. 13.3)", True),
    "EDEB": ("EDEB", "extended direct encounter, then board elimination (art. 13.3)", True),
    "EDEBT": ("EDEBT", "extended direct encounter, then board count and top-board result (art. 13.3)", True),
    "EDEBB": ("EDEBB", "extended direct encounter, then board count and board elimination (art. 13.3)", True),
    "EDEC": ("EDEC", "extended direct encounter, then board count (art. 13.3.2)", True),
    "SSSC": ("SSSC", "score and strength combination (art. 13.4)", True),
    "BC": ("BC", "board count (art. 12.1; lower is better)", False),
    "TBR": ("TBR", "top-board result (art. 12.2)", True),
    "BBE": ("BBE", "board elimination (art. 12.3)", True),
}
CUTTABLE = {"BH", "FB", "SB", "ARO", "PS", "AOB", "EMMSB", "EMGSB", "EGMSB", "EGGSB"}
#: Tie-breaks of team events only (C.07 art. 12, 13; MPTS/GPTS name one of a team's two scores).
TEAM_ONLY = frozenset({"MPTS", "GPTS", "MPVGP", "EMMSB", "EMGSB", "EGMSB", "EGGSB", "EDE", "EDET", "EDEB",
                       "EDEBT", "EDEBB", "EDEC", "SSSC", "BC", "TBR", "BBE"})
#: The scores a ``:MP`` / ``:GP`` suffix names (C.07 art. 11: a team's match and game points).
SCORES = ("MP", "GP")

_MOD = re.compile(r"^(C|M)(\d+)$|^L([+-]\d+)$|^U(\d+)$|^(P|F|R)$|^K(\d+(?:\.\d+)?)$")


@dataclass(frozen=True)
class TieBreak:
    code: str
    mods: Modifiers
    text: str
    score: str | None = None  # ":MP" / ":GP" of a team event (None: the primary score)

    @property
    def higher_is_better(self) -> bool:
        better = KNOWN[self.code][2]
        return not better if self.mods.reverse else better

    @property
    def description(self) -> str:
        return KNOWN[self.code][1]


def parse_tiebreak(text: str) -> TieBreak:
    """One code, e.g. ``BH/C1``, ``bh-c1``, ``KS/L-2``, ``ARO/U1400``, ``TPN/R``; for a team event
    also ``BH:MP/C1/P``, ``EMGSB/C1``, ``SSSC/K3``, ``EDET/P``."""
    raw = text.strip()
    if not raw:
        raise ValueError("empty tie-break code")
    norm = raw.upper().replace("-", "/", 1) if "/" not in raw and re.match(r"^[A-Za-z]+-[CcMm]\d", raw) else raw.upper()
    parts = norm.split("/")
    name, colon, suffix = parts[0].partition(":")
    if colon and suffix not in SCORES:
        raise ValueError(f"{raw}: unknown score :{suffix} (expected :MP or :GP)")
    if name not in KNOWN:
        raise ValueError(f"unknown tie-break {parts[0]!r} (known: {', '.join(sorted(KNOWN))})")
    code = KNOWN[name][0]
    cut = median = limit = 0
    forfeits = fore = reverse = False
    unrated = None
    divisor: Fraction | None = None
    for m in parts[1:]:
        hit = _MOD.match(m)
        if hit is None:
            raise ValueError(f"{raw}: unknown modifier /{m} (expected /Cn, /Mn, /L+n, /L-n, /P, /F, /Unnnn, /R or /Kx)")
        if hit.group(1) == "C":
            cut = int(hit.group(2))
        elif hit.group(1) == "M":
            median = int(hit.group(2))
        elif hit.group(3) is not None:
            limit = int(hit.group(3))
        elif hit.group(4) is not None:
            unrated = int(hit.group(4))
        elif hit.group(5) == "P":
            forfeits = True
        elif hit.group(5) == "F":
            fore = True
        elif hit.group(5) == "R":
            reverse = True
        elif hit.group(6) is not None:
            divisor = Fraction(hit.group(6))
            if divisor <= 0:
                raise ValueError(f"{raw}: the divisor /K must be positive")
    if (cut or median) and code not in CUTTABLE:
        raise ValueError(f"{raw}: {code} takes no cut or median modifier")
    if limit and code != "KS":
        raise ValueError(f"{raw}: only KS takes a limit modifier (/L)")
    if divisor is not None and code != "SSSC":
        raise ValueError(f"{raw}: only SSSC takes a divisor modifier (/K)")
    return TieBreak(code, Modifiers(cut, median, limit, forfeits, fore, unrated, reverse, divisor), raw,
                    suffix or None)


def parse_list(text: str) -> list[TieBreak]:
    """A comma-separated list, e.g. ``"BH/C1,BH,SB,DE,WIN"``; a leading ``PTS`` is dropped (points
    always rank first)."""
    out = [parse_tiebreak(x) for x in re.split(r"[,;\s]+", text) if x.strip()]
    return out[1:] if out and out[0].code in ("PTS", "MPTS", "GPTS") and out[0].score is None else out


def file_tiebreaks(t: Tournament) -> list[TieBreak] | None:
    """The list in TRF-2026 record 202 (tie-breaks) or 212 (the same led by ``PTS``), or ``None``."""
    for code in ("202", "212"):
        value = t.header(code)
        if value and value.strip():
            return parse_list(value)
    return None


def require_individual_codes(tbs: list[TieBreak] | None) -> None:
    """Raise ``ValueError`` naming the team tie-breaks (C.07 art. 12, 13) of a list meant for an
    individual event: they have no value there."""
    team_codes = [tb.text for tb in tbs or [] if tb.code in TEAM_ONLY]
    if team_codes:
        raise ValueError(f"{', '.join(team_codes)} {'is a tie-break' if len(team_codes) == 1 else 'are tie-breaks'} "
                         "of team events (C.07 art. 12, 13), and this event is individual")
