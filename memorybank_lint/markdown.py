"""The hot-path markdown scanner: fenced code, headings and inline links, line by line.

Why not a full parser: every document goes through this on every cold start, and markdown-it-py
costs ~20x more on a real bank. The scanner follows CommonMark where it matters here: a fence
closes only on the same character with at least the opening length and no info string, and an
unclosed fence runs to the end. Unlike CommonMark it accepts fences at any indentation, because
fences nested in list items are common and a line scanner does not track list context; only a
fence opened on a list item's or a quote's marker line ends where that container does. The
exact parses here load the parser only when needed: `read_links`, for writes that rewrite links,
and `references`, for a text holding a link reference definition (`]:`), which few do.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass
from typing import Any, ClassVar

_FENCE_OPEN = re.compile(r"^\s*(`{3,}|~{3,})(.*)$")
# Each pattern below is matched at a given position and is one greedy character class, or (the
# `<…>` destination) possessive ones that only a backslash leaves: none can backtrack, so every
# scan here is linear in the stretch it reads.
_BACKTICKS = re.compile(r"`+")
# What the link scan stops at: a backslash escape (CommonMark's: of ASCII punctuation), an opening
# `[` or `![`, a closing `]`, a run of backticks, an HTML comment's `<!--`. Everything else is
# text to it.
_LINK_MARK = re.compile(r"\\[!-/:-@\[-`{-~]|!?\[|\]|`+|<!--")
_DASHES = re.compile(r"-+")
# The blanks a link's `(…)` may hold around its destination and title: spaces and tabs, and one
# line ending among them (CommonMark), which a text of several lines may hold (`[a](` then `x.md)`).
_SPACE = re.compile(r"[ \t]*+(?:\n[ \t]*+)?")
# A stretch of a destination without angle brackets, up to a parenthesis or its end: no space or
# control character; a backslash takes the next character along unless that is a space (and a
# last one stands for itself), as markdown-it-py reads it.
_DESTINATION_RUN = re.compile(r"(?:[^\x00-\x20\x7f()\\]|\\[^ ]|\\\Z)*+")
_NESTING = 32  # parentheses a destination may nest, as cmark and markdown-it-py allow
# How deep a link or image inside others' labels is still given: a badge (an image in a link's
# label) is one deep. Each given label is a copy of its text, so a line of images nested inside
# each other (`![![![…](x)](x)](x)`) would copy its length once per level: quadratic memory.
NESTED = 1
# What `_Groups` reads a line's parentheses by: an escape (a backslash and the character after
# it, unless a space), a parenthesis, a space or control character (where a run ends).
_PAREN_MARK = re.compile(r"\\[^ ]|[()]|[\x00-\x20\x7f]")
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
    return masks(lines)[1]


def masks(lines: list[str]) -> tuple[list[bool], list[bool]]:
    """`fenced` and `unheaded` of `lines`, read together: a page whose list items hold a comment
    block has its blocks parsed for both, once."""
    fences, comments = _blocks(lines)
    return fences, [fence or comment for fence, comment in zip(fences, comments, strict=True)]


def _starts_comment(line: str) -> bool:
    text = line.lstrip(" ")
    return len(line) - len(text) <= 3 and text.startswith("<!--")


def _blocks(lines: list[str]) -> tuple[list[bool], list[bool]]:
    """The fenced code and HTML comment blocks of `lines`, as masks.

    A comment opened at a line's start (`_scanned`) runs to the line holding `-->`, since no
    container holds it. One opened inside a list item or a quote (`- <!--`, or `  <!--` below
    `- item`) ends where its container ends (CommonMark), which a line scanner cannot tell: such
    a page has its comment blocks read by markdown-it-py's block parse (`_parsed_comments`), and
    its fences scanned around them. So does a page with an HTML block of another kind (`<details>`,
    `<div>`) beside a `<!--` or a fence line: such a block shows its lines as raw HTML up to its
    end, and a `<!-- note` or a fence line inside it opens nothing. Few pages hold either, so
    nearly every page is only scanned."""
    fences, comments = _scanned(lines)
    if _contained_comment(lines, fences) or _raw_html_around(lines, fences, comments):
        comments, raw = _parsed_comments(lines)
        fences = _scanned(lines, comments, raw)[0]
    return fences, comments


def _scanned(
    lines: list[str], comments: list[bool] | None = None, raw: list[bool] | None = None
) -> tuple[list[bool], list[bool]]:
    """The fenced code and HTML comment blocks of `lines`, as masks, in one pass over the lines
    that can open or close one: a fence line inside a comment block opens nothing (it hid the
    rest of the page), and a comment opened inside fenced code is code. A comment block runs from
    a line that starts with `<!--` (behind up to three spaces) to the first line holding `-->`,
    that line included (CommonMark's HTML block of the second kind). Given the `comments`, the
    pass reads fences only, a line of those opening or closing none, nor a line of the `raw` HTML
    blocks the parse found."""
    fences = [False] * len(lines)
    given = comments is not None
    comments = comments if comments is not None else [False] * len(lines)
    candidates = [
        i for i, line in enumerate(lines) if "```" in line or "~~~" in line or "<!--" in line or "-->" in line
    ]
    opener: str | None = None
    start, comment, contained = 0, None, 0  # `contained`: the line after a list item's or quote's fence
    for i in candidates:
        line = lines[i]
        if i < contained:
            continue
        if comment is not None:
            if "-->" in line:
                comments[comment : i + 1] = [True] * (i + 1 - comment)
                comment = None
            continue
        if opener is None:
            if given and (comments[i] or (raw is not None and raw[i])):
                continue
            if (fence := _fence_opener(line)) is not None:
                opener, start = fence, i
            elif (end := _contained_fence(lines, i)) is not None:
                fences[i:end] = [True] * (end - i)
                contained = end
            elif not given and _starts_comment(line):
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


def _fence_opener(text: str) -> str | None:
    """The run of backticks or tildes opening a fence at `text`'s start (behind any indentation),
    or None: a backtick fence's info string holds no backtick (CommonMark)."""
    match = _FENCE_OPEN.match(text)
    if match is None or (match.group(1)[0] == "`" and "`" in match.group(2)):
        return None
    return match.group(1)


# A quote's markers (`> `, `> > `), and a list item's marker with the blanks after it (`- `, `1. `)
_QUOTE_MARKS = re.compile(r"(?: {0,3}>[ \t]?)++")
_QUOTE_MARK = re.compile(r" {0,3}>[ \t]?")
_ITEM_MARK = re.compile(r" {0,3}(?:[-+*]|\d{1,9}[.)])[ \t]++")


def _contained_fence(lines: list[str], i: int) -> int | None:
    """Where the fence a list item or a quote opens on line `i` (`- ```bash`, `> ~~~`) ends (the
    line after it), or None when the line opens none there.

    CommonMark closes it at its closing fence inside the container, or where the container
    ends: the first line outside the quote, or a line indented less than the item's text (a
    fence continues no container lazily). Read line by line from the opener to that end, which
    no other fence reads: linear. Why: a scanner blind to the marker took the item's closing
    fence for an opener, so the code was read as links and the page after it hidden."""
    line = lines[i]
    quote = _QUOTE_MARKS.match(line)
    prefix = quote or _ITEM_MARK.match(line)
    if prefix is None or (opener := _fence_opener(line[prefix.end() :])) is None:
        return None
    depth = prefix.group().count(">") if quote else 0
    for j in range(i + 1, len(lines)):
        inside = _inside(lines[j], depth, prefix.end())
        if inside is None:
            return j
        stripped = inside.strip()
        if stripped.startswith(opener) and not stripped.strip(opener[0]):
            return j + 1
    return len(lines)


def _inside(line: str, depth: int, column: int) -> str | None:
    """What of `line` a container holds, or None when the line stands outside it: past the
    markers of a quote `depth` deep (a line with fewer is outside), or for a list item (`depth`
    0) whose text starts at `column`, a blank line or one indented as far (a tab to the next
    multiple of four columns, as CommonMark counts it)."""
    at = 0
    for _ in range(depth):  # each marker read is a piece of the line: linear in it
        if (mark := _QUOTE_MARK.match(line, at)) is None:
            return None
        at = mark.end()
    if depth:
        return line[at:]  # a marker more (`> > ````) is the code's text, never its closing
    if not line.strip():
        return line
    indent = line[: len(line) - len(line.lstrip(" \t"))]
    return line if len(indent.expandtabs(4)) >= column else None  # a tab reaches the next stop of 4


def _contained_comment(lines: list[str], fences: list[bool]) -> bool:
    """Whether a line outside fenced code may open a comment block inside a list item or a
    quote: its `<!--` stands behind indentation or container markers alone (`  <!--`, `- <!--`,
    `> 1. <!--`). Such a block ends where its container does, before its `-->` (`- a`, `  <!--`,
    `- [B](b.md)`: the second item is shown), and `- <!-- [A](a.md) -->` is a block, not a
    paragraph's text. One at a line's very start stands in no container: `_scanned` reads it."""
    for i, line in enumerate(lines):
        at = line.find("<!--")
        if at > 0 and not fences[i] and not line[:at].strip(_CONTAINER_MARKS):
            return True
    return False


_CONTAINER_MARKS = " \t>-+*.)0123456789"  # what may stand before a block's start: markers, indentation


def _raw_html_around(lines: list[str], fences: list[bool], comments: list[bool]) -> bool:
    """Whether a line outside fenced code and comment blocks may open an HTML block of another
    kind than a comment (`<details>`, `<div>`, `<pre>`), on a page that also holds a line the scan
    reads as opening a comment or a fence: only then can the scan misread one inside such a block.
    Loose: the parse decides."""
    if not any("<!--" in line or "```" in line or "~~~" in line for line in lines):
        return False
    return any(
        not fences[i] and not comments[i] and "<" in line and _HTML_START.match(line) and "<!--" not in line
        for i, line in enumerate(lines)
    )


def _parsed_comments(lines: list[str]) -> tuple[list[bool], list[bool]]:
    """For each line, whether markdown-it-py's block parse puts it in an HTML comment block, at
    any depth of list items and quotes (the block ends at its `-->` or where its container does),
    and whether in an HTML block of another kind (shown as raw HTML, to a blank line or its
    closing tag). Linear: the blocks alone are parsed, never the inline rules."""
    from markdown_it import MarkdownIt

    comments, raw = [False] * len(lines), [False] * len(lines)
    parser = MarkdownIt("commonmark").disable("inline")
    for token in parser.parse("\n".join(lines).replace("\0", "\ufffd")):
        if token.type == "html_block" and token.map:
            first, after = token.map
            held = comments if token.content.lstrip(" ").startswith("<!--") else raw
            held[first:after] = [True] * (after - first)
    return comments, raw


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
    lines: list[str], first_line: int, mask: list[bool] | None = None, shown: list[bool] | None = None
) -> tuple[str | None, list[Section]]:
    """The first H1's text and the level-2 sections of a body starting at file line `first_line`:
    `mask` a precomputed `fenced`, `shown` a precomputed `unheaded` (a page whose comment blocks
    a list item holds has its blocks parsed for it: the caller that needs it too reads it once)."""
    title: str | None = None
    starts: list[tuple[str, int]] = []
    hashes = [
        i for i, line in enumerate(lines) if line.startswith("#") or (line[:1] == " " and "#" in line[:4])
    ]
    if shown is not None:
        mask = shown
    elif hashes and (mask is None or any("<!--" in line for line in lines)):
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


