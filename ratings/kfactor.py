"""K factors (FIDE B.02 8.3.3) and the ``--k`` file.

A TRF file does not say how many rated games a player has completed, nor whether a published
rating ever reached 2400, so the defaults can only use what the file holds: the rating, the
birth year and the tournament date. A player whose K is not the default (a new player with
fewer than 30 games: K 40; a player once rated 2400+ now below it: K 10) needs a ``--k`` entry;
FIDE prints each player's K in the rating list.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from ratings.rules import Rules

__all__ = ["KFactor", "default_k", "k_factor", "KFileError", "parse_k_text", "read_k_file"]


@dataclass(frozen=True)
class KFactor:
    """The K used for one player: ``value`` after the K x n cap, ``base`` before it, where it
    came from (``"file"`` or ``"default"``) and why, in words that cite the rule."""

    value: int
    base: int
    source: str
    reason: str


def default_k(rating: int, birth: int | None, when: date | None, rules: Rules) -> tuple[int, str]:
    """B.02 8.3.3 from what a TRF file holds. Order of the rule: 2400+ -> ``k_top``; a junior
    (born ``birth``) under ``junior_below`` -> ``k_junior``; otherwise ``k_standard``. With only a
    birth *year*, "until the 18th birthday" is taken as the year the player turns 18
    (the 2022+ "end of that year" reading; earlier editions: UNCONFIRMED by a day-level date)."""
    if rating >= 2400:
        return rules.k_top, f"rated {rating} >= 2400 (8.3.3)"
    if rules.k_junior is not None and birth is not None and rating < rules.junior_below:
        year = (when or date.today()).year
        if year - birth <= 18:
            return rules.k_junior, f"junior (born {birth}) rated under {rules.junior_below} (8.3.3)"
    return rules.k_standard, f"rated under 2400 (8.3.3); K {rules.k_new} if fewer than 30 rated games: use --k"


def k_factor(rating: int, birth: int | None, when: date | None, rules: Rules, games: int,
             override: int | None = None) -> KFactor:
    """The player's K for ``games`` rated games in this event: ``override`` (the ``--k`` file)
    or :func:`default_k`, then the cap "if K x n exceeds 700, K is the largest whole number with
    K x n <= 700" (8.3.3; only this event's games are known here)."""
    if override is not None:
        base, source, reason = override, "file", "from the --k file"
    else:
        base, reason = default_k(rating, birth, when, rules)
        source = "default"
    value = base
    if rules.k_games_cap is not None and games > 0 and base * games > rules.k_games_cap:
        value = rules.k_games_cap // games
        reason += f"; {base} x {games} games > {rules.k_games_cap}, so K = {value} (8.3.3)"
    return KFactor(value, base, source, reason)


class KFileError(ValueError):
    """A ``--k`` file line that is not ``id,K``; the message names the line."""


#: The most digits a K may have: K x n is capped at 700 (8.3.3), so no K needs more than three;
#: one more leaves room for an edition without the cap, and keeps ``int`` off a 5,000-digit text.
K_DIGITS = 4


def parse_k_text(text: str, name: str = "<k file>") -> dict[str, int]:
    """``id,K`` per line (FIDE id, or start rank), an optional header line, ``#`` comments and
    blank lines allowed; LF, CRLF or CR line endings. K must be a positive whole number of at
    most :data:`K_DIGITS` digits.  :class:`KFileError` names the line at fault, also for a
    field longer than the csv module reads (131,072 characters: no id and no K is that long)."""
    table: dict[str, int] = {}
    reader = csv.reader(io.StringIO(text, newline=""))  # the csv module reads the line endings itself
    number = 0
    while True:
        try:
            row = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:
            raise KFileError(f"{name}:{reader.line_num}: not a CSV line ({exc})") from None
        number = reader.line_num
        cells = [c.strip() for c in row]
        if not cells or not any(cells) or cells[0].startswith("#"):
            continue
        if len(cells) < 2:
            raise KFileError(f"{name}:{number}: expected 'id,K', got {','.join(cells)!r}")
        ident, k = cells[0], cells[1]
        if not k.isdecimal():  # what int() reads: isdigit() also takes '²'
            if number == 1 and not ident.isdecimal():
                continue  # a header line such as "id,K"
            raise KFileError(f"{name}:{number}: K must be a positive whole number, got {k!r}")
        if not ident:
            raise KFileError(f"{name}:{number}: the id is empty")
        digits = k.lstrip("0")
        if not digits:
            raise KFileError(f"{name}:{number}: K must be a positive whole number, got {k!r}")
        if len(digits) > K_DIGITS:
            raise KFileError(f"{name}:{number}: K must be a positive whole number of at most {K_DIGITS} digits, "
                             f"got {k if len(k) <= 20 else k[:20] + '...'!r}")
        table[ident.lstrip("0") or "0"] = int(digits)
    return table


def read_k_file(path: str | Path) -> dict[str, int]:
    """:func:`parse_k_text` of a file (UTF-8, an Excel byte-order mark skipped).  Raises
    ``OSError``, ``UnicodeDecodeError``, :class:`KFileError` and
    :class:`trf.bounded.InputTooLarge` for a file larger than a K-factor file can be
    (:data:`trf.limits.K_FACTORS`; not read past that)."""
    from trf.bounded import read_bounded
    from trf.limits import K_FACTORS

    p = Path(path)
    return parse_k_text(read_bounded(p, K_FACTORS).decode("utf-8-sig"), str(p))
