"""`Document`: one markdown file of the bank, parsed once into everything the tools ask of it.

Why parse once: the linter, routing, search and the writes all read the same record; the bank
re-parses a file only when its mtime or size moved, so this is the only place text becomes data.
"""

from __future__ import annotations

import datetime
import posixpath
import re
from bisect import bisect_left
from dataclasses import dataclass, field
from typing import Any

from . import claims, frontmatter, markdown, suppressions
from .markdown import Section
from .paths import Target, link_target, resolve
from .suppressions import Suppression
from .yaml_values import written

SCALAR_FIELDS = ("doc_kind", "doc_function", "purpose", "status")
_KEY_LINE = re.compile(r"^([A-Za-z_][A-Za-z0-9_-]*)\s*:")


@dataclass(frozen=True, slots=True)
class Edge:
    """One `derived_from` entry: the target as written, its resolution, and where its text starts
    in the header (file line, 1-based column; the column is None when only the key line is known)."""

    target: Target
    fit: str | None
    line: int | None
    column: int | None = None

    @property
    def raw(self) -> str:
        return self.target.raw


@dataclass(frozen=True, slots=True)
class Link:
    """A `[label](target)` in an index document, outside fenced code; `line` is the file line."""

    target: Target
    line: int
    column: int
    directory: bool


@dataclass(slots=True)
class Document:
    path: str
    text: str = ""
    title: str = ""
    doc_kind: str = ""
    doc_function: str = ""
    purpose: str = ""
    status: str = ""
    delivery_status: str | None = None
    decision_status: str | None = None
    derived_from: list[Edge] = field(default_factory=list)
    canonical_for: list[str] = field(default_factory=list)
    must_not_define: list[str] = field(default_factory=list)
    anchors: list[str] = field(default_factory=list)
    sections: list[Section] = field(default_factory=list)
    links: list[Link] = field(default_factory=list)
    fields: list[str] = field(default_factory=list)
    data: dict[str, Any] = field(default_factory=dict)
    key_lines: dict[str, int] = field(default_factory=dict)
    has_frontmatter: bool = False
    named_index: bool = False
    parse_error: str | None = None
    parse_advice: str | None = None
    read_error: str | None = None
    body_line: int = 1
    rule_claims: tuple[tuple[int, str, str, int], ...] = ()  # "… is defined in x.md", for MB010
    # `derived_from` items that are no path (`- see: x.md`, `- 42`): (line, as written, what it is)
    odd_edges: tuple[tuple[int, str, str], ...] = ()
    mtime: float = 0.0
    size: int = 0
    layer: str = "other"
    registered_in: list[str] = field(default_factory=list)
    suppressions: tuple[Suppression, ...] = ()
    _positions: dict[str, dict[str, tuple[int, int]]] = field(default_factory=dict, repr=False, compare=False)

    @property
    def name(self) -> str:
        return posixpath.basename(self.path)

    @property
    def is_template(self) -> bool:
        return self.doc_function == "template"

    @property
    def is_index(self) -> bool:
        """Index documents register what they link to: `doc_function: index`, or a file named as
        the bank names its indexes (`README.md`, or the configured `index-files`).

        A template named README.md is not an index: its links are examples, not navigation.
        """
        if self.is_template:
            return False
        return self.doc_function == "index" or self.named_index

    def value_position(self, key: str, value: str = "") -> tuple[int | None, int | None]:
        """Where `value` is written under `key` in the header: (file line, column of its text).

        Falls back to the key's line (and no column) when the value is not found as an item.
        """
        start = self.key_lines.get(key)
        if start is None or not value:
            return start, None
        if key not in self._positions:  # once per key: a rule asks once per value, and may ask thousands
            positions: dict[str, tuple[int, int]] = {}
            for line, column, item in self.header_items(key):
                positions.setdefault(item, (line, column))
            self._positions[key] = positions
        return self._positions[key].get(value, (start, None))

    def nth_value_position(self, key: str, value: str, nth: int) -> tuple[int | None, int | None]:
        """Where the `nth` (0-based) item `value` is written under `key`, for a value listed more
        than once; the first one's position when there are fewer.

        Why: a finding on a repeated item sits on that item, so a `# noqa` written beside the
        repeat is the one that silences it; the first item is found without a walk of the header.
        """
        position = self.value_position(key, value)
        if nth:
            items = [(line, column) for line, column, item in self.header_items(key) if item == value]
            position = items[nth] if nth < len(items) else position
        return position

    def header_items(self, key: str, lines: list[str] | None = None) -> list[tuple[int, int, str]]:
        """`(file line, column, value)` of each scalar written under `key`: flow and block items.

        The column (1-based) is where the item's text starts: after `- ` and `path: `. An item
        that is a mapping is placed at its `path`: `- {path: x.md}`, or a `path:` line below
        `- fit: …`.
        """
        start = self.key_lines.get(key)
        if start is None:
            return []
        lines = lines if lines is not None else self.text.split("\n")
        spread = _spread_flow(lines, start, min(self.body_line, len(lines) + 1))
        if spread is not None:
            return spread
        items = [(start, column, value) for column, value in _flow_items(lines[start - 1])]
        pathless = False  # the last item is a mapping whose `path` may follow on a line of its own
        for number in range(start + 1, min(self.body_line, len(lines) + 1)):
            line = lines[number - 1]
            if _KEY_LINE.match(line):
                break
            if (item := _block_item(line)) is not None:
                items.append((number, *item))
                pathless = bool(_MAPPING_ITEM.match(line)) and not _PATH_ITEM.match(line)
            elif pathless and (found := _PATH_LINE.match(line)):
                cut = frontmatter.comment_start(found.group(1))
                value = found.group(1) if cut is None else found.group(1)[:cut]
                items[-1] = (number, found.start(1) + 1, frontmatter.unquote(value))
                pathless = False
        return items


