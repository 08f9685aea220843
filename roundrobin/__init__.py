"""Round robins (C.05): Berger tables (Annex 1), Varma drawing of lots (Annex 2), numbering
constraints, the event and its TRF-2026 file, and the timetable over boards and time slots.

Modules: :mod:`roundrobin.berger` (FIDE's tables), :mod:`roundrobin.circle` (the rotation table
drawn by hand), :mod:`roundrobin.tables` (a table chosen by name), :mod:`roundrobin.varma` (the draw),
:mod:`roundrobin.seeding` (fixed numbers, meetings, groups apart), :mod:`roundrobin.event`
(entrants, the plan and its tournament), :mod:`roundrobin.timetable` (slots and sessions).
"""
