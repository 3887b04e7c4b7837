"""The header index `bank_route` ranks from: stems of each document's hand-written header fields.

Why two structures: on a 10,000-document bank a common question word ("feature", "rules") sits
in thousands of purposes, and evaluating every document's fields in Python costs far more than
the 20 ms budget. So the index keeps (1) postings of `field:stem` terms, which find the documents
that hold a word and give each an upper bound on its score cheaply, and (2) per-document `Header`
records of stems per field, on which the exact score is computed for the few documents whose
bound can still reach the top.

Fields: `k` canonical_for keys, `p` purpose, `t` title, `s` level-2 headings, `f` the file path
(W14: `adr/ADR-001-plugin-contract.md` says what the document is about even when its header is in
another language). Stems are stored, so all inflections of a word are one term.
"""

from __future__ import annotations

import posixpath
import weakref
from collections import Counter
from dataclasses import dataclass

from memorybank_lint import progress
from memorybank_lint.bank import Bank
from memorybank_lint.document import Document

from . import acronyms, mined
from .lang import Entry, normal, route_tokens
from .postings import Postings, derivations
from .ranking import Snapshot

FIELDS = ("k", "p", "t", "s", "f")
_PATH_NOISE = frozenset({"md", "readme", "index"})

Stems = tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Header:
    """The stems of one document's header fields, with what an answer shows besides them."""

    keys: tuple[tuple[str, Stems], ...]  # (key as written, its stems)
    purpose: Stems
    title: Stems
    sections: tuple[tuple[str, Stems], ...]  # (heading as written, its stems)
    path: Stems


def _stems(text: str) -> Stems:
    return tuple(dict.fromkeys(normal(t) for t in route_tokens(text)))


def path_words(path: str, named_index: bool = False) -> str:
    """The path as words: directories and file name, without `.md`, `README` or `index`.

    An index the bank names by its own file name (`index-files`) contributes only its folders:
    its file name says "index", not what the documents are about.
    """
    stem = path[:-3] if path.endswith(".md") else path
    folders = stem.split("/")
    if named_index and len(folders) > 1:
        folders = folders[:-1]
    parts = [p for p in folders if p.lower() not in _PATH_NOISE]
    return " ".join(parts) if parts else posixpath.basename(stem)


def header_of(doc: Document) -> Header:
    keys = tuple((key, stems) for key in doc.canonical_for if (stems := _stems(key)))
    sections = tuple((s.title, _stems(s.title)) for s in doc.sections)
    return Header(
        keys, _stems(doc.purpose), _stems(doc.title), sections, _stems(path_words(doc.path, doc.named_index))
    )


FIELDS = "kptsf"  # the fields a header posts under, each as `field:stem`


def header_terms(header: Header) -> dict[str, int]:
    """The `field:stem` terms one document posts (the value is unused)."""
    terms: dict[str, int] = {}
    for field, groups in (
        ("k", [s for _, s in header.keys]),
        ("p", [header.purpose]),
        ("t", [header.title]),
        ("s", [s for _, s in header.sections]),
        ("f", [header.path]),
    ):
        for stems in groups:
            for stem in stems:
                terms[f"{field}:{stem}"] = 1
    return terms


def is_index_page(path: str, doc: Document) -> bool:
    """A folder's annotated list of its pages: an index by the bank's `index-files` or
    `doc_function: index`, and a `README.md` or `index.md` in any bank."""
    return doc.is_index or posixpath.basename(path) in ("README.md", "index.md")


