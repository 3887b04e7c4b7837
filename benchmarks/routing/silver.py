"""The silver question set, mined from the banks' own annotated index lines (no labelling).

An index line `- [Name](path.md) — annotation`, or a link followed by an indented "Читать, когда
нужно: …" / "Read when …" line, becomes a question (the annotation) whose answer is the linked
document. The line's own index document is recorded as `source`, so the measurement can hide it:
the annotation is quoted verbatim there.

Three things the first miner got wrong, each of which made the label, not the system, decide:

* an annotation wrapped over several indented lines was cut at the first line end
  (`human and JSON output for`); the continuation lines are now joined;
* an annotation followed by more links (`… Артефакты: [brief](…), [spec](…)`) carried the other
  documents' names and paths into the question; the annotation now ends where a further link
  begins;
* one annotation written under several links (`Read this for execution steps, tests, and
  evidence.` in every package of a bank) was kept once, with whichever document came first as
  its only answer; an annotation that labels more than one document of a bank has no single
  answer and is left out.

And one thing it read too narrowly: a line *outside* a delivery package (`features/FT-001/`)
that links into it (`[FT-001](FT-001/README.md) — Go module scaffold and empty binary`)
describes the feature, not one of its pages, so every document of the package answers it (the
brief and the design of FT-001 are as right as its README). A line inside the package's own
index describes one page's role (`Read this for execution steps`) and keeps its one answer.

`silver(banks, legacy=True)` mines as before, so the two can be compared.
"""

from __future__ import annotations

import posixpath
import re

from memorybank_lint.bank import Bank
from memorybank_server.retrieval.ranking import eligible

_LINK = re.compile(r"^\s*[-*]\s+\[([^\]]+)\]\(\s*<?([^)\s>]+)>?\s*\)\s*(.*)$")
_CONTINUATION = re.compile(r"^\s{2,}(\S.*)$")
_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s")
_SEPARATOR = re.compile(r"^\s*(?:—|–|-|:)\s*")
_FURTHER_LINK = re.compile(r"!?\[[^\]]*\]\([^)]*\)")


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


def _annotation(lines: list[str], i: int, tail: str, legacy: bool) -> str:
    """The text describing the link on line `i`: the rest of the line, or the indented line under
    it, with the indented lines it wraps onto joined, up to a further link."""
    annotation = _SEPARATOR.sub("", tail).strip()
    following = i + 1
    if not annotation and following < len(lines) and (cont := _CONTINUATION.match(lines[following])):
        annotation = cont.group(1).strip()
        following += 1
    if legacy:
        return annotation
    while annotation and following < len(lines):
        line = lines[following]
        if _ITEM.match(line) or not (cont := _CONTINUATION.match(line)):
            break
        annotation += " " + cont.group(1).strip()
        following += 1
    further = _FURTHER_LINK.search(annotation)
    return (annotation[: further.start()] if further else annotation).strip()


def _package(bank: Bank, path: str) -> str | None:
    """The delivery package folder `path` sits in (`features/FT-001`), or None."""
    folder = posixpath.dirname(path)
    return folder if "/" in folder and bank.docs[path].layer == "delivery" else None


def _answers(bank: Bank, source: str, target: str) -> list[str]:
    """The linked document, or every document of its package when the line is outside it."""
    package = _package(bank, target)
    if package is None or posixpath.dirname(source) == package:
        return [target]
    found = [p for p, d in bank.docs.items() if posixpath.dirname(p) == package and eligible(d, None, None)]
    return [target, *sorted(p for p in found if p != target)]


def silver(banks: dict[str, Bank], legacy: bool = False) -> list[dict]:
    """Annotated index lines of every bank as (annotation → linked document) questions."""
    items, seen = [], set()
    labels: dict[tuple[str, str], set[str]] = {}
    for folder, bank in banks.items():
        for source, doc in bank.docs.items():
            if doc.is_template:
                continue
            lines = doc.text.split("\n")
            for i, line in enumerate(lines):
                match = _LINK.match(line)
                if not match:
                    continue
                annotation = _annotation(lines, i, match.group(3), legacy)
                target = _lands(bank, source, match.group(2))
                if not target or target == source or len(annotation.split()) < 3:
                    continue
                if not eligible(bank.docs[target], None, None):
                    continue
                labels.setdefault((folder, annotation), set()).add(target)
                if (folder, annotation) in seen:
                    continue
                seen.add((folder, annotation))
                items.append(
                    {
                        "id": f"{folder}:{source}:{i + 1}",
                        "bank": folder,
                        "lang": language(annotation),
                        "q": annotation,
                        "answers": [target] if legacy else _answers(bank, source, target),
                        "source": source,
                    }
                )
    if legacy:
        return items
    return [item for item in items if len(labels[(item["bank"], item["q"])]) == 1]
