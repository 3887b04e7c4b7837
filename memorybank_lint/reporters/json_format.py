"""The machine format: a JSON array of flat finding objects.

Why bank-relative paths here (unlike text): scripts consume this output from anywhere, and a path
that depends on the directory the linter happened to run in would make two runs of the same bank
disagree. Named `json_format` so it never shadows the standard `json` module.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..bank import json_text
from ..findings import Finding
from ..fixes.model import Fix
from ..registry import RuleSpec

if TYPE_CHECKING:
    from . import ReportContext


def to_dict(finding: Finding, fix: Fix | None = None) -> dict[str, Any]:
    """A finding as the documented keys; whole-file findings point at line 1, column 1.

    `fixable` says whether `--fix` can repair it, and `fix` how: `applicability` (`safe`, or
    `unsafe`: needs `--unsafe-fixes`), `message`, and the file it edits.
    """
    return {
        "path": finding.path,
        "line": finding.line or 1,
        "column": finding.column or 1,
        "code": finding.code,
        "rule": finding.rule,
        "severity": str(finding.severity),
        "message": finding.message,
        "fixable": fix is not None,
        "fix": None
        if fix is None
        else {"applicability": fix.applicability, "message": fix.summary, "path": fix.path},
    }


def render(findings: Sequence[Finding], rules: Sequence[RuleSpec], ctx: ReportContext) -> str:
    """Every finding, in the order given, as indented UTF-8 JSON (control characters escaped)."""
    fixes = ctx.fixes
    return json_text([to_dict(f, fixes.get(f)) for f in findings])