class _Unescaped:
    """The next unescaped `"`, `'` or parenthesis at or after a position, remembering the last
    answer for each kind.

    Why: link titles are looked for at increasing positions; without the memory, a line of many
    unclosed titles would be rescanned to its end once per link. Whether a mark is escaped is the
    parity of the run of backslashes before it: a title starts after its opening mark, never
    inside such a run, so the parity CommonMark reads from the title's start is the line's.
    """

    _KINDS: ClassVar[dict[str, re.Pattern[str]]] = {
        '"': re.compile('"'),
        "'": re.compile("'"),
        ")": re.compile(r"[()]"),  # a `(…)` title ends at `)`, and a `(` inside it is no title
    }

    def __init__(self, line: str) -> None:
        self.line = line
        self.known: dict[str, tuple[int, int]] = {}  # kind -> (searched from, found at or -1)

    def next(self, kind: str, start: int) -> int:
        searched, found = self.known.get(kind, (len(self.line) + 1, -1))
        if not searched <= start or (found != -1 and found < start):
            pattern, at = self._KINDS[kind], start
            while (match := pattern.search(self.line, at)) is not None and _escaped(self.line, match.start()):
                at = match.start() + 1
            found = -1 if match is None else match.start()
            self.known[kind] = (start, found)
        return found


