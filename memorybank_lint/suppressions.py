"""Inline suppressions: a finding a bank accepts on purpose is silenced where it stands.

Why in the document and not in the configuration: a per-file ignore silences a rule for a whole
file forever, and a reader of the document never sees it. A comment on the very line says what
is accepted, and where, in the shape flake8, ruff and markdownlint users know:

- `# noqa: MB001` (codes or rule names, comma-separated; `noqa` or `NOQA`) at the end of a header line: a YAML
  comment, so the header still reads the same; a bare `# noqa` silences every rule on the line
  (`# noqa:` with no code after the colon silences nothing, as in ruff: it promised codes);
- `<!-- noqa: MB007 -->` at the end of a body line, outside fenced code;
- `<!-- memorybank-lint: disable MB009 -->` anywhere in the body (or `# memorybank-lint: disable
  MB009` as a header comment line): those rules, for the whole document; the way to accept a
  finding that belongs to no line, such as MB009 or MB005.

Why a scanner and not a regular expression over the text: the text is untrusted. Each line is
looked at with `str.find`/`str.rfind` and one anchored match of a pattern that cannot backtrack,
so a line of thousands of `#`, `<!--` or spaces costs time in proportion to its length.
A document without the words `noqa` or `memorybank-lint` is not scanned at all.
"""

from __future__ import annotations

import re
from collections.abc import Container
from dataclasses import dataclass
from typing import Literal

from .frontmatter import comment_start
from .markdown import code_spans

Kind = Literal["noqa", "disable"]

# Each pattern is matched once, at a known position, and is one run of a single class: linear.
_NOQA_WORD = re.compile(r"[ \t]*(?:noqa|NOQA)(?![\w-])")
_DISABLE_WORDS = re.compile(r"[ \t]*memorybank-lint[ \t]*:[ \t]*disable(?![\w-])")
_CODES = re.compile(r"[\w,\s-]*")


def mentions(text: str) -> bool:
    """Whether `text` could hold a suppression at all (the scan is skipped when it cannot).

    Three substring tests: a case-insensitive search would cost a real bank more than its parse,
    which is why the words are read as written: `noqa` or `NOQA`, and `memorybank-lint`.
    """
    return "noqa" in text or "NOQA" in text or "memorybank-lint" in text


def _codes(rest: str, colon: bool) -> tuple[str, ...] | None:
    """The rule tokens after the directive word: `: MB001, MB002` (`colon`) or ` MB009 MB005`.

    None when what follows is not a list of codes or names (then it is no suppression).
    """
    rest = rest.strip()
    if not rest:
        return ()
    listed = rest.startswith(":")
    if listed:
        rest = rest[1:]
    elif colon:
        return None
    if not _CODES.fullmatch(rest):
        return None
    codes = tuple(part for part in re.split(r"[\s,]+", rest) if part)
    # a colon and no code after `noqa` or `disable` promises codes and names none: it silences
    # nothing, rather than everything (as ruff reads it)
    return codes if codes or not (listed or rest.strip()) else None


@dataclass(frozen=True, slots=True)
class Suppression:
    """One suppression comment: where it is and which rules it names (none: every rule).

    `line` is the file line it sits on; a `disable` applies to the whole document. `column` is
    where the comment starts (1-based), `text` the comment as written.
    """

    kind: Kind
    line: int
    column: int
    tokens: tuple[str, ...]
    text: str

    def covers(self, line: int | None) -> bool:
        """Whether a finding at `line` (None: the whole file) is within this suppression's reach."""
        return self.kind == "disable" or (line is not None and line == self.line)


def _noqa(text: str) -> tuple[str, ...] | None:
    """The tokens of `noqa[: codes]` (what follows a `#` or sits inside `<!-- -->`), or None."""
    match = _NOQA_WORD.match(text)
    return None if match is None else _codes(text[match.end() :], colon=True)


def _disable(text: str) -> tuple[str, ...] | None:
    """The tokens of `memorybank-lint: disable [codes]`, or None."""
    match = _DISABLE_WORDS.match(text)
    return None if match is None else _codes(text[match.end() :], colon=False)


def header_noqa(line: str) -> tuple[int, tuple[str, ...]] | None:
    """`(column index, tokens)` of a `# noqa` comment ending a header line, or None.

    The noqa may close a longer comment (`# why # noqa: MB001`), never sit inside a quoted value.
    """
    start = comment_start(line)
    if start is None:
        return None
    last = line.rfind("#")
    tokens = _noqa(line[last + 1 :])
    return None if tokens is None else (last, tokens)


def _in_code(line: str, column: int) -> bool:
    return any(start <= column < end for start, end in code_spans(line))


def body_noqa(line: str) -> tuple[int, tuple[str, ...]] | None:
    """`(column index, tokens)` of a `<!-- noqa -->` comment ending a body line, or None."""
    end = len(line.rstrip())
    if not line.endswith("-->", 0, end):
        return None
    start = line.rfind("<!--", 0, end - 3)
    if start < 0:
        return None
    tokens = _noqa(line[start + 4 : end - 3])
    return None if tokens is None or _in_code(line, start) else (start, tokens)


def body_disables(line: str) -> list[tuple[int, tuple[str, ...]]]:
    """`(column index, tokens)` of each `<!-- memorybank-lint: disable … -->` on a body line."""
    found = []
    start = line.find("<!--")
    while start >= 0:
        end = line.find("-->", start + 4)
        if end < 0:
            break
        tokens = _disable(line[start + 4 : end])
        if tokens is not None and not _in_code(line, start):
            found.append((start, tokens))
        start = line.find("<!--", end + 3)
    return found


def scan(
    lines: list[str], header: range, body_start: int, fenced: list[bool], values: Container[int] = ()
) -> tuple[Suppression, ...]:
    """Every suppression in a document's LF `lines` (0-based list, file line = index + 1).

    `header` holds the indexes of the lines between the frontmatter fences, `values` those of them
    inside a value spanning lines (a block scalar's text: a `#` there is the value's, as a comment
    in code is an example); body lines start at index `body_start`, and `fenced` says which of them
    are code.
    """
    found: list[Suppression] = []
    for i in header:
        if i in values:
            continue
        line = lines[i]
        stripped = line.strip()
        if stripped.startswith("#") and (tokens := _disable(stripped[1:])) is not None:
            found.append(Suppression("disable", i + 1, line.index("#") + 1, tokens, stripped))
        elif (noqa := header_noqa(line)) is not None:
            column, tokens = noqa
            found.append(Suppression("noqa", i + 1, column + 1, tokens, line[column:].rstrip()))
    for i in range(body_start, len(lines)):
        if fenced[i - body_start]:
            continue
        line = lines[i]
        for column, tokens in body_disables(line):
            text = line[column : line.find("-->", column) + 3]
            found.append(Suppression("disable", i + 1, column + 1, tokens, text))
        if (noqa := body_noqa(line)) is not None:
            column, tokens = noqa
            found.append(Suppression("noqa", i + 1, column + 1, tokens, line[column:].rstrip()))
    return tuple(found)
