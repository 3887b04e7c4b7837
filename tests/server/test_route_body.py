"""Body evidence in routing: passages, the bank's own bilingual pairs, layer strength."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from memorybank_server.retrieval import passages
from memorybank_server.retrieval.passages import best_passage
from memorybank_server.retrieval.route import DEFAULT, route
from memorybank_server.retrieval.route_index import header_index_for
from memorybank_server.retrieval.route_score import length_factor
from tests.conftest import refreshed_bank
from tests.server.test_route import doc

FILLER = "\n\n".join(f"Paragraph {i} about rollout notes and review of the screens." for i in range(6))


def paths(answer: dict) -> list[str]:
    return [r["path"] for r in answer["results"]]


def test_passages_split_paragraphs_items_and_rows_and_keep_headings_with_what_follows() -> None:
    body = "## Limits\n\nFirst paragraph\ncontinues here.\n\n- item one\n- item two\n| a | b |\n| c | d |\n"
    found = [text for _, text, _ in passages.split(body)]
    assert found == [
        "## Limits\nFirst paragraph\ncontinues here.",
        "- item one",
        "- item two",
        "| a | b |",
        "| c | d |",
    ]
    assert passages.bucket(3, 10) == 3
    assert passages.bucket(199, 200) == 63


def test_a_table_row_carries_its_header_row_as_context() -> None:
    body = "Intro.\n\n| Variable | Default |\n|---|:---:|\n| WORKERS | 3 |\n| PORT | 80 |\n\nAfter.\n| x |"
    found = passages.split(body)
    assert [(p.text, p.context) for p in found] == [
        ("Intro.", ""),
        ("| Variable | Default |", ""),
        ("| WORKERS | 3 |", "| Variable | Default |"),
        ("| PORT | 80 |", "| Variable | Default |"),
        ("After.", ""),
        ("| x |", ""),  # a row with no rule above it has no header
    ]


def test_a_value_in_a_table_row_is_found_by_its_column_name(tmp_path: Path) -> None:
    """A configuration table states "the default number of workers" as a row under a header
    that says Default; no single passage held the question's words before the header counted."""
    table = "| Variable | Required | Default |\n|---|---|---|\n| WORKERS | no | 3 |\n| PORT | yes | 80 |"
    scattered = "Workers drain the queue.\n\nThe default theme is dark."
    bank = refreshed_bank(
        tmp_path,
        {
            "ops/config.md": doc("Configuration", "Environment variables of the services.", table),
            "ops/queue.md": doc("Queue", "How the queue is drained.", scattered),
        },
    )
    first, second = route(bank, "default number of workers")["results"][:2]
    assert first["path"] == "ops/config.md"
    assert first["score"] > 2 * second["score"]  # the row decides, not a tie broken by name


def test_best_passage_is_the_one_holding_most_of_the_question() -> None:
    # concept 0 in passages 0 and 2, concept 1 in passage 2, concept 2 in passage 1
    share, held = best_passage([0b101, 0b100, 0b010], [1.0, 1.0, 1.5])
    assert (share, held) == (2.0 / 3.5, 0b011)


def test_a_fact_in_one_body_paragraph_lifts_its_document(tmp_path: Path) -> None:
    scattered = (
        f"Refresh happens on reload.\n\n{FILLER}\n\nThe token section.\n\n{FILLER}\n\nCookie jar notes."
    )
    bank = refreshed_bank(
        tmp_path,
        {
            "features/FT-1-auth/feature.md": doc(
                "Sign-in screens",
                "The screens of signing in and out.",
                f"{FILLER}\n\nThe refresh token lives 30 days in an httpOnly cookie.\n\n{FILLER}",
            ),
            "features/FT-2-ui/feature.md": doc("Screen polish", "Visual polish of the screens.", scattered),
        },
    )
    question = "how long does a refresh token live in the cookie"
    assert paths(route(bank, question))[0] == "features/FT-1-auth/feature.md"
    flat = replace(DEFAULT, passage_weight=0.0, passage_coverage=0.0)
    lifted = route(bank, question)["results"][0]["score"]
    assert lifted > next(
        r["score"]
        for r in route(bank, question, tuning=flat)["results"]
        if r["path"] == "features/FT-1-auth/feature.md"
    )


