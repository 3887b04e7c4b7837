"""Baselines: adopt the linter on a bank with a history, and fail only on new findings.

Why fingerprints and not lines: an unrelated edit above a known finding moves its line. A finding
is identified by its rule, its path and the offending value (a target, a key, a field value), so
it stays known until the problem itself changes.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from .findings import Finding

FORMAT_VERSION = 1


class BaselineError(Exception):
    """The baseline file is missing or not one this tool wrote."""


def dumps(findings: Sequence[Finding]) -> str:
    entries = [
        {"code": f.code, "rule": f.rule, "path": f.path, "fingerprint": f.fingerprint, "message": f.message}
        for f in findings
    ]
    return json.dumps({"version": FORMAT_VERSION, "findings": entries}, indent=2, ensure_ascii=False) + "\n"


def load(path: Path) -> Counter[tuple[str, str, str]]:
    """The known findings as a multiset of (code, path, fingerprint)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise BaselineError(f"baseline file {path} does not exist") from exc
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise BaselineError(f"baseline file {path} is not readable JSON: {exc}") from exc
    if not isinstance(data, dict) or data.get("version") != FORMAT_VERSION:
        raise BaselineError(
            f"baseline file {path} is not a memorybank-lint baseline (version {FORMAT_VERSION})"
        )
    try:
        return Counter((e["code"], e["path"], e["fingerprint"]) for e in data["findings"])
    except (KeyError, TypeError) as exc:
        raise BaselineError(f"baseline file {path} has a malformed entry") from exc


def new_findings(findings: Sequence[Finding], known: Counter[tuple[str, str, str]]) -> list[Finding]:
    """The findings the baseline does not account for (each baseline entry absorbs one finding)."""
    remaining = Counter(known)
    fresh = []
    for finding in findings:
        key = (finding.code, finding.path, finding.fingerprint)
        if remaining[key] > 0:
            remaining[key] -= 1
        else:
            fresh.append(finding)
    return fresh
