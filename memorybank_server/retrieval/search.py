"""`bank_search`: full-text search of document bodies, in three tiers of evidence.

Why tiers: a word as typed is the strongest evidence (weight 10); the same word inflected or in
the other language is good evidence (6); a piece of a compound identifier is weak (1). Documents
that contain every query word in some form are preferred over partial matches, but the filters
are applied first, so a filtered search never comes back empty while partial matches exist (W17).

`"quoted words"` are a phrase: the quotes are not part of the text, and a body holding each quoted
phrase word for word (on word edges) earns the phrase bonus. Without quotes the whole query is the
phrase, as before.
"""

from __future__ import annotations

import heapq
import re
import weakref
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import compress

from memorybank_lint.bank import Bank
from memorybank_lint.document import Document
from memorybank_lint.quoting import shortened

from ..errors import ToolInputError
from ..read import HEADER_CHARS
from .body_index import BodyIndex, body_of
from .lang import SEARCH_STOP, fold, fragments, lexicon_for, search_tokens
from .ranking import check_filters, check_layer, check_text, eligible, filtered_hint, round_half_up
from .search_heads import HeadIndex, excerpt_of

TYPED, RELATED, FRAGMENT = 10.0, 6.0, 1.0
PHRASE_BONUS, TITLE_BONUS, PURPOSE_BONUS = 25.0, 15.0, 10.0
PARTIAL_SHARE = 0.6  # a title or purpose holding the words, not the whole query, earns 60%
PHRASE_CHECKS = 300
ARCHIVED = 0.3
HINT = (
    "No document body contains these words. Try bank_route for a topic, or fewer or other words "
    "(an identifier, a term as written in the bank)."
)


def _unheld_hint(words: list[str]) -> str:
    """Say which query words no body holds, so a result for the other words is not read as a
    match for them (a ticket or identifier that is not in the bank at all)."""
    named = ", ".join(shortened(word, 40) for word in words[:5]) + (
        f" and {len(words) - 5} more" if len(words) > 5 else ""
    )
    return (
        f"No document body holds {named} as written or in another form; these results match "
        "the other words or pieces of an identifier."
    )


_QUOTED = re.compile(r'["«“„]([^"«»“”„]+)["»”“]')
_QUOTES = re.compile(r'["«»“”„]')


@dataclass
class _Concept:
    """One query word: its forms with their tier weights (the strongest tier wins per form)."""

    typed: str
    forms: dict[str, float] = field(default_factory=dict)

    def add(self, term: str, weight: float) -> None:
        if weight > self.forms.get(term, 0.0):
            self.forms[term] = weight


def _glues(char: str) -> bool:
    """A letter or digit: a phrase next to one is inside a longer word."""
    return "0" <= char <= "9" or "a" <= char <= "z" or "\u0400" <= char <= "\u04ff"


def holds_phrase(text: str, phrase: str) -> bool:
    """Does folded `text` hold `phrase` with no letter or digit glued to either end (W19: `api`
    is not in `Rapid`)?

    Why a `str.find` loop and not a regular expression: a pattern that opens with a look-behind
    gets no literal scan from the engine, which then compared the phrase at every position, so a
    long title or body times a long query cost their product. `str.find` is linear. After an
    occurrence glued to a word, no occurrence on a word edge can start before the phrase's first
    character that is not a letter or digit, so the scan resumes there (past the occurrence for a
    one-word phrase) and overlapping occurrences are not compared again.
    """
    size = len(phrase)
    at = text.find(phrase) if size else -1
    last, skip = len(text), 0
    while at >= 0:
        end = at + size
        if (at == 0 or not _glues(text[at - 1])) and (end == last or not _glues(text[end])):
            return True
        skip = skip or next((i + 1 for i, char in enumerate(phrase) if not _glues(char)), size)
        at = text.find(phrase, at + skip)
    return False


