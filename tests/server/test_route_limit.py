"""A shorter answer is the start of a longer one: `limit` only cuts, it never reorders.

Why: the command line and the MCP tool are asked with different limits (`--limit 3`, the tool's
default 5), and a user comparing them, or a measurement taking the first three of five, must see
the same first documents. Ties in the score as shown (two decimals) are where it could break, and
a generated bank of many similar pages has plenty of them.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from memorybank_lint.bank import Bank
from memorybank_server.retrieval.route import route
from tests.conftest import drawn_question


def _paths(bank: Bank, question: str, limit: int) -> list[str]:
    return [r["path"] for r in route(bank, question, limit=limit)["results"]]


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_a_shorter_limit_gives_the_first_documents_of_a_longer_one(
    generated: tuple[Bank, list[str]], data: st.DataObject
) -> None:
    bank, words = generated
    # a why question also moves a plan below the page it derives from (`sources_first`), and the
    # generated packages' companions are plans derived from their brief
    question = data.draw(st.sampled_from(("", "why "))) + drawn_question(data, words, 8)
    longest = _paths(bank, question, 12)
    for limit in range(1, 6):
        assert _paths(bank, question, limit) == longest[:limit]