def test_a_banks_glossary_pairs_english_and_russian_words(tmp_path: Path) -> None:
    bank = refreshed_bank(
        tmp_path,
        {
            "domain/glossary.md": doc(
                "Глоссарий", "Термины проекта.", "- `Жнец` (`Harvester`) — забирает посты из источников."
            ),
            "engineering/intake.md": doc("Приём постов", "Как жнец забирает посты по расписанию."),
        },
    )
    assert (("жнец",), ("harvester",)) in header_index_for(bank).mined
    assert paths(route(bank, "harvester"))[0] == "engineering/intake.md"
    assert "engineering/intake.md" not in paths(
        route(bank, "harvester", tuning=replace(DEFAULT, mined=False))
    )


def test_pairs_inside_running_prose_are_not_taken(tmp_path: Path) -> None:
    bank = refreshed_bank(
        tmp_path,
        {"domain/units.md": doc("Units", "Units.", "Каждый класс (Unit) хранит цену в копейках (cents).")},
    )
    assert header_index_for(bank).mined == []


def test_layer_strength_softens_the_delivery_discount(tmp_path: Path) -> None:
    bank = refreshed_bank(
        tmp_path,
        {
            "features/FT-3-export/feature.md": doc(
                "Invoice export", "Exports invoices.", delivery_status="done"
            ),
            "domain/invoices.md": doc("Invoices", "What an invoice holds."),
        },
    )

    def ratio(power: float) -> float:
        scores = {
            r["path"]: r["score"]
            for r in route(bank, "invoice", tuning=replace(DEFAULT, static_power=power))["results"]
        }
        return scores["features/FT-3-export/feature.md"] / scores["domain/invoices.md"]

    assert ratio(1.0) < ratio(0.5) < ratio(0.0)


def test_a_russian_body_spelling_an_english_word_in_cyrillic_answers_the_english_question(
    tmp_path: Path,
) -> None:
    bank = refreshed_bank(
        tmp_path,
        {
            "engineering/notes-a.md": doc(
                "Реестр", "Где хранится реестр.", "Файл реестра инстансов лежит в домашней папке."
            ),
            "engineering/notes-b.md": doc("Прочее", "Другие заметки.", "Файл настроек лежит рядом."),
        },
    )
    question = "which instances are there"  # no dictionary: only the sound of `инстансов` matches
    sounding = replace(DEFAULT, dictionary=False)
    assert paths(route(bank, question, tuning=sounding)) == ["engineering/notes-a.md"]
    assert paths(route(bank, question, tuning=replace(sounding, transliteration=0.0))) == []


REPAIR_REQUESTS = doc("Заявки", "Куда приходят заявки.", "Заявки на ремонт квартир принимает диспетчер.")


def test_an_everyday_word_no_body_holds_reaches_the_other_languages_word_through_the_general_dictionary(
    tmp_path: Path,
) -> None:
    bank = refreshed_bank(
        tmp_path,
        {
            "ops/requests.md": REPAIR_REQUESTS,
            "ops/other.md": doc("Прочее", "Другие заметки.", "Файл настроек лежит рядом."),
        },
    )
    assert paths(route(bank, "repair")) == ["ops/requests.md"]
    assert paths(route(bank, "repair", tuning=replace(DEFAULT, general=0.0))) == []


def test_the_general_dictionary_is_not_consulted_for_a_word_the_bank_uses(tmp_path: Path) -> None:
    bank = refreshed_bank(
        tmp_path,
        {
            "ops/requests.md": REPAIR_REQUESTS,
            "ops/lift.md": doc("Lift", "The building's lift.", "A repair of the lift is booked by phone."),
        },
    )
    assert paths(route(bank, "repair")) == ["ops/lift.md"]


