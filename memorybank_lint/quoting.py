"""Quoting text from a bank or a request in a message, a label or an answer.

Why one place: a value, a label or a refusal quotes what a document or a caller wrote, which may be
of any length; each is cut the same way, so every message stays bounded and reads alike.
"""

from __future__ import annotations


def shortened(text: str, limit: int) -> str:
    """`text` in at most `limit` characters, ending in `…` when cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"
