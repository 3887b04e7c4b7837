"""`bank_route`: header ranking, the why intent, both languages, exclusions, filters, answer size."""

from __future__ import annotations

import json
import textwrap
from dataclasses import replace
from pathlib import Path

import pytest

from memorybank_lint.bank import Bank
from memorybank_server.errors import ToolInputError
from memorybank_server.retrieval.route import DEFAULT, route
from tests.conftest import refreshed_bank

KEYS = ["path", "title", "purpose", "docKind", "layer", "status", "score", "why"]


def doc(title: str, purpose: str = "", body: str = "", **fields: object) -> str:
    lines = ["---", f"title: {json.dumps(title, ensure_ascii=False)}"]
    if purpose:
        lines.append(f"purpose: {json.dumps(purpose, ensure_ascii=False)}")
    fields.setdefault("status", "active")
    for key, value in fields.items():
        if isinstance(value, list):
            lines.append(f"{key}:")
            lines.extend(f"  - {item}" for item in value)
        else:
            lines.append(f"{key}: {value}")
    lines += ["---", f"# {title}", "", textwrap.dedent(body).strip(), ""]
    return "\n".join(lines)


EXAMPLE_PURPOSE = "How nightly database backups are taken and how to restore one."

# The worked example of spec/02 §1.8, with a few neighbours so that ranking means something.
EXAMPLE = {
    "ops/backups.md": doc(
        "Backup and Restore",
        EXAMPLE_PURPOSE,
        """
        ## Schedule

        Backups run nightly.

        ## Restore drill

        Restore the latest dump into a scratch database once a month.
        """,
        doc_kind="ops",
        canonical_for=["backup_schedule", "restore_procedure"],
    ),
    "adr/ADR-3-backups-object-storage.md": doc(
        "ADR-3: Backups go to object storage",
        "Records that backups are written to object storage instead of local disks.",
        """
        ## Decision

        Dumps go to an object storage bucket with versioning.
        """,
        doc_kind="adr",
    ),
    "engineering/logging.md": doc(
        "Logging",
        "Where application logs go and how long they are kept.",
        "## Retention\n\nLogs are kept for thirty days.",
        doc_kind="engineering",
    ),
    "features/FT-7/feature.md": doc(
        "FT-7: Backup status page",
        "Shows when the last backup finished.",
        "## What\n\nA page with the last backup time.",
        doc_kind="feature",
        delivery_status="done",
    ),
}


@pytest.fixture
def example(tmp_path: Path) -> Bank:
    return refreshed_bank(tmp_path, EXAMPLE)


def paths(answer: dict) -> list[str]:
    return [r["path"] for r in answer["results"]]


def test_worked_example_owner_first_then_decision_then_feature(example: Bank) -> None:
    answer = route(example, "backup")
    assert paths(answer) == [
        "ops/backups.md",
        "adr/ADR-3-backups-object-storage.md",
        "features/FT-7/feature.md",
    ]
    first = answer["results"][0]
    assert list(first) == [*KEYS, "section"] or list(first) == KEYS
    assert first["why"] == "owns backup_schedule; purpose, title, path match backup"
    assert first["layer"] == "knowledge" and first["docKind"] == "ops"
    assert "delivery doc" in answer["results"][2]["why"]


def test_worked_example_section_is_reported(example: Bank) -> None:
    first = route(example, "restore drill")["results"][0]
    assert first["path"] == "ops/backups.md"
    assert first["section"] == "Restore drill"
    assert list(first) == [*KEYS, "section"]


def test_why_intent_puts_the_decision_first_in_both_languages(example: Bank) -> None:
    for question in ("why do backups go to object storage", "почему бэкапы хранятся в объектном хранилище"):
        assert paths(route(example, question))[0] == "adr/ADR-3-backups-object-storage.md", question
    # The same words without the intent still find the ADR, but the owner is not pushed down.
    plain = paths(route(example, "backups object storage"))
    assert plain[0] == "adr/ADR-3-backups-object-storage.md"


def test_a_russian_question_finds_an_english_document(example: Bank) -> None:
    assert paths(route(example, "как восстановить резервную копию базы"))[0] == "ops/backups.md"
    assert paths(route(example, "сколько хранятся логи"))[0] == "engineering/logging.md"


