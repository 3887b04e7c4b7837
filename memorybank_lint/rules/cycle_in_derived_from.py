"""`derived_from` edges form a loop, and the bank's governance forbids cycles.

Why it matters: the dependency tree is how a change in one document tells you which others to
re-check. In a loop every member is upstream of itself, so "what depends on this" has no answer.

Runs only when `dna/` forbids cycles ("Cyclic dependencies are forbidden." / "Циклические
зависимости запрещены."). Each loop is reported once, told from its smallest path and placed
at the member whose edge leads back there: where a loop is reported, and so its baseline entry,
depends on the loop alone, not on what else derives from it. It is reported whenever any member
is being checked (pre-commit's staged files): the edit that closed the loop may be in a member
it is not placed on.

Example: `adr/a.md -> adr/b.md -> adr/a.md`.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..context import RuleContext
from ..findings import Problem, Severity
from ..graph import find_cycles
from ..registry import rule


@rule("MB003", "cycle-in-derived-from", severity=Severity.ERROR, scope="bank")
def check(ctx: RuleContext) -> Iterator[Problem]:
    if ctx.contract is None or not ctx.contract.forbids_cycles:
        return
    for cycle in find_cycles(ctx.bank, ctx.in_scope):
        if cycle.touches:
            yield Problem(
                f"derived_from cycle: {cycle.render()}",
                path=cycle.closer,
                line=cycle.line,
                column=cycle.column,
                value=cycle.identity(),
                related=cycle.drawable(),
            )
