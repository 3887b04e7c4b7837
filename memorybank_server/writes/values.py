"""The values a write is handed: each string checked as text (`edits.checks`), lists as entries.

The list arguments are checked here: each entry as one line, and no key twice. A header value is
bounded (`MAX_HEADER_VALUE`): no real title, purpose or key comes near it, and refusing a huge
one up front names the value instead of serialising megabytes of YAML to find the document too
big. A title and a purpose (`ROUTED`) are refused when they hold a character that prints as
nothing (`visible_text`): they are what a document is chosen by, so one must not read as another;
so are a status (`JUDGED`) and the keys a document owns or must not define, which the gates compare
as text.
"""

from __future__ import annotations

import re
from typing import Any

from memorybank_lint.edits.checks import checked_text, visible_text

from ..errors import BadValue

MAX_HEADER_VALUE = 65_536  # characters in one header value
# a key a write may add to a header (`extra`, `bank_set_field`): matched whole, so no line break
# after it (`$` would allow one, and `'owner\n'` was written as a YAML complex key)
FIELD_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*")
FIELD_NAME_RULE = "a letter or _ first, then letters, digits, _ or -"
ROUTED = frozenset({"title", "purpose"})  # the values agents and people choose a document by
# a value the gates compare as text: `active\u200b` printed as `active` and skipped the active gates
JUDGED = frozenset({"status"})


def header_text(name: str, value: str, *, lines: bool = False) -> str:
    """`value` checked as text (`checked_text`) and refused past `MAX_HEADER_VALUE` characters; a
    title or a purpose (`name` is the field's, backticked or not) is held to `visible_text` too."""
    if len(value) > MAX_HEADER_VALUE:
        raise BadValue(
            f"{name} is {len(value):,} characters; a header value holds at most {MAX_HEADER_VALUE:,}"
        )
    checked = checked_text(name, value, lines=lines)
    return visible_text(name, checked) if name.strip("`") in ROUTED | JUDGED else checked


def checked_values(name: str, value: Any) -> Any:
    """Every string inside a structured value (an `extra` mapping, a list) checked as text."""
    if isinstance(value, str):
        return header_text(name, value, lines=True)
    if isinstance(value, dict):
        for key, item in value.items():
            checked_values(name, str(key))
            checked_values(f"{name}.{key}", item)
    elif isinstance(value, list | tuple):
        for item in value:
            checked_values(name, item)
    return value


def one_line(name: str, value: str) -> str:
    """`value` checked as one line of text and trimmed; refused when blank."""
    trimmed = header_text(name, value).strip()
    if not trimmed:
        raise BadValue(f"{name} is blank; pass a value (remove a field by hand)")
    return trimmed


def required(value: str | None, name: str, why: str, *, lines: bool = False) -> str:
    """`value` trimmed, after `checked_text`; refused when blank, saying `why` it is needed."""
    text = header_text(f"`{name}`", value or "", lines=lines).strip()
    if not text:
        raise BadValue(f"`{name}` is required: {why}")
    return text


def entries(values: Any) -> list[str]:
    """A list argument or header value as its non-blank strings (a lone string is one entry)."""
    values = [values] if isinstance(values, str) else values if isinstance(values, list | tuple) else []
    return [v.strip() for v in values if isinstance(v, str) and v.strip()]


def listed(values: Any, name: str) -> list[str]:
    """A list argument's entries, each checked as one line of text before it is trimmed; a blank
    entry is refused (dropped, a key meant to be owned or forbidden would go unrecorded without a
    word), and so is a key listed twice (twice in `canonical_for` is an ownership conflict with
    itself). A key is held to `visible_text` as a title is: keys are owned and forbidden by their
    exact text, so `price\u200b_formula` printed as `price_formula` and was a second owner of it."""
    for value in [values] if isinstance(values, str) else values or ():
        if isinstance(value, str):
            visible_text(name, header_text(name, value))
            if not value.strip():
                raise BadValue(f"{name} lists a blank entry; name each key, or leave it out")
    found = entries(values)
    seen: set[str] = set()  # one pass: a list may hold 100,000 keys, and the write lock is held
    for key in found:
        if key in seen:
            raise BadValue(f"{name} lists '{key}' twice; name each key once")
        seen.add(key)
    return found


def sources(values: Any) -> list[str]:
    """`derivedFrom` entries as given (blank ones too: the resolution gate refuses them by name)."""
    return [header_text("derivedFrom", str(entry)).strip() for entry in values]
