"""Suppression comments survive an edit that rewrites their line.

Why: a `<!-- noqa: MB007 -->` or `<!-- memorybank-lint: disable MB009 -->` is a person's decision
about that line or document. An agent that rewrites a section or a fragment usually sends the
text it means, without the comments it never thought about; dropping them would bring back every
finding the team had accepted. So a write puts back each comment its rewrite lost: on the line
that took the old line's place, or for a document-wide `disable`, on the last line of the
rewritten stretch. A comment the edit itself removes on purpose (the line is otherwise unchanged)
stays removed, so `bank_edit` can still take one away.

The header's `# noqa` is kept where the header line is written (`bank_set_field`, `bank_set_status`).
"""

from __future__ import annotations

from collections import Counter

from ..markdown import fenced, links
from ..suppressions import body_disables, body_noqa, header_noqa
from .text import unchanged_ends


def _comments(line: str) -> list[tuple[str, str, str]]:
    """`(kind, comment, the blanks before it)` of every suppression comment on a body line."""
    found = []
    for column, _tokens in body_disables(line):
        end = line.find("-->", column) + 3
        found.append(("disable", line[column:end], line[:column][len(line[:column].rstrip()) :]))
    noqa = body_noqa(line)
    if noqa is not None:
        column = noqa[0]
        comment = line[column:].rstrip()
        if all(comment != text for _, text, _ in found):
            found.append(("noqa", comment, line[:column][len(line[:column].rstrip()) :]))
    return found


def _without(line: str, comment: str) -> str:
    at = line.find(comment)
    return (line[:at].rstrip() + line[at + len(comment) :]).rstrip() if at >= 0 else line.rstrip()


def _targets(line: str) -> set[str]:
    return {target for _label, target, _column in links(line)}


def kept(old: str, new: str) -> str:
    """`new` (LF text) with the suppression comments of `old` its rewrite lost put back."""
    if "<!--" not in old:
        return new
    before, after = old.split("\n"), new.split("\n")
    low, tail = unchanged_ends(before, after)
    old_span, new_span = range(low, len(before) - tail), range(low, len(after) - tail)
    if not len(new_span):
        return new
    old_mask = fenced(before)
    written = _Written(after, new_span, fenced(after))
    for i in old_span:
        if old_mask[i]:
            continue
        for kind, comment, blanks in _comments(before[i]):
            if written.has(comment):
                continue
            j = _place(before, written, i, kind, old_span)
            if j is None or written.reads(j, _without(before[i], comment)):
                continue  # no line took its place, or the edit only removed the comment: on purpose
            written.put(j, kind, blanks or " ", comment)
    return "\n".join(written.lines())


def _chunks(line: str) -> list[str]:
    """Each stretch of `line` that could be a suppression comment: a `<!--`, then up to the first
    `>` after it, with no other `<` (a comment holds no `<` or `>` but its first and last character,
    so it is in a line exactly when it is one of these)."""
    found = []
    start = line.find("<!--")
    while start >= 0:
        end = line.find(">", start + 4)
        if end < 0:
            break
        following = line.find("<!--", start + 4)
        if line.find("<", start + 1, end) < 0:
            found.append(line[start : end + 1])
        start = following
    return found