# The blanks a reader reads as one space between two words of a paragraph: spaces and tabs, and
# one line break among them (a blank line parts two paragraphs). Possessive: no backtracking.
_WRAP = r"(?:[ \t]++\n?+[ \t]*+|\n[ \t]*+)"


@lru_cache(maxsize=64)
def _wrapped(phrase: str) -> re.Pattern[str]:
    return re.compile(_WRAP.join(map(re.escape, phrase.split(" "))))


def _wrapped_phrase(body: str, phrase: str) -> bool:
    """Does folded `body` hold `phrase` with other blanks between its words than one space (the
    line break of a page wrapped at a fixed width, `retry` then `budget`, or spaces and tabs),
    on word edges as `holds_phrase` reads them?

    Why: a reader sees such a phrase as one, in one paragraph; a blank line between the words
    still parts them. Read only where the phrase is not found as written, by one pattern that
    starts with the phrase's first word, so the engine scans for it as `str.find` does."""
    if " " not in phrase:
        return False
    pattern, at, last = _wrapped(phrase), 0, len(body)
    while (found := pattern.search(body, at)) is not None:
        start, end = found.span()
        if (start == 0 or not _glues(body[start - 1])) and (end == last or not _glues(body[end])):
            return True
        at = start + 1
    return False


@dataclass
class _Query:
    """A parsed query: its concepts, the whole query (quotes removed), which a title or purpose
    must hold for the full bonus, which forms were typed, and the phrases a body must hold for the
    phrase bonus."""

    concepts: list[_Concept]
    phrase: str
    typed: frozenset[str]
    phrases: tuple[str, ...]


def phrases_of(query: str) -> tuple[str, tuple[str, ...]]:
    """The query without quote marks, and its phrases: the quoted parts when there are any
    (`"retry budget" webhook` → `retry budget`), otherwise the whole query when it has a space."""
    whole = " ".join(fold(_QUOTES.sub(" ", query)).split())
    quoted = tuple(p for part in _QUOTED.findall(query) if (p := " ".join(fold(part).split())))
    if quoted:
        return whole, quoted
    return whole, (whole,) if " " in whole else ()


def _by_hits(paths: list[str], weighted: dict[str, float], first: int) -> Iterator[str]:
    """`paths` by hits, most first: the first `first` from a heap, the rest sorted only if reached."""
    head = heapq.nlargest(first, paths, key=weighted.__getitem__)
    yield from head
    if len(head) < len(paths):
        taken = set(head)
        yield from sorted((p for p in paths if p not in taken), key=weighted.__getitem__, reverse=True)


def _merged(special: list[tuple], plain: Iterator[str], row) -> Iterator[tuple]:
    """Rows best bound first: `special` rows merged with `plain` paths (already in bound order),
    building a plain path's row only when it is reached."""
    special.sort(key=lambda r: (-r[0], r[4]))
    i = 0
    for path in plain:
        current = row(path)
        while i < len(special) and special[i][0] >= current[0]:
            yield special[i]
            i += 1
        yield current
    yield from special[i:]


