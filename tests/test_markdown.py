"""The line scanners: code spans, inline links and ATX headings, as CommonMark reads them."""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable, Iterator
from itertools import compress
from typing import Any

import pytest
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from memorybank_lint import markdown
from memorybank_lint.paths import link_target, spelled_like


@pytest.mark.parametrize(
    ("line", "spans"),
    [
        ("`a` b `c`", [(0, 3), (6, 9)]),
        ("``a`b``", [(0, 7)]),
        ("``a`", []),  # no run of two closes the opener, and the lone backtick has no partner
        ("`a``b`", [(0, 6)]),  # a run of two does not close a run of one
        ("```", []),
        ("` `` `", [(0, 6)]),
        ("`" * 1000, []),
    ],
)
def test_code_spans_pair_runs_of_equal_length(line: str, spans: list[tuple[int, int]]) -> None:
    assert markdown.code_spans(line) == spans


@given(st.text(alphabet="`\\a <", max_size=24))
@example("\\`<img src=x>`")  # an escaped backtick opened a span, and '<img>' was thought code
@example("\\``x`")
def test_code_spans_are_the_ones_a_commonmark_reader_finds(line: str) -> None:
    """What a code span holds is what CommonMark (markdown-it) reads as code, backslash-escaped
    backticks included: `<` is left alone inside one and escaped outside, so a span the scanner
    imagined let raw HTML through."""
    from markdown_it import MarkdownIt

    tokens = MarkdownIt("commonmark").parseInline(line)[0].children or []
    theirs = [token.content for token in tokens if token.type == "code_inline"]
    ours = []
    for start, end in markdown.code_spans(line):
        text = line[start:end]
        ticks = len(text) - len(text.lstrip("`"))
        inner = text[ticks : len(text) - ticks]
        # the reader drops one space each side when both are there and the span is not all spaces
        if inner.startswith(" ") and inner.endswith(" ") and inner.strip(" "):
            inner = inner[1:-1]
        ours.append(inner)
    assert ours == theirs


@pytest.mark.parametrize(
    ("line", "found"),
    [
        ("- [Rules](domain/rules.md)", [("Rules", "domain/rules.md", 3)]),
        ("[a](<x.md>) and [b](y.md 'title')", [("a", "x.md", 1), ("b", "y.md", 17)]),
        ('[a](x.md "a (title)")', [("a", "x.md", 1)]),
        ("`[a](x.md)` [b](y.md)", [("b", "y.md", 13)]),
        ("``[a](x.md)`", [("a", "x.md", 3)]),  # no code span: the runs do not pair
        ("[`code`](y.md)", [("`code`", "y.md", 1)]),
        ("[[a]](b.md)", [("[a]", "b.md", 1)]),  # a label may hold brackets that balance
        ("[a [b](c.md)", [("b", "c.md", 4)]),  # the `[` nothing closes is text
        ("[a](b c)d](x.md)", []),
        ("[a](x.md)(y.md)", [("a", "x.md", 1)]),
        ("[](x.md)", [("", "x.md", 1)]),
        ("`[a](x.md)` [b](y.md) `[c](z.md)` [d](w.md)", [("b", "y.md", 13), ("d", "w.md", 35)]),
        ("жa` [b](" * 3 + " [e](v.md)", [("e", "v.md", 26)]),  # one span holds a `](`
    ],
)
def test_links_outside_code_spans(line: str, found: list[tuple[str, str, int]]) -> None:
    assert list(markdown.links(line)) == found


@pytest.mark.parametrize(
    ("line", "found"),
    [
        # a label may hold brackets that balance: cut at the inner `]`, the index entry was lost
        ("- [[DRAFT] Notes](notes.md)", [("[DRAFT] Notes", "notes.md", 3)]),
        ("[see [the spec]](spec.md)", [("see [the spec]", "spec.md", 1)]),
        ("[a [b] [c [d]]](x.md)", [("a [b] [c [d]]", "x.md", 1)]),
        ("[[a](x.md)", [("a", "x.md", 2)]),  # the `[` nothing closes is text
        # a destination may hold parentheses that balance, nested up to 32 deep as in cmark
        ("[Guide](guide_(v2).md)", [("Guide", "guide_(v2).md", 1)]),
        ("[a](x_(1)_((2)).md) b)", [("a", "x_(1)_((2)).md", 1)]),
        ("[Guide](guide_(v2.md)", []),
        ("[a](" + "(" * 32 + "x" + ")" * 32 + ")", [("a", "(" * 32 + "x" + ")" * 32, 1)]),
        ("[a](" + "(" * 33 + "x" + ")" * 33 + ")", []),
        # a backslash escapes a bracket or a parenthesis, in the label and in the destination
        ("[a \\] b](x.md)", [("a \\] b", "x.md", 1)]),
        ("[a \\[ b](x.md)", [("a \\[ b", "x.md", 1)]),
        ("\\[a](x.md)", []),
        ("\\\\[a](x.md)", [("a", "x.md", 3)]),  # an escaped backslash escapes nothing more
        ("[a\\](x.md)", []),
        ("[x](a\\)b.md)", [("x", "a\\)b.md", 1)]),
        ("[x](a\\(b.md)", [("x", "a\\(b.md", 1)]),
        ("[x](a\\ b.md)", []),  # `\ ` is no escaped space: the destination ends before it
        # links do not nest; an image may stand in a label, and a link in an image's
        ("[a [b](c.md)](d.md)", [("b", "c.md", 4)]),
        ("[![build](b.svg)](ci.md)", [("![build](b.svg)", "ci.md", 1), ("build", "b.svg", 3)]),
        ("![a [b](c.md)](i.png)", [("a [b](c.md)", "i.png", 2), ("b", "c.md", 5)]),
        ("[a]()", []),  # a link to nothing, no file to check, is still a link:
        ("[[a]()](x.md)", []),  # the one around it is none
        # titles: an escaped quote does not close one, and one may stand in parentheses
        ('[a](x.md "t \\" q")', [("a", "x.md", 1)]),
        ("[a](x.md (t))", [("a", "x.md", 1)]),
        ("[a](x.md (t(u)))", []),
        # code: a span in a label hides its brackets; a backtick in a destination is its text
        ("[a `]` b](x.md)", [("a `]` b", "x.md", 1)]),
        ("[a](x`y.md) `z`", [("a", "x`y.md", 1)]),
        ("[a `b](x.md) c`", []),
    ],
)
def test_links_as_commonmark_reads_them(line: str, found: list[tuple[str, str, int]]) -> None:
    """What the scanner cut or missed: a label holding brackets (a false MB009 for the page an index
    lists as `[[DRAFT] Notes](notes.md)`), a destination holding parentheses (a broken
    `guide_(v2).md` unreported), escapes, nesting and titles, each as markdown-it-py reads them."""
    assert list(markdown.links(line)) == found
    assert scanned_links(line) == commonmark_links(line)


