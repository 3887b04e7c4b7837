"""Choosing the shown documents from bounds gives the answer of scoring every document, ties and
the folder spread included.

Why at this level: `select` sets aside a document whose bound can at best tie the last shown and
that would lose the tie on its path, and evaluates it only when the spread could change the
answer. Whether that is safe depends on how scores, bounds, paths, folders and index pages line
up, which a real bank only rarely produces; here hypothesis draws them directly, many of them
equal to two decimals, and the answer must be the one every document scored gives.
"""

from __future__ import annotations

import posixpath
from dataclasses import dataclass, field
from types import SimpleNamespace

from hypothesis import given, settings
from hypothesis import strategies as st

from memorybank_server.retrieval.route_score import Evaluation
from memorybank_server.retrieval.route_select import select
from memorybank_server.retrieval.tuning import Tuning

EVERYTHING = -1e300  # a bound every document reaches: nothing is pruned or set aside


@dataclass
class DrawnScoring:
    """The part of `route_select.Scoring` that `select` reads, from drawn scores and bounds."""

    scores: dict[str, float]
    bounds_of: dict[str, float]
    groups: dict[int, list[str]]
    index_pages: set[str]
    sibling: float
    prune: bool = True
    tuning: Tuning = field(init=False)
    index: SimpleNamespace = field(init=False)
    evidence: None = None

    def __post_init__(self) -> None:
        self.tuning = Tuning(sibling=self.sibling, passage_slot=0.0)
        self.index = SimpleNamespace(index_pages=self.index_pages)

    def bounds(self, bodies: list[str]) -> list[tuple]:
        if not self.prune:
            return [(EVERYTHING, path) for path in self.scores]
        grouped = {path for members in self.groups.values() for path in members}
        entries: list[tuple] = [
            (-max(self.bounds_of[p] for p in members), "", mask) for mask, members in self.groups.items()
        ]
        return entries + [(-self.bounds_of[p], p) for p in self.scores if p not in grouped]

    def expand(self, mask: int) -> list[tuple[float, str]]:
        return [(-self.bounds_of[p], p) for p in self.groups[mask]]

    def exact(self, path: str) -> tuple[float, Evaluation, int]:
        return self.scores[path], Evaluation(), 0


FOLDERS = ("a", "b", "c")
NAMES = ("README.md", "index.md", "a.md", "x.md", "y.md")  # an index page sorts first or amid its folder
# Scores two decimals apart or within one rounding of each other, so most answers hinge on ties.
SCORES = (0.0, 1.0, 1.001, 1.004, 1.0049, 1.0051, 1.006, 1.01, 2.0, 2.003)
SLACK = (0.0, 0.0, 0.0005, 0.003, 0.006, 0.5, 1.5)


@st.composite
def drawn_scoring(draw: st.DrawFn) -> tuple[DrawnScoring, int]:
    places = st.tuples(st.sampled_from(FOLDERS), st.sampled_from(NAMES))
    paths = [posixpath.join(*place) for place in draw(st.lists(places, min_size=1, max_size=12, unique=True))]
    scores = {p: draw(st.sampled_from(SCORES)) for p in paths}
    bounds_of = {p: scores[p] + draw(st.sampled_from(SLACK)) for p in paths}
    grouped = draw(st.lists(st.sampled_from(paths), unique=True, max_size=len(paths)))
    groups: dict[int, list[str]] = {}
    for position, path in enumerate(grouped):
        groups.setdefault(1 + position % 2, []).append(path)
    index_pages = {p for p in paths if posixpath.basename(p) in ("README.md", "index.md")}
    sibling = draw(st.sampled_from((0.5, 1.0)))
    return DrawnScoring(scores, bounds_of, groups, index_pages, sibling), draw(st.integers(1, 5))


@settings(max_examples=1000, deadline=None)
@given(drawn=drawn_scoring())
def test_pruning_and_ties_give_the_answer_of_scoring_everything(drawn: tuple[DrawnScoring, int]) -> None:
    scoring, limit = drawn
    pruned, _ = select(scoring, [], limit)
    scoring.prune = False
    everything, _ = select(scoring, [], limit)
    assert [(score, path) for score, path, _ in pruned] == [(score, path) for score, path, _ in everything]


def test_a_bound_that_rounds_above_the_last_shown_is_evaluated() -> None:
    """1.0051 is shown as 1.01, above 1.00: the document must be evaluated, though its bound is
    within a rounding step of the last shown score."""
    scores = {"a/x.md": 1.0, "b/x.md": 1.0051}
    scoring = DrawnScoring(scores, {"a/x.md": 1.006, "b/x.md": 1.0051}, {}, set(), 1.0)
    rows, _ = select(scoring, [], 1)
    assert [(score, path) for score, path, _ in rows] == [(1.01, "b/x.md")]
