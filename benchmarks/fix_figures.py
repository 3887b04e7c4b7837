"""What `memorybank-lint --fix` removes on each real bank: the figures the README quotes.

For each bank of the corpus (copied to a temporary folder; the corpus is never touched), the
findings of a plain run, after `--fix`, and after `--fix --unsafe-fixes`, with what the fixes
removed per rule. Runs the installed console script, as a user would.

Usage:
    .venv/bin/python benchmarks/fix_figures.py [CORPUS] [--markdown]
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

LINT = str(Path(sys.executable).with_name("memorybank-lint"))
CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"


def _findings(root: Path, *flags: str) -> Counter[str]:
    done = subprocess.run(
        [LINT, "--root", str(root), "--format", "json", *flags], capture_output=True, text=True
    )
    return Counter(finding["code"] for finding in json.loads(done.stdout))


def figures(bank: Path) -> dict[str, Counter[str]]:
    """`before`, `safe` (after --fix) and `unsafe` (after --fix --unsafe-fixes) counts per rule."""
    with tempfile.TemporaryDirectory() as scratch:
        result = {}
        for mode, flags in (("safe", ["--fix"]), ("unsafe", ["--fix", "--unsafe-fixes"])):
            root = Path(scratch) / mode / "memory-bank"
            shutil.copytree(bank, root)
            result.setdefault("before", _findings(root))
            result[mode] = _findings(root, *flags)
        return result


def _removed(before: Counter[str], after: Counter[str]) -> str:
    gone = before - after
    return ", ".join(f"{code} {count}" for code, count in sorted(gone.items())) or "—"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpus", nargs="?", type=Path, default=CORPUS)
    parser.add_argument("--markdown", action="store_true", help="print the README's table")
    args = parser.parse_args()
    banks = sorted(path / "memory-bank" for path in args.corpus.iterdir() if (path / "memory-bank").is_dir())
    rows = []
    totals = {"before": 0, "safe": 0, "unsafe": 0}
    for bank in banks:
        found = figures(bank)
        counts = {mode: sum(found[mode].values()) for mode in totals}
        for mode in totals:
            totals[mode] += counts[mode]
        rows.append(
            (
                bank.parent.name,
                counts["before"],
                counts["safe"],
                _removed(found["before"], found["safe"]),
                counts["unsafe"],
                _removed(found["safe"], found["unsafe"]),
            )
        )
    rows.append(("all", totals["before"], totals["safe"], "", totals["unsafe"], ""))
    if args.markdown:
        print("| bank | findings | after `--fix` | removed | with `--unsafe-fixes` | removed besides |")
        print("|---|---:|---:|---|---:|---|")
        for name, before, safe, removed, unsafe, besides in rows:
            print(f"| {name} | {before} | {safe} | {removed} | {unsafe} | {besides} |")
    else:
        for row in rows:
            print("\t".join(str(cell) for cell in row))
    return 0


if __name__ == "__main__":
    sys.exit(main())