def commonmark_links(line: str) -> list[tuple[str, str, int, int]]:
    """The inline links and images markdown-it-py reads in `line` as a one-line paragraph, as
    `(label, href, start, end)`: `start` at the `[` (an image's `!` before it), `end` past the `)`,
    `href` as the reader normalises it; a link whose href is empty is left out, as the scanner
    gives none (it names no file)."""
    from markdown_it import MarkdownIt
    from markdown_it.helpers import parseLinkLabel
    from markdown_it.rules_inline import image, link

    found: list[tuple[str, str, int, int]] = []
    bases: list[int] = []  # where the text an image's alt is parsed from (a state of its own) starts

    def reading(rule: Callable[[Any, bool], bool], is_image: bool) -> Callable[[Any, bool], bool]:
        def read(state: Any, silent: bool) -> bool:
            start, base, count = state.pos + is_image, bases[-1] if bases else 0, len(state.tokens)
            if silent or state.src[start : start + 1] != "[":
                return rule(state, silent)
            label_end = parseLinkLabel(state, start, not is_image)
            bases.append(base + start + 1 if is_image else base)  # a link's label: the same state
            try:
                done = rule(state, silent)
            finally:
                bases.pop()
            if done:
                opened = next(t for t in state.tokens[count:] if t.type in ("link_open", "image"))
                if href := opened.attrGet("src" if is_image else "href"):
                    found.append((state.src[start + 1 : label_end], href, base + start, base + state.pos))
            return done

        return read

    parser = MarkdownIt("commonmark")
    parser.inline.ruler.at("link", reading(link, False))
    parser.inline.ruler.at("image", reading(image, True))
    parser.parseInline(line)
    return _at_most_nested(sorted(found, key=lambda item: item[2]))


def _at_most_nested(spans: list[tuple[str, str, int, int]]) -> list[tuple[str, str, int, int]]:
    """The spans inside at most `markdown.NESTED` others (a badge: one), which is what the scanner
    gives: a label is a copy of its text, and copies of labels nested in labels grow as a square."""
    kept, enclosing = [], []
    for span in spans:
        while enclosing and enclosing[-1] <= span[2]:
            enclosing.pop()
        if len(enclosing) <= markdown.NESTED:
            kept.append(span)
        enclosing.append(span[3])
    return kept


def scanned_links(line: str) -> list[tuple[str, str, int, int]]:
    """`link_spans` of `line` with each target as markdown-it-py gives its href (unescaped and
    normalised), the ones normalised to nothing (a destination of a no-break space) left out."""
    from markdown_it import MarkdownIt
    from markdown_it.common.utils import unescapeAll

    normalised = MarkdownIt("commonmark").normalizeLink
    found = [
        (label, normalised(unescapeAll(target)), start, end)
        for label, target, start, end in markdown.link_spans(line)
    ]
    return [link for link in found if link[1]]


# The brief's alphabet, and what makes a link of it: `](`, `!` for images, backticks for code, a tab.
# Left out on purpose, as the scanner reads them otherwise: a line ending (it reads one line);
# `:`, `&`, `=` and `/` (a scheme markdown-it-py refuses, an entity, raw HTML holding a bracket);
# and `<!` is kept out for the same reason (`<!a]>` is an HTML declaration), but for an HTML
# comment's `<!--`, whose text is never a link's (`[A](a.md) <!-- [B](b.md) -->`). A line of 16 `[`s or
# more is left out too: markdown-it-py stops reading nested brackets at 20 levels (its maxNesting),
# which CommonMark does not ask for. Reference links are out of scope: `parseInline` is given no
# definitions, so the reader reads none either.
LINK_ALPHABET = [
    "[", "]", "(", ")", "\\", "<", ">", '"', "'", " ", "a", ".", "md", "](", "!", "`", "\t",
    "<!--", "-", "-->",
]  # fmt: skip


@given(
    st.lists(st.sampled_from(LINK_ALPHABET), max_size=30)
    .map("".join)
    .filter(lambda line: line.count("[") < 16 and "<!" not in line.replace("<!--", ""))
)
@example("[A](a.md) <!-- [B](b.md) --> [C](c.md)")
@example("[a <!-- ](x.md) -->](y.md) <!--->[b](b.md)")
@example("[[DRAFT] Notes](notes.md)")
@example("[Guide](guide_(v2).md)")
@example("[a \\] b](x.md) [x](a\\)b.md)")
@example("[](`))](`")  # a backtick in a destination pairs with none: it is the destination's
@example("[![b](b.md)](a.md)")
def test_links_are_the_ones_a_commonmark_reader_finds(line: str) -> None:
    """Every inline link and image on a line, its label, target and place, against markdown-it-py's
    reading of the line as a paragraph."""
    assert scanned_links(line) == commonmark_links(line)


@pytest.mark.parametrize(
    ("line", "found"),
    [
        ("- [Mine](<my doc.md>)", [("Mine", "my doc.md", 3)]),
        ('[A](<my doc.md> "t") [B](< b.md >)', [("A", "my doc.md", 1), ("B", " b.md ", 22)]),
        ("[A](<a (1).md>)[B](<x](y.md>)", [("A", "a (1).md", 1), ("B", "x](y.md", 16)]),
        ("[A](<a\\>b.md>)", [("A", "a\\>b.md", 1)]),  # an escaped `>` does not close it
        ("[A](<a.md)", []),  # an unclosed `<` is no destination
        ("[A](a.md>)", [("A", "a.md>", 1)]),  # without a `<` first, a `>` is part of the name
        ("[A](<a<b.md>)", []),
        ("[A](<>)", []),
        ("[A](<a\\>)", []),
    ],
)
def test_a_destination_in_angle_brackets_is_what_they_hold(
    line: str, found: list[tuple[str, str, int]]
) -> None:
    # CommonMark's one way to write a name with a space unescaped; no line ending, `<` or `>` inside.
    assert list(markdown.links(line)) == found