def _escaped(line: str, at: int) -> bool:
    """Whether a backslash escapes the character at `at`: an odd run of them stands before it."""
    before = at
    while before and line[before - 1] == "\\":
        before -= 1
    return (at - before) % 2 == 1


class _Groups:
    """Where each `(` a destination without angle brackets could hold is closed, for one line.

    A `(` is closed by the first `)` after it at its own depth, with no space or control character
    between (a destination's run ends there) and a backslash taking the character after it along
    (`\\)` is no parenthesis), as `_DESTINATION_RUN` reads a run; a group nested deeper than
    `_NESTING` has no close, as a destination may not hold it. Where a `(` is closed depends only
    on what follows it, so one left-to-right pass over the line, with a stack, answers for every
    destination the scan tries, wherever it starts.

    Why: reading each destination paren by paren cost every `](` of a line of `[](` a read
    `_NESTING` parentheses deep (1.6 s for a 300 KB line); with the closes known, a read steps
    over a group in one step and stops at once at a `(` that is never closed. Built on the first
    `(` a destination meets, so a line without one never pays for it.
    """

    def __init__(self, line: str) -> None:
        self.line = line
        self._closes: dict[int, int] | None = None

    def close(self, at: int) -> int | None:
        """Where the group the `(` at `at` opens is closed, or None (never, or too deep)."""
        if self._closes is None:
            self._closes = self._read()
        return self._closes.get(at)

    def _read(self) -> dict[int, int]:
        closes: dict[int, int] = {}
        stack: list[list[int]] = []  # per open `(`: its place, the depth of its deepest group
        for mark in _PAREN_MARK.finditer(self.line):
            written = mark.group()
            if written == "(":
                stack.append([mark.start(), 0])
            elif written == ")":
                if stack:
                    opened, deepest = stack.pop()
                    if deepest < _NESTING:
                        closes[opened] = mark.start()
                    if stack and stack[-1][1] <= deepest:
                        stack[-1][1] = deepest + 1
            elif written[0] != "\\":  # a space or a control character: every run ends there
                stack.clear()
        return closes


def _bare_end(line: str, start: int, groups: _Groups) -> int | None:
    """Where a destination without angle brackets that starts at `start` ends (`start` itself
    for an empty one), or None when it is no destination.

    CommonMark's: a run without spaces or control characters in which parentheses balance (a `)`
    more ends it: the link's own), nested at most `_NESTING` deep as cmark and markdown-it-py
    allow; a backslash takes the character after it along (`\\)` is no parenthesis) unless that
    is a space, which ends the run before the backslash. Each group is stepped over whole
    (`_Groups`), so a read costs its runs and its outermost groups.
    """
    at = start
    while True:
        at = _DESTINATION_RUN.match(line, at).end()
        if line[at : at + 1] != "(":  # a space, a control character, `\ `, the end, or the link's `)`
            return at
        close = groups.close(at)
        if close is None:
            return None
        at = close + 1


def _link_end(line: str, at: int, marks: _Unescaped, groups: _Groups) -> tuple[int, int, int] | None:
    """After `](` at `at`: `(destination start, destination end, end)` of
    `dest|<dest> ["title"|'title'|(title)] )` as CommonMark reads it, or None.

    A destination in angle brackets may hold spaces and parentheses (`<my doc.md>` is how CommonMark
    writes a name with a space); its place is what the brackets hold. An unclosed `<` is no
    destination at all, as in CommonMark. An empty one (`[a]()`, `[a](<>)`) still makes a link.
    """
    start = _SPACE.match(line, at).end()
    if start >= len(line):
        return None
    if line[start] == "<":
        pointed = _POINTED_DESTINATION.match(line, start)
        if pointed is None:
            return None
        (first, last), after = pointed.span(1), pointed.end()
    else:
        bare = _bare_end(line, start, groups)
        if bare is None:
            return None
        first, last, after = start, bare, bare
    at = _SPACE.match(line, after).end()
    if at > after and line[at : at + 1] in ('"', "'", "("):  # a title stands behind a space
        closing = ")" if line[at] == "(" else line[at]
        close = marks.next(closing, at + 1)
        if close < 0 or line[close] != closing:
            return None  # unclosed, or a `(` inside a `(…)` title
        at = _SPACE.match(line, close + 1).end()
    if line[at : at + 1] != ")":
        return None
    return first, last, at + 1


@dataclass(slots=True)
class _Opening:
    """A `[` (or the `[` of `![`) no `]` has closed yet, on the scan's stack."""

    at: int
    image: bool
    holds_link: bool = False  # a link lies in what it holds, and not inside an image there


class _Closers:
    """Where the code span a run of backticks opens ends, for runs met at increasing positions.

    CommonMark reads a code span where its opening run is met as text: not one inside a link's
    destination or title (`[a](x`y.md)`), which is the destination's text. So the scan pairs runs
    as it meets them, as `code_spans` does for a line with no link: the next run of the same
    length closes one. A cursor per length keeps that linear.
    """

    def __init__(self, line: str) -> None:
        self.starts: dict[int, list[int]] = {}
        for run in _BACKTICKS.finditer(line):
            self.starts.setdefault(run.end() - run.start(), []).append(run.start())
        self.cursor = dict.fromkeys(self.starts, 0)

    def end(self, length: int, after: int) -> int | None:
        """The end of the first run of `length` backticks at or after `after`, or None."""
        same = self.starts.get(length)
        if same is None:
            return None
        at = self.cursor[length]
        while at < len(same) and same[at] < after:
            at += 1
        self.cursor[length] = at
        return same[at] + length if at < len(same) else None


