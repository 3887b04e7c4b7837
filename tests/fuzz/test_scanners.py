"""The linear scanners give what the patterns they replaced gave, on lines short enough for those.

Code spans and links are checked against markdown-it-py instead: the patterns they replaced were
not CommonMark.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.fuzz.worker import Worker

CLAIM_PIECES = [
    "a", "ab", "The", "rule", " ", "  ", "\t", "is ", "are ", "IS ", "defined in ", "defined  by ",
    "governed by", "described in", "описан в ", "определён во ", "зафиксировано в", "x.md", "`x.md`",
    "[l](y.md)", '[l](<y.md> "t")', "[", "]", "(", ")", ".", ",", "-", "`", "1", "_", "é", "/", "this ",
]  # fmt: skip
# No `\r`: the reader hands the scanner lines without their endings, and to CommonMark it is one.
LINK_PIECES = [
    "[", "]", "(", ")", "](", "<", ">", "](<", '"', "'", " ", "\t", "a", "x.md", "\\", "!", "#",
]  # fmt: skip
BLOCK_PIECES = [
    "x", "k", ": ", ":", " ", "  ", "\t", "- ", "? ", "-", "|", ">", "+", "2", "&a ", "!b ", "!!str ", "#",
    '"', "'",
]  # fmt: skip
ROOT_PIECES = [
    "root document", "корень", "Корневой документ", " ", "\t", "is", "is ", "—", "-", ":", "[", "`",
    "x.md", "dna/p.md", ".md", "←", "root", "roots", "a", "/", ".",
]  # fmt: skip


def lines(pieces: list[str], most: int) -> st.SearchStrategy[str]:
    return st.lists(st.sampled_from(pieces), max_size=most).map("".join)


LINES = {
    "claims_both": lines(CLAIM_PIECES, 25),
    # `<!x…>` is raw HTML (a declaration) that may hide a bracket, which the scanner does not read
    "links_both": lines(LINK_PIECES, 20).filter(lambda line: "<!" not in line and line.count("[") < 16),
    "spans_both": lines(["`", "``", "a", " "], 20),
    "roots_both": lines(ROOT_PIECES, 12),
    "block_openers_both": lines(BLOCK_PIECES, 16),
}


@pytest.mark.parametrize("target", sorted(LINES))
@given(data=st.data())
def test_the_scanner_reads_what_it_replaced_read(worker: Worker, target: str, data: st.DataObject) -> None:
    """claims, root sentences, block scalar openers: as the patterns did; code spans and links: as
    markdown-it-py does."""
    ours, theirs = worker.call(target, data.draw(LINES[target]))
    assert ours == theirs
