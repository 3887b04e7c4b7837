"""The writes keep a suppression comment on a line they rewrite, so an accepted finding stays accepted.

`bank_set_field` and `bank_set_status` keep a header `# noqa`; `bank_update_section` and `bank_edit`
put back a body `<!-- noqa -->` or `<!-- memorybank-lint: disable -->` their new text lost, and
`bank_edit` removes one only when that is all it was asked to do.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from memorybank_lint.bank import Bank
from memorybank_lint.edits.keep import kept
from memorybank_lint.linter import lint
from memorybank_server.writes.edit import edit
from memorybank_server.writes.fields import set_field
from memorybank_server.writes.sections import update_section
from memorybank_server.writes.status import set_status

from ._edit_helpers import open_bank, seeded

DOC = "domain/notes.md"
TEXT = """\
---
title: Notes
doc_kind: domain
doc_function: canonical
purpose: Read this for the notes.  # noqa: MB008
derived_from:
  - ../dna/principles.md
status: draft
---
# Notes

## Links

- [Gone](gone.md) <!-- noqa: MB010 -->
- [Model](model.md)

## Scope

Kept apart. <!-- memorybank-lint: disable MB009 -->
"""


@pytest.fixture
def bank(tmp_path: Path) -> Bank:
    return open_bank(seeded(tmp_path, {DOC: TEXT}))


def _text(bank: Bank) -> str:
    return (bank.root / DOC).read_text(encoding="utf-8")


def test_set_field_keeps_the_header_noqa(bank: Bank) -> None:
    set_field(bank, path=DOC, field="purpose", value="Read this: the notes, all of them.")
    assert 'purpose: "Read this: the notes, all of them."  # noqa: MB008\n' in _text(bank)


def test_set_field_keeps_a_noqa_on_a_line_the_header_cannot_read(bank: Bank) -> None:
    broken = TEXT.replace("title: Notes", "title: Notes: all of them  # noqa: MB002")
    (bank.root / DOC).write_text(broken, encoding="utf-8")
    bank.refresh()
    set_field(bank, path=DOC, field="title", value="Notes")
    assert "title: Notes  # noqa: MB002\n" in _text(bank)


def test_set_status_keeps_the_header_noqa(bank: Bank) -> None:
    (bank.root / DOC).write_text(TEXT.replace("status: draft", "status: draft  # noqa: MB008"), "utf-8")
    bank.refresh()
    set_status(bank, path=DOC, status="active")
    assert "status: active  # noqa: MB008\n" in _text(bank)


def test_update_section_puts_back_what_the_new_text_lost(bank: Bank) -> None:
    update_section(bank, path=DOC, section="Links", content="- [Gone](gone.md) — moved\n- [Model](model.md)")
    assert "- [Gone](gone.md) — moved <!-- noqa: MB010 -->\n- [Model](model.md)\n" in _text(bank)
    update_section(bank, path=DOC, section="Scope", content="Kept apart.\n\nOn purpose, for now.")
    assert _text(bank).endswith(
        "Kept apart.\n\nOn purpose, for now. <!-- memorybank-lint: disable MB009 -->\n"
    )
    assert not [f for f in lint(bank) if f.path == DOC and f.code == "MB009"]


def test_update_section_keeps_what_the_new_text_already_has(bank: Bank) -> None:
    content = "- [Gone](gone.md) <!-- noqa: MB010 -->\n- [Model](model.md)\n- [Rules](rules.md)"
    update_section(bank, path=DOC, section="Links", content=content)
    assert _text(bank).count("<!-- noqa: MB010 -->") == 1


def test_edit_keeps_the_comment_of_the_line_it_rewrites(bank: Bank) -> None:
    edit(bank, path=DOC, find="- [Gone](gone.md) <!-- noqa: MB010 -->", replace="- [Gone for good](gone.md)")
    assert "- [Gone for good](gone.md) <!-- noqa: MB010 -->\n" in _text(bank)


def test_edit_removes_a_comment_when_that_is_all_it_was_asked(bank: Bank) -> None:
    edit(bank, path=DOC, find="(gone.md) <!-- noqa: MB010 -->", replace="(gone.md)")
    assert "- [Gone](gone.md)\n" in _text(bank) and "MB010" not in _text(bank)


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ("a <!-- noqa -->\nb", "A\nb", "A <!-- noqa -->\nb"),
        ("a <!-- noqa -->\nb", "a\nb", "a\nb"),
        (
            "x\n[l](t.md)  <!-- noqa: MB007 -->\ny",
            "x\nnew\n[l2](t.md)\ny",
            "x\nnew\n[l2](t.md)  <!-- noqa: MB007 -->\ny",
        ),
        ("x\n[l](t.md) <!-- noqa: MB007 -->\ny", "x\none\ntwo\ny", "x\none\ntwo\ny"),
        ("```\na <!-- noqa -->\n```", "```\nb\n```", "```\nb\n```"),
        ("no comments\n", "changed\n", "changed\n"),
    ],
)
def test_kept_by_case(old: str, new: str, expected: str) -> None:
    assert kept(old, new) == expected
