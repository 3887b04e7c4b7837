"""The bilingual layer: tokenisers, stop words, stems and the Russian ↔ English concept model.

Why a layer of its own: most real banks write purposes and headings in Russian and titles and
`canonical_for` keys in English, and developers ask in either language. Routing and search both
need the same answer to "which words in this document mean what the question means", so the
tokenisers, the dictionary and the bank's own `dna/vocabulary.md` live here, once.

`ё` is folded to `е` everywhere (authors write both), and stems come from `stemmer`: a word's
ending is removed, never its front, so a root cannot be mistaken for a shorter unrelated one.
"""

from __future__ import annotations

import re
import unicodedata
import weakref
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from memorybank_lint.bank import Bank

from . import jargon_data, lexicon_data
from .stemmer import en_stem, is_cyrillic, ru_stem

ROUTE_STOP = lexicon_data.EN_STOP | lexicon_data.RU_STOP
SEARCH_STOP = lexicon_data.SEARCH_EN_STOP | lexicon_data.RU_STOP
VOCABULARY_PATH = "dna/vocabulary.md"

_ROUTE_SPLIT = re.compile(r"[^a-z0-9\u0400-\u04ff]+")
# A search token starts and ends with a letter or digit and may hold `-` and `_` inside: the same
# tokens as "runs of letters, digits, `-`, `_`, stripped of `-` and `_`, 2+ characters", found by
# the regular expression alone (no per-token Python work: it runs over every body of the bank).
_SEARCH_TOKEN = re.compile(r"[a-z0-9\u0400-\u04ff][a-z0-9_\-\u0400-\u04ff]*[a-z0-9\u0400-\u04ff]")
_FRAGMENT_SPLIT = re.compile(r"[-_]+")
_LATIN_WORD = re.compile(r"^[a-z][a-z0-9_-]*$")
_SEPARATOR_ROW = re.compile(r"^[\s|:-]+$")

# A Russian token whose stem is not a key may still extend one (`пороговый` → `порог`), but only
# from a key long enough to be unambiguous and by a short tail; `проектирование` is not `проект`.
_MIN_PREFIX_KEY = 5
_MAX_PREFIX_TAIL = 3

# A bank's vocabulary table is input like any page: what one key, one cell and one table may bring
# is bounded, so a row of thousands of words or a table of 100,000 rows costs little to read and
# nothing per question. The built-in and general dictionaries hold at most 15 words per key.
MAX_SENSES = 32  # words one dictionary key collects
MAX_CELL_WORDS = 16  # words taken from one cell of a bank's vocabulary table
MAX_VOCABULARY_ROWS = 2_000  # rows taken from a bank's vocabulary table


def _unmarked(char: str) -> str | None:
    """The one ASCII letter a marked Latin letter is written on (`é` → `e`), or None (`ß`, `ø`)."""
    base = [c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c)]
    return base[0] if len(base) == 1 and base[0].isascii() and base[0].isalpha() else None


# Marked Latin letters and the letter each is written on, one character for one, so offsets into
# folded text stay offsets into the original. Cyrillic is left alone: `й` is not `и`.
_UNMARKED = {c: b for c in map(chr, range(0xC0, 0x250)) if (b := _unmarked(c)) is not None}
_MARKED = re.compile("[" + "".join(_UNMARKED) + "]")


_COMBINING = re.compile("[\u0300-\u036f]")
_MARKED_CLUSTER = re.compile("\\w?[\u0300-\u036f]+")  # a letter and the combining marks after it


def _composed(found: re.Match[str]) -> str:
    """A letter and its combining marks as one letter where Unicode has it (`e` + U+0301 → `é`);
    a mark with no composed form (a stress mark on a Cyrillic vowel) is read past."""
    return _COMBINING.sub("", unicodedata.normalize("NFC", found[0]))


