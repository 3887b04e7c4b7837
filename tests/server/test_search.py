"""`bank_search`: tiers, the all-words pool after filters, excerpts and lines, incremental index."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memorybank_lint.bank import Bank
from memorybank_server.errors import ToolInputError
from memorybank_server.retrieval.postings import Postings
from memorybank_server.retrieval.search import SearchIndex, holds_phrase, index_for, search
from tests.conftest import refreshed_bank

KEYS = ["path", "title", "docKind", "layer", "status", "score", "excerpt", "line", "hits"]


def doc(title: str, body: str, purpose: str = "", **fields: str) -> str:
    header = [f"title: {title}", f"purpose: {purpose}" if purpose else "", "status: active"]
    header += [f"{k}: {v}" for k, v in fields.items()]
    front = "\n".join(line for line in header if line)
    return f"---\n{front}\n---\n# {title}\n\n{textwrap.dedent(body).strip()}\n"


def paths(answer: dict) -> list[str]:
    return [r["path"] for r in answer["results"]]


FILES = {
    "engineering/filters.md": doc(
        "Filters",
        """
        ## Thresholds

        The filter thresholds live in `filter_thresholds`.
        Пороги фильтрации задаются здесь.
        """,
        doc_kind="engineering",
    ),
    "ops/limits.md": doc(
        "Limits",
        """
        Значения порогов пересматриваются раз в квартал.
        """,
        doc_kind="ops",
    ),
    "features/FT-SMD-843/feature.md": doc(
        "FT-SMD-843: Smart digest",
        """
        Ticket FT-SMD-843 tracks the digest.
        """,
        doc_kind="feature",
    ),
    "adr/ADR-1.md": doc("ADR-1: Storage", "We store digests in object storage.", doc_kind="adr"),
    "flows/templates/feature.md": doc(
        "Template", "Thresholds thresholds thresholds.", doc_function="template"
    ),
    "_inbox/note.md": doc("Note", "Thresholds everywhere thresholds."),
}


@pytest.fixture
def bank(tmp_path: Path) -> Bank:
    return refreshed_bank(tmp_path, FILES)


def test_result_shape_and_whole_file_line(bank: Bank) -> None:
    first = search(bank, "filter_thresholds")["results"][0]
    assert list(first) == KEYS
    assert first["path"] == "engineering/filters.md"
    lines = (bank.root / first["path"]).read_text(encoding="utf-8").split("\n")
    assert lines[first["line"] - 1].strip() == first["excerpt"]
    assert first["line"] == 10  # counted in the whole file: 5 frontmatter lines, H1, blank, H2, blank


def test_typed_words_outrank_inflections(bank: Bank) -> None:
    answer = search(bank, "пороги")
    assert paths(answer)[:2] == ["engineering/filters.md", "ops/limits.md"]
    assert answer["results"][0]["score"] > answer["results"][1]["score"]


def test_inflection_only_hits_get_an_excerpt(bank: Bank) -> None:
    # W18: `ops/limits.md` holds only `порогов`; the reference showed an empty excerpt, line 0.
    hit = next(r for r in search(bank, "пороги")["results"] if r["path"] == "ops/limits.md")
    assert "порогов" in hit["excerpt"] and hit["line"] > 0


def test_other_language_tier(bank: Bank) -> None:
    assert "ops/limits.md" in paths(search(bank, "thresholds"))


def test_fragments_of_an_unknown_compound(bank: Bank) -> None:
    # `feature_flow_stages` is not in any body: its fragments are searched at the lowest weight.
    answer = search(bank, "digest_smd")
    assert paths(answer)[0] == "features/FT-SMD-843/feature.md"
    assert answer["results"][0]["excerpt"] == "Ticket FT-SMD-843 tracks the digest."


def test_identifiers_are_searched_whole(bank: Bank) -> None:
    assert paths(search(bank, "FT-SMD-843")) == ["features/FT-SMD-843/feature.md"]


def test_all_words_pool_drops_partial_matches(bank: Bank) -> None:
    assert paths(search(bank, "object storage digests")) == ["adr/ADR-1.md"]


def test_filters_apply_before_the_all_words_pool(bank: Bank) -> None:
    # W17: the only all-words document is an ADR; filtering it out must leave the partial ones.
    assert paths(search(bank, "digest storage", doc_kind="feature")) == ["features/FT-SMD-843/feature.md"]
    assert paths(search(bank, "digest storage", layer="delivery")) == ["features/FT-SMD-843/feature.md"]
    emptied = search(bank, "digest storage", status="draft")
    assert emptied["results"] == []
    assert emptied["hint"] == (  # the ADR and the feature each hold a word of it
        "No document with status 'draft' matches this, though others do; change the filter or leave it out."
    )
    nowhere = search(bank, "zzqxv", status="draft")  # no document at all: the filter is not blamed
    assert nowhere == search(bank, "zzqxv")


def test_a_filter_value_the_bank_does_not_know_is_refused_not_answered_as_no_match(bank: Bank) -> None:
    """A kind or status no document carries and dna/ does not declare (`ADR`, `activ`) answered "no
    document body contains these words"; a lifecycle status no document has yet still answers."""
    with pytest.raises(
        ToolInputError, match=r"docKind 'ADR' .* values it knows: adr, engineering, feature, ops\."
    ):
        search(bank, "digest storage", doc_kind="ADR")
    with pytest.raises(ToolInputError, match=r"status 'activ' .* values it knows: active, archived, draft\."):
        search(bank, "digest storage", status="activ")
    assert search(bank, "digest storage", status="archived")["results"] == []


