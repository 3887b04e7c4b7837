"""`bank_validate`: the linter's findings as the MCP tool returns them.

Why a thin layer: validation logic lives in `memorybank_lint` only, and the rule selection, the
per-file ignores and the severity overrides come from the project's configuration through the
same `Selection` the linter builds, so `bank_validate`, `mcp-memorybank --validate`, pre-commit
and CI give the same findings. The server only narrows (scope, severity, one rule) and shapes.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable
from typing import Any

from memorybank_lint.bank import Bank, visible
from memorybank_lint.findings import Finding
from memorybank_lint.linter import Selection, lint, scope_filter
from memorybank_lint.paths import folders_above, normalize, real_path
from memorybank_lint.registry import all_rules, find_rule

from .errors import ToolInputError
from .read import BUDGET_BYTES, climbing, json_bytes


def findings(
    bank: Bank,
    scope: str | None = None,
    severity: str | None = None,
    rule: str | None = None,
    selection: Selection | None = None,
) -> list[Finding]:
    """The findings in force, narrowed; a scope that matches no document or an unknown rule is refused."""
    if severity not in (None, "error", "warning"):
        raise ToolInputError(f"severity must be 'error' or 'warning', not {severity!r}")
    wanted = None
    if rule is not None:
        spec = find_rule(rule) if rule.strip() else None
        if spec is None:
            names = ", ".join(s.name for s in all_rules())
            raise ToolInputError(f"unknown rule '{visible(rule)}'; pass a rule name or code: {names}")
        if selection is not None and spec not in selection.active():
            raise ToolInputError(
                f"rule {spec.code} ({spec.name}) does not run here: the project's configuration "
                "leaves it out (select / ignore); memorybank-lint --select runs it anyway"
            )
        wanted = spec.code
    in_scope = scoped(bank, scope)
    return [
        f
        for f in lint(bank, selection, in_scope=in_scope)
        if (wanted is None or f.code == wanted) and (severity is None or f.severity == severity)
    ]


def scoped(bank: Bank, scope: str | None) -> Callable[[str], bool]:
    """The in-scope test for a tool's `scope`; a scope that matches no document is refused, as a
    mistaken folder name, never answered as an empty bank (`bank_validate`, `bank_drift`).

    Why read as `--read` and `bank_read` read a path (`normalize`, with the bank's folders known
    beside its documents): a folder is then named the same way everywhere, from the bank
    (`domain`), from the repository (`memory-bank/domain`) or absolutely, and `.` is the whole
    bank, as is the bank named from the repository (`memory-bank`); a path that climbs out of the
    bank (`/domain`, `../x`) is refused, never read as another.
    """
    if scope is None:
        return scope_filter()
    if not scope.strip():
        raise ToolInputError(f"scope {scope!r} is blank; leave it out to mean the whole bank")
    if "\0" in scope:  # no folder is named so, and the path lookups below would raise on it
        raise ToolInputError(f"scope '{scope}' matches no document of this bank; pass a folder such as 'adr'")
    known = {*bank.docs, *(folder for path in bank.docs for folder in folders_above(path))}
    path = normalize(bank.root, scope.rstrip("/") or scope, known)  # `domain/` is the folder `domain`
    if path in ("", ".") or (os.path.isabs(path) and real_path(path) == real_path(bank.root)):
        return scope_filter()
    named = scope.strip().rstrip("/")
    if path not in known and (
        named == bank.root.name or os.path.realpath(named) == os.path.realpath(bank.root)
    ):
        return scope_filter()  # `memory-bank` from the repository, or from wherever: the bank itself
    outside = climbing(path, known)
    if outside:
        raise ToolInputError(f"scope '{scope}' matches no document of this bank{outside}")
    for composed in (False, True):  # as written first: a twin folder in the other form is not it
        in_scope = scope_filter(scope=path, composed=composed)
        if any(in_scope(doc) for doc in bank.docs):
            return in_scope
    raise ToolInputError(f"scope '{scope}' matches no document of this bank; pass a folder such as 'adr'")


def counts(found: list[Finding]) -> dict[str, Any]:
    """The summary part of the answer: totals and a count per rule, most frequent first."""
    return {
        "total": len(found),
        "errors": sum(1 for f in found if f.is_error),
        "warnings": sum(1 for f in found if not f.is_error),
        "byRule": dict(Counter(f.rule for f in found).most_common()),
    }


def as_dict(finding: Finding) -> dict[str, Any]:
    return {
        "severity": str(finding.severity),
        "rule": finding.rule,
        "code": finding.code,
        "path": finding.path,
        "line": finding.line or 1,  # a whole-file finding points at line 1, as the linter's JSON says
        "message": finding.message,
    }


def listed(found: list[Finding], *, capped: bool = True) -> dict[str, Any]:
    """`{"findings": [...]}` within the answer budget (when `capped`), and how many were left out.

    Why: a document with 30,000 broken `derived_from` entries made a 5.8 MB answer for an agent;
    the counts above the list stay whole, and `scope`, `severity` and `rule` narrow what is
    listed. A terminal or a CI job (`--validate --json`) gets every finding, as the linter does.
    """
    if not capped:
        return {"findings": [as_dict(finding) for finding in found]}
    items, spent = [], 0
    for finding in found:
        item = as_dict(finding)
        spent += json_bytes(item)
        if spent > BUDGET_BYTES:
            break
        items.append(item)
    if len(items) == len(found):
        return {"findings": items}
    return {
        "findings": items,
        "findingsLeftOut": len(found) - len(items),
        "note": f"The list stops at {BUDGET_BYTES} bytes; narrow it with scope, severity or rule.",
    }


def validate(
    bank: Bank,
    scope: str | None = None,
    severity: str | None = None,
    rule: str | None = None,
    selection: Selection | None = None,
    *,
    capped: bool = True,
) -> dict[str, Any]:
    found = findings(bank, scope, severity, rule, selection)
    listing = listed(found, capped=capped)
    return {**counts(found), **listing, **unreadable(bank), **idle_ignores(bank, selection)}


def idle_ignores(bank: Bank, selection: Selection | None) -> dict[str, Any]:
    """`{"idleIgnores": [...]}` naming the per-file-ignores globs that match no file of the bank
    (a typo, or a path written from the repository's root), which the linter warns of too; or
    nothing."""
    globs = selection.idle_globs(bank.docs) if selection is not None else []
    return {"idleIgnores": globs} if globs else {}


def unreadable(bank: Bank) -> dict[str, Any]:
    """`{"unreadable": [...]}` naming the folders the bank could not list (their documents were
    not checked: said, not passed over), or nothing when every folder was read."""
    unread = [{"folder": f"{name}/", "reason": why} for name, why in bank.unread if name != "."]
    return {"unreadable": unread} if unread else {}
