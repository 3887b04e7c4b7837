"""The fuzz tier: hypothesis profiles and the worker process every case runs in.

`HYPOTHESIS_PROFILE=ci` runs 2,000 generated cases per target; the default profile runs 25, so
the ordinary test run stays fast. A case is bounded in time by the worker, never by hypothesis's
deadline (a busy machine must not fail a case; a hang must).
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

from tests.fuzz.worker import Worker

_COMMON = {
    "deadline": None,
    "suppress_health_check": [
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.large_base_example,
    ],
    "print_blob": True,
}
settings.register_profile("default", max_examples=25, **_COMMON)
settings.register_profile("ci", max_examples=2000, **_COMMON)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


@pytest.fixture(scope="package")
def worker() -> Iterator[Worker]:
    running = Worker()
    yield running
    running.stop()