def test_a_question_in_team_jargon_finds_the_page_in_standard_words(tmp_path: Path) -> None:
    bank = refreshed_bank(
        tmp_path,
        {
            "engineering/tools.md": doc(
                "Инструменты", "Какие инструменты разработчика установить.", doc_kind="engineering"
            ),
            "product/users.md": doc(
                "Пользователи", "Кто пользователи продукта и чего они ждут.", doc_kind="domain"
            ),
            "ops/database.md": doc("Хранилище", "Схема БД и миграции.", doc_kind="ops"),
        },
    )
    for question, answer in (
        ("какие тулзы ставить", "engineering/tools.md"),
        ("про юзеров", "product/users.md"),
        ("что лежит в базе", "ops/database.md"),
    ):
        assert paths(route(bank, question))[:1] == [answer]
        assert answer not in paths(route(bank, question, tuning=replace(DEFAULT, jargon=False)))[:1]


def test_permission_words_do_not_trigger_the_why_intent(tmp_path: Path) -> None:
    bank = refreshed_bank(
        tmp_path,
        {
            "adr/README.md": doc("ADR index", "Навигация по принятым решениям.", doc_kind="adr"),
            "domain/permissions.md": doc(
                "Permissions",
                "Разрешения пользователей и роли.",
                "## Roles\n\nAdmin and viewer.",
                doc_kind="domain",
            ),
        },
    )
    assert paths(route(bank, "разрешения пользователя"))[0] == "domain/permissions.md"


def test_the_path_is_scored(tmp_path: Path) -> None:
    # W14: a Russian purpose and no canonical_for, but the file name says what it is.
    bank = refreshed_bank(
        tmp_path,
        {
            "adr/ADR-001-plugin-contract.md": doc(
                "ADR-001", "Фиксирует договорённость о расширениях.", doc_kind="adr"
            ),
            "ops/config.md": doc("Configuration", "Plugin settings live in the config file.", doc_kind="ops"),
        },
    )
    assert paths(route(bank, "plugin contract"))[0] == "adr/ADR-001-plugin-contract.md"


def test_templates_and_inbox_are_never_returned(tmp_path: Path) -> None:
    files = dict(EXAMPLE)
    files["flows/templates/backup.md"] = doc(
        "Backup template", "Backup backup backup.", doc_function="template"
    )
    files["_inbox/backup-note.md"] = doc("Backup note", "Backup restore backup schedule.")
    bank = refreshed_bank(tmp_path, files)
    for layer in (None, "flow", "other"):
        found = paths(route(bank, "backup restore schedule", limit=25, layer=layer))
        assert not any(p.startswith(("_inbox/", "flows/templates/")) for p in found)


def test_filters_by_kind_and_layer(example: Bank) -> None:
    assert paths(route(example, "backup", doc_kind="adr")) == ["adr/ADR-3-backups-object-storage.md"]
    assert paths(route(example, "backup", layer="delivery")) == ["features/FT-7/feature.md"]
    emptied = route(example, "backup", layer="dna")
    assert emptied["results"] == [] and emptied["hint"] != route(example, "the of")["hint"]
    assert emptied["hint"] == (
        "No document with layer 'dna' matches this, though others do; change the filter or leave it out."
    )
    nowhere = route(example, "zzqxv wqzzv", layer="dna")  # no document at all: the filter is not blamed
    assert nowhere == route(example, "zzqxv wqzzv")


def test_a_kind_the_bank_does_not_know_is_refused_not_answered_as_no_match(example: Bank) -> None:
    """`docKind: "ADR"` answered "no document header matches this question": a mistyped filter
    read as a question the bank cannot answer."""
    with pytest.raises(
        ToolInputError, match=r"docKind 'ADR' matches no document .* values it knows: .*\badr\b"
    ):
        route(example, "backup", doc_kind="ADR")
    with pytest.raises(ToolInputError, match="docKind ' '"):
        route(example, "backup", doc_kind=" ")


