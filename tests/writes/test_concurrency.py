"""Two processes write into one bank at once: nothing is lost, nothing is torn, nothing doubles.

Each process makes 200 rounds of (create a registered document, append a line to one shared
section). The bank's lock serialises them; every write re-reads what it edits under the lock.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from memorybank_lint.bank import Bank
from memorybank_lint.linter import lint
from memorybank_server import scaffold
from memorybank_server.writes.create import create

WRITER = Path(__file__).with_name("_writer.py")
ROUNDS = 200


def seeded_with_ledger(root: Path) -> None:
    scaffold.init(root, "Concurrency")
    bank = Bank(root)
    create(
        bank,
        doc_kind="domain",
        path="domain/ledger.md",
        title="Ledger",
        purpose="Read when checking which writer finished which round.",
        derived_from=["../dna/principles.md"],
        body="## Entries\n\n- start\n\n## Notes\n\nNothing else.",
    )


@pytest.mark.slow
def test_two_writers_lose_nothing(tmp_path: Path) -> None:
    root = tmp_path / "memory_bank"
    seeded_with_ledger(root)
    writers = [
        subprocess.Popen(
            [sys.executable, str(WRITER), str(root), name, str(ROUNDS)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for name in ("alpha", "beta")
    ]
    outputs = [writer.communicate(timeout=600) for writer in writers]
    for writer, (out, err) in zip(writers, outputs, strict=True):
        assert writer.returncode == 0, out[-500:] + err[-2000:]
    names = [f"{name}-{i}" for name in ("alpha", "beta") for i in range(ROUNDS)]

    bank = Bank(root)
    bank.refresh()
    index = (root / "domain" / "README.md").read_text(encoding="utf-8")
    for name in names:
        assert f"domain/{name}.md" in bank.docs
        assert len(re.findall(rf"\]\({re.escape(name)}\.md\)", index)) == 1, name
    ledger = bank.docs["domain/ledger.md"].text
    entries = re.findall(r"^- ((?:alpha|beta)-\d+)$", ledger, re.M)
    assert sorted(entries) == sorted(names)
    assert "## Notes\n\nNothing else." in ledger
    assert all(doc.parse_error is None and doc.read_error is None for doc in bank.docs.values())
    assert lint(bank) == []
    assert not list(root.rglob(".*.tmp"))
