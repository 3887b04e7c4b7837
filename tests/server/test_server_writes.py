"""The governed writes through the MCP surface and the command line: results, refusals, no bytes."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import anyio
import pytest
from mcp import Client

from memorybank_lint.bank import Bank
from memorybank_lint.linter import lint
from memorybank_server import scaffold
from memorybank_server.cli import main as cli_main
from memorybank_server.server import build_server

from .conftest import payload


def tree(root: Path) -> dict[str, str]:
    return {
        p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


def findings(root: Path) -> list:
    bank = Bank(root)
    bank.refresh()
    return lint(bank)


def test_a_session_of_writes_keeps_the_bank_clean(tmp_path: Path) -> None:
    root = tmp_path / "memory_bank"
    scaffold.init(root, "Acme")

    async def main() -> None:
        async with Client(build_server(root)) as client:
            made = payload(
                await client.call_tool(
                    "bank_create",
                    {
                        "docKind": "domain",
                        "path": "domain/pricing.md",
                        "title": "Pricing",
                        "purpose": "How a price is computed: list price, discounts, rounding.",
                        "derivedFrom": ["../product/context.md"],
                        "canonicalFor": ["price_formula"],
                        "body": "## Formula\n\nPrice = list - discount.\n\n## Rounding\n\nHalf up.",
                    },
                )
            )
            assert made["created"] and made["registeredIn"] == ["domain/README.md"]
            before = tree(root)
            refused = await client.call_tool(
                "bank_create",
                {
                    "docKind": "domain",
                    "path": "domain/other.md",
                    "title": "Other",
                    "purpose": "x",
                    "canonicalFor": ["price_formula"],
                },
            )
            assert refused.is_error and "already owned by domain/pricing.md" in refused.content[0].text
            assert tree(root) == before
            edited = payload(
                await client.call_tool(
                    "bank_edit",
                    {"path": "domain/pricing.md", "find": "Half up.", "replace": "Half up, to the cent."},
                )
            )
            assert edited["edited"]
            updated = payload(
                await client.call_tool(
                    "bank_update_section",
                    {"path": "domain/pricing.md", "section": "formula", "content": "Price = list × (1 - d)."},
                )
            )
            assert updated["section"] == "Formula"
            field = payload(
                await client.call_tool(
                    "bank_set_field",
                    {"path": "domain/pricing.md", "field": "owner", "value": "billing: team"},
                )
            )
            assert field["changed"]
            active = payload(
                await client.call_tool("bank_set_status", {"path": "domain/pricing.md", "status": "active"})
            )
            assert (active["from"], active["to"]) == ("draft", "active")
            note = payload(
                await client.call_tool(
                    "bank_create",
                    {
                        "docKind": "domain",
                        "path": "rounding.md",
                        "title": "Rounding gotcha",
                        "purpose": "Read when totals are off by a cent.",
                        "inbox": True,
                    },
                )
            )
            assert note["path"] == "_inbox/rounding.md"
            gone = payload(
                await client.call_tool(
                    "bank_discard", {"path": "_inbox/rounding.md", "reason": "folded into domain/pricing.md"}
                )
            )
            assert gone["discarded"]

    anyio.run(main)
    assert findings(root) == []
    assert "folded into domain/pricing.md" in (root / "_inbox" / "DISCARDED.md").read_text(encoding="utf-8")


def test_command_line_create_and_promote(tmp_path: Path, capsys) -> None:
    root = tmp_path / "memory_bank"
    scaffold.init(root, "Acme")
    assert (
        cli_main(
            [
                "--root",
                str(root),
                "--create",
                "idea.md",
                "--title",
                "An idea",
                "--purpose",
                "Read when choosing a cache.",
                "--inbox",
            ]
        )
        == 0
    )
    assert capsys.readouterr().out.startswith("CREATED _inbox/idea.md")
    assert (
        cli_main(
            [
                "--root",
                str(root),
                "--promote",
                "_inbox/idea.md",
                "--to",
                "engineering/cache.md",
                "--kind",
                "engineering",
                "--derived",
                "../dna/principles.md",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert out.startswith("PROMOTED _inbox/idea.md -> engineering/cache.md")
    assert "registered in: engineering/README.md" in out
    assert findings(root) == []
    assert cli_main(["--root", str(root), "--promote", "engineering/cache.md"]) == 2  # usage: no --to
    assert "--to" in capsys.readouterr().err


def test_a_file_system_refusal_is_named_not_a_stack_trace(tmp_path: Path) -> None:
    root = tmp_path / "memory_bank"
    scaffold.init(root, "Acme")
    (root / "domain").chmod(0o555)
    if os.access(root / "domain", os.W_OK):  # root ignores permissions: make the folder a file instead
        (root / "domain").chmod(0o755)
        target = {"path": "domain/x/pricing.md"}
        (root / "domain" / "x").write_text("not a folder", encoding="utf-8")
    else:
        target = {"path": "domain/pricing.md"}

    async def main() -> None:
        async with Client(build_server(root)) as client:
            result = await client.call_tool(
                "bank_create",
                {"docKind": "domain", "title": "Pricing", "purpose": "How prices are computed.", **target},
            )
            assert result.is_error
            assert "Traceback" not in result.content[0].text and "domain" in result.content[0].text

    try:
        anyio.run(main)
    finally:
        (root / "domain").chmod(0o755)


# Each write that changes an existing document, with its other arguments.
ON_A_DOCUMENT = {
    "bank_edit": {"find": "x", "replace": "y"},
    "bank_update_section": {"section": "Context", "content": "New."},
    "bank_set_status": {"status": "active"},
    "bank_set_field": {"field": "audience", "value": "x"},
    "bank_promote": {"to": "domain/note.md"},
    "bank_discard": {"reason": "a duplicate"},
}


@pytest.mark.parametrize(
    ("path", "said"),
    [
        ("", "A path is empty"),
        ("   ", "A path is empty"),
        ("/etc/passwd", "Not a document of this bank: '/etc/passwd'; the path leads outside the bank"),
        ("../x.md", "Not a document of this bank: '../x.md'; the path leads outside the bank"),
    ],
)
def test_a_write_names_a_path_that_is_no_document_as_bank_read_does(
    tmp_path: Path, path: str, said: str
) -> None:
    """The writes answered "Not a document of this bank: " and nothing for an empty path, and
    never said that a path leads outside the bank."""
    root = tmp_path / "memory_bank"
    scaffold.init(root, "Acme")

    async def main() -> None:
        async with Client(build_server(root)) as client:
            read = await client.call_tool("bank_read", {"path": path})
            reason = read.content[0].text.removeprefix("Error executing tool bank_read: ")
            assert read.is_error and reason.startswith(said)
            for tool, arguments in ON_A_DOCUMENT.items():
                answer = await client.call_tool(tool, {"path": path, **arguments, "dryRun": True})
                assert answer.is_error and answer.content[0].text == f"Error executing tool {tool}: {reason}"

    anyio.run(main)


@pytest.mark.parametrize("path", ["", "   "])
def test_an_empty_path_for_a_new_document_is_named_empty(tmp_path: Path, path: str) -> None:
    """`bank_create` and `bank_promote`'s `to` answered an empty path with "'' must end in .md",
    where every other tool says the path is empty, as the command line's `--create ''` does."""
    root = tmp_path / "memory_bank"
    scaffold.init(root, "Acme")
    (root / "_inbox").mkdir(exist_ok=True)
    (root / "_inbox" / "note.md").write_text(
        "---\ntitle: Note\ndoc_kind: domain\npurpose: A note.\nstatus: draft\n---\n# Note\n", encoding="utf-8"
    )
    create = {"docKind": "domain", "title": "T", "purpose": "A purpose.", "dryRun": True}

    async def main() -> None:
        async with Client(build_server(root)) as client:
            for tool, arguments in (
                ("bank_create", {**create, "path": path}),
                ("bank_promote", {"path": "_inbox/note.md", "to": path, "dryRun": True}),
            ):
                answer = await client.call_tool(tool, arguments)
                said = answer.content[0].text.removeprefix(f"Error executing tool {tool}: ")
                assert answer.is_error and said.startswith("A path is empty"), said

    anyio.run(main)
