"""Word stems for matching: the Snowball algorithm for Russian, a light suffix stripper for English.

Why a real Russian stemmer instead of dictionary prefixes: the reference found a word's meaning by
the longest dictionary key that prefixed it, after optionally peeling a verb prefix. That is what
turned `разрешения` (permissions) into a decision and `подключение` (connection) into a key. The
Snowball algorithm only removes *endings*, inside the region after the first vowel, so a word's
root is never re-cut from the front: `разрешения` → `разрешен`, `решения` → `решен`,
`подключение` → `подключен`. Two words match when their stems are equal.

Why only a light English stemmer: questions and headers differ mostly by plural and tense
(`decisions`/`decision`, `released`/`release`). Porter-style derivational stripping (`general` →
`gener`) would merge words a reader keeps apart; prefix credit in routing covers derivations.
"""

from __future__ import annotations

from functools import lru_cache

_VOWELS = frozenset("аеиоуыэюя")

# Each group: (endings that must follow а/я, endings that stand alone). Longest match wins.
_GERUND = (("в", "вши", "вшись"), ("ив", "ивши", "ившись", "ыв", "ывши", "ывшись"))


def _endings(text: str) -> tuple[str, ...]:
    return tuple(text.split())


_ADJECTIVE = _endings("ее ие ые ое ими ыми ей ий ый ой ем им ым ом его ого ему ому их ых ую юю ая яя ою ею")
_PARTICIPLE = (("ем", "нн", "вш", "ющ", "щ"), ("ивш", "ывш", "ующ"))
_REFLEXIVE = ("ся", "сь")
_VERB = (
    _endings("ла на ете йте ли й л ем н ло но ет ют ны ть ешь нно"),
    _endings(
        "ила ыла ена ейте уйте ите или ыли ей уй ил ыл им ым ен ило ыло ено ят ует уют ит ыт ены "
        "ить ыть ишь ую ю"
    ),
)
_NOUN = _endings(
    "а ев ов ие ье е иями ями ами еи ии и ией ей ой ий й иям ям ием ем ам ом о у ах иях ях ы ь ию ью ю "
    "ия ья я"
)


def _region(word: str, start: int) -> int:
    """Index after the first non-vowel that follows a vowel, searching from `start` (Snowball R1)."""
    for i in range(start + 1, len(word)):
        if word[i] not in _VOWELS and word[i - 1] in _VOWELS:
            return i + 1
    return len(word)


def _longest(word: str, limit: int, endings: tuple[str, ...]) -> str | None:
    """The longest ending of `word` from `endings` that lies entirely at or after index `limit`."""
    best = None
    for ending in endings:
        if (
            word.endswith(ending)
            and len(word) - len(ending) >= limit
            and (best is None or len(ending) > len(best))
        ):
            best = ending
    return best


def _strip_grouped(word: str, rv: int, groups: tuple) -> str | None:
    """Remove the longest ending of a two-group class; group-one endings need а/я before them.

    Returns the shortened word, or None when no ending applies (Snowball's `among` semantics: the
    longest match decides, and a failed а/я condition fails the class rather than trying shorter).
    """
    first, second = groups
    ending = _longest(word, rv, (*first, *second))
    if ending is None:
        return None
    cut = len(word) - len(ending)
    if ending in second or (cut > rv and word[cut - 1] in "ая"):
        return word[:cut]
    return None


def _step1(word: str, rv: int) -> str:
    shorter = _strip_grouped(word, rv, _GERUND)
    if shorter is not None:
        return shorter
    reflexive = _longest(word, rv, _REFLEXIVE)
    if reflexive:
        word = word[: -len(reflexive)]
    adjective = _longest(word, rv, _ADJECTIVE)
    if adjective:
        word = word[: -len(adjective)]
        participle = _strip_grouped(word, rv, _PARTICIPLE)
        return participle if participle is not None else word
    shorter = _strip_grouped(word, rv, _VERB)
    if shorter is not None:
        return shorter
    noun = _longest(word, rv, _NOUN)
    return word[: -len(noun)] if noun else word


@lru_cache(maxsize=65536)
def ru_stem(word: str) -> str:
    """The Snowball stem of a lower-case Russian word (`ё` is folded to `е` first)."""
    word = word.replace("ё", "е")
    rv = next((i + 1 for i, ch in enumerate(word) if ch in _VOWELS), len(word))
    if rv >= len(word):
        return word
    r2 = _region(word, _region(word, 0))
    word = _step1(word, rv)
    if word.endswith("и") and len(word) - 1 >= rv:
        word = word[:-1]
    derivational = _longest(word, max(r2, rv), ("ост", "ость"))
    if derivational:
        word = word[: -len(derivational)]
    superlative = _longest(word, rv, ("ейш", "ейше"))
    if superlative:
        word = word[: -len(superlative)]
    if word.endswith(("нн", "ь")) and len(word) - 1 >= rv:
        word = word[:-1]
    return word


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
