"""MB001 broken-derived-from: a `derived_from` entry names a document that is not in the bank."""

from __future__ import annotations

import pytest

CODE = "MB001"


def test_missing_target_is_reported_at_its_line(make_bank, run_rule, tmp_path) -> None:
    bank = make_bank(
        tmp_path,
        {
            "engineering/architecture.md": """
                ---
                title: Architecture
                derived_from:
                  - ../domain/rules.md
                  - ../missing/nowhere.md
                ---
                # Architecture
                """,
            "domain/rules.md": "# Rules\n",
        },
    )
    [finding] = run_rule(bank, CODE)
    assert finding.code == CODE
    assert finding.rule == "broken-derived-from"
    assert finding.path == "engineering/architecture.md"
    assert finding.line == 5
    assert "'../missing/nowhere.md' does not exist" in finding.message
    assert "missing/nowhere.md" in finding.message


def test_existing_target_is_silent(make_bank, run_rule, tmp_path) -> None:
    bank = make_bank(
        tmp_path,
        {
            "engineering/architecture.md": "---\nderived_from:\n  - ../domain/rules.md#thresholds\n---\n",
            "domain/rules.md": "# Rules\n",
        },
    )
    assert run_rule(bank, CODE) == []


@pytest.mark.parametrize(
    "target",
    ["../../x.md", "../../../other/memory_bank/flows/x.md", "https://github.com/x/y/issues/1", "#frag"],
)
def test_external_urls_and_empty_targets_are_not_reported(make_bank, run_rule, tmp_path, target) -> None:
    bank = make_bank(tmp_path, {"adr/c.md": f"---\nderived_from:\n  - '{target}'\n---\n"})
    assert run_rule(bank, CODE) == []


def test_one_finding_per_broken_edge(make_bank, run_rule, tmp_path) -> None:
    bank = make_bank(
        tmp_path,
        {
            "a.md": """
                ---
                derived_from:
                  - gone-one.md
                  - gone-two.md
                ---
                """,
        },
    )
    findings = run_rule(bank, CODE)
    assert [(f.path, f.line) for f in findings] == [("a.md", 3), ("a.md", 4)]
    assert "'gone-one.md'" in findings[0].message
    assert "'gone-two.md'" in findings[1].message


def test_each_broken_edge_is_reported_at_its_own_line(make_bank, run_rule, tmp_path) -> None:
    bank = make_bank(tmp_path, {"sec/a.md": "---\nderived_from:\n  - ../x/gone.md\n  - gone.md\n---\n"})
    findings = run_rule(bank, CODE)
    assert [(f.value, f.line) for f in findings] == [("../x/gone.md", 3), ("gone.md", 4)]


def test_existing_file_that_is_not_a_document_is_broken(make_bank, run_rule, tmp_path) -> None:
    bank = make_bank(
        tmp_path,
        {
            "a.md": "---\nderived_from:\n  - schema.yml\n  - .hidden.md\n---\n",
            "schema.yml": "x: 1\n",
            ".hidden.md": "# Hidden\n",
        },
    )
    assert [f.value for f in run_rule(bank, CODE)] == ["schema.yml", ".hidden.md"]


@pytest.mark.parametrize(
    ("path", "header"),
    [
        ("flows/templates/x.md", "doc_function: template"),
        ("_inbox/note.md", "status: draft"),
        ("README.md", "doc_function: index"),
        ("adr/old.md", "status: archived"),
    ],
)
def test_nothing_is_exempt(make_bank, run_rule, tmp_path, path, header) -> None:
    bank = make_bank(tmp_path, {path: f"---\n{header}\nderived_from:\n  - nowhere.md\n---\n"})
    assert [(f.code, f.path) for f in run_rule(bank, CODE)] == [(CODE, path)]


def test_target_written_from_repository_root_gets_the_relative_path(make_bank, run_rule, tmp_path) -> None:
    bank = make_bank(
        tmp_path,
        {
            "features/FT-1.md": "---\nderived_from:\n  - memory-bank/prd/PRD.md\n---\n",
            "prd/PRD.md": "# PRD\n",
        },
    )
    [finding] = run_rule(bank, CODE)
    assert finding.path == "features/FT-1.md"
    assert "written from the repository root" in finding.message
    assert "'../prd/PRD.md'" in finding.message


