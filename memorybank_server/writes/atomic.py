"""Atomic file writes: a reader sees the old file or the new one, never a torn one.

Why a temp file in the same directory: `os.replace` is atomic only within one filesystem, and
the fsync before it makes sure the new bytes are on disk before the name points at them.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from ..errors import ToolInputError


class UnsafePath(ToolInputError):
    """The target cannot be written safely (a symlink, or a path that leaves the bank)."""


def ensure_directory(root: Path, relative: str) -> Path:
    """Create `root/relative` component by component, refusing any component that is a symlink."""
    current = root
    for part in [p for p in relative.split("/") if p]:
        if part in (".", ".."):
            raise UnsafePath(f"'{relative}' must stay inside the bank")
        current = current / part
        if current.is_symlink():
            raise UnsafePath(f"'{current}' is a symbolic link; writes never follow links")
        if not current.exists():
            current.mkdir()
        elif not current.is_dir():
            raise UnsafePath(f"'{current}' exists and is not a directory")
    return current


def _sweep_orphans(path: Path) -> None:
    """Remove temporary files a killed writer left in this folder (their process no longer exists)."""
    for stale in path.parent.glob(".*.tmp"):
        parts = stale.name.rsplit(".", 3)
        if len(parts) != 4 or not parts[1].isdigit():
            continue
        try:
            os.kill(int(parts[1]), 0)
        except ProcessLookupError:
            with contextlib.suppress(OSError):
                stale.unlink()
        except (PermissionError, OverflowError):
            continue


def _temp_beside(path: Path) -> Path:
    _sweep_orphans(path)
    for attempt in range(100):
        candidate = path.with_name(f".{path.name}.{os.getpid()}.{attempt}.tmp")
        try:
            fd = os.open(candidate, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        except FileExistsError:
            continue
        os.close(fd)
        return candidate
    raise OSError(f"cannot create a temporary file beside {path}")


def write_atomic(path: Path, data: bytes, *, exclusive: bool = False) -> None:
    """Write `data` to `path` atomically; with `exclusive`, fail if `path` already exists."""
    if path.is_symlink():
        raise UnsafePath(f"'{path}' is a symbolic link; writes never follow links")
    temp = _temp_beside(path)
    try:
        with open(temp, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        if exclusive:
            os.link(temp, path)
            os.unlink(temp)
        else:
            os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temp)
        raise
    _sync_directory(path.parent)


def _sync_directory(directory: Path) -> None:
    with contextlib.suppress(OSError):
        fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
