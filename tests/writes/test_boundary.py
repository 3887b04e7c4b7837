"""The bank's boundary: whatever a write is handed, it reads and changes nothing outside the bank.

Each test plants something hostile where a careless writer would trip on it (a lock path that is
a symlink, a kind that is a folder, an argument file that is a FIFO or a 2 GiB hole, a user's file
named like a temporary one, a path too long or too deep to write) and checks both the refusal and
that no byte and no directory appeared anywhere.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from memorybank_lint.bank import Bank
from memorybank_server import scaffold
from memorybank_server.errors import ToolInputError
from memorybank_server.writes.fields import set_field
from memorybank_server.writes.inbox import promote
from memorybank_server.writes.sections import update_section
from tests.conftest import as_another_user, owned_by_another_user

from .conftest import finishes, tree_hash
from .test_create import TODAY, make


@pytest.fixture
def sandbox(seeded: Bank, tmp_path: Path) -> tuple[Bank, Path]:
    """The seeded bank and a folder outside it (beside the project) that nothing may touch."""
    outside = tmp_path / "outside"
    outside.mkdir()
    return seeded, outside


# -- the lock ------------------------------------------------------------------------------------
def test_a_lock_path_planted_as_a_symlink_is_never_followed(sandbox: tuple[Bank, Path]) -> None:
    bank, outside = sandbox
    os.symlink(outside / "planted", bank.root / ".memorybank.lock")
    with pytest.raises(ToolInputError, match="Refusing to overwrite"):
        make(bank, path="product/context.md")
    make(bank)
    assert list(outside.iterdir()) == []
    assert os.readlink(bank.root / ".memorybank.lock") == str(outside / "planted")


# -- the kind is a name, never a path ------------------------------------------------------------
@pytest.mark.parametrize(
    "kind",
    ["{outside}/tpl", "../../outside/tpl", "adr/../../../outside/tpl", "a/b", "..", ".", "adr\x00", " "],
    ids=["absolute", "climbing", "through-a-kind", "nested", "dotdot", "dot", "nul", "blank"],
)
@pytest.mark.parametrize("dry_run", [True, False], ids=["dry", "real"])
def test_a_kind_that_looks_like_a_path_is_refused_before_a_template_is_read(
    sandbox: tuple[Bank, Path], kind: str, dry_run: bool
) -> None:
    bank, outside = sandbox
    (outside / "tpl").mkdir()
    (outside / "tpl" / "model.md").write_text("---\ntitle: T\n---\n# T\n\nOUTSIDE-TEMPLATE-PROSE\n")
    before = tree_hash(bank.root)
    with pytest.raises(ToolInputError, match="docKind") as info:
        make(bank, doc_kind=kind.format(outside=outside), dry_run=dry_run)
    assert "OUTSIDE-TEMPLATE-PROSE" not in str(info.value)
    assert tree_hash(bank.root) == before


def test_a_kind_the_contract_does_not_declare_is_refused(seeded: Bank) -> None:
    before = tree_hash(seeded.root)
    with pytest.raises(ToolInputError, match=r'docKind "research" is not among the values.*governance'):
        make(seeded, doc_kind="research")
    assert tree_hash(seeded.root) == before


# -- argument files ------------------------------------------------------------------------------
def _rchar() -> int | None:
    """Bytes this process has read through read() so far (Linux), or None where it cannot be known."""
    try:
        with open("/proc/self/io", encoding="ascii") as handle:
            return next(int(line.split()[1]) for line in handle if line.startswith("rchar:"))
    except (OSError, StopIteration):
        return None


def test_a_fifo_body_file_is_refused_without_blocking(seeded: Bank) -> None:
    fifo = seeded.root.parent / "pipe.md"
    os.mkfifo(fifo)
    before = tree_hash(seeded.root)
    with pytest.raises(ToolInputError, match="not a regular file"):
        finishes(lambda: make(seeded, body_file=str(fifo)))
    with pytest.raises(ToolInputError, match="not a regular file"):
        finishes(
            lambda: update_section(
                seeded, path="product/context.md", section="Problem", content_file=str(fifo)
            )
        )
    assert tree_hash(seeded.root) == before
    set_field(seeded, path="product/context.md", field="owner", value="after the FIFO")  # lock is free


def test_a_huge_sparse_body_file_is_refused_by_its_size_before_it_is_read(seeded: Bank) -> None:
    sparse = seeded.root.parent / "huge.md"
    with open(sparse, "wb") as handle:
        handle.truncate(2 * 1024**3)
    before, read_before = tree_hash(seeded.root), _rchar()
    with pytest.raises(ToolInputError, match="is 2147483648 bytes, over the 1000000-byte limit"):
        make(seeded, body_file=str(sparse))
    read_after = _rchar()
    if read_before is not None and read_after is not None:
        assert read_after - read_before < 10_000_000
    assert tree_hash(seeded.root) == before


def test_a_body_file_that_is_a_symlink_or_a_folder_is_refused(seeded: Bank) -> None:
    project = seeded.root.parent
    (project / "real.md").write_text("Some prose.\n")
    os.symlink(project / "real.md", project / "link.md")
    (project / "folder.md").mkdir()
    before = tree_hash(seeded.root)
    with pytest.raises(ToolInputError, match="symbolic link"):
        make(seeded, body_file=str(project / "link.md"))
    with pytest.raises(ToolInputError, match="not a regular file"):
        make(seeded, body_file=str(project / "folder.md"))
    with pytest.raises(ToolInputError, match=r"'real\.md' on its way is a file, not a folder") as info:
        make(seeded, body_file=str(project / "real.md" / "body.md"))
    assert "Errno" not in str(info.value)
    assert tree_hash(seeded.root) == before


# -- files the writer did not make ---------------------------------------------------------------
@pytest.mark.parametrize(
    "name", [".draft.4000000.1.tmp", ".model.md.4000000.0.tmp", ".memorybank-0123456789abcdef.tmp"]
)
def test_a_users_hidden_file_named_like_a_temporary_one_survives_writes(seeded: Bank, name: str) -> None:
    planted = seeded.root / "domain" / name
    planted.write_text("a user's own file\n")
    make(seeded)
    set_field(seeded, path="domain/model.md", field="owner", value="someone")
    assert planted.read_text() == "a user's own file\n"


# -- a refused write creates no directory --------------------------------------------------------
@pytest.mark.parametrize(
    ("path", "phrase"),
    [
        ("domain/new/" + "a" * 300 + ".md", "name is 303 bytes"),
        ("domain/new/" + "я" * 150 + ".md", "name is 303 bytes"),
        ("/".join(["d"] * 2100) + "/x.md", "folders deep"),
        ("domain/" + "/".join(["a" * 200] * 30) + "/x.md", "bytes long"),
    ],
    ids=["long-name", "long-cyrillic-name", "2100-deep", "long-path"],
)
def test_a_path_too_long_or_too_deep_is_refused_before_any_folder_is_made(
    seeded: Bank, path: str, phrase: str
) -> None:
    before = tree_hash(seeded.root)
    with pytest.raises(ToolInputError, match=phrase):
        make(seeded, path=path)
    assert tree_hash(seeded.root) == before


@pytest.mark.parametrize("blocker", ["file", "fifo"])
@pytest.mark.parametrize(
    "call",
    [
        lambda b: make(b, path="domain/x/pricing.md"),
        lambda b: make(b, path="domain/x/deeper/pricing.md", dry_run=True),
        lambda b: promote(b, path="_inbox/retry.md", to="domain/x/retry.md", today=TODAY),
        lambda b: promote(b, path="_inbox/retry.md", to="domain/x/retry.md", dry_run=True, today=TODAY),
    ],
    ids=["create", "dry-run create", "promote", "dry-run promote"],
)
def test_a_target_under_a_file_is_refused_naming_the_file(seeded: Bank, call: Callable, blocker: str) -> None:
    """A write whose folder is a file (or a FIFO) says which name stands in the way, as a bank
    path; it never answers with the operating system's `[Errno 20]` and an absolute path."""
    note = seeded.root / "_inbox" / "retry.md"
    note.parent.mkdir(exist_ok=True)
    note.write_text("---\ntitle: Retry\npurpose: How retries are budgeted.\n---\n# Retry\n", encoding="utf-8")
    if blocker == "file":
        (seeded.root / "domain" / "x").write_text("not a folder\n", encoding="utf-8")
    else:
        os.mkfifo(seeded.root / "domain" / "x")
    seeded.refresh()
    before = tree_hash(seeded.root)
    with pytest.raises(ToolInputError) as info:
        finishes(lambda: call(seeded))
    message = str(info.value)
    assert "'domain/x'" in message and "not a folder" in message
    assert "Errno" not in message and str(seeded.root) not in message
    assert tree_hash(seeded.root) == before


