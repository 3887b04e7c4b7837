"""A writer killed with SIGKILL leaves every file whole, and every operation whole: old or new.

The first test kills a busy writer at arbitrary times: after each kill every document parses,
every index entry points at a document that exists, every round's ledger line is complete, and
the bank validates with no dangling entries. The others kill one create or one promote at a
random line inside it and classify what the disk holds: the old state, the new state, or a
journal the next write finishes (forward) or undoes (back) — never anything else.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

from memorybank_lint.bank import Bank
from memorybank_lint.edits.journal import COMMITTED, PENDING
from memorybank_lint.linter import lint
from memorybank_server import scaffold
from memorybank_server.writes.common import locked
from memorybank_server.writes.create import create

from .conftest import findings, tree_hash
from .test_concurrency import WRITER, seeded_with_ledger

pytestmark = pytest.mark.long(2.5)  # minutes under the CI profile, on a loaded machine

KILLS = 12


@pytest.mark.slow
def test_sigkill_never_leaves_a_partial_file(tmp_path: Path) -> None:
    root = tmp_path / "memory_bank"
    seeded_with_ledger(root)
    rng = random.Random(20261130)
    completed = 0
    for attempt in range(KILLS):
        writer = subprocess.Popen(
            [sys.executable, str(WRITER), str(root), f"k{attempt}", "0", "--forever"],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        time.sleep(rng.uniform(0.4, 1.6))
        os.kill(writer.pid, signal.SIGKILL)
        out, _ = writer.communicate()
        completed += out.count("done ")

        bank = Bank(root)
        bank.refresh()
        assert all(doc.parse_error is None and doc.read_error is None for doc in bank.docs.values())
        for path, doc in bank.docs.items():
            if path.startswith("domain/k"):
                body = doc.text.split("## Payload\n\n", 1)[1]
                name = path.removeprefix("domain/").removesuffix(".md")
                assert body == f"{name} " * 199 + f"{name}\n", path
        assert [f for f in lint(bank) if f.code in ("MB001", "MB002", "MB007")] == []
        ledger = bank.docs["domain/ledger.md"].text
        assert ledger.endswith("## Notes\n\nNothing else.\n")
        assert re.findall(r"^- (k\d+-\d+)$", ledger, re.M) == re.findall(r"^- (k\d+-\d+)", ledger, re.M)
    assert completed > 0
    finish = subprocess.run(
        [sys.executable, str(WRITER), str(root), "final", "1"], capture_output=True, text=True
    )
    assert finish.returncode == 0, finish.stderr
    assert not list((root / "domain").glob(".*.tmp")), "the next write removes what its journal names"


# -- SIGKILL inside one create or one promote ------------------------------------------------
ONE_WRITE = Path(__file__).with_name("_one_write.py")


def _pristine(root: Path, operation: str) -> None:
    """The bank the operation starts from: seeded, with the note a promote moves."""
    scaffold.init(root, "Kills")
    if operation == "promote":
        create(
            Bank(root),
            doc_kind="prd",
            path="_inbox/pricing.md",
            title="Pricing",
            purpose="Read when you need how prices are computed.",
            body="## Rules\n\nPrices follow [the context](../product/context.md).",
            inbox=True,
        )


def _run(root: Path, operation: str, scope: str, at: int) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(ONE_WRITE), str(root), operation, scope, str(at)],
        capture_output=True,
        text=True,
        timeout=600,
    )


def _raw(root: Path, state: dict[str, str], old: dict[str, str], new: dict[str, str]) -> str:
    """What a kill left on disk, before any later write looked at it."""
    if state == old:
        return "old"
    if state == new:
        return "new"
    if (root / COMMITTED).exists():
        return "committed journal"
    if (root / PENDING).exists():
        return "pending journal"
    return "torn"


def kill_inside(tmp_path: Path, operation: str, kills: int, seed: int) -> Counter[str]:
    """Kill `operation` `kills` times at random moments; return how often each outcome occurred.

    Half the moments are drawn from every line the write executes, half from the lines of the
    modules that touch the disk, so the few steps between the first and the last rename are hit
    as often as the long preparation before them; each half is spread evenly over its range (one
    random moment per equal slice), so even a few kills reach every phase. After each kill the
    next write's first step (taking the lock) runs, and the bank must then be exactly the old
    state or exactly the new one.
    """
    base = tmp_path / "base" / "memory-bank"
    _pristine(base, operation)
    old = tree_hash(base)
    finished = tmp_path / "finished" / "memory-bank"
    shutil.copytree(base, finished)
    counted = _run(finished, operation, "all", 0)
    assert counted.returncode == 0, counted.stderr
    counts, new = json.loads(counted.stdout), tree_hash(finished)
    assert old != new and findings(Bank(finished)) == set() and findings(Bank(base)) == set()
    rng = random.Random(seed)
    outcomes: Counter[str] = Counter()
    for attempt in range(kills):
        root = tmp_path / f"kill-{attempt}" / "memory-bank"
        shutil.copytree(base, root)
        scope, stratum = ("all", "disk")[attempt % 2], attempt // 2
        at = 1 + int((stratum + rng.random()) * counts[scope] / ((kills + 1) // 2))
        killed = _run(root, operation, scope, min(at, counts[scope]))
        assert killed.returncode == -signal.SIGKILL, killed.stderr
        raw = _raw(root, tree_hash(root), old, new)
        with locked(Bank(root)):
            pass
        final = tree_hash(root)
        assert final in (old, new), f"{raw}: {sorted(set(final.items()) ^ set(new.items()))}"
        outcomes[f"{raw} -> {'new' if final == new else 'old'}"] += 1
        shutil.rmtree(root.parent)
    print(f"\n{operation}: {kills} kills: {dict(sorted(outcomes.items()))}")
    return outcomes


@pytest.mark.parametrize("operation", ["create", "promote"])
def test_a_kill_inside_one_write_leaves_the_old_state_or_the_new(tmp_path: Path, operation: str) -> None:
    outcomes = kill_inside(tmp_path, operation, kills=12, seed=20261201)
    assert sum(outcomes.values()) == 12


@pytest.mark.slow
@pytest.mark.parametrize("operation", ["create", "promote"])
def test_150_kills_inside_one_write_each_leave_the_old_state_or_the_new(
    tmp_path: Path, operation: str
) -> None:
    outcomes = kill_inside(tmp_path, operation, kills=150, seed=20261202)
    finals = {outcome.rsplit(" -> ", 1)[1] for outcome in outcomes}
    assert finals == {"old", "new"}, "150 kills reach both sides of the commit point"


KILLED_AFTER_LINKING = """
import os, signal, sys
linked = os.link
def link(*args, **kwargs):
    linked(*args, **kwargs)
    if str(args[1]).endswith("killed.md"):  # past the commit point, before the index is replaced
        os.kill(os.getpid(), signal.SIGKILL)
