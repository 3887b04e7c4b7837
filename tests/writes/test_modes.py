"""A file a write replaces keeps its permission bits, whatever the writer's umask.

Every write renames a freshly staged file over the old one; the staged file used to get the
writer's defaults, so a private document turned world-readable and a group lost its write.
"""

from __future__ import annotations

import os
import shutil
import stat
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from memorybank_lint.bank import Bank
from memorybank_lint.cli import main as lint_main
from memorybank_server.writes.edit import edit
from memorybank_server.writes.fields import set_field
from memorybank_server.writes.status import set_status
from tests.conftest import captured

CONTEXT = "product/context.md"
WRITES: dict[str, Callable[[Bank], Any]] = {
    "set_status": lambda bank: set_status(bank, path=CONTEXT, status="active"),
    "set_field": lambda bank: set_field(bank, path=CONTEXT, field="owner", value="platform team"),
    "edit": lambda bank: edit(bank, path=CONTEXT, find="This document is the", replace="This page is the"),
}


@pytest.fixture
def umask() -> Iterator[None]:
    """The common default, under which a fresh file is 0644."""
    old = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(old)


def _mode(path: Path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


@pytest.mark.parametrize("mode", [0o600, 0o640, 0o664, 0o444], ids=oct)
@pytest.mark.parametrize("write", sorted(WRITES))
def test_a_governed_write_keeps_the_documents_permission_bits(
    seeded: Bank, umask: None, write: str, mode: int
) -> None:
    target = seeded.root / CONTEXT
    before = target.read_bytes()
    os.chmod(target, mode)
    seeded.refresh()
    WRITES[write](seeded)
    assert target.read_bytes() != before and _mode(target) == mode


def test_a_fix_registering_a_document_keeps_the_index_private(seeded: Bank, umask: None, capsys) -> None:
    index = seeded.root / "domain/README.md"
    os.chmod(index, 0o600)
    (seeded.root / "domain/retry.md").write_text(
        "---\ntitle: Retry\ndoc_kind: domain\ndoc_function: canonical\npurpose: Read when a call fails.\n"
        "derived_from:\n  - ../product/context.md\nstatus: draft\n---\n# Retry\n"
    )
    _code, out, _ = captured(lint_main, ["--root", str(seeded.root), "--fix", "--unsafe-fixes"], capsys)
    assert "retry.md" in index.read_text() and _mode(index) == 0o600, out


@pytest.mark.skipif(os.geteuid() != 0, reason="only root may give a file to another user")
@pytest.mark.parametrize("write", sorted(WRITES))
def test_a_governed_write_keeps_the_documents_owner_and_group(seeded: Bank, write: str) -> None:
    """Root editing a user's document (a hook, a shared checkout) handed it to root: the staged
    file kept the mode of the one it replaced, not its owner and group."""
    target = seeded.root / CONTEXT
    before = target.read_bytes()
    os.chown(target, 65534, 65534)
    seeded.refresh()
    WRITES[write](seeded)
    status = os.stat(target)
    assert target.read_bytes() != before and (status.st_uid, status.st_gid) == (65534, 65534)


def test_a_fix_keeps_the_index_owner_and_group(seeded: Bank, capsys) -> None:
    """`--fix` replaces a file the same way; the index keeps its group whoever runs the fix."""
    index = seeded.root / "domain/README.md"
    owner, group = (65534, 65534) if os.geteuid() == 0 else (os.geteuid(), os.getegid())
    os.chown(index, owner, group)
    (seeded.root / "domain/retry.md").write_text(
        "---\ntitle: Retry\ndoc_kind: domain\ndoc_function: canonical\npurpose: Read when a call fails.\n"
        "derived_from:\n  - ../product/context.md\nstatus: draft\n---\n# Retry\n"
    )
    _code, out, _ = captured(lint_main, ["--root", str(seeded.root), "--fix", "--unsafe-fixes"], capsys)
    status = os.stat(index)
    assert "retry.md" in index.read_text() and (status.st_uid, status.st_gid) == (owner, group), out


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root to set up a writer of another user")
def test_a_writer_that_may_not_give_the_file_away_still_keeps_its_group() -> None:
    """An ordinary writer cannot give a file to its owner, but can to a group it belongs to: a
    document of the team's group stays the team's when a member edits it."""
    base = Path(tempfile.mkdtemp())  # pytest's own folders are root's alone: nobody could reach it
    os.chmod(base, 0o711)
    root = base / "bank"
    root.mkdir()
    try:
        _written_by_a_member(root)
    finally:
        shutil.rmtree(base)


def _written_by_a_member(root: Path) -> None:
    from memorybank_lint.edits.text import digest
    from memorybank_lint.edits.transaction import Transaction

    target = root / "doc.md"
    target.write_text("# doc\n")
    os.chown(target, 0, 65533)  # root's file, of the team's group
    os.chown(root, 65534, 65534)  # the folder is the writer's: it may rename over the file
    pid = os.fork()
    if pid == 0:  # the writer: nobody, a member of the team's group
        code = 1
        try:
            os.setgroups([65533])
            os.setgid(65534)
            os.setuid(65534)
            transaction = Transaction(root)
            transaction.replace("doc.md", b"# doc, new\n", digest(b"# doc\n"))
            transaction.commit()
            code = 0
        finally:
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    written = os.stat(target)
    assert target.read_text() == "# doc, new\n" and (written.st_uid, written.st_gid) == (65534, 65533)


IN_A_USER_NAMESPACE = """
import sys
from pathlib import Path
from memorybank_lint.edits.text import digest
from memorybank_lint.edits.transaction import Transaction
root = Path(sys.argv[1])
old = (root / "doc.md").read_bytes()
transaction = Transaction(root)
transaction.replace("doc.md", b"# doc, new\\n", digest(old))
transaction.commit()
"""


@pytest.mark.skipif(
    shutil.which("unshare") is None or os.geteuid() != 0, reason="needs unshare and root to own a file"
)
def test_an_owner_a_user_namespace_cannot_name_does_not_stop_the_write(tmp_path: Path) -> None:
    """In a rootless container a file of an unmapped owner refuses `fchown` as an invalid
    argument, not a permission: the edit was refused."""
    import subprocess
    import sys

    (tmp_path / "doc.md").write_text("# doc\n")
    os.chown(tmp_path / "doc.md", 1001, 5000)
    probe = subprocess.run(["unshare", "--user", "--map-root-user", "true"], capture_output=True)
    if probe.returncode != 0:
        pytest.skip(f"user namespaces are not available here: {probe.stderr.decode().strip()}")
    done = subprocess.run(
        ["unshare", "--user", "--map-root-user", sys.executable, "-c", IN_A_USER_NAMESPACE, str(tmp_path)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "doc.md").read_text() == "# doc, new\n"


def test_another_users_file_in_a_sticky_folder_is_refused_before_the_commit_and_in_a_dry_run() -> None:
    """In a folder with the sticky bit (a shared one, as `/tmp` is) only a file's owner may rename
    over it. A write to another user's page there passed every check, dry run included, then
    failed at the rename and was refused as "changed on disk … another writer": a reason that
    was not so, for a write its dry run had said would go through."""
    from memorybank_server import scaffold
    from memorybank_server.writes.create import create
    from tests.conftest import as_another_user
    from tests.writes.conftest import tree_hash

    base = Path(tempfile.mkdtemp())  # pytest's own folders are root's alone: nobody could reach it
    os.chmod(base, 0o755)
    root = base / "memory-bank"
    try:
        scaffold.init(root, "demo")
        for path in [root, *root.rglob("*")]:
            os.lchown(path, 65534, 65534)
        shared = root / "engineering"
        os.chown(shared, 0, 0)
        os.chmod(shared, 0o1777)
        for page in shared.iterdir():
            os.chown(page, 1234, 1234)  # a teammate's pages
        before = tree_hash(root)

        def opened() -> Bank:
            bank = Bank(root)
            bank.refresh()
            return bank

        page = "engineering/testing-policy.md"
        answers = as_another_user(
            [
                lambda: set_field(opened(), path=page, field="owner", value="platform", dry_run=True),
                lambda: set_field(opened(), path=page, field="owner", value="platform"),
                lambda: create(
                    opened(),
                    doc_kind="engineering",
                    path="engineering/notes.md",
                    title="Notes",
                    purpose="Where the team keeps notes.",
                    derived_from=["../dna/principles.md"],
                    dry_run=True,
                ),
                lambda: set_field(opened(), path="product/context.md", field="owner", value="platform"),
            ]
        )
        for answer, path in zip(answers[:3], [page, page, "engineering/README.md"], strict=True):
            assert answer.startswith(f"refused: '{path}' cannot be rewritten: it belongs to another"), answer
        assert answers[3] == "done", answers[3]  # a page of the writer's own is written
        after = tree_hash(root)
        assert {k: v for k, v in after.items() if k != "product/context.md"} == {
            k: v for k, v in before.items() if k != "product/context.md"
        }
    finally:
        shutil.rmtree(base)
