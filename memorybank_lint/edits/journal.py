"""The journal that makes a multi-file write land whole even when its writer is killed.

Why: a new document and its index entry are two files, and `os.replace` makes each one atomic,
not the pair. A writer killed between the two would leave a document no index reaches, or a
promoted note in two places. So every transaction (under the bank's lock) goes:

1. `.memorybank-journal.pending` is written, naming every step: the temporary file each new text
   goes to, its target, the SHA-256 of the target's bytes before and after, the files to remove,
   and the folders that will be made;
2. the folders are made and the temporary files written and flushed;
3. the journal is renamed to `.memorybank-journal`: from this moment the write has happened;
4. each temporary file is moved over its target, removals are done, and the journal is deleted.

The next write, under the lock and before it reads anything, finishes what a killed one left:
a `.memorybank-journal` is rolled forward, a `.pending` one is rolled back (its temporary files
and its still-empty new folders removed). So after any kill the bank shows the old state or the
new one. The writer deletes only what a journal names, never a file because its name looks like
one of its own; a journal that does not read as one the writer wrote, or that this user's writer
did not sign for this bank (`_signature`), is refused, by name, for a person to look at. A target
someone changed by hand in between is left as they left it.
"""

from __future__ import annotations

import contextlib
import errno
import hmac
import json
import os
import posixpath
import stat
from dataclasses import asdict, dataclass, field
from pathlib import Path

from ..bank import DEFAULT_MAX_BYTES
from ..untrusted import json_value
from ..user_state import cache_key
from .atomic import (
    TEMP,
    NotRegular,
    TooBig,
    open_folder,
    read_regular,
    stage,
    sync_directory,
    sync_folder,
    write_atomic,
)
from .errors import Refused
from .gate import bank_path, check_no_links
from .text import digest

PENDING = ".memorybank-journal.pending"
COMMITTED = ".memorybank-journal"
LIMIT = 4_000_000


@dataclass
class Step:
    """One file of a transaction: `after` None removes it, `before` None creates it."""

    path: str
    temp: str | None
    before: str | None
    after: str | None


@dataclass
class Journal:
    """A transaction's steps on disk. `limit` bounds every read of a target or a staged file: one
    larger than any text the write knows cannot hash to it, so it is a change, not read whole.

    Every step past the gate happens in a folder descriptor (`folder`), opened from the bank's root
    one folder at a time, none through a link, and held for the rest of the write: a folder
    swapped for a link to elsewhere is never followed, and what this write staged or moved is put
    back or removed in the folder where it did so, wherever that folder was renamed to since.
    """

    root: Path
    steps: list[Step]
    made: list[str]
    limit: int = DEFAULT_MAX_BYTES
    _folders: dict[str, int] = field(default_factory=dict, repr=False, compare=False)

    def begin(self) -> None:
        """Write the pending journal (step 1); nothing else is on disk yet."""
        body = {
            "version": 1,
            "made": self.made,
            "steps": [asdict(s) for s in self.steps],
            "limit": self.limit,
        }
        macs = {"mac": _signature(self.root, body), "mac_folder": _signature(self.root, body, by_folder=True)}
        data = json.dumps({**body, **macs})
        try:
            stage(self.root / PENDING, data.encode("utf-8"))
        except FileExistsError as exc:
            raise Refused(f"{PENDING} is in the way of this write; nothing was written") from exc

    def seal(self) -> None:
        """The commit point (step 3): after this rename the write counts as done."""
        os.rename(self.root / PENDING, self.root / COMMITTED)
        sync_directory(self.root)

    def folder(self, relative: str, *, in_place: bool = False) -> int:
        """The descriptor of the bank's folder `relative` ("" the root), opened on first use.

        With `in_place`, an OSError unless the same folder is still reached from the root by that
        name: a step that puts a file in place does so only in the bank, never in a folder since
        moved elsewhere or swapped for a link."""
        held = self._folders.get(relative)
        if held is None:
            held = self._folders[relative] = open_folder(self.root, relative)
        elif in_place:
            now = open_folder(self.root, relative)
            try:
                if not os.path.samestat(os.fstat(now), os.fstat(held)):
                    raise OSError(errno.ESTALE, "was moved or replaced during the write")
            finally:
                os.close(now)
        return held

    def roll_forward(self, *, strict: bool = False) -> tuple[list[Step], Step | None]:
        """Move every staged file into place (new files first, removals last).

        Returns the steps applied and the first one whose target someone else changed (left as
        they left it), or that can no longer be reached from the bank's root as it was. With
        `strict` the first such step stops the roll, so the caller can undo.
        """
        applied: list[Step] = []
        conflict: Step | None = None
        for step in sorted(self.steps, key=lambda s: (s.after is None, s.before is not None)):
            try:
                done = _forward(self.folder(posixpath.dirname(step.path), in_place=True), step, self.limit)
            except FileNotFoundError:  # its folder is gone: a removal is done, anything else is not
                done = step.after is None
            except OSError:  # a link, a special file, an oversized file or a moved folder in the way
                done = False
            if done:
                applied.append(step)
            elif conflict is None:
                conflict = step
                if strict:
                    break
        for directory in {posixpath.dirname(step.path) for step in self.steps}:
            with contextlib.suppress(OSError):
                sync_folder(self.folder(directory))
        return applied, conflict

    def undo(self, steps: list[Step], before: dict[str, bytes | None]) -> None:
        """Put back what `steps` applied (`before`: each path's bytes before the write), in the
        folders where they were applied."""
        for step in reversed(steps):
            folder, name = self.folder(posixpath.dirname(step.path)), posixpath.basename(step.path)
            old = before.get(step.path)
            with contextlib.suppress(OSError):
                if old is None:
                    os.unlink(name, dir_fd=folder)
                else:
                    write_atomic(name, old, beneath=folder)

    def roll_back(self) -> None:
        """Remove the staged files and the still-empty new folders this journal names."""
        for step in self.steps:
            if step.temp is not None:
                with contextlib.suppress(OSError):
                    folder = self.folder(posixpath.dirname(step.temp))
                    _remove_file(folder, posixpath.basename(step.temp))
        for directory in reversed(self.made):
            parent, _, name = directory.rpartition("/")
            with contextlib.suppress(OSError):
                os.rmdir(name, dir_fd=self.folder(parent))

    def close(self, name: str = COMMITTED) -> None:
        """Delete the journal `name` and let go of the folders the write held."""
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self.root / name)
        sync_directory(self.root)
        self.release()

    def release(self) -> None:
        for held in self._folders.values():
            os.close(held)
        self._folders.clear()