def test_templates_and_inbox_are_never_returned(bank: Bank) -> None:
    found = paths(search(bank, "thresholds", limit=50))
    assert found and not any(p.startswith(("_inbox/", "flows/templates/")) for p in found)


def test_prefix_expansion_even_when_the_stem_is_a_word(tmp_path: Path) -> None:
    # W16: one bare `конфигурация` somewhere must not stop `конфигурационный` from matching.
    bank = refreshed_bank(
        tmp_path,
        {
            "a.md": doc("A", "Конфигурация описана ниже."),
            "b.md": doc("B", "Конфигурационные файлы лежат в репозитории."),
        },
    )
    assert set(paths(search(bank, "конфигурация"))) == {"a.md", "b.md"}


def test_header_bonus_needs_word_boundaries(tmp_path: Path) -> None:
    # W19: `api` must not earn the title bonus inside `Rapid`.
    bank = refreshed_bank(
        tmp_path,
        {
            "rapid.md": doc("Rapid ingest", "The api is called here. The api again."),
            "api.md": doc("API limits", "The api is rate limited."),
        },
    )
    answer = search(bank, "api")
    assert paths(answer) == ["api.md", "rapid.md"]
    rapid = answer["results"][1]
    assert rapid["score"] == rapid["hits"]


def test_a_phrase_earns_the_bonus_whether_it_is_the_whole_query_or_quoted(tmp_path: Path) -> None:
    bank = refreshed_bank(
        tmp_path,
        {
            "apart.md": doc("A", "Retry later. The budget is fixed. Retry again, budget again. Webhook."),
            "phrase.md": doc("B", "The webhook stays within the retry budget."),
        },
    )
    whole = search(bank, "retry budget")
    assert paths(whole)[0] == "phrase.md"
    assert whole["results"][0]["score"] >= 25
    quoted = search(bank, '"retry budget" webhook')
    assert paths(quoted)[0] == "phrase.md"
    assert quoted["results"][0]["score"] >= 25
    assert quoted["results"][0]["score"] == search(bank, '"retry budget" webhook')["results"][0]["score"]
    assert (
        search(bank, '"retry budget"')["results"][0]["score"]
        == search(bank, "retry budget")["results"][0]["score"]
    )


def test_a_phrase_wrapped_over_a_line_of_the_source_earns_the_bonus(tmp_path: Path) -> None:
    """A page wrapped at a fixed width (as most hand-written markdown is) breaks a phrase over two
    lines of its source, `retry` then `budget`, which a reader sees as one paragraph: it missed
    the phrase bonus its unwrapped twin earns. A blank line between the words is two paragraphs,
    no phrase."""
    bank = refreshed_bank(
        tmp_path,
        {
            "wrapped.md": doc("A", "The webhook stays within the retry\n  budget of the queue."),
            "spaced.md": doc("B", "The webhook stays within the retry \t budget of the queue."),
            "one.md": doc("C", "The webhook stays within the retry budget of the queue."),
            "apart.md": doc("D", "The webhook stays within the retry\n\nbudget of the queue."),
        },
    )
    scores = {r["path"]: r["score"] for r in search(bank, '"retry budget"')["results"]}
    assert scores["wrapped.md"] == scores["spaced.md"] == scores["one.md"] >= 25 > scores["apart.md"]


def test_a_phrase_must_sit_on_word_edges(tmp_path: Path) -> None:
    bank = refreshed_bank(
        tmp_path,
        {
            "glued.md": doc("A", "See the preretry budgets note. Retry. Budget."),
            "phrase.md": doc("B", "The retry budget."),
        },
    )
    answer = search(bank, '"retry budget"')
    scores = {r["path"]: r["score"] for r in answer["results"]}
    assert scores["phrase.md"] >= 25 > scores["glued.md"]


