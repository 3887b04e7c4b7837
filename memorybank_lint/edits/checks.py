"""The text an edit is handed: refused when it holds a control character or a broken code point.

Why every value: a NUL byte makes the linter call the new document (and the index that registers
it) binary, and an escape or a C1 character hides text from the person reading it. A tab is
ordinary text; line breaks are allowed only where a value may span lines (a body, a purpose), and
there a carriage return only before a line feed: markdown reads a lone one as a line break, which
would open a code fence or a heading no check of the edit saw.
A bidirectional embedding, override or isolate (U+202A-U+202E, U+2066-U+2069) is refused too:
it shows a reviewer text in another order than the bank holds it.
Why a lone surrogate is refused here: it cannot be encoded, so it would fail only at the write.
A character that prints as nothing (a zero-width space, a soft hyphen) is refused where a value
is told apart by how it reads (`visible_text`: a title, a purpose), as it is in a path.
"""

from __future__ import annotations

import re

from ..bank import invisible_character
from .errors import BadValue

_BIDI = "\u202a-\u202e\u2066-\u2069"  # embeddings, overrides, isolates (the marks U+200E/F stay)
_ONE_LINE = re.compile(rf"[\x00-\x08\x0a-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff{_BIDI}]")
_LINES = re.compile(rf"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff{_BIDI}]|\r(?!\n)")
_BREAKS = frozenset("\r\n\u2028\u2029")


def checked_text(name: str, value: str, *, lines: bool = False) -> str:
    """`value` unchanged, or a refusal naming the first control character, line break (unless
    `lines`) or broken code point."""
    found = (_LINES if lines else _ONE_LINE).search(value)
    if found is None:
        return value
    character = found.group()
    if "\ud800" <= character <= "\udfff":
        raise BadValue(f"{name} is not valid Unicode text (it holds a lone surrogate)")
    if character == "\r" and lines:
        raise BadValue(
            f"{name} holds a carriage return that does not end a line (U+000D): markdown reads it as a "
            "line break; use line feeds"
        )
    if character in _BREAKS:
        raise BadValue(f"{name} must be one line: a line break in a header value could write other keys")
    if re.fullmatch(f"[{_BIDI}]", character):
        raise BadValue(
            f"{name} contains a bidirectional control (U+{ord(character):04X}), which makes text read in "
            "another order than it is written; remove it"
        )
    label = " NUL" if character == "\x00" else ""
    raise BadValue(f"{name} contains a control character (U+{ord(character):04X}{label}); remove it")


def visible_text(name: str, value: str) -> str:
    """`value` unchanged, or a refusal naming the first character of it that prints as nothing.

    Why: a title and a purpose are what agents and people choose a document by; `Pri\u200bcing`
    reads exactly as `Pricing`, so two documents that print alike would route alike, which is why
    a path refuses such a character too. The other values keep them: a body may need a joiner
    (an emoji sequence, Persian text).
    """
    character = invisible_character(value)
    if character is None:
        return value
    raise BadValue(
        f"{name} holds a character that prints as nothing (U+{ord(character):04X}), so it would read "
        "as another value; remove it"
    )
