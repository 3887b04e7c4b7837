"""`--staged-deletions`: a commit that deletes or renames away a document others name is checked.

Why: pre-commit never hands a hook the files a commit deletes, so such a commit passed the hook
and failed the pull request. These run the real git: the deletion is staged with `git rm` or
`git mv`, as a user stages it.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from memorybank_lint.cli import main

from .conftest import captured, git, write_bank

PRINCIPLES = "---\ntitle: Principles\ndoc_kind: governance\nstatus: active\n---\n# Principles\n"


def _doc(title: str, derived_from: str) -> str:
    return f"---\ntitle: {title}\nstatus: active\nderived_from: [{derived_from}]\n---\n# {title}\n"


BANK = {
    "dna/principles.md": PRINCIPLES,
    "domain/model.md": _doc("Model", "../dna/principles.md, old.md"),
    "domain/old.md": _doc("Old", "../dna/principles.md"),
    "domain/alone.md": _doc("Alone", "../dna/principles.md"),
    "README.md": "# Bank\n\n- [Principles](dna/principles.md)\n- [Model](domain/model.md)\n"
    "- [Old](domain/old.md)\n- [Alone](domain/alone.md)\n",
}


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A committed repository whose clean bank is `memory-bank/`; the tests run from its top."""
    write_bank(tmp_path / "memory-bank", BANK)
    git(tmp_path, "init", "-q")
    git(tmp_path, "add", "-A")
    git(tmp_path, "commit", "-q", "-m", "a clean bank")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def lint(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    return captured(main, ["--no-cache", *argv], capsys)


def test_a_staged_deletion_reports_the_documents_that_name_it(repo: Path, capsys) -> None:
    assert lint(["--staged-deletions"], capsys)[0] == 0
    git(repo, "rm", "-q", "memory-bank/domain/old.md")
    code, out, _ = lint(["--staged-deletions"], capsys)
    assert code == 1, out
    assert "memory-bank/domain/model.md:4:" in out and "MB001" in out
    assert "memory-bank/README.md:5:3: MB007" in out
    # without the option, the same staged file list (none) checks the whole bank, as before
    assert lint([], capsys)[0] == 1


def test_a_rename_counts_as_its_old_name_deleted(repo: Path, capsys) -> None:
    git(repo, "mv", "memory-bank/domain/old.md", "memory-bank/domain/older.md")
    code, out, _ = lint(["--staged-deletions", "memory-bank/domain/older.md"], capsys)
    assert code == 1 and "memory-bank/domain/model.md:4:" in out, out


def test_a_document_the_commit_deletes_but_the_disk_keeps_counts_as_gone(repo: Path, capsys) -> None:
    """`git rm --cached` takes the page out of the commit and leaves the file: the commit's tree
    breaks the pages naming it, though the disk still reads them whole."""
    git(repo, "rm", "-q", "--cached", "memory-bank/domain/old.md")
    assert (repo / "memory-bank" / "domain" / "old.md").is_file()
    code, out, _ = lint(["--staged-deletions"], capsys)
    assert code == 1, out
    assert "memory-bank/domain/model.md:4:" in out and "MB001" in out
    assert "memory-bank/README.md:5:3: MB007" in out
    assert not any(line.startswith("memory-bank/domain/old.md") for line in out.splitlines())
    # the file on disk is left as it was, and a run without the option reads it
    assert lint([], capsys) == (0, "No findings.\n", "")


def test_the_given_files_are_checked_beside_the_documents_naming_a_deletion(repo: Path, capsys) -> None:
    alone = repo / "memory-bank" / "domain" / "alone.md"
    alone.write_text(alone.read_text(encoding="utf-8").replace("# Alone", "# Alone\n\n[x](nowhere.md)"))
    git(repo, "rm", "-q", "memory-bank/domain/old.md")
    code, out, _ = lint(["--staged-deletions", "--select", "MB001", "memory-bank/dna/principles.md"], capsys)
    assert code == 1 and "memory-bank/domain/model.md:4:" in out, out
    # a document neither given nor naming the deleted one stays unreported
    assert "alone.md" not in out


def test_a_deletion_nothing_names_passes(repo: Path, capsys) -> None:
    readme = repo / "memory-bank" / "README.md"
    readme.write_text(readme.read_text(encoding="utf-8").replace("- [Alone](domain/alone.md)\n", ""))
    git(repo, "add", "memory-bank/README.md")
    git(repo, "commit", "-q", "-m", "alone is not listed")
    git(repo, "rm", "-q", "memory-bank/domain/alone.md")
    assert lint(["--staged-deletions"], capsys) == (0, "No findings.\n", "")


def test_a_commit_touching_no_bank_passes_without_looking_for_one(repo: Path, capsys) -> None:
    """The hook runs on every commit; one that stages nothing of a bank must not need a bank
    where none is looked for (here the bank folder has a name of its own)."""
    (repo / "memory-bank").rename(repo / "bank")
    (repo / "notes.md").write_text("# notes\n", encoding="utf-8")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "the bank has a name of its own")
    git(repo, "rm", "-q", "notes.md")
    assert lint(["--staged-deletions"], capsys) == (0, "", "")
    assert lint([], capsys)[0] == 2  # without the option the run looks for the bank, and says so


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--select", "MB0O1"], "--select: unknown rule 'MB0O1'"),
        (["--ignore", "unregistred-doc"], "--ignore: unknown rule 'unregistred-doc'"),
        (["--extend-select", "MB001,"], "--extend-select: an empty rule code"),
        (["--baseline", "no-such-baseline.json"], "baseline file no-such-baseline.json does not exist"),
        (["--ignore-noqa", "--select", "MB013"], "--ignore-noqa leaves no rule to run"),
        (["--ignore-noqa", "--select", "unused-suppression,MB001", "--ignore", "MB001"], "leaves no rule"),
    ],
)
def test_a_mistaken_option_is_refused_on_a_commit_with_nothing_to_check(
    repo: Path, capsys, argv: list[str], words: str
) -> None:
    """The hook's `args` carry it on every commit, and one that stages nothing of a bank passed
    with 0 before the option was read: the typo went unsaid until a commit touched the bank."""
    (repo / "notes.md").write_text("# notes\n", encoding="utf-8")
    git(repo, "add", "notes.md")
    assert lint(["--staged-deletions"], capsys) == (0, "", "")
    code, out, err = lint(["--staged-deletions", *argv], capsys)
    assert (code, out) == (2, "") and len(err.splitlines()) == 1 and words in err, err


