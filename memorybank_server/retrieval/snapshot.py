"""The route and body indexes of a bank, kept in its cache folder for the next process.

Why: a one-shot `--route` on 10,000 documents spends seconds tokenising every body before it can
answer; the next process loads the finished postings instead and re-indexes only the documents
whose `lstat` stamp moved. Why it cannot disagree with the bank: a snapshot records the stamp of
every document it indexed (only stamps settled before the write, as the parse cache does), and a
document whose current stamp differs, or that is new, is indexed again from its text; one that is
gone is dropped. The snapshot is also keyed by everything the parse cache is keyed by
(`max-file-size`, the parse code, the YAML loader), the retrieval code's own files and the
platform's array layout; anything else is a miss.

Why the threshold (`keep`): re-indexing a document costs about as much as writing 40 documents'
worth of snapshot, so a process writes one only when at least 1 in 40 documents was indexed since
the snapshot it started from (always, when it started from none), counting only documents it may
keep a stamp of (`_unkept`).
"""

from __future__ import annotations

import functools
import importlib.metadata
import marshal
import sys
import time
from array import array
from pathlib import Path
from typing import Any

from memorybank_lint import __version__
from memorybank_lint.bank import Bank
from memorybank_lint.parse_cache import RACY_NS, code_stamp

from .postings import Postings
from .route_index import Header, HeaderIndex
from .route_index import _indexes as _header_indexes
from .search import SearchIndex
from .search import _indexes as _body_indexes

FORMAT = 1
_STALE = object()  # never a bank's document: an entry the next `update` re-indexes


@functools.cache
def _stemmers() -> tuple[str | None, str | None]:
    """The versions of the stemmers in use (`PyStemmer`'s C one when present): an upgrade that
    stems a word differently must rebuild the postings, not mix old stems with new ones."""
    found = []
    for name in ("snowballstemmer", "PyStemmer"):
        try:
            found.append(importlib.metadata.version(name))
        except importlib.metadata.PackageNotFoundError:
            found.append(None)
    return found[0], found[1]


def _identity(bank: Bank, kind: str) -> tuple:
    layout = tuple(array(code).itemsize for code in "BHIQ")
    return (
        FORMAT,
        kind,
        # how each document was parsed (`max-file-size`, the parse code, the YAML loader …): a
        # document whose stamp did not move may still parse differently under a new limit
        None if bank.cache is None else bank.cache.identity,
        bank.index_files,  # which documents are indexes changes how they are indexed
        __version__,
        code_stamp(Path(__file__).parent),
        _stemmers(),  # the stems the postings were made with
        sys.byteorder,
        layout,
        marshal.version,
        sys.version_info[:2],
    )


def _name(bank: Bank, kind: str) -> str:
    assert bank.cache is not None
    return f"{kind}-{bank.cache.name.removeprefix('parse-')}"


def _postings(store: Postings) -> tuple:
    terms = {term: tuple(a.tobytes() for a in arrays) for term, arrays in store._terms.items()}
    return store.paths, terms


def _load_postings(store: Postings, state: tuple) -> None:
    paths, terms = state
    codes = [a.typecode for a in store._empty()]
    loaded = {}
    for term, blobs in terms.items():
        arrays = tuple(array(code) for code in codes)
        for target, blob in zip(arrays, blobs, strict=True):
            target.frombytes(blob)
        loaded[term] = arrays
    store.paths = list(paths)
    store.ids = {path: i for i, path in enumerate(store.paths) if path is not None}
    store._terms = loaded
    store._dead = len(store.paths) - len(store.ids)


def _settled(bank: Bank, paths, indexed: dict[str, Any]) -> dict[str, Any]:
    """The stamp of each of `paths` whose document the index holds as the bank has it now.

    Why not the bank's stamp alone: an index is written when it is due, which may be on an answer
    that did not bring it in step (a write that failed leaves it due, and the next search writes
    both indexes); a document the bank read anew since carries a stamp this index's entry was not
    made from. Such a path gets no stamp, so the next process indexes it again.
    """
    settled = time.time_ns() - RACY_NS
    docs = bank.docs
    stamps = {}
    for path in paths:
        stamp = bank.settled_stamp(path, settled)
        if stamp is not None and indexed.get(path) is docs.get(path):
            stamps[path] = stamp
    return stamps


def _read(bank: Bank, kind: str) -> Any:
    if bank.cache is None:
        return None
    payload = bank.cache.folder.read(_name(bank, kind))
    if payload is None:
        return None
    try:
        identity, state = marshal.loads(payload)
    except Exception:  # whatever a damaged file makes marshal raise: no snapshot
        return None
    return state if identity == _identity(bank, kind) else None


