"""MB005 missing-derived-from: an active non-root document has no edge, and `dna/` requires one."""

from __future__ import annotations

import pytest

CODE = "MB005"
REQUIRES = {
    "dna/principles.md": "---\nstatus: active\n---\n# Principles\n",
    "dna/governance.md": """
        ---
        status: active
        derived_from:
          - principles.md
        ---
        Every `active` non-root document must define `derived_from`.
        """,
}
ACTIVE_NO_EDGES = "---\ntitle: Model\nstatus: active\n---\n# Model\n"


def test_active_document_without_edges_is_reported(make_bank, run_rule, tmp_path) -> None:
    bank = make_bank(tmp_path, REQUIRES | {"domain/model.md": ACTIVE_NO_EDGES})
    [finding] = run_rule(bank, CODE)
    assert finding.code == CODE
    assert finding.rule == "missing-derived-from"
    assert finding.path == "domain/model.md"
    assert finding.line == 3
    assert "no derived_from" in finding.message


def test_russian_requirement_enables_the_rule(make_bank, run_rule, tmp_path) -> None:
    dna = {"dna/governance.md": "Для каждого `active` non-root документа `derived_from` обязательно.\n"}
    bank = make_bank(tmp_path, dna | {"domain/model.md": ACTIVE_NO_EDGES})
    assert [f.path for f in run_rule(bank, CODE)] == ["domain/model.md"]


def test_document_with_an_edge_is_silent(make_bank, run_rule, tmp_path) -> None:
    text = "---\nstatus: active\nderived_from:\n  - ../dna/principles.md\n---\n"
    bank = make_bank(tmp_path, REQUIRES | {"domain/model.md": text})
    assert run_rule(bank, CODE) == []


@pytest.mark.parametrize(
    "edge", ["../../other-bank/x.md", "https://example.com/spec.md", "missing.md", "'#frag'"]
)
def test_any_edge_counts_even_external_broken_or_empty(make_bank, run_rule, tmp_path, edge) -> None:
    text = f"---\nstatus: active\nderived_from:\n  - {edge}\n---\n"
    bank = make_bank(tmp_path, REQUIRES | {"domain/model.md": text})
    assert run_rule(bank, CODE) == []


@pytest.mark.parametrize("status", ["draft", "archived", "Active", ""])
def test_documents_that_are_not_active_are_exempt(make_bank, run_rule, tmp_path, status) -> None:
    bank = make_bank(tmp_path, REQUIRES | {"domain/model.md": f"---\ntitle: M\nstatus: {status}\n---\n"})
    assert run_rule(bank, CODE) == []


def test_default_root_is_exempt(make_bank, run_rule, tmp_path) -> None:
    bank = make_bank(tmp_path, REQUIRES)
    assert bank.contract.roots == {"dna/principles.md"}
    assert run_rule(bank, CODE) == []


def test_declared_root_is_exempt_and_replaces_the_default(make_bank, run_rule, tmp_path) -> None:
    dna = {
        "dna/principles.md": ACTIVE_NO_EDGES,
        "dna/charter.md": ACTIVE_NO_EDGES,
        "dna/governance.md": "The root document is `charter.md`.\n"
        "Every `active` non-root document must define `derived_from`.\n",
    }
    bank = make_bank(tmp_path, dna)
    assert [f.path for f in run_rule(bank, CODE)] == ["dna/principles.md"]


@pytest.mark.parametrize(
    ("path", "extra"),
    [
        ("README.md", ""),
        ("domain/index.md", "doc_function: index\n"),
        ("flows/templates/brief.md", "doc_function: template\n"),
        ("_inbox/note.md", ""),
    ],
)
def test_index_documents_templates_and_inbox_are_not_exempt(
    make_bank, run_rule, tmp_path, path, extra
) -> None:
    bank = make_bank(tmp_path, REQUIRES | {path: f"---\n{extra}status: active\n---\n"})
    assert [f.path for f in run_rule(bank, CODE)] == [path]


def test_not_reported_when_the_contract_does_not_require_it(make_bank, run_rule, tmp_path) -> None:
    dna = {
        "dna/principles.md": "# P\n",
        "dna/frontmatter.md": "`derived_from` lists the sources of a document.\n",
    }
    bank = make_bank(tmp_path, dna | {"domain/model.md": ACTIVE_NO_EDGES})
    assert run_rule(bank, CODE) == []


def test_not_reported_without_a_contract(make_bank, run_rule, tmp_path) -> None:
    bank = make_bank(tmp_path, {"domain/model.md": ACTIVE_NO_EDGES})
    assert run_rule(bank, CODE) == []


def test_a_single_value_or_items_naming_no_path_leave_the_requirement_unmet(
    make_bank, run_rule, tmp_path
) -> None:
    """`derived_from: x.md` and `- see: x.md` name no document: MB001 names what was written, and
    the requirement stays unmet, so ignoring MB001 does not switch the governance off (MB005 was
    silent on them)."""
    scalar = "---\ntitle: Model\nstatus: active\nderived_from: ../dna/principles.md\n---\n# Model\n"
    mapping = "---\ntitle: Rules\nstatus: active\nderived_from:\n  - see: ../dna/principles.md\n---\n# R\n"
    bank = make_bank(tmp_path, REQUIRES | {"domain/model.md": scalar, "domain/rules.md": mapping})
    unmet = {f.path: (f.line, f.message) for f in run_rule(bank, CODE)}
    assert unmet == {
        path: (
            4,
            "active document has no derived_from written as a list of paths; "
            "the bank's governance requires one on every active document except the root",
        )
        for path in ("domain/model.md", "domain/rules.md")
    }
    said = {f.path: f.message for f in run_rule(bank, "MB001")}
    assert said["domain/model.md"].startswith(
        "derived_from '../dna/principles.md' is a single value, not a list"
    )
    assert said["domain/rules.md"].startswith(
        "derived_from item 'see: ../dna/principles.md' is a key: value pair"
    )
