"""`bank_changed` against real git repositories (and none), and in modification-time mode."""

from __future__ import annotations

import calendar
import os
import re
import shutil
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from memorybank_lint.bank import Bank, printable
from memorybank_server.changed import MAX_LISTED, RENAME_LIMIT, changed
from memorybank_server.errors import ToolInputError
from tests.conftest import git, write_bank


def commit(repo: Path, message: str, date: str = "2024-01-01T12:00:00+00:00") -> str:
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", message, date=date)
    return git(repo, "rev-parse", "HEAD").strip()


def doc(title: str, kind: str = "domain") -> str:
    return f"---\ntitle: {title}\ndoc_kind: {kind}\nstatus: active\n---\n# {title}\n"


def refreshed(root: Path) -> Bank:
    bank = Bank(root)
    bank.refresh()
    return bank


@pytest.fixture
def no_repository(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A bank git cannot find a repository for, even if the temporary directory sits inside one."""
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path))
    return write_bank(tmp_path / "memory-bank", {"a.md": doc("A"), "b.md": doc("B")})


def _local_zone(name: str) -> Iterator[None]:
    """The process's local time zone set to `name` while the test runs."""
    saved = os.environ.get("TZ")
    os.environ["TZ"] = name
    time.tzset()
    yield
    if saved is None:
        del os.environ["TZ"]
    else:
        os.environ["TZ"] = saved
    time.tzset()


@pytest.fixture
def utc_plus_five() -> Iterator[None]:
    yield from _local_zone("Etc/GMT-5")  # POSIX sign convention: this is UTC+05:00


def kinds(answer: dict) -> list[tuple[str, str]]:
    return [(c["changeKind"], c["path"]) for c in answer["changes"]]


# -- git mode ------------------------------------------------------------------------------------


def test_the_delta_against_a_tag_covers_commits_staged_and_unstaged_edits(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    bank_root = repo / "memory-bank"
    write_bank(
        bank_root,
        {"a.md": doc("A"), "b.md": doc("B"), "c.md": doc("C"), "keep.md": doc("Keep"), "txt.md": doc("T")},
    )
    write_bank(repo, {"src/app.py": "print(1)\n"})
    git(repo, "init", "-q", "-b", "main")
    commit(repo, "first")
    git(repo, "tag", "v1")
    write_bank(
        bank_root, {"a.md": doc("A edited"), "заметка.md": doc("Заметка", "research"), "notes.txt": "x"}
    )
    write_bank(repo, {"README.md": "# outside the bank\n", "src/app.py": "print(2)\n"})
    git(repo, "rm", "-q", "memory-bank/b.md")
    commit(repo, "second")
    git(repo, "mv", "memory-bank/c.md", "memory-bank/d.md")
    git(repo, "mv", "memory-bank/txt.md", "memory-bank/txt.txt")
    write_bank(bank_root, {"keep.md": doc("Keep edited"), "e.md": doc("E"), ".hidden/x.md": doc("X")})
    write_bank(bank_root, {"ignored.md": doc("Ignored")})
    write_bank(repo, {".gitignore": "memory-bank/ignored.md\n"})

    answer = changed(refreshed(bank_root), "v1")
    assert (answer["since"], answer["mode"], answer["repo"]) == ("v1", "git", os.path.realpath(repo))
    assert answer["note"] == (
        "1 document under the bank is ignored by git (.gitignore) and not committed, so no change to "
        "it can be listed."
    )
    assert kinds(answer) == [
        ("added", "e.md"),
        ("added", "заметка.md"),
        ("deleted", "b.md"),
        ("deleted", "txt.md"),
        ("modified", "a.md"),
        ("modified", "keep.md"),
        ("renamed", "d.md"),
    ]
    by_path = {c["path"]: c for c in answer["changes"]}
    assert by_path["заметка.md"] == {
        "path": "заметка.md",
        "title": "Заметка",
        "changeKind": "added",
        "docKind": "research",
        "layer": "other",
        "status": "active",
    }
    assert by_path["b.md"] == {"path": "b.md", "title": "b", "changeKind": "deleted"}
    assert by_path["d.md"]["from"] == "c.md"
    assert by_path["a.md"]["title"] == "A edited"


def test_a_document_renamed_from_a_file_it_was_not_whose_name_is_not_utf8_is_answered(tmp_path: Path) -> None:
    """A bank at the top of its repository: a note renamed to a document keeps git's name for
    its origin, and a byte that is not UTF-8 there could not be encoded in the answer."""
    import json

    repo = tmp_path / "memory-bank"
    write_bank(repo, {"a.md": doc("A")})
    (repo / os.fsdecode(b"old\xfe.txt")).write_text(doc("Moved"), encoding="utf-8")
    git(repo, "init", "-q", "-b", "main")
    commit(repo, "first")
    git(repo, "mv", os.fsdecode(b"old\xfe.txt"), "moved.md")
    answer = changed(refreshed(repo), "HEAD")
    assert kinds(answer) == [("renamed", "moved.md")]
    assert answer["changes"][0]["from"] == "old\\xfe.txt"
    json.dumps(answer, ensure_ascii=False).encode("utf-8")


def test_a_bank_reached_through_a_symlink_is_measured_in_its_real_place(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    write_bank(repo / "docs" / "memory-bank", {"a.md": doc("A")})
    git(repo, "init", "-q", "-b", "main")
    commit(repo, "first")
    write_bank(repo / "docs" / "memory-bank", {"new.md": doc("New")})
    os.symlink(repo / "docs" / "memory-bank", tmp_path / "memory-bank")
    assert kinds(changed(refreshed(tmp_path / "memory-bank"), "HEAD")) == [("added", "new.md")]


@pytest.fixture
def three_commits(tmp_path: Path) -> tuple[Path, str]:
    """A repository whose top is the bank, with three commits."""
    root = tmp_path / "memory-bank"
    write_bank(root, {"one.md": doc("One")})
    git(root, "init", "-q", "-b", "main")
    first = commit(root, "first", "2024-01-01T12:00:00+00:00")
    write_bank(root, {"two.md": doc("Two")})
    commit(root, "second", "2024-02-01T12:00:00+00:00")
    write_bank(root, {"one.md": doc("One, edited")})
    commit(root, "third", "2024-03-01T12:00:00+00:00")
    return root, first


def test_a_walking_ref_is_measured_normally_when_it_exists(three_commits: tuple[Path, str]) -> None:
    root, _ = three_commits
    answer = changed(refreshed(root), "HEAD~1")
    assert kinds(answer) == [("modified", "one.md")]
    assert kinds(changed(refreshed(root), "main^^")) == [("added", "two.md"), ("modified", "one.md")]


@pytest.mark.parametrize("since", ["HEAD~20", "main^^^^", "main~3^"])
def test_a_walking_ref_past_the_first_commit_falls_back_to_before_it(
    three_commits: tuple[Path, str], since: str
) -> None:
    root, first = three_commits
    answer = changed(refreshed(root), since)
    assert answer["since"] == since and answer["mode"] == "git"
    assert first[:8] in answer["note"] and "first commit" in answer["note"]
    assert kinds(answer) == [("added", "one.md"), ("added", "two.md")]


@pytest.mark.parametrize("since", ["main~20", "main^^^^"])
def test_a_walking_ref_from_a_name_a_branch_and_a_tag_share_falls_back_too(
    three_commits: tuple[Path, str], since: str
) -> None:
    """A branch and a tag of one name make git warn that the name is ambiguous, even when asked
    quietly: that warning was taken for a broken git, and a ref reaching past the first commit
    was refused with it instead of being measured from before that commit."""
    root, first = three_commits
    git(root, "tag", "main", "HEAD~1")
    answer = changed(refreshed(root), since)
    assert first[:8] in answer["note"] and "first commit" in answer["note"]
    assert kinds(answer) == [("added", "one.md"), ("added", "two.md")]


@pytest.mark.parametrize(
    "since", ["v9.9.9", "no-such-branch~3", "deadbeef", "~", "^", "~~~", "~3", "^HEAD", "^HEAD~1", "^main"]
)
def test_an_unknown_ref_is_not_a_commit(three_commits: tuple[Path, str], since: str) -> None:
    root, _ = three_commits
    with pytest.raises(ToolInputError, match="is not a commit"):
        changed(refreshed(root), since)


def test_a_repository_without_commits_lists_everything_as_added(tmp_path: Path) -> None:
    root = write_bank(tmp_path / "memory-bank", {"a.md": doc("A")})
    git(root, "init", "-q", "-b", "main")
    answer = changed(refreshed(root), "HEAD~20")
    assert kinds(answer) == [("added", "a.md")]
    assert "no commit yet" in answer["note"]


def test_a_branch_begun_with_no_commit_is_not_called_a_repository_without_one(
    three_commits: tuple[Path, str],
) -> None:
    """HEAD on a branch begun with `git checkout --orphan`: the answer said the repository had
    no commit yet, or that none was as old as a date later than all of them."""
    root, _ = three_commits
    git(root, "checkout", "-q", "--orphan", "fresh")
    for since in ("HEAD", "HEAD~2", "2030-01-01", "2020-01-01"):
        answer = changed(refreshed(root), since)
        assert kinds(answer) == [("added", "one.md"), ("added", "two.md")]
        assert answer["note"].startswith(f"HEAD in {root.resolve()} is on a branch with no commit yet"), since


@pytest.mark.parametrize("since", ["HEAD", "HEAD~20", "2020-01-01"])
def test_documents_git_ignores_are_counted_in_a_note_not_passed_over_in_silence(
    tmp_path: Path, since: str
) -> None:
    """A bank kept out of the repository by `.gitignore` answered 'everything under the bank
    counts as added' and listed nothing: git sees no change to a file it ignores, and the answer
    never said that its documents were out of sight."""
    repo = write_bank(tmp_path / "repo", {"code.py": "x\n", ".gitignore": "memory-bank/private/\n"})
    git(repo, "init", "-q", "-b", "main")
    write_bank(repo / "memory-bank", {"a.md": doc("A")})
    commit(repo, "first")
    write_bank(repo / "memory-bank", {"private/b.md": doc("B"), "private/c.md": doc("C"), "d.md": doc("D")})
    answer = changed(refreshed(repo / "memory-bank"), since)
    assert ("added", "d.md") in kinds(answer)
    assert "2 documents under the bank are ignored by git" in answer["note"]


def test_a_bank_git_ignores_whole_says_so_for_every_document(tmp_path: Path) -> None:
    repo = write_bank(tmp_path / "repo", {"code.py": "x\n", ".gitignore": "/memory-bank/\n"})
    git(repo, "init", "-q", "-b", "main")
    commit(repo, "first")
    write_bank(repo / "memory-bank", {"a.md": doc("A"), "deep/b.md": doc("B")})
    answer = changed(refreshed(repo / "memory-bank"), "HEAD")
    assert kinds(answer) == [] and answer["note"].startswith("2 documents under the bank are ignored")


def test_an_ignored_document_the_answer_lists_is_not_also_called_unlisted(tmp_path: Path) -> None:
    """A document committed, then ignored and dropped from the index, is a change since the
    commit that held it; the note counted it too, as a document whose changes cannot be listed.
    Build output ignored file by file is no document and is not counted either."""
    repo = write_bank(tmp_path / "repo", {"code.py": "x\n"})
    git(repo, "init", "-q", "-b", "main")
    write_bank(repo / "memory-bank", {"a.md": doc("A"), "private/s.md": doc("S")})
    commit(repo, "first")
    write_bank(repo, {".gitignore": "memory-bank/private/\n*.o\n", "memory-bank/x.o": "binary\n"})
    git(repo, "rm", "-q", "--cached", "-r", "memory-bank/private")
    commit(repo, "ignore private")
    answer = changed(refreshed(repo / "memory-bank"), "HEAD~1")
    assert [path for _, path in kinds(answer)] == ["private/s.md"]
    assert "ignored by git" not in (answer.get("note") or "")


# -- no repository -------------------------------------------------------------------------------


def test_no_repository_and_a_walking_ref_lists_every_document(no_repository: Path) -> None:
    answer = changed(refreshed(no_repository), "HEAD~20")
    assert (answer["since"], answer["mode"]) == ("HEAD~20", "mtime")
    assert kinds(answer) == [("modified", "a.md"), ("modified", "b.md")]
    assert "not inside a git repository" in answer["note"]


@pytest.mark.parametrize("since", ["~", "^^"])
def test_marks_with_no_ref_before_them_are_no_ref_outside_git_either(no_repository: Path, since: str) -> None:
    with pytest.raises(ToolInputError, match="cannot be resolved"):
        changed(refreshed(no_repository), since)


def test_no_repository_and_another_ref_is_an_error(no_repository: Path) -> None:
    with pytest.raises(ToolInputError, match="not inside a git repository"):
        changed(refreshed(no_repository), "v1.2.0")


# -- modification-time mode ----------------------------------------------------------------------


def set_mtime(path: Path, local: tuple[int, ...]) -> None:
    stamp = time.mktime((*local, 0, 0, -1))
    os.utime(path, (stamp, stamp))


def test_a_bare_date_is_local_midnight(no_repository: Path, utc_plus_five: None) -> None:
    set_mtime(no_repository / "a.md", (2024, 3, 10, 0, 30, 0))
    set_mtime(no_repository / "b.md", (2024, 3, 9, 23, 30, 0))
    answer = changed(refreshed(no_repository), "2024-03-10")
    assert (answer["mode"], kinds(answer)) == ("mtime", [("modified", "a.md")])
    assert "cannot see deletions" in answer["note"]
    assert "repo" not in answer


def test_a_date_time_with_an_offset_is_that_instant(no_repository: Path) -> None:
    for name, minute in (("a.md", 50), ("b.md", 40)):
        stamp = calendar.timegm((2024, 3, 9, 18, minute, 0))
        os.utime(no_repository / name, (stamp, stamp))
    assert kinds(changed(refreshed(no_repository), "2024-03-09T18:45:00Z")) == [("modified", "a.md")]
    assert len(changed(refreshed(no_repository), "2024-03-09 23:30:00+05:00")["changes"]) == 2


def test_a_date_inside_a_repository_reads_commit_history(three_commits: tuple[Path, str]) -> None:
    root, _ = three_commits
    answer = changed(refreshed(root), "1971-01-01")
    assert answer["mode"] == "git" and "No commit" in answer["note"]
    assert {c["changeKind"] for c in answer["changes"]} == {"added"}


@pytest.mark.parametrize("since", ["2024-13-45", "2024-02-30T10:00"])
def test_an_impossible_date_is_an_error(no_repository: Path, since: str) -> None:
    with pytest.raises(ToolInputError, match="not a valid one"):
        changed(refreshed(no_repository), since)


@pytest.mark.parametrize("since", ["", "   ", "--output=/tmp/x"])
def test_empty_or_option_like_values_are_refused(no_repository: Path, since: str) -> None:
    with pytest.raises(ToolInputError):
        changed(refreshed(no_repository), since)


def test_a_git_dir_in_the_environment_does_not_redirect_the_question(
    three_commits: tuple[Path, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    other = tmp_path / "other"
    other.mkdir()
    git(other, "init", "-q", "-b", "main")
    monkeypatch.setenv("GIT_DIR", str(other / ".git"))
    root, _ = three_commits
    assert kinds(changed(refreshed(root), "HEAD~1")) == [("modified", "one.md")]


@pytest.mark.parametrize(
    "setting",
    [
        {"GIT_TRACE": "1"},
        {"GIT_TRACE_PERFORMANCE": "2"},
        {"GIT_TRACE2": "1"},
        {"GIT_CONFIG_GLOBAL": "trace2"},  # trace2.normalTarget in the user's own configuration
        {"GIT_ICASE_PATHSPECS": "1"},
        {"GIT_GLOB_PATHSPECS": "1"},
    ],
)
def test_a_callers_git_tracing_or_pathspec_setting_changes_no_answer(
    three_commits: tuple[Path, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, setting: dict[str, str]
) -> None:
    """A tool that runs us with git tracing on (or a user whose configuration sends trace2 to
    stderr) made git's every question look broken: a ref that names nothing was 'git failed', and
    `HEAD~20` on a young repository was refused. A global pathspec setting other than literal
    made git refuse every comparison."""
    traced = tmp_path / "traced.gitconfig"
    traced.write_text("[trace2]\n\tnormalTarget = true\n", encoding="utf-8")
    for name, value in setting.items():
        monkeypatch.setenv(name, str(traced) if value == "trace2" else value)
    root, _ = three_commits
    assert kinds(changed(refreshed(root), "HEAD~1")) == [("modified", "one.md")]
    assert "reaches past the start" in changed(refreshed(root), "HEAD~20")["note"]
    with pytest.raises(ToolInputError, match="is not a commit in the repository"):
        changed(refreshed(root), "no-such-ref")


def test_a_date_inside_a_repository_is_measured_from_the_last_commit_before_it(
    three_commits: tuple[Path, str],
) -> None:
    root, _ = three_commits  # every file was written just now; only commit dates tell them apart
    answer = changed(refreshed(root), "2024-02-15")
    assert answer["mode"] == "git" and "commit dates" in answer["note"]
    assert kinds(answer) == [("modified", "one.md")]
    assert kinds(changed(refreshed(root), "2024-01-15")) == [("added", "two.md"), ("modified", "one.md")]


@pytest.mark.parametrize("since", ["2024-02-15", "HEAD~20"])
def test_a_file_named_like_a_ref_beside_the_documents_changes_no_answer(
    three_commits: tuple[Path, str], since: str
) -> None:
    """A file named `HEAD` in the bank's folder made git refuse to tell the commit from the file
    ('ambiguous argument'), and every date was answered 'git failed'."""
    root, first = three_commits
    write_bank(root, {"HEAD": "not a ref\n", first: "nor this\n"})
    answer = changed(refreshed(root), since)
    assert [path for _, path in kinds(answer)] == (["one.md"] if since[0] == "2" else ["one.md", "two.md"])


def test_outside_git_a_date_says_it_compares_file_times(no_repository: Path) -> None:
    answer = changed(refreshed(no_repository), "1971-01-01")
    assert answer["mode"] == "mtime"
    assert "modification times" in answer["note"] and "need a repository" in answer["note"]


@pytest.fixture
def utc_minus_five() -> Iterator[None]:
    yield from _local_zone("Etc/GMT+5")  # POSIX sign convention: this is UTC-05:00


@pytest.mark.parametrize("since", ["0001-01-01", "0001-01-01T00:00:00+05:00", "1900-01-01"])
def test_a_date_before_any_commit_lists_everything_as_added(
    three_commits: tuple[Path, str], utc_minus_five: None, since: str
) -> None:
    """The calendar's first day, read in a zone west of UTC, once fell off the calendar (a
    traceback); git reads no date before 1970 at all."""
    root, _ = three_commits
    answer = changed(refreshed(root), since)
    assert kinds(answer) == [("added", "one.md"), ("added", "two.md")] and "No commit" in answer["note"]


@pytest.mark.parametrize("since", ["9999-12-31", "2150-01-01", "9999-12-31T23:59:59-05:00"])
def test_a_date_after_every_commit_lists_only_what_is_not_committed(
    three_commits: tuple[Path, str], since: str
) -> None:
    """Git reads no date after 2099: such a date once matched no commit, and every document was
    listed as added. Since a date to come, only what is not committed has changed."""
    root, _ = three_commits
    write_bank(root, {"two.md": doc("Two, edited")})
    assert kinds(changed(refreshed(root), since)) == [("modified", "two.md")]


@pytest.mark.parametrize(
    ("since", "expected"),
    [
        ("2030-06-01", [("added", "two.md"), ("modified", "one.md")]),
        ("2031-06-01", [("modified", "one.md")]),
        ("9999-12-31", [("modified", "one.md")]),
    ],
)
def test_commits_dated_in_the_future_are_found_by_a_date_after_them(
    tmp_path: Path, since: str, expected: list[tuple[str, str]]
) -> None:
    """A commit made on a machine whose clock ran ahead is dated after today: a date past it
    was read as today, found no commit that old, and listed every document as added."""
    root = write_bank(tmp_path / "memory-bank", {"one.md": doc("One")})
    git(root, "init", "-q", "-b", "main")
    commit(root, "first", "2030-01-01T12:00:00+00:00")
    write_bank(root, {"two.md": doc("Two")})
    commit(root, "second", "2031-01-01T12:00:00+00:00")
    write_bank(root, {"one.md": doc("One, edited")})
    assert kinds(changed(refreshed(root), since)) == expected


@pytest.mark.parametrize("since", ["0001-01-01", "9999-12-31"])
def test_outside_git_the_calendars_edges_are_answered(
    no_repository: Path, utc_minus_five: None, since: str
) -> None:
    listed = len(changed(refreshed(no_repository), since)["changes"])
    assert listed == (2 if since.startswith("0001") else 0)


@pytest.mark.parametrize("since", ["@", "v1"])
def test_a_short_ref_gets_one_answer_from_the_tool_and_the_command_line(
    three_commits: tuple[Path, str], since: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """`@` and a two-letter tag are refs like any other: the MCP tool once refused anything under
    three characters while the command line answered."""
    import json

    import anyio
    from mcp import Client

    from memorybank_server.cli import main
    from memorybank_server.server import build_server

    root, first = three_commits
    git(root, "tag", "v1", first)
    write_bank(root, {"three.md": doc("Three")})

    async def ask() -> dict:
        async with Client(build_server(root)) as client:
            result = await client.call_tool("bank_changed", {"since": since})
            assert not result.is_error, result.content[0].text
            return json.loads(result.content[0].text)

    through_the_tool = anyio.run(ask)
    capsys.readouterr()
    assert main(["--root", str(root), "--changed", since, "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == through_the_tool
    assert ("added", "three.md") in kinds(through_the_tool)


@pytest.mark.parametrize("required", [False, True])
def test_a_repository_configured_filter_never_runs(
    three_commits: tuple[Path, str], tmp_path: Path, required: bool
) -> None:
    """Comparing the working tree with a commit makes git run each file's `clean` filter; a
    read-only question must not start a command the repository's configuration names."""
    root, _ = three_commits
    ran = tmp_path / "filter-ran"
    (root / ".gitattributes").write_text("*.md filter=evil\n", encoding="utf-8")
    commit(root, "attributes")
    git(root, "config", "filter.evil.clean", f"sh -c 'echo ran >> {ran}; cat'")
    git(root, "config", "filter.evil.process", f"sh -c 'echo ran >> {ran}'")
    if required:
        git(root, "config", "filter.evil.required", "true")
    write_bank(root, {"one.md": doc("One, edited again")})
    answer = changed(refreshed(root), "HEAD")
    assert kinds(answer) == [("modified", "one.md")]
    assert not ran.exists()


def test_a_submodules_configured_filter_never_runs(tmp_path: Path) -> None:
    """`git diff` and `git status` look inside each submodule under its own configuration; a
    filter named there must not run either."""
    ran = tmp_path / "filter-ran"
    sub = tmp_path / "sub"
    write_bank(sub, {"a.md": doc("A")})
    (sub / ".gitattributes").write_text("* filter=evil\n", encoding="utf-8")
    git(sub, "init", "-q", "-b", "main")
    commit(sub, "sub")
    root = tmp_path / "memory-bank"
    write_bank(root, {"one.md": doc("One")})
    git(root, "init", "-q", "-b", "main")
    git(root, "-c", "protocol.file.allow=always", "submodule", "add", "-q", str(sub), "vendor")
    commit(root, "with a submodule")
    git(root / "vendor", "config", "filter.evil.clean", f"sh -c 'echo ran >> {ran}; cat'")
    os.utime(root / "vendor" / "a.md")
    write_bank(root, {"one.md": doc("One, edited")})
    answer = changed(refreshed(root), "HEAD")
    assert kinds(answer) == [("modified", "one.md")]
    assert not ran.exists()
    # what is not listed is said: the submodule's document is the bank's, its history its own
    assert (
        "1 document under the bank sits in a repository of its own (a submodule or a clone: vendor/)"
        in (answer["note"])
    )


def test_documents_in_a_clone_inside_the_bank_are_named_as_not_listed(tmp_path: Path) -> None:
    """A clone (or a submodule) inside the bank holds documents the bank's walk counts, but git is
    never asked inside it: `--changed` answered "no change" of an edited one without a word."""
    root = tmp_path / "memory-bank"
    write_bank(root, {"one.md": doc("One")})
    git(root, "init", "-q", "-b", "main")
    commit(root, "first")
    assert "repository of" not in changed(refreshed(root), "HEAD").get("note", "")
    write_bank(root, {"vendor/docs/a.md": doc("A"), "vendor/docs/b.md": doc("B")})
    git(root / "vendor", "init", "-q", "-b", "main")
    commit(root / "vendor", "theirs")
    write_bank(root, {"vendor/docs/a.md": doc("A, edited")})
    answer = changed(refreshed(root), "HEAD")
    assert answer["changes"] == []
    assert (
        "2 documents under the bank sit in a repository of their own (a submodule or a clone: vendor/)"
        in (answer["note"])
    )


@pytest.mark.parametrize(
    "folder",
    ["ta\tb", "back\\slash", os.fsdecode(b"\xfe"), 'quo"te'],
    ids=["tab", "backslash", "not UTF-8", "quote"],
)
def test_a_clone_in_a_folder_whose_name_is_escaped_is_named_as_not_listed(
    tmp_path: Path, folder: str
) -> None:
    """The bank keys a document by its name as shown (a tab as `\\t`, a backslash doubled, a
    byte that is not UTF-8 as `\\xNN`), and the clone's `.git` was looked for under that shown
    name, which names no folder: its documents went unmentioned, as if unchanged."""
    root = tmp_path / "memory-bank"
    write_bank(root, {"one.md": doc("One"), f"{folder}/a.md": doc("A")})
    git(root / folder, "init", "-q", "-b", "main")
    git(root, "init", "-q", "-b", "main")
    git(root, "add", "one.md")
    git(root, "commit", "-q", "-m", "first")
    answer = changed(refreshed(root), "HEAD")
    assert answer["changes"] == []
    named = f"(a submodule or a clone: {printable(folder)}/)"
    assert f"1 document under the bank sits in a repository of its own {named}" in answer.get("note", "")


@pytest.mark.parametrize(
    "git_before_2024", [False, True], ids=["this git", "a git that ignores GIT_NO_LAZY_FETCH"]
)
@pytest.mark.parametrize("transport", ["ssh", "ext"])
def test_a_partial_clone_never_fetches_a_missing_object(
    three_commits: tuple[Path, str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    transport: str,
    git_before_2024: bool,
) -> None:
    """A missing object in a partial clone would be fetched through the repository's configured
    transport (its ssh command, or `ext::`, which runs any command); a read-only question fetches
    nothing and says git failed. The repository may allow the transport itself
    (`protocol.ext.allow=always` wins over `protocol.allow=never`), and a git older than May 2024
    does not know `GIT_NO_LAZY_FETCH`: a wrapper that drops it stands for one."""
    root, first = three_commits
    ran = tmp_path / "command-ran"
    tree = git(root, "rev-parse", f"{first}^{{tree}}").strip()
    (root / ".git" / "objects" / tree[:2] / tree[2:]).unlink()
    url = "ssh://example.invalid/x" if transport == "ssh" else f"ext::sh -c touch% {ran}"
    for key, value in [
        ("core.repositoryformatversion", "1"),
        ("extensions.partialClone", "origin"),
        ("remote.origin.promisor", "true"),
        ("remote.origin.url", url),
        ("core.sshCommand", f"sh -c 'echo ran >> {ran}; false'"),
        (f"protocol.{transport}.allow", "always"),
    ]:
        git(root, "config", key, value)
    if git_before_2024:
        wrapper = tmp_path / "old-git"
        wrapper.mkdir()
        real = shutil.which("git")
        (wrapper / "git").write_text(f'#!/bin/sh\nunset GIT_NO_LAZY_FETCH\nexec "{real}" "$@"\n')
        (wrapper / "git").chmod(0o755)
        monkeypatch.setenv("PATH", f"{wrapper}{os.pathsep}{os.environ['PATH']}")
    with pytest.raises(ToolInputError, match="git could not compare"):
        changed(refreshed(root), first)
    assert not ran.exists()


def test_a_shallow_clone_is_not_mistaken_for_the_whole_history(
    three_commits: tuple[Path, str], tmp_path: Path
) -> None:
    """Past the cut of a shallow clone (CI's default) git knows nothing; listing the bank as added
    "since the first commit" would be false, so the answer says to fetch more history."""
    root, first = three_commits
    clone = tmp_path / "clone"
    git(tmp_path, "clone", "-q", "--depth", "1", f"file://{root}", str(clone))
    with pytest.raises(ToolInputError, match=r"shallow clone.*fetch more history"):
        changed(refreshed(clone), "HEAD~1")
    # a commit named by its id, as CI passes `github.event.before`: git knows none past the cut
    for named in (first, first[:12]):
        with pytest.raises(ToolInputError, match=r"shallow clone.*fetch more history"):
            changed(refreshed(clone), named)
    # a name git holds as no commit (HEAD's tree), or too short to be an id CI passes: no hint
    tree = git(clone, "rev-parse", "HEAD^{tree}").strip()
    for named in (tree, "beef"):
        with pytest.raises(ToolInputError, match=r"is not a commit in the repository"):
            changed(refreshed(clone), named)
    with pytest.raises(ToolInputError, match=r"shallow clone.*fetch more history"):
        changed(refreshed(clone), "2024-01-15")
    assert changed(refreshed(clone), "HEAD")["changes"] == []  # within the history: answered


def test_a_repository_whose_folder_ends_in_a_blank_is_found(tmp_path: Path) -> None:
    root = tmp_path / "bank "
    write_bank(root, {"one.md": doc("One")})
    git(root, "init", "-q", "-b", "main")
    commit(root, "first")
    write_bank(root, {"two.md": doc("Two")})
    answer = changed(refreshed(root), "HEAD")
    assert kinds(answer) == [("added", "two.md")] and answer["repo"] == str(root)


def test_a_repository_folder_that_is_not_utf8_is_named_as_text(tmp_path: Path) -> None:
    root = Path(os.fsdecode(bytes(tmp_path) + b"/r\xffx"))
    write_bank(root, {"one.md": doc("One")})
    git(root, "init", "-q", "-b", "main")
    commit(root, "first")
    answer = changed(refreshed(root), "HEAD")
    answer["repo"].encode("utf-8")  # no lone surrogate: every answer must encode
    assert answer["repo"].endswith("/r\\xffx")


def test_a_note_naming_a_repository_folder_that_is_not_utf8_is_text(tmp_path: Path) -> None:
    """The notes named the repository's folder as the file system hands it over, a byte that is
    not UTF-8 as a lone surrogate: no answer holding one can be sent."""
    root = Path(os.fsdecode(bytes(tmp_path) + b"/r\xffx"))
    write_bank(root, {"one.md": doc("One")})
    git(root, "init", "-q", "-b", "main")
    unborn = changed(refreshed(root), "HEAD~20")
    commit(root, "first")
    too_old = changed(refreshed(root), "2000-01-01")
    for answer in (unborn, too_old):
        answer["note"].encode("utf-8")
        assert "/r\\xffx" in answer["note"]


def test_a_since_of_any_length_is_refused_in_a_short_sentence(three_commits: tuple[Path, str]) -> None:
    root, _ = three_commits
    with pytest.raises(ToolInputError) as refused:
        changed(refreshed(root), "a" * 300_000)
    assert len(str(refused.value)) < 200 and "300,000 characters" in str(refused.value)


def test_a_repository_the_user_cannot_read_is_said_so_not_called_no_repository() -> None:
    """git answers "not a git repository" when it cannot read `.git`; the bank is inside one, so
    bank_changed (and bank_drift, through the same `git.toplevel`) say what stops git."""
    import shutil
    import tempfile

    from memorybank_lint import git as git_runner
    from tests.conftest import as_another_user, owned_by_another_user

    base = Path(tempfile.mkdtemp(prefix="closed-git-"))  # outside pytest's private folder
    try:
        root = write_bank(base / "memory-bank", {"a.md": doc("A")})
        git(base, "init", "-q", "-b", "main")
        owned_by_another_user(base)
        (base / ".git").chmod(0o000)

        def why_not() -> None:
            raise RuntimeError(git_runner.toplevel(root))

        asked, found = as_another_user([lambda: changed(refreshed(root), "HEAD~1"), why_not])
        assert asked.startswith("refused: git cannot answer for the bank"), asked
        assert f"'{base / '.git'}' cannot be read" in asked, asked
        assert found.startswith("refused: (None, ") and "cannot be read" in found, found
    finally:
        (base / ".git").chmod(0o755)
        shutil.rmtree(base)


@pytest.mark.parametrize("hooks_path", [False, True])
def test_a_stat_dirty_document_starts_no_hook_and_leaves_the_index_alone(
    three_commits: tuple[Path, str], tmp_path: Path, hooks_path: bool
) -> None:
    """`git diff` against the working tree refreshes the index when a file's times changed but its
    text did not, which writes `.git/index` and runs the `post-index-change` hook; a read-only
    question must do neither."""
    root, _ = three_commits
    ran = tmp_path / "hook-ran"
    hooks = tmp_path / "hooks" if hooks_path else root / ".git" / "hooks"
    hooks.mkdir(exist_ok=True)
    (hooks / "post-index-change").write_text(f"#!/bin/sh\necho ran >> {ran}\n", encoding="utf-8")
    (hooks / "post-index-change").chmod(0o755)
    if hooks_path:
        git(root, "config", "core.hooksPath", str(hooks))
    os.utime(root / "one.md", (1_000_000_000, 1_000_000_000))  # times changed, text the same
    write_bank(root, {"two.md": doc("Two, edited")})
    index = (root / ".git" / "index").read_bytes()
    assert kinds(changed(refreshed(root), "HEAD")) == [("modified", "two.md")]
    assert not ran.exists()
    assert (root / ".git" / "index").read_bytes() == index


def test_the_changes_are_listed_up_to_a_bound_and_the_rest_counted(
    three_commits: tuple[Path, str], capsys: pytest.CaptureFixture[str]
) -> None:
    """10,000 new documents answered 1.2 MB; the list stops at a bound and says how many it left out."""
    from memorybank_server.changed import MAX_LISTED
    from memorybank_server.cli import main

    root, _ = three_commits
    write_bank(root, {f"new/{n:04}.md": doc(f"New {n}") for n in range(MAX_LISTED + 7)})
    answer = changed(refreshed(root), "HEAD")
    assert kinds(answer) == [("added", f"new/{n:04}.md") for n in range(MAX_LISTED)]
    assert answer["changesLeftOut"] == 7
    assert main(["--root", str(root), "--changed", "HEAD"]) == 0
    text = capsys.readouterr().out.splitlines()
    assert text[-2:] == ["changes: 7 more not listed", f"total: {MAX_LISTED + 7}"]


def test_a_document_still_on_disk_is_never_reported_deleted(three_commits: tuple[Path, str]) -> None:
    """Taken out of the index (`git rm --cached`), or removed and written again, git's diff says
    deleted; the document is there, so it is modified, under its own title."""
    root, _ = three_commits
    git(root, "rm", "-q", "--cached", "one.md")
    git(root, "rm", "-q", "two.md")
    write_bank(root, {"two.md": doc("Two, written again")})
    answer = changed(refreshed(root), "HEAD")
    assert kinds(answer) == [("modified", "one.md"), ("modified", "two.md")]
    assert [c["title"] for c in answer["changes"]] == ["One, edited", "Two, written again"]


def _timeouts_counted(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """git's time limit cut to a second, and the git calls that ran into it recorded."""
    from memorybank_lint import git as git_runner

    timed_out: list[str] = []
    run = git_runner.run

    def counted(directory: Path | str, *args: str, stdin: str | None = None) -> git_runner.Result:
        result = run(directory, *args, stdin=stdin)
        if "did not answer" in result.err:
            timed_out.append(" ".join(args))
        return result

    monkeypatch.setattr(git_runner, "TIMEOUT_SECONDS", 1)
    monkeypatch.setattr(git_runner, "run", counted)
    return timed_out


def test_a_git_that_does_not_answer_is_said_so_not_read_as_no_commit(
    three_commits: tuple[Path, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A branch file that is a FIFO hangs every git call reading it: the answer names the
    timeout once (no second wait), never "no commit yet" or "not a commit"."""
    root, _ = three_commits
    branch = root / ".git" / "refs" / "heads" / "main"
    branch.unlink()
    os.mkfifo(branch)
    timed_out = _timeouts_counted(monkeypatch)
    for since in ("HEAD~1", "2024-02-15"):
        timed_out.clear()
        with pytest.raises(ToolInputError) as refused:
            changed(refreshed(root), since)
        assert "did not answer within 1 seconds" in str(refused.value)
        assert "no commit" not in str(refused.value) and "not a commit" not in str(refused.value)
        assert len(timed_out) == 1, timed_out


def test_where_a_renamed_document_came_from_is_a_bank_path(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`from` was the repository's path when the old file was no document (a draft, a `.txt`) and
    the bank's path otherwise; it is always relative to the bank. Git compares only the bank, so
    a document moved in from outside it is added."""
    from memorybank_server.cli import main

    repo = tmp_path / "repo"
    bank_root = repo / "docs" / "memory-bank"
    write_bank(bank_root, {"a.md": doc("A"), ".drafts/plan.md": doc("Plan"), "notes.txt": doc("Notes")})
    write_bank(repo, {"docs/outside.md": doc("Outside"), "docs/memory-bank/c.md": doc("C")})
    git(repo, "init", "-q", "-b", "main")
    commit(repo, "first")
    git(repo, "mv", "docs/memory-bank/.drafts/plan.md", "docs/memory-bank/plan.md")
    git(repo, "mv", "docs/memory-bank/notes.txt", "docs/memory-bank/notes.md")
    git(repo, "mv", "docs/outside.md", "docs/memory-bank/inside.md")
    git(repo, "mv", "docs/memory-bank/c.md", "docs/memory-bank/d.md")
    answer = changed(refreshed(bank_root), "HEAD")
    assert {c["path"]: (c["changeKind"], c.get("from")) for c in answer["changes"]} == {
        "plan.md": ("renamed", ".drafts/plan.md"),
        "notes.md": ("renamed", "notes.txt"),
        "inside.md": ("added", None),
        "d.md": ("renamed", "c.md"),
    }
    assert main(["--root", str(bank_root), "--changed", "HEAD"]) == 0
    assert "renamed   notes.md <- notes.txt [" in capsys.readouterr().out


def _renamed_and_edited(repo: Path, bank_root: Path, count: int) -> None:
    """`count` documents committed, then each moved to a new name and given one more line: git
    pairs them only by comparing contents, the part its rename limit bounds."""
    body = "A body long enough to pair.\n"
    write_bank(bank_root, {f"d{i}.md": doc(f"Doc {i}") + body for i in range(count)})
    git(repo, "init", "-q", "-b", "main")
    commit(repo, "first")
    for i in range(count):
        (bank_root / f"d{i}.md").rename(bank_root / f"e{i}.md")
        with (bank_root / f"e{i}.md").open("a", encoding="utf-8") as file:
            file.write(f"Edited {i}.\n")
    git(repo, "add", "-A")


def test_renames_are_paired_whatever_rename_limit_the_repository_sets(tmp_path: Path) -> None:
    """A repository's `diff.renameLimit=1` made git skip pairing three edited renames, and each
    was answered as a deletion and an addition without a word: the limit is git's default, fixed."""
    repo = tmp_path / "repo"
    bank_root = repo / "memory-bank"
    _renamed_and_edited(repo, bank_root, 3)
    git(repo, "config", "diff.renameLimit", "1")
    answer = changed(refreshed(bank_root), "HEAD")
    assert {c["path"]: (c["changeKind"], c.get("from")) for c in answer["changes"]} == {
        f"e{i}.md": ("renamed", f"d{i}.md") for i in range(3)
    }
    assert "note" not in answer


def test_renames_past_the_rename_limit_are_said_to_be_unpaired(tmp_path: Path) -> None:
    """Past the limit git lists edited renames as deleted plus added and warns only on stderr;
    the answer says so, naming the limit, so the pairs are not read as gone and new. A
    repository's own `diff.renameLimit=0` (no limit) does not lift it: the pairing stays bounded."""
    repo = tmp_path / "repo"
    bank_root = repo / "memory-bank"
    count = RENAME_LIMIT + 1
    _renamed_and_edited(repo, bank_root, count)
    git(repo, "config", "diff.renameLimit", "0")
    answer = changed(refreshed(bank_root), "HEAD")
    assert answer["changesLeftOut"] == 2 * count - MAX_LISTED
    assert {c["changeKind"] for c in answer["changes"]} == {"added"}
    assert f"More than {RENAME_LIMIT:,} files" in answer["note"]
    assert "diff.renameLimit" in answer["note"] and "not paired" in answer["note"]


def _users_excludes_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, setting: str = "excludesFile"
) -> Path:
    """Where the user's git configuration (a file of the test's own, `GIT_CONFIG_GLOBAL`) puts
    `core.<setting>`; the test makes it."""
    named = tmp_path / f"user-{setting}"
    config = tmp_path / "user-gitconfig"
    config.write_text(f"[core]\n\t{setting} = {named}\n", encoding="utf-8")
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", str(config))
    return named


def _committed_bank(tmp_path: Path) -> Path:
    repo = tmp_path / "repo"
    bank_root = write_bank(repo / "memory-bank", {"a.md": doc("A"), "secret.md": doc("Secret")})
    git(repo, "init", "-q", "-b", "main")
    git(repo, "add", "memory-bank/a.md")
    git(repo, "commit", "-q", "-m", "first")
    return bank_root


def test_an_excludes_file_that_is_a_fifo_is_refused_by_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A `core.excludesFile` naming a FIFO held every git call that reads ignore rules until the
    time limit, and the answer said only that git did not answer: it is refused, naming the file."""
    bank_root = _committed_bank(tmp_path)
    fifo = _users_excludes_file(tmp_path, monkeypatch)
    os.mkfifo(fifo)
    with pytest.raises(ToolInputError) as refused:
        changed(refreshed(bank_root), "HEAD")
    assert f"core.excludesFile names '{fifo}', a FIFO" in str(refused.value)
    assert "did not answer" not in str(refused.value)


def test_an_attributes_file_that_is_a_fifo_is_refused_by_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`git diff-index -M` reads the attributes files (a rename is paired by its converted text):
    a `core.attributesFile` naming a FIFO held it until the time limit; it is refused, named."""
    bank_root = _committed_bank(tmp_path)
    fifo = _users_excludes_file(tmp_path, monkeypatch, "attributesFile")
    os.mkfifo(fifo)
    with pytest.raises(ToolInputError) as refused:
        changed(refreshed(bank_root), "HEAD")
    assert f"core.attributesFile names '{fifo}', a FIFO" in str(refused.value)
    assert "did not answer" not in str(refused.value)


@pytest.mark.parametrize("name", ["exclude", "attributes"])
def test_a_repository_file_that_is_a_fifo_is_refused_by_name(tmp_path: Path, name: str) -> None:
    """The repository's own `info/exclude` and `info/attributes` are opened by the diff itself,
    and no setting switches them off: a FIFO there is named too."""
    bank_root = _committed_bank(tmp_path)
    fifo = tmp_path / "repo" / ".git" / "info" / name
    fifo.unlink(missing_ok=True)
    fifo.parent.mkdir(exist_ok=True)
    os.mkfifo(fifo)
    with pytest.raises(ToolInputError) as refused:
        changed(refreshed(bank_root), "HEAD")
    assert f"the repository's info/{name} names '" in str(refused.value)
    assert "a FIFO" in str(refused.value)


def test_the_users_excludes_file_still_hides_what_it_ignores(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The calls that list untracked and ignored files keep reading the user's ignore rules."""
    bank_root = _committed_bank(tmp_path)
    _users_excludes_file(tmp_path, monkeypatch).write_text("secret.md\n", encoding="utf-8")
    answer = changed(refreshed(bank_root), "HEAD")
    assert answer["changes"] == []
    assert "1 document under the bank is ignored by git" in answer["note"]


def test_a_git_file_pointing_nowhere_is_said_so_not_called_no_repository(tmp_path: Path) -> None:
    root = write_bank(tmp_path / "memory-bank", {"a.md": doc("A")})
    (tmp_path / ".git").write_text("gitdir: /nonexistent/x\n", encoding="utf-8")
    with pytest.raises(ToolInputError) as refused:
        changed(refreshed(root), "HEAD~1")
    assert "not a git repository: /nonexistent/x" in str(refused.value)
    assert "not inside a git repository" not in str(refused.value)


def test_a_work_tree_configured_elsewhere_is_named_by_both_git_tools(tmp_path: Path) -> None:
    """`core.worktree` naming a folder above the repository: bank_changed asked git there and
    answered "not a git repository" of a repository it had found."""
    from memorybank_server.drift import drift

    repo = tmp_path / "repo"
    root = write_bank(repo / "memory-bank", {"a.md": doc("A")})
    (root / "b.md").write_text("---\ntitle: B\nanchors:\n  - src\n---\n# B\n", encoding="utf-8")
    git(repo, "init", "-q", "-b", "main")
    commit(repo, "first")
    git(repo, "config", "core.worktree", str(tmp_path))
    said = f"work tree is set to '{tmp_path.resolve()}' (core.worktree), where git finds no repository"
    for since in ("HEAD", "2024-06-01"):
        with pytest.raises(ToolInputError, match=re.escape(said)):
            changed(refreshed(root), since)
    assert said in drift(refreshed(root))["note"]


def test_a_commit_found_by_its_message_is_a_ref(three_commits: tuple[Path, str]) -> None:
    """`:/second` names the newest commit whose message matches; `^{commit}` after it was read as
    part of the text searched for."""
    root, _ = three_commits
    assert kinds(changed(refreshed(root), ":/second")) == [("modified", "one.md")]
    with pytest.raises(ToolInputError, match="is not a commit"):
        changed(refreshed(root), ":/no such message")


@pytest.mark.parametrize("since", ["HEAD", "@"])
def test_head_in_a_repository_without_commits_says_there_is_none_yet(tmp_path: Path, since: str) -> None:
    root = write_bank(tmp_path / "memory-bank", {"a.md": doc("A")})
    git(root, "init", "-q", "-b", "main")
    answer = changed(refreshed(root), since)
    assert kinds(answer) == [("added", "a.md")]
    assert "no commit yet" in answer["note"]


@pytest.mark.parametrize("setting", ["core.autocrlf=true", "core.autocrlf=input", "attributes text=auto"])
def test_a_touched_file_committed_with_crlf_is_unchanged_under_line_ending_settings(
    three_commits: tuple[Path, str], setting: str
) -> None:
    """Hashed alone, `hash-object` turned the CRLF of a file committed so into LF, which git
    never does to text the index already holds with CRLF: the file was reported modified."""
    root, _ = three_commits
    (root / "crlf.md").write_bytes(doc("Crlf").replace("\n", "\r\n").encode())
    commit(root, "crlf")
    if setting.startswith("attributes"):
        (root / ".gitattributes").write_text("*.md text=auto\n", encoding="utf-8")
        commit(root, "attributes")
    else:
        git(root, "config", *setting.split("="))
    os.utime(root / "crlf.md", (1_000_000_000, 1_000_000_000))
    assert kinds(changed(refreshed(root), "HEAD")) == []


def test_a_fifo_in_a_documents_place_is_changed_at_once_never_read(three_commits: tuple[Path, str]) -> None:
    """`hash-object` read the FIFO and the answer waited a minute for git's timeout."""
    root, _ = three_commits
    (root / "two.md").unlink()
    os.mkfifo(root / "two.md")
    answer = changed(refreshed(root), "HEAD")
    assert [(kind, path) for kind, path in kinds(answer) if path == "two.md"] in (
        [("modified", "two.md")],
        [("deleted", "two.md")],
    )


def test_a_link_checked_out_as_a_file_is_unchanged_when_only_touched(three_commits: tuple[Path, str]) -> None:
    """Under `core.symlinks=false` a link is a file holding its target: read as a link, it failed
    and the touched file was reported modified."""
    root, _ = three_commits
    (root / "link.md").symlink_to("one.md")
    commit(root, "link")
    git(root, "config", "core.symlinks", "false")
    (root / "link.md").unlink()
    git(root, "checkout", "--", "link.md")
    assert (root / "link.md").is_file() and not (root / "link.md").is_symlink()
    os.utime(root / "link.md", (1_000_000_000, 1_000_000_000))
    assert kinds(changed(refreshed(root), "HEAD")) == []


@pytest.mark.parametrize(
    "ref",
    [
        *("HEAD^{tree}", "HEAD:one.md", "tree~1", "blob^", "HEAD^{tree}~3", "blob^{commit}", "tree^0"),
        *("HEAD^{blob}", "HEAD^{tag}", "HEAD^{tree}^{blob}", "HEAD^{blob}~1"),  # peeled to another type
    ],
)
def test_a_ref_naming_a_tree_or_a_blob_is_not_a_commit_not_a_broken_git(
    three_commits: tuple[Path, str], ref: str
) -> None:
    """git's complaint about peeling a tree was read as git failing, with a hash never typed;
    so was its complaint about walking back from one (a tag naming a tree or a blob, then `~1`)."""
    root, _ = three_commits
    git(root, "tag", "tree", "HEAD^{tree}")
    git(root, "tag", "blob", "HEAD:one.md")
    with pytest.raises(ToolInputError, match=r"is not a commit") as refused:
        changed(refreshed(root), ref)
    assert str(refused.value).startswith(f"'{ref}' is not a commit in the repository at ")


@pytest.mark.parametrize("ref", ["@{upstream}", "@{u}", "nosuch@{push}", "HEAD@{push}"])
def test_an_upstream_or_push_branch_that_is_not_there_is_not_a_commit(
    three_commits: tuple[Path, str], ref: str
) -> None:
    """git says why `@{upstream}` names nothing (no upstream configured, no such branch), and
    that was reported as git failing; it is a ref naming no commit."""
    root, _ = three_commits
    with pytest.raises(ToolInputError) as refused:
        changed(refreshed(root), ref)
    assert str(refused.value).startswith(f"'{ref}' is not a commit in the repository at ")


@pytest.mark.parametrize(
    "setting",
    [
        ("push.default", "nothing"),  # push has no destination
        ("push.default", "simple"),  # with an upstream of another name: no single destination
    ],
)
def test_a_push_branch_git_cannot_name_is_not_a_commit(three_commits: tuple[Path, str], setting) -> None:
    root, _ = three_commits
    git(root, "config", *setting)
    git(root, "config", "branch.main.remote", ".")
    git(root, "config", "branch.main.merge", "refs/heads/other")
    with pytest.raises(ToolInputError) as refused:
        changed(refreshed(root), "@{push}")
    assert str(refused.value).startswith("'@{push}' is not a commit in the repository at ")


def test_a_touched_file_an_attribute_converts_is_modified_as_git_says(
    three_commits: tuple[Path, str],
) -> None:
    """`* text eol=lf` over CRLF committed before: git stores the file converted and calls it
    modified; its bytes as they are matched the old blob and it was called unchanged."""
    root, _ = three_commits
    (root / "crlf.md").write_bytes(doc("Crlf").replace("\n", "\r\n").encode())
    commit(root, "crlf")
    (root / ".gitattributes").write_text("* text eol=lf\n", encoding="utf-8")
    git(root, "add", ".gitattributes")  # the attribute alone: `add -A` would store crlf.md converted
    git(root, "commit", "-q", "-m", "attributes")
    os.utime(root / "crlf.md", (1_000_000_000, 1_000_000_000))
    said = git(root, "status", "--porcelain", "--", "crlf.md")
    assert said.strip().startswith("M")
    assert kinds(changed(refreshed(root), "HEAD")) == [("modified", "crlf.md")]


def test_a_changes_header_values_are_cut(three_commits: tuple[Path, str]) -> None:
    """Each change repeated its document's title, doc_kind and status whole: a 100 KB doc_kind
    was printed in full, and 200 such changes answered 60 MB."""
    from memorybank_server.read import HEADER_CHARS, json_bytes

    root, _ = three_commits
    header = f"title: {'T' * 100_000}\ndoc_kind: {'K' * 100_000}\nstatus: {'S' * 100_000}\n"
    write_bank(root, {f"new/{n}.md": f"---\n{header}---\n# New\n" for n in range(5)})
    answer = changed(refreshed(root), "HEAD")
    assert len(answer["changes"]) == 5
    for change in answer["changes"]:
        assert len(change["title"]) == len(change["docKind"]) == len(change["status"]) == HEADER_CHARS
    assert json_bytes(answer) < 5 * 4 * HEADER_CHARS
