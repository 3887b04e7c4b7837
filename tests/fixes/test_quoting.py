"""MB002's fix: a header value YAML cannot read is quoted so it reads back exactly as written."""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from memorybank_lint import frontmatter
from memorybank_lint.fixes import fix_for
from memorybank_lint.linter import lint

from .conftest import bank_with, doc, fixed_text

README = "---\ntitle: Bank\ndoc_function: index\npurpose: Root.\nstatus: draft\n---\n- [N](domain/n.md)\n"


def _fix(tmp_path: Path, header: str):
    bank = bank_with(tmp_path, {"domain/n.md": doc(header), "README.md": README})
    return fixed_text(bank, "MB002", "domain/n.md")


@pytest.mark.parametrize(
    "value",
    [
        "Каноничное место для правил: code/module boundaries, runtime patterns.",
        "Agent autonomy boundaries: what can be done without confirmation.",
        "It's the owner: don't copy it.",
        "`tools/agentscope` package: strict typing",
        "@team owns this: ask them",
        "%TEMP% is used: sometimes",
        "Key: value: more: colons, and \\ a backslash",
        "Trailing spaces kept out: yes",
    ],
)
def test_a_value_is_quoted_to_exactly_what_was_written(tmp_path: Path, value: str) -> None:
    fix, text = _fix(tmp_path, f"title: N\npurpose: {value}\nstatus: draft")
    assert fix is not None and fix.safe and text is not None
    header = frontmatter.parse(text)[1]
    assert header.error is None
    assert header.data["purpose"] == value.strip()
    assert text.split("\n")[2].startswith("purpose: '")


def test_only_the_value_changes_and_a_noqa_stays_after_it(tmp_path: Path) -> None:
    _fix_found, text = _fix(
        tmp_path, "title: N\npurpose:   Retry layer: backoff   # noqa: MB008\nstatus: draft"
    )
    assert text is not None
    assert text.split("\n")[2] == "purpose:   'Retry layer: backoff'   # noqa: MB008"


def test_a_list_item_is_quoted_too(tmp_path: Path) -> None:
    _fix_found, text = _fix(
        tmp_path, "title: N\ncanonical_for:\n  - `retry`: policy\n  - plain\nstatus: draft"
    )
    assert text is not None and frontmatter.parse(text)[1].data["canonical_for"] == [
        "`retry`: policy",
        "plain",
    ]


@pytest.mark.parametrize(
    "line",
    [
        'purpose: "half quoted: then more',
        "purpose: [draft] note: more",
        "purpose: a: b # maybe a comment",
        "purpose: &anchor a: b",
        "purpose: !tag a: b",
        "purpose: - item: b",
    ],
)
def test_a_value_that_could_mean_something_else_is_left_alone(tmp_path: Path, line: str) -> None:
    assert _fix(tmp_path, f"title: N\n{line}\nstatus: draft") == (None, None)


def test_a_value_running_on_over_indented_lines_is_left_alone(tmp_path: Path) -> None:
    assert _fix(tmp_path, "title: N\npurpose: a: b\n  and more\nstatus: draft") == (None, None)


def test_nothing_is_fixed_when_the_header_would_still_not_read(tmp_path: Path) -> None:
    assert _fix(tmp_path, "title: N\npurpose: a: b\nstatus: [unclosed") == (None, None)


def test_every_broken_line_of_a_header_is_quoted_in_one_fix(tmp_path: Path) -> None:
    fix, text = _fix(tmp_path, "title: Retry: layer\npurpose: a: b\nstatus: draft")
    assert text is not None and frontmatter.parse(text)[1].data == {
        "title": "Retry: layer",
        "purpose": "a: b",
        "status": "draft",
    }
    assert fix is not None and "2 header values" in fix.summary


