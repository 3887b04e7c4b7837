"""Claims in prose that a rule lives in a file: "The ladder is governed by `ladder.md`".

A claim is a phrase, whitespace, a verb and a markdown path:

- the phrase is 5-61 characters of letters, digits, `_`, backticks, commas, spaces and hyphens,
  starting a word with a letter;
- the verb is `defined`, `described`, `specified`, `owned` or `governed` + `by`/`in` (after an
  optional `is`/`are`), or `зафиксирован`, `определён`, `определяется`, `описан` + `в`/`во`;
- the path is a link whose destination ends in `.md`, or a bare path ending in `.md`, optionally
  in backticks.

Of the readings of a line, the claim starting leftmost wins, with the shortest phrase from there,
and the scan goes on after it: exactly what `re.finditer` gives for the pattern this module was
(`_REFERENCE` in the tests keeps it).

Why not that pattern: from every word it tried a lazy phrase of every length, each followed by an
unbounded `\\s+` and an unbounded link label, which made hostile lines quadratic (a long run of
spaces, or of unclosed `[`). Here the verbs are found first, in one pass; each verb's path is read
once; and a phrase start is looked for only in the 61 characters before a verb. Linear by
construction; a link label, a link destination and its title are read up to 300 characters each.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Iterator
from dataclasses import dataclass

from .markdown import fenced

_CORE = re.compile(
    r"(?P<english>defined|described|specified|owned|governed)\s++(?:by|in)\s++"
    r"|(?:зафиксирован[аоы]?|определ[её]н[аоы]?|определяется|описан[аоы]?)\s++во?\s++",
    re.IGNORECASE,
)
_TARGET = re.compile(r"\[[^\]]{0,300}+\]\(<?([^)\s>]{0,300}?\.md)[^)]{0,300}+\)|`?([\w./-]+\.md)`?")
_IS_ARE = re.compile(r"is|are", re.IGNORECASE)
_SPACES = re.compile(r"\s+")
_PHRASE_RUN = re.compile(r"[\w`, -]+")
_PHRASE_LAST = re.compile(r"[\w`, -]")
_START = re.compile(r"\b[^\W\d_]")
MIN_PHRASE, MAX_PHRASE = 5, 61


@dataclass(frozen=True, slots=True)
class Claim:
    """`phrase` as written (backticks and spaces kept), `target` as written, `column` 1-based."""

    phrase: str
    target: str
    column: int


@dataclass(frozen=True, slots=True)
class _Ends:
    """Where a phrase may end before one verb: any of `first`..`last`, then the verb's path."""

    first: int
    last: int
    target: str
    after: int


def _ends(line: str) -> list[_Ends]:
    """Every phrase-end range, in order: one per verb, and one more before an `is`/`are`."""
    cores = [(core, _TARGET.match(line, core.end())) for core in _CORE.finditer(line)]
    if not any(target for _, target in cores):
        return []
    spaces = {m.end(): m.start() for m in _SPACES.finditer(line)}
    found: list[_Ends] = []
    for core, target in cores:
        if target is None:
            continue
        written = target.group(1) or target.group(2)
        verb = core.start()
        starts = [verb]
        before = spaces.get(verb) if core.group("english") else None  # `is`/`are` only before English
        for word in (2, 3):
            if before is not None and before >= word and _IS_ARE.fullmatch(line, before - word, before):
                starts.insert(0, before - word)
        for start in starts:
            first = spaces.get(start)
            if first is None or not first or not _PHRASE_LAST.match(line, first - 1):
                continue
            last, limit = first, min(start - 1, first + MAX_PHRASE)  # `\s+` needs one space
            while last < limit and line[last] == " ":  # the phrase may take spaces
                last += 1
            found.append(_Ends(first, last, written, target.end()))
    return sorted(found, key=lambda end: end.first)


def claims(line: str) -> Iterator[Claim]:
    """The claims of one line, left to right."""
    ends = _ends(line)
    if not ends:
        return
    lasts = [end.last for end in ends]
    runs = [(m.start(), m.end()) for m in _PHRASE_RUN.finditer(line)]
    run_starts = [start for start, _ in runs]
    position = 0
    while True:
        best: int | None = None
        k = bisect_left(lasts, position + MIN_PHRASE)
        while k < len(ends) and (best is None or ends[k].first - MAX_PHRASE <= best):
            first = ends[k].first
            run_start = run_starts[bisect_right(run_starts, first - 1) - 1]
            low = max(position, first - MAX_PHRASE, run_start)
            start = _START.search(line, low, ends[k].last - MIN_PHRASE + 1)
            if start is not None and (best is None or start.start() < best):
                best = start.start()
            k += 1
        if best is None:
            return
        chosen = ends[bisect_left(lasts, best + MIN_PHRASE)]
        end = max(chosen.first, best + MIN_PHRASE)
        yield Claim(line[best:end], chosen.target, best + 1)
        position = chosen.after


_ASCII_VERBS = ("defined", "described", "specified", "owned", "governed")
_VERB_HINT = re.compile(r"defined|described|specified|owned|governed|зафиксирован|определ|описан", re.I)


def _claim_lines(text: str) -> list[int]:
    """Indexes of the lines holding `.md` and a verb, found from each `.md`: most lines hold
    neither, and looking only around each `.md` keeps a large bank's run short (and linear)."""
    found: list[int] = []
    line, counted = 0, 0
    at = text.find(".md")
    while at >= 0:
        start = text.rfind("\n", 0, at) + 1
        end = text.find("\n", at)
        end = len(text) if end < 0 else end
        line += text.count("\n", counted, start)
        counted = start
        written = text[start:end]
        if written.isascii():  # the same answer as the pattern, by substring search in C
            lowered = written.lower()
            hit = any(verb in lowered for verb in _ASCII_VERBS)
        else:
            hit = _VERB_HINT.search(written) is not None
        if hit:
            found.append(line)
        at = text.find(".md", end)
    return found


def may_claim(text: str) -> bool:
    """Whether `text` holds a markdown path and a claim's verb on one line: the cheap test that
    tells most text holds no claim before any is looked for."""
    return bool(_claim_lines(text))


def rule_claims(text: str, lines: list[str]) -> tuple[tuple[int, str, str, int], ...]:
    """Every claim of a document outside fenced code, as `(line index, phrase, target, column)`:
    plain values, so the parse cache keeps them and a warm run never scans for them again."""
    candidates = _claim_lines(text)
    if not candidates:
        return ()
    mask = fenced(lines)
    return tuple(
        (index, claim.phrase, claim.target, claim.column)
        for index in candidates
        if not mask[index]
        for claim in claims(lines[index])
    )
