"""Registration: which index takes a new document, and the entry's shape in it (spec §5.4–5.5, §12.13)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from pathlib import Path

import pytest

from memorybank_lint.bank import Bank
from memorybank_lint.edits.entries import add_entry, add_section
from memorybank_lint.edits.registration import find_index
from memorybank_lint.markdown import fenced, links
from memorybank_lint.sections import BY_DIRECTORY, EMPTY_REGISTRY, section_index
from memorybank_server.scaffold import root_index
from memorybank_server.writes.create import create
from tests.conftest import copy_of_fixture

LEGACY = "Empty. A first document of this kind is registered here."
OURS = "Empty. The first document of this kind is registered here."
HEAD = "---\ntitle: Index\ndoc_function: index\npurpose: An index.\n---\n"


def test_our_placeholder_is_replaced_by_the_first_entry() -> None:
    text = section_index(BY_DIRECTORY["adr"])
    out = add_entry(text, "ADR-1.md", "Cache", "Why we cache.")
    assert "Empty." not in out
    assert out.endswith("## Registry\n\n- [Cache](ADR-1.md) — Why we cache.\n")


@pytest.mark.parametrize("sentence", [OURS, LEGACY], ids=["ours", "reference"])
def test_both_placeholder_wordings_are_replaced(sentence: str) -> None:
    text = f"{HEAD}# Index\n\n## Registry\n\n{sentence}\n"
    out = add_entry(text, "a.md", "A", "First.")
    assert out == f"{HEAD}# Index\n\n## Registry\n\n- [A](a.md) — First.\n"


def test_placeholder_before_existing_links_goes_without_an_off_by_one() -> None:
    text = f"{HEAD}# Index\n\n## Registry\n\n{LEGACY}\n\n- [A](a.md) — first\n- [B](b.md) — second\n"
    out = add_entry(text, "c.md", "C", "third")
    assert (
        out
        == f"{HEAD}# Index\n\n## Registry\n\n- [A](a.md) — first\n- [B](b.md) — second\n- [C](c.md) — third\n"
    )


def test_table_row_maps_cells_by_header_and_escapes_pipes() -> None:
    text = (
        f"{HEAD}# Index\n\n| Status | Document | Summary |\n|---|---|---|\n"
        "| done | [A](a.md) | first |\n\nAfter the table.\n"
    )
    out = add_entry(text, "b.md", "B | two", "reads | writes")
    assert "| done | [A](a.md) | first |\n|  | [B \\| two](b.md) | reads \\| writes |\n\nAfter" in out


def test_a_table_row_fills_title_and_status_by_header_and_labels_the_link_by_its_identifier() -> None:
    text = (
        f"{HEAD}| ADR | Title | Status | Date |\n|---|---|---|---|\n"
        "| [ADR-001](ADR-001.md) | Queue | accepted | 2026-01-02 |\n"
    )
    out = add_entry(text, "ADR-002-storage.md", "Storage", "Where data lives.", status="draft")
    assert out.endswith("| [ADR-002](ADR-002-storage.md) | Storage | draft |  |\n")


def test_a_registry_shaped_like_the_real_ones_gets_backticks_where_its_rows_have_them() -> None:
    header = "| UC ID | Title | Status | Primary actor | Upstream PRD | Implemented by | Last updated |"
    model = (
        "| [`UC-001`](UC-001-discovery.md) | Cross-Provider Discovery | `active` | Developer | "
        "`PRD-001` | `FT-001` | 2026-04-13 |"
    )
    text = f"{HEAD}## Registry\n\n{header}\n| --- | --- | --- | --- | --- | --- | --- |\n{model}\n"
    out = add_entry(text, "UC-002-restore.md", "Safe | Restore", "Restoring a toggle.", status="draft")
    assert out.endswith(
        f"{model}\n| [`UC-002`](UC-002-restore.md) | Safe \\| Restore | `draft` |  |  |  |  |\n"
    )


def test_russian_headers_name_the_title_status_and_purpose_columns() -> None:
    text = (
        f"{HEAD}| Файл | Название | Статус | Назначение |\n|---|---|---|---|\n"
        "| [a.md](a.md) | Альфа | active | первый |\n"
    )
    out = add_entry(text, "b.md", "Бета", "второй", status="draft")
    assert out.endswith(
        "| [a.md](a.md) | Альфа | active | первый |\n| [b.md](b.md) | Бета | draft | второй |\n"
    )


def test_a_path_column_gets_the_path_and_the_link_stays_where_the_model_has_it() -> None:
    text = f"{HEAD}| Title | Path | Purpose |\n|---|---|---|\n| [A](a.md) | `a.md` | first |\n"
    out = add_entry(text, "sub/b.md", "B", "second", status="draft")
    assert out.endswith("| [A](a.md) | `a.md` | first |\n| [B](sub/b.md) | `sub/b.md` | second |\n")


def test_table_purpose_column_found_by_a_russian_header() -> None:
    text = f"{HEAD}| Документ | Назначение |\n|---|---|\n| [A](a.md) | первый |\n"
    out = add_entry(text, "b.md", "Б", "второй")
    assert out.endswith("| [A](a.md) | первый |\n| [Б](b.md) | второй |\n")


def test_bullet_keeps_its_indent_and_bullet_character() -> None:
    text = f"{HEAD}# Index\n\n  * [A](a.md) — first\n"
    assert add_entry(text, "b.md", "B", "second").endswith("  * [A](a.md) — first\n  * [B](b.md) — second\n")


def test_numbered_items_continue_the_numbering() -> None:
    text = f"{HEAD}1. [A](a.md) — first\n2) [B](b.md) — second\n"
    assert add_entry(text, "c.md", "C", "third").endswith("2) [B](b.md) — second\n3) [C](c.md) — third\n")


def test_two_line_entries_are_copied_but_nested_bullets_are_not_a_second_line() -> None:
    two = f"{HEAD}- [A](a.md)\n    What A is for.\n"
    assert add_entry(two, "b.md", "B", "What B is for.").endswith(
        "    What A is for.\n- [B](b.md)\n    What B is for.\n"
    )
    nested = f"{HEAD}- [A](a.md)\n  - a detail\n"
    assert add_entry(nested, "b.md", "B", "second").endswith("  - a detail\n- [B](b.md) — second\n")


def test_a_backticked_label_is_copied() -> None:
    text = f"{HEAD}- [`a.md`](a.md) — first\n"
    assert add_entry(text, "b.md", "Bee", "second").endswith("- [`Bee`](b.md) — second\n")


def test_brackets_in_a_title_cannot_break_the_link() -> None:
    out = add_entry(f"{HEAD}- [A](a.md) — first\n", "b.md", "B [draft]", "second")
    assert out.endswith("- [B (draft)](b.md) — second\n")


@pytest.mark.parametrize(
    ("title", "label"),
    [("```", "untitled"), ("Use `uv` for `deps", "Use uv for deps"), ("C:\\path\\", "C:/path/")],
)
def test_backticks_and_backslashes_in_a_title_cannot_swallow_the_link(title: str, label: str) -> None:
    out = add_entry(f"{HEAD}- [A](a.md) — first\n", "b.md", title, "second")
    assert out.endswith(f"- [{label}](b.md) — second\n")
    assert ("b.md" in [target for _label, target, _column in links(out.split("\n")[-2])]) is True


def test_a_purpose_that_would_open_a_fence_stays_on_the_entry_line() -> None:
    two = f"{HEAD}- [A](a.md)\n    What A is for.\n\n- [Z](z.md)\n    Last.\n"
    out = add_entry(two, "b.md", "B", "```")
    assert out.endswith("    Last.\n- [B](b.md) — ```\n")
    assert not any(fenced(out.split("\n")))


def test_registry_heading_anchors_the_entry() -> None:
    text = (
        f"{HEAD}# Index\n\n## Registry\n\n- [A](a.md) — first\n\n## See also\n\n"
        "- [Elsewhere](../x/elsewhere.md) — not an entry of this registry\n"
    )
    out = add_entry(text, "b.md", "B", "second")
    assert "- [A](a.md) — first\n- [B](b.md) — second\n\n## See also" in out


def test_a_registry_heading_inside_an_html_comment_is_no_registry() -> None:
    """A template's guidance comment showing a `## Registry` took the entry, placed right after
    the `-->`, above the real registry: no reader sees a heading in a comment."""
    text = (
        f"{HEAD}# Index\n\n<!--\n## Registry\n\nList the pages here.\n-->\n\n"
        "## Registry\n\n- [A](a.md) — first\n"
    )
    out = add_entry(text, "b.md", "B", "second")
    assert out.endswith("## Registry\n\n- [A](a.md) — first\n- [B](b.md) — second\n"), out
    assert "-->\n\n## Registry" in out


def test_empty_registry_section_without_placeholder_gets_a_spaced_entry() -> None:
    text = f"{HEAD}# Index\n\n## Registry\n## Notes\n\nProse.\n"
    out = add_entry(text, "a.md", "A", "first")
    assert "## Registry\n\n- [A](a.md) — first\n\n## Notes\n" in out


def test_a_prose_link_is_never_the_model() -> None:
    text = f"{HEAD}- [A](a.md) — first\n\nSee [the guide](guide.md) for more.\n"
    out = add_entry(text, "b.md", "B", "second")
    assert "- [A](a.md) — first\n- [B](b.md) — second\n\nSee [the guide]" in out


def test_links_in_fenced_code_are_examples_not_models() -> None:
    text = f"{HEAD}- [A](a.md) — first\n\n```markdown\n| [x](x.md) | y |\n```\n"
    assert "- [A](a.md) — first\n- [B](b.md) — second\n\n```" in add_entry(text, "b.md", "B", "second")


def test_no_link_line_appends_a_plain_bullet() -> None:
    assert add_entry(f"{HEAD}# Index\n\nNothing yet.\n\n", "a.md", "A", "first") == (
        f"{HEAD}# Index\n\nNothing yet.\n\n- [A](a.md) — first\n"
    )


def test_the_root_index_never_grows_a_task_table_row() -> None:
    text = root_index("demo")
    out = add_entry(text, "notes.md", "Notes", "Loose ends.", root=True)
    table = text[text.index("## Task-Specific Routes") :]
    assert out.endswith(table)
    assert (
        "  Read this when you need the bank's own rules: principles, ownership, fields, lifecycle.\n" in out
    )
    assert "lifecycle.\n- [`Notes`](notes.md)\n  Loose ends.\n\n## Task-Specific Routes" in out


def test_a_section_joins_the_root_section_list_in_the_two_line_shape() -> None:
    text = root_index("demo")
    out = add_section(text, "epics", "Read this for epics.", "Epic Registry")
    assert (
        "  Read this when you need the steps of a recurring procedure.\n"
        "- [`epics/README.md`](epics/README.md)\n  Read this for epics.\n\n- [`flows/README.md`]"
    ) in out
    assert add_section(out, "epics", "Read this for epics.", "Epic Registry") == out


def test_a_section_listed_only_inside_a_comment_is_listed_again() -> None:
    """`<!-- - [Epics](epics/README.md) -->` lists the section for no reader: it is added."""
    text = f"{HEAD}- [Domain](domain/README.md)\n<!-- - [Epics](epics/README.md) -->\n"
    out = add_section(text, "epics", "Read this for epics.", "Epic Registry")
    entry = "- [Epic Registry](epics/README.md) — Read this for epics.\n"
    assert f"- [Domain](domain/README.md)\n{entry}<!--" in out


def test_a_section_joins_labelled_section_bullets() -> None:
    table = "| A | B |\n|---|---|\n| [y](y.md) | x |\n"
    text = f"{HEAD}- [Domain](domain/README.md)\n- [ADRs](adr/README.md)\n\n{table}"
    out = add_section(text, "epics", "Read this for epics.", "Epic Registry")
    assert "- [ADRs](adr/README.md)\n- [Epic Registry](epics/README.md) — Read this for epics.\n\n| A" in out


def test_nearest_index_wins_and_index_md_counts_only_as_an_index(tmp_path: Path, put: Callable) -> None:
    root = tmp_path / "bank"
    put(root, "README.md", f"{HEAD}# Root\n")
    put(root, "features/README.md", f"{HEAD}# Features\n")
    put(root, "features/FT-1/README.md", f"{HEAD}# FT-1\n")
    put(root, "guides/index.md", "---\ntitle: Guides\ndoc_function: index\npurpose: x.\n---\n# Guides\n")
    put(root, "notes/index.md", "---\ntitle: Notes\ndoc_function: canonical\npurpose: x.\n---\n# Notes\n")
    put(root, "tpl/README.md", "---\ntitle: T\ndoc_function: template\npurpose: x.\n---\n# T\n")
    bank = Bank(root)
    bank.refresh()
    assert find_index(bank, "features/FT-1/brief.md") == "features/FT-1/README.md"
    assert find_index(bank, "features/FT-1/README.md") == "features/README.md"
    assert find_index(bank, "guides/a/b.md") == "guides/index.md"
    assert find_index(bank, "notes/b.md") == "README.md"
    assert find_index(bank, "tpl/b.md") == "README.md"
    assert find_index(bank, "top.md") == "README.md"
    assert find_index(bank, "README.md") is None


def test_registration_keeps_a_bom_and_crlf_index_byte_faithful(seeded: Bank, clean_after: Callable) -> None:
    index = seeded.root / "adr" / "README.md"
    original = index.read_text("utf-8")
    index.write_bytes(("\ufeff" + original.replace("\n", "\r\n")).encode("utf-8"))
    result = create(
        seeded,
        doc_kind="adr",
        path="adr/ADR-1-cache.md",
        title="Cache",
        purpose="Why we cache.",
        derived_from=["../dna/principles.md"],
        today=dt.date(2026, 1, 2),
    )
    assert result["registeredIn"] == ["adr/README.md"]
    data = index.read_bytes()
    assert data.startswith("\ufeff".encode())
    assert data.count(b"\n") == data.count(b"\r\n")
    expected = original.replace(EMPTY_REGISTRY, "- [Cache](ADR-1-cache.md) — Why we cache.")
    assert data.decode("utf-8") == "\ufeff" + expected.replace("\n", "\r\n")
    clean_after(seeded)


def test_a_create_without_a_title_is_registered_in_a_table_index_with_every_cell_it_can_fill(
    tmp_path: Path,
) -> None:
    root = copy_of_fixture(tmp_path)
    bank = Bank(root)
    result = create(
        bank,
        doc_kind="adr",
        path="adr/ADR-004-cache-policy.md",
        title=None,
        purpose="Why reads are cached.",
        derived_from=["../dna/principles.md"],
        today=dt.date(2026, 3, 14),
    )
    assert result["frontmatter"]["title"] == "ADR-004 Cache policy"
    index = (root / "adr/README.md").read_text("utf-8")
    assert (
        "| [Template](ADR-ID.md) | — | — |\n"
        "| [ADR-004](ADR-004-cache-policy.md) | ADR-004 Cache policy | draft |\n" in index
    )


@pytest.mark.parametrize(
    "index",
    [
        HEAD + "# Index\n\n- [One](one.md) — first\n",
        HEAD + "| Document | Purpose |\n|---|---|\n| [One](one.md) | first |\n",
    ],
)
def test_a_purpose_cannot_add_a_link_or_a_comment_to_the_index(index: str) -> None:
    """The purpose is the document's own text: a link in it is written for the document's
    folder, and in the index it would be an entry of its own (dead, or pointing elsewhere)."""
    purpose = "Rates; replaces [the old table](old-rates.md) <!-- memorybank-lint: disable -->"
    text = add_entry(index, "rates.md", "Rates", purpose)
    assert [target for line in text.split("\n") for _l, target, _c in links(line)] == ["one.md", "rates.md"]
    assert "<!--" not in text and "[the old table] (old-rates.md)" in text


def test_a_title_or_status_cell_forms_no_link_in_a_table_index() -> None:
    index = (
        HEAD
        + "| ADR | Title | Purpose | Status |\n|---|---|---|---|\n"
        + "| [ADR-001](ADR-001.md) | One | p | active |\n"
    )
    text = add_entry(index, "ADR-002.md", "See [gone](nope.md)", "p", status="see [x](y.md)")
    assert [target for line in text.split("\n") for _l, target, _c in links(line)] == [
        "ADR-001.md",
        "ADR-002.md",
    ]


@pytest.mark.parametrize("tail", ["Some prose.  \n\n\n", "Some prose.", "Some prose.\n", "Some prose.\n\n"])
def test_an_entry_appended_to_an_index_without_a_list_keeps_every_byte_before_it(tail: str) -> None:
    index = HEAD + "# Index\n\n" + tail
    text = add_entry(index, "one.md", "One", "first")
    assert text.startswith(index) and text.endswith("\n\n- [One](one.md) — first\n")


def test_an_index_that_cannot_be_read_refuses_the_create_it_would_register(
    seeded: Bank, clean_after: Callable
) -> None:
    """The nearest index is the one a reader of the folder looks in; one that cannot be read must
    not be passed over for the root index, which would register the page where nobody looks."""
    from tests.writes.conftest import tree_hash

    index = seeded.root / "domain" / "README.md"
    index.write_bytes(index.read_bytes() + b"\xff\xfe broken\n")
    seeded.refresh()
    before = tree_hash(seeded.root)
    for dry_run in (True, False):
        with pytest.raises(Exception, match=r"'domain/README\.md'.*cannot be read.*UTF-8"):
            create(
                seeded,
                doc_kind="domain",
                path="domain/model.md",
                title="Model",
                purpose="Read when you need the entities.",
                derived_from=["../product/context.md"],
                today=dt.date(2026, 1, 2),
                dry_run=dry_run,
            )
        assert tree_hash(seeded.root) == before
    with pytest.raises(Exception, match=r"'domain/README\.md'.*cannot be read"):
        find_index(seeded, "domain/deeper/model.md")
    assert find_index(seeded, "adr/ADR-1.md") == "adr/README.md"


def test_an_entry_goes_after_the_lazy_lines_of_the_last_item_not_between_them() -> None:
    """A line right below an item, not indented, still belongs to that item's text (a lazy
    continuation). The entry went between them, and the line moved to the new item: the first
    entry lost the end of its text and the new one gained it."""
    text = f"{HEAD}# Index\n\n- [A](a.md) — first,\ncontinued on a second line\n\nA closing paragraph.\n"
    assert add_entry(text, "b.md", "B", "second").endswith(
        "- [A](a.md) — first,\ncontinued on a second line\n- [B](b.md) — second\n\nA closing paragraph.\n"
    )
