"""Shared test helpers: writing small banks to disk; and which tests a default run leaves to CI.

Tests marked `slow` (multi-process stress tests and the wheel build) are deselected on a
developer's run, which stays quick, and run under CI (`CI` set, as `.ci/run` sets it) or when a
marker expression is given (`pytest -m slow`, `pytest -m "slow or not slow"`).
"""

from __future__ import annotations

import atexit
import importlib.util
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import textwrap
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from memorybank_lint.bank import Bank
from memorybank_lint.parse_cache import TICK_NS

FIXTURE = Path(__file__).parent / "fixture_bank"

# Every run in a test, in-process or a child process, keeps its parse cache in a scratch folder of
# this test process: never beside the fixture bank in the checkout, never in the shared corpus.
# Tests about where the cache goes by default unset it for themselves.
# The key that signs cache files lives in the user's state folder: the tests use a scratch one.
# Both are removed when the process that made them ends.


def _scratch(prefix: str) -> str:
    folder = tempfile.mkdtemp(prefix=prefix)
    atexit.register(shutil.rmtree, folder, True)
    return folder


os.environ["MEMORYBANK_CACHE_DIR"] = _scratch("memorybank-test-cache-")
os.environ["XDG_STATE_HOME"] = _scratch("memorybank-test-state-")

CLEAN_BANK = {
    "dna/principles.md": """\
        ---
        title: Principles
        doc_kind: governance
        doc_function: canonical
        purpose: The root.
        status: active
        ---
        # Principles
        """,
    "dna/governance.md": """\
        ---
        title: Governance
        doc_kind: governance
        doc_function: canonical
        purpose: The rules.
        derived_from:
          - principles.md
        status: active
        ---
        # Governance

        The root document is `principles.md`.
        Every `active` non-root document must define `derived_from`.
        Cyclic dependencies are forbidden.
        """,
    "README.md": """\
        ---
        title: Bank
        doc_function: index
        purpose: Root index.
        status: draft
        ---
        - [Principles](dna/principles.md)
        - [Governance](dna/governance.md)
        - [Model](domain/model.md)
        """,
    "domain/model.md": """\
        ---
        title: Model
        doc_kind: domain
        doc_function: canonical
        purpose: The model.
        derived_from:
          - ../dna/principles.md
        status: active
        ---
        # Model
        """,
}


def write_bank(root: Path, files: dict[str, str | bytes]) -> Path:
    """Write `files` (bank path -> text, dedented, or raw bytes) under `root`; return `root`."""
    for path, content in files.items():
        target = root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            target.write_bytes(content)
        else:
            target.write_text(textwrap.dedent(content), encoding="utf-8")
    return root


def age_documents(root: Path, seconds: float = 3600) -> None:
    """Every document of `root` last modified `seconds` ago, and its change time (which no call
    can set) a clock tick behind: a cache stores only settled files (`parse_cache.is_settled`)."""
    when = time.time() - seconds
    for path in root.rglob("*.md"):
        os.utime(path, (when, when))
    past_one_tick(root)


def past_one_tick(*paths: Path) -> None:
    """Wait until each of `paths` (of a folder, everything under it) changed more than a clock
    tick ago, as a cache asks of a file it keeps."""
    files = [q for p in paths for q in ([p] if not p.is_dir() or p.is_symlink() else p.rglob("*"))]
    changed = max((p.lstat().st_ctime_ns for p in files if os.path.lexists(p)), default=0)
    while time.time_ns() <= changed + TICK_NS:
        time.sleep(TICK_NS / 1e9 / 4)


def drawn_question(data: st.DataObject, words: list[str], most: int) -> str:
    """A question of one to `most` of `words`, drawn in a hypothesis test."""
    return " ".join(data.draw(st.lists(st.sampled_from(words), min_size=1, max_size=most)))


