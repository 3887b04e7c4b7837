"""A registration row for an index kept as a markdown table: every cell it can fill, by its header.

Why by header: real registries are tables like `| UC ID | Title | Status | Primary actor | … |`,
with the link in the identifier column, the title in plain text beside it and the status in
backticks. A row that puts the link in column one and leaves the rest empty reads as broken. So
the link goes where the model row has its link, and the title, purpose, status and path go under
the columns whose headers name them (in English or Russian); a column nothing names stays empty.
A `|` inside a value is escaped so the row keeps its columns.
"""

from __future__ import annotations

import itertools
import posixpath
import re

from ..bank import without_hidden
from ..markdown import code_spans

_PIPE = re.compile(r"(?<!\\)\|")
IDENTIFIER = re.compile(r"^([A-Z]{1,12}-\d[A-Za-z0-9]*)(?=$|[-_\s])")
# fmt: off
_LINK_WORDS = frozenset({
    "document", "documents", "doc", "docs", "adr", "adrs", "link", "links", "record", "entry",
    "page", "index", "prd", "epic", "feature", "spec", "id", "uc", "package",
})
# fmt: on
_LINK_STEMS = ("документ", "ссылк", "запис")
_TITLE_WORDS = frozenset({"title", "name"})
_TITLE_STEMS = ("назван", "заголов", "наименов", "имя")
_PURPOSE_WORDS = frozenset({"purpose", "description", "summary", "about", "scope"})
_PURPOSE_STEMS = ("назначен", "описан", "цель", "кратк", "суть", "зачем")
_STATUS_WORDS = frozenset({"status", "state"})
_STATUS_STEMS = ("статус", "состоян")
_PATH_WORDS = frozenset({"path", "file", "location"})
_PATH_STEMS = ("путь", "файл", "расположен")


def identifier(path: str) -> str | None:
    """The identifier a file name starts with (`ADR-007`, `FT-01`, `PRD-20260314T0900Z`), if any."""
    match = IDENTIFIER.match(posixpath.basename(path).removesuffix(".md"))
    return match.group(1) if match else None


def cells(line: str) -> list[str]:
    stripped = line.strip()
    parts = _PIPE.split(stripped)
    closed = stripped.endswith("|") and not stripped.endswith("\\|") and len(parts) > 2
    return [cell.strip() for cell in (parts[1:-1] if closed else parts[1:])]


def _is_separator(line: str) -> bool:
    found = cells(line)
    return bool(found) and all(re.fullmatch(r":?-+:?", cell) for cell in found)


def _names(cell: str, words: frozenset[str], stems: tuple[str, ...]) -> bool:
    return any(w in words or w.startswith(stems) for w in re.findall(r"\w+", cell.casefold()))


def _column(header: list[str], taken: set[int], words: frozenset[str], stems: tuple[str, ...]) -> int | None:
    """The first free column whose header names `words`; an exact one-word header wins."""
    free = [k for k in range(len(header)) if k not in taken]
    exact = [k for k in free if header[k].strip("` ").casefold() in words]
    return (exact or [k for k in free if _names(header[k], words, stems)] or [None])[0]


def _ticked(cell: str) -> bool:
    return len(cell) > 1 and cell.startswith("`") and cell.endswith("`")


def header_line(lines: list[str], row: int, start: int = 0) -> int | None:
    """The line of the header of the table holding the row at `row`: the row above its `---`
    separator. None for a table without one."""
    top = row
    while top - 1 >= start and lines[top - 1].strip().startswith("|"):
        top -= 1
    return top if top < row and _is_separator(lines[top + 1]) else None


def columns(lines: list[str], row: int, start: int = 0) -> tuple[dict[str, int], int]:
    """Which column of the table row at `row` holds the link, title, purpose, status and path.

    Read from the table's header row (the row above its `---` separator) in English or Russian;
    the link column is where the row has its link. Without a header only the link and a purpose
    (the first other column) are known. `start` is the first line the table may begin on. The
    second value is the table's width, from its header or else from the row.
    """
    top = header_line(lines, row, start)
    header = [] if top is None else cells(lines[top])
    row_cells = cells(lines[row])
    width = max(len(header) or len(row_cells), 1)
    link_col = next((k for k, c in enumerate(row_cells) if "](" in c), None)
    if link_col is None:
        link_col = _column(header, set(), _LINK_WORDS, _LINK_STEMS) or 0
    found = {"link": link_col}
    for name, words, stems in (
        ("title", _TITLE_WORDS, _TITLE_STEMS),
        ("purpose", _PURPOSE_WORDS, _PURPOSE_STEMS),
        ("status", _STATUS_WORDS, _STATUS_STEMS),
        ("path", _PATH_WORDS, _PATH_STEMS),
    ):
        column = _column(header, set(found.values()), words, stems)
        if column is not None:
            found[name] = column
    if not header:
        found["purpose"] = next((k for k in range(width) if k != link_col), link_col)
    return found, width