def test_a_dry_run_into_a_folder_that_forbids_writing_is_refused_like_the_write(tmp_path: Path) -> None:
    """A dry run answers what the write would: a new page in a read-only folder, or an edit of a
    page whose folder forbids replacing it, is refused by both, and neither changes a byte."""
    base = Path(tempfile.mkdtemp(prefix="read-only-"))  # outside pytest's private folder
    try:
        root = base / "memory-bank"
        scaffold.init(root, "demo")
        owned_by_another_user(base)
        before = tree_hash(root)
        (root / "domain").chmod(0o555)
        (root / "product").chmod(0o555)

        def opened() -> Bank:
            bank = Bank(root)
            bank.refresh()
            return bank

        def page(dry_run: bool) -> Any:
            return make(
                opened(), path="domain/pricing.md", derived_from=["../product/context.md"], dry_run=dry_run
            )

        def field(dry_run: bool) -> Any:
            return set_field(opened(), path="product/context.md", field="owner", value="ops", dry_run=dry_run)

        answers = as_another_user(
            [lambda: page(True), lambda: page(False), lambda: field(True), lambda: field(False)]
        )
        dry_page, real_page, dry_field, real_field = answers
        assert dry_page.startswith("refused:") and "'domain/pricing.md'" in dry_page, dry_page
        assert real_page.startswith("refused:") and "'domain/pricing.md'" in real_page, real_page
        assert dry_field.startswith("refused:") and "'product/context.md'" in dry_field, dry_field
        assert real_field.startswith("refused:") and "'product/context.md'" in real_field, real_field
        (root / "domain").chmod(0o755)
        (root / "product").chmod(0o755)
        assert tree_hash(root) == before
    finally:
        for folder in (root / "domain", root / "product"):
            folder.chmod(0o755)
        shutil.rmtree(base)


