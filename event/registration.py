"""Registering players: one at a time or from a list, with starting ranks by the rules, and late
entries.

Lists are read from CSV (a header row naming the columns: ``name``, ``title``, ``rating``,
``fide_id``, ``federation``, ``birth``, ``sex``, in any order, with the usual spellings such as
``Rtg``, ``ID Number``, ``Fed``, ``B-day``) or from an extract of FIDE's rating list in its
fixed-width text form (the header ``ID Number  Name  Fed Sex Tit ... SRtng ... B-day``).

Starting ranks (:mod:`event.numbering`): before round 1 is paired everyone is renumbered in the
C.04.2 Art. 2 order at each registration.  A late entry (registered once round 1 is paired) is
put in its place in that order while starting ranks may still change, else takes the next free
number; the rounds it missed are zero-point byes by default (C.04.2 Art. 2: a late entry
scores nothing for the rounds it missed unless the regulations say otherwise) or half-point
byes, as the arbiter decides: ``0000 - Z`` / ``0000 - H`` for rounds already paired, ``240``
declarations for the rounds before it arrives that are not paired yet.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, replace

from event import fidemode
from event.absences import RoundAlreadyPaired, RoundOutOfEvent, check_player, declare
from event.change import Change, EventError, NoChange, Notice, consistent, player_label, refuse_team_event
from event.create import TITLE_ORDER
from event.log import before_log
from event.numbering import order_key, ranks_frozen, renumber, FROZEN_AFTER
from pairing.rounds import is_finished
from trf.dates import birth_date_fault
from trf.model import (AccelerationRange, ByeRecord, Colour, ForbiddenPairs, Player, PlayerAcceleration, Record,
                       Result, RoundEntry, Tournament)
from trf.text import control_in

__all__ = ["Registrant", "InvalidRegistrant", "DuplicateEntry", "RegistrationClosed", "parse_registrants",
           "normalised", "register", "COLUMN_ALIASES", "rating_text", "csv_rows", "correct", "CORRECTABLE"]


@dataclass(frozen=True)
class Registrant:
    """A player to register, as given (``line``: where a list gave it, 0 otherwise)."""

    name: str
    title: str = ""
    rating: int | None = None
    fide_id: str = ""
    federation: str = ""
    birth_date: str = ""
    sex: str = ""
    line: int = 0


class InvalidRegistrant(EventError):
    """A registrant's ``field`` holds ``value``, which is not what was ``expected`` (``source``
    and ``line`` say where, when it came from a list)."""

    kind = "invalid-registrant"

    def __init__(self, field: str, value: str, expected: str, source: str = "", line: int = 0) -> None:
        where = f"{source}:{line}: " if source and line else (f"{source}: " if source else "")
        super().__init__(f"{where}{field} {value!r}: expected {expected}")
        self.field, self.value, self.expected, self.source, self.line = field, value, expected, source, line


class DuplicateEntry(EventError):
    """The FIDE id ``fide_id`` is already registered (player ``existing``)."""

    kind = "duplicate"

    def __init__(self, fide_id: str, existing: int | None, name: str) -> None:
        whom = f"player {existing}" if existing is not None else "another line of the list"
        super().__init__(f"FIDE id {fide_id} ({name}) is already registered: {whom}")
        self.fide_id, self.existing, self.name = fide_id, existing, name


class RegistrationClosed(EventError):
    """The event is finished: nobody can join it."""

    kind = "closed"

    def __init__(self, total: int) -> None:
        super().__init__(f"the event is finished (all {total} rounds played): nobody can register")
        self.total = total


# ---------------------------------------------------------------------------------- lists

_ALIASES = {
    "name": "name", "player": "name", "player name": "name", "surname, name": "name",
    "title": "title", "tit": "title", "fide title": "title",
    "rating": "rating", "rtg": "rating", "elo": "rating", "fide rating": "rating", "srtng": "rating",
    "standard": "rating", "std": "rating",
    "fide_id": "fide_id", "fide id": "fide_id", "fideid": "fide_id", "id": "fide_id", "id number": "fide_id",
    "fide": "fide_id",
    "federation": "federation", "fed": "federation", "country": "federation",
    "birth": "birth_date", "birth_date": "birth_date", "birth date": "birth_date", "birthday": "birth_date",
    "born": "birth_date", "b-day": "birth_date", "bday": "birth_date", "year": "birth_date",
    "sex": "sex", "gender": "sex",
}
#: The column names a list of players may use (lower case), and the field each gives: shared
#: with the team lists (:mod:`event.team.registration`).
COLUMN_ALIASES = _ALIASES
_FIDE_LIST = re.compile(r"^ID Number\s+Name\s+Fed\s+Sex\b")


def _digits(text: str) -> bool:
    """ASCII digits only (``str.isdigit`` also takes '²', which ``int`` rejects, and other scripts')."""
    return text.isascii() and text.isdigit()


def _fide_list(text: str, source: str) -> list[Registrant]:
    """FIDE's rating-list text extract: columns located by the header's words."""
    lines = text.splitlines()
    head = lines[0]
    starts = [(m.start(), m.group()) for m in re.finditer(r"ID Number|[A-Za-z][A-Za-z-]*", head)]
    cols: dict[str, tuple[int, int]] = {}
    for i, (pos, word) in enumerate(starts):
        end = starts[i + 1][0] if i + 1 < len(starts) else None
        cols[word] = (pos, end if end is not None else 10_000)
    out = []
    for no, line in enumerate(lines[1:], 2):
        if not line.strip():
            continue

        def cell(word: str) -> str:
            if word not in cols:
                return ""
            a, b = cols[word]
            return line[a:b].strip()

        rating = cell("SRtng") or cell("Rtng") or cell("RRtng")
        out.append(Registrant(cell("Name"), cell("Tit"), int(rating) if rating_text(rating) else None,
                              cell("ID Number"), cell("Fed"), cell("B-day"), cell("Sex"), no))
    return out


def rating_text(text: str) -> bool:
    """Whether ``text`` is a rating ``int`` may read: ASCII digits (:func:`_digits`), at most 4 of them past leading zeros (a 5,000-digit text never reaches ``int``)."""
    return _digits(text) and len(text.lstrip("0")) <= 4


def csv_rows(text: str, source: str) -> tuple[list[list[str]], str]:
    """The rows of a CSV list (comma, semicolon or tab separated: the one the first line holds
    most of) and the delimiter.  Raises :class:`InvalidRegistrant` for a field longer than the
    csv module reads (no name, title, rating or id is that long)."""
    sample = text[:4096]
    delimiter = max((",", ";", "\t"), key=lambda d: sample.splitlines()[0].count(d) if sample else 0)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)  # LF, CRLF or CR endings
    rows: list[list[str]] = []
    while True:
        try:
            rows.append(next(reader))
        except StopIteration:
            break
        except csv.Error as exc:  # a field over the csv module's 131,072 characters: no player's
            said = str(exc)
            if "field limit" in said:
                said = f"a field longer than {csv.field_size_limit():,} characters"
            raise InvalidRegistrant("CSV row", said, "names, titles, ratings and ids (none is that long)", source,
                                    reader.line_num) from None
    return rows, delimiter


