"""Both commands with a hostile configuration and a hostile baseline beside a clean bank: every run
exits 0, 1 or 2, a refusal is one line naming what is wrong, and nothing prints a traceback."""

from __future__ import annotations

import json

import pytest
from hypothesis import given

from tests.fuzz.hostile import BASELINE_TEXT, CONFIG_TEXT, clean_bank, written
from tests.fuzz.worker import Worker

pytestmark = pytest.mark.long(2)  # minutes under the CI profile, on a loaded machine


@given(configuration=CONFIG_TEXT, baseline=BASELINE_TEXT)
def test_a_hostile_configuration_or_baseline_is_answered_or_refused_in_one_line(
    worker: Worker, configuration: bytes, baseline: bytes
) -> None:
    with written(clean_bank()) as root:
        runs = worker.call("project_files", str(root), configuration, baseline)
    for command, code, out, err in runs:
        assert code in (0, 1, 2), (command, code, err)
        assert "Traceback" not in err, err
        if code == 2:
            prefix = "memorybank-lint: " if command.startswith("lint") else "mcp-memorybank: "
            assert err.startswith(prefix) and len(err.strip().splitlines()) == 1, (command, err)
        elif command == "lint json":
            json.loads(out)