class _Counted:
    """A compiled pattern that adds up the characters each match or search reads."""

    def __init__(self, pattern: re.Pattern[str], read: list[int]) -> None:
        self.pattern, self.read = pattern, read

    def match(self, text: str, at: int = 0) -> re.Match[str] | None:
        found = self.pattern.match(text, at)
        # a failed `<…>` read went on to the next `<`, `>` or line end
        self.read[0] += 1 + ((found.end() if found else _AS_FAR.match(text, at).end()) - at)
        return found

    def search(self, text: str, at: int = 0) -> re.Match[str] | None:
        found = self.pattern.search(text, at)
        self.read[0] += 1 + ((found.end() if found else len(text)) - at)
        return found

    def finditer(self, text: str) -> Iterator[re.Match[str]]:
        self.read[0] += 1 + len(text)
        return self.pattern.finditer(text)


_AS_FAR = re.compile(r"<?(?:[^<>\\\r\n]|\\[^\r\n])*+")


def test_links_nested_two_deep_are_not_given_so_labels_never_copy_a_line_per_level() -> None:
    line = "[![![a](b.png)](c.png)](d.md)"
    assert [target for _label, target, _start, _end in markdown.link_spans(line)] == ["d.md", "c.png"]
    deep = "![" * 4_000 + "](x)" * 4_000  # 4,000 images, each holding the next
    labels = [label for label, _target, _start, _end in markdown.link_spans(deep)]
    assert len(labels) == 2 and sum(map(len, labels)) < 2 * len(deep)


HOSTILE_LINKS = {
    "open": lambda n: "[" * n + "](",
    "opened and closed": lambda n: "[" * n + "]" * n + "(",
    "parentheses": lambda n: "[a](" + "(" * n,
    "tries": lambda n: "[](" * n,
    "nested tries": lambda n: "[[](" * n,
    "images": lambda n: "![[](" * n,
    "code": lambda n: "[`](" * n,
    "titles": lambda n: "[](x (" * n,
    "quotes": lambda n: '[](x "\\"' * n,
    "pointed": lambda n: "[a" + "](<" * n,
    "balanced": lambda n: "[a](" + "(a)" * n,
    "deep then shallow": lambda n: "[](" + "(" * 32 + "[](" * n,
    "comment openers": lambda n: "<!--" * n + "](",
    "comments of dashes": lambda n: "[<!---- " * n + "](-->",
    "closed comments": lambda n: "[<!-- -->](" * n,
}