def test_the_option_outside_a_git_work_tree_is_a_usage_error(tmp_path: Path, monkeypatch, capsys) -> None:
    write_bank(tmp_path / "memory-bank", BANK)
    monkeypatch.chdir(tmp_path)
    code, _, err = lint(["--staged-deletions"], capsys)
    assert code == 2
    assert err.startswith("memorybank-lint: --staged-deletions asks git what the commit deletes")


def test_the_option_is_refused_beside_an_option_that_only_prints(repo: Path, capsys) -> None:
    code, _, err = captured(main, ["--list-rules", "--staged-deletions"], capsys)
    assert code == 2 and "--staged-deletions does not apply to --list-rules" in err


def test_a_baseline_is_not_written_from_what_a_commit_breaks(repo: Path, capsys) -> None:
    """A commit's check reads only what a deletion breaks, and with none it stopped before writing:
    `--write-baseline` beside it passed saying nothing and wrote no file."""
    code, _, err = captured(main, ["--staged-deletions", "--write-baseline", "b.json"], capsys)
    assert code == 2 and "--staged-deletions and --write-baseline do not go together" in err
    assert not (repo / "b.json").exists()


def test_the_index_git_hands_a_commit_hook_is_the_one_read(repo: Path, capsys, monkeypatch) -> None:
    """`git commit -a` stages into a temporary index named in `GIT_INDEX_FILE`; the repository's
    own index still holds the document, so reading that one let the deletion through."""
    temporary = repo / ".git" / "index.commit"
    temporary.write_bytes((repo / ".git" / "index").read_bytes())
    (repo / "memory-bank" / "domain" / "old.md").unlink()
    env = {"GIT_INDEX_FILE": str(temporary)}
    subprocess.run(
        ["git", "rm", "-q", "--cached", "memory-bank/domain/old.md"],
        cwd=repo,
        env={**os.environ, **env},
        check=True,
    )
    assert lint(["--staged-deletions"], capsys)[0] == 0  # the repository's own index deletes nothing
    monkeypatch.setenv("GIT_INDEX_FILE", ".git/index.commit")  # as git names it, from the top
    code, out, _ = lint(["--staged-deletions"], capsys)
    assert code == 1 and "memory-bank/domain/model.md:4:" in out, out


