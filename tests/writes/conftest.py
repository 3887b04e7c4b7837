"""Helpers for the write tests: a seeded bank, a whole-tree hash, and a "no new findings" check.

Why hash the whole tree, hidden files included: a refused write must change no byte and make no
folder anywhere, not just in the file it aimed at. Nothing is left out: the write lock is held on
the bank folder itself and leaves no file behind.
"""

from __future__ import annotations

import hashlib
import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from memorybank_lint.bank import Bank
from memorybank_lint.linter import lint
from memorybank_server.scaffold import init


def tree_hash(root: Path) -> dict[str, str]:
    """Every path under `root` (hidden ones included): a file's SHA-256, "dir", or a link's target.

    Links are recorded, never followed, so a link to somewhere outside cannot hide a change there
    nor make the walk leave `root`.
    """
    state: dict[str, str] = {}
    for directory, dirs, files in os.walk(root):
        for name in dirs + files:
            path = Path(directory) / name
            relative = path.relative_to(root).as_posix()
            if path.is_symlink():
                state[relative] = "link:" + os.readlink(path)
            elif path.is_dir():
                state[relative] = "dir"
            elif path.is_file():
                state[relative] = hashlib.sha256(path.read_bytes()).hexdigest()
            else:
                state[relative] = "special"
    return state


HANG = 60  # seconds after which a write that has not returned counts as hung


def finishes(call: Callable[[], Any]) -> Any:
    """Run `call` in a thread; fail the test (instead of stalling the run) if it has not returned
    after `HANG` seconds. A hung thread is left behind as a daemon: only its own sandbox is held."""
    outcome: dict[str, Any] = {}

    def run() -> None:
        try:
            outcome["value"] = call()
        except BaseException as exc:  # handed back to the caller below
            outcome["error"] = exc

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(HANG)
    assert not worker.is_alive(), "the write never returned"
    if "error" in outcome:
        raise outcome["error"]
    return outcome.get("value")


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
def tree() -> Callable[[Path], dict[str, str]]:
    return tree_hash


@pytest.fixture
def put() -> Callable[[Path, str, str | bytes], Path]:
    return write
