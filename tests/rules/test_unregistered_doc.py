"""MB009 unregistered-doc: no index document links to this document."""

from __future__ import annotations

import pytest

CODE = "MB009"


def test_orphan_is_reported(make_bank, run_rule, tmp_path) -> None:
    bank = make_bank(tmp_path, {"README.md": "- [Linked](linked.md)\n", "linked.md": "", "orphan.md": ""})
    [finding] = run_rule(bank, CODE)
    assert finding.code == CODE
    assert finding.rule == "unregistered-doc"
    assert finding.path == "orphan.md"
    assert finding.line is None
    assert "no index document links here" in finding.message


def test_document_linked_from_a_declared_index_is_silent(make_bank, run_rule, tmp_path) -> None:
    index = "---\ndoc_function: index\n---\n- [Model](model.md)\n"
    bank = make_bank(tmp_path, {"domain/index.md": index, "domain/model.md": ""})
    assert run_rule(bank, CODE) == []


@pytest.mark.parametrize(
    ("path", "text"),
    [
        ("_inbox/note.md", "# Note\n"),
        ("domain/overview.md", "---\ndoc_function: index\n---\n"),
        ("README.md", "# Root\n"),
        ("adr/README.md", "# ADRs\n"),
        ("flows/templates/feature/README.md", "---\ndoc_function: template\n---\n"),
    ],
)
def test_exempt_documents(make_bank, run_rule, tmp_path, path, text) -> None:
    bank = make_bank(tmp_path, {path: text})
    assert run_rule(bank, CODE) == []


@pytest.mark.parametrize(
    ("path", "text"),
    [
        ("flows/templates/feature/brief.md", "---\ndoc_function: template\n---\n"),
        ("dna/principles.md", "# Principles\n"),
        ("adr/old.md", "---\nstatus: archived\n---\n"),
        ("index.md", "# Index without doc_function: index\n"),
        ("readme.md", "# lower-case name\n"),
        ("OTHER-README.md", "# only ends in README.md\n"),
    ],
)
def test_not_exempt(make_bank, run_rule, tmp_path, path, text) -> None:
    bank = make_bank(tmp_path, {path: text})
    assert [f.path for f in run_rule(bank, CODE)] == [path]


def test_links_that_do_not_register(make_bank, run_rule, tmp_path) -> None:
    bank = make_bank(
        tmp_path,
        {
            "notes.md": "---\ndoc_function: canonical\n---\n- [a](a.md)\n",
            "flows/templates/feature/README.md": "---\ndoc_function: template\n---\n- [b](../../../b.md)\n",
            "README.md": "# Index\n\n```md\n- [c](c.md)\n```\n- [notes](notes.md)\n",
            "a.md": "",
            "b.md": "",
            "c.md": "",
        },
    )
    assert [f.path for f in run_rule(bank, CODE)] == ["a.md", "b.md", "c.md"]


def test_directory_link_registers_the_directory_index(make_bank, run_rule, tmp_path) -> None:
    bank = make_bank(
        tmp_path,
        {
            "features/README.md": "- [FT-001](FT-001/)\n- [FT-002](FT-002/)\n",
            "features/FT-001/index.md": "# FT-001\n",
            "features/FT-002/README.md": "# FT-002\n",
        },
    )
    assert bank.docs["features/FT-001/index.md"].registered_in == ["features/README.md"]
    assert bank.docs["features/FT-002/README.md"].registered_in == ["features/README.md"]
    assert run_rule(bank, CODE) == []


def test_scope_limits_the_documents_reported(make_bank, run_rule, tmp_path) -> None:
    bank = make_bank(tmp_path, {"adr/a.md": "", "domain/b.md": ""})
    assert [f.path for f in run_rule(bank, CODE, scope="adr")] == ["adr/a.md"]


def test_a_label_holding_brackets_registers_its_document(make_bank, run_rule, tmp_path) -> None:
    """`[[DRAFT] Notes](notes.md)` is a link (CommonMark: a label may hold brackets that balance):
    the scanner cut the label at the inner `]`, read no link, and called `notes.md` unregistered."""
    readme = "- [[DRAFT] Notes](notes.md)\n- [see [the spec]](spec.md)\n"
    bank = make_bank(tmp_path, {"README.md": readme, "notes.md": "", "spec.md": ""})
    assert run_rule(bank, CODE) == []
