"""The tool surface an agent pays for on every turn stays within its character budget.

A size check is behaviour, not timing: instructions plus the compact JSON of the tools, prompts
and resources lists, as a client receives them.
"""

from __future__ import annotations

import json
from pathlib import Path

import anyio
from mcp import Client

from memorybank_server import scaffold
from memorybank_server.server import build_server

BUDGET = {"full": 12_000, "seed": 800, "off": 100}


async def surface_size(server) -> int:
    async with Client(server) as client:
        parts = [
            [
                t.model_dump(mode="json", by_alias=True, exclude_none=True)
                for t in (await client.list_tools()).tools
            ],
            [
                p.model_dump(mode="json", by_alias=True, exclude_none=True)
                for p in (await client.list_prompts()).prompts
            ],
            [
                r.model_dump(mode="json", by_alias=True, exclude_none=True)
                for r in (await client.list_resources()).resources
            ],
        ]
        compact = sum(len(json.dumps(part, ensure_ascii=False, separators=(",", ":"))) for part in parts)
        return len(client.instructions or "") + compact


def test_surface_sizes_stay_within_budget(tmp_path: Path) -> None:
    root = tmp_path / "memory_bank"
    seed = anyio.run(surface_size, build_server(root))
    scaffold.init(root, "Budget")
    full = anyio.run(surface_size, build_server(root))
    off = anyio.run(surface_size, build_server(root, off=[tmp_path]))
    assert full <= BUDGET["full"], full
    assert seed <= BUDGET["seed"], seed
    assert off <= BUDGET["off"], off
