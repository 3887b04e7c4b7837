"""Headers built to break the loader, through both commands as real processes: one finding, answers.

Each header here once stopped a tool: a tag PyYAML cannot build (a traceback for the whole bank), a
merge-key alias bomb (bank_read never returned), a 5,000-digit number (no JSON could print it),
nesting 950 levels deep (RecursionError). Each is now that document's MB002, and `--read` answers
with the values recovered line by line.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import CLEAN_BANK, write_bank
from tests.test_frontmatter import merge_bomb

HEADERS = {
    "tag": "reviewed: !!bool maybe\nwhen: !!timestamp nonsense",
    "merge-bomb": merge_bomb(),
    "hex": "size: 0x" + "f" * 5000,
    "nested": "".join(" " * i + f"k{i}:\n" for i in range(950)) + " " * 950 + "v: 1",
}


def _limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (2 * 1024**3, 2 * 1024**3))


def _run(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *argv],
        capture_output=True,
        text=True,
        timeout=60,
        preexec_fn=_limited,
        env={k: v for k, v in os.environ.items() if k != "GITHUB_ACTIONS"},
    )


@pytest.fixture(params=sorted(HEADERS))
def bank(request, tmp_path: Path) -> Path:
    document = f"---\ntitle: Hostile\nstatus: draft\n{HEADERS[request.param]}\n---\n# Hostile\n\n## Body\n"
    return write_bank(tmp_path / "memory-bank", CLEAN_BANK | {"domain/hostile.md": document})


def test_the_linter_reports_the_document_and_the_rest_of_the_bank(bank: Path) -> None:
    done = _run("memorybank_lint.cli", "--root", str(bank), "--format", "json")
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode == 1
    findings = json.loads(done.stdout)
    assert [(f["path"], f["code"]) for f in findings if f["severity"] == "error"] == [
        ("domain/hostile.md", "MB002")
    ]
    assert {f["path"] for f in findings if f["code"] == "MB009"} == {"domain/hostile.md"}


def test_read_answers_with_the_recovered_values(bank: Path) -> None:
    done = _run("memorybank_server.cli", "--root", str(bank), "--read", "domain/hostile.md", "--json")
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode == 0
    answer = json.loads(done.stdout)
    assert answer["frontmatter"]["title"] == "Hostile"
    assert answer["availableSections"] == ["Body"]


def test_route_and_validate_answer(bank: Path) -> None:
    for action in (("--route", "hostile body"), ("--validate",), ("--search", "hostile")):
        done = _run("memorybank_server.cli", "--root", str(bank), *action, "--json")
        assert "Traceback" not in done.stderr, (action, done.stderr)
        assert done.returncode in (0, 1), action
        json.loads(done.stdout)
