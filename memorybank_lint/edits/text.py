"""A document's bytes as editable text, with its BOM and line endings put back on write.

Why: edits work on LF text, but a file that came in with CRLF or a UTF-8 BOM must leave with them,
or every write would turn into a whole-file diff.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from .errors import Refused

BOM = "\ufeff"


@dataclass(frozen=True)
class FileText:
    """The LF text of a file, how to restore it, and a hash of the bytes it was read from."""

    text: str
    bom: bool
    eol: str
    digest: str

    def encode(self, text: str) -> bytes:
        """`text` (LF) back in the file's own conventions."""
        if self.eol != "\n":
            text = text.replace("\n", self.eol)
        return ((BOM if self.bom else "") + text).encode("utf-8")


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def decode(data: bytes, shown: str) -> FileText:
    try:
        raw = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise Refused(f"'{shown}' is not valid UTF-8 text; it cannot be edited safely") from exc
    bom = raw.startswith(BOM)
    raw = raw.removeprefix(BOM)
    crlf = raw.count("\r\n")
    eol = "\r\n" if crlf and crlf >= raw.count("\n") - crlf else "\n"
    return FileText(raw.replace("\r\n", "\n"), bom, eol, digest(data))


def read(path: Path, shown: str) -> FileText:
    try:
        return decode(path.read_bytes(), shown)
    except FileNotFoundError as exc:
        raise Refused(f"'{shown}' disappeared from disk before it could be edited") from exc