def _current(folder: int, name: str, limit: int) -> str | None:
    """The digest of `name` in `folder`, None if there is none; NotRegular or TooBig if what is
    there is not a regular file of at most `limit` bytes."""
    try:
        return digest(read_regular(name, limit, beneath=folder))
    except FileNotFoundError:
        return None


def _remove_file(folder: int, name: str) -> None:
    with contextlib.suppress(FileNotFoundError):
        if stat.S_ISREG(os.stat(name, dir_fd=folder, follow_symlinks=False).st_mode):
            os.unlink(name, dir_fd=folder)


def _forward(folder: int, step: Step, limit: int) -> bool:
    """Finish one step in `folder` (the one its path and its staged file are in); False when the
    target is no longer what the journal expected."""
    target = posixpath.basename(step.path)
    now = _current(folder, target, limit)
    if step.after is None:  # a removal
        if now is not None and now == step.before:
            os.unlink(target, dir_fd=folder)
        return now is None or now == step.before
    temp = posixpath.basename(step.temp) if step.temp is not None else None
    if now == step.after or now != step.before:
        if temp is not None:
            _remove_file(folder, temp)
        return now == step.after
    if temp is None:
        return False
    try:  # only the regular file the journal staged, with the bytes it names, is moved into place
        staged = digest(read_regular(temp, limit, beneath=folder))
    except OSError:  # gone, a link, a special file, too big
        return False
    if staged != step.after:
        return False
    if step.before is None:
        try:
            os.link(temp, target, src_dir_fd=folder, dst_dir_fd=folder, follow_symlinks=False)
        except FileExistsError:
            _remove_file(folder, temp)
            return False
        os.unlink(temp, dir_fd=folder)
    else:
        os.replace(temp, target, src_dir_fd=folder, dst_dir_fd=folder)
    return True


# -- reading a journal a killed writer left --------------------------------------------------
def _refuse(name: str, why: str, raw: object = None) -> Refused:
    return Refused(
        f"{name} in the bank {why}, so an interrupted write cannot be finished safely; "
        f"{_named_files(raw)}look at it, then delete it by hand"
    )


def _named_files(raw: object) -> str:
    """ "it names a.md (staged in …), b.md; " for a journal that reads as one, else nothing: deleting
    a journal leaves its write half done and its staged files behind, so a person checks them."""
    steps = raw.get("steps") if isinstance(raw, dict) else None
    if not isinstance(steps, list):
        return ""
    named = []
    for step in steps[:6]:
        if isinstance(step, dict) and isinstance(step.get("path"), str):
            temp = step.get("temp")  # each cut short: a planted journal may name anything, at length
            staged = f" (staged in {temp[:120]})" if isinstance(temp, str) else ""
            named.append(step["path"][:120] + staged)
    more = f" and {len(steps) - 6} more" if len(steps) > 6 else ""
    return f"it names {', '.join(named)}{more}; " if named else ""