class _Comments:
    """Where the inline HTML comment a `<!--` opens ends, for openers met at increasing positions.

    markdown-it-py's pattern (`<!---?>|<!--(?:[^-]|-[^-]|--[^>])*-->`), read without running it:
    from each opener it reads to the line's end when nothing closes, so a line of openers was
    quadratic. Its repeated group reads a run of dashes from the run's start, three at a time,
    and stops only at the `-->` of a run two longer than a multiple of three followed by `>`;
    after the opener's own dashes it enters every later run at its start. So a comment ends at
    the first such run after the opener's (unless that one closes it, or is `<!-->`, `<!--->`),
    and a cursor over those runs keeps the reading linear. An unclosed `<!--` is text.
    """

    def __init__(self, line: str) -> None:
        self.line = line
        self.closing = [
            (run.start(), run.end() + 1)
            for run in _DASHES.finditer(line)
            if (run.end() - run.start()) % 3 == 2 and line[run.end() : run.end() + 1] == ">"
        ]
        self.cursor = 0

    def end(self, opener: int) -> int | None:
        """The end of the comment the `<!--` at `opener` opens, or None when it is text."""
        own = _DASHES.match(self.line, opener + 4)
        after = own.end() if own else opener + 4  # past the dashes right behind the opener
        dashes = after - opener - 4
        if self.line[after : after + 1] == ">" and (dashes < 2 or dashes % 3 == 2):
            return after + 1
        while self.cursor < len(self.closing) and self.closing[self.cursor][0] <= after:
            self.cursor += 1
        return self.closing[self.cursor][1] if self.cursor < len(self.closing) else None


# A reference link's brackets: `[text][label]`, `[label][]` or `[label]` alone; a backslash
# escape is read as one piece, so an escaped bracket opens nothing, and the scan never restarts
# inside a run of escapes (a line of `\[` was read up to 999 characters from each one).
_REFERENCE_USE = re.compile(r"\\.|\[((?:[^\[\]\\]|\\.){1,999}+)\](?:\[((?:[^\[\]\\]|\\.){0,999}+)\])?")


def reference_label(label: str) -> str:
    """A label as CommonMark matches it: blanks collapsed, case folded (`[Testing  Policy]` is
    `[testing policy]`), in lower case.

    Folded by markdown-it-py's own `normalizeReference` (lower case, then upper), not by
    `str.casefold`: that keeps `ı` and `i` apart, which the reader matches (`[KILAVUZ]` uses
    `[Kılavuz]`), and `str.split` takes `\x85` and `\x1c`-`\x1f` for blanks, which markdown-it-py
    does not (since 4.3), so a use matched a definition the reader keeps apart. Lower case again
    after: one label still reads as one, since no two of the parser's folds lower alike. An
    ASCII label, nearly every one, folds alike either way and takes the quicker."""
    if label.isascii() and _SEPARATORS.search(label) is None:
        return " ".join(label.split()).lower()
    from markdown_it.common.utils import normalizeReference

    return normalizeReference(label).lower()


_SEPARATORS = re.compile("[\x1c-\x1f]")  # the ASCII `str.split` takes for blanks, and CommonMark not


@dataclass(frozen=True, slots=True)
class ReferenceUse:
    """A reference link in a text: the label it uses (as matched), the 0-based offsets of its `[`,
    of the `]` closing its text and of its end, and whether it names a label of its own
    (`[text][label]`) rather than using its text as one (`[label][]`, `[label]`)."""

    label: str
    start: int
    text_end: int
    end: int
    labelled: bool


def _reference_spans(text: str, defined: Collection[str] | None = None) -> Iterator[ReferenceUse]:
    """The reference links of `text`, the content of a paragraph or heading as the parser bounds
    it, its lines joined: a `[x]:` there is a use, since the parse has taken the definitions out
    and one continuing a paragraph is its text. Linear: each pattern is possessive and reads a
    backslash escape as one piece; code spans and comments are blanked in place, as a reader
    meets them (`_spans_blanked`), so columns are the text's.

    Given the labels `defined`, a `[text][label]` whose label is none of them is no link, and its
    `[label]` may open one (CommonMark: `[a][nothing][tp]` links `nothing` by `tp`): the scan
    goes on from there. Each `[` is still read at most twice, so it stays linear."""
    read = _spans_blanked(text) if "`" in text or "<!--" in text else text
    at = 0
    while (found := _REFERENCE_USE.search(read, at)) is not None:
        at = found.end()
        if found.group(1) is None:
            continue  # a backslash escape
        if found.group(2) and defined is not None and reference_label(found.group(2)) not in defined:
            at = found.end(1) + 1  # the text's brackets are text; the label's may be a link's
            continue
        after = read[found.end() : found.end() + 1]
        if found.group(2) is None and after == "(":
            continue
        if read[found.start() - 1 : found.start()] == "!":
            continue  # an image's source, not a link a reader follows
        label = reference_label(found.group(2) if found.group(2) else found.group(1))
        if label:
            yield ReferenceUse(label, found.start(), found.end(1), found.end(), bool(found.group(2)))


# What the scan for the code spans and comments of a paragraph stops at: a backslash escape, a run of
# backticks, an HTML comment's `<!--`, as the link scan reads them.
_CODE_MARK = re.compile(r"\\[!-/:-@\[-`{-~]|`+|<!--")


def _leaves_code_open(line: str) -> bool:
    """Whether `line` holds a run of backticks no run of its own closes. Loose (an escaped one
    counts): it only decides whether the blocks are parsed."""
    return sum(1 for _ in _BACKTICKS.finditer(line)) > 2 * len(code_spans(line))


def _inline_spans(text: str) -> Iterator[tuple[bool, int, int]]:
    """`(is code, start, end)` of each code span (backticks included) and inline HTML comment of
    `text`, met as a reader meets them: left to right, so a backtick inside a comment opened
    first opens no code span, nor a `<!--` inside a code span a comment; a backslash-escaped
    backtick or `<` opens neither, as `link_spans` skips them. Linear: `_Closers` and
    `_Comments` keep a cursor each."""
    closers, comments = _Closers(text), _Comments(text) if "<!--" in text else None
    at = 0
    while (mark := _CODE_MARK.search(text, at)) is not None:
        at, written = mark.end(), mark.group()
        if written[0] == "\\":
            continue
        if written[0] == "<":
            if comments is not None and (end := comments.end(at - 4)) is not None:
                yield False, at - 4, end
                at = end
            continue
        if (end := closers.end(len(written), at)) is not None:
            yield True, mark.start(), end
            at = end


