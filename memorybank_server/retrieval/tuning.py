"""Every free choice of `bank_route` in one record, so the benchmark can switch one off at a time.

Why one frozen record instead of module constants: the leave-one-bank-out benchmark ranks every
question under dozens of settings and each ablation, in one process; a setting is a value passed
down the pipeline, never a global to patch. The defaults are the shipped behaviour; the reference
field weights (`canonical_for` ×5, purpose ×3, title ×2, heading ×1) come from spec/02 §1.5, and
the free weights (body, passage, layer strength) are the all-bank fit (benchmarks/routing).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

FIELD_WEIGHTS = {"k": 5.0, "p": 3.0, "t": 2.0, "s": 1.0, "f": 1.0}


@dataclass(frozen=True)
class Tuning:
    """Every mechanism's switch and weight, so the benchmark can ablate one at a time."""

    weights: dict[str, float] = field(default_factory=lambda: dict(FIELD_WEIGHTS))
    translation: float = 0.9
    synonym: float = 0.7
    transliteration: float = 0.8
    prefix: float = 0.6
    min_prefix: int = 4
    key_cap: int | None = 3
    length_norm: float = 1.0  # BM25's b for a purpose or heading longer than the bank's mean (route_score)
    idf: bool = True
    idf_floor: float = 0.2
    idf_power: float = 0.5
    coverage_power: float = 3.0
    body_coverage: float = 0.3
    body_weight: float = 2.0
    body_candidates: int = 100
    passage_weight: float = 1.0
    passage_coverage: float = 0.3
    passage_floor: float = 0.7
    sibling: float = 0.5  # score share of an index page and a page of its folder shown after the other
    static_power: float = 0.5
    mined: bool = True
    dictionary: bool = True
    entries: frozenset[int] | None = None  # built-in dictionary entries kept (None: all)
    jargon: bool = True  # colloquial Russian words take their standard synonyms (lang.jargon_data)
    why_intent: bool = True
    layer_weights: bool = True
    closed_halving: bool = True
    package_status: bool = True
    folder: float = 0.2  # credit of an index page for the question's words its linked pages hold
    folder_coverage: float = 0.6  # share of such a word in the index page's coverage (route_folder)
    package_index: float = 0.5  # weight of a delivery package's index page (README)
    long_question: int | None = 6  # a question of more concepts than this is a description
    long_body_coverage: float = 0.7  # `body_coverage` for a description
    long_static_power: float = 0.25  # `static_power` for a description
    passage_slot: float = 0.8  # share of the question a paragraph must hold to take the third place (0: off)
    passage_slot_pool: int = 20  # best body matches searched for that paragraph
    acronym: float = 1.0  # credit of an acronym for the words of its expansion in the question (acronyms)
    plan_source: bool = True  # a why question: a plan yields to the page of its folder it derives from
    general: float = 0.7  # body credit of a general-dictionary word, for a question word no body holds


_DESCRIBED: dict[int, tuple[Tuning, Tuning]] = {}


def for_question(tuning: Tuning, concepts: int) -> Tuning:
    """The tuning a question of `concepts` words is ranked with: a description (more concepts
    than `long_question`) counts body words more towards coverage and the layer prior less.

    Why: a header holds a dozen words; a short question fits in one, a description of a document
    (an index line's annotation, a pasted task) does not, and its other words are in the body.
    The derived record is kept, so the per-tuning caches downstream stay warm.
    """
    if tuning.long_question is None or concepts <= tuning.long_question:
        return tuning
    found = _DESCRIBED.get(id(tuning))
    if found is None or found[0] is not tuning:
        derived = replace(
            tuning,
            body_coverage=max(tuning.body_coverage, tuning.long_body_coverage)
            if tuning.body_coverage
            else 0.0,
            static_power=min(tuning.static_power, tuning.long_static_power),
        )
        found = _DESCRIBED[id(tuning)] = (tuning, derived)
    return found[1]


DEFAULT = Tuning()