class _Written:
    """The lines a rewrite wrote (`span` of `after`), and what placing a comment asks of them.

    Why kept up to date rather than asked afresh: each old comment asks whether the new text already
    holds it, which written lines carry no noqa (`free`), and which of those link where the old line
    did. Reading the whole stretch for every comment cost N² line scans for a section of N lines with
    a comment each (35 s under the bank lock for 8000 lines). Here each line is read once.

    A comment put back is only noted (`put`), and joined to its line at the end (`lines`): the
    document-wide disables all go to one line, which must not be copied and read again for each.
    Nothing on the line needs reading again either. A suppression comment holds no backtick,
    bracket, parenthesis, quote, `<` or `>` but its own ends, and comes after the line's text and a
    blank: it opens no code span and closes no link, so the line links where it did; it is one more
    of the line's `_chunks`; and the line ends in it, so a noqa makes the line carry one (no longer
    free) and a disable leaves it as it was.
    """

    def __init__(self, after: list[str], span: range, mask: list[bool]) -> None:
        self.after, self.span, self.mask = after, span, mask
        self._chunks: Counter[str] = Counter(chunk for j in span for chunk in _chunks(after[j]))
        self._added: dict[int, list[str]] = {}  # the comments put on a line, each with its blanks
        self._length: dict[int, int] = {}  # of a line with comments put on it, as it now reads
        self._free: dict[int, bool] = {}
        self._last = span.stop - 1  # no line after it is a free line with text (`last_written`)
        self._targets: dict[int, set[str]] = {}  # of each free line, once `_by_target` is built
        self._by_target: dict[str, list[int]] | None = None  # the free lines linking there, in order

    def has(self, comment: str) -> bool:
        """Whether `comment` is anywhere in the written lines."""
        return self._chunks[comment] > 0

    def free(self, j: int) -> bool:
        """Whether written line `j` is outside code and carries no noqa of its own."""
        if j not in self._free:
            self._free[j] = not self.mask[j] and body_noqa(self.after[j]) is None
        return self._free[j]

    def reads(self, j: int, text: str) -> bool:
        """Whether written line `j`, as it now reads without its trailing blanks, is `text`."""
        if j not in self._added:
            return self.after[j].rstrip() == text
        return self._length[j] == len(text) and self._line(j) == text

    def first_linking(self, wanted: set[str]) -> int | None:
        """The first free line linking to every target in `wanted`, or None."""
        if self._by_target is None:
            self._by_target = {}
            for j in self.span:
                if self.free(j):
                    self._targets[j] = _targets(self.after[j])
                    for target in self._targets[j]:
                        self._by_target.setdefault(target, []).append(j)
        candidates = [self._by_target.get(target, []) for target in wanted]
        fewest = min(candidates, key=len)
        return next((j for j in fewest if wanted <= self._targets[j]), None)

    def last_written(self) -> int | None:
        """The last free line that is not blank, or None."""
        while self._last >= self.span.start and not self._takes_disable(self._last):
            self._last -= 1
        return self._last if self._last >= self.span.start else None

    def _takes_disable(self, j: int) -> bool:
        return self.free(j) and (j in self._added or bool(self.after[j].strip()))

    def put(self, j: int, kind: str, blanks: str, comment: str) -> None:
        """Put `comment`, a suppression comment of that kind, after `blanks` on free line `j`."""
        if j not in self._added:
            self._added[j] = [self.after[j].rstrip()]
            self._length[j] = len(self._added[j][0])
        self._added[j] += [blanks, comment]
        self._length[j] += len(blanks) + len(comment)
        self._chunks[comment] += 1
        if j > self._last and kind == "disable":
            self._last = j
        if kind == "noqa":
            self._free[j] = False
            if self._by_target is not None:
                for target in self._targets.pop(j):
                    self._by_target[target].remove(j)

    def _line(self, j: int) -> str:
        return "".join(self._added[j]) if j in self._added else self.after[j]

    def lines(self) -> list[str]:
        """`after`, with the comments put back."""
        for j in self._added:
            self.after[j] = self._line(j)
        return self.after


def _place(before: list[str], written: _Written, i: int, kind: str, old_span: range) -> int | None:
    """The new line that took old line `i`'s place: the same position when the rewrite kept the
    number of lines, else (for a line noqa) the first new line linking where the old one did, or
    (for a document-wide disable) the last written line of the rewrite. Only a free line (outside
    code, no noqa of its own) takes a comment."""
    if len(old_span) == len(written.span):
        j = written.span[i - old_span.start]
        return j if written.free(j) else None
    if kind == "noqa":
        wanted = _targets(before[i])
        return written.first_linking(wanted) if wanted else None
    return written.last_written()


def header_comment(old_line: str) -> str:
    """The `# noqa` comment ending a header line, with the blanks before it, or ""."""
    found = header_noqa(old_line)
    if found is None:
        return ""
    column = found[0]
    return old_line[len(old_line[:column].rstrip()) :].rstrip()
