"""The fuzz tier: the worker process every case runs in (the profiles live in tests/conftest.py).

A case is bounded in time by the worker, never by hypothesis's deadline (a busy machine must not
fail a case; a hang must).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.fuzz.worker import Worker


@pytest.fixture(scope="package")
def worker() -> Iterator[Worker]:
    running = Worker()
    yield running
    running.stop()
