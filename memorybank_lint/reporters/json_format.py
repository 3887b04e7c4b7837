"""The machine format: a JSON array of flat finding objects.

Why bank-relative paths here (unlike text): scripts consume this output from anywhere, and a path
that depends on the directory the linter happened to run in would make two runs of the same bank
disagree. Named `json_format` so it never shadows the standard `json` module.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..findings import Finding
from ..registry import RuleSpec

if TYPE_CHECKING:
    from . import ReportContext


def to_dict(finding: Finding) -> dict[str, Any]:
    """A finding as exactly the documented keys; whole-file findings point at line 1, column 1."""
    return {
        "path": finding.path,
        "line": finding.line or 1,
        "column": finding.column or 1,
        "code": finding.code,
        "rule": finding.rule,
        "severity": str(finding.severity),
        "message": finding.message,
    }


def render(findings: Sequence[Finding], rules: Sequence[RuleSpec], ctx: ReportContext) -> str:
    """Every finding, in the order given, as indented UTF-8 JSON."""
    return json.dumps([to_dict(finding) for finding in findings], indent=2, ensure_ascii=False)
