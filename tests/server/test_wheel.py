"""The starter ships inside the wheel: build it, install it into a fresh environment, seed a bank."""

from __future__ import annotations

import subprocess
import sys
import venv
from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_wheel_installs_and_seeds_a_bank_that_lints_clean(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(dist), str(PROJECT)],
        check=True,
        capture_output=True,
    )
    (wheel,) = dist.glob("mcp_memorybank-*.whl")
    env_dir = tmp_path / "env"
    venv.create(env_dir, with_pip=True)
    bin_dir = env_dir / "bin"
    subprocess.run([str(bin_dir / "pip"), "install", "-q", str(wheel)], check=True, capture_output=True)
    root = tmp_path / "elsewhere" / "memory_bank"
    root.parent.mkdir()
    seed = subprocess.run(
        [str(bin_dir / "mcp-memorybank"), "--root", str(root), "--init", "Wheel Test"],
        cwd=root.parent,
        capture_output=True,
        text=True,
        check=False,
    )
    assert seed.returncode == 0, seed.stderr
    assert "files: 24" in seed.stdout
    lint = subprocess.run(
        [str(bin_dir / "memorybank-lint"), "--root", str(root), "--strict"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert lint.returncode == 0, lint.stdout + lint.stderr
    copied = subprocess.run(
        [str(bin_dir / "mcp-memorybank"), "--root", str(root), "--materialize-flows"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert copied.returncode == 0 and "COPIED 24 files" in copied.stdout
    imported = subprocess.run([str(bin_dir / "python"), "-c", "import mcp"], capture_output=True, check=False)
    assert imported.returncode != 0, "the base install must not pull in the MCP SDK"
