"""The four resources: the index to read first, the field schema, health, and the inbox queue.

Why resources: they are what an agent reads without choosing a tool; each is a cheap answer
derived from the bank at read time.
"""

from __future__ import annotations

import time
from typing import Any

from memorybank_lint.bank import Bank

from .sections import INBOX_NOT_NOTES
from .validate import validate

NO_SCHEMA = (
    "This bank has no dna/frontmatter.md, so it declares no field schema. The server still routes "
    "and reads, but contract checks are off until dna/ describes the fields."
)


def index(bank: Bank) -> dict[str, Any]:
    """Every routable document in one small list: what it is and when to read it."""
    documents = []
    for path, doc in sorted(bank.docs.items()):
        if doc.is_template or doc.layer == "inbox":
            continue
        entry = {
            "path": path,
            "title": doc.title,
            "purpose": doc.purpose,
            "docKind": doc.doc_kind,
            "layer": doc.layer,
            "status": doc.status,
        }
        if doc.canonical_for:
            entry["canonicalFor"] = doc.canonical_for
        documents.append(entry)
    return {"root": str(bank.root), "count": len(documents), "documents": documents}


def schema(bank: Bank) -> str:
    candidates = sorted(p for p in bank.docs if p.startswith("dna/") and p.endswith("frontmatter.md"))
    return bank.docs[candidates[0]].text if candidates else NO_SCHEMA


def health(bank: Bank) -> dict[str, Any]:
    result = validate(bank)
    return {
        "root": str(bank.root),
        "documents": len(bank.docs),
        "contract": bank.contract.source if bank.contract else None,
        **result,
    }


def inbox(bank: Bank, now: float | None = None) -> dict[str, Any]:
    """Quarantined notes, oldest first: what waits for a person to promote, fold in or discard."""
    now = time.time() if now is None else now
    entries = [
        {
            "path": path,
            "title": doc.title,
            "purpose": doc.purpose,
            "docKind": doc.doc_kind,
            "status": doc.status,
            "ageDays": max(0, int((now - doc.mtime / 1000) // 86400)),
            "bytes": doc.size,
        }
        for path, doc in bank.docs.items()
        if doc.layer == "inbox" and doc.name not in INBOX_NOT_NOTES
    ]
    entries.sort(key=lambda e: (-e["ageDays"], e["path"]))
    return {"root": str(bank.root), "count": len(entries), "entries": entries}
