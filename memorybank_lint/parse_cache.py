"""The persistent parse cache: each unchanged document comes back from disk already parsed.

Why it cannot disagree with the bank: an entry is used only for the same path with the same size,
modification time, change time and inode (`lstat`), under the same package version, cache format,
Python `marshal` version, YAML loader, `max-file-size` and bank name, in a file this user's key
signed (`cachedir`). Anything else is a miss, and a miss re-reads the file. An entry whose file was
modified within `RACY_NS` of writing the cache, or changed within a clock tick of being read, is
never stored (git's "racy clean" rule): a same-size edit within one timestamp tick cannot then
pass for the cached one (`is_settled`).

Why `marshal` of plain values: it is the fastest way Python has to load millions of strings,
tuples and numbers, and it builds only plain data (no class is looked up, no code runs, unlike
pickle). It is not safe on hostile bytes (a declared length is allocated before it is read), which
is why it only ever sees a payload whose MAC holds. Dates, times and tuples in a header
(`!!pairs`) are tagged so they come back as the same types.
"""

from __future__ import annotations

import datetime
import hashlib
import marshal
import os
import sys
from dataclasses import fields
from pathlib import Path
from typing import Any

import yaml

from . import __version__
from .cachedir import CacheFolder
from .document import Document, Edge, Link
from .markdown import Section
from .paths import Target
from .suppressions import Suppression

FORMAT = 4
RACY_NS = 2_000_000_000
# Longer than one tick of any clock a file system stamps change times from: Linux before 6.13
# takes them from its coarse clock (one jiffy, 10 ms at 100 Hz), Windows from a 15.6 ms timer.
TICK_NS = 20_000_000
Stamp = tuple[int, int, int, int]  # (mtime ns, size, ctime ns, inode)

# Every field the parser sets; the bank sets `layer` and `registered_in` after parsing, and the
# positions are a lazy memo. Naming what is left out (rather than what is kept) means a field
# added to `Document` is cached from the day it is added.
_NOT_SAVED = ("path", "layer", "registered_in", "_positions")
_SAVED = [f.name for f in fields(Document) if f.name not in _NOT_SAVED]
_EDGES, _SECTIONS, _LINKS, _DATA, _SUPPRESSIONS = (
    _SAVED.index(n) for n in ("derived_from", "sections", "links", "data", "suppressions")
)


def stamp_of(info: os.stat_result) -> Stamp:
    return (info.st_mtime_ns, info.st_size, info.st_ctime_ns, info.st_ino)


def is_settled(stamp: Stamp, settled: int, read_at: int) -> bool:
    """Whether a file read at `read_at` can no longer share its stamp with a same-size edit.

    The modification time alone is not enough: `cp -p`, `rsync -a`, `tar x` and `touch -d` set it
    in the past. The kernel sets the change time on every write, but from a clock that moves in
    ticks: an edit made after the read, within the tick the file last changed in, gets the same
    change time. So the change time must be a tick older than the read; a tick is a whole second
    where the file system keeps whole seconds (ext2/3 with small inodes, FAT, some network mounts),
    `TICK_NS` elsewhere.
    """
    modified, _, changed, _ = stamp
    tick = RACY_NS if changed % 1_000_000_000 == 0 else TICK_NS
    return modified < settled and changed < read_at - tick


def code_stamp(package: Path) -> str:
    """A digest of the name, size and mtime of each module of `package`: an edited parser (an
    editable install keeps its version) makes every cache built by the old code a miss."""
    digest = hashlib.sha256()
    for entry in sorted(os.scandir(package), key=lambda e: e.name):
        if entry.name.endswith(".py"):
            info = entry.stat()
            digest.update(f"{entry.name}\0{info.st_size}\0{info.st_mtime_ns}\n".encode())
    return digest.hexdigest()[:16]


# -- header values: dates, times and tuples made plain, and restored on the way back ---------
_SCALARS = (str, int, float, bytes)


