"""Pairing engines (FIDE Dutch C.04.3, Berger round-robin, club-night rotation).

Nothing here yet: see issues 3, 6 and 8.  Engines read and write :mod:`trf` models only.
"""
