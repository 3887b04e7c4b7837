"""MB012 no-contract: the bank has no `dna/` documents, so its contract is unknown."""

from __future__ import annotations

from memorybank_lint.linter import lint

CODE = "MB012"


def test_bank_without_dna_gets_exactly_one_finding(make_bank, run_rule, tmp_path) -> None:
    bank = make_bank(tmp_path, {"domain/rules.md": "# Rules\n", "domain/model.md": "# Model\n"})
    [finding] = run_rule(bank, CODE)
    assert finding.code == CODE
    assert finding.rule == "no-contract"
    assert finding.path == "dna/"
    assert finding.line is None
    assert "no dna/" in finding.message


def test_bank_with_dna_is_silent(make_bank, run_rule, tmp_path) -> None:
    bank = make_bank(tmp_path, {"dna/principles.md": "# Principles\n"})
    assert run_rule(bank, CODE) == []


def test_dna_folder_without_markdown_counts_as_none(make_bank, run_rule, tmp_path) -> None:
    bank = make_bank(tmp_path, {"dna/rules.yml": "a: 1\n", "README.md": "# Root\n"})
    assert [f.path for f in run_rule(bank, CODE)] == ["dna/"]


def test_unreadable_dna_document_still_counts_as_a_contract(make_bank, run_rule, tmp_path) -> None:
    bank = make_bank(tmp_path, {"dna/principles.md": b"# Caf\xe9, not UTF-8\n", "a.md": "# A\n"})
    assert "dna/principles.md" in bank.docs
    assert bank.contract is not None
    assert run_rule(bank, CODE) == []


def test_not_affected_by_scope(make_bank, run_rule, tmp_path) -> None:
    bank = make_bank(tmp_path, {"adr/a.md": "# A\n"})
    assert [f.path for f in run_rule(bank, CODE, scope="adr")] == ["dna/"]
    assert [f.path for f in run_rule(bank, CODE, paths=["adr/a.md"])] == ["dna/"]


def test_other_rules_still_run_in_degraded_mode(make_bank, tmp_path) -> None:
    bank = make_bank(tmp_path, {"a.md": "---\nderived_from: [gone.md]\n---\n"})
    assert [f.code for f in lint(bank)] == ["MB001", "MB009", "MB012"]
