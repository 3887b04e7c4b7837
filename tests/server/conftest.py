"""Helpers for server tests: an MCP client over the in-process server, and a fixture bank copy."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

FIXTURE = Path(__file__).resolve().parents[1] / "fixture_bank"


@pytest.fixture
def fixture_bank(tmp_path: Path) -> Path:
    root = tmp_path / "memory_bank"
    shutil.copytree(FIXTURE, root)
    return root


def payload(result: Any) -> Any:
    """The JSON a tool answered with (its one text item)."""
    assert not result.is_error, result.content[0].text
    return json.loads(result.content[0].text)
