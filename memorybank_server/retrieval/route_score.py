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
from operator import itemgetter

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
    plan: str | None = None  # a why question's plan moved below this page (`route_select.sources_first`)

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
            reached = [(value, index.documents(name, stem)) for stem, (value, _) in table.items()]
            best: dict[str, float] = {}
            for value, paths in sorted(reached, key=itemgetter(0)):  # a higher credit overwrites
                if paths:
                    best.update(dict.fromkeys(paths, value))
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


def held(per_concept: list[Maxima]) -> tuple[dict[str, int], dict[int, set[str]]]:
    """Which concepts each document's header holds (bit `i`: concept `i`), and the documents
    grouped by that mask.

    Why groups: a common word sits in most headers of a large bank, and the documents holding the
    same concepts share one upper bound (`HeaderBounds.at_most`), so `route_select` weighs a
    group's documents one by one only when that bound can still reach the answer. The groups
    are cut with set operations and the masks filled in per group, all in C.
    """
    groups: dict[int, set[str]] = {}
    seen: set[str] = set()
    for position, per_field in enumerate(per_concept):
        bit, holders = 1 << position, set().union(*per_field.values())
        refined: dict[int, set[str]] = {}
        for mask, members in groups.items():
            if both := members & holders:
                refined[mask | bit] = both
            if only := members - holders:
                refined[mask] = only
        if new := holders - seen:
            refined[bit] = new
        seen |= holders
        groups = refined
    masks: dict[str, int] = {}
    for mask, members in groups.items():
        masks.update(dict.fromkeys(members, mask))
    return masks, groups


class HeaderBounds:
    """Upper bounds of header scores: one document's on demand, and one for a set of concepts.

    A document's bound sums, over concepts and fields, weight × field weight × its best credit
    there (`maxima`): it over-estimates the key coverage and the best heading, so it is a true
    upper bound. A concept set's bound takes each field's best credit over all documents.
    """

    def __init__(self, per_concept: list[Maxima], weights: list[float], field_weights: dict[str, float]):
        self._scaled = [
            [(weight * field_weights[name], best) for name, best in per_field.items()]
            for weight, per_field in zip(weights, per_concept, strict=True)
        ]
        self._ceilings = [sum(scale * max(best.values()) for scale, best in f) for f in self._scaled]

    def of(self, path: str) -> float:
        total = 0.0
        for fields in self._scaled:
            for scale, best in fields:
                value = best.get(path)
                if value is not None:
                    total += scale * value
        return total

    def at_most(self, mask: int) -> float:
        """At least the bound of every document whose header holds exactly the concepts of `mask`
        (raised by a millionth, so a different order of the same additions cannot exceed it)."""
        return sum(c for position, c in enumerate(self._ceilings) if mask >> position & 1) * (1 + 1e-6)


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
    best_section, best_stems = 0.0, None
    for title, stems in header.sections:
        value = _sum(stems, all_tables, weights, None)
        if value:
            value *= length_factor(len(stems), means.get("s"), length_norm)
        if value > best_section:
            best_section, result.section, best_stems = value, title, stems
    if best_section:
        result.parts["s"] = best_section * field_weights["s"]
        result.words["s"] = []  # the words of the best heading alone, read once (`why`)
        _sum(best_stems, all_tables, weights, result.words["s"])
    return result
