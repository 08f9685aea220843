"""A player named as an arbiter names him: by start rank, by FIDE id, or by name.

Every command that takes a player reads it here (:func:`resolve_player`), so that a name the
arbiter types means the same player everywhere, and a name that could mean two players is
refused, never guessed:

1. a number of at most four digits that is a start rank names that player (TRF's start ranks
   have four columns, and this is how every command read a player before names were taken);
   any other number names the player with that FIDE id;
2. a name names the one player whose name it is, letter case, accents and the spacing around
   the comma aside (``"muller, jorg"`` is ``Müller, Jörg``), or, in the order people say names,
   ``"Jörg Müller"``;
3. else the players having every word typed as a whole word of their name (``"Smith"`` names
   every Smith; a double-barrelled ``Doe-Ray`` has the words ``doe-ray``, ``doe`` and ``ray``);
4. else the players whose name contains every word typed (``"Oka"``, ``"smi jo"``).

The first step that finds anyone decides: one player is the answer, several are refused with
:class:`AmbiguousPlayer` listing them (the arbiter then types the start rank or more of the
name).  Nobody found is :class:`UnknownPlayer`, which carries the closest names (did you mean).

Two players in one argument (``--why-not A-B``, a manual board ``W-B``) are read by
:func:`resolve_pair`: the ``-`` that splits the text into two players is found by trying each
(a name may hold one: ``Doe-Ray, Ann-7``); two ways of splitting it are refused.

The errors are :class:`ValueError` subclasses carrying their data; their messages speak of
players, never of options (the command line prefixes the option or the file).
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from typing import Callable, Iterable

from trf.model import Player, Tournament

__all__ = ["PlayerNotNamed", "UnknownPlayer", "AmbiguousPlayer", "AmbiguousPair", "resolve_player", "resolve_pair",
           "fold", "START_RANK_DIGITS"]

#: A start rank has at most four digits (TRF's columns 5-8); a longer number is a FIDE id.
START_RANK_DIGITS = 4

#: Letters that do not decompose into a base letter and an accent (Unicode NFKD leaves them).
_LETTERS = str.maketrans({"ø": "o", "æ": "ae", "œ": "oe", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "ı": "i",
                          "ħ": "h", "ŧ": "t", "ß": "ss"})

_SHOWN = 6  # candidates listed in a message


def fold(text: str) -> str:
    """``text`` as names are compared: case-folded, accents dropped (``Jörg`` -> ``jorg``,
    ``Ødegaard`` -> ``odegaard``), blanks collapsed, and a comma written ``", "``."""
    decomposed = unicodedata.normalize("NFKD", text.casefold().translate(_LETTERS))
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return re.sub(r"\s*,\s*", ", ", " ".join(plain.split())).strip()


def _words(folded: str) -> set[str]:
    """The whole words of a folded name: split at blanks and commas; a hyphenated word also
    gives its parts."""
    out: set[str] = set()
    for word in re.split(r"[\s,]+", folded):
        if word:
            out.add(word)
            out.update(p for p in word.split("-") if p)
    return out


def _query_words(folded: str) -> list[str]:
    return [w for w in re.split(r"[\s,]+", folded) if w]


def _label(p: Player) -> str:
    return f"{p.start_rank} ({p.name})" if p.name else str(p.start_rank)


def _listed(players: Iterable[Player]) -> str:
    found = list(players)
    return ", ".join(_label(p) for p in found[:_SHOWN]) + (", ..." if len(found) > _SHOWN else "")


class PlayerNotNamed(ValueError):
    """``text`` does not name exactly one player of the tournament."""

    kind = "player"

    def __init__(self, text: str, message: str) -> None:
        super().__init__(message)
        self.text = text


class UnknownPlayer(PlayerNotNamed):
    """No player is named by ``text``; ``suggestions``: the start ranks of the closest names
    (at most three, closest first), ``players``: how many the tournament has."""

    kind = "unknown-player"

    def __init__(self, text: str, message: str, suggestions: tuple[int, ...] = (), players: int = 0) -> None:
        super().__init__(text, message)
        self.suggestions, self.players = suggestions, players


class AmbiguousPlayer(PlayerNotNamed):
    """``text`` names several players: ``candidates``, their start ranks in order."""

    kind = "ambiguous-player"

    def __init__(self, text: str, message: str, candidates: tuple[int, ...]) -> None:
        super().__init__(text, message)
        self.candidates = candidates


class AmbiguousPair(PlayerNotNamed):
    """``text`` splits at more than one ``-`` into two players: ``readings``, each a pair of
    start ranks."""

    kind = "ambiguous-pair"

    def __init__(self, text: str, message: str, readings: tuple[tuple[int, int], ...]) -> None:
        super().__init__(text, message)
        self.readings = readings


def _by_number(t: Tournament, text: str) -> int:
    players = t.player_by_rank
    has = f" (the event has 1-{len(players)})" if players else ""
    if len(text.lstrip("0")) > 12:  # no start rank nor FIDE id is that long (nor does int() read 5,000 digits)
        raise UnknownPlayer(text, f"{text[:20]}...: no player has starting rank or FIDE id {text[:20]}...{has}", (),
                            len(players))
    number = int(text)
    if len(text.lstrip("0")) <= START_RANK_DIGITS and number in players:
        return number
    ids = sorted((p for p in players.values() if p.fide_id.strip().isdecimal() and int(p.fide_id) == number),
                 key=lambda p: p.start_rank)
    if len(ids) == 1:
        return ids[0].start_rank
    if ids:  # the file gives two players one FIDE id: the validator's finding; refused here
        raise AmbiguousPlayer(text, f"{text}: {len(ids)} players have FIDE id {number}: {_listed(ids)}; give the "
                                    "start rank", tuple(p.start_rank for p in ids))
    raise UnknownPlayer(text, f"{text}: no player has starting rank {number}{has} or FIDE id {number}", (), len(players))


def _suggestions(players: list[Player], wanted: str) -> list[Player]:
    """The closest names to ``wanted`` (a whole name or one word of it), closest first."""
    scored = []
    for p in players:
        name = fold(p.name)
        ratio = max([difflib.SequenceMatcher(None, wanted, name).ratio()]
                    + [difflib.SequenceMatcher(None, wanted, w).ratio() for w in _words(name)])
        if ratio >= 0.6:
            scored.append((-ratio, p.start_rank, p))
    return [p for _, _, p in sorted(scored, key=lambda x: (x[0], x[1]))[:3]]


def resolve_player(t: Tournament, text: str) -> int:
    """The start rank of the one player ``text`` names (module docstring: start rank, FIDE id,
    name).  Raises :class:`UnknownPlayer` and :class:`AmbiguousPlayer`."""
    wanted = text.strip()
    if wanted.isascii() and wanted.isdecimal():
        return _by_number(t, wanted)
    players = sorted(t.player_by_rank.values(), key=lambda p: p.start_rank)
    folded = fold(wanted)
    shown = wanted if len(wanted) <= 40 else wanted[:40] + "..."
    if not folded:
        raise UnknownPlayer(text, f"{shown!r}: expected a start rank, a FIDE id or a name", (), len(players))
    names = {p.start_rank: fold(p.name) for p in players}
    swapped = {p.start_rank: " ".join(reversed(names[p.start_rank].split(", ", 1))) for p in players}
    query = _query_words(folded)
    steps: tuple[Callable[[Player], bool], ...] = (
        lambda p: names[p.start_rank] == folded,
        lambda p: swapped[p.start_rank] == folded,
        lambda p: bool(query) and all(w in _words(names[p.start_rank]) for w in query),
        lambda p: bool(query) and all(w in names[p.start_rank] for w in query),
    )
    for step in steps:
        found = [p for p in players if p.name and step(p)]
        if len(found) == 1:
            return found[0].start_rank
        if found:
            raise AmbiguousPlayer(text, f"{shown!r}: {len(found)} players match: {_listed(found)}; give the start "
                                        "rank, the FIDE id or more of the name", tuple(p.start_rank for p in found))
    close = _suggestions(players, folded)
    hint = f"; did you mean {_listed(close)}?" if close else "; give a start rank, a FIDE id or a name"
    raise UnknownPlayer(text, f"{shown!r}: no player's name is or contains it{hint}",
                        tuple(p.start_rank for p in close), len(players))


_NUMBERS = re.compile(r"^\s*(\d+)\s*-\s*(\d+)\s*$")


def resolve_pair(t: Tournament, text: str) -> tuple[int, int]:
    """Two players written ``A-B`` (start ranks, FIDE ids or names; ``12-7``, ``Smith, John-Okafor``):
    the text is split at the ``-`` that leaves a player on each side (module docstring).  Raises
    :class:`UnknownPlayer` (a number that is no start rank nor FIDE id: that side's error), and
    when no split names two players :class:`UnknownPlayer`, or :class:`AmbiguousPlayer` when the
    only split has a side that names several (the message says why the first split failed);
    :class:`AmbiguousPair` when two splits name two players each."""
    shown = text if len(text) <= 60 else text[:60] + "..."
    m = _NUMBERS.match(text)
    if m:
        return resolve_player(t, m.group(1)), resolve_player(t, m.group(2))
    cuts = [i for i, c in enumerate(text) if c == "-"]
    readings: list[tuple[int, int]] = []
    first_error: PlayerNotNamed | None = None
    for i in cuts:
        left, right = text[:i], text[i + 1:]
        if not left.strip() or not right.strip():
            continue
        try:
            pair = (resolve_player(t, left), resolve_player(t, right))
        except PlayerNotNamed as exc:
            first_error = first_error or exc
            continue
        if pair not in readings:
            readings.append(pair)
    if len(readings) == 1:
        return readings[0]
    if readings:
        ways = ", ".join(f"{a}-{b}" for a, b in readings)
        raise AmbiguousPair(text, f"{shown!r} splits into two players in {len(readings)} ways ({ways}): give the start "
                                  "ranks", tuple(readings))
    message = f"{shown!r}: expected two start ranks (or FIDE ids or names) as A-B, e.g. 3-12"
    if first_error is not None:
        message += f"; {first_error}"
    if isinstance(first_error, AmbiguousPlayer) and len(cuts) == 1:
        raise AmbiguousPlayer(text, message, first_error.candidates)
    suggestions = first_error.suggestions if isinstance(first_error, UnknownPlayer) and len(cuts) == 1 else ()
    raise UnknownPlayer(text, message, suggestions, len(t.player_by_rank))
