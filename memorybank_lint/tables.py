"""Markdown pipe tables as the contract readers see them: rows of trimmed cells with line numbers.

Why shared: the value tables and the layer table are both read out of `dna/` prose, and both need
the same notion of where a table starts, what its header is, and which rows are separators.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from . import markdown

_SEPARATOR = re.compile(r"^:?-+:?$")


@dataclass
class Table:
    header: list[str]
    rows: list[tuple[int, list[str]]] = field(default_factory=list)
    before: str = ""
    after: str = ""


def cells(line: str) -> list[str]:
    """Cells of one `| a | b |` line: one leading and one trailing pipe removed, trimmed."""
    text = line.strip()
    if text.startswith("|"):
        text = text[1:]
    if text.endswith("|") and not text.endswith("\\|"):
        text = text[:-1]
    return [cell.strip() for cell in re.split(r"(?<!\\)\|", text)]


def is_separator(row: list[str]) -> bool:
    return all(_SEPARATOR.match(cell.replace(" ", "")) for cell in row if cell) and any(row)


def _paragraph(lines: list[str], start: int, step: int) -> str:
    """The nearest non-blank paragraph from `start` walking by `step` (stops at a blank line)."""
    found: list[str] = []
    i = start
    while 0 <= i < len(lines) and not lines[i].strip():
        i += step
    while 0 <= i < len(lines) and lines[i].strip() and not lines[i].lstrip().startswith("|"):
        found.append(lines[i].strip())
        i += step
    return " ".join(reversed(found) if step < 0 else found)


def tables(text: str) -> Iterator[Table]:
    """Every pipe table outside fenced code and HTML comment blocks, with the paragraphs just
    before and after it.

    Why not in a comment: a table commented out (an old list of values kept for reference) is
    hidden from every reader, yet it declared values and layers, and MB008 held documents to them.
    """
    lines = text.split("\n")
    mask = markdown.unheaded(lines)
    i = 0
    while i < len(lines):
        if mask[i] or not lines[i].lstrip().startswith("|"):
            i += 1
            continue
        start = i
        table = Table(cells(lines[i]))
        i += 1
        while i < len(lines) and not mask[i] and lines[i].lstrip().startswith("|"):
            row = cells(lines[i])
            if not is_separator(row):
                table.rows.append((i + 1, row))
            i += 1
        table.before = _paragraph(lines, start - 1, -1)
        table.after = _paragraph(lines, i, 1)
        yield table
