"""The entry that registers a document in an index, shaped like the index's own last entry.

Why copy the shape: an index is read by people, so a new entry must look like its neighbours (a
table row, a numbered item, a bullet, backticked or not, one line or two). Why the fixes over the
reference: under `## Registry` the entry lands in the registry, not after a stray prose link; the
"Empty…" placeholder goes away without shifting anything; a table row puts each value under the
column its header names (`table.py`); the root index lists sections, never as task-table rows.
Pure text functions: LF text in, LF text out.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .. import frontmatter, sections
from ..markdown import atx_heading, link_spans, links, unheaded
from ..sections import BY_DIRECTORY
from .table import escaped_tags, flattened, inline, prose, table_row

_BULLET = re.compile(r"^(\s*)([-*+])\s+")
_NUMBERED = re.compile(r"^(\s*)(\d{1,9})([.)])\s+")
_SECTION_ENTRY = re.compile(
    r"^- \[([^\]]*)\]\(<?((?:" + "|".join(re.escape(d) for d in BY_DIRECTORY) + r")/README\.md)>?\)"
)
# Ours, and the sentence banks seeded by the reference carry.
_PLACEHOLDERS = frozenset({sections.EMPTY_REGISTRY, sections.LEGACY_EMPTY_REGISTRY})
_REGISTRY_NAMES = frozenset({"registry", "реестр"})
UNWRITTEN = "not created yet"
_UNWRITTEN = re.compile(r" \(`([^`\s]+)`, " + UNWRITTEN + r"\)")
# what starts a block of its own after a paragraph line, so no lazy continuation of it: a list
# item, a heading, a quote, a fence, an HTML block, a table row, a thematic break
_INTERRUPTS = re.compile(r" {0,3}(?:[-*+]\s|\d{1,9}[.)]\s|#|>|```|~~~|<|\||([-*_])[ \t]*(?:\1[ \t]*){2,}$)")
_ITEM = re.compile(r"^(\s*(?:[-*+]|\d{1,9}[.)])\s+)")


# -- an entry written before its document --------------------------------------------------------
def unwritten_entry(label: str, target: str) -> str:
    """How an index names a document it will hold but that does not exist yet: the entry's label,
    then the link's destination in backticks (the path, and its `#anchor` when it has one) and
    `not created yet`, never a link.

    Why not the link: every link of an index is an entry, and one to a missing document is a
    finding (MB007) until the document is written, or for good when the package never gets it.
    Why the path: registering that document finds the entry by it and turns it into the link
    (`add_entry`), so the index keeps its own words and gains no second entry. Why the anchor:
    that link is the one the template wrote, down to the section it points at.
    """
    return f"{label} (`{target}`, {UNWRITTEN})"


def _link_unwritten(text: str, targets: set[str]) -> tuple[str, set[str]]:
    """`text` with the list items `unwritten_entry` wrote for any of `targets` (relative to the
    index) made links again, each to the destination it names (anchor kept), and the targets so
    linked."""
    if UNWRITTEN not in text:
        return text, set()
    lines = text.split("\n")
    mask = unheaded(lines)
    done: set[str] = set()  # destinations: two sections of one document are two entries
    for i in range(_body_start(text), len(lines)):
        if mask[i] or UNWRITTEN not in lines[i] or not (item := _ITEM.match(lines[i])):
            continue
        found = _UNWRITTEN.search(lines[i], item.end())
        destination = found.group(1) if found is not None else ""
        if found is None or destination.split("#", 1)[0] not in targets or destination in done:
            continue
        label = lines[i][item.end() : found.start()]
        linked = f"{item.group(1)}[{label}]({destination}){lines[i][found.end() :]}"
        if not label.strip() or not _reads_as(linked, item.end(), label, destination):
            continue  # a label whose brackets would not read back as this one link
        lines[i] = linked
        done.add(destination)
    return ("\n".join(lines) if done else text), {destination.split("#", 1)[0] for destination in done}


# -- the text of one entry ------------------------------------------------------------------
def _reads_as(line: str, start: int, label: str, destination: str) -> bool:
    """Whether `line` holds, from `start`, the link `[label](destination)` as the reader reads it:
    a label may hold brackets that balance (`[DRAFT] Notes`) or an image (a badge), not others."""
    return any(
        (found, written, at) == (label, destination, start) for found, written, at, _end in link_spans(line)
    )


def link_label(title: str, backticked: bool) -> str:
    """Link text that every markdown reader (and the linter's link scanner) sees as one link.

    Brackets become parentheses, backticks go (one of them can open a code span that swallows
    the link), and a backslash becomes `/` (before `]` it would escape the bracket).
    """
    text = flattened(title).replace("[", "(").replace("]", ")").replace("`", "").replace("\\", "/")
    text = text or "untitled"
    return f"`{text}`" if backticked else escaped_tags(text)  # a code span reads no HTML


def _after(purpose: str) -> str:
    """What follows the link on an entry's line: ` — purpose`, or nothing for a document without one."""
    return f" — {purpose}" if purpose else ""


def _own_line(text: str) -> bool:
    """Whether `text` may stand on a continuation line: one opening a code fence may not."""
    return not text.lstrip().startswith(("```", "~~~"))


def _body_start(text: str) -> int:
    parts = frontmatter.split(text)
    return 0 if parts.block is None else parts.body_line - 1


@lru_cache(maxsize=1 << 16)  # one index gains one line per registration: the rest were seen
def _model_link(line: str) -> tuple[str, str] | None:
    for label, target, _column in links(line):
        bare = target.split("#", 1)[0]
        if bare.endswith(".md") or bare.endswith("/"):
            return label, target
    return None


def _after_link(line: str, target: str) -> str:
    """What follows the model's link on its line (empty for the two-line shape): from the end the
    scanner gives it, as a label may hold brackets and a target parentheses (`guide_(v2).md`)."""
    for _label, written, _start, end in link_spans(line):
        if written == target:
            return line[end:].strip()
    return "x"


@lru_cache(maxsize=1 << 16)
def _shape(line: str) -> str | None:
    if line.strip().startswith("|"):
        return "table"
    if _NUMBERED.match(line):
        return "numbered"
    return "bullet" if _BULLET.match(line) else None


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def entry_end(lines: list[str], i: int, stop: int) -> int:
    """The index just after the list item at `i`: its indented continuation lines belong to it,
    and so do the lazy lines below its text (not indented, yet continuing its paragraph: an
    entry put between them would take them over)."""
    match = _BULLET.match(lines[i]) or _NUMBERED.match(lines[i])
    if match is None:
        return i + 1
    j = i + 1
    while j < stop and lines[j].strip() and _indent(lines[j]) > len(match.group(1)):
        j += 1
    if any(not _own_line(line) for line in lines[i + 1 : j]):  # its text may end in code: no paragraph
        return j
    while j < stop and lines[j].strip() and not _INTERRUPTS.match(lines[j]):
        j += 1
    return j


def _entry(
    lines: list[str],
    model: int,
    span: tuple[int, int],
    title: str,
    target: str,
    purpose: str,
    status: str | None,
) -> list[str]:
    """The new entry's lines, shaped like the entry at `model` (`span`: the scope it lies in)."""
    start, stop = span
    line = lines[model]
    found = _model_link(line)
    ticked = bool(found) and len(found[0]) > 1 and found[0].startswith("`") and found[0].endswith("`")
    label = link_label(title, ticked)
    kind = _shape(line)
    if kind == "table":
        model_label = found[0] if found else ""
        shown_status = prose(status) if status is not None else None  # header text in a cell: no link
        return [
            table_row(lines, model, start, (label, target, model_label), prose(title), purpose, shown_status)
        ]
    link = f"[{label}]({target})"
    if kind == "numbered":
        match = _NUMBERED.match(line)
        assert match is not None
        marker = f"{match.group(1)}{int(match.group(2)) + 1}{match.group(3)}"
    else:
        match = _BULLET.match(line)
        marker = f"{match.group(1)}{match.group(2)}" if match else "-"
    end = entry_end(lines, model, stop)
    after = _after_link(line, found[1]) if found else "x"
    below = lines[model + 1] if end > model + 1 else ""
    shaped = purpose and _own_line(purpose)
    if below and not after and not (_BULLET.match(below) or _NUMBERED.match(below)) and shaped:
        # the two-line shape: the link alone on the item line, the purpose indented below it
        return [f"{marker} {link}", f"{below[: _indent(below)]}{purpose}"]
    return [f"{marker} {link}{_after(purpose)}"]


# -- where the entry goes ---------------------------------------------------------------------
def _registry_scope(lines: list[str], start: int, mask: list[bool]) -> tuple[int, int] | None:
    for i in range(start, len(lines)):
        if not lines[i].lstrip(" ").startswith("#"):  # the one cheap test most lines fail
            continue
        heading = atx_heading(lines[i])
        if mask[i] or not heading or heading[0] != 2:
            continue
        if heading[1].casefold() not in _REGISTRY_NAMES:
            continue
        for j in range(i + 1, len(lines)):
            other = atx_heading(lines[j]) if lines[j].lstrip(" ").startswith("#") else None
            if not mask[j] and other and other[0] <= 2:
                return i + 1, j
        return i + 1, len(lines)
    return None


def add_entry(
    text: str, target: str, title: str, purpose: str, *, root: bool = False, status: str | None = None
) -> str:
    """`text` (LF) with an entry for `target` (relative to the index) added in the index's own shape,
    or, when the index names it as not created yet (`unwritten_entry`), that entry linked."""
    linked, done = _link_unwritten(text, {target})
    if done:
        return linked
    purpose = prose(purpose)
    lines = text.split("\n")
    start = _body_start(text)
    mask = unheaded(lines)  # a line of code or of a comment block is no entry, and no model for one
    scope = _registry_scope(lines, start, mask)
    low, high = scope or (start, len(lines))
    models = [
        i
        for i in range(low, high)
        if not mask[i]
        and _shape(lines[i])
        and _model_link(lines[i])
        and not (root and scope is None and _shape(lines[i]) == "table")
    ]
    holder = next(
        (i for i in range(start, len(lines)) if not mask[i] and lines[i].strip() in _PLACEHOLDERS), None
    )
    if holder is not None and models:
        blank_around = (
            holder + 1 < len(lines)
            and not lines[holder + 1].strip()
            and (holder == start or not lines[holder - 1].strip())
        )
        del lines[holder : holder + (2 if blank_around else 1)]
        return add_entry("\n".join(lines), target, title, purpose, root=root, status=status)
    if holder is not None:
        lines[holder] = f"- [{link_label(title, False)}]({target}){_after(purpose)}"
        return "\n".join(lines)
    if models:
        model = models[-1]
        end = entry_end(lines, model, high)
        lines[end:end] = _entry(lines, model, (start, high), title, target, purpose, status)
        return "\n".join(lines)
    entry = f"- [{link_label(title, False)}]({target}){_after(purpose)}"
    if scope is None:  # appended after a blank line; the text before keeps every byte
        ending = "" if text.endswith("\n\n") else "\n" if text.endswith("\n") else "\n\n"
        return text + ending + entry + "\n"
    last = max((i for i in range(low, high) if lines[i].strip()), default=low - 1)
    block = ([""] if lines[last].strip() else []) + [entry] + ([""] if high < len(lines) else [])
    lines[last + 1 : last + 1] = block
    return "\n".join(lines)


Item = tuple[str, str, str, "str | None"]  # target (relative to the index), title, purpose, status


def add_entries(text: str, items: list[Item], *, root: bool = False) -> str:
    """`text` with every one of `items` added in turn, exactly as `add_entry` adds them one by one.

    Why: registering thousands of documents in one index one call at a time re-read the whole
    index each time (4,000 registrations: 16 s). After the first entry the index has the shape
    every later one copies, so the rest are shaped from the entry before them and inserted after
    it, the index read once. A case the first entry does not settle (a placeholder left, no
    entry to copy, an entry written before its document) goes on one by one.
    """
    if not items:
        return text
    if _link_unwritten(text, {item[0] for item in items})[1]:
        for target, title, purpose, status in items:
            text = add_entry(text, target, title, purpose, root=root, status=status)
        return text
    target, title, purpose, status = items[0]
    text = add_entry(text, target, title, purpose, root=root, status=status)
    lines = text.split("\n")
    start = _body_start(text)
    mask = unheaded(lines)
    scope = _registry_scope(lines, start, mask)
    low, high = scope or (start, len(lines))
    model = next(
        (
            i
            for i in range(high - 1, low - 1, -1)
            if not mask[i]
            and _shape(lines[i])
            and _model_link(lines[i])
            and not (root and scope is None and _shape(lines[i]) == "table")
        ),
        None,
    )
    if model is None or any(
        not mask[i] and lines[i].strip() in _PLACEHOLDERS for i in range(start, len(lines))
    ):
        for target, title, purpose, status in items[1:]:
            text = add_entry(text, target, title, purpose, root=root, status=status)
        return text
    for target, title, purpose, status in items[1:]:
        entry = _entry(lines, model, (start, high), title, target, prose(purpose), status)
        end = entry_end(lines, model, high)
        lines[end:end] = entry
        mask[end:end] = [False] * len(entry)
        high += len(entry)
        model = end
    return "\n".join(lines)


def add_section(text: str, directory: str, hint: str, title: str) -> str:
    """The root index with `<directory>/README.md` added after its last section entry (§2.6)."""
    link = f"{directory}/README.md"
    lines = text.split("\n")
    mask = unheaded(lines)
    if any(f"({link})" in line for line, hidden in zip(lines, mask, strict=True) if not hidden):
        return text  # already listed where a reader sees it
    start = _body_start(text)
    entries = [i for i in range(start, len(lines)) if not mask[i] and _SECTION_ENTRY.match(lines[i])]
    if not entries:
        return add_entry(text, link, title, hint, root=True)
    model = entries[-1]
    match = _SECTION_ENTRY.match(lines[model])
    assert match is not None
    written, ticked = (
        match.group(1),
        len(match.group(1)) > 1 and match.group(1)[0] == match.group(1)[-1] == "`",
    )
    label = (
        (f"`{link}`" if ticked else link)
        if written.strip("`") == match.group(2)
        else link_label(title, ticked)
    )
    end = entry_end(lines, model, len(lines))
    hint = inline(hint)
    if end > model + 1 and not _after_link(lines[model], match.group(2)) and _own_line(hint):
        indent = lines[model + 1][: _indent(lines[model + 1])]
        lines[end:end] = [f"- [{label}]({link})", f"{indent}{hint}"]
    else:
        lines[end:end] = [f"- [{label}]({link}) — {hint}"]
    return "\n".join(lines)