def _package_statuses(docs: dict[str, Document]) -> dict[str, str]:
    """`delivery_status` of every delivery document, inherited from its package when unset.

    A feature package's README, protocol, plan and QA artifacts rarely carry the status; the
    brief or feature document does. Without inheritance a done feature's own document is halved
    while its README and protocol are not, so they outrank it for questions about the feature.
    """
    by_folder: dict[str, str] = {}
    for path, doc in docs.items():
        if doc.layer == "delivery" and doc.delivery_status:
            folder = posixpath.dirname(path)
            if folder not in by_folder or doc.doc_function == "canonical":
                by_folder[folder] = doc.delivery_status
    statuses = {}
    for path, doc in docs.items():
        if doc.layer != "delivery":
            continue
        status = doc.delivery_status
        folder = posixpath.dirname(path)
        while not status and "/" in folder:
            status = by_folder.get(folder)
            folder = posixpath.dirname(folder)
        if status:
            statuses[path] = status
    return statuses


def _parents(docs: dict[str, Document], index_pages: set[str], excluded: set[str]) -> dict[str, list[str]]:
    """Every page an index page links inside its own folder (or below), with the index pages
    that link it: the pages a section's index stands for (`route_folder`)."""
    parents: dict[str, list[str]] = {}
    for page in sorted(index_pages - excluded):
        folder = posixpath.dirname(page)
        inside = f"{folder}/" if folder else ""
        for link in docs[page].links:
            target = link.target.resolved
            if (
                target
                and target != page
                and target.startswith(inside)
                and target in docs
                and target not in excluded
            ):
                found = parents.setdefault(target, [])
                if page not in found:
                    found.append(page)
    return parents


def _mean_lengths(headers: dict[str, Header], excluded: set[str]) -> dict[str, float]:
    """The mean length in stems of a non-empty purpose and of a heading over the routable documents."""
    found: dict[str, list[int]] = {"p": [], "s": []}
    for path, header in headers.items():
        if path in excluded:
            continue
        if header.purpose:
            found["p"].append(len(header.purpose))
        found["s"].extend(len(stems) for _, stems in header.sections if stems)
    return {name: sum(lengths) / len(lengths) for name, lengths in found.items() if lengths}


