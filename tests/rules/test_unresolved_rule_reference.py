"""MB010 unresolved-rule-reference: prose says a rule is defined in a file that is not in the bank."""

from __future__ import annotations

import pytest

CODE = "MB010"
BRIEF = """
    ---
    title: FT-001
    ---
    # FT-001

    The thresholds are defined in [domain/rules.md](../../domain/rules.md).
    The queue choice is described in ../../adr/ADR-001-queue-choice.md for now.
    The escalation ladder is governed by `escalation-ladder.md`.
    """
BANK = {
    "features/FT-001/brief.md": BRIEF,
    "domain/rules.md": "# Rules\n",
    "adr/ADR-001-queue-choice.md": "# ADR-001\n",
}


def test_unresolved_bare_name_is_reported_with_the_tried_path(make_bank, run_rule, tmp_path) -> None:
    bank = make_bank(tmp_path, BANK)
    [finding] = run_rule(bank, CODE)
    assert finding.code == CODE
    assert finding.rule == "unresolved-rule-reference"
    assert finding.path == "features/FT-001/brief.md"
    assert finding.line == 8
    assert '"The escalation ladder"' in finding.message
    assert "'escalation-ladder.md'" in finding.message
    assert "'features/FT-001/escalation-ladder.md'" in finding.message
    assert "did you mean" not in finding.message


def test_claims_that_resolve_are_silent(make_bank, run_rule, tmp_path) -> None:
    bank = make_bank(tmp_path, BANK | {"features/FT-001/escalation-ladder.md": "# Ladder\n"})
    assert run_rule(bank, CODE) == []


def test_every_verb_is_recognised(make_bank, run_rule, tmp_path) -> None:
    text = "".join(
        f"The {name} rule is {verb} {prep} `gone-{name}.md`.\n"
        for name, verb, prep in [
            ("first", "defined", "in"),
            ("second", "described", "in"),
            ("third", "specified", "by"),
            ("fourth", "owned", "by"),
            ("fifth", "governed", "by"),
        ]
    )
    bank = make_bank(tmp_path, {"a.md": text})
    assert [f.line for f in run_rule(bank, CODE)] == [1, 2, 3, 4, 5]


def test_russian_claim_is_reported(make_bank, run_rule, tmp_path) -> None:
    bank = make_bank(tmp_path, {"ops/release.md": "# Релиз\n\nЭтапы релиза не описаны в `ops/stages.md`.\n"})
    [finding] = run_rule(bank, CODE)
    assert (finding.path, finding.line) == ("ops/release.md", 3)
    assert "'ops/stages.md'" in finding.message


@pytest.mark.parametrize(
    "claim",
    [
        "Правило эскалации зафиксировано в `gone.md`.",
        "Формат ответа зафиксирована в `gone.md`.",
        "Пороги фильтрации определён в `gone.md`.",
        "Пороги фильтрации определены в `gone.md`.",
        "Порядок слияния определяется в `gone.md`.",
        "Этапы релиза описан в `gone.md`.",
        "Этапы релиза ОПИСАНЫ ВО [этапах](gone.md#x).",
    ],
)
def test_russian_verb_forms(make_bank, run_rule, tmp_path, claim) -> None:
    bank = make_bank(tmp_path, {"a.md": f"# A\n{claim}\n"})
    assert [(f.line, f.value.split("->")[1]) for f in run_rule(bank, CODE)] == [(2, "gone.md")]


def test_russian_claim_that_resolves_is_silent(make_bank, run_rule, tmp_path) -> None:
    text = "Риски определены в `risks.md`.\nПорог зафиксирован в [правилах](../domain/rules.md).\n"
    bank = make_bank(tmp_path, {"flows/epic.md": text, "flows/risks.md": "", "domain/rules.md": ""})
    assert run_rule(bank, CODE) == []


def test_bank_root_relative_path_is_accepted(make_bank, run_rule, tmp_path) -> None:
    text = """
        The layout is described in `domain/rules.md`.
        The short form is defined in memory-bank/domain/rules.md.
        """
    bank = make_bank(tmp_path, {"flows/feature-flow.md": text, "domain/rules.md": ""})
    assert run_rule(bank, CODE) == []


def test_path_climbing_above_the_root_is_skipped(make_bank, run_rule, tmp_path) -> None:
    bank = make_bank(tmp_path, {"a/b.md": "The API is defined in `../../../backend/api.md`.\n"})
    assert run_rule(bank, CODE) == []


def test_name_shared_by_several_documents_is_excused(make_bank, run_rule, tmp_path) -> None:
    bank = make_bank(
        tmp_path,
        {"a.md": "The process is defined in `notes.md`.\n", "x/notes.md": "", "y/notes.md": ""},
    )
    assert run_rule(bank, CODE) == []


