"""Shared helpers for the rule tests: a bank written to disk, and one rule run over it."""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest

from memorybank_lint.bank import Bank
from memorybank_lint.findings import Finding
from memorybank_lint.linter import Selection, lint, scope_filter


def write_bank(tmp_path: Path, files: dict[str, str | bytes], name: str = "memory-bank") -> Bank:
    """Write `files` under `tmp_path/name` and return the refreshed bank.

    Text is dedented and leading newlines are dropped, so a file's first written line is line 1;
    bytes are written as they are.
    """
    root = tmp_path / name
    root.mkdir(parents=True, exist_ok=True)
    for relative, content in files.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(textwrap.dedent(content).lstrip("\n"), encoding="utf-8")
    bank = Bank(root)
    bank.refresh()
    return bank


def run_rule(bank: Bank, code: str, **scope: object) -> list[Finding]:
    """Lint `bank` with only rule `code` selected; `paths=` or `scope=` narrow what is reported."""
    in_scope = scope_filter(**scope) if scope else None  # type: ignore[arg-type]
    return lint(bank, Selection(select=frozenset({code})), in_scope=in_scope)


@pytest.fixture
def make_bank() -> Callable[..., Bank]:
    return write_bank


@pytest.fixture(name="run_rule")
def run_rule_fixture() -> Callable[..., list[Finding]]:
    return run_rule
