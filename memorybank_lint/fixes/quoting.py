"""MB002: quote the header values YAML cannot read, so it reads back exactly what was written.

Why this is the one mechanical slip worth a fix: on the real banks every invalid header but a
handful is a plain value holding `": "` (`purpose: Границы автономии: что можно…`), and the author
meant the text as written. The fix wraps such a value in single quotes (a quote inside doubled),
and only when (1) the line on its own does not load, (2) the quoted line loads, with the project's
one loader, to exactly the text between `key: ` and the end of the line (or a `# noqa` comment),
and (3) the whole header then loads, (4) with every key the line-by-line recovery read before
it still a key. A value that could mean something else is left alone: one that starts like a
quoted string, a list, a mapping, a block scalar, an anchor, an alias or a tag, holds a ` #` (the
author may have meant a comment), or runs on over indented lines; and a line that is the text of
a block scalar (`example: |` and what is indented under it), of a plain value begun above it, of
a quoted value still open or of a flow collection still open (`tags: [a,` up to its `]`), is prose.

The fix is safe only when the header then reads the very keys the recovery read before it, each
with the value it had (the text a number, a date or a boolean is written as counting as that
value; a key it passed over being empty): what the bank says stays what it said. When some value
reads otherwise (a list or a quoted value spanning lines, of which the line reader had only the
first line; a nested mapping it does not read), the fix names those keys and is unsafe, for a
person to accept. A block scalar (`notes: |`), of which the line reader has only its indicator,
agrees when it reads as text: its lines are never quoted and end where their indent does, so
nothing quoted beside them changes them.
"""

from __future__ import annotations

import re
from typing import Any

from .. import frontmatter
from ..bank import Bank
from ..findings import Finding
from ..quoting import shortened
from ..suppressions import header_noqa
from .model import Fix, replace_lines

_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*:[ \t]+")
_ITEM = re.compile(r"[ \t]*-[ \t]+")
_MAPPING_START = re.compile(r"[^\s:'\"]+:(?:[ \t]|$)")
# Starts that are YAML syntax a person may have meant; `%`, `@` and a backtick are reserved and
# cannot start a plain value, so a value starting with them is text and is quoted.
_MEANINGFUL_START = ("'", '"', "[", "{", "|", ">", "&", "*", "!", "#", "?", "- ")
# What follows a block scalar's indicator (`|`, `>-`, `|2`): blanks, then a comment or the end.
_INDICATOR = re.compile(r"[|>][-+0-9]*[ \t]*(?:#|\Z)")
_ENTRY = re.compile(r"[-?][ \t]+")  # the `- ` of a list item or the `? ` of a complex key
_BLANKS = " \t"


def _opens_block(line: str) -> int | None:
    """The indent of `line` when it opens a block scalar (`key: |`, `- >-`, `key: |2 # note`,
    with a key of any spelling and anchors or tags before the indicator), else None.

    Read word by word in one pass: a single regular expression for it backtracked quadratically
    on one long indented line of a broken header."""
    content = line.lstrip(_BLANKS)
    entry = _ENTRY.match(content)
    entry_end = entry.end() if entry else 0
    for start, char in enumerate(content):
        starts_word = start == 0 or content[start - 1] in _BLANKS
        if (
            char in "|>"
            and starts_word
            and _INDICATOR.match(content, start)
            and _led_in(content, start, entry_end)
        ):
            return len(line) - len(content)
    return None


def _led_in(content: str, end: int, entry_end: int) -> bool:
    """Whether the words before `end` are anchors and tags after a key (`…: `), an entry mark or
    nothing. Walks back over tags only, and an indicator is not one, so walks never overlap."""
    while True:
        if end in (0, entry_end):
            return True
        word_end = end
        while word_end and content[word_end - 1] in _BLANKS:
            word_end -= 1
        if word_end == end:
            return False
        if word_end and content[word_end - 1] == ":":
            return True
        word_start = word_end
        while word_start and content[word_start - 1] not in _BLANKS:
            word_start -= 1
        if content[word_start] not in "&!":
            return False
        end = word_start