class SearchIndex(BodyIndex):
    """The body index plus the `bank_search` query; one instance per bank (see `index_for`)."""

    def __init__(self) -> None:
        super().__init__()
        self.heads = HeadIndex()
        self.excluded: set[str] = set()  # templates and inbox: indexed, never returned
        self.archived: set[str] = set()

    def update(self, bank: Bank) -> int:
        """Re-index what changed; recompute the never-returned set when anything did (a layer
        table edit can move any document into the inbox)."""
        touched = super().update(bank)
        if touched:
            self.settle(bank)
        return touched

    def settle(self, bank: Bank) -> None:
        self.excluded = {p for p, d in bank.docs.items() if d.is_template or d.layer == "inbox"}
        self.archived = {p for p, d in bank.docs.items() if d.status == "archived"}

    def _add(self, path: str, doc: Document) -> None:
        super()._add(path, doc)
        self.heads.add(path, doc)

    def _drop(self, path: str) -> None:
        super()._drop(path)
        self.heads.drop(path)

    def parse(self, bank: Bank, query: str) -> _Query:
        """Concepts of the query: each content word with its forms in three tiers."""
        tokens = list(dict.fromkeys(search_tokens(query)))
        content = [t for t in tokens if t not in SEARCH_STOP]
        lexicon = lexicon_for(bank)
        concepts = []
        for token in content or tokens:
            concept = _Concept(token)
            if token in self:
                concept.add(token, TYPED)
                related = self.family(token) - {token}
            else:
                related = self.family(token)
                for part in fragments(token):
                    if part in self:
                        concept.add(part, FRAGMENT)
            for word in lexicon.translations(token):
                related |= self.family(word)
            for term in related:
                concept.add(term, RELATED)
            concepts.append(concept)
        phrase, phrases = phrases_of(query)
        typed = frozenset(t for t in tokens if t in self)
        return _Query(concepts, phrase, typed, phrases)

    def search(
        self,
        bank: Bank,
        query: str,
        limit: int = 10,
        doc_kind: str | None = None,
        layer: str | None = None,
        status: str | None = None,
    ) -> dict:
        """Rank bodies for `query`; see spec/02 §3 and the module docstring for what changed."""
        check_text(query, "query")
        if not isinstance(limit, int) or not 1 <= limit <= 50:
            raise ToolInputError(f"limit must be between 1 and 50, got {limit}.")
        check_layer(layer)
        check_filters(bank, docKind=doc_kind, status=status)
        self.update(bank)
        parsed = self.parse(bank, query)
        weighted, complete = self._hits(parsed.concepts)
        docs = bank.docs
        if doc_kind is None and layer is None and status is None:
            allowed = [p for p in weighted if p not in self.excluded]
        else:
            allowed = [p for p in weighted if p in docs and eligible(docs[p], doc_kind, layer, status)]
        strict = [p for p in allowed if p in complete]
        ranked = self._rank(strict or allowed, weighted, complete, parsed, docs, limit)
        if not ranked:
            filtered = doc_kind is not None or layer is not None or status is not None
            if not filtered or not any(p not in self.excluded for p in weighted):
                return {"results": [], "hint": HINT}
            return {"results": [], "hint": filtered_hint(docKind=doc_kind, layer=layer, status=status)}
        answer: dict = {
            "results": [self._result(docs[p], s, weighted[p], parsed.concepts) for p, s in ranked]
        }
        unheld = [c.typed for c in parsed.concepts if max(c.forms.values(), default=0.0) < RELATED]
        if unheld:
            answer["hint"] = _unheld_hint(unheld)
        return answer

    def _hits(self, concepts: list[_Concept]) -> tuple[dict[str, float], set[str]]:
        """Σ occurrences × tier weight per document, and the documents holding every concept.

        Accumulated into a list indexed by document id straight from the posting arrays (this
        loop runs over every posting of every form; a list costs half of a dictionary here), then
        keyed by path for the live documents that hold any form. Which documents hold a concept
        is a union of the forms' id arrays, in C.
        """
        paths = self._postings.paths
        weighted = [0.0] * len(paths)
        every: set[int] | None = None
        for concept in concepts:
            holders: set[int] = set()
            for term, weight in concept.forms.items():
                found = self._postings.raw(term)
                if found is None:
                    continue
                holders.update(found[0])
                for doc_id, count in zip(found[0], found[1], strict=True):
                    weighted[doc_id] += count * weight
            every = holders if every is None else every & holders
        by_path = {
            path: weighted[doc_id]
            for doc_id in compress(range(len(weighted)), weighted)
            if (path := paths[doc_id]) is not None
        }
        complete = {path for doc_id in every or () if (path := paths[doc_id]) is not None}
        return by_path, complete

    def _rank(self, pool, weighted, complete, parsed: _Query, docs, limit) -> list[tuple[str, float]]:
        """Top `limit` by final score: hits ÷ 10, title and purpose bonuses, phrase bonus.

        The title and purpose bonuses are exact for every pooled document, from the inverted
        title and purpose index. The phrase bonus needs the body, so it is looked for in order of
        the other evidence, only while it could still change the top, and in at most
        `PHRASE_CHECKS` bodies (on real banks the pool is smaller than that).
        """
        count = len(parsed.concepts)
        bonus: dict[str, float] = {}
        for name, full, position in (("t", TITLE_BONUS, 0), ("p", PURPOSE_BONUS, 1)):
            held = self.heads.held(name, [c.forms for c in parsed.concepts], pool)
            for path, number in held.items():
                if number == count and holds_phrase(self.heads.folded(path)[position], parsed.phrase):
                    gain = full
                else:
                    gain = full * PARTIAL_SHARE * number / count
                bonus[path] = bonus.get(path, 0.0) + gain
        multiword = bool(parsed.phrases) and len(parsed.typed) > 0
        archived = self.archived

        def row(path: str) -> tuple[float, float, bool, float, str]:
            factor = ARCHIVED if path in archived else 1.0
            score = (weighted[path] / 10 + bonus.get(path, 0.0)) * factor
            possible = multiword and path in complete
            return score + (PHRASE_BONUS * factor if possible else 0.0), score, possible, factor, path

        # Documents with no header bonus and not archived all share the phrase possibility (the
        # pool is either all-concepts or none is), so their bounds sort exactly as their hits.
        special = [row(p) for p in pool if p in bonus or p in archived]
        plain = [p for p in pool if p not in bonus and p not in archived]
        ordered = _by_hits(plain, weighted, PHRASE_CHECKS + limit)
        best: list[tuple[float, str]] = []
        checks = 0
        for bound, score, possible, factor, path in _merged(special, ordered, row):
            if len(best) >= limit and bound < best[-1][0] - 0.05:
                break
            if possible and checks < PHRASE_CHECKS:
                checks += 1
                body = fold(body_of(docs[path]))
                if all(
                    holds_phrase(body, phrase) or _wrapped_phrase(body, phrase) for phrase in parsed.phrases
                ):
                    score += PHRASE_BONUS * factor
            best.append((round_half_up(score, 1), path))
            best.sort(key=lambda item: (-item[0], item[1]))
            del best[limit:]
        return [(path, score) for score, path in best]

    def _result(self, doc: Document, score: float, weighted: float, concepts: list[_Concept]) -> dict:
        """One result; its header values cut to `HEADER_CHARS`, as its excerpt is to `EXCERPT_MAX`
        (20 documents with 900 KB titles and kinds answered 34 MB)."""
        excerpt, line = excerpt_of(doc, [c.forms for c in concepts])
        return {
            "path": doc.path,
            "title": shortened(doc.title, HEADER_CHARS),
            "docKind": shortened(doc.doc_kind, HEADER_CHARS),
            "layer": doc.layer,
            "status": shortened(doc.status, HEADER_CHARS),
            "score": score,
            "excerpt": excerpt,
            "line": line,
            "hits": round_half_up(weighted / 10, 1),
        }


_indexes: weakref.WeakKeyDictionary[Bank, SearchIndex] = weakref.WeakKeyDictionary()


def index_for(bank: Bank) -> SearchIndex:
    """The one body index of a bank object, created on first use and kept in step by `update`."""
    index = _indexes.get(bank)
    if index is None:
        from .snapshot import restored_bodies

        index = _indexes[bank] = restored_bodies(bank) or SearchIndex()
    return index


def search(bank: Bank, query: str, limit: int = 10, doc_kind=None, layer=None, status=None) -> dict:
    """`bank_search` on the bank's shared index (the caller refreshes the bank first); a bank
    with a cache folder keeps the index there for the next process (`snapshot`)."""
    from .snapshot import keep

    result = index_for(bank).search(bank, query, limit, doc_kind, layer, status)
    keep(bank)
    return result