def _signature(root: Path, body: dict, *, by_folder: bool = False) -> str:
    """A MAC of the journal's steps and the bank (its real path, or with `by_folder` the folder
    itself: its device and inode) under this user's private key.

    Why: finishing a journal deletes and replaces files, and a repository can commit a
    `.memorybank-journal` of its own (naming `README.md` to replace, or a document to delete):
    the next write or `--fix` in a clone would carry it out. Only a journal this user's writer
    wrote for this bank verifies; without a private folder for the key nothing verifies, and a
    left journal is named for a person to look at. Either binding verifies: the folder's identity
    survives moving the project (a clone or a copy is another folder), its path a restore.
    """
    key = cache_key()
    if key is None:
        return ""
    canonical = json.dumps(body, sort_keys=True, ensure_ascii=True)
    if by_folder:
        try:
            status = os.stat(root)
        except OSError:
            return ""
        bank = f"folder {status.st_dev}:{status.st_ino}".encode("ascii")
    else:
        bank = os.fsencode(os.path.realpath(root))
    mac = hmac.new(key, bank + b"\0", "sha256")
    mac.update(canonical.encode("ascii"))
    return mac.hexdigest()


def _checked(root: Path, name: str, raw: object, limit: int = DEFAULT_MAX_BYTES) -> Journal:
    """The journal `raw` describes, if this user's writer wrote it for this bank (its MAC) and
    every path in it is one this writer could have written."""
    if not isinstance(raw, dict):
        raise _refuse(name, "is not a journal this writer wrote")
    body = {key: value for key, value in raw.items() if key not in ("mac", "mac_folder")}
    signed = any(
        expected and isinstance(raw.get(field), str) and hmac.compare_digest(raw[field], expected)
        for field, expected in (
            ("mac", _signature(root, body)),
            ("mac_folder", _signature(root, body, by_folder=True)),
        )
    )
    if not signed:
        raise _refuse(
            name, "was not written by this user's writer for this bank (its signature does not match)", raw
        )
    try:
        if raw.get("version") != 1:
            raise TypeError("not a version 1 journal")
        steps = [Step(**item) for item in raw["steps"]]
        made = [str(path) for path in raw["made"]]
        # the writer's own bound, signed with the steps: a recovery that knows a smaller one (the
        # default, where the project raised it) would count a staged file as a conflict and drop it
        recorded = raw.get("limit", 0)
        if not isinstance(recorded, int) or isinstance(recorded, bool) or recorded < 0:
            raise TypeError("a limit that is no size")
        limit = max(limit, recorded)
        for step in steps:
            check_no_links(root, bank_path(root, step.path))
            folder, base = posixpath.split(step.temp or "")
            fits = step.temp is None or (folder == posixpath.dirname(step.path) and TEMP.match(base))
            if bank_path(root, step.path) != step.path or not fits:
                raise TypeError(f"a step names {step.path!r}, {step.temp!r}")
        for path in made:
            if bank_path(root, path) != path or not any(s.path.startswith(path + "/") for s in steps):
                raise TypeError(f"a folder {path!r} no step needs")
    except (AttributeError, KeyError, TypeError, Refused) as exc:
        raise _refuse(name, "names steps this writer never takes", raw) from exc
    return Journal(root, steps, made, limit)


def interrupted(root: Path) -> bool:
    """Whether a killed writer left a journal in the bank (the next governed write finishes it)."""
    return any(os.path.lexists(root / name) for name in (COMMITTED, PENDING))


def recover(root: Path, limit: int = DEFAULT_MAX_BYTES) -> str | None:
    """Finish or undo a write a killed writer left (call under the lock); say which, or None.
    `limit` is the bank's size limit: no file the write staged or replaced is larger."""
    for name in (COMMITTED, PENDING):
        path = root / name
        if not os.path.lexists(path):
            continue
        try:
            data = read_regular(path, LIMIT)
        except (NotRegular, TooBig) as exc:
            raise _refuse(name, f"{exc.strerror or 'is too big'}") from exc
        if not data and name == PENDING:  # killed between creating the journal and writing it
            os.unlink(path)
            return "rolled back"
        try:
            journal = _checked(root, name, json_value(data), limit)
        except (ValueError, UnicodeDecodeError) as exc:
            raise _refuse(name, "is not a journal this writer wrote") from exc
        try:
            if name == COMMITTED:
                journal.roll_forward()
            journal.roll_back()  # rolled forward: a staged file left beside a target someone else changed
            journal.close(name)
        finally:
            journal.release()
        return "rolled forward" if name == COMMITTED else "rolled back"
    return None