_MAPPING_ITEM = re.compile(r"\s*-\s+[A-Za-z_][\w-]*\s*:(?:\s|$)")  # `- fit: …`
_PATH_ITEM = re.compile(r"\s*-\s+path\s*:")
_PATH_LINE = re.compile(r"\s+path\s*:\s*(\S.*)")  # `    path: x.md` below `- fit: …`
# the `path` of a flow mapping (`{path: x.md, fit: …}`): its value quoted, or plain up to `,`/`}`
_FLOW_PATH = re.compile(r"""[{,]\s*path\s*:\s*("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^,}]*)""")


def _uncommented(line: str) -> str:
    cut = frontmatter.comment_start(line)
    return line if cut is None else line[:cut]


def _spread_flow(lines: list[str], start: int, stop: int) -> list[tuple[int, int, str]] | None:
    """`(file line, column, value)` of the items of a flow list written over several lines
    (`key: [` … `]`, or `[` alone on the line below `key:`, as Prettier writes a long one); None
    for any other value, which `_flow_items` and the block items read."""
    key_line = _uncommented(lines[start - 1])
    if ":" not in key_line:  # an explicit key (`? derived_from`): its value is on a line below
        return None
    colon = key_line.index(":") + 1
    first = key_line[colon:]
    if first.strip() and (not first.lstrip().startswith("[") or first.rstrip().endswith("]")):
        return None
    depth, quote, escaped = 0, "", False
    items: list[tuple[int, int, str]] = []
    begun: tuple[int, int] | None = None  # where the item being read starts
    text: list[str] = []
    for number in range(start, stop):
        line = _uncommented(lines[number - 1]) if quote == "" else lines[number - 1]
        offset = colon if number == start else 0
        if not depth and line[offset:].strip() and not line[offset:].lstrip().startswith("["):
            return None  # a block list, another key: no flow list opens here
        for at in range(offset, len(line)):
            character = line[at]
            if quote:
                if escaped:
                    escaped = False
                elif character == "\\" and quote == '"':
                    escaped = True
                elif character == quote == "'" and line[at + 1 : at + 2] == "'":
                    escaped = True  # `''` in single quotes
                elif character == quote:
                    quote = ""
            elif character in "[{":
                depth += 1
                if depth == 1:
                    continue
            elif character in "]}":
                depth -= 1
                if not depth:
                    _spread_item(items, begun, text)
                    return items
            elif character == "," and depth == 1:
                _spread_item(items, begun, text)
                begun, text = None, []
                continue
            elif character in "\"'" and not text:
                quote = character
            if text or not character.isspace():
                begun = begun or (number, at + 1)
                text.append(character)
        if text:
            text.append("\n")
    return None