def parse_registrants(text: str, source: str = "<players>") -> list[Registrant]:
    """The players of a CSV list (comma, semicolon or tab separated, a header row first) or of a
    FIDE rating-list extract; values are checked by :func:`normalised` when registered.
    Raises :class:`InvalidRegistrant` for a list without a name column or a bad rating."""
    text = text.lstrip("\ufeff")
    if _FIDE_LIST.match(text):
        return _fide_list(text, source)
    rows, delimiter = csv_rows(text, source)
    if not rows:
        return []
    header = [_ALIASES.get(h.strip().lower()) for h in rows[0]]
    if "name" not in header:
        raise InvalidRegistrant("header", delimiter.join(rows[0]), "a first row naming the columns, with a name column",
                                source, 1)
    out = []
    for no, row in enumerate(rows[1:], 2):
        if not any(c.strip() for c in row) or row[0].lstrip().startswith("#"):
            continue
        values = {key: row[i].strip() for i, key in enumerate(header) if key is not None and i < len(row)}
        rating = values.get("rating", "")
        if rating and not rating_text(rating):
            raise InvalidRegistrant("rating", rating if len(rating) <= 20 else rating[:20] + "...", "a whole number of at most 4 digits (blank or 0 for an unrated "
                                                      "player)", source, no)
        out.append(Registrant(values.get("name", ""), values.get("title", ""), int(rating) if rating else None,
                              values.get("fide_id", ""), values.get("federation", ""), values.get("birth_date", ""),
                              values.get("sex", ""), no))
    return out