def test_scope_limits_the_documents_reported(make_bank, run_rule, tmp_path) -> None:
    bank = make_bank(
        tmp_path,
        {
            "adr/a.md": "---\nderived_from: [nowhere.md]\n---\n",
            "domain/b.md": "---\nderived_from: [nowhere.md]\n---\n",
        },
    )
    assert [f.path for f in run_rule(bank, CODE, scope="adr")] == ["adr/a.md"]
    assert [f.path for f in run_rule(bank, CODE, paths=["domain/b.md"])] == ["domain/b.md"]


@pytest.mark.parametrize(
    ("header", "position"),
    [
        ("derived_from:\n  - ../gone.md", (3, 5)),
        ("derived_from:\n- ../gone.md", (3, 3)),
        ("derived_from:\n    -   '../gone.md'", (3, 9)),
        ("derived_from:\n  - path: ../gone.md\n    fit: all", (3, 11)),
        ("derived_from: [../ok.md, ../gone.md]", (2, 26)),
        ('derived_from: ["../gone.md"]', (2, 16)),
    ],
)
def test_the_finding_points_at_the_item_text(make_bank, run_rule, tmp_path, header, position) -> None:
    bank = make_bank(tmp_path, {"adr/a.md": f"---\n{header}\n---\n# A\n", "ok.md": "# Ok\n"})
    [finding] = run_rule(bank, CODE)
    assert (finding.line, finding.column) == position


@pytest.mark.parametrize(
    ("header", "position", "value"),
    [
        ('derived_from:\n  - ../ok.md\n  - "..\\u002Fgone.md"', (4, 5), "../gone.md"),
        ('derived_from:\n  - "x\\x41.md"  # noted', (3, 5), "xA.md"),
        ('derived_from:\n  - "tab\\tgone.md"', (3, 5), "tab\tgone.md"),
        ("derived_from:\n  - '../it''s-gone.md'", (3, 5), "../it's-gone.md"),
        ('derived_from:\n  - path: "../gone\\x2Emd"\n    fit: all', (3, 11), "../gone.md"),
        ('derived_from: [../ok.md, "..\\u002Fgone.md"]', (2, 26), "../gone.md"),
    ],
)
def test_an_item_written_with_an_escape_is_pointed_at_on_its_own_line(
    make_bank, run_rule, tmp_path, header, position, value
) -> None:
    """A quoted item is compared as YAML reads it: with its escapes as written, it matched no item
    and the finding fell back to the `derived_from:` line."""
    bank = make_bank(tmp_path, {"adr/a.md": f"---\n{header}\n---\n# A\n", "ok.md": "# Ok\n"})
    [finding] = run_rule(bank, CODE)
    assert finding.value == value
    assert (finding.line, finding.column) == position


def test_an_item_that_names_no_path_is_reported_not_dropped(make_bank, run_rule, tmp_path) -> None:
    """A body-style suppression on a header item makes YAML read a key and a value: the item, and
    the broken target in it, vanished without a finding."""
    bank = make_bank(
        tmp_path,
        {
            "engineering/architecture.md": """
                ---
                title: Architecture
                derived_from:
                  - ../domain/rules.md
                  - ../missing/nowhere.md <!-- noqa: MB001 -->
                  - see: ../domain/rules.md
                  - 42
                ---
                # Architecture
                """,
            "domain/rules.md": "# Rules\n",
        },
    )
    found = sorted(run_rule(bank, CODE), key=lambda f: f.line)
    assert [f.line for f in found] == [5, 6, 7]
    assert "'../missing/nowhere.md <!-- noqa: MB001 -->' is a key: value pair, not a path" in found[0].message
    assert "is a key: value pair" in found[1].message and "'42' is a number" in found[2].message


