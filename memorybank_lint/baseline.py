"""Baselines: adopt the linter on a bank with a history, and fail only on new findings.

Why fingerprints and not lines: an unrelated edit above a known finding moves its line. A finding
is identified by its rule, its path and the offending value (a target, a key, a field value), so
it stays known until the problem itself changes.
"""

from __future__ import annotations

import os
import stat
from collections import Counter
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .bank import json_text
from .cachedir import NAME as CACHE
from .edits.atomic import TEMP, file_in_the_way, read_regular, refusal, write_atomic
from .edits.journal import COMMITTED, PENDING
from .findings import Finding, composed
from .paths import real_path
from .registry import all_rules
from .rules.ssot_conflict import CODE as CONFLICT
from .rules.ssot_conflict import claim_named, claimed_key
from .untrusted import json_value

FORMAT_VERSION = 1
LIMIT = 64 * 1024 * 1024  # bytes: about 250,000 findings; a link to a device or a huge file is refused


class BaselineError(Exception):
    """The baseline file is missing or not one this tool wrote."""


def _entry(finding: Finding) -> dict[str, str]:
    return {
        "code": finding.code,
        "rule": finding.rule,
        "path": finding.path,
        "fingerprint": finding.fingerprint,
        "message": finding.message,
    }


def dumps(findings: Sequence[Finding], kept: Sequence[dict[str, Any]] = ()) -> str:
    """The baseline file for `findings`, with the entries `kept` from the one it replaces placed
    among them.

    Why by rule, path and fingerprint, never line: the file is committed, and a rewrite after an
    edit that only moved lines (two header lines swapped), or one that kept some entries, must
    give the same bytes, or every such edit shows up as a change to the baseline.
    """
    rank = {spec.code: spec.order for spec in all_rules()}  # the order findings are written in
    entries = sorted(
        [*(_entry(f) for f in findings), *kept],
        key=lambda e: (rank.get(e["code"], len(rank)), e["path"], e["fingerprint"], e.get("message", "")),
    )
    return json_text({"version": FORMAT_VERSION, "findings": entries}) + "\n"


CONFIG_NAMES = (".memorybank.toml", "pyproject.toml")


OFF_MARKER = ".memorybank-off"  # the server's switch (`memorybank_server.surface`)


def _kept_by_the_tools(parts: tuple[str, ...]) -> bool:
    """A writer's journal or staged file, the switch that turns the server off, the cache: written
    over, every later write is refused (a journal not its writer's) or the server changes."""
    return CACHE in parts or parts[-1] in (COMMITTED, PENDING, OFF_MARKER) or bool(TEMP.match(parts[-1]))


def check_target(
    path: Path, bank: Path | None = None, config: Collection[Path] = (), kept: Collection[Path] = ()
) -> None:
    """Refuse a `--write-baseline` target this run could not replace: anything but a regular file
    there (a FIFO would block the write, a link would carry it elsewhere), a relative path through
    a linked folder (a repository can hold one), or a folder that is missing or not writable; and
    one it must not replace: a document of the `bank` being linted (it would become JSON), a file
    the tools keep (in the bank, or `kept`: the off switch beside it, the cache folder), or a
    configuration file, one the run read or looked for or any by that name (the next run, with or
    without `--config`, could not start). A `.json` beside the documents is fine: the bank never
    reads it, and a bank that is its own repository has nowhere else to keep one.

    Why apart from `write`: `--fix --write-baseline` runs this before any fix is written, so a
    target that cannot take the baseline stops the run with the bank untouched.
    """
    try:
        info = os.lstat(path)
    except (FileNotFoundError, NotADirectoryError):
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
    where = real_path(path.parent) / path.name
    if path.name in CONFIG_NAMES or any(where == real_path(file) for file in config):
        raise BaselineError(f"baseline file {path} is a configuration file a run looks for; not written")
    inside = bank is not None and real_path(bank) in where.parents
    if inside and where.suffix.lower() == ".md":
        raise BaselineError(f"baseline file {path} would be a document of the bank {bank}; not written")
    outside_bank = any(where == real_path(own) or real_path(own) in where.parents for own in kept)
    if outside_bank or (inside and _kept_by_the_tools(where.relative_to(real_path(bank)).parts)):
        raise BaselineError(f"baseline file {path} is a file the bank's tools keep; not written")
    parent = path.parent
    if not parent.is_dir():
        blocker = file_in_the_way(parent)
        problem = f"{blocker} is a file, not a folder" if blocker else "No such file or directory"
        raise BaselineError(f"cannot write baseline file {path}: {problem}")
    if not os.access(parent, os.W_OK):
        raise BaselineError(f"cannot write baseline file {path}: Permission denied")


