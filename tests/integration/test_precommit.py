"""The pre-commit hook in `.pre-commit-hooks.yaml`, run for real with `pre-commit try-repo`.

Why a snapshot of the project: `try-repo` on a local path with uncommitted changes builds a
shadow commit from the *staged and tracked-modified* files only; untracked files (a new
`.pre-commit-hooks.yaml`, a new module) are left out of it. To test the files as they are on disk,
the fixture copies the project's working tree (tracked plus untracked, minus git-ignored files,
as listed by `git ls-files`) into a temporary repository, commits it and points try-repo at that.
The project root therefore has to be a git repository; if it is not, the tests fail and say so.

The user's repository names that snapshot in its `.pre-commit-config.yaml`, as a project using
the hook would, and `pre-commit run` runs it, so the hook's virtualenv is built once, in the
module's `PRE_COMMIT_HOME`, and shared; the broken-bank case goes through `try-repo` itself (which
builds an environment of its own per run), so both ways a hook is run are exercised;
xdist's `--dist loadfile` keeps the module on one worker, so they share that store in parallel
runs too.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
import yaml

PROJECT_ROOT = Path(__file__).resolve().parents[2]
HOOK_ID = "memorybank-lint"
FIX_HOOK_ID = "memorybank-lint-fix"

GIT_IDENTITY = {
    "GIT_AUTHOR_NAME": "memorybank tests",
    "GIT_AUTHOR_EMAIL": "tests@example.invalid",
    "GIT_COMMITTER_NAME": "memorybank tests",
    "GIT_COMMITTER_EMAIL": "tests@example.invalid",
}
# Variables that would point git at another repository or make pre-commit skip the hook.
UNWANTED_ENV = ("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY", "SKIP")

CLEAN_BANK = {
    "dna/principles.md": """
        ---
        title: Principles
        doc_kind: governance
        status: active
        ---
        # Principles

        Everything in this bank derives from these principles.
        """,
    "dna/governance.md": """
        ---
        title: Governance
        doc_kind: governance
        status: active
        derived_from: [principles.md]
        ---
        # Governance

        The root document is `principles.md`.
        Every `active` non-root document must define `derived_from`.
        Cyclic dependencies are forbidden.
        """,
    "README.md": """
        # Memory bank

        - [Principles](dna/principles.md)
        - [Governance](dna/governance.md)
        - [Domain](domain/README.md)
        - [Domain model](domain/model.md)
        """,
    "domain/README.md": """
        # Domain

        - [Domain model](model.md)
        """,
    "domain/model.md": """
        ---
        title: Domain model
        status: active
        derived_from: [../dna/principles.md]
        ---
        # Domain model

        The nouns of the product and how they relate.
        """,
}
BROKEN_DOC = (
    "domain/broken.md",
    """
    ---
    title: Broken
    status: active
    derived_from: [../dna/missing.md]
    ---
    # Broken

    Derived from a document that does not exist.
    """,
)


def _env(pre_commit_home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in UNWANTED_ENV}
    env.update(GIT_IDENTITY, PRE_COMMIT_HOME=str(pre_commit_home), NO_COLOR="1")
    return env


def _git(cwd: Path, *args: str, env: dict[str, str]) -> str:
    proc = subprocess.run(
        ["git", "-c", "commit.gpgsign=false", *args], cwd=cwd, env=env, capture_output=True, text=True
    )
    assert proc.returncode == 0, f"git {' '.join(args)} failed in {cwd}:\n{proc.stdout}{proc.stderr}"
    return proc.stdout


@pytest.fixture(scope="module")
def pre_commit_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("pre-commit-home")


@pytest.fixture(scope="module")
def hook_repo(tmp_path_factory: pytest.TempPathFactory, pre_commit_home: Path) -> Path:
    """A committed copy of the project's working tree, for try-repo to install the hook from."""
    env = _env(pre_commit_home)
    probe = subprocess.run(
        ["git", "rev-parse", "--show-toplevel"], cwd=PROJECT_ROOT, env=env, capture_output=True, text=True
    )
    if probe.returncode != 0 or Path(probe.stdout.strip()).resolve() != PROJECT_ROOT:
        pytest.fail(
            f"pre-commit try-repo needs the project root {PROJECT_ROOT} to be the top of a git "
            f"repository, and it is not (git rev-parse: {probe.stdout.strip() or probe.stderr.strip()})",
            pytrace=False,
        )
    listed = _git(PROJECT_ROOT, "ls-files", "-z", "--cached", "--others", "--exclude-standard", env=env)
    snapshot = tmp_path_factory.mktemp("hook-repo")
    for name in filter(None, listed.split("\0")):
        source = PROJECT_ROOT / name
        if source.is_file():  # tracked files deleted in the working tree are listed too
            target = snapshot / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
    assert (snapshot / ".pre-commit-hooks.yaml").is_file(), ".pre-commit-hooks.yaml is not in the project"
    _git(snapshot, "init", "-q", env=env)
    _git(snapshot, "add", "-A", env=env)
    _git(snapshot, "commit", "-q", "-m", "snapshot of the working tree", env=env)
    return snapshot


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")