def test_a_page_for_a_folder_that_cannot_be_listed_is_refused_not_registered_further_up() -> None:
    """A folder the user may write into but not list hides its index: the page is refused (dry
    run too) rather than registered in the root index, and nothing changes."""
    base = Path(tempfile.mkdtemp(prefix="unlisted-"))  # outside pytest's private folder
    root = base / "memory-bank"
    try:
        scaffold.init(root, "demo")
        owned_by_another_user(base)
        before = tree_hash(root)
        (root / "domain").chmod(0o333)

        def page(dry_run: bool) -> Any:
            bank = Bank(root)
            bank.refresh()
            return make(
                bank, path="domain/pricing.md", derived_from=["../product/context.md"], dry_run=dry_run
            )

        for answer in as_another_user([lambda: page(True), lambda: page(False)]):
            assert answer.startswith("refused: 'domain/' cannot be read"), answer
            assert "'domain/pricing.md'" in answer, answer
        (root / "domain").chmod(0o755)
        assert tree_hash(root) == before
    finally:
        (root / "domain").chmod(0o755)
        shutil.rmtree(base)


# -- a document the bank could not read back ----------------------------------------------------
@pytest.mark.parametrize(
    "call",
    [
        lambda b: make(b, body="x" * 2_200_000),
        lambda b: make(b, body="x" * 2_200_000, dry_run=True),
        lambda b: update_section(b, path="product/context.md", section="Problem", content="x" * 2_200_000),
    ],
    ids=["body", "dry-run body", "update_section"],
)
def test_a_write_that_would_outgrow_what_the_bank_reads_is_refused(seeded: Bank, call: Callable) -> None:
    before = tree_hash(seeded.root)
    with pytest.raises(ToolInputError, match="over the 2097152-byte limit"):
        call(seeded)
    assert tree_hash(seeded.root) == before


@pytest.mark.parametrize(
    "call",
    [
        lambda b: make(b, title="T" * 70_000),
        lambda b: make(b, purpose="p" * 2_200_000),
        lambda b: make(b, canonical_for=["k" * 70_000]),
        lambda b: set_field(b, path="product/context.md", field="owner", value="x" * 2_200_000),
    ],
    ids=["title", "purpose", "canonicalFor", "set_field"],
)
def test_a_header_value_past_the_bound_is_refused_by_name(seeded: Bank, call: Callable) -> None:
    before = tree_hash(seeded.root)
    with pytest.raises(ToolInputError, match=r"characters; a header value holds at most 65,536"):
        call(seeded)
    assert tree_hash(seeded.root) == before


