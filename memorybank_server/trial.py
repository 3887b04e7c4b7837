"""A trial run of a seeding write on a copy of the bank: keep only the files that add no finding.

Why: `--init --force` and `--materialize-flows` write into banks that already have a shape of
their own. A starter registry beside the bank's own index, or an epic template whose
`derived_from` names a flow the bank never had, would each add findings to a bank that was
fine. Rather than guess which files are safe, the files are written into a throw-away copy of
the bank, the linter runs, and any file that brought a new finding is left out (and named, with
the finding) until the copy has no finding the bank did not already have. The real write then
writes exactly the files that passed.
"""

from __future__ import annotations

import os
import shutil
import stat
import tempfile
from pathlib import Path

from memorybank_lint.bank import DEFAULT_MAX_BYTES, SKIPPED_NAMES, Bank
from memorybank_lint.edits.atomic import write_files
from memorybank_lint.findings import Finding
from memorybank_lint.linter import lint


def _keys(root: Path) -> dict[tuple[str, str, str], Finding]:
    bank = Bank(root)
    bank.refresh()
    return {(f.code, f.path, f.message): f for f in lint(bank)}


def _not_copied(folder: str, names: list[str]) -> set[str]:
    """What the trial copy leaves out: the folders the walk passes over, and anything that is not
    a file, a folder or a link (a FIFO would block the copy; the walk never reads one either)."""
    left: set[str] = set()
    for name in names:
        try:
            mode = os.lstat(os.path.join(folder, name)).st_mode
        except OSError:
            left.add(name)
            continue
        if name in SKIPPED_NAMES or not (stat.S_ISREG(mode) or stat.S_ISDIR(mode) or stat.S_ISLNK(mode)):
            left.add(name)
    return left


def _copied(source: str, target: str) -> None:
    """Copy what the trial lints, a markdown file it would parse; anything else becomes a sparse
    file of the same size, which is all the linter sees of it (a link to it resolves; a page too
    large to parse is reported as such).

    Why: the copy is made for every seeding write, dry runs included, and a bank may keep large
    assets beside its pages: copying a 3 GB video took 20 s and 3 GB of the temporary folder.
    """
    size = os.lstat(source).st_size
    if source.endswith(".md") and size <= DEFAULT_MAX_BYTES:
        shutil.copy2(source, target)
        return
    with open(target, "xb") as placeholder:
        placeholder.truncate(size)


def _ours(trial: Path) -> None:
    """Every folder of the copy writable by us: the copy keeps the bank's modes, and a folder the
    bank's owner may not write in would stop the trial, not the real write, which says so by name."""
    for folder, _dirs, _files in os.walk(trial):
        mode = os.lstat(folder).st_mode
        os.chmod(folder, stat.S_IMODE(mode) | stat.S_IRWXU)


def harmless(root: Path, files: dict[str, str]) -> tuple[dict[str, str], dict[str, str]]:
    """The files that add no finding to the bank at `root`, and the rest with the reason each was left out.

    A new finding on one of the written files blames that file; a new finding elsewhere (a cycle or
    a second owner reported on the bank's own document) blames every file still in the trial, so
    the result is never worse than the bank as it is. A left-out file is put back as it was in the
    copy (restored, or removed when it is new) before the copy is linted again.
    """
    kept = dict(files)
    left_out: dict[str, str] = {}
    before = set(_keys(root))
    with tempfile.TemporaryDirectory(prefix="memorybank-trial-") as scratch:
        trial = Path(scratch) / root.name  # the same folder name: some rules read it
        shutil.copytree(root, trial, symlinks=True, ignore=_not_copied, copy_function=_copied)
        _ours(trial)
        write_files(trial, kept)  # the copy keeps the bank's links: never written through
        while kept:
            new = [f for key, f in _keys(trial).items() if key not in before]
            if not new:
                break
            blamed = {f.path for f in new if f.path in kept} or set(kept)
            for path in blamed:
                first = next((f for f in new if f.path == path), new[0])
                left_out[path] = f"it would add {first.code} {first.rule} ({first.path}: {first.message})"
                del kept[path]
                original = root / path
                if original.is_file() and not original.is_symlink():
                    shutil.copy2(original, trial / path)
                else:
                    (trial / path).unlink(missing_ok=True)
    return kept, left_out
