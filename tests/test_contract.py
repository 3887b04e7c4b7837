"""The contract reader: root, required `derived_from`, forbidden cycles and value tables from dna texts."""

from __future__ import annotations

import pytest

from memorybank_lint.contract import Contract, read_contract

PRINCIPLES = frozenset({"dna/principles.md"})


def read(text: str, existing: frozenset[str] = PRINCIPLES, path: str = "dna/governance.md") -> Contract:
    contract = read_contract([(path, text)], existing)
    assert contract is not None
    return contract


# -- the root document ------------------------------------------------------------------------


ROOT_SENTENCES = [
    "The root document is `principles.md` and has no `derived_from`.",
    "The root document is `principles.md`, which has no `derived_from`.",
    "The root document is `principles.md`; it has no parents.",
    "Корневой документ — `principles.md`, не имеет `derived_from`.",
    "Корень — `principles.md` (не имеет `derived_from`).",
    "principles.md ← ROOT, не имеет derived_from",
    "The Root Document Is [`dna/principles.md`](principles.md)",
    "The root document is `./principles.md`.",
]


@pytest.mark.parametrize("line", ROOT_SENTENCES)
def test_root_sentences(line: str) -> None:
    assert read(f"# Governance\n\n{line}\n", existing=frozenset()).roots == {"dna/principles.md"}


def test_declared_root_replaces_the_default() -> None:
    contract = read("The root document is `charter.md`.\n")
    assert contract.roots == {"dna/charter.md"}


def test_several_roots_across_documents() -> None:
    dna = [("dna/a.md", "The root document is `a.md`.\n"), ("dna/b.md", "Корневой документ — `b.md`.\n")]
    contract = read_contract(dna, PRINCIPLES)
    assert contract is not None
    assert contract.roots == {"dna/a.md", "dna/b.md"}


def test_default_root_is_dna_principles_when_it_exists() -> None:
    assert read("# Governance\n").roots == {"dna/principles.md"}
    assert read("# Governance\n", existing=frozenset({"dna/governance.md"})).roots == set()


def test_no_dna_documents_gives_no_contract() -> None:
    assert read_contract([], frozenset({"a.md"})) is None


def test_source_lists_the_dna_documents_sorted() -> None:
    contract = read_contract([("dna/z.md", ""), ("dna/README.md", ""), ("dna/a.md", "")], frozenset())
    assert contract is not None
    assert contract.source == ["dna/README.md", "dna/a.md", "dna/z.md"]


# -- derived_from required -----------------------------------------------------------------------


REQUIRED_SENTENCES = [
    "Every `active` non-root document must define `derived_from`.",
    "every ACTIVE non-root document MUST DEFINE derived_from",
    "For every `active` non-root document, `derived_from` is required.",
    "Для каждого `active` non-root документа `derived_from` обязательно.",
    "Для каждого `active` non-root документа `derived_from` ОБЯЗАТЁЛЬНО.",
]


@pytest.mark.parametrize("line", REQUIRED_SENTENCES)
def test_derived_from_required(line: str) -> None:
    assert read(f"# Governance\n\n{line}\n").requires_derived_from is True


@pytest.mark.parametrize(
    "line",
    [
        "The `derived_from` field lists the documents this one is built on.",
        "| `derived_from` | array | Sources of the document |",
        "`derived_from` may point outside the bank.",
        "Every `active` non-root document must define `title`.",
    ],
)
def test_a_mere_mention_of_derived_from_does_not_require_it(line: str) -> None:
    assert read(f"# Frontmatter\n\n{line}\n").requires_derived_from is False


# -- cycles forbidden -----------------------------------------------------------------------------


CYCLE_SENTENCES = [
    "Cyclic dependencies are forbidden.",
    "CYCLIC DEPENDENCIES ARE FORBIDDEN",
    "Cycles are not allowed.",
    "Циклические зависимости запрещены.",
    "Циклы недопустимы.",
    "Циклы не допускаются.",
]


@pytest.mark.parametrize("line", CYCLE_SENTENCES)
def test_cycles_forbidden(line: str) -> None:
    assert read(f"# Governance\n\n{line}\n").forbids_cycles is True


@pytest.mark.parametrize("gap", ["  ", "\t", " \t "])
def test_any_amount_of_whitespace_between_words_reads_the_same(gap: str) -> None:
    """The spec asks for any amount of whitespace: two spaces or a tab once turned a sentence off."""
    for line in ROOT_SENTENCES:
        widened = line.replace(" ", gap)
        assert read(f"{widened}\n", existing=frozenset()).roots == {"dna/principles.md"}, widened
    for line in REQUIRED_SENTENCES:
        assert read(f"{line.replace(' ', gap)}\n").requires_derived_from is True, line
    for line in CYCLE_SENTENCES:
        assert read(f"{line.replace(' ', gap)}\n").forbids_cycles is True, line


@pytest.mark.parametrize("line", ["Cycles are discussed in the FAQ.", "Циклические зависимости возможны."])
def test_cycles_not_forbidden(line: str) -> None:
    assert read(f"# Governance\n\n{line}\n").forbids_cycles is False


# -- value tables ---------------------------------------------------------------------------------