def test_a_phrase_glued_to_a_word_is_passed_over_for_a_later_one_on_edges() -> None:
    assert holds_phrase("xab ab", "ab")
    assert holds_phrase("ab-ab", "ab")
    assert not holds_phrase("abab ab1", "ab")
    assert holds_phrase("aa a a", "a a")
    assert not holds_phrase("ba a ab", "a a")
    assert not holds_phrase("", "a")


PIECES = st.text(alphabet="ab я1 -", max_size=12)


@given(text=PIECES, phrase=PIECES.filter(bool))
def test_a_phrase_is_found_exactly_where_an_edge_bounded_pattern_finds_it(text: str, phrase: str) -> None:
    """The linear scan against the definition it replaced: no letter or digit on either side."""
    edge = "0-9a-z\u0400-\u04ff"
    pattern = re.compile(f"(?<![{edge}]){re.escape(phrase)}(?![{edge}])")
    assert holds_phrase(text, phrase) == bool(pattern.search(text))


def test_russian_guillemets_quote_a_phrase(tmp_path: Path) -> None:
    bank = refreshed_bank(
        tmp_path,
        {
            "apart.md": doc("A", "Бюджет есть. Повторов много. Бюджет и снова повторов."),
            "phrase.md": doc("B", "Держим бюджет повторов."),
        },
    )
    assert paths(search(bank, "«бюджет повторов»"))[0] == "phrase.md"


def test_empty_answer_has_a_hint(bank: Bank) -> None:
    answer = search(bank, "nonexistentword")
    assert answer["results"] == [] and "bank_route" in answer["hint"]


def test_a_word_no_body_holds_is_named_beside_the_other_words_results(bank: Bank) -> None:
    answer = search(bank, "FT-SMD-999 digest")
    assert paths(answer) == ["features/FT-SMD-843/feature.md"]
    assert "ft-smd-999" in answer["hint"] and "digest" not in answer["hint"]


def test_every_word_held_somewhere_gives_no_hint(bank: Bank) -> None:
    assert "hint" not in search(bank, "digest storage")


@pytest.mark.parametrize(
    ("kwargs", "fragment"),
    [
        ({"query": " x "}, "at least 2 characters"),
        ({"query": "filters", "limit": 51}, "between 1 and 50"),
        ({"query": "filters", "layer": "inbox"}, "layer must be one of"),
    ],
)
def test_bad_arguments(bank: Bank, kwargs: dict, fragment: str) -> None:
    with pytest.raises(ToolInputError, match=fragment):
        search(bank, **kwargs)


def test_incremental_reindex_after_an_edit(bank: Bank) -> None:
    index = index_for(bank)
    search(bank, "thresholds")
    assert index.update(bank) == 0
    target = bank.root / "ops/limits.md"
    target.write_text(doc("Limits", "Quotas are reviewed quarterly."), encoding="utf-8")
    bank.refresh()
    assert index.update(bank) == 1
    assert "ops/limits.md" in paths(search(bank, "quotas"))
    assert "ops/limits.md" not in paths(search(bank, "пороги"))


def test_removed_documents_are_forgotten(bank: Bank) -> None:
    assert "adr/ADR-1.md" in paths(search(bank, "digests"))
    (bank.root / "adr/ADR-1.md").unlink()
    bank.refresh()
    assert "adr/ADR-1.md" not in paths(search(bank, "digests"))


def test_one_index_per_bank_object(bank: Bank, tmp_path: Path) -> None:
    assert index_for(bank) is index_for(bank)
    assert isinstance(index_for(bank), SearchIndex)
    other = Bank(bank.root)
    other.refresh()
    assert index_for(other) is not index_for(bank)


def test_postings_survive_many_rewrites() -> None:
    postings = Postings("H")
    for round_number in range(1200):
        postings.add("a.md", {"alpha": round_number % 7 + 1, f"w{round_number}": 1})
        postings.add("b.md", {"alpha": 2})
        postings.compact_if_needed()
    assert sorted(postings.get("alpha")) == [("a.md", 1199 % 7 + 1), ("b.md", 2)]
    assert list(postings.get("w5")) == []
    assert list(postings.get("w1199")) == [("a.md", 1)]
    assert postings.dead <= 1001


