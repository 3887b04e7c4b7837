"""A path a tool answers with names its document when passed back to any tool, as given.

Why: an agent copies the `path` of a route, a finding or a change into the next call. A file name
may begin with whitespace (` notes.md`, U+00A0, U+3000), and a name the bank cannot read keeps a
key with a backslash in it (`printable`); stripped or re-separated on the way back in, such a path
named no document. Through the real MCP client, as an agent calls the tools.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client

from memorybank_server.cli import main as server_main
from memorybank_server.server import build_server
from tests.conftest import CLEAN_BANK, captured, write_bank

from .conftest import payload

SPACED = {
    "space": " space.md",
    "no-break space": "\u00a0space.md",
    "ideographic space": "\u3000space.md",
    "folder": " notes/space.md",
}


def _document(purpose: str, derived: str) -> str:
    return (
        f"---\ntitle: Quokka\ndoc_kind: domain\npurpose: {purpose}\nstatus: draft\n"
        f"derived_from:\n  - {derived}\n---\n# Quokka\n\n## Ledger\n\nThe quokka ledger.\n"
    )


def _bank(root: Path, files: dict[str, str]) -> Path:
    return write_bank(root, {**CLEAN_BANK, **files})


def _calls(root: Path, steps: list[tuple[str, dict[str, Any]]]) -> list[Any]:
    """Each tool's result, in order, from one client session over the bank at `root`."""
    results: list[Any] = []

    async def main() -> None:
        async with Client(build_server(root)) as client:
            for name, arguments in steps:
                results.append(await client.call_tool(name, arguments))

    anyio.run(main)
    return results


@pytest.mark.parametrize("name", list(SPACED.values()), ids=list(SPACED))
def test_a_name_beginning_with_whitespace_is_named_back_by_every_tool(tmp_path: Path, name: str) -> None:
    derived = "../dna/principles.md" if "/" in name else "dna/principles.md"
    root = _bank(tmp_path / "memory-bank", {name: _document("Zanzibar quokka ledger.", derived)})
    (routed,) = _calls(root, [("bank_route", {"question": "zanzibar quokka ledger"})])
    path = payload(routed)["results"][0]["path"]
    assert path == name
    read, graph, validated, drifted, edited = _calls(
        root,
        [
            ("bank_read", {"path": path, "section": "Ledger"}),
            ("bank_graph", {"path": path, "direction": "up"}),
            ("bank_validate", {"scope": path}),
            ("bank_drift", {"scope": path}),
            ("bank_edit", {"path": path, "find": "The quokka ledger.", "replace": "The quokka book."}),
        ],
    )
    assert payload(read)["path"] == name and "The quokka ledger." in payload(read)["content"]
    assert payload(graph)["root"] == name
    assert {f["path"] for f in payload(validated)["findings"]} <= {name}
    assert payload(drifted)["unanchored"] == 1
    assert payload(edited)["edited"]
    assert "The quokka book." in (root / name).read_text(encoding="utf-8")


