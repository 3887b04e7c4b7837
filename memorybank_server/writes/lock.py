"""One writer at a time per bank, across processes: an advisory `fcntl` lock on a hidden file.

Why a lock file in the bank: two agents (or an agent and the hook) may write to one bank at
once; every write re-reads what it edits while holding the lock, so no update is lost.
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

LOCK_NAME = ".memorybank.lock"


@contextmanager
def bank_lock(root: Path) -> Iterator[None]:
    """Hold the bank's write lock for the duration of the block (blocking until it is free)."""
    root.mkdir(parents=True, exist_ok=True)
    fd = os.open(root / LOCK_NAME, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)
