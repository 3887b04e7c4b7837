"""Quoting text from a bank or a request in a message, a label or an answer.

Why one place: a value, a label or a refusal quotes what a document or a caller wrote, which may be
of any length; each is cut the same way, so every message stays bounded and reads alike.
"""

from __future__ import annotations

import re

# A path or value quoted in a reason is kept whole up to `WORD_CHARS`: no real path is longer,
# even written with its escapes (4,096 bytes, each byte that is not UTF-8 four characters `\xNN`).
WORD_CHARS = 16_384
LINE_CHARS = 20_000  # a one-line reason on stderr, whatever it quotes
_WORD = re.compile(r"\S+")  # each run read once: `\S{N,}` rescanned a shorter run from every start


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
    if len(text) > WORD_CHARS:
        text = _WORD.sub(lambda found: _middle_cut(found[0]), text)
    return shortened(text, LINE_CHARS)


def _middle_cut(word: str) -> str:
    return word if len(word) <= WORD_CHARS else word[:160] + "…" + word[-60:]


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