@pytest.fixture
def user_repo(tmp_path: Path, hook_repo: Path, pre_commit_home: Path) -> Path:
    """A user's repository with a clean bank in `memory-bank/` and the hook configured, committed."""
    repo = tmp_path / "user-repo"
    env = _env(pre_commit_home)
    _git(tmp_path, "init", "-q", str(repo), env=env)
    for name, text in CLEAN_BANK.items():
        _write(repo / "memory-bank" / name, text)
    rev = _git(hook_repo, "rev-parse", "HEAD", env=env).strip()
    config = {"repos": [{"repo": str(hook_repo), "rev": rev, "hooks": [{"id": HOOK_ID}]}]}
    (repo / ".pre-commit-config.yaml").write_text(yaml.safe_dump(config), encoding="utf-8")
    _git(repo, "add", "memory-bank", ".pre-commit-config.yaml", env=env)
    _git(repo, "commit", "-q", "-m", "a clean memory bank", env=env)
    return repo


def _add_broken_doc(repo: Path, pre_commit_home: Path) -> str:
    name, text = BROKEN_DOC
    _write(repo / "memory-bank" / name, text)
    _git(repo, "add", "memory-bank", env=_env(pre_commit_home))
    return f"memory-bank/{name}"


def _bank_files(repo: Path) -> list[str]:
    return sorted(p.relative_to(repo).as_posix() for p in (repo / "memory-bank").rglob("*.md"))


def _run_hook(
    hook_repo: Path,
    user_repo: Path,
    pre_commit_home: Path,
    files: list[str] | None,
    *,
    try_repo: bool = False,
    hook: str = HOOK_ID,
) -> subprocess.CompletedProcess:
    """`pre-commit run` from the user's configuration, or `pre-commit try-repo` straight at the
    snapshot (what a hook author runs before tagging; it builds its own environment), over
    `files`, or over what the index stages when None (as on a commit)."""
    command = ["try-repo", str(hook_repo), hook] if try_repo else ["run", hook]
    chosen = ["--files", *files] if files is not None else []
    return subprocess.run(
        [sys.executable, "-m", "pre_commit", *command, *chosen],
        cwd=user_repo,
        env=_env(pre_commit_home),
        capture_output=True,
        text=True,
        timeout=600,
    )


def _hook_line(output: str, name: str = HOOK_ID) -> str:
    """pre-commit's status line for the hook, e.g. `memorybank-lint......Passed`."""
    lines = [line for line in output.splitlines() if line.startswith(name + ".")]
    assert len(lines) == 1, output
    return lines[0]


