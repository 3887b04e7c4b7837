"""The generated tier: a bank seeded by bank_init and filled only through bank_create, over MCP.

A bank built entirely through the server validates with zero findings, routes its owners first in
English and Russian, walks its graph over the edges the server wrote, answers searches and git
deltas — and is byte-identical and still clean after three refused writes.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import anyio
from mcp import Client

from memorybank_server.server import build_server
from tests.conftest import git

DOCUMENTS = [
    {
        "docKind": "domain",
        "path": "domain/model.md",
        "title": "Document Model",
        "purpose": "The entities an ebook is parsed into: book, chapter, block, footnote.",
        "derivedFrom": ["../product/context.md"],
        "canonicalFor": ["document_model"],
        "status": "active",
        "body": "## Entities\n\nA book has chapters; a chapter has blocks and footnotes.",
    },
    {
        "docKind": "domain",
        "path": "domain/parsing-rules.md",
        "title": "Parsing Rules",
        "purpose": "Owns the filter thresholds that decide which blocks are dropped as noise.",
        "derivedFrom": ["model.md"],
        "canonicalFor": ["filter_thresholds"],
        "status": "active",
        "body": (
            "## Thresholds\n\nBlocks shorter than 12 characters are dropped.\n\n"
            "## Пороги\n\nКороткие блоки удаляются."
        ),
    },
    {
        "docKind": "engineering",
        "path": "engineering/architecture.md",
        "title": "Architecture",
        "purpose": "The package layout of the parser and how the stages hand data on.",
        "derivedFrom": ["../domain/model.md", "../domain/parsing-rules.md"],
        "canonicalFor": ["package_layout"],
        "status": "active",
        "body": "## Package Layout\n\nreader, normaliser, exporter.",
    },
    {
        "docKind": "adr",
        "path": "adr/ADR-20261130T090000Z-two-formats.md",
        "title": "ADR: Two input formats, one model",
        "purpose": "Why EPUB and FB2 are parsed into one shared document model instead of two.",
        "derivedFrom": ["../domain/model.md"],
        "status": "active",
    },
    {
        "docKind": "feature",
        "path": "features/FT-01-extract-package/brief.md",
        "title": "FT-01: Extract package",
        "purpose": "What extracting a package from a book must do, and how we know it is done.",
        "derivedFrom": ["../../engineering/architecture.md"],
        "status": "active",
    },
    {
        "docKind": "epic",
        "path": "epics/EP-01-formats/charter.md",
        "title": "EP-01: More formats",
        "purpose": "The plan to support more input formats across several features.",
        "derivedFrom": ["../../domain/model.md"],
    },
    {
        "docKind": "prd",
        "path": "prd/PRD-01-reader.md",
        "title": "PRD-01: Reader",
        "purpose": "The product requirements the reader features inherit.",
        "derivedFrom": ["../product/context.md"],
    },
]


def tree(root: Path) -> dict[str, str]:
    return {
        p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


async def call(client: Client, tool: str, args: dict) -> dict:
    result = await client.call_tool(tool, args)
    assert not result.is_error, result.content[0].text
    return json.loads(result.content[0].text)


async def refusal(client: Client, tool: str, args: dict) -> str:
    result = await client.call_tool(tool, args)
    assert result.is_error
    return result.content[0].text


def test_a_bank_built_through_the_server(tmp_path: Path) -> None:
    root = tmp_path / "memory_bank"
    git(tmp_path, "init", "-q")

    async def main() -> None:
        async with Client(build_server(root)) as client:
            seeded = await call(client, "bank_init", {"name": "ebook_parser"})
            assert len(seeded["files"]) == 24
            registered = {}
            for document in DOCUMENTS:
                made = await call(client, "bank_create", document)
                registered[made["path"]] = made["registeredIn"]
            git(tmp_path, "add", "-A")
            git(tmp_path, "commit", "-q", "-m", "bank")
            await call(
                client,
                "bank_create",
                {
                    "docKind": "domain",
                    "path": "domain/glossary.md",
                    "title": "Glossary",
                    "purpose": "Words the parser team uses with one meaning.",
                    "derivedFrom": ["model.md"],
                    "status": "active",
                },
            )

            checked = await call(client, "bank_validate", {})
            assert checked["total"] == 0, checked["findings"]
            assert registered["domain/model.md"] == ["domain/README.md"]
            assert registered["adr/ADR-20261130T090000Z-two-formats.md"] == ["adr/README.md"]
            assert registered["features/FT-01-extract-package/brief.md"] == ["features/README.md"]
            assert registered["epics/EP-01-formats/charter.md"] == ["epics/README.md"]
            assert registered["prd/PRD-01-reader.md"] == ["prd/README.md"]

            async def first(question: str) -> str:
                return (await call(client, "bank_route", {"question": question}))["results"][0]["path"]

            assert await first("filter thresholds") == "domain/parsing-rules.md"
            assert await first("где пороги фильтрации") == "domain/parsing-rules.md"
            assert await first("package layout") == "engineering/architecture.md"
            assert await first("why two formats one model") == "adr/ADR-20261130T090000Z-two-formats.md"
            assert await first("почему два формата одна модель") == "adr/ADR-20261130T090000Z-two-formats.md"

            down = await call(client, "bank_graph", {"path": "domain/model.md", "depth": 3})
            assert {
                "domain/parsing-rules.md",
                "engineering/architecture.md",
                "domain/glossary.md",
                "adr/ADR-20261130T090000Z-two-formats.md",
                "features/FT-01-extract-package/brief.md",
            } <= {n["path"] for n in down["nodes"]}
            assert down["broken"] == []
            up = await call(
                client,
                "bank_graph",
                {"path": "features/FT-01-extract-package/brief.md", "direction": "up", "depth": 6},
            )
            assert "dna/principles.md" in {n["path"] for n in up["nodes"]}

            found = await call(client, "bank_search", {"query": "frontmatter"})
            assert found["results"][0]["path"] == "dna/frontmatter.md"
            delta = await call(client, "bank_changed", {"since": "HEAD"})
            kinds = {(c["path"], c["changeKind"]) for c in delta["changes"]}
            assert ("domain/glossary.md", "added") in kinds and ("domain/README.md", "modified") in kinds

            before = tree(root)
            owned = await refusal(
                client,
                "bank_create",
                {
                    "docKind": "domain",
                    "path": "domain/model-2.md",
                    "title": "Model 2",
                    "purpose": "x",
                    "canonicalFor": ["document_model"],
                },
            )
            assert "already owned by domain/model.md" in owned
            dangling = await refusal(
                client,
                "bank_create",
                {
                    "docKind": "domain",
                    "path": "domain/x.md",
                    "title": "X",
                    "purpose": "x",
                    "derivedFrom": ["../does-not-exist.md"],
                },
            )
            assert "does not resolve to a document of this bank" in dangling
            taken = await refusal(
                client,
                "bank_create",
                {"docKind": "domain", "path": "domain/model.md", "title": "Again", "purpose": "x"},
            )
            assert "existing document" in taken
            escape = await refusal(
                client,
                "bank_create",
                {"docKind": "domain", "path": "../escape.md", "title": "Out", "purpose": "x"},
            )
            assert "must stay inside the bank" in escape
            assert tree(root) == before
            assert (await call(client, "bank_validate", {}))["total"] == 0

    anyio.run(main)