def test_a_loanword_the_russian_stemmer_cuts_short_still_sounds_like_its_english_word(tmp_path: Path) -> None:
    # the stem of `интервал` is `интерва` (its `-ал` read as a past-tense ending); the word itself
    # still sounds like `interval`, in either direction
    bank = refreshed_bank(
        tmp_path,
        {
            "features/FT-1/decision-log.md": doc(
                "Decisions", "What was chosen.", "A 5s interval is bounded."
            ),
            "features/FT-2/notes.md": doc("Notes", "Other notes.", "Полоса прокрутки всегда видна."),
            "features/FT-3/notes.md": doc("Заметки", "Прочее.", "Интервалом опроса служит таймер."),
        },
    )
    sounding = replace(DEFAULT, dictionary=False)
    assert "features/FT-1/decision-log.md" in paths(route(bank, "какой интервал", tuning=sounding))
    assert "features/FT-3/notes.md" in paths(route(bank, "which interval", tuning=sounding))
    assert "features/FT-2/notes.md" not in paths(route(bank, "which interval", tuning=sounding))


def test_an_everyday_word_a_dictionary_translates_is_not_taken_for_an_english_word_it_sounds_like(
    tmp_path: Path,
) -> None:
    """`просто` (simply) has the consonants of `preset`; the general dictionary knows it, and none
    of its translations sounds like it, so it is no loanword."""
    bank = refreshed_bank(
        tmp_path,
        {
            "engineering/presets.md": doc("Notes", "Other notes.", "Pick a preset from the list."),
            "engineering/other.md": doc("Заметки", "Прочее.", "Файл настроек лежит рядом."),
        },
    )
    assert paths(route(bank, "просто")) == []
    # without the dictionary nothing says it is a native word, and its sound is all there is
    unknown = replace(DEFAULT, dictionary=False)
    assert paths(route(bank, "просто", tuning=unknown)) == ["engineering/presets.md"]


def test_a_plural_genitive_finds_the_page_writing_the_word_in_another_case(tmp_path: Path) -> None:
    bank = refreshed_bank(
        tmp_path,
        {
            "engineering/retries.md": doc("Повторы", "Как повторяем вызовы.", "Каждая попытка ждёт 2 с."),
            "engineering/other.md": doc("Прочее", "Другие заметки.", "Сколько угодно файлов."),
        },
    )
    assert paths(route(bank, "сколько попыток"))[:1] == ["engineering/retries.md"]


def test_an_english_tion_word_sounds_like_its_russian_tsiya_word(tmp_path: Path) -> None:
    bank = refreshed_bank(
        tmp_path,
        {
            "engineering/style.md": doc("Стиль", "Как пишем код.", "Три похожие строки лучше абстракции."),
            "engineering/other.md": doc("Прочее", "Другие заметки.", "Строки логов короткие."),
        },
    )
    sounding = replace(DEFAULT, dictionary=False)
    assert paths(route(bank, "premature abstraction", tuning=sounding)) == ["engineering/style.md"]
    assert paths(route(bank, "premature abstraction", tuning=replace(sounding, transliteration=0.0))) == []


def test_a_paragraph_holding_the_whole_question_covers_it_though_the_header_is_silent(
    tmp_path: Path,
) -> None:
    bank = refreshed_bank(
        tmp_path,
        {
            "domain/webhooks.md": doc("Webhooks", "Webhook delivery.", f"{FILLER}\n\nWebhook list."),
            "features/FT-4-sync/feature.md": doc(
                "Channel sync",
                "Syncing calendars with channels.",
                f"{FILLER}\n\nA failed webhook delivery is retried five times with exponential backoff.",
            ),
        },
    )
    question = "how is a failed webhook delivery retried with backoff"
    assert paths(route(bank, question))[0] == "features/FT-4-sync/feature.md"
    no_floor = replace(DEFAULT, passage_floor=0.0)
    assert paths(route(bank, question, tuning=no_floor))[0] == "domain/webhooks.md"


