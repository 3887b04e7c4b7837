"""Compact, incrementally updatable postings: term → (document ids, one integer per document).

Why this shape: the body index of a 10,000-document bank holds ~1.6 million (term, document)
pairs, and the header index a few hundred thousand. As dicts of dicts that costs well over 100 MB;
as two `array`s per term it is about 10 MB. Arrays cannot cheaply forget one document, so a
re-indexed document gets a fresh id, the old id is marked dead and skipped when reading, and
everything is rewritten once dead ids outnumber live ones.

A store made with `masks=True` keeps a third array: one 64-bit mask per posting, which the body
index uses to say in which passages of the document the term occurs (`passages`).
"""

from __future__ import annotations

from array import array
from bisect import bisect_left
from collections.abc import Callable, Iterator

PREFIX_SCAN = 4096  # words of a sorted vocabulary looked at for the derivations of one stem
PREFIX_KEEP = 64  # derivations of one stem kept, the shortest first


def derivations(vocabulary: list[str], root: str, taken: Callable[[str], bool]) -> list[str]:
    """The words of the sorted `vocabulary` that extend `root` and `taken` accepts: of the first
    `PREFIX_SCAN` after it, the `PREFIX_KEEP` shortest, in the vocabulary's order.

    Why bounded: a real stem has a handful of derivations, and a page of 180,000 made-up words
    sharing one prefix made every question word of that stem expand to all of them (a search took
    20 s; 20,000 headings `## instanceXXXXX …` held every route 150 times longer).
    """
    start = bisect_left(vocabulary, root)
    found = []
    for word in vocabulary[start : start + PREFIX_SCAN]:
        if not word.startswith(root):
            break
        if taken(word):
            found.append(word)
    if len(found) > PREFIX_KEEP:
        kept = set(sorted(found, key=lambda w: (len(w), w))[:PREFIX_KEEP])
        found = [word for word in found if word in kept]
    return found


class Postings:
    """Documents (by path) posting integer values under terms; `typecode` sizes the values."""

    def __init__(
        self, typecode: str = "I", on_new_term: Callable[[str], None] | None = None, masks: bool = False
    ) -> None:
        self._typecode = typecode
        self._masks = masks
        self._on_new_term = on_new_term
        self.paths: list[str | None] = []
        self.ids: dict[str, int] = {}
        self._terms: dict[str, tuple[array, ...]] = {}
        self._dead = 0

    def __contains__(self, term: str) -> bool:
        """Whether a live document posts `term`. A term whose every holder was re-indexed or
        removed stays stored until the next compaction, and must not count as known meanwhile:
        search would take a word no body holds any more for a word of the bank."""
        found = self._terms.get(term)
        if found is None:
            return False
        if not self._dead:
            return True
        paths = self.paths
        return any(paths[doc_id] is not None for doc_id in found[0])

    def __len__(self) -> int:
        return len(self.ids)

    @property
    def dead(self) -> int:
        """How many dead ids the arrays still hold."""
        return self._dead

    def terms(self) -> list[str]:
        return list(self._terms)

    def _empty(self) -> tuple[array, ...]:
        if self._masks:
            return array("I"), array(self._typecode), array("Q")
        return array("I"), array(self._typecode)

    def add(self, path: str, values: dict[str, int], masks: dict[str, int] | None = None) -> int:
        """Post `values` (and, in a mask store, `masks`) for `path`, dropping what it posted
        before; return its new id."""
        self.drop(path)
        doc_id = len(self.paths)
        self.paths.append(path)
        self.ids[path] = doc_id
        cap = (1 << (8 * array(self._typecode).itemsize)) - 1
        stored = self._terms
        with_masks = self._masks
        for term, value in values.items():
            posting = stored.get(term)
            if posting is None:
                posting = stored[term] = self._empty()
                if self._on_new_term is not None:
                    self._on_new_term(term)
            posting[0].append(doc_id)
            posting[1].append(value if value <= cap else cap)
            if with_masks:
                posting[2].append(masks.get(term, 0) if masks else 0)
        return doc_id

    def drop(self, path: str) -> None:
        doc_id = self.ids.pop(path, None)
        if doc_id is not None:
            self.paths[doc_id] = None
            self._dead += 1

    def get(self, term: str) -> Iterator[tuple[str, int]]:
        """`(path, value)` for every live document posting `term`."""
        found = self._terms.get(term)
        if found is None:
            return
        paths = self.paths
        for doc_id, value in zip(found[0], found[1], strict=True):
            path = paths[doc_id]
            if path is not None:
                yield path, value

    def holders(self, term: str) -> list[str]:
        """The paths of the live documents posting `term`, read in C (no per-posting Python step)."""
        found = self._terms.get(term)
        if found is None:
            return []
        paths = list(map(self.paths.__getitem__, found[0]))
        return [path for path in paths if path is not None] if self._dead else paths

    def raw(self, term: str) -> tuple[array, ...] | None:
        """The stored arrays of `term`: ids (sorted; may be dead: check `paths[id] is not None`),
        values, and in a mask store the masks."""
        return self._terms.get(term)

    def compact_if_needed(self) -> dict[int, int] | None:
        """Rewrite without dead ids when they outnumber live ones; return old → new ids if so."""
        if self._dead <= max(1000, len(self.ids)):
            return None
        remap: dict[int, int] = {}
        paths: list[str | None] = []
        for old, path in enumerate(self.paths):
            if path is not None:
                remap[old] = len(paths)
                paths.append(path)
        terms: dict[str, tuple[array, ...]] = {}
        for term, arrays in self._terms.items():
            fresh = self._empty()
            for position, doc_id in enumerate(arrays[0]):
                new = remap.get(doc_id)
                if new is not None:
                    fresh[0].append(new)
                    for source, target in zip(arrays[1:], fresh[1:], strict=True):
                        target.append(source[position])
            if fresh[0]:
                terms[term] = fresh
        self.paths, self._terms = paths, terms
        self.ids = {path: i for i, path in enumerate(paths) if path is not None}
        self._dead = 0
        return remap
