"""The benchmark's generated bank: deterministic, indexable, governed, and wrong only where planted.

Why test a benchmark helper: the 10,000-document figures are only comparable from run to run if
the generator writes the same bytes for the same seed, and they only measure real validation work
if the bank has a contract the linter recognises and the findings are the planted defects, not
generator bugs that happen to cost time.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from memorybank_lint.bank import Bank
from memorybank_lint.linter import lint

from .conftest import load_generator

N_DOCS = 300

gen = load_generator()


def _tree(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def bank_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("generated") / "memory-bank"
    gen.generate(root, N_DOCS, seed=7)
    return root


@pytest.fixture(scope="module")
def bank(bank_dir: Path) -> Bank:
    bank = Bank(bank_dir)
    bank.refresh()
    return bank


def test_same_seed_gives_byte_identical_tree(bank_dir: Path, tmp_path: Path) -> None:
    again = tmp_path / "again"
    gen.generate(again, N_DOCS, seed=7)
    assert _tree(again) == _tree(bank_dir)


def test_different_seed_gives_different_tree(bank_dir: Path, tmp_path: Path) -> None:
    other = tmp_path / "other"
    gen.generate(other, N_DOCS, seed=8)
    assert _tree(other) != _tree(bank_dir)


def test_writes_exactly_n_markdown_documents_of_realistic_size(bank_dir: Path) -> None:
    files = list(bank_dir.rglob("*"))
    docs = [p for p in files if p.is_file()]
    assert len(docs) == N_DOCS
    assert all(p.suffix == ".md" for p in docs)
    content = [p for p in docs if p.name != "README.md"]
    sizes = sorted(p.stat().st_size for p in content)
    assert sizes[len(sizes) // 2] >= 1024
    assert sizes[-1] <= 10 * 1024


def test_refuses_a_non_empty_folder(bank_dir: Path) -> None:
    with pytest.raises(FileExistsError):
        gen.generate(bank_dir, N_DOCS)


def test_refuses_too_few_documents(tmp_path: Path) -> None:
    with pytest.raises(ValueError):
        gen.generate(tmp_path / "tiny", 5)


def test_bank_indexes_every_document(bank: Bank) -> None:
    assert len(bank.docs) == N_DOCS
    assert not [p for p, d in bank.docs.items() if d.read_error]
    sections = {path.split("/", 1)[0] for path in bank.docs if "/" in path}
    assert {"dna", "domain", "engineering", "ops", "adr", "features", "flows", "prd", "product"} <= sections
    assert any(path.startswith("features/FT-") and path.endswith("/brief.md") for path in bank.docs)
    assert bank.docs["README.md"].links, "the root README links the sections"


def test_bank_declares_a_contract(bank: Bank) -> None:
    contract = bank.contract
    assert contract is not None
    assert contract.requires_derived_from
    assert contract.forbids_cycles
    assert contract.roots == {"dna/principles.md"}
    assert contract.allowed("status", "domain") == frozenset({"draft", "active", "archived"})
    assert "in_progress" in (contract.allowed("delivery_status", "feature") or ())
    assert not bank.layers.unknown


def test_lint_finds_only_the_planted_defects(bank: Bank) -> None:
    planted = gen.planted_defects(N_DOCS, seed=7)
    findings = lint(bank)
    assert {f.code for f in findings} == set(gen.DEFECT_CODES.values())
    found: dict[str, list[str]] = {}
    for finding in findings:
        found.setdefault(finding.code, []).append(finding.path)
    assert {code: sorted(paths) for code, paths in found.items()} == planted


def test_most_documents_are_clean(bank: Bank) -> None:
    dirty = Counter(f.path for f in lint(bank))
    assert len(dirty) <= 0.02 * N_DOCS
