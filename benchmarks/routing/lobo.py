"""Leave one bank out: tune routing's free weights on six banks, measure on the seventh, rotate.

Why: a weight chosen by looking at a bank's questions says nothing about a bank nobody has read.
Each fold picks, from `GRID`, the setting with the best mean reciprocal rank on the other banks'
questions (ties: the earlier setting, so the shipped default wins a tie), then ranks the held-out
bank's questions with it. With `one_se` (the headline) the fold keeps the shipped default unless
the best setting beats it by more than one standard error of the per-question difference in
reciprocal rank (the one-standard-error rule): on six banks' 200-odd questions most settings tie
within 0.003 MRR, and a fold that follows such a tie trades questions by chance. Every question
is therefore answered by a setting that never saw its bank; the pooled ranks give the figures,
and the per-fold mean is printed beside them.

Each setting's ranks are computed once for all questions and reused by every fold.
"""

from __future__ import annotations

import itertools
import math
import statistics
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from memorybank_lint.bank import Bank

DEPTH = 5
Ranker = Callable[[str, str], list[str]]

# The free weights of the fusion and the values each fold chooses from. The first value of every
# knob is the shipped default (`route.DEFAULT`), so the first setting is the default.
KNOBS: dict[str, tuple] = {
    "body_weight": (2.0, 1.0),
    "static_power": (0.5, 1.0, 0.0),
    "passage_weight": (1.0, 0.0, 2.0),
    "passage_coverage": (0.3, 0.5, 0.7),
    "passage_floor": (0.7, 0.0),
    "long_question": (6, None),
}
GRID: list[dict] = [dict(zip(KNOBS, values, strict=True)) for values in itertools.product(*KNOBS.values())]

# The mechanisms whose worth is on the silver descriptions, chosen per fold on silver and the
# hand-written questions of six banks, measured on the seventh bank's silver (`measure.py`).
SILVER_CHOICES: dict[str, tuple] = {
    "length_norm": (1.0, 0.5, 0.0),
    "long_question": (6, None),
    "folder": ((0.2, 0.6), (0.0, 0.0)),
}
SILVER_GRID: list[dict] = [
    {"length_norm": norm, "long_question": long, "folder": folder[0], "folder_coverage": folder[1]}
    for norm, long, folder in itertools.product(*SILVER_CHOICES.values())
]


@contextmanager
def hidden(banks: dict[str, Bank], item: dict) -> Iterator[None]:
    """Hide a silver question's own index document from every system while it is asked.

    The annotation is quoted verbatim there, so full-text systems would otherwise find the index
    line itself.
    """
    source = item.get("source")
    bank = banks[item["bank"]]
    doc = bank.docs.pop(source) if source else None
    if doc is not None:
        bank.revision += 1  # the indexes see the bank change
    try:
        yield
    finally:
        if doc is not None:
            bank.docs[source] = doc
            bank.revision += 1


def ranks(items: list[dict], ranker: Ranker, banks: dict[str, Bank]) -> list[int | None]:
    """The 0-based rank of the first acceptable answer in the top `DEPTH`, or None, per item."""
    found = []
    for item in items:
        with hidden(banks, item):
            ranked = ranker(item["bank"], item["q"])[:DEPTH]
        found.append(next((i for i, p in enumerate(ranked) if p in item["answers"]), None))
    return found


@dataclass
class Figures:
    n: int
    top1: float
    top3: float
    mrr: float


def figures(values: list[int | None]) -> Figures:
    n = max(1, len(values))
    return Figures(
        len(values),
        sum(1 for r in values if r == 0) / n,
        sum(1 for r in values if r is not None and r < 3) / n,
        sum(1 / (r + 1) for r in values if r is not None) / n,
    )


def grouped(items: list[dict], values: list[int | None]) -> dict[str, Figures]:
    """Figures overall, per language and per kind."""
    groups: dict[str, list[int | None]] = {"all": list(values)}
    for item, rank in zip(items, values, strict=True):
        groups.setdefault(item["lang"], []).append(rank)
    for item, rank in zip(items, values, strict=True):
        if item.get("kind"):
            groups.setdefault(item["kind"], []).append(rank)
    return {name: figures(found) for name, found in groups.items()}


@dataclass
class Result:
    """Pooled held-out ranks, the setting each fold chose, and each fold's own figures."""

    ranks: list[int | None]
    chosen: dict[str, dict]
    folds: dict[str, Figures]
    table: list[list[int | None]]

    def fold_mean(self) -> Figures:
        values = list(self.folds.values())
        return Figures(
            sum(f.n for f in values),
            sum(f.top1 for f in values) / len(values),
            sum(f.top3 for f in values) / len(values),
            sum(f.mrr for f in values) / len(values),
        )


def _reciprocal(rank: int | None) -> float:
    return 0.0 if rank is None else 1.0 / (rank + 1)


def _beats_by_more_than_noise(better: list[int | None], default: list[int | None], train: list[int]) -> bool:
    """Is `better`'s mean reciprocal rank over `train` above the default's by more than one
    standard error of the per-question difference?"""
    differences = [_reciprocal(better[i]) - _reciprocal(default[i]) for i in train]
    if len(differences) < 2:
        return False
    error = statistics.stdev(differences) / math.sqrt(len(differences))
    return statistics.fmean(differences) > error


def leave_one_bank_out(
    items: list[dict],
    settings: list[dict],
    rank_all: Callable[[dict], list[int | None]],
    one_se: bool = True,
    table: list[list[int | None]] | None = None,
) -> Result:
    """Pick a setting per held-out bank on the other banks' items; pool the held-out ranks.

    The first setting is the shipped default; `one_se` keeps it unless another beats it by more
    than the noise (see the module). `table` (each setting's ranks, as `Result.table` holds them)
    spares ranking again under another rule.
    """
    if table is None:
        table = [rank_all(setting) for setting in settings]
    pooled: list[int | None] = [None] * len(items)
    chosen: dict[str, dict] = {}
    folds: dict[str, Figures] = {}
    for bank in sorted({item["bank"] for item in items}):
        train = [i for i, item in enumerate(items) if item["bank"] != bank]
        test = [i for i, item in enumerate(items) if item["bank"] == bank]

        def fit(column: list[int | None], train: list[int] = train) -> tuple[float, float]:
            found = figures([column[i] for i in train])
            return found.mrr, found.top1

        best = max(range(len(settings)), key=lambda s: (fit(table[s]), -s))
        if one_se and best and not _beats_by_more_than_noise(table[best], table[0], train):
            best = 0
        chosen[bank] = settings[best]
        for i in test:
            pooled[i] = table[best][i]
        folds[bank] = figures([table[best][i] for i in test])
    return Result(pooled, chosen, folds, table)
