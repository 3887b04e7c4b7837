"""The rule registry: fixed codes, names and severities, documentation, tests, lookup and order."""

from __future__ import annotations

from pathlib import Path

import pytest

from memorybank_lint.bank import Bank
from memorybank_lint.findings import Severity
from memorybank_lint.linter import lint
from memorybank_lint.registry import OUTPUT_ORDER, all_rules, find_rule

TABLE = {
    "MB001": ("broken-derived-from", Severity.ERROR),
    "MB002": ("invalid-frontmatter", Severity.ERROR),
    "MB003": ("cycle-in-derived-from", Severity.ERROR),
    "MB004": ("ssot-conflict", Severity.ERROR),
    "MB005": ("missing-derived-from", Severity.ERROR),
    "MB006": ("must-not-define-violated", Severity.ERROR),
    "MB007": ("dangling-index-entry", Severity.ERROR),
    "MB008": ("unknown-enum-value", Severity.WARNING),
    "MB009": ("unregistered-doc", Severity.WARNING),
    "MB010": ("unresolved-rule-reference", Severity.WARNING),
    "MB011": ("unknown-layer-value", Severity.WARNING),
    "MB012": ("no-contract", Severity.WARNING),
    "MB013": ("unused-suppression", Severity.WARNING),
}
TESTS = Path(__file__).parent / "rules"


def test_codes_are_unique_and_all_present() -> None:
    codes = [spec.code for spec in all_rules()]
    assert len(codes) == len(set(codes))
    assert codes == sorted(TABLE)


def test_names_are_unique() -> None:
    names = [spec.name for spec in all_rules()]
    assert len(names) == len(set(names))


@pytest.mark.parametrize("code", sorted(TABLE))
def test_name_and_severity(code: str) -> None:
    spec = find_rule(code)
    assert spec is not None
    assert (spec.name, spec.severity) == TABLE[code]


@pytest.mark.parametrize("spec", all_rules(), ids=lambda spec: spec.code)
def test_docstring_has_a_summary_and_a_why_paragraph(spec) -> None:
    assert spec.summary
    assert spec.summary.endswith(".")
    paragraphs = [p.strip() for p in spec.rationale.split("\n\n")]
    assert any(p.startswith("Why") for p in paragraphs)


@pytest.mark.parametrize("spec", all_rules(), ids=lambda spec: spec.code)
def test_every_rule_module_has_a_test_file(spec) -> None:
    module = spec.check.__module__.rsplit(".", 1)[-1]
    assert (TESTS / f"test_{module}.py").is_file()


@pytest.mark.parametrize("token", ["MB004", "mb004", "Mb004", " MB004 ", "ssot-conflict"])
def test_find_rule_by_code_in_any_case_or_by_name(token: str) -> None:
    spec = find_rule(token)
    assert spec is not None
    assert spec.code == "MB004"


@pytest.mark.parametrize("token", ["MB099", "ssot", "", "broken_derived_from"])
def test_find_rule_unknown(token: str) -> None:
    assert find_rule(token) is None


def test_output_order_is_the_reference_order() -> None:
    assert OUTPUT_ORDER == (
        "MB002", "MB001", "MB005", "MB003", "MB009", "MB010",
        "MB008", "MB004", "MB006", "MB007", "MB011", "MB012", "MB013",
    )  # fmt: skip
    assert sorted(OUTPUT_ORDER) == sorted(TABLE)
    assert all(spec.order == OUTPUT_ORDER.index(spec.code) for spec in all_rules())


def test_findings_come_out_in_output_order_then_path_then_line(tmp_path: Path) -> None:
    files = {
        "a.md": "---\ncanonical_for: [k]\nderived_from: [gone.md]\n---\n"
        "The rule is defined in `gone-rule.md`.\n",
        "b.md": "---\npurpose: a: b\ncanonical_for:\n  - k\n---\n",
        "README.md": "- [x](gone.md)\n- [y](also-gone.md)\n",
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    bank = Bank(tmp_path)
    bank.refresh()
    findings = lint(bank)
    assert [(f.code, f.path, f.line) for f in findings] == [
        ("MB002", "b.md", 2),
        ("MB001", "a.md", 3),
        ("MB009", "a.md", None),
        ("MB009", "b.md", None),
        ("MB010", "a.md", 5),
        ("MB004", "a.md", 2),
        ("MB007", "README.md", 1),
        ("MB007", "README.md", 2),
        ("MB012", "dna/", None),
    ]
