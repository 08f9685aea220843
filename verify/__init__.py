"""Verification tooling above the engines and the checker: a random tournament generator as
FIDE's rules for tournament software describe (:mod:`verify.generate`), the conformance harness
that runs another pairing program on its tournaments (:mod:`verify.conformance`), the judge that
says which of two pairings of a round follows the rules better (:mod:`verify.judge`), and the
batch checker of many files (:mod:`verify.batch`).

It sits above :mod:`pairing` and :mod:`checker` (and the registry that binds them into systems):
the engines and the checker's readings never import it.
"""