_TITLES = {t.lower(): t for t in TITLE_ORDER} | {"g": "GM", "m": "IM", "f": "FM", "c": "CM", "wg": "WGM",
                                                  "wm": "WIM", "wf": "WFM", "wc": "WCM"}
_SEX = {"m": "m", "male": "m", "w": "w", "f": "w", "female": "w"}


def _birth(value: str) -> str | None:
    """A birth date in the TRF's spelling (``YYYY/MM/DD``; ``YYYY/00/00`` for a year alone, as the
    TEC's sample file writes an unknown month and day), or ``None`` when it is no date
    (:func:`trf.dates.birth_date_fault`: ``2026/13/45`` is none)."""
    v = value.strip()
    if not v:
        return ""
    if m := re.fullmatch(r"(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})", v):
        y, mo, d = m.groups()
        text = f"{y}/{int(mo):02d}/{int(d):02d}"
    elif re.fullmatch(r"\d{4}", v):
        text = f"{v}/00/00"  # year only: month and day unknown
    else:
        return None
    return None if birth_date_fault(text) is not None else text


def normalised(r: Registrant, source: str = "") -> Registrant:
    """``r`` in the TRF's spelling, or :class:`InvalidRegistrant` naming the field at fault."""
    def bad(field: str, value: str, expected: str) -> InvalidRegistrant:
        return InvalidRegistrant(field, value, expected, source, r.line)

    for field, value in (("name", r.name), ("title", r.title), ("FIDE id", r.fide_id), ("federation", r.federation),
                         ("birth date", r.birth_date), ("sex", r.sex)):
        found = control_in(value)
        if found is not None:  # TRF text is printable; ESC in a name would act on every terminal showing it
            raise bad(field, value, f"printable text, found {found}")
    name = " ".join(r.name.split())
    if not name:
        raise bad("name", r.name, "the player's name (Lastname, Firstname)")
    if len(name) > 33:
        raise bad("name", name, "at most 33 characters (TRF columns 15-47)")
    title = _TITLES.get(r.title.strip().lower()) if r.title.strip() else ""
    if title is None:
        raise bad("title", r.title, "one of " + " ".join(TITLE_ORDER) + " or nothing")
    rating = r.rating or None
    if rating is not None and not 0 < rating <= 9999:
        raise bad("rating", str(r.rating), "a rating of at most 4 digits")
    fide_id = r.fide_id.strip()
    if fide_id and (not _digits(fide_id) or len(fide_id) > 11):
        raise bad("FIDE id", r.fide_id, "digits only, at most 11")
    fed = r.federation.strip().upper()
    if fed and not re.fullmatch(r"[A-Z]{3}", fed):
        raise bad("federation", r.federation, "a three-letter FIDE code such as NOR")
    birth = _birth(r.birth_date)
    if birth is None:
        fault = birth_date_fault(r.birth_date) or "not a date"
        raise bad("birth date", r.birth_date, f"a date YYYY/MM/DD, YYYY-MM-DD or a year; {fault}")
    sex = _SEX.get(r.sex.strip().lower(), None) if r.sex.strip() else ""
    if sex is None:
        raise bad("sex", r.sex, "m or w (M/F in FIDE's list)")
    return Registrant(name, title, rating, fide_id, fed, birth, sex, r.line)


# ---------------------------------------------------------------------------------- registering


def _player(r: Registrant, rank: int) -> Player:
    return Player(start_rank=rank, sex=r.sex, title=r.title, name=r.name, rating=r.rating, federation=r.federation,
                  fide_id=r.fide_id, birth_date=r.birth_date, points=None, rank=rank, rounds=())


