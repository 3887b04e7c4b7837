"""Passages: the paragraphs, list items and table rows of a body, for evidence finer than a file.

Why: the answer to a fact question ("how long does a refresh token live") is one paragraph or one
list item in a document whose title and purpose never mention it. Whole-file statistics cannot
tell a document that holds the question's words in one sentence from one that scatters them over
ten pages; passages can. Each term posted by the body index carries a 64-bit mask of the passages
it occurs in, so a candidate's best passage is found from the postings alone, without the text.

A passage is a run of lines ended by a blank line; a list item or a table row starts a new one; a
heading is glued to what follows it, so the heading's words count for the paragraph below. A table
row also carries its table's header row as context: `| RAILS_MAX_THREADS | no | 3 |` means
nothing without `| Variable | Required | Default |`, and "the default number of threads" is
asked in the header's words. Context words mark the passage but are not counted again. A body
with more than 64 passages maps them to 64 buckets of neighbours (passage i → i·64 ÷ count), which
keeps locality: merged passages are adjacent ones.
"""

from __future__ import annotations

import re
from typing import NamedTuple

BITS = 64
_ITEM = re.compile(r"^\s*(?:[-*+]\s|\d+[.)]\s|\|)")
_ROW = re.compile(r"^\s*\|")
_RULE_CELL = re.compile(r":?-{3,}:?")


def _is_rule(line: str) -> bool:
    """Whether a table line is the rule under a header row (`|---|:---:|`), read cell by cell.

    Why not one pattern: optional pipes and spaces on both sides of each cell let a pattern split
    one run of blanks every possible way, and a line of 40,000 spaces took seconds.
    """
    cells = line.strip().removeprefix("|").removesuffix("|").split("|")
    return all(_RULE_CELL.fullmatch(cell.strip()) for cell in cells)


class Passage(NamedTuple):
    start: int  # the index of its first line in the body
    text: str
    context: str  # a table row's header row, else ""


def split(body: str) -> list[Passage]:
    """Every passage of `body`, in order."""
    found: list[Passage] = []
    current: list[str] = []
    start = 0
    heading = False  # the current run is only heading lines so far
    header, table = "", ""  # the last table row read; the header row of the table being read
    given = ""  # the context of the passage being read

    def close() -> None:
        if current:
            found.append(Passage(start, "\n".join(current), given))
            current.clear()

    for number, line in enumerate(body.split("\n")):
        stripped = line.strip()
        row = bool(_ROW.match(line))
        if not row:
            header = table = ""
        elif _is_rule(line):
            table = header
            continue  # the rule under a header row holds no words
        elif not table:
            header = line
        if not stripped:
            if not heading:
                close()
            continue
        if stripped.startswith("#"):
            if not heading:
                close()
            if not current:
                start, given = number, ""
            current.append(line)
            heading = True
            continue
        if _ITEM.match(line) and current and not heading:
            close()
        if not current:
            start, given = number, table if row else ""
        current.append(line)
        heading = False
    close()
    return found


def bucket(position: int, count: int) -> int:
    """The mask bit of passage `position` of `count`."""
    return position if count <= BITS else position * BITS // count


def best_passage(masks: list[int], weights: list[float]) -> tuple[float, int]:
    """The share of the question's weight the best single passage holds, and which concepts
    it holds (a bit per concept)."""
    total = sum(weights)
    union = 0
    for mask in masks:
        union |= mask
    best, held = 0.0, 0
    while union and total:
        bit = union & -union
        union ^= bit
        share, concepts = 0.0, 0
        for position, mask in enumerate(masks):
            if mask & bit:
                share += weights[position]
                concepts |= 1 << position
        if share > best:
            best, held = share, concepts
    return (best / total if total else 0.0), held
