"""Registering many documents in one index at once gives exactly what registering them one by one
gives, for every shape an index takes (bullets, numbered items, two-line items, tables, a
registry section, placeholders, fenced code, an empty index)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memorybank_lint.edits.entries import add_entries, add_entry

HEAD = "---\ntitle: Index\ndoc_function: index\n---\n# Index\n"
BLOCKS = [
    "- [A](a.md) — first\n- [B](b.md) — second\n",
    "1. [A](a.md) — first\n2. [B](b.md)\n",
    "- [`A`](a.md)\n  The first one.\n- [`B`](b.md)\n  The second.\n",
    "| Document | Title | Status | Purpose |\n|---|---|---|---|\n| [A-1](a.md) | A | `draft` | first |\n",
    "| Link | Summary |\n|---|---|\n| [A](a.md) | first |\n",
    "## Registry\n\n- [A](a.md) — first\n\n## Notes\n\nSee [B](b.md).\n",
    "## Реестр\n\n_Пусто._\n",
    "_No documents yet._\n",
    "```\n- [Example](example.md)\n```\n",
    "<!--\n- [Retired](retired.md)\n-->\n",
    "Some prose with a [link](other.md) in it.\n",
    "",
    "\n\n",
    "## Sections\n\n- [`adr/README.md`](adr/README.md) — decisions\n",
]
ITEM = st.tuples(
    st.sampled_from(["x.md", "deep/y.md", "ADR-007-z.md", "FT-01/brief.md"]),
    st.sampled_from(["X", "A | pipe", "`tick`", "Заметка", ""]),
    st.sampled_from(["An x.", "", "```fence", "Purpose with [link](p.md)", "two  spaces"]),
    st.sampled_from([None, "draft", "active"]),
)


@given(
    blocks=st.lists(st.sampled_from(BLOCKS), min_size=0, max_size=3),
    items=st.lists(ITEM, min_size=1, max_size=6),
    root=st.booleans(),
)
def test_many_at_once_is_one_by_one(blocks: list[str], items: list, root: bool) -> None:
    text = HEAD + "\n".join(blocks)
    one_by_one = text
    for target, title, purpose, status in items:
        one_by_one = add_entry(one_by_one, target, title, purpose, root=root, status=status)
    assert add_entries(text, items, root=root) == one_by_one


def test_a_commented_out_entry_is_no_model_and_no_place_for_a_new_one() -> None:
    """An entry inside `<!-- … -->` is hidden from every reader: a new entry modelled on it, or
    written after it inside the comment, would be registered for the writer and for no one else."""
    retired = "<!--\n| Document | Purpose |\n|---|---|\n| [Old](old.md) | gone |\n-->\n"
    text = HEAD + "\n- [A](a.md) — first\n\n" + retired
    added = add_entry(text, "x.md", "X", "An x.")
    assert "- [X](x.md) — An x.\n" in added
    assert added.index("[X](x.md)") < added.index("<!--")
    assert added.replace("- [X](x.md) — An x.\n", "", 1) == text


# a header value, and the text a markdown reader shows for it on an index line
VALUES_WITH_ANGLES = {
    "Owns `Result<T, E>` handling": "Owns Result<T, E> handling",  # no entity inside code
    "Use ``a<b`` and <task-name>": "Use a<b and <task-name>",
    r"an escaped \<tag> stays one": "an escaped <tag> stays one",
    'see <a href="https://evil.example">docs</a>': 'see <a href="https://evil.example">docs</a>',
    "<https://evil.example> a < b": "<https://evil.example> a < b",
    "<!-- memorybank-lint: disable -->": "<!-- memorybank-lint: disable -->",
    r"Read when \`<img src=x onerror=alert(1)>` matters": "Read when `<img src=x onerror=alert(1)>` matters",
}


def _inline_tokens(text: str) -> list:
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark").parseInline(text)[0].children or []


@pytest.mark.parametrize(("value", "shown"), VALUES_WITH_ANGLES.items())
def test_an_entry_shows_its_header_text_as_written_and_holds_no_html(value: str, shown: str) -> None:
    """A header value is plain text: on an index line it reads as written, in a code span or out
    of one, and opens no HTML, comment or link of its own (an entity inside a code span showed as
    `&lt;`, and a `<a href>` outside one was a link whose target the text hid)."""
    from memorybank_lint.edits.entries import link_label
    from memorybank_lint.edits.table import prose, title_heading

    annotation = _inline_tokens(prose(value))
    assert not [t for t in annotation if t.type in ("html_inline", "link_open")]
    assert "".join(t.content for t in annotation if t.type in ("text", "code_inline")) == shown
    heading = _inline_tokens(title_heading(value).removeprefix("# "))
    assert not [t for t in heading if t.type in ("html_inline", "link_open")]
    for backticked in (False, True):
        line = _inline_tokens(f"- [{link_label(value, backticked)}](x.md)")
        assert [t.attrGet("href") for t in line if t.type in ("html_inline", "link_open")] == ["x.md"]
