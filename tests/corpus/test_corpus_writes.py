"""Governed writes on copies of real banks: each leaves the bank no worse than it found it.

The banks are copied (never written in place). On each: create a document in a real section,
rewrite a Russian-named section, and set a field on a document whose YAML is broken by an
unquoted colon. Afterwards no finding exists that did not exist before.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from memorybank_lint.bank import Bank
from memorybank_lint.linter import lint
from memorybank_server.writes.create import create
from memorybank_server.writes.fields import set_field
from memorybank_server.writes.sections import update_section

from .conftest import corpus_banks


def _copy(source: Path, tmp_path: Path) -> Bank:
    target = tmp_path / "memory-bank"
    shutil.copytree(source, target, symlinks=True)
    bank = Bank(target)
    bank.refresh()
    return bank


def _keys(bank: Bank) -> set[tuple[str, str, str]]:
    bank.refresh()
    return {(f.code, f.path, f.value or f.message) for f in lint(bank)}


def _russian_section(bank: Bank) -> tuple[str, str] | None:
    """A Russian-named section holding no links (replacing navigation would orphan documents)."""
    for path, doc in bank.docs.items():
        if doc.is_template or doc.is_index or doc.layer == "inbox" or doc.read_error:
            continue
        lines = doc.text.split("\n")
        titles = [s.title for s in doc.sections]
        for section in doc.sections:
            text = "\n".join(lines[section.line - 1 : section.end])
            if (
                any("а" <= ch.lower() <= "я" for ch in section.title)
                and "](" not in text
                and titles.count(section.title) == 1
            ):
                return path, section.title
    return None


@pytest.mark.parametrize("source", corpus_banks(), ids=lambda p: p.parent.name)
def test_writes_leave_a_real_bank_no_worse(source: Path, tmp_path: Path) -> None:
    bank = _copy(source, tmp_path)
    before = _keys(bank)
    root_doc = sorted(bank.contract.roots)[0] if bank.contract and bank.contract.roots else None
    derived = [f"../{root_doc}"] if root_doc else []
    made = create(
        bank,
        doc_kind="domain",
        path="domain/write-check.md",
        title="Write check",
        purpose="Read when checking that governed writes keep this bank clean.",
        derived_from=derived,
        body="## Проверка\n\nЗапись через сервер.",
    )
    assert made["created"] and made["registeredIn"]

    found = _russian_section(bank)
    assert found is not None, "every corpus bank has Russian headings"
    path, title = found
    text_before = (bank.root / path).read_text(encoding="utf-8")
    updated = update_section(bank, path=path, section=title, content="Раздел переписан проверкой.")
    assert updated["section"] == title
    text_after = (bank.root / path).read_text(encoding="utf-8")
    head = text_before.split(f"## {title}", 1)[0]
    assert text_after.startswith(head), "nothing before the section may change"

    broken = [p for p, d in bank.docs.items() if d.parse_error and not d.is_template and d.layer != "inbox"]
    if broken:
        result = set_field(bank, path=broken[0], field="reviewed_by", value="write-check: corpus tier")
        assert result["changed"]
    after = _keys(bank)
    assert after - before == set(), sorted(after - before)
