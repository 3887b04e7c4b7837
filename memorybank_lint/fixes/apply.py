"""Writing fixes: each file through the same gates, lock and atomic replace as a governed write.

Why file by file: one file that changed on disk since the linter read it must not hold back the
fixes of every other file, and a governed write must not wait behind a whole run: each file is
its own turn of the bank's lock. Each file is re-read under the lock, through the path gate (no
link followed, regular files only, bounded), compared with the text the findings were computed
on, edited in memory, and committed in a transaction of its own that refuses it again if the
bytes moved in between. A file that changed is left alone, byte for byte, and named.
"""

from __future__ import annotations

import contextlib
import difflib
from collections.abc import Callable
from dataclasses import dataclass, field

from ..bank import Bank
from ..edits.errors import Refused
from ..edits.gate import bank_path, check_no_links
from ..edits.journal import recover
from ..edits.lock import bank_lock
from ..edits.text import read
from ..edits.transaction import Transaction
from .model import Fix


@dataclass
class Change:
    """One file a run changes (or, for `--diff`, would change): its bytes before and after."""

    path: str
    before: bytes
    after: bytes
    fixes: list[Fix]
    digest: str  # of `before`, as read: the transaction refuses the file if it no longer matches


@dataclass
class Outcome:
    changes: list[Change] = field(default_factory=list)
    refused: list[tuple[str, str]] = field(default_factory=list)  # (path, why it was left alone)

    @property
    def fixed(self) -> list[Fix]:
        return [fix for change in self.changes for fix in change.fixes]


def _by_file(fixes: list[Fix]) -> dict[str, list[Fix]]:
    grouped: dict[str, list[Fix]] = {}
    for fix in fixes:
        grouped.setdefault(fix.path, []).append(fix)
    # line edits before the edits that move lines; on one line, the rightmost change first, so
    # the text before each later edit still reads as it was computed on
    order = lambda f: (f.shifts, f.finding.line or 0, -(f.at or f.finding.column or 0))  # noqa: E731
    return {path: sorted(group, key=order) for path, group in sorted(grouped.items())}


def _batch_at(fixes: list[Fix], position: int) -> list[Fix]:
    """The fixes from `position` on that share its batch key (just it, without one)."""
    key = fixes[position].batch[0] if fixes[position].batch is not None else None
    end = position + 1
    while key is not None and end < len(fixes) and (fixes[end].batch or ("",))[0] == key:
        end += 1
    return fixes[position:end]


def _change(bank: Bank, path: str, fixes: list[Fix]) -> Change | None:
    """The file's new bytes, or None when no fix applies; refused when it moved under us."""
    if bank_path(bank.root, path) != path:
        raise Refused(f"'{path}' is not a path a fix may write")
    check_no_links(bank.root, path)
    file = read(bank.root, path, bank.max_bytes)
    doc = bank.docs.get(path)
    if doc is None or file.text != doc.text:
        raise Refused(f"'{path}' changed on disk while it was being fixed; it was left alone")
    text, applied = file.text, []
    position = 0
    while position < len(fixes):
        group = _batch_at(fixes, position)
        position += len(group)
        new = group[0].batch[1](text, group) if group[0].batch is not None and len(group) > 1 else None
        if new is not None:  # the group at once
            if new != text:
                text = new
                applied.extend(group)
            continue
        for fix in group:  # one by one: a lone fix, or a group its batch declined
            new = fix.edit(text)
            if new is not None and new != text:
                text = new
                applied.append(fix)
    if not applied:
        return None
    before = (("\ufeff" if file.bom else "") + file.original).encode("utf-8")
    return Change(path, before, file.encode(text), applied, file.digest)


def finish_interrupted(bank: Bank) -> str | None:
    """Finish (or undo) a write a killed writer left, before anything is linted: how, or None.

    Why before: linted first, the half-done write was reported as findings (a new page not yet
    registered), and the fix then found the index its own recovery had just changed and named it
    as changed on disk by someone else.
    """
    with bank_lock(bank.root):
        done = recover(bank.root, bank.max_bytes)
    if done:
        bank.refresh()
    return done


def apply(bank: Bank, fixes: list[Fix], *, write: bool = True) -> Outcome:
    """Apply `fixes` (or, without `write`, only compute what they would change).

    The bank's lock is taken for each file in turn, not for the whole run: a governed write
    waiting for it (up to 60 s) gets in between two files, and each file is re-read under the
    lock anyway. A run that cannot start (the lock held past the wait, a journal it may not
    finish) stops before its first file.
    """
    outcome = Outcome()
    if write:
        with bank_lock(bank.root):
            recover(bank.root, bank.max_bytes)
    for path, group in _by_file(fixes).items():
        try:
            with bank_lock(bank.root) if write else contextlib.nullcontext():  # --diff writes nothing
                if write:
                    recover(bank.root, bank.max_bytes)  # a writer killed between two of our files
                change = _change(bank, path, group)
                if change is None:
                    continue
                transaction = Transaction(bank.root, bank.max_bytes)
                transaction.replace(path, change.after, change.digest)  # --diff is refused alike
                if write:
                    transaction.commit()
        except Refused as exc:
            outcome.refused.append((path, str(exc)))
            continue
        except OSError as exc:
            outcome.refused.append((path, f"'{path}' cannot be fixed: {exc.strerror or exc}"))
            continue
        outcome.changes.append(change)
    if write and outcome.changes:
        bank.refresh()
    return outcome


def unified(changes: list[Change], shown: Callable[[str], str]) -> str:
    """The changes as one unified diff (`a/` and `b/` paths as `shown` prints them)."""
    out: list[str] = []
    for change in changes:
        name = shown(change.path)
        before = _lines(change.before.decode("utf-8"))  # a BOM stays: patch compares bytes
        after = _lines(change.after.decode("utf-8"))
        tab = "\t" if " " in name else ""  # as git writes it: GNU patch ends a name at a tab
        for line in difflib.unified_diff(before, after, f"a/{name}{tab}", f"b/{name}{tab}"):
            out.append(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n")
    return "".join(out)


def _lines(text: str) -> list[str]:
    """`text` cut after each `\\n` only, as a patch tool reads it (`splitlines` also cuts at
    U+2028, a form feed or a lone carriage return, and the diff would not apply)."""
    parts = text.split("\n")
    return [part + "\n" for part in parts[:-1]] + ([parts[-1]] if parts[-1] else [])
