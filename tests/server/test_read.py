"""`bank_read`: whole documents, Russian section names, the byte cap, batches, and path escapes."""

from __future__ import annotations

import json
import os
import textwrap
from pathlib import Path
from typing import Any

import pytest

from memorybank_lint.bank import Bank
from memorybank_server import read as read_module
from memorybank_server.errors import ToolInputError
from memorybank_server.read import SINGLE_CAP_BYTES, fold, json_bytes, read
from tests.conftest import write_bank

SPEC = """\
    ---
    title: Auth spec
    doc_kind: engineering
    purpose: How sign-in works.
    status: active
    reviewed: 2026-03-27
    derived_from:
      - path: ../dna/principles.md
        fit: the root
    ---
    # Auth spec

    Intro paragraph.

    ## 1. Scope

    What is covered.

    ## 2. Авторизация

    Токены и сессии.

    ### 2.1 Детали

    Глубже, но в том же разделе.

    ```markdown
    ## Не раздел: это код
    ```

    ## 3. Ёлки и палки

    Последний раздел.
    """


def make_bank(root: Path, files: dict[str, str | bytes] | None = None) -> Bank:
    write_bank(root, {"dna/principles.md": "---\ntitle: Principles\n---\n# Principles\n", **(files or {})})
    bank = Bank(root)
    bank.refresh()
    return bank


@pytest.fixture
def bank(tmp_path: Path) -> Bank:
    return make_bank(tmp_path / "memory-bank", {"engineering/auth.md": SPEC})


def doc_of_size(title: str, size: int, sections: tuple[str, ...] = ("Часть первая", "Part two")) -> str:
    head = f"---\ntitle: {title}\n---\n"
    body = "".join(f"## {name}\n\n" for name in sections)
    return head + body + "x" * (size - len((head + body).encode()))


# -- one document --------------------------------------------------------------------------------


def test_whole_document_has_parsed_frontmatter_and_trimmed_body(bank: Bank) -> None:
    answer = read(bank, "engineering/auth.md")
    assert answer["path"] == "engineering/auth.md"
    assert answer["title"] == "Auth spec"
    assert answer["frontmatter"]["reviewed"] == "2026-03-27"
    assert answer["frontmatter"]["derived_from"] == [{"path": "../dna/principles.md", "fit": "the root"}]
    assert answer["content"].startswith("# Auth spec")
    assert answer["content"].endswith("Последний раздел.")
    assert "doc_kind" not in answer["content"]
    assert answer["bytes"] == len(answer["content"].encode("utf-8"))
    assert answer["truncated"] is False
    assert answer["availableSections"] == ["1. Scope", "2. Авторизация", "3. Ёлки и палки"]
    assert "section" not in answer


@pytest.mark.parametrize("ending", ["\r", "\r\n"])
def test_a_file_saved_with_other_line_endings_reads_as_the_lf_one(tmp_path: Path, ending: str) -> None:
    """An old Mac file (a carriage return alone ends each line) was read as one line: no
    header, no sections, and the raw carriage returns in the content."""
    text = textwrap.dedent(SPEC)
    odd = make_bank(tmp_path / "odd", {"engineering/auth.md": text.replace("\n", ending).encode()})
    clean = make_bank(tmp_path / "clean", {"engineering/auth.md": text})
    for section in (None, "Авторизация"):
        answer = read(odd, "engineering/auth.md", section=section)
        assert answer == read(clean, "engineering/auth.md", section=section)
        assert "\r" not in answer["content"] and answer["frontmatter"]["title"] == "Auth spec"


def test_keys_that_are_not_strings_are_given_as_yaml_writes_them(tmp_path: Path) -> None:
    """`true:`, `null:` and `1:` came back as "True", "None" and, nested, the same Python words."""
    header = "title: K\ntrue: t\nnull: n\nnested: {false: f, ~: x, 2.5: y}\n"
    bank = make_bank(tmp_path / "b", {"k.md": f"---\n{header}---\n# K\n"})
    assert read(bank, "k.md")["frontmatter"] == {
        "title": "K",
        "true": "t",
        "null": "n",
        "nested": {"false": "f", "null": "x", "2.5": "y"},
    }


