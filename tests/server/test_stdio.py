"""The server as a client really runs it: `mcp-memorybank --root DIR` over stdio, in a subprocess."""

from __future__ import annotations

import sys
from pathlib import Path

import anyio
from mcp import Client, StdioServerParameters

from .conftest import payload

COMMAND = str(Path(sys.executable).with_name("mcp-memorybank"))


def params(*args: str) -> StdioServerParameters:
    return StdioServerParameters(command=COMMAND, args=list(args))


def test_stdio_full_session(fixture_bank: Path) -> None:
    async def main() -> None:
        async with Client(params("--root", str(fixture_bank))) as client:
            assert client.server_info.name == "memorybank"
            assert "bank_route" in {t.name for t in (await client.list_tools()).tools}
            routed = payload(await client.call_tool("bank_route", {"question": "why a plain table queue"}))
            assert routed["results"][0]["path"] == "adr/ADR-001-queue-choice.md"
            read = payload(await client.call_tool("bank_read", {"path": ["domain/model.md", "orphan.md"]}))
            assert [d["path"] for d in read["documents"]] == ["domain/model.md", "orphan.md"]
            checked = payload(await client.call_tool("bank_validate", {"severity": "warning"}))
            assert checked["total"] == 4

    anyio.run(main)


def test_stdio_seed_session_opens_after_init(tmp_path: Path) -> None:
    root = tmp_path / "memory_bank"
    notified: list[str] = []

    async def handler(message) -> None:
        notified.append(type(getattr(message, "root", message)).__name__)

    async def main() -> None:
        async with Client(params("--root", str(root)), mode="legacy", message_handler=handler) as client:
            assert [t.name for t in (await client.list_tools()).tools] == ["bank_init"]
            payload(await client.call_tool("bank_init", {"name": "Stdio"}))
            names = {t.name for t in (await client.list_tools()).tools}
            assert {"bank_route", "bank_read", "bank_validate"} <= names

    anyio.run(main)
    assert "ToolListChangedNotification" in notified
    assert (root / "dna" / "principles.md").is_file()
