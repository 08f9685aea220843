"""Generic algorithms with no chess in them: a leaf package that imports nothing of the project.

* :mod:`algorithms.matching` - maximum-weight matching on general graphs (Edmonds' blossoms);
* :mod:`algorithms.cardinality` - maximum-cardinality matching on bitset graphs, and which
  vertices some maximum matching can leave over (Gallai-Edmonds);
* :mod:`algorithms.enumeration` - perfect matchings enumerated in a fixed lexicographic order,
  and one augmenting path on adjacency lists.

The pairing engines (:mod:`pairing`) and the checker's readings (:mod:`checker`) share these and
:mod:`trf`, nothing else.
"""
