"""The line scanners: code spans, inline links and ATX headings, as CommonMark reads them."""

from __future__ import annotations

import posixpath

import pytest
from hypothesis import example, given
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
        st.sampled_from(["<!--", "-->", "<!-- x -->", "```", "~~~", "## H", "text", "    <!--"]), max_size=12
    )
)
def test_the_comment_and_fence_masks_agree_with_commonmark(lines: list[str]) -> None:
    """Both masks against markdown-it-py's blocks: a line is in a comment block exactly when the
    reference puts it in an HTML block, and in fenced code exactly when in a fence."""
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
    assert markdown.fenced(lines) == fences
    assert markdown._blocks(lines)[1] == comments
