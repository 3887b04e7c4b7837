"""`bank_edit`: one exact fragment of the body, refused unless it occurs exactly once."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memorybank_lint.edits.text import decode
from memorybank_server.writes.edit import edit
from tests.conftest import write_bank
from tests.writes._edit_helpers import (
    crlf_bom,
    decoded,
    no_new_findings,
    open_bank,
    refused,
    seeded,
    tree_hash,
    write_during_commit,
)

NOTES = """\
---
title: Notes
doc_kind: engineering
doc_function: canonical
purpose: Where the team keeps engineering notes.
derived_from:
  - ../dna/principles.md
status: draft
---
# Notes

Intro paragraph with a unique phrase.

## Авторизация

Tokens expire after one hour.

## Авторизация и роли

Roles are checked on every call. Tokens expire after one hour.

## Storage

```text
## Not a heading
```
"""


def _bank(tmp_path: Path, notes: str | bytes = NOTES) -> Path:
    root = seeded(tmp_path, {"engineering/notes.md": notes})
    readme = root / "engineering/README.md"
    readme.write_text(readme.read_text() + "- [Notes](notes.md) — engineering notes\n")
    return root


def test_replaces_the_single_occurrence_and_reports_the_change(tmp_path: Path) -> None:
    root = _bank(tmp_path)
    target = root / "engineering/notes.md"
    before = target.read_bytes()
    with no_new_findings(root):
        result = edit(
            open_bank(root), path="engineering/notes.md", find="unique phrase", replace="better phrase"
        )
    assert target.read_text() == NOTES.replace("unique phrase", "better phrase")
    assert result["edited"] is True and result["dryRun"] is False
    assert result["path"] == "engineering/notes.md" and "section" not in result
    assert result["bytesBefore"] == len(before) and result["bytesAfter"] == len(target.read_bytes())
    assert "with a better phrase." in result["context"]
    assert len(result["context"]) <= 80 + len("better phrase") + 80


def test_the_context_of_a_long_replacement_is_bounded_by_bytes(tmp_path: Path) -> None:
    """The context held the replacement whole: a 900 KB `replace` came back as 900 KB."""
    root = _bank(tmp_path)
    long = "better " + "ж" * 300_000
    result = edit(open_bank(root), path="engineering/notes.md", find="unique", replace=long, dry_run=True)
    context = result["context"]
    assert len(context.encode("utf-8")) <= 4_000 + 2 * 80 * 4
    assert "# Notes\n\nIntro paragraph with a better жж" in context
    assert "жж… phrase.\n\n## Авторизация" in context


def test_dry_run_reports_and_writes_nothing(tmp_path: Path) -> None:
    root = _bank(tmp_path)
    before = (root / "engineering/notes.md").read_bytes()
    result = edit(open_bank(root), path="engineering/notes.md", find="Intro", replace="Opening", dry_run=True)
    assert (root / "engineering/notes.md").read_bytes() == before
    assert result["edited"] is False and result["dryRun"] is True
    assert result["bytesAfter"] == len(before) + 2
    assert "Opening paragraph" in result["context"]


def test_section_narrows_the_scope_and_russian_names_match_exactly_first(tmp_path: Path) -> None:
    root = _bank(tmp_path)
    bank = open_bank(root)
    refused(
        root,
        lambda: edit(bank, path="engineering/notes.md", find="one hour", replace="two hours"),
        "occurs 2 times",
    )
    with no_new_findings(root):
        result = edit(
            bank, path="engineering/notes.md", find="one hour", replace="two hours", section="Авторизация"
        )
    assert result["section"] == "Авторизация"
    text = (root / "engineering/notes.md").read_text()
    assert "Tokens expire after two hours.\n\n## Авторизация и роли" in text
    assert "every call. Tokens expire after one hour." in text
    result = edit(
        bank, path="engineering/notes.md", find="one hour", replace="ninety minutes", section="и роли"
    )
    assert result["section"] == "Авторизация и роли"


def test_ambiguous_and_unknown_sections_are_refused_listing_the_headings(tmp_path: Path) -> None:
    root = _bank(tmp_path)
    bank = open_bank(root)
    message = refused(
        root,
        lambda: edit(bank, path="engineering/notes.md", find="Tokens", replace="Keys", section="Автор"),
        "ambiguous",
    )
    assert "Авторизация | Авторизация и роли" in message
    message = refused(
        root,
        lambda: edit(bank, path="engineering/notes.md", find="Tokens", replace="Keys", section="Billing"),
        "No section 'Billing'",
    )
    assert "Авторизация | Авторизация и роли | Storage" in message


@pytest.mark.parametrize(
    ("find", "replace", "match"),
    [
        ("", "x", "find is empty"),
        ("Intro", "Intro", "identical"),
        ("status: draft", "status: active", "does not occur"),
        ("Intro  paragraph", "x", "does not occur"),
        ("## Not a heading", "x", "does not occur in section 'Авторизация'"),
        ("Intro paragraph", "```\nIntro paragraph", "leaves a code fence open"),
        ("```text", "Plain text:", "leaves a code fence open"),
    ],
)
def test_refusals_change_no_byte(tmp_path: Path, find: str, replace: str, match: str) -> None:
    root = _bank(tmp_path)
    section = "Авторизация" if find.startswith("##") else None
    refused(
        root,
        lambda: edit(
            open_bank(root), path="engineering/notes.md", find=find, replace=replace, section=section
        ),
        match,
    )


def test_not_found_quotes_at_most_80_characters_as_json(tmp_path: Path) -> None:
    root = _bank(tmp_path)
    find = 'a "quoted" ' + "x" * 100
    message = refused(
        root,
        lambda: edit(open_bank(root), path="engineering/notes.md", find=find, replace="y"),
        "does not occur",
    )
    assert json.dumps(find[:80]) in message and "whitespace" in message


def test_frontmatter_is_out_of_reach_and_cannot_be_created(tmp_path: Path) -> None:
    plain = "# Loose\n\nNo header here.\n"
    root = _bank(tmp_path)
    write_bank(root, {"engineering/loose.md": plain})
    readme = root / "engineering/README.md"
    readme.write_text(readme.read_text() + "- [Loose](loose.md) — a loose page\n")
    refused(
        root,
        lambda: edit(
            open_bank(root),
            path="engineering/loose.md",
            find="# Loose",
            replace="---\nstatus: active\ncanonical_for: [x]\n---\n# Loose",
        ),
        "frontmatter",
    )


def test_unknown_document_and_template_are_refused(tmp_path: Path) -> None:
    root = _bank(tmp_path)
    write_bank(root, {"flows/templates/domain/DOC.md": "---\ndoc_function: template\n---\n# T\n\nBody\n"})
    bank = open_bank(root)
    refused(root, lambda: edit(bank, path="engineering/nope.md", find="a", replace="b"), "Not a document")
    refused(
        root, lambda: edit(bank, path="flows/templates/domain/DOC.md", find="Body", replace="b"), "template"
    )


def test_heading_rename_is_an_ordinary_edit(tmp_path: Path) -> None:
    root = _bank(tmp_path)
    bank = open_bank(root)
    with no_new_findings(root):
        edit(
            bank, path="engineering/notes.md", find="## Storage", replace="## Persistence", section="Storage"
        )
    assert "## Persistence\n" in (root / "engineering/notes.md").read_text()


def test_crlf_and_bom_survive_and_crlf_in_find_is_accepted(tmp_path: Path) -> None:
    root = _bank(tmp_path, crlf_bom(NOTES))
    target = root / "engineering/notes.md"
    with no_new_findings(root):
        edit(open_bank(root), path="engineering/notes.md", find="phrase.\r\n", replace="phrase.\r\nMore\n")
    assert target.read_bytes() == crlf_bom(NOTES.replace("phrase.\n", "phrase.\nMore\n"))
    assert decoded(target).startswith("---\ntitle: Notes")


def test_a_file_with_lone_carriage_returns_keeps_them_on_every_line(tmp_path: Path) -> None:
    """An old Mac file (a carriage return alone ends each line) read as one line could not be
    edited: its header never closed. Edited, it keeps its endings, the new line included."""
    root = _bank(tmp_path, NOTES.replace("\n", "\r").encode())
    target = root / "engineering/notes.md"
    with no_new_findings(root):
        edit(open_bank(root), path="engineering/notes.md", find="phrase.\n", replace="phrase.\nMore\n")
    assert target.read_bytes() == NOTES.replace("phrase.\n", "phrase.\nMore\n").replace("\n", "\r").encode()


def test_an_edit_in_two_places_keeps_the_endings_of_the_lines_between(tmp_path: Path) -> None:
    """A file whose lines end LF, CR and CRLF in turn, edited in two places by one fragment that
    adds a line: the lines between the two changes keep their own endings, as the lines before and
    after do, and so does the line changed in place; the two lines written in place of one take the
    file's usual ending."""
    endings = ["\n", "\r", "\r\n"]  # a CR never right before a blank line ending LF: that reads as CRLF
    lines = NOTES.split("\n")
    ends = [endings[i % 3] for i in range(len(lines) - 1)] + [""]
    data = "".join(line + end for line, end in zip(lines, ends, strict=True)).encode()
    root = _bank(tmp_path, data)
    find = "unique phrase.\n\n## Авторизация\n\nTokens expire after one hour."
    replace = "unique phrase, now two lines.\nThe second.\n\n## Авторизация\n\nTokens expire after a day."
    with no_new_findings(root):
        edit(open_bank(root), path="engineering/notes.md", find=find, replace=replace)
    at = lines.index("Intro paragraph with a unique phrase.")
    usual = decode(data, "notes.md").eol
    new_ends = [*ends[:at], usual, usual, *ends[at + 1 :]]
    new_lines = NOTES.replace(find, replace).split("\n")
    expected = "".join(line + end for line, end in zip(new_lines, new_ends, strict=True))
    assert (root / "engineering/notes.md").read_bytes() == expected.encode()