def test_a_file_named_head_does_not_make_the_question_ambiguous(repo: Path, capsys) -> None:
    (repo / "HEAD").write_text("x\n", encoding="utf-8")
    git(repo, "add", "HEAD")
    git(repo, "commit", "-q", "-m", "a file named HEAD")
    git(repo, "rm", "-q", "memory-bank/domain/old.md")
    code, out, err = lint(["--staged-deletions"], capsys)
    assert code == 1 and "memory-bank/domain/model.md:4:" in out, out + err


def test_a_file_turned_into_a_symbolic_link_counts_as_deleted(repo: Path, capsys) -> None:
    old = repo / "memory-bank" / "domain" / "old.md"
    old.unlink()
    old.symlink_to("alone.md")
    git(repo, "add", "memory-bank/domain/old.md")
    code, out, _ = lint(["--staged-deletions"], capsys)
    assert code == 1 and "memory-bank/domain/model.md:4:" in out, out


def test_a_name_holding_a_hash_and_a_folder_link_are_names_too(repo: Path, capsys) -> None:
    """`derived_from: [c#-style.md]` names the file of that whole name when `c` is none, and an
    index linking a folder (`[Area](area/)`) names what the folder held."""
    bank = repo / "memory-bank"
    (bank / "domain" / "c#-style.md").write_text(
        BANK["domain/old.md"].replace("Old", "Style"), encoding="utf-8"
    )
    model = bank / "domain" / "model.md"
    model.write_text(model.read_text(encoding="utf-8").replace("old.md]", "old.md, c#-style.md]"))
    (bank / "area").mkdir()
    (bank / "area" / "a.md").write_text(BANK["domain/alone.md"].replace("../dna", "../dna"), encoding="utf-8")
    (bank / "area" / "README.md").write_text("# Area\n\n- [A](a.md)\n", encoding="utf-8")
    readme = bank / "README.md"
    readme.write_text(readme.read_text(encoding="utf-8") + "- [Area](area/)\n", encoding="utf-8")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "a style page and an area")
    git(repo, "rm", "-q", "memory-bank/domain/c#-style.md")
    code, out, _ = lint(["--staged-deletions", "--select", "MB001"], capsys)
    assert code == 1 and "memory-bank/domain/model.md:4:" in out and "c#-style.md" in out, out
    git(repo, "reset", "-q", "--hard")
    git(repo, "rm", "-q", "-r", "memory-bank/area")
    code, out, _ = lint(["--staged-deletions"], capsys)
    assert code == 1 and "memory-bank/README.md:7:3: MB007" in out, out


def test_a_deletion_in_another_bank_than_the_given_files_is_refused(repo: Path, capsys) -> None:
    """Two banks in one repository: a file of one given and a document of the other deleted is
    a commit over two banks, as two files of two banks are, not a deletion passed over."""
    write_bank(repo / "other" / "memory-bank", BANK)
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "a second bank")
    git(repo, "rm", "-q", "other/memory-bank/domain/old.md")
    code, _, err = lint(["--staged-deletions", "memory-bank/domain/alone.md"], capsys)
    assert code == 2 and "several banks" in err, err
    # naming the bank says which one is meant: the other bank's deletion is not this run's
    assert (
        lint(["--staged-deletions", "--root", "memory-bank", "memory-bank/domain/alone.md"], capsys)[0] == 0
    )
    code, out, _ = lint(["--staged-deletions", "--root", "other/memory-bank"], capsys)
    assert code == 1 and "other/memory-bank/domain/model.md:4:" in out, out


def test_a_deleted_index_page_brings_the_pages_it_registered(repo: Path, capsys) -> None:
    """Deleting an index page leaves every page under its folder unregistered (MB009, a warning
    that fails under `--strict` as CI runs it): those pages are checked too."""
    git(repo, "rm", "-q", "memory-bank/README.md")
    code, out, _ = lint(["--staged-deletions", "--strict"], capsys)
    assert code == 1 and "memory-bank/domain/model.md:1:1: MB009" in out, out


def test_a_symbolic_link_turned_back_into_a_file_is_not_deleted(repo: Path, capsys) -> None:
    """A type change (`T`) also turns a link into a file: the commit adds the document the pages
    name, and reading it as deleted failed a commit that mends them."""
    old = repo / "memory-bank" / "domain" / "old.md"
    text = old.read_text(encoding="utf-8")
    old.unlink()
    old.symlink_to("alone.md")
    git(repo, "add", "memory-bank/domain/old.md")
    git(repo, "commit", "-q", "-m", "old is a link")
    old.unlink()
    old.write_text(text, encoding="utf-8")
    git(repo, "add", "memory-bank/domain/old.md")
    assert lint(["--staged-deletions", "memory-bank/domain/old.md"], capsys) == (0, "No findings.\n", "")