def cell_spans(line: str) -> list[tuple[int, int]]:
    """`(start, end)` of each cell's text in a table row, blanks around it excluded; the cells
    are those `cells` reads."""
    pipes = [m.start() for m in _PIPE.finditer(line)]
    if not pipes:
        return []
    stripped = line.rstrip()
    closed = stripped.endswith("|") and not stripped.endswith("\\|") and len(pipes) > 1
    bounds = list(itertools.pairwise(pipes)) + ([] if closed else [(pipes[-1], len(line))])
    spans = []
    for left, right in bounds:
        text = line[left + 1 : right]
        begin = left + 1 + len(text) - len(text.lstrip())
        spans.append((begin, max(begin, left + 1 + len(text.rstrip()))))
    return spans


def table_row(
    lines: list[str],
    model: int,
    start: int,
    link: tuple[str, str, str],
    title: str,
    purpose: str,
    status: str | None,
) -> str:
    """The row for a new document, shaped like the table row at `model`.

    `link` is (the link text when the title has no column of its own, the target, the model
    row's own link text). With a title column, the link text is the file's identifier (or its
    path, when the model's link text is a path), backticked like the model's.
    """
    label, target, model_label = link
    ticked = _ticked(model_label)
    found, width = columns(lines, model, start)
    model_cells = cells(lines[model])
    link_col = found["link"]
    if "title" in found:
        bare = model_label.strip("`")
        label = target if bare.endswith(".md") or "/" in bare else identifier(target)
        label = label or posixpath.basename(target).removesuffix(".md")
        label = f"`{label}`" if ticked else label
    row = [""] * max(width, link_col + 1)
    row[link_col] = f"[{label}]({target})"

    def put(name: str, value: str, *, code: bool = False) -> None:
        column = found.get(name)
        if column is not None and column != link_col and column < len(row) and value:
            model_cell = model_cells[column] if column < len(model_cells) else ""
            row[column] = f"`{value}`" if code or (_ticked(model_cell) and "`" not in value) else value

    put("title", " ".join(title.split()))
    put("purpose", purpose)
    put("status", status or "")
    put("path", target, code=True)
    return "| " + " | ".join(inline(cell).replace("|", "\\|") for cell in row) + " |"


_UNSHOWN = re.compile("[\x00-\x08\x0e-\x1f\x7f-\x84\x86-\x9f]")  # the controls that are not whitespace


# where markdown reads `<` as the start of HTML or of an autolink (`<a href=…>`, `<!--`, `</x>`, `<https://…>`)
_TAG_OPENER = re.compile(r"<(?=[A-Za-z/!?])")


def inline(value: str) -> str:
    """A header value as one line of an index: whitespace runs (line breaks, U+2028 and the like
    included) become one space, and a `<` that would open HTML, a comment or an autolink is
    written as an entity.

    Why: an index line is composed from another document's header, and a line break in it would
    write headings and links of its own into the index, a `<!-- memorybank-lint: disable -->`
    would switch the linter off for the whole index, and `<a href="…">here</a>` would show a link
    whose target the text hides (a header value is plain text: `<task-name>` was drawn as
    nothing). A control character, a bidirectional control and a character that prints as
    nothing (`bank.without_hidden`) are left out: a bidirectional control reorders the rest of
    the index line as it is shown, and a zero-width space, a joiner, a soft hyphen or a tag
    character prints as nothing, so the line would read as text it does not hold (the governed
    writes refuse them in a title or purpose; a title already in a bank reaches the index only
    here). Other format characters are visible text and stay.
    """
    return escaped_tags(flattened(value))


def flattened(value: str) -> str:
    """`inline` but for the `<`: whitespace runs as one space, hidden characters left out."""
    return " ".join(without_hidden(_UNSHOWN.sub("", value)).split())


def escaped_tags(text: str) -> str:
    r"""`text` (one line) with each `<` that would open HTML, a comment or an autolink written as
    `&lt;`, outside code spans (where markdown reads no HTML, and an entity would show as typed)
    and where no backslash already escapes it (`\<` shows `<`)."""
    spans, at, parts, last = code_spans(text), 0, [], 0
    for found in _TAG_OPENER.finditer(text):
        index = found.start()
        while at < len(spans) and spans[at][1] <= index:
            at += 1
        if at < len(spans) and spans[at][0] <= index:
            continue  # inside a code span
        start = index
        while start > 0 and text[start - 1] == "\\":
            start -= 1
        if (index - start) % 2:
            continue  # escaped by the backslash before it
        parts += [text[last:index], "&lt;"]
        last = index + 1
    return "".join(parts) + text[last:]


def prose(value: str) -> str:
    """A document's purpose as text on an index line (`inline`), with `](` spaced so it forms no
    link: a `[text](path)` in a purpose was written for the document's folder, and on the index
    it would be an entry of its own, dead or pointing elsewhere."""
    return inline(value).replace("](", "] (")


def title_heading(title: str) -> str:
    """A document's level-one heading for `title`, composed like an index line (`inline`): a
    title written into the body must not switch the linter off for its own document."""
    return f"# {inline(title)}"
