"""Time indexing and validation on the shared corpus and on a generated 10,000-document bank.

Why this script: the spec sets budgets relative to the TypeScript reference (measured on this kind
of machine) and absolute ones for a 10,000-document bank. This prints every figure next to its
reference and budget, marked OK or OVER, so a regression shows up as a word, not a hunch.

For each bank, the median of `--runs` runs of:
  cold index   `Bank(root).refresh()` on a fresh `Bank` — in-process, imports already done; the OS
               page cache is warm after the first run (and from the start for the generated bank,
               which was just written), so this is cold for Python, not for the disk
  warm refresh a second `refresh()` with nothing changed (walk + stat, no reads)
  validate     `lint(bank)` on the already-refreshed bank
plus the finding count and the peak RSS (VmHWM) of a separate Python process that imports the
package, cold-indexes and validates the bank. For the largest shared bank and the generated one,
also the whole `memorybank-lint --root BANK --format json` process: wall time (median) and peak RSS.

Usage:
    .venv/bin/python benchmarks/bench_index.py [--runs 5] [--docs 10000] [--json]
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

from generate_bank import generate

from memorybank_lint.bank import Bank
from memorybank_lint.linter import lint

DEFAULT_CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"
LARGEST_SHARED = "Arshev__apartus"

# The TypeScript reference on this machine kind, from the spec (milliseconds).
REFERENCE: dict[str, dict[str, float]] = {
    "dapi__zelma": {"cold": 44.0, "warm": 5.5, "validate": 26.0},
    "Arshev__apartus": {"cold": 145.0, "warm": 30.0, "validate": 71.0},
}
REFERENCE_PROCESS = {"wall_ms": 530.0, "rss_mb": 84.0}  # whole `--validate` process, largest bank
RATIO_BUDGETS = {"cold": 0.6, "warm": 0.25, "validate": 0.5}  # × reference
PROCESS_BUDGETS = {"wall_ms": 250.0, "rss_mb": 60.0}
LARGE_BUDGETS = {"cold": 2000.0, "warm": 60.0, "validate": 1000.0, "rss_mb": 300.0}
METRIC_NAMES = {"cold": "cold index", "warm": "warm refresh", "validate": "validate"}

# Runs in a fresh interpreter: import, cold index, validate; prints "<hwm after import> <hwm> <findings>".
RSS_SNIPPET = """
import resource, sys
def hwm_kb():
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
from memorybank_lint.bank import Bank
from memorybank_lint.linter import lint
from memorybank_lint.registry import all_rules
all_rules()
base = hwm_kb()
bank = Bank(sys.argv[1])
bank.refresh()
count = len(lint(bank))
print(base, hwm_kb(), count)
"""


@dataclass
class BankResult:
    name: str
    root: str
    docs: int
    megabytes: float
    cold_ms: float = 0.0
    warm_ms: float = 0.0
    validate_ms: float = 0.0
    findings: int = 0
    rss_mb: float = 0.0
    import_rss_mb: float = 0.0
    samples: dict[str, list[float]] = field(default_factory=dict)
    generated: bool = False


@dataclass
class ProcessResult:
    name: str
    wall_ms: float
    rss_mb: float
    exit_code: int
    samples: list[float] = field(default_factory=list)


@dataclass
class Check:
    figure: str
    measured: float
    unit: str
    reference: float | None
    budget: float
    budget_text: str

    @property
    def ratio(self) -> float | None:
        return self.measured / self.reference if self.reference else None

    @property
    def ok(self) -> bool:
        return self.measured <= self.budget


def _ms(seconds: float) -> float:
    return seconds * 1000.0


def measure_bank(name: str, root: Path, runs: int, *, generated: bool = False) -> BankResult:
    """Median cold/warm/validate times in this process, then peak RSS in a fresh one."""
    files = [p for p in root.rglob("*.md") if p.is_file()]
    result = BankResult(name, str(root), 0, sum(p.stat().st_size for p in files) / 1e6, generated=generated)
    samples: dict[str, list[float]] = {"cold": [], "warm": [], "validate": []}
    for _ in range(runs):
        gc.collect()  # so garbage from the previous run is not charged to this one
        bank = Bank(root)
        started = time.perf_counter()
        bank.refresh()
        samples["cold"].append(_ms(time.perf_counter() - started))
        started = time.perf_counter()
        moved = bank.refresh()
        samples["warm"].append(_ms(time.perf_counter() - started))
        if moved.added or moved.changed or moved.removed:
            raise RuntimeError(f"{root} changed during the benchmark")
        started = time.perf_counter()
        findings = lint(bank)
        samples["validate"].append(_ms(time.perf_counter() - started))
        result.docs, result.findings = len(bank.docs), len(findings)
        del bank, findings
    result.samples = samples
    result.cold_ms, result.warm_ms, result.validate_ms = (
        statistics.median(samples[key]) for key in ("cold", "warm", "validate")
    )
    base_kb, peak_kb, count = _rss_process(root)
    result.import_rss_mb, result.rss_mb = base_kb / 1024, peak_kb / 1024
    if count != result.findings:
        raise RuntimeError(f"{name}: {count} findings in a fresh process, {result.findings} here")
    return result


def _rss_process(root: Path) -> tuple[int, int, int]:
    out = subprocess.run(
        [sys.executable, "-c", RSS_SNIPPET, str(root)], capture_output=True, text=True, check=True
    )
    base, peak, count = (int(word) for word in out.stdout.split())
    return base, peak, count


def _cli() -> str:
    """`memorybank-lint` next to this interpreter (the venv), else on PATH."""
    beside = Path(sys.executable).parent / "memorybank-lint"
    found = str(beside) if beside.exists() else shutil.which("memorybank-lint")
    if not found:
        raise SystemExit("bench_index: memorybank-lint is not installed next to this Python or on PATH")
    return found


def measure_process(name: str, root: Path, runs: int) -> ProcessResult:
    """Wall time (median) and peak RSS of the whole CLI, measured per child with `wait4`.

    Why `wait4`: `getrusage(RUSAGE_CHILDREN)` is the maximum over every child ever waited for, so
    it cannot separate one bank's run from a bigger one before it; `wait4` reports this child only.
    The CLI runs from the bank's parent folder, as a user in that repository would run it.
    """
    command = [_cli(), "--root", str(root), "--format", "json"]
    walls: list[float] = []
    peak_kb = 0
    code = 0
    for _ in range(runs):
        started = time.perf_counter()
        proc = subprocess.Popen(command, cwd=root.parent, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        _, status, usage = os.wait4(proc.pid, 0)
        walls.append(_ms(time.perf_counter() - started))
        code = proc.returncode = os.waitstatus_to_exitcode(status)
        stderr = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
        if proc.stderr:
            proc.stderr.close()
        if code not in (0, 1):
            raise RuntimeError(f"memorybank-lint exited {code} on {root}: {stderr.strip()}")
        peak_kb = max(peak_kb, usage.ru_maxrss)
    return ProcessResult(name, statistics.median(walls), peak_kb / 1024, code, walls)


def build_checks(banks: list[BankResult], processes: list[ProcessResult]) -> list[Check]:
    """Every budgeted figure: reference-relative for zelma and apartus, absolute for the big bank."""
    checks: list[Check] = []

    def absolute(
        figure: str, measured: float, unit: str, budget: float, reference: float | None = None
    ) -> None:
        checks.append(Check(figure, measured, unit, reference, budget, f"≤ {budget:g} {unit}"))

    for bank in banks:
        figures = {"cold": bank.cold_ms, "warm": bank.warm_ms, "validate": bank.validate_ms}
        for key, measured in figures.items():
            figure = f"{bank.name} {METRIC_NAMES[key]}"
            if bank.name in REFERENCE:
                reference = REFERENCE[bank.name][key]
                budget = reference * RATIO_BUDGETS[key]
                text = f"≤ {RATIO_BUDGETS[key]:g}× = {budget:.1f} ms"
                checks.append(Check(figure, measured, "ms", reference, budget, text))
            elif bank.generated:
                absolute(figure, measured, "ms", LARGE_BUDGETS[key])
        if bank.generated:
            absolute(f"{bank.name} peak RSS", bank.rss_mb, "MB", LARGE_BUDGETS["rss_mb"])
    for process in processes:
        if process.name == LARGEST_SHARED:
            wall, rss = REFERENCE_PROCESS["wall_ms"], REFERENCE_PROCESS["rss_mb"]
            absolute(f"{process.name} whole process", process.wall_ms, "ms", PROCESS_BUDGETS["wall_ms"], wall)
            absolute(
                f"{process.name} whole process RSS", process.rss_mb, "MB", PROCESS_BUDGETS["rss_mb"], rss
            )
        else:
            absolute(f"{process.name} whole process RSS", process.rss_mb, "MB", LARGE_BUDGETS["rss_mb"])
    return checks


def render_text(
    banks: list[BankResult], processes: list[ProcessResult], checks: list[Check], runs: int, header: str
) -> str:
    out = [header, ""]
    out.append(f"Per bank (median of {runs} runs, ms; RSS MB = peak of a fresh process that imports, indexes")
    out.append("and validates)")
    out.append(
        f"{'bank':<34} {'docs':>6} {'MB':>6} {'cold':>9} {'warm':>8} {'validate':>9} "
        f"{'findings':>8} {'RSS MB':>7}"
    )
    for b in banks:
        out.append(
            f"{b.name:<34} {b.docs:>6} {b.megabytes:>6.1f} {b.cold_ms:>9.1f} {b.warm_ms:>8.2f} "
            f"{b.validate_ms:>9.1f} {b.findings:>8} {b.rss_mb:>7.1f}"
        )
    if banks:
        out.append(f"(RSS after importing the package alone: {banks[0].import_rss_mb:.1f} MB)")
    out += ["", f"Whole `memorybank-lint --root BANK --format json` process (median of {runs}, peak RSS)"]
    out.append(f"{'bank':<34} {'wall ms':>9} {'RSS MB':>7} {'exit':>5}")
    for p in processes:
        out.append(f"{p.name:<34} {p.wall_ms:>9.1f} {p.rss_mb:>7.1f} {p.exit_code:>5}")
    out += ["", "Budgets (reference = TypeScript implementation, same machine kind)"]
    out.append(f"{'figure':<46} {'measured':>11} {'reference':>10} {'ratio':>7}  {'budget':<22} status")
    for c in checks:
        reference = f"{c.reference:g} {c.unit}" if c.reference else "—"
        ratio = f"{c.ratio:.2f}×" if c.ratio is not None else "—"
        out.append(
            f"{c.figure:<46} {c.measured:>8.1f} {c.unit:<2} {reference:>10} {ratio:>7}  "
            f"{c.budget_text:<22} {'OK' if c.ok else 'OVER'}"
        )
    over = [c for c in checks if not c.ok]
    summary = f"{len(checks) - len(over)} of {len(checks)} figures within budget"
    out += ["", summary + ("; OVER: " + ", ".join(c.figure for c in over) if over else "")]
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per figure; the median is reported")
    parser.add_argument("--docs", type=int, default=10_000, help="documents in the generated bank")
    parser.add_argument("--seed", type=int, default=7, help="seed of the generated bank")
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS, help="folder of shared banks")
    parser.add_argument("--json", action="store_true", help="print machine-readable results")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")

    shared = sorted(p for p in args.corpus.glob("*/memory-bank") if p.is_dir())
    banks = [measure_bank(p.parent.name, p, args.runs) for p in shared]
    processes = [
        measure_process(p.parent.name, p, args.runs) for p in shared if p.parent.name == LARGEST_SHARED
    ]
    with tempfile.TemporaryDirectory(prefix="bench-bank-") as tmp:
        root = Path(tmp) / "memory-bank"
        started = time.perf_counter()
        generate(root, args.docs, args.seed)
        generation_s = time.perf_counter() - started
        name = f"generated-{args.docs}"
        banks.append(measure_bank(name, root, args.runs, generated=True))
        processes.append(measure_process(name, root, args.runs))
    checks = build_checks(banks, processes)

    if args.json:
        payload = {
            "runs": args.runs,
            "python": platform.python_version(),
            "cpus": os.cpu_count(),
            "generated": {"docs": args.docs, "seed": args.seed, "seconds": round(generation_s, 2)},
            "banks": [asdict(b) for b in banks],
            "processes": [asdict(p) for p in processes],
            "checks": [{**asdict(c), "ratio": c.ratio, "status": "OK" if c.ok else "OVER"} for c in checks],
            "all_ok": all(c.ok for c in checks),
        }
        print(json.dumps(payload, indent=2, ensure_ascii=False))
        return 0
    header = (
        f"memorybank_lint benchmark — Python {platform.python_version()}, {os.cpu_count()} CPUs, "
        f"{platform.machine()}\n"
        f"Generated bank: {args.docs} documents, seed {args.seed}, written in {generation_s:.1f} s.\n"
        "Cold index = fresh Bank().refresh() in-process with imports done; the OS page cache is warm\n"
        "after the first run (and from the start for the just-written generated bank)."
    )
    print(render_text(banks, processes, checks, args.runs, header))
    return 0


if __name__ == "__main__":
    sys.exit(main())
