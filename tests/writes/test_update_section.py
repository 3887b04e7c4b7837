"""`bank_update_section`: one named section rewritten; nothing outside it moves by a byte."""

from __future__ import annotations

from pathlib import Path

import pytest

from memorybank_server.writes.sections import update_section
from tests.conftest import copy_of_fixture, write_bank
from tests.writes._edit_helpers import (
    crlf_bom,
    decoded,
    no_new_findings,
    open_bank,
    refused,
    seeded,
    write_during_commit,
)

HEAD = """\
---
title: Auth
doc_kind: engineering
doc_function: canonical
purpose: How callers are authenticated and what they may do.
derived_from:
  - ../dna/principles.md
status: draft
---
"""
BEFORE = """\
# Auth

Overview.


Two blank lines above stay.

## Авторизация

Old text.

### Detail

Old detail.

## Авторизация и роли

Roles.

```python
def f():


    return 1
```

## Примеры

```text
a



b
```
"""


def _bank(tmp_path: Path, data: str | bytes = HEAD + BEFORE) -> Path:
    root = seeded(tmp_path, {"engineering/auth.md": data})
    readme = root / "engineering/README.md"
    readme.write_text(readme.read_text() + "- [Auth](auth.md) — authentication\n")
    return root


def _call(root: Path, section: str, content: str | None = "New text.", **options: object) -> dict:
    return update_section(
        open_bank(root), path="engineering/auth.md", section=section, content=content, **options
    )


def test_replace_touches_only_the_exact_russian_section(tmp_path: Path) -> None:
    root = _bank(tmp_path)
    with no_new_findings(root):
        result = _call(root, "Авторизация", "\n\nNew text.\n\n\n")
    text = (root / "engineering/auth.md").read_text()
    start = BEFORE.index("## Авторизация\n")
    end = BEFORE.index("## Авторизация и роли")
    assert text == HEAD + BEFORE[:start] + "## Авторизация\n\nNew text.\n\n" + BEFORE[end:]
    assert result == {
        "path": "engineering/auth.md",
        "section": "Авторизация",
        "mode": "replace",
        "updated": True,
        "dryRun": False,
        "bytesBefore": len((HEAD + BEFORE).encode()),
        "bytesAfter": len(text.encode()),
        "preview": "## Авторизация\n\nNew text.",
    }


def test_the_preview_of_a_section_of_one_long_line_is_bounded_by_bytes(tmp_path: Path) -> None:
    """The preview was cut by lines alone: content of one 900 KB line came back whole."""
    root = _bank(tmp_path)
    result = _call(root, "Авторизация", "ж" * 300_000, dry_run=True)
    assert len(result["preview"].encode("utf-8")) <= 4_000 and result["preview"].endswith("жж…")


def test_other_sections_code_blocks_keep_their_blank_line_runs(tmp_path: Path) -> None:
    root = _bank(tmp_path)
    _call(root, "роли", "Roles, rewritten.")
    text = (root / "engineering/auth.md").read_text()
    assert text.endswith(BEFORE[BEFORE.index("## Примеры") :])
    assert "a\n\n\n\nb" in text and "Overview.\n\n\nTwo blank lines" in text


def test_append_keeps_the_old_text_and_the_last_section_ends_the_file(tmp_path: Path) -> None:
    root = _bank(tmp_path)
    with no_new_findings(root):
        result = _call(root, "Примеры", "Added.", mode="append")
    text = (root / "engineering/auth.md").read_text()
    assert text.endswith("## Примеры\n\n```text\na\n\n\n\nb\n```\n\nAdded.\n")
    assert result["mode"] == "append" and result["preview"].endswith("Added.")


def test_a_level_three_heading_is_inside_the_section(tmp_path: Path) -> None:
    root = _bank(tmp_path)
    _call(root, "Авторизация", "Only this.")
    text = (root / "engineering/auth.md").read_text()
    assert "### Detail" not in text and "Only this.\n\n## Авторизация и роли" in text


