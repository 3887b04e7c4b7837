"""The document a tool edits, cut into head and body, and the frontmatter lines a key occupies.

Why the cut comes from `frontmatter.split`: the linter and routing decide where the header ends with
that function, so an edit that used its own rule could reach into what they read as the header
(or leave part of it out). The head is an exact prefix of the LF text, so `head + body == text`
and an edit of one side leaves the other byte for byte.

Why values are quoted by reading them back: a plain `yes`, `0777`, `1:20` or `2026-01-02` is a
string to one YAML reader and a boolean, number or date to another. A written value is accepted
only when both YAML 1.2 (the loader here) and YAML 1.1 (PyYAML's `safe_load`, what most scripts
use) read it back as the same string.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import yaml

from memorybank_lint import document, frontmatter
from memorybank_lint.bank import Bank
from memorybank_lint.document import Document
from memorybank_lint.edits import text as filetext
from memorybank_lint.edits.keep import header_comment
from memorybank_lint.edits.transaction import Transaction

from ..errors import ToolInputError
from .common import DISCARD_LOG, document_bytes, existing_document, land

_UNSET: Any = object()


@dataclass(frozen=True)
class Parts:
    """`head` (both fences and the newline after the closing one; "" without frontmatter) + `body`."""

    head: str
    body: str
    present: bool
    closed: bool


def split_text(text: str) -> Parts:
    """Cut LF text exactly where `frontmatter.split` does."""
    parts = frontmatter.split(text)
    if parts.block is None:
        return Parts("", text, False, False)
    if not parts.closed:
        return Parts(text, "", True, False)
    return Parts(text[: len(text) - len(parts.body)], parts.body, True, True)


@dataclass
class Loaded:
    """The document as the bank indexed it, and as it is on disk right now."""

    indexed: Document
    fresh: Document
    raw: bytes
    file: filetext.FileText
    parts: Parts

    @property
    def path(self) -> str:
        return self.indexed.path

    def require_closed(self) -> None:
        if self.parts.present and not self.parts.closed:
            raise ToolInputError(
                f"{self.path} opens a frontmatter block with --- that never closes; fix it by hand first"
            )


def load(bank: Bank, given: str) -> Loaded:
    """Read the named document from disk (no links followed) for an edit; refuse what is not one.

    The discard log is refused: it is the record of what left the inbox and why, appended to by
    `bank_discard` alone, and an edit could take a discard off it."""
    indexed = existing_document(bank, given)
    if indexed.path == DISCARD_LOG:
        raise ToolInputError(
            f"{DISCARD_LOG} is the discard log: bank_discard appends to it and nothing else changes "
            "it, so it stays the record of what left the inbox; a person edits it by hand"
        )
    raw = document_bytes(bank, indexed.path)
    file = filetext.decode(raw, indexed.path)
    fresh = document.parse(indexed.path, file.text, bank_name=bank.name)
    return Loaded(indexed, fresh, raw, file, split_text(file.text))


def commit(bank: Bank, changes: Iterable[tuple[str, bytes, str]], *, dry_run: bool) -> None:
    """Replace each `(path, bytes, digest read)` in one transaction, then see the result.

    Under `dry_run` the changes are checked as a commit checks them (sizes, the bytes read still
    on disk) and nothing is written.
    """
    transaction = Transaction(bank.root, bank.max_bytes)
    for path, data, digest in changes:
        transaction.replace(path, data, digest)
    land(bank, transaction, dry_run=dry_run)


# -- the lines of a head ---------------------------------------------------------------------


def closing_index(lines: list[str]) -> int:
    """Index of the closing fence in `head.split("\\n")`: the first later line starting with ---."""
    return next(i for i in range(1, len(lines)) if lines[i].startswith("---"))


def _key_pattern(key: str) -> re.Pattern[str]:
    return re.compile(rf"^{re.escape(key)}[ \t]*:(?:[ \t]|$)")


def key_starts(lines: list[str], key: str) -> list[int]:
    """Every header line (between the fences) where `key` starts at column 0."""
    pattern = _key_pattern(key)
    return [i for i in range(1, closing_index(lines)) if pattern.match(lines[i])]


def inline_value(line: str) -> str:
    """What follows the key's colon on its own line."""
    return line.split(":", 1)[1]


