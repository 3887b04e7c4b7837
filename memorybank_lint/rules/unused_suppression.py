"""An inline suppression silences nothing: no finding of the rules it names is where it stands.

Why it matters: a `# noqa` or `<!-- noqa -->` outlives the finding it was written for. Once the
finding is fixed, the comment silently accepts the next, unrelated problem on that line, and
stale comments pile up until nobody knows which ones still mean something. Reporting them (as
ruff's unused-noqa does) keeps each suppression an honest statement about the line it is on.

Reported: a suppression whose named rules report nothing on its line (or, for
`memorybank-lint: disable`, in its document), a bare one that silences nothing, and a code or
name that is no rule. Not reported: codes of rules that did not run (not selected, ignored, or
ignored for this file), this rule's own code (a suppression naming MB013 accepts this rule's
findings where it stands: `disable MB013` in a template of example comments), and nothing at
all under `--ignore-noqa`.

Example: `derived_from: [../dna/principles.md]  # noqa: MB001` once the target exists.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ..context import RuleContext
from ..findings import Problem, Severity
from ..registry import rule

if TYPE_CHECKING:
    from ..linter import Usage


@rule("MB013", "unused-suppression", severity=Severity.WARNING, scope="suppressions")
def check(ctx: RuleContext, usage: Usage) -> Iterator[Problem]:
    for path, doc in ctx.bank.docs.items():
        if not doc.suppressions or not ctx.in_scope(path):
            continue
        for index, item in enumerate(doc.suppressions):
            idle, unknown = usage.idle(path, index, item)
            where = "in this document" if item.kind == "disable" else "on this line"
            if idle == ["*"]:
                message = f"'{item.text}' silences nothing: no rule reports a finding {where}"
            elif idle:
                message = f"'{item.text}' silences nothing for {', '.join(idle)}: it reports nothing {where}"
            else:
                message = ""
            if unknown:
                names = ", ".join(f"'{token}'" for token in unknown)
                message = "; ".join(filter(None, [message, f"'{item.text}' names no rule: {names}"]))
            if message:
                yield Problem(
                    message + " (remove it, or fix what it names)",
                    path=path,
                    line=item.line,
                    column=item.column,
                    value=f"{item.text} {' '.join(idle + unknown)}",
                )