def _manifest() -> dict[str, dict]:
    hooks = yaml.safe_load((PROJECT_ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    return {hook["id"]: hook for hook in hooks}


def test_manifest_declares_the_hook() -> None:
    manifest = _manifest()
    assert set(manifest) == {HOOK_ID, FIX_HOOK_ID}
    hook = manifest[HOOK_ID]
    assert hook["entry"].split() == ["memorybank-lint", "--staged-deletions"]
    assert hook["always_run"] is True  # a commit that only deletes stages no file of the bank
    assert hook["language"] == "python"
    assert hook["require_serial"] is True
    assert hook.get("pass_filenames", True) is True
    assert "markdown" not in hook.get("types", [])


def test_manifest_declares_the_fix_hook_like_the_lint_hook() -> None:
    manifest = _manifest()
    fixer, linter = manifest[FIX_HOOK_ID], manifest[HOOK_ID]
    assert fixer["entry"].split() == ["memorybank-lint", "--fix", "--exit-zero"]
    for key in ("language", "files", "pass_filenames", "require_serial"):
        assert fixer[key] == linter[key], key


def test_files_pattern_matches_bank_markdown_at_any_depth() -> None:
    pattern = re.compile(_manifest()[HOOK_ID]["files"])
    for path in (
        "memory-bank/README.md",
        "memory_bank/dna/principles.md",
        "docs/memory-bank/domain/model.md",
        "a/b/memory_bank/x.md",
        "memory-bank/domain/nl\nx.md",  # a name git allows, which the linter names as MB002
    ):
        assert pattern.search(path), path
    for path in (
        "README.md",
        "docs/guide.md",
        "memory-bank/diagram.png",
        "memory-bank/notes.md.bak",
        "not-memory-bank/x.md",
        "memorybank/x.md",
        "memory-bank/x.md\n",  # not a document: its name does not end in .md
    ):
        assert not pattern.search(path), path


def test_clean_bank_passes(hook_repo: Path, user_repo: Path, pre_commit_home: Path) -> None:
    proc = _run_hook(hook_repo, user_repo, pre_commit_home, _bank_files(user_repo))
    output = proc.stdout + proc.stderr
    assert proc.returncode == 0, output
    assert _hook_line(output).endswith("Passed"), output


def test_broken_bank_fails_and_names_the_file(
    hook_repo: Path, user_repo: Path, pre_commit_home: Path
) -> None:
    broken = _add_broken_doc(user_repo, pre_commit_home)
    files = _bank_files(user_repo)
    assert broken in files

    proc = _run_hook(hook_repo, user_repo, pre_commit_home, files, try_repo=True)
    output = proc.stdout + proc.stderr
    assert proc.returncode == 1, output
    assert _hook_line(output).endswith("Failed"), output
    reported = [line for line in output.splitlines() if line.startswith(broken + ":")]
    assert any("MB001" in line for line in reported), output
    assert "memory-bank/domain/model.md:" not in output, output


def test_a_staged_name_holding_a_line_break_is_checked_not_passed_over(
    hook_repo: Path, user_repo: Path, pre_commit_home: Path
) -> None:
    """The hook's file pattern's `.` did not match a line break, so pre-commit never handed the
    file over and the hook passed; the linter gives such a name MB002."""
    name = "memory-bank/domain/nl\nx.md"
    _write(user_repo / name, "---\ntitle: X\n---\n# X\n")
    _git(user_repo, "add", "memory-bank", env=_env(pre_commit_home))
    proc = _run_hook(hook_repo, user_repo, pre_commit_home, [name], try_repo=True)
    output = proc.stdout + proc.stderr
    assert proc.returncode == 1 and _hook_line(output).endswith("Failed"), output
    assert "memory-bank/domain/nl\\nx.md:1:1: MB002" in output, output


def test_only_the_given_files_are_reported(hook_repo: Path, user_repo: Path, pre_commit_home: Path) -> None:
    """The whole bank is indexed, but a broken document that was not passed is not reported."""
    broken = _add_broken_doc(user_repo, pre_commit_home)

    proc = _run_hook(hook_repo, user_repo, pre_commit_home, ["memory-bank/domain/model.md"])
    output = proc.stdout + proc.stderr
    assert proc.returncode == 0, output
    assert _hook_line(output).endswith("Passed"), output
    assert broken not in output
    assert "MB001" not in output


@pytest.mark.parametrize("kept_on_disk", [False, True], ids=["git rm", "git rm --cached"])
def test_a_commit_that_only_deletes_a_document_others_name_fails(
    hook_repo: Path, user_repo: Path, pre_commit_home: Path, kept_on_disk: bool
) -> None:
    """pre-commit hands a hook no file for a deletion; the hook asks git what the commit deletes
    and reports the documents that name it, which CI, reading the whole bank, would fail. With
    `--cached` the file stays on disk (pre-commit leaves it there) and the commit still drops it."""
    env = _env(pre_commit_home)
    cached = ["--cached"] if kept_on_disk else []
    _git(user_repo, "rm", "-q", *cached, "memory-bank/dna/principles.md", env=env)
    assert (user_repo / "memory-bank/dna/principles.md").exists() == kept_on_disk
    proc = _run_hook(hook_repo, user_repo, pre_commit_home, None)  # what the commit stages
    output = proc.stdout + proc.stderr
    assert proc.returncode == 1 and _hook_line(output).endswith("Failed"), output
    assert "memory-bank/domain/model.md:4:" in output and "MB001" in output, output
    assert "memory-bank/README.md:3:3: MB007" in output, output


def test_git_commit_all_deleting_a_named_document_is_stopped(
    hook_repo: Path, user_repo: Path, pre_commit_home: Path
) -> None:
    """`git commit -a` stages into a temporary index it hands the hook in `GIT_INDEX_FILE`; the
    repository's own index still holds the deleted file, so reading that one let the commit in."""
    env = _env(pre_commit_home)
    subprocess.run(
        [sys.executable, "-m", "pre_commit", "install"],
        cwd=user_repo,
        env=env,
        check=True,
        capture_output=True,
    )
    (user_repo / "memory-bank" / "dna" / "principles.md").unlink()
    proc = subprocess.run(
        ["git", "-c", "commit.gpgsign=false", "commit", "-a", "-m", "drop the principles"],
        cwd=user_repo,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    output = proc.stdout + proc.stderr
    assert proc.returncode != 0 and _hook_line(output).endswith("Failed"), output
    assert "memory-bank/domain/model.md:4:" in output and "MB001" in output, output
    assert "memory-bank/dna/principles.md" in _git(user_repo, "ls-tree", "-r", "--name-only", "HEAD", env=env)


def test_a_commit_outside_the_bank_passes(hook_repo: Path, user_repo: Path, pre_commit_home: Path) -> None:
    """The hook runs on every commit (`always_run`); one staging nothing of the bank passes,
    though the bank holds a broken document committed earlier."""
    env = _env(pre_commit_home)
    _add_broken_doc(user_repo, pre_commit_home)
    _git(user_repo, "commit", "-q", "--no-verify", "-m", "broken", env=env)
    (user_repo / "notes.txt").write_text("notes\n", encoding="utf-8")
    _git(user_repo, "add", "notes.txt", env=env)
    proc = _run_hook(hook_repo, user_repo, pre_commit_home, None)  # what the commit stages
    output = proc.stdout + proc.stderr
    assert proc.returncode == 0 and _hook_line(output).endswith("Passed"), output


def test_a_folder_named_memory_bank_inside_the_bank_is_one_of_its_folders(
    hook_repo: Path, user_repo: Path, pre_commit_home: Path
) -> None:
    """A bank may hold a folder named `memory-bank` (the documents of a feature about the bank
    itself). Its staged document was judged as a bank of its own, one with no dna/: an active
    document with no derived_from passed the hook that CI, reading the whole bank, fails; staged
    beside another document of the bank, the commit was refused as touching two banks."""
    env = _env(pre_commit_home)
    nested = "memory-bank/domain/memory-bank/overview.md"
    _write(user_repo / nested, "---\ntitle: Overview\nstatus: active\n---\n# Overview\n")
    readme = user_repo / "memory-bank" / "domain" / "README.md"
    readme.write_text(
        readme.read_text(encoding="utf-8") + "- [Overview](memory-bank/overview.md)\n", encoding="utf-8"
    )
    _git(user_repo, "add", "memory-bank", env=env)

    for staged in ([nested], [nested, "memory-bank/domain/README.md"]):
        proc = _run_hook(hook_repo, user_repo, pre_commit_home, staged)
        output = proc.stdout + proc.stderr
        assert proc.returncode == 1 and _hook_line(output).endswith("Failed"), output
        assert f"{nested}:3:1: MB005" in output, output
        assert "several banks" not in output and "MB012" not in output, output


UNQUOTED = (
    "domain/retry.md",
    """
    ---
    title: Retry layer
    status: active
    purpose: Defines the retry layer: backoff and jitter.
    derived_from: [../dna/principles.md]
    ---
    # Retry layer
    """,
)


def test_the_fix_hook_fixes_the_staged_file_fails_once_and_then_passes(
    hook_repo: Path, user_repo: Path, pre_commit_home: Path
) -> None:
    env = _env(pre_commit_home)
    name, text = UNQUOTED
    _write(user_repo / "memory-bank" / name, text)
    readme = user_repo / "memory-bank" / "domain" / "README.md"
    readme.write_text(readme.read_text(encoding="utf-8") + "- [Retry layer](retry.md)\n", encoding="utf-8")
    _git(user_repo, "add", "memory-bank", env=env)
    staged = f"memory-bank/{name}"

    proc = _run_hook(hook_repo, user_repo, pre_commit_home, [staged], try_repo=True, hook=FIX_HOOK_ID)
    output = proc.stdout + proc.stderr
    assert proc.returncode == 1, output
    assert _hook_line(output, "memorybank-lint --fix").endswith("Failed"), output
    assert "files were modified by this hook" in output, output
    fixed = (user_repo / staged).read_text(encoding="utf-8")
    assert "purpose: 'Defines the retry layer: backoff and jitter.'\n" in fixed

    _git(user_repo, "add", staged, env=env)
    config = yaml.safe_load((user_repo / ".pre-commit-config.yaml").read_text(encoding="utf-8"))
    config["repos"][0]["hooks"].append({"id": FIX_HOOK_ID})
    (user_repo / ".pre-commit-config.yaml").write_text(yaml.safe_dump(config), encoding="utf-8")
    again = _run_hook(hook_repo, user_repo, pre_commit_home, [staged], hook=FIX_HOOK_ID)
    assert again.returncode == 0, again.stdout + again.stderr
    assert _hook_line(again.stdout + again.stderr, "memorybank-lint --fix").endswith("Passed")
    assert (user_repo / staged).read_text(encoding="utf-8") == fixed
