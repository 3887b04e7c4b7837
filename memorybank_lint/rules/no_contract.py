"""The bank has no `dna/` folder with documents, so it declares no contract.

Why it matters: the contract is where a bank says what it requires (a root document, required
`derived_from`, forbidden cycles, the allowed values of its fields). Without it those checks
cannot run, and the bank is linted in degraded mode.

Reported once, at the path `dna/`.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..context import RuleContext
from ..findings import Problem, Severity
from ..registry import rule


@rule("MB012", "no-contract", severity=Severity.WARNING, scope="bank")
def check(ctx: RuleContext) -> Iterator[Problem]:
    if ctx.contract is None:
        yield Problem(
            "the bank has no dna/ documents, so its contract is unknown: missing derived_from, "
            "cycles and declared values are not checked",
            path="dna/",
        )
