"""Which fix each finding has, and the fixes a run applies.

The fixers of a rule are tried in order; the first that returns a fix is the finding's fix. Safe
fixes apply with `--fix`; unsafe ones also need `--unsafe-fixes`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ..bank import Bank
from ..findings import Finding
from . import quoting, register, targets
from .model import Fix

Fixer = Callable[[Finding, Bank], "Fix | None"]

FIXERS: dict[str, tuple[Fixer, ...]] = {
    "MB001": (targets.repo_root, targets.moved_edge),
    "MB002": (quoting.fix,),
    "MB007": (targets.moved_link,),
    "MB009": (register.fix,),
}


def fix_for(finding: Finding, bank: Bank) -> Fix | None:
    """The fix of one finding, safe or unsafe, or None when it has none."""
    for fixer in FIXERS.get(finding.code, ()):
        found = fixer(finding, bank)
        if found is not None:
            return found
    return None


def plan(bank: Bank, findings: Iterable[Finding], *, unsafe: bool = False) -> list[Fix]:
    """The fixes a run applies to `findings`: the safe ones, and with `unsafe` the others too."""
    chosen = []
    for finding in findings:
        found = fix_for(finding, bank)
        if found is not None and (found.safe or unsafe):
            chosen.append(found)
    return chosen


def fixability(bank: Bank, findings: Iterable[Finding]) -> dict[Finding, Fix]:
    """Each finding that has a fix, with it (what `--statistics`, JSON and SARIF report)."""
    return {finding: found for finding in findings if (found := fix_for(finding, bank)) is not None}
