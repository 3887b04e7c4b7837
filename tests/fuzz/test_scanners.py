"""The linear scanners give what the patterns they replaced gave, on lines short enough for those.

Code spans are checked against markdown-it-py instead: the pattern they replaced was not CommonMark.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tests.fuzz.worker import Worker

CLAIM_PIECES = [
    "a", "ab", "The", "rule", " ", "  ", "\t", "is ", "are ", "IS ", "defined in ", "defined  by ",
    "governed by", "described in", "описан в ", "определён во ", "зафиксировано в", "x.md", "`x.md`",
    "[l](y.md)", '[l](<y.md> "t")', "[", "]", "(", ")", ".", ",", "-", "`", "1", "_", "é", "/", "this ",
]  # fmt: skip
LINK_PIECES = ["[", "]", "(", ")", "](", "<", ">", '"', "'", " ", "\t", "a", "x.md", "\\", "!", "#"]
ROOT_PIECES = [
    "root document", "корень", "Корневой документ", " ", "\t", "is", "is ", "—", "-", ":", "[", "`",
    "x.md", "dna/p.md", ".md", "←", "root", "roots", "a", "/", ".",
]  # fmt: skip


def lines(pieces: list[str], most: int) -> st.SearchStrategy[str]:
    return st.lists(st.sampled_from(pieces), max_size=most).map("".join)


@given(line=lines(CLAIM_PIECES, 25))
def test_claims_are_read_as_the_single_pattern_read_them(worker: Worker, line: str) -> None:
    ours, theirs = worker.call("claims_both", line)
    assert ours == theirs


@given(line=lines(LINK_PIECES, 20))
def test_links_are_read_as_the_single_pattern_read_them(worker: Worker, line: str) -> None:
    ours, theirs = worker.call("links_both", line)
    assert ours == theirs


@given(line=lines(["`", "``", "a", " "], 20))
def test_code_spans_are_commonmark_code_spans(worker: Worker, line: str) -> None:
    ours, theirs = worker.call("spans_both", line)
    assert ours == theirs


@given(line=lines(ROOT_PIECES, 12))
def test_root_sentences_are_read_as_the_patterns_read_them(worker: Worker, line: str) -> None:
    ours, theirs = worker.call("roots_both", line)
    assert sorted(ours) == sorted(theirs)