def test_a_set_is_given_in_one_order_whatever_the_process(tmp_path: Path) -> None:
    """A `!!set` came back in the order of its members' hashes, which Python draws anew in each
    process: the same read answered differently from one run to the next, and the command line's
    `--json` differed from the tool's. Its members are given sorted, as text sorts them."""
    members = ["kiwi", "apple", "mango", "fig", "cherry", "banana", "date", "lime"]
    header = f"title: S\ntags: !!set {{{', '.join(members)}}}\nmixed: !!set {{b, 2, a, 1}}\n"
    bank = make_bank(tmp_path / "b", {"s.md": f"---\n{header}---\n# S\n"})
    frontmatter = read(bank, "s.md")["frontmatter"]
    assert frontmatter["tags"] == sorted(members)
    assert frontmatter["mixed"] == [1, 2, "a", "b"]


def test_invalid_yaml_falls_back_to_the_lenient_values(tmp_path: Path) -> None:
    bank = make_bank(tmp_path / "b", {"x.md": "---\ntitle: Retry: the layer\nstatus: draft\n---\nBody\n"})
    answer = read(bank, "x.md")
    assert answer["frontmatter"] == {"title": "Retry: the layer", "status": "draft"}
    assert answer["content"] == "Body"


def test_the_text_is_read_fresh_from_disk(bank: Bank) -> None:
    (bank.root / "engineering/auth.md").write_text("---\ntitle: Changed\n---\nNew body\n", encoding="utf-8")
    answer = read(bank, "engineering/auth.md")
    assert (answer["title"], answer["content"], answer["availableSections"]) == ("Changed", "New body", [])


@pytest.mark.parametrize(
    "given",
    [
        "./engineering/auth.md",
        "memory-bank/engineering/auth.md",
        " engineering/auth.md ",
        "engineering//auth.md",  # the system reads `a//b` as `a/b`, and the linter's links do too
        ".//engineering///auth.md",
        "engineering/./auth.md",  # a link `./auth.md` joined to its folder: the system reads it so
        "./memory-bank/./engineering/./auth.md",
        "engineering\\\\auth.md",  # two backslashes read as separators
    ],
)
def test_path_forms_an_agent_passes_are_normalised(bank: Bank, given: str) -> None:
    assert read(bank, given)["path"] == "engineering/auth.md"


def test_an_absolute_path_inside_the_bank_is_accepted(bank: Bank) -> None:
    assert read(bank, str(bank.root / "engineering" / "auth.md"))["path"] == "engineering/auth.md"


# -- sections ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("request_", "heading"),
    [
        ("Авторизация", "2. Авторизация"),
        ("авторизация", "2. Авторизация"),
        ("## 2. Авторизация", "2. Авторизация"),
        ("елки", "3. Ёлки и палки"),
        ("ЁЛКИ И ПАЛКИ", "3. Ёлки и палки"),
        ("scope", "1. Scope"),
        ("3", "3. Ёлки и палки"),
    ],
)
def test_russian_and_english_section_names_select_the_right_section(
    bank: Bank, request_: str, heading: str
) -> None:
    assert read(bank, "engineering/auth.md", section=request_)["section"] == heading


def test_a_section_runs_to_the_next_level_two_heading_outside_fences(bank: Bank) -> None:
    content = read(bank, "engineering/auth.md", section="Авторизация")["content"]
    assert content.startswith("## 2. Авторизация")
    assert "### 2.1 Детали" in content
    assert "## Не раздел: это код" in content
    assert content.endswith("```")
    assert "Ёлки" not in content


@pytest.mark.parametrize("request_", ["Несуществующий раздел", "Аутентификация"])
def test_an_unknown_section_is_an_error_listing_the_real_ones(bank: Bank, request_: str) -> None:
    with pytest.raises(ToolInputError) as caught:
        read(bank, "engineering/auth.md", section=request_)
    message = str(caught.value)
    assert request_ in message and "engineering/auth.md" in message
    assert "1. Scope | 2. Авторизация | 3. Ёлки и палки" in message


def test_a_request_with_nothing_to_match_is_an_error_not_the_first_section(bank: Bank) -> None:
    with pytest.raises(ToolInputError, match="no letters or digits"):
        read(bank, "engineering/auth.md", section="## —")


