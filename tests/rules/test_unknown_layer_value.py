"""MB011 unknown-layer-value: a layer table row names a layer that does not exist, or a weight above 100."""

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


def test_a_weight_above_100_is_reported_and_ignored(make_bank, run_rule, tmp_path) -> None:
    table = (
        "| Directory | Layer | Weight |\n|---|---|---|\n"
        "| `domain` | `knowledge` | 1000 |\n"
        f"| `adr` | `decision` | {'9' * 400} |\n"
        "| `flows` | `flow` | 100 |\n"
    )
    bank = make_bank(tmp_path, {"dna/governance.md": table})
    findings = run_rule(bank, CODE)
    assert [(f.line, f.value) for f in findings] == [(3, "knowledge=1000"), (4, "decision=" + "9" * 20)]
    assert "'knowledge' the weight 1000, above the most a layer may weigh (100)" in findings[0].message
    assert "weighs 1.5" in findings[0].message  # the built-in weight stays
    assert "99999999… (400 digits)" in findings[1].message
    assert (bank.layers.weight("knowledge"), bank.layers.weight("decision")) == (1.5, 1.2)
    assert bank.layers.weight("flow") == 100.0  # the most a layer may weigh is taken


def test_a_layer_table_commented_out_is_not_read(make_bank, run_rule, tmp_path) -> None:
    table = "<!--\n| Directory | Layer |\n|-|-|\n| guides | important |\n-->\n"
    bank = make_bank(tmp_path, {"dna/governance.md": table, "guides/a.md": "# A\n"})
    assert run_rule(bank, CODE) == []
    assert bank.docs["guides/a.md"].layer == "other"
