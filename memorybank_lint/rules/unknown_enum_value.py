"""A frontmatter value is outside the set the bank's `dna/` declares for that field.

Why it matters: `doc_kind`, `doc_function`, `status`, `delivery_status` and `decision_status`
drive routing, lifecycle checks and the writes; a typo (`in-progress` for `in_progress`) silently
drops a document out of all of them.

The allowed values come from the values column of the `dna/` tables. A list that trails off with
`…` or `...` is a list of examples and is not enforced; a table introduced as applying to
governance documents only is checked on `doc_kind: governance` documents only. A finding names
the declared values, the first twelve and how many more when the list is longer.

Example: `delivery_status: implemented` when `dna/` declares planned, in_progress, done, cancelled.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from ..context import RuleContext
from ..contract import TRACKED_FIELDS
from ..document import Document
from ..findings import Problem, Severity
from ..registry import rule

SHOWN = 12  # declared values a finding names; a longer list ends in how many more there are


@lru_cache(maxsize=64)
def _declared(allowed: frozenset[str]) -> str:
    """The declared values as a finding lists them, once per set: a contract may declare
    thousands, and naming them all in each of thousands of findings printed hundreds of MB."""
    values = sorted(allowed)
    shown = ", ".join(values[:SHOWN])
    return shown if len(values) <= SHOWN else f"{shown}, and {len(values) - SHOWN:,} more"


@rule("MB008", "unknown-enum-value", severity=Severity.WARNING)
def check(doc: Document, ctx: RuleContext) -> Iterator[Problem]:
    contract = ctx.contract
    if contract is None:
        return
    for field_name in TRACKED_FIELDS:
        value = getattr(doc, field_name) or ""
        if not value:
            continue
        allowed = contract.allowed(field_name, doc.doc_kind)
        if allowed is None or value in allowed:
            continue
        yield Problem(
            f"{field_name} '{value}' is not a declared value ({_declared(allowed)})",
            line=doc.key_lines.get(field_name),
            value=f"{field_name}={value}",
        )
