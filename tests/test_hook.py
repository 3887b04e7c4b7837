"""The Stop hook, run as the client runs it: a subprocess with JSON on stdin, against real git repos."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from memorybank_server import hooks, scaffold

GIT_IDENTITY = {
    "GIT_AUTHOR_NAME": "Hook Test",
    "GIT_AUTHOR_EMAIL": "hook@example.com",
    "GIT_COMMITTER_NAME": "Hook Test",
    "GIT_COMMITTER_EMAIL": "hook@example.com",
    "GIT_CONFIG_GLOBAL": os.devnull,
    "GIT_CONFIG_NOSYSTEM": "1",
}
KNOBS = ("MEMORYBANK_CAPTURE_COOLDOWN_MIN", "MEMORYBANK_INBOX_LIMIT", "MEMORYBANK_INBOX_STALE_DAYS")


def base_env(tmp_path: Path, **knobs: str) -> dict[str, str]:
    """The inherited environment without git location variables or hook knobs, markers in tmp_path."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_") and k not in KNOBS}
    env |= GIT_IDENTITY
    env["GIT_CEILING_DIRECTORIES"] = str(tmp_path)
    env["XDG_STATE_HOME"] = str(tmp_path / "state")
    return env | knobs


def git(repo: Path, *args: str) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")} | GIT_IDENTITY
    subprocess.run(["git", "-C", str(repo), *args], env=env, capture_output=True, check=True)


