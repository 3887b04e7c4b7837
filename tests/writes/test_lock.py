"""The write lock leaves nothing for git to see: after a write, `git status` lists only documents.

Real git, real repositories: a bank at the top of a project, and the same bank in a linked
worktree (where `.git` is a file, not a folder). Every tool writes once, and the porcelain status
must name exactly the documents that write changed — no lock file, no journal, no temporary file.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from memorybank_lint.bank import Bank
from memorybank_server import scaffold
from memorybank_server.errors import ToolInputError
from memorybank_server.writes.create import create
from memorybank_server.writes.edit import edit
from memorybank_server.writes.fields import set_field
from memorybank_server.writes.inbox import discard, promote
from memorybank_server.writes.sections import update_section
from memorybank_server.writes.status import set_status

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
CONTEXT = "product/context.md"


def git(cwd: Path, *args: str) -> str:
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@e", "GIT_COMMITTER_NAME": "t"}
    env["GIT_COMMITTER_EMAIL"] = "t@e"
    done = subprocess.run(["git", *args], cwd=cwd, env=env, capture_output=True, text=True, check=True)
    return done.stdout


def status(project: Path) -> set[str]:
    """Changed paths (relative to the project), as `git status` reports them, untracked files listed."""
    out = git(project, "status", "--porcelain", "--untracked-files=all", "--ignored=no")
    return {line[3:] for line in out.splitlines()}


def project_with_bank(tmp_path: Path) -> Path:
    project = tmp_path / "project"
    scaffold.init(project / "memory-bank", "demo")
    git(project, "init", "-q", "-b", "main")
    git(project, "add", "-A")
    git(project, "commit", "-q", "-m", "bank")
    return project


WRITES: list[tuple[str, Callable[[Bank], Any], set[str]]] = [
    (
        "create",
        lambda b: create(
            b,
            doc_kind="domain",
            path="domain/model.md",
            title="Model",
            purpose="The entities.",
            derived_from=["../product/context.md"],
        ),
        {"domain/model.md", "domain/README.md"},
    ),
    ("edit", lambda b: edit(b, path=CONTEXT, find="## Audience", replace="## Who it is for"), {CONTEXT}),
    (
        "update_section",
        lambda b: update_section(b, path=CONTEXT, section="Problem", content="A real problem."),
        {CONTEXT},
    ),
    (
        "set_status",
        lambda b: set_status(b, path=CONTEXT, status="archived", release_canonical=True),
        {CONTEXT},
    ),
    ("set_field", lambda b: set_field(b, path=CONTEXT, field="owner", value="the team"), {CONTEXT}),
    ("refused", lambda b: _refused(b), set()),
]


def _refused(bank: Bank) -> None:
    with pytest.raises(ToolInputError, match="Refusing to overwrite"):
        create(bank, doc_kind="domain", path=CONTEXT, title="x", purpose="p")


@pytest.mark.parametrize(("name", "write", "changed"), WRITES, ids=[w[0] for w in WRITES])
def test_git_status_after_a_write_shows_only_the_documents_it_changed(
    tmp_path: Path, name: str, write: Callable[[Bank], Any], changed: set[str]
) -> None:
    project = project_with_bank(tmp_path)
    bank = Bank(project / "memory-bank")
    bank.refresh()
    write(bank)
    assert status(project) == {f"memory-bank/{path}" for path in changed}


def test_a_captured_note_promoted_then_another_discarded_leaves_only_documents(tmp_path: Path) -> None:
    project = project_with_bank(tmp_path)
    bank = Bank(project / "memory-bank")
    for note in ("keep", "drop"):
        create(bank, doc_kind="domain", path=f"{note}.md", title=note, purpose="A note.", inbox=True)
    promote(bank, path="_inbox/keep.md", to="domain/keep.md", derived_from=["../product/context.md"])
    discard(bank, path="_inbox/drop.md", reason="Folded into the product context.")
    expected = {"domain/keep.md", "domain/README.md", "_inbox/DISCARDED.md"}
    assert status(project) == {f"memory-bank/{path}" for path in expected}


def test_in_a_linked_worktree_the_write_touches_neither_worktree_nor_repository(tmp_path: Path) -> None:
    project = project_with_bank(tmp_path)
    linked = tmp_path / "linked"
    git(project, "worktree", "add", "-q", str(linked), "-b", "side")
    assert (linked / ".git").is_file()
    listing = sorted(p.relative_to(project / ".git").as_posix() for p in (project / ".git").rglob("*"))
    bank = Bank(linked / "memory-bank")
    set_field(bank, path=CONTEXT, field="owner", value="the side branch")
    assert status(linked) == {f"memory-bank/{CONTEXT}"}
    assert status(project) == set()
    after = sorted(p.relative_to(project / ".git").as_posix() for p in (project / ".git").rglob("*"))
    assert [p for p in after if "memorybank" in p] == [] and len(after) >= len(listing)


def test_the_command_line_create_commits_cleanly(tmp_path: Path) -> None:
    project = project_with_bank(tmp_path)
    done = subprocess.run(
        [
            *(sys.executable, "-m", "memorybank_server.cli", "--root", str(project / "memory-bank")),
            *("--create", "adr/ADR-007-queue-choice.md", "--kind", "adr", "--purpose", "Why a queue."),
        ],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert status(project) == {"memory-bank/adr/ADR-007-queue-choice.md", "memory-bank/adr/README.md"}
    text = (project / "memory-bank/adr/ADR-007-queue-choice.md").read_text("utf-8")
    assert "title: ADR-007 Queue choice\n" in text and "\n# ADR-007 Queue choice\n" in text