def test_a_snapshot_sees_every_refresh_that_moved_a_document(tmp_path: Path) -> None:
    from memorybank_server.retrieval.ranking import Snapshot

    (tmp_path / "a.md").write_text(doc("A", "alpha"), encoding="utf-8")
    bank = Bank(tmp_path)
    snapshot = Snapshot()
    assert not snapshot.unchanged(bank)
    bank.refresh()
    assert not snapshot.unchanged(bank)
    snapshot.take(bank)
    bank.refresh()  # nothing moved on disk
    assert snapshot.unchanged(bank)
    for change in (
        lambda: (tmp_path / "a.md").write_text(doc("A", "alpha beta"), encoding="utf-8"),
        lambda: (tmp_path / "b.md").write_text(doc("B", "beta"), encoding="utf-8"),
        lambda: (tmp_path / "b.md").unlink(),
    ):
        change()
        bank.refresh()
        assert not snapshot.unchanged(bank)
        snapshot.take(bank)
    bank.docs.pop("a.md")  # an edit by hand is seen once it moves the revision
    bank.revision += 1
    assert not snapshot.unchanged(bank)


def test_the_indexes_follow_an_edit_between_queries(tmp_path: Path) -> None:
    from memorybank_server.retrieval.route import route

    bank = refreshed_bank(
        tmp_path, {"a.md": doc("Alpha", "the retry budget is five"), "b.md": doc("Beta", "unrelated")}
    )
    assert paths(search(bank, "retry budget")) == ["a.md"]
    assert paths(route(bank, "retry budget")) == ["a.md"]
    (tmp_path / "b.md").write_text(doc("Beta", "a retry budget of seven, the budget here"), encoding="utf-8")
    (tmp_path / "a.md").write_text(doc("Alpha", "nothing about it any more"), encoding="utf-8")
    bank.refresh()
    assert paths(search(bank, "retry budget")) == ["b.md"]
    assert paths(route(bank, "retry budget")) == ["b.md"]


def test_the_factor_cache_stays_under_its_bound_and_never_moves_a_score(tmp_path: Path, monkeypatch) -> None:
    from memorybank_server.retrieval import body_index

    files = {f"d{i}.md": doc(f"D{i}", "alpha beta " * (i + 1) + "gamma delta " * (5 - i)) for i in range(4)}
    bank = refreshed_bank(tmp_path, files)
    concepts = [{"alpha": 1.0, "beta": 0.5}, {"gamma": 1.0}, {"delta": 0.7}]
    unbounded = body_index.BodyIndex()
    unbounded.update(bank)
    expected = unbounded.evidence(concepts).scores
    monkeypatch.setattr(body_index, "FACTOR_CACHE_POSTINGS", 6)
    bounded = body_index.BodyIndex()
    bounded.update(bank)
    for _ in range(3):
        assert bounded.evidence(concepts).scores == expected
        assert bounded._factor_postings == sum(len(ids) for _, ids, _ in bounded._factor_cache.values())
        assert bounded._factor_postings <= 6 or len(bounded._factor_cache) == 1


def test_one_stem_expands_to_a_bounded_family(tmp_path: Path) -> None:
    """A page of thousands of made-up words sharing one prefix once made each query word of that
    stem expand to all of them; the prefix step keeps the shortest few."""
    from memorybank_server.retrieval.postings import PREFIX_KEEP

    words = " ".join(f"banan{n:05d}x" for n in range(6000))
    bank = refreshed_bank(
        tmp_path, {"a.md": f"# A\n\n{words}\n", "b.md": "# B\n\nbanana bananas and a bananarama.\n"}
    )
    index = index_for(bank)
    index.update(bank)
    family = index.family("bananas")
    assert {"banana", "bananas"} <= family and len(family) <= PREFIX_KEEP + 2
    found = search(bank, "banan banans bananed bananing bananas", limit=5)
    assert "b.md" in [hit["path"] for hit in found["results"]]


@pytest.mark.parametrize("query", ["café", "résumé", "Zürich"])
def test_a_word_with_letters_the_index_splits_on_still_gets_its_line(tmp_path: Path, query: str) -> None:
    """The index reads `café` as `caf` (accented Latin letters separate words, as in the
    reference); the excerpt once looked for `caf` as a whole word, found none, and answered an
    empty excerpt on line 0."""
    body = "# Menu\n\nIntro line.\n\nThe café in Zürich serves coffee; see the résumé of prices.\n"
    bank = refreshed_bank(tmp_path, {"domain/cafe.md": f"---\ntitle: Menu\nstatus: active\n---\n{body}"})
    [hit] = search(bank, query)["results"]
    assert hit["line"] == 9 and "coffee" in hit["excerpt"]