_NOT_LINE_BREAK = re.compile(r"[^\n]")


def _spans_blanked(text: str) -> str:
    """`text` with what each code span holds (its backticks kept) and each inline HTML comment
    turned to spaces, its length and line breaks kept: brackets there are no link (`` `[tp]` ``,
    `<!-- [Old][old] -->`). Read as a reader meets them (`_inline_spans`): blanking code first,
    a backtick inside a comment paired with one after the comment and hid the use between."""
    pieces, done = [], 0
    for code, start, end in _inline_spans(text):
        if code:  # the content between its two runs of backticks, which are of one length
            opener = _BACKTICKS.match(text, start)
            run = opener.end() - start if opener is not None else 0
            start, end = start + run, end - run
        held = text[start:end]
        pieces += [text[done:start], _NOT_LINE_BREAK.sub(" ", held) if "\n" in held else " " * len(held)]
        done = end
    return "".join(pieces) + text[done:]


def _leaves_open(line: str) -> bool:
    """Whether `line` may open a comment it does not close: its last `<!--` stands after its
    last `-->`. Loose (a `<!--` in code counts): it only decides whether the blocks are parsed."""
    return line.rfind("<!--") > line.rfind("-->")


def wrapped_spans(lines: list[str], hidden: list[bool]) -> dict[int, str]:
    """Each line of a paragraph that a code span or an inline HTML comment spanning lines (opened
    on one line, closed on a later one) touches, with what the span holds there blanked (its
    length kept), by 0-based line; `hidden` says which lines are fenced code or comment blocks,
    which hold no paragraph.

    Why: `links` reads one line, so a link inside such a span (`- [A](a.md) <!-- old` then
    `  [Old](old.md) -->`, or `` `a `` then `` [B](b.md)` ``) was an entry no reader sees, and
    one after its close (`` x ` y `` then `` ` [B](b.md) ` ``) was read as the line alone reads it,
    its backticks paired with each other, though the line starts inside the span. Read
    blanked, each line holds what a reader sees of it. A span closed on its line is `links`'
    own. Only a page with a line that may open a comment or a code span it does not close,
    outside those blocks, has its blocks parsed (linear), and each paragraph's spans are read as
    a reader meets them (`_inline_spans`). Not read as a reader does: a backtick inside a link's
    destination or an HTML tag, which opens no span there."""
    if not any(
        not hidden[i]
        and (("<!--" in line and _leaves_open(line)) or ("`" in line and _leaves_code_open(line)))
        for i, line in enumerate(lines)
    ):
        return {}
    blanked: dict[int, str] = {}
    for first, after, content in inline_blocks("\n".join(lines), ""):
        if "\n" not in content or ("`" not in content and "<!--" not in content):
            continue
        placement = Placement(content, first, after, lines)
        for _code, start, end in _inline_spans(content):
            if "\n" not in content[start:end]:
                continue
            piece = start
            while piece < end:
                stop = content.find("\n", piece, end)
                stop = end if stop < 0 else stop
                opened, closed = placement.place(piece), placement.place(stop, past=True)
                if stop > piece and opened is not None and closed is not None and opened[0] == closed[0]:
                    line = blanked.get(opened[0], lines[opened[0]])
                    width = closed[1] - opened[1]
                    blanked[opened[0]] = line[: opened[1]] + " " * width + line[closed[1] :]
                piece = stop + 1
    return blanked


# What may start an HTML block (CommonMark's seven kinds) behind a container's marker: a tag's
# name or its close, `<?`, `<!` and a letter, `<![CDATA[`, `<!--`. Loose: the parse decides.
_HTML_START = re.compile(r"[ \t>*+\-.)0-9]*<(?:/?[A-Za-z]|[?!])")


def _may_hide(line: str) -> bool:
    """Whether `line` may open an HTML block, or be a line of an indented code block holding a
    link (indented four columns or more). Loose: it only decides whether the blocks are parsed."""
    if "<" in line and _HTML_START.match(line):
        return True
    if "](" not in line:
        return False
    lead = line[: len(line) - len(line.lstrip(" \t"))]
    return len(lead.expandtabs(4)) >= 4


def raw_blocks(lines: list[str], hidden: list[bool]) -> set[int]:
    """The 0-based lines of `lines` that are part of an HTML block or an indented code block, as
    CommonMark (markdown-it-py) reads the blocks; `hidden` says which lines are fenced code or
    comment blocks already known.

    Why: `links` reads any line as a paragraph's, but a reader shows an HTML block's lines as raw
    HTML, to the blank line (or the closing tag) that ends it, and an indented code block's as
    code: `<details>` then `- [Old](old.md)` with no blank line between is text, and so is
    `    [Old](old.md)` four spaces in after a paragraph's blank line (where a list item's
    indented text, read alike line by line, is a paragraph); the page each names was an entry no
    reader can follow. Only a page with a line that may be one of them, outside those lines, has
    its blocks parsed (linear)."""
    if not any(not hidden[i] and _may_hide(line) for i, line in enumerate(lines)):
        return set()
    from markdown_it import MarkdownIt  # only a page that may hold such a block is parsed

    found: set[int] = set()
    for token in MarkdownIt("commonmark").disable("inline").parse("\n".join(lines).replace("\0", "\ufffd")):
        if token.type in ("html_block", "code_block") and token.map is not None:
            found.update(range(*token.map))
    return found


@dataclass(frozen=True, slots=True)
class Definition:
    """A link reference definition: its label as matched, its destination as written (without
    the `<…>` around it), and where it starts."""

    label: str
    destination: str
    line: int  # index into the lines read: the line the `[` stands on
    column: int  # of the `[`, 0-based


@dataclass(frozen=True, slots=True)
class References:
    """The link reference definitions of a text, in order (a label's later definitions too, which
    no reader follows: CommonMark takes the first), and the defined labels its reference links use."""

    definitions: tuple[Definition, ...] = ()
    used: frozenset[str] = frozenset()


