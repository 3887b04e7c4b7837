"""A multi-file write that lands whole or not at all, even if its process is killed half-way.

Why: creating a document means writing it and patching its index; promoting means writing the
destination, patching an index and removing the note. Everything is rendered in memory first;
then the files are staged and committed through the bank's journal (`journal.py`): a crash
before the commit point leaves the old state, a crash after it is finished by the next write.
A file edited since it was read is refused by name; a folder the write made is removed again
if the write does not happen.
"""

from __future__ import annotations

import errno
import os
import posixpath
import stat
from dataclasses import dataclass, field
from pathlib import Path

from ..bank import DEFAULT_MAX_BYTES
from .atomic import (
    UnsafePath,
    kept_status,
    missing_directories,
    read_regular,
    stage,
    sync_folder,
    temp_name,
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
                if before[write.path] is not None:
                    self._replaceable(write.path)
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
                before[path] = current  # what an undo puts back
                steps.append(Step(path, None, digest(current), None))
        for path, folder in receiving:  # after the removals: a note that cannot go is named first
            self._writable(path, folder)
        largest = max(
            [len(old) for old in before.values() if old is not None]
            + [len(write.data) for write in self.writes],
            default=0,
        )
        return Journal(self.root, steps, made, max(self.limit, largest)), before

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

    def _sticky(self, path: str, verb: str) -> bool:
        """Whether `path` is another user's file in a sticky folder (a shared one, as `/tmp` is),
        which only its owner, the folder's or root may rename or remove."""
        folder = (self.root / path).parent
        try:
            info, owner = os.stat(folder), os.lstat(self.root / path).st_uid
        except OSError as exc:
            raise Refused(f"'{path}' cannot be {verb}: it {exc.strerror}; nothing was written") from exc
        return bool(info.st_mode & stat.S_ISVTX) and os.geteuid() not in (0, owner, info.st_uid)

    def _replaceable(self, path: str) -> None:
        """Refuse now a file the write may not rename over: the rename would fail past the commit
        point, refused as if another writer had changed the file, after a dry run said yes."""
        if self._sticky(path, "rewritten"):
            raise Refused(
                f"'{path}' cannot be rewritten: it belongs to another user, in a folder with the sticky "
                "bit, where only a file's owner may replace it; nothing was written"
            )

    def _removable(self, path: str) -> None:
        """Refuse now a removal the folder will not allow (read-only, or another user's file in a
        sticky folder): past the commit point a failed removal would leave the write half done."""
        folder = (self.root / path).parent
        sticky = self._sticky(path, "removed")
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
            try:
                self._stage(journal)
                journal.seal()
            except BaseException:
                journal.roll_back()
                journal.close(PENDING)
                raise
            applied, conflict = journal.roll_forward(strict=True)
            if conflict is None:
                journal.close(COMMITTED)
                return
            journal.undo(applied, before)  # a target changed under our feet: put back what we moved
            journal.roll_back()
            journal.close(COMMITTED)
        finally:
            journal.release()
        raise Refused(
            f"'{conflict.path}' changed on disk while this write was landing (another writer, or "
            "something else put in its place); nothing was written"
        )

    def _stage(self, journal: Journal) -> None:
        """Make the new folders and write every staged file (step 2), in the folders the journal
        holds, then check each is still where the bank has it; refuse by path if not."""
        done = None
        try:
            for directory in journal.made:
                done = next((w.path for w in self.writes if w.path.startswith(directory + "/")), None)
                parent, _, name = directory.rpartition("/")
                os.mkdir(name, dir_fd=journal.folder(parent))
            for write, step in zip(self.writes, journal.steps, strict=False):
                assert step.temp is not None
                done = write.path
                folder = journal.folder(posixpath.dirname(write.path))
                kept = None if write.create else kept_status(posixpath.basename(write.path), beneath=folder)
                stage(posixpath.basename(step.temp), write.data, beneath=folder, like=kept)
            for write in self.writes:  # a folder swapped or moved while the files were staged
                done = write.path
                sync_folder(journal.folder(posixpath.dirname(write.path), in_place=True))
        except OSError as exc:
            path = done or self.writes[0].path
            if exc.errno == errno.ELOOP:
                raise UnsafePath(
                    f"'{path}' now goes through a symbolic link; writes never follow links"
                ) from exc
            if exc.errno == errno.ESTALE:
                raise UnsafePath(f"'{path}': a folder on its way was moved during the write") from exc
            folder = posixpath.dirname(path) or "."
            raise Refused(
                f"the file system refused writing '{path}' in '{folder}' ({exc.strerror or exc}); "
                "nothing was written"
            ) from exc