def test_a_hash_that_names_no_document_before_it_is_part_of_the_file_name(
    make_bank, run_rule, tmp_path
) -> None:
    """A `derived_from` value is a plain path, no URL: `c#-style.md` is that file when `c` is none,
    while `rules.md#part` stays the section `part` of `rules.md`."""
    header = "---\nderived_from:\n  - c#-style.md\n  - rules.md#part\n  - 'missing [x] #h;.md'\n---\n# A\n"
    files = {"sec/a.md": header, "sec/c#-style.md": "# C#\n", "sec/rules.md": "# Rules\n"}
    bank = make_bank(tmp_path, files)
    [finding] = run_rule(bank, CODE)
    assert finding.message == (
        "derived_from target 'missing [x] #h;.md' does not exist "
        "(looked for 'sec/missing [x]', then 'sec/missing [x] #h;.md')"
    )
    assert [bank.edge_target(edge) for edge in bank.docs["sec/a.md"].derived_from] == [
        "sec/c#-style.md",
        "sec/rules.md",
        None,
    ]


def test_a_fragment_wins_over_a_file_named_with_the_hash(make_bank, run_rule, tmp_path) -> None:
    # `a.md#b.md` names a section of `a.md` while `a.md` exists, whatever else is there.
    files = {"x.md": "---\nderived_from: ['a.md#b.md']\n---\n# X\n", "a.md": "# A\n", "a.md#b.md": "# AB\n"}
    bank = make_bank(tmp_path, files)
    assert run_rule(bank, CODE) == []
    [edge] = bank.docs["x.md"].derived_from
    assert bank.edge_target(edge) == "a.md"


def test_a_single_value_and_an_empty_item_are_reported_whatever_the_status(
    make_bank, run_rule, tmp_path
) -> None:
    """A draft's `derived_from: ../missing/nowhere.md` hid its broken target: no list, no edge, no
    word; a bare `-` was quoted as Python's `None`."""
    bank = make_bank(
        tmp_path,
        {
            "domain/draft.md": "---\ntitle: Draft\nstatus: draft\nderived_from: ../missing/nowhere.md\n---\n",
            "domain/empty.md": "---\ntitle: Empty\nderived_from:\n  - rules.md\n  -\n---\n",
            "domain/blank.md": "---\ntitle: Blank\nderived_from:\n  - ''\n---\n",
            "domain/rules.md": "# Rules\n",
        },
    )
    said = {f.path: (f.line, f.message) for f in run_rule(bank, CODE)}
    assert said["domain/draft.md"] == (
        4,
        "derived_from '../missing/nowhere.md' is a single value, not a list; write it as a list item (`- …`)",
    )
    assert said["domain/empty.md"][1] == "derived_from has an empty item; remove it or write the target"
    assert said["domain/blank.md"] == (4, "derived_from has an empty item; remove it or write the target")


def test_a_value_that_is_only_a_fragment_names_no_file_in_any_direction(
    make_bank, run_rule, tmp_path
) -> None:
    """`'#notes.md'` was followed upward (to `domain/#notes.md`) but not downward; a value with
    nothing before its `#` names no file, as before, and `./#notes.md` names the file. An empty
    `path:` is an empty item, as `- ''` is."""
    bank = make_bank(
        tmp_path,
        {
            "domain/#notes.md": "# Notes\n",
            "domain/e.md": "---\ntitle: E\nderived_from:\n  - '#notes.md'\n  - ./#notes.md\n---\n",
            "domain/p.md": "---\ntitle: P\nderived_from:\n  - path: ''\n---\n",
            "domain/q.md": "---\ntitle: Q\nderived_from:\n  - path:\n---\n",
        },
    )
    fragment, named = bank.docs["domain/e.md"].derived_from
    assert bank.edge_target(fragment) is None and bank.edge_target(named) == "domain/#notes.md"
    assert "domain/e.md" in bank.incoming["domain/#notes.md"]
    said = {f.path: (f.line, f.message) for f in run_rule(bank, CODE)}
    assert "domain/e.md" not in said
    assert said["domain/p.md"] == (4, "derived_from has an empty item; remove it or write the target")
    assert said["domain/q.md"][1] == "derived_from has an empty item; remove it or write the target"


