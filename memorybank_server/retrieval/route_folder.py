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

from collections.abc import Callable

from .route_index import HeaderIndex
from .route_score import Maxima

Folder = dict[str, tuple[float, int, float]]  # index page → (credit, concepts its pages hold, their share)


def evidence(
    index: HeaderIndex,
    per_concept: list[Maxima],
    weights: list[float],
    held: dict[str, int],
    field_weights: dict[str, float],
    factor: float,
    coverage: float,
    allowed: Callable[[str], bool] | None,
) -> Folder:
    """Credit, concept mask and coverage share of every index page whose linked pages share the
    question out (see the module docstring)."""
    if factor <= 0 or not index.parents:
        return {}
    union: dict[str, int] = {}
    masks: dict[str, set[int]] = {}
    pages: dict[str, list[str]] = {}
    parents = index.parents
    for path, mask in held.items():
        for parent in parents.get(path, ()):
            union[parent] = union.get(parent, 0) | mask
            masks.setdefault(parent, set()).add(mask)
            pages.setdefault(parent, []).append(path)
    found: Folder = {}
    for parent, mask in union.items():
        if mask in masks[parent] or (allowed is not None and not allowed(parent)):
            continue  # one page holds all the pages hold: that page is the answer
        if parent in index.excluded:
            continue
        credit = 0.0
        for position, (weight, per_field) in enumerate(zip(weights, per_concept, strict=True)):
            if not mask >> position & 1:
                continue
            best = 0.0
            for name, values in per_field.items():
                scale = field_weights[name]
                for page in pages[parent]:
                    value = values.get(page)
                    if value and value * scale > best:
                        best = value * scale
            credit += weight * best
        share = len(pages[parent]) / index.linked[parent]
        found[parent] = (credit * factor * share, mask, coverage * share)
    return found
