"""Which fix each finding has, and the fixes a run applies.

The fixers of a rule are tried in order; the first that returns a fix is the finding's fix. Safe
fixes apply with `--fix`; unsafe ones also need `--unsafe-fixes`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ..bank import Bank
from ..findings import Finding
from ..graph import ancestry
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
    """The fixes a run applies to `findings`: the safe ones, and with `unsafe` the others too.

    An unsafe pick for a `derived_from` target is checked against the bank as it is when it is
    found; two picks may still close a loop together (`alpha` repointed at `beta` and `beta` at
    `alpha`), so a pick that would close one with the picks taken before it is dropped.
    """
    chosen: list[Fix] = []
    planned: list[tuple[str, str]] = []
    for finding in findings:
        found = fix_for(finding, bank)
        if found is None or not (found.safe or unsafe):
            continue
        if found.edge is not None and not found.safe and planned and _closes_with(bank, planned, *found.edge):
            continue
        chosen.append(found)
        if found.edge is not None:
            planned.append(found.edge)
    return chosen


def _closes_with(bank: Bank, planned: list[tuple[str, str]], source: str, target: str) -> bool:
    """Whether `target` reaches `source` through the bank's edges and the `planned` ones."""
    known = ancestry(bank)

    def reaches(node: str, goal: str) -> bool:
        return node == goal or known.derives_from(node, goal)

    reached, frontier = {target}, [target]
    while frontier:
        node = frontier.pop()
        if reaches(node, source):
            return True
        for start, end in planned:
            if end not in reached and reaches(node, start):
                reached.add(end)
                frontier.append(end)
    return False


def fixability(bank: Bank, findings: Iterable[Finding]) -> dict[Finding, Fix]:
    """Each finding that has a fix, with it (what `--statistics`, JSON and SARIF report)."""
    return {finding: found for finding in findings if (found := fix_for(finding, bank)) is not None}
