"""An active document declares no `derived_from`, and the bank's governance requires one.

Why it matters: every active document except the root should say what it is built on, so a
change upstream can be traced to everything it affects.

Runs only when `dna/` requires it ("Every `active` non-root document must define `derived_from`"
/ "Для каждого `active` non-root документа `derived_from` обязательно"). Exempt: documents that
are not `status: active`, and the root documents `dna/` names (by default `dna/principles.md`).
Any edge counts, even an external or broken one. A single value (`derived_from: x.md`) or items
that name no path name no edge, so the requirement is unmet: reported here as well as by MB001
(which says what was written), so ignoring MB001 never switches the governance off.

Example: `status: active` and no `derived_from` in `domain/model.md`.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..context import RuleContext
from ..document import Document
from ..findings import Problem, Severity
from ..registry import rule


@rule("MB005", "missing-derived-from", severity=Severity.ERROR)
def check(doc: Document, ctx: RuleContext) -> Iterator[Problem]:
    contract = ctx.contract
    if contract is None or not contract.requires_derived_from:
        return
    if doc.status != "active" or doc.derived_from or doc.path in contract.roots:
        return
    said = "has no derived_from"
    if doc.odd_edges:
        said = "has no derived_from written as a list of paths"
    yield Problem(
        f"active document {said}; the bank's governance requires one on every active document "
        "except the root",
        line=doc.key_lines.get("derived_from") or doc.key_lines.get("status"),
    )