_DEFINED = "memorybank.definitions"  # where the parse's definitions are collected, in its env


def references(lines: list[str], defined: Collection[str] = ()) -> References:
    """The link reference definitions of `lines` (split at `\\n`) and the defined labels reference
    links use (`- [Policy][tp]` … `[tp]: policy.md`); the labels of `defined` (as
    `Definition.label`) count as defined too: a write removing a definition asks which links
    would lose it.

    The definitions are markdown-it-py's (CommonMark's): one may stand in a list item or a quote
    (`- [tp]: policy.md`), wrap its label or put its destination on the next line, and is text
    where it would continue a paragraph. Read line by line, each of those was a page a reader
    reaches that counted as unregistered, or an entry a reader never sees. The uses are the line
    scanner's (`_reference_spans`), run over the text of each paragraph or heading as the
    parse bounds it: a label may wrap inside a paragraph, a `[x]:` that continues one is a use,
    and brackets in a code or HTML block or an HTML comment are none; brackets in other inline
    raw HTML, an autolink or a link's title are still read as a use (README's known gaps).

    What it costs: a text with no `]:` holds no definition (a label's `]` then its colon), and is
    not parsed at all: nearly every index. Otherwise only the blocks are parsed, linear; the
    parser's inline rules, which take up to some 30 s a megabyte of brackets, are never run.
    """
    if not defined and not any("]:" in line for line in lines):
        return References()
    from markdown_it import MarkdownIt
    from markdown_it.rules_block import reference

    def defining(state: Any, start: int, end: int, silent: bool) -> bool:
        done = bool(reference(state, start, end, silent))
        if done and not silent:
            state.env[_DEFINED].append(_definition(state, start))
        return done

    parser = MarkdownIt("commonmark").disable("inline")
    # the URL found is never used, and normalising it took a third of the time
    parser.normalizeLink = lambda url: url  # type: ignore[method-assign]
    parser.block.ruler.at("reference", defining)
    env: dict[str, Any] = {_DEFINED: []}
    tokens = parser.parse("\n".join(lines).replace("\0", "\ufffd"), env)
    found: list[Definition] = env[_DEFINED]
    keys = {definition.label for definition in found} | {reference_label(label) for label in defined}
    if not keys:
        return References()
    used = {
        use.label
        for token in tokens
        if token.type == "inline" and "]" in token.content
        for use in _reference_spans(token.content, defined=keys)
        if use.label in keys
    }
    return References(tuple(found), frozenset(used))


def _definition(state: Any, start: int) -> Definition:
    """The definition the parser has just read from line `start` to `state.line`."""
    starts, _pieces, joined, label_end = _joined(state, start)
    at = starts[0]  # the `[`
    column = at - (state.src.rfind("\n", 0, at) + 1)
    pos = _destination_start(joined, label_end)
    written = joined[pos : state.md.helpers.parseLinkDestination(joined, pos, len(joined)).pos]
    destination = written[1:-1] if written.startswith("<") else written
    return Definition(reference_label(joined[1:label_end]), destination, start, column)


def links(line: str) -> Iterator[tuple[str, str, int]]:
    """Inline links `[label](target)` on one line, outside code spans: `(label, target, column)`,
    the column the `[`'s (1-based). `link_spans` says how they are read."""
    for label, target, start, _end in link_spans(line):
        yield label, target, start + 1


def link_spans(line: str) -> Iterator[tuple[str, str, int, int]]:
    """The inline links and images on one line, as CommonMark (markdown-it-py) reads the line as a
    paragraph, as `(label, target, start, end)`: `line[start:end]` is the whole `[label](target)`
    (an image's `!` stands before `start`), so a link can be rewritten in place; the label and the
    target are as written, the target without the `<…>` around it. In order of `start`; an image
    inside a link's label (a badge: `[![build](b.svg)](ci.md)`) comes after that link. A link or
    image nested deeper than `NESTED` inside others' labels is not given (`[![![a](b.png)](c.png)](d.md)`
    gives `d.md` and `c.png`).

    As CommonMark reads them: a label may hold brackets that balance (`[[DRAFT] Notes](n.md)`)
    and an image, never a link (`[a [b](c.md)](d.md)` is the link `b`); a backslash escapes a
    bracket or a parenthesis (`\\[a](x.md)` is text); a target without angle brackets may hold
    parentheses that balance (`guide_(v2).md`), a target in them (`<my doc.md>`) spaces; a title
    (`"…"`, `'…'`, `(…)`) may follow; an HTML comment (`<!-- [b](b.md) -->`) holds no link, nor
    does a label's `]` inside one close it (one spanning lines is `wrapped_spans`'). Not read
    as CommonMark would: reference links, a label
    wrapped over lines, a bracket inside raw HTML or an autolink in a label, and the schemes
    markdown-it-py refuses (`javascript:`): each is read as the line's text. A link to nothing
    (`[a]()`) is a link to CommonMark, but names no file: none is given.

    How: the scan keeps the `[`s not closed yet on a stack, as cmark does; a `]` closes the last
    one, and a `(…)` right behind it makes the two a link. Links do not nest, so a link found
    marks the `[` below it (outside any image) as no link. Why it is linear: every mark is read
    once, a link found moves the scan past its end, and each `](` is tried once. A try reads a
    `<…>` destination to the next `<` (so no two such reads overlap), one without brackets to
    where its parentheses balance, nested at most `_NESTING` deep, so at most `_NESTING` + 1 of
    those reads are in progress at any character, and a title to its closing mark, remembered for
    the next try (`_Unescaped`).
    """
    if "](" not in line:
        return
    text = line
    marks, groups = _Unescaped(line), _Groups(line)
    closers = _Closers(line) if "`" in line else None
    comments = _Comments(line) if "<!--" in line else None
    openings: list[_Opening] = []
    found: list[tuple[int, int, int, int, int, int]] = []  # label, target, whole: as offsets
    at = 0
    while (mark := _LINK_MARK.search(text, at)) is not None:
        at, written = mark.end(), mark.group()
        if written[0] == "\\":  # an escaped mark is text
            continue
        if written[0] == "`":  # a code span is skipped whole; a run it cannot close is text
            at = (closers and closers.end(len(written), at)) or at
            continue
        if written[0] == "<":  # a comment is skipped whole, what it holds never a link's
            at = (comments and comments.end(at - 4)) or at
            continue
        if written[-1] == "[":
            openings.append(_Opening(at - 1, written[0] == "!"))
            continue
        if not openings:
            continue  # a `]` nothing opened
        opening = openings.pop()
        read = None
        if text[at : at + 1] == "(" and (opening.image or not opening.holds_link):
            read = _link_end(text, at + 1, marks, groups)
        if read is None:  # the brackets are text, and what they hold is their parent's
            if opening.holds_link and openings:
                openings[-1].holds_link = True
            continue
        first, last, end = read
        if last > first:
            found.append((opening.at + 1, at - 1, first, last, opening.at, end))
        if not opening.image and openings:
            openings[-1].holds_link = True
        at = end
    found.sort(key=lambda link: link[4])
    enclosing: list[int] = []  # the ends of the links and images holding the one at hand
    for label, label_end, first, last, start, end in found:
        while enclosing and enclosing[-1] <= start:
            enclosing.pop()
        if len(enclosing) <= NESTED:
            yield line[label:label_end], line[first:last], start, end
        enclosing.append(end)


