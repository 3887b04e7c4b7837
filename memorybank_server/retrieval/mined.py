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
_START = r"^[ \t]*(?:[-*+|][ \t]*)?(?:\*\*)?`?"
_PAIRS = (
    re.compile(rf"{_START}({_RU})`?(?:\*\*)?[ \t]*\([ \t]*`?({_EN})`?[ \t]*\)", re.IGNORECASE | re.MULTILINE),
    re.compile(rf"{_START}({_EN})`?(?:\*\*)?[ \t]*\([ \t]*`?({_RU})`?[ \t]*\)", re.IGNORECASE | re.MULTILINE),
)

Entry = tuple[tuple[str, ...], tuple[str, ...]]


def pairs(doc: Document) -> list[Entry]:
    """`(russian, english)` one-word pairs written as `word (другое слово)` in the document."""
    text = doc.text
    if "(" not in text:
        return []
    found: dict[Entry, None] = {}
    for number, pattern in enumerate(_PAIRS):
        for match in pattern.finditer(text):
            left, right = match.group(1).lower(), match.group(2).lower()
            russian, english = (left, right) if number == 0 else (right, left)
            if english in lexicon_data.EN_STOP or russian in lexicon_data.RU_STOP:
                continue
            found[((russian.replace("ё", "е"),), (english,))] = None
    return list(found)