def write(
    path: Path,
    findings: Sequence[Finding],
    kept: Sequence[dict[str, Any]] = (),
    bank: Path | None = None,
    config: Collection[Path] = (),
) -> None:
    """Record `findings` (and the entries `kept` from the baseline it replaces) at `path`, whole or
    not at all (a temporary file, then a rename), over a target `check_target` accepts (checked
    again here: the run may have taken a while)."""
    check_target(path, bank, config)
    try:
        write_atomic(path, dumps(findings, kept).encode("utf-8"))
    except OSError as exc:
        raise BaselineError(f"cannot write baseline file {path}: {exc.strerror or exc}") from exc


def _entries(path: Path, follow_links: bool = True) -> list[dict[str, Any]]:
    """The entries of the baseline at `path`, each with its code, path and fingerprint."""
    try:
        raw = read_regular(path, LIMIT, follow_links=follow_links)
    except OSError as exc:
        raise BaselineError(f"baseline file {path} {refusal(exc, LIMIT)}") from exc
    try:  # UTF-8 as written (a byte order mark allowed): JSON of bytes would also guess UTF-16 or -32
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise BaselineError(
            f"baseline file {path} is not UTF-8 text (byte {exc.start}); write it as UTF-8"
        ) from None
    try:
        data = json_value(text)
    except ValueError as exc:
        raise BaselineError(f"baseline file {path} is not readable JSON: {exc}") from exc
    # `true == 1` and `1.0 == 1` in Python: only the integer this tool writes names the format
    version = data.get("version") if isinstance(data, dict) else None
    if type(version) is not int or version != FORMAT_VERSION:
        raise BaselineError(
            f"baseline file {path} is not a memorybank-lint baseline (version {FORMAT_VERSION})"
        )
    entries = data.get("findings")
    if not isinstance(entries, list) or not all(
        isinstance(e, dict)
        and all(isinstance(e.get(key), str) for key in _KEYS)
        and all(isinstance(e.get(key, ""), str) for key in _FIELDS)  # a kept entry is written back
        for e in entries
    ):
        raise BaselineError(f"baseline file {path} has a malformed entry")
    codes = {spec.code for spec in all_rules()}
    unknown = next((e["code"] for e in entries if e["code"] not in codes), None)
    if unknown is not None:  # it could match nothing, and would never be reported as gone
        raise BaselineError(f"baseline file {path} has an entry of {unknown!r}: no such rule in this version")
    return entries


_KEYS = ("code", "path", "fingerprint")  # what an entry is matched on
_FIELDS = ("code", "rule", "path", "fingerprint", "message")  # what a kept entry is written with


Key = tuple[str, str, str]  # (code, path, fingerprint): what an entry is matched on


@dataclass(frozen=True)
class Known:
    """What a baseline records: its entries as a multiset of `Key`, and the messages of its MB004
    entries (`conflicts`), read for the owners only when a conflict is not known as it stands."""

    counts: Counter[Key]
    conflicts: tuple[tuple[Key, str], ...] = ()


