"""Both commands and the cache folder, as real processes: where it goes, how it is bypassed, and
that a hostile, unwritable or contended folder never blocks a run, never changes a finding and
costs one warning at most."""

from __future__ import annotations

import ctypes
import functools
import hmac
import json
import os
import resource
import subprocess
import sys
import time
import zlib
from pathlib import Path

import pytest

from memorybank_lint.bank import Bank
from memorybank_lint.cachedir import ENV, MAGIC, MAX_BYTES

from .conftest import CLEAN_BANK, run_command, write_bank

BIN = Path(sys.executable).parent
FILES = {
    **CLEAN_BANK,
    "domain/broken.md": "---\ntitle: Broken\nderived_from:\n  - nowhere.md\n---\n# Broken\n",
}


def _run(
    command: str,
    *args: str,
    cwd: Path,
    cache: Path | None = None,
    timeout: float = 120,
    bounded: bool = False,
) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != ENV}
    if cache is not None:
        env[ENV] = str(cache)
    return run_command(command, *args, cwd=cwd, env=env, timeout=timeout, bounded=bounded)


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A repository folder with an aged bank (its entries may be stored) and no configuration."""
    (tmp_path / "repo").mkdir()
    root = write_bank(tmp_path / "repo" / "memory-bank", FILES)
    old = time.time() - 3600
    for path in root.rglob("*.md"):
        os.utime(path, (old, old))
    return tmp_path / "repo"


def _findings(done: subprocess.CompletedProcess[str]) -> list[dict]:
    assert done.returncode == 1, done.stderr
    return json.loads(done.stdout)


def _hits(root: Path, cache: Path) -> int:
    bank = Bank(root, cache=cache)
    bank.refresh()
    return bank.cache.hits


def _added_lines(
    done: subprocess.CompletedProcess[str], plain: subprocess.CompletedProcess[str]
) -> list[str]:
    """What `done` said on stderr beyond what the uncached run `plain` said (its closing line)."""
    return [line for line in done.stderr.splitlines() if line not in plain.stderr.splitlines()]


def test_by_default_the_cache_sits_beside_the_bank_and_git_ignores_it(project: Path) -> None:
    uncached = _run("memorybank-lint", "--format", "json", "--no-cache", cwd=project)
    plain = _findings(uncached)
    assert not (project / ".memorybank_cache").exists()
    first = _run("memorybank-lint", "--format", "json", cwd=project)
    assert _findings(first) == plain and first.stderr == uncached.stderr  # no warning about the cache
    folder = project / ".memorybank_cache"
    assert (folder / ".gitignore").read_text().splitlines()[-1] == "*"
    assert _hits(project / "memory-bank", folder) == len(FILES)
    assert _findings(_run("memorybank-lint", "--format", "json", cwd=project)) == plain


def test_the_cache_sits_beside_the_configuration_or_where_cache_dir_says(project: Path) -> None:
    (project / ".memorybank.toml").write_text('root = "memory-bank"\n')
    _run("memorybank-lint", cwd=project / "memory-bank" / "dna")
    assert (project / ".memorybank_cache").is_dir()
    (project / ".memorybank.toml").write_text('root = "memory-bank"\ncache-dir = "build/mb-cache"\n')
    done = _run("memorybank-lint", "--show-settings", cwd=project)
    assert f"cache-dir: {project / 'build' / 'mb-cache'}" in done.stdout.splitlines()
    _run("memorybank-lint", cwd=project)
    assert _hits(project / "memory-bank", project / "build" / "mb-cache") == len(FILES)
    moved = _run("mcp-memorybank", "--show-settings", "--json", cwd=project, cache=project / "elsewhere")
    assert json.loads(moved.stdout)["cacheDir"] == str(project / "elsewhere")


@pytest.mark.parametrize("value", ["3", "''", "true", '["a"]'])
def test_a_cache_dir_of_the_wrong_type_is_a_configuration_error(project: Path, value: str) -> None:
    (project / ".memorybank.toml").write_text(f"cache-dir = {value}\n")
    done = _run("memorybank-lint", cwd=project)
    assert done.returncode == 2
    assert "cache-dir must be a folder path as a string" in done.stderr


def test_no_cache_leaves_the_folder_untouched_for_both_commands(project: Path) -> None:
    for command, args in (("memorybank-lint", ()), ("mcp-memorybank", ("--route", "domain model"))):
        done = _run(command, "--no-cache", *args, cwd=project)
        assert done.returncode in (0, 1), done.stderr
        assert not (project / ".memorybank_cache").exists()


def test_route_and_validate_answer_the_same_with_and_without_the_cache(project: Path) -> None:
    for args in (("--route", "what is the domain model", "--json"), ("--validate", "--json")):
        plain = _run("mcp-memorybank", "--no-cache", *args, cwd=project)
        filled = _run("mcp-memorybank", *args, cwd=project)
        warm = _run("mcp-memorybank", *args, cwd=project)
        assert plain.stdout == filled.stdout == warm.stdout and plain.stdout
        assert warm.stderr == ""


def test_a_cache_folder_that_is_a_link_is_not_followed(project: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (project / ".memorybank_cache").symlink_to(elsewhere, target_is_directory=True)
    uncached = _run("memorybank-lint", "--format", "json", "--no-cache", cwd=project)
    done = _run("memorybank-lint", "--format", "json", cwd=project)
    assert _findings(done) == _findings(uncached)
    assert list(elsewhere.iterdir()) == []
    (warning,) = _added_lines(done, uncached)
    assert "symbolic link" in warning


def test_a_file_in_place_of_the_cache_folder_is_named_as_one(project: Path) -> None:
    (project / ".memorybank_cache").write_text("not a folder\n", encoding="utf-8")
    uncached = _run("memorybank-lint", "--format", "json", "--no-cache", cwd=project)
    done = _run("memorybank-lint", "--format", "json", cwd=project)
    assert _findings(done) == _findings(uncached)
    (warning,) = _added_lines(done, uncached)
    assert "is not a folder" in warning and "symbolic link" not in warning


def test_a_fifo_in_place_of_the_cache_file_neither_blocks_nor_changes_a_finding(project: Path) -> None:
    plain = _findings(_run("memorybank-lint", "--format", "json", cwd=project))
    (cache_file,) = (project / ".memorybank_cache").glob("parse-*")
    cache_file.unlink()
    os.mkfifo(cache_file)
    done = _run("memorybank-lint", "--format", "json", cwd=project, timeout=60)
    assert _findings(done) == plain
    assert cache_file.is_file()  # the FIFO was replaced by a cache, never opened for writing


@pytest.mark.parametrize("command", ["memorybank-lint", "mcp-memorybank"])
def test_a_folder_in_place_of_the_cache_gitignore_costs_one_warning(project: Path, command: str) -> None:
    """A repository can commit `.memorybank_cache/.gitignore/` as a folder: the cache is then not
    the cache's own, and the run goes on without it instead of failing on `Is a directory`."""
    args = ("--format", "json") if command == "memorybank-lint" else ("--validate", "--json")
    (project / ".memorybank_cache" / ".gitignore").mkdir(parents=True)
    (project / ".memorybank_cache" / ".gitignore" / "keep").write_text("x\n", encoding="utf-8")
    uncached = _run(command, *args, "--no-cache", cwd=project)
    done = _run(command, *args, cwd=project)
    assert (done.returncode, done.stdout) == (uncached.returncode, uncached.stdout), done.stderr
    (warning,) = _added_lines(done, uncached)
    assert "holds files of its own" in warning and "running without the cache" in warning


