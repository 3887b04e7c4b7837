"""The shape of a `bank_route` answer: small enough to read before deciding what to open.

Why a hard per-result budget: an agent asks `bank_route` first, on every task, and the answer sits
in its context for the rest of the session. Three results must fit in 840 characters of compact
JSON, so each result gets at most `PER_RESULT` characters; the purpose is cut first (it is the
longest and the least needed once the title and the best section are shown), then the `why`.
The path is never cut (`_fit`).
"""

from __future__ import annotations

import json

from memorybank_lint.bank import Bank

from .body_index import Evidence
from .route_score import Evaluation

PER_RESULT = 274  # (840 - len('{"results":[]}') - 2 commas) / 3, floored
PURPOSE_MAX, PURPOSE_MIN = 160, 60
WHY_MAX, WHY_MIN = 100, 30
SECTION_MAX = 60
LABEL_MAX = 24  # a doc_kind or status: a word, as the bank declares them; a longer one is cut
DELIVERY_NOTE = "delivery doc, ranked below knowledge"


def _cut(text: str, size: int) -> str:
    """`text` in at most `size` characters, ending in `…` when cut."""
    if len(text) <= size:
        return text
    return text[: size - 1].rstrip() + "…" if size > 1 else ""


def _cut_clauses(text: str, size: int) -> str:
    """Drop trailing `; `-separated clauses until `text` fits; cut the first one if it must."""
    clauses = text.split("; ")
    while len(clauses) > 1 and len("; ".join(clauses)) > size:
        clauses.pop()
    return _cut("; ".join(clauses), size)


def _size(result: dict) -> int:
    return len(json.dumps(result, ensure_ascii=False, separators=(",", ":")))


def why_text(
    evaluation: Evaluation,
    body: list[str],
    layer: str,
    pages: list[str] | None = None,
    paragraph: list[str] | None = None,
) -> str:
    """One line of reasons, strongest first: the paragraph that won a reserved third place
    (`one paragraph holds retry, limit`), the plan a why question moved the page above
    (`route_select.sources_first`), the owned key, then the fields grouped by the words they
    matched (`purpose, title match backup`), then the words an index page's linked pages hold
    (`its pages cover testing, style`), then body-only words, then the delivery note."""
    clauses = [f"one paragraph holds {', '.join(paragraph)}"] if paragraph else []
    if evaluation.plan:
        clauses.append(f"a why question: its plan {evaluation.plan} restates it")
    if evaluation.key:
        clauses.append(f"owns {evaluation.key}")
    groups: dict[tuple[str, ...], list[str]] = {}
    for name, label in (("p", "purpose"), ("t", "title"), ("f", "path")):
        if evaluation.words.get(name):
            groups.setdefault(tuple(dict.fromkeys(evaluation.words[name])), []).append(label)
    for words, labels in groups.items():
        verb = "matches" if len(labels) == 1 else "match"
        clauses.append(f"{', '.join(labels)} {verb} {', '.join(words)}")
    seen = {w for words in groups for w in words} | set(paragraph or ())
    if pages:
        # first when the pages, not the index page's own header, are what ranks it
        strongest = evaluation.parts.get("folder", 0.0) >= max(evaluation.parts.values(), default=0.0)
        clauses.insert(0 if strongest else len(clauses), f"its pages cover {', '.join(pages)}")
        seen.update(pages)
    extra = [w for w in body if w not in seen]
    if "body" in evaluation.parts and extra:
        clauses.append(f"body mentions {', '.join(extra)}")
    if not clauses and evaluation.words.get("s"):  # chosen by a heading alone: say so, not nothing
        clauses.append(f"a heading matches {', '.join(dict.fromkeys(evaluation.words['s']))}")
    if layer == "delivery":
        clauses.append(DELIVERY_NOTE)
    return "; ".join(clauses)


def _fit(result: dict) -> dict:
    """Shrink one result's fields until its compact JSON fits `PER_RESULT` characters.

    Order: the purpose down to 60 characters, `why` down to 30, the purpose away, then the
    section, the title, the rest of `why`, the kind and the status. The path is never cut: it is
    what the agent opens, and a cut one names no document (a result whose path alone leaves no
    room stays over its share). Each result is fitted on its own, so a result reads the same
    whatever `limit` asked for: the first three of a 5-result answer are the 3-result answer.
    Sizes are counted as JSON writes them (a control character costs six), never as raw text.
    """
    steps = (
        ("purpose", PURPOSE_MIN, _cut),
        ("why", WHY_MIN, _cut_clauses),
        ("purpose", 0, _cut),
        ("section", 12, _cut),
        ("title", 12, _cut),
        ("why", 0, _cut_clauses),
        ("docKind", 0, _cut),
        ("status", 0, _cut),
    )
    for name, floor, cut in steps:
        excess = _size(result) - PER_RESULT
        if excess <= 0:
            break
        value = result.get(name) or ""
        if len(value) > floor:
            result[name] = cut(value, max(floor, len(value) - excess))
    return result


def _named(words: list[str], held: list[str | None], mask: int) -> list[str]:
    """The words of the concepts in `mask`, each as the page writes it where it is known, once."""
    return list(dict.fromkeys(held[i] or w for i, w in enumerate(words) if mask >> i & 1))


def answer(
    bank: Bank,
    rows: list[tuple[float, str, Evaluation]],
    body_hits: dict[str, int],
    words: list[str],
    evidence: Evidence | None = None,
) -> dict:
    """Build `{"results": [...]}` from `(score, path, evaluation)` rows, best first.

    The body and paragraph reasons name each word as the page's body holds it (from `evidence`),
    so a page reached through a translation or an acronym is not said to hold the question's word.
    """
    results = []
    for score, path, evaluation in rows:
        doc = bank.docs[path]
        held = evidence.held_words(path) if evidence is not None else [None] * len(words)
        body = _named(words, held, body_hits.get(path, 0))
        pages = [w for i, w in enumerate(words) if evaluation.folder >> i & 1]
        paragraph = _named(words, held, evaluation.paragraph)
        result = {
            "path": path,
            "title": doc.title,
            "purpose": _cut(" ".join(doc.purpose.split()), PURPOSE_MAX),
            "docKind": _cut(doc.doc_kind, LABEL_MAX),
            "layer": doc.layer,
            "status": _cut(doc.status, LABEL_MAX),
            "score": score,
            "why": _cut_clauses(why_text(evaluation, body, doc.layer, pages, paragraph), WHY_MAX),
        }
        if evaluation.section:
            result["section"] = _cut(evaluation.section, SECTION_MAX)
        results.append(result)
    return {"results": [_fit(result) for result in results]}
