"""`bank_route` and `bank_search` refuse a question too long to be one, before any work is done."""

from __future__ import annotations

from pathlib import Path

import pytest

from memorybank_lint.bank import Bank
from memorybank_server.errors import ToolInputError
from memorybank_server.retrieval.ranking import MAX_TEXT_CHARS, MAX_WORD_CHARS
from memorybank_server.retrieval.route import route
from memorybank_server.retrieval.search import search
from tests.conftest import CLEAN_BANK, refreshed_bank


@pytest.fixture
def bank(tmp_path: Path) -> Bank:
    return refreshed_bank(tmp_path / "memory-bank", CLEAN_BANK)


def _route(bank: Bank, text: str) -> dict:
    return route(bank, text)


def _search(bank: Bank, text: str) -> dict:
    return search(bank, text)


@pytest.mark.parametrize("ask", [_route, _search])
def test_a_question_over_the_bound_is_refused(bank: Bank, ask) -> None:
    text = "model " * (MAX_TEXT_CHARS // 6 + 1)
    with pytest.raises(ToolInputError, match=f"at most {MAX_TEXT_CHARS:,} characters"):
        ask(bank, text)


@pytest.mark.parametrize("ask", [_route, _search])
def test_a_word_over_the_bound_is_refused(bank: Bank, ask) -> None:
    with pytest.raises(ToolInputError, match=f"longer than {MAX_WORD_CHARS} characters"):
        ask(bank, "model " + "x" * (MAX_WORD_CHARS + 1))
    with pytest.raises(ToolInputError, match="characters with no space between them") as refused:
        ask(bank, '"' * (MAX_WORD_CHARS + 1))  # no word at all: not called one
    assert "a word" not in str(refused.value)


@pytest.mark.parametrize("ask", [_route, _search])
def test_questions_at_the_bounds_are_answered(bank: Bank, ask) -> None:
    words = ("model " * MAX_TEXT_CHARS)[: MAX_TEXT_CHARS - MAX_WORD_CHARS - 1] + " " + "m" * MAX_WORD_CHARS
    assert len(words) == MAX_TEXT_CHARS
    assert isinstance(ask(bank, words), dict)
