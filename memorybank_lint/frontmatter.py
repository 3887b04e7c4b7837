"""The only frontmatter splitter and YAML loader, plus the line-by-line recovery for broken YAML.

Why one module: the linter, routing and every governed write must agree on where the header ends
and what it says. A second splitter would sooner or later disagree with this one on some real file.

Loading is safe (no arbitrary tags), follows YAML 1.2 core typing so that `yes`, `on` or `1:20`
stay strings, and YAML 1.2's line breaks, so that NEL, LS and PS are text inside a line. What a
header may ask of the loader (aliases, nesting, tags, number sizes) is bounded in `yaml_values`;
whatever goes wrong is one plain reason, never an exception.
"""

from __future__ import annotations

import re
import sys
from bisect import bisect_right
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import yaml

from .yaml_values import Builder, key_text

_BaseLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # the C loader when PyYAML has it


def _core_schema(loader: type) -> None:
    """Swap YAML 1.1's bool/int/float resolvers for YAML 1.2 core ones on `loader`."""
    dropped = {"tag:yaml.org,2002:bool", "tag:yaml.org,2002:int", "tag:yaml.org,2002:float"}
    loader.yaml_implicit_resolvers = {
        first: [(tag, rx) for tag, rx in resolvers if tag not in dropped]
        for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
    }
    _add_core_resolvers(loader)