@pytest.mark.parametrize("shape", sorted(HOSTILE_LINKS))
def test_link_scan_reads_a_hostile_line_a_bounded_number_of_times(
    shape: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The scanner's work grows with the line, not with its square: every pattern it reads a line
    with counts the characters it reads, and a line ten times as long costs about as much per
    character (a scan rereading the line from each bracket would cost ten times as much), at most
    a destination's nesting bound's worth of reads (`link_spans`)."""
    read = [0]
    for name in (
        "_LINK_MARK",
        "_SPACE",
        "_DESTINATION_RUN",
        "_POINTED_DESTINATION",
        "_PAREN_MARK",
        "_DASHES",
    ):
        monkeypatch.setattr(markdown, name, _Counted(getattr(markdown, name), read))
    kinds = {kind: _Counted(pattern, read) for kind, pattern in markdown._Unescaped._KINDS.items()}
    monkeypatch.setattr(markdown._Unescaped, "_KINDS", kinds)
    costs = []
    for n in (1_000, 10_000):
        line = HOSTILE_LINKS[shape](n)
        read[0] = 0
        list(markdown.link_spans(line))
        costs.append(read[0] / len(line))
    assert costs[1] <= 1.5 * costs[0] + 1, costs
    # and a handful of reads per character, not one per level of a destination's nesting bound
    # (`_Groups`): a line of `[](` cost 35 before each parenthesis's close was known
    assert costs[1] <= 8, costs


@pytest.mark.parametrize(
    ("line", "level", "text"),
    [
        ("# Title", 1, "Title"),
        ("#\tTitle  ", 1, "Title"),
        ("## Section ##", 2, "Section ##"),
        ("#Title", 1, None),
        ("## ", 2, None),
        ("### Deeper", 2, None),
        ("# a  b ", 1, "a  b"),
    ],
)
def test_a_heading_is_hashes_then_space_then_text(line: str, level: int, text: str | None) -> None:
    assert markdown.heading(line, level) == text


_NAME = st.text(
    st.one_of(
        st.sampled_from("\\%<>()[] \n_*\ue000\u00e9"),  # the characters a destination treats apart
        st.characters(blacklist_categories=("Cs",), blacklist_characters="/#\0"),
    ),
    min_size=1,
    max_size=8,
).filter(lambda name: name not in (".", "..") and name.strip() == name)


@given(
    folders=st.lists(_NAME, min_size=1, max_size=3),
    like=st.sampled_from(["other.md", "my%20doc.md", "a%FFb.md", "%D0%B7.md"]),
    pointed=st.booleans(),
)
@example(folders=["\\\ud7fc"], like="other.md", pointed=False)  # `\` before a character escaped
@example(folders=["\\\\\ud7fc"], like="other.md", pointed=True)
def test_a_destination_spelled_like_a_link_reads_back_as_the_path(
    folders: list[str], like: str, pointed: bool
) -> None:
    """Whatever a folder is called (spaces, brackets, `%`, line breaks), the destination
    `spelled_like` writes, inside `[x](…)` or `[x](<…>)`, is read back as that very path."""
    path = "/".join([*folders, "other.md"])
    written = spelled_like(path, like, pointed)
    line = f"[x](<{written}>)" if pointed else f"[x]({written})"
    assert [raw for _label, raw, _column in markdown.links(line)] == [written]
    assert link_target("doc.md", written).resolved == posixpath.normpath(path)


@pytest.mark.parametrize(
    ("path", "written"),
    [
        ("guide_(v2).md", "guide_(v2).md"),
        ("a/(b)/(c(d)).md", "a/(b)/(c(d)).md"),
        ("a(b.md", "a%28b.md"),
        (")a(.md", "%29a%28.md"),
        ("(" * 33 + ")" * 33 + ".md", "%28" * 33 + "%29" * 33 + ".md"),  # deeper than a reader goes
    ],
)
def test_a_destination_keeps_balanced_parentheses_and_escapes_the_others(path: str, written: str) -> None:
    """A plain destination may hold parentheses that balance (CommonMark), so a rebased link keeps
    `guide_(v2).md` as it was written; one left open would end the link, so it is escaped."""
    assert spelled_like(path, "other.md") == written
    assert [raw for _label, raw, _column in markdown.links(f"[x]({written})")] == [written]
    assert link_target("doc.md", written).resolved == path


@pytest.mark.parametrize(
    ("line", "found"),
    [
        ("## Beta ##", (2, "Beta")),
        ("## C#", (2, "C#")),
        ("### F# and C# ###", (3, "F# and C#")),
        ("## ##", (2, "")),
    ],
)
def test_a_closing_run_of_hashes_is_one_after_a_space(line: str, found: tuple[int, str]) -> None:
    """`## C#` lost its `#` as if it closed the heading; CommonMark closes only after a space."""
    assert markdown.atx_heading(line) == found


def test_read_links_places_each_link_commonmark_reads_where_the_scanner_found_it() -> None:
    """`read_links` says which of the scanner's links a reader follows, by the line and column
    where each ends, inside quotes, list items, headings and tab-indented lines alike; escaped
    text, code and HTML blocks, and paragraphs away from the lines asked about hold none."""
    text = (
        "Escaped \\[e](x.md) and [real](x.md) ![img](a.png).\n"  # 0
        "\n"
        "    [indented](x.md)\n"  # 2
        "\n"
        "- item\n"  # 4
        "\n"
        "\t[tabbed](x.md)\n"  # 6
        "> quoted [q](x.md) and\n"  # 7
        "lazy [l](x.md)\n"  # 8
        "\n"
        "[d]: x.md\n"  # 10
        "<div>\n[html](x.md)\n</div>\n"  # 11-13
        "\n"
        "## See [it](x.md) ##\n"  # 15
        "\n"
        "Not asked: [n](x.md)\n"  # 17
    )
    lines = text.split("\n")
    read = markdown.read_links(text, range(16))
    spans = {
        (i, end): line[start:end]
        for i, line in enumerate(lines)
        for *_, start, end in markdown.link_spans(line)
    }
    assert sorted(spans[place] for place in read.ends) == sorted(
        ["[real](x.md)", "[img](a.png)", "[tabbed](x.md)", "[q](x.md)", "[l](x.md)", "[it](x.md)"]
    )
    assert read.definitions == {10}


def test_a_heading_inside_an_html_comment_block_is_no_section() -> None:
    """Templates carry guidance for authors in comment blocks: its `## Example` was a section, so
    the section above it stopped at `<!--` and lost the text after the comment."""
    lines = [
        "## Steps",
        "Step text.",
        "<!--",
        "## Example",
        "Put an example here.",
        "-->",
        "More.",
        "## Last",
    ]
    _title, sections = markdown.headings(lines, 1)
    assert [(s.title, s.line, s.end) for s in sections] == [("Steps", 1, 7), ("Last", 8, 8)]
    one_line = ["## Steps", "<!-- noqa: MB007 -->", "## Next"]  # a comment closed on its line hides nothing
    assert [s.title for s in markdown.headings(one_line, 1)[1]] == ["Steps", "Next"]


def test_a_fence_line_inside_an_html_comment_block_opens_no_code_block() -> None:
    """A stray ```` ```yaml ```` in a comment block hid everything after it from the scan: its
    links, sections and suppressions. A `<!--` in fenced code is code, and opens no comment."""
    lines = ["<!--", "```yaml", "-->", "", "- [P1](p1.md)", "## After", "```", "<!--", "```", "## Shown"]
    assert markdown.fenced(lines) == [False] * 6 + [True, True, True, False]
    assert markdown._blocks(lines)[1] == [True, True, True] + [False] * 7
    assert markdown._blocks(["<!-- one line -->", "## H"])[1] == [True, False]
    assert [s.title for s in markdown.headings(lines, 1)[1]] == ["After", "Shown"]


@given(
    st.lists(
        st.sampled_from(
            ["<!--", "-->", "<!-- x -->", "```", "~~~", "## H", "text", "    <!--", "<details>", "</div>", ""]
        ),
        max_size=12,
    )
)
def test_the_comment_and_fence_masks_agree_with_commonmark(lines: list[str]) -> None:
    """Both masks against markdown-it-py's blocks: a line is in a comment block exactly when the
    reference puts it in an HTML comment block, and in fenced code exactly when in a fence. An
    HTML block of another kind (`<details>` up to a blank line) shows a `<!--` or a fence line as
    raw HTML: the scan took them for openers and hid the rest of the page."""
    from markdown_it import MarkdownIt

    fences, comments = [False] * len(lines), [False] * len(lines)
    for token in MarkdownIt("commonmark").parse("\n".join(lines)):
        if token.map is None or token.level:
            continue
        first, after = token.map
        if token.type == "fence":
            fences[first:after] = [True] * (after - first)
        elif token.type == "html_block" and token.content.lstrip(" ").startswith("<!--"):
            comments[first:after] = [True] * (after - first)
    # a blank line holds nothing to hide: the reference leaves the page's last ones out of a block
    written = [bool(line) for line in lines]
    assert list(compress(markdown.fenced(lines), written)) == list(compress(fences, written))
    assert list(compress(markdown._blocks(lines)[1], written)) == list(compress(comments, written))


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("# Index\n\n- a\n  <!-- note\n- [Page](page.md)\n", ["page.md"]),  # the item ends it
        ("# Index\n\n- <!-- note\n- [Page](page.md)\n", ["page.md"]),
        ("# Index\n\n> <!-- note\n\n- [Page](page.md)\n", ["page.md"]),  # so does the quote
        ("# Index\n\n- <!--\n  - [Old](old.md)\n  -->\n- [Page](page.md)\n", ["page.md"]),
        ("# Index\n\n- <!-- [Old](old.md) -->\n- [Page](page.md)\n", ["page.md"]),  # a block
        ("# Index\n\n<!-- note\n\n- [Page](page.md)\n", []),  # at a line's start: to `-->`
    ],
)
def test_a_comment_block_in_a_list_item_or_quote_ends_with_it(text: str, shown: list[str]) -> None:
    """CommonMark ends an HTML block where its list item or quote ends: an unclosed `<!-- note`
    in one item hid every later entry of the index, which a reader sees. And an item opening
    with `<!--` is a comment block, whose links no reader sees."""
    from memorybank_lint.document import parse

    assert {href for href in _shown_hrefs(text) if href.endswith(".md")} == set(shown)
    assert [link.target.raw for link in parse("README.md", text).links] == shown


