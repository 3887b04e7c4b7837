"""The one git runner: whatever git does, a call returns, and nothing it started outlives it."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from memorybank_lint import git
from memorybank_lint.report import repo_root

from .conftest import git as run_git


def _gone(pid: int) -> bool:
    """Whether the process has ended (a zombie waiting for its new parent to reap it counts)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return True
    return "\nState:\tZ" in status


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads process states from /proc")
def test_a_call_that_hangs_is_stopped_with_every_process_it_started(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A git that hangs (a fetch, a filter, an ssh command it started) is killed at the timeout
    together with its children, not left running under another parent."""
    child = tmp_path / "child.pid"
    fake = tmp_path / "bin" / "git"
    fake.parent.mkdir()
    fake.write_text(f"#!/bin/sh\nsleep 300 &\necho $! > {child}\nsleep 300\n", encoding="utf-8")
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", f"{fake.parent}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setattr(git, "TIMEOUT_SECONDS", 1)
    result = git.run(tmp_path, "status")
    assert not result.ok and "did not answer within 1 seconds" in result.err
    pid = int(child.read_text())
    for _ in range(50):  # the kill is sent before run returns; the kernel may take a moment
        if _gone(pid):
            break
        time.sleep(0.1)
    assert _gone(pid)


def test_the_sarif_root_is_found_from_the_bank_not_from_a_hooks_git_dir(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A hook in a linked worktree gets `GIT_DIR`; the repository is still the one holding the bank."""
    repo, other = tmp_path / "repo", tmp_path / "other"
    for folder in (repo, other):
        folder.mkdir()
        run_git(folder, "init", "-q")
    (repo / "memory_bank").mkdir()
    monkeypatch.setenv("GIT_DIR", str(other / ".git"))
    assert repo_root(repo / "memory_bank") == repo.resolve()


def test_a_fifo_named_git_above_the_bank_is_looked_at_without_being_opened(tmp_path: Path) -> None:
    """Telling a `.git` the user may not read from no repository opened it: a FIFO named `.git`
    above the bank hung every git question (bank_changed, bank_drift) for ever."""
    (tmp_path / "bank").mkdir()
    os.mkfifo(tmp_path / ".git")
    asked = f"from memorybank_lint import git; print(git.toplevel({str(tmp_path / 'bank')!r}))"
    done = subprocess.run([sys.executable, "-c", asked], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.strip() == "(None, None)", done.stderr


def test_a_work_tree_configured_elsewhere_is_said_so_not_taken_for_the_banks(tmp_path: Path) -> None:
    """`core.worktree` naming another folder: git found the repository from the bank and answered
    with that folder, and every question then asked there failed as "not a git repository"
    (bank_changed), read as no repository at all (bank_drift), or asked another repository."""
    outer = tmp_path / "outer"
    repo, elsewhere = outer / "repo", tmp_path / "elsewhere"
    bank = repo / "memory_bank"
    bank.mkdir(parents=True)
    elsewhere.mkdir()
    run_git(outer, "init", "-q")
    run_git(repo, "init", "-q")
    said = "the repository's work tree is set to '{}' (core.worktree), {}"
    for folder, then in [
        (elsewhere, f"which does not hold '{bank}'"),
        (tmp_path, "where git finds no repository"),
        (outer, "where git finds another repository"),
    ]:
        run_git(repo, "config", "core.worktree", str(folder))
        assert git.toplevel(bank) == (None, said.format(folder.resolve(), then))
        assert repo_root(bank) == bank
    run_git(repo, "config", "core.worktree", str(repo))  # the folder it is anyway
    assert git.toplevel(bank) == (repo.resolve(), None)


def test_a_repository_git_refuses_is_named_with_the_reason_git_lists_below(tmp_path: Path) -> None:
    """Git lists the extensions it does not know on the lines below its message; only the first
    line was kept, which named none."""
    run_git(tmp_path, "init", "-q")
    run_git(tmp_path, "config", "core.repositoryformatversion", "1")
    run_git(tmp_path, "config", "extensions.madeUp", "x")
    top, why = git.toplevel(tmp_path)
    assert top is None and why is not None and "\n" not in why
    assert "extension" in why and why.endswith("madeup"), why
