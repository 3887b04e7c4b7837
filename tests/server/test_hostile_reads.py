"""The read tools over stdio, as a client runs the server, on hostile arguments: every answer stays
within its documented bound, and the server answers the next request."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client, StdioServerParameters

from tests.conftest import write_bank

COMMAND = str(Path(sys.executable).with_name("mcp-memorybank"))
PAGE = "---\ntitle: {title}\nstatus: draft\n---\n# {title}\n\n## Intro\n\ntext\n"


def session(root: Path, calls: list[tuple[str, dict[str, Any]]]) -> list[tuple[bool, str]]:
    """Each call's (is_error, text) over one stdio session, then a plain read that must answer."""
    answers: list[tuple[bool, str]] = []

    async def main() -> None:
        # the test's environment, not the SDK's short default list: the server imports this checkout
        server = StdioServerParameters(command=COMMAND, args=["--root", str(root)], env=dict(os.environ))
        async with Client(server) as client:
            for name, arguments in calls:
                result = await client.call_tool(name, arguments)
                answers.append((result.is_error, result.content[0].text))
            after = await client.call_tool("bank_read", {"path": "a.md"})
            assert not after.is_error and json.loads(after.content[0].text)["title"] == "A"

    anyio.run(main)
    return answers


def test_a_batchs_failed_and_skipped_entries_do_not_echo_a_huge_argument(tmp_path: Path) -> None:
    """A batch repeats each failed request's refusal: a 1 MB `section` over a list of 100 paths
    answered 100 MB, and 100 paths of 100 KB each 20 MB, where one read refuses in 2,000 characters."""
    root = write_bank(tmp_path / "memory-bank", {"a.md": PAGE.format(title="A")})
    long_section = "z" * 1_000_000
    long_path = "x" * 100_000 + ".md"
    answers = session(
        root,
        [
            ("bank_read", {"path": ["a.md"] * 100, "section": long_section}),
            ("bank_read", {"path": [long_path] * 100}),
            ("bank_read", {"path": ["a.md"] * 40 + [long_path] * 60, "maxBytes": 1000}),
        ],
    )
    for is_error, text in answers:
        assert not is_error
        answer = json.loads(text)
        entries = answer["failed"] + answer["skipped"]
        assert entries
        assert all(len(json.dumps(entry, ensure_ascii=False)) <= 2_500 for entry in entries)
    section_refused, path_refused = (json.loads(text)["failed"][0] for _, text in answers[:2])
    assert section_refused["path"] == "a.md" and "No section 'zzz" in section_refused["error"]
    assert path_refused["path"].startswith("xxx") and "Not a document of this bank" in path_refused["error"]


def test_graph_refuses_a_path_as_read_does(tmp_path: Path) -> None:
    """`bank_graph` said only "Not a document" of a path that leads outside the bank, or that
    names a document through `..`, where `bank_read` says which it is and how to write it."""
    root = write_bank(
        tmp_path / "memory-bank", {"a.md": PAGE.format(title="A"), "d/b.md": PAGE.format(title="B")}
    )
    asked = ["../outside.md", "/etc/passwd", "d/../a.md", "nope.md", "  "]
    answers = session(
        root, [(tool, {"path": path}) for path in asked for tool in ("bank_read", "bank_graph")]
    )
    assert all(is_error for is_error, _ in answers)
    said = [text.split(": ", 1)[1] for _, text in answers]
    assert said[0::2] == said[1::2]
    assert "the path leads outside the bank" in said[0] and "as 'a.md'" in said[4]


def test_a_section_is_found_whatever_invisible_characters_its_heading_or_request_holds(
    tmp_path: Path,
) -> None:
    """A soft hyphen, a zero-width space or a bidi mark (pasted in from a word processor or a web
    page, and invisible in the list of headings a refusal offers) split a word in two, so the
    heading as anyone reads it was refused."""
    body = "".join(
        f"## {heading}\n\ntext {n}\n\n"
        for n, heading in enumerate(
            ["Con\u00adfiguration", "Se\u200bction\u202e one", "\u200fRetry\u200e policy"]
        )
    )
    root = write_bank(tmp_path / "memory-bank", {"a.md": PAGE.format(title="A") + body})
    asked = ["configuration", "Section one", "retry policy", "Retry\u2060 policy\ufeff"]
    answers = session(root, [("bank_read", {"path": "a.md", "section": section}) for section in asked])
    assert [json.loads(text)["content"].split("\n")[-1] for _, text in answers] == [
        "text 0",
        "text 1",
        "text 2",
        "text 2",
    ]