def run_hook(
    tmp_path: Path, stdin: str | bytes, *, cwd: Path | None = None, args: tuple[str, ...] = (), **knobs: str
) -> subprocess.CompletedProcess[str]:
    data = stdin if isinstance(stdin, str) else stdin.decode("latin-1")
    done = subprocess.run(
        [sys.executable, "-m", "memorybank_server.hooks", *args],
        input=data,
        capture_output=True,
        text=True,
        env=base_env(tmp_path, **knobs),
        cwd=cwd or tmp_path,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0
    assert done.stderr == ""
    return done


def stop(tmp_path: Path, repo: Path, session: str | None = "s1", **extra: Any) -> dict[str, Any] | None:
    """One Stop event for `repo`; the parsed answer, or None when the hook stayed silent."""
    knobs = {k: str(extra.pop(k)) for k in list(extra) if k.startswith("MEMORYBANK_")}
    payload: dict[str, Any] = {"cwd": str(repo), "stop_hook_active": False, **extra}
    if session is not None:
        payload["session_id"] = session
    done = run_hook(tmp_path, json.dumps(payload), **knobs)
    if not done.stdout:
        return None
    lines = done.stdout.splitlines()
    assert len(lines) == 1
    return json.loads(lines[0])


def make_repo(tmp_path: Path, bank_dir: str | None = "memory_bank", *, name: str = "project") -> Path:
    """A git repository with a seeded bank, everything committed: a clean tree."""
    repo = tmp_path / name
    repo.mkdir()
    git(repo, "init", "-q")
    if bank_dir is not None:
        scaffold.init(repo / bank_dir, "demo")
    (repo / "src.py").write_text("x = 1\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "seed")
    return repo


def dirty(repo: Path, text: str = "x = 2\n") -> None:
    (repo / "src.py").write_text(text)


def markers(tmp_path: Path) -> list[Path]:
    directory = tmp_path / "state" / "mcp-memorybank"
    return sorted(directory.iterdir()) if directory.is_dir() else []


def add_notes(bank: Path, count: int, *, age_days: float = 0) -> None:
    inbox = bank / "_inbox"
    inbox.mkdir(exist_ok=True)
    for name in ("README.md", "DISCARDED.md"):  # the inbox's own files never count as notes
        (inbox / name).write_text(f"# {name}\n")
    stamp = time.time() - age_days * 86400
    start = len(list(inbox.glob("note-*.md")))
    for number in range(start, start + count):
        note = inbox / f"note-{number}.md"
        note.write_text(f"---\ntitle: Note {number}\n---\n")
        os.utime(note, (stamp, stamp))


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    return make_repo(tmp_path)


# -- speaking ------------------------------------------------------------------------------------


def test_a_dirty_tree_with_a_bank_gets_both_answer_shapes(tmp_path: Path, repo: Path) -> None:
    dirty(repo)
    answer = stop(tmp_path, repo)
    assert answer is not None
    assert answer["decision"] == "block"
    assert answer["continue"] is True
    assert answer["reason"] == answer["instruction"]
    text = answer["reason"]
    for phrase in ("bank_create", "inbox: true", "derivedFrom", "purpose", "one note per fact", "_inbox/"):
        assert phrase in text
    assert "review-inbox" not in text  # no queue reminder for an empty inbox


def test_the_marker_holds_the_time_and_a_twelve_hex_fingerprint(tmp_path: Path, repo: Path) -> None:
    dirty(repo)
    assert stop(tmp_path, repo, session="abc") is not None
    (marker,) = markers(tmp_path)
    assert "abc" in marker.name
    assert re.fullmatch(r"\d+ [0-9a-f]{12}\n", marker.read_text())


def test_it_speaks_again_after_a_further_change_once_the_cooldown_passes(tmp_path: Path, repo: Path) -> None:
    dirty(repo, "x = 2\n")
    assert stop(tmp_path, repo, MEMORYBANK_CAPTURE_COOLDOWN_MIN=0) is not None
    first = markers(tmp_path)[0].read_text().split()[1]
    dirty(repo, "x = 3\n")  # same porcelain line (" M src.py"), new content
    assert stop(tmp_path, repo, MEMORYBANK_CAPTURE_COOLDOWN_MIN=0) is not None
    assert markers(tmp_path)[0].read_text().split()[1] != first
    (repo / "new.py").write_text("y = 1\n")
    assert stop(tmp_path, repo, MEMORYBANK_CAPTURE_COOLDOWN_MIN=0) is not None


def test_it_finds_a_memory_bank_folder_spelt_with_a_hyphen(tmp_path: Path) -> None:
    repo = make_repo(tmp_path, "memory-bank")
    dirty(repo)
    assert stop(tmp_path, repo) is not None


def test_it_finds_the_root_configured_in_pyproject(tmp_path: Path) -> None:
    repo = make_repo(tmp_path, "docs/knowledge")
    (repo / "pyproject.toml").write_text('[tool.memorybank]\nroot = "docs/knowledge"\n')
    assert stop(tmp_path, repo) is not None  # the new pyproject.toml makes the tree dirty


def test_a_configured_root_that_does_not_exist_means_no_bank(tmp_path: Path, repo: Path) -> None:
    (repo / "pyproject.toml").write_text('[tool.memorybank]\nroot = "elsewhere"\n')
    assert stop(tmp_path, repo) is None


def test_a_missing_cwd_field_means_the_directory_the_client_started_it_in(tmp_path: Path, repo: Path) -> None:
    dirty(repo)
    done = run_hook(tmp_path, json.dumps({"session_id": "s1"}), cwd=repo)
    assert json.loads(done.stdout)["decision"] == "block"


# -- silence -------------------------------------------------------------------------------------


def test_silent_on_re_entry(tmp_path: Path, repo: Path) -> None:
    dirty(repo)
    assert stop(tmp_path, repo, stop_hook_active=True) is None
    assert markers(tmp_path) == []


def test_from_a_subfolder_of_the_project_it_finds_the_repositorys_bank(tmp_path: Path, repo: Path) -> None:
    """The agent changed into `src/`: the project still has a bank, and the tree is dirty."""
    (repo / "src").mkdir()
    dirty(repo)
    answer = stop(tmp_path, repo / "src")
    assert answer is not None and "bank_create" in answer["reason"]


def test_silent_without_a_bank(tmp_path: Path) -> None:
    repo = make_repo(tmp_path, None)
    dirty(repo)
    assert stop(tmp_path, repo) is None


@pytest.mark.parametrize("where", [".memorybank-off", "memory_bank/.memorybank-off"])
def test_silent_when_the_server_is_switched_off_for_the_project(
    tmp_path: Path, repo: Path, where: str
) -> None:
    """A `.memorybank-off` marker beside the bank or in it switches the server off, yet the hook
    still asked the agent to call bank_create, a tool the server then does not list."""
    (repo / where).touch()
    dirty(repo)
    assert stop(tmp_path, repo, MEMORYBANK_CAPTURE_COOLDOWN_MIN=0) is None
    assert markers(tmp_path) == []


@pytest.mark.parametrize("config", ['root = ".git/bank"\n', "bogus = 1\n"])
def test_silent_where_the_server_would_not_start(tmp_path: Path, repo: Path, config: str) -> None:
    """A configuration the server refuses (an unknown key, a root in `.git`) was set aside and the
    bank probed for, so the hook asked for bank_create where no server runs to offer it."""
    (repo / ".memorybank.toml").write_text(config, encoding="utf-8")
    dirty(repo)
    assert stop(tmp_path, repo, MEMORYBANK_CAPTURE_COOLDOWN_MIN=0) is None


def test_silent_when_the_bank_folder_holds_no_document_yet(tmp_path: Path) -> None:
    """An empty bank folder gets only bank_init from the server: there is no bank_create to call."""
    repo = make_repo(tmp_path, None)
    (repo / "memory_bank").mkdir()
    dirty(repo)
    assert stop(tmp_path, repo, MEMORYBANK_CAPTURE_COOLDOWN_MIN=0) is None


@pytest.mark.parametrize("args", [["--off", "{}"], ["--off={}"], ["--off", "{}/memory_bank"]])
def test_silent_under_an_off_path_given_as_the_server_takes_it(
    tmp_path: Path, repo: Path, args: list[str]
) -> None:
    """A hook registered once per user takes the server's `--off PATH` list, so the projects the
    server stays silent in get no request to call its tools either; other projects still do."""
    dirty(repo)
    payload = json.dumps({"session_id": "s1", "cwd": str(repo)})
    off = tuple(arg.format(repo) for arg in args)
    assert run_hook(tmp_path, payload, args=off, MEMORYBANK_CAPTURE_COOLDOWN_MIN="0").stdout == ""
    elsewhere = ("--off", str(tmp_path / "elsewhere"))
    spoke = run_hook(tmp_path, payload, args=elsewhere, MEMORYBANK_CAPTURE_COOLDOWN_MIN="0")
    assert json.loads(spoke.stdout)["decision"] == "block"


@pytest.mark.parametrize(
    "args", [["--off", "--off", "{}"], ["--off=--no-cache"], ["--off"], ["--off="], ["--off", " "]]
)
def test_silent_when_the_server_would_refuse_its_off_list(
    tmp_path: Path, repo: Path, args: list[str]
) -> None:
    """`--off --off X` takes the second `--off` for a path, which the server refuses (exit 2) and
    so never starts: the hook, given the same list, asked for a bank_create nothing offers."""
    dirty(repo)
    payload = json.dumps({"session_id": "s1", "cwd": str(repo)})
    off = tuple(arg.format(repo) for arg in args)
    assert run_hook(tmp_path, payload, args=off, MEMORYBANK_CAPTURE_COOLDOWN_MIN="0").stdout == ""


def test_an_off_path_that_starts_with_a_dash_is_still_a_path(tmp_path: Path, repo: Path) -> None:
    """The server takes `--off -x` as the path `-x`; so does the hook, and speaks elsewhere."""
    dirty(repo)
    payload = json.dumps({"session_id": "s1", "cwd": str(repo)})
    spoke = run_hook(tmp_path, payload, args=("--off", "-x"), MEMORYBANK_CAPTURE_COOLDOWN_MIN="0")
    assert json.loads(spoke.stdout)["decision"] == "block"


def test_silent_outside_a_git_work_tree(tmp_path: Path) -> None:
    project = tmp_path / "plain"
    scaffold.init(project / "memory_bank", "demo")
    (project / "src.py").write_text("x = 1\n")
    assert stop(tmp_path, project) is None


def test_silent_on_a_clean_tree(tmp_path: Path, repo: Path) -> None:
    assert stop(tmp_path, repo) is None
    assert markers(tmp_path) == []


def test_silent_when_the_tree_has_not_changed_since_it_spoke(tmp_path: Path, repo: Path) -> None:
    dirty(repo)
    assert stop(tmp_path, repo, MEMORYBANK_CAPTURE_COOLDOWN_MIN=0) is not None
    assert stop(tmp_path, repo, MEMORYBANK_CAPTURE_COOLDOWN_MIN=0) is None


def test_the_fingerprint_pairs_no_renames_whatever_the_repository_sets(tmp_path: Path, repo: Path) -> None:
    """A staged rename was paired under the repository's rename settings (`status.renameLimit=0`
    is unbounded work on thousands of them), so the same tree read differently once they
    changed: renames are never paired, and the same tree is the same fingerprint."""
    git(repo, "mv", "src.py", "moved.py")
    assert stop(tmp_path, repo, MEMORYBANK_CAPTURE_COOLDOWN_MIN=0) is not None
    git(repo, "config", "status.renames", "false")
    assert stop(tmp_path, repo, MEMORYBANK_CAPTURE_COOLDOWN_MIN=0) is None


def test_silent_within_the_cooldown_even_after_a_change(tmp_path: Path, repo: Path) -> None:
    dirty(repo, "x = 2\n")
    assert stop(tmp_path, repo) is not None
    dirty(repo, "x = 3\n")
    assert stop(tmp_path, repo) is None  # default cooldown: 30 minutes
    assert stop(tmp_path, repo, MEMORYBANK_CAPTURE_COOLDOWN_MIN=0) is not None


@pytest.mark.parametrize("stdin", ["", "not json", "{", "[1, 2]", '"text"', "null", b"\xff\xfe\x00"])
def test_unusable_input_is_silent_with_exit_0(tmp_path: Path, repo: Path, stdin: str | bytes) -> None:
    dirty(repo)
    done = run_hook(tmp_path, stdin, cwd=repo)  # run_hook asserts exit 0 and an empty stderr
    assert done.stdout == ""


def test_an_unreadable_progress_grace_never_breaks_the_hook(tmp_path: Path, repo: Path) -> None:
    dirty(repo)
    assert stop(tmp_path, repo, MEMORYBANK_PROGRESS_AFTER="abc") is not None  # exit 0, empty stderr


def test_odd_field_types_are_tolerated(tmp_path: Path, repo: Path) -> None:
    dirty(repo)
    assert stop(tmp_path, repo, session=None, cwd=str(tmp_path / "missing")) is None
    done = run_hook(tmp_path, json.dumps({"cwd": 7, "session_id": ["x"], "stop_hook_active": "no"}), cwd=repo)
    assert json.loads(done.stdout)["decision"] == "block"


# -- markers -------------------------------------------------------------------------------------


def test_two_sessions_keep_separate_markers(tmp_path: Path, repo: Path) -> None:
    dirty(repo)
    assert stop(tmp_path, repo, session="alpha") is not None
    assert stop(tmp_path, repo, session="beta") is not None  # alpha's marker does not silence beta
    assert stop(tmp_path, repo, session="alpha") is None
    assert len(markers(tmp_path)) == 2


def test_without_a_session_id_each_directory_has_its_own_marker(tmp_path: Path) -> None:
    first, second = make_repo(tmp_path, name="one"), make_repo(tmp_path, name="two")
    dirty(first)
    dirty(second)
    assert stop(tmp_path, first, session=None) is not None
    assert stop(tmp_path, second, session=None) is not None
    assert stop(tmp_path, first, session=None) is None
    assert len(markers(tmp_path)) == 2


def test_markers_of_sessions_long_over_are_cleared_when_it_speaks(tmp_path: Path, repo: Path) -> None:
    """One marker is written per session, so without clearing, the folder grew by a file for every
    session ever held; a marker untouched for longer than any session lasts goes when the hook
    next writes one, and nothing else in the folder does."""
    folder = tmp_path / "state" / "mcp-memorybank"
    folder.mkdir(parents=True)
    old, old_cwd, recent, other = (
        folder / name for name in ("session-old", "cwd-0a", "session-recent", "keep-me")
    )
    for path in (old, old_cwd, recent, other):
        path.write_text("1 abc\n")
    month_ago = time.time() - 31 * 86400
    for path in (old, old_cwd, other):
        os.utime(path, (month_ago, month_ago))
    dirty(repo)
    assert stop(tmp_path, repo, session="now") is not None
    assert sorted(path.name for path in markers(tmp_path)) == ["keep-me", "session-now", "session-recent"]


def test_a_session_id_is_never_used_as_a_path(tmp_path: Path, repo: Path) -> None:
    dirty(repo)
    assert stop(tmp_path, repo, session="../../escape") is not None
    (marker,) = markers(tmp_path)
    assert marker.parent == tmp_path / "state" / "mcp-memorybank"
    assert not (tmp_path / "escape").exists()


# -- the queue reminder --------------------------------------------------------------------------


def test_the_reminder_appears_once_the_inbox_reaches_the_limit(tmp_path: Path, repo: Path) -> None:
    bank = repo / "memory_bank"
    add_notes(bank, 7)
    answer = stop(tmp_path, repo, session="below")
    assert answer is not None
    assert "review-inbox" not in answer["reason"]
    add_notes(bank, 1)
    answer = stop(tmp_path, repo, session="at")
    assert answer is not None
    text = answer["reason"]
    assert "review-inbox" in text
    assert "8 quarantined" in text
    assert "stale" not in text
    assert answer["instruction"] == text


def test_the_limit_is_a_knob(tmp_path: Path, repo: Path) -> None:
    add_notes(repo / "memory_bank", 2)
    answer = stop(tmp_path, repo, MEMORYBANK_INBOX_LIMIT=2)
    assert answer is not None
    assert "2 quarantined" in answer["reason"]


def test_the_reminder_appears_for_a_single_stale_note(tmp_path: Path, repo: Path) -> None:
    bank = repo / "memory_bank"
    add_notes(bank, 1, age_days=13)
    answer = stop(tmp_path, repo, session="fresh")
    assert answer is not None
    assert "review-inbox" not in answer["reason"]
    add_notes(bank, 1, age_days=15)
    answer = stop(tmp_path, repo, session="stale")
    assert answer is not None
    assert "review-inbox" in answer["reason"]
    assert "2 quarantined" in answer["reason"]
    assert "1 of them older" in answer["reason"]


def test_the_stale_age_is_a_knob(tmp_path: Path, repo: Path) -> None:
    add_notes(repo / "memory_bank", 1, age_days=3)
    answer = stop(tmp_path, repo, MEMORYBANK_INBOX_STALE_DAYS=2)
    assert answer is not None
    assert "1 of them older" in answer["reason"]


def test_notes_below_the_inbox_top_level_do_not_count(tmp_path: Path, repo: Path) -> None:
    nested = repo / "memory_bank" / "_inbox" / "archive"
    nested.mkdir(parents=True)
    for number in range(9):
        (nested / f"old-{number}.md").write_text("# old\n")
    answer = stop(tmp_path, repo)
    assert answer is not None
    assert "review-inbox" not in answer["reason"]


def test_an_inbox_that_is_a_link_out_of_the_bank_counts_nothing(tmp_path: Path, repo: Path) -> None:
    """The hook counted nine notes in the folder `_inbox` led to, where the server, which never
    follows a link, lists an empty inbox."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    for number in range(9):
        (elsewhere / f"n{number}.md").write_text("# n\n")
    (repo / "memory_bank" / "_inbox").symlink_to(elsewhere)
    answer = stop(tmp_path, repo)
    assert answer is not None
    assert "review-inbox" not in answer["reason"]


def test_the_hook_never_imports_mcp(tmp_path: Path) -> None:
    probe = (
        "import sys, memorybank_server.hooks; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'mcp'))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, env=base_env(tmp_path), check=True
    )
    assert done.stdout.strip() == "[]"


# -- the fingerprint of a hostile tree -----------------------------------------------------------


def test_a_dirty_link_counts_by_where_it_points_never_by_what_it_reads(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "a.txt").write_text("secret 1\n")
    (outside / "b.txt").write_text("secret 1\n")
    top = tmp_path / "repo"
    top.mkdir()
    (top / "x.md").symlink_to(outside / "a.txt")
    porcelain = "?? x.md\0"
    first = hooks.fingerprint(top, porcelain)
    (outside / "a.txt").write_text("secret 2\n")
    assert hooks.fingerprint(top, porcelain) == first  # the file outside the tree is never read
    (top / "x.md").unlink()
    (top / "x.md").symlink_to(outside / "b.txt")
    assert hooks.fingerprint(top, porcelain) != first  # pointing elsewhere is a change


def test_a_dirty_fifo_or_device_link_is_passed_over_without_blocking(tmp_path: Path) -> None:
    top = tmp_path / "repo"
    top.mkdir()
    os.mkfifo(top / "pipe.md")
    (top / "zero.md").symlink_to("/dev/zero")
    (top / "plain.md").write_text("text\n")
    porcelain = "?? pipe.md\0?? zero.md\0?? plain.md\0"
    first = hooks.fingerprint(top, porcelain)
    (top / "plain.md").write_text("other text\n")
    assert hooks.fingerprint(top, porcelain) != first  # a regular file still counts by content


def test_a_large_dirty_file_counts_by_size_and_time(tmp_path: Path) -> None:
    top = tmp_path / "repo"
    top.mkdir()
    big = top / "big.bin"
    with open(big, "wb") as handle:
        handle.truncate(hooks.LARGE_FILE_BYTES + 1)
    porcelain = "?? big.bin\0"
    first = hooks.fingerprint(top, porcelain)
    os.utime(big, ns=(1, 1))
    assert hooks.fingerprint(top, porcelain) != first


def test_dirty_files_past_the_stops_reading_budget_count_by_size_and_time(tmp_path: Path) -> None:
    """Every dirty file up to 8 MiB was read, with no bound on them all: 600 MB of untracked
    files took about 5 s per Stop event, and gigabytes could outlast the client's hook timeout.
    Past `CONTENT_BYTES` read, a file counts by its size and time, as a large one does."""
    top = tmp_path / "repo"
    top.mkdir()
    count = hooks.CONTENT_BYTES // hooks.LARGE_FILE_BYTES + 1
    names = [f"f{i}.bin" for i in range(count)]
    for name in names:
        with open(top / name, "wb") as handle:
            handle.truncate(hooks.LARGE_FILE_BYTES)
    porcelain = "".join(f"?? {name}\0" for name in names)
    first = hooks.fingerprint(top, porcelain)
    last, stamp = top / names[-1], os.stat(top / names[-1])
    with open(last, "r+b") as handle:  # the same size and time: past the budget, unread
        handle.write(b"x")
    os.utime(last, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
    assert hooks.fingerprint(top, porcelain) == first
    os.utime(last, ns=(1, 1))
    second = hooks.fingerprint(top, porcelain)
    assert second != first
    early, stamp = top / names[0], os.stat(top / names[0])
    with open(early, "r+b") as handle:  # inside the budget: read, so counted by its content
        handle.write(b"x")
    os.utime(early, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
    assert hooks.fingerprint(top, porcelain) != second


def test_a_repository_configured_filter_never_runs_on_a_stop(tmp_path: Path, repo: Path) -> None:
    """The hook asks git which files changed; git runs a file's `clean` filter to compare it, a
    command from the repository's configuration that a read-only question must not start."""
    ran = tmp_path / "filter-ran"
    (repo / ".gitattributes").write_text("*.py filter=evil\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "attributes")
    git(repo, "config", "filter.evil.clean", f"sh -c 'echo ran >> {ran}; cat'")
    dirty(repo)
    os.utime(repo / "src.py", (1, 1))  # an old stamp: git must look at the content
    answer = stop(tmp_path, repo)
    assert answer is not None and answer["decision"] == "block"
    assert not ran.exists()