def load(path: Path) -> Known:
    """The known findings of the baseline at `path`."""
    entries = _entries(path)
    conflicts = tuple(
        (_key(e["code"], e["path"], e["fingerprint"]), e["message"])
        for e in entries
        if e["code"] == CONFLICT and isinstance(e.get("message"), str)
    )
    return Known(Counter(_key(e["code"], e["path"], e["fingerprint"]) for e in entries), conflicts)


def previous(path: Path) -> list[dict[str, Any]]:
    """The entries of the baseline a rewrite replaces at `path`; none when no file is there yet.

    Why read before the run writes anything: a rewrite that keeps some of them must not start
    (nor `--fix` edit the bank) when they cannot be read. A link there is not read: it is not
    written through either.
    """
    if not os.path.lexists(path):
        return []
    return _entries(path, follow_links=False)


def _key(code: str, path: str, fingerprint: str) -> Key:
    """What an entry or a finding is matched on, its path composed (NFC): a baseline recorded
    where a name is kept decomposed (macOS) is read where the same commit's name is composed."""
    return (code, composed(path), fingerprint)


def _take(findings: Sequence[Finding], remaining: Counter[Key]) -> list[tuple[Key, bool] | None]:
    """For each of `findings`, the key of the entry of `remaining` it matches, which it uses up, and
    whether that entry holds the fingerprint a baseline written before fingerprints were composed
    gave it (`Finding.earlier_fingerprint`); None where no entry is left for it.

    Why both: such baselines are committed, and their findings must stay known after an upgrade.
    Why every finding's earlier form before any finding's own: the earlier form is the one such a
    baseline recorded, while this version's form is shared by two files named alike in both
    normalisations, so the decomposed twin, taking the composed file's entry by its own form
    first, left the finding the entry records to be reported as new in its place.
    """
    taken: list[tuple[Key, bool] | None] = [None] * len(findings)
    for first in (True, False):
        for at, finding in enumerate(findings):
            if taken[at] is not None:
                continue
            own = _key(finding.code, finding.path, finding.fingerprint)
            earlier = _key(finding.code, finding.path, finding.earlier_fingerprint)
            key = earlier if first else own
            if (first or earlier != own) and remaining[key] > 0:
                remaining[key] -= 1
                taken[at] = (key, earlier != own and first)
    return taken


def unchecked_entries(
    entries: Sequence[dict[str, Any]],
    findings: Sequence[Finding],
    checked: Callable[[str, str], bool],
    hidden: Sequence[Finding] = (),
) -> list[dict[str, Any]]:
    """The `entries` of the baseline being replaced that a rewrite from `findings` keeps: those
    this run could not have matched (`checked(code, path)` false: a rule that did not run, a file
    not reported on, or one entry for each finding an inline suppression `hidden`), less any the
    findings record again.

    Why: `--write-baseline --select MB001`, or with `--ignore-noqa` (under which MB013 does not
    run), or over a few files, would otherwise forget every other known finding, and they would
    all come back as new on the next full run. And an entry recorded under `--ignore-noqa` for a
    finding a `# noqa` silences is still true: dropped, it would fail the next audit.
    """
    remaining = Counter(_key(e["code"], e["path"], e["fingerprint"]) for e in entries)
    recorded = Counter(taken[0] for taken in _take(findings, remaining) if taken)
    silenced: dict[Key, list[Finding | None]] = {}  # the finding, where the entry is of the earlier form
    for finding, taken in zip(hidden, _take(hidden, remaining), strict=True):
        if taken:
            silenced.setdefault(taken[0], []).append(finding if taken[1] else None)
    carried = []
    for entry in entries:
        key = _key(entry["code"], entry["path"], entry["fingerprint"])
        if recorded[key] > 0:
            recorded[key] -= 1
        elif not checked(entry["code"], entry["path"]):
            carried.append({name: entry[name] for name in _FIELDS if name in entry})
        elif silenced.get(key):
            finding = silenced[key].pop()
            # an entry of the earlier form is written in this version's, as its finding would be
            carried.append(
                {name: entry[name] for name in _FIELDS if name in entry}
                if finding is None
                else _entry(finding)
            )
    return carried


