"""MB007 dangling-index-entry: an index document links to a markdown file that is not in the bank."""

from __future__ import annotations

import pytest

from memorybank_lint.paths import link_target

CODE = "MB007"


def test_dead_link_is_reported_at_its_line_and_column(make_bank, run_rule, tmp_path) -> None:
    readme = """
        # Index

        - [Queue choice](adr/ADR-009.md)
        - [Kept](adr/ADR-001.md)
        """
    bank = make_bank(tmp_path, {"README.md": readme, "adr/ADR-001.md": "# ADR 1\n"})
    [finding] = run_rule(bank, CODE)
    assert finding.code == CODE
    assert finding.rule == "dangling-index-entry"
    assert finding.path == "README.md"
    assert (finding.line, finding.column) == (3, 3)
    assert "'adr/ADR-009.md'" in finding.message


def test_resolving_links_are_silent(make_bank, run_rule, tmp_path) -> None:
    readme = "- [a](a.md)\n| x | [b](sub/b.md#part) |\nsee [c](../c.md) for more\n1. [d](sub/d.md)\n"
    bank = make_bank(
        tmp_path,
        {"README.md": readme, "a.md": "", "sub/b.md": "", "sub/d.md": "", "sub/README.md": "[c](../a.md)\n"},
    )
    assert run_rule(bank, CODE) == []


def test_line_counts_the_frontmatter_and_message_keeps_the_fragment(make_bank, run_rule, tmp_path) -> None:
    index = "---\ndoc_function: index\n---\n# Domain\n\nSee [x](gone.md#anchor) and [y](also-gone.md).\n"
    bank = make_bank(tmp_path, {"domain/index.md": index})
    findings = run_rule(bank, CODE)
    assert [(f.path, f.line, f.column) for f in findings] == [
        ("domain/index.md", 6, 5),
        ("domain/index.md", 6, 29),
    ]
    assert "'gone.md#anchor'" in findings[0].message


def test_index_without_frontmatter_is_checked(make_bank, run_rule, tmp_path) -> None:
    bank = make_bank(tmp_path, {"adr/README.md": "# ADRs\n- [x](gone.md)\n"})
    assert [(f.path, f.line) for f in run_rule(bank, CODE)] == [("adr/README.md", 2)]


def test_only_index_documents_are_checked(make_bank, run_rule, tmp_path) -> None:
    bank = make_bank(
        tmp_path,
        {
            "notes.md": "- [x](gone.md)\n",
            "index.md": "# Index without doc_function: index\n- [x](gone.md)\n",
        },
    )
    assert run_rule(bank, CODE) == []


def test_fenced_links_are_not_entries(make_bank, run_rule, tmp_path) -> None:
    readme = "# Index\n\n````markdown\n```md\n- [x](gone.md)\n```\n- [y](gone-too.md)\n````\n"
    bank = make_bank(tmp_path, {"README.md": readme})
    assert run_rule(bank, CODE) == []


def test_an_entry_commented_out_is_not_an_entry(make_bank, run_rule, tmp_path) -> None:
    """An index keeps an entry it no longer wants inside `<!-- … -->`: no reader shows it, so it
    leads nowhere for nobody; an entry after the comment is read again."""
    readme = (
        "# Index\n\n<!--\n- [Old](old.md)\n-->\n<!-- - [Older](older.md) -->\n"
        "   <!-- - [Oldest](oldest.md)\n\n- [Still](still.md) -->\n- [Gone](gone.md)\n"
    )
    bank = make_bank(tmp_path, {"README.md": readme})
    found = run_rule(bank, CODE)
    assert [(f.line, f.value) for f in found] == [(10, "gone.md")]


def test_a_reference_link_is_an_entry_at_the_definition_it_uses(make_bank, run_rule, tmp_path) -> None:
    """`- [Policy][tp]` with `[tp]: policy.md` below is an entry (labels match case-folded, the
    first definition wins); a definition no link uses is shown to nobody, so it is none."""
    readme = (
        "# Index\n\n- [Policy][tp]\n- [Gone][GONE]\n- [also gone][]\n- [Used twice][tp]\n\n"
        "[tp]: policy.md\n[gone]: gone.md\n[Also  Gone]: <also gone.md>\n[unused]: unused.md\n"
        "[tp]: shadowed.md\n"
    )
    bank = make_bank(tmp_path, {"README.md": readme, "policy.md": "# Policy\n"})
    found = run_rule(bank, CODE)
    assert [(f.line, f.column, f.value) for f in found] == [(9, 1, "gone.md"), (10, 1, "also gone.md")]
    assert bank.docs["policy.md"].registered_in == ["README.md"]


