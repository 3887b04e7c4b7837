"""MB013 unused-suppression: a suppression that silences nothing is named, so stale ones do not pile up."""

from __future__ import annotations

from memorybank_lint.linter import Selection, lint, scope_filter

CODE = "MB013"
README = "- [Doc](doc.md)\n"


def _doc(header_line: str, body: str = "") -> str:
    return f"---\ntitle: Doc\nstatus: draft\n{header_line}\n---\n# Doc\n{body}"


def _mb013(bank, **options):
    return [f for f in lint(bank, **options) if f.code == CODE]


def test_a_noqa_whose_rule_reports_nothing_there_is_named(make_bank, tmp_path) -> None:
    bank = make_bank(
        tmp_path, {"README.md": README, "doc.md": _doc("derived_from: [README.md]  # noqa: MB001")}
    )
    [finding] = _mb013(bank)
    assert (finding.path, finding.line, finding.column) == ("doc.md", 4, 28)
    assert finding.rule == "unused-suppression" and str(finding.severity) == "warning"
    assert "'# noqa: MB001' silences nothing for MB001" in finding.message


def test_a_used_noqa_is_not_named(make_bank, tmp_path) -> None:
    bank = make_bank(
        tmp_path, {"README.md": README, "doc.md": _doc("derived_from: [gone.md]  # noqa: MB001")}
    )
    assert lint(bank) == [f for f in lint(bank) if f.code == "MB012"]


def test_each_idle_code_and_each_unknown_name_is_named(make_bank, tmp_path) -> None:
    line = "derived_from: [gone.md]  # noqa: MB001, MB004, no-such-rule"
    [finding] = _mb013(make_bank(tmp_path, {"README.md": README, "doc.md": _doc(line)}))
    assert "silences nothing for MB004" in finding.message
    assert "names no rule: 'no-such-rule'" in finding.message
    assert "MB001" not in finding.message.split("for ", 1)[1].split(":")[0]


def test_a_bare_noqa_and_a_disable_that_silence_nothing_are_named(make_bank, tmp_path) -> None:
    body = "\nText <!-- noqa -->\n<!-- memorybank-lint: disable MB009 -->\n"
    findings = _mb013(make_bank(tmp_path, {"README.md": README, "doc.md": _doc("status_note: x", body)}))
    assert [(f.line, "document" in f.message) for f in findings] == [(8, False), (9, True)]


def test_a_code_whose_rule_did_not_run_is_not_named(make_bank, tmp_path) -> None:
    bank = make_bank(
        tmp_path, {"README.md": README, "doc.md": _doc("derived_from: [README.md]  # noqa: MB001")}
    )
    assert _mb013(bank, selection=Selection(ignore=frozenset({"MB001"}))) == []
    per_file = Selection(per_file_ignores=(("doc.md", frozenset({"MB001"})),))
    assert _mb013(bank, selection=per_file) == []


def test_a_bare_noqa_over_a_finding_an_ignore_hides_is_not_named(make_bank, tmp_path) -> None:
    """A bare `# noqa` silences every rule on its line; the only finding there being of a rule
    the configuration ignores, it was once called unused (and failed `--strict`)."""
    bank = make_bank(tmp_path, {"README.md": README, "doc.md": _doc("derived_from: [gone.md]  # noqa")})
    assert _mb013(bank) == []
    assert _mb013(bank, selection=Selection(ignore=frozenset({"MB001"}))) == []
    per_file = Selection(per_file_ignores=(("doc.md", frozenset({"MB001"})),))
    assert _mb013(bank, selection=per_file) == []
    assert _mb013(bank, selection=Selection(select=frozenset({"MB013"}), ignore=frozenset({"MB001"}))) == []
    idle = make_bank(
        tmp_path / "idle", {"README.md": README, "doc.md": _doc("derived_from: [README.md]  # noqa")}
    )
    assert len(_mb013(idle, selection=Selection(ignore=frozenset({"MB001"})))) == 1


def test_only_documents_in_scope_are_checked(make_bank, tmp_path) -> None:
    bank = make_bank(
        tmp_path, {"README.md": README, "doc.md": _doc("derived_from: [README.md]  # noqa: MB001")}
    )
    assert _mb013(bank, in_scope=scope_filter(["README.md"])) == []
    assert len(_mb013(bank, in_scope=scope_filter(["doc.md"]))) == 1


def test_it_stays_quiet_when_suppressions_are_off(make_bank, tmp_path) -> None:
    bank = make_bank(
        tmp_path, {"README.md": README, "doc.md": _doc("derived_from: [README.md]  # noqa: MB001")}
    )
    assert _mb013(bank, noqa=False) == []


def test_a_suppression_naming_this_rule_accepts_its_findings_where_it_stands(make_bank, tmp_path) -> None:
    """A template shows `# noqa` comments as examples: `disable MB013` accepts them for the
    document, and `# noqa: MB004, MB013` accepts its own idle code, as ruff's RUF100 does. A
    suppression is never called idle for naming this rule (it would silence its own report), and a
    bare `# noqa` that silences nothing is still named."""
    template = _doc(
        "derived_from: [README.md]  # noqa: MB001",
        "\n<!-- memorybank-lint: disable MB013 -->\n",
    )
    own = _doc("derived_from: [README.md]  # noqa: MB001, MB013")
    bare = _doc("title_note: x  # noqa")  # silences nothing, this rule's findings included
    readme = README + "- [Template](template.md)\n- [Own](own.md)\n- [Bare](bare.md)\n"
    files = {"README.md": readme, "doc.md": _doc("status_note: x"), "template.md": template, "own.md": own}
    bank = make_bank(tmp_path, files | {"bare.md": bare})
    assert [(f.path, f.line) for f in _mb013(bank)] == [("bare.md", 4)]
    assert _mb013(bank, noqa=False) == []