@pytest.mark.parametrize(
    ("key", "opener"),
    [
        ("example", "|"),
        ("example", ">"),
        ("example", "|-"),
        ("example", ">+"),
        ("example", "|2"),
        ("example", "| # a comment"),
        ("example", "&anchor |"),
        ("example", "!!str >-"),
        ('"ex:ample"', "|"),
        ("a#b", "|"),
    ],
)
def test_the_text_of_a_block_scalar_is_prose_and_never_quoted(tmp_path: Path, key: str, opener: str) -> None:
    """`- a b: c: d` under `example: |` is a line of text; quoting it changed the value while the
    fix fixed the real slip above it."""
    indent = "   " if opener == "|2" else "  "
    body = f"{indent}more text\n{indent}- a b: c: d"
    header = f"title: N\npurpose: Retry layer: backoff\n{key}: {opener}\n{body}\nstatus: draft"
    _found, text = _fix(tmp_path, header)
    assert text is not None
    data = frontmatter.parse(text)[1].data
    assert data["purpose"] == "Retry layer: backoff"
    scalar = data[key.strip('"')]
    assert "- a b: c: d" in scalar and "'" not in scalar


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("Read before changing the client\n  - `retry()` and its callers", None),
        (
            '"Read this when\n  note: the retry: fails\n  twice"',
            "Read this when note: the retry: fails twice",
        ),
        ("'It''s when\n  note: a: b\n  ends'", "It's when note: a: b ends"),
        ('"Read this when\nnote: the retry: fails\ntwice"', "Read this when note: the retry: fails twice"),
    ],
    ids=["a plain value running on", "a double-quoted value", "a single-quoted value", "unindented"],
)
def test_a_line_that_carries_on_a_value_above_it_is_never_quoted(
    tmp_path: Path, value: str, expected: str | None
) -> None:
    """Lines under `purpose:` that continue its text (`  - retry()` in a wrapped sentence, a line
    inside a quoted value) read like a list item or a key of their own; quoting them added quote
    marks to the document's purpose while the fix said it fixed the slip above."""
    found, text = _fix(tmp_path, f"title: Retry layer: backoff\npurpose: {value}\nstatus: draft")
    assert found is not None and text is not None
    data = frontmatter.parse(text)[1].data
    assert data["title"] == "Retry layer: backoff"
    if expected is not None:
        assert data["purpose"] == expected
    assert text.count("'") == 2 + value.count("'")  # only the title was quoted


@pytest.mark.parametrize(
    "header",
    [
        "title: Doc\ncanonical_for: [pricing,\npurpose: Read when: prices change\n]",
        "title: Doc\ncanonical_for: {pricing: a,\npurpose: Read when: prices change\n}",
        "title: Doc\ncanonical_for: &c !!seq [a, [b,\n c], 'x ]',\npurpose: Read when: prices change\n]",
        'title: Doc\ncanonical_for: [pricing, "a,\n]", b,\npurpose: Read when: prices change\n]',
        "title: Doc\ntags:\n  - [pricing,\npurpose: Read when: prices change\n]",
    ],
    ids=["list", "mapping", "nested, anchored and tagged", "a quoted item spanning lines", "a list item"],
)
def test_a_line_inside_a_flow_collection_left_open_above_is_never_quoted(tmp_path: Path, header: str) -> None:
    """`canonical_for: [pricing,` runs on to the `]` below it, so `purpose: Read when: …` in between
    is an item of that list: quoting it made the header load with `purpose` inside
    `canonical_for`, and the line-by-line `purpose` gone without a finding."""
    assert _fix(tmp_path, header) == (None, None)


def test_a_line_after_a_flow_collection_closed_on_a_later_line_is_quoted(tmp_path: Path) -> None:
    found, text = _fix(tmp_path, "title: Retry: layer\ncanonical_for: [pricing,\n  billing]\npurpose: a: b")
    assert found is not None and text is not None
    assert frontmatter.parse(text)[1].data == {
        "title": "Retry: layer",
        "canonical_for": ["pricing", "billing"],
        "purpose": "a: b",
    }
    # the line reader reads the list over its lines, as YAML does: nothing it says changes
    assert found.safe


def test_a_fix_that_makes_a_value_read_otherwise_than_line_by_line_is_unsafe(tmp_path: Path) -> None:
    """The fix quoted the title, and the header then read `purpose` in full where the line reader
    had only its first line: what the bank says changed under a safe fix."""
    found, text = _fix(tmp_path, 'title: Retry layer: backoff\npurpose: "Read this when\n  it fails"')
    assert found is not None and text is not None
    assert not found.safe
    assert "'purpose'" in found.summary
    assert frontmatter.parse(text)[1].data["purpose"] == "Read this when it fails"


