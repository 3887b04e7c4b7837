"""MB002 invalid-frontmatter: strict YAML failed (values recovered leniently) or the file is unreadable."""

from __future__ import annotations

import pytest

CODE = "MB002"

BROKEN = """
    ---
    title: Broken
    doc_kind: engineering
    purpose: Defines the retry layer: backoff and jitter.
    status: active
    ---
    # Broken
    """


def test_invalid_yaml_is_reported_with_the_parser_position(make_bank, run_rule, tmp_path) -> None:
    bank = make_bank(tmp_path, {"broken/bad-yaml.md": BROKEN})
    [finding] = run_rule(bank, CODE)
    assert finding.code == CODE
    assert finding.rule == "invalid-frontmatter"
    assert finding.path == "broken/bad-yaml.md"
    assert (finding.line, finding.column) == (4, 33)
    assert "line 4, column 33" in finding.message
    assert "recovered" in finding.message
    assert "Quote any value that contains ': '" in finding.message
    assert finding.message.startswith("frontmatter cannot be read (mapping values are not allowed")


def test_recovered_values_are_still_used(make_bank, tmp_path) -> None:
    bank = make_bank(tmp_path, {"broken/bad-yaml.md": BROKEN})
    doc = bank.docs["broken/bad-yaml.md"]
    assert doc.purpose == "Defines the retry layer: backoff and jitter."
    assert doc.status == "active"


@pytest.mark.parametrize(
    "text",
    [
        "---\ntitle: Fine\npurpose: 'Quoted: colon'\n---\n# Fine\n",
        "# No frontmatter at all\n\nkey: value: more\n",
        "---\n---\n# Empty frontmatter\n",
        "\ufeff---\ntitle: One byte order mark\n---\n",
        "\u200b# A heading, not a fence\n",
        "\u200b----\nA thematic break\n",
    ],
)
def test_valid_or_absent_frontmatter_is_silent(make_bank, run_rule, tmp_path, text) -> None:
    bank = make_bank(tmp_path, {"a.md": text})
    assert run_rule(bank, CODE) == []


@pytest.mark.parametrize(
    "path",
    ["flows/templates/x.md", "_inbox/note.md", "README.md", "dna/principles.md", "adr/old.md"],
)
def test_nothing_is_exempt(make_bank, run_rule, tmp_path, path) -> None:
    text = "---\ndoc_function: template\nstatus: archived\npurpose: a: b\n---\n"
    bank = make_bank(tmp_path, {path: text})
    assert [(f.code, f.path) for f in run_rule(bank, CODE)] == [(CODE, path)]


def test_refused_yaml_tag_is_reported(make_bank, run_rule, tmp_path) -> None:
    bank = make_bank(tmp_path, {"a.md": "---\ntitle: !!python/object/apply:os.system [echo]\n---\n"})
    [finding] = run_rule(bank, CODE)
    assert finding.path == "a.md"
    assert "python/object" in finding.message


