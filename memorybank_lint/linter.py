"""The engine: run the selected rules over a refreshed bank and return sorted findings.

Why the engine stamps code and severity: rules stay pure functions of a document and a read-only
context, and selection, per-file ignores and severity overrides live in one place.
"""

from __future__ import annotations

import fnmatch
from collections.abc import Callable, Collection
from dataclasses import dataclass, field

from .bank import Bank
from .context import RuleContext
from .findings import Finding, Problem, Severity
from .registry import RuleSpec, all_rules


@dataclass(frozen=True)
class Selection:
    """Which rules run, where they are silenced, and what severity they report at."""

    select: frozenset[str] | None = None
    ignore: frozenset[str] = frozenset()
    per_file_ignores: tuple[tuple[str, frozenset[str]], ...] = ()
    severities: dict[str, Severity] = field(default_factory=dict)

    def active(self) -> list[RuleSpec]:
        return [
            spec
            for spec in all_rules()
            if (self.select is None or spec.code in self.select) and spec.code not in self.ignore
        ]

    def silenced(self, code: str, path: str) -> bool:
        return any(
            code in codes and fnmatch.fnmatchcase(path, pattern) for pattern, codes in self.per_file_ignores
        )


def scope_filter(paths: Collection[str] | None = None, scope: str | None = None) -> Callable[[str], bool]:
    """The in-scope test: given files only (pre-commit), a subdirectory, or everything."""
    if paths is not None:
        wanted = frozenset(paths)
        return wanted.__contains__
    if scope:
        prefix = scope.strip().removeprefix("./").strip("/")
        if prefix:
            return lambda path: path == prefix or path.startswith(prefix + "/")
    return lambda path: True


def lint(
    bank: Bank,
    selection: Selection | None = None,
    *,
    in_scope: Callable[[str], bool] | None = None,
) -> list[Finding]:
    """Every finding of the selected rules, ordered by rule, then path, then line."""
    selection = selection or Selection()
    ctx = RuleContext(bank, in_scope or scope_filter())
    findings: list[Finding] = []
    for spec in selection.active():
        severity = selection.severities.get(spec.code, spec.severity)
        if spec.scope == "bank":
            problems = ((problem, "") for problem in spec.check(ctx))
        else:
            problems = (
                (problem, doc.path)
                for doc in list(bank.docs.values())
                if ctx.in_scope(doc.path)
                for problem in spec.check(doc, ctx)
            )
        for problem, doc_path in problems:
            finding = _stamp(spec, severity, problem, doc_path)
            if not selection.silenced(spec.code, finding.path):
                findings.append(finding)
    findings.sort(key=Finding.sort_key)
    return findings


def _stamp(spec: RuleSpec, severity: Severity, problem: Problem, doc_path: str) -> Finding:
    return Finding(
        code=spec.code,
        rule=spec.name,
        severity=severity,
        path=problem.path or doc_path,
        message=problem.message,
        line=problem.line,
        column=problem.column,
        value=problem.value,
        order=spec.order,
    )
