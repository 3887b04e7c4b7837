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
from .acronyms import MIN_WORDS, expansion_stems
from .acronyms import Entry as AcronymEntry
from .lang import ROUTE_STOP, words

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


MAX_ACRONYMS = 64  # spelled-out acronyms taken from one document
MAX_PARENTHESES = 2_000  # parentheses looked into per document, whatever they hold
WINDOW = 160  # characters read before a parenthesis: a spelled-out name is short
# One parenthesis, read without backtracking: `[^()\n]` cannot hold the `)` that ends it, so a
# failed match stops at the next parenthesis; its code marks are taken off afterwards. (Marks
# matched by the pattern itself, around a lazy middle, made a run of backticks after a `(` cost
# seconds per kilobyte.)
_PARENTHESIS = re.compile(r"\(([^()\n]{2,400})\)")
_MARKS = " \t`*"
INSIDE = 160  # characters of a parenthesis read, its marks taken off
_ACRONYM = re.compile(r"[A-Za-zА-Яа-яЁё]{2,8}")
_LAST_TOKEN = re.compile(r"([A-Za-zА-Яа-яЁё]{2,8})[`*]*[ \t]*$")


def _looks_like_acronym(token: str) -> bool:
    """`LLM`, `ADR`, `SSoT`, `БД`: two or more capitals, and capitals at least half the letters."""
    capitals = sum(1 for c in token if c.isupper())
    return capitals >= 2 and 2 * capitals >= len(token)


def _spells(phrase: list[str], acronym: str) -> bool:
    """Do the phrase's initials spell the acronym, with or without its stop words?"""
    if not phrase or phrase[0] in ROUTE_STOP:
        return False
    content = [w for w in phrase if w not in ROUTE_STOP]
    return "".join(w[0] for w in phrase) == acronym or "".join(w[0] for w in content) == acronym


def _spelled_before(before: str, acronym: str) -> list[str] | None:
    """The words right before `(ACR)` that spell it, shortest first, or None."""
    tail = words(before)[-(len(acronym) + 3) :]
    for length in range(min(len(acronym), len(tail)), len(tail) + 1):
        phrase = tail[len(tail) - length :]
        if _spells(phrase, acronym):
            return phrase
    return None


def _spelled(before: str, inside: str) -> tuple[list[str], str] | None:
    """`words (ACR)` or `ACR (words)`: the phrase and the acronym it spells, or None."""
    if _ACRONYM.fullmatch(inside):
        if not _looks_like_acronym(inside):
            return None
        acronym = inside.lower().replace("ё", "е")
        phrase = _spelled_before(before, acronym)
        return None if phrase is None else (phrase, acronym)
    last = _LAST_TOKEN.search(before)
    if last is None or not _looks_like_acronym(last.group(1)):
        return None
    acronym = last.group(1).lower().replace("ё", "е")
    inner = words(inside)
    return (inner, acronym) if len(inner) <= len(acronym) + 3 and _spells(inner, acronym) else None


def acronyms(doc: Document) -> list[AcronymEntry]:
    """The acronyms a page spells out: `Large Language Model (LLM)` or `ТЗ (техническое задание)`.

    Only a phrase whose initials are the acronym's letters counts, so an aside in parentheses
    (`рынок (USD)`) is never read as one. At most `MAX_PARENTHESES` are looked into, so a page of
    nothing but parentheses costs what a page of prose does.
    """
    found: dict[AcronymEntry, None] = {}
    looked = 0
    for line in _lines_with_parenthesis(doc.text):
        for match in _PARENTHESIS.finditer(line):
            looked += 1
            if looked > MAX_PARENTHESES or len(found) >= MAX_ACRONYMS:
                return list(found)
            inside = match.group(1).strip(_MARKS)
            if not 2 <= len(inside) <= INSIDE:
                continue
            before = line[max(0, match.start() - WINDOW) : match.start()]
            spelled = _spelled(before, inside)
            if spelled is not None:
                stems = expansion_stems(" ".join(spelled[0]))
                if len(stems) >= MIN_WORDS:
                    found[(stems, spelled[1])] = None
    return list(found)