def _adopt(bank: Bank, stamps: dict, paths) -> dict[str, Any]:
    """Each indexed path → the bank's document when its stamp is the one indexed, else stale (a
    path kept without a stamp, or whose document has none now, is indexed again)."""
    docs, adopted = bank.docs, {}
    for p in paths:
        stamp = bank.stamp(p)
        adopted[p] = docs[p] if p in docs and stamp is not None and stamp == stamps.get(p) else _STALE
    return adopted


def _unkept(bank: Bank, indexed: dict[str, Any], touched: int) -> int:
    """How many of the `touched` documents a restored index just indexed again a new snapshot
    would keep no stamp for: they count as saved, not toward writing one (`_due`).

    Why: the documents indexed again on restoring are worth keeping for the next process, so they
    count toward a write; but one the system refuses to read (a file of another user, mode 0600)
    or one changed too recently has no stamp a snapshot may keep, so every process indexes it
    again whatever is written. Counted, one such file in 40 documents made every one-shot
    `--route` or `--search` rewrite both snapshots, for nothing.
    """
    return min(touched, len(bank.docs) - len(_settled(bank, bank.docs, indexed)))


def restored_headers(bank: Bank) -> HeaderIndex | None:
    """The header index from the bank's snapshot, brought in step with the bank; None without one."""
    state = _read(bank, "route")
    if state is None:
        return None
    index = HeaderIndex()
    try:
        stamps, headers, pairs, spelled, postings = state
        _load_postings(index._postings, postings)
        index.headers = {path: Header(*header) for path, header in headers.items()}
        index._pairs = {path: pairs[path] for path in headers}
        index._acronyms = {path: spelled[path] for path in headers}
        index._docs = _adopt(bank, stamps, headers)
        index._stems = {term[2:] for term in index._postings.terms()}
    except (TypeError, ValueError, KeyError):
        return None
    touched = index.update(bank)
    if not touched:
        index.settle()
    index.saved_at = _unkept(bank, index._docs, touched)
    return index


def restored_bodies(bank: Bank) -> SearchIndex | None:
    """The body index from the bank's snapshot, brought in step with the bank; None without one."""
    state = _read(bank, "body")
    if state is None:
        return None
    index = SearchIndex()
    try:
        stamps, lengths, families, postings, folded, tokens = state
        _load_postings(index._postings, postings)
        index._lengths = dict(lengths)
        index._total_length = sum(lengths.values())
        index._families = families
        heads = index.heads
        heads._folded = folded
        heads._tokens = tokens
        for path, fields in tokens.items():
            for name, found in zip(("t", "p"), fields, strict=True):
                for token in found:
                    heads._index[name].setdefault(token, set()).add(path)
        index._docs = _adopt(bank, stamps, lengths)
    except (TypeError, ValueError, KeyError):
        return None
    touched = index.update(bank)
    if not touched:
        index.settle(bank)
    index.saved_at = _unkept(bank, index._docs, touched)
    return index


def keep(bank: Bank) -> None:
    """Write the bank's indexes to its cache folder when enough was (re)indexed since the last."""
    if bank.cache is None:
        return
    headers = _header_indexes.get(bank)
    if headers is not None and _due(headers, len(bank.docs)):
        fields = {path: _fields(header) for path, header in headers.headers.items()}
        spelled = headers._acronyms
        state = (
            _settled(bank, headers.headers, headers._docs),
            fields,
            headers._pairs,
            spelled,
            _postings(headers._postings),
        )
        _write(bank, "route", state, headers)
    bodies = _body_indexes.get(bank)
    if bodies is not None and _due(bodies, len(bank.docs)):
        heads = bodies.heads
        state = (
            _settled(bank, bodies._lengths, bodies._docs),
            bodies._lengths,
            bodies._families,
            _postings(bodies._postings),
            heads._folded,
            heads._tokens,
        )
        _write(bank, "body", state, bodies)


def _fields(header: Header) -> tuple:
    return (header.keys, header.purpose, header.title, header.sections, header.path)


def _due(index: HeaderIndex | SearchIndex, documents: int) -> bool:
    unsaved = index.touched_total - (index.saved_at or 0)
    return unsaved > 0 and (index.saved_at is None or unsaved * 40 >= documents)


def _write(bank: Bank, kind: str, state: tuple, index: HeaderIndex | SearchIndex) -> None:
    assert bank.cache is not None
    if bank.cache.folder.write(_name(bank, kind), marshal.dumps((_identity(bank, kind), state))):
        index.saved_at = index.touched_total
