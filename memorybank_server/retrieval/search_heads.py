"""What `bank_search` shows and adds besides body hits: header bonuses and the excerpt line.

Why an inverted index of titles and purposes: the bonuses depend on how many query words a header
holds. On a large bank the pool of matching bodies runs into thousands, so counting per document
costs more than the search budget; counting from token → documents costs only as much as the
header words that actually match.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from math import fsum

from memorybank_lint.document import Document

from .body_index import body_of
from .lang import fold, fragments, search_tokens

EXCERPT_MAX = 240
EXCERPT_SLICE = 16_384  # characters of a body folded and scanned at a time (`excerpt_of`)


def _tokens(folded: str) -> set[str]:
    tokens = set(search_tokens(folded))
    for token in list(tokens):
        tokens.update(fragments(token))
    return tokens


class HeadIndex:
    """Per document: folded title and purpose; per field: token → documents holding it."""

    def __init__(self) -> None:
        self._folded: dict[str, tuple[str, str]] = {}
        self._tokens: dict[str, tuple[set[str], set[str]]] = {}
        self._index: dict[str, dict[str, set[str]]] = {"t": {}, "p": {}}

    def add(self, path: str, doc: Document) -> None:
        self.drop(path)
        title, purpose = fold(doc.title), fold(doc.purpose)
        tokens = (_tokens(title), _tokens(purpose))
        self._folded[path] = (title, purpose)
        self._tokens[path] = tokens
        for name, found in zip(("t", "p"), tokens, strict=True):
            index = self._index[name]
            for token in found:
                index.setdefault(token, set()).add(path)

    def drop(self, path: str) -> None:
        tokens = self._tokens.pop(path, None)
        if tokens is None:
            return
        del self._folded[path]
        for name, found in zip(("t", "p"), tokens, strict=True):
            index = self._index[name]
            for token in found:
                holders = index.get(token)
                if holders is not None:
                    holders.discard(path)
                    if not holders:
                        del index[token]

    def folded(self, path: str) -> tuple[str, str]:
        """The folded title and purpose of a document."""
        return self._folded.get(path, ("", ""))

    def held(self, field: str, concepts: Iterable[Iterable[str]], pool: Iterable[str]) -> dict[str, int]:
        """For documents of `pool`: how many concepts (each a set of forms) `field` holds."""
        index = self._index[field]
        wanted = set(pool)
        counts: dict[str, int] = {}
        for forms in concepts:
            holders: set[str] = set()
            for form in forms:
                found = index.get(form)
                if found:
                    holders |= found
            for path in holders & wanted:
                counts[path] = counts.get(path, 0) + 1
        return counts


# A word's characters are the index's own (`lang`: a–z, 0–9, Cyrillic): `é` in `café` ends the
# indexed word `caf`, so it must end a word here too, or the excerpt finds no line for the hit.
_WORD_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789") | frozenset(map(chr, range(0x400, 0x500)))


def _is_word(char: str) -> bool:
    return char in _WORD_CHARS


_WORD_RUN = re.compile(r"[a-z0-9\u0400-\u04ff]+")  # the characters `_is_word` accepts
MANY_ROOTS = 64  # forms found by one pass over the text's words rather than a scan per root


def _occurrences(folded: str, terms: Iterable[str]) -> list[tuple[int, str]]:
    """(offset, term) for every occurrence of a term on word edges, in text order.

    Why not one `find` loop per term: a query word brings a dozen forms (`backup`, `backups`,
    `backuped`, …), and a long document was scanned once for each. A form that another form
    starts with is found by that form's scan: the whole word at each hit is read in C and kept
    when it is one of the forms. Forms with `-` or `_` (compound identifiers) are scanned alone.
    A word whose forms have more than `MANY_ROOTS` roots (a bank can hold thousands of tokens
    sharing a prefix) is found in one pass over the words instead.
    """
    plain = {t for t in terms if _WORD_RUN.fullmatch(t)}
    roots = [t for t in plain if not any(t[:k] in plain for k in range(1, len(t)))]
    found: list[tuple[int, str]] = []
    size = len(folded)
    if len(roots) > MANY_ROOTS:  # one pass over the words beats a scan per root
        found = [(m.start(), word) for m in _WORD_RUN.finditer(folded) if (word := m.group()) in plain]
        roots = []
    for root in roots:
        at = folded.find(root)
        while at >= 0:
            if at == 0 or not _is_word(folded[at - 1]):
                end = at + len(root)
                if end == size or not _is_word(folded[end]):
                    found.append((at, root))
                elif (word := _WORD_RUN.match(folded, at).group()) in plain:  # type: ignore[union-attr]
                    found.append((at, word))
            at = folded.find(root, at + 1)
    for term in terms:
        if term in plain:
            continue
        at = folded.find(term)
        while at >= 0:
            end = at + len(term)
            if (at == 0 or not _is_word(folded[at - 1])) and (end == size or not _is_word(folded[end])):
                found.append((at, term))
            at = folded.find(term, at + 1)
    found.sort()
    return found


def excerpt_of(doc: Document, concepts: list[dict[str, float]]) -> tuple[str, int]:
    """The body line holding the most query words in any form, and its 1-based file line.

    Every form counts — typed, inflected, translated, fragment — so a document found only through
    an inflection still shows where (W18). A line scores the sum over query words of the best
    form it holds; headings score 0.9 so that content wins ties, and among equals the first
    line wins. Forms are located on the folded body and kept only on word edges (`-` and `_`
    are edges, so fragments are found inside compound identifiers).

    Why in slices: the documents holding a word most often are the longest, a search shows ten
    of them, and folding and scanning 100 KB costs a millisecond or more each. The body is read
    `EXCERPT_SLICE` characters at a time, and reading stops at the first line that holds every
    query word in its best form: no later line can score more.
    """
    weights: dict[str, list[tuple[int, float]]] = {}
    for position, forms in enumerate(concepts):
        for term, weight in forms.items():
            weights.setdefault(term, []).append((position, weight))
    ceiling = fsum(max(forms.values()) for forms in concepts if forms)
    lines = body_of(doc).split("\n")
    best, best_index = 0.0, -1
    start = 0
    while start < len(lines) and best < ceiling:
        stop, size = start, 0
        while stop < len(lines) and size < EXCERPT_SLICE:
            size += len(lines[stop]) + 1
            stop += 1
        for index, score in _line_scores(lines[start:stop], weights):
            if lines[start + index].lstrip().startswith("#"):
                score *= 0.9
            if score > best:
                best, best_index = score, start + index
        start = stop
    if best_index < 0:
        return "", 0
    excerpt = lines[best_index].strip()
    if len(excerpt) > EXCERPT_MAX:
        excerpt = excerpt[: EXCERPT_MAX - 3] + "..."
    return excerpt, doc.body_line + best_index


def _line_scores(lines: list[str], weights: dict[str, list[tuple[int, float]]]) -> list[tuple[int, float]]:
    """(line index, score) for the lines of `lines` holding a form, in order (see `excerpt_of`)."""
    text = "\n".join(lines)
    folded = fold(text)
    if len(folded) != len(text):  # a character changed length when lower-cased: keep lines aligned
        folded = "\n".join(fold(line) for line in lines)
    per_line: dict[int, dict[int, float]] = {}
    line, counted = 0, 0
    for at, term in _occurrences(folded, weights.keys()):
        line += folded.count("\n", counted, at)
        counted = at
        held = per_line.setdefault(line, {})
        for position, weight in weights[term]:
            held[position] = max(held.get(position, 0.0), weight)
    return [(index, fsum(held.values())) for index, held in sorted(per_line.items())]
