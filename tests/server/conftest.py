"""Helpers for server tests: an MCP client over the in-process server, a fixture bank copy, and a
generated bank of many similar pages."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from memorybank_lint.bank import Bank
from tests.conftest import load_generator

FIXTURE = Path(__file__).resolve().parents[1] / "fixture_bank"


@pytest.fixture
def fixture_bank(tmp_path: Path) -> Path:
    root = tmp_path / "memory_bank"
    shutil.copytree(FIXTURE, root)
    return root


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> tuple[Bank, list[str]]:
    """A generated 300-page bank (many ties, common words in most headers) and words from it."""
    root = tmp_path_factory.mktemp("generated") / "bank"
    load_generator().generate(root, 300)
    bank = Bank(root)
    bank.refresh()
    words = sorted(
        {w for doc in list(bank.docs.values())[:60] for w in re.findall(r"[a-zа-яё]{4,}", doc.text.lower())}
    )
    return bank, words


def payload(result: Any) -> Any:
    """The JSON a tool answered with (its one text item)."""
    assert not result.is_error, result.content[0].text
    return json.loads(result.content[0].text)
