"""The files beside the bank that the commands read (a configuration, a baseline) may be hostile
too: a FIFO, a link to a device, text nested past what a decoder follows, a file past any sane
size. Each is refused in one line naming the file, exit 2, without blocking and without
exhausting memory; real processes, under a time and a 2 GB address-space bound."""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from memorybank_lint import baseline, config

from .conftest import CLEAN_BANK, run_command, write_bank


def _fifo(path: Path, _: str) -> None:
    os.mkfifo(path)


def _device(path: Path, _: str) -> None:
    path.symlink_to("/dev/zero")


def _nested(path: Path, opening: str) -> None:
    path.write_text(opening + "[" * 100_000)


def _past(limit: int) -> Callable[[Path, str], None]:
    def sparse(path: Path, _: str) -> None:
        with open(path, "wb") as handle:
            handle.truncate(limit + 1)

    return sparse


def _dangling(path: Path, _: str) -> None:
    path.symlink_to(path.parent / "nowhere.toml")


CONFIG_PLANTS = {
    "a FIFO": _fifo,
    "a link to a device": _device,
    "nested too deeply": _nested,
    "past the size limit": _past(config.LIMIT),
    "a dangling link": _dangling,
}
BASELINE_PLANTS = {**CONFIG_PLANTS, "past the size limit": _past(baseline.LIMIT)}
del BASELINE_PLANTS["a dangling link"]


def _run(
    command: str, *args: str, cwd: Path, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return run_command(command, *args, cwd=cwd, env=env, timeout=60, bounded=True)


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / ".git").mkdir()  # the configuration search stops here
    write_bank(tmp_path / "memory-bank", CLEAN_BANK)
    return tmp_path


def _refused(done: subprocess.CompletedProcess[str], prefix: str, file: Path) -> None:
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    (line,) = done.stderr.splitlines()
    assert line.startswith(prefix) and str(file) in line, line


@pytest.mark.parametrize("plant", BASELINE_PLANTS.values(), ids=BASELINE_PLANTS.keys())
def test_a_hostile_baseline_file_is_refused_in_one_line(project: Path, plant) -> None:
    file = project / "baseline.json"
    plant(file, "")
    _refused(_run("memorybank-lint", "--baseline", str(file), cwd=project), "memorybank-lint: ", file)


@pytest.mark.parametrize("plant", CONFIG_PLANTS.values(), ids=CONFIG_PLANTS.keys())
def test_a_hostile_configuration_named_on_the_command_line_is_refused_in_one_line(
    project: Path, plant
) -> None:
    file = project / "settings.toml"
    plant(file, "a = ")
    _refused(_run("memorybank-lint", "--config", str(file), cwd=project), "memorybank-lint: ", file)


@pytest.mark.parametrize("name", [".memorybank.toml", "pyproject.toml"])
@pytest.mark.parametrize("plant", CONFIG_PLANTS.values(), ids=CONFIG_PLANTS.keys())
def test_a_hostile_configuration_in_the_repository_stops_both_commands_out_loud(
    project: Path, plant, name: str
) -> None:
    """Found by the search, not named: a repository's own file, so both commands must say so
    rather than pass it over as if the project had no configuration."""
    file = project / name
    plant(file, "a = ")
    _refused(_run("memorybank-lint", cwd=project), "memorybank-lint: ", file)
    _refused(_run("mcp-memorybank", "--route", "principles", cwd=project), "mcp-memorybank: ", file)


WRITE_PLANTS = {
    "a FIFO": lambda path: os.mkfifo(path),
    "a link": lambda path: path.symlink_to(path.parent / "elsewhere.json"),
    "a folder": lambda path: path.mkdir(),
}


@pytest.mark.parametrize("plant", WRITE_PLANTS.values(), ids=WRITE_PLANTS.keys())
def test_a_baseline_is_written_only_over_a_regular_file(project: Path, plant) -> None:
    """`--write-baseline` once opened a FIFO for writing and waited for a reader forever; a link
    or a folder in its place is left as it is, and nothing is written elsewhere."""
    file = project / "baseline.json"
    plant(file)
    kind = os.lstat(file).st_mode
    _refused(_run("memorybank-lint", "--write-baseline", str(file), cwd=project), "memorybank-lint: ", file)
    assert os.lstat(file).st_mode == kind
    assert not (project / "elsewhere.json").exists()
    assert sorted(p.name for p in project.iterdir()) == sorted([".git", "memory-bank", "baseline.json"])


