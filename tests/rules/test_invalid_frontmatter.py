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
