"""MB008 unknown-enum-value: a frontmatter value is outside the set `dna/` declares for its field."""

from __future__ import annotations

import pytest

CODE = "MB008"
FRONTMATTER_TABLE = """
    # Frontmatter

    | Field | Values | Purpose |
    |---|---|---|
    | `doc_kind` | `governance`, `domain`, `feature` | What the document is; see `adr` for decisions |
    | `status` | `draft` / `active` / `archived` | Lifecycle |
    | `delivery_status` | `planned` / `in_progress` / `done` / `cancelled` | Feature documents |
    """


def contract(text: str = FRONTMATTER_TABLE) -> dict[str, str]:
    return {"dna/principles.md": "# Principles\n", "dna/frontmatter.md": text}


def test_undeclared_value_is_reported(make_bank, run_rule, tmp_path) -> None:
    doc = "---\ntitle: FT\ndoc_kind: feature\ndelivery_status: implemented\n---\n"
    bank = make_bank(tmp_path, contract() | {"features/FT-1.md": doc})
    [finding] = run_rule(bank, CODE)
    assert finding.code == CODE
    assert finding.rule == "unknown-enum-value"
    assert finding.path == "features/FT-1.md"
    assert finding.line == 4
    assert "delivery_status 'implemented'" in finding.message
    assert "cancelled, done, in_progress, planned" in finding.message


def test_declared_values_are_silent(make_bank, run_rule, tmp_path) -> None:
    doc = "---\ndoc_kind: feature\nstatus: active\ndelivery_status: in_progress\n---\n"
    bank = make_bank(tmp_path, contract() | {"features/FT-1.md": doc})
    assert run_rule(bank, CODE) == []


def test_values_are_taken_from_the_values_column_only(make_bank, run_rule, tmp_path) -> None:
    bank = make_bank(tmp_path, contract() | {"adr/a.md": "---\ndoc_kind: adr\n---\n"})
    assert [f.value for f in run_rule(bank, CODE)] == ["doc_kind=adr"]


def test_comparison_is_case_sensitive(make_bank, run_rule, tmp_path) -> None:
    bank = make_bank(tmp_path, contract() | {"a.md": "---\nstatus: Active\n---\n"})
    [finding] = run_rule(bank, CODE)
    assert "status 'Active'" in finding.message


def test_fields_without_declared_values_and_empty_values_are_not_checked(
    make_bank, run_rule, tmp_path
) -> None:
    doc = "---\ndoc_function: whatever\ndecision_status: pondering\nstatus: ''\n---\n"
    bank = make_bank(tmp_path, contract() | {"a.md": doc})
    assert run_rule(bank, CODE) == []


def test_nothing_is_exempt(make_bank, run_rule, tmp_path) -> None:
    bank = make_bank(
        tmp_path,
        contract()
        | {
            "flows/templates/t.md": "---\ndoc_function: template\nstatus: tbd\n---\n",
            "_inbox/n.md": "---\nstatus: tbd\n---\n",
            "README.md": "---\nstatus: tbd\n---\n",
        },
    )
    assert [f.path for f in run_rule(bank, CODE)] == ["README.md", "_inbox/n.md", "flows/templates/t.md"]


def test_off_in_degraded_mode(make_bank, run_rule, tmp_path) -> None:
    bank = make_bank(tmp_path, {"a.md": "---\nstatus: nonsense\n---\n"})
    assert bank.contract is None
    assert run_rule(bank, CODE) == []


@pytest.mark.parametrize("ending", ["...", "…"])
def test_open_list_is_not_enforced(make_bank, run_rule, tmp_path, ending) -> None:
    table = f"""
        | Field | Type | Description |
        |---|---|---|
        | `doc_kind` | string | Тип документа: `governance`, `feature`, {ending} |
        | `status` | enum | `draft` / `active` |
        """
    bank = make_bank(tmp_path, contract(table) | {"a.md": "---\ndoc_kind: research\nstatus: done\n---\n"})
    assert [f.value for f in run_rule(bank, CODE)] == ["status=done"]