@pytest.mark.parametrize(
    "text",
    [
        "# I\n\n<details>\n<!-- note\n\n- [A](a.md)\n\n## Later\n",
        "# I\n\n<div>\n```\n</div>\n\n- [A](a.md)\n\n## Later\n",
    ],
)
def test_a_comment_or_fence_line_inside_an_html_block_hides_nothing_after_it(text: str) -> None:
    """`<details>` then `<!-- note`, or `<div>` then a fence line: the HTML block shows both as raw
    HTML and ends at the blank line, yet the scan opened a comment or a fence there and the rest
    of the page lost its links and its sections."""
    from memorybank_lint.document import parse

    doc = parse("README.md", text)
    assert [link.target.raw for link in doc.links] == ["a.md"] == sorted(_shown_hrefs(text))
    assert [section.title for section in doc.sections] == ["Later"]


# Lines a comment block may stand in, inside list items and quotes or not; no fence among them:
# fences in list items are read at any indentation (README, "Fences"), as CommonMark does not.
_COMMENT_LINES = [
    "<!--", "-->", "<!-- x -->", "  <!--", "  -->", "- <!--", "- <!-- x -->", "> <!--", "> -->",
    "1. <!--", "- a", "  a", "> a", ">", "", "text", "    <!--", "- [a](a.md)",
]  # fmt: skip


@given(st.lists(st.sampled_from(_COMMENT_LINES), max_size=12))
def test_comment_blocks_in_list_items_and_quotes_are_commonmarks(lines: list[str]) -> None:
    """The comment mask against markdown-it-py's HTML comment blocks at any depth: a line is
    hidden exactly when the reference puts it in one, wherever its container ends it."""
    from markdown_it import MarkdownIt

    comments = [False] * len(lines)
    for token in MarkdownIt("commonmark").parse("\n".join(lines)):
        if token.type == "html_block" and token.map and token.content.lstrip(" ").startswith("<!--"):
            comments[token.map[0] : token.map[1]] = [True] * (token.map[1] - token.map[0])
    # a blank line holds nothing to hide: the reference leaves the page's last ones out of a block
    scanned = markdown._blocks(lines)[1]
    assert [hidden for hidden, line in zip(scanned, lines, strict=True) if line] == [
        hidden for hidden, line in zip(comments, lines, strict=True) if line
    ]


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("# Index\n\n- ```\n  [In](in.md)\n  ```\n- [B](b.md)\n", ["b.md"]),
        ("# Index\n\n1. ~~~md\n   [In](in.md)\n   ~~~\n2. [B](b.md)\n", ["b.md"]),
        ("# Index\n\n> ```\n> [In](in.md)\n> ```\n\n- [B](b.md)\n", ["b.md"]),
        ("# Index\n\n> ```\n> [In](in.md)\n\n- [B](b.md)\n", ["b.md"]),  # the quote ends it
        ("# Index\n\n- ```\n[Out](out.md)\n", ["out.md"]),  # so does the item
        ("# Index\n\n- ~~~\n\t[In](in.md)\n  ~~~\n- [B](b.md)\n", ["b.md"]),  # a tab: past its text
        ("# Index\n\n> ```\n> > ```\n> [In](in.md)\n> ```\n> [B](b.md)\n", ["b.md"]),  # code: `> ````
    ],
)
def test_a_fence_a_list_item_or_quote_opens_is_code(text: str, shown: list[str]) -> None:
    """`- ```` or `> ```` opens fenced code in the item or quote: read as text, its links were
    entries, and the item's closing fence opened one that hid the rest of the index."""
    from memorybank_lint.document import parse

    assert {href for href in _shown_hrefs(text) if href.endswith(".md")} == set(shown)
    assert [link.target.raw for link in parse("README.md", text).links] == shown


_FENCE_LINES = [
    "- ```", "  ```", "> ```", "> ~~~", "- ~~~", "1. ```", "   ```", "```", "~~~",
    "- a", "  a", "> a", ">", "", "text", "- [a](a.md)", "\ta", " \ta", "> > ```", "> > a",
]  # fmt: skip