PACKAGE = {
    "features/FT-1/README.md": doc("FT-1: Invoice export", "Navigation for the invoice export package."),
    "features/FT-1/brief.md": doc("Invoice export", "Exports invoices to PDF and CSV."),
    "features/FT-2/brief.md": doc("Invoice numbering", "Numbers each invoice before its export."),
}


def test_an_index_page_and_a_page_of_its_folder_are_not_both_shown_at_full_score(tmp_path: Path) -> None:
    bank = refreshed_bank(tmp_path, PACKAGE)
    question = "invoice export"
    whole = replace(DEFAULT, package_index=1.0)
    alone = route(bank, question, limit=3, tuning=replace(whole, sibling=1.0))["results"]
    assert [r["path"].split("/")[1] for r in alone[:2]] == ["FT-1", "FT-1"]
    spread = route(bank, question, limit=3, tuning=whole)["results"]
    assert [r["path"] for r in spread[:2]] == [alone[0]["path"], "features/FT-2/brief.md"]
    second = next(r for r in spread if r["path"] == alone[1]["path"])
    assert second["score"] == pytest.approx(alone[1]["score"] / 2, abs=0.01)


def test_two_ordinary_pages_of_one_folder_keep_their_scores(tmp_path: Path) -> None:
    files = {**PACKAGE, "features/FT-1/README.md": doc("Roadmap", "Release dates.")}
    files["features/FT-1/design.md"] = doc("Invoice export design", "How invoices are exported.")
    bank = refreshed_bank(tmp_path, files)
    alone = route(bank, "invoice export", tuning=replace(DEFAULT, sibling=1.0))
    assert {r["path"] for r in alone["results"][:2]} == {"features/FT-1/brief.md", "features/FT-1/design.md"}
    assert route(bank, "invoice export") == alone


def test_a_package_index_page_counts_half_and_a_section_index_page_does_not(tmp_path: Path) -> None:
    bank = refreshed_bank(
        tmp_path,
        {
            **PACKAGE,
            "engineering/README.md": doc("Invoice export rules", "Index of the invoice export rules."),
        },
    )

    def scores(**change: object) -> dict[str, float]:
        answer = route(bank, "invoice export", limit=5, tuning=replace(DEFAULT, sibling=1.0, **change))
        return {r["path"]: r["score"] for r in answer["results"]}

    halved, whole = scores(), scores(package_index=1.0)
    assert halved["features/FT-1/README.md"] == pytest.approx(whole["features/FT-1/README.md"] / 2, abs=0.01)
    assert halved["engineering/README.md"] == whole["engineering/README.md"]
    assert halved["features/FT-1/brief.md"] == whole["features/FT-1/brief.md"]


SECTION = {
    "engineering/README.md": doc(
        "Engineering index",
        "Navigation for the engineering rules.",
        "- [Testing](testing-policy.md) — rules\n- [Style](coding-style.md) — rules\n"
        "- [Git](git-workflow.md) — rules\n",
    ),
    "engineering/testing-policy.md": doc("Testing policy", "What every change must test."),
    "engineering/coding-style.md": doc("Coding style", "How code is laid out and named."),
    "engineering/git-workflow.md": doc("Git workflow", "Branches, commits and merges."),
    "ops/release.md": doc("Release", "How a release is cut and shipped."),
}


def test_a_section_index_page_answers_a_question_spread_over_its_pages(tmp_path: Path) -> None:
    bank = refreshed_bank(tmp_path, SECTION)
    question = "testing policy, coding style and git workflow"
    answer = route(bank, question, limit=3)["results"]
    assert answer[0]["path"] == "engineering/README.md"
    assert answer[0]["why"].startswith("its pages cover testing, policy, coding, style, git, workflow")
    off = route(bank, question, limit=3, tuning=replace(DEFAULT, folder=0.0, folder_coverage=0.0))
    assert "engineering/README.md" not in paths(off)
    # one page answers the question alone: its index page is not lifted
    alone = route(bank, "coding style", limit=3)["results"]
    assert alone[0]["path"] == "engineering/coding-style.md"
    assert not any("its pages cover" in r["why"] for r in alone)


