"""Where a document's old purpose is found in an index line: the leftmost whole-word occurrence.

The search was a regular expression, `(?<!\\w)old(?!\\w)`, which compares up to all of `old` at
every place its look-behind lets through: a 40,000-character purpose over a 400,000-character
index line took 15 s inside the bank's write lock. The one-pass search must find what it found.
"""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from memorybank_server.writes.index_lines import _first_whole, _occurrences

TEXT = st.text(alphabet="ab. _ж", max_size=40)


def _by_expression(line: str, olds: list[str], low: int, high: int) -> tuple[int, int] | None:
    pattern = re.compile("|".join(rf"(?<!\w){re.escape(o)}(?!\w)" for o in olds))
    match = pattern.search(line, low, high)
    return None if match is None else match.span()


@given(TEXT, st.lists(TEXT.filter(bool), min_size=1, max_size=3, unique=True), st.data())
def test_the_one_pass_search_finds_what_the_expression_found(line: str, olds: list[str], data) -> None:
    olds = sorted(olds, key=len, reverse=True)
    low = data.draw(st.integers(0, len(line)))
    # a window ends where an index line's text does (a link, a cell, the line's end): never inside
    # a word, where the expression took the window's end for the line's and this looks past it
    ends = [end for end in range(low, len(line) + 1) if end == len(line) or not re.match(r"\w", line[end])]
    high = data.draw(st.sampled_from(ends))
    assert _first_whole(line, olds, low, high) == _by_expression(line, olds, low, high)


@given(TEXT, TEXT.filter(bool))
def test_every_occurrence_overlapping_ones_too(text: str, word: str) -> None:
    expected = [i for i in range(len(text) - len(word) + 1) if text.startswith(word, i)]
    assert list(_occurrences(text, word, 0, len(text))) == expected


def test_a_long_periodic_purpose_over_a_long_line_is_found_where_it_stands() -> None:
    old = "." * 40_000 + "b"
    line = "- [Dots](dots.md) — " + "." * 400_000 + " " + old + " end"
    start = line.index(" " + old) + 1
    assert _first_whole(line, [old], 0, len(line)) == (start, start + len(old))