def _empty(inline: str) -> bool:
    stripped = inline.strip()
    return not stripped or stripped.startswith("#")


def key_span(lines: list[str], key: str, *, comments_after: bool = False) -> tuple[int, int] | None:
    """`[start, end)` of the first `key`: its line, indented continuation lines, blank lines inside
    them, and `- item` lines at column 0 (a block list YAML allows without indentation).

    Comment lines ending that stretch are not the value's when it reads the same without them:
    they follow it (`owner: alice` then `  # TODO confirm with bob`), and a tool that writes the
    key anew leaves them where they are. A `#` line a block scalar (`|`, `>`) or an open quote
    holds is the value's text, and stays in the span. `comments_after` takes them in all the
    same, for a key removed: left behind, they would join the value above it if that is a block
    scalar.
    """
    starts = key_starts(lines, key)
    if not starts:
        return None
    start, close = starts[0], closing_index(lines)
    block_list = _empty(inline_value(lines[start]))
    end = j = start + 1
    while j < close:
        line = lines[j]
        if line.strip() and (
            line[0] in " \t" or (block_list and (line == "-" or line.startswith(("- ", "-\t"))))
        ):
            end = j + 1
        elif line.strip():
            break
        j += 1
    return start, end if comments_after else _before_comments(lines, key, start, end)


def _before_comments(lines: list[str], key: str, start: int, end: int) -> int:
    """Where `key`'s value ends in `lines[start:end]`: before the comment lines (and blank lines
    among them) ending it, when the key reads the same without them; else `end`."""
    value_end = end
    while value_end > start + 1 and (not (line := lines[value_end - 1].strip()) or line.startswith("#")):
        value_end -= 1
    if value_end == end:
        return end
    whole = read12("\n".join(lines[start:end]), key)
    value = read12("\n".join(lines[start:value_end]), key)
    same = whole is not _UNSET and type(value) is type(whole) and value == whole
    return value_end if same else end


def holds_block(lines: list[str], key: str) -> bool:
    """Does `key` hold its value on the lines below it (nothing after its colon, then indented
    or `- ` lines): a list or a mapping, or a scalar only a parsed header tells apart?"""
    span = key_span(lines, key)
    return span is not None and span[1] - span[0] > 1 and _empty(inline_value(lines[span[0]]))


# -- writing one scalar so that it reads back ------------------------------------------------


def _only_value(data: Any, key: str | None) -> Any:
    if not isinstance(data, dict) or len(data) != 1:
        return _UNSET
    ((found, value),) = data.items()
    return value if key is None or str(found) == key else _UNSET


def read12(line: str, key: str) -> Any:
    """The value of a one-line header `line` under YAML 1.2 (the bank's loader), or _UNSET."""
    header = frontmatter.load(line)
    return _UNSET if header.error is not None else _only_value(header.data, key)


def read11(line: str) -> Any:
    """The value of a one-line header under YAML 1.1 (PyYAML `safe_load`), or _UNSET."""
    try:
        return _only_value(yaml.safe_load(line), None)
    except (yaml.YAMLError, ValueError, TypeError, OverflowError):
        return _UNSET


def key_read11(key: str) -> Any:
    """What YAML 1.1 (PyYAML `safe_load`) reads `key` as when written plainly at a line's start:
    `yes`, `On` and `off` are booleans there, `null` and `~` nothing, while the bank's loader
    keeps them as text."""
    try:
        data = yaml.safe_load(f"{key}: x")
    except (yaml.YAMLError, ValueError, TypeError, OverflowError):
        return _UNSET
    return next(iter(data)) if isinstance(data, dict) and len(data) == 1 else _UNSET


