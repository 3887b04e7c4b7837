"""`bank_drift`: documents whose anchored code was committed long after the document last was.

Why only `anchors:`: ownership of code by a document is a claim a person makes; guessing it from
the text would report drift nobody can act on. Why commit times and not modification times: a
checkout rewrites every mtime, so only the history says when code and document last moved. Why one
`git log`: a bank can anchor hundreds of paths, and one walk of the history answers all of them.

Departures from the reference, on purpose: times are compared as instants (committer Unix times),
not as ISO strings, so commits made under different UTC offsets order correctly (W22); when the
newest commit is not the first one the log lists (clock skew, merges), the newest still wins; an
anchor that climbs out of the repository (`../x`) is reported as missing without looking at the
disk; anchors skipped because the code or the document was never committed are counted in a note
instead of vanishing silently.
"""

from __future__ import annotations

import os
import posixpath
from pathlib import Path
from typing import Any

from memorybank_lint import git
from memorybank_lint.bank import Bank, printable
from memorybank_lint.document import Document
from memorybank_lint.edits.errors import Refused
from memorybank_lint.edits.gate import check_no_links
from memorybank_lint.paths import folders_above
from memorybank_lint.quoting import shortened

from .errors import ToolInputError
from .read import HEADER_CHARS
from .validate import scoped

DAY_SECONDS = 86_400
PATHSPECS = 32  # folders one `git log` is narrowed to (`_pathspecs`)
PATH_BYTES = 4096  # Linux's PATH_MAX: no longer anchor names a file
NAME_BYTES = 255  # NAME_MAX: no longer name is a file or folder
MAX_THRESHOLD = 3650
NOTHING_ANCHORED = (
    "No document in scope declares anchors:. List the repository-relative code paths (files or "
    "directories) a document describes under anchors: in its frontmatter; that list is the only input "
    "this tool reads, and it never guesses ownership from the text."
)
NO_REPOSITORY = (
    "The bank is not inside a git repository, so there are no commit dates to compare; modification "
    "times would answer a different question (a checkout rewrites them all)."
)

Stamp = tuple[int, str]  # committer Unix time, committer date as strict ISO 8601 with offset


MAX_LISTED = 200  # drifted and missing anchors listed; 3,000 missing ones answered 929 KB


def _pathspecs(paths: list[str], most: int = PATHSPECS) -> list[str]:
    """At most `most` folders (or the paths themselves) that hold every one of `paths`: the
    deepest such cut, each path shortened to the same number of its leading names ([] is the
    whole repository).

    Why: git matches every name a commit changed against every pathspec it was given, so a
    thousand anchors over a thousand commits took 15 s and two thousand ran past git's time
    limit; a few folders cost it nearly nothing, and the names the log then gives beyond the
    paths asked for are only looked up by name.
    """
    deepest = max((path.count("/") + 1 for path in paths), default=0)
    for depth in range(deepest, 0, -1):
        cut = sorted({"/".join(path.split("/")[:depth]) for path in paths})
        if len(cut) <= most:
            return cut
    return []


def _log(repo: Path, paths: list[str]) -> tuple[dict[str, Stamp], str | None]:
    """The newest commit touching each path (files only, repository-relative), or why none;
    the answer may hold other names too (`_pathspecs`)."""
    times: dict[str, Stamp] = {}
    for run in git.batches(_pathspecs(paths)) if paths else []:
        result = git.run(
            repo,
            "log",
            "-z",
            "--name-only",
            "--root",  # each of these overrides a user's `log.*` / `diff.*` setting that would
            "--no-renames",  # change the names listed (`log.showRoot=false` hid the first commit's)
            "--no-follow",
            "--no-show-signature",
            "--encoding=UTF-8",  # `i18n.logOutputEncoding=UTF-16` wrote every stamp in two bytes a letter
            "--format=/%ct %cI",  # a path git lists never starts with '/' (`_newest`)
            "--",
            *run,
        )
        if not result.ok:
            head = None if result.timed_out else git.run(repo, "rev-parse", "--verify", "--quiet", "HEAD")
            if head is not None and not head.ok and not head.failed:
                return {}, None  # no commit yet: nothing was ever committed, which is not a failure
            return {}, result.err or "git log failed without a message"
        _newest(result.out, times)
    return times, None