def _stage_unnaming(repo: Path, *names: str) -> None:
    """Take `domain/old.md` out of the pages that name it, staged, as a careful commit does."""
    for name in names:
        page = repo / "memory-bank" / name
        text = page.read_text(encoding="utf-8")
        page.write_text(text.replace("- [Old](domain/old.md)\n", "").replace(", old.md]", "]"))
    git(repo, "add", "-A")


def test_a_deleted_dna_document_brings_the_whole_bank(repo: Path, capsys) -> None:
    """The contract is read from every dna/ document together: deleting one that names the root
    leaves the root an active document that needs a derived_from, though it names nothing gone."""
    bank = repo / "memory-bank"
    (bank / "dna" / "rules.md").write_text(
        PRINCIPLES.replace("Principles", "Rules").replace("active\n", "active\nderived_from: [vision.md]\n")
        + "\nEvery `active` non-root document must define `derived_from`.\n",
        encoding="utf-8",
    )
    (bank / "dna" / "roots.md").write_text(
        PRINCIPLES.replace("Principles", "Roots").replace("active", "draft")
        + "\nThe root document is `dna/vision.md`.\n",
        encoding="utf-8",
    )
    (bank / "dna" / "vision.md").write_text(PRINCIPLES.replace("Principles", "Vision"), encoding="utf-8")
    principles = bank / "dna" / "principles.md"
    principles.write_text(PRINCIPLES.replace("active\n", "active\nderived_from: [vision.md]\n"))
    readme = bank / "README.md"
    readme.write_text(
        readme.read_text(encoding="utf-8")
        + "- [V](dna/vision.md)\n- [R](dna/rules.md)\n- [Ro](dna/roots.md)\n"
    )
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "a contract in three documents")
    assert lint([], capsys)[0] == 0
    git(repo, "rm", "-q", "memory-bank/dna/roots.md")
    readme.write_text(readme.read_text(encoding="utf-8").replace("- [Ro](dna/roots.md)\n", ""))
    git(repo, "add", "-A")
    code, out, _ = lint(["--staged-deletions", "memory-bank/README.md"], capsys)
    assert code == 1 and "memory-bank/dna/vision.md:4:1: MB005" in out, out


def test_a_deleted_index_page_brings_what_it_registered_elsewhere(repo: Path, capsys) -> None:
    """An index page registers what it links to, in any folder, and any document with
    `doc_function: index` is one: the pages it alone registered are unregistered now (MB009)."""
    bank = repo / "memory-bank"
    (bank / "other").mkdir()
    (bank / "other" / "x.md").write_text(BANK["domain/alone.md"].replace("Alone", "X"), encoding="utf-8")
    (bank / "other" / "y.md").write_text(BANK["domain/alone.md"].replace("Alone", "Y"), encoding="utf-8")
    (bank / "domain" / "README.md").write_text("# Domain\n\n- [X](../other/x.md)\n", encoding="utf-8")
    (bank / "catalog.md").write_text(
        "---\ntitle: Catalog\ndoc_function: index\n---\n# Catalog\n\n- [Y](other/y.md)\n", encoding="utf-8"
    )
    readme = bank / "README.md"
    readme.write_text(readme.read_text(encoding="utf-8") + "- [D](domain/README.md)\n- [C](catalog.md)\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "two index pages")
    assert lint(["--strict"], capsys)[0] == 0
    git(repo, "rm", "-q", "memory-bank/domain/README.md", "memory-bank/catalog.md")
    readme.write_text(
        readme.read_text(encoding="utf-8").replace("- [D](domain/README.md)\n- [C](catalog.md)\n", "")
    )
    git(repo, "add", "-A")
    code, out, _ = lint(["--staged-deletions", "--strict", "memory-bank/README.md"], capsys)
    assert code == 1, out
    assert "memory-bank/other/x.md:1:1: MB009" in out and "memory-bank/other/y.md:1:1: MB009" in out, out


def test_a_deleted_index_page_too_big_to_read_is_not_read_from_head(repo: Path, capsys) -> None:
    """What a deleted page linked is read from HEAD only as far as the bank reads a file: one over
    `max-file-size` registered nothing (MB002 said so), so it brings nothing, and is never loaded."""
    bank = repo / "memory-bank"
    (bank / "other").mkdir()
    (bank / "other" / "x.md").write_text(BANK["domain/alone.md"].replace("Alone", "X"), encoding="utf-8")
    big = "# Domain\n\n- [X](../other/x.md)\n" + "padding line\n" * 200
    (bank / "domain" / "README.md").write_text(big, encoding="utf-8")
    (repo / ".memorybank.toml").write_text("max-file-size = 1000\n", encoding="utf-8")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "a big index page")
    git(repo, "rm", "-q", "memory-bank/domain/README.md")
    code, out, _ = lint(["--staged-deletions", "--strict", "--select", "MB009"], capsys)
    assert (code, out) == (0, "No findings.\n")
    (repo / ".memorybank.toml").write_text("max-file-size = 100000\n", encoding="utf-8")
    code, out, _ = lint(["--staged-deletions", "--strict", "--select", "MB009"], capsys)
    assert code == 1 and "memory-bank/other/x.md:1:1: MB009" in out, out


