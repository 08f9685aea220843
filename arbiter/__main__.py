"""``python -m arbiter``."""

from arbiter.launch import main

main()
