"""The document parser: title, sections, fences, edges, list fields, YAML typing and recovery, links."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from memorybank_lint.bank import Bank
from memorybank_lint.document import parse


def doc(text: str, path: str = "domain/rules.md"):
    return parse(path, textwrap.dedent(text).lstrip("\n"), bank_name="memory-bank")


# -- title ----------------------------------------------------------------------------------------


def test_title_from_frontmatter_first() -> None:
    assert doc("---\ntitle: '  From header  '\n---\n# From H1\n").title == "From header"


def test_title_falls_back_to_the_first_h1_outside_fences() -> None:
    text = "```md\n# Fenced\n```\n#NoSpace\n## Second level\n# Real Title  \n# Later\n"
    assert doc(text).title == "Real Title"


@pytest.mark.parametrize("header", ["---\ntitle: ''\n---\n", "---\ntitle: 2024\n---\n", ""])
def test_empty_or_non_string_title_falls_back(header: str) -> None:
    assert doc(header + "# Heading\n").title == "Heading"


def test_title_falls_back_to_the_file_name() -> None:
    assert doc("no heading here\n## Only a section\n", path="x/only-name.md").title == "only-name"


# -- sections and fences --------------------------------------------------------------------------


def test_section_lines_are_file_lines() -> None:
    header = "---\n" + "".join(f"key{i}: v\n" for i in range(12)) + "---\n"
    text = header + "# Rules\n\n## Thresholds\n\ntext\n\n## Invariants\n"
    parsed = doc(text)
    assert text.split("\n")[13] == "---"
    assert [(s.title, s.line) for s in parsed.sections] == [("Thresholds", 17), ("Invariants", 21)]


def test_sections_without_frontmatter_count_from_line_one() -> None:
    parsed = doc("# T\n## First ##\n### Not a section\n##NoSpace\n## **Second**  \n")
    assert [(s.title, s.line) for s in parsed.sections] == [("First ##", 2), ("**Second**", 5)]


def test_heading_inside_a_md_fence_is_ignored() -> None:
    text = """
        ---
        title: Rules
        ---
        # Rules

        ```md
        ## Not A Real Heading
        ```

        ## Thresholds
        ## Invariants
        """
    assert [s.title for s in doc(text).sections] == ["Thresholds", "Invariants"]


def test_four_backtick_fence_hides_nested_three_backtick_blocks() -> None:
    text = """
        ````markdown
        # Not a title
        ```yaml
        ## Leaked
        ```
        ## Hidden
        ````
        # Real
        ## Visible
        """
    parsed = doc(text)
    assert parsed.title == "Real"
    assert [(s.title, s.line) for s in parsed.sections] == [("Visible", 9)]


def test_tilde_fence_is_not_closed_by_backticks_and_unclosed_fence_runs_to_the_end() -> None:
    text = "~~~\n## Hidden\n```\n## Still hidden\n~~~\n## Shown\n```\n## Never closed\n"
    assert [s.title for s in doc(text).sections] == ["Shown"]


# -- derived_from ---------------------------------------------------------------------------------


def test_derived_from_string_and_path_fit_forms() -> None:
    text = """
        ---
        derived_from:
          - ../dna/principles.md
          - path: ../adr/ADR-001.md
            fit: "Only the accepted decision."
          - 42
          - {fit: no path}
        ---
        """
    edges = doc(text).derived_from
    assert [(e.raw, e.fit, e.target.resolved) for e in edges] == [
        ("../dna/principles.md", None, "dna/principles.md"),
        ("../adr/ADR-001.md", "Only the accepted decision.", "adr/ADR-001.md"),
    ]


def test_a_mapping_item_is_placed_at_its_path_however_it_is_written() -> None:
    text = """
        ---
        derived_from:
          - {path: a.md, fit: "one, two"}
          - fit: b first
            path: 'b.md'  # note
          - path: c.md
        other: [{fit: x, path: d.md}, "e.md", {path: "f, g.md"}]
        ---
        """
    parsed = doc(text)
    assert [(e.raw, e.line, e.column) for e in parsed.derived_from] == [
        ("a.md", 3, 12),
        ("b.md", 5, 11),
        ("c.md", 6, 11),
    ]
    assert parsed.header_items("other") == [(7, 24, "d.md"), (7, 31, "e.md"), (7, 46, "f, g.md")]


def test_a_flow_list_written_over_several_lines_places_each_item() -> None:
    """Prettier writes a flow list longer than its line width with `[` below the key and one item
    a line; each item was placed at the key, with no column."""
    text = """
        ---
        derived_from:
          [
            a.md,  # first
            "b, c.md",
            {path: d.md, fit: x},
          ]
        canonical_for: [k1,
          k2]
        ---
        """
    parsed = doc(text)
    assert [(e.raw, e.line, e.column) for e in parsed.derived_from] == [
        ("a.md", 4, 5),
        ("b, c.md", 5, 5),
        ("d.md", 6, 12),
    ]
    assert parsed.header_items("canonical_for") == [(8, 17, "k1"), (9, 3, "k2")]


def test_an_explicit_key_is_read_without_a_position_for_its_items() -> None:
    parsed = doc("---\n? derived_from\n: [gone.md]\n? canonical_for\n: [k]\n---\n")
    assert [(e.raw, e.line) for e in parsed.derived_from] == [("gone.md", 2)]
    assert parsed.value_position("canonical_for", "k") == (4, None)


@pytest.mark.parametrize("value", ["../dna/principles.md", "{path: ../x.md}"])
def test_scalar_or_mapping_derived_from_gives_no_edges(value: str) -> None:
    assert doc(f"---\nderived_from: {value}\n---\n").derived_from == []


@pytest.mark.parametrize(
    ("path", "raw", "resolved"),
    [
        ("features/FT-1/brief.md", "../../domain/rules.md", "domain/rules.md"),
        ("domain/rules.md", "model.md", "domain/model.md"),
        ("a/b.md", "../c.md#section-two", "c.md"),
        ("adr/c.md", "/abs/path.md", "adr/abs/path.md"),
        ("top.md", "./x//y/../z.md", "x/z.md"),
    ],
)
def test_edge_resolution(path: str, raw: str, resolved: str) -> None:
    [edge] = doc(f"---\nderived_from:\n  - '{raw}'\n---\n", path=path).derived_from
    assert edge.raw == raw
    assert (edge.target.resolved, edge.target.external) == (resolved, False)


@pytest.mark.parametrize(
    ("path", "raw"),
    [
        ("features/FT-1/brief.md", "../../../x.md"),
        ("backend/notes.md", "../../../other/memory_bank/flows/x.md"),
        ("adr/c.md", "https://github.com/x/y/issues/1"),
        ("top.md", "../README.md"),
    ],
)
def test_urls_and_targets_leaving_the_bank_are_external(path: str, raw: str) -> None:
    [edge] = doc(f"---\nderived_from:\n  - '{raw}'\n---\n", path=path).derived_from
    assert (edge.target.resolved, edge.target.external) == (None, True)


def test_fragment_only_target_is_empty_not_external() -> None:
    [edge] = doc("---\nderived_from:\n  - '#frag'\n---\n").derived_from
    assert (edge.target.resolved, edge.target.external) == (None, False)


# -- list fields and typing ------------------------------------------------------------------------


def test_canonical_for_string_becomes_a_list() -> None:
    parsed = doc("---\ncanonical_for: retry_policy\nmust_not_define: [' a ', 3, b]\n---\n")
    assert parsed.canonical_for == ["retry_policy"]
    assert parsed.must_not_define == ["a", "b"]


def test_yaml_12_typing_keeps_yes_a_string() -> None:
    parsed = doc("---\nstatus: yes\ndoc_kind: on\ndoc_function: 'no'\n---\n")
    assert (parsed.status, parsed.doc_kind, parsed.doc_function) == ("yes", "on", "no")
    assert parsed.data["status"] == "yes"


def test_non_string_scalars_count_as_absent() -> None:
    parsed = doc("---\nstatus: true\ndoc_kind: 3\npurpose: [a]\n---\n")
    assert (parsed.status, parsed.doc_kind, parsed.purpose) == ("", "", "")


def test_bom_and_crlf_parse_as_if_absent() -> None:
    plain = "---\ntitle: T\nstatus: active\ncanonical_for:\n  - k\n---\n# H\n\n## Section\n"
    odd = parse("a.md", "\ufeff" + plain.replace("\n", "\r\n"))
    clean = parse("a.md", plain)
    assert odd.has_frontmatter is True
    assert odd.parse_error is None
    assert (odd.title, odd.status, odd.canonical_for) == (clean.title, clean.status, clean.canonical_for)
    assert [(s.title, s.line) for s in odd.sections] == [(s.title, s.line) for s in clean.sections]


_EVERY_POSITION = """---
title: ADRs
doc_function: index
derived_from:
  - ../dna/principles.md