def test_content_keeps_its_own_blank_lines_and_first_indent(tmp_path: Path) -> None:
    root = _bank(tmp_path)
    _call(root, "Авторизация", "    indented code\n\n\n\nafter")
    assert (
        "## Авторизация\n\n    indented code\n\n\n\nafter\n\n## "
        in (root / "engineering/auth.md").read_text()
    )


def test_ambiguous_unknown_and_symbol_only_names_are_refused(tmp_path: Path) -> None:
    root = _bank(tmp_path)
    message = refused(root, lambda: _call(root, "Автор"), "ambiguous")
    assert "Авторизация | Авторизация и роли" in message
    message = refused(root, lambda: _call(root, "Authorization"), "No section 'Authorization'")
    assert "Авторизация | Авторизация и роли | Примеры" in message
    refused(root, lambda: _call(root, "##"), "no letters or digits")


@pytest.mark.parametrize(
    ("section", "content", "options", "match"),
    [
        ("  ", "x", {}, "section is required"),
        ("Примеры", "  \n ", {}, "content is missing or blank"),
        ("Примеры", None, {}, "content is missing or blank"),
        ("Примеры", "x", {"mode": "prepend"}, "mode must be replace or append"),
        ("Примеры", "x", {"content_file": "notes.txt"}, "not both"),
        ("Авторизация", "```\nunclosed", {}, "code fence open"),
    ],
)
def test_refusals_change_no_byte(
    tmp_path: Path, section: str, content: str | None, options: dict, match: str
) -> None:
    root = _bank(tmp_path)
    refused(root, lambda: _call(root, section, content, **options), match)


def test_unknown_document_and_template_are_refused(tmp_path: Path) -> None:
    root = _bank(tmp_path)
    write_bank(root, {"flows/templates/x/T.md": "---\ndoc_function: template\n---\n# T\n\n## A\n\nz\n"})
    bank = open_bank(root)
    refused(root, lambda: update_section(bank, path="nope.md", section="A", content="x"), "Not a document")
    refused(
        root,
        lambda: update_section(bank, path="flows/templates/x/T.md", section="A", content="x"),
        "template",
    )


def test_content_file_inside_the_project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = _bank(tmp_path)
    (tmp_path / "draft.md").write_text("From a file.\n")
    monkeypatch.chdir(tmp_path)
    result = update_section(
        open_bank(root), path="engineering/auth.md", section="Примеры", content_file="draft.md"
    )
    assert result["updated"] and (root / "engineering/auth.md").read_text().endswith(
        "## Примеры\n\nFrom a file.\n"
    )


def test_inbox_notes_are_allowed(tmp_path: Path) -> None:
    root = copy_of_fixture(tmp_path)
    (root / "_inbox/2026-11-01-note.md").write_text(
        (root / "_inbox/2026-11-01-note.md").read_text() + "\n## Claim\n\nOld.\n"
    )
    with no_new_findings(root):
        result = update_section(
            open_bank(root), path="_inbox/2026-11-01-note.md", section="claim", content="New."
        )
    assert result["section"] == "Claim"
    assert (root / "_inbox/2026-11-01-note.md").read_text().endswith("## Claim\n\nNew.\n")


def test_dry_run_writes_nothing(tmp_path: Path) -> None:
    root = _bank(tmp_path)
    before = (root / "engineering/auth.md").read_bytes()
    result = _call(root, "Примеры", "Dry.", dry_run=True)
    assert (root / "engineering/auth.md").read_bytes() == before
    assert (
        result["updated"] is False and result["dryRun"] is True and result["preview"] == "## Примеры\n\nDry."
    )


def test_crlf_and_bom_are_kept(tmp_path: Path) -> None:
    root = _bank(tmp_path, crlf_bom(HEAD + BEFORE))
    with no_new_findings(root):
        _call(root, "Авторизация", "Line one\r\nline two")
    data = (root / "engineering/auth.md").read_bytes()
    assert data.startswith(b"\xef\xbb\xbf---\r\n") and b"\n" not in data.replace(b"\r\n", b"")
    assert "## Авторизация\n\nLine one\nline two\n\n## Авторизация и роли" in decoded(
        root / "engineering/auth.md"
    )


