"""A document's frontmatter is not valid YAML, or the file cannot be read as text at all.

Why it matters: every other tool reads the header to route, validate and write. When strict YAML
fails, the bank keeps the document and recovers flat `key: value` pairs line by line, but other
YAML readers (editors, site generators, the next tool) will not. The usual cause is an unquoted
`": "` inside a value: `purpose: Retry layer: backoff` must be quoted.

Also reported here: files that are binary, not UTF-8, or over the size limit (they stay in the
bank as names, so links to them do not dangle, but nothing inside them is read), headers that
use YAML features the bank refuses (unknown tags, more than a handful of aliases, nesting deeper
than 32 levels, numbers longer than 100 characters), values a tag cannot hold (`!!bool maybe`),
a header whose closing `---` line is missing, and a first line that reads as `---` but has a
character that prints as nothing before it (a second byte order mark, a zero-width space): no
reader takes it for a header, so nothing in it would be checked. Each gets its own plain reason; the advice to
quote a value is given only when an unquoted `": "` is what stopped the parser.

Example: `purpose: Defines the retry layer: backoff and jitter.`
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..context import RuleContext
from ..document import Document
from ..findings import Problem, Severity
from ..frontmatter import RECOVERED
from ..registry import rule

_POSITION = re.compile(r" at line (\d+), column (\d+)$")
# a file's size, a bad byte and its offset move with every edit of the file: the baseline keys on
# why the file was not indexed, not on where or how big
_NUMBERS = re.compile(r"0x[0-9a-f]+|\d+")


@rule("MB002", "invalid-frontmatter", severity=Severity.ERROR)
def check(doc: Document, ctx: RuleContext) -> Iterator[Problem]:
    if doc.read_error:
        yield Problem(
            f"the file was not indexed: {doc.read_error}",
            value=_NUMBERS.sub("#", doc.read_error),
            earlier_value=doc.read_error,  # what a baseline written before that holds
        )
        return
    if doc.parse_error is None:
        return
    position = _POSITION.search(doc.parse_error)
    line, column = (int(position.group(1)), int(position.group(2))) if position else (None, None)
    yield Problem(
        f"frontmatter cannot be read ({doc.parse_error}); {doc.parse_advice or RECOVERED}",
        line=line,
        column=column,
        value=_POSITION.sub("", doc.parse_error),
    )