@pytest.mark.parametrize(
    ("header", "safe"),
    [
        ("title: Retry: layer\nowner:\nreviewed: ''\nversion: 0x1F\nlive: true", True),
        ("title: Retry: layer\nowner:\n  team: core", False),
        ("title: Retry: layer\nnotes: |\n  first\n  second", True),
        ("title: Retry: layer\nnotes: >-\n  first\n  second\ntags: |2\n    x", True),
        ("title: Retry: layer\nnotes: |\n  first\nowner:\n  team: core", False),
    ],
    ids=[
        "empty, a number, a boolean",
        "a nested mapping",
        "a block scalar",
        "block scalars",
        "beside a mapping",
    ],
)
def test_a_fix_is_safe_only_when_every_value_reads_as_the_line_reader_read_it(
    tmp_path: Path, header: str, *, safe: bool
) -> None:
    """An empty value the line reader passes over, or a number it keeps as its text, reads the same;
    so does a block scalar, whose lines nothing quoted beside them can change (the Action's diff
    showed no fix for a header holding `notes: |` and one slip)."""
    found, _text = _fix(tmp_path, header)
    assert found is not None and found.safe is safe


# Pieces a broken header is made of, each a key's lines: a value holding `: ` (the slip the fix
# is for), and around it what the fix must read right: flow collections running over lines (with
# such a slip inside, at column 0 too), quoted values and plain ones running on, block scalars, lists.
_TEXT = st.sampled_from(["Read when: prices change", "plain", "a: b: c", "`x`: y", "it's: here", "p, q"])
_SLIP = st.builds(lambda text: [f"{{key}}: {text}"], _TEXT)
_INSIDE = st.one_of(
    st.sampled_from(["b,", "  c,", "[d,", "e]", "  'f ]',", '"g,', 'h",']), _TEXT.map(lambda t: f"slip: {t}")
)
_PIECE = st.one_of(
    _SLIP,
    st.builds(
        lambda opener, inside, closer: [f"{{key}}: {opener}", *inside, closer],
        st.sampled_from(["[a,", "{a: b,", "&x [a,", "!!seq [a, [b,"]),
        st.lists(_INSIDE, max_size=3),
        st.sampled_from(["]", "}", "  ]", "z]", "]]", "}]"]),
    ),
    st.builds(
        lambda opener, inside, closer: [f"{{key}}: {opener}", *inside, closer],
        st.sampled_from(['"open', "'open", "plain", "|", ">-"]),
        st.lists(st.sampled_from(["  more: text", "  - an item", "  x: y: z", "next: a: b"]), max_size=2),
        st.sampled_from(['  end"', "  end'", "  end", ""]),
    ),
    st.builds(
        lambda items: ["{key}:", *(f"  - {item}" for item in items)], st.lists(_TEXT, min_size=1, max_size=3)
    ),
)


@st.composite
def _broken_headers(draw: st.DrawFn) -> str:
    """A header of a title and one to five pieces, each under its own key."""
    pieces = draw(st.lists(_PIECE, min_size=1, max_size=5))
    lines = ["title: N"]
    for number, piece in enumerate(pieces):
        lines += [line.replace("{key}", f"key{number}") for line in piece]
    return "\n".join(line for line in lines if line)


@given(block=_broken_headers())
def test_a_safe_fix_keeps_every_key_and_value_the_line_reader_recovered(block: str) -> None:
    """Fuzzed broken headers: when a fix is offered, every top-level key read line by line before
    it is still a key after it; when the fix is safe, with the very value read before (a block
    scalar's text for its indicator), and no other key but an empty one (which the line reader
    passes over)."""
    text = doc(block)
    assume(frontmatter.parse(text)[1].error is not None)
    recovered = frontmatter.recover("\n" + block)
    with tempfile.TemporaryDirectory() as scratch:
        bank = bank_with(Path(scratch), {"domain/n.md": text, "README.md": README})
        [finding] = [f for f in lint(bank) if f.code == "MB002" and f.path == "domain/n.md"]
        found = fix_for(finding, bank)
        if found is None:
            return
        fixed = frontmatter.parse(found.edit(bank.docs["domain/n.md"].text))[1]
    assert fixed.error is None
    assert set(recovered) <= set(fixed.data), (recovered, fixed.data)
    if found.safe:
        for key, value in recovered.items():  # a block scalar the line reader has as its indicator
            block_scalar = isinstance(value, str) and re.fullmatch(r"[|>][-+0-9]*", value)
            block_scalar = block_scalar and isinstance(fixed.data[key], str)
            assert block_scalar or fixed.data[key] == value, (key, value, fixed.data[key])
        assert all(fixed.data[key] in (None, "") for key in set(fixed.data) - set(recovered))