def test_lone_carriage_returns_are_kept(tmp_path: Path) -> None:
    """A section of an old Mac file (a carriage return alone ends each line) is found and
    replaced; the file keeps its endings, on the new lines too."""
    root = _bank(tmp_path, (HEAD + BEFORE).replace("\n", "\r").encode())
    with no_new_findings(root):
        _call(root, "Авторизация", "Line one\nline two")
    data = (root / "engineering/auth.md").read_bytes()
    expected = HEAD + BEFORE.replace("Old text.\n\n### Detail\n\nOld detail.\n", "Line one\nline two\n")
    assert data == expected.replace("\n", "\r").encode()


def test_a_file_changed_after_it_was_read_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = _bank(tmp_path)
    target = root / "engineering/auth.md"
    theirs = (HEAD + BEFORE + "\nTheir line.\n").encode()
    write_during_commit(monkeypatch, target, theirs)
    with pytest.raises(Exception, match="changed on disk since it was read"):
        _call(root, "Примеры", "Mine.")
    assert target.read_bytes() == theirs


def test_seeded_draft_is_filled_section_by_section(tmp_path: Path) -> None:
    root = seeded(tmp_path)
    bank = open_bank(root)
    names = [s.title for s in bank.docs["product/context.md"].sections]
    with no_new_findings(root):
        for name in names:
            update_section(bank, path="product/context.md", section=name, content=f"Filled {name}.")
    text = (root / "product/context.md").read_text()
    assert all(f"## {name}\n\nFilled {name}.\n" in text for name in names)


def test_a_heading_used_twice_is_refused_for_writes_and_reads(tmp_path: Path) -> None:
    """Taking the first of two `## Rates` sections rewrote one the caller may not have meant."""
    from memorybank_server.errors import ToolInputError
    from memorybank_server.read import read
    from memorybank_server.writes.edit import edit

    twice = HEAD + "# Auth\n\n## Rates\n\nEU rates.\n\n## Rates\n\nUS rates.\n"
    root = _bank(tmp_path, twice)
    message = refused(root, lambda: _call(root, "Rates"), "ambiguous")
    assert "2 sections are headed 'Rates';" in message
    refused(root, lambda: _call(root, "rates"), "ambiguous")
    refused(
        root,
        lambda: edit(open_bank(root), path="engineering/auth.md", find="rates", replace="x", section="Rates"),
        "ambiguous",
    )
    with pytest.raises(ToolInputError, match="ambiguous"):
        read(open_bank(root), "engineering/auth.md", "Rates")


@pytest.mark.parametrize(
    ("inside", "named"),
    [
        ("Notes\n-----\n\nkeep me", "Notes"),
        ("Title\n===\n\nkeep", "Title"),
    ],
)
def test_a_heading_the_bank_does_not_read_ends_no_section_silently(
    tmp_path: Path, inside: str, named: str
) -> None:
    """A setext heading is a heading to every reader but not to the `## ` scan: replacing the
    section before it deleted it and what followed."""
    text = HEAD + f"# Auth\n\n## Formula\n\nold\n\n{inside}\n\n## Last\n\nend\n"
    root = _bank(tmp_path, text)
    message = refused(root, lambda: _call(root, "Formula"), "runs on past")
    assert f"'{named}'" in message
    fenced_rule = HEAD + "# Auth\n\n## Formula\n\n```\nNotes\n-----\n```\n\n## Last\n\nend\n"
    root = _bank(tmp_path / "fenced", fenced_rule)
    _call(root, "Formula")  # inside code it is no heading: the section is written
    assert "New text." in decoded(root / "engineering/auth.md")


def test_a_heading_indented_by_up_to_three_spaces_is_a_section_as_readers_show_it(tmp_path: Path) -> None:
    """`  ## Risks` is a heading to every CommonMark reader (a pasted page often indents all of
    them): it was no section, so it could not be read by name and the section above it ran on
    through it. Four spaces make a code block, which is no heading."""
    from memorybank_server.read import read

    text = HEAD + "# Auth\n\n## Formula\n\nold\n\n  ## Risks\n\nkeep me\n\n    ## Code, not a heading\n"
    root = _bank(tmp_path, text)
    assert read(open_bank(root), "engineering/auth.md", "Risks")["content"].startswith("  ## Risks")
    _call(root, "Formula")
    after = decoded(root / "engineering/auth.md")
    assert "New text." in after and "old" not in after and "  ## Risks\n\nkeep me" in after
    assert [s.title for s in open_bank(root).docs["engineering/auth.md"].sections] == ["Formula", "Risks"]


