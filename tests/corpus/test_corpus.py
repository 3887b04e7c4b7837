"""The corpus tier: real banks from public repositories, linted as they are.

Generic checks run on every bank (and on `MEMORYBANK_TEST_ROOTS` banks); the per-bank
expectations below were established by reading those banks.
"""

from __future__ import annotations

import collections
import json
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from memorybank_lint.bank import Bank
from memorybank_lint.linter import lint

from .conftest import CORPUS, corpus_banks, external_roots

BANKS = corpus_banks()


def test_the_corpus_is_present() -> None:
    assert len(BANKS) >= 7, f"expected the shared corpus at {CORPUS}"


def _strict_yaml_failures(root: Path, bank: Bank) -> set[str]:
    """Documents whose frontmatter PyYAML's own safe loader rejects, found without our parser."""
    failing = set()
    for path in bank.docs:
        text = (root / path).read_bytes().decode("utf-8", errors="replace").removeprefix("\ufeff")
        text = text.replace("\r\n", "\n")
        if not text.startswith("---") or text[3:4] == "-":
            continue
        end = text.find("\n---", 3)
        block = text[3:end] if end >= 0 else text[3:]
        try:
            yaml.safe_load(block)
        except yaml.YAMLError:
            failing.add(path)
    return failing


def _generic_checks(root: Path) -> None:
    script = Path(sys.executable).with_name("memorybank-lint")
    done = subprocess.run(
        [str(script), "--root", str(root), "--format", "json"], capture_output=True, text=True, check=False
    )
    assert done.returncode in (0, 1), done.stderr
    assert "Traceback" not in done.stderr
    findings = json.loads(done.stdout)
    bank = Bank(root)
    bank.refresh()
    assert {f["path"] for f in findings if f["code"] == "MB002"} == _strict_yaml_failures(root, bank)
    assert all(f["path"] in bank.docs or f["path"] == "dna/" for f in findings)
    assert all(f["line"] >= 1 and f["column"] >= 1 for f in findings)
    for finding in findings:
        if finding["code"] == "MB001":
            assert "://" not in finding["message"]
    fenced_lines = {
        (path, doc.body_line + index)
        for path, doc in bank.docs.items()
        if doc.is_index
        for index, inside in enumerate(_fence_mask(doc))
        if inside
    }
    assert not [f for f in findings if f["code"] == "MB007" and (f["path"], f["line"]) in fenced_lines]


def _fence_mask(doc) -> list[bool]:
    from memorybank_lint.frontmatter import split
    from memorybank_lint.markdown import fenced

    return fenced(split(doc.text).body.split("\n"))


@pytest.mark.parametrize("root", BANKS, ids=lambda p: p.parent.name)
def test_corpus_bank_generic(root: Path) -> None:
    _generic_checks(root)


@pytest.mark.external_root
@pytest.mark.parametrize("root", external_roots() or ["(unset)"])
def test_external_bank_generic(root: str) -> None:
    path = Path(root)
    assert path.is_dir(), f"MEMORYBANK_TEST_ROOTS names {root}, which is not a directory"
    _generic_checks(path)


def _findings(name: str) -> tuple[Bank, list]:
    bank = Bank(CORPUS / name / "memory-bank")
    bank.refresh()
    return bank, lint(bank)


def _by_code(findings: list, code: str) -> list:
    return [f for f in findings if f.code == code]


@pytest.mark.parametrize("root", BANKS, ids=lambda p: p.parent.name)
def test_every_corpus_bank_states_its_contract(root: Path) -> None:
    bank = Bank(root)
    bank.refresh()
    contract = bank.contract
    assert contract is not None
    assert contract.roots == {"dna/principles.md"}
    assert contract.requires_derived_from, "the governance sentence about derived_from was not recognised"
    assert contract.forbids_cycles


def test_zelma_cycles_and_undeclared_delivery_status() -> None:
    _, findings = _findings("dapi__zelma")
    assert len(_by_code(findings, "MB003")) == 7
    implemented = [f for f in _by_code(findings, "MB008") if f.value == "delivery_status=implemented"]
    assert len(implemented) == 45


def test_arshev_governance_only_table_is_not_enforced_on_project_docs() -> None:
    _, findings = _findings("Arshev__apartus")
    assert _by_code(findings, "MB008") == []
    cycles = sorted(f.path for f in _by_code(findings, "MB003"))
    assert cycles == ["features/FT-HW1-02-unit-crud/feature.md", "features/FT-HW1-04-branches/feature.md"]
    assert sorted(f.value for f in _by_code(findings, "MB001")) == [
        "../adr/ADR-004-money-as-cents.md",
        "architecture.md",
        "frontend.md",
    ]


def test_igor_arkhipov_two_loops_and_no_enum_noise() -> None:
    """FT-016's feature and protocol derive from each other, and the protocol's implementation
    plan closes a second loop through the feature: both are reported, each from its smallest
    member, whichever document the walk met first."""
    _, findings = _findings("IgorArkhipov__ai-setup")
    assert sorted(f.message for f in _by_code(findings, "MB003")) == [
        "derived_from cycle: features/FT-016/feature.md -> features/FT-016/protocol.md "
        "-> features/FT-016/feature.md",
        "derived_from cycle: features/FT-016/feature.md -> features/FT-016/protocol.md "
        "-> features/FT-016/implementation-plan.md -> features/FT-016/feature.md",
    ]
    assert _by_code(findings, "MB008") == []


def test_dapi_root_readme_is_a_second_de_facto_root() -> None:
    _, findings = _findings("dapi__memory-bank")
    assert [f.path for f in _by_code(findings, "MB005")] == ["README.md"]


def test_lynxlg_description_cells_do_not_become_values() -> None:
    bank, _ = _findings("lynxlg__telegram_shop_bot")
    allowed = bank.contract.allowed("doc_kind", "governance")
    assert allowed is not None and "active" not in allowed and "governance" in allowed


def test_4itosik_open_list_and_four_backtick_templates() -> None:
    bank, findings = _findings("4itosik__feedium")
    assert bank.contract.allowed("doc_kind", "feature") is None
    assert [s.title for s in bank.docs["adr/index.md"].sections] == ["Naming", "Statuses", "ADR Templates"]
    assert {f.value.split("=")[0] for f in _by_code(findings, "MB008")} == {"doc_function"}


def test_sibsfinx_dangling_prompt_registry() -> None:
    _, findings = _findings("sibsfinx__memory-bank-template")
    dangling = _by_code(findings, "MB007")
    assert {f.path for f in dangling} == {"prompts/README.md"}
    assert len(dangling) == 4


def test_no_template_readme_is_treated_as_an_index() -> None:
    counts = collections.Counter()
    for root in BANKS:
        bank = Bank(root)
        bank.refresh()
        counts.update(link.source for link in bank.index_links if bank.docs[link.source].is_template)
    assert counts == {}
