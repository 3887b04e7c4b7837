"""No index document links to this document.

Why it matters: navigation starts at the root `README.md` and walks down through section indexes.
A document no index lists is invisible to that walk and is usually forgotten.

Exempt: notes in `_inbox/` (quarantined on purpose), index documents themselves
(`doc_function: index`) and files named as the bank names its indexes: `README.md`, or the names
the configuration lists in `index-files` (`index-files = ["README.md", "index.md"]`).

Example: `orphan.md` at the bank root, linked from nowhere.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..context import RuleContext
from ..document import Document
from ..findings import Problem, Severity
from ..registry import rule


@rule("MB009", "unregistered-doc", severity=Severity.WARNING)
def check(doc: Document, ctx: RuleContext) -> Iterator[Problem]:
    if doc.registered_in or doc.layer == "inbox" or doc.doc_function == "index":
        return
    if doc.named_index:
        return
    yield Problem("no index document links here, so navigation cannot reach it")