def _in_block_scalars(lines: list[str], close: int) -> set[int]:
    """The header lines that are the text of a block scalar (`key: |` and the lines indented
    under it): they are prose, never a value to quote, however they read on their own."""
    inside: set[int] = set()
    indent: int | None = None
    for index in range(1, close):
        line = lines[index]
        if indent is not None:
            if not line.strip() or len(line) - len(line.lstrip(" \t")) > indent:
                inside.add(index)
                continue
            indent = None
        if (opened := _opens_block(line)) is not None:
            indent = opened
    return inside


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" \t"))


def _opens_flow(value: str) -> bool:
    """Whether `value` is a flow collection (`[a, b]`, `{k: v}`), anchors and tags before it or not."""
    words = value.split()
    while words and words[0][:1] in "&!":
        words.pop(0)
    return bool(words) and words[0][:1] in "[{"


def _flow_after(text: str, depth: int = 0, quote: str = "") -> tuple[int, str]:
    """How many flow collections are still open after `text`, and the quote still open in them,
    given `depth` and `quote` before it. A bracket inside a quoted item or a comment is text; a
    quote starts an item only where an item starts (after a blank, `[`, `{`, `,` or `:`), so the
    `'` of `[it's]` is a letter."""
    scanned = frontmatter.Unquoted(text, quote, starts=" \t[{,:")
    for _, char, before in scanned:
        if char == "#" and before in " \t":
            return depth, ""  # a comment ends the line; no quote opened in it stays open
        if char in "[{":
            depth += 1
        elif char in "]}":
            depth = max(depth - 1, 0)
    return depth, scanned.quote


def _in_values(lines: list[str], close: int) -> set[int]:
    """The header lines that carry on a value begun above them, never a value of their own: the
    lines more indented than a key or item holding a plain value (`purpose: Read before` and
    `  - retry() and its callers` under it are one sentence), the lines of a quoted value
    opened above and not yet closed, and the lines of a flow collection opened above and not yet
    closed (`canonical_for: [pricing,` runs on to its `]`, at any indent: a `purpose: a: b` in
    between is one of its items, and quoting it would make it one)."""
    inside: set[int] = set()
    owner: int | None = None  # the indent of the line whose plain value may run on
    quote: str | None = None  # the quote a value opened and has not closed
    flow: tuple[int, str] = (0, "")  # the flow collections open, and the quote open inside them
    for index in range(1, close):
        line = lines[index]
        if quote is not None:
            inside.add(index)
            if frontmatter.closes(line, quote):
                quote = None
            continue
        if flow[0]:
            inside.add(index)
            flow = _flow_after(line, *flow)
            continue
        if owner is not None and line.strip() and _indent(line) > owner:
            inside.add(index)
            continue
        owner = None
        found = _span(line)
        value = line.strip() if found is None else line[found[0] : found[1]]
        if _opens_flow(value):
            flow = _flow_after(value)
        if found is None or flow[0]:
            continue
        if value[:1] in ("'", '"') and not frontmatter.closes(value[1:], value[0]):
            quote = value[0]
        elif not value.startswith(("|", ">")):
            owner = _indent(line)
    return inside


def _span(line: str) -> tuple[int, int, bool] | None:
    """`(start, end, is an item)` of the plain value on a header line, or None."""
    match = _KEY.match(line)
    item = match is None
    if item:
        match = _ITEM.match(line)
    if match is None:
        return None
    start, end = match.end(), len(line.rstrip())
    noqa = header_noqa(line)
    if noqa is not None:
        end = len(line[: noqa[0]].rstrip())
    return (start, end, item) if end > start else None


def _quotable(value: str, item: bool) -> bool:
    if value.startswith(_MEANINGFUL_START):
        return False
    if " #" in value or "\t#" in value or value == "-":
        return False
    # `- path: x: y` may be a mapping the author meant; a reserved first character cannot start a key
    return not (item and _MAPPING_START.match(value) and not value.startswith(("`", "@", "%")))


_UNREADABLE = object()
_SHOWN_KEYS = 3  # the keys a fix names as reading otherwise, at most


