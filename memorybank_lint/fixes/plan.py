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
    planned = _Planned(bank)
    for finding in findings:
        found = fix_for(finding, bank)
        if found is None or not (found.safe or unsafe):
            continue
        if found.edge is not None and not found.safe and planned.closes(*found.edge):
            continue
        chosen.append(found)
        if found.edge is not None:
            planned.add(*found.edge)
    return _without_second_entries(chosen)


def _without_second_entries(chosen: list[Fix]) -> list[Fix]:
    """`chosen` less each registration (MB009) of a document a repointed entry (MB007) of the same
    run leads to (a dead entry of one index is offered for a document another dead entry, written
    otherwise, is repointed at only for the first: `targets.moved_link`).

    Why: a document that moved leaves its old entry dead and is itself unregistered; both fixes
    ran, so the index listed it twice (the old entry repointed, and a new one added). The entry
    that already named it, in the index's own words, is the one kept.
    """
    repointed = {fix.registers[0] for fix in chosen if fix.finding.code != "MB009" and fix.registers}
    return [
        fix
        for fix in chosen
        if not (fix.finding.code == "MB009" and fix.registers and fix.registers[0] in repointed)
    ]


class _Planned:
    """The `derived_from` edges the run's fixes add, and whether another would close a loop.

    Why the starts are one set: each pick asked, for every edge planned before it, whether the
    pick's target reaches that edge's start; 16,000 picks asked that 128 million times. The bank's
    ancestry answers which of a set of documents one reaches in one operation.
    """

    def __init__(self, bank: Bank) -> None:
        self.known = ancestry(bank)
        self.ends: dict[str, list[str]] = {}  # each planned edge's start: the ends it leads to
        self.starts = 0  # the starts that are documents of the bank, as `Ancestry.bit` sets

    def add(self, start: str, end: str) -> None:
        self.ends.setdefault(start, []).append(end)
        self.starts |= self.known.bit(start)

    def closes(self, source: str, target: str) -> bool:
        """Whether `target` reaches `source` through the bank's edges and the planned ones."""
        if not self.ends:
            return False
        reached, frontier = {target}, [target]
        while frontier:
            node = frontier.pop()
            if node == source or self.known.derives_from(node, source):
                return True
            starts = self.known.reached(node, self.starts)
            if node in self.ends and node not in starts:  # a start that is no document of the bank
                starts.append(node)
            for start in starts:
                for end in self.ends[start]:
                    if end not in reached:
                        reached.add(end)
                        frontier.append(end)
        return False


def fixability(bank: Bank, findings: Iterable[Finding]) -> dict[Finding, Fix]:
    """Each finding that has a fix, with it (what `--statistics`, JSON and SARIF report)."""
    return {finding: found for finding in findings if (found := fix_for(finding, bank)) is not None}
