"""Helpers for the write tests: a seeded bank, a whole-tree hash, and a "no new findings" check.

Why hash the whole tree: a refused write must change no byte anywhere, not just in the file it
aimed at. The one file left out is `.memorybank.lock`, the empty inter-process lock file that
`locked()` creates on first use and never writes to: it is machinery, not bank content.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from memorybank_lint.bank import Bank
from memorybank_lint.linter import lint
from memorybank_server.scaffold import init
from memorybank_server.writes.lock import LOCK_NAME


def tree_hash(root: Path) -> str:
    """One digest over every path, file byte and symlink target under `root` (the lock file aside)."""
    digest = hashlib.sha256()
    for directory, dirs, files in os.walk(root):
        dirs.sort()
        for name in sorted(dirs + files):
            path = Path(directory) / name
            relative = path.relative_to(root).as_posix()
            if relative == LOCK_NAME:
                continue
            digest.update(relative.encode() + b"\0")
            if path.is_symlink():
                digest.update(b"link:" + os.readlink(path).encode())
            elif path.is_file():
                digest.update(path.read_bytes())
            digest.update(b"\0")
    return digest.hexdigest()


def findings(bank: Bank) -> set[tuple[str, str, str]]:
    bank.refresh()
    return {(f.code, f.path, f.message) for f in lint(bank)}


@pytest.fixture
def seeded(tmp_path: Path) -> Bank:
    """A bank as `bank_init` leaves it: 24 files, zero findings."""
    root = tmp_path / "memory-bank"
    init(root, "demo")
    bank = Bank(root)
    bank.refresh()
    assert findings(bank) == set()
    return bank


@pytest.fixture
def clean_after() -> Callable[[Bank], None]:
    """Assert a bank that started with zero findings still has none."""

    def check(bank: Bank) -> None:
        assert findings(bank) == set()

    return check


def write(root: Path, path: str, text: str | bytes) -> Path:
    target = root / path
    target.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        target.write_bytes(text)
    else:
        target.write_text(text, encoding="utf-8")
    return target


@pytest.fixture
def tree() -> Callable[[Path], str]:
    return tree_hash


@pytest.fixture
def put() -> Callable[[Path, str, str | bytes], Path]:
    return write
