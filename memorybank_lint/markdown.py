"""The hot-path markdown scanner: fenced code, headings and inline links, line by line.

Why not a full parser: every document goes through this on every cold start, and markdown-it-py
costs ~20x more on a real bank. The scanner follows CommonMark where it matters here: a fence
closes only on the same character with at least the opening length and no info string, and an
unclosed fence runs to the end. Unlike CommonMark it accepts fences at any indentation, because
fences nested in list items are common and a line scanner does not track list context. The one
exact parse here, `read_links`, is for writes that rewrite links, and loads the parser only then.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass
from typing import Any

_FENCE_OPEN = re.compile(r"^\s*(`{3,}|~{3,})(.*)$")
# Each pattern below is matched at a given position and is one greedy character class, or (the
# `<…>` destination) possessive ones that only a backslash leaves: none can backtrack, so every
# scan here is linear in the stretch it reads.
_BACKTICKS = re.compile(r"`+")
_SPACE = re.compile(r"\s*")
_DESTINATION = re.compile(r"(?:[^\s()<>\\]|\\\S?)+")  # `\)` does not end it
# CommonMark's `<…>` destination: no line ending, and no `<` or `>` unless backslash-escaped. A
# scan stops at the next unescaped `<`, and the next `](<` to try starts there: each stretch of a
# line is read by one such scan at most.
_POINTED_DESTINATION = re.compile(r"<([^<>\\\r\n]*+(?:\\[^\r\n][^<>\\\r\n]*+)*+)>")


def fenced(lines: list[str]) -> list[bool]:
    """For each line, whether it is part of a fenced code block (the fence lines included)."""
    return _blocks(lines)[0]


def unheaded(lines: list[str]) -> list[bool]:
    """For each line, whether no heading can stand there: fenced code or an HTML comment block.
    The reader's sections and every writer that looks for a heading (a title to rename, the
    registry to add an entry to) read the same lines."""
    fences, comments = _blocks(lines)
    return [fence or comment for fence, comment in zip(fences, comments, strict=True)]


def _starts_comment(line: str) -> bool:
    text = line.lstrip(" ")
    return len(line) - len(text) <= 3 and text.startswith("<!--")


def _blocks(lines: list[str]) -> tuple[list[bool], list[bool]]:
    """The fenced code and HTML comment blocks of `lines`, as masks, in one pass over the lines
    that can open or close one: a fence line inside a comment block opens nothing (it hid the
    rest of the page), and a comment opened inside fenced code is code. A comment block runs from
    a line that starts with `<!--` (behind up to three spaces) to the first line holding `-->`,
    that line included (CommonMark's HTML block of the second kind)."""
    fences, comments = [False] * len(lines), [False] * len(lines)
    candidates = [
        i for i, line in enumerate(lines) if "```" in line or "~~~" in line or "<!--" in line or "-->" in line
    ]
    opener: str | None = None
    start, comment = 0, None
    for i in candidates:
        line = lines[i]
        if comment is not None:
            if "-->" in line:
                comments[comment : i + 1] = [True] * (i + 1 - comment)
                comment = None
            continue
        if opener is None:
            match = _FENCE_OPEN.match(line)
            if match and not (match.group(1)[0] == "`" and "`" in match.group(2)):
                opener, start = match.group(1), i
            elif _starts_comment(line):
                if "-->" in line:  # closed on the line it opens
                    comments[i] = True
                else:
                    comment = i
            continue
        stripped = line.strip()
        if stripped.startswith(opener) and not stripped.strip(opener[0]):
            fences[start : i + 1] = [True] * (i + 1 - start)
            opener = None
    if opener is not None:
        fences[start:] = [True] * (len(lines) - start)
    if comment is not None:
        comments[comment:] = [True] * (len(lines) - comment)
    return fences, comments


def iter_unfenced(lines: list[str], mask: list[bool] | None = None) -> Iterator[tuple[int, str]]:
    """Yield `(index, line)` for every line outside fenced code (`mask`: a precomputed `fenced`)."""
    for i, (line, inside) in enumerate(zip(lines, mask or fenced(lines), strict=True)):
        if not inside:
            yield i, line


@dataclass(frozen=True, slots=True)
class Section:
    """A level-2 heading: its text as written and the file lines it spans (1-based, inclusive)."""

    title: str
    line: int
    end: int


def _unindented(line: str) -> str | None:
    """`line` less the up to three spaces a heading may stand behind (CommonMark), or None when
    it stands behind more (a code block's line, or a list item's)."""
    if not line.startswith(" "):
        return line
    text = line.lstrip(" ")
    return text if len(line) - len(text) <= 3 else None


def heading(line: str, level: int) -> str | None:
    """The text of an ATX heading of exactly `level` (`## Text`, behind up to three spaces),
    trimmed; None for any other line.

    A plain string test rather than `^##\\s+(\\S.*?)\\s*$`: that lazy pattern retries the
    trailing `\\s*` at every position and is quadratic on a long run of spaces.
    """
    line = _unindented(line) or ""
    if not line.startswith("#" * level) or not line[level : level + 1].isspace():
        return None
    return line[level:].strip() or None


def atx_heading(line: str) -> tuple[int, str] | None:
    """`(level, text)` of an ATX heading of any level 1-6, a closing run of `#`s and spaces removed
    (CommonMark: only after a space, so `## C#` is `C#`).

    What `^(#{1,6})\\s+(.*?)\\s*#*\\s*$` gives, without its cubic backtracking on a run of
    spaces inside the heading.
    """
    line = _unindented(line) or ""
    level = len(line) - len(line.lstrip("#"))
    if not 1 <= level <= 6 or not line[level : level + 1].isspace():
        return None
    text = line[level:].strip()
    bare = text.rstrip("#")
    if not bare or bare[-1] in " \t":  # a closing run follows a space: `## C#` keeps its `#`
        text = bare.rstrip()
    return level, text


def headings(
    lines: list[str], first_line: int, mask: list[bool] | None = None
) -> tuple[str | None, list[Section]]:
    """The first H1's text and the level-2 sections of a body starting at file line `first_line`."""
    title: str | None = None
    starts: list[tuple[str, int]] = []
    hashes = [
        i for i, line in enumerate(lines) if line.startswith("#") or (line[:1] == " " and "#" in line[:4])
    ]
    if hashes and (mask is None or any("<!--" in line for line in lines)):
        mask = unheaded(lines)
    for i in hashes:
        if mask[i]:
            continue
        line = lines[i]
        if title is None and (text := heading(line, 1)):
            title = text
        elif text := heading(line, 2):
            starts.append((text, first_line + i))
    last = first_line + len(lines) - 1
    sections = [
        Section(name, line, (starts[k + 1][1] - 1) if k + 1 < len(starts) else last)
        for k, (name, line) in enumerate(starts)
    ]
    return title, sections


def code_spans(line: str) -> list[tuple[int, int]]:
    """`(start, end)` of each code span on one line, backtick strings included (CommonMark).

    A run of n backticks opens a span that the next run of exactly n backticks closes; a run with
    no such partner is literal text, and so is a backtick a backslash escapes (outside a span
    only: inside one a backslash is text). Each run is looked at once: linear in the line.
    """
    runs = [(m.start(), m.end()) for m in _BACKTICKS.finditer(line)]
    later: dict[int, list[int]] = {}
    for index, (start, end) in enumerate(runs):
        later.setdefault(end - start, []).append(index)
    cursor = dict.fromkeys(later, 0)
    spans = []
    index = 0
    while index < len(runs):
        start, end = runs[index]
        before = start
        while before and line[before - 1] == "\\":
            before -= 1
        if (start - before) % 2:  # `\`` is a literal backtick: the run opens with one fewer
            start += 1
        if end - start not in later:
            index += 1
            continue
        same, at = later[end - start], cursor[end - start]
        while at < len(same) and same[at] <= index:
            at += 1
        cursor[end - start] = at
        if at == len(same):
            index += 1
            continue
        spans.append((start, runs[same[at]][1]))
        index = same[at] + 1
    return spans


class _Quotes:
    """The next `"` or `'` at or after a position, remembering the last answer for each.

    Why: link titles are looked for at increasing positions; without the memory, a line of many
    unclosed titles would be rescanned to its end once per link.
    """

    def __init__(self, line: str) -> None:
        self.line = line
        self.known: dict[str, tuple[int, int]] = {}  # quote -> (searched from, found at or -1)

    def next(self, quote: str, start: int) -> int:
        searched, found = self.known.get(quote, (len(self.line) + 1, -1))
        if not searched <= start or (found != -1 and found < start):
            found = self.line.find(quote, start)
            self.known[quote] = (start, found)
        return found


def _link_end(line: str, at: int, quotes: _Quotes) -> tuple[str, int] | None:
    """After `](` at `at`: `(destination, end)` of `dest|<dest> ["title"|'title'] )`, or None.

    A destination in angle brackets may hold spaces and parentheses (`<my doc.md>` is how CommonMark
    writes a name with a space); the destination given back is what the brackets hold, as written.
    An unclosed `<` is no destination at all, as in CommonMark.
    """
    start = _SPACE.match(line, at).end()
    if line[start : start + 1] == "<":
        destination = _POINTED_DESTINATION.match(line, start)
        group = 1
    else:
        destination = _DESTINATION.match(line, start)
        group = 0
    if destination is None or not destination.group(group):
        return None
    after = destination.end()
    space = _SPACE.match(line, after).end()
    if space > after and line[space : space + 1] in ('"', "'"):
        close = quotes.next(line[space], space + 1)
        if close >= 0:
            end = _SPACE.match(line, close + 1).end()
            if line[end : end + 1] == ")":
                return destination.group(group), end + 1
    if line[space : space + 1] == ")":
        return destination.group(group), space + 1
    return None


def links(line: str) -> Iterator[tuple[str, str, int]]:
    """Inline links `[label](target)` on one line, outside code spans: `(label, target, column)`.

    The label is everything from the first `[` after the last `]` up to the `](` (so it may hold
    a `[`, never a `]`); the target is one run without spaces, parentheses or angle brackets, or
    what a `<…>` holds (spaces too: `<my doc.md>`), optionally followed by a quoted title. Every
    `](` is looked at once, and every stretch of the line is scanned a bounded number of times:
    linear, whatever the punctuation.
    """
    for label, target, start, _end in link_spans(line):
        yield label, target, start + 1


def link_spans(line: str) -> Iterator[tuple[str, str, int, int]]:
    """The links `links` finds, as `(label, target, start, end)`: `line[start:end]` is the whole
    `[label](target)`, so a link can be rewritten in place."""
    if "](" not in line:
        return
    if "`" in line:
        pieces, kept = [], 0  # code spans holding `](` blanked in one join, not one copy each
        for start, end in code_spans(line):
            if line.find("](", start, end) >= 0:
                pieces += [line[kept:start], " " * (end - start)]
                kept = end
        if pieces:
            line = "".join(pieces) + line[kept:]
    quotes = _Quotes(line)
    searched = 0  # where the previous link ended: no label starts before it
    at = line.find("](")
    while at >= 0:
        floor = max(searched, line.rfind("]", searched, at) + 1)
        opening = line.find("[", floor, at)
        if opening >= 0 and (found := _link_end(line, at + 2, quotes)) is not None:
            target, end = found
            yield line[opening + 1 : at], target, opening, end
            searched = end
            at = line.find("](", end)
        else:
            at = line.find("](", at + 1)


@dataclass(frozen=True, slots=True)
class ReadLinks:
    """Where a CommonMark reader finds links in a text, by 0-based line: `ends` holds the
    `(line, column)` just past the `)` of each inline link and image (`link_spans`' `end`), and
    `definitions` the lines on which a link reference definition (`[label]: path`) starts."""

    ends: frozenset[tuple[int, int]]
    definitions: frozenset[int]


def read_links(text: str, lines: Collection[int]) -> ReadLinks:
    """The links of `text` (lines split at `\\n` alone, as `line_feeds` leaves them) as CommonMark
    reads them, by the parser the project already has (markdown-it-py): every definition, and the
    inline links and images of the paragraphs and headings spanning one of `lines`.

    Why beside the scanner: `links` is the linter's hot path and reads a line on its own, so it
    takes `\\[a](x.md)` (text) and a line of an indented code block or an HTML block for links. A
    write that rewrites links (`bank_promote`) must change only what a reader follows, and keep
    every link in a list item's indented paragraph. Why only the blocks spanning `lines` (the
    lines holding a link the write would change): the inline rules take seconds on a page of
    brackets, and a note of them with no link to change must not pay that.
    """
    from markdown_it import MarkdownIt  # only writes that rewrite links need an exact parse
    from markdown_it.rules_block import reference
    from markdown_it.rules_inline import image, link

    definitions: set[int] = set()
    found: list[int] = []  # where each link read in the inline content now parsed ends

    def defining(state: Any, start: int, end: int, silent: bool) -> bool:
        done = reference(state, start, end, silent)
        if done and not silent:
            definitions.add(start)
        return bool(done)

    def linking(rule: Callable[[Any, bool], bool]) -> Callable[[Any, bool], bool]:
        def read(state: Any, silent: bool) -> bool:
            done = rule(state, silent)
            if done and not silent:
                found.append(state.pos)
            return done

        return read

    parser = MarkdownIt("commonmark").disable("inline")  # inline content is read below, where needed
    # the URL found is never used, and normalising it took a third of the time
    parser.normalizeLink = lambda url: url  # type: ignore[method-assign]
    parser.block.ruler.at("reference", defining)
    parser.inline.ruler.at("link", linking(link))
    parser.inline.ruler.at("image", linking(image))
    text = text.replace("\0", "\ufffd")  # as the parser reads a NUL: one character for one
    wanted, split = sorted(lines), text.split("\n")
    env: dict[str, Any] = {}
    ends: set[tuple[int, int]] = set()
    for token in parser.parse(text, env):
        if token.type != "inline" or token.map is None or "](" not in token.content:
            continue
        first, after = token.map
        at = bisect_left(wanted, first)
        if at == len(wanted) or wanted[at] >= after:
            continue
        found.clear()
        parser.inline.parse(token.content, parser, env, [])
        ends.update(_placed(token.content, first, split, found))
    return ReadLinks(frozenset(ends), frozenset(definitions))


def _placed(content: str, first: int, lines: list[str], offsets: list[int]) -> Iterator[tuple[int, int]]:
    """`(line, column)` in `lines` of each of `offsets` (just past a character) into `content`, the
    inline content of the block starting at line `first`: one line of it per line of the text, each
    the end of that line with its indentation (or a container's marker) cut, the last trimmed."""
    starts = [0]
    while (at := content.find("\n", starts[-1])) >= 0:
        starts.append(at + 1)
    columns: dict[int, int | None] = {}  # each line's column of its piece's first character
    for offset in offsets:
        k = bisect_right(starts, offset - 1) - 1
        if k not in columns:
            piece = content[starts[k] : starts[k + 1] - 1 if k + 1 < len(starts) else len(content)]
            tail = piece.lstrip(" \t")  # indentation a tab was partly expanded into is no text
            found = lines[first + k].rfind(tail) if tail else -1
            columns[k] = None if found < 0 else found - (len(piece) - len(tail))
        if (column := columns[k]) is not None:
            yield first + k, column + offset - starts[k]