def test_a_line_written_before_a_blank_line_ending_lf_does_not_swallow_it(tmp_path: Path) -> None:
    """An old Mac file with one blank line ending LF: a line written right before it takes a lone
    CR, the file's usual ending, and CR then LF read as one CRLF: the blank line would be gone,
    joining the new line to the next paragraph. The new line ends CRLF instead."""
    data = NOTES.replace("\n", "\r").replace("# Notes\r\r", "# Notes\n\n")
    root = _bank(tmp_path, data.encode())
    with no_new_findings(root):
        edit(open_bank(root), path="engineering/notes.md", find="# Notes\n", replace="# Notes\nSubtitle\n")
    expected = data.replace("# Notes\n\n", "# Notes\nSubtitle\r\n\n")
    assert (root / "engineering/notes.md").read_bytes() == expected.encode()


def test_a_file_changed_after_it_was_read_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = _bank(tmp_path)
    target = root / "engineering/notes.md"
    theirs = NOTES.replace("Intro", "Their intro").encode()
    write_during_commit(monkeypatch, target, theirs)
    with pytest.raises(Exception, match="changed on disk since it was read"):
        edit(open_bank(root), path="engineering/notes.md", find="unique", replace="rare")
    assert target.read_bytes() == theirs


def test_a_find_that_overlaps_itself_is_ambiguous(tmp_path: Path) -> None:
    """`1-1-1` occurs twice in `1-1-1-1` (overlapping); counting without overlaps took the first."""
    from memorybank_server.writes.edit import _occurrences

    assert _occurrences("1-1-1-1", "1-1-1") == 2
    assert _occurrences("a 1-1-1 b", "1-1-1") == 1 and _occurrences("a", "b") == 0
    assert _occurrences("aaaa", "aa") >= 2