# -- a journal the writer did not write ---------------------------------------------------------
@pytest.mark.parametrize(
    "planted",
    [
        '{"version": 1, "made": [], "steps": [{"path": "../outside/x.md", "temp": null, '
        '"before": null, "after": null}]}',
        '{"version": 1, "made": ["../outside"], "steps": []}',
        '{"version": 1, "made": [], "steps": [{"path": "domain/README.md", "temp": "../../outside/s.md", '
        '"before": null, "after": "0"}]}',
        "{not json",
        "x" * 5_000_000,
        '{"version": 1, "made": [], "steps": ' + "[" * 100_000,
    ],
    ids=["escaping-step", "escaping-folder", "escaping-temp", "garbage", "huge", "nested too deeply"],
)
def test_a_journal_naming_what_the_writer_never_writes_is_refused_not_followed(
    sandbox: tuple[Bank, Path], planted: str
) -> None:
    bank, outside = sandbox
    (outside / "s.md").write_text("outside\n")
    (bank.root / ".memorybank-journal").write_text(planted)
    before = tree_hash(bank.root)
    with pytest.raises(ToolInputError, match=r"\.memorybank-journal in the bank .*delete it by hand"):
        make(bank)
    assert tree_hash(bank.root) == before
    assert sorted(p.name for p in outside.iterdir()) == ["s.md"]


# -- a document that changes hands between the bank's read and the write's ------------------------
@pytest.mark.parametrize(
    "swap",
    [lambda path: os.mkfifo(path), lambda path: path.symlink_to("/dev/zero")],
    ids=["a FIFO", "a link to a device"],
)
def test_a_document_that_became_a_fifo_or_a_link_is_refused_not_waited_on(
    sandbox: tuple[Bank, Path], monkeypatch: pytest.MonkeyPatch, swap: Callable[[Path], None]
) -> None:
    """The write's gates saw a regular document; a concurrent process swaps its name before the
    write reads it. The write is refused, naming it, and does not wait on the FIFO."""
    from memorybank_server.writes import head

    bank, _ = sandbox
    target = bank.root / "product/context.md"
    real_existing = head.existing_document

    def existing_then_swapped(*args, **kwargs):
        found = real_existing(*args, **kwargs)
        target.unlink()
        swap(target)
        return found

    monkeypatch.setattr(head, "existing_document", existing_then_swapped)
    outcome: list[BaseException | None] = []

    def write() -> None:
        try:
            set_field(bank, path="product/context.md", field="owner", value="x")
        except BaseException as exc:  # handed to the test thread
            outcome.append(exc)
        else:
            outcome.append(None)

    runner = threading.Thread(target=write, daemon=True)
    runner.start()
    runner.join(timeout=20)
    if runner.is_alive():  # blocked opening the FIFO: release it, then fail
        os.close(os.open(target, os.O_WRONLY | os.O_NONBLOCK))
        pytest.fail("the write waited on a FIFO")
    (refusal,) = outcome
    assert isinstance(refusal, ToolInputError) and "product/context.md" in str(refusal)


