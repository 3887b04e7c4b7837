"""The bounds `bank_route` prunes with only ever skip documents that could not be shown.

Why: on a large bank only a few dozen of the thousands of header holders are scored exactly; the
rest are let go on an upper bound, per document or for a group of documents holding the same
question words. A bound that under-estimated would drop a document silently. Here the same
questions are answered with every candidate scored, and the answers must be the same.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memorybank_lint.bank import Bank
from memorybank_server.retrieval import route as route_module
from memorybank_server.retrieval import route_select
from memorybank_server.retrieval.route import route
from tests.conftest import drawn_question

EVERYTHING = -1e300  # a bound every document reaches: nothing is pruned
PRUNING_BOUNDS = route_select.Scoring.bounds


def _score_everything(scoring: route_select.Scoring, bodies: list[str]) -> list[tuple]:
    candidates = {*scoring.held, *bodies, *scoring.folder.found}
    PRUNING_BOUNDS(scoring, bodies)  # sets up the state `exact` reads
    return [(EVERYTHING, path) for path in candidates]


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_pruned_answers_are_the_answers_of_scoring_every_candidate(
    generated: tuple[Bank, list[str]], data: st.DataObject
) -> None:
    bank, words = generated
    question = drawn_question(data, words, 6)
    limit = data.draw(st.integers(1, 8))
    pruned = route(bank, question, limit=limit)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(route_select.Scoring, "bounds", _score_everything)
        everything = route(bank, question, limit=limit)
    assert pruned == everything


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_every_bound_is_at_least_what_it_bounds(
    generated: tuple[Bank, list[str]], data: st.DataObject
) -> None:
    """A group's bound is at least each member's own bound, which is at least its exact score."""
    bank, words = generated
    question = drawn_question(data, words, 6)
    seen: list[route_select.Scoring] = []

    def capture(scoring: route_select.Scoring, bodies: list[str], limit: int):
        seen.append(scoring)
        return route_select.select(scoring, bodies, limit)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(route_module, "select", capture)
        route(bank, question)
    if not seen:
        return  # no question word is in the bank
    scoring = seen[0]
    for entry in scoring.bounds([]):
        if len(entry) == 3:
            members = scoring.expand(entry[2])
            assert all(entry[0] <= bound for bound, _ in members)
        else:
            members = [entry]
        for bound, path in members:
            assert scoring.exact(path)[0] <= -bound * (1 + 1e-9)
