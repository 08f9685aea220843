"""The consoles every command prints through: a control character of the text they are given (a
player's name, a file name, a message quoting either) is shown as its escape (``\\x1b``,
``\\u202e``: :func:`trf.text.visible`), never sent to the terminal or the pipe, where it would
clear the screen, retitle the window or turn a line around.

The escape is made before rich lays anything out, so a table's columns are measured on what is
shown: a string becomes text through :meth:`SafeConsole.render_str` (every ``print`` of a
string, every table cell, title and caption given as a string), and a :class:`rich.text.Text`
printed as such is rebuilt with its styles.  The styles rich adds itself are not touched.
Markup stays off unless a call asks for it, and then it escapes what it interpolates
(``rich.markup.escape``), so ``[bold]`` in a name is printed as written.
"""

from __future__ import annotations

import re
from typing import Any

from rich.console import Console
from rich.text import Span, Text

from trf.text import escape

#: The characters shown as escapes on a terminal: those of :data:`trf.text.CONTROL` but the line
#: feed.  The toolkit's own messages span lines; a line feed moves to the next line and does
#: nothing else, and no name holds one (a TRF record is one line; typed names refuse it).
SCREEN = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def shown(text: str) -> str:
    """``text`` as a terminal may receive it: each character of :data:`SCREEN` as its escape."""
    if SCREEN.search(text) is None:
        return text
    return SCREEN.sub(lambda m: escape(m.group()), text)

__all__ = ["SafeConsole", "SCREEN", "shown", "visible_text"]


def visible_text(text: Text) -> Text:
    """``text`` with each control character replaced by its escape, the styles of the
    characters around (and of the character itself) kept; ``text`` itself when it has none."""
    plain = text.plain
    found = list(SCREEN.finditer(plain))
    if not found:
        return text
    cuts = sorted({k for m in found for k in (m.start(), m.end())})
    shown = text.blank_copy()
    for piece in text.divide(cuts):
        piece.style = ""  # the whole text's style is ``shown``'s own
        if len(piece) == 1 and SCREEN.match(piece.plain):
            escaped = Text(escape(piece.plain))
            escaped.spans = [Span(0, len(escaped), span.style) for span in piece.spans]
            piece = escaped
        shown.append_text(piece)
    return shown


class SafeConsole(Console):
    """A rich console that shows control characters as escapes (see the module docstring)."""

    def render_str(self, text: str, **options: Any) -> Text:
        return super().render_str(shown(text), **options)

    def print(self, *objects: Any, **options: Any) -> None:
        super().print(*(visible_text(o) if isinstance(o, Text) else o for o in objects), **options)