@dataclass(frozen=True, slots=True)
class ReadLinks:
    """Where a CommonMark reader finds links in a text, by 0-based line: `ends` holds the
    `(line, column)` just past the `)` of each inline link and image (`link_spans`' `end`),
    `definitions` the lines on which a link reference definition (`[label]: path`) starts, and
    `destinations` the `(line, column, as written)` of each definition's destination (`<…>`
    included): it may stand on a later line than its definition's start (`[a]:` then `x.md`)."""

    ends: frozenset[tuple[int, int]]
    definitions: frozenset[int]
    destinations: frozenset[tuple[int, int, str]] = frozenset()


def read_links(text: str, lines: Collection[int]) -> ReadLinks:
    """The links of `text` (lines split at `\\n` alone, as `line_feeds` leaves them) as CommonMark
    reads them, by the parser the project already has (markdown-it-py): every definition, and the
    inline links and images of the paragraphs and headings spanning one of `lines`.

    Why beside the scanner: `links` is the linter's hot path and reads a line on its own, so it
    takes a line of an indented code block or an HTML block for links as a paragraph's. A
    write that rewrites links (`bank_promote`) must change only what a reader follows, and keep
    every link in a list item's indented paragraph. Why only the blocks spanning `lines` (the
    lines holding a link the write would change): the inline rules take seconds on a page of
    brackets, and a note of them with no link to change must not pay that.
    """
    from markdown_it import MarkdownIt  # only writes that rewrite links need an exact parse
    from markdown_it.rules_block import reference
    from markdown_it.rules_inline import image, link

    definitions: set[int] = set()
    destinations: set[tuple[int, int, str]] = set()
    found: list[int] = []  # where each link read in the inline content now parsed ends

    def defining(state: Any, start: int, end: int, silent: bool) -> bool:
        done = reference(state, start, end, silent)
        if done and not silent:
            definitions.add(start)
            if (destination := _destination(state, start)) is not None:
                destinations.add(destination)
        return bool(done)

    bases: list[int] = []  # where the alt text of each image being read starts, in the content

    def linking(rule: Callable[[Any, bool], bool], image_rule: bool) -> Callable[[Any, bool], bool]:
        """The rule, noting where each link or image it reads ends. An image's alt text is read
        by a parser state of its own, whose positions start at the alt text: a link there is
        placed from that start, not taken for a place on the line."""

        def read(state: Any, silent: bool) -> bool:
            base = bases[-1] if bases else 0
            nested = image_rule and not silent
            if nested:
                bases.append(base + state.pos + 2)  # past the `![`
            try:
                done = rule(state, silent)
            finally:
                if nested:
                    bases.pop()
            if done and not silent:
                found.append(base + state.pos)
            return done

        return read

    parser = MarkdownIt("commonmark").disable("inline")  # inline content is read below, where needed
    # the URL found is never used, and normalising it took a third of the time
    parser.normalizeLink = lambda url: url  # type: ignore[method-assign]
    parser.block.ruler.at("reference", defining)
    parser.inline.ruler.at("link", linking(link, False))
    parser.inline.ruler.at("image", linking(image, True))
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
        ends.update(_placed(token.content, first, after, split, found))
    return ReadLinks(frozenset(ends), frozenset(definitions), frozenset(destinations))


def _destination(state: Any, start: int) -> tuple[int, int, str] | None:
    """`(line, column, as written)` of the destination of the definition the parser has just read
    from line `start` to `state.line`, or None if it cannot be placed.

    Why read again: the parser keeps where the definition starts, not where its destination is,
    and that may be a later line (a wrapped label, or the destination below `[a]:`) behind a
    container's marker (`> `, a list item's indent). The definition's text is joined as the parser
    joins it (each line from its content's start), its label skipped as the parser skips it, and
    the destination read by the parser's own helper; its place in the joined text maps back to
    the source, line by line.
    """
    src = state.src
    starts, pieces, joined, label_end = _joined(state, start)
    pos = _destination_start(joined, label_end)
    read = state.md.helpers.parseLinkDestination(joined, pos, len(joined))
    if not read.ok:
        return None
    offset = 0
    for k, piece in enumerate(pieces):
        if pos < offset + len(piece):
            at = starts[k] + pos - offset
            written = joined[pos : read.pos]
            line_start = src.rfind("\n", 0, at) + 1
            return (start + k, at - line_start, written) if src[at : at + len(written)] == written else None
        offset += len(piece)
    return None


def _joined(state: Any, start: int) -> tuple[list[int], list[str], str, int]:
    """The text of the definition the parser has just read from line `start` to `state.line`,
    joined as the parser joins it (each line from its content's start, past a container's
    marker): where each line's piece starts in the source, the pieces, the joined text, and
    where its label's `]` stands there (the label skipped as the parser skips it)."""
    src = state.src
    starts = [state.bMarks[k] + state.tShift[k] for k in range(start, state.line)]
    pieces = [src[at : state.eMarks[k] + 1] for k, at in zip(range(start, state.line), starts, strict=True)]
    joined = "".join(pieces)
    pos = 1
    while pos < len(joined) and joined[pos] != "]":
        pos += 2 if joined[pos] == "\\" else 1
    return starts, pieces, joined, pos


