"""Fast starts and cheap repeats: the parse cache, the kept indexes and the recorded handshake.

Prints, in one run (medians of interleaved runs, CPU = user + sys of the child from `wait4`):

  1. one-shot `mcp-memorybank --route` and `memorybank-lint` on a generated bank (default 10,000
     documents): with `--no-cache`, the first-ever run (empty cache folder: parse, index and write
     the cache), and warm (nothing changed since the last run); warm against `--no-cache` is the
     ratio the targets are set on (route ≤ 0.25×, linter ≤ 0.35×);
  2. in-process on `dapi__zelma`: cold index without the cache, the first-ever fill, and a new
     `Bank` loading every document from a warm cache;
  3. the server's start to the answer to `tools/list` over stdio on `dapi__zelma`, with the
     handshake answered from the recorded answers and with `--no-cache` (the SDK answers), and
     the breakdown: interpreter start, our command's imports, the SDK's import, the bank's load.

    .venv/bin/python benchmarks/bench_cache.py [--docs 10000] [--runs 5]

Cache folders live in a temporary folder (`MEMORYBANK_CACHE_DIR`), never beside the corpus.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import anyio
from mcp import Client, StdioServerParameters

sys.path.insert(0, str(Path(__file__).parent))
from generate_bank import generate

from memorybank_lint.bank import Bank

BIN = Path(sys.executable).parent
ZELMA = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "dapi__zelma" / "memory-bank"
REFERENCE_START_S = 0.96  # the reference implementation (Node), same machine, loaded (product team)
QUESTION = "how are retries configured"


def child(argv: list[str], env: dict[str, str], cwd: Path | None = None) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of one child process, its output discarded."""
    started = time.perf_counter()
    proc = subprocess.Popen(argv, env=env, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - started
    if os.waitstatus_to_exitcode(status) not in (0, 1):
        raise SystemExit(f"bench_cache: {' '.join(argv)} failed")
    return usage.ru_utime + usage.ru_stime, wall


def load() -> str:
    return "load average " + " / ".join(f"{x:.2f}" for x in os.getloadavg())


def one_shots(root: Path, runs: int, cache: Path) -> list[str]:
    env = {**os.environ, "MEMORYBANK_CACHE_DIR": str(cache)}
    commands = {
        "route": [str(BIN / "mcp-memorybank"), "--root", str(root), "--route", QUESTION],
        "lint": [str(BIN / "memorybank-lint"), "--root", str(root), "--format", "json"],
    }
    rows = []
    for name, argv in commands.items():
        first, plain, warm = [], [], []
        for _ in range(runs):
            shutil.rmtree(cache, ignore_errors=True)
            first.append(child(argv, env)[0])
            warm.append(child(argv, env)[0])
            plain.append(child([*argv, "--no-cache"], env)[0])
        p, f, w = (statistics.median(x) for x in (plain, first, warm))
        target = 0.25 if name == "route" else 0.35
        rows.append(
            f"{name:<6} no-cache {p:6.2f} s   first-ever {f:6.2f} s ({f / p:.2f}×)   warm {w:6.2f} s "
            f"({w / p:.2f}×, target ≤ {target}× {'OK' if w / p <= target else 'OVER'})"
        )
    return rows


def in_process(root: Path, runs: int, cache: Path) -> tuple[str, str]:
    cold, fill, warm = [], [], []
    for _ in range(runs):
        shutil.rmtree(cache, ignore_errors=True)
        started = time.process_time()
        Bank(root).refresh()
        cold.append(time.process_time() - started)
        started = time.process_time()
        bank = Bank(root, cache=cache)
        bank.refresh()
        bank.save_cache()
        fill.append(time.process_time() - started)
        started = time.process_time()
        Bank(root, cache=cache).refresh()
        warm.append(time.process_time() - started)
    c, f, w = (statistics.median(x) * 1000 for x in (cold, fill, warm))
    line = (
        f"{root.parent.name}: cold {c:.1f} ms (reference 44 ms: {c / 44:.2f}×), first-ever fill {f:.1f} ms, "
        f"warm cache {w:.1f} ms ({w / 44:.2f}× the reference's cold index)"
    )
    return line, f"{w:.0f} ms"


async def start_to_tools(root: Path, env: dict[str, str], *extra: str) -> float:
    started = time.perf_counter()
    server = StdioServerParameters(
        command=str(BIN / "mcp-memorybank"), args=["--root", str(root), *extra], env=env
    )
    async with Client(server) as client:
        await client.list_tools()
        return time.perf_counter() - started


def server_start(root: Path, runs: int, cache: Path, bank_load: str) -> list[str]:
    env = {**os.environ, "MEMORYBANK_CACHE_DIR": str(cache)}
    anyio.run(start_to_tools, root, env)  # records the handshake and fills the caches
    recorded, plain = [], []
    for _ in range(runs):
        recorded.append(anyio.run(start_to_tools, root, env))
        plain.append(anyio.run(start_to_tools, root, env, "--no-cache"))
    python = str(BIN / "python")
    parts = {
        "interpreter": [python, "-c", "pass"],
        "+ our command": [python, "-c", "import memorybank_server.cli, memorybank_server.quickstart"],
        "+ the SDK": [python, "-c", "import memorybank_server.cli, memorybank_server.server"],
    }
    cpu = {name: statistics.median(child(argv, env)[0] for _ in range(runs)) for name, argv in parts.items()}
    r, p = statistics.median(recorded), statistics.median(plain)
    ours, sdk = cpu["+ our command"] - cpu["interpreter"], cpu["+ the SDK"] - cpu["+ our command"]
    return [
        f"start → tools/list (wall): recorded handshake {r:.3f} s, SDK answering (--no-cache) {p:.3f} s",
        f"  against the reference (Node, {REFERENCE_START_S} s loaded): {r / REFERENCE_START_S:.2f}× "
        f"and {p / REFERENCE_START_S:.2f}×",
        f"breakdown (CPU): interpreter {cpu['interpreter']:.3f} s, our imports {ours:.3f} s, "
        f"SDK import {sdk:.3f} s (in a thread, after the first answer), bank load {bank_load}",
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--docs", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    print(f"bench_cache — {os.cpu_count()} CPUs, Python {sys.version.split()[0]}; {load()} at the start")
    with tempfile.TemporaryDirectory(prefix="bench-cache-") as tmp:
        base = Path(tmp)
        root = base / "repo" / "memory-bank"
        generate(root, args.docs)
        time.sleep(2.5)  # past the racy window: files written just now are never cached
        print(f"\none-shot commands on {args.docs} generated documents (CPU, median of {args.runs})")
        for row in one_shots(root, args.runs, base / "cache-gen"):
            print("  " + row)
        if ZELMA.is_dir():
            print(f"\nin-process index (CPU, median of {max(args.runs, 5)})")
            line, bank_load = in_process(ZELMA, max(args.runs, 5), base / "cache-zelma")
            print("  " + line)
            print(f"\nserver start on {ZELMA.parent.name} (median of {args.runs})")
            for line in server_start(ZELMA, args.runs, base / "cache-server", bank_load):
                print("  " + line)
    print(f"\n{load()} at the end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