def test_a_write_that_adds_a_suppression_or_opens_a_comment_is_refused(seeded) -> None:
    """A suppression hides findings from every later check: a person adds those. An unclosed
    `<!--`, or `<pre>` and the other HTML blocks that run to their closing tag, hides the rest of
    the document from every reader."""
    from memorybank_server.errors import ToolInputError
    from memorybank_server.writes.edit import edit
    from memorybank_server.writes.sections import update_section

    bank, root = seeded, seeded.root
    before = {p: p.read_bytes() for p in root.rglob("*.md")}
    target = "product/context.md"
    for replace in ("Problem <!-- memorybank-lint: disable -->", "Problem <!-- noqa: MB001 -->"):
        with pytest.raises(ToolInputError, match="adds a suppression comment"):
            edit(bank, path=target, find="## Problem", replace=f"## {replace}")
    with pytest.raises(ToolInputError, match="leaves an HTML comment open"):
        edit(bank, path=target, find="## Problem", replace="## Problem\n\n<!-- draft")
    with pytest.raises(ToolInputError, match="leaves an HTML block open"):
        edit(bank, path=target, find="## Problem", replace="## Problem\n\n<pre>\ndraft")
    with pytest.raises(ToolInputError, match="adds a suppression comment"):
        update_section(bank, path=target, section="Problem", content="<!-- memorybank-lint: disable -->")
    assert {p: p.read_bytes() for p in root.rglob("*.md")} == before