def test_deleted_pages_git_cannot_give_as_text_are_passed_over_and_the_rest_read(repo: Path, capsys) -> None:
    """What deleted pages held comes from git in one answer: a binary page and one not UTF-8,
    deleted beside an index page (its name holding a space), bring nothing, and the index page's
    registrations still count."""
    bank = repo / "memory-bank"
    (bank / "other").mkdir()
    (bank / "other" / "x.md").write_text(BANK["domain/alone.md"].replace("Alone", "X"), encoding="utf-8")
    (bank / "a binary.md").write_bytes(b"\x00\x01[X](other/x.md)\n")
    (bank / "latin.md").write_bytes(b"caf\xe9 [X](other/x.md)\n")
    (bank / "my index.md").write_text(
        "---\ntitle: Mine\ndoc_function: index\n---\n# Mine\n\n- [X](other/x.md)\n", encoding="utf-8"
    )
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "three pages")
    git(repo, "rm", "-q", "memory-bank/a binary.md", "memory-bank/latin.md", "memory-bank/my index.md")
    code, out, _ = lint(["--staged-deletions", "--strict", "--select", "MB009"], capsys)
    assert code == 1 and "memory-bank/other/x.md:1:1: MB009" in out, out


def test_a_prose_claim_naming_a_deleted_document_is_checked(repo: Path, capsys) -> None:
    """ "… is defined in `domain/old.md`" names the page as much as a link does (MB010)."""
    alone = repo / "memory-bank" / "domain" / "alone.md"
    alone.write_text(alone.read_text(encoding="utf-8") + "\nThe ladder is defined in `old.md`.\n")
    git(repo, "commit", "-q", "-am", "a claim")
    assert lint(["--strict"], capsys)[0] == 0
    git(repo, "rm", "-q", "memory-bank/domain/old.md")
    _stage_unnaming(repo, "README.md", "domain/model.md")
    code, out, _ = lint(["--staged-deletions", "--strict", "memory-bank/README.md"], capsys)
    assert code == 1 and "memory-bank/domain/alone.md:8:1: MB010" in out, out


def test_a_suppressed_conflict_with_a_deleted_owner_is_checked(repo: Path, capsys) -> None:
    """A `# noqa: MB004` accepting a claim the deleted page shared silences nothing now (MB013)."""
    bank = repo / "memory-bank" / "domain"
    for name, tail in (("alone.md", "  # noqa: MB004"), ("old.md", "")):
        page = bank / name
        text = page.read_text(encoding="utf-8")
        page.write_text(text.replace("status: active\n", f"status: active\ncanonical_for: [ladder]{tail}\n"))
    git(repo, "commit", "-q", "-am", "a conflict accepted")
    assert lint(["--strict"], capsys)[0] == 0
    git(repo, "rm", "-q", "memory-bank/domain/old.md")
    _stage_unnaming(repo, "README.md", "domain/model.md")
    code, out, _ = lint(["--staged-deletions", "--strict", "memory-bank/README.md"], capsys)
    assert code == 1 and "memory-bank/domain/alone.md:4:" in out and "MB013" in out, out