@given(st.lists(st.sampled_from(_FENCE_LINES), max_size=12))
def test_fences_in_list_items_and_quotes_are_commonmarks(lines: list[str]) -> None:
    """The fence mask against markdown-it-py's fences at any depth. Left out: a fence opened by
    indentation alone inside a list item, which runs on past the item's end (README, "Fences":
    recognised at any indentation, as a line scanner does not track list context)."""
    from markdown_it import MarkdownIt

    fences = [False] * len(lines)
    for token in MarkdownIt("commonmark").parse("\n".join(lines)):
        if token.type == "fence" and token.map:
            first, after = token.map
            assume(token.level == 0 or not lines[first].startswith(" "))
            fences[first:after] = [True] * (after - first)
    scanned = markdown.fenced(lines)
    # a blank line (in a quote, too) holds nothing: the reference leaves a page's last ones out
    assert [code for code, line in zip(scanned, lines, strict=True) if line.strip("> ")] == [
        code for code, line in zip(fences, lines, strict=True) if line.strip("> ")
    ]


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("- [A](a.md) <!-- old\n  [Old](old.md) --> [B](b.md)\n", ["a.md", "b.md"]),
        ("[A](a.md) <!--\n[Old](old.md)\n-->\n", ["a.md"]),
        ("- [A](a.md) <!-- x\n- [B](b.md) -->\n", ["a.md", "b.md"]),  # the item's text ends it: no comment
        ("Text `<!--`\n[A](a.md) -->\n", ["a.md"]),  # code
        # a backtick inside the comment opens no code span, whatever run of its length comes later
        ("- [A](a.md) <!-- old `\n  [Old](old.md) --> see `x`\n", ["a.md"]),
        ("[A](a.md) <!-- ``\n[Old](old.md) --> ``y``\n", ["a.md"]),
        # the line starts inside the comment: its backtick pairs with none after the close
        ("[A](a.md) <!-- x\n`y -->[B](b.md)`z`\n", ["a.md", "b.md"]),
    ],
)
def test_a_comment_a_paragraphs_line_opens_and_a_later_one_closes_hides_its_links(
    text: str, shown: list[str]
) -> None:
    """A paragraph's inline comment may span lines (`[A](a.md) <!-- old` then `[Old](old.md) -->`):
    a reader sees no link inside it, and the line scan saw one on each line."""
    from memorybank_lint.document import parse

    assert sorted(href for href in _shown_hrefs(text) if href.endswith(".md")) == shown
    assert [link.target.raw for link in parse("README.md", text).links] == shown


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("<details>\n<summary>Old</summary>\n- [Old](old.md)\n</details>\n\n- [A](a.md)\n", ["a.md"]),
        ("- [A](a.md)\n- <div>\n  [Old](old.md)\n", ["a.md"]),  # in a list item
        ("> <pre>\n> [Old](old.md)\n> </pre>\n> [A](a.md)\n", ["a.md"]),  # in a quote, to its closing tag
        ("<div>\n\n- [A](a.md)\n\n</div>\n", ["a.md"]),  # a blank line ends the block: markdown again
        ("Text\n<span>\n[A](a.md)\n", ["a.md"]),  # a lone tag cannot interrupt a paragraph
        ("<https://x.org>\n[A](a.md)\n", ["a.md"]),  # an autolink starts no block
        ("Text.\n\n    [Old](old.md)\n\n[A](a.md)\n", ["a.md"]),  # an indented code block
        ("Text.\n\n\t[Old](old.md)\n", []),
        ("- item\n\n    [A](a.md)\n", ["a.md"]),  # a list item's indented paragraph
        ("- item\n\n      [Old](old.md)\n", []),  # four past the item's text: code in the item
        ("Text\n    [A](a.md)\n", ["a.md"]),  # a paragraph's next line, whatever its indent
    ],
)
def test_a_link_on_a_line_of_an_html_or_indented_code_block_is_no_entry(text: str, shown: list[str]) -> None:
    """A reader shows the lines of an HTML block as raw HTML, to the blank line that ends it, and
    those of an indented code block as code: `<details>` then `- [Old](old.md)` with no blank line
    between is text, as is `    [Old](old.md)` after a paragraph's blank line, no link, and the
    page it names is not registered by it."""
    from memorybank_lint.document import parse

    assert sorted(href for href in _shown_hrefs(text) if href.endswith(".md")) == shown
    assert [link.target.raw for link in parse("README.md", text).links] == shown


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("`a\n[B](b.md)` [C](c.md)\n", ["c.md"]),  # the span closes on the link's line: it hides the link
        ("- `a\n  [B](b.md)` b\n", []),  # in a list item's paragraph
        ("``a\n[B](b.md)``\n", []),
        ("x ` y\n` [B](b.md) `\n", ["b.md"]),  # the second line's first run closes the first line's
        ("`a`\n` [B](b.md) `\n", []),  # closed on its line: the next line's span is its own
        ("\\` a\n[B](b.md) `\n", ["b.md"]),  # an escaped backtick opens nothing
        ("<!-- ` -->\n[B](b.md) `\n", ["b.md"]),  # a backtick in a comment opens nothing
        ("- `a\n- [B](b.md)`\n", ["b.md"]),  # the item's text ends the paragraph
    ],
)
def test_a_code_span_a_paragraphs_line_opens_and_a_later_one_closes_hides_its_links(
    text: str, shown: list[str]
) -> None:
    """A code span may span a paragraph's lines (`` `a `` then `` [B](b.md)` ``): a reader sees no
    link inside it, and one after its close on the next line (`` x ` y `` then `` ` [B](b.md) ` ``)
    is a link, where the line scan paired the second line's backticks with each other."""
    from memorybank_lint.document import parse

    assert sorted(href for href in _shown_hrefs(text) if href.endswith(".md")) == shown
    assert [link.target.raw for link in parse("README.md", text).links] == shown


_ENTRY = st.builds(
    "[{}]({})".format,
    st.sampled_from(["A", "a \\] b", "\\[draft\\] A", "a `]` b", "[x] y", "a\\\\"]),
    st.sampled_from(["a.md", "<a b.md>", "<a (1).md>", "a\\_b.md", "<a\\>b.md>", 'd/a.md "t"', "a(1).md"]),
)
# The lines of an index page: entries in list items, quotes, comments and indented code blocks,
# fences in items; and
# a fence opened by indentation alone inside an item is left out below (README, "Fences").
_PAGE_LINE = st.one_of(
    st.builds(
        str.format,
        st.sampled_from(
            [
                "- {}",
                "  {}",
                "> {}",
                "{}",
                "1. {}",
                "<!-- {} -->",
                "- {} <!-- {} -->",
                "  - {}",
                "- {} <!-- {}",
                "{} -->",
                "- {} `",
                "` {}",
                "{} <!-- `",
                "` --> {} `x`",
                "    {}",
            ]
        ),
        _ENTRY,
        _ENTRY,
    ),
    st.sampled_from(
        ["- <!-- note", "  <!-- note", "> <!-- note", "<!--", "-->", "- ```", "  ```", "", "- a"]
    ),
)


