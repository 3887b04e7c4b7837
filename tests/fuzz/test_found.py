"""Hostile inputs found along the way, kept as plain tests; each runs in the worker, so a hang fails.

Every case here once crashed or hung a tool; the comment says what it did.
"""

from __future__ import annotations

import pytest

from tests.fuzz.worker import Worker


@pytest.mark.parametrize(
    ("line", "found"),
    [
        # Backtick runs: the code-span pattern backtracked cubically (1 KB took 14 s).
        ("- " + "`" * 30_000 + "](x.md)", []),
        ("`" * 30_000 + "[a](x.md)" + "`" * 29_999, [("a", "x.md", 30_001)]),
        ("`" * 30_000 + "[a](x.md)" + "`" * 30_000, []),
        # Open brackets with no link: the link pattern rescanned the line from every `[`.
        ("[" * 100_000 + "](", []),
        ("](x '" * 50_000, []),
        ("[" + "a" * 100_000 + "](" + " " * 100_000, []),
    ],
)
def test_long_runs_of_link_punctuation(worker: Worker, line: str, found: list[tuple[str, str, int]]) -> None:
    assert worker.call("links", line) == [tuple(link) for link in found]


def test_a_heading_with_long_runs_of_spaces(worker: Worker) -> None:
    # `^#\s+(\S.*?)\s*$` retried the trailing spaces at every position: quadratic.
    line = "# " + " " * 100_000 + "x" + " " * 100_000 + "y" + " " * 100_000
    assert worker.call("heading", line, 1) == "x" + " " * 100_000 + "y"