def test_a_large_section_whose_few_pages_hold_the_words_is_not_lifted(tmp_path: Path) -> None:
    files = dict(SECTION)
    links = "".join(f"- [Rule {i}](rule-{i}.md) — rules\n" for i in range(20))
    files["engineering/README.md"] = doc(
        "Engineering index",
        "Navigation for the engineering rules.",
        links + "- [Testing](testing-policy.md)\n- [Style](coding-style.md)\n- [Git](git-workflow.md)\n",
    )
    files.update(
        {f"engineering/rule-{i}.md": doc(f"Rule {i}", f"Rule number {i} on naming.") for i in range(20)}
    )
    bank = refreshed_bank(tmp_path, files)
    answer = route(bank, "testing policy, coding style and git workflow", limit=3)
    assert paths(answer)[0] != "engineering/README.md"


def test_a_description_counts_body_words_towards_coverage(tmp_path: Path) -> None:
    body = (
        f"{FILLER}\n\nThe nightly run writes a signed archive.\n\n{FILLER}\n\n"
        f"It moves the archive to cold storage and checks its checksum.\n\n{FILLER}\n\n"
        f"Finance hears about failures on Slack.\n\n{FILLER}"
    )
    bank = refreshed_bank(
        tmp_path,
        {
            "features/FT-1/feature.md": doc("Ledger jobs", "Jobs over the ledger.", body),
            "domain/storage.md": doc("Cold storage archive", "Where signed archives are kept."),
            "domain/other.md": doc("Review notes", "Notes on the screens.", FILLER),
        },
    )
    description = (
        "nightly run writes a signed archive to cold storage, checks the checksum, tells finance on Slack"
    )
    assert paths(route(bank, description))[0] == "features/FT-1/feature.md"
    as_short = replace(DEFAULT, long_question=None)
    assert paths(route(bank, description, tuning=as_short))[0] == "domain/storage.md"
    assert paths(route(bank, "signed archive in cold storage"))[0] == "domain/storage.md"


def test_the_third_place_goes_to_a_paragraph_holding_the_question(tmp_path: Path) -> None:
    bank = refreshed_bank(
        tmp_path,
        {
            "features/FT-1/feature.md": doc(
                "Photo upload retries", "When a photo upload is retried and how many times.", FILLER
            ),
            "features/FT-2/feature.md": doc(
                "Photo uploads", "Uploads of photos, retried many times from the phone.", FILLER
            ),
            "features/FT-3/feature.md": doc(
                "Photo upload screen", "Where photos are uploaded and retried, and how many times.", FILLER
            ),
            "engineering/network.md": doc(
                "Network client",
                "The HTTP client and its settings.",
                f"{FILLER}\n\nA photo upload is retried five times, then the client gives up.\n\n{FILLER}",
            ),
        },
    )
    question = "how many times is a photo upload retried"
    off = route(bank, question, tuning=replace(DEFAULT, passage_slot=0.0))["results"]
    on = route(bank, question)["results"]
    # the header route alone shows three header-led pages; the paragraph's page comes fourth
    header_led = paths({"results": off})
    assert set(header_led[:3]) == {
        "features/FT-1/feature.md",
        "features/FT-2/feature.md",
        "features/FT-3/feature.md",
    }
    assert header_led[3] == "engineering/network.md"
    # with the slot the first two stay, the paragraph's page is third and says why, the rest follow
    assert paths({"results": on}) == [*header_led[:2], "engineering/network.md", header_led[2]]
    assert on[2]["why"].startswith("one paragraph holds times, photo, upload, retried")
    # an answer of two results has no third place to give
    assert paths(route(bank, question, limit=2)) == paths({"results": off})[:2]


