"""The JSON reporter: exact keys, bank-relative paths whatever the cwd, and line 1 for files."""

from __future__ import annotations

import json
from pathlib import Path

from memorybank_lint.findings import Finding, Severity
from memorybank_lint.reporters import ReportContext, render

ROOT = Path("/repo/memory-bank")


def ctx(cwd: Path) -> ReportContext:
    return ReportContext(root=ROOT, cwd=cwd, repo_root=Path("/repo"))


FINDINGS = [
    Finding("MB001", "broken-derived-from", Severity.ERROR, "docs/a.md", "missing «x»", 3, 7, value="x"),
    Finding("MB006", "stale-doc", Severity.WARNING, "b.md", "too old"),
]


def test_exact_keys_and_values() -> None:
    data = json.loads(render("json", FINDINGS, [], ctx(ROOT)))
    assert data[0] == {
        "path": "docs/a.md",
        "line": 3,
        "column": 7,
        "code": "MB001",
        "rule": "broken-derived-from",
        "severity": "error",
        "message": "missing «x»",
        "fixable": False,
        "fix": None,
    }
    assert all(list(item) == list(data[0]) for item in data)


def test_order_is_kept() -> None:
    data = json.loads(render("json", FINDINGS[::-1], [], ctx(ROOT)))
    assert [item["code"] for item in data] == ["MB006", "MB001"]


def test_path_is_bank_relative_even_when_cwd_differs() -> None:
    for cwd in (Path("/repo"), Path("/elsewhere"), ROOT / "docs"):
        data = json.loads(render("json", FINDINGS, [], ctx(cwd)))
        assert [item["path"] for item in data] == ["docs/a.md", "b.md"]


def test_none_line_and_column_become_one() -> None:
    data = json.loads(render("json", FINDINGS, [], ctx(ROOT)))
    assert (data[1]["line"], data[1]["column"]) == (1, 1)
    assert data[1]["severity"] == "warning"


def test_indented_and_not_ascii_escaped() -> None:
    out = render("json", FINDINGS, [], ctx(ROOT))
    assert "«x»" in out
    assert out.startswith('[\n  {\n    "path"')


def test_empty_is_an_empty_array() -> None:
    assert json.loads(render("json", [], [], ctx(ROOT))) == []


def test_control_and_bidi_characters_are_escaped_and_read_back_unchanged() -> None:
    """A C1 control (U+009B, an 8-bit CSI), a bidi override, a zero-width space and DEL were
    written raw: valid JSON, but a terminal showing it was driven by the CSI. They are written as
    JSON's own escapes, so the value read back is the same."""
    message = "x\u009b31m \u202egnp.md z\u200bw \x7f \U000e0041 dr\u206aaft \U0001d173 «kept»"
    finding = Finding("MB001", "broken-derived-from", Severity.ERROR, "a.md", message, 1, 1)
    out = render("json", [finding], [], ctx(ROOT))
    assert not any(ch in out for ch in "\u009b\u202e\u200b\x7f\U000e0041\u206a\U0001d173"), out
    assert "\\u009b31m" in out and "\\u202egnp" in out and "«kept»" in out
    assert json.loads(out)[0]["message"] == message
