"""What a document is worth before its words are read: layer × status weight, and the why intent.

Why apart from the scoring: these weights depend only on the bank and on whether the question asks
for a reason, so they are computed once per bank state and intent and cached on the header index,
not per question. The reference weights (spec/02 §1.6) are raised to `static_power`: at full
strength a closed delivery document is halved twice over and buries the feature documents that
hold most facts.

A delivery package's index page (`features/FT-1/README.md`) counts `package_index` (half): it
is an annotated list of the package's pages and repeats what they say, so the page that holds
the fact, not the list that points at it, is the answer (as the question sets label it).
"""

from __future__ import annotations

import posixpath
import re

from memorybank_lint.bank import Bank
from memorybank_lint.document import Document

from .lang import fold
from .route_index import HeaderIndex
from .tuning import Tuning

STATUS_WEIGHTS = {"active": 1.0, "draft": 0.7, "archived": 0.2}
OTHER_STATUS = 0.9
CLOSED = frozenset({"done", "cancelled"})
_WHY_WORDS = re.compile(r"\b(why|rationale|decision|decisions|decided|chose|chosen|tradeoffs?)\b")
_WHY_PHRASES = ("instead of", "trade-off", "для чего", "по какой причине")
_WHY_RU = ("почему", "зачем", "обоснован", "вместо", "решени", "решил", "выбрал", "причин")


def why_intent(question: str) -> bool:
    """Does the question ask for a reason? Russian stems are tested per word, so `разрешение`
    (permission) does not fire while `решение` and `решили` do (W13)."""
    text = fold(question)
    if _WHY_WORDS.search(text) or any(p in text for p in _WHY_PHRASES):
        return True
    return any(word.startswith(_WHY_RU) for word in re.findall(r"[а-я]+", text))


def static_weights(bank: Bank, index: HeaderIndex, tuning: Tuning, why: bool) -> dict[str, float]:
    """Layer weight × status weight (closed work halved) of every document, cached per bank state."""
    key = (index.generation, bank.layers)
    cached = index.weight_cache.get((id(tuning), why))
    if cached is not None and cached[0] is tuning and cached[1] == key:
        return cached[2]
    layers: dict[str, float] = {}
    weights = {}
    for path, doc in bank.docs.items():
        if doc.layer not in layers:
            layers[doc.layer] = _layer_weight(bank, doc.layer, why, tuning)
        delivery = index.closed.get(path) if tuning.package_status else doc.delivery_status
        weights[path] = (layers[doc.layer] * _status_weight(doc, delivery, tuning)) ** tuning.static_power
        if doc.layer == "delivery" and path in index.index_pages and "/" in posixpath.dirname(path):
            weights[path] *= tuning.package_index
    index.weight_cache[(id(tuning), why)] = (tuning, key, weights)
    return weights


def weight_classes(bank: Bank, index: HeaderIndex, tuning: Tuning, why: bool) -> dict[float, set[str]]:
    """The documents of each `static_weights` value, cached the same way.

    Why: `route_select` splits a group of header holders too large to weigh one by one by these
    (a dozen values on a 10,000-document bank), so that only the groups of the heavier weights
    are weighed document by document.
    """
    weights = static_weights(bank, index, tuning, why)
    slot = (id(tuning), why, "classes")
    cached = index.weight_cache.get(slot)
    if cached is not None and cached[0] is weights:
        return cached[1]
    classes: dict[float, set[str]] = {}
    for path, weight in weights.items():
        classes.setdefault(weight, set()).add(path)
    index.weight_cache[slot] = (weights, classes)
    return classes


def _layer_weight(bank: Bank, layer: str, why: bool, tuning: Tuning) -> float:
    if not tuning.layer_weights:
        return 1.0
    weight = bank.layers.weight(layer)
    if why and tuning.why_intent:
        weight *= {"decision": 4 / 3, "knowledge": 0.8}.get(layer, 1.0)
    return weight


def _status_weight(doc: Document, delivery_status: str | None, tuning: Tuning) -> float:
    weight = STATUS_WEIGHTS.get(doc.status, OTHER_STATUS)
    if tuning.closed_halving and delivery_status in CLOSED:
        weight *= 0.5
    return weight