@given(st.lists(_PAGE_LINE, max_size=10))
@example(["- a", "  <!-- note", "- [A](<a b.md>)"])
def test_an_index_pages_entries_are_the_links_markdown_it_reads(lines: list[str]) -> None:
    """Every inline link to a page a CommonMark reader shows on an index page is an entry, and
    nothing else is: wherever the list items, quotes, comments and fences stand, with
    labels holding escapes and destinations in angle brackets."""
    from markdown_it import MarkdownIt
    from markdown_it.common.utils import unescapeAll

    from memorybank_lint.document import parse

    text = "\n".join(lines) + "\n"
    parser = MarkdownIt("commonmark")
    parser.normalizeLink = lambda url: url  # type: ignore[method-assign]
    shown = []
    for token in parser.parse(text):
        assume(token.type != "fence" or not token.level or not text.split("\n")[token.map[0]].startswith(" "))
        children = token.children or ()
        shown += [child.attrs["href"] for child in children if child.type == "link_open"]
    found = [unescapeAll(link.target.raw) for link in parse("README.md", text).links]
    assert sorted(found) == sorted(href for href in shown if href.endswith(".md"))


def test_read_links_places_every_definitions_destination_however_it_is_wrapped() -> None:
    """A definition may wrap its label, put its destination on the next line, or stand in a quote
    or a list item: `read_links` gives where its destination is written, as written."""
    text = (
        "[a]: x.md\n\n[b]:\n<y z.md>\n\n[long\nlabel]: w.md 'T'\n\n> [q]:\n> q.md\n\n"
        ">\t[t]: t.md\n\n- item\n\n  [r]: ../r.md\n\nText.\n\n    [code]: c.md\n"
    )
    read = markdown.read_links(text, ())
    lines = text.split("\n")
    found = {
        (line, lines[line][column : column + len(written)], written)
        for line, column, written in read.destinations
    }
    assert found == {
        (0, "x.md", "x.md"),
        (3, "<y z.md>", "<y z.md>"),
        (6, "w.md", "w.md"),
        (9, "q.md", "q.md"),
        (11, "t.md", "t.md"),
        (15, "../r.md", "../r.md"),
    }


def _shown_hrefs(text: str) -> set[str]:
    """The destinations of the links markdown-it-py shows in `text`, as written (no URL encoding)."""
    from markdown_it import MarkdownIt

    parser = MarkdownIt("commonmark")
    parser.normalizeLink = lambda url: url  # type: ignore[method-assign]
    return {
        child.attrs["href"]
        for token in parser.parse(text)
        if token.type == "inline"
        for child in token.children or ()
        if child.type == "link_open"
    }


_LABEL = st.sampled_from(["a", "A", "b", "a  b", "A B", "Policy", "policy", "x\\]y"])
_USE = st.builds(
    lambda text, label, form: {
        "full": f"[{text}][{label}]",
        "collapsed": f"[{label}][]",
        "shortcut": f"[{label}]",
        "wrapped": f"[{text}][{label.replace(' ', chr(10), 1)}]",  # a label over two lines
        "code": f"`[{text}][{label}]` and ``[{label}]``",  # code, never a link
        "image": f"![{text}][{label}]",  # an image's source, not a page a reader opens
        "escaped": f"\\[{label}]",
        "as definition": f"[{label}]: one.md",  # one, or a paragraph's text where it continues one
        "commented": f"see <!-- [{text}][{label}]\nand [{label}] -->",  # a comment, never a link
    }[form],
    st.sampled_from(["see", "Doc", "two words"]),
    _LABEL,
    st.sampled_from(
        [
            "full",
            "collapsed",
            "shortcut",
            "wrapped",
            "code",
            "image",
            "escaped",
            "as definition",
            "commented",
        ]
    ),
)
_DEFINITION = st.builds(
    lambda label, name, pointed, below: (
        f"[{label}]:{chr(10) + '  ' if below else ' '}{f'<{name}.md>' if pointed else f'{name}.md'}"
    ),
    _LABEL,
    st.sampled_from(["one", "two", "sub/three", "my doc"]),
    st.booleans(),
    st.booleans(),  # the destination on the line below
).filter(lambda line: " doc.md" not in line or "<" in line)
# What a use or a definition stands in: a list item, a quote, an indent or nothing (its lines below too)
_CONTAINER = st.sampled_from(["", "- ", "> ", "1. ", "  "])


def _contained(block: str, container: str) -> str:
    lines = block.split("\n")
    rest = " " * len(container) if container[:1] in "-1" else container  # an item's lines stand in its column
    return "\n".join([container + lines[0], *(rest + line for line in lines[1:])]) + "\n"


@settings(max_examples=min(500, settings.default.max_examples))  # each parses its text twice
@example(uses=[("[Doc][a]", "- ")], definitions=[("[a]: one.md", "- ")], apart=False)
@example(uses=[("[Doc][a\nb]", "> ")], definitions=[("[A B]:\n  one.md", "- ")], apart=True)
@given(
    uses=st.lists(st.tuples(_USE, _CONTAINER), min_size=1, max_size=6),
    definitions=st.lists(st.tuples(_DEFINITION, _CONTAINER), min_size=1, max_size=5),
    apart=st.booleans(),
)
def test_reference_entries_are_the_links_markdown_it_reads(
    uses: list[tuple[str, str]], definitions: list[tuple[str, str]], apart: bool
) -> None:
    """An index listing its pages by reference links (`- [Doc][a]`, `[a]: one.md` below) has the
    entries a CommonMark reader shows: each used label's first definition, matched case-folded
    with blanks collapsed, at the line it starts on, and no definition nobody uses; wherever the
    definitions and uses stand (list items, quotes, a paragraph's lines) and however they wrap."""
    from markdown_it import MarkdownIt

    from memorybank_lint.document import parse

    gap = "\n" if apart else ""
    listed = gap.join(_contained(use, container) for use, container in uses)
    text = "# Index\n\n" + listed + "\n" + gap.join(_contained(d, c) for d, c in definitions)
    parser = MarkdownIt("commonmark", {"store_labels": True})
    parser.normalizeLink = lambda url: url  # type: ignore[method-assign]
    env: dict[str, Any] = {}
    links = [
        child
        for token in parser.parse(text, env)
        if token.type == "inline"
        for child in token.children or ()
        if child.type == "link_open"
    ]
    references = env.get("references", {})
    used = {link.meta["label"] for link in links if "label" in link.meta}  # a reference link's
    shown = {(references[label]["href"], references[label]["map"][0] + 1) for label in used}
    entries = {(link.target.raw, link.line) for link in parse("README.md", text).links}
    assert entries == shown
    assert {raw for raw, _ in entries} == {
        link.attrs["href"] for link in links if link.attrs["href"].endswith(".md")
    }