def test_an_ambiguous_section_is_an_error_naming_the_candidates(tmp_path: Path) -> None:
    text = "# T\n\n## Настройка сервера\n\na\n\n## Настройка клиента\n\nb\n"
    bank = make_bank(tmp_path / "b", {"ops/setup.md": text})
    with pytest.raises(ToolInputError) as caught:
        read(bank, "ops/setup.md", section="настройка")
    assert "ambiguous" in str(caught.value)
    assert "Настройка сервера | Настройка клиента" in str(caught.value)
    assert read(bank, "ops/setup.md", section="клиента")["content"] == "## Настройка клиента\n\nb"


def test_a_whole_word_match_breaks_a_substring_tie(tmp_path: Path) -> None:
    bank = make_bank(tmp_path / "b", {"x.md": "## 1. Scope\n\na\n\n## 10. Limits\n\nb\n"})
    assert read(bank, "x.md", section="1")["section"] == "1. Scope"


def test_a_document_without_sections_says_none(tmp_path: Path) -> None:
    bank = make_bank(tmp_path / "b", {"x.md": "# Only a title\n\ntext\n"})
    with pytest.raises(ToolInputError, match=r"\(none\)"):
        read(bank, "x.md", section="Anything")


def test_fold_keeps_unicode_letters() -> None:
    assert fold("5. Авторизация — Ёж_и  API!") == "5 авторизация еж и api"
    decomposed = "Настрои\u0306ка е\u0308лки"
    assert fold(decomposed) == fold("настройка ЕЛКИ") == "настройка елки"


# -- the single-document cap ---------------------------------------------------------------------


def test_the_cap_counts_bytes_and_cuts_on_a_character_boundary(tmp_path: Path) -> None:
    body = "a" + "я" * 250_000  # 500,001 bytes; byte 400,000 falls inside a two-byte letter
    bank = make_bank(tmp_path / "b", {"big.md": f"---\ntitle: Big\n---\n{body}\n"})
    answer = read(bank, "big.md")
    assert answer["truncated"] is True and "at most 400000 bytes" in answer["note"]
    assert SINGLE_CAP_BYTES - 1_000 < answer["bytes"] < SINGLE_CAP_BYTES
    assert answer["content"] == body[: len(answer["content"])]
    assert len(answer["content"].encode("utf-8")) == answer["bytes"]
    assert json_bytes(answer) <= SINGLE_CAP_BYTES


def test_a_single_read_counts_its_header_against_its_cap(tmp_path: Path) -> None:
    """A header of 30,000 `derived_from` entries came back whole past `maxBytes: 1000` (559 KB)."""
    header = "".join(f"  - ../dna/p{n}.md\n" for n in range(30_000))
    bank = make_bank(
        tmp_path / "b", {"big.md": f"---\ntitle: Big\nderived_from:\n{header}---\n# Big\n\n## S\n\ntext\n"}
    )
    for asked in ({"max_bytes": 1_000}, {"section": "S", "max_bytes": 1_000}, {}):
        answer = read(bank, "big.md", **asked)
        limit = asked.get("max_bytes", SINGLE_CAP_BYTES)
        assert json_bytes(answer) <= limit, asked
    assert answer["frontmatter"] == {} and "did not fit" in answer["frontmatterLeftOut"]


# -- path escapes --------------------------------------------------------------------------------


def test_a_path_climbing_out_of_the_bank_is_refused(bank: Bank) -> None:
    (bank.root.parent / "outside.md").write_text("# secret\n", encoding="utf-8")
    with pytest.raises(ToolInputError, match=r"Not a document of this bank.*outside the bank"):
        read(bank, "../outside.md")
    with pytest.raises(ToolInputError, match="Not a document of this bank"):
        read(bank, "engineering/../../outside.md")


def test_an_absolute_path_through_a_link_loop_is_refused_not_raised(bank: Bank) -> None:
    (bank.root / "loopA").symlink_to(bank.root / "loopB")
    (bank.root / "loopB").symlink_to(bank.root / "loopA")
    with pytest.raises(ToolInputError, match="Not a document of this bank"):
        read(bank, str(bank.root / "loopA" / "x.md"))


