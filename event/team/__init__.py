"""A team event as the arbiter runs it: the FIDE Team Swiss (C.04.6) in its TRF-2026 file.

The same shape as the individual event (:mod:`event`): every operation is a pure function of a
:class:`~trf.model.Tournament` returning an :class:`~event.change.Change`, or raising an
:class:`~event.change.EventError` subclass that carries its data; :mod:`event.store` saves it and
:mod:`event.log` logs it.  The file's team records are read by :mod:`trf.teams` (the one reading of
them every consumer shares) and written here:

* :mod:`event.team.create` - a new team event: ``192 FIDE_TEAM[...]``, ``352`` the board colours,
  ``362`` the match points, ``320`` the PAB's value, with the rounds and the initial colour;
* :mod:`event.team.registration` - teams and their line-ups from a CSV list: ``001`` player lines
  and one ``310`` record per team, team pairing numbers as given (C.04.6 Art. 1.1.2);
* :mod:`event.team.records` - the ``310``/``320``/``330``/``300`` records written from their values,
  and the listed points and ranks made to agree with the results;
* :mod:`event.team.matches` - a round's matches with every board, in C.04.2 Art. 3.6 order;
* :mod:`event.team.rounds` - the next round paired by the file's system (:func:`systems.next_round`,
  the call the individual event makes) and written board by board by the ``352`` pattern; a
  round's line-ups (``300``); taking a pairing back;
* :mod:`event.team.results` - board results entered match by match, whole-match forfeits (``330``);
* :mod:`event.team.absences` - a team's withdrawal and requested byes (``240``, naming teams);
* :mod:`event.team.status` - where the event stands.

:func:`is_team_event` says which events these are: a file with team records, or one whose ``192``
names a team system before any team is registered.
"""

from __future__ import annotations

from trf.model import Tournament

__all__ = ["is_team_event"]


def is_team_event(t: Tournament) -> bool:
    """``t`` is a team event: it has team records (``310``/``013``), or its ``192``/``092`` names a
    team system (a new team event before its teams are registered)."""
    return t.system_code.team