class HeaderIndex:
    """Postings of header stems by field, the vocabulary of stems, and per-document `Header`s."""

    def __init__(self) -> None:
        self._docs: dict[str, Document] = {}
        self.headers: dict[str, Header] = {}
        self._postings = Postings("B", on_new_term=self._new_term)
        self._stems: set[str] = set()
        self._sorted: list[str] | None = None
        self.closed: dict[str, str] = {}
        self.excluded: set[str] = set()  # templates and inbox: never routed
        self.index_pages: set[str] = set()  # a folder's README.md / index.md, or doc_function: index
        self.parents: dict[str, list[str]] = {}  # page → the index pages of its folders that link it
        self.linked: Counter[str] = Counter()  # index page → how many pages of its folders it links
        self.children: dict[str, set[str]] = {}  # index page → those pages (`parents` turned round)
        self.mean_lengths: dict[str, float] = {}  # "p" purpose, "s" heading → mean stems (`route_score`)
        self.generation = 0
        self.weight_cache: dict[tuple[int, bool], tuple] = {}  # route's weights, per tuning and intent
        self._pairs: dict[str, list[Entry]] = {}
        self.mined: list[Entry] = []  # the bank's own bilingual pairs (`mined`)
        self._acronyms: dict[str, list[acronyms.Entry]] = {}
        self.acronyms: acronyms.Table = {}  # the built-in acronyms and the bank's own (`acronyms`)
        self._snapshot = Snapshot()
        self.touched_total = 0  # documents (re)indexed over this object's life: when to store it
        self.saved_at: int | None = None  # `touched_total` when last stored or restored (`snapshot`)

    def _new_term(self, term: str) -> None:
        stem = term[2:]
        if stem not in self._stems:
            self._stems.add(stem)
            self._sorted = None

    def update(self, bank: Bank) -> int:
        """Re-read the headers of new and changed documents, forget removed ones."""
        if self._snapshot.unchanged(bank):
            return 0
        touched = 0
        with progress.task("indexing headers", len(bank.docs)) as tick:
            for path, doc in bank.docs.items():
                if self._docs.get(path) is not doc:
                    header = header_of(doc)
                    self._postings.add(path, header_terms(header))
                    self._docs[path], self.headers[path] = doc, header
                    self._pairs[path] = mined.pairs(doc)
                    self._acronyms[path] = mined.acronyms(doc)
                    touched += 1
                    if not touched & 127:
                        tick(touched)
        if len(self._docs) != len(bank.docs):
            for path in [p for p in self._docs if p not in bank.docs]:
                self._postings.drop(path)
                del self._docs[path], self.headers[path], self._pairs[path], self._acronyms[path]
                touched += 1
        if touched:
            self.settle()
            if self._postings.compact_if_needed() is not None:
                self._stems = {term[2:] for term in self._postings.terms()}
                self._sorted = None
        self._snapshot.take(bank)
        self.touched_total += touched
        return touched

    def settle(self) -> None:
        """Recompute what spans documents: package statuses, the never-routed set, mined pairs."""
        self.generation += 1
        self.closed = _package_statuses(self._docs)
        self.excluded = {p for p, d in self._docs.items() if d.is_template or d.layer == "inbox"}
        self.index_pages = {p for p, d in self._docs.items() if is_index_page(p, d)}
        self.parents = _parents(self._docs, self.index_pages, self.excluded)
        self.linked = Counter(parent for found in self.parents.values() for parent in found)
        self.children = {}
        for page, found in self.parents.items():
            for parent in found:
                self.children.setdefault(parent, set()).add(page)
        self.mean_lengths = _mean_lengths(self.headers, self.excluded)
        # in path order, whatever order the documents were indexed in: a word keeps its first
        # senses only (`lang.MAX_SENSES`), and an index restored from the cache indexes a new
        # document last, where a fresh build meets it in its place (the two answered apart)
        kept = (found for p, found in sorted(self._pairs.items()) if p not in self.excluded)
        self.mined = list(dict.fromkeys(entry for found in kept for entry in found))
        spelled = (
            entry for p, found in sorted(self._acronyms.items()) if p not in self.excluded for entry in found
        )
        self.acronyms = acronyms.with_spelled(spelled)

    def __len__(self) -> int:
        return len(self._docs)

    def documents(self, field: str, stem: str) -> list[str]:
        """Paths of the live documents whose `field` holds `stem`."""
        return self._postings.holders(f"{field}:{stem}")

    def related(self, stem: str, min_prefix: int) -> list[tuple[str, bool]]:
        """Header stems matching `stem`: itself (exact), and stems one is a prefix of the other.

        Prefix pairs need both stems at least `min_prefix` long (W8: `pr`, `go`, `ci` must not
        prefix-match `problem`, `goal`, `city`).
        """
        found = [(stem, True)] if stem in self._stems else []
        if len(stem) >= min_prefix:  # longer stems, bounded (`postings.derivations`)
            found += [(longer, False) for longer in derivations(self._vocabulary(), stem, stem.__ne__)]
            for size in range(min_prefix, len(stem)):
                if stem[:size] in self._stems:
                    found.append((stem[:size], False))
        if self._postings.dead:  # a stem only gone documents held is stored until compaction
            found = [item for item in found if self._live(item[0])]
        return found

    def _live(self, stem: str) -> bool:
        return any(f"{field}:{stem}" in self._postings for field in FIELDS)

    def _vocabulary(self) -> list[str]:
        if self._sorted is None:
            self._sorted = sorted(self._stems)
        return self._sorted


_indexes: weakref.WeakKeyDictionary[Bank, HeaderIndex] = weakref.WeakKeyDictionary()


def header_index_for(bank: Bank) -> HeaderIndex:
    """The one header index of a bank object, kept in step with it by `update` before each use."""
    index = _indexes.get(bank)
    if index is None:
        from .snapshot import restored_headers

        index = _indexes[bank] = restored_headers(bank) or HeaderIndex()
    index.update(bank)
    return index
