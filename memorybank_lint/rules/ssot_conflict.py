"""Two or more documents claim the same `canonical_for` key.

Why it matters: `canonical_for` names the facts a document is the single source of truth for.
With two owners, readers and agents get two answers and edits land in one copy only.

Counted over the whole bank, whatever the status; reported at the first owner, listing all.

Example: `canonical_for: [filter_thresholds]` in both `conflict.md` and `domain/rules.md`.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..context import RuleContext
from ..findings import Problem, Severity
from ..registry import rule


@rule("MB004", "ssot-conflict", severity=Severity.ERROR, scope="bank")
def check(ctx: RuleContext) -> Iterator[Problem]:
    for key, owners in ctx.bank.owners.items():
        if len(owners) < 2 or not any(ctx.in_scope(owner) for owner in owners):
            continue
        first = ctx.bank.docs[owners[0]]
        line, column = first.value_position("canonical_for", key)
        yield Problem(
            f"canonical_for '{key}' is claimed by {len(owners)} documents: {', '.join(owners)}",
            path=first.path,
            line=line,
            column=column,
            value=" ".join((key, *sorted(owners))),  # a baseline of two owners does not hide a third
        )
