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
  document, words scattered over a long one do not; and coverage is at least
  (`passage_floor` × that share)³, so a paragraph holding the whole question is not outweighed
  by a header holding one of its words (`route_select`);
* layer × status weight raised to `static_power` (0.5): the reference weights halve a delivery
  document twice over, which buried the feature documents that hold most facts;
* translations the bank states itself in its glossary lines (`mined`; no measured effect: only
  12 such pairs in the seven corpus banks);
* words of the other script that sound alike — `инстансов` for `instance` (`translit`), taken
  from the bank's own body vocabulary at `transliteration` of a word's credit, unless a
  dictionary translates the question word and no translation sounds like it (`просто` is
  `simply`, not `preset`);
* an acronym the question spells out (`language model` for `LLM`, `техническое задание` for
  `ТЗ`: the trade's common ones in `acronym_data`, and those a bank spells out itself as
  `Words (ACR)` or `ACR (words)`) is one more form of each word of the phrase, at `acronym` of a
  word's credit (`acronyms`);
* a question word no body of the bank holds under any of its forms is looked up in the general
  dictionary of everyday words (`general_data`), and its other-language words count `general` in
  the body evidence only (`repair` for `ремонт`): the built-in dictionary holds the vocabulary
  of banks, a question asked in plain words reaches past it;
* a delivery package's index page (its README) weighs `package_index` (half): it lists and
  repeats the package's pages, and the page stating the fact is the answer (`route_weights`);
* a folder's index page (README) and a page of that folder are not both shown at full score:
  the one after the other counts `sibling` (half), so a short answer is not one package said
  twice (`route_select.spread`);
* a section's index page answers a question spread over the pages it links: it earns `folder` of
  their best credit per word and counts those words `folder_coverage` towards its coverage,
  scaled by the share of its pages that hold a word, when no one page holds them all
  (`route_folder`);
* a question of more than `long_question` concepts is a description: body words count
  `long_body_coverage` towards coverage and the layer prior `long_static_power`
  (`tuning.for_question`), since no header holds a dozen words;