def test_a_new_document_or_a_promoted_note_brings_no_suppression(seeded) -> None:
    """What `bank_edit` refuses to add, `bank_create`'s body and a promoted note may not bring in."""
    from memorybank_server.errors import ToolInputError
    from memorybank_server.writes.create import create
    from memorybank_server.writes.inbox import promote

    bank, root = seeded, seeded.root
    note = "---\ntitle: N\ndoc_kind: engineering\npurpose: A note.\nderived_from:\n  - ../dna/principles.md\n"
    note += "---\n# N\n\nText <!-- noqa -->\n"
    write_bank(root, {"_inbox/n.md": note})
    bank.refresh()
    before = tree_hash(root)
    for body in (
        "Text.\n\n<!-- memorybank-lint: disable MB001 -->\n",
        "- [x](gone.md) <!-- noqa: MB010 -->\n",
    ):
        for dry_run in (True, False):
            with pytest.raises(ToolInputError, match="adds a suppression comment"):
                create(
                    bank, doc_kind="engineering", path="engineering/new.md", title="New",
                    purpose="A new page.", derived_from=["../dna/principles.md"], body=body, dry_run=dry_run,
                )  # fmt: skip
    with pytest.raises(ToolInputError, match="adds a suppression comment"):
        promote(bank, path="_inbox/n.md", to="engineering/n.md")
    assert tree_hash(root) == before


def test_the_documents_own_title_above_its_sections_can_be_renamed(tmp_path: Path) -> None:
    """A `# Title` above every section ends none, and the heading guard refused renaming it."""
    from tests.writes._edit_helpers import open_bank

    root = _bank(tmp_path)
    page = root / "engineering/notes.md"
    title = next(line for line in page.read_text().splitlines() if line.startswith("# "))
    edit(open_bank(root), path="engineering/notes.md", find=f"{title}\n", replace="# Renamed\n")
    assert "\n# Renamed\n" in page.read_text()


def test_an_edit_that_strands_or_shadows_a_reference_link_is_refused(tmp_path: Path) -> None:
    """`[the rules][r]` in one section uses `[r]: …` in another: an edit removing the definition,
    or adding `[R]: …` above it, would change that link in a section the edit never touched."""
    notes = NOTES.replace("Intro paragraph with a unique phrase.", "Intro with [the rules][r].") + (
        "\n## Links\n\n[r]: ../dna/principles.md\n"
    )
    root = _bank(tmp_path, notes)

    def call(find: str, replace: str) -> dict:
        return edit(open_bank(root), path="engineering/notes.md", find=find, replace=replace)

    refused(
        root, lambda: call("[r]: ../dna/principles.md\n", ""), r"removes the link reference definition '\[r\]"
    )
    refused(
        root,
        lambda: call(
            "Tokens expire after one hour.\n\n## Авторизация и", "x\n\n[R]: a.md\n\n## Авторизация и"
        ),
        "above its definition",
    )
    call("[r]: ../dna/principles.md", "[r]: ../dna/lifecycle.md")
    assert "[r]: ../dna/lifecycle.md" in (root / "engineering/notes.md").read_text(encoding="utf-8")


def test_the_reference_guard_reads_definitions_and_uses_as_a_reader_does(tmp_path: Path) -> None:
    """A definition in a list item is one (`- [r]: …`), and a link using it lost it in a section
    the edit never touched; a label named only inside an HTML block (`<div title="[h]">`) is no
    link, and its definition may go."""
    intro = 'Intro with [the rules][r].\n\n<div title="[h]">H</div>'
    notes = NOTES.replace("Intro paragraph with a unique phrase.", intro) + (
        "\n## Links\n\n- [r]: ../dna/principles.md\n\n[h]: ../dna/lifecycle.md\n"
    )
    root = _bank(tmp_path, notes)

    def call(find: str, replace: str) -> dict:
        return edit(open_bank(root), path="engineering/notes.md", find=find, replace=replace)

    refused(
        root,
        lambda: call("- [r]: ../dna/principles.md\n", ""),
        r"removes the link reference definition '\[r\]",
    )
    call("[h]: ../dna/lifecycle.md\n", "")
    assert "[h]:" not in (root / "engineering/notes.md").read_text(encoding="utf-8")


def test_an_html_block_whose_lines_stay_raw_html_may_change_its_opening(tmp_path: Path) -> None:
    """`<pre>` turned into `<div>` above the same lines leaves them raw HTML, as they were: the
    change holds what it held and is written. Only a block that runs on past blank lines, left
    open or taken away, is refused."""
    root = _bank(
        tmp_path, NOTES.replace("Intro paragraph", "<pre>\nkept as typed\n</pre>\n\nIntro paragraph")
    )
    edit(open_bank(root), path="engineering/notes.md", find="<pre>", replace="<div>")
    assert "<div>\nkept as typed\n</pre>" in decoded(root / "engineering/notes.md")
