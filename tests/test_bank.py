"""The bank: which files are documents, the incremental refresh, unreadable files, layers, paths."""

from __future__ import annotations

import os
import textwrap
import threading
from pathlib import Path

import pytest

from memorybank_lint.bank import Bank
from memorybank_lint.linter import Selection, lint


def write(root: Path, files: dict[str, str | bytes]) -> None:
    for relative, content in files.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(textwrap.dedent(content).lstrip("\n"), encoding="utf-8")


def bank_at(root: Path, files: dict[str, str | bytes], **kw: int) -> Bank:
    root.mkdir(parents=True, exist_ok=True)
    write(root, files)
    bank = Bank(root, **kw)
    bank.refresh()
    return bank


@pytest.fixture
def root(tmp_path: Path) -> Path:
    return tmp_path / "memory-bank"


# -- the walk ---------------------------------------------------------------------------------------


def test_hidden_and_skipped_entries_are_not_documents(root: Path) -> None:
    bank = bank_at(
        root,
        {
            "kept.md": "",
            ".hidden.md": "",
            ".obsidian/workspace.md": "",
            ".git/notes.md": "",
            "sec/.draft.md": "",
            "sec/.cache/x.md": "",
            "node_modules/pkg/README.md": "",
            "sec/node_modules/x.md": "",
            "dist/out.md": "",
            "sec/dist/out.md": "",
            "_inbox/note.md": "",
        },
    )
    assert list(bank.docs) == ["_inbox/note.md", "kept.md"]


def test_only_lower_case_md_files_are_documents(root: Path) -> None:
    bank = bank_at(
        root,
        {
            "a.md": "",
            "NOTES.MD": "",
            "b.Md": "",
            "x.md:Zone.Identifier": "",
            "c.yml": "",
            "d.png": b"\x89PNG",
        },
    )
    assert list(bank.docs) == ["a.md"]


