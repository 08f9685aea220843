"""The ``arbiter`` command-line interface (typer) and its output rendering (rich, JSON)."""

__version__ = "0.1.0"
