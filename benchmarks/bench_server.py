"""Print server timings: start to answering tools/list over stdio, and route/search latency on a
generated 10,000-document bank after the first call (median of several runs).

    python benchmarks/bench_server.py [--docs 10000] [--runs 7]

Budgets (SPEC §3): start ≤ 0.6 s; route ≤ 20 ms; search ≤ 20 ms.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

import anyio
from mcp import Client, StdioServerParameters

sys.path.insert(0, str(Path(__file__).parent))
from generate_bank import generate

from memorybank_lint.bank import Bank
from memorybank_server.retrieval.route import route
from memorybank_server.retrieval.search import index_for

COMMAND = str(Path(sys.executable).with_name("mcp-memorybank"))
QUESTIONS = [
    "how are retries configured",
    "почему выбрали очередь",
    "release checklist",
    "где описаны пороги",
    "authentication tokens",
]


async def start_to_tools(root: Path) -> float:
    started = time.perf_counter()
    async with Client(StdioServerParameters(command=COMMAND, args=["--root", str(root)])) as client:
        await client.list_tools()
        return time.perf_counter() - started


def per_call_ms(fn, runs: int) -> float:
    samples = []
    for _ in range(runs):
        started = time.perf_counter()
        for question in QUESTIONS:
            fn(question)
        samples.append((time.perf_counter() - started) * 1000 / len(QUESTIONS))
    return statistics.median(samples)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--docs", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "memory_bank"
        generate(root, args.docs)
        starts = [anyio.run(start_to_tools, root) for _ in range(args.runs)]
        bank = Bank(root)
        bank.refresh()
        index = index_for(bank)
        route(bank, "warm up")
        index.search(bank, "warm up")
        route_ms = per_call_ms(lambda q: route(bank, q), args.runs)
        search_ms = per_call_ms(lambda q: index.search(bank, q), args.runs)
    rows = [
        ("server start to tools/list (s)", statistics.median(starts), 0.6),
        (f"bank_route on {args.docs} docs (ms)", route_ms, 20.0),
        (f"bank_search on {args.docs} docs (ms)", search_ms, 20.0),
    ]
    for label, value, budget in rows:
        print(f"{label:<40}{value:>10.3f}  budget {budget:<6} {'OK' if value <= budget else 'OVER'}")


if __name__ == "__main__":
    main()
