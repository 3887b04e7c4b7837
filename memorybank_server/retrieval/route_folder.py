"""A section's index page as the answer when the question spans its pages.

Why: a line like "testing policy, coding style, git workflow, autonomy boundaries" asks for a
section, not a page. Each of the section's pages holds one or two of those words in its header,
so every page covers a part of the question and the coverage power pushes each one down; the
index page that lists them all holds none of the words in its own header. Whole-file BM25 finds
the index page by its list of links; routing answered with one of the pages.

Here an index page stands for the pages it links inside its own folder: when the question's
words are spread over two or more of them (no one page's header holds every word the pages
hold together), the index page earns `folder` × the best credit its pages have for each of
those words, and counts the words towards its coverage at `folder_coverage`. Both are scaled by
the share of its linked pages that hold a question word: a large section (`features/README.md`
over fifty packages) covers any question's words by chance, a small one whose pages all answer
a part of it is the answer. A question one page answers alone lifts nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from .route_index import HeaderIndex
from .route_score import Maxima


@dataclass
class Folder:
    """The index pages a question lifts: for each, an upper bound of its credit, the concepts its
    pages hold and their coverage share (`found`); the exact credit is computed only for the few
    pages the bounds let through (`credit`)."""

    found: dict[str, tuple[float, int, float]] = field(default_factory=dict)
    pages: dict[str, list[str]] = field(default_factory=dict)
    per_concept: list[Maxima] = field(default_factory=list)
    weights: list[float] = field(default_factory=list)
    field_weights: dict[str, float] = field(default_factory=dict)
    factor: float = 0.0
    linked: Mapping[str, int] = field(default_factory=dict)

    def credit(self, parent: str) -> float:
        """`factor` × share × Σ over the concepts the pages hold of the best credit a page has."""
        mask, pages = self.found[parent][1], self.pages[parent]
        total = 0.0
        for position, (weight, per_field) in enumerate(zip(self.weights, self.per_concept, strict=True)):
            if not mask >> position & 1:
                continue
            best = 0.0
            for name, values in per_field.items():
                scale = self.field_weights[name]
                for page in pages:
                    value = values.get(page)
                    if value and value * scale > best:
                        best = value * scale
            total += weight * best
        share = len(pages) / self.linked[parent]
        return total * self.factor * share


def evidence(
    index: HeaderIndex,
    per_concept: list[Maxima],
    weights: list[float],
    groups: dict[int, set[str]],
    field_weights: dict[str, float],
    factor: float,
    coverage: float,
    allowed: Callable[[str], bool] | None,
) -> Folder:
    """Every index page whose linked pages share the question out (see the module docstring),
    with a bound of its credit: the best field weight for every concept its pages hold.

    `groups` are the header holders by the concepts they hold (`route_score.held`): which
    concepts an index page's pages hold is then a few set operations in C per index page, not
    a look-up per page, which mattered where a common word sits in most headers.
    """
    if factor <= 0 or not index.children:
        return Folder()
    pages: dict[str, list[str]] = {}
    top = max(field_weights.values())
    result = Folder({}, pages, per_concept, weights, field_weights, factor, index.linked)
    holding = set().union(*groups.values())
    for parent, linked in index.children.items():
        reached = linked & holding
        if len(reached) < 2:
            continue  # one page holds all the pages hold: that page is the answer
        if parent in index.excluded or (allowed is not None and not allowed(parent)):
            continue
        present = [mask for mask, members in groups.items() if not members.isdisjoint(reached)]
        mask = 0
        for one in present:
            mask |= one
        if mask & (mask - 1) == 0:
            continue  # one concept cannot be spread over pages
        if mask in present:
            continue  # one page holds all the pages hold: that page is the answer
        pages[parent] = sorted(reached)
        share = len(reached) / index.linked[parent]
        bound = sum(w for position, w in enumerate(weights) if mask >> position & 1) * top * factor * share
        result.found[parent] = (bound, mask, coverage * share)
    return result