def load_generator() -> ModuleType:
    """Import `benchmarks/generate_bank.py` by path: `benchmarks/` is scripts, not a package."""
    script = Path(__file__).resolve().parent.parent / "benchmarks" / "generate_bank.py"
    spec = importlib.util.spec_from_file_location("generate_bank", script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("generate_bank", module)
    spec.loader.exec_module(module)
    return module


def copy_of_fixture(tmp_path: Path) -> Path:
    """A copy of the hand-written fixture bank (with its deliberate violations)."""
    root = tmp_path / "memory_bank"
    shutil.copytree(FIXTURE, root)
    return root


@pytest.fixture
def fixture_copy(tmp_path: Path) -> Path:
    return copy_of_fixture(tmp_path)


def bounded_memory() -> None:
    """`preexec_fn` for a child held to 2 GB of address space: input that would make it allocate
    gigabytes fails in the child (a `MemoryError`, a traceback) instead of loading the machine."""
    resource.setrlimit(resource.RLIMIT_AS, (2 * 1024**3, 2 * 1024**3))


def run_command(
    command: str,
    *args: str,
    cwd: Path,
    env: dict[str, str] | None = None,
    timeout: float = 120,
    bounded: bool = False,
) -> subprocess.CompletedProcess[str]:
    """One of this package's installed commands as a real process, its output captured as text;
    with `bounded`, held to 2 GB of address space (`bounded_memory`)."""
    return subprocess.run(
        [str(Path(sys.executable).with_name(command)), *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        preexec_fn=bounded_memory if bounded else None,
    )


def captured(
    main: Callable[[list[str]], int], argv: list[str], capsys: pytest.CaptureFixture[str]
) -> tuple[int, str, str]:
    """Run a command's `main` in this process: its exit code, stdout and stderr."""
    code = main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.fixture
def bank_factory(tmp_path: Path) -> Callable[..., Path]:
    def make(files: dict[str, str | bytes] | None = None, name: str = "memory-bank") -> Path:
        return write_bank(tmp_path / name, CLEAN_BANK if files is None else files)

    return make


GIT_IDENTITY = {
    "GIT_AUTHOR_NAME": "Bank Test",
    "GIT_AUTHOR_EMAIL": "bank@example.com",
    "GIT_COMMITTER_NAME": "Bank Test",
    "GIT_COMMITTER_EMAIL": "bank@example.com",
    "GIT_CONFIG_GLOBAL": os.devnull,
    "GIT_CONFIG_NOSYSTEM": "1",
}


def git(repo: Path, *args: str, date: str = "2024-01-01T12:00:00+00:00") -> str:
    """Run the real git in `repo` with a fixed identity and author/committer date; return stdout."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    env |= GIT_IDENTITY | {"GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date}
    done = subprocess.run(
        ["git", "-C", str(repo), *args], env=env, capture_output=True, text=True, check=True
    )
    return done.stdout


def refreshed_bank(root: Path, files: dict[str, str | bytes]) -> Bank:
    """Write `files` under `root` and return the bank, refreshed."""
    bank = Bank(write_bank(root, files))
    bank.refresh()
    return bank


# Property-based tests (the fuzz tier, the write property): a few cases by default, 1,000 under
# HYPOTHESIS_PROFILE=ci (what every CI run affords inside its 15 minutes) and 2,000 under
# HYPOTHESIS_PROFILE=deep (a longer search, run by hand with a new --hypothesis-seed). A case is
# bounded in time by the test's own watchdog or worker, never by hypothesis's deadline (a busy
# machine must not fail a case; a hang must).
_PROPERTY_SETTINGS = {
    "deadline": None,
    "suppress_health_check": [
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.large_base_example,
    ],
    "print_blob": True,
}
settings.register_profile("default", max_examples=25, **_PROPERTY_SETTINGS)
settings.register_profile("ci", max_examples=1000, **_PROPERTY_SETTINGS)
settings.register_profile("deep", max_examples=2000, **_PROPERTY_SETTINGS)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "slow: a multi-process stress test or a build; CI runs it")
    config.addinivalue_line("markers", "long(minutes): a module that runs for minutes in CI; longest first")


def _run_slow(config: pytest.Config) -> bool:
    return bool(os.environ.get("CI")) or bool(config.getoption("markexpr", ""))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The `long` modules first, longest first, so the workers (which take whole files, in this
    order) are not left waiting on one long module started last; `slow` tests deselected
    outside CI."""

    def minutes(item: pytest.Item) -> float:
        marker = item.get_closest_marker("long")
        return -marker.args[0] if marker is not None else 0

    items.sort(key=minutes)
    if _run_slow(config):
        return
    slow = [item for item in items if item.get_closest_marker("slow")]
    if slow:
        config.hook.pytest_deselected(items=slow)
        items[:] = [item for item in items if not item.get_closest_marker("slow")]


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter, config: pytest.Config) -> None:
    if not _run_slow(config):
        terminalreporter.write_line("slow tests deselected; CI runs them (CI=true pytest, or pytest -m slow)")


def as_another_user(calls: list[Callable[[], Any]]) -> list[str]:
    """Each call's outcome, made in a child process that (when the tests run as root, who may
    remove anything) runs as an ordinary user; the code it runs is loaded already, nothing is exec'd."""
    reader, writer = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: answer through the pipe, never return into pytest
        try:
            os.close(reader)
            if os.geteuid() == 0:
                os.setgroups([])
                os.setgid(65534)
                os.setuid(65534)
            outcomes = []
            for call in calls:
                try:
                    call()
                    outcomes.append("done")
                except Exception as exc:  # every refusal kind: the test reads the words
                    outcomes.append(f"refused: {exc}")
            os.write(writer, json.dumps(outcomes).encode())
        finally:
            os._exit(0)
    os.close(writer)
    with os.fdopen(reader, "rb") as pipe:
        data = pipe.read()
    os.waitpid(pid, 0)
    return json.loads(data)


def owned_by_another_user(root: Path) -> None:
    """Hand `root` and all under it to the user `as_another_user` runs as (when the tests run as root)."""
    if os.geteuid() == 0:
        for path in [root, *root.rglob("*")]:
            os.lchown(path, 65534, 65534)
