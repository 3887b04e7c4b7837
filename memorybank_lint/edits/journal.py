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
import hmac
import json
import os
import posixpath
from dataclasses import asdict, dataclass
from pathlib import Path

from ..untrusted import json_value
from ..user_state import cache_key
from .atomic import TEMP, NotRegular, TooBig, read_regular, stage, sync_directory
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
    root: Path
    steps: list[Step]
    made: list[str]

    def begin(self) -> None:
        """Write the pending journal (step 1); nothing else is on disk yet."""
        body = {"version": 1, "made": self.made, "steps": [asdict(s) for s in self.steps]}
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

    def roll_forward(self, *, strict: bool = False) -> tuple[list[Step], Step | None]:
        """Move every staged file into place (new files first, removals last).

        Returns the steps applied and the first one whose target someone else changed (left as
        they left it). With `strict` the first such step stops the roll, so the caller can undo.
        """
        applied: list[Step] = []
        conflict: Step | None = None
        for step in sorted(self.steps, key=lambda s: (s.after is None, s.before is not None)):
            if _forward(self.root, step):
                applied.append(step)
            elif conflict is None:
                conflict = step
                if strict:
                    break
        for directory in {posixpath.dirname(step.path) for step in self.steps}:
            sync_directory(self.root / directory)
        return applied, conflict

    def roll_back(self) -> None:
        """Remove the staged files and the still-empty new folders this journal names."""
        for step in self.steps:
            if step.temp is not None:
                _remove_file(self.root / step.temp)
        for directory in reversed(self.made):
            with contextlib.suppress(OSError):
                os.rmdir(self.root / directory)

    def close(self, name: str = COMMITTED) -> None:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self.root / name)
        sync_directory(self.root)


def _current(path: Path) -> str | None:
    try:
        return digest(read_regular(path, 1 << 40))
    except FileNotFoundError:
        return None


def _remove_file(path: Path) -> None:
    with contextlib.suppress(FileNotFoundError, IsADirectoryError):
        if not path.is_symlink() and path.is_file():
            os.unlink(path)


def _forward(root: Path, step: Step) -> bool:
    """Finish one step; False when the target is no longer what the journal expected."""
    target = root / step.path
    now = _current(target)
    if step.after is None:  # a removal
        if now is not None and now == step.before:
            os.unlink(target)
        return now is None or now == step.before
    temp = root / step.temp if step.temp is not None else None
    if now == step.after or now != step.before:
        if temp is not None:
            _remove_file(temp)
        return now == step.after
    if temp is None or not os.path.lexists(temp):
        return False
    try:  # only the regular file the journal staged, with the bytes it names, is moved into place
        staged = digest(read_regular(temp, 1 << 40))
    except (NotRegular, OSError):
        return False
    if staged != step.after:
        return False
    if step.before is None:
        try:
            os.link(temp, target)
        except FileExistsError:
            _remove_file(temp)
            return False
        os.unlink(temp)
    else:
        os.replace(temp, target)
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


def _checked(root: Path, name: str, raw: object) -> Journal:
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
    return Journal(root, steps, made)


def recover(root: Path) -> str | None:
    """Finish or undo a write a killed writer left (call under the lock); say which, or None."""
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
            journal = _checked(root, name, json_value(data))
        except (ValueError, UnicodeDecodeError) as exc:
            raise _refuse(name, "is not a journal this writer wrote") from exc
        if name == COMMITTED:
            journal.roll_forward()
            journal.roll_back()  # a staged file left beside a target someone else changed
        else:
            journal.roll_back()
        journal.close(name)
        return "rolled forward" if name == COMMITTED else "rolled back"
    return None