@pytest.mark.parametrize(
    ("content", "named"),
    [
        ("Summary\n-------", "Summary"),
        ("Title\n===", "Title"),
    ],
)
@pytest.mark.parametrize("tool", ["update_section", "edit"])
def test_new_text_holding_a_heading_the_bank_does_not_read_is_refused(
    tmp_path: Path, content: str, named: str, tool: str
) -> None:
    """It was written, and the section holding it could never be rewritten after: the next update
    refused it as running on past that heading."""
    from memorybank_server.writes.edit import edit

    root = _bank(tmp_path, HEAD + "# Auth\n\n## Formula\n\nold\n\n## Last\n\nend\n")
    if tool == "edit":
        call = lambda: edit(open_bank(root), path="engineering/auth.md", find="old", replace=content)  # noqa: E731
    else:
        call = lambda: _call(root, "Formula", content)  # noqa: E731
    message = refused(root, call, "as a heading readers show")
    assert f"'{named}'" in message


@pytest.mark.parametrize(
    "content",
    ["- item\n  continued\n---", "    code line\n---", "> quote\nlazy\n---", "Text\n\n---\n\nMore"],
    ids=["after a list item", "after indented code", "after a lazy quote line", "a rule between paragraphs"],
)
def test_a_rule_commonmark_reads_as_a_rule_is_written(tmp_path: Path, content: str) -> None:
    """`---` under a list item, an indented code block or a lazy quote line is a thematic break to
    CommonMark, not a heading; the guard refused them as headings."""
    root = _bank(tmp_path, HEAD + "# Auth\n\n## Formula\n\nold\n\n## Last\n\nend\n")
    _call(root, "Formula", content)
    assert content in decoded(root / "engineering/auth.md")


@pytest.mark.parametrize(
    "inside",
    ["> ## Note\n> quoted", "- ## item", "- Item\n  ---", "> Quoted\n> ===", "1. ## Step one"],
    ids=["quote", "list item", "rule in a list", "setext in a quote", "numbered"],
)
@pytest.mark.parametrize("tool", ["update_section", "edit"])
def test_a_heading_inside_a_quote_or_a_list_item_is_part_of_it(
    tmp_path: Path, inside: str, tool: str
) -> None:
    """Such headings belong to their block, and the guard refused sections holding them."""
    from memorybank_server.writes.edit import edit

    root = _bank(tmp_path, HEAD + f"# Auth\n\n## Formula\n\nold\n\n{inside}\n\n## Last\n\nend\n")
    if tool == "edit":
        edit(open_bank(root), path="engineering/auth.md", find="old", replace=f"new\n\n{inside}")
    else:
        _call(root, "Formula", f"new\n\n{inside}")
    assert "new" in decoded(root / "engineering/auth.md")


@pytest.mark.parametrize(
    ("inside", "named"),
    [("# Other\n\nkeep me", "# Other"), ("    ```\ncode\n\n## Hidden\n\nkeep me", "## Hidden")],
    ids=["a level-one heading", "a heading the bank takes for code"],
)
def test_a_section_running_on_past_a_heading_readers_see_is_not_rewritten(
    tmp_path: Path, inside: str, named: str
) -> None:
    """Rewriting `## Formula` deleted a `# Other` after it, or a `## Hidden` the bank's fence scan
    took for code (an indented ``` opens no fence to a reader), with the text under them."""
    text = HEAD + f"# Auth\n\n## Formula\n\nold\n\n{inside}\n\n## Last\n\nend\n"
    root = _bank(tmp_path, text)
    message = refused(root, lambda: _call(root, "Formula"), "runs on past")
    assert f"'{named}'" in message


