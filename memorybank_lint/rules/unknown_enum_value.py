"""A frontmatter value is outside the set the bank's `dna/` declares for that field.

Why it matters: `doc_kind`, `doc_function`, `status`, `delivery_status` and `decision_status`
drive routing, lifecycle checks and the writes; a typo (`in-progress` for `in_progress`) silently
drops a document out of all of them.

The allowed values come from the values column of the `dna/` tables. A list that trails off with
`…` or `...` is a list of examples and is not enforced; a table introduced as applying to
governance documents only is checked on `doc_kind: governance` documents only. A finding names
the declared values, the first twelve and how many more when the list is longer. A value YAML
reads as something other than text (`status: 2024-01-01` is a date, `true` a boolean, `[draft]` a
list) is reported as written: it matches no declared value, and quoting it is the fix.

Example: `delivery_status: implemented` when `dna/` declares planned, in_progress, done, cancelled.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from functools import lru_cache

from ..context import RuleContext
from ..contract import TRACKED_FIELDS
from ..document import Document
from ..findings import Problem, Severity
from ..frontmatter import comment_start
from ..quoting import shortened
from ..registry import rule

SHOWN = 12  # declared values a finding names; a longer list ends in how many more there are


@lru_cache(maxsize=64)
def _declared(allowed: frozenset[str]) -> str:
    """The declared values as a finding lists them, once per set: a contract may declare
    thousands, and naming them all in each of thousands of findings printed hundreds of MB."""
    values = sorted(allowed)
    shown = ", ".join(values[:SHOWN])
    return shown if len(values) <= SHOWN else f"{shown}, and {len(values) - SHOWN:,} more"


def _kind(value: object) -> str:
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, dt.date):
        return "a date"
    return "a list" if isinstance(value, list) else "a mapping" if isinstance(value, dict) else "a value"


def _written(doc: Document, field_name: str, value: object) -> str:
    """A value that is not text as its header line writes it (`1e3`, `[draft]`), short enough to
    quote; as YAML read it when the line holds no value of its own (a block list)."""
    number = doc.key_lines.get(field_name)
    line = doc.text.split("\n", number)[number - 1] if number else ""
    text = line.split(":", 1)[1] if ":" in line else ""
    cut = comment_start(text)
    text = (text if cut is None else text[:cut]).strip()
    if not text:
        text = value.isoformat() if isinstance(value, dt.date) else str(value)
    return f"'{shortened(text, 40)}'"


@rule("MB008", "unknown-enum-value", severity=Severity.WARNING)
def check(doc: Document, ctx: RuleContext) -> Iterator[Problem]:
    contract = ctx.contract
    if contract is None:
        return
    for field_name in TRACKED_FIELDS:
        value = getattr(doc, field_name) or ""
        if not value:
            raw = doc.data.get(field_name)
            allowed = contract.allowed(field_name, doc.doc_kind)
            if allowed is not None and raw is not None and raw != [] and not isinstance(raw, str):
                written = _written(doc, field_name, raw)
                yield Problem(
                    f"{field_name} {written} is read as {_kind(raw)}, not as one of the declared values "
                    f"({_declared(allowed)}); quote it if it is meant as text",
                    line=doc.key_lines.get(field_name),
                    value=f"{field_name}={written}",
                )
            continue
        allowed = contract.allowed(field_name, doc.doc_kind)
        if allowed is None or value in allowed:
            continue
        yield Problem(
            f"{field_name} '{value}' is not a declared value ({_declared(allowed)})",
            line=doc.key_lines.get(field_name),
            value=f"{field_name}={value}",
        )
