"""SARIF 2.1.0, the format GitHub code scanning (and most security dashboards) ingest.

Why every registered rule is listed, not only those that fired: code scanning shows a rule's
help next to each alert and closes alerts whose rule is still known but no longer reported, so
the driver must describe the whole rule set on every run, including clean ones.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..bank import json_text
from ..findings import Finding, Severity
from ..fixes.model import Replacement
from ..registry import RuleSpec

if TYPE_CHECKING:
    from . import ReportContext

SCHEMA_URI = "https://json.schemastore.org/sarif-2.1.0.json"
TOOL_NAME = "memorybank-lint"
INFORMATION_URI = "https://pypi.org/project/mcp-memorybank/"
SRCROOT = "%SRCROOT%"
# Namespaced so it never poses as a hash GitHub computes itself; bump the suffix only if the
# algorithm changes, because that re-opens every existing alert once.
FINGERPRINT_KEY = "memorybankFingerprint/v1"


def _level(severity: Severity) -> str:
    return "error" if severity is Severity.ERROR else "warning"


def rule_descriptor(spec: RuleSpec) -> dict[str, Any]:
    """The driver's description of one rule, carrying its full docstring as help."""
    return {
        "id": spec.code,
        "name": spec.name,
        "shortDescription": {"text": spec.summary},
        "fullDescription": {"text": spec.rationale or spec.summary},
        "help": {"text": spec.doc, "markdown": spec.doc},
        "defaultConfiguration": {"level": _level(spec.severity)},
        "properties": {"tags": ["memory-bank", spec.scope]},
    }


def _result(finding: Finding, index: dict[str, int], ctx: ReportContext, key: str) -> dict[str, Any]:
    result: dict[str, Any] = {
        "ruleId": finding.code,
        "level": _level(finding.severity),
        "message": {"text": finding.message},
        "locations": [
            {
                "physicalLocation": {
                    "artifactLocation": {"uri": ctx.repo_path(finding.path), "uriBaseId": SRCROOT},
                    "region": {
                        "startLine": max(finding.line or 1, 1),
                        "startColumn": max(finding.column or 1, 1),
                    },
                }
            }
        ],
        "partialFingerprints": {FINGERPRINT_KEY: key},
    }
    if finding.code in index:
        result["ruleIndex"] = index[finding.code]
    fix = ctx.fixes.get(finding)
    replacement = fix.replacement() if fix is not None else None
    if fix is not None and replacement is not None:
        result["fixes"] = [
            _fix(fix.summary if fix.safe else f"{fix.summary} (--unsafe-fixes)", replacement, ctx)
        ]
    return result


def _fix(description: str, replacement: Replacement, ctx: ReportContext) -> dict[str, Any]:
    """A SARIF fix: whole lines of one file replaced (an insertion when the region is empty)."""
    region = {
        "startLine": replacement.start,
        "startColumn": 1,
        "endLine": replacement.end,
        "endColumn": replacement.end_column,
    }
    ending = ctx.endings.get(replacement.path, "\n")  # a CRLF file's new lines are CRLF, as --fix writes
    inserted = replacement.inserted.replace("\n", ending) if ending != "\n" else replacement.inserted
    return {
        "description": {"text": description},
        "artifactChanges": [
            {
                "artifactLocation": {"uri": ctx.repo_path(replacement.path), "uriBaseId": SRCROOT},
                "replacements": [{"deletedRegion": region, "insertedContent": {"text": inserted}}],
            }
        ],
    }


def build(findings: Sequence[Finding], rules: Sequence[RuleSpec], ctx: ReportContext) -> dict:
    """The SARIF log as data, so tests can validate it without re-parsing the text."""
    index = {spec.code: position for position, spec in enumerate(rules)}
    seen: Counter[str] = Counter()
    results = []
    for finding in findings:
        # Two findings of one rule on the same value in one file hash alike and code scanning
        # would merge them; a suffix on repeats (as CodeQL does) keeps them apart, stably.
        key = finding.fingerprint
        seen[key] += 1
        if seen[key] > 1:
            key = f"{key}:{seen[key]}"
        results.append(_result(finding, index, ctx, key))
    return {
        "$schema": SCHEMA_URI,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": TOOL_NAME,
                        "informationUri": INFORMATION_URI,
                        "semanticVersion": ctx.version,
                        "version": ctx.version,
                        "rules": [rule_descriptor(spec) for spec in rules],
                    }
                },
                # The base id must be an absolute directory URI ending in a slash.
                "originalUriBaseIds": {SRCROOT: {"uri": ctx.repo_root.as_uri().rstrip("/") + "/"}},
                # columns count characters, as every other output does; SARIF's default is UTF-16
                # code units, which would cut a fix short on a line holding an emoji
                "columnKind": "unicodeCodePoints",
                "results": results,
            }
        ],
    }


def render(findings: Sequence[Finding], rules: Sequence[RuleSpec], ctx: ReportContext) -> str:
    """The SARIF log as indented UTF-8 JSON (control characters escaped)."""
    return json_text(build(findings, rules, ctx))
