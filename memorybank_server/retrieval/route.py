"""`bank_route`: which documents to read for a question, ranked from their hand-written headers.

The reference ranking is kept: `canonical_for` coverage ×5, purpose ×3, title ×2, the best level-2
heading ×1, a translation worth 0.9 of the word, a prefix match 0.6; then layer weight × status
weight, halved for closed delivery work, with the "why" intent favouring decisions. Added, each
because the measured question set called for it (benchmarks/routing, ablations in its output):

* stems instead of raw prefixes, so inflections match fully and roots are never cut from the
  front (`разрешения` is not a decision, `подключение` is not a key); same-meaning words from the
  dictionary line (`booking` → `reservation`) at 0.7;
* rarity: each question word weighs √(its IDF ÷ the question's rarest word's IDF), floor 0.2, so
  `проекта` or `feature` no longer outweigh the word that matters (the square root keeps a common
  but meaningful word from vanishing);
* coverage: the score is multiplied by (share of the question's weight the document holds)³ — a
  feature document holding every word beats a knowledge document holding one, despite layers;
* `canonical_for` coverage bounded by 1 and measured against at most three key words (W9);
  prefix credit only between stems of 4+ characters (W8);
* the file path as a field ×1 (W14);
* body evidence at a lower weight: BM25 over the body from the shared search index, scaled so
  the bank's best body adds `body_weight`;
* closed-work halving applied to a whole feature package (its README and plan too);
* the best passage (body postings say which paragraph, item or row holds each word): the share of
  the question's weight one passage holds adds `passage_weight`, and its words count
  `passage_coverage` towards coverage — a fact in one paragraph of a feature document lifts that
  document, words scattered over a long one do not;
* layer × status weight raised to `static_power` (0.5): the reference weights halve a delivery
  document twice over, which buried the feature documents that hold most facts;
* translations the bank states itself in its glossary lines (`mined`).

The free weights (body, passage, layer strength) are the ones leave-one-bank-out tuning picks on
the corpus (benchmarks/routing/lobo.py); the figures there are what they are worth on an unseen bank.
"""

from __future__ import annotations

import heapq
import json
import re
from dataclasses import dataclass, field

from memorybank_lint.bank import Bank
from memorybank_lint.document import Document

from ..errors import ToolInputError
from . import route_score
from .body_index import Evidence
from .lang import Concept, Lexicon, fold, lexicon_for
from .passages import best_passage
from .ranking import check_layer, check_text, eligible, gc_paused, round_half_up
from .route_answer import answer
from .route_index import HeaderIndex, header_index_for
from .search import index_for

FIELD_WEIGHTS = {"k": 5.0, "p": 3.0, "t": 2.0, "s": 1.0, "f": 1.0}
STATUS_WEIGHTS = {"active": 1.0, "draft": 0.7, "archived": 0.2}
OTHER_STATUS = 0.9
CLOSED = frozenset({"done", "cancelled"})
HINT = (
    "No document header matches this question. Try bank_search for a literal term or identifier, "
    "or ask a wider question."
)
_WHY_WORDS = re.compile(r"\b(why|rationale|decision|decisions|decided|chose|chosen|tradeoffs?)\b")
_WHY_PHRASES = ("instead of", "trade-off", "для чего", "по какой причине")
_WHY_RU = ("почему", "зачем", "обоснован", "вместо", "решени", "решил", "выбрал", "причин")


@dataclass(frozen=True)
class Tuning:
    """Every mechanism's switch and weight, so the benchmark can ablate one at a time."""

    weights: dict[str, float] = field(default_factory=lambda: dict(FIELD_WEIGHTS))
    translation: float = 0.9
    synonym: float = 0.7
    prefix: float = 0.6
    min_prefix: int = 4
    key_cap: int | None = 3
    idf: bool = True
    idf_floor: float = 0.2
    idf_power: float = 0.5
    coverage_power: float = 3.0
    body_coverage: float = 0.3
    body_weight: float = 2.0
    body_candidates: int = 100
    passage_weight: float = 1.0
    passage_coverage: float = 0.5
    static_power: float = 0.5
    mined: bool = True
    dictionary: bool = True
    why_intent: bool = True
    layer_weights: bool = True
    closed_halving: bool = True
    package_status: bool = True


DEFAULT = Tuning()


def why_intent(question: str) -> bool:
    """Does the question ask for a reason? Russian stems are tested per word, so `разрешение`
    (permission) does not fire while `решение` and `решили` do (W13)."""
    text = fold(question)
    if _WHY_WORDS.search(text) or any(p in text for p in _WHY_PHRASES):
        return True
    return any(word.startswith(_WHY_RU) for word in re.findall(r"[а-я]+", text))


