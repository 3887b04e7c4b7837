"""Word stems for matching: the Snowball algorithm for Russian, a light suffix stripper for English.

Why a real Russian stemmer instead of dictionary prefixes: the reference found a word's meaning by
the longest dictionary key that prefixed it, after optionally peeling a verb prefix. That is what
turned `разрешения` (permissions) into a decision and `подключение` (connection) into a key. The
Snowball algorithm only removes *endings*, inside the region after the first vowel, so a word's
root is never re-cut from the front: `разрешения` → `разрешен`, `решения` → `решен`,
`подключение` → `подключен`. Two words match when their stems are equal.

Why the `snowballstemmer` package: it is the algorithm's reference implementation, kept by its
authors; with PyStemmer installed (the `server` extra) it runs the C version, 2.6 µs a word
against 15 µs for the hand-written port it replaced and 50 µs for its own pure-Python fallback.
On the 9,770 distinct Russian words of the seven corpus banks all three give the same stems
(benchmarks/README.md).

Why only a light English stemmer: questions and headers differ mostly by plural and tense
(`decisions`/`decision`, `released`/`release`). Porter-style derivational stripping (`general` →
`gener`) would merge words a reader keeps apart; prefix credit in routing covers derivations.
"""

from __future__ import annotations

from functools import lru_cache

import snowballstemmer

_RUSSIAN = snowballstemmer.stemmer("russian")


_VOWELS = frozenset("аеиоуыэюя")


@lru_cache(maxsize=65536)
def ru_stem(word: str) -> str:
    """The Snowball stem of a lower-case Russian word (`ё` is folded to `е` first), with the
    fleeting vowel of `-ок`, `-ек`, `-ец` taken out.

    Why: Snowball removes endings only, so the plural genitive of a `-ка` noun keeps a vowel its
    other forms lack (`ошибок` → `ошибок`, `ошибка` → `ошибк`), and "сколько попыток" never met
    `попытка`. A stem of five letters or more ending so loses the vowel (`ошибок` → `ошибк`,
    `конец` → `конц`; after a vowel `-ек` is `-йк`: `настроек` → `настройк`). Every form of a
    word goes through the same rule, so a word whose vowel is not fleeting (`поток`, `потока`)
    still matches itself.
    """
    found = _RUSSIAN.stemWord(word.replace("ё", "е"))
    if len(found) >= 5 and found[-2:] in ("ок", "ек", "ец"):
        if found[-3] not in _VOWELS:
            return found[:-2] + found[-1]
        if found[-2] == "е" and found[-1] == "к":
            return found[:-2] + "йк"
    return found


def _has_vowel(text: str) -> bool:
    return any(ch in "aeiouy" for ch in text)


def _undouble(word: str) -> str:
    if len(word) >= 4 and word[-1] == word[-2] and word[-1] not in "lsz":
        return word[:-1]
    return word


@lru_cache(maxsize=65536)
def en_stem(word: str) -> str:
    """A light English stem: plural, `-ally`, `-ing` and `-ed` removed, then a final silent `e`.

    Both sides of a comparison go through it, so it only has to be consistent, not a lemma:
    `release`, `releases`, `released`, `releasing` all give `releas`.
    """
    if len(word) <= 3 or not word.isalpha():
        return word
    if word.endswith("ies") and len(word) > 4:
        word = word[:-3] + "y"
    elif word.endswith("sses"):
        word = word[:-2]
    elif word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    if word.endswith("ally") and len(word) >= 7:
        word = word[:-2]
    elif word.endswith("ing") and len(word) >= 6 and _has_vowel(word[:-3]):
        word = _undouble(word[:-3])
    elif word.endswith("ed") and len(word) >= 5 and _has_vowel(word[:-2]):
        word = _undouble(word[:-2])
    if word.endswith("e") and len(word) > 4:
        word = word[:-1]
    return word


def is_cyrillic(token: str) -> bool:
    return any("\u0400" <= ch <= "\u04ff" for ch in token)


def stem(token: str) -> str:
    """The stem used for equality matching: Russian or English by the token's script."""
    return ru_stem(token) if is_cyrillic(token) else en_stem(token)