def _newest(out: str, times: dict[str, Stamp]) -> None:
    """Fold one `git log -z --name-only` output into `times`, keeping each name's newest stamp.

    Why a commit's line starts with `/`: names and commit lines are alike NUL-separated, and a
    name may hold any other byte; a committed file named `\x019999999999 x` beside the code read
    as a commit line (the stamp `\x01` began), and the names after it took its year-2286 time.
    """
    stamp: Stamp | None = None
    fresh = False
    for token in out.split("\0"):
        unix, _, iso = token[1:].partition(" ")
        if token.startswith("/") and unix.lstrip("-").isdigit():
            stamp, fresh = (int(unix), iso), True
            continue
        name = token[1:] if fresh and token.startswith("\n") else token
        fresh = False
        if name and stamp is not None and (name not in times or times[name][0] < stamp[0]):
            times[name] = stamp


def _unusable(anchor: str) -> bool:
    """An anchor that leaves the repository (or cannot be a file name) names no code of it."""
    if anchor == ".." or anchor.startswith(("../", "/")) or "\0" in anchor:
        return True
    encoded = os.fsencode(anchor)  # longer than any file system's path, or one name past its limit
    return len(encoded) > PATH_BYTES or any(len(part) > NAME_BYTES for part in encoded.split(b"/"))


def _present(repo: Path, anchor: str) -> bool:
    """Whether `anchor` names something in the repository, looked at without following a link on
    the way (the walk every write takes): a committed link to a folder elsewhere (`outlink ->
    /etc`) would otherwise let a bank's author learn which files exist on the reader's machine.
    An anchor that is itself a link is there, whatever it points at: looking at the link follows
    nothing, and git times the link as it times a file. `.` is the repository itself (a document
    on the whole code base), which is always there."""
    if anchor == ".":
        return True
    folder = posixpath.dirname(anchor)
    try:
        if folder:
            check_no_links(repo, folder)
    except Refused:
        return False
    return os.path.lexists(repo / anchor)


def _in_index(repo: Path, absent: list[str]) -> set[str]:
    """Of the anchors not on disk, those a sparse checkout left out of the working tree (as a file,
    or as a folder of such files): the index marks each `skip-worktree` (`ls-files -t`: `S`).

    Why: their documents drift from them all the same, and calling them missing hid that drift
    behind a false alarm. A file deleted from the disk and not from the index is no such file: it
    is missing, as before.
    """
    held: set[str] = set()
    for run in git.batches(absent) if absent else []:
        listed = git.run(repo, "ls-files", "-t", "-z", "--", *run)
        if not listed.ok:
            return set()  # the index cannot be read: what is not on disk stays missing
        for entry in filter(None, listed.out.split("\0")):
            tag, _, name = entry.partition(" ")
            if tag == "S":
                held.add(name)
                held.update(folders_above(name))
    return {anchor for anchor in absent if anchor in held}


def _folders(times: dict[str, Stamp]) -> dict[str, Stamp]:
    """The newest stamp of the names under each folder (`.` is the repository), in one pass.

    Why: an anchored folder was timed by a look at every name the log gave, so documents
    anchoring hundreds of folders of a large repository cost documents × anchors × files.
    Each name raises its folders' stamps up the tree, and stops at the first folder already as
    new (every folder above it is at least as new), so timing an anchor is one lookup.
    """
    newest: dict[str, Stamp] = {}
    for name, stamp in times.items():
        for folder in (*folders_above(name), "."):
            if folder in newest and newest[folder] >= stamp:
                break
            newest[folder] = stamp
    return newest


def _code_time(times: dict[str, Stamp], folders: dict[str, Stamp], anchor: str) -> Stamp | None:
    if anchor in times:
        return times[anchor]
    return folders.get(anchor)


def _entry(doc: Document, anchor: str) -> dict[str, Any]:
    """What every entry says of its document and anchor, each value cut to `HEADER_CHARS`.

    Why: an entry is made per anchor and repeats its document's title, so a 2 MB title over 400
    anchors answered 400 MB; a missing anchor is as long as the header makes it (a present one
    is at most `PATH_BYTES`).
    """
    return {
        "path": doc.path,
        "title": shortened(doc.title, HEADER_CHARS),
        "status": shortened(doc.status, HEADER_CHARS),
        "anchor": shortened(anchor, HEADER_CHARS),
    }