def _forms(concept: Concept, lexicon: Lexicon, tuning: Tuning) -> list[tuple[str, float]]:
    """The words standing for one concept, with the share of credit each earns."""
    forms = [(concept.literal, 1.0)]
    if tuning.dictionary:
        forms += [(word, tuning.translation) for word in concept.translations]
        if tuning.synonym > 0:
            forms += [(word, tuning.synonym) for word in lexicon.synonyms(concept.literal)]
    return forms


def _filter(bank: Bank, index: HeaderIndex, doc_kind: str | None, layer: str | None):
    """The eligibility test for this query: never templates or inbox, then the filters."""
    excluded = index.excluded
    if doc_kind is None and layer is None:
        return lambda path: path not in excluded
    docs = bank.docs
    return lambda path: path not in excluded and path in docs and eligible(docs[path], doc_kind, layer)


def _body(bank: Bank, forms: route_score.Forms, tuning: Tuning) -> Evidence | None:
    """BM25 body evidence for the concepts' forms (None when the tuning switches it off)."""
    if tuning.body_weight <= 0 and tuning.body_coverage <= 0:
        return None
    index = index_for(bank)
    index.update(bank)
    terms = []
    for concept_forms in forms:
        weights: dict[str, float] = {}
        for word, factor in concept_forms:
            for term in index.family(word):
                weights[term] = max(weights.get(term, 0.0), factor)
        terms.append(weights)
    return index.evidence(terms)


def _static_weights(bank: Bank, index: HeaderIndex, tuning: Tuning, why: bool) -> dict[str, float]:
    """Layer weight × status weight (closed work halved) of every document, cached per bank state."""
    key = (index.generation, bank.layers)
    cached = index.weight_cache.get((id(tuning), why))
    if cached is not None and cached[0] is tuning and cached[1] == key:
        return cached[2]
    layers: dict[str, float] = {}
    weights = {}
    for path, doc in bank.docs.items():
        if doc.layer not in layers:
            layers[doc.layer] = _layer_weight(bank, doc.layer, why, tuning)
        delivery = index.closed.get(path) if tuning.package_status else doc.delivery_status
        weights[path] = (layers[doc.layer] * _status_weight(doc, delivery, tuning)) ** tuning.static_power
    index.weight_cache[(id(tuning), why)] = (tuning, key, weights)
    return weights


def _layer_weight(bank: Bank, layer: str, why: bool, tuning: Tuning) -> float:
    if not tuning.layer_weights:
        return 1.0
    weight = bank.layers.weight(layer)
    if why and tuning.why_intent:
        weight *= {"decision": 4 / 3, "knowledge": 0.8}.get(layer, 1.0)
    return weight


def _status_weight(doc: Document, delivery_status: str | None, tuning: Tuning) -> float:
    weight = STATUS_WEIGHTS.get(doc.status, OTHER_STATUS)
    if tuning.closed_halving and delivery_status in CLOSED:
        weight *= 0.5
    return weight


def _coverage(header: int, passage: int, body: int, weights: list[float], tuning: Tuning) -> float:
    """How much of the question a document answers, as a multiplier: (covered share) ** power.

    A concept found in the header counts fully, one found in the document's best passage counts
    `passage_coverage` (at least `body_coverage`), one found elsewhere in the body counts
    `body_coverage`; concepts are weighted by rarity, so a missing common word costs little.
    """
    total = sum(weights)
    if tuning.coverage_power <= 0 or not total:
        return 1.0
    in_passage = max(tuning.passage_coverage, tuning.body_coverage)
    covered = 0.0
    for position, weight in enumerate(weights):
        if header >> position & 1:
            covered += weight
        elif passage >> position & 1:
            covered += weight * in_passage
        elif body >> position & 1:
            covered += weight * tuning.body_coverage
    return (covered / total) ** tuning.coverage_power


def route(
    bank: Bank,
    question: str,
    limit: int = 5,
    doc_kind: str | None = None,
    layer: str | None = None,
    *,
    tuning: Tuning = DEFAULT,
) -> dict:
    """Rank the bank's documents for `question`; the caller refreshes the bank before calling."""
    check_text(question, "question")
    if not isinstance(limit, int) or isinstance(limit, bool) or not 1 <= limit <= 25:
        raise ToolInputError(f"limit must be between 1 and 25, got {limit}.")
    check_layer(layer)
    if not bank.docs and not getattr(bank, "_loaded", True):
        bank.refresh()
    with gc_paused():
        return _route(bank, question, limit, doc_kind, layer, tuning)