@pytest.mark.parametrize(
    "text",
    [
        "# Index\n\n- [Policy][tp]\n- [Guide][g]\n[tp]: policy.md\n[g]: guide.md\n",  # lazy lines
        "See [Policy][tp].\n[tp]: policy.md\n",  # a paragraph's next line
        "- [Policy][tp]\n\n[tp]: policy.md junk\n",  # no title after the destination
        "- [Policy][tp]\n\n[tp]: policy.md 'a' b\n",
    ],
)
def test_a_definition_markdown_it_reads_as_text_is_no_entry(text: str) -> None:
    """A definition cannot interrupt a paragraph (CommonMark), and text after its destination
    that is no title makes the line text: markdown-it-py reads no link in any of these, so the
    index registers nothing there."""
    from markdown_it import MarkdownIt

    from memorybank_lint.document import parse

    shown = [
        child
        for token in MarkdownIt("commonmark").parse(text)
        for child in token.children or ()
        if child.type == "link_open"
    ]
    assert shown == []
    assert parse("README.md", text).links == []


@pytest.mark.parametrize(
    ("text", "entries"),
    [
        ("- [Policy][tp]\n- [tp]: policy.md\n", [(2, 3, "policy.md")]),  # in a list item
        ("- [Policy][tp]\n\n> [tp]: policy.md\n", [(3, 3, "policy.md")]),  # in a quote
        ("- [Policy][tp]\n\n[tp]:\n  policy.md\n", [(3, 1, "policy.md")]),  # the path below
        ("See [the policy][testing\npolicy].\n\n[Testing Policy]: policy.md\n", [(4, 1, "policy.md")]),
        ("See\n[tp]: policy.\n\n[tp]: policy.md\n", [(4, 1, "policy.md")]),  # a paragraph's text
        ('<div title="[tp]">\n\n[A](a.md)\n\n[tp]: policy.md\n', [(3, 1, "a.md")]),  # an HTML block
        ("- [Policy][v2][tp][draft]\n\n[tp]: policy.md\n", [(3, 1, "policy.md")]),  # no `v2`: `[v2][tp]`
        ("- [KILAVUZ]\n\n[Kılavuz]: k.md\n", [(3, 1, "k.md")]),  # `ı` folds as `i` does: both `I`
        ("- [A][a] <!-- [Old][old] -->\n\n[a]: a.md\n[old]: o.md\n", [(3, 1, "a.md")]),  # a comment
        # a backtick inside a comment opens no code span, so no later run closes one over the use
        ("- See <!-- ` -->[Policy][tp] and `x`\n\n[tp]: policy.md\n", [(3, 1, "policy.md")]),
        ("- [Old][old] `<!--` [A][a] `-->`\n\n[a]: a.md\n[old]: o.md\n", [(3, 1, "a.md"), (4, 1, "o.md")]),
    ],
)
def test_reference_entries_are_read_as_markdown_it_reads_them(text: str, entries: list) -> None:
    """A definition in a list item or a quote, or with its path on the next line, is one, and a
    use's label may wrap: each registers its page, at the line the definition starts on. Brackets
    in an HTML block are no use, and a paragraph's `[tp]:` is one. A label nothing defines makes
    no link of its brackets, and the label after them may (`[v2][tp]`)."""
    from memorybank_lint.document import parse

    assert {raw for *_, raw in entries} == {href for href in _shown_hrefs(text) if href.endswith(".md")}
    assert [(link.line, link.column, link.target.raw) for link in parse("README.md", text).links] == entries


def test_an_index_with_no_definition_is_not_parsed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Nearly every index holds no `]:`, so no definition, and no reference link of it leads
    anywhere: it is read by the line scanner alone, never by markdown-it-py, which costs many
    times more."""
    import markdown_it

    from memorybank_lint.document import parse

    def parser(*args: object, **kwargs: object) -> None:
        raise AssertionError("the index was parsed")

    monkeypatch.setattr(markdown_it, "MarkdownIt", parser)
    text = "# Index\n\n- [A](a.md)\n- [B][b]\n- [b]\n"
    assert [link.target.raw for link in parse("README.md", text).links] == ["a.md"]


def test_reference_uses_skip_escaped_brackets() -> None:
    """`\\[tp]` is text, not a use, however many escapes stand in a row: the pattern read an
    escape as one piece since it restarted at each escaped `[` (1 MB took 12 s; how long a line
    of them takes now is `benchmarks/bench_hostile_lines.py`'s to print)."""

    def used(line: str) -> frozenset[str]:
        return markdown.references([line, "", "[tp]: tp.md", "[b]: b.md"]).used

    assert used("\\[tp] and [a][b]") == {"b"}
    assert used("[" + "\\[" * 1_000 + "]") == set()
    assert used("\\\\[tp]") == {"tp"}  # an escaped backslash escapes nothing


def test_a_page_whose_list_items_hold_comments_is_parsed_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Its fences, sections and entries all read the comment blocks markdown-it-py's block parse
    finds: the parse is read once for all three, not once for each (three times the cost on a
    page of such items)."""
    from memorybank_lint.document import parse

    calls = []
    parsed = markdown._parsed_comments
    monkeypatch.setattr(markdown, "_parsed_comments", lambda lines: calls.append(1) or parsed(lines))
    document = parse("README.md", "# Index\n\n- a\n  <!-- note\n## Pages\n- [A](a.md)\n")
    assert [link.target.raw for link in document.links] == ["a.md"]
    assert [section.title for section in document.sections] == ["Pages"]
    assert len(calls) == 1
