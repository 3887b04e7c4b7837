"""`bank_drift` against real git histories with controlled committer dates (and without git)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from memorybank_lint.bank import Bank
from memorybank_server.drift import drift
from memorybank_server.errors import ToolInputError
from tests.conftest import git as run_git
from tests.conftest import write_bank


def git(repo: Path, *args: str, date: str = "2024-01-01T10:00:00+00:00") -> str:
    return run_git(repo, *args, date=date)


def commit(repo: Path, date: str) -> None:
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", f"at {date}", date=date)


def doc(title: str, *anchors: str, kind: str = "engineering") -> str:
    lines = ["---", f"title: {title}", f"doc_kind: {kind}", "status: active"]
    if anchors:
        lines += ["anchors:", *(f"  - {a}" for a in anchors)]
    return "\n".join([*lines, "---", f"# {title}", ""])


def refreshed(root: Path) -> Bank:
    bank = Bank(root)
    bank.refresh()
    return bank


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """Code and bank in one repository: the document in January, the code moving on after it."""
    repo = tmp_path / "repo"
    write_bank(
        repo / "memory-bank",
        {
            "engineering/api.md": doc("API", "src/api.py", "./src/lib/", "gone.py", "../escape.py"),
            "domain/plain.md": doc("Plain", kind="domain"),
        },
    )
    write_bank(repo, {"src/api.py": "v1\n", "src/lib/a.py": "v1\n", "escape.py": "not this one\n"})
    git(repo, "init", "-q", "-b", "main")
    commit(repo, "2024-01-01T10:00:00+00:00")
    write_bank(repo, {"src/lib/a.py": "v2\n"})
    commit(repo, "2024-03-01T10:00:00+00:00")
    write_bank(repo, {"src/api.py": "v2\n"})
    commit(repo, "2024-07-01T10:00:00+00:00")
    return repo


def anchors_of(entries: list[dict]) -> list[tuple[str, str, int | None]]:
    return [(e["path"], e["anchor"], e.get("aheadDays")) for e in entries]


def test_code_committed_past_the_threshold_drifts(repo: Path) -> None:
    answer = drift(refreshed(repo / "memory-bank"))
    assert (answer["thresholdDays"], answer["anchored"], answer["unanchored"]) == (90, 1, 1)
    assert (answer["mode"], answer["repo"]) == ("git", os.path.realpath(repo))
    assert answer["drifted"] == [
        {
            "path": "engineering/api.md",
            "title": "API",
            "status": "active",
            "anchor": "src/api.py",
            "docTouched": "2024-01-01T10:00:00+00:00",
            "codeTouched": "2024-07-01T10:00:00+00:00",
            "aheadDays": 182,
        }
    ]
    assert "note" not in answer


def test_directory_anchors_take_the_newest_file_under_them_and_widest_gaps_come_first(repo: Path) -> None:
    answer = drift(refreshed(repo / "memory-bank"), threshold_days=30)
    assert anchors_of(answer["drifted"]) == [
        ("engineering/api.md", "src/api.py", 182),
        ("engineering/api.md", "src/lib", 60),
    ]


@pytest.mark.parametrize("whole", [".", "src/.."])
def test_an_anchor_naming_the_whole_repository_takes_its_newest_commit(tmp_path: Path, whole: str) -> None:
    """A document that describes the whole code base anchors the repository's top: it was
    reported missing, though nothing is more present, and its drift was never measured."""
    repo = tmp_path / "repo"
    write_bank(repo / "memory-bank", {"overview.md": doc("Overview", f"'{whole}'")})
    write_bank(repo, {"src/a.py": "v1\n"})
    git(repo, "init", "-q", "-b", "main")
    commit(repo, "2024-01-01T10:00:00+00:00")
    write_bank(repo, {"src/a.py": "v2\n"})
    commit(repo, "2024-03-01T10:00:00+00:00")
    answer = drift(refreshed(repo / "memory-bank"), threshold_days=30)
    assert answer["missing"] == []
    assert anchors_of(answer["drifted"]) == [("overview.md", ".", 60)]


def test_missing_anchors_are_reported_whatever_the_threshold(repo: Path) -> None:
    answer = drift(refreshed(repo / "memory-bank"), threshold_days=3650)
    assert answer["drifted"] == []
    assert answer["missing"] == [
        {"path": "engineering/api.md", "title": "API", "status": "active", "anchor": a, "missing": True}
        for a in ("../escape.py", "gone.py")
    ]


def test_an_anchor_a_sparse_checkout_leaves_off_the_disk_still_drifts(repo: Path) -> None:
    """A sparse checkout keeps committed code out of the working tree: its anchors were called
    missing, and the drift of the documents on them was never measured."""
    git(repo, "sparse-checkout", "set", "--no-cone", "/memory-bank/")
    assert not (repo / "src" / "api.py").exists()
    answer = drift(refreshed(repo / "memory-bank"), threshold_days=30)
    assert anchors_of(answer["drifted"]) == [
        ("engineering/api.md", "src/api.py", 182),
        ("engineering/api.md", "src/lib", 60),
    ]
    assert [m["anchor"] for m in answer["missing"]] == ["../escape.py", "gone.py"]


def test_an_anchor_deleted_from_the_disk_but_not_the_index_is_missing(repo: Path) -> None:
    """Only what a sparse checkout leaves out is timed from the index: a file deleted by hand (the
    deletion not staged) is missing, as a folder so deleted is, not drifting."""
    (repo / "src" / "api.py").unlink()
    for name in os.listdir(repo / "src" / "lib"):
        os.unlink(repo / "src" / "lib" / name)
    os.rmdir(repo / "src" / "lib")
    answer = drift(refreshed(repo / "memory-bank"), threshold_days=30)
    assert answer["drifted"] == []
    assert [m["anchor"] for m in answer["missing"]] == ["../escape.py", "gone.py", "src/api.py", "src/lib"]


def test_instants_are_compared_not_iso_strings(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    write_bank(repo / "memory-bank", {"x.md": doc("X", "later.py", "earlier.py")})
    git(repo, "init", "-q", "-b", "main")
    commit(repo, "2024-05-01T10:00:00+00:00")
    write_bank(repo, {"later.py": "1\n"})
    commit(repo, "2024-05-01T08:00:00-05:00")  # 13:00 UTC: after the document, though "08" < "10"
    write_bank(repo, {"earlier.py": "1\n"})
    commit(repo, "2024-05-01T12:00:00+05:00")  # 07:00 UTC: before the document, though "12" > "10"
    answer = drift(refreshed(repo / "memory-bank"), threshold_days=0)
    assert anchors_of(answer["drifted"]) == [("x.md", "later.py", 0)]
    assert answer["drifted"][0]["codeTouched"] == "2024-05-01T08:00:00-05:00"


def test_renamed_anchors_and_renamed_documents(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    bank_root = repo / "memory-bank"
    write_bank(bank_root, {"stale.md": doc("Stale", "src/old.py"), "moved.md": doc("Moved", "src/new.py")})
    write_bank(repo, {"src/old.py": "code\n"})
    git(repo, "init", "-q", "-b", "main")
    commit(repo, "2024-01-01T10:00:00+00:00")
    git(repo, "mv", "src/old.py", "src/new.py")
    commit(repo, "2024-06-01T10:00:00+00:00")
    answer = drift(refreshed(bank_root))
    assert anchors_of(answer["drifted"]) == [("moved.md", "src/new.py", 152)]
    assert anchors_of(answer["missing"]) == [("stale.md", "src/old.py", None)]

    git(repo, "mv", "memory-bank/moved.md", "memory-bank/renamed.md")
    commit(repo, "2024-08-01T10:00:00+00:00")
    answer = drift(refreshed(bank_root))
    assert answer["drifted"] == []
    assert anchors_of(answer["missing"]) == [("stale.md", "src/old.py", None)]


def test_never_committed_documents_or_code_are_skipped_with_a_note(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    write_bank(repo, {"src/a.py": "1\n"})
    git(repo, "init", "-q", "-b", "main")
    commit(repo, "2024-01-01T10:00:00+00:00")
    write_bank(repo, {"src/a.py": "2\n", "src/untracked.py": "new\n"})
    commit(repo, "2024-09-01T10:00:00+00:00")
    write_bank(repo, {"src/untracked2.py": "new\n"})
    write_bank(repo / "memory-bank", {"new.md": doc("New", "src/a.py", "src/untracked2.py")})
    answer = drift(refreshed(repo / "memory-bank"))
    assert (answer["mode"], answer["drifted"], answer["missing"]) == ("git", [], [])
    assert "2 anchor(s)" in answer["note"] and "never been committed" in answer["note"]


def test_a_repository_without_commits_skips_every_anchor(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    write_bank(repo / "memory-bank", {"x.md": doc("X", "src/a.py")})
    write_bank(repo, {"src/a.py": "1\n"})
    git(repo, "init", "-q", "-b", "main")
    answer = drift(refreshed(repo / "memory-bank"))
    assert answer["mode"] == "git" and answer["drifted"] == []
    assert "never been committed" in answer["note"]


def test_scope_limits_the_documents_counted(repo: Path) -> None:
    bank = refreshed(repo / "memory-bank")
    scoped = drift(bank, scope="engineering/")
    assert (scoped["anchored"], scoped["unanchored"], len(scoped["drifted"])) == (1, 0, 1)
    with pytest.raises(ToolInputError, match="leads outside the bank"):  # absolute: not `engineering`
        drift(bank, scope="/engineering/")
    other = drift(bank, scope="domain")
    assert (other["anchored"], other["unanchored"], other["mode"]) == (0, 1, "none")


def test_nothing_anchored_is_the_honest_empty_answer(tmp_path: Path) -> None:
    bank = refreshed(write_bank(tmp_path / "memory-bank", {"a.md": doc("A")}))
    answer = drift(bank)
    assert (answer["mode"], answer["drifted"], answer["missing"], answer["anchored"]) == ("none", [], [], 0)
    assert "anchors" in answer["note"] and "repository-relative code paths" in answer["note"]


def test_no_repository_is_the_honest_empty_answer(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path))
    bank = refreshed(write_bank(tmp_path / "memory-bank", {"a.md": doc("A", "src/a.py")}))
    answer = drift(bank)
    assert (answer["mode"], answer["drifted"], answer["missing"], answer["anchored"]) == ("none", [], [], 1)
    assert "not inside a git repository" in answer["note"]
    assert "repo" not in answer


def test_why_git_cannot_answer_names_a_folder_that_is_not_utf8_as_text(tmp_path: Path) -> None:
    """The note quoted the unusable `.git` by its name as the file system hands it over: a byte
    that is not UTF-8 came back as a lone surrogate, and no answer holding one can be sent."""
    project = Path(os.fsdecode(bytes(tmp_path) + b"/p\xffx"))
    bank = write_bank(project / "memory-bank", {"a.md": doc("A", "src/a.py")})
    (project / ".git").symlink_to(".git")  # a link to itself: no repository, and no reading it
    answer = drift(refreshed(bank))
    assert answer["mode"] == "none" and "cannot be read" in answer["note"]
    answer["note"].encode("utf-8")
    assert "/p\\xffx/.git" in answer["note"]


@pytest.mark.parametrize("bad", [-1, 3651, True, "90", 1.5])
def test_a_bad_threshold_is_refused(repo: Path, bad: object) -> None:
    with pytest.raises(ToolInputError, match="thresholdDays"):
        drift(refreshed(repo / "memory-bank"), threshold_days=bad)  # type: ignore[arg-type]


def test_anchors_are_literal_paths_not_patterns(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    anchors = ("src/a.py", "src/*.py", ":(exclude)memory-bank", '"src/\\0nul.py"')
    write_bank(repo / "memory-bank", {"x.md": doc("X", *anchors)})
    write_bank(repo, {"src/a.py": "1\n"})
    git(repo, "init", "-q", "-b", "main")
    commit(repo, "2024-01-01T10:00:00+00:00")
    write_bank(repo, {"src/a.py": "2\n"})
    commit(repo, "2024-12-01T10:00:00+00:00")
    answer = drift(refreshed(repo / "memory-bank"), threshold_days=0)
    assert anchors_of(answer["drifted"]) == [("x.md", "src/a.py", 335)]
    missing = {anchor for _, anchor, _ in anchors_of(answer["missing"])}
    assert missing == {":(exclude)memory-bank", "src/*.py", "src/\0nul.py"}


def test_one_document_naming_a_huge_anchor_hides_no_other_drift(repo: Path) -> None:
    """An anchor longer than any path (or with a name past any file system's limit) names no
    file: it is missing, and the one `git log` the others need still runs."""
    for i, anchor in enumerate(("a" * 140_000, "src/" + "b" * 300 + ".py")):
        write_bank(repo / "memory-bank", {f"domain/evil-{i}.md": doc("Evil", anchor, kind="domain")})
    commit(repo, "2024-07-02T10:00:00+00:00")
    answer = drift(refreshed(repo / "memory-bank"))
    assert anchors_of(answer["drifted"]) == [("engineering/api.md", "src/api.py", 182)]
    assert {e["path"] for e in answer["missing"]} >= {"domain/evil-0.md", "domain/evil-1.md"}
    assert "note" not in answer


def test_more_anchors_than_one_command_line_holds_are_all_timed(repo: Path) -> None:
    """2.5 MB of anchor paths, past the kernel's limit for one command, are asked in several
    runs of `git log`; the drift among them is still found."""
    planned = [f"src/{'x' * 90}-{i:05}.py" for i in range(25_000)]  # never written: missing
    for part in range(5):
        chunk = planned[part * 5000 : (part + 1) * 5000]
        write_bank(repo / "memory-bank", {f"domain/many-{part}.md": doc("Many", *chunk, kind="domain")})
    commit(repo, "2024-07-02T10:00:00+00:00")
    answer = drift(refreshed(repo / "memory-bank"))
    assert "note" not in answer
    assert anchors_of(answer["drifted"]) == [("engineering/api.md", "src/api.py", 182)]
    assert len(answer["missing"]) + answer["missingLeftOut"] == 25_000 + 2


def test_a_scope_that_matches_no_document_is_refused_as_validate_refuses_it(repo: Path) -> None:
    bank = refreshed(repo / "memory-bank")
    with pytest.raises(ToolInputError, match="scope 'nowhere' matches no document"):
        drift(bank, scope="nowhere")
    assert drift(bank, scope="./engineering/")["anchored"] == 1  # written as validate takes it


@pytest.mark.parametrize("blank", ["", "  ", "\t"])
def test_a_blank_scope_is_refused_as_validate_refuses_it(repo: Path, blank: str) -> None:
    """A blank scope was read as no scope, so bank_drift answered for the whole bank where
    bank_validate and `--drift --scope '  '` refuse it; it is refused the same way now."""
    with pytest.raises(ToolInputError, match="is blank; leave it out to mean the whole bank"):
        drift(refreshed(repo / "memory-bank"), scope=blank)


def test_a_shallow_clone_says_drift_can_be_missed(repo: Path, tmp_path: Path) -> None:
    """Cut to its last commit, every file looks as new as that commit: no drift shows, and the
    answer says why instead of reporting a clean bank."""
    assert drift(refreshed(repo / "memory-bank"), 30)["drifted"]
    clone = tmp_path / "clone"
    git(tmp_path, "clone", "-q", "--depth", "1", f"file://{repo}", str(clone))
    answer = drift(refreshed(clone / "memory-bank"), 30)
    assert answer["drifted"] == [] and "shallow clone" in answer["note"]


def test_the_log_is_narrowed_to_a_few_folders_that_hold_every_path() -> None:
    from memorybank_server.drift import _pathspecs

    paths = ["memory-bank/a.md", "src/api/x.py", "src/api/y.py", "src/web/z.ts"]
    assert _pathspecs(paths, most=4) == sorted(paths)
    assert _pathspecs(paths, most=3) == ["memory-bank/a.md", "src/api", "src/web"]
    assert _pathspecs(paths, most=2) == ["memory-bank", "src"]
    assert _pathspecs(paths, most=1) == []  # the whole repository
    assert _pathspecs([f"src/f{i}.py" for i in range(1_000)]) == ["src"]


def test_an_anchor_through_a_committed_link_is_missing_whatever_lies_beyond(tmp_path: Path) -> None:
    """A link was followed to answer whether the anchor exists: `outlink -> <outside>` made
    `outlink/secret.txt` not missing, so a bank's author could learn which files exist on the
    reader's machine."""
    repo, outside = tmp_path / "repo", tmp_path / "outside"
    write_bank(outside, {"secret.txt": "private\n"})
    write_bank(
        repo / "memory-bank", {"x.md": doc("X", "outlink/secret.txt", "outlink/nothing.txt", "src/a.py")}
    )
    write_bank(repo, {"src/a.py": "1\n"})
    (repo / "outlink").symlink_to(outside)
    git(repo, "init", "-q", "-b", "main")
    commit(repo, "2024-01-01T10:00:00+00:00")
    answer = drift(refreshed(repo / "memory-bank"), threshold_days=0)
    missing = {anchor for _, anchor, _ in anchors_of(answer["missing"])}
    assert missing == {"outlink/secret.txt", "outlink/nothing.txt"}


def test_an_anchor_that_is_itself_a_committed_link_is_timed_not_missing(tmp_path: Path) -> None:
    """A link the repository commits (`compose.yml -> deploy/compose.prod.yml`) is there, whatever
    it points at: it was reported missing, as a link on the way to an anchor is, and its drift
    never shown. Looking at the link itself follows nothing."""
    repo = tmp_path / "repo"
    write_bank(repo / "memory-bank", {"x.md": doc("X", "compose.yml", "dangling.yml", "through/a.py")})
    write_bank(repo, {"deploy/compose.prod.yml": "v1\n", "deploy/a.py": "1\n"})
    (repo / "compose.yml").symlink_to("deploy/compose.prod.yml")
    (repo / "dangling.yml").symlink_to("nowhere.yml")
    (repo / "through").symlink_to("deploy")
    git(repo, "init", "-q", "-b", "main")
    commit(repo, "2024-01-01T10:00:00+00:00")
    (repo / "compose.yml").unlink()
    (repo / "compose.yml").symlink_to("deploy/compose.yml")
    (repo / "dangling.yml").unlink()
    (repo / "dangling.yml").symlink_to("elsewhere.yml")
    commit(repo, "2024-07-01T10:00:00+00:00")
    answer = drift(refreshed(repo / "memory-bank"), threshold_days=30)
    assert anchors_of(answer["drifted"]) == [("x.md", "compose.yml", 182), ("x.md", "dangling.yml", 182)]
    assert anchors_of(answer["missing"]) == [("x.md", "through/a.py", None)]


def test_missing_anchors_are_listed_up_to_a_bound_and_the_rest_counted(tmp_path: Path) -> None:
    """3,000 missing anchors answered 929 KB, every one listed."""
    from memorybank_server.drift import MAX_LISTED

    repo = tmp_path / "repo"
    write_bank(repo / "memory-bank", {"x.md": doc("X", *(f"gone/{n}.py" for n in range(MAX_LISTED + 30)))})
    git(repo, "init", "-q", "-b", "main")
    commit(repo, "2024-01-01T10:00:00+00:00")
    answer = drift(refreshed(repo / "memory-bank"))
    assert len(answer["missing"]) == MAX_LISTED and answer["missingLeftOut"] == 30
    assert "driftedLeftOut" not in answer


def test_the_users_log_configuration_changes_no_answer(tmp_path: Path) -> None:
    """`log.showRoot=false` hides what the first commit added: a document committed only there
    read as never committed; a `diff.orderFile` the repository does not hold (set once for every
    repository, as a name relative to each) made `git log` fail, and a UTF-16 log encoding left
    no commit readable. The answer must not depend on how the user likes `git log` shown."""
    repo = tmp_path / "repo"
    write_bank(repo / "memory-bank", {"a.md": doc("A", "src/x.py")})
    write_bank(repo, {"src/x.py": "1\n"})
    git(repo, "init", "-q", "-b", "main")
    commit(repo, "2020-01-01T10:00:00+00:00")
    write_bank(repo, {"src/x.py": "2\n"})
    commit(repo, "2021-01-01T10:00:00+00:00")
    before = drift(refreshed(repo / "memory-bank"), threshold_days=30)
    assert anchors_of(before["drifted"]) == [("a.md", "src/x.py", 366)]
    for key, value in [
        ("log.showRoot", "false"),
        ("log.follow", "true"),
        ("diff.relative", "true"),
        ("diff.orderFile", "no-order"),
        ("i18n.logOutputEncoding", "UTF-16"),
    ]:
        git(repo, "config", key, value)
    assert drift(refreshed(repo / "memory-bank"), threshold_days=30) == before


def test_a_git_that_does_not_answer_is_said_so_not_read_as_never_committed(
    repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.server.test_changed import _timeouts_counted

    branch = repo / ".git" / "refs" / "heads" / "main"
    branch.unlink()
    os.mkfifo(branch)
    timed_out = _timeouts_counted(monkeypatch)
    answer = drift(refreshed(repo / "memory-bank"))
    assert "did not answer within 1 seconds" in answer["note"], answer["note"]
    assert "never been committed" not in answer["note"]
    assert len(timed_out) == 1, timed_out


def test_a_huge_title_and_huge_anchors_are_cut_in_every_entry(tmp_path: Path) -> None:
    """Each entry repeated its document's title whole, and a missing anchor was listed whole: a
    2,000,000-character title over 400 anchors answered 400 MB. Both are cut to a few hundred
    characters, and the entries stay as many as `MAX_LISTED` allows."""
    from memorybank_server.drift import MAX_LISTED
    from memorybank_server.read import HEADER_CHARS, json_bytes

    repo = tmp_path / "repo"
    anchors = [f"gone/{n}.py" for n in range(40)] + ["A" * 100_000, f"src/{'b' * 200}/{'c' * 200}.py"]
    listed = "".join(f"  - {a}\n" for a in anchors)
    header = f"title: {'T' * 100_000}\nstatus: {'S' * 100_000}\nanchors:\n{listed}"
    write_bank(repo / "memory-bank", {"x.md": f"---\n{header}---\n# X\n"})
    git(repo, "init", "-q", "-b", "main")
    commit(repo, "2024-01-01T10:00:00+00:00")
    answer = drift(refreshed(repo / "memory-bank"))
    assert len(answer["missing"]) == len(anchors) <= MAX_LISTED
    for entry in answer["missing"]:
        assert len(entry["title"]) == len(entry["status"]) == HEADER_CHARS
        assert len(entry["anchor"]) <= HEADER_CHARS
    assert {e["anchor"] for e in answer["missing"]} >= {"gone/0.py", "gone/39.py"}
    assert json_bytes(answer) < len(anchors) * 4 * HEADER_CHARS


def test_a_file_named_like_a_commit_line_is_read_as_a_name(tmp_path: Path) -> None:
    """The log lists commit lines and names between the same NULs, and a commit's line began
    with a byte a name may hold: two files at the top, committed with the code, made the second
    read as a commit of the year 2286, and the code after it drifted 96,000 days ahead."""
    repo = tmp_path / "repo"
    write_bank(repo / "memory-bank", {"overview.md": doc("Overview", "'.'", "src/a.py")})
    write_bank(repo, {"src/a.py": "v1\n"})
    git(repo, "init", "-q", "-b", "main")
    commit(repo, "2024-01-01T10:00:00+00:00")
    write_bank(repo, {"src/a.py": "v2\n", "\x01 a": "x\n", "\x019999999999 not-a-date": "y\n"})
    commit(repo, "2024-03-01T10:00:00+00:00")
    answer = drift(refreshed(repo / "memory-bank"), threshold_days=30)
    assert [(e["anchor"], e["codeTouched"], e["aheadDays"]) for e in answer["drifted"]] == [
        (".", "2024-03-01T10:00:00+00:00", 60),
        ("src/a.py", "2024-03-01T10:00:00+00:00", 60),
    ]