def test_a_page_whose_whole_answer_fits_the_budget_is_answered_whole(tmp_path: Path) -> None:
    """A budget kept 1,000 bytes for the text whatever its length: a page answering 850 bytes in
    all lost its header to a `maxBytes` of 1,000, and the last short page of a list its header
    to the few hundred bytes the budget had left, though either fitted whole."""
    header = "purpose: " + "why " * 40 + "\n"
    files = {f"p{n}.md": PAGE.format(title=f"P{n}").replace("status", header + "status") for n in range(8)}
    root = write_bank(tmp_path / "memory-bank", {"a.md": PAGE.format(title="A"), **files})
    whole = session(root, [("bank_read", {"path": "p0.md"})])[0][1]
    size = len(whole.encode("utf-8"))
    answers = session(
        root,
        [
            ("bank_read", {"path": "p0.md", "maxBytes": max(size, 1000)}),
            ("bank_read", {"path": sorted(files), "maxBytes": 3 * size + 50}),
        ],
    )
    assert json.loads(answers[0][1]) == json.loads(whole)
    listed = json.loads(answers[1][1])["documents"]
    assert listed and all(document["frontmatter"] for document in listed)
    assert [document["truncated"] for document in listed] == [False] * len(listed)


def test_a_path_that_names_something_in_the_bank_but_no_document_says_what_it_is(tmp_path: Path) -> None:
    """A link (`AGENTS.md -> ../AGENTS.md` is common), a FIFO, a folder, a hidden file or a text
    file inside the bank was refused as "Not a document of this bank" alone, as if nothing were
    there: the linter names each, the read tools now do too. Nothing behind a link is looked at."""
    root = write_bank(
        tmp_path / "memory-bank",
        {
            "a.md": PAGE.format(title="A"),
            "d/b.md": PAGE.format(title="B"),
            ".hidden/c.md": "# C\n",
            "n.txt": "x\n",
        },
    )
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "secret.md").write_text("# secret\n", encoding="utf-8")
    os.symlink("a.md", root / "link.md")
    os.symlink(tmp_path / "outside", root / "out")
    os.mkfifo(root / "fifo.md")
    asked = {
        "link.md": "is a symbolic link, which the bank never follows",
        "out/secret.md": "goes through a symbolic link ('out'), which the bank never follows",
        "out/nothing.md": "goes through a symbolic link ('out'), which the bank never follows",
        "fifo.md": "is not a regular file (a FIFO, a socket, a device)",
        "d": "is a folder; pass one of its documents",
        ".hidden/c.md": "is in a folder the bank never reads",
        "n.txt": "is not a markdown document",
    }
    answers = session(
        root, [(tool, {"path": path}) for path in asked for tool in ("bank_read", "bank_graph")]
    )
    for (path, why), (is_error, text) in zip(
        [(p, w) for p, w in asked.items() for _ in "rg"], answers, strict=True
    ):
        assert is_error and f"Not a document of this bank: '{path}'; it {why}" in text
    odd = session(root, [("bank_read", {"path": path}) for path in ("d/nothing.md", ".", "d/./b.md")])
    assert [text.split(": ", 1)[1] for _, text in odd[:2]] == [
        f"Not a document of this bank: '{path}'" for path in ("d/nothing.md", ".")
    ]
    assert json.loads(odd[2][1])["path"] == "d/b.md"  # `.` is no hidden name: the path is only written oddly


def test_a_section_headed_without_letters_is_read_by_its_heading(tmp_path: Path) -> None:
    """A heading of only an emoji or punctuation (`## 🚀`, `## ???`) could never be read alone:
    the request was refused as having no letters or digits before it was compared with the
    headings as written. Asked exactly, it is read; two alike are ambiguous, as any two are."""
    body = "".join(f"## {h}\n\ntext {n}\n\n" for n, h in enumerate(["🚀", "???", "Intro", "★", "★"]))
    root = write_bank(tmp_path / "memory-bank", {"a.md": PAGE.format(title="A") + body})
    answers = session(
        root, [("bank_read", {"path": "a.md", "section": s}) for s in ["🚀", " ??? ", "!!", "★"]]
    )
    rocket, marks, none, stars = answers
    assert json.loads(rocket[1])["content"] == "## 🚀\n\ntext 0"
    assert json.loads(marks[1])["content"] == "## ???\n\ntext 1"
    assert none[0] and "has no letters or digits to match" in none[1]
    assert stars[0] and "is ambiguous" in stars[1]


