"""Quoting text from a bank or a request in a message, a label or an answer.

Why one place: a value, a label or a refusal quotes what a document or a caller wrote, which may be
of any length; each is cut the same way, so every message stays bounded and reads alike.
"""

from __future__ import annotations

import re

LINE_CHARS = 8_192  # a one-line reason on stderr, whatever it quotes
WORD_CHARS = 4_096  # a path or value quoted in it is kept whole up to this: no real path is longer
_LONG_WORD = re.compile(rf"\S{{{WORD_CHARS + 1},}}")


def shortened(text: str, limit: int) -> str:
    """`text` in at most `limit` characters, ending in `…` when cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def one_line_reason(text: str) -> str:
    """`text` bounded for a one-line reason: each run of more than `WORD_CHARS` characters without
    a blank (a path, a value) keeps its start and its end around a `…`, then the line is cut at
    `LINE_CHARS`.

    Why the middle of a word: the reason's own words come after what it quotes (`'…': no such
    file or directory`), so cutting the line's end alone would keep a 100 KB path and drop why.
    """
    text = _LONG_WORD.sub(lambda found: found[0][:160] + "…" + found[0][-60:], text)
    return shortened(text, LINE_CHARS)


def cap_bytes(text: str, limit: int) -> tuple[str, bool]:
    """`text` cut to at most `limit` UTF-8 bytes on a character boundary, and whether it was cut."""
    raw = text.encode("utf-8")
    if len(raw) <= limit:
        return text, False
    return raw[:limit].decode("utf-8", errors="ignore"), True


def clipped(text: str, limit: int) -> str:
    """`text` in at most `limit` UTF-8 bytes, cut on a character boundary and ending in `…` when cut."""
    kept, cut = cap_bytes(text, limit)
    if not cut:
        return text
    return cap_bytes(kept, limit - len("…".encode()))[0] + "…"
