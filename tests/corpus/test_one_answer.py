"""One answer on real banks: the server's validation equals the linter's under one project
configuration, and seeding with `--force` never makes a bank worse.

The configuration is a real project's shape: the bank is not in a default-named folder (so only
the configured `root` finds it), one rule is ignored, one rule is silenced for a folder, and one
rule's severity is changed. Both console scripts run as subprocesses from the project folder.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import anyio
import pytest
from mcp import Client

from memorybank_lint.bank import Bank
from memorybank_lint.config import load
from memorybank_lint.linter import lint
from memorybank_server import scaffold
from memorybank_server.server import build_server

from .conftest import corpus_banks

BIN = Path(sys.executable).parent
CONFIG = """\
[tool.memorybank]
root = "docs-bank"
ignore = ["unknown-layer-value"]
[tool.memorybank.per-file-ignores]
"features/*" = ["MB009"]
"adr/*" = ["unregistered-doc"]
[tool.memorybank.severity]
MB001 = "warning"
MB008 = "error"
"""


@pytest.fixture(params=corpus_banks(), ids=lambda p: p.parent.name)
def project(request: pytest.FixtureRequest, tmp_path: Path) -> Path:
    shutil.copytree(request.param, tmp_path / "docs-bank")
    (tmp_path / "pyproject.toml").write_text(CONFIG, encoding="utf-8")
    subprocess.run(["git", "init", "-q"], cwd=tmp_path, check=True)
    return tmp_path


def _run(project: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("GITHUB_ACTIONS", "GITHUB_STEP_SUMMARY")}
    return subprocess.run(argv, cwd=project, capture_output=True, text=True, check=False, env=env)


def _key(finding: dict) -> tuple[str, str, int, str, str]:
    return (
        finding["code"],
        finding["path"],
        finding["line"],
        finding["severity"],
        finding["message"],
    )


def test_validate_and_the_linter_agree_under_the_project_configuration(project: Path) -> None:
    linted = _run(project, str(BIN / "memorybank-lint"), "--format", "json")
    served = _run(project, str(BIN / "mcp-memorybank"), "--validate", "--json")
    assert linted.returncode in (0, 1), linted.stderr
    assert served.returncode == linted.returncode, served.stderr
    expected = [_key(f) for f in json.loads(linted.stdout)]
    assert [_key(f) for f in json.loads(served.stdout)["findings"]] == expected
    codes = {f[0] for f in expected}
    assert "MB011" not in codes
    silenced = ("features/", "adr/")
    assert not any(code == "MB009" and path.startswith(silenced) for code, path, *_ in expected)
    assert all(severity == "warning" for code, _, _, severity, _ in expected if code == "MB001")

    async def over_mcp() -> list[tuple[str, str, int, str, str]]:
        server = build_server(project / "docs-bank", config=load(project))
        async with Client(server) as client:
            result = await client.call_tool("bank_validate", {})
            return [_key(f) for f in json.loads(result.content[0].text)["findings"]]

    assert anyio.run(over_mcp) == expected


def _findings(root: Path) -> set[tuple[str, str, str]]:
    bank = Bank(root)
    bank.refresh()
    return {(f.code, f.path, f.message) for f in lint(bank)}


@pytest.mark.parametrize("source", corpus_banks(), ids=lambda p: p.parent.name)
def test_force_never_adds_a_finding_to_a_real_bank(source: Path, tmp_path: Path) -> None:
    root = tmp_path / "memory-bank"
    shutil.copytree(source, root)
    before = _findings(root)
    seeded = scaffold.init(root, "Corpus", force=True)
    assert _findings(root) <= before
    assert all((root / path).is_file() for path in seeded.files)
    after_init = _findings(root)
    scaffold.materialize_flows(root, force=True)
    assert _findings(root) <= after_init