def test_symlinks_are_not_followed(root: Path, tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    write(outside, {"secret.md": "# Secret\n", "dir/inner.md": "# Inner\n"})
    write(root, {"real.md": "# Real\n", "domain/rules.md": "# Rules\n"})
    (root / "alias.md").symlink_to(root / "real.md")
    (root / "mirror").symlink_to(root / "domain", target_is_directory=True)
    (root / "leak.md").symlink_to(outside / "secret.md")
    (root / "leakdir").symlink_to(outside / "dir", target_is_directory=True)
    bank = Bank(root)
    bank.refresh()
    assert list(bank.docs) == ["domain/rules.md", "real.md"]


def test_documents_are_in_code_point_order(root: Path) -> None:
    names = ["b.md", "a/x.md", "a-b.md", "B.md", "_inbox/n.md", "é.md", "Z/y.md", "a.md", "README.md"]
    bank = bank_at(root, dict.fromkeys(names, ""))
    assert list(bank.docs) == sorted(names)
    write(root, {"A.md": "", "a/a.md": ""})
    bank.refresh()
    assert list(bank.docs) == sorted([*names, "A.md", "a/a.md"])


def test_a_folder_that_can_be_listed_but_not_entered_is_reported_not_passed_over() -> None:
    """A folder with read but no search permission (mode 644) lists its names, but none of them
    can be looked at: the walk dropped each document without a word, so the run passed as a
    bank without them. Such a folder is reported as unread, as one that cannot be listed is."""
    import json
    import shutil
    import subprocess
    import tempfile

    from memorybank_lint.bank import walk

    from .conftest import as_another_user, owned_by_another_user

    base = Path(tempfile.mkdtemp(prefix="unentered-"))  # outside pytest's private folder
    base.chmod(0o755)
    root = base / "memory-bank"
    try:
        write(root, {"a.md": "# A\n", "sub/b.md": "---\nstatus: bogus\n---\n# B\n", "sub/deeper/c.md": ""})
        owned_by_another_user(base)
        (root / "sub").chmod(0o644)

        def walked() -> None:
            unread: list[tuple[str, str]] = []
            names = [name for name, _ in walk(root, unread)]
            raise RuntimeError(json.dumps([names, unread]))

        (answer,) = as_another_user([walked])
        names, unread = json.loads(answer.removeprefix("refused: "))
        assert names == ["a.md"]
        assert unread == [["sub", "Permission denied"], ["sub/deeper", "Permission denied"]]
    finally:
        subprocess.run(["chmod", "-R", "u+rwx", str(base)], check=False)
        shutil.rmtree(base, ignore_errors=True)


# -- refresh ----------------------------------------------------------------------------------------


def counts(bank: Bank) -> tuple[int, int, int]:
    result = bank.refresh()
    return result.added, result.changed, result.removed


def test_refresh_counts(root: Path) -> None:
    bank = Bank(root)
    write(root, {"a.md": "# A\n", "b.md": "# B\n", "sec/c.md": "# C\n"})
    assert counts(bank) == (3, 0, 0)
    assert counts(bank) == (0, 0, 0)

    (root / "a.md").write_text("# A, edited and longer\n", encoding="utf-8")
    assert counts(bank) == (0, 1, 0)
    assert bank.docs["a.md"].title == "A, edited and longer"

    stat = (root / "b.md").stat()
    (root / "b.md").write_text("# X\n", encoding="utf-8")
    os.utime(root / "b.md", ns=(stat.st_atime_ns, stat.st_mtime_ns + 5_000_000_000))
    assert counts(bank) == (0, 1, 0)
    assert bank.docs["b.md"].title == "X"

    (root / "sec" / "c.md").unlink()
    assert counts(bank) == (0, 0, 1)
    assert "sec/c.md" not in bank.docs

    write(root, {"new.md": "# New\n"})
    assert counts(bank) == (1, 0, 0)
    assert counts(bank) == (0, 0, 0)


def test_refresh_rebuilds_the_maps(root: Path) -> None:
    bank = bank_at(root, {"README.md": "- [a](a.md)\n", "a.md": "---\ncanonical_for: [k]\n---\n"})
    assert bank.docs["a.md"].registered_in == ["README.md"]
    assert bank.owners == {"k": ["a.md"]}
    (root / "README.md").write_text("# Nothing linked any more\n", encoding="utf-8")
    (root / "b.md").write_text("---\ncanonical_for: [k]\n---\n", encoding="utf-8")
    bank.refresh()
    assert bank.docs["a.md"].registered_in == []
    assert bank.owners == {"k": ["a.md", "b.md"]}


# -- unreadable files -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"\x00\x01\x02\x03 binary", "binary"),
        (b"# Caf\xe9 in Latin-1\n", "UTF-8"),
        (b"# Big\n" + b"x" * 400, "limit"),
    ],
)
def test_unreadable_file_stays_in_the_bank_and_is_reported(root: Path, content: bytes, reason: str) -> None:
    files: dict[str, str | bytes] = {
        "README.md": "- [odd](odd.md)\n- [gone](gone.md)\n",
        "odd.md": content,
        "a.md": "---\nderived_from: [odd.md, missing.md]\n---\n",
    }
    bank = bank_at(root, files, max_bytes=300)
    assert "odd.md" in bank.docs
    assert bank.docs["odd.md"].read_error is not None
    findings = lint(bank, Selection(select=frozenset({"MB001", "MB002", "MB007"})))
    assert [(f.code, f.path) for f in findings] == [
        ("MB002", "odd.md"),
        ("MB001", "a.md"),
        ("MB007", "README.md"),
    ]
    assert reason in findings[0].message
    assert "'missing.md'" in findings[1].message
    assert "'gone.md'" in findings[2].message


# -- layers -----------------------------------------------------------------------------------------


def test_layers_from_the_built_in_map(root: Path) -> None:
    paths = {
        "dna/principles.md": "dna",
        "domain/rules.md": "knowledge",
        "engineering/x.md": "knowledge",
        "adr/a.md": "decision",
        "use_cases/u.md": "decision",
        "features/FT-1/brief.md": "delivery",
        "flows/f.md": "flow",
        "_inbox/n.md": "inbox",
        "README.md": "other",
        "project/p.md": "other",
        "Domain/x.md": "other",
    }
    bank = bank_at(root, dict.fromkeys(paths, ""))
    assert {path: doc.layer for path, doc in bank.docs.items()} == paths


LAYER_TABLE = """
    # Governance

    | Directory | Layer | Weight |
    |-|-|-|
    | `scenarios` | `decision` | 1.2 |
    | `guides/` | knowledge | 2.5 |
    | `domain` | `other` |  |
    | `notes` | `important` | 9 |
    """


def test_layers_from_a_dna_layer_table(root: Path) -> None:
    files = {
        "dna/governance.md": LAYER_TABLE,
        "scenarios/s.md": "",
        "guides/g.md": "",
        "domain/rules.md": "",
        "notes/n.md": "",
        "adr/a.md": "",
    }
    bank = bank_at(root, files)
    layers = {path: doc.layer for path, doc in bank.docs.items()}
    assert layers == {
        "adr/a.md": "decision",
        "dna/governance.md": "dna",
        "domain/rules.md": "other",
        "guides/g.md": "knowledge",
        "notes/n.md": "other",
        "scenarios/s.md": "decision",
    }
    assert bank.layers.weight("knowledge") == 2.5
    assert bank.layers.weight("decision") == 1.2


