"""Decoding text anyone could have written: a client's line, a baseline, a journal, a configuration.

Why one place: `json` and `tomllib` raise `RecursionError`, not their decode error, on input nested
a few thousand levels deep, so a caller that catches only the decode error dies on one line of
brackets (a committed `.memorybank.toml`, a baseline, a line an MCP client sends). Here nesting too
deep is a `ValueError` like any other malformed input.
"""

from __future__ import annotations

import json
import re
import sys
import tomllib
from typing import Any


class Unreadable(ValueError):
    """Well-formed text this decoder cannot read: its message says why, for the one who sent it."""


class TooDeep(Unreadable):
    """The text nests deeper than the decoder can follow."""

    def __init__(self) -> None:
        super().__init__("nested too deeply to read")


class TooManyDigits(Unreadable):
    """The text holds an integer longer than Python converts (`sys.get_int_max_str_digits`)."""

    def __init__(self) -> None:
        super().__init__(f"holds an integer of more than {sys.get_int_max_str_digits()} digits")


def json_value(text: str | bytes | bytearray) -> Any:
    """`json.loads`, raising only `ValueError` (a decode error, bytes that are not UTF-8, or
    `Unreadable`: `TooDeep`, `TooManyDigits`)."""
    try:
        return json.loads(text)
    except RecursionError:
        raise TooDeep() from None
    except ValueError as exc:
        # decode errors are subclasses; a plain ValueError is the integer conversion's limit
        if type(exc) is ValueError:
            raise TooManyDigits() from None
        raise


def toml_table(text: str) -> dict[str, Any]:
    """`tomllib.loads`, raising only `ValueError` (`TOMLDecodeError` or `TooDeep`)."""
    try:
        return tomllib.loads(text)
    except RecursionError:
        raise TooDeep() from None


_JSON_MARKS = re.compile(r'["\\{}\[\],:]')


def top_level_members(text: str) -> dict[str, str]:
    """The raw text of each member of the JSON object `text`, its values left unparsed.

    Why: a request nested too deep to decode still names its `id` at the top, and its client
    waits on that id; reading the top level alone, a member at a time, finds it without
    following the nesting. Empty when `text` is not an object whose top level reads cleanly.
    """
    text = text.strip()
    if not text.startswith("{"):
        return {}
    depth, in_string, escaped, start, colon = 0, False, False, 1, None
    members: dict[str, str] = {}
    for mark in _JSON_MARKS.finditer(text):
        char, at = mark.group(), mark.start()
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = text[at + 1 : at + 2] in ('"', "\\")  # the next mark is the escaped one
            elif char == '"':
                in_string = False
            continue
        if char == '"':
            in_string = True
        elif char in "{[":
            depth += 1
        elif char in "}]":
            depth -= 1
            if depth == 0:
                _add_member(members, text[start:at], colon, start)
                return members if not text[at + 1 :].strip() else {}
        elif depth == 1 and char == ":" and colon is None:
            colon = at
        elif depth == 1 and char == ",":
            _add_member(members, text[start:at], colon, start)
            start, colon = at + 1, None
    return {}


def _add_member(members: dict[str, str], member: str, colon: int | None, start: int) -> None:
    if colon is None:
        return
    try:
        key = json.loads(member[: colon - start])
    except ValueError:
        return
    if isinstance(key, str):
        members[key] = member[colon - start + 1 :].strip()
