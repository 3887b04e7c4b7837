"""A writer killed with SIGKILL at arbitrary moments leaves every file whole: old or new, never torn.

After each kill: every document parses, every index entry points at a document that exists (a
created document is committed before its index entry), every round's ledger line is complete,
and the bank still validates with no dangling entries.
"""

from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from memorybank_lint.bank import Bank
from memorybank_lint.linter import lint

from .test_concurrency import WRITER, seeded_with_ledger

KILLS = 12


@pytest.mark.slow
def test_sigkill_never_leaves_a_partial_file(tmp_path: Path) -> None:
    root = tmp_path / "memory_bank"
    seeded_with_ledger(root)
    rng = random.Random(20261130)
    completed = 0
    for attempt in range(KILLS):
        writer = subprocess.Popen(
            [sys.executable, str(WRITER), str(root), f"k{attempt}", "0", "--forever"],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        time.sleep(rng.uniform(0.4, 1.6))
        os.kill(writer.pid, signal.SIGKILL)
        out, _ = writer.communicate()
        completed += out.count("done ")

        bank = Bank(root)
        bank.refresh()
        assert all(doc.parse_error is None and doc.read_error is None for doc in bank.docs.values())
        for path, doc in bank.docs.items():
            if path.startswith("domain/k"):
                body = doc.text.split("## Payload\n\n", 1)[1]
                name = path.removeprefix("domain/").removesuffix(".md")
                assert body == f"{name} " * 199 + f"{name}\n", path
        assert [f for f in lint(bank) if f.code in ("MB001", "MB002", "MB007")] == []
        ledger = bank.docs["domain/ledger.md"].text
        assert ledger.endswith("## Notes\n\nNothing else.\n")
        assert re.findall(r"^- (k\d+-\d+)$", ledger, re.M) == re.findall(r"^- (k\d+-\d+)", ledger, re.M)
    assert completed > 0
    finish = subprocess.run(
        [sys.executable, str(WRITER), str(root), "final", "1"], capture_output=True, text=True
    )
    assert finish.returncode == 0, finish.stderr
    assert not list((root / "domain").glob(".*.tmp")), "the next write sweeps what killed writers left"
