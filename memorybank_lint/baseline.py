"""Baselines: adopt the linter on a bank with a history, and fail only on new findings.

Why fingerprints and not lines: an unrelated edit above a known finding moves its line. A finding
is identified by its rule, its path and the offending value (a target, a key, a field value), so
it stays known until the problem itself changes.
"""

from __future__ import annotations

import json
import os
import stat
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

from .edits.atomic import read_regular, refusal, write_atomic
from .findings import Finding
from .untrusted import json_value

FORMAT_VERSION = 1
LIMIT = 64 * 1024 * 1024  # bytes: about 250,000 findings; a link to a device or a huge file is refused


class BaselineError(Exception):
    """The baseline file is missing or not one this tool wrote."""


def dumps(findings: Sequence[Finding]) -> str:
    entries = [
        {"code": f.code, "rule": f.rule, "path": f.path, "fingerprint": f.fingerprint, "message": f.message}
        for f in findings
    ]
    return json.dumps({"version": FORMAT_VERSION, "findings": entries}, indent=2, ensure_ascii=False) + "\n"


def write(path: Path, findings: Sequence[Finding]) -> None:
    """Record `findings` at `path`, whole or not at all (a temporary file, then a rename). Only a
    regular file is replaced: a FIFO there would block the write, a link would carry it elsewhere;
    and a relative path may not pass through a linked folder, which a repository can hold."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        info = None
    if info is not None and not stat.S_ISREG(info.st_mode):
        kind = "a symbolic link" if stat.S_ISLNK(info.st_mode) else "not a regular file"
        raise BaselineError(f"baseline file {path} is {kind}; it is left as it is")
    if not path.is_absolute():  # a folder of the repository's may be a link out of it
        folder = Path()
        for part in path.parent.parts:
            folder = folder / part
            if folder.is_symlink():
                raise BaselineError(
                    f"baseline file {path} goes through a symbolic link ({folder}); not written"
                )
    try:
        write_atomic(path, dumps(findings).encode("utf-8"))
    except OSError as exc:
        raise BaselineError(f"cannot write baseline file {path}: {exc.strerror or exc}") from exc


def load(path: Path) -> Counter[tuple[str, str, str]]:
    """The known findings as a multiset of (code, path, fingerprint)."""
    try:
        data = json_value(read_regular(path, LIMIT, follow_links=True))
    except OSError as exc:
        raise BaselineError(f"baseline file {path} {refusal(exc, LIMIT)}") from exc
    except ValueError as exc:
        raise BaselineError(f"baseline file {path} is not readable JSON: {exc}") from exc
    if not isinstance(data, dict) or data.get("version") != FORMAT_VERSION:
        raise BaselineError(
            f"baseline file {path} is not a memorybank-lint baseline (version {FORMAT_VERSION})"
        )
    try:
        return Counter((e["code"], e["path"], e["fingerprint"]) for e in data["findings"])
    except (KeyError, TypeError) as exc:
        raise BaselineError(f"baseline file {path} has a malformed entry") from exc


def new_findings(findings: Sequence[Finding], known: Counter[tuple[str, str, str]]) -> list[Finding]:
    """The findings the baseline does not account for (each baseline entry absorbs one finding)."""
    return compare(findings, known)[0]


def compare(
    findings: Sequence[Finding],
    known: Counter[tuple[str, str, str]],
    checked: Callable[[str, str], bool] = lambda code, path: True,
) -> tuple[list[Finding], int]:
    """`(the findings the baseline does not account for, how many of its entries are stale)`.

    Why count stale entries: a finding that was fixed leaves its entry behind, and the entry would
    silently absorb the same problem if it came back. An entry counts as stale only when this run
    could have matched it (`checked(code, path)`: its rule ran and its file was reported on).
    """
    remaining = Counter(known)
    fresh = []
    for finding in findings:
        key = (finding.code, finding.path, finding.fingerprint)
        if remaining[key] > 0:
            remaining[key] -= 1
        else:
            fresh.append(finding)
    stale = sum(count for (code, path, _), count in remaining.items() if count > 0 and checked(code, path))
    return fresh, stale


def screen(
    findings: Sequence[Finding], path: Path, checked: Callable[[str, str], bool]
) -> tuple[list[Finding], list[str]]:
    """The findings the baseline at `path` does not know, and what to tell the user about it: how
    many it hid, and how many of its entries match nothing any more (`--write-baseline` prunes
    them). `checked(code, path)` says whether this run could have matched an entry."""
    fresh, stale = compare(findings, load(path), checked)
    notes = []
    if len(findings) > len(fresh):
        notes.append(f"{len(findings) - len(fresh)} known finding(s) hidden by the baseline")
    if stale:
        entries = "entry no longer matches" if stale == 1 else "entries no longer match"
        notes.append(
            f"{stale} baseline {entries} any finding (fixed or gone); --write-baseline {path} prunes them"
        )
    return fresh, notes