def test_an_absolute_path_outside_the_bank_is_refused(bank: Bank) -> None:
    outside = bank.root.parent / "outside.md"
    outside.write_text("# secret\n", encoding="utf-8")
    with pytest.raises(ToolInputError, match="Not a document of this bank") as caught:
        read(bank, str(outside))
    assert str(outside) in str(caught.value)


def test_symlinks_leading_out_of_the_bank_are_refused(tmp_path: Path) -> None:
    outside = tmp_path / "elsewhere"
    write_bank(outside, {"secret.md": "# secret\n"})
    root = tmp_path / "memory-bank"
    write_bank(root, {"a.md": "# A\n"})
    os.symlink(outside / "secret.md", root / "link.md")
    os.symlink(outside, root / "linked-dir")
    bank = Bank(root)
    bank.refresh()
    for given in ("link.md", "linked-dir/secret.md"):
        with pytest.raises(ToolInputError, match="Not a document of this bank"):
            read(bank, given)


def test_a_document_replaced_by_a_symlink_after_the_refresh_is_refused(tmp_path: Path) -> None:
    bank = make_bank(tmp_path / "memory-bank", {"a.md": "# A\n"})
    (tmp_path / "secret.md").write_text("# secret\n", encoding="utf-8")
    (bank.root / "a.md").unlink()
    os.symlink(tmp_path / "secret.md", bank.root / "a.md")
    with pytest.raises(ToolInputError, match="symlink"):
        read(bank, "a.md")


@pytest.mark.parametrize("swap", ["folder for a link", "file for a FIFO"])
def test_a_swap_at_the_moment_of_the_read_is_refused_not_followed_or_waited_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, swap: str
) -> None:
    """The swap happens after every check the tool makes of its own and right before the file is
    opened: the open itself, folder by folder from the bank's root, must refuse it."""
    bank = make_bank(tmp_path / "memory-bank", {"domain/a.md": "# A\n"})
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "a.md").write_text("# SECRET outside the bank\n", encoding="utf-8")
    opened = read_module.read_regular

    def swapped(*args: object, **options: object) -> bytes:
        if swap == "folder for a link":
            (bank.root / "domain").rename(tmp_path / "moved")
            (bank.root / "domain").symlink_to(outside, target_is_directory=True)
        else:
            (bank.root / "domain" / "a.md").unlink()
            os.mkfifo(bank.root / "domain" / "a.md")
        return opened(*args, **options)

    monkeypatch.setattr(read_module, "read_regular", swapped)
    phrase = "now goes through a symlink" if swap == "folder for a link" else "no longer a regular file"
    with pytest.raises(ToolInputError, match=phrase):
        read(bank, "domain/a.md")


def test_a_document_deleted_after_the_refresh_is_reported(bank: Bank) -> None:
    (bank.root / "engineering/auth.md").unlink()
    with pytest.raises(ToolInputError, match="no longer on disk"):
        read(bank, "engineering/auth.md")


def test_an_unknown_document_names_the_path(bank: Bank) -> None:
    with pytest.raises(ToolInputError, match=r"Not a document of this bank: 'nowhere\.md'"):
        read(bank, "nowhere.md")


# -- batches -------------------------------------------------------------------------------------


@pytest.fixture
def sized(tmp_path: Path) -> Bank:
    return make_bank(
        tmp_path / "b",
        {
            "a.md": doc_of_size("A", 15_000),
            "b.md": doc_of_size("B", 15_000),
            "c.md": doc_of_size("C", 15_000, ("Раздел один", "Раздел два")),
            "huge.md": doc_of_size("Huge", 50_000),
        },
    )


def _documents_size(answer: dict) -> int:
    """What a list's documents take in its JSON answer: what its budget counts."""
    return sum(json_bytes(d) for d in answer["documents"])


def test_a_one_element_list_gives_the_batch_shape(sized: Bank) -> None:
    answer = read(sized, ["a.md"])
    assert set(answer) == {"documents", "failed", "skipped", "bytes", "budgetBytes"}
    assert [d["path"] for d in answer["documents"]] == ["a.md"]
    assert answer["budgetBytes"] == 40_000


