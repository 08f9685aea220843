"""FIDE C.07 tie-breaks and standings."""