# Characters that show nothing (Unicode's format characters, category Cf, as of Unicode 15): a
# soft hyphen, a zero-width space or joiner, a bidi mark, a BOM, Arabic and other number signs.
# Written out: reading the category of every code point took 0.1 s at each start.
_FORMAT_BMP = (
    "\u00ad\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u180e\u200b-\u200f\u202a-\u202e"
    "\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb"
)
_FORMAT = re.compile(
    f"[{_FORMAT_BMP}\U000110bd\U000110cd\U00013430-\U0001343f\U0001bca0-\U0001bca3"
    "\U0001d173-\U0001d17a\U000e0001\U000e0020-\U000e007f]"
)
# The first look, which the exact class runs after only where it finds something: the same
# characters of the first plane and any beyond it. Why: a class of many ranges past the first
# plane is tried range by range on every character (200 µs over 10 KB of Cyrillic, more than the
# rest of `fold`); this one is read at a third of that.
_MAY_BE_FORMAT = re.compile(f"[{_FORMAT_BMP}\U00010000-\U0010ffff]")


def fold(text: str) -> str:
    """Lower-case, fold `ё` to `е` and marked Latin letters to their letter (`café` → `cafe`):
    the one normalisation every tokeniser starts with.

    A letter written as a letter and a combining mark (`e` + U+0301, as macOS and many pastes
    write `é`; `и` + U+0306 for `й`) is composed first: the mark split the word in two, so
    `résumé` so written was `re` and `sume`; a stress mark (`а́`) is dropped. The dot `İ` leaves
    on `i` when lower-cased goes too. A format character is dropped, as `bank_read` drops it from
    a section's name: it shows nothing, yet split the word it stood in (a soft hyphen, which text
    pasted from a word processor puts inside long words, made `recon\u00adciliation` two words
    that neither a search nor a question for `reconciliation` found). Lines stay lines.
    """
    if not text.isascii() and _COMBINING.search(text):  # only the marked letters are composed
        text = _MARKED_CLUSTER.sub(_composed, text)
    text = text.lower().replace("ё", "е")
    if text.isascii():
        return text
    if _MAY_BE_FORMAT.search(text) is not None:
        text = _FORMAT.sub("", text)
    if "\u0307" in text:  # `İ` lower-cased: `i` and a combining dot above
        text = text.replace("i\u0307", "i")
    if _MARKED.search(text) is None:
        return text
    return _MARKED.sub(lambda found: _UNMARKED[found.group()], text)


def words(text: str) -> list[str]:
    """Routing words of a field, stop words kept: split on anything but a–z, 0–9 and Cyrillic."""
    return [t for t in _ROUTE_SPLIT.split(fold(text)) if len(t) >= 2]


def route_tokens(text: str) -> list[str]:
    """Routing words with the English and Russian stop words removed."""
    return [t for t in words(text) if t not in ROUTE_STOP]


def search_tokens(text: str) -> list[str]:
    """Index words: `-` and `_` are kept inside a token, so `ft-smd-843` stays one identifier."""
    return _SEARCH_TOKEN.findall(fold(text))


def folded_tokens(folded: str) -> list[str]:
    """`search_tokens` of text already folded (the body index folds a whole body once)."""
    return _SEARCH_TOKEN.findall(folded)


def fragments(token: str) -> list[str]:
    """The parts of a compound identifier: `ft-smd-843` → `ft`, `smd`, `843` (2+ characters)."""
    if "-" not in token and "_" not in token:
        return []
    return [part for part in _FRAGMENT_SPLIT.split(token) if len(part) >= 2]


@lru_cache(maxsize=1 << 17)
def normal(token: str) -> str:
    """The stem two words are compared by: Snowball for Cyrillic, the light stemmer for Latin.

    Cached per token: every body term and header word of a bank goes through it on the first build.
    """
    return ru_stem(token) if is_cyrillic(token) else en_stem(token)


@dataclass(frozen=True)
class Concept:
    """One question word with its other-language equivalents.

    `stem` is the dictionary key a Cyrillic word fell under (None for Latin words and for Russian
    words the dictionary does not know); `translations` are whole words of the other language.
    """

    literal: str
    translations: tuple[str, ...]
    stem: str | None


Entry = tuple[tuple[str, ...], tuple[str, ...]]


def _parse_entries(text: str) -> list[Entry]:
    entries = []
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#") or "|" not in line:
            continue
        left, right = line.split("|", 1)
        entries.append((tuple(words(left)), tuple(words(right))))
    return entries


