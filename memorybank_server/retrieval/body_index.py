"""An incremental inverted index over document bodies, shared by `bank_search` and `bank_route`.

Why incremental by object identity: `Bank.refresh()` replaces a `Document` object exactly when its
file's mtime or size moved, so comparing the objects we indexed with the bank's current ones finds
what to re-read without touching the disk. Postings live in the compact `Postings` store.
"""

from __future__ import annotations

import heapq
import math
from array import array
from bisect import bisect_left
from collections import Counter, OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass

from memorybank_lint import progress
from memorybank_lint.bank import Bank
from memorybank_lint.document import Document

from . import passages, translit
from .lang import fold, folded_tokens, fragments, normal
from .postings import Postings, derivations
from .ranking import Snapshot
from .stemmer import is_cyrillic

K1 = 1.2
B = 0.75
FACTOR_CACHE_POSTINGS = 300_000  # BM25 factors kept unpacked between queries (about 20 MB at most)
MIN_PREFIX_STEM = 5  # shorter stems expand by equality only: `план` must not reach `планшет`


def body_of(doc: Document) -> str:
    """The text after the frontmatter (the whole text when there is none)."""
    if doc.body_line <= 1:
        return doc.text
    parts = doc.text.split("\n", doc.body_line - 1)
    return parts[-1] if len(parts) == doc.body_line else ""


def index_terms(text: str) -> list[str]:
    """Every indexed occurrence in `text`: each token, plus the fragments of compound tokens."""
    return _terms(fold(text))


def _terms(folded: str) -> list[str]:
    terms = folded_tokens(folded)
    if "-" in folded or "_" in folded:
        terms += [part for token in terms if "-" in token or "_" in token for part in fragments(token)]
    return terms


@dataclass
class Evidence:
    """Body evidence for one query: BM25 per document id, the documents holding each concept, and
    each concept's postings (ids and passage masks) for finding a document's best passage."""

    scores: list[float]  # per document id; 0.0 when the body holds none of the words
    holders: list[set[int]]
    ids: dict[str, int]
    paths: list[str | None]
    postings: list[list[tuple]]
    terms: list[list[str]]  # per concept, the indexed words `postings` holds, in the same order

    def held_words(self, path: str) -> list[str | None]:
        """Per concept, the first of its words (the question's own form first) the body holds.

        Why: a reason names what the page says (`repair`, `ТЗ`), not the question word that
        reached it through a translation or an acronym.
        """
        doc_id = self.ids.get(path)
        found: list[str | None] = []
        for position, arrays_list in enumerate(self.postings):
            word = None
            if doc_id is not None and doc_id in self.holders[position]:
                for term, (ids, _) in zip(self.terms[position], arrays_list, strict=True):
                    at = bisect_left(ids, doc_id)
                    if at < len(ids) and ids[at] == doc_id:
                        word = term
                        break
            found.append(word)
        return found

    def passages(self, path: str) -> list[int]:
        """Per concept, the mask of the document's passages holding any of its forms."""
        doc_id = self.ids.get(path)
        result = []
        for position, arrays_list in enumerate(self.postings):
            mask = 0
            if doc_id is not None and doc_id in self.holders[position]:
                for ids, masks in arrays_list:
                    at = bisect_left(ids, doc_id)
                    if at < len(ids) and ids[at] == doc_id:
                        mask |= masks[at]
            result.append(mask)
        return result

    def score(self, path: str) -> float:
        doc_id = self.ids.get(path)
        return 0.0 if doc_id is None else self.scores[doc_id]

    def mask(self, path: str) -> int:
        """Bit `i` set when the body holds concept `i`."""
        doc_id = self.ids.get(path)
        if doc_id is None:
            return 0
        return sum(1 << i for i, held in enumerate(self.holders) if doc_id in held)

    def best(self, count: int, allowed) -> list[tuple[str, float]]:
        """The `count` best-scoring allowed documents, best first, equal scores in path order.

        Why path order: a document's id is the order it was indexed in, which for an index kept
        in step with edits (a server's, or one restored from the cache) is not the order a fresh
        index gives; ties broken by id made a warm server route otherwise than a fresh run.
        """
        scores = self.scores
        ranked = heapq.nlargest(count * 2 + 10, range(len(scores)), key=scores.__getitem__)
        found = self._allowed(self._in_order(self._with_ties(ranked)), allowed)
        if len(found) < count and len(ranked) < len(scores) and scores[ranked[-1]]:  # more may match
            found = self._allowed(self._in_order(range(len(scores))), allowed)
        return found[:count]

    def _with_ties(self, ranked: list[int]) -> list[int]:
        """`ranked` and every other document scoring as its last one: which of equal scores made
        the cut must not depend on the order documents were indexed in."""
        scores = self.scores
        if not ranked or len(ranked) == len(scores):
            return ranked
        floor = scores[ranked[-1]]
        if not floor:  # documents scoring nothing are never shown, so none of them is missed
            return ranked
        if scores.count(floor) == sum(1 for i in ranked if scores[i] == floor):
            return ranked
        return [*(i for i in ranked if scores[i] != floor), *(i for i, s in enumerate(scores) if s == floor)]

    def _in_order(self, ids) -> list[tuple[int, float]]:
        """The scoring ids of `ids` with their scores, best first, equal scores by path."""
        scores, paths = self.scores, self.paths
        return sorted(
            ((i, scores[i]) for i in ids if scores[i]), key=lambda row: (-row[1], paths[row[0]] or "")
        )

    def _allowed(self, ranked: list[tuple[int, float]], allowed) -> list[tuple[str, float]]:
        paths = self.paths
        return [(paths[i], s) for i, s in ranked if paths[i] is not None and allowed(paths[i])]


