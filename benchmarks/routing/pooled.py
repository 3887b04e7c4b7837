"""Pooled judgements: answers the hand-written labels missed, found by judging both systems' pools.

Why: the fact questions were labelled with the page the fact was read in, but a bank states a
fact more than once, so a system that opens another page stating it was counted wrong. Adding
only the pages one system returned would raise only that system's figures. Instead, for every
question of `questions.yaml` and `body.yaml` (both languages), the top 3 of `bank_route` and the
top 3 of whole-file BM25 were pooled, and every pooled page not already labelled was judged by
reading it against the labelled answers, by the rules the labels were written with, without
being told which system returned it (TREC-style pooling). `pooled.yaml` keeps every judgement,
yes and no, with a quote from the page for each yes; `measure.py` prints the leave-one-bank-out
figures on the labels as written and on the labels with the pooled answers added.

A page neither system put in its top 3 is unjudged and counts as wrong, as in any pooled
evaluation, so `bank_search` (not pooled) can only be understated on the pooled labels.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
JUDGEMENTS = HERE / "pooled.yaml"


@cache
def judgements(path: Path = JUDGEMENTS) -> list[dict]:
    """Every judged (question id, page, verdict, evidence) of the pool, read once per run
    (`measure.py` widens four item lists with it; the file is half a second of YAML)."""
    return yaml.safe_load(path.read_text(encoding="utf-8"))["judgements"]


def with_pooled(items: list[dict]) -> list[dict]:
    """Copies of `items` whose answers also hold the pages judged to answer their question."""
    extra: dict[str, list[str]] = {}
    for judged in judgements():
        if judged["verdict"] == "yes":
            extra.setdefault(judged["id"], []).append(judged["page"])
    widened = []
    for item in items:
        added = [page for page in extra.get(item["id"], []) if page not in item["answers"]]
        widened.append({**item, "answers": [*item["answers"], *added]})
    return widened
