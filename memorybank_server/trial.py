"""A trial run of a seeding write on the bank in memory: keep only the files that add no finding.

Why: `--init --force` and `--materialize-flows` write into banks that already have a shape of
their own. A starter registry beside the bank's own index, or an epic template whose
`derived_from` names a flow the bank never had, would each add findings to a bank that was
fine. Rather than guess which files are safe, the bank is linted as the files would leave it (in
memory, as every governed write's last gate does: `Bank.as_written`), and any
file that brought a new finding is left out (and named, with the finding) until no finding is
left that the bank did not already have. The real write then writes exactly the files that passed.
Nothing is copied or written to try them, so a killed trial leaves nothing behind.
"""

from __future__ import annotations

from pathlib import Path

from memorybank_lint.bank import Bank
from memorybank_lint.edits.gate import check_no_links
from memorybank_lint.findings import Finding
from memorybank_lint.linter import lint


def _keys(bank: Bank) -> dict[tuple[str, str, str], Finding]:
    return {(f.code, f.path, f.message): f for f in lint(bank)}


def harmless(root: Path, files: dict[str, str]) -> tuple[dict[str, str], dict[str, str]]:
    """The files that add no finding to the bank at `root`, and the rest with the reason each was left out.

    A new finding on one of the written files blames that file; a new finding elsewhere (a cycle or
    a second owner reported on the bank's own document) blames every file still in the trial, so
    the result is never worse than the bank as it is. A path that goes through a link is refused
    first, by name: the real write would refuse it.
    """
    for path in files:
        check_no_links(root, path)
    bank = Bank(root)
    bank.refresh()
    before = set(_keys(bank))
    kept = dict(files)
    left_out: dict[str, str] = {}
    while kept:
        new = [f for key, f in _keys(bank.as_written(kept)).items() if key not in before]
        if not new:
            break
        blamed = {f.path for f in new if f.path in kept} or set(kept)
        for path in blamed:
            first = next((f for f in new if f.path == path), new[0])
            left_out[path] = f"it would add {first.code} {first.rule} ({first.path}: {first.message})"
            del kept[path]
    return kept, left_out
