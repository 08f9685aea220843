"""Independent validation of given pairings against C.04.3 criteria C1-C21 (issue 4).

Must never import :mod:`pairing` to evaluate criteria: two independent readings of the
rules that agree are the project's proof.
"""