def _insert_players(t: Tournament, players: list[Player]) -> Tournament:
    """``players`` after the last player line, or, in a file without one, before its other
    player-related records (240, 250, 260...) and the action log."""
    records: list[Record] = list(t.records)
    last = max((i for i, r in enumerate(records) if isinstance(r, Player)), default=None)
    if last is not None:
        at = last + 1
    else:
        at = next((i for i, r in enumerate(records) if isinstance(r, (ByeRecord, ForbiddenPairs, AccelerationRange,
                                                                      PlayerAcceleration))),
                  before_log(records))
    records[at:at] = players
    return t.replace_records(tuple(records))


def register(t: Tournament, registrants: list[Registrant], *, first_round: int | None = None,
             missed: Result = Result.ZERO_POINT_BYE, source: str = "") -> Change:
    """Register ``registrants`` (checked by :func:`normalised`) with starting ranks by the rules.

    ``first_round``: the first round they play (default: the next round to pair); the rounds
    before it are ``missed`` (``Z`` or ``H``).  Raises :class:`InvalidRegistrant`,
    :class:`DuplicateEntry`, :class:`RegistrationClosed` and :class:`~event.absences.RoundOutOfEvent`."""
    refuse_team_event(t, "players are registered with their teams (event.team.registration)")
    total = t.total_rounds or 0
    if is_finished(t):
        raise RegistrationClosed(total)
    people = [normalised(r, source) for r in registrants]
    ids = {p.fide_id: p.start_rank for p in t.players if p.fide_id}
    seen: set[str] = set()
    for r in people:
        if r.fide_id and (r.fide_id in ids or r.fide_id in seen):
            raise DuplicateEntry(r.fide_id, ids.get(r.fide_id), r.name)
        if r.fide_id:
            seen.add(r.fide_id)
    paired = t.rounds_paired
    first = first_round if first_round is not None else paired + 1
    if total and not 1 <= first <= total:
        raise RoundOutOfEvent(first, total)
    if first <= paired:
        raise RoundAlreadyPaired(first, paired, "a new player can join from a round not yet paired")
    if missed not in (Result.ZERO_POINT_BYE, Result.HALF_POINT_BYE):
        raise ValueError("missed rounds are zero-point (Z) or half-point (H) byes")
    warnings: list[Notice] = []
    names = {p.name.casefold(): p.start_rank for p in t.players}
    for r in people:
        if r.name.casefold() in names:
            warnings.append(Notice("same-name", f"{r.name} has the same name as player {names[r.name.casefold()]}",
                                   {"name": r.name, "player": names[r.name.casefold()]}))
    base = max((p.start_rank for p in t.players), default=0)
    new_players = [_player(r, base + i) for i, r in enumerate(sorted(people, key=lambda r: order_key(r.rating, r.title, r.name)), 1)]
    t = _insert_players(t, new_players)
    new_ids = [p.start_rank for p in new_players]
    late = paired >= 1
    if not late:
        order = sorted(t.players, key=lambda p: order_key(p.rating, p.fide_title, p.name) + (p.start_rank,))
        mapping = {p.start_rank: i for i, p in enumerate(order, 1)}
        how = "starting ranks in the C.04.2 Art. 2 order (rating, title, name)"
    elif not ranks_frozen(t):
        # each late entry goes to its place among the players already numbered
        current = sorted(p.start_rank for p in t.players if p.start_rank not in new_ids)
        keyed = {p.start_rank: order_key(p.rating, p.fide_title, p.name) for p in t.players}
        seq = list(current)
        for pid in new_ids:
            at = next((i for i, q in enumerate(seq) if keyed[q] > keyed[pid]), len(seq))
            seq.insert(at, pid)
        mapping = {pid: i for i, pid in enumerate(seq, 1)}
        how = f"late entry put in its place in the C.04.2 Art. 2 order (starting ranks change until round {FROZEN_AFTER} is paired)"
    else:
        mapping = {}
        how = f"starting ranks are frozen once round {FROZEN_AFTER} is paired: late entries take the next free numbers"
        warnings.append(Notice("ranks-frozen", how, {"frozen_after": FROZEN_AFTER}))
    mapping = {a: b for a, b in mapping.items() if a != b}
    if mapping:
        moved = sorted(b for a, b in mapping.items() if a not in new_ids)
        if moved and late:
            warnings.append(Notice("renumbered", f"{len(moved)} player(s) move down one starting rank to make room",
                                   {"mapping": {str(a): b for a, b in sorted(mapping.items()) if a not in new_ids}}))
        t = renumber(t, mapping)
    final_ids = [mapping.get(pid, pid) for pid in new_ids]
    moves = [(a, b) for a, b in sorted(mapping.items()) if a not in new_ids]
    if moves and late:  # numbers the rounds already paired were paired with: recorded (level 1)
        label = ",".join(map(str, sorted(final_ids)))
        fidemode.check(t, "renumber-early", f"late entry {label}")
        t = fidemode.write_line(t, "renumber-early", fidemode.next_round_number(t),
                                " ".join(f"{a}->{b}" for a, b in moves) + f" [late entry {label}]")
    already = min(first - 1, paired)  # missed rounds already paired: written in the player line
    if already:
        byes = tuple(RoundEntry(None, Colour.NONE, missed) for _ in range(already))
        t = t.replace_records(tuple(replace(r, rounds=byes) if isinstance(r, Player) and r.start_rank in final_ids
                                    else r for r in t.records))
    for pid in final_ids:  # missed rounds still to pair: declared
        for rnd in range(paired + 1, first):
            t = declare(t, rnd, pid, missed)
    if first > 1 and missed is Result.HALF_POINT_BYE:
        warnings.append(Notice("missed-rounds-half-point", "half-point byes for the missed rounds: the regulations must "
                                                           "say so (by default a late entry scores nothing for them, C.04.2 Art. 2)",
                               {"rounds": list(range(1, first))}))
    t = consistent(t)
    who = ", ".join(player_label(t, pid) for pid in sorted(final_ids))
    details = f"{who}; {how}"
    if moves and late:
        details += "; renumbered " + ", ".join(f"{a}->{player_label(t, b)}" for a, b in moves)
    if first > 1:
        details += f"; plays from round {first}, rounds 1-{first - 1} {missed.value}" if first > 2 else \
            f"; plays from round 2, round 1 {missed.value}"
    kind = "late entry" if late or first > 1 else "register"
    data = {"players": [{"start_rank": pid, "name": t.player(pid).name} for pid in sorted(final_ids)],
            "late": late, "first_round": first, "missed": missed.value if first > 1 else None,
            "renumbered": {str(a): b for a, b in sorted(mapping.items()) if a not in new_ids}}
    return Change(t, kind, details, tuple(warnings), data)


