"""Scores are shown rounded half up to two places, for any score a bank can produce.

Why: the rounding goes through `Decimal`, whose default 28 digits cannot hold 1e30 to two places;
a bank's own layer weights multiply every score, so the rounding must not be where a large one
raises.
"""

from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st

from memorybank_server.retrieval.ranking import round_half_up


def test_halves_round_up_as_a_person_rounds() -> None:
    assert [round_half_up(v, 2) for v in (2.675, 0.125, -2.675, 1.005)] == [2.68, 0.13, -2.68, 1.01]


@given(value=st.floats(allow_nan=False))
def test_any_float_rounds_to_within_half_a_step(value: float) -> None:
    rounded = round_half_up(value, 2)
    if math.isinf(value):
        assert rounded == value
    else:
        assert abs(rounded - value) <= 0.005 + abs(value) * 1e-15
