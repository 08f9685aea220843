"""``python -m arbiter``."""

from arbiter.cli import main

main()