def _spread_item(items: list[tuple[int, int, str]], begun: tuple[int, int] | None, text: list[str]) -> None:
    """Add the item read as `text` from `begun`: placed at its `path` when it is a mapping whose
    path stands on its first line."""
    written = "".join(text).strip()
    if begun is None or not written:
        return
    line, column = begun
    mapping = _mapping_path(written)
    if mapping is not None and "\n" not in written[: mapping[0]]:
        items.append((line, column + mapping[0], mapping[1]))
    else:
        items.append((line, column, frontmatter.unquote(written)))


def _flow_items(key_line: str) -> list[tuple[int, str]]:
    """`(column, value)` of the comma-separated items after `key:` (`[a, b]` or `a, b`); a
    mapping item (`{path: a.md, fit: …}`) is one item, placed at its `path`."""
    if ":" not in key_line:  # an explicit key (`? derived_from`): no items on its line
        return []
    colon = key_line.index(":") + 1
    cut = frontmatter.comment_start(key_line)
    inline = key_line[colon : len(key_line) if cut is None or cut < colon else cut]
    body = inline.strip()
    position = colon + len(inline) - len(inline.lstrip()) + len(body) - len(body.lstrip("["))
    items = []
    for part in _flow_parts(body.strip("[]")):
        if part.strip():
            column, value = _mapping_path(part) or (len(part) - len(part.lstrip()), frontmatter.unquote(part))
            items.append((position + column + 1, value))
        position += len(part) + 1
    return items


def _flow_parts(body: str) -> list[str]:
    """`body` cut at its commas, except those inside a `{…}` mapping or a quoted value
    (`["retry, backoff", b]` holds two items)."""
    if "{" not in body and '"' not in body and "'" not in body:
        return body.split(",")
    parts, depth, quote, begun, escaped = [], 0, "", 0, False
    for at, character in enumerate(body):
        if quote:
            if escaped:
                escaped = False
            elif (character == "\\" and quote == '"') or (
                character == quote == "'" and body[at + 1 : at + 2] == "'"
            ):
                escaped = True  # `\"` in double quotes, `''` in single ones
            elif character == quote:
                quote = ""
        elif character in "\"'" and (at == begun or body[at - 1] in " ,{:"):
            quote = character
        elif character == "{":
            depth += 1
        elif character == "}":
            depth = max(depth - 1, 0)
        elif character == "," and not depth:
            parts.append(body[begun:at])
            begun = at + 1
    parts.append(body[begun:])
    return parts


def _mapping_path(text: str) -> tuple[int, str] | None:
    """`(offset, value)` of the `path` of a flow mapping written in `text`, or None."""
    if not text.lstrip().startswith("{") or (found := _FLOW_PATH.search(text)) is None:
        return None
    return found.start(1), frontmatter.unquote(found.group(1))


def _block_item(line: str) -> tuple[int, str] | None:
    """`(column, value)` of a `- value` or `- path: value` line, or None for any other line."""
    rest = line.lstrip()
    if not rest.startswith("-") or not rest[1:2].isspace():
        return None
    value = rest[1:].lstrip()
    if value.startswith("path:"):
        value = value[5:].lstrip()
    elif mapping := _mapping_path(value):
        return len(line) - len(value) + mapping[0] + 1, mapping[1]
    column = len(line) - len(value) + 1
    cut = frontmatter.comment_start(value)
    return column, frontmatter.unquote(value if cut is None else value[:cut])


def _string(value: Any) -> str:
    return value.strip() if isinstance(value, str) else ""


def _string_list(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value.strip()]
    if isinstance(value, list):
        return [item.strip() for item in value if isinstance(item, str)]
    return []


def _anchor_list(value: Any) -> list[str]:
    result = []
    for item in _string_list(value):
        if item.startswith("./"):
            item = item[2:]
        elif item.startswith("/"):
            item = item[1:]
        if item:
            result.append(item)
    return result


