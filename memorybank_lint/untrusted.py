"""Decoding text anyone could have written: a client's line, a baseline, a journal, a configuration.

Why one place: `json` and `tomllib` raise `RecursionError`, not their decode error, on input nested
a few thousand levels deep, so a caller that catches only the decode error dies on one line of
brackets (a committed `.memorybank.toml`, a baseline, a line an MCP client sends). Here nesting too
deep is a `ValueError` like any other malformed input.
"""

from __future__ import annotations

import json
import tomllib
from typing import Any


class TooDeep(ValueError):
    """The text nests deeper than the decoder can follow."""

    def __init__(self) -> None:
        super().__init__("nested too deeply to read")


def json_value(text: str | bytes | bytearray) -> Any:
    """`json.loads`, raising only `ValueError` (a decode error, bytes that are not UTF-8, `TooDeep`)."""
    try:
        return json.loads(text)
    except RecursionError:
        raise TooDeep() from None


def toml_table(text: str) -> dict[str, Any]:
    """`tomllib.loads`, raising only `ValueError` (`TOMLDecodeError` or `TooDeep`)."""
    try:
        return tomllib.loads(text)
    except RecursionError:
        raise TooDeep() from None