def _fixups(value: Any, where: tuple, found: list) -> bool:
    """Collect `(path, kind)` of each date or time inside dicts and lists; False when something
    else marshal cannot carry as is (a tuple, a set, a date used as a key) needs `_tag`."""
    if isinstance(value, dict):
        return all(
            (isinstance(k, _SCALARS) or k is None) and _fixups(v, (*where, k), found)
            for k, v in value.items()
        )
    if isinstance(value, list):
        return all(_fixups(v, (*where, i), found) for i, v in enumerate(value))
    if isinstance(value, datetime.datetime):
        found.append((where, "dt"))
    elif isinstance(value, datetime.date):
        found.append((where, "d"))
    else:
        return isinstance(value, _SCALARS) or value is None
    return True


def _made(kind: str, text: str) -> datetime.date:
    return datetime.datetime.fromisoformat(text) if kind == "dt" else datetime.date.fromisoformat(text)


def _tag(value: Any) -> Any:
    if isinstance(value, dict):
        return {_tag(k): _tag(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_tag(v) for v in value]
    if isinstance(value, set):
        return {_tag(v) for v in value}
    if isinstance(value, tuple):
        return ("t", tuple(_tag(v) for v in value))
    if isinstance(value, datetime.date):
        return ("dt" if isinstance(value, datetime.datetime) else "d", value.isoformat())
    return value


def _untag(value: Any) -> Any:
    if isinstance(value, dict):
        return {_untag(k): _untag(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_untag(v) for v in value]
    if isinstance(value, set):
        return {_untag(v) for v in value}
    if isinstance(value, tuple):
        kind, inner = value
        return tuple(_untag(v) for v in inner) if kind == "t" else _made(kind, inner)
    return value


def _copy(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    return [_copy(v) for v in value] if isinstance(value, list) else value


def _replaced(data: dict, how: tuple, change: Any) -> dict:
    """`data` with the value at each fixup path passed through `change`, the containers on the
    way copied (the stored row is kept as read, so it can be written again)."""
    data = dict(data)
    for where, kind in how:
        container: Any = data
        for step in where[:-1]:
            child = container[step]
            container[step] = child = dict(child) if isinstance(child, dict) else list(child)
            container = child
        container[where[-1]] = change(kind, container[where[-1]])
    return data


def _plain_data(data: dict) -> tuple:
    """`(None, data)` when marshal carries it as is, `(fixups, data with dates as text)` when only
    dates and times need restoring, `(False, tagged)` otherwise."""
    found: list = []
    if not _fixups(data, (), found):
        return False, _tag(data)
    if not found:
        return None, data
    return tuple(found), _replaced(_copy(data), tuple(found), lambda _, value: value.isoformat())


def _data_of(stored: tuple) -> dict:
    how, data = stored
    if how is None:
        return data
    return _untag(data) if how is False else _replaced(data, how, _made)


# -- documents as rows of plain values --------------------------------------------------------
def _target(t: Target) -> tuple:
    whole = None if t.whole is None else _target(t.whole)
    return (t.raw, t.resolved, t.external, t.url, t.from_repo_root, whole)


def _target_of(row: tuple) -> Target:
    raw, resolved, external, url, from_repo_root, whole = row
    return Target(raw, resolved, external, url, from_repo_root, None if whole is None else _target_of(whole))


def encode(doc: Document) -> tuple:
    """The parsed record as a row of plain values (layer and registrations are the bank's)."""
    row = [getattr(doc, name) for name in _SAVED]
    row[_EDGES] = tuple((_target(e.target), e.fit, e.line, e.column) for e in doc.derived_from)
    row[_SECTIONS] = tuple((s.title, s.line, s.end) for s in doc.sections)
    row[_LINKS] = tuple((_target(k.target), k.line, k.column, k.directory) for k in doc.links)
    row[_DATA] = _plain_data(doc.data)
    row[_SUPPRESSIONS] = tuple((u.kind, u.line, u.column, u.tokens, u.text) for u in doc.suppressions)
    return tuple(row)


def decode(path: str, row: tuple) -> Document:
    """The `Document` `encode` was given; a malformed row raises (the caller drops the cache)."""
    values = list(row)
    values[_EDGES] = [Edge(_target_of(t), fit, line, column) for t, fit, line, column in row[_EDGES]]
    values[_SECTIONS] = [Section(*s) for s in row[_SECTIONS]]
    values[_LINKS] = [
        Link(_target_of(t), line, column, directory) for t, line, column, directory in row[_LINKS]
    ]
    values[_DATA] = _data_of(row[_DATA])
    values[_SUPPRESSIONS] = tuple(Suppression(*u) for u in row[_SUPPRESSIONS])
    doc = Document(path, **dict(zip(_SAVED, values, strict=True)))
    if not isinstance(doc.text, str) or not isinstance(doc.data, dict) or not isinstance(doc.key_lines, dict):
        raise TypeError("not a document row")
    return doc


class ParseCache:
    """The cached rows of one bank: looked up during a refresh, rewritten when anything moved."""

    def __init__(
        self, folder: Path, root: Path, bank_name: str, max_bytes: int, index_files: tuple[str, ...]
    ) -> None:
        self.folder = CacheFolder(folder)
        key = f"{root}\0{bank_name}".encode("utf-8", "surrogateescape")
        self.name = f"parse-{hashlib.sha256(key).hexdigest()[:20]}.marshal"
        self.identity = (
            FORMAT,
            __version__,
            code_stamp(Path(__file__).parent),
            marshal.version,
            sys.version_info[:2],
            yaml.__version__,
            hasattr(yaml, "CSafeLoader"),
            max_bytes,
            index_files,  # which documents parse as indexes
            bank_name,
            str(root),
        )
        self._rows: dict[str, tuple[Stamp, tuple]] | None = None
        self._used: dict[str, tuple[Document, tuple[Stamp, tuple]]] = {}
        self.hits = 0

    def _load(self) -> dict[str, tuple[Stamp, tuple]]:
        payload = self.folder.read(self.name)
        rows: Any = None
        if payload is not None:
            try:
                identity, rows = marshal.loads(payload)
            except (ValueError, EOFError, TypeError):
                rows = None
            else:
                rows = rows if identity == self.identity and isinstance(rows, dict) else None
        return rows or {}

    def lookup(self, path: str, stamp: Stamp) -> Document | None:
        """The cached document for `path` if its row was made from a file with this `stamp`."""
        if self._rows is None:
            self._rows = self._load()
        entry = self._rows.get(path)
        if entry is None:
            return None
        try:
            if entry[0] != stamp:
                return None
            doc = decode(path, entry[1])
        except (TypeError, ValueError, IndexError, KeyError, AttributeError):
            self._rows = {}  # one malformed row: trust none of this file
            self._used.clear()
            return None
        self._used[path] = (doc, entry)
        self.hits += 1
        return doc

    def save(self, docs: dict[str, Document], stamps: dict[str, Stamp]) -> bool:
        """Write the rows of `docs` unless they are what was read; `stamps` holds only the settled
        ones (`Bank.settled_stamp`), so racy entries are left out."""
        rows: dict[str, tuple[Stamp, tuple]] = {}
        for path, doc in docs.items():
            used = self._used.get(path)
            if used is not None and used[0] is doc:
                rows[path] = used[1]
                continue
            stamp = stamps.get(path)
            if stamp is None or doc.path != path:
                continue
            rows[path] = (stamp, encode(doc))
        previous = self._rows or {}
        if rows.keys() == previous.keys() and all(rows[p] is previous[p] for p in rows):
            return False
        self._rows = rows
        self._used = {p: (docs[p], row) for p, row in rows.items()}
        return self.folder.write(self.name, marshal.dumps((self.identity, rows)))