def test_a_baseline_replaces_a_regular_file_whole_or_names_why_it_cannot(project: Path) -> None:
    file = project / "baseline.json"
    file.write_text("old")
    done = _run("memorybank-lint", "--write-baseline", str(file), cwd=project)
    assert done.returncode == 0, done.stderr
    assert json.loads(file.read_text())["findings"] == []
    missing = project / "no-such-folder" / "baseline.json"
    _refused(
        _run("memorybank-lint", "--write-baseline", str(missing), cwd=project), "memorybank-lint: ", missing
    )


LEAVING = {
    "root climbing out": ('root = "../elsewhere"', "--root"),
    "root absolute": ('root = "{outside}"', "--root"),
    "cache-dir absolute": ('cache-dir = "{outside}"', "MEMORYBANK_CACHE_DIR"),
    "cache-dir through a link": ('cache-dir = "linked"', "MEMORYBANK_CACHE_DIR"),
}


@pytest.mark.parametrize(("line", "elsewhere"), LEAVING.values(), ids=LEAVING.keys())
def test_a_configuration_cannot_point_the_commands_outside_its_repository(
    project: Path, tmp_path_factory: pytest.TempPathFactory, line: str, elsewhere: str
) -> None:
    """A cloned repository's configuration must not aim `--fix`, the governed writes or the
    cache at a folder of the user's: a bank or a cache elsewhere is named by the user."""
    outside = tmp_path_factory.mktemp("users-own")
    write_bank(outside / "memory-bank", CLEAN_BANK)
    (project / "linked").symlink_to(outside, target_is_directory=True)
    before = sorted(p.relative_to(outside) for p in outside.rglob("*"))
    config = project / ".memorybank.toml"
    config.write_text(line.format(outside=outside / "memory-bank") + "\n")
    for command in ("memorybank-lint", "mcp-memorybank"):
        args = ("--fix",) if command == "memorybank-lint" else ("--validate",)
        done = _run(command, *args, cwd=project)
        _refused(done, f"{command}: ", config)
        assert done.stderr.rstrip().endswith(f"a folder elsewhere is named with {elsewhere}")
    assert sorted(p.relative_to(outside) for p in outside.rglob("*")) == before


def test_a_configuration_may_point_anywhere_inside_its_repository(project: Path) -> None:
    """A configuration in a subfolder naming the bank one level up stays inside the repository."""
    sub = project / "backend"
    sub.mkdir()
    (sub / ".memorybank.toml").write_text('root = "../memory-bank"\ncache-dir = "../.cache/mb"\n')
    env = {k: v for k, v in os.environ.items() if k != "MEMORYBANK_CACHE_DIR"}
    done = _run("memorybank-lint", cwd=sub, env=env)
    assert done.returncode == 0, done.stderr
    shown = _run("memorybank-lint", "--show-settings", cwd=sub, env=env).stdout.splitlines()
    assert f"root: {project / 'memory-bank'}" in shown and f"cache-dir: {project / '.cache' / 'mb'}" in shown


@pytest.mark.parametrize("key", ["root", "cache-dir"])
def test_a_configured_folder_through_a_link_loop_is_answered_without_a_traceback(
    project: Path, key: str
) -> None:
    """`Path.resolve()` raises `RuntimeError` on a loop; a committed pair of links that point at
    each other must get a one-line answer, like any folder that is not there."""
    (project / "loopA").symlink_to(project / "loopB")
    (project / "loopB").symlink_to(project / "loopA")
    (project / ".memorybank.toml").write_text(f'{key} = "loopA/memory-bank"\n')
    for command in ("memorybank-lint", "mcp-memorybank"):
        done = _run(command, *(() if command == "memorybank-lint" else ("--validate",)), cwd=project)
        assert "Traceback" not in done.stderr and "RuntimeError" not in done.stderr, done.stderr
        if key == "root":
            _refused(done, f"{command}: ", project / "loopA" / "memory-bank")
        else:
            assert done.returncode == 0, done.stderr  # the bank is clean; the cache is passed over


