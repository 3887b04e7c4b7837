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
    old_mask, new_mask = fenced(before), fenced(after)
    region = "\n".join(after[i] for i in new_span)
    for i in old_span:
        if old_mask[i]:
            continue
        for kind, comment, blanks in _comments(before[i]):
            if comment in region:
                continue
            j = _place(before, after, i, kind, old_span, new_span, new_mask)
            if j is None or after[j].rstrip() == _without(before[i], comment):
                continue  # no line took its place, or the edit only removed the comment: on purpose
            after[j] = after[j].rstrip() + (blanks or " ") + comment
            region = "\n".join(after[k] for k in new_span)
    return "\n".join(after)


def _place(
    before: list[str],
    after: list[str],
    i: int,
    kind: str,
    old_span: range,
    new_span: range,
    new_mask: list[bool],
) -> int | None:
    """The new line that took old line `i`'s place: the same position when the rewrite kept the
    number of lines, else (for a line noqa) the first new line linking where the old one did, or
    (for a document-wide disable) the last written line of the rewrite."""
    free = [j for j in new_span if not new_mask[j] and body_noqa(after[j]) is None]
    if len(old_span) == len(new_span):
        j = new_span[i - old_span.start]
        return j if j in free else None
    if kind == "noqa":
        wanted = _targets(before[i])
        return next((j for j in free if wanted and wanted <= _targets(after[j])), None)
    return next((j for j in reversed(free) if after[j].strip()), None)


def header_comment(old_line: str) -> str:
    """The `# noqa` comment ending a header line, with the blanks before it, or ""."""
    found = header_noqa(old_line)
    if found is None:
        return ""
    column = found[0]
    return old_line[len(old_line[:column].rstrip()) :].rstrip()
