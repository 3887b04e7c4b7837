"""A multi-file write that lands whole or not at all.

Why: creating a document means writing it and patching its index; promoting means writing the
destination, patching an index and removing the note. Everything is rendered in memory first;
then files are committed in an order where a crash never leaves an index entry pointing at
nothing (new documents first, indexes next, removals last), each file atomically. If a step
fails, the steps already taken are undone. A file edited since it was read is refused by name.
"""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import ToolInputError
from .atomic import ensure_directory, write_atomic
from .text import digest


@dataclass
class _Write:
    path: str
    data: bytes
    create: bool
    expected: str | None


@dataclass
class Transaction:
    root: Path
    writes: list[_Write] = field(default_factory=list)
    removals: list[tuple[str, str | None]] = field(default_factory=list)

    def create(self, path: str, data: bytes) -> None:
        """A new file; committing fails if anything exists there by then."""
        self.writes.append(_Write(path, data, True, None))

    def replace(self, path: str, data: bytes, expected_digest: str | None) -> None:
        """Replace a file read earlier; refused if its bytes no longer hash to `expected_digest`."""
        self.writes.append(_Write(path, data, False, expected_digest))

    def remove(self, path: str, expected_digest: str | None) -> None:
        self.removals.append((path, expected_digest))

    def _check(self, path: str, expected: str | None) -> bytes | None:
        try:
            current = (self.root / path).read_bytes()
        except FileNotFoundError:
            current = None
        if expected is not None and (current is None or digest(current) != expected):
            raise ToolInputError(
                f"'{path}' changed on disk since it was read; nothing was written. Read it again and retry"
            )
        return current

    def commit(self) -> None:
        """Write everything (new files first, then replacements, then removals) or undo it all."""
        before = {w.path: self._check(w.path, w.expected) for w in self.writes if not w.create}
        removed = {p: self._check(p, expected) for p, expected in self.removals}
        done: list[tuple[str, bytes | None]] = []
        try:
            for write in sorted(self.writes, key=lambda w: not w.create):
                target = self.root / write.path
                ensure_directory(self.root, os.path.dirname(write.path))
                if write.create:
                    try:
                        write_atomic(target, write.data, exclusive=True)
                    except FileExistsError as exc:
                        raise ToolInputError(
                            f"'{write.path}' was created by another writer a moment ago; "
                            "refusing to overwrite it"
                        ) from exc
                    done.append((write.path, None))
                else:
                    write_atomic(target, write.data)
                    done.append((write.path, before[write.path]))
            for path in removed:
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(self.root / path)
        except BaseException:
            for path, old in reversed(done):
                with contextlib.suppress(OSError):
                    if old is None:
                        os.unlink(self.root / path)
                    else:
                        write_atomic(self.root / path, old)
            raise
