"""Reading an index page made of one hostile line: time against the line's length.

Each shape is a pattern that once cost more than its length (a regular expression restarting
inside a run, a line copied per link): `\\[` repeated cost 12 s a megabyte in the reference-link
reader. The index page is parsed as the linter reads it (`document.parse`: inline links, link
reference definitions and their uses). Prints the median of several runs per length and the
time per megabyte; a flat time per megabyte means reading grows linearly with the line.

A page holding a definition has its blocks parsed by markdown-it-py (its inline rules off), and
the text of each paragraph read for uses by the line scanner. The last shapes: a line of
brackets naming a defined label (16 s a megabyte when markdown-it-py's inline parse read the
uses), a page of definitions in list items, and a paragraph's lines continued inside quotes
nested twenty deep (lines, not one line), the block parse's dearest (about 40 s a megabyte). A
page of comment blocks in list items has its comment blocks read by that parse too.

    .venv/bin/python benchmarks/bench_hostile_lines.py [--sizes 250000 500000 1000000] [--runs 3]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from memorybank_lint.document import parse

# Each page also defines a label, so its lines are read for reference uses too (a page with no
# definition skips that reading).
SHAPES = {  # name → (a repeated piece, the text around the repeats)
    "escaped brackets": ("\\[", "[{}]\n\n[b]: x.md"),
    "open brackets": ("[", "{}\n\n[b]: x.md"),
    "reference uses": ("[a][b] ", "{}\n\n[b]: x.md"),
    "backtick runs": ("` ", "{} [a][b]\n\n[b]: x.md"),
    "inline links": ("[a](x.md) ", "{}\n\n[b]: x.md"),
    "image openers": ("![", "{}\n\n[b]: x.md"),
    "brackets, a use": ("[", "{}[b]\n\n[b]: x.md"),
    "item definitions": ("- [a]: x.md\n", "[b][a]\n\n{}"),
    "comment openers": ("<!--", "{}[a](x.md)\n\n[b]: x.md"),
    "item fences": ("- ```\n", "{}\n[b]: x.md"),
    "item comments": ("- <!-- a\n", "{}\n[b]: x.md"),
    "wrapped comments": ("[a](x.md) <!--\n-->", "{}\n\n[b]: x.md"),
    "wrapped code": ("[a](x.md) `\n", "{}\n\n[b]: x.md"),
    "comment backticks": ("[a](x.md) <!-- `\n` --> `", "{}\n\n[b]: x.md"),
    "html blocks": ("- <div>\n  [a](x.md)\n", "{}\n[b]: x.md"),
    "quoted lazy lines": ("a\n", "> > > > > > > > > > > > > > > > > > > > p\n{}\n[b]: x.md"),
}


def median_seconds(text: str, runs: int) -> float:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        parse("README.md", text)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[250_000, 500_000, 1_000_000])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    print(f"{'shape':18} {'characters':>11} {'median s':>9} {'s per MB':>9}")
    for name, (piece, around) in SHAPES.items():
        for size in args.sizes:
            line = around.format(piece * max(1, size // len(piece)))
            seconds = median_seconds("# Index\n\n" + line + "\n", args.runs)
            print(f"{name:18} {len(line):>11,} {seconds:>9.3f} {seconds / len(line) * 1e6:>9.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
