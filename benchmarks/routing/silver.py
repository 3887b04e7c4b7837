"""The silver question set, mined from the banks' own annotated index lines (no labelling).

An index line `- [Name](path.md) — annotation`, or a link followed by an indented "Читать, когда
нужно: …" / "Read when …" line, becomes a question (the annotation) whose answer is the linked
document. The line's own index document is recorded as `source`, so the measurement can hide it:
the annotation is quoted verbatim there.
"""

from __future__ import annotations

import posixpath
import re

from memorybank_lint.bank import Bank
from memorybank_server.retrieval.ranking import eligible

_LINK = re.compile(r"^\s*[-*]\s+\[([^\]]+)\]\(\s*<?([^)\s>]+)>?\s*\)\s*(.*)$")
_CONTINUATION = re.compile(r"^\s{2,}(\S.*)$")
_SEPARATOR = re.compile(r"^\s*(?:—|–|-|:)\s*")


def language(text: str) -> str:
    cyrillic = sum(1 for ch in text if "\u0400" <= ch <= "\u04ff")
    latin = sum(1 for ch in text if "a" <= ch.lower() <= "z")
    return "ru" if cyrillic > latin else "en"


def _lands(bank: Bank, source: str, target: str) -> str | None:
    target = target.split("#", 1)[0]
    if not target or "://" in target:
        return None
    path = posixpath.normpath(posixpath.join(posixpath.dirname(source), target))
    if target.endswith("/") or path in ("", "."):
        for name in ("README.md", "index.md"):
            candidate = f"{path}/{name}" if path not in ("", ".") else name
            if candidate in bank.docs:
                return candidate
        return None
    return path if path in bank.docs else None


def silver(banks: dict[str, Bank]) -> list[dict]:
    """Annotated index lines of every bank as (annotation → linked document) questions."""
    items, seen = [], set()
    for folder, bank in banks.items():
        for source, doc in bank.docs.items():
            if doc.is_template:
                continue
            lines = doc.text.split("\n")
            for i, line in enumerate(lines):
                match = _LINK.match(line)
                if not match:
                    continue
                annotation = _SEPARATOR.sub("", match.group(3)).strip()
                if not annotation and i + 1 < len(lines) and (cont := _CONTINUATION.match(lines[i + 1])):
                    annotation = cont.group(1).strip()
                target = _lands(bank, source, match.group(2))
                if not target or target == source or len(annotation.split()) < 3:
                    continue
                if not eligible(bank.docs[target], None, None) or (folder, annotation) in seen:
                    continue
                seen.add((folder, annotation))
                items.append(
                    {
                        "id": f"{folder}:{source}:{i + 1}",
                        "bank": folder,
                        "lang": language(annotation),
                        "q": annotation,
                        "answers": [target],
                        "source": source,
                    }
                )
    return items
