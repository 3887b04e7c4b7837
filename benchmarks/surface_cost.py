"""Print what the tool surface costs an agent: characters of instructions plus the compact JSON of
the tools, prompts and resources lists, per surface mode, measured over a real stdio session.

    python benchmarks/surface_cost.py

Budgets (SPEC §3): full ≤ 12,000, no bank ≤ 800, off ≤ 100; the reference: 24,415 / 1,562 / 81.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

import anyio
from mcp import Client, StdioServerParameters

from memorybank_server import scaffold

COMMAND = str(Path(sys.executable).with_name("mcp-memorybank"))
BUDGET = {"full": 12_000, "seed": 800, "off": 100}
REFERENCE = {"full": 24_415, "seed": 1_562, "off": 81}


def _compact(items: list) -> int:
    dumped = [item.model_dump(mode="json", by_alias=True, exclude_none=True) for item in items]
    return len(json.dumps(dumped, ensure_ascii=False, separators=(",", ":")))


async def measure(args: list[str]) -> dict[str, int]:
    async with Client(StdioServerParameters(command=COMMAND, args=args)) as client:
        return {
            "instructions": len(client.instructions or ""),
            "tools": _compact((await client.list_tools()).tools),
            "prompts": _compact((await client.list_prompts()).prompts),
            "resources": _compact((await client.list_resources()).resources),
        }


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "memory_bank"
        measured = {"seed": anyio.run(measure, ["--root", str(root)])}
        scaffold.init(root, "Surface")
        measured["full"] = anyio.run(measure, ["--root", str(root)])
        measured["off"] = anyio.run(measure, ["--root", str(root), "--off", tmp])
    print(
        f"{'surface':<8}{'instr':>7}{'tools':>8}{'prompts':>9}{'resources':>11}{'total':>8}"
        f"{'budget':>8}{'reference':>11}"
    )
    for mode, parts in measured.items():
        total = sum(parts.values())
        verdict = "OK" if total <= BUDGET[mode] else "OVER"
        print(
            f"{mode:<8}{parts['instructions']:>7}{parts['tools']:>8}{parts['prompts']:>9}"
            f"{parts['resources']:>11}{total:>8}{BUDGET[mode]:>8}{REFERENCE[mode]:>11}  {verdict}"
        )


if __name__ == "__main__":
    main()
