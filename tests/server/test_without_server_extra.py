"""Every one-shot action runs on the base install, where the MCP SDK is absent.

Why a test apart from the wheel test: that one is slow (it builds and installs a wheel), and an
import of the SDK that creeps into a module the actions load broke every action of a base install
at once. Here the SDK is made unimportable in a child interpreter (`sys.modules["mcp"] = None`
is how Python marks a module that cannot be imported), so the same mistake fails in a second.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

WITHOUT_SDK = (
    "import sys; sys.modules['mcp'] = None; sys.argv[0] = 'mcp-memorybank'; "
    "from memorybank_server.cli import entry; entry()"
)


def _run(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", WITHOUT_SDK, *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        check=False,
        timeout=120,
    )


@pytest.fixture(scope="module")
def seeded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    project = tmp_path_factory.mktemp("project")
    seed = _run(project, "--root", "memory_bank", "--init", "No SDK")
    assert seed.returncode == 0, seed.stderr
    return project


@pytest.mark.parametrize(
    "action",
    [
        ["--stats"],
        ["--route", "how do we plan a feature"],
        ["--search", "feature"],
        ["--read", "README.md"],
        ["--validate"],
        ["--graph", "README.md"],
        ["--list-inbox"],
        ["--show-settings"],
        ["--drift"],
        ["--materialize-flows"],
    ],
    ids=lambda action: action[0],
)
def test_a_one_shot_action_needs_no_mcp_sdk(seeded: Path, action: list[str]) -> None:
    done = _run(seeded, "--root", "memory_bank", *action)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert done.stdout.strip()


def test_a_write_needs_no_mcp_sdk(tmp_path: Path) -> None:
    assert _run(tmp_path, "--root", "memory_bank", "--init", "No SDK").returncode == 0
    done = _run(
        tmp_path,
        "--root",
        "memory_bank",
        "--create",
        "domain/pricing.md",
        "--purpose",
        "Read when changing how prices are computed.",
    )
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "memory_bank" / "domain" / "pricing.md").is_file()


def test_serving_without_the_sdk_names_the_extra_to_install(seeded: Path) -> None:
    done = _run(seeded, "--root", "memory_bank")
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert "pip install 'mcp-memorybank[server]'" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