def test_layers_are_recomputed_when_the_table_is_removed(root: Path) -> None:
    bank = bank_at(root, {"dna/governance.md": LAYER_TABLE, "scenarios/s.md": "", "domain/rules.md": ""})
    assert (bank.docs["scenarios/s.md"].layer, bank.docs["domain/rules.md"].layer) == ("decision", "other")
    (root / "dna" / "governance.md").write_text("# Governance\n\nNo table any more.\n", encoding="utf-8")
    bank.refresh()
    assert (bank.docs["scenarios/s.md"].layer, bank.docs["domain/rules.md"].layer) == ("other", "knowledge")


def test_layer_table_outside_dna_is_ignored(root: Path) -> None:
    bank = bank_at(root, {"scenarios/README.md": LAYER_TABLE, "scenarios/s.md": ""})
    assert bank.docs["scenarios/s.md"].layer == "other"


# -- paths written from the repository root ---------------------------------------------------------


def test_bank_name_prefix_resolves_for_the_graph_and_mb001_gives_the_relative_path(root: Path) -> None:
    files = {
        "ROADMAP.md": "---\nderived_from: [memory-bank/prd/PRD.md]\n---\n",
        "features/FT-1.md": "---\nderived_from:\n  - memory-bank/prd/PRD.md\n---\n",
        "prd/PRD.md": "# PRD\n",
    }
    bank = bank_at(root, files)
    [edge] = bank.docs["ROADMAP.md"].derived_from
    assert bank.edge_target(edge) == "prd/PRD.md"
    assert bank.incoming["prd/PRD.md"] == ["ROADMAP.md", "features/FT-1.md"]
    findings = lint(bank, Selection(select=frozenset({"MB001"})))
    assert [f.path for f in findings] == ["ROADMAP.md", "features/FT-1.md"]
    assert "written from the repository root" in findings[0].message
    assert "'memory-bank/prd/PRD.md'" in findings[0].message
    assert "'prd/PRD.md'" in findings[0].message
    assert "'../prd/PRD.md'" in findings[1].message


def test_other_bank_name_is_not_a_prefix(tmp_path: Path) -> None:
    bank = bank_at(
        tmp_path / "memory_bank", {"a.md": "---\nderived_from: [memory-bank/b.md]\n---\n", "b.md": ""}
    )
    [edge] = bank.docs["a.md"].derived_from
    assert bank.edge_target(edge) is None
    [finding] = lint(bank, Selection(select=frozenset({"MB001"})))
    assert "does not exist" in finding.message


# -- a name that changes hands between the walk and the read ------------------------------------


def _swapped_after_the_walk(monkeypatch: pytest.MonkeyPatch, root: Path, name: str, swap) -> None:
    """The walk yields `name` as the regular file it saw, then `swap` takes its name before the
    bank opens it: the window a concurrent process has."""
    import memorybank_lint.bank as bank_module

    real_walk = bank_module.walk

    def walk(folder: Path, unread: list | None = None):
        for path, info in real_walk(folder, unread):
            if path == name:
                (root / name).unlink()
                swap(root / name)
            yield path, info

    monkeypatch.setattr(bank_module, "walk", walk)


SWAPS = {
    "a FIFO": lambda path: os.mkfifo(path),
    "a link to a device": lambda path: path.symlink_to("/dev/zero"),
}


@pytest.mark.parametrize("swap", SWAPS.values(), ids=SWAPS.keys())
def test_a_file_that_became_a_fifo_or_a_link_after_the_walk_is_reported_not_waited_on(
    root: Path, monkeypatch: pytest.MonkeyPatch, swap
) -> None:
    write(root, {"a.md": "# A\n", "odd.md": "# Odd\n"})
    _swapped_after_the_walk(monkeypatch, root, "odd.md", swap)
    bank = Bank(root)
    done = threading.Thread(target=bank.refresh, daemon=True)
    done.start()
    done.join(timeout=20)
    if done.is_alive():  # blocked opening the FIFO: release it, then fail
        os.close(os.open(root / "odd.md", os.O_WRONLY | os.O_NONBLOCK))
        pytest.fail("the refresh waited on a FIFO")
    assert bank.docs["odd.md"].read_error in (
        "file is not a regular file; not parsed",
        "file is a symbolic link; not parsed",
    )
    assert bank.docs["a.md"].read_error is None