def test_a_paragraph_already_shown_does_not_take_the_third_place_twice(tmp_path: Path) -> None:
    bank = refreshed_bank(
        tmp_path,
        {
            "features/FT-1/feature.md": doc(
                "Photo upload retries",
                "When a photo upload is retried.",
                f"{FILLER}\n\nA photo upload is retried five times.\n\n{FILLER}",
            ),
            "features/FT-2/feature.md": doc("Photo uploads", "Uploads of photos from the phone.", FILLER),
            "features/FT-3/feature.md": doc("Upload screen", "The screen where uploads start.", FILLER),
        },
    )
    question = "how many times is a photo upload retried"
    off = replace(DEFAULT, passage_slot=0.0)
    assert paths(route(bank, question)) == paths(route(bank, question, tuning=off))


def test_a_long_purpose_holding_the_words_by_chance_yields_to_a_short_one(tmp_path: Path) -> None:
    long_purpose = (
        "Everything about the storefront: catalog pages, search filters, the cart, checkout steps, "
        "payment retries, delivery slots, order history, reviews, wish lists and the help centre."
    )
    bank = refreshed_bank(
        tmp_path,
        {
            "domain/a-storefront.md": doc("Storefront", long_purpose),
            "domain/billing.md": doc("Billing", "How payment retries are scheduled."),
            "domain/shipping.md": doc("Shipping", "Couriers and delivery windows for parcels."),
            "domain/accounts.md": doc("Accounts", "Sign-up, sign-in and profile settings."),
        },
    )
    question = "payment retries"
    assert paths(route(bank, question))[0] == "domain/billing.md"
    # without the normalisation both purposes hold both words: a tie the path order breaks
    flat = replace(DEFAULT, length_norm=0.0)
    assert paths(route(bank, question, tuning=flat))[0] == "domain/a-storefront.md"


def test_a_long_heading_is_discounted_like_a_long_purpose(tmp_path: Path) -> None:
    long_heading = "## Catalog, search, cart, checkout, payment retries, delivery and reviews"
    bank = refreshed_bank(
        tmp_path,
        {
            "domain/a-overview.md": doc("Overview", "The shop at a glance.", f"{long_heading}\n\nText."),
            "domain/billing.md": doc(
                "Billing", "Money in and out.", f"## Payment retries\n\nText.\n\n{FILLER}"
            ),
            "domain/other.md": doc("Other", "Other notes.", "## Notes\n\nText.\n\n## More notes\n\nText."),
        },
    )
    question = "payment retries"
    assert paths(route(bank, question))[0] == "domain/billing.md"
    flat = replace(DEFAULT, length_norm=0.0)
    assert paths(route(bank, question, tuning=flat))[0] == "domain/a-overview.md"


def test_length_factor_only_discounts_fields_longer_than_the_mean() -> None:
    assert length_factor(5, 10.0, 1.0) == 1.0
    assert length_factor(10, 10.0, 1.0) == 1.0
    assert length_factor(20, 10.0, 1.0) == 0.5
    assert length_factor(20, 10.0, 0.5) == pytest.approx(1 / 1.5)
    assert length_factor(20, 10.0, 0.0) == 1.0
    assert length_factor(20, None, 1.0) == 1.0


def test_one_question_stem_reaches_a_bounded_number_of_header_stems(tmp_path: Path) -> None:
    """20,000 headings `## instanceXXXXX sessionXXXXX …` in one page made every question holding
    `instance` weigh each of their stems: warm routes took 150 times longer. The header prefix
    step keeps the shortest few derivations, as the body's does."""
    from memorybank_server.retrieval.postings import PREFIX_KEEP

    made_up = "\n".join(f"## instance{n:05d}x\n" for n in range(6000))
    bank = refreshed_bank(
        tmp_path,
        {
            "a.md": doc("Attack", "Headings.", made_up),
            "engineering/instances.md": doc("Instances", "How instances are configured."),
        },
    )
    related = header_index_for(bank).related("instanc", 4)
    assert ("instanc", True) in related and len(related) <= PREFIX_KEEP + len("instanc")
    assert paths(route(bank, "how are instances configured"))[0] == "engineering/instances.md"


