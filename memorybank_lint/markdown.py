"""The hot-path markdown scanner: fenced code, headings and inline links, line by line.

Why not a full parser: every document goes through this on every cold start, and markdown-it-py
costs ~20x more on a real bank. The scanner follows CommonMark where it matters here: a fence
closes only on the same character with at least the opening length and no info string, and an
unclosed fence runs to the end. Unlike CommonMark it accepts fences at any indentation, because
fences nested in list items are common and a line scanner does not track list context.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

_FENCE_OPEN = re.compile(r"^\s*(`{3,}|~{3,})(.*)$")
_H1 = re.compile(r"^#\s+(\S.*?)\s*$")
_H2 = re.compile(r"^##\s+(\S.*?)\s*$")
_CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)+?\1")
_LINK = re.compile(r"\[([^\]]*)\]\(\s*<?([^\s()<>]+?)>?(?:\s+(?:\"[^\"]*\"|'[^']*'))?\s*\)")


def fenced(lines: list[str]) -> list[bool]:
    """For each line, whether it is part of a fenced code block (the fence lines included)."""
    mask = [False] * len(lines)
    candidates = [i for i, line in enumerate(lines) if "```" in line or "~~~" in line]
    opener: str | None = None
    start = 0
    for i in candidates:
        line = lines[i]
        if opener is None:
            match = _FENCE_OPEN.match(line)
            if match and not (match.group(1)[0] == "`" and "`" in match.group(2)):
                opener, start = match.group(1), i
            continue
        stripped = line.strip()
        if stripped.startswith(opener) and not stripped.strip(opener[0]):
            mask[start : i + 1] = [True] * (i + 1 - start)
            opener = None
    if opener is not None:
        mask[start:] = [True] * (len(lines) - start)
    return mask


def iter_unfenced(lines: list[str], mask: list[bool] | None = None) -> Iterator[tuple[int, str]]:
    """Yield `(index, line)` for every line outside fenced code (`mask`: a precomputed `fenced`)."""
    for i, (line, inside) in enumerate(zip(lines, mask or fenced(lines), strict=True)):
        if not inside:
            yield i, line


@dataclass(frozen=True, slots=True)
class Section:
    """A level-2 heading: its text as written and the file lines it spans (1-based, inclusive)."""

    title: str
    line: int
    end: int


def headings(
    lines: list[str], first_line: int, mask: list[bool] | None = None
) -> tuple[str | None, list[Section]]:
    """The first H1's text and the level-2 sections of a body starting at file line `first_line`."""
    title: str | None = None
    starts: list[tuple[str, int]] = []
    hashes = [i for i, line in enumerate(lines) if line.startswith("#")]
    if hashes and mask is None:
        mask = fenced(lines)
    for i in hashes:
        if mask[i]:
            continue
        line = lines[i]
        if title is None and (match := _H1.match(line)):
            title = match.group(1)
        elif match := _H2.match(line):
            starts.append((match.group(1), first_line + i))
    last = first_line + len(lines) - 1
    sections = [
        Section(name, line, (starts[k + 1][1] - 1) if k + 1 < len(starts) else last)
        for k, (name, line) in enumerate(starts)
    ]
    return title, sections


def links(line: str) -> Iterator[tuple[str, str, int]]:
    """Inline links `[label](target)` on one line, outside code spans: `(label, target, column)`."""
    if "](" not in line:
        return
    if "`" in line:
        line = _CODE_SPAN.sub(lambda m: m.group(0) if "](" not in m.group(0) else " " * len(m.group(0)), line)
    for match in _LINK.finditer(line):
        yield match.group(1), match.group(2), match.start() + 1
