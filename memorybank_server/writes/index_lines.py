"""The index lines that repeat a document's title, purpose or status, rewritten when it changes.

Why: an index entry that repeats the old purpose, uses the old title as its link label, or shows
the old status in a registry table would silently contradict the document. Only text that repeats
the old value verbatim changes; hand-written summaries stay.

Why tables are read by their header: a registry row (`| [ADR-007](…) | Title | `status` | … |`)
holds the title, purpose and status in cells of their own, and a value can repeat in another cell
(a purpose equal to the title). A row is changed only in the column its header names for the
field, the same columns registration writes (`edits.table.columns`). A list line, or a table
without a header, has no such columns: there the link label (title) and the first mention outside
any link (purpose: on the entry's line, else on the lines of the item below it, where the two-line
shape registration copies puts it) change, and a status is never guessed at.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from memorybank_lint import markdown
from memorybank_lint.bank import Bank
from memorybank_lint.document import Link
from memorybank_lint.edits.entries import entry_end, link_label
from memorybank_lint.edits.table import cell_spans, columns, header_line, inline, prose

from . import head

Change = tuple[str, bytes, str]  # path, new bytes, digest of what was read


def _lands(bank: Bank, link: Link) -> str | None:
    """The document a link reaches, as the bank counts registrations (a folder means its index)."""
    resolved = link.target.resolved
    if resolved is None or not link.directory:
        return resolved
    return bank.directory_index(resolved)


def _link_spans(line: str) -> dict[int, tuple[int, int, int]]:
    """`(start, label end, end)` of each link on `line`, by the column `markdown.links` reports it
    at: the scanner's own ends, as a label may hold brackets, a target parentheses, and a title
    either."""
    return {
        start + 1: (start, start + 1 + len(label), end)
        for label, _target, start, end in markdown.link_spans(line)
    }


def _mention(line: str, spans: list[tuple[int, int]], old: str, new: str, window: tuple[int, int]) -> str:
    """`line` with the first whole-word occurrence of `old` (as written, or as an index line
    writes it: `prose`) inside `window` and outside every link replaced by `new`, written as an
    index line writes it."""
    olds, new = sorted({old, inline(old), prose(old)}, key=len, reverse=True), prose(new)
    if line.lstrip().startswith("|"):
        olds, new = [o.replace("|", "\\|") for o in olds], new.replace("|", "\\|")
    low, high = window
    position = low
    for start, end in [*sorted(spans), (high, high)]:
        found = _first_whole(line, olds, position, min(start, high))
        if found is not None:
            return line[: found[0]] + new + line[found[1] :]
        position = max(position, end)
        if position >= high:
            break
    return line


_WORD = re.compile(r"\w")


def _first_whole(line: str, olds: list[str], low: int, high: int) -> tuple[int, int] | None:
    r"""The span of the leftmost whole-word occurrence of any of `olds` within `line[low:high]`
    (the longer one where two start together), or None.

    Why not a regular expression: `(?<!\w)old(?!\w)` compares up to all of `old` at every place
    the look-behind lets through, so a 40,000-character purpose over a 400,000-character line took
    15 s; the occurrences are found here in one pass over the line (Knuth-Morris-Pratt).
    """
    best: tuple[int, int] | None = None
    for old in olds:
        for start in _occurrences(line, old, low, high):
            end = start + len(old)
            whole = (start == 0 or not _WORD.match(line, start - 1)) and not _WORD.match(line, end)
            if whole:
                if best is None or start < best[0]:
                    best = (start, end)
                break
    return best


def _occurrences(text: str, word: str, low: int, high: int) -> Iterator[int]:
    """Each start of `word` in `text[low:high]`, overlapping ones too, in O(len(text) + len(word))."""
    low = text.find(word, low, high)  # the common case, no occurrence at all, at the speed of C
    if not word or low < 0:
        return
    fail = [0] * len(word)
    k = 0
    for i in range(1, len(word)):
        while k and word[i] != word[k]:
            k = fail[k - 1]
        if word[i] == word[k]:
            k += 1
        fail[i] = k
    k = 0
    for i in range(low, high):
        while k and text[i] != word[k]:
            k = fail[k - 1]
        if text[i] == word[k]:
            k += 1
        if k == len(word):
            yield i - k + 1
            k = fail[k - 1]


def _relabel(
    line: str, spans: list[tuple[int, int, int]], old: str, new: str, own_label: frozenset[int] = frozenset()
) -> str:
    """`line` with each given link labelled `old` relabelled `new`, both as an entry is labelled
    when it is written (`link_label`: brackets as parentheses, no backtick, a backslash as `/`),
    so a title holding one of them still reaches the entry that repeats it.

    A reference link starting at a column of `own_label` (`[Old][]`, `[Old]`) uses its text as
    its label: relabelled alone it would name a label nothing defines and lead nowhere, so the
    old text stays on as the label, `[New][Old]`, and the definition and any other use of it
    are left as they are."""
    table = line.lstrip().startswith("|")

    def shown(title: str) -> str:
        label = link_label(title, False)
        return label.replace("|", "\\|") if table else label  # a `|` would split a table row's cell

    olds = {old, inline(old), shown(old)}
    for start, label_end, end in sorted(spans, reverse=True):
        label = line[start + 1 : label_end]
        ticked = len(label) > 1 and label.startswith("`") and label.endswith("`")
        if (label[1:-1] if ticked else label) in olds:
            renamed = f"`{shown(new)}`" if ticked else shown(new)
            rest = f"][{label}]" + line[end:] if start in own_label else line[label_end:]
            line = line[: start + 1] + renamed + rest
    return line


def _cell(line: str, span: tuple[int, int], old: str, new: str) -> str:
    """`line` with the cell at `span` set to `new` when it reads exactly `old` (or `` `old` ``)."""
    start, end = span
    text = line[start:end]
    written = {inline(old).replace("|", "\\|"), prose(old).replace("|", "\\|")}
    bare = text[1:-1] if len(text) > 1 and text.startswith("`") and text.endswith("`") else text
    if bare not in written:
        return line
    value = prose(new).replace("|", "\\|")
    if bare is not text:
        if "`" in value:
            return line
        value = f"`{value}`"
    return line[:start] + value + line[end:]


Span = tuple[int, int, int]  # a link's start, the end of its label, its end


def _table_row(
    lines: list[str],
    number: int,
    links: list[Span],
    field: str,
    old: str,
    new: str,
    own_label: frozenset[int],
) -> str:
    """The table row `lines[number]` with `field` changed in the column its header names."""
    line = lines[number]
    found, _width = columns(lines, number)
    spans = cell_spans(line)
    if field == "title":
        line = _relabel(line, links, old, new, own_label)
        spans = cell_spans(line)
    column = found.get(field)
    if column is None or column == found["link"] or column >= len(spans):
        return line
    if field == "purpose":
        return _mention(line, [(s, e) for s, _l, e in links], old, new, spans[column])
    return _cell(line, spans[column], old, new)


_ITEM = re.compile(r"\s*(?:[-*+]|\d{1,9}[.)])(?:\s|$)")  # a list item of its own


def _spans(line: str) -> list[tuple[int, int]]:
    """Where each link on `line` starts and ends: a mention inside one is not the purpose."""
    return [(start, end) for start, _label_end, end in _link_spans(line).values()]


# A link whose text wraps: its first line, its `[`'s column counted from that line's end, its
# text's last line, the column of the `]` closing the text and of the link's end, own label or not
Wrapped = tuple[int, int, int, int, int, bool]


def _reference_uses(
    lines: list[str], body_line: int, labels: set[str], defined: set[str], old: str, new: str
) -> tuple[dict[int, list[markdown.ReferenceUse]], list[Wrapped]]:
    """The reference links (`[Title][p]` with `[p]: page.md` below) of the index `lines` using one
    of `labels`, where the reader sees them: in a paragraph or a heading, read whole with the
    labels `defined` (`markdown.placed_reference_uses`), never in code, a comment or an HTML
    block. Those whose text stands on one line, by line number (1-based, columns as on the
    line); those whose text wraps, showing `old` (`_wrapped`). A link right behind brackets
    (`[see][Model][m]`, `Model` undefined) is left when the new title is a defined label: the
    brackets before would take it for theirs, and the page would lose the link.

    Why: such an entry repeats the title as a reader sees it as much as `[Title](page.md)` does,
    and was left showing the old one."""
    if not labels:
        return {}, []
    start = body_line - 1
    body = lines[start:]
    found: dict[int, list[markdown.ReferenceUse]] = {}
    wrapped: list[Wrapped] = []
    joins = markdown.reference_label(link_label(new, False)) in defined
    olds = {" ".join(old.split()), " ".join(inline(old).split()), " ".join(link_label(old, False).split())}
    for use in markdown.placed_reference_uses("\n".join(body), defined):
        if use.label not in labels:
            continue
        (first, column), (last, text_end), (end_line, end) = use.start, use.text_end, use.end
        if joins and body[first][column - 1 : column] == "]":
            continue
        if first == last:
            end = end if end_line == last else len(body[last])  # a label of its own may wrap
            found.setdefault(start + first + 1, []).append(
                markdown.ReferenceUse(use.label, column, text_end, end, use.labelled)
            )
        elif " ".join(use.text.split()) in olds:
            wrapped.append(
                (start + first, len(body[first]) - column, start + last, text_end, end, use.labelled)
            )
    return found, wrapped


def _wrapped(lines: list[str], uses: list[Wrapped], new: str) -> list[str]:
    """`lines` with each reference link whose text wraps (`[Order` then `model][m]`) showing `new`
    instead, on the line its `[` stands on. Its column counts from the line's end: a link before
    it on that line may have been relabelled already, and nothing after it stands there.

    Why the lines are joined where the label has its own (`[Order\\nmodel][m]` is `[Orders][m]`):
    a line left holding only `][m]` would show a line break in the link. `[Order\\nmodel][]` and
    `[Order\\nmodel]` keep their text as the label (`[Orders][Order\\nmodel]`), and their lines."""
    shown = link_label(new, False)
    gone: set[int] = set()
    for first, column, last, text_end, end, labelled in sorted(uses, reverse=True):
        line = lines[first]
        column = len(line) - column
        if labelled:
            lines[first] = line[: column + 1] + shown + lines[last][text_end:]
            gone.update(range(first + 1, last + 1))
        else:
            lines[first] = line[: column + 1] + shown + "][" + line[column + 1 :]
            lines[last] = lines[last][: text_end + 1] + lines[last][end:]
    return [line for i, line in enumerate(lines) if i not in gone]


def _definitions(lines: list[str], body_line: int) -> dict[tuple[int, int], str]:
    """The label of each link reference definition of the index `lines`, by where an entry it
    makes stands (line and column, 1-based), as the linter reads them: one in a list item or a
    quote (`- [p]: page.md`) too."""
    body = lines[body_line - 1 :]
    return {
        (body_line + found.line, found.column + 1): found.label
        for found in markdown.references(body).definitions
    }


def index_changes(bank: Bank, path: str, field: str, old: str, new: str) -> list[Change]:
    """The rewritten indexes that register `path` and repeat its old `field` value verbatim."""
    sources = sorted({item.source for item in bank.index_links if item.lands == path and item.source != path})
    changes = []
    for source in sources:
        index = head.load(bank, source)
        lines = index.file.text.split("\n")
        ours: dict[int, set[int]] = {}
        labels: set[str] = set()  # the reference labels whose definition leads to `path`
        definitions: dict[tuple[int, int], str] | None = None  # (line, column) → label, read once
        for link in index.fresh.links:
            if _lands(bank, link) == path:
                if definitions is None:
                    definitions = _definitions(lines, index.fresh.body_line)
                label = definitions.get((link.line, link.column))
                if label is not None:
                    labels.add(label)
                else:
                    ours.setdefault(link.line, set()).add(link.column)
        uses: dict[int, list[markdown.ReferenceUse]] = {}
        wrapped: list[Wrapped] = []
        if labels and definitions is not None:
            defined = set(definitions.values())
            uses, wrapped = _reference_uses(lines, index.fresh.body_line, labels, defined, old, new)
            if field != "title":  # a wrapped text is the title's; the purpose stands after the link
                wrapped = []
        for number in sorted(ours.keys() | uses.keys()):
            line = lines[number - 1]
            spans = _link_spans(line)
            links = [spans[c] for c in ours.get(number, ()) if c in spans]
            links += [(use.start, use.text_end, use.end) for use in uses.get(number, ())]
            if not links:
                continue
            own_label = frozenset(use.start for use in uses.get(number, ()) if not use.labelled)
            if line.lstrip().startswith("|") and header_line(lines, number - 1) is not None:
                lines[number - 1] = _table_row(lines, number - 1, links, field, old, new, own_label)
            elif field == "purpose":
                taken = _spans(line) + [(start, end) for start, _text_end, end in links]
                lines[number - 1] = _mention(line, taken, old, new, (0, len(line)))
                if lines[number - 1] == line:  # the two-line shape: the purpose below the link
                    for below in range(number, entry_end(lines, number - 1, len(lines))):
                        text = lines[below]
                        if _ITEM.match(text) or _spans(text):
                            break  # a nested item, or a line with a link: another page's entry
                        lines[below] = _mention(text, [], old, new, (0, len(text)))
                        if lines[below] != text:
                            break
            elif field == "title":
                lines[number - 1] = _relabel(line, links, old, new, own_label)
        if wrapped:
            lines = _wrapped(lines, wrapped, new)
        text = "\n".join(lines)
        if text != index.file.text:
            changes.append((index.path, index.file.encode(text), index.file.digest))
    return changes