def as_text(value: Any) -> str:
    """A scalar as a person would write it: dates in ISO form, booleans in lower case."""
    if isinstance(value, dt.date | dt.datetime):
        return value.isoformat()
    if isinstance(value, bool):
        return "true" if value else "false"
    return "" if value is None else str(value)


def _comment(key: str, inline: str) -> str:
    """A trailing `# comment` on the line (with the spaces before it), or "".

    Why the scanner: the comment begins after the value's last token, which the YAML scanner
    finds in one pass; re-reading the line up to each ` #` (a quoted value may hold thousands)
    was quadratic. The value without the comment must still read as the whole line's value.
    """
    line = f"{key}:{inline}"
    whole = read12(line, key)
    if whole is _UNSET:
        return ""
    try:
        tokens = [token for token in yaml.scan(line, Loader=yaml.SafeLoader) if not isinstance(token, _FRAME)]
    except yaml.YAMLError:
        return ""
    end = tokens[-1].end_mark.index if tokens else len(line)
    comment = line[end:]
    if not re.match(r"[ \t]+#", comment):
        return ""
    before = read12(line[:end], key)
    return comment if before is not _UNSET and type(before) is type(whole) and before == whole else ""


_FRAME = (yaml.StreamStartToken, yaml.StreamEndToken, yaml.BlockEndToken)


def _styles(inline: str | None) -> tuple[str, ...]:
    first = (inline or "").strip()[:1]
    if first == "'":
        return ("single", "double")
    if first == '"':
        return ("double",)
    return ("plain", "double")


def _quoted(style: str, value: str) -> str:
    if style == "single":
        return "'" + value.replace("'", "''") + "'"
    if style == "double":
        return json.dumps(value, ensure_ascii=False)
    return value


def _reads_back(line: str, key: str, value: str, old: Any, plain: bool) -> bool:
    new12, new11 = read12(line, key), read11(line)
    if isinstance(new12, str) and isinstance(new11, str):
        return new12 == value and new11 == value
    typed = (
        plain
        and old is not None
        and not isinstance(old, str)
        and isinstance(old, bool | int | float | dt.date)
    )
    return (
        typed
        and type(new12) is type(old)
        and type(new11) is type(old)
        and new12 == new11
        and as_text(new12) == value
    )


def scalar_line(key: str, value: str, old_line: str | None, old_value: Any, keep_comment: bool) -> str:
    """`key: value` quoted only as much as needed (the line's own style first), comment kept.

    A `# noqa` ending the old key line is kept even where another comment would not be (a value
    over several lines, a line the header's YAML cannot read): it is a decision about this line.
    """
    inline = inline_value(old_line) if old_line is not None else None
    comment = _comment(key, inline) if inline is not None and keep_comment else ""
    if not comment and old_line is not None:
        comment = header_comment(old_line)
    for style in _styles(inline):
        line = f"{key}: {_quoted(style, value)}{comment}"
        if _reads_back(line, key, value, old_value, style == "plain"):
            return line
    raise ToolInputError(
        f"{key} {json.dumps(value, ensure_ascii=False)} cannot be written so that every YAML reader "
        "gets it back unchanged"
    )


def set_key(lines: list[str], key: str, value: str, old_value: Any) -> str:
    """Replace `key`'s span with one line (or add it before the closing fence); return the line."""
    span = key_span(lines, key)
    if span is None:
        line = scalar_line(key, value, None, old_value, False)
        lines.insert(closing_index(lines), line)
        return line
    start, end = span
    line = scalar_line(key, value, lines[start], old_value, end - start == 1)
    lines[start:end] = [line]
    return line


# -- the whole header after the change -------------------------------------------------------