def _edges(doc: Document, value: Any, bank_name: str, lines: list[str]) -> list[Edge]:
    if not isinstance(value, list):
        if value is not None:  # `derived_from: x.md` names no edge: said, not passed over
            line = doc.key_lines.get("derived_from") or 1
            written = _after_key(lines[line - 1]) if 0 < line <= len(lines) else ""
            if not written or written[0] in "|>&*!":  # a block scalar, an anchor, an alias, a tag
                written = _shown(value)
            blank = isinstance(value, str) and not value.strip()
            doc.odd_edges = ((line, written, "an empty value" if blank else "a single value"),)
        return []
    items = doc.header_items("derived_from", lines)
    where: dict[str, list[int]] = {}  # each value's item indexes, so matching an edge is a lookup
    for index, (_, _, written) in enumerate(items):
        where.setdefault(written, []).append(index)
    start = doc.key_lines.get("derived_from")
    cursor = 0
    edges = []
    odd: list[tuple[int, str, str]] = []
    for position, item in enumerate(value):
        fit = None
        if isinstance(item, dict) and _a_path(item.get("path")):
            raw = item["path"]
            fit = item["fit"] if isinstance(item.get("fit"), str) else None
        elif _a_path(item):
            raw = item
        else:  # a mapping, a number, `-` or `- ''`: no path
            odd.append(_odd_edge(item, position, items if len(items) == len(value) else [], start))
            continue
        line, column = start, None
        same = where.get(raw.strip(), [])
        found = bisect_left(same, cursor)
        if found < len(same):
            line, column, _ = items[same[found]]
            cursor = same[found] + 1
        edges.append(Edge(resolve(doc.path, raw, bank_name), fit, line, column))
    doc.odd_edges = tuple(odd)
    return edges


def _a_path(value: Any) -> bool:
    """Whether a `derived_from` value is a path: a string that is not blank (`#part` alone is one,
    an edge with an empty target: it counts for MB005 and MB001 passes it over, as the spec has it)."""
    return isinstance(value, str) and bool(value.strip())


def _after_key(line: str) -> str:
    """What is written after `key:` on a header line, without its comment."""
    value = line.split(":", 1)[1] if ":" in line else line
    cut = frontmatter.comment_start(value)
    return (value if cut is None else value[:cut]).strip()


def _reads_as(text: str, value: Any) -> bool:
    """Whether the header's YAML (1.2: `on` is a word) reads `text`, as a value, as `value`."""
    header = frontmatter.load(f"value:\n  - {text}")  # as an item, where `a: b` is a mapping
    return header.error is None and header.data.get("value") == [value]


def _shown(value: Any) -> str:
    """A parsed value as YAML writes it (`true`, `[x.md]`, `{fit: y}`), not as Python would;
    nothing for no value."""
    if value is None:
        return ""
    return value if isinstance(value, str) else written(value)


def _odd_edge(
    item: Any, position: int, items: list[tuple[int, int, str]], start: int | None
) -> tuple[int, str, str]:
    """A `derived_from` item that names no path, to be reported rather than dropped.

    Why: `- architecture.md <!-- noqa: MB001 -->` is a mapping to YAML (`: ` splits it), and a
    dropped item took its broken target, and the finding on it, out of sight without a word.
    The line is the item's own when the written items line up with the parsed ones, else the key's.
    """
    line, written = start or 1, ""
    if len(items) > position:
        line, _, written = items[position]
    shown_as = item["path"] if isinstance(item, dict) and "path" in item else item  # `- path: 42` shows `42`
    if written and isinstance(item, dict | list) and not _reads_as(written, shown_as):
        written = _shown(item)  # a flow item's text is cut at a comma inside it: `[x.md`
    return line, written or _shown(item), _what(item)


def _what(item: Any) -> str:
    """What a `derived_from` item that names no file is, in the words its finding uses."""
    value = item
    if isinstance(item, dict) and "path" in item:
        value = item["path"]  # `- path:` or `- path: 42`: the accepted form, holding no path
    if value is None or isinstance(value, str):
        return "empty"
    if isinstance(value, dict):
        return "a key: value pair"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, bytes):
        return "binary data"
    return "a date" if isinstance(value, datetime.date) else "a value of another kind"