os.link = link
from memorybank_server.cli import main
main(["--root", sys.argv[1], "--create", "engineering/killed.md", "--title", "Killed",
      "--purpose", "Read this to see a write finished."])
"""


def test_fix_finishes_an_interrupted_write_before_it_lints(tmp_path: Path) -> None:
    """The half-done create was linted first (its page unregistered, MB009), and the fix then
    refused the index its own recovery had just registered the page in, as changed by another."""
    root = tmp_path / "memory_bank"
    scaffold.init(root, "Kills")
    killed = subprocess.run([sys.executable, "-c", KILLED_AFTER_LINKING, str(root)], capture_output=True)
    assert killed.returncode == -signal.SIGKILL and (root / COMMITTED).exists()
    lint_command = [str(Path(sys.executable).with_name("memorybank-lint")), "--root", str(root)]
    reading = subprocess.run(lint_command, capture_output=True, text=True)
    assert "a write was interrupted in this bank" in reading.stderr and "MB009" in reading.stdout
    fixing = subprocess.run([*lint_command, "--fix", "--unsafe-fixes"], capture_output=True, text=True)
    assert fixing.returncode == 0, fixing.stdout + fixing.stderr
    assert "interrupted earlier was rolled forward first" in fixing.stderr
    assert "changed on disk" not in fixing.stderr and "No findings." in fixing.stdout
    assert not (root / COMMITTED).exists() and findings(Bank(root)) == set()


KILLED_PAST_THE_COMMIT_POINT = """
import os, sys
from pathlib import Path
from memorybank_lint.edits import journal
from memorybank_lint.edits.text import digest
from memorybank_lint.edits.transaction import Transaction
root = Path(sys.argv[1])
journal.Journal.roll_forward = lambda self, **kwargs: os._exit(9)
index = (root / "product/README.md").read_bytes()
write = Transaction(root, 4_000_000)
write.create("product/big.md", b"---\\ntitle: Big\\n---\\n# Big\\n\\n" + b"x" * 3_000_000 + b"\\n")
write.replace("product/README.md", index + b"- [Big](big.md)\\n", digest(index))
write.commit()
"""


def test_a_recovery_keeps_the_limit_the_killed_write_had(tmp_path: Path) -> None:
    """A write under a raised size limit, killed past its commit point and finished by a recovery
    that knew only the default limit, counted its 3 MB file as a conflict: the index entry landed,
    the page did not."""
    from memorybank_lint.edits.journal import recover

    root = tmp_path / "memory_bank"
    scaffold.init(root, "Kills")
    killed = subprocess.run(
        [sys.executable, "-c", KILLED_PAST_THE_COMMIT_POINT, str(root)], capture_output=True
    )
    assert killed.returncode == 9, killed.stderr
    assert (root / COMMITTED).exists() and not (root / "product/big.md").exists()
    assert recover(root) == "rolled forward"
    assert (root / "product/big.md").stat().st_size > 3_000_000
    assert "- [Big](big.md)" in (root / "product/README.md").read_text()