def test_a_second_heading_with_the_text_of_one_already_there_is_refused(tmp_path: Path) -> None:
    from memorybank_server.writes.edit import edit

    root = _bank(tmp_path, HEAD + "# Auth\n\n## Formula\n\nSummary\n-------\n\nold\n\n## Last\n\nend\n")
    refused(
        root,
        lambda: edit(open_bank(root), path="engineering/auth.md", find="old", replace="Summary\n-------"),
        "as a heading readers show",
    )


@pytest.mark.parametrize("mode", ["replace", "append"])
def test_a_file_without_a_final_line_break_gains_none(tmp_path: Path, mode: str) -> None:
    """Rewriting the last section of a file that ends without a line break added one: a change
    at the end of the file the write never asked for (every other write keeps it as it was)."""
    root = _bank(tmp_path, HEAD + BEFORE.rstrip("\n"))
    with no_new_findings(root):
        _call(root, "Примеры", "Added.", mode=mode)
    text = (root / "engineering/auth.md").read_text()
    assert text.endswith("\n\nAdded.")


def test_a_write_that_gives_two_sections_one_name_is_refused(tmp_path: Path) -> None:
    """Two sections under one heading (or one that reads the same: `## roles` and `## Roles`)
    can no longer be read or rewritten by name: every later request for them is refused as
    ambiguous. The write that would make the second one is refused instead."""
    from memorybank_server.writes.edit import edit

    root = _bank(tmp_path)
    target = "engineering/auth.md"
    twice = "## Авторизация"
    refused(root, lambda: edit(open_bank(root), path=target, find="## Примеры", replace=twice), "second")
    refused(root, lambda: _call(root, "Примеры", "Text.\n\n## авторизация и РОЛИ\n\nMore."), "second section")
    _call(root, "Примеры", "Text.\n\n## Авторизация: примеры\n\nMore.")  # a name of its own is written


def test_removing_the_opening_of_a_comment_a_later_section_closes_is_refused(tmp_path: Path) -> None:
    """A `<!--` inside one section's text, closed by a `-->` in the next: rewriting the first
    section without its `<!--` changed what the rest of the document means to a renderer without
    a byte of it changing; the check looked only at whether the whole document ended inside a
    comment, and it ends outside one either way. (A `<!--` line would open a comment block that
    hides the heading between, which is then no section: the next test.)"""
    commented = BEFORE.replace("Old text.\n", "<b>Old</b> <!--\nOld text.\n").replace(
        "Roles.\n", "Roles.\n-->\n"
    )
    root = _bank(tmp_path, HEAD + commented)
    refused(root, lambda: _call(root, "Авторизация", "New text."), "leaves an HTML comment open")


def test_a_heading_a_comment_block_hides_is_part_of_the_section_that_holds_the_comment(
    tmp_path: Path,
) -> None:
    """A `<!--` line opens a block that runs to its `-->`, across a `##` line: no reader shows
    that heading, so the bank reads no section there, and rewriting the section above replaces
    the comment whole, revealing nothing."""
    from memorybank_server.read import read

    commented = BEFORE.replace("Old text.\n", "<!--\nOld text.\n").replace("Roles.\n", "Roles.\n-->\n")
    root = _bank(tmp_path, HEAD + commented)
    bank = open_bank(root)
    assert [s.title for s in bank.docs["engineering/auth.md"].sections] == ["Авторизация", "Примеры"]
    assert "-->" in read(bank, "engineering/auth.md", "Авторизация")["content"]
    _call(root, "Авторизация", "New text.")
    after = decoded(root / "engineering/auth.md")
    assert "<!--" not in after and "-->" not in after and "## Примеры" in after


def test_opening_a_comment_before_one_the_document_already_closes_is_refused(tmp_path: Path) -> None:
    """`<!-- oops` written into a section hid every later section down to the next comment's
    `-->`: the document still ended outside a comment, so the whole-document check let it pass."""
    root = _bank(tmp_path, HEAD + BEFORE + "\n## Notes\n\nVisible.\n\n<!-- a real note -->\n")
    refused(
        root, lambda: _call(root, "Авторизация и роли", "Roles. <!-- oops"), "leaves an HTML comment open"
    )


