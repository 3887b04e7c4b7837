"""Acronyms: a question says "language model" or "языковая модель", the bank writes `LLM`.

Why: a question worded away from a page's own words spells out what the page abbreviates (
"end-to-end checks" for `E2E`, "the command line client" for the `CLI`, "architecture decision
record" for `ADR`). No word of the phrase is the acronym, so neither the dictionary (word for
word) nor the sound of a word (`translit`) joins them. When every word of an expansion stands in
the question, in that order, the acronym becomes one more form of each of those words, so a page
holding only the acronym holds the phrase's share of the question.

Two sources: the trade's common acronyms in English and Russian (`acronym_data`), and the ones a
bank spells out itself, `Large Language Model (LLM)` or `ТЗ (техническое задание)` (`mined`).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from itertools import islice

from . import acronym_data
from .lang import normal, route_tokens, words

Entry = tuple[tuple[str, ...], str]  # (expansion stems, acronym): (("languag", "model"), "llm")
Table = dict[str, list[Entry]]  # an expansion's first stem → the entries starting with it
MIN_WORDS = 2  # an expansion of one content word is a synonym, and the dictionary's business
MAX_PER_STEM = 64  # expansions starting with one stem: what a question word is compared against
MAX_SPELLED = 5_000  # acronyms taken from a bank's pages in all (`mined.acronyms` takes 64 a page)


def expansion_stems(phrase: str) -> tuple[str, ...]:
    """The stems an expansion is matched by: its routing words (stop words left out), stemmed."""
    return tuple(normal(token) for token in route_tokens(phrase))


def parse(text: str) -> list[Entry]:
    """`acronym_data`'s lines as entries; expansions of fewer than two content words are left out."""
    entries: list[Entry] = []
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#") or "|" not in line:
            continue
        left, right = line.split("|", 1)
        for phrase in right.split(";"):
            stems = expansion_stems(phrase)
            if len(stems) >= MIN_WORDS:
                entries.extend((stems, acronym) for acronym in words(left))
    return entries


@lru_cache(maxsize=1)
def builtin() -> tuple[Entry, ...]:
    return tuple(parse(acronym_data.ACRONYMS))


def table(entries: Iterable[Entry]) -> Table:
    """Entries keyed by their expansion's first stem, once each, at most `MAX_PER_STEM` a stem.

    The bound is what a bank of made-up acronyms sharing one first word could cost a question.
    """
    found: Table = {}
    for entry in dict.fromkeys(entries):
        listed = found.setdefault(entry[0][0], [])
        if len(listed) < MAX_PER_STEM:
            listed.append(entry)
    return found


def with_spelled(spelled: Iterable[Entry]) -> Table:
    """The built-in acronyms and, after them, at most `MAX_SPELLED` a bank spells out itself."""
    return table([*builtin(), *islice(spelled, MAX_SPELLED)])


def expansions(question: str, known: Table) -> dict[str, list[str]]:
    """For each question stem inside a spelled-out acronym, the acronyms it is part of.

    `("languag", "model")` in the question gives both stems `["llm"]`; stop words between the
    words do not matter, as the question's routing words are matched.
    """
    stems = [normal(token) for token in route_tokens(question)]
    found: dict[str, list[str]] = {}
    for start, stem in enumerate(stems):
        for phrase, acronym in known.get(stem, ()):
            if tuple(stems[start : start + len(phrase)]) == phrase:
                for part in phrase:
                    listed = found.setdefault(part, [])
                    if acronym not in listed:
                        listed.append(acronym)
    return found