def test_a_page_chosen_by_a_heading_alone_says_so(tmp_path: Path) -> None:
    """Its `why` was empty: a blank line in the text answer, and no reason for the agent."""
    bank = refreshed_bank(
        tmp_path,
        {
            "notes.md": doc("Notes", "Misc.", "## Quokka habitat\n\nText."),
            "other.md": doc("Other", "Other things."),
        },
    )
    [first, *_] = route(bank, "quokka")["results"]
    assert (first["path"], first["section"], first["why"]) == (
        "notes.md",
        "Quokka habitat",
        "a heading matches quokka",
    )


def _package(plan_function: str = "derived", source: str = "feature.md") -> dict[str, str]:
    """A feature page, the plan written from it (whose steps repeat the question's words), and
    a neighbour, so that a why question finds the plan first unless the plan yields."""
    return {
        "features/FT-1/feature.md": doc(
            "Timeline calendar",
            "The bookings timeline view.",
            f"{FILLER}\n\nWe wrote small date helpers instead of adding dayjs: the bundle stays small.",
        ),
        "features/FT-1/implementation-plan.md": doc(
            "FT-1: Implementation Plan",
            "Steps to build the timeline calendar date helpers without dayjs.",
            "## Steps\n\n- write the date helpers\n- drop dayjs from the timeline calendar",
            doc_function=plan_function,
            derived_from=[source],
        ),
        "features/FT-2/feature.md": doc("Calendar sync", "Syncing the calendar with channels.", FILLER),
    }


def test_a_why_question_puts_the_page_a_plan_derives_from_before_the_plan(tmp_path: Path) -> None:
    bank = refreshed_bank(tmp_path, _package())
    question = "why did the timeline calendar get its own date helpers instead of dayjs"
    plan, feature = "features/FT-1/implementation-plan.md", "features/FT-1/feature.md"
    off = paths(route(bank, question, tuning=replace(DEFAULT, plan_source=False)))
    assert off[0] == plan and feature in off[:3]
    on = route(bank, question)["results"]
    assert paths({"results": on})[:2] == [feature, plan]
    assert on[0]["why"].startswith("a why question: its plan implementation-plan.md restates it")
    # `limit` only cuts: one result is the first of three
    assert paths(route(bank, question, limit=1)) == [feature]
    # not a why question: the plan keeps its place
    plain = "which date helpers does the timeline calendar use without dayjs"
    assert paths(route(bank, plain))[0] == plan


@pytest.mark.parametrize(
    ("function", "source"),
    [
        ("reference", "feature.md"),
        ("derived", "../FT-2/feature.md"),
        ("canonical", "feature.md"),
        (["derived"], "feature.md"),
    ],
    ids=["a decision log", "a source in another folder", "not a plan", "a list is no doc_function"],
)
def test_only_a_plan_yields_and_only_to_a_page_of_its_folder(
    tmp_path: Path, function: object, source: str
) -> None:
    bank = refreshed_bank(tmp_path, _package(function, source))
    question = "why did the timeline calendar get its own date helpers instead of dayjs"
    off = replace(DEFAULT, plan_source=False)
    assert paths(route(bank, question)) == paths(route(bank, question, tuning=off))


def test_a_plan_of_a_plan_yields_to_the_plan_and_that_one_to_its_source(tmp_path: Path) -> None:
    """A task list derived from the plan, first: it gives way to the plan, which is looked at
    again and gives way to the page it derives from; a plan never ends above its own source."""
    files = _package()
    files["features/FT-1/tasks.md"] = doc(
        "FT-1: Timeline calendar date helpers",
        "Tasks for the timeline calendar's own date helpers instead of dayjs.",
        doc_function="plan",
        derived_from=["implementation-plan.md"],
    )
    bank = refreshed_bank(tmp_path, files)
    question = "why did the timeline calendar get its own date helpers instead of dayjs"
    off = paths(route(bank, question, tuning=replace(DEFAULT, plan_source=False)))
    tasks, plan, feature = (
        f"features/FT-1/{name}.md" for name in ("tasks", "implementation-plan", "feature")
    )
    assert off[0] == tasks and {plan, feature} <= set(off[:3]), off
    assert paths(route(bank, question))[:3] == [feature, plan, tasks]