def test_alias_bomb_is_reported(make_bank, run_rule, tmp_path) -> None:
    lines = ["a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    for prev, name in zip("abcdefgh", "bcdefghi", strict=True):
        lines.append(f"{name}: &{name} [{', '.join([f'*{prev}'] * 9)}]")
    bank = make_bank(tmp_path, {"bomb.md": "---\n" + "\n".join(lines) + "\n---\n"})
    [finding] = run_rule(bank, CODE)
    assert finding.path == "bomb.md"
    assert "aliases" in finding.message


def test_binary_file_is_reported_with_the_reason(make_bank, run_rule, tmp_path) -> None:
    bank = make_bank(tmp_path, {"blob.md": b"\x00\x01\x02binary"})
    [finding] = run_rule(bank, CODE)
    assert finding.path == "blob.md"
    assert "binary" in finding.message


def test_scope_limits_the_documents_reported(make_bank, run_rule, tmp_path) -> None:
    bank = make_bank(tmp_path, {"adr/a.md": BROKEN, "domain/b.md": BROKEN})
    assert [f.path for f in run_rule(bank, CODE, scope="domain")] == ["domain/b.md"]


@pytest.mark.parametrize(
    ("line", "reason", "position"),
    [
        ("reviewed: !!bool maybe", "the value 'maybe' cannot be read as !!bool", (3, 11)),
        ("reviewed: !!timestamp nonsense", "the value 'nonsense' cannot be read as !!timestamp", (3, 11)),
        ("obj: !thing value", "the tag !thing is not read here", (3, 6)),
        ("size: 0x" + "f" * 5000, "a number 5002 characters long is not read", (3, 7)),
        (
            "a: &a [x]\nb: [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a]",
            "more than 16 aliases (refused as a possible alias bomb)",
            (3, 4),
        ),
    ],
)
def test_each_cause_gets_its_own_plain_reason_and_no_quoting_advice(
    make_bank, run_rule, tmp_path, line, reason, position
) -> None:
    bank = make_bank(tmp_path, {"a.md": f"---\ntitle: T\n{line}\n---\n# A\n"})
    [finding] = run_rule(bank, CODE)
    assert finding.message == (
        f"frontmatter cannot be read ({reason} at line {position[0]}, column {position[1]}); "
        "values were recovered line by line"
    )
    assert (finding.line, finding.column) == position
    assert bank.docs["a.md"].title == "T"


def test_a_missing_closing_fence_is_reported_at_the_opening_line(make_bank, run_rule, tmp_path) -> None:
    bank = make_bank(tmp_path, {"a.md": "---\ntitle: T\n# A\n\nText.\n"})
    [finding] = run_rule(bank, CODE)
    assert finding.message == (
        "frontmatter cannot be read (the frontmatter opened on line 1 has no closing '---' line "
        "at line 1, column 1); nothing was read from it; add a '---' line where the header ends"
    )
    assert (finding.line, finding.column) == (1, 1)
    assert bank.docs["a.md"].title == "A"


def test_one_unreadable_header_does_not_stop_the_other_documents(make_bank, tmp_path) -> None:
    from memorybank_lint.linter import Selection, lint

    bank = make_bank(
        tmp_path,
        {
            "a.md": "---\nreviewed: !!bool maybe\n---\n# A\n",
            "b.md": "---\nwhen: !!timestamp nonsense\n---\n# B\n",
            "c.md": "---\ntitle: Fine\npurpose: a: b\n---\n# C\n",
        },
    )
    findings = lint(bank, Selection())
    assert sorted(f.path for f in findings if f.code == CODE) == ["a.md", "b.md", "c.md"]


@pytest.mark.parametrize(
    "hidden", ["\ufeff\ufeff", "\ufeff\u200b", "\u200b", "\u2060", "\u200e", "\u034f", "\u3164", "\u17b4"]
)
def test_a_fence_behind_a_character_that_prints_as_nothing_is_reported(
    make_bank, run_rule, tmp_path, hidden: str
) -> None:
    """A file starting with two byte order marks (one is tolerated), or a zero-width space, looks
    like any document, but its header was no header: the status, the purpose and a `derived_from`
    to nothing went unchecked without a word."""
    text = f"{hidden}---\ntitle: T\nstatus: bogus\nderived_from:\n  - gone.md\n---\n# T\n"
    bank = make_bank(tmp_path, {"engineering/db.md": text.encode("utf-8")})
    [finding] = run_rule(bank, CODE)
    assert (finding.path, finding.line, finding.column) == ("engineering/db.md", 1, 1)
    shown = hidden.removeprefix("\ufeff") or "\ufeff"
    assert f"line 1 holds U+{ord(shown[0]):04X}, a character that prints as nothing" in finding.message
    assert finding.message.endswith("remove it, and the header is read")


def test_a_visible_format_character_before_a_fence_is_no_hidden_fence(make_bank, run_rule, tmp_path) -> None:
    """U+0600, an Arabic number sign, is a format character a reader sees: the line is text."""
    bank = make_bank(tmp_path, {"a.md": "\u0600---\ntitle: T\n---\n"})
    assert run_rule(bank, CODE) == []