def test_name_of_a_bank_template_is_excused(make_bank, run_rule, tmp_path) -> None:
    bank = make_bank(
        tmp_path,
        {
            "a.md": "The layout is defined in `spec-card.md`.\n",
            "flows/templates/spec-card.md": "---\ndoc_function: template\n---\n",
        },
    )
    assert run_rule(bank, CODE) == []


def test_shipped_template_name_is_excused(make_bank, run_rule, tmp_path) -> None:
    bank = make_bank(tmp_path, {"features/FT-1/plan.md": "The scope is described in `brief.md`.\n"})
    assert run_rule(bank, CODE) == []


def test_hint_when_exactly_one_document_has_that_name(make_bank, run_rule, tmp_path) -> None:
    bank = make_bank(
        tmp_path, {"features/FT-1/brief.md": "The limits are defined in `rules.md`.\n", "domain/rules.md": ""}
    )
    [finding] = run_rule(bank, CODE)
    assert "'features/FT-1/rules.md'" in finding.message
    assert "did you mean 'domain/rules.md'?" in finding.message


def test_templates_are_skipped(make_bank, run_rule, tmp_path) -> None:
    template = "---\ndoc_function: template\n---\nThe escalation ladder is governed by `nowhere-at-all.md`.\n"
    bank = make_bank(tmp_path, {"flows/templates/t.md": template})
    assert run_rule(bank, CODE) == []


def test_fenced_claims_are_skipped(make_bank, run_rule, tmp_path) -> None:
    text = "# Doc\n\n```text\nThe escalation ladder is governed by `nowhere-at-all.md`.\n```\n"
    bank = make_bank(tmp_path, {"a.md": text})
    assert run_rule(bank, CODE) == []


def test_claim_naming_the_document_itself_is_silent(make_bank, run_rule, tmp_path) -> None:
    bank = make_bank(tmp_path, {"domain/model.md": "The model is defined in `model.md`.\n"})
    assert run_rule(bank, CODE) == []


def test_several_claims_on_one_line(make_bank, run_rule, tmp_path) -> None:
    text = "The first rule is defined in `gone-a.md`, and the second rule is owned by `gone-b.md`.\n"
    bank = make_bank(tmp_path, {"a.md": text})
    assert [f.value.split("->")[1] for f in run_rule(bank, CODE)] == ["gone-a.md", "gone-b.md"]


@pytest.mark.parametrize("path", ["_inbox/n.md", "README.md", "adr/old.md"])
def test_inbox_index_and_archived_documents_are_checked(make_bank, run_rule, tmp_path, path) -> None:
    text = "---\nstatus: archived\n---\nThe escalation ladder is governed by `nowhere-at-all.md`.\n"
    bank = make_bank(tmp_path, {path: text})
    assert [(f.path, f.line) for f in run_rule(bank, CODE)] == [(path, 4)]


def _absolute_claims(root: str) -> str:
    return (
        "---\ntitle: Ops\n---\n# Ops\n\n"
        f"The release stages are described in `{root}/ops/stages.md`.\n"
        f"The rollback ladder is described in `{root}/ops/rollback.md`.\n"
        "The paging policy is described in `/ops/paging.md`.\n"
        "The hosting plan is described in `/elsewhere/project/hosting.md`.\n"
    )


def test_an_absolute_path_is_read_as_written_and_reported_as_such(make_bank, run_rule, tmp_path) -> None:
    root = tmp_path / "memory-bank"
    bank = make_bank(tmp_path, {"ops/stages.md": "# Stages\n", "notes/ops.md": _absolute_claims(str(root))})
    findings = run_rule(bank, CODE)
    messages = {f.line: f.message for f in findings}
    assert set(messages) == {7, 8, 9}  # line 6 names a real document by its absolute path
    assert f"'{root}/ops/rollback.md', but 'ops/rollback.md'" in messages[7]
    assert "'/ops/paging.md', but 'ops/paging.md'" in messages[8]
    assert "'/elsewhere/project/hosting.md', but 'elsewhere/project/hosting.md'" in messages[9]


def test_a_link_with_percent_escapes_names_the_file_they_spell(make_bank, run_rule, tmp_path) -> None:
    # The index links `my%20doc.md` and registers `my doc.md` (MB007, MB009); a claim linking the
    # same file the same way must not read it as a missing `my%20doc.md`.
    brief = "# B\n\nThe retry budget is defined in [mine](../my%20doc.md).\n"
    bank = make_bank(tmp_path, {"features/brief.md": brief, "my doc.md": "# Mine\n"})
    assert run_rule(bank, CODE) == []
    gone = "# B\n\nThe retry budget is defined in [gone](../gone%20doc.md).\n"
    bank = make_bank(tmp_path / "gone", {"features/brief.md": gone, "my doc.md": "# Mine\n"})
    assert [f.value for f in run_rule(bank, CODE)] == ["The retry budget->../gone%20doc.md"]