def test_what_does_not_fit_is_skipped_with_its_sections(sized: Bank) -> None:
    answer = read(sized, ["a.md", "b.md", "c.md"])
    assert [d["path"] for d in answer["documents"]] == ["a.md", "b.md"]
    assert answer["skipped"] == [
        {"path": "c.md", "title": "C", "bytes": 15_000, "availableSections": ["Раздел один", "Раздел два"]}
    ]
    assert sum(d["bytes"] for d in answer["documents"]) < answer["bytes"] == _documents_size(answer)
    assert answer["failed"] == []


def test_the_first_document_is_returned_whatever_its_size_cut_at_the_budget(sized: Bank) -> None:
    """It came back whole (50 KB past a 40,000-byte budget; a 1,000-byte maxBytes bought 300 KB)."""
    answer = read(sized, ["nowhere.md", "huge.md", "a.md"])
    assert [d["path"] for d in answer["documents"]] == ["huge.md"]
    [huge] = answer["documents"]
    assert huge["truncated"] and huge["bytes"] > 39_000 and "budget" in huge["note"]
    assert answer["bytes"] == _documents_size(answer) <= 40_000
    small = read(sized, ["huge.md"], max_bytes=1_000)
    assert small["bytes"] == _documents_size(small) <= 1_000 and small["documents"][0]["truncated"]
    assert answer["failed"][0]["path"] == "nowhere.md"
    assert "Not a document of this bank" in answer["failed"][0]["error"]
    assert [s["path"] for s in answer["skipped"]] == ["a.md"]


def test_a_sectioned_request_is_not_held_back_by_the_look_ahead_but_is_cut_at_the_budget(sized: Bank) -> None:
    answer = read(sized, ["a.md", "b.md", {"path": "c.md", "section": "два"}])
    assert [d.get("section") for d in answer["documents"]] == [None, None, "Раздел два"]
    assert answer["bytes"] == _documents_size(answer) <= 40_000 and answer["documents"][2]["truncated"]


def test_once_the_budget_is_spent_even_unknown_paths_are_skipped(sized: Bank) -> None:
    answer = read(sized, ["huge.md", "nowhere.md", {"path": "c.md", "section": "один"}])
    assert answer["skipped"] == [
        {"path": "nowhere.md", "title": "", "bytes": 0, "availableSections": []},
        {"path": "c.md", "title": "C", "bytes": 15_000, "availableSections": ["Раздел один", "Раздел два"]},
    ]


def test_an_unknown_path_after_a_document_lands_in_failed(sized: Bank) -> None:
    answer = read(sized, ["a.md", "nowhere.md"])
    assert [f["path"] for f in answer["failed"]] == ["nowhere.md"]


def test_the_top_level_section_applies_to_every_element_that_gives_none(sized: Bank) -> None:
    """`{"path": ...}` without a section of its own dropped the top-level section and came back
    whole, with no note; it now reads that section, as a string element does, and an element's
    own section still wins."""
    answer = read(sized, ["c.md", {"path": "c.md"}, {"path": "c.md", "section": "два"}], section="один")
    assert [d.get("section") for d in answer["documents"]] == ["Раздел один", "Раздел один", "Раздел два"]
    missing = read(sized, [{"path": "a.md"}], section="один")
    assert missing["documents"] == [] and "No section 'один' in a.md" in missing["failed"][0]["error"]


def test_a_bad_section_in_a_batch_fails_that_request_only(sized: Bank) -> None:
    answer = read(sized, [{"path": "c.md", "section": "Нет такого"}, "a.md"])
    assert [d["path"] for d in answer["documents"]] == ["a.md"]
    assert "Раздел один | Раздел два" in answer["failed"][0]["error"]


@pytest.mark.parametrize("top", [None, "один"])
def test_a_blank_section_in_a_batch_element_is_refused_as_a_blank_top_level_one(
    sized: Bank, top: str | None
) -> None:
    """`{"path", "section": " "}` was listed as one failed request where the same blank given at
    the top level refuses the call: a blank section is a malformed argument, as a section that is
    not a string is, so it refuses the call in both places (never read as the whole document)."""
    with pytest.raises(ToolInputError, match=r"section ' ' of 'c.md' is blank; leave it out to read"):
        read(sized, [{"path": "c.md", "section": " "}, "a.md"], section=top)
    with pytest.raises(ToolInputError, match=r"section ' ' is blank; leave it out to read whole documents"):
        read(sized, [{"path": "c.md"}, "a.md"], section=" ")