def _add_core_resolvers(cls: type) -> None:
    """YAML 1.2 core's bool/int/float resolvers, added to whatever `cls` already resolves."""
    cls.add_implicit_resolver(
        "tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF")
    )
    cls.add_implicit_resolver(
        "tag:yaml.org,2002:int",
        re.compile(r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$"),
        list("-+0123456789"),
    )
    cls.add_implicit_resolver(
        "tag:yaml.org,2002:float",
        re.compile(
            r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
            r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$"
        ),
        list("-+.0123456789"),
    )


class _Loader(_BaseLoader):  # type: ignore[misc, valid-type]
    """The C composer with YAML 1.2 core resolvers; nodes are turned into values by `Builder`."""


_core_schema(_Loader)


_BREAKS_11 = ("\x85", "\u2028", "\u2029")  # line breaks to YAML 1.1 only
# Characters no YAML syntax gives a meaning to, one of which stands in for each of them.
_STAND_INS = (range(0xE000, 0xF900), range(0xF0000, 0xFFFFE), range(0x100000, 0x10FFFE))


_ESCAPED_CODE = re.compile(r"\\[uU]((?<=u)[0-9a-fA-F]{4}|(?<=U)[0-9a-fA-F]{8})")  # a double-quoted escape


@dataclass(frozen=True)
class _Yaml12:
    """A block as the loader reads it: NEL, LS and PS inside a line, as YAML 1.2 has them.

    Why: PyYAML reads YAML 1.1, where NEL (U+0085), LS (U+2028) and PS (U+2029) end a line, so a
    value pasted with one (`purpose: Pasted text<LS>more`) was refused or cut. YAML 1.2, js-yaml
    (the reference's reader), CommonMark and every scan of the bank keep them inside the line as
    text. Each one present is handed to the loader as a character of the private use area the
    block does not hold, which YAML reads as any other text, and turned back in what is read:
    one character for one, so every position the loader gives is the block's own.
    """

    text: str
    swaps: dict[int, str]  # stand-in's code point -> the mark it stands in for

    @classmethod
    def of(cls, block: str) -> _Yaml12:
        present = [mark for mark in _BREAKS_11 if mark in block]
        if not present:
            return cls(block, {})
        escaped = {int(code, 16) for code in _ESCAPED_CODE.findall(block)}  # `"\ue000"` holds one too
        held = set(block) | {chr(code) for code in escaped if code <= 0x10FFFF}
        free = (chr(code) for codes in _STAND_INS for code in codes if chr(code) not in held)
        lent = dict(zip(present, free, strict=False))  # a block holding every stand-in keeps YAML 1.1
        return cls(
            block.translate({ord(mark): stand for mark, stand in lent.items()}),
            {ord(stand): mark for mark, stand in lent.items()},
        )

    def restored(self, text: str) -> str:
        """`text` read from the block, with each mark back in place of its stand-in."""
        return text.translate(self.swaps) if self.swaps else text


def _load_yaml(block: _Yaml12) -> tuple[Any, dict[str, int]]:
    """The header's value, and the file line of each top-level key written as plain text."""
    loader = _Loader(block.text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None, {}
        value = Builder(loader, block.restored).build(node)
        return value, _key_lines(block.text, node)
    finally:
        loader.dispose()


def _key_lines(block: str, node: yaml.Node) -> dict[str, int]:
    """Where each key of the top mapping is written (file lines), read from the parse.

    Why not a scan for `key:` at a line's start: a quoted value's second line may begin so
    (`purpose: "one` / `status: two"`), and a finding on `status` pointed into the purpose.
    """
    if not isinstance(node, yaml.MappingNode):
        return {}
    place = _placer(block)
    return {
        key.value: place(key.start_mark)[0] + 1
        for key, _ in node.value
        if isinstance(key, yaml.ScalarNode) and isinstance(key.value, str)
    }


@dataclass
class Split:
    """A document's text cut into header and body.

    `block` is the text between the fences (None when there is no frontmatter), starting with the
    rest of the opening line so YAML line numbers are file line numbers. `body_line` is the file
    line (1-based) of the first body line; `closed` says whether a closing fence was found.
    """

    block: str | None
    body: str
    body_line: int
    closed: bool


BOM = "\ufeff"


def line_feeds(text: str) -> str:
    """`text` with every line ending (CRLF, or a carriage return alone) written as LF.

    Why a lone carriage return too: CommonMark ends a line at LF, CR or CRLF, so a file saved with
    old Mac line endings renders as lines; read as one line, its header would never close and
    every heading, link and finding position in it would be lost.
    """
    return text.replace("\r\n", "\n").replace("\r", "\n") if "\r" in text else text


def normalized(text: str) -> str:
    """A document's decoded text as `split` and every scan of the bank read it: BOM dropped, LF."""
    return line_feeds(text.removeprefix(BOM))


def split(text: str) -> Split:
    """Cut `text` (`normalized`: BOM stripped, LF line endings) into frontmatter block and body."""
    if not text.startswith("---") or text[3:4] == "-":
        return Split(None, text, 1, False)
    close = text.find("\n---", 3)
    if close < 0:
        return Split(text[3:], "", text.count("\n") + 2, False)
    closing_line = text.count("\n", 0, close) + 2
    end = text.find("\n", close + 1)  # the body starts on the line after the closing fence,
    body = "" if end < 0 else text[end + 1 :]  # whatever trails `---` on that line
    return Split(text[3:close], body, closing_line + 1, True)


@dataclass
class Header:
    """The parsed frontmatter: the mapping, its top-level keys, and why strict parsing failed.

    `error` is the plain reason, ending in ` at line L, column C` (file lines). `advice` says what
    became of the values and, when the cause is known, what to change: from `parse`, the whole
    sentence a finding carries; from `load`, only the quoting hint when an unquoted `: ` is the
    cause.
    """

    data: dict[str, Any] = field(default_factory=dict)
    fields: list[str] = field(default_factory=list)
    error: str | None = None
    advice: str | None = None
    # file line of each top-level key whose value `data` holds (the last one written, when the
    # line reader read a key twice); empty when nothing was read
    key_lines: dict[str, int] = field(default_factory=dict)


RECOVERED = "values were recovered line by line"
QUOTE_HINT = "Quote any value that contains ': '"
UNCLOSED = "the frontmatter opened on line 1 has no closing '---' line at line 1, column 1"
_CLOSE_IT = "add a '---' line where the header ends"


def _is_blank(block: str) -> bool:
    return all(not line.strip() or line.lstrip().startswith("#") for line in block.split("\n"))


def load(block: str) -> Header:
    """Parse a frontmatter block strictly; on failure return the reason with a file position."""
    if _is_blank(block):
        return Header()
    read = _Yaml12.of(block)
    try:
        data, key_lines = _load_yaml(read)
    except yaml.YAMLError as exc:
        return Header(
            error=read.restored(describe_error(exc, block)),
            advice=QUOTE_HINT if _unquoted_colon(block, exc) else None,
        )
    except (ValueError, TypeError, OverflowError, RecursionError, MemoryError) as exc:
        # Not expected once `Builder` has checked the tree; one document must still not stop a run.
        return Header(error=f"the header cannot be read ({type(exc).__name__}) at line 1, column 1")
    if not isinstance(data, dict):
        return Header()
    data = {key_text(key): value for key, value in data.items()}  # as text, no two alike (`Builder`)
    return Header(data, list(data), key_lines=key_lines)


def describe_error(exc: yaml.YAMLError, block: str) -> str:
    """`<problem> at line L, column C`, with L a file line (the block starts on line 1)."""
    problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    if mark is None:
        return str(problem)
    line, column = _place(block, mark)
    return f"{problem} at line {line + 1}, column {column + 1}"


def _place(block: str, mark: Any) -> tuple[int, int]:
    """Where `mark` is in `block`, as a 0-based line and column of the lines every scan reads.

    Why not the mark's own line and column: PyYAML also ends a line at NEL, LS and PS (YAML 1.1
    line breaks), which the bank, like CommonMark, keeps inside a line (`_Yaml12` hides them from
    it, unless the block holds every stand-in), and at a carriage return; each one before the
    error placed it a line lower, where neither the finding nor the quoting advice found the
    value. The mark's character offset means the same to both, so its lines are counted by
    `line_feeds`.
    """
    before = line_feeds(block[: mark.index])
    return before.count("\n"), len(before) - before.rfind("\n") - 1


def _placer(block: str) -> Callable[[Any], tuple[int, int]]:
    """`_place` for many marks of one block: the line starts are found once, so placing every
    token of a header is linear, not the header's length for each token."""
    if "\r" in block:  # a carriage return changes the offsets `line_feeds` counts: the slow way
        return lambda mark: _place(block, mark)
    starts = [0] + [found.end() for found in re.finditer("\n", block)]

    def place(mark: Any) -> tuple[int, int]:
        line = bisect_right(starts, mark.index) - 1
        return line, mark.index - starts[line]

    return place


def _unquoted_colon(block: str, exc: yaml.YAMLError) -> bool:
    """Whether YAML stopped at a `:` that follows an earlier `: ` on its line, inside a value."""
    mark = getattr(exc, "problem_mark", None)
    if mark is None:
        return False
    number, column = _place(block, mark)
    lines = line_feeds(block).split("\n")
    line = lines[number] if number < len(lines) else ""
    return line[column : column + 1] == ":" and ": " in line[:column]


def value_lines(block: str) -> frozenset[int]:
    """The lines of `block` (0-based) that lie wholly inside a scalar value spanning lines: a block
    scalar's text (`|`, `>`) and a quoted value's middle lines. A `#` there is the value's text,
    never a comment, which a line read alone cannot tell.

    Read from the YAML scanner's tokens; where the header stops being YAML, what was scanned
    before stands and the rest is read line by line as before.
    """
    inside: set[int] = set()
    place = _placer(block)
    loader = _Loader(_Yaml12.of(block).text)
    try:
        while (token := loader.get_token()) is not None:
            if isinstance(token, yaml.ScalarToken):
                first, _ = place(token.start_mark)
                last, column = place(token.end_mark)
                inside.update(range(first + 1, last))
                if column and token.style in ("|", ">") and last > first:
                    inside.add(last)
    except yaml.YAMLError:
        pass
    finally:
        loader.dispose()
    return frozenset(inside)


def comment_start(line: str) -> int | None:
    """Where a YAML comment starts on a header line: the first `#` after a blank (or at column 0)
    that is not inside a quoted scalar; None when the line has no comment.

    One pass over the line, so positions, suppressions and fixes all agree on what is a comment.
    """
    if "#" not in line:
        return None
    return next((i for i, char, before in Unquoted(line) if char == "#" and before in " \t"), None)


class Unquoted:
    """The characters of `text` outside a quoted scalar, as `(index, character, the character
    before it)`, given the `quote` open before it; after the walk, `quote` is the one still open.
    A quote opens a scalar only after one of `starts` (`it's` is a word). Lazy, so a reader that
    stops at the first `#` reads no further. The one scanner the header's comments and the
    quoting fix's flow collections are read with."""

    def __init__(self, text: str, quote: str = "", starts: str = " \t[{,:-") -> None:
        self.text, self.quote, self.starts = text, quote, starts

    def __iter__(self) -> Iterator[tuple[int, str, str]]:
        text, quote = self.text, self.quote
        previous = " "
        i = 0
        while i < len(text):
            char = text[i]
            if quote == "'":
                if char == "'":
                    if text[i + 1 : i + 2] == "'":
                        i += 1
                    else:
                        quote = ""
            elif quote == '"':
                if char == "\\":
                    i += 1
                elif char == '"':
                    quote = ""
            elif char in "'\"" and previous in self.starts:
                quote = char
            else:
                self.quote = quote
                yield i, char, previous
            previous = char
            i += 1
        self.quote = quote


_KEY = re.compile(r"^([A-Za-z_][A-Za-z0-9_-]*)[ \t]*:(.*)$")  # `key :` is a key to YAML too
_COMMENT = re.compile(r"[ \t]#")
_ITEM = re.compile(r"^\s*-\s+(.*)$")
_PATH_ITEM = re.compile(r"^path:\s*(.*)$")
_FIT = re.compile(r"^\s+fit:\s*(.*)$")
_FLOW_LIST = re.compile(r"\[[^\[\]{}]*\]")  # one flat flow list, nothing nested


_ESCAPES: dict[str, str] = yaml.scanner.Scanner.ESCAPE_REPLACEMENTS  # the loader's own: `\t`, `\/`, `\"`, …
# one escape, each of its forms fixed in length: `\x41`, `\u002F`, `\U0001F600`, or `\` and one character
_ESCAPE = re.compile(r"\\(?:x([0-9A-Fa-f]{2})|u([0-9A-Fa-f]{4})|U([0-9A-Fa-f]{8})|(.?))", re.DOTALL)


def _double_quoted(inner: str) -> str | None:
    """The text YAML reads between a line's double quotes, or None when it would not read it so
    (a quote left unescaped closes the value sooner; an escape it does not know)."""
    if "\\" not in inner:
        return None if '"' in inner else inner
    unread = False

    def read(match: re.Match[str]) -> str:
        nonlocal unread
        digits = match.group(1) or match.group(2) or match.group(3)
        if digits is not None:
            number = int(digits, 16)
            # past Unicode, or half of a character (a lone surrogate): no text can carry it
            wrong = number > sys.maxunicode or 0xD800 <= number <= 0xDFFF
            unread = unread or wrong
            return "" if wrong else chr(number)
        code = match.group(4)
        unread = unread or code not in _ESCAPES
        return _ESCAPES.get(code, "")

    plain = _ESCAPE.sub("", inner)
    text = _ESCAPE.sub(read, inner)
    return None if unread or '"' in plain else text


def _single_quoted(inner: str) -> str | None:
    """The text YAML reads between a line's single quotes (`''` is one quote), or None when a lone
    quote inside would have closed the value sooner."""
    return None if "'" in inner.replace("''", "") else inner.replace("''", "'")


def unquote(value: str) -> str:
    """Trim, read a quoted value as YAML reads it, trim again: escapes in double quotes
    (`"a\\u002Fb.md"` is `a/b.md`) and `''` in single quotes are what the loader made of them, so
    a value found on its line is the value the header holds. A value its quotes do not enclose
    whole (an unclosed quote, a broken header's line) only loses one leading and one trailing quote.
    """
    value = value.strip()
    quote = value[:1]
    if len(value) >= 2 and quote in ("'", '"') and value[-1] == quote:
        read = _single_quoted(value[1:-1]) if quote == "'" else _double_quoted(value[1:-1])
        if read is not None:
            return read.strip()
    if value[:1] in ("'", '"'):
        value = value[1:]
    if value[-1:] in ("'", '"'):
        value = value[:-1]
    return value.strip()


def _uncommented(raw: str) -> str:
    """A value as YAML reads it past a comment: after a plain value, ` #` starts one
    (`status: active  # since May` is `active`); a quoted value keeps the `#` inside its quotes,
    and loses a comment after them (`'draft'  # since May` is `'draft'`)."""
    text = raw.strip()
    if text[:1] in ("'", '"'):
        end = _closing(text[1:], text[0])
        if end is not None and text[end + 2 :].lstrip().startswith("#") and text[end + 2 : end + 3].isspace():
            text = text[: end + 2]
    elif comment := _COMMENT.search(text):
        text = text[: comment.start()].rstrip()
    return text


def _closing(text: str, quote: str) -> int | None:
    """Where in `text` the quoted scalar opened before it ends (`''` is a quote in single quotes,
    `\\"` in double quotes), or None when it does not end there."""
    position = 0
    while (found := text.find(quote, position)) >= 0:
        if quote == "'" and text[found + 1 : found + 2] == "'":
            position = found + 2
            continue
        if quote == '"':
            escapes = found
            while escapes > position and text[escapes - 1] == "\\":
                escapes -= 1
            if (found - escapes) % 2:  # an odd run of backslashes escapes it
                position = found + 1
                continue
        return found
    return None


def closes(text: str, quote: str) -> bool:
    """Whether a quoted scalar opened before `text` ends in it."""
    return _closing(text, quote) is not None


def recover(block: str) -> dict[str, Any]:
    """Read flat `key: value` pairs and simple lists out of a header strict YAML rejected.

    Everything stays a string; `{path, fit}` items become small dicts and a flat `[a, b]` a list,
    as strict YAML gives them, also when it is written over several lines (`[` on the key's line,
    an item a line, then `]`); one that nests a collection or never closes stays as its key's line
    wrote it.
    """
    return _recovered(block)[0]


def unrecovered(block: str) -> int | None:
    """The index in `block.split("\\n")` of the first line whose value `recover` does not read
    whole, or None: a block scalar's `|` or `>` (its text is on the lines below), a quoted value
    that does not close on its line, a `[` list over lines that nests or never closes, and a line
    that is no `key: value`, list item, `fit:`, comment or blank (a mapping's keys, a value's
    second line).

    Why: a write that rebuilds a header from what `recover` read (a promoted note) would drop
    those values without a word."""
    return _recovered(block)[1]


_BLOCK_SCALAR = re.compile(r"[|>][-+1-9]*")


def _recovered(block: str) -> tuple[dict[str, Any], int | None, dict[str, int]]:
    data: dict[str, Any] = {}
    lines: dict[str, int] = {}  # file line of the key line each value was read from
    at = 0
    missed: int | None = None
    key: str | None = None
    items: list[Any] = []
    pending: dict[str, str] | None = None
    quote: str | None = None  # a quoted value opened and not yet closed: its lines are its text
    flow: str | None = None  # a flat `[` list its key's line left open: its text so far
    flow_line = 0  # where that list opened
    for number, line in enumerate(block.split("\n")):
        if quote is not None:
            quote = None if closes(line, quote) else quote
            continue
        if flow is not None and key is not None and not _KEY.match(line):  # a key ends it unclosed
            cut = comment_start(line)  # after a quoted item and its comma too: `'a.md',  # why`
            text = (line if cut is None else line[:cut]).strip()
            flow = None if any(c in text for c in "[{}") else f"{flow} {text}"
            if flow is not None and "]" in text:
                if _FLOW_LIST.fullmatch(flow):
                    data[key] = [unquote(part) for part in flow[1:-1].split(",") if part.strip()]
                    lines[key], flow_line = at + 1, -1
                flow = None
            if flow is None and flow_line >= 0 and missed is None:
                missed = flow_line
            continue
        if flow is not None and missed is None:  # a key came before the list closed
            missed = flow_line
        flow = None
        if match := _KEY.match(line):
            if key is not None and items:
                data[key], lines[key] = items, at + 1
            key, items, pending, at = match.group(1), [], None, number
            raw = _uncommented(match.group(2))
            opened = match.group(2).strip()
            if opened[:1] in ("'", '"') and not closes(opened[1:], opened[0]):
                quote = opened[0]
            if (quote is not None or _BLOCK_SCALAR.fullmatch(raw)) and missed is None:
                missed = number
            if _FLOW_LIST.fullmatch(raw):  # `[a, b]`: the items, as strict YAML would give them
                data[key], lines[key] = (
                    [unquote(part) for part in raw[1:-1].split(",") if part.strip()],
                    at + 1,
                )
            elif value := unquote(raw):
                data[key], lines[key] = value, at + 1
                if raw.startswith("[") and not any(c in raw[1:] for c in "[]{}"):
                    flow, flow_line = raw, number
        elif (match := _ITEM.match(line)) and key is not None:
            text = match.group(1)
            if path := _PATH_ITEM.match(text):
                pending = {"path": unquote(_uncommented(path.group(1)))}
                items.append(pending)
            else:
                items.append(unquote(_uncommented(text)))
                pending = None
        elif pending is not None and (match := _FIT.match(line)):
            pending["fit"] = unquote(_uncommented(match.group(1)))
        elif line.strip() and not line.lstrip().startswith("#") and missed is None:
            missed = number
    if flow is not None and missed is None:  # the header ended before the list closed
        missed = flow_line
    if key is not None and items:
        data[key], lines[key] = items, at + 1
    return data, missed, lines


def _hidden_fence(text: str) -> str | None:
    """Why a first line that reads as `---` opens no header, when it is so: an invisible format
    character (a second byte order mark, a zero-width space) stands before the fence.

    Why say so: the file looks like every other document, and its header was passed over
    without a word, its status, purpose and `derived_from` never checked."""
    from .bank import without_hidden  # the bank's one list of what prints as nothing; it reads us

    first = text.split("\n", 1)[0]
    lead = 0
    while lead < len(first) and not without_hidden(first[lead]):
        lead += 1
    if not lead or not first[lead:].startswith("---") or first[lead + 3 : lead + 4] == "-":
        return None
    return (
        f"line 1 holds U+{ord(first[0]):04X}, a character that prints as nothing, before its '---', "
        "so no reader takes it for the header at line 1, column 1"
    )


def parse(text: str) -> tuple[Split, Header]:
    """Split and load in one call: strict first, the line reader when strict YAML fails.

    A header that is never closed is always reported: its values are kept when the rest of the
    file happens to be valid YAML, otherwise the whole text is the body and nothing is read.
    """
    parts = split(text)
    if parts.block is None:
        return parts, Header(error=_hidden_fence(text), advice="remove it, and the header is read")
    header = load(parts.block)
    if not parts.closed:
        if header.error is None:
            return parts, Header(
                header.data, header.fields, UNCLOSED, f"its values were read; {_CLOSE_IT}", header.key_lines
            )
        return Split(parts.block, text, 1, False), Header(
            error=UNCLOSED, advice=f"nothing was read from it; {_CLOSE_IT}"
        )
    if header.error is not None:
        recovered, _, key_lines = _recovered(parts.block)
        advice = f"{RECOVERED}. {header.advice}" if header.advice else RECOVERED
        header = Header(recovered, list(recovered), header.error, advice, key_lines)
    return parts, header


class _BlockDumper(yaml.SafeDumper):
    """Block style with indented sequences (`  - item`), the shape people write by hand.

    It resolves plain scalars the YAML 1.1 way and the 1.2 core way both, so it quotes a string
    either reader would take for something else: `0E0` is a float only to 1.2 (this project's
    reader among them), `yes` a bool only to 1.1.
    """

    def increase_indent(self, flow: bool = False, indentless: bool = False) -> Any:
        return super().increase_indent(flow, False)

    def represent_str(self, data: str) -> yaml.ScalarNode:
        """A string holding NEL, LS or PS double-quoted, where each is an escape: PyYAML folds
        them as line breaks into single quotes, which a YAML 1.2 reader takes for spaces."""
        if any(mark in data for mark in _BREAKS_11):
            return self.represent_scalar("tag:yaml.org,2002:str", data, style='"')
        return super().represent_str(data)


_BlockDumper.add_representer(str, _BlockDumper.represent_str)
_add_core_resolvers(_BlockDumper)


def dump(data: dict[str, Any]) -> str:
    """Serialise a frontmatter mapping so that it reads back as exactly `data`.

    PyYAML quotes every string a YAML 1.1 reader would misread, which covers the 1.2 reader here
    too; the read-back check turns any remaining surprise into an error instead of a silent change.
    """
    text = yaml.dump(
        data,
        Dumper=_BlockDumper,
        sort_keys=False,
        allow_unicode=True,
        width=10**9,
        default_flow_style=False,
    )
    header = load(text)
    if header.error is not None:  # the reader's own reason (a number too long, nesting too deep)
        raise ValueError(f"it would not read back: {header.error[:300]}")
    if header.data != data:  # named by its first key, never by the whole mapping (it may be huge)
        key = next((k for k in data if header.data.get(k) != data[k]), next(iter(data), ""))
        raise ValueError(f"the value of {str(key)[:100]!r} would not read back as written")
    return text


def render(data: dict[str, Any], body: str) -> str:
    """A whole document: `---`, the mapping, `---`, then the body, ending in one newline."""
    return f"---\n{dump(data)}---\n{body.rstrip()}\n"
