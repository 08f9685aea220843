"""``arbiter report`` and ``arbiter ratings``: the FIDE rating report and rating changes (B.02).

Registered on :data:`arbiter.cli.app` at import (see the end of :mod:`arbiter.cli`)."""

from __future__ import annotations

from arbiter.cli import app  # noqa: F401
