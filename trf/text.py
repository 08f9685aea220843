"""Control characters in text that comes from a file or a user, found and shown as escapes.

A TRF field holds printable text, but a file can carry anything: ESC starts a sequence a
terminal obeys (``ESC[2J`` clears the screen, ``ESC]0;...BEL`` sets the window title), a C1
control is a one-byte ESC for some terminals, and the bidirectional overrides and isolates
reorder what is shown around them (a name that reads backwards, a column that seems to hold
another value).  Output meant for people (the terminal, the published site) therefore shows each
such character as an escape, ``\\x1b`` or ``\\u202e``, never the character itself; data outputs
(TRF, CSV, JSON) keep the text as it is, and ``arbiter validate`` reports it
(``control-character``, see ``docs/text-safety.md``).

The characters: the C0 controls (U+0000-U+001F, tab and line breaks included: a one-line cell
has no use for them), DEL, the C1 controls (U+0080-U+009F), the line and paragraph separators
(U+2028, U+2029) and the bidirectional embeddings, overrides and isolates (U+202A-U+202E,
U+2066-U+2069).  A backslash already in the text is left as it is: an escape shown is for a
person to read, not to be decoded back.
"""

from __future__ import annotations

import re

__all__ = ["CONTROL", "IN_TRF_LINE", "escape", "visible", "name", "describe", "trf_line_clean", "first_control", "control_in"]

TYPE_CHECKING = False  # typing's own flag, without loading typing (start-up: arbiter.launch)

#: The patterns of :data:`CONTROL` and :data:`IN_TRF_LINE`, compiled at their first use (the
#: module's ``__getattr__``): reading an ASCII file needs neither, and each costs a program's
#: start-up more than reading a player line.
_PATTERNS = {
    #: Every character shown as an escape.
    "CONTROL": "[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]",
    #: The control characters a line of a TRF file should not hold: :data:`CONTROL` but the tab,
    #: which the format's readers take as a blank between the fields of a list record (real files
    #: end ``240`` lines with one), and the line breaks, which end the line.
    "IN_TRF_LINE": "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]",
}

if TYPE_CHECKING:
    CONTROL: re.Pattern[str]
    IN_TRF_LINE: re.Pattern[str]
else:
    def __getattr__(name: str) -> re.Pattern[str]:
        """:data:`CONTROL` and :data:`IN_TRF_LINE`, compiled when first asked for (PEP 562)."""
        if name not in _PATTERNS:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        return _pattern(name)


def _pattern(name: str) -> re.Pattern[str]:
    """:data:`CONTROL` or :data:`IN_TRF_LINE`, compiled once (then a plain name of the module)."""
    got: re.Pattern[str] | None = globals().get(name)
    if got is None:
        got = globals()[name] = re.compile(_PATTERNS[name])
    return got


# The bytes of an ASCII text that are not :data:`IN_TRF_LINE` characters (see :func:`trf_line_clean`).
_ASCII_ALLOWED = bytes(range(0x20, 0x7F)) + b"\t\n\r"

_SHORT = {"\t": "\\t", "\n": "\\n", "\r": "\\r"}

# The abbreviations of ISO 6429 (C0, C1) and of Unicode's bidirectional formatting characters.
_C0 = ("NUL SOH STX ETX EOT ENQ ACK BEL BS HT LF VT FF CR SO SI DLE DC1 DC2 DC3 DC4 NAK SYN ETB CAN EM SUB ESC "
       "FS GS RS US").split()
_C1 = ("PAD HOP BPH NBH IND NEL SSA ESA HTS HTJ VTS PLD PLU RI SS2 SS3 DCS PU1 PU2 STS CCH MW SPA EPA SOS SGCI "
       "SCI CSI ST OSC PM APC").split()
_OTHER = {"\x7f": "DEL", "\u2028": "LINE SEPARATOR", "\u2029": "PARAGRAPH SEPARATOR",
          "\u202a": "LRE", "\u202b": "RLE", "\u202c": "PDF", "\u202d": "LRO", "\u202e": "RLO",
          "\u2066": "LRI", "\u2067": "RLI", "\u2068": "FSI", "\u2069": "PDI"}


def escape(char: str) -> str:
    """How one character of :data:`CONTROL` is shown: ``\\t``, ``\\n``, ``\\r``, else ``\\xNN``
    up to U+00FF and ``\\uNNNN`` above (Python's spelling, which people paste into a search)."""
    code = ord(char)
    return _SHORT.get(char) or (f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}")


def visible(text: str) -> str:
    """``text`` with every character of :data:`CONTROL` replaced by its :func:`escape`; text
    without one (nearly all) is returned as it is, at the cost of one scan."""
    control = _pattern("CONTROL")
    if control.search(text) is None:
        return text
    return control.sub(lambda m: escape(m.group()), text)


def name(char: str) -> str:
    """The usual abbreviation of a control character (``ESC``, ``CSI``, ``RLO``), or its code point."""
    code = ord(char)
    if code < 0x20:
        return _C0[code]
    if 0x80 <= code <= 0x9F:
        return _C1[code - 0x80]
    return _OTHER.get(char, f"U+{code:04X}")


def describe(char: str) -> str:
    """``U+001B (ESC, shown as \\x1b)``: a control character in a message's words."""
    return f"U+{ord(char):04X} ({name(char)}, shown as {escape(char)})"


def trf_line_clean(text: str) -> bool:
    """Whether ``text`` holds no :data:`IN_TRF_LINE` character: for ASCII text (most TRF files)
    a deletion of the allowed bytes, several times faster than the regular expression."""
    if text.isascii():
        return not text.encode("ascii").translate(None, _ASCII_ALLOWED)
    return _pattern("IN_TRF_LINE").search(text) is None


def first_control(text: str) -> tuple[int, str] | None:
    """The 1-based position and the character of the first :data:`CONTROL` character of
    ``text``, or ``None`` when it has none."""
    m = _pattern("CONTROL").search(text)
    return None if m is None else (m.start() + 1, m.group())


def control_in(text: str) -> str | None:
    """Where ``text`` holds its first :data:`CONTROL` character, in words
    (``a control character, U+001B (ESC, shown as \\x1b), at position 5``), or ``None``:
    what a refusal of a value says."""
    found = first_control(text)
    if found is None:
        return None
    position, char = found
    return f"a control character, {describe(char)}, at position {position}"
