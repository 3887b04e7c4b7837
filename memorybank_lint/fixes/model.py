"""`Fix`: one finding's repair, as an edit of one file's LF text that checks it still applies.

Why an edit function and not a position: several fixes may land in one file (two broken edges,
two documents registered in one index), and each must be applied to the text the one before it
left. An in-place line edit checks that its line still reads as it did and gives up otherwise,
so a fix never lands on text it was not computed for.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..edits.text import unchanged_ends
from ..findings import Finding

Edit = Callable[[str], "str | None"]
# The edit of several fixes of one kind in one file at once, or None to apply them one by one.
Batch = Callable[[str, "list[Fix]"], "str | None"]


@dataclass(frozen=True)
class Fix:
    """The repair of `finding`: `edit` turns the LF text of `path` into the fixed text, or None.

    `shifts` marks an edit that adds or removes lines; a file's in-place line edits are applied
    before it, so their line numbers still hold.
    """

    finding: Finding
    path: str
    safe: bool
    summary: str
    edit: Edit
    source: str  # the LF text of `path` the fix was computed on
    shifts: bool = False
    edge: tuple[str, str] | None = None  # (document, new target) of a fix that repoints derived_from
    # (key, edit of many): the fixes of a file that share the key are applied together, once the
    # file's fixes before them are (registering thousands in one index, one by one, is quadratic)
    batch: tuple[str, Batch] | None = None
    # (file line, its new text) of a fix that rewrites one line of `source`: its replacement
    # without applying the edit (a file with thousands of such fixes would be copied once each)
    line: tuple[int, str] | None = None
    # (document, #section or "") an index entry the fix writes (a new one, or a dead one
    # repointed) leads to: two sections of one document are two entries
    registers: tuple[str, str] | None = None
    # the 1-based column where a one-line edit's change starts, when that is not the finding's
    # (a badge's image and its link: the link's destination stands right of the image's)
    at: int | None = None

    @property
    def applicability(self) -> str:
        return "safe" if self.safe else "unsafe"

    def replacement(self) -> Replacement | None:
        """The fix as one replacement of whole lines of `source` (what SARIF calls a fix), within
        the file's lines: lines added after the last one replace it with them, and a region that
        reaches a last line with no line feed ends at that line's end."""
        if self.line is not None:  # one line: read nothing but the end of the file (10,000 per index)
            number, text = self.line
            if self.source.endswith("\n") or number <= self.source.count("\n"):
                return Replacement(self.path, number, number + 1, text + "\n")
            last = self.source[self.source.rfind("\n") + 1 :]  # the last line, with no line feed
            return Replacement(self.path, number, number, text, len(last) + 1)
        new = self.edit(self.source)
        if new is None:
            return None
        old_lines, new_lines = self.source.split("\n"), new.split("\n")
        final = self.source.endswith("\n")
        if final and new.endswith("\n"):  # the empty piece after a final line feed is no line
            old_lines, new_lines = old_lines[:-1], new_lines[:-1]
        low, tail = unchanged_ends(old_lines, new_lines)
        if low == len(old_lines) and low:  # lines added after the last: replace the last one with them
            low -= 1
        inserted = new_lines[low : len(new_lines) - tail]
        end = len(old_lines) - tail + 1
        if end > len(old_lines) and not final:  # up to the end of a last line with no line feed
            last = old_lines[-1]
            return Replacement(self.path, low + 1, len(old_lines), "\n".join(inserted), len(last) + 1)
        return Replacement(self.path, low + 1, end, "".join(line + "\n" for line in inserted))


@dataclass(frozen=True)
class Replacement:
    """From line `start`, column 1, to line `end`, column `end_column` (1-based, the end
    excluded), replaced by `inserted` (LF text): whole lines, or up to the end of a last line
    that has no line feed."""

    path: str
    start: int
    end: int
    inserted: str
    end_column: int = 1


def replace_lines(changes: dict[int, tuple[str, str]]) -> Edit:
    """An edit that replaces each file line `number` (1-based) reading `old` with `new`."""

    def edit(text: str) -> str | None:
        lines = text.split("\n")
        for number, (old, new) in changes.items():
            if number > len(lines) or lines[number - 1] != old:
                return None
            lines[number - 1] = new
        return "\n".join(lines)

    return edit


def replace_in_line(number: int, old: str, new: str) -> Edit:
    """An edit of file line `number` that read `old` and is to read `new`, where the two differ in
    one stretch: it applies while the line before that stretch and the stretch itself still read
    as they did, so two fixes of one line (two targets of one `derived_from: [a, b]`, two links of
    one index line), applied from the right, both land in one run."""
    changed = line_edit(old, new)

    def edit(text: str) -> str | None:
        lines = text.split("\n")
        if number > len(lines) or (line := changed(lines[number - 1])) is None:
            return None
        lines[number - 1] = line
        return "\n".join(lines)

    return edit


def line_edit(old: str, new: str) -> Callable[[str], str | None]:
    """`replace_in_line`'s change of one line: the line edited, or None when it no longer reads
    as it did before and in the stretch that changes."""
    start, end = unchanged_ends(old, new)
    before, replaced, inserted = old[:start], old[start : len(old) - end], new[start : len(new) - end]

    def changed(line: str) -> str | None:
        if not line.startswith(before) or line[start : start + len(replaced)] != replaced:
            return None
        return line[:start] + inserted + line[start + len(replaced) :]

    return changed
