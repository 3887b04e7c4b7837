"""The suppression scanner on hostile text: in time, every comment it finds is where it says, and a
body `<!-- noqa -->` is read as the plain pattern it replaces reads it on short lines."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tests.fuzz.hostile import run
from tests.fuzz.worker import Worker

PIECES = [
    "#", "# ", " #", "noqa", "NOQA", ":", ": ", "MB001", "mb002", ",", ", ", "broken-derived-from", " ",
    "\t", "<!--", "-->", "<!-- ", " -->", "memorybank-lint", ": disable", "disable", "'", '"', "\\",
    "`", "x", "- ", "key: ", "é",
]  # fmt: skip
LINE = st.lists(st.one_of(st.sampled_from(PIECES), run(PIECES)), max_size=12).map("".join)
SHORT = st.lists(st.sampled_from([p for p in PIECES if p != "`"]), max_size=14).map("".join)


@given(header=st.lists(LINE, max_size=4), body=st.lists(LINE, max_size=4))
def test_every_suppression_found_is_where_it_says(worker: Worker, header: list[str], body: list[str]) -> None:
    text = "---\n" + "\n".join(header) + "\n---\n" + "\n".join(body) + "\n"
    lines = text.split("\n")
    for kind, line, column, tokens, written in worker.call("suppressions_of", text):
        assert kind in ("noqa", "disable")
        assert lines[line - 1][column - 1 :].startswith(written)
        assert all(token and "," not in token for token in tokens)


@given(line=SHORT)
def test_a_body_noqa_is_read_as_the_pattern_reads_it(worker: Worker, line: str) -> None:
    ours, theirs = worker.call("body_noqa_both", line)
    assert ours == theirs