def test_a_folder_swapped_for_a_link_just_before_the_write_stages_carries_nothing_out(
    sandbox: tuple[Bank, Path], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Every gate passed; a concurrent process then swaps the target's folder for a link to a copy
    of it outside the bank. The files are staged folder by folder from the bank's root, so the
    write is refused by its path, and nothing appears outside."""
    from memorybank_lint.edits import transaction

    bank, outside = sandbox
    real_stage, swapped = transaction.stage, []

    def stage_after_a_swap(temp, data, **options):
        if not swapped:
            swapped.append(True)
            (bank.root / "domain").rename(tmp_path / "moved")
            (tmp_path / "moved").rename(outside / "domain")
            (bank.root / "domain").symlink_to(outside / "domain", target_is_directory=True)
        return real_stage(temp, data, **options)

    monkeypatch.setattr(transaction, "stage", stage_after_a_swap)
    folder_before = tree_hash(bank.root / "domain")
    with pytest.raises(ToolInputError, match=r"'domain/[^']*' now goes through a symbolic link"):
        make(bank, path="domain/model.md")
    assert swapped and tree_hash(outside / "domain") == folder_before  # the moved folder, untouched


def _swap_for_a_link(folder: Path, aside: Path, to: Path) -> None:
    """What a process that may rename folders in the bank does: the folder aside, a link in its place."""
    folder.rename(aside)
    folder.symlink_to(to, target_is_directory=True)


def test_a_folder_swapped_for_a_link_after_the_commit_point_is_never_followed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past the commit point the files were moved into place by their paths: a folder swapped for a
    link to a copy outside was read through, and the staged file was left in the bank's folder.
    Now the write is refused, the folder (wherever it went) holds only its document, nothing
    outside changes, no journal is left, and the next write goes through."""
    from memorybank_lint.edits import journal
    from memorybank_lint.edits.errors import Refused
    from memorybank_lint.edits.text import digest
    from memorybank_lint.edits.transaction import Transaction

    root, outside = tmp_path / "bank", tmp_path / "outside"
    (root / "sub").mkdir(parents=True)
    outside.mkdir()
    old = b"# doc\n\nold\n"
    (root / "sub/doc.md").write_bytes(old)
    (outside / "doc.md").write_bytes(old)  # the same bytes: read through the link, it would pass
    before = tree_hash(outside)
    real_seal = journal.Journal.seal

    def seal_then_swap(self: journal.Journal) -> None:
        real_seal(self)
        _swap_for_a_link(root / "sub", root / "aside", outside)

    monkeypatch.setattr(journal.Journal, "seal", seal_then_swap)
    transaction = Transaction(root)
    transaction.replace("sub/doc.md", b"# doc\n\nnew\n", digest(old))
    with pytest.raises(Refused, match=r"'sub/doc\.md'"):
        transaction.commit()
    assert tree_hash(outside) == before
    assert sorted(os.listdir(root / "aside")) == ["doc.md"] and (root / "aside/doc.md").read_bytes() == old
    assert not [name for name in os.listdir(root) if name.startswith(".memorybank-journal")]
    monkeypatch.undo()
    (root / "sub").unlink()
    (root / "aside").rename(root / "sub")
    transaction = Transaction(root)
    transaction.replace("sub/doc.md", b"# doc\n\nnew\n", digest(old))
    transaction.commit()
    assert (root / "sub/doc.md").read_bytes() == b"# doc\n\nnew\n"


def test_an_undo_after_a_folder_was_swapped_for_a_link_puts_back_only_the_banks_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A write's first files moved into place, their folder then swapped for a link to another
    folder and a later target changed by someone else: the undo went by path, deleting and
    overwriting files in that other folder. It puts back the bank's own files, in their folder."""
    from memorybank_lint.edits import journal
    from memorybank_lint.edits.errors import Refused
    from memorybank_lint.edits.text import digest
    from memorybank_lint.edits.transaction import Transaction

    root, victim = tmp_path / "bank", tmp_path / "victim"
    (root / "sub").mkdir(parents=True)
    victim.mkdir()
    (victim / "new.md").write_text("victim's own file\n")
    (victim / "doc.md").write_text("victim's doc\n")
    (root / "README.md").write_text("# index\n")
    (root / "sub/doc.md").write_text("# doc, old text\n")
    before = tree_hash(victim)
    real_forward, calls = journal._forward, []

    def forward_then_swap(*args: Any) -> bool:
        done = real_forward(*args)
        calls.append(done)
        if len(calls) == 2:  # sub/new.md created and sub/doc.md replaced
            _swap_for_a_link(root / "sub", root / "aside", victim)
            (root / "README.md").write_text("# index, edited by someone else\n")
        return done

    monkeypatch.setattr(journal, "_forward", forward_then_swap)
    transaction = Transaction(root)
    transaction.create("sub/new.md", b"# new\n")
    transaction.replace("sub/doc.md", b"# doc, new text\n", digest(b"# doc, old text\n"))
    transaction.replace("README.md", b"# index\n- [new](sub/new.md)\n", digest(b"# index\n"))
    with pytest.raises(Refused, match=r"'README\.md'"):
        transaction.commit()
    assert calls[:2] == [True, True] and tree_hash(victim) == before
    assert sorted(os.listdir(root / "aside")) == ["doc.md"]
    assert (root / "aside/doc.md").read_text() == "# doc, old text\n"


def test_a_target_replaced_by_a_link_after_the_commit_point_is_refused_and_undone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`NotRegular` escaped the commit half applied, leaving the journal behind: every later
    write was refused, naming the journal. The write is refused by the target's name, what it
    moved is put back, nothing is left behind and the next write goes through."""
    from memorybank_lint.edits import journal
    from memorybank_lint.edits.errors import Refused
    from memorybank_lint.edits.text import digest
    from memorybank_lint.edits.transaction import Transaction

    root, outside = tmp_path / "bank", tmp_path / "outside.txt"
    root.mkdir()
    outside.write_text("outside\n")
    (root / "README.md").write_text("# index\n")
    (root / "doc.md").write_text("# doc\n")
    real_seal = journal.Journal.seal

    def seal_then_link(self: journal.Journal) -> None:
        real_seal(self)
        (root / "doc.md").unlink()
        (root / "doc.md").symlink_to(outside)

    monkeypatch.setattr(journal.Journal, "seal", seal_then_link)
    transaction = Transaction(root)
    transaction.replace("README.md", b"# index, new\n", digest(b"# index\n"))
    transaction.replace("doc.md", b"# doc, new\n", digest(b"# doc\n"))
    with pytest.raises(Refused, match=r"'doc\.md'"):
        transaction.commit()
    assert sorted(os.listdir(root)) == ["README.md", "doc.md"]
    assert (root / "README.md").read_text() == "# index\n" and outside.read_text() == "outside\n"
    monkeypatch.undo()
    transaction = Transaction(root)
    transaction.replace("README.md", b"# index, new\n", digest(b"# index\n"))
    transaction.commit()
    assert (root / "README.md").read_text() == "# index, new\n"


def test_a_target_grown_past_the_banks_limit_after_the_commit_point_is_not_read_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A target replaced by a hole (8 GiB; 64 MiB here) after the commit point was read whole to
    hash it. What is read of a target or a staged file is bounded by the bank's limit: one larger
    cannot be any text the write knows, so the write is refused and undone without reading it."""
    from memorybank_lint.edits import atomic, journal
    from memorybank_lint.edits.errors import Refused
    from memorybank_lint.edits.text import digest
    from memorybank_lint.edits.transaction import Transaction

    root = tmp_path / "bank"
    root.mkdir()
    (root / "doc.md").write_text("# doc\n")
    real_seal, real_read, asked = journal.Journal.seal, atomic.read_regular, []

    def seal_then_grow(self: journal.Journal) -> None:
        real_seal(self)
        (root / "doc.md").unlink()
        with open(root / "doc.md", "wb") as grown:
            grown.truncate(64 << 20)

    def reading(path: Any, limit: int, **options: Any) -> bytes:
        asked.append(limit)
        return real_read(path, limit, **options)

    monkeypatch.setattr(journal.Journal, "seal", seal_then_grow)
    monkeypatch.setattr(journal, "read_regular", reading)
    transaction = Transaction(root, limit=1 << 20)
    transaction.replace("doc.md", b"# doc, new\n", digest(b"# doc\n"))
    with pytest.raises(Refused, match=r"'doc\.md'"):
        transaction.commit()
    assert asked and max(asked) == 1 << 20
    assert sorted(os.listdir(root)) == ["doc.md"] and os.stat(root / "doc.md").st_size == 64 << 20


def test_the_edit_reader_never_passes_through_a_linked_folder(tmp_path: Path) -> None:
    """Every write reads its document (and promote its note, an index its text) folder by folder,
    none a link: a folder swapped for a link after the gates ran cannot lead the read outside."""
    from memorybank_lint.edits.errors import Refused
    from memorybank_lint.edits.text import read

    root, outside = tmp_path / "bank", tmp_path / "outside"
    (root / "domain").mkdir(parents=True)
    outside.mkdir()
    (outside / "secret.md").write_text("# secret\n", encoding="utf-8")
    (root / "domain" / "own.md").write_text("# own\n", encoding="utf-8")
    os.symlink(outside, root / "linked")
    assert read(root, "domain/own.md", 1 << 20).text == "# own\n"
    with pytest.raises(Refused, match=r"'linked/secret\.md' cannot be edited"):
        read(root, "linked/secret.md", 1 << 20)


def test_a_journal_a_repository_carries_is_never_replayed(sandbox: tuple[Bank, Path]) -> None:
    """A `.memorybank-journal` committed in a repository names real files and their real digests
    (replace `README.md`, delete a document): finishing it in a clone deleted and replaced them.
    Only a journal this user's writer signed for this bank is finished; any other is named."""
    import hashlib
    import json as json_module

    from memorybank_lint.fixes.command import fix
    from memorybank_lint.linter import lint

    bank, _outside = sandbox
    victim = bank.root / "product/context.md"
    old = hashlib.sha256(victim.read_bytes()).hexdigest()
    planted = {
        "version": 1,
        "made": [],
        "steps": [{"path": "product/context.md", "temp": None, "before": old, "after": None}],
    }
    for mac in ({}, {"mac": "0" * 64}):
        (bank.root / ".memorybank-journal").write_text(json_module.dumps({**planted, **mac}))
        before = tree_hash(bank.root)
        with pytest.raises(ToolInputError, match=r"signature does not match.*delete it by hand"):
            make(bank)
        with pytest.raises(ToolInputError, match=r"signature does not match"):
            fix(bank, lint(bank), unsafe=True)
        assert tree_hash(bank.root) == before and victim.exists()


def test_a_staged_file_that_is_a_link_is_never_moved_into_place(sandbox: tuple[Bank, Path]) -> None:
    """Even a journal this writer signed moves only the regular file it staged, with its bytes."""
    from memorybank_lint.edits.journal import COMMITTED, Journal, Step, recover
    from memorybank_lint.edits.text import digest

    bank, outside = sandbox
    (outside / "outside.txt").write_text("outside\n")
    target = bank.root / "product/context.md"
    old = target.read_bytes()
    journal = Journal(
        bank.root,
        [
            Step(
                "product/context.md",
                "product/.memorybank-0123456789abcdef.tmp",
                digest(old),
                digest(b"new\n"),
            )
        ],
        [],
    )
    journal.begin()
    journal.seal()
    (bank.root / "product/.memorybank-0123456789abcdef.tmp").symlink_to(outside / "outside.txt")
    recover(bank.root)
    assert target.read_bytes() == old and not target.is_symlink()
    assert not (bank.root / COMMITTED).exists()


def test_a_journal_left_before_the_project_was_moved_is_still_finished(tmp_path: Path) -> None:
    """The signature bound the journal to the bank's path: after `mv project elsewhere`, a write
    killed past its commit point could never be finished, and the advice to delete the journal
    left a page no index reaches."""
    from memorybank_lint.edits.journal import COMMITTED, Journal, Step, recover
    from memorybank_lint.edits.text import digest

    first = tmp_path / "project" / "memory-bank"
    scaffold.init(first, "demo")
    target = first / "product/context.md"
    old, new = target.read_bytes(), target.read_bytes() + b"\nMore.\n"
    staged = "product/.memorybank-0123456789abcdef.tmp"
    (first / staged).write_bytes(new)
    journal = Journal(first, [Step("product/context.md", staged, digest(old), digest(new))], [])
    journal.begin()
    journal.seal()
    moved = tmp_path / "moved"
    os.rename(tmp_path / "project", moved)
    root = moved / "memory-bank"
    assert recover(root) == "rolled forward"
    assert (root / "product/context.md").read_bytes() == new
    assert not (root / COMMITTED).exists() and not (root / staged).exists()


def test_a_journal_that_cannot_be_finished_names_the_files_it_would_touch(sandbox: tuple[Bank, Path]) -> None:
    """Deleting it as told left the temporary files it staged and a half-done write: the
    refusal says which files to look at."""
    bank, _outside = sandbox
    staged = "product/.memorybank-0123456789abcdef.tmp"
    planted = {
        "version": 1,
        "made": [],
        "steps": [{"path": "product/context.md", "temp": staged, "before": None, "after": "0" * 64}],
        "mac": "0" * 64,
    }
    (bank.root / ".memorybank-journal").write_text(json.dumps(planted))
    with pytest.raises(
        ToolInputError,
        match=r"it names product/context\.md \(staged in product/\.memorybank-0123456789abcdef\.tmp\)",
    ):
        make(bank)


def test_a_planted_journal_naming_long_paths_gives_a_bounded_refusal(sandbox: tuple[Bank, Path]) -> None:
    bank, _outside = sandbox
    step = {"path": "a" * 20_000 + ".md", "temp": "b" * 10_000, "before": None, "after": "0" * 64}
    planted = {"version": 1, "made": [], "steps": [step] * 50, "mac": "0" * 64}
    (bank.root / ".memorybank-journal").write_text(json.dumps(planted))
    with pytest.raises(ToolInputError) as refused:
        make(bank)
    assert len(str(refused.value)) < 2_000 and "and 44 more" in str(refused.value)
