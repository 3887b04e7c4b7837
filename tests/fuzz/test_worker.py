"""The fuzz tier's hang bound: it counts work, so a loaded machine fails no case, and a call that
waits forever is still stopped."""

from __future__ import annotations

import pytest

from tests.fuzz.worker import Hang, Worker


def test_a_call_that_waits_past_its_bound_without_working_is_answered(worker: Worker) -> None:
    # a call that needs the time it waits for, as a case on a busy machine does, is not a hang
    assert worker.call("wait_for", 1.0, bound=0.5) == 1.0


def test_a_call_that_works_past_its_bound_is_a_hang(worker: Worker) -> None:
    with pytest.raises(Hang, match="processor time"):
        worker.call("work_for", 30.0, bound=0.5)
    assert worker.call("wait_for", 0.0) == 0.0  # a fresh child takes the next call


def test_a_call_that_waits_forever_is_stopped_by_the_clock(worker: Worker) -> None:
    with pytest.raises(Hang):
        worker.call("wait_for", 600.0, bound=0.2)
