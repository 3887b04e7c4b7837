"""A document's bytes as editable text, with its BOM and line endings put back on write.

Why: edits work on LF text, but a file that came in with CRLF, lone CR (old Mac) endings or a
UTF-8 BOM must leave with them, or every write would turn into a whole-file diff.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..frontmatter import BOM, line_feeds
from .atomic import read_regular
from .errors import Refused

_ENDING = re.compile(r"\r\n|\r|\n")


@dataclass(frozen=True)
class FileText:
    """The LF text of a file, how to restore it, and a hash of the bytes it was read from.

    `original` is the decoded text as it was (BOM removed, line endings as written), so a line the
    edit did not touch goes back with its own ending even in a file that mixes LF, CRLF and CR.
    """

    text: str
    bom: bool
    eol: str
    digest: str
    original: str = ""

    def encode(self, text: str) -> bytes:
        """`text` (LF) back in the file's own conventions: untouched lines byte for byte, new
        lines with the file's usual ending."""
        if "\r" in self.original:
            text = restore_endings(self.original, text, self.eol)
        elif self.eol != "\n":
            text = text.replace("\n", self.eol)
        return ((BOM if self.bom else "") + text).encode("utf-8")


def _pieces(original: str) -> tuple[list[str], list[str]]:
    """The lines of `original` as LF text reads them, and the ending each had ("" for the last)."""
    parts = _ENDING.split(original)
    endings = _ENDING.findall(original)
    return parts, [*endings, ""]


def unchanged_ends(before: Sequence[str], after: Sequence[str]) -> tuple[int, int]:
    """How many first lines and how many last lines `before` and `after` share (never overlapping);
    given two strings, how many first and last characters."""
    low = 0
    while low < min(len(before), len(after)) and before[low] == after[low]:
        low += 1
    tail = 0
    while tail < min(len(before), len(after)) - low and before[-1 - tail] == after[-1 - tail]:
        tail += 1
    return low, tail


def restore_endings(original: str, text: str, eol: str) -> str:
    """`text` (LF) with the line endings `original` had on the lines the edit left alone.

    The unchanged lines are the common first and last lines; a changed stretch of as many lines
    as it replaced keeps their endings one for one, a longer or shorter one takes `eol`.
    """
    old, endings = _pieces(original)
    new = text.split("\n")
    low, tail = unchanged_ends(old, new)
    same_size = len(old) == len(new)
    out = []
    for index, line in enumerate(new):
        if index == len(new) - 1:
            ending = ""
        elif index < low or same_size:
            ending = endings[index] or eol
        elif index >= len(new) - tail:
            ending = endings[len(old) - (len(new) - index)] or eol
        else:
            ending = eol
        out.append(line + ending)
    return "".join(out)


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def decode(data: bytes, shown: str) -> FileText:
    try:
        raw = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise Refused(f"'{shown}' is not valid UTF-8 text; it cannot be edited safely") from exc
    bom = raw.startswith(BOM)
    raw = raw.removeprefix(BOM)
    return FileText(line_feeds(raw), bom, _usual_ending(raw), digest(data), raw)


def _usual_ending(raw: str) -> str:
    """The ending most lines of `raw` have, for the lines an edit adds (CRLF wins a tie with LF)."""
    crlf = raw.count("\r\n")
    cr, lf = raw.count("\r") - crlf, raw.count("\n") - crlf
    if crlf and crlf >= max(lf, cr):
        return "\r\n"
    return "\r" if cr > lf else "\n"


def read(root: Path, path: str, limit: int = 1 << 30) -> FileText:
    """The file at `path` (relative to `root`) for an edit: a regular file, at most `limit`
    bytes, opened one folder at a time with none of them a link, so a folder swapped for a link
    between a check and the read cannot lead it out of `root`."""
    shown = path
    try:
        return decode(read_regular(path, limit, beneath=root), shown)
    except FileNotFoundError as exc:
        raise Refused(f"'{shown}' disappeared from disk before it could be edited") from exc
    except OSError as exc:
        raise Refused(f"'{shown}' cannot be edited: it {exc.strerror}") from exc
