"""The event as the arbiter runs it: a TRF-2026 file the toolkit edits, one operation at a time.

Every operation is a pure function of a :class:`~trf.model.Tournament` returning a
:class:`~event.change.Change` (the new tournament, warnings, the action in words), or raising an
:class:`~event.change.EventError` subclass that carries its data:

* :mod:`event.create` - a new event (rounds, scoring, initial colour by lot, tie-breaks);
* :mod:`event.registration` - players one at a time or from a list, starting ranks by the
  rules, late entries, corrections;
* :mod:`event.numbering` - the C.04.2 Art. 2 order and renumbering a file;
* :mod:`event.next_round` - the next round paired into the file, and taken back;
* :mod:`event.results` - boards, result codes, entering results;
* :mod:`event.absences` - withdrawals, requested byes, forbidden pairs;
* :mod:`event.manual` - the manual pairing phase, judged by the independent checker;
* :mod:`event.settings` - the number of rounds, the tie-break list and the scoring changed;
* :mod:`event.log` - the action log and the pairing-irregularity lines, in the file;
* :mod:`event.fidemode` - FIDE mode: the acts it refuses, warns and records, and leaving it;
* :mod:`event.status` - where the event stands and what comes next;
* :mod:`event.store` - reading the file, and writing it atomically with a backup.

The commands name players through :mod:`trf.naming` (start rank, FIDE id or an unambiguous
name); the operations take start ranks.

A session in Python::

    from event import store, log, registration, next_round
    loaded = store.load(path)
    change = next_round.pair_into(loaded.tournament)
    store.save(path, log.record(change, datetime.now()), loaded.data)
"""