@dataclass
class _Scoring:
    """Everything one question's scores are computed from, once the postings have been read."""

    tuning: Tuning
    index: HeaderIndex
    tables: list[route_score.Table]
    weights: list[float]
    header_bound: dict[str, float]
    held: dict[str, int]
    evidence: Evidence | None
    body_scale: float
    static: dict[str, float]
    coverages: dict[tuple[int, int, int], float] = field(default_factory=dict)

    def cover(self, header_mask: int, passage_mask: int, body_mask: int) -> float:
        key = (header_mask, passage_mask, body_mask)
        found = self.coverages.get(key)
        if found is None:
            found = self.coverages[key] = _coverage(*key, self.weights, self.tuning)
        return found

    def bounds(self, candidates: set[str]) -> list[tuple[float, str]]:
        """(−upper bound, path) per candidate: coverage as if every concept missing from the
        header were in the body; everything else exact or over-estimated (route_score)."""
        full = (1 << len(self.weights)) - 1
        ceiling = {mask: self.cover(mask, full, full) for mask in {*self.held.values(), 0}}
        ids, scores = (self.evidence.ids, self.evidence.scores) if self.evidence else ({}, {})
        top, held, weight, k = self.header_bound, self.held, self.static, self.body_scale
        passage = self.tuning.passage_weight
        bounds = []
        for p in candidates:
            body = scores.get(ids.get(p))
            extra = body * k + passage if body is not None else 0.0
            bounds.append((-(top.get(p, 0.0) + extra) * weight[p] * ceiling[held.get(p, 0)], p))
        return bounds

    def exact(self, path: str) -> tuple[float, route_score.Evaluation, int]:
        """The document's score, its evaluation and the concepts its body holds."""
        header_mask = self.held.get(path, 0)
        body_mask = passage_mask = 0
        evaluation = route_score.evaluate(
            self.index.headers[path], self.tables, self.weights, self.tuning.weights, self.tuning.key_cap
        )
        if self.evidence:
            if header_mask != (1 << len(self.weights)) - 1:
                body_mask = self.evidence.mask(path)
            if part := self.evidence.score(path) * self.body_scale:
                evaluation.parts["body"] = part
            if body_mask or part:
                share, passage_mask = best_passage(self.evidence.passages(path), self.weights)
                if share and self.tuning.passage_weight:
                    evaluation.parts["passage"] = share * self.tuning.passage_weight
        score = evaluation.header * self.cover(header_mask, passage_mask, body_mask) * self.static[path]
        return score, evaluation, body_mask


def _select(scoring: _Scoring, candidates: set[str], limit: int) -> tuple[list, dict[str, int]]:
    """The `limit` best candidates, evaluated exactly in bound order until no bound can reach."""
    heap = scoring.bounds(candidates)
    heapq.heapify(heap)
    body_hits: dict[str, int] = {}
    top: list[tuple[float, str, route_score.Evaluation]] = []
    while heap:
        negative, path = heapq.heappop(heap)
        if negative >= 0 or (len(top) >= limit and -negative < top[limit - 1][0] - 0.005):
            break
        score, evaluation, body_hits[path] = scoring.exact(path)
        if score > 0:
            top.append((score, path, evaluation))
            top.sort(key=lambda item: (-item[0], item[1]))
    rows = sorted(((round_half_up(s, 2), p, e) for s, p, e in top), key=lambda row: (-row[0], row[1]))
    return rows[:limit], body_hits


def _route(bank: Bank, question: str, limit: int, doc_kind, layer, tuning: Tuning) -> dict:
    index = header_index_for(bank)
    lexicon = lexicon_for(bank, index.mined, index.generation) if tuning.mined else lexicon_for(bank)
    concepts = lexicon.concepts(question)
    if not concepts:
        return {"results": [], "hint": HINT}
    forms = [_forms(c, lexicon, tuning) for c in concepts]
    allowed = _filter(bank, index, doc_kind, layer)
    tables = route_score.tables(forms, index, tuning.prefix, tuning.min_prefix)
    filtered = doc_kind is not None or layer is not None
    per_concept = route_score.maxima(tables, index, allowed if filtered else None)
    evidence = _body(bank, forms, tuning)
    in_bodies = [len(held) for held in evidence.holders] if evidence else []
    total, floor = max(len(index), 1), tuning.idf_floor
    weights = route_score.rarity(per_concept, in_bodies, total, floor, tuning.idf, tuning.idf_power)
    header_bound, held = route_score.bounds(per_concept, weights, tuning.weights)
    best_bodies = evidence.best(tuning.body_candidates, allowed) if evidence else []
    top_body = best_bodies[0][1] if best_bodies else 0.0
    scale = tuning.body_weight / top_body if top_body else 0.0
    static = _static_weights(bank, index, tuning, why_intent(question))
    scoring = _Scoring(tuning, index, tables, weights, header_bound, held, evidence, scale, static)
    rows, body_hits = _select(scoring, set(header_bound) | {p for p, _ in best_bodies}, limit)
    if not rows:
        return {"results": [], "hint": HINT}
    return answer(bank, rows, body_hits, [c.literal for c in concepts])


def answer_size(result: dict) -> int:
    """Characters of the compact JSON of an answer: what the 840-character budget counts."""
    return len(json.dumps(result, ensure_ascii=False, separators=(",", ":")))