def test_an_unwritable_cache_folder_costs_one_warning(project: Path, tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    uncached = _run("memorybank-lint", "--format", "json", "--no-cache", cwd=project)
    done = _run("memorybank-lint", "--format", "json", cwd=project, cache=blocker / "cache")
    assert _findings(done) == _findings(uncached)
    (warning,) = _added_lines(done, uncached)
    assert "running without the cache" in warning


def test_linters_writing_the_cache_at_once_leave_a_valid_cache(project: Path, tmp_path: Path) -> None:
    cache = tmp_path / "shared-cache"
    uncached = _run("memorybank-lint", "--format", "json", "--no-cache", cwd=project)
    env = {**os.environ, ENV: str(cache)}
    command = [str(BIN / "memorybank-lint"), "--format", "json"]
    runs = [
        subprocess.Popen(command, cwd=project, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        for _ in range(4)
    ]
    outputs = [run.communicate(timeout=120) for run in runs]
    assert {out for out, _ in outputs} == {outputs[0][0]} and all(
        err.decode() == uncached.stderr for _, err in outputs
    )
    assert [p.name for p in cache.iterdir() if p.name.startswith(".tmp-")] == []
    assert _hits(project / "memory-bank", cache) == len(FILES)
    assert (
        _run("memorybank-lint", "--format", "json", cwd=project, cache=cache).stdout == outputs[0][0].decode()
    )


def _framed(magic: bytes, payload: bytes, seal: bytes) -> bytes:
    return magic + len(payload).to_bytes(4, "little") + seal + payload


# Five bytes of `marshal` that declare a tuple of 2**31 - 1 items: decoding them asks for 16 GB.
HUGE_TUPLE = b"(" + (2**31 - 1).to_bytes(4, "little")
PLANTED = {
    # The framing this cache used before its files were signed: a checksum anyone can compute.
    "checksummed": _framed(b"MBC1", HUGE_TUPLE, zlib.crc32(HUGE_TUPLE).to_bytes(4, "little")),
    "signed by another key": _framed(MAGIC, HUGE_TUPLE, hmac.new(b"k" * 32, HUGE_TUPLE, "sha256").digest()),
}


@pytest.mark.parametrize("planted", PLANTED.values(), ids=PLANTED.keys())
def test_a_cache_file_this_user_did_not_sign_is_refused_unread(project: Path, planted: bytes) -> None:
    """A repository can commit `.memorybank_cache/`: its files are never decoded, so a payload that
    would exhaust memory in the decoder costs nothing (run with 2 GB of address space)."""
    plain = _findings(_run("memorybank-lint", "--format", "json", cwd=project))
    for cache_file in (project / ".memorybank_cache").glob("parse-*"):
        cache_file.write_bytes(planted)
    done = _run("memorybank-lint", "--format", "json", cwd=project, bounded=True)
    assert "Traceback" not in done.stderr
    assert _findings(done) == plain
    assert _hits(project / "memory-bank", project / ".memorybank_cache") == len(FILES)  # rewritten, signed


def test_a_planted_cache_file_of_gigabytes_is_refused_by_its_header(project: Path) -> None:
    """A repository can commit a cache file of nearly 2 GB (zeros pack small): it is refused by
    its first bytes, never read whole, so it neither slows a run nor exhausts its memory (run
    with 2 GB of address space)."""
    plain = _findings(_run("memorybank-lint", "--format", "json", cwd=project))
    (cache_file,) = (project / ".memorybank_cache").glob("parse-*")
    with cache_file.open("wb") as handle:
        handle.write(MAGIC)
        handle.truncate(MAX_BYTES)  # sparse: costs no disk
    done = _run("memorybank-lint", "--format", "json", cwd=project, bounded=True)
    assert "Traceback" not in done.stderr
    assert _findings(done) == plain
    assert cache_file.stat().st_size < MAX_BYTES  # rewritten, signed


def _few_descriptors(limit: int) -> None:
    """`preexec_fn` for a child allowed `limit` open descriptors at once."""
    resource.setrlimit(resource.RLIMIT_NOFILE, (limit, limit))


# Per command: its arguments, and what in a starved run's output shows a read was refused.
STARVED = {
    "memorybank-lint": (("--format", "json"), lambda out, plain: "Too many open files); not parsed" in out),
    "mcp-memorybank": (("--search", "domain model", "--json"), lambda out, plain: out != plain),
}


@pytest.mark.parametrize("command", STARVED)
def test_a_document_the_system_refused_to_read_is_read_again_by_the_next_run(
    project: Path, tmp_path: Path, command: str
) -> None:
    """A read that failed for a reason of the moment (out of descriptors, an I/O error of a
    network mount) says nothing about the file: neither the parse cache nor the indexes keep it,
    so the run after a starved one answers as a run without the cache does, not 'cannot be read'
    (or a document with no text) for ever."""
    args, refused = STARVED[command]
    uncached = _run(command, *args, "--no-cache", cwd=project)
    env = {k: v for k, v in os.environ.items() if k != ENV}
    starved = None
    for limit in range(4, 64):  # the fewest descriptors with which the walk lists but reads fail
        cache = tmp_path / f"cache-{limit}"
        done = subprocess.run(
            [str(BIN / command), *args],
            cwd=project,
            env={**env, ENV: str(cache)},
            capture_output=True,
            text=True,
            timeout=120,
            preexec_fn=functools.partial(_few_descriptors, limit),
        )
        if done.returncode == uncached.returncode and refused(done.stdout, uncached.stdout):
            starved = cache
            break
    assert starved is not None, "no descriptor limit starved the reads alone"
    warm = _run(command, *args, cwd=project, cache=starved)
    assert (warm.returncode, warm.stdout) == (uncached.returncode, uncached.stdout)


def _without_reading_rights() -> None:
    """`preexec_fn` for a child that may not read what its mode forbids its owner: root keeps the
    right (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH) unless it is dropped from the bounding set."""
    if os.geteuid() != 0:
        return
    libc = ctypes.CDLL(None, use_errno=True)
    for capability in (1, 2):  # CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH
        if libc.prctl(24, capability, 0, 0, 0) != 0:  # PR_CAPBSET_DROP
            raise OSError(ctypes.get_errno(), "cannot drop the right to read any file")


# Per command: the question, and the indexes it builds (`--route` reads bodies too).
ASKED = {"--route": ("governance rules", ["body", "route"]), "--search": ("governance", ["body"])}


@pytest.mark.parametrize("option", ASKED)
def test_a_document_that_can_never_be_read_does_not_rewrite_the_kept_indexes_every_run(
    project: Path, tmp_path: Path, option: str
) -> None:
    """A document no run may read (mode 0: a file another user owns) is indexed again by every
    process that restores the kept indexes, as no stamp of it is kept; it must not count toward
    writing new ones, or every one-shot `--route` or `--search` in a bank of fewer than 40
    documents rewrote both snapshot files (new files each run) and redid the work."""
    secret = project / "memory-bank" / "domain" / "secret.md"
    secret.write_text("---\ntitle: Secret\n---\n# Secret\n\nThe governance of keys.\n")
    old = time.time() - 3600
    os.utime(secret, (old, old))
    secret.chmod(0)
    question, built = ASKED[option]
    cache = tmp_path / "cache"
    env = {k: v for k, v in os.environ.items() if k != ENV}

    def run(command: str, *args: str) -> subprocess.CompletedProcess[str]:
        try:
            return subprocess.run(
                [str(BIN / command), *args],
                cwd=project,
                env={**env, ENV: str(cache)},
                capture_output=True,
                text=True,
                timeout=120,
                preexec_fn=_without_reading_rights,
            )
        except subprocess.SubprocessError as exc:
            pytest.skip(f"cannot run without the right to read any file: {exc}")

    linted = run("memorybank-lint", "--no-cache")
    assert (
        "secret.md:1:1: MB002 [invalid-frontmatter] the file was not indexed: file cannot be read (Per"
        in linted.stdout
    )
    uncached = run("mcp-memorybank", option, question, "--json", "--no-cache")
    runs, kept = [], []
    for _ in range(3):
        done = run("mcp-memorybank", option, question, "--json")
        runs.append((done.returncode, done.stdout))
        files = {p.name.split("-")[0]: p.stat() for p in cache.glob("*-*.marshal")}
        kept.append(
            {kind: (found.st_ino, found.st_ctime_ns) for kind, found in files.items() if kind != "parse"}
        )
    assert runs == [(uncached.returncode, uncached.stdout)] * 3
    assert sorted(kept[0]) == built  # the first run, starting from none, kept its indexes
    assert kept == [kept[0]] * 3  # and no later run wrote them again (a new file, or one renamed in)
