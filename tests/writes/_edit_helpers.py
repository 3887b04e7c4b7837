"""Helpers for the tests of the tools that change one existing document.

Why hash the whole tree (`conftest.tree_hash`): a refused write must change no byte anywhere in
the bank, not only in the file it named.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from memorybank_lint.bank import Bank
from memorybank_lint.edits.transaction import Transaction
from memorybank_lint.linter import lint
from memorybank_server import scaffold
from memorybank_server.errors import ToolInputError
from tests.conftest import write_bank

from .conftest import tree_hash


def findings(root: Path) -> set[tuple[str, str, str]]:
    """The lint findings of the bank at `root`, as (code, path, message)."""
    bank = Bank(root)
    bank.refresh()
    return {(f.code, f.path, f.message) for f in lint(bank)}


def open_bank(root: Path) -> Bank:
    bank = Bank(root)
    bank.refresh()
    return bank


def seeded(tmp_path: Path, files: dict[str, str | bytes] | None = None) -> Path:
    """A fresh `bank_init` bank (24 files, zero findings), with `files` written over it."""
    root = tmp_path / "memory-bank"
    scaffold.init(root, "demo")
    if files:
        write_bank(root, files)
    return root


@contextmanager
def no_new_findings(root: Path) -> Iterator[None]:
    """Assert that the block adds no lint finding to the bank."""
    before = findings(root)
    yield
    assert findings(root) - before == set()


def refused(root: Path, call: Callable[[], Any], match: str) -> str:
    """Run a call that must be refused with `match`, and prove it changed no byte in the bank."""
    before = tree_hash(root)
    with pytest.raises(ToolInputError, match=match) as info:
        call()
    assert tree_hash(root) == before
    return str(info.value)


def write_during_commit(monkeypatch: pytest.MonkeyPatch, path: Path, data: bytes) -> None:
    """Make the next commit find `path` rewritten by someone else after the tool read it.

    The tool reads the file, renders the change and stages it with the hash of what it read; this
    wrapper writes `path` just before the real commit runs, as another editor (or a process that
    ignores the lock) would between the read and the write. The transaction must see the hash
    differ and refuse, leaving the other editor's bytes in place.
    """
    original = Transaction.commit

    def commit(self: Transaction) -> None:
        path.write_bytes(data)
        original(self)

    monkeypatch.setattr(Transaction, "commit", commit)


def crlf_bom(text: str) -> bytes:
    """`text` as a Windows editor saves it: a UTF-8 BOM and CRLF line endings."""
    return b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode("utf-8")


def decoded(path: Path) -> str:
    """A file's text with BOM and CRLF removed, to compare content independent of encoding."""
    return path.read_bytes().decode("utf-8").removeprefix("\ufeff").replace("\r\n", "\n")
