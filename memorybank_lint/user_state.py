"""The user's own folder, outside every repository: what a repository must never be able to write.

Why: everything in a repository is hostile input, including a `.memorybank_cache/` someone
committed. Two things must come from the user instead: the key that signs every cache file (so a
cache file a repository ships is never read as one of ours) and the Stop hook's markers. They live
in `$XDG_STATE_HOME/mcp-memorybank`, else `~/.local/state/mcp-memorybank`, else (no home) in a
per-user folder of the temporary directory. A folder or key that another user could have written
is not trusted: it must belong to this user and be writable by nobody else.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import stat
import tempfile
from collections.abc import Mapping
from pathlib import Path

STATE_DIR_NAME = "mcp-memorybank"
KEY_NAME = "cache-key"
KEY_BYTES = 32
_SAFE = getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
_OPEN = os.O_RDONLY | os.O_NONBLOCK | _SAFE
_CREATE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _SAFE
_keys: dict[str, bytes | None] = {}


def _private(info: os.stat_result, kind: int) -> bool:
    """Of the right kind, this user's, and writable by no one else."""
    owner = info.st_uid == os.geteuid() if hasattr(os, "geteuid") else True
    return stat.S_IFMT(info.st_mode) == kind and owner and not info.st_mode & 0o022


def state_dir(env: Mapping[str, str]) -> Path | None:
    """The user's private state folder, made when missing; None when no candidate is private."""
    xdg = env.get("XDG_STATE_HOME", "")
    try:
        base = Path(xdg) if os.path.isabs(xdg) else Path.home() / ".local" / "state"
        candidates = [base / STATE_DIR_NAME]
    except RuntimeError:  # no home directory to be found
        candidates = []
    user = getattr(os, "getuid", lambda: "user")()
    candidates.append(Path(tempfile.gettempdir()) / f"{STATE_DIR_NAME}-{user}")
    for candidate in candidates:
        try:
            candidate.mkdir(parents=True, exist_ok=True, mode=0o700)
            if _private(os.lstat(candidate), stat.S_IFDIR) and os.access(candidate, os.W_OK):
                return candidate
        except OSError:
            continue
    return None


def cache_key(env: Mapping[str, str] | None = None) -> bytes | None:
    """This user's cache key: 32 random bytes made on first use; None when there is nowhere private.

    Read once per process and folder. Two processes making the key at once both end up with the
    one that was linked into place first.
    """
    folder = state_dir(os.environ if env is None else env)
    if folder is None:
        return None
    where = str(folder)
    if where not in _keys:
        _keys[where] = _read_key(folder) or _make_key(folder)
    return _keys[where]


def key_problem(env: Mapping[str, str] | None = None) -> str:
    """Why `cache_key` gave none, for a warning. Why name the file: when the folder is private,
    the key file is what stands in the way (a link, a copy others can read, a folder), and a
    new key is made only once the user removes it; 'no private folder' sent them elsewhere."""
    folder = state_dir(os.environ if env is None else env)
    if folder is None:
        return "no private folder of this user can keep the cache key"
    key = folder / KEY_NAME
    if os.path.lexists(key):
        return (
            f"the cache key {key} is not a file of {KEY_BYTES} bytes only this user can read "
            "(mode 0600); remove it and a new one is made"
        )
    return f"the cache key cannot be made in {folder}"


def _read_key(folder: Path) -> bytes | None:
    try:
        fd = os.open(folder / KEY_NAME, _OPEN)
    except OSError:
        return None
    try:
        info = os.fstat(fd)
        if not _private(info, stat.S_IFREG) or info.st_mode & 0o077 or info.st_size != KEY_BYTES:
            return None
        key = os.read(fd, KEY_BYTES + 1)
    except OSError:
        return None
    finally:
        os.close(fd)
    return key if len(key) == KEY_BYTES else None


def _make_key(folder: Path) -> bytes | None:
    """Write a new key beside its final name, then link it there: never a half-written key, and
    never one replacing a key another process already uses."""
    temp = folder / f".{KEY_NAME}-{secrets.token_hex(8)}"
    try:
        fd = os.open(temp, _CREATE, 0o600)
    except OSError:
        return None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(secrets.token_bytes(KEY_BYTES))
        with contextlib.suppress(FileExistsError):
            os.link(temp, folder / KEY_NAME)
    except OSError:
        return None
    finally:
        with contextlib.suppress(OSError):
            os.unlink(temp)
    return _read_key(folder)