def verify(path: str, before: str, after: str, written: dict[str, str], removed: Iterable[str] = ()) -> None:
    """Refuse unless the new header reads as the old one with exactly these lines changed.

    A header that parsed strictly must still parse strictly to the same mapping plus the change. A
    header the linter already reads line by line (invalid YAML) must not get worse: the line
    reader sees the same keys and values, except the ones written or removed.
    """
    removed = set(removed)
    old_parts, old = frontmatter.parse(before)
    new_parts, new = frontmatter.parse(after)
    strict = {key: read12(line, key) for key, line in written.items()}
    if old.error is None:
        expected = {k: v for k, v in old.data.items() if k not in removed} | strict
        ok = new.error is None and new.data == expected
    elif new.error is None:
        ok = all(new.data.get(k, _UNSET) == v for k, v in strict.items()) and not removed & set(new.data)
    else:
        lenient = {key: frontmatter.recover(line).get(key, _UNSET) for key, line in written.items()}
        lenient = {key: value for key, value in lenient.items() if value is not _UNSET}
        old_data = frontmatter.recover(old_parts.block or "")
        expected = {k: v for k, v in old_data.items() if k not in removed and k not in written} | lenient
        ok = frontmatter.recover(new_parts.block or "") == expected
    if not ok:
        cause = _cause(split_text(before).head.split("\n"), written, removed)
        raise ToolInputError(
            f"the change would leave the frontmatter of {path} reading differently from what was asked"
            + (f": {cause}" if cause else "")
            + "; nothing was written"
        )


def _cause(lines: list[str], written: Iterable[str], removed: Iterable[str]) -> str | None:
    """Why writing these keys into the header `lines` (the head cut into lines) reads otherwise,
    when how the header is written says it: None when it does not, and the refusal stays general.

    The tools look for a key written plainly at the start of a line between the fences; a key
    written otherwise is not found, and a second one would be added beside it.
    """
    close = closing_index(lines)
    for key in [*written, *removed]:
        if _key_pattern(key).match(lines[0][3:]):
            return (
                f"{key} is written on the opening '---' line ({lines[0].strip()}), where the tools do "
                "not look for it; move it to a line of its own first"
            )
        quoted = re.compile(rf"""(["']){re.escape(key)}\1[ \t]*:""")
        for found in filter(None, map(quoted.match, lines[1:close])):
            return (
                f"the key is written quoted ({found.group(0)}), which the tools do not take for {key}; "
                f"write it as {key}: first"
            )
        span = key_span(lines, key)
        if span is not None and (anchor := _anchor_read_elsewhere(lines, span)) is not None:
            return (
                f"{key}'s value carries the anchor &{anchor}, which *{anchor} repeats elsewhere in the "
                "header; a new value would take it from them, so change them by hand"
            )
    added = [key for key in written if key_span(lines, key) is None]
    end = next((i for i in range(1, close) if re.match(r"\.\.\.(?:[ \t]|$)", lines[i])), None)
    if added and end is not None:
        return (
            f"the '...' on line {end + 1} ends the header's YAML, so {added[0]} added below it would not "
            "be read; add it above that line, or remove the '...', by hand"
        )
    return None


def _anchor_read_elsewhere(lines: list[str], span: tuple[int, int]) -> str | None:
    """An anchor the value on `lines[span[0]:span[1]]` carries that an alias outside it reads, as
    the YAML scanner sees them (not in a quoted string or a comment), or None."""
    block = "\n".join(lines[1 : closing_index(lines)])
    try:
        tokens = list(yaml.scan(block, Loader=yaml.SafeLoader))
    except yaml.YAMLError:
        return None
    inside = range(span[0] - 1, span[1] - 1)  # block lines are head lines less the opening fence
    anchors = {t.value for t in tokens if isinstance(t, yaml.AnchorToken) and t.start_mark.line in inside}
    aliases = {t.value for t in tokens if isinstance(t, yaml.AliasToken) and t.start_mark.line not in inside}
    return min(anchors & aliases, default=None)
