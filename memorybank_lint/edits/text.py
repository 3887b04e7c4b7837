"""A document's bytes as editable text, with its BOM and line endings put back on write.

Why: edits work on LF text, but a file that came in with CRLF, lone CR (old Mac) endings or a
UTF-8 BOM must leave with them, or every write would turn into a whole-file diff.
"""

from __future__ import annotations

import hashlib
import re
from array import array
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

    Which lines those are is what a line diff keeps (`_kept_lines`), so an edit in two places keeps
    the endings of the lines between them, not only of the common first and last lines. A line the
    edit added takes `eol`.

    A lone CR right before a blank line ending LF would read as one CRLF, and the blank line would
    be gone: of the two, the one that took `eol` rather than its own ending ends CRLF instead (the
    first, when both kept theirs and the edit brought them together).
    """
    old, endings = _pieces(original)
    new = text.split("\n")
    if all(end in ("", eol) for end in endings):
        return eol.join(new)  # one kind of ending, the one added lines take: nothing to diff
    ends = [eol] * len(new)
    own = [False] * len(new)
    for i, j in _kept_lines(old, new):
        ends[j], own[j] = endings[i] or eol, bool(endings[i])
    ends[-1] = ""
    for j in range(len(new) - 1):
        if ends[j] == "\r" and new[j + 1] == "" and ends[j + 1] == "\n":
            ends[j + 1 if own[j] and not own[j + 1] else j] = "\r\n"
    return "".join(line + end for line, end in zip(new, ends, strict=True))


_DIFF_STEPS = 1 << 20  # a few tenths of a second of diffing; a costlier edit is paired by position


def _kept_lines(old: Sequence[str], new: Sequence[str]) -> list[tuple[int, int]]:
    """The lines of `new` that stand for lines of `old`, as `(old index, new index)` pairs in order.

    They are the common first and last lines, the lines a shortest diff of the stretch between
    keeps (`_common_lines`), and, in each changed stretch that replaced as many lines as it had,
    its lines one for one: a line changed in place stands for the line it was. A stretch the diff
    would take more than `_DIFF_STEPS` to work out counts as one change.
    """
    low, tail = unchanged_ends(old, new)
    middle = _common_lines(old[low : len(old) - tail], new[low : len(new) - tail], _DIFF_STEPS) or []
    anchors = [
        *((i, i) for i in range(low)),
        *((low + i, low + j) for i, j in middle),
        *((len(old) - k, len(new) - k) for k in range(tail, 0, -1)),
    ]
    pairs: list[tuple[int, int]] = []
    last_i, last_j = -1, -1
    for i, j in [*anchors, (len(old), len(new))]:
        if i - last_i == j - last_j:
            pairs.extend(zip(range(last_i + 1, i), range(last_j + 1, j), strict=True))
        if i < len(old):
            pairs.append((i, j))
        last_i, last_j = i, j
    return pairs


def _common_lines(old: Sequence[str], new: Sequence[str], budget: int) -> list[tuple[int, int]] | None:
    """A longest run of lines `old` and `new` have in common, in order, as `(old index, new index)`
    pairs; None when finding it would take more than `budget` steps.

    Why Myers' greedy diff and not `difflib.SequenceMatcher`: its time grows with the number of
    lines added and removed, not with the file, so two changes far apart in a long file cost little;
    SequenceMatcher compares every pair of equal lines (a file's blank lines: a minute on 50,000
    lines) and, taking the longest block first, can pair a kept line with its twin and leave the
    line itself unpaired. Each round keeps only its furthest points (`d` numbers for round `d`), so
    the memory is bounded by the budget too.
    """
    n, m = len(old), len(new)
    if not n or not m:
        return []
    if abs(n - m) * (abs(n - m) + 1) // 2 > budget:
        return None  # round d costs at least d + 1 steps, and it takes |n - m| rounds to arrive
    previous = array("q", [0])  # round 0 starts as if from x = 0 on diagonal 1
    trace: list[array[int]] = []
    steps = 0
    for d in range(n + m + 1):
        trace.append(previous)
        current = array("q", bytes(8 * (d + 1)))  # diagonal k at (k + d) // 2, k from -d to d by 2
        for k in range(-d, d + 1, 2):
            before = _came_from(previous, d, k)
            x = previous[(before + d - 1) // 2] + (before < k)
            y = start = x - k
            while x < n and y < m and old[x] == new[y]:
                x, y = x + 1, y + 1
            steps += 1 + y - start
            if x >= n and y >= m:
                return _path(trace, n, m)
            current[(k + d) // 2] = x
        if steps > budget:
            return None
        previous = current
    return None  # not reached: n + m changes always turn `old` into `new`


def _came_from(furthest: array[int], d: int, k: int) -> int:
    """The diagonal (`x - y`) from which a path of `d` changes reaches diagonal `k`: `k + 1` by an
    added line or `k - 1` by a removed one, whichever path of `d - 1` changes got further along
    `old` (`furthest`, diagonal `j` at `(j + d - 1) // 2`)."""
    if k == -d or (k != d and furthest[(k + d - 2) // 2] < furthest[(k + d) // 2]):
        return k + 1
    return k - 1


def _path(trace: list[array[int]], x: int, y: int) -> list[tuple[int, int]]:
    """The pairs of equal lines on the path `_common_lines` found, walked back from its end."""
    pairs: list[tuple[int, int]] = []
    for d in range(len(trace) - 1, -1, -1):
        furthest, k = trace[d], x - y
        before = _came_from(furthest, d, k)
        start = furthest[(before + d - 1) // 2] + (before < k)
        while x > start:
            x, y = x - 1, y - 1
            pairs.append((x, y))
        x = furthest[(before + d - 1) // 2]
        y = x - before
    pairs.reverse()
    return pairs


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


def read(root: Path, path: str, limit: int) -> FileText:
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
