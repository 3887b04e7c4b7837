"""Progress on long work: on a terminal's stderr only, never on stdout, never into a pipe, never
with machine-readable output. Real processes on a real pseudo-terminal; the one-second grace is
set to zero (`MEMORYBANK_PROGRESS_AFTER`) so a small bank shows it."""

from __future__ import annotations

import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest

from memorybank_lint import progress

BIN = Path(sys.executable).parent


@pytest.fixture(scope="module")
def big_bank(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("progress") / "memory-bank"
    for number in range(700):
        folder = root / f"part{number % 7}"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"doc{number}.md").write_text(
            f"---\ntitle: Document {number}\npurpose: Retries and queues, part {number}.\n---\n"
            f"# Document {number}\n\n## Retries\n\nQueue number {number} retries three times.\n"
        )
    return root


def _run(command: str, *args: str, terminal: bool) -> tuple[str, str]:
    """Run with stderr on a pseudo-terminal (or a pipe); stdout is always a pipe."""
    env = {**os.environ, "MEMORYBANK_PROGRESS_AFTER": "0"}
    argv = [str(BIN / command), "--no-cache", *args]
    if not terminal:
        done = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=120)
        return done.stdout, done.stderr
    leader, follower = pty.openpty()
    try:
        child = subprocess.Popen(
            argv, env=env, stdout=subprocess.PIPE, stderr=follower, stdin=subprocess.DEVNULL
        )
        os.close(follower)
        out, _ = child.communicate(timeout=120)
        chunks = []
        while True:
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # the terminal closed with the child
                break
            if not chunk:
                break
            chunks.append(chunk)
    finally:
        os.close(leader)
    return out.decode(), b"".join(chunks).decode(errors="replace")


def test_the_linter_shows_a_count_and_a_rate_on_a_terminal(big_bank: Path) -> None:
    out, err = _run("memorybank-lint", "--root", str(big_bank), terminal=True)
    assert "indexing: " in err and " documents, " in err and "/s" in err
    assert "indexing" not in out and "\r" not in out


@pytest.mark.parametrize("fmt", ["json", "sarif", "github"])
def test_no_progress_with_machine_readable_output(big_bank: Path, fmt: str) -> None:
    out, err = _run("memorybank-lint", "--root", str(big_bank), "--format", fmt, terminal=True)
    assert "indexing" not in err and "indexing" not in out


def test_no_progress_when_stderr_is_a_pipe(big_bank: Path) -> None:
    out, err = _run("memorybank-lint", "--root", str(big_bank), terminal=False)
    assert "indexing" not in err and "indexing" not in out


def test_a_one_shot_route_shows_the_index_being_built(big_bank: Path) -> None:
    out, err = _run(
        "mcp-memorybank", "--root", str(big_bank), "--route", "how do retries work", terminal=True
    )
    assert "indexing bodies: " in err and "/700 documents" in err
    assert "indexing" not in out and "doc" in out
    json_out, json_err = _run(
        "mcp-memorybank", "--root", str(big_bank), "--route", "retries", "--json", terminal=True
    )
    assert "indexing" not in json_err and json_out.startswith("{")


@pytest.mark.parametrize("value", ["abc", "-1", "nan", ""])
@pytest.mark.parametrize("command", ["memorybank-lint", "mcp-memorybank"])
def test_an_unreadable_grace_is_ignored_never_a_traceback(command: str, value: str) -> None:
    env = {**os.environ, "MEMORYBANK_PROGRESS_AFTER": value}
    done = subprocess.run(
        [str(BIN / command), "--version"], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0 and done.stderr == ""
    assert "version" in done.stdout


@pytest.mark.parametrize(("value", "grace"), [("abc", 1.0), ("-1", 1.0), ("", 1.0), ("0", 0.0), ("2.5", 2.5)])
def test_the_grace_is_read_when_a_line_starts(
    monkeypatch: pytest.MonkeyPatch, value: str, grace: float
) -> None:
    monkeypatch.setenv("MEMORYBANK_PROGRESS_AFTER", value)
    assert progress.grace() == grace