status: active
---
# ADRs

```md
## Fenced
```

## List
- [Pricing](pricing.md) <!-- noqa: MB007 -->
- [Queue](queue.md)
"""


@pytest.mark.parametrize("ending", ["\r", "\r\n"])
def test_a_lone_carriage_return_ends_a_line_as_lf_and_crlf_do(ending: str) -> None:
    """CommonMark ends a line at LF, CRLF or a carriage return alone (old Mac files); read as one
    line, such a file had no closed header and every position in it was line 1."""
    clean = parse("adr/README.md", _EVERY_POSITION, bank_name="memory-bank")
    odd = parse("adr/README.md", "\ufeff" + _EVERY_POSITION.replace("\n", ending), bank_name="memory-bank")
    assert odd.parse_error is None and odd.has_frontmatter
    assert odd.text == clean.text and odd.data == clean.data and odd.body_line == clean.body_line == 8
    assert odd.key_lines == clean.key_lines
    assert [(e.raw, e.line, e.column) for e in odd.derived_from] == [("../dna/principles.md", 5, 5)]
    assert [(s.title, s.line, s.end) for s in odd.sections] == [("List", 14, 17)]
    assert [(link.target.resolved, link.line, link.column) for link in odd.links] == [
        ("adr/pricing.md", 15, 3),
        ("adr/queue.md", 16, 3),
    ]
    assert [u.line for u in odd.suppressions] == [15]


def test_fields_lists_the_top_level_keys_in_order() -> None:
    parsed = doc("---\ntitle: T\nzeta: 1\nalpha: [x]\n---\n")
    assert parsed.fields == ["title", "zeta", "alpha"]
    assert parsed.has_frontmatter is True


# -- recovery and refusal --------------------------------------------------------------------------


def test_lenient_recovery_of_the_broken_example() -> None:
    text = """
        ---
        title: Broken
        doc_kind: engineering
        purpose: Defines the retry layer: backoff and jitter.
        derived_from:
          - ../dna/principles.md
          - path: ../adr/ADR-002.md
            fit: "narrow"
        canonical_for:
          - retry_policy
        status: active
        ---
        # Broken

        ## After
        """
    parsed = doc(text, path="engineering/retry.md")
    assert parsed.purpose == "Defines the retry layer: backoff and jitter."
    assert [(e.raw, e.fit) for e in parsed.derived_from] == [
        ("../dna/principles.md", None),
        ("../adr/ADR-002.md", "narrow"),
    ]
    assert parsed.canonical_for == ["retry_policy"]
    assert parsed.status == "active"
    assert parsed.title == "Broken"
    assert parsed.parse_error is not None
    assert "line 4" in parsed.parse_error
    assert [(s.title, s.line) for s in parsed.sections] == [("After", 15)]


def test_alias_bomb_is_refused() -> None:
    lines = ["a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    for prev, name in zip("abcdefgh", "bcdefghi", strict=True):
        lines.append(f"{name}: &{name} [{', '.join([f'*{prev}'] * 9)}]")
    parsed = parse("bomb.md", "---\n" + "\n".join(lines) + "\ntitle: Bomb\n---\n")
    assert parsed.parse_error is not None
    assert "aliases" in parsed.parse_error
    assert parsed.title == "Bomb"


def test_a_few_aliases_are_fine() -> None:
    parsed = parse("a.md", "---\nbase: &b active\nstatus: *b\n---\n")
    assert parsed.parse_error is None
    assert parsed.status == "active"


def test_unknown_tag_is_refused() -> None:
    parsed = parse("a.md", "---\nstatus: active\nobj: !!python/object:os.system {}\n---\n")
    assert parsed.parse_error is not None
    assert "python/object" in parsed.parse_error
    assert all(isinstance(value, str) for value in parsed.data.values())


# -- index links ------------------------------------------------------------------------------------


def test_index_links_skip_fences_and_carry_file_lines() -> None:
    text = """
        ---
        doc_function: index
        related: "[x](header.md)"
        ---
        # Index

        - [A](a.md)
        ```md
        - [B](b.md)
        ```
        | x | [C](sub/c.md#part) | and [D](../d.md) |
        """
    parsed = doc(text, path="sec/index.md")
    assert [(link.target.raw, link.target.resolved, link.line) for link in parsed.links] == [
        ("a.md", "sec/a.md", 7),
        ("sub/c.md#part", "sec/sub/c.md", 11),
        ("../d.md", "d.md", 11),
    ]


def test_readme_is_an_index_but_a_template_readme_is_not() -> None:
    assert doc("- [A](a.md)\n", path="adr/README.md").links != []
    template = doc("---\ndoc_function: template\n---\n- [A](a.md)\n", path="flows/templates/README.md")
    assert template.is_index is False
    assert template.links == []
    assert doc("- [A](a.md)\n", path="notes.md").links == []


def test_directory_link_registers_the_directory_readme(tmp_path: Path) -> None:
    root = tmp_path / "memory-bank"
    (root / "features" / "FT-001").mkdir(parents=True)
    (root / "features" / "README.md").write_text("# Features\n- [FT-001](FT-001/)\n", encoding="utf-8")
    (root / "features" / "FT-001" / "README.md").write_text("# FT-001\n", encoding="utf-8")
    bank = Bank(root)
    bank.refresh()
    [link] = bank.docs["features/README.md"].links
    assert link.directory is True
    assert bank.docs["features/FT-001/README.md"].registered_in == ["features/README.md"]


@pytest.mark.parametrize("fence", ["---", "--- ", "---\t", "---  \r"])
def test_lines_are_numbered_from_the_file_whatever_trails_the_closing_fence(fence: str) -> None:
    """A closing fence with trailing blanks once left them as the body's first line: every link,
    heading and suppression below was numbered one line low (and a fix indexed past the end)."""
    head = f"---\ntitle: ADRs\ndoc_function: index\n{fence}\n"
    text = head + "# ADRs\n\n## List\n- [Old](old/pricing.md) <!-- noqa: MB007 -->"
    parsed = parse("adr/README.md", text, bank_name="memory-bank")
    assert parsed.body_line == 5
    assert [(s.title, s.line) for s in parsed.sections] == [("List", 7)]
    assert [link.line for link in parsed.links] == [8]
    assert [u.line for u in parsed.suppressions] == [8]


def test_a_key_is_placed_where_yaml_reads_it_not_inside_a_quoted_value() -> None:
    text = '---\npurpose: "the first line\nstatus: of the purpose"\nstatus: active\n---\n'
    doc = parse("a.md", text)
    assert doc.status == "active"
    assert doc.key_lines["status"] == 4
    # a key named only inside a quoted value is no key of the header
    assert "derived_from" not in parse("a.md", '---\npurpose: "one\nderived_from: two"\n---\n').key_lines


def test_a_key_written_twice_is_placed_at_the_line_its_value_is_read_from() -> None:
    text = "---\nderived_from: [a.md]\nstatus: draft\nstatus: active\nderived_from:\n  - b.md\n---\n"
    doc = parse("x.md", text)
    assert doc.parse_error is not None  # a duplicated key: read line by line, the later one wins
    assert (doc.status, doc.key_lines["status"]) == ("active", 4)
    assert [(edge.raw, edge.line, edge.column) for edge in doc.derived_from] == [("b.md", 6, 5)]