@pytest.mark.parametrize("heading", ["x" * 200, '"\\' * 100], ids=["plain", "escaped-in-json"])
def test_the_failures_of_a_list_list_headings_within_the_room_its_skipped_entries_have(
    tmp_path: Path, heading: str
) -> None:
    """Each failed request of a list repeated the page's headings (60 of over 200 characters):
    100 requests for sections a page lacks answered 200 KB on a 40,000-byte budget. The failures
    share the 8,000 bytes of headings the skipped entries have; past them, each is one short line.
    The room and the 300-byte cut count what the answer writes: a heading of `"` or `\\` takes
    twice its length there, and counted as text it answered 64 KB past a 48,000-byte bound."""
    from memorybank_server.read import BUDGET_BYTES, LISTING_BYTES

    sections = "".join(f"## Part {n} {heading}\n\ntext\n\n" for n in range(60))
    root = write_bank(tmp_path / "memory-bank", {"a.md": PAGE.format(title="A") + sections})
    asked = [{"path": "a.md", "section": f"Nope {n}"} for n in range(100)]
    [(is_error, text)] = session(root, [("bank_read", {"path": asked})])
    failed = json.loads(text)["failed"]
    assert not is_error and len(failed) == 100
    assert "Part 0" in failed[0]["error"] and failed[-1]["error"].startswith("No section 'Nope 99' in a.md")
    assert len(text.encode("utf-8")) <= BUDGET_BYTES + LISTING_BYTES
    written = [len(json.dumps(entry["error"], ensure_ascii=False).encode("utf-8")) - 2 for entry in failed]
    assert max(written[-50:]) <= 300


def test_the_room_a_lists_skipped_entries_share_counts_their_headings_as_the_answer_writes_them(
    tmp_path: Path,
) -> None:
    """The skipped entries of a list listed 8,000 bytes of headings counted before JSON escaped
    them: headings of `"` and `\\` took twice that in the answer."""
    from memorybank_server.read import LISTING_BYTES

    heading = '"\\' * 50
    sections = "".join(f"## Part {n} {heading}\n\ntext\n\n" for n in range(40))
    files = {f"p{n}.md": PAGE.format(title=f"P{n}") + sections + "x" * 30_000 for n in range(20)}
    root = write_bank(tmp_path / "memory-bank", {"a.md": PAGE.format(title="A"), **files})
    [(is_error, text)] = session(root, [("bank_read", {"path": sorted(files)})])
    skipped = json.loads(text)["skipped"]
    assert not is_error and len(skipped) == 19 and skipped[0]["availableSections"]
    listed = [title for entry in skipped for title in entry["availableSections"]]
    assert len(json.dumps(listed, ensure_ascii=False, separators=(",", ":")).encode("utf-8")) <= LISTING_BYTES


def test_a_section_headed_by_a_symbol_is_read_and_written_whatever_invisible_characters_it_holds(
    tmp_path: Path,
) -> None:
    """A heading without letters was matched only as written: `## ⚠️` (with the variation selector
    an emoji keyboard adds) could not be asked for as `⚠`, nor `## \\u200b🚀` as `🚀`. Reads and
    writes name the same section."""
    body = "".join(f"## {h}\n\ntext {n}\n\n" for n, h in enumerate(["\u26a0\ufe0f", "\u200b🚀", "Notes"]))
    root = write_bank(tmp_path / "memory-bank", {"a.md": PAGE.format(title="A") + body})
    asked = ["\u26a0", "🚀", "\u26a0\ufe0f\u200d", " 🚀\ufe0e "]
    answers = session(
        root,
        [("bank_read", {"path": "a.md", "section": s}) for s in asked]
        + [("bank_update_section", {"path": "a.md", "section": "\u26a0", "content": "new warning"})],
    )
    assert not any(is_error for is_error, _ in answers), answers
    assert [json.loads(text)["content"].split("\n")[-1] for _, text in answers[:4]] == [
        "text 0",
        "text 1",
        "text 0",
        "text 1",
    ]
    page = (root / "a.md").read_text(encoding="utf-8")
    assert "## \u26a0\ufe0f\n\nnew warning\n" in page and "text 1" in page and "text 0" not in page


def test_a_listed_entry_that_names_no_path_is_refused_in_json_not_a_python_repr(tmp_path: Path) -> None:
    """A list entry with no `path` string was refused quoting it as Python writes a dict
    (`{'section': 'Intro'}`, `True`, `None`), not as the JSON the client sent."""
    root = write_bank(tmp_path / "memory-bank", {"a.md": PAGE.format(title="A")})
    [(is_error, text)] = session(root, [("bank_read", {"path": [{"section": "Intro"}]})])
    assert is_error
    assert '{"section": "Intro"}' in text and "'section'" not in text


def test_a_listed_entrys_section_given_as_null_is_not_given(tmp_path: Path) -> None:
    """`{path, section: null}` (what a client that writes every optional field sends) was refused
    as a mistyped `path`, though null means "not given" for every optional argument and the read
    takes an entry without a section: the top-level `section`, else the whole document."""
    root = write_bank(tmp_path / "memory-bank", {"a.md": PAGE.format(title="A")})
    entry = {"path": "a.md", "section": None}
    answers = session(
        root, [("bank_read", {"path": [entry], "section": "Intro"}), ("bank_read", {"path": [entry]})]
    )
    assert not any(is_error for is_error, _ in answers), answers
    (one,), (whole,) = (json.loads(text)["documents"] for _, text in answers)
    assert one["section"] == "Intro" and one["content"].startswith("## Intro")
    assert "section" not in whole and whole["content"].startswith("# A")
