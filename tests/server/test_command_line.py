"""`mcp-memorybank` action flags for seeding: output, `--json`, exit codes, and the linter after."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from memorybank_lint.cli import main as lint_main
from memorybank_server.cli import main

from ..conftest import captured


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    return captured(main, argv, capsys)


def test_init_dry_run_then_init_then_lint_clean(tmp_path: Path, capsys) -> None:
    root = tmp_path / "memory_bank"
    code, out, _ = run(["--root", str(root), "--init", "Acme Shop", "--dry-run"], capsys)
    assert code == 0 and out.startswith(f"WOULD CREATE {root}") and "files: 24" in out
    assert not root.exists()
    code, out, _ = run(["--root", str(root), "--init", "Acme Shop"], capsys)
    assert code == 0 and out.startswith(f"CREATED {root}")
    assert (
        "directories: adr, dna, domain, engineering, features, flows, ops, processes, product, use-cases"
        in out
    )
    assert lint_main(["--root", str(root), "--strict"]) == 0
    assert "No findings." in capsys.readouterr().out
    code, out, _ = run(["--root", str(root), "--materialize-flows"], capsys)
    assert code == 0 and out.startswith(f"COPIED 24 files into {root}/flows/templates")
    assert lint_main(["--root", str(root), "--strict"]) == 0


def test_json_prints_the_result_object(tmp_path: Path, capsys) -> None:
    root = tmp_path / "memory_bank"
    code, out, _ = run(["--root", str(root), "--init", "Acme", "--json"], capsys)
    result = json.loads(out)
    assert code == 0
    assert set(result) == {
        "root",
        "created",
        "dryRun",
        "files",
        "directories",
        "warnings",
        "overwrites",
        "skipped",
    }
    assert result["created"] is True and len(result["files"]) == 24


def test_a_refusal_exits_one_with_the_reason(tmp_path: Path, capsys) -> None:
    root = tmp_path / "memory_bank"
    assert run(["--root", str(root), "--init", "Acme"], capsys)[0] == 0
    code, _, err = run(["--root", str(root), "--init", "Acme"], capsys)
    assert code == 1 and "already holds 24 documents" in err


def test_usage_errors_exit_two(tmp_path: Path, monkeypatch, capsys) -> None:
    monkeypatch.chdir(tmp_path)
    assert run(["--init", "Acme"], capsys)[0] == 2
    assert run(["--materialize-flows"], capsys)[0] == 2
    code, _, err = run(["--root", str(tmp_path), "--route", "x", "--limit", "0"], capsys)
    assert code == 2 and "--limit" in err


def test_the_console_scripts_work_as_subprocesses(tmp_path: Path) -> None:
    bin_dir = Path(sys.executable).parent
    root = tmp_path / "memory-bank"
    done = subprocess.run(
        [str(bin_dir / "mcp-memorybank"), "--root", str(root), "--init", "Acme"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    done = subprocess.run(
        [str(bin_dir / "memorybank-lint")], cwd=tmp_path, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0 and "No findings." in done.stdout
