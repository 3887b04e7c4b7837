"""The user's state folder and the cache key in it: private, made once, shared by every process of
the user, and never taken from a place another user could have written."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from memorybank_lint.user_state import KEY_BYTES, KEY_NAME, STATE_DIR_NAME, cache_key, state_dir

PRINT_KEY = "from memorybank_lint.user_state import cache_key; k = cache_key(); print(k.hex() if k else None)"


def _key_in_child(state: Path) -> str:
    env = {**os.environ, "XDG_STATE_HOME": str(state)}
    done = subprocess.run([sys.executable, "-c", PRINT_KEY], env=env, capture_output=True, text=True)
    return done.stdout.strip()


def test_the_key_is_made_once_private_and_shared_by_every_process(tmp_path: Path) -> None:
    state = tmp_path / "state"
    key = cache_key({"XDG_STATE_HOME": str(state)})
    assert key is not None and len(key) == KEY_BYTES
    stored = state / STATE_DIR_NAME / KEY_NAME
    assert stored.read_bytes() == key
    assert stat.S_IMODE(stored.stat().st_mode) == 0o600
    assert stat.S_IMODE(stored.parent.stat().st_mode) & 0o077 == 0
    assert _key_in_child(state) == key.hex()


def test_processes_making_the_key_at_once_all_use_one(tmp_path: Path) -> None:
    state = tmp_path / "state"
    env = {**os.environ, "XDG_STATE_HOME": str(state)}
    runs = [
        subprocess.Popen([sys.executable, "-c", PRINT_KEY], env=env, stdout=subprocess.PIPE, text=True)
        for _ in range(6)
    ]
    keys = {run.communicate(timeout=60)[0].strip() for run in runs}
    assert keys == {(state / STATE_DIR_NAME / KEY_NAME).read_bytes().hex()}
    assert sorted(os.listdir(state / STATE_DIR_NAME)) == [KEY_NAME]  # no temporary file left


def _planted_link(key: Path) -> None:
    target = key.parent.parent / "elsewhere"
    target.write_bytes(b"k" * KEY_BYTES)
    key.symlink_to(target)


PLANTED = {
    "a link": _planted_link,
    "readable by others": lambda key: (key.write_bytes(b"k" * KEY_BYTES), key.chmod(0o644)),
    "too short": lambda key: (key.write_bytes(b"k" * 8), key.chmod(0o600)),
    "a folder": lambda key: key.mkdir(),
    "a FIFO": lambda key: os.mkfifo(key, 0o600),
}


@pytest.mark.parametrize("plant", PLANTED.values(), ids=PLANTED.keys())
def test_a_key_file_that_is_not_private_and_whole_is_never_used(tmp_path: Path, plant) -> None:
    folder = tmp_path / "state" / STATE_DIR_NAME
    folder.mkdir(parents=True, mode=0o700)
    plant(folder / KEY_NAME)
    assert cache_key({"XDG_STATE_HOME": str(tmp_path / "state")}) is None


def test_a_state_folder_others_can_write_is_passed_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shared = tmp_path / "state" / STATE_DIR_NAME
    shared.mkdir(parents=True)
    shared.chmod(0o777)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    chosen = state_dir({"XDG_STATE_HOME": str(tmp_path / "state")})
    assert chosen == tmp_path / "tmp" / f"{STATE_DIR_NAME}-{os.getuid()}"
    assert cache_key({"XDG_STATE_HOME": str(tmp_path / "state")}) is not None
    assert not (shared / KEY_NAME).exists()


@pytest.mark.parametrize("plant", PLANTED.values(), ids=PLANTED.keys())
def test_without_a_private_key_the_linter_runs_uncached_with_one_warning(tmp_path: Path, plant) -> None:
    """The warning names the key file and what to do: the folder is private, and 'no private
    folder' sent the user to look at the wrong thing."""
    from .conftest import CLEAN_BANK, write_bank

    root = write_bank(tmp_path / "repo" / "memory-bank", CLEAN_BANK)
    folder = tmp_path / "state" / STATE_DIR_NAME
    folder.mkdir(parents=True, mode=0o700)
    plant(folder / KEY_NAME)
    env = {**os.environ, "XDG_STATE_HOME": str(tmp_path / "state"), "MEMORYBANK_CACHE_DIR": str(tmp_path)}
    lint = [str(Path(sys.executable).with_name("memorybank-lint")), "--root", str(root)]
    plain = subprocess.run([*lint, "--no-cache"], env=env, capture_output=True, text=True, timeout=120)
    done = subprocess.run(lint, env=env, capture_output=True, text=True, timeout=120)
    assert (done.returncode, done.stdout) == (plain.returncode, plain.stdout)
    added = [line for line in done.stderr.splitlines() if line not in plain.stderr.splitlines()]
    (warning,) = added
    # named by the command that was run (it began `memorybank:`, a command nobody ran)
    assert warning.startswith(f"memorybank-lint: the cache key {folder / KEY_NAME} is not ")
    assert "remove it" in warning and warning.endswith("; running without the cache")
    assert not list(tmp_path.glob("parse-*"))


def test_without_a_private_folder_for_the_key_the_warning_says_so(tmp_path: Path) -> None:
    from .conftest import CLEAN_BANK, write_bank

    root = write_bank(tmp_path / "repo" / "memory-bank", CLEAN_BANK)
    blocked = tmp_path / "state"
    blocked.write_text("a file where the state folder goes\n")
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    (temporary / f"{STATE_DIR_NAME}-{os.getuid()}").write_text("nor a folder here\n")
    env = {
        **os.environ,
        "XDG_STATE_HOME": str(blocked),
        "TMPDIR": str(temporary),
        "MEMORYBANK_CACHE_DIR": str(tmp_path / "cache"),
    }
    done = subprocess.run(
        [str(Path(sys.executable).with_name("memorybank-lint")), "--root", str(root)],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert "memorybank-lint: no private folder of this user can keep the cache key;" in done.stderr
