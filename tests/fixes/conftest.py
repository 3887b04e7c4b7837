"""Shared set-up for the fix tests: a bank on disk, its findings, and the fix of one finding."""

from __future__ import annotations

import textwrap
from pathlib import Path

from memorybank_lint.bank import Bank
from memorybank_lint.findings import Finding
from memorybank_lint.fixes import Fix, fix_for
from memorybank_lint.linter import lint
from tests.conftest import CLEAN_BANK, write_bank


def bank_with(tmp_path: Path, files: dict[str, str | bytes], *, clean: bool = True) -> Bank:
    """A refreshed bank of `CLEAN_BANK` (unless not `clean`) with `files` written over it."""
    root = write_bank(tmp_path / "memory-bank", {**(CLEAN_BANK if clean else {}), **files})
    bank = Bank(root)
    bank.refresh()
    return bank


def only(bank: Bank, code: str, path: str | None = None) -> Finding:
    [finding] = [f for f in lint(bank) if f.code == code and (path is None or f.path == path)]
    return finding


def fixed_text(bank: Bank, code: str, path: str | None = None) -> tuple[Fix | None, str | None]:
    """The fix of the one `code` finding (on `path`), and the text it makes of its file."""
    found = fix_for(only(bank, code, path), bank)
    if found is None:
        return None, None
    return found, found.edit(bank.docs[found.path].text)


def doc(header: str, body: str = "# Doc\n") -> str:
    """A document: the given header lines (dedented) between fences, then the body."""
    return "---\n" + textwrap.dedent(header).strip("\n") + "\n---\n" + body
