"""A multi-file write that lands whole or not at all, even if its process is killed half-way.

Why: creating a document means writing it and patching its index; promoting means writing the
destination, patching an index and removing the note. Everything is rendered in memory first;
then the files are staged and committed through the bank's journal (`journal.py`): a crash
before the commit point leaves the old state, a crash after it is finished by the next write.
A file edited since it was read is refused by name; a folder the write made is removed again
if the write does not happen.
"""

from __future__ import annotations

import contextlib
import errno
import os
import posixpath
import stat
from dataclasses import dataclass, field
from pathlib import Path

from ..bank import DEFAULT_MAX_BYTES
from .atomic import (
    UnsafePath,
    kept_mode,
    missing_directories,
    read_regular,
    stage,
    sync_directory,
    temp_name,
    write_atomic,
)
from .errors import Refused
from .journal import COMMITTED, PENDING, Journal, Step
from .text import digest

MAX_FILE_BYTES = 1 << 30  # far above any document the bank indexes; a bound, not a policy


@dataclass
class _Write:
    path: str
    data: bytes
    create: bool
    expected: str | None


@dataclass
class Transaction:
    """The files one write changes; `limit` is the size past which the bank no longer reads one.

    Staging checks the size at once, so a dry run that never commits is refused the same way.
    """

    root: Path
    limit: int = DEFAULT_MAX_BYTES
    writes: list[_Write] = field(default_factory=list)
    removals: list[tuple[str, str | None]] = field(default_factory=list)

    def _fits(self, path: str, data: bytes) -> None:
        if len(data) > self.limit:
            raise Refused(
                f"'{path}' would be {len(data)} bytes, over the {self.limit}-byte limit past which the bank "
                "no longer reads a document; nothing was written"
            )

    def create(self, path: str, data: bytes) -> None:
        """A new file; committing fails if anything exists there by then."""
        self._fits(path, data)
        self.writes.append(_Write(path, data, True, None))

    def replace(self, path: str, data: bytes, expected_digest: str | None) -> None:
        """Replace a file read earlier; refused if its bytes no longer hash to `expected_digest`."""
        self._fits(path, data)
        self.writes.append(_Write(path, data, False, expected_digest))

    def remove(self, path: str, expected_digest: str | None) -> None:
        self.removals.append((path, expected_digest))

    def _check(self, path: str, expected: str | None) -> bytes | None:
        try:
            current = read_regular(path, MAX_FILE_BYTES, beneath=self.root)
        except FileNotFoundError:
            current = None
        except OSError as exc:
            raise Refused(f"'{path}' cannot be rewritten: it {exc.strerror}") from exc
        if expected is not None and (current is None or digest(current) != expected):
            raise Refused(
                f"'{path}' changed on disk since it was read; nothing was written. Read it again and retry"
            )
        return current

    def _plan(self) -> tuple[Journal, dict[str, bytes | None]]:
        """Check every precondition and name every step, touching nothing."""
        before: dict[str, bytes | None] = {}
        steps: list[Step] = []
        made: list[str] = []
        receiving: list[tuple[str, Path]] = []  # each write and the folder it lands in
        for write in self.writes:
            if write.create:
                if os.path.lexists(self.root / write.path):
                    raise Refused(
                        f"'{write.path}' was created by another writer a moment ago; refusing to overwrite it"
                    )
                before[write.path] = None
            else:
                before[write.path] = self._check(write.path, write.expected)
            folder = posixpath.dirname(write.path)
            receiving.append((write.path, self.root / folder))
            for directory in missing_directories(self.root, folder):
                name = directory.relative_to(self.root).as_posix()
                if name not in made:
                    made.append(name)
            temp = posixpath.join(folder, temp_name())
            old = before[write.path]
            steps.append(Step(write.path, temp, None if old is None else digest(old), digest(write.data)))
        for path, expected in self.removals:
            current = self._check(path, expected)
            if current is not None:
                self._removable(path)
                steps.append(Step(path, None, digest(current), None))
        for path, folder in receiving:  # after the removals: a note that cannot go is named first
            self._writable(path, folder)
        return Journal(self.root, steps, made), before

    def _writable(self, path: str, folder: Path) -> None:
        """Refuse now a write whose folder (or, where folders are still to be made, the nearest one
        that exists) will not take a new entry: the commit would refuse it at staging, and a dry
        run must answer the same."""
        while not os.path.lexists(folder) and folder != folder.parent:
            folder = folder.parent
        if not os.access(folder, os.W_OK | os.X_OK, effective_ids=True):
            inside = folder == self.root or self.root in folder.parents
            shown = (folder.relative_to(self.root).as_posix() or ".") if inside else str(folder)
            raise Refused(
                f"the file system refused writing '{path}' in '{shown}' (Permission denied); "
                "nothing was written"
            )

    def _removable(self, path: str) -> None:
        """Refuse now a removal the folder will not allow (read-only, or another user's file in a
        sticky folder): past the commit point a failed removal would leave the write half done."""
        folder = (self.root / path).parent
        try:
            info, owner = os.stat(folder), os.lstat(self.root / path).st_uid
        except OSError as exc:
            raise Refused(f"'{path}' cannot be removed: it {exc.strerror}; nothing was written") from exc
        user = os.geteuid()
        sticky = info.st_mode & stat.S_ISVTX and user not in (0, owner, info.st_uid)
        if sticky or not os.access(folder, os.W_OK | os.X_OK, effective_ids=True):
            raise Refused(
                f"'{path}' cannot be removed: its folder does not allow it (permission denied); "
                "nothing was written"
            )

    def check(self) -> None:
        """Every precondition `commit` checks, touching nothing: what a dry run must refuse too."""
        self._plan()

    def commit(self) -> None:
        """Stage every file, pass the commit point, move them into place; or leave no trace."""
        journal, before = self._plan()
        journal.begin()
        try:
            for directory in journal.made:
                (self.root / directory).mkdir()
            for write, step in zip(self.writes, journal.steps, strict=False):
                assert step.temp is not None
                try:  # folder by folder from the root: a folder swapped for a link is not followed
                    kept = None if write.create else kept_mode(self.root / write.path)
                    stage(step.temp, write.data, beneath=self.root, mode=kept)
                except OSError as exc:
                    if exc.errno == errno.ELOOP:
                        raise UnsafePath(
                            f"'{write.path}' now goes through a symbolic link; writes never follow links"
                        ) from exc
                    folder = posixpath.dirname(write.path) or "."
                    raise Refused(
                        f"the file system refused writing '{write.path}' in '{folder}' "
                        f"({exc.strerror or exc}); nothing was written"
                    ) from exc
            for folder in {posixpath.dirname(w.path) for w in self.writes}:
                sync_directory(self.root / folder)
            journal.seal()
        except BaseException:
            journal.roll_back()
            journal.close(PENDING)
            raise
        applied, conflict = journal.roll_forward(strict=True)
        if conflict is None:
            journal.close(COMMITTED)
            return
        for step in reversed(applied):  # someone wrote a target under our feet: put back what we moved
            old = before.get(step.path)
            with contextlib.suppress(OSError):
                if old is None:
                    os.unlink(self.root / step.path)
                else:
                    write_atomic(self.root / step.path, old)
        journal.roll_back()
        journal.close(COMMITTED)
        raise Refused(f"'{conflict.path}' was written by another writer a moment ago; nothing was written")
