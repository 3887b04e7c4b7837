"""The write lock is waited on for a bounded time, and only by what writes."""

from __future__ import annotations

from pathlib import Path

import pytest

from memorybank_lint.cli import main
from memorybank_lint.edits import lock
from memorybank_lint.edits.errors import Refused
from memorybank_lint.edits.lock import bank_lock
from tests.conftest import CLEAN_BANK, captured, write_bank

BROKEN = {
    **CLEAN_BANK,
    "domain/broken.md": "---\ntitle: B\npurpose: Retry layer: backoff\nstatus: draft\n---\n# B\n",
}


def test_a_diff_writes_nothing_and_so_never_waits_for_the_lock(tmp_path: Path, capsys) -> None:
    """Any process that can read the bank's folder can lock it; `--diff` must not hang on it."""
    root = write_bank(tmp_path / "memory-bank", BROKEN)
    with bank_lock(root):
        code, out, _ = captured(main, ["--root", str(root), "--no-cache", "--diff"], capsys)
    assert code == 1 and "+purpose: 'Retry layer: backoff'" in out


def test_a_writer_gives_up_on_a_lock_never_released_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    root = write_bank(tmp_path / "memory-bank", BROKEN)
    before = (root / "domain/broken.md").read_bytes()
    monkeypatch.setattr(lock, "WAIT_SECONDS", 0.2)
    with bank_lock(root):
        with (
            pytest.raises(Refused, match=r"stayed locked by another writer for 0\.2 seconds"),
            bank_lock(root),
        ):
            pass
        code, _, err = captured(main, ["--root", str(root), "--no-cache", "--fix"], capsys)
    assert "stayed locked by another writer" in err and code == 2  # not a finding: nothing was judged
    assert (root / "domain/broken.md").read_bytes() == before
