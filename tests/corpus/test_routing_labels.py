"""The routing benchmark's labels can be checked against the banks they describe.

Why: a label the bank does not support makes a figure that means nothing. Every labelled answer
must be a document of its bank, and every pooled judgement (`benchmarks/routing/pooled.yaml`)
must name a question of the hand-written sets, a document of that question's bank that is not
already labelled, once, and, when it says yes, quote the page: the quote must be in the file.
A blind question (`blind.yaml`, `blind2.yaml`) quotes its first answer the same way, is asked in
both languages and belongs to one split; the second round is all test.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from memorybank_lint.bank import Bank

from .conftest import corpus_banks

ROUTING = Path(__file__).resolve().parents[2] / "benchmarks" / "routing"
SETS = ("questions.yaml", "body.yaml", "heldout.yaml", "blind.yaml", "blind2.yaml")
BLIND_SPLITS = {"blind.yaml": ("dev", "test"), "blind2.yaml": ("test",)}


def _squeezed(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


@pytest.fixture(scope="module")
def banks() -> dict[str, Bank]:
    found = {}
    for root in corpus_banks():
        found[root.parent.name] = Bank(root)
        found[root.parent.name].refresh()
    return found


def _questions(name: str) -> dict[str, dict]:
    data = yaml.safe_load((ROUTING / name).read_text(encoding="utf-8"))
    return {q["id"]: {**q, "folder": data["banks"][q["bank"]]} for q in data["questions"]}


@pytest.mark.parametrize("name", SETS)
def test_every_labelled_answer_is_a_document_of_its_bank(name: str, banks: dict[str, Bank]) -> None:
    missing = [
        (qid, answer)
        for qid, q in _questions(name).items()
        for answer in q["answers"]
        if answer not in banks[q["folder"]].docs
    ]
    assert not missing


def test_every_pooled_judgement_names_a_question_a_page_and_for_yes_a_quote_the_page_holds(
    banks: dict[str, Bank],
) -> None:
    questions = {**_questions("questions.yaml"), **_questions("body.yaml"), **_questions("blind.yaml")}
    judgements = yaml.safe_load((ROUTING / "pooled.yaml").read_text(encoding="utf-8"))["judgements"]
    assert judgements
    pairs = [(j["id"], j["page"]) for j in judgements]
    assert len(pairs) == len(set(pairs)), "a page is judged twice for one question"
    wrong = []
    for judged in judgements:
        question = questions.get(judged["id"])
        if question is None:
            wrong.append((judged["id"], "no such question"))
            continue
        doc = banks[question["folder"]].docs.get(judged["page"])
        if doc is None or judged["page"] in question["answers"] or judged["verdict"] not in ("yes", "no"):
            wrong.append((judged["id"], judged["page"]))
            continue
        if judged["verdict"] == "yes" and _squeezed(judged["evidence"]) not in _squeezed(doc.text):
            wrong.append((judged["id"], judged["page"], "quote not in the page"))
    assert not wrong


@pytest.mark.parametrize("name", sorted(BLIND_SPLITS))
def test_every_blind_question_quotes_its_first_answer_and_has_a_split(
    name: str, banks: dict[str, Bank]
) -> None:
    questions = _questions(name)
    assert len(questions) >= 80
    wrong = []
    for qid, q in questions.items():
        first = banks[q["folder"]].docs.get(q["answers"][0])
        if q.get("split") not in BLIND_SPLITS[name] or not q.get("en") or not q.get("ru") or first is None:
            wrong.append(qid)
        elif _squeezed(q["evidence"]) not in _squeezed(first.text):
            wrong.append((qid, "quote not in the first answer"))
    assert not wrong
