"""The hand-written fixture bank: every rule fires at least once, and nothing else fires.

The fixture holds deliberate violations a governed write could never produce (a broken edge, a
second owner, an orphan, broken YAML, a loop, …); its complete expected findings are pinned here.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from memorybank_lint.bank import Bank
from memorybank_lint.linter import lint, scope_filter
from memorybank_lint.registry import all_rules

FIXTURE = Path(__file__).parent / "fixture_bank"

EXPECTED = [
    ("MB002", "broken/bad-yaml.md", 5, "mapping values are not allowed"),
    (
        "MB001",
        "ROADMAP.md",
        7,
        "written from the repository root; relative to this document it is 'dna/principles.md'",
    ),
    ("MB001", "engineering/architecture.md", 8, "'../missing/nowhere.md' does not exist"),
    ("MB005", "domain/glossary.md", 6, "has no derived_from"),
    (
        "MB003",
        "adr/ADR-003-retention.md",
        7,
        "adr/ADR-002-storage.md -> adr/ADR-003-retention.md -> adr/ADR-002-storage.md",
    ),
    ("MB009", "orphan.md", None, "no index document links here"),
    (
        "MB010",
        "features/FT-001/brief.md",
        21,
        "\"The escalation ladder\" is said to be defined in 'escalation-ladder.md', "
        "but 'features/FT-001/escalation-ladder.md'",
    ),
    ("MB008", "features/FT-002/brief.md", 9, "delivery_status 'shipped' is not a declared value"),
    (
        "MB004",
        "conflict.md",
        10,
        "'filter_thresholds' is claimed by 2 documents: conflict.md, domain/rules.md",
    ),
    ("MB006", "engineering/limits.md", 10, "owns canonical_for 'rate_limits'"),
    ("MB007", "README.md", 25, "'adr/ADR-009-never-written.md' leads nowhere"),
    ("MB007", "features/README.md", 14, "'FT-003/' leads nowhere"),
    ("MB011", "dna/governance.md", 32, "maps 'guides/' to 'important'"),
]


def _bank(root: Path = FIXTURE) -> Bank:
    bank = Bank(root)
    bank.refresh()
    return bank


def test_fixture_findings_are_exactly_the_planted_ones() -> None:
    findings = lint(_bank())
    assert [(f.code, f.path, f.line) for f in findings] == [(c, p, line) for c, p, line, _ in EXPECTED]
    for finding, (_, _, _, text) in zip(findings, EXPECTED, strict=True):
        assert text in finding.message


def test_every_rule_fires_on_the_fixture(tmp_path: Path) -> None:
    """The fixture carries no suppression (its findings are its point); its own domain folder with
    one that silences nothing shows the last rule, MB013."""
    stale = tmp_path / "domain"
    shutil.copytree(FIXTURE / "domain", stale)
    with (stale / "model.md").open("a", encoding="utf-8") as handle:
        handle.write("\n<!-- memorybank-lint: disable MB001 -->\n")
    fired = {f.code for f in lint(_bank())} | {f.code for f in lint(_bank(stale))}
    assert fired == {spec.code for spec in all_rules()}


def test_a_bank_without_dna_yields_only_no_contract() -> None:
    findings = lint(_bank(FIXTURE / "domain"))
    assert [(f.code, f.path) for f in findings] == [("MB012", "dna/")]


def test_scope_limits_findings_to_a_subdirectory() -> None:
    bank = _bank()
    assert [(f.code, f.path) for f in lint(bank, in_scope=scope_filter(scope="engineering"))] == [
        ("MB001", "engineering/architecture.md"),
        ("MB006", "engineering/limits.md"),
    ]
    assert [f.code for f in lint(bank, in_scope=scope_filter(scope="./features/"))] == [
        "MB010",
        "MB008",
        "MB007",
    ]


def test_contract_and_shape_the_fixture_declares() -> None:
    bank = _bank()
    contract = bank.contract
    assert contract is not None
    assert contract.roots == {"dna/principles.md"}
    assert contract.requires_derived_from and contract.forbids_cycles
    assert contract.allowed("doc_kind", "adr") == {"adr", "domain", "engineering", "feature", "governance"}
    assert contract.allowed("status", "adr") == {"draft", "active", "archived"}
    assert bank.layers.by_dir == {"scenarios": "decision"}
    assert bank.layers.weight("decision") == 1.2
    layers = {path: doc.layer for path, doc in bank.docs.items()}
    assert layers["_inbox/2026-11-01-note.md"] == "inbox"
    assert layers["features/FT-001/brief.md"] == "delivery"
    assert layers["conflict.md"] == "other"


def test_sections_skip_fenced_headings() -> None:
    rules = _bank().docs["domain/rules.md"]
    assert [(s.title, s.line) for s in rules.sections] == [("Thresholds", 16), ("Invariants", 24)]


def test_recovered_metadata_of_the_broken_document() -> None:
    doc = _bank().docs["broken/bad-yaml.md"]
    assert doc.purpose == "Defines the retry layer: backoff and jitter."
    assert doc.canonical_for == ["retry_policy"]
    assert [(e.raw, e.fit) for e in doc.derived_from] == [
        ("../dna/principles.md", None),
        ("../adr/ADR-001-queue-choice.md", "Only the retry decision."),
    ]


def test_edges_of_the_feature_brief() -> None:
    doc = _bank().docs["features/FT-001/brief.md"]
    kinds = [(e.target.resolved, e.target.external, e.target.url) for e in doc.derived_from]
    assert kinds == [
        ("domain/rules.md", False, False),
        ("adr/ADR-001-queue-choice.md", False, False),
        (None, True, False),
        (None, True, True),
    ]


def test_directory_link_and_fenced_link_in_indexes() -> None:
    bank = _bank()
    assert bank.docs["features/FT-001/brief.md"].registered_in == ["features/README.md"]
    assert all("examples/" not in link.link.target.raw for link in bank.index_links)
    assert not any(link.source == "flows/templates/feature/README.md" for link in bank.index_links)