def test_limit_cuts_the_list(example: Bank) -> None:
    assert len(route(example, "backup", limit=1)["results"]) == 1


def test_stop_words_only_give_a_hint_not_an_error(example: Bank) -> None:
    answer = route(example, "why is it")
    assert answer["results"] == [] and "bank_search" in answer["hint"]


@pytest.mark.parametrize(
    ("kwargs", "fragment"),
    [
        ({"question": "x"}, "at least 2 characters"),
        ({"question": "backup", "limit": 0}, "between 1 and 25"),
        ({"question": "backup", "limit": 26}, "between 1 and 25"),
        ({"question": "backup", "layer": "inbox"}, "layer must be one of"),
    ],
)
def test_bad_arguments_are_refused_in_one_sentence(example: Bank, kwargs: dict, fragment: str) -> None:
    with pytest.raises(ToolInputError, match=fragment):
        route(example, **kwargs)


def test_three_results_fit_in_840_characters(tmp_path: Path) -> None:
    long_words = "очень длинное описание назначения документа о резервном копировании " * 6
    files = {
        f"engineering/very-long-directory-name/backup-restore-procedure-{i}.md": doc(
            f"Backup and restore procedure number {i} with an unusually long title for routing",
            long_words,
            "## Backup schedule and restore drill in production environments\n\nbackup restore",
            doc_kind="engineering",
            canonical_for=[f"backup_restore_procedure_{i}"],
        )
        for i in range(4)
    }
    bank = refreshed_bank(tmp_path, files)
    answer = route(bank, "backup restore schedule", limit=3)
    assert len(answer["results"]) == 3
    assert len(json.dumps(answer, ensure_ascii=False, separators=(",", ":"))) <= 840
    assert all(list(r)[:8] == KEYS for r in answer["results"])


def test_three_results_fit_in_840_characters_whatever_their_kind_and_status(tmp_path: Path) -> None:
    """A doc_kind or status is a word the bank declares, but a header may hold any length."""
    files = {
        f"domain/refund{i}.md": doc(
            f"Refund rules {i}", "Owns refund computation.", doc_kind="k" * 3000, status="s" * 3000
        )
        for i in range(3)
    }
    answer = route(refreshed_bank(tmp_path, files), "refund rules", limit=3)
    assert len(answer["results"]) == 3
    assert len(json.dumps(answer, ensure_ascii=False, separators=(",", ":"))) <= 840
    assert all(
        r["path"].startswith("domain/refund") and r["title"].startswith("Refund") for r in answer["results"]
    )


def test_moderate_answers_keep_a_cut_purpose(example: Bank) -> None:
    answer = route(example, "backup", limit=3)
    assert len(json.dumps(answer, ensure_ascii=False, separators=(",", ":"))) <= 840
    assert answer["results"][0]["purpose"] == EXAMPLE_PURPOSE


def test_a_done_feature_package_is_halved_as_a_whole(tmp_path: Path) -> None:
    bank = refreshed_bank(
        tmp_path,
        {
            "features/FT-9/README.md": doc(
                "FT-9: Invoice export", "Navigation for the invoice export package."
            ),
            "features/FT-9/feature.md": doc(
                "FT-9: Invoice export",
                "Exports invoices to PDF and CSV.",
                "## What\n\nInvoice export to PDF.",
                delivery_status="done",
            ),
        },
    )

    def readme_score(**change: object) -> float:
        setting = replace(DEFAULT, static_power=1.0, sibling=1.0, **change)
        answer = route(bank, "invoice export", tuning=setting)
        return next(r["score"] for r in answer["results"] if r["path"] == "features/FT-9/README.md")

    assert readme_score() == pytest.approx(readme_score(package_status=False) / 2, abs=0.01)
    assert paths(route(bank, "invoice export to pdf"))[0] == "features/FT-9/feature.md"


def test_answers_follow_edits_on_disk(example: Bank) -> None:
    (example.root / "engineering/logging.md").write_text(
        doc("Backup logging", "Backup job logs and their retention.", canonical_for=["backup_logs"]),
        encoding="utf-8",
    )
    example.refresh()
    assert "engineering/logging.md" in paths(route(example, "backup logs"))[:1]
