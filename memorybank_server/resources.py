"""The four resources: the index to read first, the field schema, health, and the inbox queue.

Why resources: they are what an agent reads without choosing a tool; each is a cheap answer
derived from the bank at read time.

Why a budget: the index and health of a 400-document bank run to 70–100 KB, more than an agent
should take in before its first question. Both stay within the 40,000 bytes `bank_read` allows;
what is left out is counted, and the answer says which tool reaches it.
"""

from __future__ import annotations

import time
from collections import Counter
from typing import Any

from memorybank_lint.bank import Bank, printable
from memorybank_lint.document import Document
from memorybank_lint.linter import Selection
from memorybank_lint.quoting import shortened
from memorybank_lint.sections import INBOX_OWN_FILES

from .read import BUDGET_BYTES, HEADER_CHARS, json_bytes
from .validate import as_dict, counts, findings, idle_ignores, unreadable

# Which documents the index keeps first when it must leave some out: the few that define the
# bank before the many that deliver work.
_LAYER_ORDER = ("dna", "knowledge", "decision", "flow", "other", "delivery")
_RESERVE = 4000  # room for the counts, the folders named and the note about what was left out
LISTED_FOLDERS = 20  # folders (or contract documents) named one by one; the rest are counted


def _within(items: list[dict[str, Any]], budget: int) -> list[int]:
    """Indexes of the items, in the order given, that fit in `budget` bytes."""
    kept, spent = [], 0
    for position, item in enumerate(items):
        spent += json_bytes(item)
        if spent > budget:
            break
        kept.append(position)
    return kept


NO_SCHEMA = (
    "This bank has no dna/frontmatter.md, so it declares no field schema. The server still routes "
    "and reads, but contract checks are off until dna/ describes the fields."
)


def _described(doc: Document) -> dict[str, str]:
    """A document's title, purpose, kind and status as a resource lists them, each cut to
    `HEADER_CHARS`: a whole 100 KB title made its entry too big for the budget, and the
    document was left out of the list for it."""
    return {
        "title": shortened(doc.title, HEADER_CHARS),
        "purpose": shortened(doc.purpose, HEADER_CHARS),
        "docKind": shortened(doc.doc_kind, HEADER_CHARS),
        "status": shortened(doc.status, HEADER_CHARS),
    }


def index(bank: Bank) -> dict[str, Any]:
    """Every routable document in one small list: what it is and when to read it."""
    documents = []
    for path, doc in sorted(bank.docs.items()):
        if doc.is_template or doc.layer == "inbox":
            continue
        entry = {"path": path, **_described(doc), "layer": doc.layer}
        if doc.canonical_for:
            entry["canonicalFor"] = [shortened(key, HEADER_CHARS) for key in doc.canonical_for]
        documents.append(entry)
    answer: dict[str, Any] = {
        "root": printable(str(bank.root)),
        "count": len(documents),
        "documents": documents,
    }
    if json_bytes(answer) <= BUDGET_BYTES:
        return answer
    rank = {layer: position for position, layer in enumerate(_LAYER_ORDER)}
    ranked = sorted(documents, key=lambda e: (rank.get(e["layer"], len(rank)), e["path"]))
    kept = [ranked[i] for i in _within(ranked, BUDGET_BYTES - _RESERVE)]
    kept_paths = {entry["path"] for entry in kept}
    left = Counter(
        e["path"].split("/")[0] if "/" in e["path"] else "." for e in documents if e["path"] not in kept_paths
    )
    answer["documents"] = sorted(kept, key=lambda e: e["path"])
    by_folder = {shortened(folder, 80): count for folder, count in left.most_common(LISTED_FOLDERS)}
    answer["omitted"] = {"count": sum(left.values()), "byFolder": by_folder}
    if len(left) > LISTED_FOLDERS:  # thousands of folders would not fit the budget either
        answer["omitted"]["otherFolders"] = len(left) - LISTED_FOLDERS
    answer["note"] = (
        f"{sum(left.values())} documents are left out to keep this index within {BUDGET_BYTES} bytes "
        "(delivery documents first). bank_route and bank_search find them; bank_read of a folder's "
        "README lists it."
    )
    return answer


def schema(bank: Bank) -> str:
    candidates = sorted(p for p in bank.docs if p.startswith("dna/") and p.endswith("frontmatter.md"))
    return bank.docs[candidates[0]].text if candidates else NO_SCHEMA


def health(bank: Bank, selection: Selection | None = None) -> dict[str, Any]:
    """A fresh validation under the project's rule selection; findings errors first, within budget."""
    found = findings(bank, selection=selection)  # all of them: errors go first within the budget
    result = {
        **counts(found),
        "findings": [as_dict(f) for f in found],
        **unreadable(bank),
        **idle_ignores(bank, selection),
    }
    answer = {
        "root": printable(str(bank.root)),
        "documents": len(bank.docs),
        "contract": _contract(bank),
        **result,
    }
    if json_bytes(answer) <= BUDGET_BYTES:
        return answer
    ordered = sorted(result["findings"], key=lambda f: f["severity"] != "error")
    kept = [
        ordered[i] for i in _within(ordered, BUDGET_BYTES - _RESERVE - json_bytes({**answer, "findings": []}))
    ]
    answer["findings"] = kept
    answer["omittedFindings"] = len(ordered) - len(kept)
    answer["note"] = (
        f"{len(ordered) - len(kept)} of {len(ordered)} findings are left out to stay within {BUDGET_BYTES} "
        "bytes (errors come first; the counts cover all). Call bank_validate with scope, rule or severity "
        "to see the rest."
    )
    return answer


def inbox(bank: Bank, now: float | None = None) -> dict[str, Any]:
    """Quarantined notes, oldest first: what waits for a person to promote, fold in or discard."""
    now = time.time() if now is None else now
    entries = [
        {
            "path": path,
            **_described(doc),
            "ageDays": max(0, int((now - doc.mtime / 1000) // 86400)),
            "bytes": doc.size,
        }
        for path, doc in bank.docs.items()
        if doc.layer == "inbox" and path not in INBOX_OWN_FILES
    ]
    entries.sort(key=lambda e: (-e["ageDays"], e["path"]))
    answer: dict[str, Any] = {"root": printable(str(bank.root)), "count": len(entries), "entries": entries}
    if json_bytes(answer) <= BUDGET_BYTES:
        return answer
    kept = [entries[i] for i in _within(entries, BUDGET_BYTES - _RESERVE)]
    answer["entries"] = kept
    answer["note"] = (
        f"{len(entries) - len(kept)} of {len(entries)} notes are left out to stay within {BUDGET_BYTES} "
        "bytes (the oldest come first); promote or discard some, or list _inbox/ with bank_read."
    )
    return answer


def _contract(bank: Bank) -> Any:
    """The documents the contract was read from, the first `LISTED_FOLDERS` of them."""
    if bank.contract is None:
        return None
    source = bank.contract.source
    if isinstance(source, list) and len(source) > LISTED_FOLDERS:
        return [*source[:LISTED_FOLDERS], f"… {len(source) - LISTED_FOLDERS} more"]
    return source
