"""`--fix --unsafe-fixes` registering many documents in one index: time against their number.

A bank is seeded, N documents nobody registered are written into one section (`engineering/`),
and `memorybank-lint --fix --unsafe-fixes --no-cache` registers them all in that section's index.
Prints the median wall time of several runs per N and the time per registration; a flat time per
registration means the pass grows linearly with N.

    .venv/bin/python benchmarks/bench_register.py [--counts 1000 2000 4000 8000] [--runs 3]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BIN = Path(sys.executable).parent


def _bank(folder: Path, count: int) -> Path:
    root = folder / "memory_bank"
    subprocess.run(
        [BIN / "mcp-memorybank", "--root", str(root), "--init", "Bench"], check=True, capture_output=True
    )
    for n in range(count):
        (root / "engineering" / f"note-{n:05}.md").write_text(
            f"---\ntitle: Note {n}\ndoc_kind: engineering\npurpose: Note number {n}.\n"
            f"derived_from:\n  - ../dna/principles.md\nstatus: draft\n---\n# Note {n}\n",
            encoding="utf-8",
        )
    return root


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--counts", type=int, nargs="+", default=[1000, 2000, 4000, 8000])
    parser.add_argument("--runs", type=int, default=3)
    options = parser.parse_args()
    print(f"{'documents':>9}  {'median s':>8}  {'ms each':>7}")
    for count in options.counts:
        with tempfile.TemporaryDirectory() as scratch:
            template = _bank(Path(scratch) / "template", count)
            times = []
            for run in range(options.runs):
                root = Path(scratch) / f"run{run}" / "memory_bank"
                shutil.copytree(template, root)
                began = time.perf_counter()
                done = subprocess.run(
                    [BIN / "memorybank-lint", "--root", str(root), "--fix", "--unsafe-fixes", "--no-cache"],
                    capture_output=True,
                    text=True,
                )
                times.append(time.perf_counter() - began)
                assert f"{count} fixed" in done.stdout, done.stdout + done.stderr
            median = statistics.median(times)
            print(f"{count:>9}  {median:>8.2f}  {1000 * median / count:>7.2f}")


if __name__ == "__main__":
    main()
