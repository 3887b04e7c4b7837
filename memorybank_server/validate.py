"""`bank_validate`: the linter's findings as the MCP tool returns them.

Why a thin layer: validation logic lives in `memorybank_lint` only; the server shapes the answer.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from memorybank_lint.bank import Bank
from memorybank_lint.linter import lint, scope_filter
from memorybank_lint.registry import find_rule

from .errors import ToolInputError


def validate(
    bank: Bank, scope: str | None = None, severity: str | None = None, rule: str | None = None
) -> dict[str, Any]:
    if severity not in (None, "error", "warning"):
        raise ToolInputError(f"severity must be 'error' or 'warning', not {severity!r}")
    wanted = None
    if rule:
        spec = find_rule(rule)
        if spec is None:
            raise ToolInputError(f"unknown rule {rule!r}; pass a rule name such as 'ssot-conflict'")
        wanted = spec.code
    findings = [
        f
        for f in lint(bank, in_scope=scope_filter(scope=scope))
        if (wanted is None or f.code == wanted) and (severity is None or f.severity == severity)
    ]
    by_rule = Counter(f.rule for f in findings)
    return {
        "total": len(findings),
        "errors": sum(1 for f in findings if f.is_error),
        "warnings": sum(1 for f in findings if not f.is_error),
        "byRule": dict(by_rule.most_common()),
        "findings": [
            {
                "severity": str(f.severity),
                "rule": f.rule,
                "code": f.code,
                "path": f.path,
                **({"line": f.line} if f.line else {}),
                "message": f.message,
            }
            for f in findings
        ],
    }