class BodyIndex:
    """Body postings (term → occurrence counts), document lengths and the vocabulary's stem families."""

    def __init__(self) -> None:
        self._docs: dict[str, Document] = {}
        self._postings = Postings("H", on_new_term=self._new_term, masks=True)
        self._lengths: dict[str, int] = {}
        self._families: dict[str, set[str]] = {}
        self._sorted: list[str] | None = None
        self._total_length = 0
        self._norm_key: tuple[int, float] | None = None
        self._norm_cache: list[float] = []
        self._factor_cache: OrderedDict[str, tuple[tuple[int, float], list[int], list[float]]] = OrderedDict()
        self._factor_postings = 0  # postings the cache holds, kept under FACTOR_CACHE_POSTINGS
        self._snapshot = Snapshot()
        self._sounds: dict[str, set[str]] | None = None
        self.touched_total = 0  # documents (re)indexed over this object's life: when to store it
        self.saved_at: int | None = None  # `touched_total` when last stored or restored (`snapshot`)

    # -- keeping in step with the bank ------------------------------------------------------
    def update(self, bank: Bank) -> int:
        """Index new and changed documents, forget removed ones; return how many were touched."""
        docs = bank.docs
        if self._snapshot.unchanged(bank):
            return 0
        touched = 0
        with progress.task("indexing bodies", len(docs)) as tick:
            for path, doc in docs.items():
                if self._docs.get(path) is not doc:
                    self._add(path, doc)
                    touched += 1
                    if not touched & 63:
                        tick(touched)
        if len(self._docs) != len(docs):
            for path in [p for p in self._docs if p not in docs]:
                self._drop(path)
                touched += 1
        if touched and self._postings.compact_if_needed() is not None:
            self._families = {}
            for term in self._postings.terms():
                self._new_term(term)
        self._snapshot.take(bank)
        self.touched_total += touched
        return touched

    def _new_term(self, term: str) -> None:
        self._families.setdefault(normal(term), set()).add(term)
        self._sorted = None
        self._sounds = None

    def _add(self, path: str, doc: Document) -> None:
        """Post the document's term counts and, per term, the mask of passages holding it.

        The body is folded once; counting runs in `Counter` and the mask loop only visits each
        passage's distinct terms, which keeps the first build of a large bank close to the cost of
        tokenising it.
        """
        self._drop(path)
        parts = passages.split(fold(body_of(doc))) if doc.text else []
        every: list[str] = []
        masks: dict[str, int] = {}
        get = masks.get
        carried: dict[str, int] = {}  # a table's header row → the passages of its rows
        for position, (_, text, context) in enumerate(parts):
            bit = 1 << passages.bucket(position, len(parts))
            terms = _terms(text)
            every += terms
            for term in set(terms):
                masks[term] = get(term, 0) | bit
            if context:
                carried[context] = carried.get(context, 0) | bit
        for context, bits in carried.items():  # each header read once, however many rows it has
            for term in set(_terms(context)):
                masks[term] = get(term, 0) | bits
        self._postings.add(path, Counter(every), masks)
        self._docs[path] = doc
        self._lengths[path] = len(every)
        self._total_length += len(every)

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
        The step is bounded (`postings.derivations`).
        """
        root = normal(word)
        live = self._postings.__contains__  # a word only a gone document held is no form
        found = set(filter(live, self._families.get(root, ())))
        if len(root) >= MIN_PREFIX_STEM and (is_cyrillic(root) or root.isalpha()):
            found.update(
                derivations(
                    self._vocabulary(),
                    root,
                    lambda t: "-" not in t and "_" not in t and len(t) - len(root) <= 8 and live(t),
                )
            )
        return found

    def sounding(self, word: str) -> list[str]:
        """Indexed words of the other script that sound like `word` (`translit`): `instance` →
        `инстансов`, `пайплайна` → `pipeline`. One word per Russian stem, every English spelling."""
        if self._sounds is None:
            self._sounds = self._sound_map()
        cyrillic = is_cyrillic(word)
        found: set[str] = set()
        spellings = (normal(word), word.lower()) if cyrillic else (word,)
        for key in dict.fromkeys(k for spelling in spellings for k in translit.keys(spelling)):
            found.update(t for t in self._sounds.get(key, ()) if is_cyrillic(t) != cyrillic)
        if self._postings.dead:  # a Russian word stands for its stem: live if any form is
            live = self._postings.__contains__
            found = {t for t in found if any(map(live, self._families.get(normal(t), (t,))))}
        return sorted(found)

    def _sound_map(self) -> dict[str, set[str]]:
        """Sound key → indexed words, built once per vocabulary (a Russian word keyed by its stem
        and its spellings, and found as one word per stem)."""
        sounds: dict[str, set[str]] = {}
        for root, terms in self._families.items():
            if is_cyrillic(root):
                word = min(terms)
                for spelling in (root, *terms):
                    for key in translit.keys(spelling):
                        sounds.setdefault(key, set()).add(word)
            else:
                for term in terms:
                    for key in translit.keys(term):
                        sounds.setdefault(key, set()).add(term)
        return sounds

    def _vocabulary(self) -> list[str]:
        if self._sorted is None:
            self._sorted = sorted(self._postings.terms())
        return self._sorted

    def evidence(self, concepts: list[dict[str, float]]) -> Evidence:
        """BM25 evidence (k1 1.2, b 0.75) for concepts, each a map of indexed token → weight.

        Each token's per-posting BM25 factor `tf·(k1+1)/(tf+norm)` is precomputed once per
        index state, so a query costs one multiply-add per posting, into a list indexed by
        document id (a dictionary costs half as much again on 10,000 documents). A concept's
        inverse document frequency is computed over the union of its tokens (all inflections of a
        word share one), and a document holding several forms of one concept adds their factors.
        """
        paths = self._postings.paths
        total = max(1, len(self._docs))
        average = max(1.0, self._total_length / total)
        scores = [0.0] * len(paths)
        holders: list[set[int]] = []
        postings: list[list[tuple]] = []
        terms: list[list[str]] = []
        for forms in concepts:
            found = [(term, weight, self._postings.raw(term)) for term, weight in forms.items()]
            found = [(term, weight, arrays) for term, weight, arrays in found if arrays is not None]
            unpacked = [(weight, *self._factors(term, arrays, average)) for term, weight, arrays in found]
            held: set[int] = set()
            for _, ids, _ in unpacked:
                held.update(ids)
            if self._postings.dead:
                held = {i for i in held if paths[i] is not None}
            holders.append(held)
            postings.append([(arrays[0], arrays[2]) for _, _, arrays in found])
            terms.append([term for term, _, _ in found])
            if not held:
                continue
            idf = math.log(1 + (total - len(held) + 0.5) / (len(held) + 0.5))
            for weight, ids, factors in unpacked:
                scale = idf * weight
                for doc_id, factor in zip(ids, factors, strict=True):
                    scores[doc_id] += scale * factor
        return Evidence(scores, holders, self._postings.ids, paths, postings, terms)

    def _factors(self, term: str, arrays: tuple, average: float) -> tuple[list[int], list[float]]:
        """The ids posting `term` and `tf·(k1+1)/(tf+norm)` for each, cached until the index
        changes.

        Why lists: the query loop reads every posting, and reading an `array` makes a new Python
        number for each value; the cache keeps them made, for the most recently used terms up to
        `FACTOR_CACHE_POSTINGS` postings in all. The factors are rounded to single precision, as
        they were stored before, so scores do not move.
        """
        key = (len(self._postings.paths), average)
        cached = self._factor_cache.get(term)
        if cached is not None and cached[0] == key:
            self._factor_cache.move_to_end(term)
            return cached[1], cached[2]
        if cached is not None:
            self._factor_postings -= len(cached[1])
        norms = self._norms(average)
        pairs = zip(arrays[0], arrays[1], strict=True)
        factors = array("f", (tf * (K1 + 1) / (tf + norms[i]) for i, tf in pairs)).tolist()
        ids = arrays[0].tolist()
        self._factor_cache[term] = (key, ids, factors)
        self._factor_cache.move_to_end(term)
        self._factor_postings += len(ids)
        while self._factor_postings > FACTOR_CACHE_POSTINGS and len(self._factor_cache) > 1:
            _, (_, dropped, _) = self._factor_cache.popitem(last=False)
            self._factor_postings -= len(dropped)
        return ids, factors

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
