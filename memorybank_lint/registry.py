"""The rule registry: every rule module registers itself here with the `@rule` decorator.

Why a registry: codes, names and severities live in exactly one place (the decorator call in the
rule's own module), and everything else — selection, `--list-rules`, `--explain`, SARIF rule
metadata, the README table — is derived from it.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Literal

from .findings import Problem, Severity

Scope = Literal["document", "bank", "suppressions"]
Check = Callable[..., Iterable[Problem]]

# The order findings are printed in (the reference's order, kept so users comparing outputs see
# the same grouping): parse problems first, then the graph, then navigation, then values.
OUTPUT_ORDER: tuple[str, ...] = (
    "MB002",
    "MB001",
    "MB005",
    "MB003",
    "MB009",
    "MB010",
    "MB008",
    "MB004",
    "MB006",
    "MB007",
    "MB011",
    "MB012",
    "MB013",
)


@dataclass(frozen=True)
class RuleSpec:
    code: str
    name: str
    severity: Severity
    scope: Scope
    check: Check
    doc: str

    @property
    def summary(self) -> str:
        """The first line of the rule's docstring: what it reports, in one sentence."""
        return self.doc.strip().splitlines()[0].strip()

    @property
    def rationale(self) -> str:
        """The docstring without its first line: why the rule exists and what it exempts."""
        return "\n".join(self.doc.strip().splitlines()[1:]).strip()

    @property
    def order(self) -> int:
        return OUTPUT_ORDER.index(self.code)


REGISTRY: dict[str, RuleSpec] = {}


def rule(code: str, name: str, *, severity: Severity, scope: Scope = "document") -> Callable[[Check], Check]:
    """Register `check` as the rule `code`/`name`; the calling module's docstring documents it."""

    def register(check: Check) -> Check:
        module = inspect.getmodule(check)
        doc = inspect.getdoc(module) if module else None
        if not doc:
            raise ValueError(f"rule {code} has no module docstring")
        if code in REGISTRY or any(spec.name == name for spec in REGISTRY.values()):
            raise ValueError(f"rule {code} ({name}) is registered twice")
        REGISTRY[code] = RuleSpec(code, name, severity, scope, check, doc)
        return check

    return register


def all_rules() -> list[RuleSpec]:
    """Every rule, in code order."""
    from . import rules  # noqa: F401  (importing the package registers every rule)

    return [REGISTRY[code] for code in sorted(REGISTRY)]


def find_rule(token: str) -> RuleSpec | None:
    """A rule by code (`MB004`, case-insensitive) or by name (`ssot-conflict`)."""
    token = token.strip()
    for spec in all_rules():
        if spec.code.lower() == token.lower() or spec.name == token.lower():
            return spec
    return None


def describe(spec: RuleSpec) -> dict[str, Any]:
    """The registry entry as plain data, for `--list-rules --format json` and tests."""
    return {"code": spec.code, "name": spec.name, "severity": str(spec.severity), "summary": spec.summary}


def markdown_table() -> str:
    """The rules table the README carries (a test keeps the two identical)."""
    rows = ["| Code | Name | Severity | What it reports |", "|---|---|---|---|"]
    rows += [f"| {s.code} | `{s.name}` | {s.severity} | {s.summary} |" for s in all_rules()]
    return "\n".join(rows)