def _links(doc: Document, body: list[str], bank_name: str, mask: list[bool]) -> list[Link]:
    """The index's links: inline ones where they stand, and each link reference definition a
    reference link of the index uses (`- [Policy][tp]` … `[tp]: policy.md`) at the definition,
    on the line its `[` stands on (its path may stand on the next); a definition no link uses is
    shown to no reader, so it is none."""
    found: list[Link] = []

    def add(raw: str, i: int, column: int) -> None:
        target = raw.split("#", 1)[0]
        is_dir = target.endswith("/")
        if target.endswith(".md") or is_dir:
            found.append(Link(link_target(doc.path, raw, bank_name), doc.body_line + i, column, is_dir))

    blanked = markdown.wrapped_spans(body, mask)  # a comment or code span holds no link
    unread = markdown.raw_blocks(body, mask)  # nor does an HTML or indented code block
    for i, line in markdown.iter_unfenced(body, mask):
        if i in unread:
            continue
        for _label, raw, column in markdown.links(blanked.get(i, line)):
            add(raw, i, column)
    references = markdown.references(body)
    if references.used:
        first: dict[str, markdown.Definition] = {}
        for definition in references.definitions:
            first.setdefault(definition.label, definition)
        for definition in first.values():
            if definition.label in references.used:
                add(definition.destination, definition.line, definition.column + 1)
        found.sort(key=lambda link: (link.line, link.column))
    return found


INDEX_NAMES = ("README.md",)


def parse(
    path: str,
    text: str,
    *,
    bank_name: str = "",
    mtime: float = 0.0,
    size: int = 0,
    index_names: tuple[str, ...] | frozenset[str] = INDEX_NAMES,
) -> Document:
    """Build the record for `path` from its decoded text (a BOM, CRLF and lone CR endings are
    tolerated: `frontmatter.normalized`).

    `index_names` are the file names that make a document an index (the bank's `index-files`).
    """
    text = frontmatter.normalized(text)
    parts, header = frontmatter.parse(text)
    data = header.data
    doc = Document(path, text, mtime=mtime, size=size, data=data, fields=header.fields)
    doc.has_frontmatter = text.startswith("---")
    doc.parse_error, doc.parse_advice = header.error, header.advice
    doc.body_line = parts.body_line
    lines = text.split("\n")
    if header.key_lines and header.error in (None, frontmatter.UNCLOSED):
        doc.key_lines = dict(header.key_lines)  # YAML read it: every key, where it stands
    elif parts.block is not None:
        for number in range(1, min(parts.body_line, len(lines) + 1)):
            match = _KEY_LINE.match(lines[number - 1])
            if match and match.group(1) not in doc.key_lines:
                doc.key_lines[match.group(1)] = number
        doc.key_lines.update(header.key_lines)  # where the line reader took a value from
    doc.doc_kind, doc.doc_function, doc.purpose, doc.status = (
        _string(data.get(key)) for key in SCALAR_FIELDS
    )
    doc.delivery_status = _string(data.get("delivery_status")) or None
    doc.decision_status = _string(data.get("decision_status")) or None
    doc.canonical_for = _string_list(data.get("canonical_for"))
    doc.must_not_define = _string_list(data.get("must_not_define"))
    doc.anchors = _anchor_list(data.get("anchors"))
    doc.derived_from = _edges(doc, data.get("derived_from"), bank_name, lines)
    if parts.block is None:
        body = lines
    elif parts.closed and lines[parts.body_line - 2] == "---":
        body = lines[parts.body_line - 1 :]
    else:
        body = parts.body.split("\n")
    mask, shown = markdown.masks(body)
    if suppressions.mentions(text):
        header = range(1, parts.body_line - 2) if parts.block is not None and parts.closed else range(0)
        values = frontmatter.value_lines(parts.block) if parts.block and header else frozenset()
        doc.suppressions = suppressions.scan(lines, header, len(lines) - len(body), mask, values)
    h1, doc.sections = markdown.headings(body, parts.body_line, mask, shown)
    name = posixpath.basename(path)
    doc.named_index = name in index_names
    doc.title = _string(data.get("title")) or h1 or (name[:-3] if name.endswith(".md") else name)
    if doc.is_index:  # an entry commented out (`<!-- - [Old](old.md) -->`) is none: no reader sees it
        doc.links = _links(doc, body, bank_name, shown)
    doc.rule_claims = claims.rule_claims(text, lines)
    return doc


def unreadable(path: str, reason: str, *, mtime: float = 0.0, size: int = 0) -> Document:
    """A placeholder for a file that exists but cannot be parsed (binary, not UTF-8, too big).

    It stays in the bank so links to it do not dangle, and MB002 reports the reason.
    """
    name = posixpath.basename(path)
    return Document(path, title=name[:-3], read_error=reason, mtime=mtime, size=size)
