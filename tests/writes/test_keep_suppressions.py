"""The writes keep a suppression comment on a line they rewrite, so an accepted finding stays accepted.

`bank_set_field` and `bank_set_status` keep a header `# noqa`; `bank_update_section` and `bank_edit`
put back a body `<!-- noqa -->` or `<!-- memorybank-lint: disable -->` their new text lost, and
`bank_edit` removes one only when that is all it was asked to do.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

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


@pytest.mark.parametrize(
    ("line", "comment"),
    [
        ("entry {i}", "<!-- noqa: {codes} -->"),
        ("- [entry {i}](e{i}.md)", "<!-- noqa: {codes} -->"),
        ("entry {i}", "<!-- memorybank-lint: disable {codes} -->"),
    ],
)
def test_kept_reads_the_text_a_bounded_number_of_times(
    monkeypatch: pytest.MonkeyPatch, line: str, comment: str
) -> None:
    """A rewrite that changed the number of lines read every new line again for each old comment
    (which new lines carry no noqa, which link where, and the whole new text for the comment
    itself), and read again the line the document-wide disables pile up on: a section of N lines
    with a comment each cost N² scans, 35 s under the bank lock for 8000 lines. The text is now
    read a bounded number of times, and every comment still lands where it did."""
    from memorybank_lint.edits import keep

    read = {"body_noqa": 0, "links": 0}

    def counted(name: str, real: Callable[[str], Any]) -> Callable[[str], Any]:
        def call(text: str) -> Any:
            read[name] += len(text)
            return real(text)

        return call

    monkeypatch.setattr(keep, "body_noqa", counted("body_noqa", keep.body_noqa))
    monkeypatch.setattr(keep, "links", counted("links", keep.links))
    n = 600
    codes = [", ".join(f"MB{k + 1:03d}" for k in range(13) if (i + 1) >> k & 1) for i in range(n)]
    comments = [comment.format(codes=codes[i]) for i in range(n)]
    old = "## S\n\n" + "".join(f"{line.format(i=i)} {comments[i]}\n" for i in range(n))
    new = "## S\n\n" + "".join(f"{line.format(i=i)} and more\n" for i in range(n + 1))
    result = kept(old, new).split("\n")[2:]
    if "disable" in comment:  # document-wide: all on the last written line
        assert result[n] == f"{line.format(i=n)} and more " + " ".join(comments)
    elif "](" in line:  # each comment follows its link; the added last line has none
        assert result[:n] == [f"{line.format(i=i)} and more {comments[i]}" for i in range(n)]
    else:  # nothing says which new line took an unlinked line's place: nowhere, as before
        assert "noqa" not in "\n".join(result)
    assert read["body_noqa"] <= 2 * (len(old) + len(new))
    assert read["links"] <= 2 * (len(old) + len(new))


def _kept_asking_every_line(old: str, new: str) -> str:
    """`kept` as the rule reads: every question asked of the whole rewritten stretch afresh, for each
    old comment (quadratic; the rule's plain statement, which `kept` must answer alike)."""
    from memorybank_lint.edits.keep import _comments, _targets, _without
    from memorybank_lint.edits.text import unchanged_ends
    from memorybank_lint.markdown import fenced
    from memorybank_lint.suppressions import body_noqa

    before, after = old.split("\n"), new.split("\n")
    low, tail = unchanged_ends(before, after)
    old_span, new_span = range(low, len(before) - tail), range(low, len(after) - tail)
    old_mask, new_mask = fenced(before), fenced(after)
    for i in (i for i in old_span if not old_mask[i]):
        for kind, comment, blanks in _comments(before[i]):
            if any(comment in after[j] for j in new_span):
                continue
            free = [j for j in new_span if not new_mask[j] and body_noqa(after[j]) is None]
            if len(old_span) == len(new_span):
                j: int | None = new_span[i - old_span.start]
                j = j if j in free else None
            elif kind == "noqa":
                wanted = _targets(before[i])
                j = next((j for j in free if wanted and wanted <= _targets(after[j])), None)
            else:
                j = next((j for j in reversed(free) if after[j].strip()), None)
            if j is not None and after[j].rstrip() != _without(before[i], comment):
                after[j] = after[j].rstrip() + (blanks or " ") + comment
    return "\n".join(after)


_PIECES = [
    *("x", " ", "\t", "`", "```", "~~~", "<!--", "-->", "<", ">", "](", "<!-- x -->"),
    *("[a](a.md)", "[b](b.md)", "[a](a.md) [b](b.md)", "[c](<c d.md>)"),
    *("<!-- noqa -->", "<!--noqa-->", "<!-- noqa: MB007 -->", "<!-- NOQA:MB010 -->", "<!-- noqa: MB007 --->"),
    *("<!-- noqa: MB001, MB002 -->", "<!-- memorybank-lint: disable MB009 -->"),
    *("<!-- memorybank-lint: disable -->", "<!-- memorybank-lint:disable MB005 MB009 -->"),
]
_LINE = st.lists(st.sampled_from(_PIECES), max_size=5).map("".join)


@given(old=st.lists(_LINE, max_size=10), data=st.data())
def test_kept_places_as_the_rule_reads(old: list[str], data: st.DataObject) -> None:
    """Every comment lands where asking the whole rewritten stretch afresh puts it (the rule as it
    was first written), whether the rewrite kept, dropped, split or replaced the old lines."""
    new: list[str] = []
    for line in old:
        change = data.draw(st.sampled_from(["keep", "strip", "split", "drop", "other"]))
        if change == "keep":
            new.append(line)
        elif change == "strip":
            new.append(line.replace("<!-- noqa: MB007 -->", "").replace("disable MB009 -->", "-->") + " y")
        elif change == "split":
            new += [line.split("<!--")[0], data.draw(_LINE)]
        elif change == "other":
            new.append(data.draw(_LINE))
    assert kept("\n".join(old), "\n".join(new)) == _kept_asking_every_line("\n".join(old), "\n".join(new))