def declared(text: str) -> dict[str, list[tuple[set[str], bool, bool]]]:
    contract = read(text, path="dna/frontmatter.md")
    return {
        name: [(set(vs.values), vs.open, vs.governance_only) for vs in value_sets]
        for name, value_sets in contract.declared.items()
    }


def test_values_column_chosen_by_english_header() -> None:
    text = """
| Field | Purpose | Values |
|---|---|---|
| `doc_kind` | What it is; compare `project` | `governance`, `domain` |
"""
    assert declared(text) == {"doc_kind": [({"governance", "domain"}, False, False)]}


def test_values_column_chosen_by_russian_header() -> None:
    text = """
| Поле | Значения | Назначение |
|---|---|---|
| `doc_function` | `canonical`, `index`, `template` | Роль: `derived` не используется |
"""
    assert declared(text) == {"doc_function": [({"canonical", "index", "template"}, False, False)]}


def test_field_type_description_takes_the_third_column() -> None:
    text = """
| Field | Type | Description |
|---|---|---|
| `status` | `enum` | `draft` / `active` / `archived` |
| `delivery_status` | string | `planned`, `in_progress`, `done`, `cancelled` |
"""
    assert declared(text) == {
        "status": [({"draft", "active", "archived"}, False, False)],
        "delivery_status": [({"planned", "in_progress", "done", "cancelled"}, False, False)],
    }


def test_where_column_is_skipped() -> None:
    text = """
| Поле | Где обязательно | Описание |
|---|---|---|
| `doc_kind` | все `active` governed-документы | bounded context (`governance`, `domain`) |
"""
    assert declared(text) == {"doc_kind": [({"governance", "domain"}, False, False)]}
    assert "active" not in read(text).allowed("doc_kind", "domain")


@pytest.mark.parametrize("ending", ["...", "…"])
def test_list_ending_in_an_ellipsis_is_open(ending: str) -> None:
    text = f"""
| Field | Type | Description |
|---|---|---|
| `doc_kind` | string | Тип документа: `governance`, `feature`, {ending} |
"""
    assert declared(text) == {"doc_kind": [({"governance", "feature"}, True, False)]}
    assert read(text).allowed("doc_kind", "research") is None


def test_table_for_governance_documents_only() -> None:
    text = """
| Field | Values | Purpose |
|---|---|---|
| `doc_kind` | `governance`, `project` | Kind |
| `doc_function` | `canonical`, `index` | Role |

These fields are required for governance documents and are not required in domain documents.
"""
    contract = read(text)
    assert contract.allowed("doc_kind", "domain") is None
    assert contract.allowed("doc_function", "domain") is None
    assert contract.allowed("doc_kind", "governance") == {"governance", "project"}
    assert contract.allowed("doc_function", "governance") == {"canonical", "index"}


def test_russian_governance_only_introduction_before_the_table() -> None:
    text = """
Эти поля обязательны для governance-документов и не требуются в domain/ops/engineering документах.

| Поле | Значения | Назначение |
|---|---|---|
| `doc_kind` | `governance`, `project` | Тип документа |
"""
    assert declared(text) == {"doc_kind": [({"governance", "project"}, False, True)]}


def test_noise_tokens_and_non_tokens_are_not_values() -> None:
    text = """
| Field | Type | Description |
|---|---|---|
| `doc_kind` | string | `adr`, `Feature`, `feature.md`, `FT-XXX`, `doc_kind`, `yaml`, `use_case` |
"""
    assert declared(text) == {"doc_kind": [({"adr", "use_case"}, False, False)]}


def test_untracked_fields_are_ignored() -> None:
    text = """
| Field | Values |
|---|---|
| `Status` | `x` |
| `priority` | `high`, `low` |
"""
    assert declared(text) == {}


def test_sets_accumulate_across_documents() -> None:
    table = "| Field | Values |\n|---|---|\n| `status` | {} |\n"
    dna = [("dna/a.md", table.format("`draft`")), ("dna/b.md", table.format("`active`"))]
    contract = read_contract(dna, frozenset())
    assert contract is not None
    assert contract.allowed("status", "") == {"draft", "active"}
    assert contract.allowed("doc_kind", "") is None


def test_a_lower_case_value_in_another_script_is_a_value() -> None:
    """`черновик` was dropped, since only ASCII letters made a value: the linter then called a
    page holding a value the bank declares an unknown one (MB008), and the writes refused it."""
    text = """
| Field | Values |
|---|---|
| `status` | `draft` / `черновик` / `готово` / `草稿` / `ร่าง` / `مسودة` / `WIP` |
"""
    assert declared(text) == {
        "status": [({"draft", "черновик", "готово", "草稿", "ร่าง", "مسودة"}, False, False)]
    }


def test_a_table_in_fenced_code_or_an_html_comment_declares_nothing() -> None:
    hidden = "| field | values |\n|---|---|\n| `status` | `old` |\n"
    text = f"```markdown\n{hidden}```\n\n<!--\n{hidden}-->\n\n  <!-- retired:\n{hidden}-->\n"
    assert read(text).declared == {}
    assert read(f"{text}\n{hidden.replace('old', 'draft')}").allowed("status", "") == {"draft"}