def test_max_bytes_lowers_the_budget_and_cannot_raise_it(sized: Bank) -> None:
    lowered = read(sized, ["a.md", "b.md"], max_bytes=1000)
    assert lowered["budgetBytes"] == 1000 and "note" not in lowered
    assert [s["path"] for s in lowered["skipped"]] == ["b.md"]
    raised = read(sized, ["a.md", "b.md", "c.md"], max_bytes=1_000_000)
    assert raised["budgetBytes"] == 40_000
    assert "one section at a time" in raised["note"] and "file path" in raised["note"]
    assert [s["path"] for s in raised["skipped"]] == ["c.md"]


def test_a_single_reads_max_bytes_is_honoured_up_to_the_single_read_cap(sized: Bank) -> None:
    """A 50 KB page: asked with no budget it comes whole; a budget above the list budget (40,000)
    gave less than none, 38 KB cut, since one page was held to the list's cap."""
    whole = read(sized, "huge.md")
    assert not whole["truncated"]
    raised = read(sized, "huge.md", max_bytes=100_000)
    assert not raised["truncated"] and raised["content"] == whole["content"]
    asked = read(sized, "huge.md", max_bytes=45_000)
    assert asked["truncated"] and 40_000 < asked["bytes"] <= 45_000
    assert asked["note"].startswith(f"Cut at {asked['bytes']} bytes of text (maxBytes,")
    within = read(sized, "huge.md", max_bytes=2_000)
    assert within["note"].startswith(f"Cut at {within['bytes']} bytes of text (maxBytes,")
    (sized.root / "vast.md").write_text(doc_of_size("Vast", 450_000), encoding="utf-8")
    sized.refresh()
    vast = read(sized, "vast.md", max_bytes=1_000_000)
    assert vast["truncated"] and vast["bytes"] <= 400_000
    assert vast["note"].startswith(f"Cut at {vast['bytes']} bytes of text (maxBytes is capped at 400000,")


@pytest.mark.parametrize("bad", [999, 0, -5, True, "5000", 1.5])
def test_bad_max_bytes_is_refused(sized: Bank, bad: object) -> None:
    with pytest.raises(ToolInputError, match="maxBytes"):
        read(sized, ["a.md"], max_bytes=bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [[], [42], [{"section": "x"}], 7, [{"path": "a.md", "sections": "x"}]])
def test_malformed_path_arguments_are_refused(sized: Bank, bad: object) -> None:
    with pytest.raises(ToolInputError):
        read(sized, bad)  # type: ignore[arg-type]


def test_a_batch_and_its_refusals_stay_bounded(tmp_path: Path) -> None:
    """Each request is read and parsed afresh, and an unknown section lists the page's headings:
    1,600 requests for an unknown section of a page of 1,200 sections took 30 s and 21 MB."""
    from memorybank_server.read import LISTED_SECTIONS, MAX_REQUESTS

    sections = "".join(f"## Part {n}\n\ntext {n}\n\n" for n in range(1200))
    root = write_bank(tmp_path / "memory-bank", {"big.md": f"---\ntitle: Big\n---\n# Big\n\n{sections}"})
    bank = Bank(root)
    bank.refresh()
    with pytest.raises(ToolInputError, match=f"at most {MAX_REQUESTS} at a time"):
        read(bank, [{"path": "big.md", "section": "Nope"}] * (MAX_REQUESTS + 1))
    answer = read(bank, [{"path": "big.md", "section": "Nope"}] * 3)
    [error, *_] = [entry["error"] for entry in answer["failed"]]
    assert error.count("Part") == LISTED_SECTIONS and error.endswith(f"… {1200 - LISTED_SECTIONS} more")