* a purpose or heading longer than the bank's mean for that field counts its words divided by
  1 − b + b × length ÷ mean (BM25F's length normalisation, b = `length_norm`, never above 1):
  a long purpose listing a dozen topics holds a question's words by chance, a short one that
  holds them is about them (`route_score.length_factor`);
* the third place of an answer goes to the best body match whose one paragraph holds at least
  `passage_slot` of the question's weight, when the first two places do not already show it
  (`route_select.reserve`): the fact in one paragraph under a silent header is then shown beside
  two header-led answers; its own score is shown, so a later result may score above it;
* for a why question, a plan (`doc_function` derived, implementation-plan or plan) shown in the
  first three above a page of its own folder it derives from gives its place to that page
  (`route_select.sources_first`): the plan restates the page's decisions as steps, the reason
  is written in the page.

The free weights (body, passage, passage floor, layer strength) are the ones leave-one-bank-out
tuning picks on the corpus (benchmarks/routing/lobo.py); the figures there are what they are worth
on an unseen bank.
"""

from __future__ import annotations

import json

from memorybank_lint.bank import Bank

from ..errors import ToolInputError
from . import acronyms, route_folder, route_score, translit
from .body_index import Evidence
from .lang import Concept, Lexicon, general_translations, lexicon_for, normal
from .ranking import check_filters, check_layer, check_text, eligible, filtered_hint, gc_paused
from .route_answer import answer
from .route_index import HeaderIndex, header_index_for
from .route_select import SLOT, Scoring, select, sources_first
from .route_weights import static_weights, weight_classes, why_intent
from .search import SearchIndex, index_for
from .snapshot import keep
from .tuning import DEFAULT, FIELD_WEIGHTS, Tuning, for_question

__all__ = ["DEFAULT", "FIELD_WEIGHTS", "Tuning", "answer_size", "route", "why_intent"]

HINT = (
    "No document header matches this question. Try bank_search for a literal term or identifier, "
    "or ask a wider question."
)


def _forms(concept: Concept, lexicon: Lexicon, tuning: Tuning) -> list[tuple[str, float]]:
    """The words standing for one concept, with the share of credit each earns."""
    forms = [(concept.literal, 1.0)]
    if tuning.dictionary:
        forms += [(word, tuning.translation) for word in concept.translations]
        if tuning.synonym > 0:
            forms += [(word, tuning.synonym) for word in lexicon.synonyms(concept.literal)]
    return forms


def _native(concept: Concept) -> bool:
    """Whether a dictionary translates the word and no translation sounds like it.

    Why: transliteration is for loanwords (`интервал` is `interval`); `просто` is `simply`, so
    `preset`, whose consonants it shares, is a false friend. The general dictionary is asked
    only when the built-in one has no entry.
    """
    known = tuple(concept.translations) or general_translations(concept.literal)
    if not known:
        return False
    own = {*translit.keys(normal(concept.literal)), *translit.keys(concept.literal.lower())}
    return not any(own.intersection(translit.keys(word)) for word in known)


def _filter(bank: Bank, index: HeaderIndex, doc_kind: str | None, layer: str | None):
    """The eligibility test for this query: never templates or inbox, then the filters."""
    excluded = index.excluded
    if doc_kind is None and layer is None:
        return lambda path: path not in excluded
    docs = bank.docs
    return lambda path: path not in excluded and path in docs and eligible(docs[path], doc_kind, layer)


def _body(index: SearchIndex, forms: route_score.Forms, tuning: Tuning) -> Evidence | None:
    """BM25 body evidence for the concepts' forms (None when the tuning switches it off).

    A concept none of whose forms any body holds is looked up in the general dictionary
    (`lang.general_translations`) and its words there count `tuning.general`: the question's
    everyday word (`repair`) may be the bank's other-language word (`ремонт`).
    """
    if tuning.body_weight <= 0 and tuning.body_coverage <= 0:
        return None
    terms = []
    for concept_forms in forms:
        weights: dict[str, float] = {}
        for word, factor in concept_forms:
            for term in sorted(index.family(word)):
                weights[term] = max(weights.get(term, 0.0), factor)
        if not weights and tuning.general > 0 and tuning.dictionary:
            for word in general_translations(concept_forms[0][0]):
                for term in sorted(index.family(word)):
                    weights[term] = max(weights.get(term, 0.0), tuning.general)
        terms.append(weights)
    return index.evidence(terms)


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
    check_filters(bank, docKind=doc_kind)
    with gc_paused():
        result = _route(bank, question, limit, doc_kind, layer, tuning)
    keep(bank)
    return result


def _route(bank: Bank, question: str, limit: int, doc_kind, layer, tuning: Tuning) -> dict:
    asked = tuning  # before the question's length adjusts it: an unfiltered retry starts from here
    index = header_index_for(bank)
    mined = index.mined if tuning.mined else None
    lexicon = lexicon_for(bank, mined, index.generation, tuning.entries, tuning.jargon)
    concepts = lexicon.concepts(question)
    if not concepts:
        return {"results": [], "hint": HINT}
    tuning = for_question(tuning, len(concepts))
    forms = [_forms(c, lexicon, tuning) for c in concepts]
    if tuning.acronym > 0:
        spelled = acronyms.expansions(question, index.acronyms)
        for concept, concept_forms in zip(concepts, forms, strict=True):
            concept_forms += [(word, tuning.acronym) for word in spelled.get(normal(concept.literal), ())]
    body_index = index_for(bank)
    body_index.update(bank)
    if tuning.transliteration > 0:
        for concept, concept_forms in zip(concepts, forms, strict=True):
            if tuning.dictionary and _native(concept):
                continue
            concept_forms += [(word, tuning.transliteration) for word in body_index.sounding(concept.literal)]
    allowed = _filter(bank, index, doc_kind, layer)
    tables = route_score.tables(forms, index, tuning.prefix, tuning.min_prefix)
    filtered = doc_kind is not None or layer is not None
    per_concept = route_score.maxima(tables, index, allowed if filtered else None)
    evidence = _body(body_index, forms, tuning)
    in_bodies = [len(held) for held in evidence.holders] if evidence else []
    total, floor = max(len(index), 1), tuning.idf_floor
    weights = route_score.rarity(per_concept, in_bodies, total, floor, tuning.idf, tuning.idf_power)
    held, groups = route_score.held(per_concept)
    best_bodies = evidence.best(tuning.body_candidates, allowed) if evidence else []
    top_body = best_bodies[0][1] if best_bodies else 0.0
    scale = tuning.body_weight / top_body if top_body else 0.0
    why = why_intent(question)
    static = static_weights(bank, index, tuning, why)
    folder = route_folder.evidence(
        index,
        per_concept,
        weights,
        groups,
        tuning.weights,
        tuning.folder,
        tuning.folder_coverage,
        allowed if filtered else None,
    )
    header = route_score.HeaderBounds(per_concept, weights, tuning.weights)
    classes = weight_classes(bank, index, tuning, why)
    scoring = Scoring(
        tuning, index, tables, weights, header, held, groups, evidence, scale, static, folder, classes
    )
    sources = why and tuning.plan_source
    rows, body_hits = select(scoring, [p for p, _ in best_bodies], max(limit, SLOT + 1) if sources else limit)
    if sources:  # `limit` only cuts: the first three are read for every limit
        rows = sources_first(rows, bank.docs)[:limit]
    if not rows:
        if filtered and _route(bank, question, 1, None, None, asked)["results"]:
            return {"results": [], "hint": filtered_hint(docKind=doc_kind, layer=layer)}
        return {"results": [], "hint": HINT}
    return answer(bank, rows, body_hits, [c.literal for c in concepts], evidence)


def answer_size(result: dict) -> int:
    """Characters of the compact JSON of an answer: what the 840-character budget counts."""
    return len(json.dumps(result, ensure_ascii=False, separators=(",", ":")))