def test_links_in_frontmatter_are_not_entries(make_bank, run_rule, tmp_path) -> None:
    bank = make_bank(tmp_path, {"README.md": "---\nsee: '[x](gone.md)'\n---\n# Index\n"})
    assert run_rule(bank, CODE) == []


def test_template_readme_is_not_checked(make_bank, run_rule, tmp_path) -> None:
    template = "---\ndoc_function: template\n---\n# Feature\n\n- [Feature](feature.md)\n"
    bank = make_bank(tmp_path, {"flows/templates/feature/README.md": template})
    assert run_rule(bank, CODE) == []


def test_directory_links(make_bank, run_rule, tmp_path) -> None:
    readme = "# Features\n- [FT-001](FT-001/)\n- [FT-002](FT-002/)\n- [FT-003](FT-003/)\n"
    bank = make_bank(
        tmp_path,
        {
            "features/README.md": readme,
            "features/FT-001/README.md": "# FT-001\n",
            "features/FT-002/brief.md": "# FT-002\n",
            "features/FT-003/notes.txt": "not a document\n",
        },
    )
    [finding] = run_rule(bank, CODE)
    assert (finding.path, finding.line) == ("features/README.md", 4)
    assert "'FT-003/'" in finding.message
    assert "no documents live there" in finding.message


@pytest.mark.parametrize("target", ["../../other-bank/README.md", "https://example.com/x/README.md"])
def test_links_leaving_the_bank_are_skipped(make_bank, run_rule, tmp_path, target) -> None:
    bank = make_bank(tmp_path, {"adr/README.md": f"- [x]({target})\n"})
    assert run_rule(bank, CODE) == []


def test_archived_index_is_checked(make_bank, run_rule, tmp_path) -> None:
    bank = make_bank(tmp_path, {"README.md": "---\nstatus: archived\n---\n- [x](gone.md)\n"})
    assert [f.path for f in run_rule(bank, CODE)] == ["README.md"]


def test_scope_applies_to_the_index_document(make_bank, run_rule, tmp_path) -> None:
    bank = make_bank(tmp_path, {"README.md": "- [x](adr/gone.md)\n", "adr/README.md": "- [x](gone.md)\n"})
    assert [f.path for f in run_rule(bank, CODE, scope="adr")] == ["adr/README.md"]
    assert [f.path for f in run_rule(bank, CODE, paths=["README.md"])] == ["README.md"]


def test_percent_escapes_in_a_link_lead_to_the_file_they_spell(make_bank, run_rule, tmp_path) -> None:
    # A name with a space has no other inline form a renderer follows (`my%20doc.md`, as GitHub
    # writes it), and a Cyrillic name is often pasted from a browser's address bar.
    readme = (
        "- [Mine](my%20doc.md)\n- [Заметка](%D0%B7%D0%B0%D0%BC%D0%B5%D1%82%D0%BA%D0%B0.md#part)\n"
        "- [Gone](gone%20doc.md)\n- [Broken](bad%FF.md)\n"
    )
    files = {"README.md": readme, "my doc.md": "# Mine\n", "заметка.md": "# Заметка\n"}
    bank = make_bank(tmp_path, files)
    assert [(f.line, f.message) for f in run_rule(bank, CODE)] == [
        (3, "index entry 'gone%20doc.md' leads nowhere: 'gone doc.md' — it is not a document of this bank"),
        (4, "index entry 'bad%FF.md' leads nowhere: 'bad%FF.md' — it is not a document of this bank"),
    ]
    assert run_rule(bank, "MB009") == []


def test_a_destination_in_angle_brackets_leads_to_the_file_it_names(make_bank, run_rule, tmp_path) -> None:
    # `<my doc.md>` is how CommonMark writes a name with a space; its escapes read as in any link.
    readme = (
        '- [Mine](<my doc.md>)\n- [A](<a.md>)\n- [Titled](<my doc.md> "t")\n- [Escaped](<my%20doc.md>)\n'
        "- [Gone](<gone doc.md>)\n"
    )
    files = {"README.md": readme, "my doc.md": "# Mine\n", "a.md": "# A\n"}
    bank = make_bank(tmp_path, files)
    assert [(f.line, f.message) for f in run_rule(bank, CODE)] == [
        (5, "index entry 'gone doc.md' leads nowhere: 'gone doc.md' — it is not a document of this bank"),
    ]
    assert run_rule(bank, "MB009") == []


