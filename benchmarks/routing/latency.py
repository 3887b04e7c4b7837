"""Route and search latency on a generated 10,000-document bank (SPEC §3: ≤ 20 ms each, warm).

Why generated: the corpus banks top out at ~250 documents, too small to show how the indexes
scale. The bank comes from `benchmarks/generate_bank.py`; the first call of each tool builds its
index (reported separately), every later call only checks which documents changed.

Usage:
    python benchmarks/routing/latency.py [--docs 10000] [--root DIR] [--runs 5]
"""

from __future__ import annotations

import argparse
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from generate_bank import generate  # noqa: E402

from memorybank_lint.bank import Bank  # noqa: E402
from memorybank_server.retrieval.route import route  # noqa: E402
from memorybank_server.retrieval.search import search  # noqa: E402

QUESTIONS = (
    "who owns the backup rules",
    "why did we choose the ledger boundaries",
    "how do I release a new version",
    "где описаны пороги фильтрации",
    "почему платежи идут через очередь",
    "retry budget for the webhook service",
    "feature flag rollout",
    "как настроить кэш для поиска",
    "tenant invariants and permissions",
    "audit trail storage",
)
SEARCHES = ("backup", "retry budget", "webhook", "порог", "инвариант", "workspace_storage", "MET-01", "cache")


def timed(call, runs: int) -> float:
    samples = []
    for _ in range(runs):
        started = time.perf_counter()
        call()
        samples.append((time.perf_counter() - started) * 1000)
    return statistics.median(samples)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--docs", type=int, default=10_000)
    parser.add_argument("--root", type=Path, help="an existing generated bank (default: generate one)")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        root = args.root
        if root is None:
            root = Path(scratch) / "bank"
            generate(root, args.docs)
        bank = Bank(root)
        bank.refresh()
        started = time.perf_counter()
        route(bank, QUESTIONS[0])
        first_route = (time.perf_counter() - started) * 1000
        started = time.perf_counter()
        search(bank, SEARCHES[0])
        first_search = (time.perf_counter() - started) * 1000
        route_ms = [timed(lambda q=q: route(bank, q, limit=5), args.runs) for q in QUESTIONS]
        search_ms = [timed(lambda q=q: search(bank, q, limit=10), args.runs) for q in SEARCHES]
        rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"bank: {len(bank.docs)} documents")
    print(f"first call (builds the indexes): route {first_route:.0f} ms, search {first_search:.0f} ms")
    print(f"route  median {statistics.median(route_ms):.2f} ms, worst question {max(route_ms):.2f} ms")
    print(f"search median {statistics.median(search_ms):.2f} ms, worst query {max(search_ms):.2f} ms")
    print(f"peak RSS {rss:.0f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
