"""MB002's fix: a header value YAML cannot read is quoted so it reads back exactly as written."""

from __future__ import annotations

from pathlib import Path

import pytest

from memorybank_lint import frontmatter

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