def _destination_start(joined: str, label_end: int) -> int:
    """Where the destination of a joined definition starts: past `]:` and the blanks after it,
    one line ending among them."""
    from markdown_it.common.utils import isSpace

    pos = label_end + 2  # past `]:`
    while pos < len(joined) and (joined[pos] == "\n" or isSpace(ord(joined[pos]))):
        pos += 1
    return pos


class Placement:
    """Where offsets into `content`, the inline content of the paragraph or heading read from
    lines `first` to `after` (not included), stand in `lines` (the text's, split at `\\n`):
    `(line, column)`. One line of `content` per line of the text, each that line with its
    indentation (or a container's marker, `> `) cut, the whole trimmed.

    Why the lines a trim removed are counted: markdown-it-py trims the content as Python does,
    so a first line of no-break spaces alone (`\\u00a0`, which CommonMark reads as text) is
    cut with its line ending; the next line of the content is the text's second line, not its
    first, and a link on it was placed nowhere (and left leading nowhere).
    """

    def __init__(self, content: str, first: int, after: int, lines: list[str]) -> None:
        self.content, self.first, self.after, self.lines = content, first, after, lines
        self.starts = [0]
        while (at := content.find("\n", self.starts[-1])) >= 0:
            self.starts.append(at + 1)
        self.columns: dict[int, int | None] = {}  # each line's column of its piece's first character
        self.lead: int | None = None  # the text's lines the trim cut before the content's first

    def place(self, offset: int, past: bool = False) -> tuple[int, int] | None:
        """`(line, column)` of the character at `offset`, or just past the one before it (`past`)."""
        k = bisect_right(self.starts, offset - 1 if past else offset) - 1
        if k not in self.columns:
            self.columns[k] = self._column(k)
        column = self.columns[k]
        if column is None or self.lead is None:
            return None
        return self.first + self.lead + k, column + offset - self.starts[k]

    def _column(self, k: int) -> int | None:
        starts, content = self.starts, self.content
        piece = content[starts[k] : starts[k + 1] - 1 if k + 1 < len(starts) else len(content)]
        tail = piece.lstrip(" \t")  # indentation a tab was partly expanded into is no text
        if not tail:
            return None
        if self.lead is None:  # lines of Unicode blanks alone, cut before the first: never the tail's
            for lead in range(max(self.after - self.first - len(starts), 0) + 1):
                i = self.first + lead + k
                if i < len(self.lines) and self.lines[i].rfind(tail) >= 0:
                    self.lead = lead
                    break
            else:
                return None
        i = self.first + self.lead + k
        found = self.lines[i].rfind(tail) if i < len(self.lines) else -1
        return None if found < 0 else found - (len(piece) - len(tail))


def inline_blocks(text: str, mark: str = "](") -> Iterator[tuple[int, int, str]]:
    """`(first line, line after, inline content)` of each paragraph and heading of `text` holding
    `mark` (`](`, an inline link's), as CommonMark (markdown-it-py) reads its blocks: the content
    as the inline rules read it, container markers cut (`Placement` places it back).

    Why not each run of lines without a blank one: a fence, a quote, a list item, a heading or
    an HTML block may start right below a paragraph and end it; read on together, a backtick
    above paired with one in the code below (`` `[a](../x.md) `` then `~~~`, `` ` ``) and hid a link
    the reader follows. And a quote's `>` on the line of a link's destination (`> [a](` then
    `> ../x.md)`) stood between the `(` and it, where the content holds none.
    """
    from markdown_it import MarkdownIt  # only writes that rewrite links need an exact parse

    parser = MarkdownIt("commonmark").disable("inline")
    for token in parser.parse(text.replace("\0", "\ufffd")):
        if token.type == "inline" and token.map is not None and mark in token.content:
            yield token.map[0], token.map[1], token.content


@dataclass(frozen=True, slots=True)
class PlacedUse:
    """A reference link where it stands in the text's lines: the label it uses (as matched), its
    text as the paragraph holds it (a wrapped one's lines joined at `\\n`, their indentation
    cut), `(line, column)` of its `[`, of the `]` closing its text and just past its end, and
    whether it names a label of its own (`[text][label]`)."""

    label: str
    text: str
    start: tuple[int, int]
    text_end: tuple[int, int]
    end: tuple[int, int]
    labelled: bool


def placed_reference_uses(text: str, defined: Collection[str]) -> Iterator[PlacedUse]:
    """The reference links of `text` (split at `\\n`) a reader sees, where they stand: each
    paragraph and heading read whole, as the parse bounds it, with the labels `defined` (as
    `Definition.label`), as `references` reads its uses, the offsets placed back in the lines.

    Why not line by line: a label may wrap inside a paragraph (`[Order` then `model][m]`), a code
    span may open on one line and close on the next, hiding brackets or leaving them free, and
    `[a][x][m]` with no `x` defined links `x` by `m`; read a line at a time, each was an entry a
    new title left stale, or text it changed as if it were one. Linear: one block parse, each
    paragraph scanned once."""
    lines = text.split("\n")
    for first, after, content in inline_blocks(text, "]"):
        placement = Placement(content, first, after, lines)
        for use in _reference_spans(content, defined=defined):
            start = placement.place(use.start)
            text_end = placement.place(use.text_end)
            end = placement.place(use.end, past=True)
            if start is None or text_end is None or end is None:
                continue
            shown = content[use.start + 1 : use.text_end]
            yield PlacedUse(use.label, shown, start, text_end, end, use.labelled)


def _placed(
    content: str, first: int, after: int, lines: list[str], offsets: list[int]
) -> Iterator[tuple[int, int]]:
    """`(line, column)` in `lines` of each of `offsets` (just past a character) into `content`, the
    inline content of the block read from line `first` to `after` (`Placement`)."""
    placement = Placement(content, first, after, lines)
    for offset in offsets:
        if (place := placement.place(offset, past=True)) is not None:
            yield place
