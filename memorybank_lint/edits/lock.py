"""One writer at a time per bank, across processes: an advisory `flock` on the bank folder itself.

Why the folder and not a lock file: a lock file has to live somewhere. In the bank it is committed
by the next `git add -A` (and a planted symlink at its name made every write create a file
wherever the link pointed); in `.git/` it depends on finding the repository (worktrees, submodules,
no repository at all). The folder is already there, is never a link (the bank's root is resolved),
and locking it creates nothing: `git status` after a write shows only the documents that changed,
and a refused write leaves the disk exactly as it found it.

Every write re-reads what it edits while holding the lock, so no update is lost. A process killed
while holding it releases it with its last descriptor. `flock` on a folder works on local file
systems (Linux, macOS); where it does not (some network mounts), writes are refused by name.
"""

from __future__ import annotations

import fcntl
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from .errors import Refused

WAIT_SECONDS = 60


@contextmanager
def bank_lock(root: Path) -> Iterator[None]:
    """Hold the bank's write lock for the duration of the block (waiting up to `WAIT_SECONDS`)."""
    try:
        fd = os.open(root, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC)
    except FileNotFoundError as exc:
        raise Refused(f"there is no bank at {root}; create it with bank_init first") from exc
    except OSError as exc:
        raise Refused(f"the bank folder {root} cannot be opened: {exc.strerror}") from exc
    try:
        _acquire(fd, root)
        try:
            yield
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)


def _acquire(fd: int, root: Path) -> None:
    """Take the lock, waiting at most `WAIT_SECONDS`.

    Why a bound: any process that can read the bank's folder can lock it, and a writer waiting on
    one that never lets go would hang silently; another writer's turn lasts well under a second.
    """
    deadline, pause = time.monotonic() + WAIT_SECONDS, 0.001
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            if time.monotonic() >= deadline:
                raise Refused(
                    f"the bank folder {root} stayed locked by another writer for {WAIT_SECONDS} "
                    "seconds; nothing was written"
                ) from None
            time.sleep(pause)
            pause = min(pause * 2, 0.05)
        except OSError as exc:
            raise Refused(
                f"the bank folder {root} cannot be locked against other writers ({exc.strerror}); "
                "nothing was written"
            ) from exc