def test_the_hook_index_of_another_repository_is_not_read(tmp_path: Path, capsys, monkeypatch) -> None:
    """A hook of a project whose bank is a repository of its own (a submodule, named with --root)
    gets the project's index in `GIT_INDEX_FILE`: read against the bank's HEAD, every document of
    the bank was deleted, and a commit touching no document failed (MB012 under --strict)."""
    inner = tmp_path / "bank"
    write_bank(inner / "memory-bank", BANK)
    git(inner, "init", "-q")
    git(inner, "add", "-A")
    git(inner, "commit", "-q", "-m", "a clean bank")
    outer = tmp_path / "project"
    (outer / "src").mkdir(parents=True)
    (outer / "src" / "app.py").write_text("x = 1\n", encoding="utf-8")
    git(outer, "init", "-q")
    git(outer, "add", "-A")
    git(outer, "commit", "-q", "-m", "a project")
    monkeypatch.chdir(outer)
    monkeypatch.setenv("GIT_INDEX_FILE", ".git/index")  # as git hands it to the project's hook
    argv = ["--staged-deletions", "--strict", "--root", str(inner / "memory-bank")]
    assert lint(argv, capsys) == (0, "", "")


def test_a_document_the_commit_does_not_carry_counts_as_gone(repo: Path, capsys) -> None:
    """A page moved with `mv` and staged with `git add -u`: its new name is on the disk only, and
    the pages renamed to name it name nothing in the commit."""
    bank = repo / "memory-bank"
    (bank / "domain" / "old.md").rename(bank / "domain" / "new.md")
    for name in ("README.md", "domain/model.md"):
        page = bank / name
        page.write_text(page.read_text(encoding="utf-8").replace("old.md", "new.md"), encoding="utf-8")
    git(repo, "add", "-u")
    code, out, _ = lint(
        ["--staged-deletions", "memory-bank/README.md", "memory-bank/domain/model.md"], capsys
    )
    assert code == 1 and "memory-bank/domain/model.md:4:" in out and "README.md:5:3: MB007" in out, out
    git(repo, "add", "-A")
    assert (
        lint(["--staged-deletions", "memory-bank/README.md", "memory-bank/domain/model.md"], capsys)[0] == 0
    )


def test_a_file_named_that_git_does_not_track_is_checked_as_on_the_disk(repo: Path, capsys) -> None:
    """`pre-commit run --files new.md`, or the hook run by hand on a page not added yet, names a
    file the index does not hold: read as gone, it was reported on not at all, and silently. A
    file named and staged for deletion (`git rm --cached`) stays gone, as the commit has it."""
    bank = repo / "memory-bank"
    (bank / "domain" / "new.md").write_text(_doc("New", "nowhere.md"), encoding="utf-8")
    git(repo, "rm", "-q", "--cached", "memory-bank/domain/old.md")
    code, out, err = lint(
        ["--staged-deletions", "--select", "MB001", "memory-bank/domain/new.md", "memory-bank/domain/old.md"],
        capsys,
    )
    assert code == 1, out
    assert "memory-bank/domain/new.md:4:" in out and "nowhere.md" in out
    assert "memory-bank/domain/model.md:4:" in out  # names old.md, which the commit deletes
    assert "old.md:" not in out.replace("model.md:", "")
    notes = err.splitlines()
    assert any("domain/new.md" in line and "git does not track it" in line for line in notes), err
    assert any("domain/old.md" in line and "the commit deletes it" in line for line in notes), err


def test_a_fifo_as_the_users_excludes_file_leaves_the_answer_as_it_was(
    repo: Path, capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`git diff --cached` opens the ignore files though it lists tracked files only: a
    `core.excludesFile` naming a FIFO held it until the time limit and the option failed. The
    diff reads no user's ignore file now, and finds what the commit deletes as before."""
    fifo = repo / "user-ignore"
    os.mkfifo(fifo)
    config = repo / "user-gitconfig"
    config.write_text(f"[core]\n\texcludesFile = {fifo}\n", encoding="utf-8")
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", str(config))
    git(repo, "rm", "-q", "memory-bank/domain/old.md")
    code, out, err = lint(["--staged-deletions"], capsys)
    assert code == 1, (out, err)
    assert "memory-bank/domain/model.md:4:" in out and "MB001" in out


def test_a_users_order_file_the_repository_lacks_leaves_the_answer_as_it_was(
    repo: Path, capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A `diff.orderFile` set once for every repository, by a name relative to each
    (`.gitorder`), made `git diff --cached` fail where the repository holds no such file, and
    the option stopped with a usage error: the order git lists deletions in is never read."""
    config = repo / "user-gitconfig"
    config.write_text("[diff]\n\torderFile = .gitorder\n", encoding="utf-8")
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", str(config))
    git(repo, "rm", "-q", "memory-bank/domain/old.md")
    code, out, err = lint(["--staged-deletions"], capsys)
    assert code == 1, (out, err)
    assert "memory-bank/domain/model.md:4:" in out and "MB001" in out
