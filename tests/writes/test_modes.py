"""A file a write replaces keeps its permission bits, whatever the writer's umask.

Every write renames a freshly staged file over the old one; the staged file used to get the
writer's defaults, so a private document turned world-readable and a group lost its write.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from memorybank_lint.bank import Bank
from memorybank_lint.cli import main as lint_main
from memorybank_server.writes.edit import edit
from memorybank_server.writes.fields import set_field
from memorybank_server.writes.status import set_status
from tests.conftest import captured

CONTEXT = "product/context.md"
WRITES: dict[str, Callable[[Bank], Any]] = {
    "set_status": lambda bank: set_status(bank, path=CONTEXT, status="active"),
    "set_field": lambda bank: set_field(bank, path=CONTEXT, field="owner", value="platform team"),
    "edit": lambda bank: edit(bank, path=CONTEXT, find="This document is the", replace="This page is the"),
}


@pytest.fixture
def umask() -> Iterator[None]:
    """The common default, under which a fresh file is 0644."""
    old = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(old)


def _mode(path: Path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


@pytest.mark.parametrize("mode", [0o600, 0o640, 0o664, 0o444], ids=oct)
@pytest.mark.parametrize("write", sorted(WRITES))
def test_a_governed_write_keeps_the_documents_permission_bits(
    seeded: Bank, umask: None, write: str, mode: int
) -> None:
    target = seeded.root / CONTEXT
    before = target.read_bytes()
    os.chmod(target, mode)
    seeded.refresh()
    WRITES[write](seeded)
    assert target.read_bytes() != before and _mode(target) == mode


def test_a_fix_registering_a_document_keeps_the_index_private(seeded: Bank, umask: None, capsys) -> None:
    index = seeded.root / "domain/README.md"
    os.chmod(index, 0o600)
    (seeded.root / "domain/retry.md").write_text(
        "---\ntitle: Retry\ndoc_kind: domain\ndoc_function: canonical\npurpose: Read when a call fails.\n"
        "derived_from:\n  - ../product/context.md\nstatus: draft\n---\n# Retry\n"
    )
    _code, out, _ = captured(lint_main, ["--root", str(seeded.root), "--fix", "--unsafe-fixes"], capsys)
    assert "retry.md" in index.read_text() and _mode(index) == 0o600, out