def _collect(table: dict[str, dict[str, None]], key: str, words: Iterable[str]) -> None:
    """Add `words` to the key's words, in order and once each, up to `MAX_SENSES`."""
    found = table.setdefault(key, {})
    for word in words:
        if len(found) >= MAX_SENSES:
            return
        found[word] = None


class Lexicon:
    """The built-in dictionary, optionally extended by a bank's vocabulary rows.

    Russian words are keyed by their Snowball stem and English words by their light stem, so any
    inflection of a listed word finds the entry, in either direction.
    """

    def __init__(
        self, entries: Iterable[Entry], vocabulary_rows: int = 0, *, related: bool = True, jargon: bool = True
    ) -> None:
        """`related` False: translations by exact stem only, no synonyms, no prefix keys and no
        jargon (the general dictionary, whose thousands of everyday words would join unrelated
        ones). `jargon` False leaves out the colloquial words (`jargon_data`)."""
        self.vocabulary_rows = vocabulary_rows
        self._ru: dict[str, dict[str, None]] = {}  # each key's words, in order, once each
        self._en: dict[str, dict[str, None]] = {}
        self._groups: dict[str, dict[str, None]] = {}
        for russian, english in entries:
            for group in (russian, english) if related else ():
                for word in group:
                    _collect(self._groups, normal(word), group)
            for ru_word in russian:
                _collect(self._ru, ru_stem(ru_word), english)
            for en_word in english:
                _collect(self._en, en_stem(en_word), russian)
        self._prefix_keys = {k for k in self._ru if len(k) >= _MIN_PREFIX_KEY} if related else set()
        if related and jargon:
            self._lend_standard_words()

    def _lend_standard_words(self) -> None:
        """Each colloquial word the dictionary does not know takes, as synonyms, the words of its
        jargon line the dictionary knows (`тулза` → `инструмент`); known words stay as they were."""
        for line in _JARGON:
            unknown = [w for w in line if self.stem(w) is None]
            known = [w for w in line if w not in unknown]
            for word in unknown if known else ():
                _collect(self._groups, normal(word), [word, *known])

    def stem(self, token: str) -> str | None:
        """The dictionary key a Cyrillic token falls under, or None (Latin or unknown word)."""
        token = fold(token)
        if not is_cyrillic(token):
            return None
        own = ru_stem(token)
        if own in self._ru:
            return own
        for length in range(len(own) - 1, max(len(own) - _MAX_PREFIX_TAIL, _MIN_PREFIX_KEY) - 1, -1):
            if own[:length] in self._prefix_keys:  # the longest key the stem extends by a short tail
                return own[:length]
        return None

    def translations(self, token: str) -> tuple[str, ...]:
        """Other-language words for one token, one per stem, in dictionary order."""
        token = fold(token)
        if is_cyrillic(token):
            key = self.stem(token)
            found = self._ru.get(key, {}) if key else {}
        else:
            found = self._en.get(en_stem(token), {})
        seen: set[str] = set()
        result = []
        for word in found:
            if normal(word) not in seen:
                seen.add(normal(word))
                result.append(word)
        return tuple(result)

    def synonyms(self, token: str) -> tuple[str, ...]:
        """Same-language words listed on a dictionary line with `token` (`booking` → `reservation`).

        A line is one meaning, so its words in one language are near-synonyms; routing gives them
        less credit than a translation.
        """
        own = normal(fold(token))
        seen = {own}
        result = []
        for word in self._groups.get(own, ()):
            key = normal(word)
            if key not in seen:
                seen.add(key)
                result.append(word)
        return tuple(result)

    def concept(self, token: str) -> Concept:
        token = fold(token)
        return Concept(token, self.translations(token), self.stem(token))

    def concepts(self, text: str) -> list[Concept]:
        """One concept per distinct routing word of `text` (words with the same stem count once)."""
        seen: set[str] = set()
        result = []
        for token in route_tokens(text):
            key = normal(token)
            if key in seen:
                continue
            seen.add(key)
            result.append(self.concept(token))
        return result