def _value_of(line: str, item: bool) -> object:
    """What a header line reads as on its own (the key's value, or the list's one item)."""
    header = frontmatter.load(f"k:\n  {line.strip()}" if item else line)
    values = list(header.data.values())
    if header.error is not None or len(values) != 1:
        return _UNREADABLE
    if item:
        return values[0][0] if isinstance(values[0], list) and len(values[0]) == 1 else _UNREADABLE
    return values[0]


def _quoted_line(lines: list[str], index: int, close: int) -> str | None:
    """The line at `index` with its value quoted, when that is the fix; None otherwise."""
    line = lines[index]
    found = _span(line)
    if found is None:
        return None
    start, end, item = found
    value = line[start:end]
    if not _quotable(value, item) or _value_of(line, item) is not _UNREADABLE:
        return None  # a value that could mean something else, or a line YAML reads: not the slip
    following = lines[index + 1] if index + 1 < close else ""
    if following.strip() and _indent(following) > _indent(line):
        return None  # a value that runs on over indented lines (`  - x` there is its text too)
    new = line[:start] + "'" + value.replace("'", "''") + "'" + line[end:]
    return new if _value_of(new, item) == value else None


def _agrees(recovered: Any, value: Any) -> bool:
    """Whether `value`, read by strict YAML after the fix, is what the line reader recovered
    before it: the same text (lists and `{path, fit}` items alike), or the text a number, a date, a
    boolean or nothing is written as (the line reader keeps every value as text)."""
    if recovered == value:
        return True
    if isinstance(recovered, str) and _INDICATOR.fullmatch(recovered) and isinstance(value, str):
        return True  # a block scalar: its lines are its own whatever is quoted beside it (prose above)
    if isinstance(recovered, list) and isinstance(value, list):
        return len(recovered) == len(value) and all(map(_agrees, recovered, value))
    if isinstance(recovered, dict) and isinstance(value, dict):
        return recovered.keys() == value.keys() and all(
            _agrees(item, value[key]) for key, item in recovered.items()
        )
    if isinstance(recovered, str) and not isinstance(value, str | list | dict):
        return _value_of(f"k: {recovered}", False) == value
    return False


def fix(finding: Finding, bank: Bank) -> Fix | None:
    doc = bank.docs.get(finding.path)
    if doc is None or doc.read_error or doc.parse_error is None:
        return None
    lines = doc.text.split("\n")
    close = doc.body_line - 2
    if (
        close < 1
        or close >= len(lines)
        or not lines[close].startswith("---")
        or not lines[0].startswith("---")
    ):
        return None
    changes: dict[int, tuple[str, str]] = {}
    prose = _in_block_scalars(lines, close) | _in_values(lines, close)
    for index in range(1, close):
        new = None if index in prose else _quoted_line(lines, index, close)
        if new is not None:
            changes[index + 1] = (lines[index], new)
    if not changes:
        return None
    block = list(lines[1:close])
    for number, (_old, new) in changes.items():
        block[number - 2] = new
    fixed = frontmatter.load("\n" + "\n".join(block))
    if fixed.error is not None:
        return None  # quoting would not make the header readable: leave it to a person
    # What the bank reads now, line by line, must still be read after the fix: a key gone means a
    # quoted line was read into another value (the lines checked above missed how); a value read
    # otherwise, or a key the line reader did not see, changes what the document says, which is
    # for a person to accept. The line reader passes over an empty value: it had it as empty.
    recovered = frontmatter.recover("\n" + "\n".join(lines[1:close]))
    if any(key not in fixed.data for key in recovered):
        return None
    changed = [key for key, value in fixed.data.items() if not _agrees(recovered.get(key, ""), value)]
    count = len(changes)
    summary = f"quote {count} header value{'s' if count > 1 else ''} that YAML cannot read as written"
    if changed:
        named = ", ".join(repr(shortened(key, 40)) for key in changed[:_SHOWN_KEYS])
        more = f" and {len(changed) - _SHOWN_KEYS} more" if len(changed) > _SHOWN_KEYS else ""
        summary += f"; {named}{more} then read{'s' if len(changed) == 1 else ''} otherwise than line by line"
    return Fix(finding, doc.path, not changed, summary, replace_lines(changes), doc.text)