@pytest.mark.parametrize(
    ("heading", "asked"), [("İade", "iade"), ("Заме\u0301тки", "Заметки"), ("Ёлки", "елки")]
)
def test_a_section_is_found_whatever_marks_sit_on_its_letters(
    tmp_path: Path, heading: str, asked: str
) -> None:
    """A stress mark, or the dot `İ` casefolds to, split a word in two and the request was refused."""
    root = write_bank(
        tmp_path / "memory-bank", {"x.md": f"---\ntitle: X\n---\n# X\n\n## {heading}\n\nbody\n"}
    )
    bank = Bank(root)
    bank.refresh()
    assert read(bank, "x.md", asked)["section"] == heading


def test_the_skipped_entries_of_a_batch_list_their_headings_within_a_bound(tmp_path: Path) -> None:
    """A batch of pages of a thousand long headings each, past the budget: every skipped entry
    listed up to 40 headings of any length, and the answer grew far past its 40,000 bytes."""
    from memorybank_server.read import HEADING_CHARS, LISTING_BYTES

    sections = "".join(f"## Part {n} {'x' * 5_000}\n\ntext\n\n" for n in range(60))
    files = {f"p{n}.md": f"---\ntitle: P{n}\n---\n# P{n}\n\n{sections}" for n in range(100)}
    bank = Bank(write_bank(tmp_path / "memory-bank", files))
    bank.refresh()
    answer = read(bank, sorted(files))
    assert len(answer["documents"]) == 1 and len(answer["skipped"]) == 99
    listed = [title for entry in answer["skipped"] for title in entry["availableSections"]]
    assert listed and all(len(title) <= HEADING_CHARS for title in listed)
    assert sum(len(title.encode()) for title in listed) <= LISTING_BYTES
    assert answer["skipped"][-1]["availableSections"] == [] and answer["skipped"][-1]["moreSections"] == 60
    assert len(json.dumps(answer["skipped"])) < 20_000


@pytest.mark.parametrize(
    ("given", "reason"),
    [
        ("engineering/../engineering/auth.md", "write it without '..', as 'engineering/auth.md'"),
        ("engineering/../../x.md", "the path leads outside the bank"),
        ("engineering/../nothere.md", "Not a document of this bank: 'engineering/../nothere.md'"),
        ("../x.md", "the path leads outside the bank"),
    ],
)
def test_a_path_with_dot_dot_is_refused_for_the_right_reason(bank: Bank, given: str, reason: str) -> None:
    """`dna/../README.md` stays inside the bank, and was refused as leading outside it."""
    with pytest.raises(ToolInputError) as refused:
        read(bank, given)
    assert str(refused.value).endswith(reason)


def test_a_list_counts_headers_and_headings_against_its_budget(tmp_path: Path) -> None:
    """The budget counted the pages' text alone: a list of pages with 10 KB headers and a thousand
    headings answered 68 KB on a 40,000-byte budget."""
    header = "".join(f"key{n}: {'v' * 100}\n" for n in range(100))
    sections = "".join(f"## Part {n} {'h' * 150}\n\ntext\n\n" for n in range(1000))
    files = {f"p{n}.md": f"---\ntitle: {'T' * 500}\n{header}---\n# P{n}\n\n{sections}" for n in range(30)}
    bank = Bank(write_bank(tmp_path / "memory-bank", files))
    bank.refresh()
    answer = read(bank, sorted(files))
    assert answer["documents"] and answer["bytes"] == _documents_size(answer) <= 40_000
    skipped = json_bytes(answer["skipped"]) - sum(len(entry["path"]) for entry in answer["skipped"])
    assert skipped <= read_module.LISTING_BYTES + len(answer["skipped"]) * (
        2 * read_module.HEADING_CHARS + 100
    )
    first = read(bank, ["p0.md"], max_bytes=5_000)
    assert first["bytes"] == _documents_size(first) <= 5_000 and first["documents"][0]["frontmatterLeftOut"]


