"""Both commands with a hostile configuration and a hostile baseline beside a clean bank: every run
exits 0, 1 or 2, a refusal is one line naming what is wrong, and nothing prints a traceback. And
both commands over a cache folder a repository committed: the answers of a run without it."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.fuzz.hostile import BASELINE_TEXT, CACHE_BYTES, CONFIG_TEXT, clean_bank, written
from tests.fuzz.worker import Worker

pytestmark = pytest.mark.long(2)  # minutes under the CI profile, on a loaded machine


@given(
    configuration=CONFIG_TEXT,
    baseline=BASELINE_TEXT,
    name=st.sampled_from([".memorybank.toml", "pyproject.toml"]),
)
def test_a_hostile_configuration_or_baseline_is_answered_or_refused_in_one_line(
    worker: Worker, configuration: bytes, baseline: bytes, name: str
) -> None:
    with written(clean_bank()) as root:
        runs = worker.call("project_files", str(root), configuration, baseline, name)
    for command, code, out, err in runs:
        assert code in (0, 1, 2), (command, code, err)
        assert "Traceback" not in err, err
        if code == 2:
            prefix = "memorybank-lint: " if command.startswith("lint") else "mcp-memorybank: "
            assert err.startswith(prefix) and len(err.strip().splitlines()) == 1, (command, err)
        elif command == "lint json":
            json.loads(out)


# A small space (a few bombs, each under two framings, and short raw bytes): a few hundred cases
# cover it, and CI keeps its time for the open-ended targets.
@settings(max_examples=min(300, settings.default.max_examples))
@given(planted=CACHE_BYTES)
def test_a_planted_cache_file_changes_no_finding(worker: Worker, planted: bytes) -> None:
    files = clean_bank()
    files[b"domain/broken.md"] = b"---\ntitle: Broken\nderived_from:\n  - nowhere.md\n---\n# Broken\n"
    with written(files) as root:
        first, second, overwritten = worker.call("planted_cache", str(root), planted)
    assert overwritten >= 3 and first[0] == 10 and "nowhere.md" in first[1]  # caches, a finding
    assert second == first, second[2]