@pytest.mark.parametrize(
    "content",
    ["Type `<!--` to open a comment.", "Example:\n\n```html\n<!-- header\n```"],
    ids=["span", "fence"],
)
def test_a_comment_opener_shown_as_code_opens_nothing(tmp_path: Path, content: str) -> None:
    """A `<!--` in a code span or fenced code is code a reader sees, not a comment: a section
    showing one, in a document with a real comment further on, is written."""
    root = _bank(tmp_path, HEAD + BEFORE + "\n## Notes\n\nVisible.\n\n<!-- a real note -->\n")
    _call(root, "Авторизация", content)
    assert content in (root / "engineering/auth.md").read_text(encoding="utf-8")
    _call(root, "Авторизация", "Plain again.")  # and taking it out again opens nothing either


REFERENCED = HEAD + (
    "# Auth\n\n## Intro\n\nSee [the policy][p] and [Roles][].\n\n## Links\n\n[p]: ../dna/principles.md\n"
    "[roles]: ../dna/principles.md#roles\n\n## Other\n\nText.\n"
)


def test_a_rewrite_that_drops_a_definition_other_sections_use_is_refused(tmp_path: Path) -> None:
    """`[the policy][p]` above used `[p]: …` in the section rewritten: without it the link shows
    as plain text in a section the write never touched. Keeping it, or dropping an unused one, is
    written."""
    root = _bank(tmp_path, REFERENCED)
    refused(root, lambda: _call(root, "Links", "[roles]: ../dna/principles.md#roles"), r"removes .*\[p\]")
    kept = "[p]: ../dna/principles.md\n[roles]: ../dna/principles.md#roles\n[new]: x.md"
    assert _call(root, "Links", kept)["updated"]
    text = (root / "engineering/auth.md").read_text(encoding="utf-8")
    assert "[new]: x.md" in text


def test_a_definition_written_above_the_one_links_follow_is_refused(tmp_path: Path) -> None:
    """Readers follow a label's first definition (case-folded): `[P]: elsewhere.md` written in an
    earlier section would lead every `[…][p]` there; changing the one definition is allowed."""
    root = _bank(tmp_path, REFERENCED)
    shadow = "See [the policy][p].\n\n[P]: elsewhere.md"
    refused(root, lambda: _call(root, "Intro", shadow), "above its definition")
    _call(root, "Links", "[p]: ../dna/lifecycle.md\n[roles]: ../dna/principles.md#roles")
    assert "[p]: ../dna/lifecycle.md" in (root / "engineering/auth.md").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "opener", ["<pre>", "<script>", "<style>", "<textarea>", "<?php", "<![CDATA[", "<!DOCTYPE"]
)
def test_an_html_block_left_open_is_refused(tmp_path: Path, opener: str) -> None:
    """`<pre>` (or `<script>`, `<?`, `<![CDATA[`, …) at a line's start opens an HTML block that
    runs past blank lines to its closing tag: left open in one section, it turned every later
    section, headings and links included, into raw HTML for every reader, and was written."""
    root = _bank(tmp_path)
    refused(root, lambda: _call(root, "Авторизация", f"Intro.\n\n{opener}\nText."), "HTML block")


def test_taking_the_opening_of_an_html_block_the_next_section_closes_is_refused(tmp_path: Path) -> None:
    """A `<pre>` a later section closes hides the heading between from readers; rewriting the
    section without the `<pre>` would show the rest as it never was. Closed in the section it
    opens in, it is written, and so is one in a code span."""
    root = _bank(tmp_path, HEAD + BEFORE.replace("Old detail.\n", "<pre>\nOld detail.\n") + "</pre>\n")
    refused(root, lambda: _call(root, "Авторизация", "New text."), "HTML block")
    root = _bank(tmp_path / "closed")
    for content in ("<pre>\nkept as typed\n</pre>", "Type `<pre>` for preformatted text."):
        _call(root, "Авторизация", content)
        assert content in decoded(root / "engineering/auth.md")