def test_a_name_beginning_with_a_space_keeps_it_in_a_link(make_bank, run_rule, tmp_path) -> None:
    # `%20notes.md` and `< notes.md>` lead to ` notes.md`, as a renderer follows them; read as
    # `notes.md`, they dangled, or registered that other document, and ` notes.md` went unregistered.
    readme = "- [Escaped](%20notes.md)\n- [Pointed](< notes.md>)\n- [Other](%20other.md)\n"
    files = {"README.md": readme, " notes.md": "# Notes\n", "other.md": "# Other\n"}
    bank = make_bank(tmp_path, files)
    assert [(f.line, f.message) for f in run_rule(bank, CODE)] == [
        (3, "index entry '%20other.md' leads nowhere: ' other.md' — it is not a document of this bank"),
    ]
    assert [f.path for f in run_rule(bank, "MB009")] == ["other.md"]


def test_backslash_escapes_in_a_link_lead_to_the_file_they_spell(make_bank, run_rule, tmp_path) -> None:
    # CommonMark reads `\_` in a destination as `_` (some editors escape every underscore), `\)`
    # as a `)` that does not end the link, and `\>` inside `<…>` as `>`.
    readme = (
        "- [Under](my\\_doc.md)\n- [Pointed](<my\\_doc.md>)\n- [Paren](a\\(1\\).md)\n"
        "- [Gone](gone\\_doc.md)\n"
    )
    files = {"README.md": readme, "my_doc.md": "# Mine\n", "a(1).md": "# A\n"}
    bank = make_bank(tmp_path, files)
    assert [(f.line, f.message) for f in run_rule(bank, CODE)] == [
        (4, "index entry 'gone\\_doc.md' leads nowhere: 'gone_doc.md' — it is not a document of this bank"),
    ]
    assert run_rule(bank, "MB009") == []
    assert link_target("README.md", "odd\\b.md").resolved == "odd\\b.md"  # no escape: kept


def test_character_references_in_a_link_lead_to_the_file_they_spell(make_bank, run_rule, tmp_path) -> None:
    # CommonMark reads `&amp;` in a destination as `&` (an editor that escapes HTML writes it so),
    # and `&#35;` as a `#` that starts the fragment; a backslash before the `&` keeps it as written.
    readme = "- [QA](Q&amp;A.md)\n- [Part](Q&amp;A.md&#35;part)\n- [Kept](R\\&amp;D.md)\n"
    files = {"README.md": readme, "Q&A.md": "# QA\n", "R&D.md": "# RD\n"}
    bank = make_bank(tmp_path, files)
    assert [(f.line, f.message) for f in run_rule(bank, CODE)] == [
        (3, "index entry 'R\\&amp;D.md' leads nowhere: 'R&amp;D.md' — it is not a document of this bank"),
    ]
    assert [f.path for f in run_rule(bank, "MB009")] == ["R&D.md"]


def test_percent_23_in_a_link_is_a_hash_of_the_file_name(make_bank, run_rule, tmp_path) -> None:
    # GitHub writes the link to `c#-style.md` as `c%23-style.md` and follows it there; the fragment
    # is cut before the escapes are read, so `c%23-style.md#usage` is the section `usage` of that file.
    readme = "- [C#](c%23-style.md)\n- [Usage](c%23-style.md#usage)\n- [Gone](f%23-style.md)\n"
    bank = make_bank(tmp_path, {"README.md": readme, "c#-style.md": "# C#\n"})
    assert [(f.line, f.message) for f in run_rule(bank, CODE)] == [
        (3, "index entry 'f%23-style.md' leads nowhere: 'f#-style.md' — it is not a document of this bank"),
    ]
    assert run_rule(bank, "MB009") == []
    target = link_target("sec/README.md", "c%23-style.md#usage")
    assert (target.raw, target.resolved) == ("c%23-style.md#usage", "sec/c#-style.md")


def test_an_entry_to_a_file_stored_in_the_other_unicode_normalisation_says_so(
    make_bank, run_rule, tmp_path
) -> None:
    import unicodedata

    stored = unicodedata.normalize("NFD", "café.md")
    readme = f"- [Cafe]({unicodedata.normalize('NFC', 'café.md')})\n"
    [finding] = run_rule(make_bank(tmp_path, {"README.md": readme, stored: "# Cafe\n"}), CODE)
    assert f"('{stored}' reads the same but is stored in another Unicode normalisation)" in finding.message


def test_a_destination_holding_parentheses_is_checked(make_bank, run_rule, tmp_path) -> None:
    """`guide_(v2).md` is one destination (CommonMark: parentheses that balance): the scanner read
    no link there, so a broken one went unreported."""
    readme = "# Index\n\n- [Guide](guide_(v2).md)\n- [Kept](kept_(v1).md)\n"
    bank = make_bank(tmp_path, {"README.md": readme, "kept_(v1).md": "# Kept\n"})
    [finding] = run_rule(bank, CODE)
    assert (finding.path, finding.line, finding.column) == ("README.md", 3, 3)
    assert "'guide_(v2).md'" in finding.message
