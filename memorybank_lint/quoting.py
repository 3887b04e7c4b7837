"""Quoting text from a bank or a request in a message, a label or an answer.

Why one place: a value, a label or a refusal quotes what a document or a caller wrote, which may be
of any length; each is cut the same way, so every message stays bounded and reads alike.
"""

from __future__ import annotations


def shortened(text: str, limit: int) -> str:
    """`text` in at most `limit` characters, ending in `…` when cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


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