def test_governance_only_table_checks_only_governance_documents(make_bank, run_rule, tmp_path) -> None:
    table = """
        | Поле | Значения | Назначение |
        |---|---|---|
        | `doc_kind` | `governance`, `project` | Тип документа |
        | `doc_function` | `canonical`, `index` | Роль |

        These fields are required for governance documents and are not required in domain documents.
        """
    bank = make_bank(
        tmp_path,
        contract(table)
        | {
            "domain/a.md": "---\ndoc_kind: domain\ndoc_function: derived\n---\n",
            "dna/rules.md": "---\ndoc_kind: governance\ndoc_function: derived\n---\n",
        },
    )
    findings = run_rule(bank, CODE)
    assert [(f.path, f.value) for f in findings] == [("dna/rules.md", "doc_function=derived")]


def test_where_column_does_not_declare_values(make_bank, run_rule, tmp_path) -> None:
    table = """
        | Поле | Где обязательно | Описание |
        |---|---|---|
        | `doc_kind` | все `active` governed-документы | bounded context (`governance`, `domain`) |
        """
    bank = make_bank(tmp_path, contract(table) | {"a.md": "---\ndoc_kind: active\n---\n"})
    assert [f.value for f in run_rule(bank, CODE)] == ["doc_kind=active"]


def test_a_long_list_of_declared_values_is_named_by_its_first_twelve(make_bank, run_rule, tmp_path) -> None:
    values = " / ".join(f"`s{i:02d}`" for i in range(30))
    table = FRONTMATTER_TABLE.replace("`draft` / `active` / `archived`", values)
    bank = make_bank(
        tmp_path, contract(table) | {"features/FT-1.md": "---\ndoc_kind: feature\nstatus: done\n---\n"}
    )
    [finding] = run_rule(bank, CODE)
    shown = ", ".join(f"s{i:02d}" for i in range(12))
    assert finding.message == f"status 'done' is not a declared value ({shown}, and 18 more)"


@pytest.mark.parametrize(
    ("written", "kind"),
    [
        ("2024-01-01", "a date"),
        ("2024-01-01 10:00:00  # when", "a date"),
        ("true", "a boolean"),
        ("1e3", "a number"),
        ("5", "a number"),
        ("[draft]", "a list"),
        ("{a: 1}", "a mapping"),
    ],
)
def test_a_value_yaml_reads_as_something_other_than_text_is_reported_as_written(
    make_bank, run_rule, tmp_path, written: str, kind: str
) -> None:
    """Such a value was read as no value at all and passed, while the same text quoted was
    reported, and the writes refuse it."""
    bank = make_bank(tmp_path, contract() | {"a.md": f"---\ntitle: A\nstatus: {written}\n---\n"})
    [finding] = run_rule(bank, CODE)
    shown = written.split("  #")[0]
    assert finding.line == 3 and finding.value == f"status='{shown}'"
    assert finding.message.startswith(
        f"status '{shown}' is read as {kind}, not as one of the declared values"
    )


def test_a_null_status_is_no_value(make_bank, run_rule, tmp_path) -> None:
    bank = make_bank(tmp_path, contract() | {"a.md": "---\ntitle: A\nstatus: null\n---\n"})
    assert run_rule(bank, CODE) == []


def test_a_huge_value_gives_a_bounded_message_that_still_says_what_is_wrong(
    make_bank, run_rule, tmp_path
) -> None:
    """A `doc_kind` of 50,000 characters was quoted whole: a 100 KB line in every format."""
    from memorybank_lint.linter import MESSAGE_CHARS

    doc = f"---\ntitle: FT\ndoc_kind: k{'ж' * 50_000}\n---\n"
    bank = make_bank(tmp_path, contract() | {"features/FT-1.md": doc})
    [finding] = run_rule(bank, CODE)
    assert len(finding.message) <= MESSAGE_CHARS
    assert finding.message.startswith("doc_kind 'kжж") and "domain, feature, governance)" in finding.message
    assert finding.value.endswith("ж" * 100)  # the baseline still tells it from another value
