"""`bank_changed` asked since any date of the calendar, in any offset, or any ref-like word, in a
real git repository whose one commit is dated 2024-01-01: an answer or a refusal, and for a date
the answer the calendar gives (before the commit: everything added; from now on: nothing)."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.fuzz.hostile import SINCE, clean_bank, written
from tests.fuzz.worker import Worker

pytestmark = pytest.mark.long(1)  # minutes under the CI profile, on a loaded machine
COMMITTED = dt.datetime(2024, 1, 1, 12, tzinfo=dt.UTC)
SLACK = dt.timedelta(days=2)  # a bare date is read in the local zone: stay clear of the edges


def _instant(since: str) -> dt.datetime | None:
    try:
        moment = dt.datetime.fromisoformat(since)
    except ValueError:
        return None
    return moment if moment.tzinfo else moment.replace(tzinfo=dt.UTC)


# Each case makes a repository (git init and a commit): a few hundred cases cover the calendar.
@settings(max_examples=min(300, settings.default.max_examples))
@given(since=st.lists(SINCE, min_size=1, max_size=4))
def test_any_date_or_word_is_answered_as_the_calendar_says(worker: Worker, since: list[str]) -> None:
    files = clean_bank()
    with written(files) as root:
        answers = worker.call("changed_in_repository", str(root), since)
    documents = len(files)
    for value, answer in zip(since, answers, strict=True):
        if answer.startswith("refused: "):
            continue
        changes = json.loads(answer)["changes"]
        moment = _instant(value.strip())
        if moment is None:
            continue
        if moment < COMMITTED - SLACK:
            assert len(changes) == documents and {c["changeKind"] for c in changes} == {"added"}, value
        elif moment > dt.datetime.now(dt.UTC) + SLACK:
            assert changes == [], value
