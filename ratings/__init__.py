"""FIDE rating reports and rating changes (FIDE B.02)."""
