"""MB011 unknown-layer-value: a row of the bank's layer table names a layer that does not exist."""

from __future__ import annotations

CODE = "MB011"
LAYER_TABLE = """
    # Governance

    | Directory | Layer | Weight |
    |-|-|-|
    | `scenarios` | `decision` | 1.2 |
    | `guides` | `important` | 2.0 |
    """


def test_unknown_layer_row_is_reported_at_the_dna_document_and_line(make_bank, run_rule, tmp_path) -> None:
    bank = make_bank(tmp_path, {"dna/governance.md": LAYER_TABLE, "guides/howto.md": "# How\n"})
    [finding] = run_rule(bank, CODE)
    assert finding.code == CODE
    assert finding.rule == "unknown-layer-value"
    assert finding.path == "dna/governance.md"
    assert finding.line == 6
    assert "'guides/'" in finding.message
    assert "'important'" in finding.message
    assert "dna, knowledge, decision, delivery, flow, inbox, other" in finding.message
    assert bank.docs["guides/howto.md"].layer == "other"


def test_valid_layers_are_silent(make_bank, run_rule, tmp_path) -> None:
    table = "| Section | Layer |\n|---|---|\n| `scenarios` | Decision |\n| guides/ | `knowledge` |\n"
    bank = make_bank(tmp_path, {"dna/governance.md": table})
    assert run_rule(bank, CODE) == []


def test_layer_table_outside_dna_is_not_read(make_bank, run_rule, tmp_path) -> None:
    bank = make_bank(tmp_path, {"dna/principles.md": "# P\n", "guides/README.md": LAYER_TABLE})
    assert run_rule(bank, CODE) == []


def test_scope_applies_to_the_dna_document(make_bank, run_rule, tmp_path) -> None:
    bank = make_bank(tmp_path, {"dna/governance.md": LAYER_TABLE})
    assert [f.path for f in run_rule(bank, CODE, scope="dna")] == ["dna/governance.md"]
    assert run_rule(bank, CODE, scope="guides") == []


def test_one_finding_per_unknown_row(make_bank, run_rule, tmp_path) -> None:
    table = LAYER_TABLE + "| `notes` | `scratch` |  |\n"
    bank = make_bank(tmp_path, {"dna/governance.md": table})
    assert [(f.line, f.value) for f in run_rule(bank, CODE)] == [
        (6, "guides=important"),
        (7, "notes=scratch"),
    ]