def test_the_command_line_reads_a_name_beginning_with_a_space(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = _bank(tmp_path / "memory-bank", {" space.md": _document("Spaced.", "dna/principles.md")})
    code, out, err = captured(server_main, ["--root", str(root), "--read", " space.md", "--json"], capsys)
    assert code == 0, err
    assert json.loads(out)["path"] == " space.md"
    code, out, err = captured(server_main, ["--root", str(root), "--graph", " space.md", "--json"], capsys)
    assert code == 0, err
    assert json.loads(out)["root"] == " space.md"


def test_a_spaced_name_and_its_stripped_twin_are_each_their_own_document(tmp_path: Path) -> None:
    """Both exist: the path as given names its own file; the stripped one is never substituted."""
    root = _bank(
        tmp_path / "memory-bank",
        {
            " twin.md": _document("Spaced twin.", "dna/principles.md"),
            "twin.md": _document("Plain twin.", "dna/principles.md"),
        },
    )
    spaced, plain = _calls(root, [("bank_read", {"path": " twin.md"}), ("bank_read", {"path": "twin.md"})])
    assert payload(spaced)["frontmatter"]["purpose"] == "Spaced twin."
    assert payload(plain)["frontmatter"]["purpose"] == "Plain twin."


def test_a_path_typed_with_stray_whitespace_still_names_its_document(tmp_path: Path) -> None:
    """No name holds the whitespace, so it is the stray kind, and the path means what it did."""
    root = _bank(tmp_path / "memory-bank", {})
    read, validated, drifted, windows = _calls(
        root,
        [
            ("bank_read", {"path": "  domain/model.md \n"}),
            ("bank_validate", {"scope": " domain "}),
            ("bank_drift", {"scope": " ./domain/ "}),
            ("bank_read", {"path": " domain\\model.md "}),
        ],
    )
    assert payload(read)["path"] == "domain/model.md"
    assert "matches no document" not in validated.content[0].text and not validated.is_error
    assert payload(drifted)["unanchored"] == 1
    assert payload(windows)["path"] == "domain/model.md"


def test_whitespace_never_carries_a_path_out_of_the_bank(tmp_path: Path) -> None:
    root = _bank(tmp_path / "memory-bank", {})
    (tmp_path / "outside.md").write_text("# SECRET\n", encoding="utf-8")
    (tmp_path / " outside.md").write_text("# SECRET\n", encoding="utf-8")
    climbing = (" ../outside.md", "../ outside.md", f" {tmp_path}/outside.md", f"{tmp_path}/ outside.md")
    results = _calls(root, [("bank_read", {"path": given}) for given in climbing])
    for result in results:
        assert result.is_error and "Not a document of this bank" in result.content[0].text
        assert "SECRET" not in result.content[0].text


def test_the_key_of_a_name_holding_a_backslash_names_that_document(tmp_path: Path) -> None:
    """The finding names `domain/a\\\\b.md`; passed back, it is that document, which cannot be read
    or edited under its key (MB002 asks for a rename): the refusal says so, instead of finding no
    document at all. A backslash between real folders still reads as a separator."""
    root = _bank(tmp_path / "memory-bank", {"domain/a\\b.md": _document("Slash.", "../dna/principles.md")})
    (validated,) = _calls(root, [("bank_validate", {"rule": "MB002"})])
    (key,) = {f["path"] for f in payload(validated)["findings"]}
    assert key == "domain/a\\\\b.md"
    read, graph, edited, windows = _calls(
        root,
        [
            ("bank_read", {"path": key}),
            ("bank_graph", {"path": key}),
            ("bank_set_status", {"path": key, "status": "active"}),
            ("bank_read", {"path": "domain\\model.md"}),
        ],
    )
    assert read.is_error and "cannot be read" in read.content[0].text and "rename it" in read.content[0].text
    assert payload(graph)["root"] == key
    assert edited.is_error and "cannot be edited" in edited.content[0].text
    assert payload(windows)["path"] == "domain/model.md"


def test_the_key_of_a_name_that_is_not_utf8_never_opens_the_name_it_spells(tmp_path: Path) -> None:
    """`lit\\xfe.md` is the key of the name holding the byte 0xFE; a file typed as `lit\\xfe.md`
    (backslash, x, f, e) also exists. Passed back, the key must not read that other file."""
    root = _bank(tmp_path / "memory-bank", {"lit\\xfe.md": "---\ntitle: Typed\n---\n# SPELLED\n"})
    with open(os.fsencode(root) + b"/lit\xfe.md", "w", encoding="utf-8") as handle:
        handle.write("---\ntitle: Byte\n---\n# Byte\n")
    (read,) = _calls(root, [("bank_read", {"path": "lit\\xfe.md"})])
    assert read.is_error and "not valid UTF-8; rename it" in read.content[0].text
    assert "SPELLED" not in read.content[0].text