def _check(threshold_days: Any, scope: Any) -> tuple[int, str | None]:
    integer = isinstance(threshold_days, int) and not isinstance(threshold_days, bool)
    if not integer or not 0 <= threshold_days <= MAX_THRESHOLD:
        raise ToolInputError(
            f"thresholdDays must be an integer from 0 to {MAX_THRESHOLD}, not {threshold_days!r}"
        )
    if scope is not None and not isinstance(scope, str):
        raise ToolInputError(f"scope must be a bank subdirectory, not {scope!r}")
    # As written, a blank one too: `scoped` refuses it as bank_validate's, and reads `.`, `./`
    # and a name that begins with a space as validate reads them.
    return threshold_days, scope


def drift(bank: Bank, threshold_days: int = 90, scope: str | None = None) -> dict[str, Any]:
    """`bank_drift`: anchored documents whose code moved on more than `threshold_days` after them."""
    threshold_days, scope = _check(threshold_days, scope)
    in_scope = scoped(bank, scope)
    docs = [doc for path, doc in bank.docs.items() if in_scope(path)]
    anchored = [doc for doc in docs if doc.anchors]
    answer: dict[str, Any] = {
        "thresholdDays": threshold_days,
        "anchored": len(anchored),
        "unanchored": len(docs) - len(anchored),
        "mode": "none",
        "drifted": [],
        "missing": [],
    }
    if not anchored:
        return {**answer, "note": NOTHING_ANCHORED}
    repo, problem = git.toplevel(bank.root)
    prefix = git.bank_prefix(repo, bank.root) if repo is not None else None
    if repo is None or prefix is None:
        return {**answer, "note": NO_REPOSITORY if problem is None else f"git cannot answer: {problem}"}
    pairs = [
        (doc, anchor) for doc in anchored for anchor in dict.fromkeys(map(posixpath.normpath, doc.anchors))
    ]
    doc_paths = {doc.path: posixpath.join(prefix, doc.path) if prefix else doc.path for doc in anchored}
    logged = {anchor for _, anchor in pairs if not _unusable(anchor)} | set(doc_paths.values())
    times, failure = _log(repo, sorted(logged))
    folders = _folders(times)
    drifted: list[tuple[int, dict[str, Any]]] = []
    missing: list[dict[str, Any]] = []
    skipped = 0
    absent = sorted({a for _, a in pairs if not _unusable(a) and not _present(repo, a)})
    not_anywhere = set(absent) - _in_index(repo, absent)
    for doc, anchor in pairs:
        base = _entry(doc, anchor)
        if _unusable(anchor) or anchor in not_anywhere:
            missing.append({**base, "missing": True})
            continue
        code, touched = _code_time(times, folders, anchor), times.get(doc_paths[doc.path])
        if code is None or touched is None:
            skipped += 1
            continue
        gap = code[0] - touched[0]
        if gap > threshold_days * DAY_SECONDS:
            entry = {
                **base,
                "docTouched": touched[1],
                "codeTouched": code[1],
                "aheadDays": gap // DAY_SECONDS,
            }
            drifted.append((gap, entry))
    drifted.sort(key=lambda item: (-item[0], item[1]["path"], item[1]["anchor"]))
    missing.sort(key=lambda m: (m["path"], m["anchor"]))
    answer.update(
        mode="git",
        repo=printable(str(repo)),
        drifted=[entry for _, entry in drifted[:MAX_LISTED]],
        missing=missing[:MAX_LISTED],
    )
    for key, count in (("drifted", len(drifted)), ("missing", len(missing))):
        if count > MAX_LISTED:  # the widest gaps and the first missing kept; the rest counted
            answer[f"{key}LeftOut"] = count - MAX_LISTED
    if failure is not None:
        answer["note"] = (
            f"git log failed ({failure}), so no anchor could be timed; only missing anchors are listed."
        )
    elif git.shallow(repo):
        answer["note"] = (
            "This is a shallow clone: a file last changed before its history starts looks as new as "
            "that start, so drift can be missed; fetch more history (git fetch --unshallow) to measure it."
        )
    elif skipped:
        answer["note"] = (
            f"{skipped} anchor(s) were not compared because the code or the document has never been "
            "committed (uncommitted edits do not count)."
        )
    return answer