def test_an_accented_word_is_found_by_its_plain_spelling_and_the_other_way_round(tmp_path: Path) -> None:
    """Marked Latin letters fold to their letter, as `ё` folds to `е`: `résumé` is no longer the
    one-letter `r` and `sum` (which found a page about sums)."""
    bank = refreshed_bank(
        tmp_path,
        {
            "domain/cafe.md": "---\ntitle: Menu\nstatus: active\n---\nSee the résumé of the café.\n",
            "domain/sum.md": "---\ntitle: Sums\nstatus: active\n---\nThe sum of two numbers.\n",
        },
    )
    assert [r["path"] for r in search(bank, "resume cafe")["results"]] == ["domain/cafe.md"]
    assert [r["path"] for r in search(bank, "résumé")["results"]] == ["domain/cafe.md"]


def test_huge_header_values_are_cut_in_every_result(tmp_path: Path) -> None:
    """A result repeated its document's title, doc_kind and status whole: 20 documents with
    900 KB titles and kinds answered 34 MB. Each is cut to a few hundred characters."""
    from memorybank_server.read import HEADER_CHARS, json_bytes

    header = "title: {t}{n}\ndoc_kind: {k}{n}\nstatus: {s}{n}\n"
    values = {"t": "T" * 50_000, "k": "K" * 50_000, "s": "S" * 50_000}
    files = {f"domain/d{n}.md": f"---\n{header.format(n=n, **values)}---\nprice\n" for n in range(20)}
    answer = search(refreshed_bank(tmp_path, files), "price", limit=20)
    assert len(answer["results"]) == 20
    for result in answer["results"]:
        assert len(result["title"]) == len(result["docKind"]) == len(result["status"]) == HEADER_CHARS
    assert json_bytes(answer) < 20 * 4 * HEADER_CHARS


@pytest.mark.parametrize("form", ["NFC", "NFD"])
@pytest.mark.parametrize(
    ("query", "written"), [("resume", "résumé"), ("istanbul", "İSTANBUL"), ("йод", "Йод")]
)
def test_a_word_is_found_however_its_marks_are_written(
    tmp_path: Path, form: str, query: str, written: str
) -> None:
    """`résumé` as macOS writes it (`e` + a combining acute) split into `re` and `sume`, and
    `İSTANBUL` lower-cased to `i` + a combining dot, which split off `stanbul`: neither was found."""
    import unicodedata

    from memorybank_server.retrieval.route import route

    body = unicodedata.normalize(form, f"# Hiring\n\nEvery {written} is read twice.\n")
    bank = refreshed_bank(tmp_path, {"cv.md": body, "other.md": "# Other\n\nNothing here.\n"})
    assert [hit["path"] for hit in search(bank, query, limit=5)["results"]] == ["cv.md"]
    assert [r["path"] for r in route(bank, query)["results"]][:1] == ["cv.md"]


@pytest.mark.parametrize(
    ("mark", "name"),
    [("\u00ad", "soft hyphen"), ("\u200b", "zero-width space"), ("\u200f", "right-to-left mark")],
)
@pytest.mark.parametrize("where", ["body", "question"])
def test_a_word_is_found_whatever_invisible_mark_splits_it(
    tmp_path: Path, mark: str, name: str, where: str
) -> None:
    """A soft hyphen (text pasted from a word processor or a web page hyphenates long words with
    them), a zero-width space or a bidi mark inside a word showed nothing, yet split it in two:
    `recon\u00adciliation` was `recon` and `ciliation`, and neither a search nor a question for
    the word found the page."""
    from memorybank_server.retrieval.route import route

    written = {
        "body": f"recon{mark}ciliation и инвентари{mark}зация",
        "question": "reconciliation инвентаризация",
    }
    asked = {
        "body": "reconciliation инвентаризация",
        "question": f"recon{mark}ciliation инвентари{mark}зация",
    }
    body = f"# Ledger\n\nThe nightly {written[where]} run.\n"
    bank = refreshed_bank(tmp_path, {"ledger.md": body, "other.md": "# Other\n\nNothing here.\n"})
    for word in asked[where].split():
        assert [hit["path"] for hit in search(bank, word, limit=5)["results"]] == ["ledger.md"], name
        assert [r["path"] for r in route(bank, word)["results"]][:1] == ["ledger.md"], name


def test_a_stress_mark_is_read_past(tmp_path: Path) -> None:
    """A stress mark on a Cyrillic vowel has no composed form: `за́мок` split into `за` and `мок`."""
    bank = refreshed_bank(tmp_path, {"a.md": "# A\n\nЗа\u0301мок на двери.\n", "b.md": "# B\n\nДругое.\n"})
    assert [hit["path"] for hit in search(bank, "замок", limit=5)["results"]] == ["a.md"]
