"""What `bank_route` and `bank_search` share: argument checks, eligibility and rounding.

Why shared: both tools must refuse the same bad arguments with the same sentence, and must never
return a template or an `_inbox/` document, whatever the filters say.
"""

from __future__ import annotations

import gc
import math
from collections.abc import Iterator
from contextlib import contextmanager
from decimal import ROUND_HALF_UP, Context, Decimal

from memorybank_lint.bank import Bank
from memorybank_lint.document import Document
from memorybank_lint.quoting import shortened

from ..errors import ToolInputError

LAYERS = ("dna", "knowledge", "decision", "delivery", "flow", "other")
# A question is a sentence, a word is at most a long identifier or URL. Past these bounds the
# matching work grows with the square of a word's length, under the server's one lock.
MAX_TEXT_CHARS = 2000
MAX_WORD_CHARS = 200


def check_text(text: str, name: str) -> None:
    """Refuse what cannot be a question before any work is done on it."""
    if not isinstance(text, str) or len(text.strip()) < 2:
        raise ToolInputError(f"{name} must be at least 2 characters long.")
    if len(text) > MAX_TEXT_CHARS:
        raise ToolInputError(
            f"{name} is {len(text):,} characters long; ask in at most {MAX_TEXT_CHARS:,} characters."
        )
    longest = max(text.split(), key=len)
    if len(longest) > MAX_WORD_CHARS:
        raise ToolInputError(
            f"{name} holds {len(longest)} characters with no space between them ('{longest[:20]}…'); "
            f"a run longer than {MAX_WORD_CHARS} characters cannot be matched."
        )


def check_layer(layer: str | None) -> None:
    if layer is not None and layer not in LAYERS:
        raise ToolInputError(f"layer must be one of {', '.join(LAYERS)}; got {layer!r}.")


LISTED_VALUES = 20  # the values a refused filter lists; a value is cut to VALUE_CHARS
VALUE_CHARS = 40
_FIELDS = {"docKind": "doc_kind", "status": "status"}
LIFECYCLE = frozenset({"draft", "active", "archived"})  # statuses known to every bank


def check_filters(bank: Bank, **given: str | None) -> None:
    """Refuse a `docKind` or `status` filter the bank does not know: no document the tool can
    return carries it, and dna/ does not declare it (nor is it a lifecycle status).

    Why: such a filter answered "no document matches this question", so a mistyped kind (`ADR`,
    `decisions`) read as a question the bank cannot answer. The refusal lists the values known.
    """
    for name, value in given.items():
        if value is None:
            continue
        field_name = _FIELDS[name]
        known = {
            getattr(doc, field_name)
            for doc in bank.docs.values()
            if not doc.is_template and doc.layer != "inbox"
        }
        if bank.contract is not None:
            known.update(*(vs.values for vs in bank.contract.declared.get(field_name, ())))
        if name == "status":
            known |= LIFECYCLE
        if value in known:
            continue
        values = sorted(v for v in known if isinstance(v, str) and v)
        shown = ", ".join(shortened(v, VALUE_CHARS) for v in values[:LISTED_VALUES])
        more = f", … {len(values) - LISTED_VALUES} more" if len(values) > LISTED_VALUES else ""
        raise ToolInputError(
            f"{name} {value!r} matches no document of this bank and is not declared in dna/; "
            + (f"the {field_name} values it knows: {shown}{more}." if values else f"none has a {field_name}.")
        )


def filtered_hint(**filters: str | None) -> str:
    """The hint of an empty answer that a filter emptied (documents outside it match): an agent
    told "no document matches" rephrased a question whose answer the filter had set aside.

    Why here: `bank_route` and `bank_search` take the same filters and word this alike; each gives
    it only when the question finds documents without its filters."""
    named = " and ".join(f"{name} {value!r}" for name, value in filters.items() if value is not None)
    return f"No document with {named} matches this, though others do; change the filter or leave it out."


def eligible(doc: Document, doc_kind: str | None, layer: str | None, status: str | None = None) -> bool:
    """Not a template, not in the inbox, and matching every filter given (exact equality)."""
    if doc.is_template or doc.layer == "inbox":
        return False
    if doc_kind is not None and doc.doc_kind != doc_kind:
        return False
    if layer is not None and doc.layer != layer:
        return False
    return status is None or doc.status == status


class Snapshot:
    """The state of the bank's documents an index last saw, to answer "nothing changed" cheaply.

    Why: every query first brings the indexes in step with the bank. `Bank.revision` moves
    whenever `refresh()` adds, replaces or removes a document (code that edits `docs` by hand
    moves it too), so comparing it costs nothing; even comparing the 10,000 document objects in
    order touched every one of them, a millisecond or more per index and query once they had
    left the processor's cache. Any move sends the index to its full per-path comparison.
    """

    def __init__(self) -> None:
        self._seen: tuple[int, int, int] | None = None

    def unchanged(self, bank: Bank) -> bool:
        return self._seen == (bank.revision, id(bank.docs), len(bank.docs))

    def take(self, bank: Bank) -> None:
        self._seen = (bank.revision, id(bank.docs), len(bank.docs))


_EVERY_FLOAT = Context(prec=400)  # the largest float has 309 digits before the point


def round_half_up(value: float, places: int) -> float:
    """Round like a person does (2.675 → 2.68), not like `round` (banker's rounding).

    Any float: the default 28 digits cannot hold 1e30 to two places, and an infinity has none.
    """
    if not math.isfinite(value):
        return value
    quantum = Decimal(1).scaleb(-places)
    return float(Decimal(repr(value)).quantize(quantum, rounding=ROUND_HALF_UP, context=_EVERY_FLOAT))


@contextmanager
def gc_paused() -> Iterator[None]:
    """Hold off the cyclic garbage collector for one query, then restore its previous state.

    Why: a query allocates tens of thousands of short-lived tuples and dicts; when a collection
    happens mid-query they are promoted, and the next full collection walks every object of a
    10,000-document bank (~150 ms). Nothing a query allocates forms a cycle, so reference
    counting frees it all at the end either way.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
