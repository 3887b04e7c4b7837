"""How one document's header scores against a question: upper bounds first, exact values after.

Scoring (spec/02 §1.4–1.5, with our changes): a question word earns, in one field, the best credit
among its forms — 1.0 for its own stem, the translation/synonym factor for other words, times the
prefix factor when only a prefix relation holds. A field sums its words' credits, each scaled by
the word's rarity weight; `canonical_for` takes the best key's coverage (bounded, W9) ×5, purpose
×3, title ×2, the best heading ×1, the path ×1.

Length (BM25F-style, `length_norm`): a purpose or heading longer than the bank's mean for that
field holds many words by chance, so its sum is divided by 1 − b + b × length ÷ mean, never
multiplied: a short field keeps its credit, which keeps the postings' maxima true upper bounds.

Why bounds: the postings give, per word and field, the best credit a document can have there
without knowing *which* key or heading holds it. Summing those maxima over-estimates the key
coverage and the best heading, so it is a true upper bound; documents are then evaluated exactly,
best bound first, until no remaining bound can reach the current top.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from math import log

from .lang import normal
from .route_index import FIELDS, Header, HeaderIndex, Stems

Table = dict[str, tuple[float, str]]  # header stem → (credit, the question word that earns it)
Maxima = dict[str, dict[str, float]]  # field → path → best credit of one concept there


@dataclass
class Evaluation:
    """A document's exact header contributions, and the words and places that earned them."""

    parts: dict[str, float] = field(default_factory=dict)
    words: dict[str, list[str]] = field(default_factory=dict)
    key: str | None = None
    section: str | None = None
    folder: int = 0  # concepts an index page's linked pages hold (`route_folder`)
    paragraph: int = 0  # concepts the paragraph that won the third place holds (`route_select.reserve`)

    @property
    def header(self) -> float:
        return sum(self.parts.values())


Forms = list[list[tuple[str, float]]]  # per concept: (word, share of credit)


def tables(forms: Forms, index: HeaderIndex, prefix: float, min_prefix: int) -> list[Table]:
    """Per concept: every header stem its forms reach, with the best credit and the word."""
    result = []
    for concept_forms in forms:
        table: Table = {}
        for word, factor in concept_forms:
            for stem, exact in index.related(normal(word), min_prefix):
                value = factor * (1.0 if exact else prefix)
                if value > table.get(stem, (0.0, ""))[0]:
                    table[stem] = (value, word)
        result.append(table)
    return result


def maxima(all_tables: list[Table], index: HeaderIndex, allowed: Callable[[str], bool] | None) -> list:
    """Per concept and field: each eligible document's best credit, read from the postings.

    With no filter (`allowed` None) only templates and the inbox are dropped, after the loop.
    """
    result = []
    for table in all_tables:
        per_field: Maxima = {}
        for name in FIELDS:
            best: dict[str, float] = {}
            get = best.get
            for stem, (value, _) in table.items():
                for path in index.documents(name, stem):
                    if value > get(path, 0.0):
                        best[path] = value
            if allowed is None:
                for path in index.excluded.intersection(best):
                    del best[path]
            else:
                best = {path: value for path, value in best.items() if allowed(path)}
            if best:
                per_field[name] = best
        result.append(per_field)
    return result


def rarity(
    per_concept: list[Maxima], in_bodies: list[int], total: int, floor: float, idf: bool, power: float = 1.0
) -> list[float]:
    """Each concept's weight from how many documents hold it (in the header, or in the body).

    The document frequency is the larger of the two counts (a word in a header is nearly always
    in that body too). Relative to the question's rarest concept that occurs at all, floored at
    `floor`; a concept that occurs nowhere weighs 0, so a word the bank never uses cannot dilute
    how much of the question a document covers.
    """
    counts = []
    for position, per_field in enumerate(per_concept):
        in_headers: set[str] = set()
        for best in per_field.values():
            in_headers.update(best)
        body = in_bodies[position] if position < len(in_bodies) else 0
        counts.append(max(len(in_headers), body))
    if not idf:
        return [1.0 if n else 0.0 for n in counts]
    idfs = [log(1 + (total - n + 0.5) / (n + 0.5)) for n in counts]
    top = max((i for i, n in zip(idfs, counts, strict=True) if n), default=1.0)
    return [max(floor, (i / top) ** power) if n else 0.0 for i, n in zip(idfs, counts, strict=True)]


def bounds(per_concept: list[Maxima], weights: list[float], field_weights: dict[str, float]):
    """Upper bounds of every document's header score, and which concepts its header holds."""
    bound: dict[str, float] = {}
    held: dict[str, int] = {}
    for position, (weight, per_field) in enumerate(zip(weights, per_concept, strict=True)):
        bit = 1 << position
        for name, best in per_field.items():
            scale = weight * field_weights[name]
            for path, value in best.items():
                bound[path] = bound.get(path, 0.0) + scale * value
                held[path] = held.get(path, 0) | bit
    return bound, held


def _best(stems: Stems, table: Table) -> tuple[float, str]:
    found = (0.0, "")
    for stem in stems:
        hit = table.get(stem)
        if hit is not None and hit[0] > found[0]:
            found = hit
    return found


def _sum(stems: Stems, all_tables: list[Table], weights: list[float], words: list[str] | None) -> float:
    total = 0.0
    for weight, table in zip(weights, all_tables, strict=True):
        value, word = _best(stems, table)
        if value:
            total += weight * value
            if words is not None:
                words.append(word)
    return total


def length_factor(length: int, mean: float | None, b: float) -> float:
    """BM25's length normalisation for a field of `length` stems, capped at 1 (see the module)."""
    if not b or not mean or length <= mean:
        return 1.0
    return 1.0 / (1.0 - b + b * length / mean)


def evaluate(
    header: Header,
    all_tables: list[Table],
    weights: list[float],
    field_weights: dict[str, float],
    key_cap: int | None,
    means: dict[str, float],
    length_norm: float,
) -> Evaluation:
    """The exact header contributions of one document."""
    result = Evaluation()
    best_key = 0.0
    for key, stems in header.keys:
        value = _sum(stems, all_tables, weights, None)
        coverage = value / (min(len(stems), key_cap) if key_cap else len(stems))
        coverage = min(1.0, coverage) if key_cap else coverage
        if coverage > best_key:
            best_key, result.key = coverage, key
    if best_key:
        result.parts["k"] = best_key * field_weights["k"]
    for name, stems in (("p", header.purpose), ("t", header.title), ("f", header.path)):
        words: list[str] = []
        value = _sum(stems, all_tables, weights, words)
        if value and name == "p":
            value *= length_factor(len(stems), means.get("p"), length_norm)
        if value:
            result.parts[name] = value * field_weights[name]
            result.words[name] = words
    best_section = 0.0
    for title, stems in header.sections:
        value = _sum(stems, all_tables, weights, None)
        if value:
            value *= length_factor(len(stems), means.get("s"), length_norm)
        if value > best_section:
            best_section, result.section = value, title
    if best_section:
        result.parts["s"] = best_section * field_weights["s"]
    return result
