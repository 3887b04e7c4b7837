"""An incremental inverted index over document bodies, shared by `bank_search` and `bank_route`.

Why incremental by object identity: `Bank.refresh()` replaces a `Document` object exactly when its
file's mtime or size moved, so comparing the objects we indexed with the bank's current ones finds
what to re-read without touching the disk. Postings live in the compact `Postings` store.
"""

from __future__ import annotations

import math
from bisect import bisect_left
from collections.abc import Iterable

from memorybank_lint.bank import Bank
from memorybank_lint.document import Document

from .lang import fragments, normal, search_tokens
from .postings import Postings
from .stemmer import is_cyrillic

K1 = 1.2
B = 0.75
MIN_PREFIX_STEM = 5  # shorter stems expand by equality only: `план` must not reach `планшет`


def body_of(doc: Document) -> str:
    """The text after the frontmatter (the whole text when there is none)."""
    if doc.body_line <= 1:
        return doc.text
    parts = doc.text.split("\n", doc.body_line - 1)
    return parts[-1] if len(parts) == doc.body_line else ""


def index_terms(text: str) -> list[str]:
    """Every indexed occurrence in `text`: each token, plus the fragments of compound tokens."""
    terms = []
    for token in search_tokens(text):
        terms.append(token)
        terms.extend(fragments(token))
    return terms


class BodyIndex:
    """Body postings (term → occurrence counts), document lengths and the vocabulary's stem families."""

    def __init__(self) -> None:
        self._docs: dict[str, Document] = {}
        self._postings = Postings("H", on_new_term=self._new_term)
        self._lengths: dict[str, int] = {}
        self._families: dict[str, set[str]] = {}
        self._sorted: list[str] | None = None
        self._total_length = 0
        self._norm_key: tuple[int, float] | None = None
        self._norm_cache: list[float] = []

    # -- keeping in step with the bank ------------------------------------------------------
    def update(self, bank: Bank) -> int:
        """Index new and changed documents, forget removed ones; return how many were touched."""
        touched = 0
        docs = bank.docs
        for path, doc in docs.items():
            if self._docs.get(path) is not doc:
                self._add(path, doc)
                touched += 1
        if len(self._docs) != len(docs):
            for path in [p for p in self._docs if p not in docs]:
                self._drop(path)
                touched += 1
        if touched and self._postings.compact_if_needed() is not None:
            self._families = {}
            for term in self._postings.terms():
                self._new_term(term)
        return touched

    def _new_term(self, term: str) -> None:
        self._families.setdefault(normal(term), set()).add(term)
        self._sorted = None

    def _add(self, path: str, doc: Document) -> None:
        self._drop(path)
        counts: dict[str, int] = {}
        terms = index_terms(body_of(doc)) if doc.text else []
        for term in terms:
            counts[term] = counts.get(term, 0) + 1
        self._postings.add(path, counts)
        self._docs[path] = doc
        self._lengths[path] = len(terms)
        self._total_length += len(terms)

    def _drop(self, path: str) -> None:
        if path in self._docs:
            del self._docs[path]
            self._total_length -= self._lengths.pop(path)
            self._postings.drop(path)

    # -- lookups ----------------------------------------------------------------------------
    def __contains__(self, term: str) -> bool:
        return term in self._postings

    @property
    def size(self) -> int:
        return len(self._docs)

    def postings(self, term: str) -> Iterable[tuple[str, int]]:
        """`(path, count)` for every live document containing `term`."""
        return self._postings.get(term)

    def family(self, word: str) -> set[str]:
        """Indexed tokens with the same stem as `word`, plus derivations of a long stem.

        The prefix step is what the reference skipped whenever the bare stem was itself a token
        (W16): `конфигурац` reaches `конфигурационный` even though `конфигурация` is indexed.
        Compound identifiers are left out of the prefix step; their fragments are posted anyway.
        """
        root = normal(word)
        found = set(self._families.get(root, ()))
        if len(root) >= MIN_PREFIX_STEM and (is_cyrillic(root) or root.isalpha()):
            vocab = self._vocabulary()
            i = bisect_left(vocab, root)
            while i < len(vocab) and vocab[i].startswith(root):
                token = vocab[i]
                if "-" not in token and "_" not in token and len(token) - len(root) <= 8:
                    found.add(token)
                i += 1
        return found

    def _vocabulary(self) -> list[str]:
        if self._sorted is None:
            self._sorted = sorted(self._postings.terms())
        return self._sorted

    def bm25(self, concepts: list[dict[str, float]]) -> tuple[dict[str, float], dict[str, int], list[set]]:
        """BM25 (k1 1.2, b 0.75) of every document, one query term per concept.

        A concept maps indexed tokens to how much one occurrence counts (1.0 for the word's own
        family, less for a translation), so all inflections share one document frequency.
        Returns the scores, a bit mask per document of the concepts its body holds, and the set
        of documents holding each concept. Works on integer ids in the inner loops, and builds
        a single-term concept's frequencies in one C-level `dict(zip(...))`: this runs over every
        posting of common words on large banks.
        """
        paths = self._postings.paths
        total = max(1, len(self._docs))
        norms = self._norms(max(1.0, self._total_length / total))
        scores: dict[int, float] = {}
        masks: dict[int, int] = {}
        holders: list[set[str]] = []
        for position, forms in enumerate(concepts):
            tf = self._frequencies(forms)
            if len(tf) != sum(1 for i in tf if paths[i] is not None):
                tf = {i: f for i, f in tf.items() if paths[i] is not None}
            holders.append({paths[i] for i in tf})
            if not tf:
                continue
            idf = math.log(1 + (total - len(tf) + 0.5) / (len(tf) + 0.5))
            scale = idf * (K1 + 1)
            bit = 1 << position
            get_score, get_mask = scores.get, masks.get
            for doc_id, freq in tf.items():
                scores[doc_id] = get_score(doc_id, 0.0) + scale * freq / (freq + norms[doc_id])
                masks[doc_id] = get_mask(doc_id, 0) | bit
        return (
            {paths[i]: value for i, value in scores.items()},
            {paths[i]: value for i, value in masks.items()},
            holders,
        )

    def _frequencies(self, forms: dict[str, float]) -> dict[int, float]:
        """Weighted occurrence counts of a concept's forms per document id."""
        tf: dict[int, float] = {}
        for term, weight in sorted(forms.items(), key=lambda item: -item[1]):
            found = self._postings.raw(term)
            if found is None:
                continue
            if not tf and weight == 1.0:
                tf = dict(zip(found[0], map(float, found[1]), strict=True))
                continue
            get = tf.get
            for doc_id, count in zip(found[0], found[1], strict=True):
                tf[doc_id] = get(doc_id, 0.0) + count * weight
        return tf

    def _norms(self, average: float) -> list[float]:
        """`k1 · (1 − b + b · length / average)` per document id, recomputed when ids change."""
        key = (len(self._postings.paths), average)
        if self._norm_key != key:
            ids = self._postings.ids
            norms = [K1] * len(self._postings.paths)
            for path, doc_id in ids.items():
                norms[doc_id] = K1 * (1 - B + B * self._lengths[path] / average)
            self._norm_cache, self._norm_key = norms, key
        return self._norm_cache
