"""A document claims a `canonical_for` key that its own `must_not_define` forbids.

Why it matters: `must_not_define` fences off facts that belong elsewhere. Owning one of them
contradicts the document's own boundary; one of the two lists is wrong.

Only the document's own two lists are compared; the body is never inspected.

Example: `canonical_for: [retry_policy]` with `must_not_define: [retry_policy]`.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..context import RuleContext
from ..document import Document
from ..findings import Problem, Severity
from ..registry import rule


@rule("MB006", "must-not-define-violated", severity=Severity.ERROR)
def check(doc: Document, ctx: RuleContext) -> Iterator[Problem]:
    forbidden = set(doc.must_not_define)
    seen: dict[str, int] = {}  # a key listed twice is reported twice, each at its own item
    for key in doc.canonical_for:
        if key in forbidden:
            nth = seen.get(key, 0)
            seen[key] = nth + 1
            line, column = doc.nth_value_position("canonical_for", key, nth)
            yield Problem(
                f"owns canonical_for '{key}', which its own must_not_define forbids",
                line=line,
                column=column,
                value=key,
            )