def test_a_folder_that_became_a_link_after_the_walk_is_reported_not_followed(
    root: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The document is opened folder by folder from the bank's root: a folder swapped for a link
    out of the bank between the walk and the read leads nowhere."""
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "odd.md").write_text("---\ntitle: SECRET\n---\n# SECRET\n", encoding="utf-8")
    write(root, {"a.md": "# A\n", "domain/odd.md": "# Odd\n"})

    def swap(path: Path) -> None:
        (root / "domain").rename(tmp_path / "moved")
        (root / "domain").symlink_to(outside, target_is_directory=True)

    _swapped_after_the_walk(monkeypatch, root, "domain/odd.md", swap)
    bank = Bank(root)
    bank.refresh()
    assert bank.docs["domain/odd.md"].read_error == "file is a symbolic link; not parsed"
    assert "SECRET" not in bank.docs["domain/odd.md"].text


def test_a_folder_swapped_for_a_link_while_the_walk_lists_its_parent_is_never_listed(
    root: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The walk saw `domain` as a folder, then a concurrent process swapped it for a link to a
    tree outside before the walk listed it: listed by its path, the outside tree's names became
    bank documents (63,325 of them from `/`). Each folder is opened from its parent's descriptor
    without following a link, so the link is passed over like any other."""
    outside = tmp_path / "elsewhere"
    (outside / "deeper").mkdir(parents=True)
    (outside / "secret.md").write_text("# SECRET\n", encoding="utf-8")
    (outside / "deeper" / "more.md").write_text("# More\n", encoding="utf-8")
    write(root, {"a.md": "# A\n", "domain/odd.md": "# Odd\n"})
    real_scandir, listings = os.scandir, []

    class SwapAfterTheRootListing:
        def __init__(self, where: int | str) -> None:
            self.listing = real_scandir(where)

        def __enter__(self) -> SwapAfterTheRootListing:
            return self

        def __exit__(self, *exc: object) -> None:
            self.listing.close()
            listings.append(True)
            if len(listings) == 1:  # the root listed: `domain` was seen as a folder
                (root / "domain").rename(tmp_path / "moved")
                (root / "domain").symlink_to(outside, target_is_directory=True)

        def __iter__(self):
            return iter(list(self.listing))

    monkeypatch.setattr(os, "scandir", SwapAfterTheRootListing)
    bank = Bank(root)
    bank.refresh()
    monkeypatch.undo()
    assert sorted(bank.docs) == ["a.md"] and bank.unread == []


def test_a_walk_left_half_way_closes_every_folder_it_opened(root: Path) -> None:
    """The walk holds its folders open while it goes; one stopped at its first document (as the
    check for an empty bank does) lets go of all of them."""
    from memorybank_lint.bank import walk

    write(root, {f"f{i}/g/doc.md": "# D\n" for i in range(5)} | {"a.md": "# A\n"})
    before = len(os.listdir("/proc/self/fd"))
    walking = walk(root)
    assert next(walking) is not None and len(os.listdir("/proc/self/fd")) > before
    walking.close()
    assert len(os.listdir("/proc/self/fd")) == before
    assert sorted(path for path, _ in walk(root)) == ["a.md"] + [f"f{i}/g/doc.md" for i in range(5)]
    assert len(os.listdir("/proc/self/fd")) == before


def _starved_bank(root: Path) -> Bank | None:
    """The bank at `root` refreshed with descriptors to spare for the walk but, at some limit, not
    for a read (then the limit is lifted); None when no limit refused a read alone."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    highest = max(int(fd) for fd in os.listdir("/proc/self/fd"))
    for spare in range(1, 16):
        bank = Bank(root)
        resource.setrlimit(resource.RLIMIT_NOFILE, (highest + 1 + spare, hard))
        try:
            bank.refresh()
        finally:
            resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
        if any("Too many open files" in (doc.read_error or "") for doc in bank.docs.values()):
            return bank
    return None


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="counts descriptors through /proc")
def test_a_read_the_system_refused_for_a_reason_of_the_moment_is_tried_again(root: Path) -> None:
    """Out of descriptors for a moment (a long-running server holding many), a read fails with
    nothing wrong with the file: the next refresh reads it, where it once reported 'cannot be
    read' until the file itself changed."""
    write(root, {"a/b/c/d/deep.md": "---\ntitle: Deep\n---\n# Deep\n", "top.md": "# Top\n"})
    bank = _starved_bank(root)
    assert bank is not None, "no descriptor limit starved a read alone"
    bank.refresh()
    assert {path: doc.read_error for path, doc in bank.docs.items()} == {
        "a/b/c/d/deep.md": None,
        "top.md": None,
    }
