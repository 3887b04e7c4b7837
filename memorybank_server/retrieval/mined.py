"""Bilingual pairs a bank states itself: `Источник` (`Source`), `retry budget` (бюджет повторов).

Why: the built-in dictionary knows the words of the banks it was grown from; a bank nobody has
read names its own things. Its glossary and prose pair them in the same way in every bank — a
term at the start of a line or list item, then its other-language name in parentheses,
code-quoted or not — so routing reads those pairs from the bank's own pages and uses them as
translations, for that bank only. Pairs inside running prose are left alone: there a parenthesis
is an aside (`класс (Unit)`, `рынок (USD)`) far more often than a name.

Only one word on each side is taken: a phrase inside parentheses is usually an explanation, not a
name, and a wrong pair costs more than a missing one.
"""

from __future__ import annotations

import re

from memorybank_lint.document import Document

from . import lexicon_data

_RU = r"[а-яё][а-яё-]{2,}"
_EN = r"[a-z][a-z]{2,}"
_START = r"[ \t]*(?:[-*+|][ \t]*)?(?:\*\*)?`?"
_PAIRS = (
    re.compile(rf"{_START}({_RU})`?(?:\*\*)?[ \t]*\([ \t]*`?({_EN})`?[ \t]*\)", re.IGNORECASE),
    re.compile(rf"{_START}({_EN})`?(?:\*\*)?[ \t]*\([ \t]*`?({_RU})`?[ \t]*\)", re.IGNORECASE),
)

Entry = tuple[tuple[str, ...], tuple[str, ...]]


def _lines_with_parenthesis(text: str):
    """Each line of `text` holding a `(`, once: only those can state a pair.

    Why not one multi-line regular expression over the text: Python's `re` tries a `^` anchor at
    every position of a document, which made reading the pairs of a 10,000-document bank cost a
    second; jumping from parenthesis to parenthesis costs a few milliseconds.
    """
    at = text.find("(")
    while at >= 0:
        start = text.rfind("\n", 0, at) + 1
        end = text.find("\n", at)
        end = len(text) if end < 0 else end
        yield text[start:end]
        at = text.find("(", end)


def pairs(doc: Document) -> list[Entry]:
    """`(russian, english)` one-word pairs written as `word (другое слово)` in the document."""
    found: list[dict[Entry, None]] = [{}, {}]
    for line in _lines_with_parenthesis(doc.text):
        for number, pattern in enumerate(_PAIRS):
            match = pattern.match(line)
            if match is None:
                continue
            left, right = match.group(1).lower(), match.group(2).lower()
            russian, english = (left, right) if number == 0 else (right, left)
            if english in lexicon_data.EN_STOP or russian in lexicon_data.RU_STOP:
                continue
            found[number][((russian.replace("ё", "е"),), (english,))] = None
    return list({**found[0], **found[1]})