# ---------------------------------------------------------------------------------- corrections

#: The fields :func:`correct` corrects (:class:`Registrant`'s names).
CORRECTABLE = ("name", "title", "rating", "fide_id", "federation", "birth_date", "sex")


def _registrant(p: Player) -> Registrant:
    return Registrant(p.name, p.fide_title, p.rating, p.fide_id, p.federation, p.birth_date, p.sex)


def _corrected_order(t: Tournament, pid: int, key: tuple[int, int, str]) -> dict[int, int]:
    """The starting ranks after ``pid``'s order key became ``key``: everyone in the C.04.2 Art. 2
    order before round 1 is paired, else ``pid`` moved to its place among the others, who keep
    their order (as a late entry is put in its place)."""
    keyed = {p.start_rank: order_key(p.rating, p.fide_title, p.name) for p in t.players}
    keyed[pid] = key
    if t.rounds_paired == 0:
        seq = sorted(keyed, key=lambda q: keyed[q] + (q,))
    else:
        seq = sorted(q for q in keyed if q != pid)
        at = next((i for i, q in enumerate(seq) if keyed[q] > key), len(seq))
        seq.insert(at, pid)
    return {q: i for i, q in enumerate(seq, 1) if q != i}


def correct(t: Tournament, pid: int, changes: dict[str, object], *, renumber_players: bool | None = None) -> Change:
    """Player ``pid``'s data corrected (``changes``: :data:`CORRECTABLE` field -> value, checked
    by :func:`normalised`; a rating of 0 or ``None``: unrated).

    C.04.2 Art. 2.3: when the correction changes the Art. 2 order, the starting ranks follow it
    until round 4 is paired (recorded as ``### Pairing numbers changed`` once round 1 is paired,
    level 1); after that the correction applies for rating only, without renumbering.
    ``renumber_players``: ``False`` keeps the numbers in any case; ``True`` renumbers even once
    round 4 is paired, which FIDE mode refuses (level 5, VCL.09,
    :class:`~event.fidemode.RefusedInFideMode`).  Raises :class:`InvalidRegistrant`,
    :class:`DuplicateEntry` and :class:`~event.change.NoChange`."""
    refuse_team_event(t, "team players are corrected in the team's list (event.team.registration)")
    check_player(t, pid)
    unknown = sorted(set(changes) - set(CORRECTABLE))
    if unknown:
        raise ValueError(f"not a player field: {', '.join(unknown)}")
    p = t.player(pid)
    now = _registrant(p)
    given = Registrant(str(changes.get("name", p.name)), str(changes.get("title", "") or ""),
                       changes.get("rating") or None,  # type: ignore[arg-type]
                       str(changes.get("fide_id", "") or ""), str(changes.get("federation", "") or ""),
                       str(changes.get("birth_date", "") or ""), str(changes.get("sex", "") or ""))
    checked = normalised(given)
    new = replace(now, **{f: getattr(checked, f) for f in changes})
    fields = [f for f in CORRECTABLE if f in changes and getattr(new, f) != getattr(now, f)]
    if not fields:
        raise NoChange(f"data of {player_label(t, pid)}", ", ".join(f"{f} {getattr(now, f) or 'none'}"
                                                                  for f in changes) or "as given")
    if "fide_id" in fields and new.fide_id:
        other = next((q.start_rank for q in t.players if q.fide_id == new.fide_id and q.start_rank != pid), None)
        if other is not None:
            raise DuplicateEntry(new.fide_id, other, new.name)
    words = ", ".join(f"{f.replace('_', ' ')} {getattr(now, f) or 'none'} => {getattr(new, f) or 'none'}"
                      for f in fields)
    mapping = _corrected_order(t, pid, order_key(new.rating, new.title, new.name))
    frozen = ranks_frozen(t)
    wanted = renumber_players if renumber_players is not None else not frozen
    warnings: list[Notice] = []
    if mapping and wanted and t.rounds_paired >= 1:
        code = "renumber-late" if frozen else "renumber-early"
        notice = fidemode.check(t, code, f"the correction of {player_label(t, pid)} ({words}) moves starting ranks "
                                         + " ".join(f"{a}->{b}" for a, b in sorted(mapping.items())))
        if notice is not None:
            warnings.append(notice)
    elif mapping and not wanted:
        why = (f"starting ranks do not change once round {FROZEN_AFTER} is paired (C.04.2 Art. 2.3): corrected for "
               "rating only" if frozen and renumber_players is None else "starting ranks kept as asked")
        warnings.append(Notice("numbers-kept", f"{why}; by the corrected order the numbers would move "
                                               + " ".join(f"{a}->{b}" for a, b in sorted(mapping.items())),
                               {"order": {str(a): b for a, b in sorted(mapping.items())}}))
    records = tuple(replace(r, **{f: getattr(new, f) for f in fields})  # the fields corrected, the others as written
                    if isinstance(r, Player) and r.start_rank == pid else r for r in t.records)
    t = t.replace_records(records)
    final = pid
    details = words
    if mapping and wanted:
        t = renumber(t, mapping)
        final = mapping.get(pid, pid)
        moves = " ".join(f"{a}->{b}" for a, b in sorted(mapping.items()))
        details += f"; renumbered {moves}"
        if t.rounds_paired >= 1:
            t = fidemode.write_line(t, "renumber-late" if frozen else "renumber-early", fidemode.next_round_number(t),
                                    f"{moves} [correction of {final}]")
    return Change(consistent(t), f"correct {player_label(t, final)}", details, tuple(warnings),
                  {"player": final, "was": pid, "fields": fields,
                   "renumbered": {str(a): b for a, b in sorted(mapping.items())} if mapping and wanted else {}})