@pytest.mark.parametrize(
    "body",
    [
        '"\\' * 2_000,
        "line\n" * 2_000,
        "\x01" * 5_000,
        "# " + "H" * 100_000 + "\n\n## " + "S" * 100_000 + "\n\ntext\n",
    ],
)
def test_what_an_answer_counts_is_its_size_as_json(tmp_path: Path, body: str) -> None:
    """The text was counted by its own bytes, not as the answer writes it (a body of `"\\`
    answered 1,500 bytes on 1,000), and a 100,000-character title or section name was never cut."""
    bank = make_bank(tmp_path / "b", {"x.md": body, "y.md": body})
    asked = [{"max_bytes": 1_000}, {"path": ["x.md", "y.md"]}]
    if body.startswith("# "):
        asked.append({"section": "S" * 100_000, "max_bytes": 1_000})
    for arguments in asked:
        paths = arguments.pop("path", "x.md")
        answer = read(bank, paths, **arguments)
        assert json_bytes(answer) <= arguments.get("max_bytes", 40_000) + 2_000, arguments
        if isinstance(paths, str):
            assert json_bytes(answer) <= arguments["max_bytes"]


def test_a_list_keeps_no_page_past_its_last_request(tmp_path: Path) -> None:
    """Every page a list read stayed parsed until the call ended: 30 pages of 200,000 headings
    whose asked sections did not exist held 1.5 GB. A page is let go after its last request, so
    a list of many such pages needs what one of them needs, not that many times it."""
    import tracemalloc

    page = "---\ntitle: P\n---\n" + "".join(f"## H{n}\n" for n in range(10_000))
    bank = make_bank(tmp_path / "memory-bank", {f"p{n}.md": page for n in range(6)})

    def peak(paths: list[Any]) -> int:
        tracemalloc.start()
        try:
            answer = read(bank, paths, section="Nowhere")
            assert len(answer["failed"]) == len(paths)
            return tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()

    one = peak(["p0.md"])
    assert peak([f"p{n}.md" for n in range(6)]) < 1.5 * one
    assert peak(["p0.md", "p1.md", "p0.md", "p2.md", "p0.md"]) < 2 * one  # p0 kept, p1 let go


@pytest.mark.parametrize("character", ['"', "\\", "\t", "\x01"])
def test_a_body_of_characters_json_escapes_is_cut_to_what_fits_not_to_nothing(
    tmp_path: Path, character: str
) -> None:
    """A character JSON writes in two or six bytes was cut as if one byte too many were a whole
    character too many: 3,000 quotes on a `maxBytes` of 1,000 came back as 3 bytes of content,
    "cut at 3 bytes". What the answer shows is as much as its budget holds."""
    body = "a" + character * 3000 + "a"  # letters at its ends: a body is read stripped
    bank = make_bank(tmp_path / "b", {"q.md": f"---\ntitle: Q\n---\n{body}\n"})
    answer = read(bank, "q.md", max_bytes=1000)
    written = json_bytes(answer)
    assert answer["truncated"] and written <= 1000
    assert answer["content"] == body[: len(answer["content"])]
    assert json_bytes(answer["content"]) - 3 >= 500  # the page's frame and its note take the rest


def test_a_text_that_fits_is_not_clipped_by_the_mark_that_would_end_a_clipped_one() -> None:
    """A refusal of 299 bytes in a room of 300 came back cut to 297 and `…`."""
    assert read_module._clipped_for_json("a" * 299, 300) == "a" * 299
    cut = read_module._clipped_for_json('"' * 1000, 300)
    assert cut.endswith("…") and len(json.dumps(cut, ensure_ascii=False).encode("utf-8")) - 2 <= 300
    assert cut.count('"') >= 145


def test_a_heading_of_compatibility_characters_is_not_matched_by_their_plain_twins(tmp_path: Path) -> None:
    """Only invisible characters are set aside when a heading is matched as it shows: `ＡＰＩ` and
    `CO²` are other headings than `api` and `co2`, so asking `API` or `CO2` of a page holding both
    stays ambiguous, as it was, rather than picking the wide or the superscript one."""
    page = "---\ntitle: P\n---\n# P\n\n## ＡＰＩ\n\na\n\n## api\n\nb\n\n## CO²\n\nc\n\n## co2\n\nd\n"
    bank = make_bank(tmp_path / "b", {"p.md": page})
    for asked in ("API", "CO2"):
        with pytest.raises(ToolInputError, match="ambiguous"):
            read(bank, "p.md", section=asked)
