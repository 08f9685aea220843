"""Club-night rotation: who plays whom next on a casual evening with players arriving and
leaving (no FIDE rule governs it; ``docs/rotation.md`` states every choice).

Modules: :mod:`rotation.engine` (the criteria and the choice of the next games),
:mod:`rotation.log` (the append-only SQLite event log replayed into state),
:mod:`rotation.explain` (why this game), :mod:`rotation.simulate` (simulated evenings).
"""