def new_findings(findings: Sequence[Finding], known: Known) -> list[Finding]:
    """The findings the baseline does not account for (each baseline entry absorbs one finding)."""
    return compare(findings, known)[0]


def compare(
    findings: Sequence[Finding],
    known: Known,
    checked: Callable[[str, str], bool] = lambda code, path: True,
    hidden: Sequence[Finding] = (),
) -> tuple[list[Finding], int]:
    """`(the findings the baseline does not account for, how many of its entries are stale)`.

    Why count stale entries: a finding that was fixed leaves its entry behind, and the entry would
    silently absorb the same problem if it came back. An entry counts as stale only when this run
    could have matched it (`checked(code, path)`: its rule ran and its file was reported on) and
    no finding an inline suppression `hidden` matches it (the finding is there, only silenced).
    """
    remaining = Counter(known.counts)
    fresh = [
        finding for finding, taken in zip(findings, _take(findings, remaining), strict=True) if not taken
    ]
    fresh = _shrunk(fresh, remaining, known.conflicts)
    _take(hidden, remaining)  # the reported findings matched first: they are what is shown
    stale = sum(count for (code, path, _), count in remaining.items() if count > 0 and checked(code, path))
    return fresh, stale


def _shrunk(
    findings: list[Finding], remaining: Counter[Key], conflicts: Sequence[tuple[Key, str]]
) -> list[Finding]:
    """`findings` less the MB004 conflicts a remaining entry of a larger conflict over the same key
    accounts for (each entry absorbs one, the smallest that holds it first), which it uses up.

    Why: one owner of a recorded conflict accepting its claim (a `# noqa`, a per-file ignore) or
    withdrawing it leaves the others' conflict, a finding of another fingerprint placed at
    another owner; it is the recorded problem grown smaller, not a new one. A conflict with an
    owner the entry does not name is new. Only entries over the keys of such findings are read.
    """
    named = {}
    for finding in findings:
        if finding.code == CONFLICT and (
            claim := claim_named(finding.path, finding.message, finding.fingerprint)
        ):
            named[id(finding)] = claim
    if not named or not conflicts:
        return findings
    keys = {key for key, _ in named.values()}
    by_key: dict[str, list[tuple[int, Key, frozenset[str]]]] = {}
    for entry, message in conflicts:
        if remaining[entry] > 0 and claimed_key(message) in keys:
            held = claim_named(entry[1], message, entry[2])
            if held is not None:
                by_key.setdefault(held[0], []).append((len(held[1]), entry, held[1]))
    for larger in by_key.values():
        larger.sort()
    fresh = []
    for finding in findings:
        if id(finding) in named:
            key, owners = named[id(finding)]
            entry = next(
                (e for _, e, held in by_key.get(key, ()) if remaining[e] > 0 and owners <= held), None
            )
            if entry is not None:
                remaining[entry] -= 1
                continue
        fresh.append(finding)
    return fresh


def screen(
    findings: Sequence[Finding],
    known: Known,
    path: Path,
    checked: Callable[[str, str], bool],
    hidden: Sequence[Finding] = (),
) -> tuple[list[Finding], list[str]]:
    """The findings the baseline `known` (read from `path`) does not know, and what to tell the
    user about it: how many it hid, and how many of its entries match nothing any more
    (`--write-baseline` prunes them). `checked(code, path)` says whether this run could have
    matched an entry; one matching a finding an inline suppression `hidden` is not stale."""
    fresh, stale = compare(findings, known, checked, hidden)
    notes = []
    if len(findings) > len(fresh):
        notes.append(f"{len(findings) - len(fresh)} known finding(s) hidden by the baseline")
    if stale:
        entries = "entry no longer matches" if stale == 1 else "entries no longer match"
        notes.append(
            f"{stale} baseline {entries} any finding (fixed or gone); --write-baseline {path} prunes them"
        )
    return fresh, notes