@pytest.mark.parametrize(
    ("value", "said"),
    [
        ("derived_from: true", "derived_from 'true' is a single value, not a list"),
        ("derived_from: !!int 42", "derived_from '42' is a single value, not a list"),
        ("derived_from: !!binary aGVsbG8=", "derived_from '!!binary aGVsbG8=' is a single value, not a list"),
        ("derived_from: {path: rules.md}", "derived_from '{path: rules.md}' is a single value, not a list"),
        ("derived_from: ''", "derived_from is empty; remove it or write its targets as list items"),
        ("derived_from: >\n  rules.md", "derived_from 'rules.md' is a single value, not a list"),
        ("derived_from: [rules.md, [x.md]]", "derived_from item '[x.md]' is a list, not a path"),
        (
            "derived_from: [{path: rules.md, fit: x}, {fit: y}]",
            "derived_from item '{fit: y}' is a key: value",
        ),
        ("derived_from:\n  - path: 42", "derived_from item '42' is a number, not a path"),
        (
            "derived_from:\n  - !!binary aGVsbG8=",
            "derived_from item '!!binary aGVsbG8=' is binary data, not a path",
        ),
        ("derived_from:\n  - 2024-01-01", "derived_from item '2024-01-01' is a date, not a path"),
        ("derived_from:\n  - [on, x.md]", "derived_from item '[on, x.md]' is a list, not a path"),
    ],
)
def test_what_names_no_document_is_quoted_as_written_and_called_what_it_is(
    make_bank, run_rule, tmp_path, value: str, said: str
) -> None:
    """The messages quoted Python (`'True'`, `{'fit': 'y'}`), cut a nested list at its comma
    (`'[x.md'`), called `path: 42` a key: value pair, `!!binary` "not a path, not a path", `''`
    a single value."""
    bank = make_bank(
        tmp_path, {"domain/t.md": f"---\ntitle: T\n{value}\n---\n# T\n", "domain/rules.md": "# R\n"}
    )
    [finding] = run_rule(bank, CODE)
    assert finding.path == "domain/t.md" and finding.message.startswith(said), finding.message


def test_a_target_stored_in_the_other_unicode_normalisation_is_named(make_bank, run_rule, tmp_path) -> None:
    """`café.md` written composed names another file than `café.md` stored decomposed (on Linux,
    and on the forge serving the bank), yet "does not exist" named a file the user can see."""
    import unicodedata

    stored = unicodedata.normalize("NFD", "domain/café.md")
    written = unicodedata.normalize("NFC", "café.md")
    bank = make_bank(
        tmp_path,
        {
            "domain/rules.md": f"---\nderived_from:\n  - {written}\n  - gone-é.md\n---\n# Rules\n",
            stored: "# Cafe\n",
        },
    )
    twin, gone = run_rule(bank, CODE)
    assert f"'{stored}' reads the same but is stored in another Unicode normalisation" in twin.message
    assert "normalisation" not in gone.message


def test_a_target_of_a_derived_from_written_twice_is_placed_on_its_own_line(
    make_bank, run_rule, tmp_path
) -> None:
    text = "---\nderived_from: [gone.md]\nstatus: active\nderived_from:\n  - gone.md\n---\n"
    bank = make_bank(tmp_path, {"a.md": text})
    assert [(f.line, f.column) for f in run_rule(bank, CODE)] == [(5, 5)]


def test_a_target_in_a_mapping_item_is_placed_at_its_path(make_bank, run_rule, tmp_path) -> None:
    text = "---\nderived_from:\n  - {path: gone.md, fit: x}\n  - fit: y\n    path: lost.md\n---\n"
    bank = make_bank(tmp_path, {"a.md": text})
    assert [(f.value, f.line, f.column) for f in run_rule(bank, CODE)] == [
        ("gone.md", 3, 12),
        ("lost.md", 5, 11),
    ]


def test_a_target_in_a_flow_list_over_several_lines_is_placed_at_its_item(
    make_bank, run_rule, tmp_path
) -> None:
    text = "---\nderived_from:\n  [\n    ../dna/principles.md,\n    gone.md,\n  ]\n---\n"
    bank = make_bank(tmp_path, {"a.md": text, "dna/principles.md": "# P\n"})
    assert [(f.line, f.column) for f in run_rule(bank, CODE)] == [(5, 5)]
