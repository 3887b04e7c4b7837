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


def _score_everything(scoring: route_select.Scoring, bodies: list[str]) -> list[tuple]:
    return [(EVERYTHING, path) for path in {*scoring.held, *bodies, *scoring.folder.found}]


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_bounds_only_skip_what_cannot_be_shown(
    generated: tuple[Bank, list[str]], data: st.DataObject
) -> None:
    """Every bound is at least what it bounds (a group's, each member's; a member's, its exact
    score), and the answer is the answer of scoring every candidate exactly, with large groups
    split by weight as shipped or every group split."""
    bank, words = generated
    question = drawn_question(data, words, 6)
    limit = data.draw(st.integers(1, 8))
    split = data.draw(st.sampled_from([route_select.SPLIT, 1]))  # 1: every group is split first
    seen: list[route_select.Scoring] = []

    def capture(scoring: route_select.Scoring, bodies: list[str], limit: int):
        seen.append(scoring)
        return route_select.select(scoring, bodies, limit)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(route_module, "select", capture)
        patch.setattr(route_select, "SPLIT", split)
        pruned = route(bank, question, limit=limit)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(route_select.Scoring, "bounds", _score_everything)
        everything = route(bank, question, limit=limit)
    assert pruned == everything
    for scoring in seen:  # none when no question word is in the bank
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(route_select, "SPLIT", split)
            for entry in scoring.bounds([]):
                _check_bound(scoring, entry)


def _check_bound(scoring: route_select.Scoring, entry: tuple) -> None:
    """A group's bound is at least each member's (a part of a split group's included), and a
    document's at least its exact score."""
    if len(entry) > 2:
        for member in scoring.expand(*entry[2:]):
            assert entry[0] <= member[0]
            _check_bound(scoring, member)
    else:
        assert scoring.exact(entry[1])[0] <= -entry[0] * (1 + 1e-9)
