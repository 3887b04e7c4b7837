"""The linter on hostile banks: every format exits 0, 1 or 2, prints UTF-8 and never a traceback."""

from __future__ import annotations

import json
import os

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.fuzz.hostile import banks, written
from tests.fuzz.worker import TIME_BOUND, Worker

pytestmark = pytest.mark.long(2)  # minutes under the CI profile, on a loaded machine


@given(files=banks(), scoped=st.booleans())
def test_every_format_reports_a_hostile_bank(worker: Worker, files: dict[bytes, bytes], scoped: bool) -> None:
    paths = [os.fsdecode(name) for name in files if name.endswith(b".md")] if scoped else []
    with written(files) as root:
        runs = worker.call("lint", str(root), paths, bound=4 * TIME_BOUND)  # four runs, one a format
    for fmt, code, out, err in runs:
        assert code in (0, 1, 2), (fmt, code, err)
        assert "Traceback" not in err, err
        if code == 2:
            assert err.startswith("memorybank-lint: "), err
        elif fmt in ("json", "sarif"):
            json.loads(out)