def parse_vocabulary(text: str) -> list[Entry]:
    """Rows of the markdown tables in `dna/vocabulary.md` as dictionary entries.

    The header row of a table (the row right above its `|---|` separator) is never an entry, in
    whatever language it is written. The left cell holds Russian words (comma-separated forms; any
    inflection works because words are stemmed); the right cell English words or phrases, comma
    separated, each phrase contributing its content words.
    """
    lines = [line.strip() for line in text.splitlines()]
    entries: list[Entry] = []
    for index, line in enumerate(lines):
        if len(entries) >= MAX_VOCABULARY_ROWS:
            break
        if not line.startswith("|") or _SEPARATOR_ROW.match(line):
            continue
        following = lines[index + 1] if index + 1 < len(lines) else ""
        if following.startswith("|") and _SEPARATOR_ROW.match(following):
            continue
        cells = [cell.strip().replace("`", "") for cell in line.strip("|").split("|")]
        if len(cells) < 2 or not is_cyrillic(cells[0]):
            continue
        russian = tuple(w for w in words(cells[0]) if is_cyrillic(w))[:MAX_CELL_WORDS]
        english = tuple(
            w
            for part in cells[1].split(",")
            for w in words(part)
            if _LATIN_WORD.match(w) and w not in lexicon_data.EN_STOP
        )[:MAX_CELL_WORDS]
        if russian and english:
            entries.append((russian, english))
    return entries


_BUILTIN: list[Entry] = _parse_entries(lexicon_data.ENTRIES)
_JARGON: list[list[str]] = [words(line) for line in jargon_data.JARGON.splitlines() if line.strip()]
_builtin_lexicon: Lexicon | None = None
_per_bank: weakref.WeakKeyDictionary[Bank, dict[tuple, tuple[object, Lexicon]]] = weakref.WeakKeyDictionary()


def builtin_entries() -> list[Entry]:
    """The built-in dictionary's entries, in file order (their positions name them in `Tuning.entries`)."""
    return list(_BUILTIN)


def general_entries() -> list[Entry]:
    """The general dictionary's entries (`general_data`), in file order."""
    from . import general_data  # 200 KB of text: imported only when a question needs it

    return _parse_entries(general_data.GENERAL)


@lru_cache(maxsize=1)
def general_lexicon() -> Lexicon:
    """The general dictionary (`general_data`) as a lexicon of exact-stem translations.

    Built on first use (about 90 ms with PyStemmer): only a question word the bank never uses
    needs it, and most questions have none.
    """
    return Lexicon(general_entries(), related=False)


def general_translations(token: str) -> tuple[str, ...]:
    """Other-language words for one token from the general dictionary."""
    return general_lexicon().translations(token)


def builtin_lexicon() -> Lexicon:
    global _builtin_lexicon
    if _builtin_lexicon is None:
        _builtin_lexicon = Lexicon(_BUILTIN)
    return _builtin_lexicon


def lexicon_for(
    bank: Bank,
    mined: list[Entry] | None = None,
    generation: object = None,
    entries: frozenset[int] | None = None,
    jargon: bool = True,
) -> Lexicon:
    """The dictionary for one bank: built-ins plus its `dna/vocabulary.md`, plus the pairs `mined`
    from its pages (see `mined`), rebuilt when either changes.

    The cache key is the vocabulary document object and the caller's `generation` of the mined
    pairs: `Bank.refresh()` replaces a document object exactly when its file changed, so an edit,
    an addition or a deletion is seen on the next call at the cost of one dictionary lookup.
    `entries`, when given, keeps only those built-in entries (by position): the benchmark uses it
    to see what a bank the dictionary was not grown from would get, and `jargon` False what the
    colloquial words add.
    """
    doc = bank.docs.get(VOCABULARY_PATH)
    cached = _per_bank.setdefault(bank, {})
    key = (id(doc), generation if mined else None, entries, jargon)
    found = cached.get(key)
    if found is not None and found[0] is doc:
        return found[1]
    rows = parse_vocabulary(doc.text) if doc is not None and doc.text else []
    builtin = _BUILTIN if entries is None else [e for i, e in enumerate(_BUILTIN) if i in entries]
    if not rows and not mined and entries is None and jargon:
        lexicon = builtin_lexicon()
    else:
        lexicon = Lexicon([*builtin, *rows, *(mined or [])], vocabulary_rows=len(rows), jargon=jargon)
    if len(cached) > 4:
        cached.clear()
    cached[key] = (doc, lexicon)
    return lexicon
