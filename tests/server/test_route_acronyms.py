"""A question that spells out what a page abbreviates (`language model` for `LLM`) reaches it."""

from __future__ import annotations

import string
from dataclasses import replace
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from memorybank_lint.document import Document, parse
from memorybank_server.retrieval import acronyms, mined
from memorybank_server.retrieval.route import DEFAULT, route
from memorybank_server.retrieval.route_index import header_index_for
from tests.conftest import refreshed_bank
from tests.server.test_route import doc

NO_ACRONYMS = replace(DEFAULT, acronym=0.0)


def paths(answer: dict) -> list[str]:
    return [r["path"] for r in answer["results"]]


def page(text: str) -> Document:
    return parse("notes.md", text)


def retry_bank(tmp_path: Path) -> object:
    return refreshed_bank(
        tmp_path,
        {
            "engineering/summaries.md": doc(
                "Summaries", "How posts are summarised.", "A failed LLM call is retried three times."
            ),
            "engineering/style.md": doc(
                "Language", "Which language the code is written in.", "Go; the model types live in `models/`."
            ),
        },
    )


def test_a_spelled_out_acronym_in_the_question_reaches_the_page_holding_the_acronym(tmp_path: Path) -> None:
    bank = retry_bank(tmp_path)
    question = "what happens when a call to the language model fails"
    assert paths(route(bank, question))[0] == "engineering/summaries.md"
    assert paths(route(bank, question, tuning=NO_ACRONYMS))[0] == "engineering/style.md"


def test_a_russian_expansion_in_any_inflection_reaches_the_acronym(tmp_path: Path) -> None:
    bank = retry_bank(tmp_path)
    assert paths(route(bank, "ошибка вызова языковой модели"))[0] == "engineering/summaries.md"


def test_the_words_must_stand_together_and_in_order() -> None:
    table = acronyms.table(list(acronyms.builtin()))
    assert acronyms.expansions("the language model", table) == {"languag": ["llm"], "model": ["llm"]}
    assert acronyms.expansions("the model of the language", table) == {}
    assert acronyms.expansions("a language for the data model", table) == {}


def test_a_bank_spelling_out_its_own_acronym_is_read_either_way_round() -> None:
    text = (
        "Rooms are synced to the Property Management System (PMS) nightly.\n"
        "- ТЗ (техническое задание) — описание задачи.\n"
        "Прайс рынка (USD) и цена в копейках (cents).\n"
    )
    assert mined.acronyms(page(text)) == [
        (("property", "management", "system"), "pms"),
        (("техническ", "задан"), "тз"),
    ]


def test_a_banks_own_acronym_joins_the_builtin_ones(tmp_path: Path) -> None:
    bank = refreshed_bank(
        tmp_path,
        {
            "domain/glossary.md": doc("Glossary", "Terms.", "The Channel Sync Engine (CSE) pushes rates."),
            "ops/cse.md": doc("CSE runbook", "Restarting the CSE.", "Restart the CSE when rates stall."),
            "ops/other.md": doc("Other", "Other notes.", "Rates are pushed by hand on holidays."),
        },
    )
    assert (("channel", "sync", "engin"), "cse") in header_index_for(bank).acronyms["channel"]
    assert paths(route(bank, "how to restart the channel sync engine"))[0] == "ops/cse.md"


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=string.ascii_letters + " ()`*-\nЛЛМабв", max_size=400))
def test_mining_any_text_returns_only_acronyms_its_phrase_spells(text: str) -> None:
    for stems, acronym in mined.acronyms(page(text)):
        assert len(stems) >= acronyms.MIN_WORDS
        assert 2 <= len(acronym) <= 8 and acronym == acronym.lower()


def test_a_page_of_parentheses_is_read_in_bounded_steps() -> None:
    text = "Large Language Model (LLM) " + "(AB) " * 200_000 + "Single Source of Truth (SSoT)"
    found = mined.acronyms(page(text))
    assert found == [(("larg", "languag", "model"), "llm")]  # the look stops after MAX_PARENTHESES


def test_a_bank_of_made_up_acronyms_sharing_a_first_word_is_bounded() -> None:
    made_up = [(("data", f"w{n}"), f"d{n}") for n in range(10_000)]
    known = acronyms.with_spelled(iter(made_up))
    assert len(known["data"]) == acronyms.MAX_PER_STEM
    assert sum(len(found) for found in known.values()) <= len(acronyms.builtin()) + acronyms.MAX_PER_STEM
    spread = [((f"s{n}", "x"), "sx") for n in range(10_000)]
    assert sum(len(found) for found in acronyms.with_spelled(iter(spread)).values()) <= (
        len(acronyms.builtin()) + acronyms.MAX_SPELLED
    )