def _tree(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


GIT_ROOTS = {
    "the .git folder": ".git",
    "a folder in it": ".git/bank",
    "another case of it": ".GIT/bank",
    "a link to it": "linked-git",
}


@pytest.mark.parametrize("where", GIT_ROOTS.values(), ids=GIT_ROOTS.keys())
def test_a_bank_root_in_the_repositorys_git_folder_is_refused_by_both_commands(
    project: Path, where: str
) -> None:
    """`root = ".git"` seeded the starter bank into `.git/` and `--create` wrote `.git/x.md`: git's
    own folder, where no commit carries the documents and a stray `config` or `HEAD` breaks the
    repository. A root that is or lies in a `.git` folder is refused in one line (exit 2), configured
    or given with `--root`, by the linter too, and nothing is written there."""
    (project / "linked-git").symlink_to(project / ".git", target_is_directory=True)
    if where.startswith(".GIT"):
        (project / ".GIT").mkdir()
    write_bank(project / ".git" / "bank", CLEAN_BANK)  # a bank already there is refused as well
    before = _tree(project / ".git")
    config = project / ".memorybank.toml"
    config.write_text(f'root = "{where}"\n')
    runs = {
        "memorybank-lint": [()],
        "mcp-memorybank": [("--init", "Demo"), ("--create", "x.md", "--purpose", "p"), ("--validate",)],
    }
    for command, calls in runs.items():
        for args in calls:
            done = _run(command, *args, cwd=project)
            _refused(done, f"{command}: ", config)
            assert ".git" in done.stderr.casefold() and "git's own folder" in done.stderr, done.stderr
    config.unlink()
    for command, args in (
        ("memorybank-lint", ("--root", where)),
        ("memorybank-lint", ("--root", where, "--show-settings")),
        ("mcp-memorybank", ("--root", where, "--init", "Demo")),
        ("mcp-memorybank", ("--root", where, "--validate")),
    ):
        done = _run(command, *args, cwd=project)
        assert done.returncode == 2 and done.stdout == "", (args, done.stdout, done.stderr)
        (line,) = done.stderr.splitlines()
        assert line.startswith(f"{command}: "), line
        linked_init = where == "linked-git" and "--init" in args  # a link is no folder to seed
        assert "git's own folder" in line or (linked_init and "is not a folder" in line), line
    assert _tree(project / ".git") == before


GIT_CACHES = {
    "a ref folder": ".git/refs/heads/mb",
    "another case of it": ".GIT/mb",
    "a link to it": "linked-git/mb",
}


@pytest.mark.parametrize("where", GIT_CACHES.values(), ids=GIT_CACHES.keys())
def test_a_cache_dir_in_the_repositorys_git_folder_is_refused_by_both_commands(
    project: Path, where: str
) -> None:
    """`cache-dir = ".git/refs/heads/mb"` wrote the cache's files among git's refs, and every git
    command then warned of a broken ref `mb/parse-….marshal`: git's own folder is refused for the
    cache as for the bank, in one line (exit 2), and nothing is written there."""
    (project / "linked-git").symlink_to(project / ".git", target_is_directory=True)
    if where.startswith(".GIT"):
        (project / ".GIT").mkdir()
    before = _tree(project / ".git")
    config = project / ".memorybank.toml"
    config.write_text(f'root = "memory-bank"\ncache-dir = "{where}"\n')
    env = {k: v for k, v in os.environ.items() if k != "MEMORYBANK_CACHE_DIR"}
    for command, args in (("memorybank-lint", ()), ("mcp-memorybank", ("--route", "model"))):
        done = _run(command, *args, cwd=project, env=env)
        _refused(done, f"{command}: ", config)
        assert "git's own folder" in done.stderr, done.stderr
    assert _tree(project / ".git") == before


def test_a_bank_in_another_hidden_folder_is_a_bank_like_any(project: Path) -> None:
    """Only git's folder is refused: a bank kept in `.github/bank` or `.memory-bank` is named
    explicitly, and its documents' own paths start with no dot."""
    (project / ".memorybank.toml").write_text('root = ".github/bank"\n')
    done = _run("mcp-memorybank", "--init", "Demo", cwd=project)
    assert done.returncode == 0, done.stderr
    assert (project / ".github" / "bank" / "README.md").is_file()
    assert _run("memorybank-lint", cwd=project).returncode == 0
