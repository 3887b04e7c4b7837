"""`bank_changed`: which documents were added, modified, renamed or deleted since a ref or a date.

Why two modes: a git ref gives the honest delta (new, edited, moved, gone), compared with the
working tree so uncommitted edits count. Inside a repository a date is read against commit
history too: the delta runs from the last commit made at or before that instant (a checkout
resets every file's modification time, so file times there would answer a different question).
Only outside git is a date compared with file modification times, which can only say which files
are newer, and the answer says so.

Dates (pinned here): `YYYY-MM-DD` is **local** midnight of that day; a date-time without an offset
is local time; one with `Z` or an offset is that instant. The reference read a bare date as UTC
midnight; local midnight is what a person typing "since yesterday's date" means.

Departures from the reference, on purpose:
- file names are read NUL-separated and unquoted, so `заметка.md` is reported (W20);
- a walking ref (`HEAD~20`, `main^^`) that reaches past the first commit is measured from the empty
  tree, so what the first commit added is reported as added too (W20); in a repository with no
  commit yet, everything under the bank is added;
- a renamed document's `from` is relative to the bank, as its path is, whether or not the old file
  was a document (`.drafts/plan.md`, `notes.txt`); git compares only the bank's folder, so a
  document moved in from outside the bank is added;
- a document renamed to something that is no longer a document (`x.md` → `x.txt`, or out of the
  bank) is reported as deleted rather than dropped; a type change (file ↔ symlink) is modified when
  the path is still a document and deleted when it no longer is; a copy is added; a document git
  calls deleted that is on disk (`git rm --cached`, or removed and written again) is modified;
- the delta comes from `git diff-index`, which writes nothing: `git diff` rewrites the index
  whenever a file's times changed, and writing the index runs the repository's
  `post-index-change` hook (`_untouched` reads such files instead);
- paths the bank itself never indexes (hidden directories, `node_modules`, …) are left out;
- renames are paired under a fixed limit (`RENAME_LIMIT`), whatever `diff.renameLimit` the user or
  the repository sets, and a delta past it says that its renames are listed as added and deleted.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import os
import re
from collections.abc import Collection
from pathlib import Path
from typing import Any, NamedTuple

from memorybank_lint import git
from memorybank_lint.bank import SKIPPED_NAMES, Bank, printable, real_name
from memorybank_lint.edits.atomic import TooBig, read_regular
from memorybank_lint.paths import folders_above
from memorybank_lint.quoting import shortened

from .errors import ToolInputError
from .read import HEADER_CHARS

_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}(?:$|[T ])")
_EPOCH = dt.datetime(1970, 1, 1, tzinfo=dt.UTC)
_LAST_GIT_READS = dt.datetime(2099, 12, 31, 23, 59, 59, tzinfo=dt.UTC)  # git reads no later date
MAX_LISTED = 200  # changes listed; 10,000 new documents answered 1.2 MB
# git's own default for `diff.renameLimit`: files paired by content at most, passed as `-l` so a
# repository's configuration can neither lower it (renames listed unpaired) nor lift it (`0`, or a
# huge number, makes the pairing's O(sources × destinations) comparison of contents unbounded)
RENAME_LIMIT = 1_000
MAX_SINCE = 1_000  # git refuses longer ref names on most file systems; a refusal stays short
_DEEPEN = "fetch more history (git fetch --deepen=N, or --unshallow) or pass a later ref or date"
MTIME_NOTE = (
    "The bank is not inside a git repository, so the date is compared with file modification times: "
    "they cannot tell a new document from an edited one and cannot see deletions or renames. Git refs "
    "(HEAD~5, a tag) need a repository."
)


def _instant(text: str) -> dt.datetime:
    try:
        value = dt.datetime.fromisoformat(text)
    except ValueError:
        raise ToolInputError(
            f"'{text}' starts like a date but is not a valid one; write YYYY-MM-DD or an ISO date-time"
        ) from None
    if value.tzinfo is not None:
        return value
    try:
        return value.astimezone()
    except (ValueError, OverflowError):  # the calendar's first or last day, shifted past its edge
        return value.replace(tzinfo=dt.UTC)


def _entry(bank: Bank, path: str, kind: str, origin: str | None = None) -> dict[str, Any]:
    """One change; its header values cut to `HEADER_CHARS` (a 100 KB doc_kind was printed whole)."""
    doc = bank.docs.get(path) if kind != "deleted" else None
    name = path.rsplit("/", 1)[-1]
    entry: dict[str, Any] = {
        "path": path,
        "title": shortened(doc.title, HEADER_CHARS) if doc is not None else name.removesuffix(".md"),
        "changeKind": kind,
    }
    if doc is not None:
        if doc.doc_kind:
            entry["docKind"] = shortened(doc.doc_kind, HEADER_CHARS)
        entry["layer"] = doc.layer
        if doc.status:
            entry["status"] = shortened(doc.status, HEADER_CHARS)
    if origin is not None:
        entry["from"] = origin
    return entry


def _by_mtime(bank: Bank, since: str, instant: dt.datetime, note: str) -> dict[str, Any]:
    threshold_ms = instant.timestamp() * 1000
    changes = [_entry(bank, path, "modified") for path, doc in bank.docs.items() if doc.mtime > threshold_ms]
    changes.sort(key=lambda c: c["path"])
    return {"since": since, "mode": "mtime", "changes": changes, "note": note}


def _failed(result: git.Result) -> ToolInputError:
    """A git that broke, said in one line; raised at once, so one call waits out a timeout at most."""
    return ToolInputError(f"git failed: {result.err or 'no message'}")


_OBJECT_NAME = re.compile(r"[0-9a-f]{40}|[0-9a-f]{64}")  # SHA-1 or SHA-256
# an abbreviated commit id as CI passes one (`github.event.before`: all 40), at git's shortest default
_OBJECT_PREFIX = re.compile(r"[0-9a-fA-F]{7,64}")


def _names_an_object(bank: Bank, name: str) -> bool:
    """Whether `name` names an object git holds (a tree, a blob): one the shallow clone has."""
    return git.run(bank.root, "cat-file", "-e", name).ok


def _commit(bank: Bank, ref: str) -> str | None:
    """The commit `ref` names, or None when it names none; a git that broke is raised, never
    taken for a ref that does not exist (or a repository with no commit yet)."""
    named = git.run(bank.root, "rev-parse", "--verify", "--quiet", ref)
    if named.failed and not _not_commit(named):
        raise _failed(named)
    if not named.ok or not _OBJECT_NAME.fullmatch(named.out.strip()):
        return None  # `^HEAD` passes `--verify` as `^<id>`: the commits *not* reachable from HEAD
    # peeled apart from the naming: `:/text^{commit}` would search for the text with `^{commit}`
    result = git.run(bank.root, "rev-parse", "--verify", "--quiet", f"{named.out.strip()}^{{commit}}")
    if result.ok and result.out.strip():
        return result.out.strip()
    if result.failed and not _not_commit(result):
        raise _failed(result)
    return None


# what git says when a ref's `@{upstream}` / `@{push}` names nothing: the ref is wrong, git is fine
_NAMES_NOTHING = (
    "fatal: no upstream configured for branch ",
    "fatal: no such branch: ",
    "fatal: HEAD does not point to a branch",
    "fatal: push has no destination",  # `@{push}` under push.default=nothing
    "fatal: cannot resolve '",  # … push to a single destination
    "fatal: push destination ",  # … has no local tracking branch
)


def _not_commit(result: git.Result) -> bool:
    """Whether git refused only because the ref names no commit: a tree or a blob walked back
    (`~1`, `^`) or peeled (`^{commit}`, `^0`, `^{blob}`) as another type, or an upstream or push branch that
    is not there (`@{upstream}` with none configured). Git did not break."""
    return any(
        ("expected " in line and " type, but the object dereferences to " in line)  # `^{blob}` of a tree
        or (line.startswith("error: object ") and line.endswith(", not a commit"))
        or line.startswith(_NAMES_NOTHING)
        for line in result.err.splitlines()
    )


def _empty_tree(bank: Bank) -> str:
    result = git.run(bank.root, "hash-object", "-t", "tree", "--stdin", stdin="")
    if not result.ok:
        raise ToolInputError(f"git could not name the empty tree: {result.err or 'no message'}")
    return result.out.strip()


def _ancestry(ref: str) -> int:
    """Where the trailing ancestry marks of `ref` start (`HEAD~3^^` → 4); `len(ref)` when none.

    Read from the right, one mark at a time: the pattern `(?:~\\d*|\\^+)+$` this replaces
    backtracked exponentially on a run of `^` that does not end the ref, under the server's lock.
    """
    start = len(ref)
    while start:
        if ref[start - 1] in "~^":
            start -= 1
            continue
        digits = start
        while digits and ref[digits - 1].isdecimal():
            digits -= 1
        if digits == start or not digits or ref[digits - 1] != "~":
            break
        start = digits - 1
    return start


def _base(bank: Bank, since: str, repo: Path) -> tuple[str, str | None]:
    """The tree-ish to compare the working tree with, and the note explaining a fallback."""
    shown = printable(str(repo))  # a folder name that is not UTF-8 as text an answer can carry
    found = _commit(bank, since)
    if found is not None:
        return found, None
    not_commit = ToolInputError(f"'{since}' is not a commit in the repository at {shown}")
    walk = _ancestry(since)
    stem = since[:walk]
    if stem in ("HEAD", "@") and _commit(bank, "HEAD") is None:
        return _empty_tree(bank), _unborn(bank, shown)
    if walk in (0, len(since)):  # no ancestry marks, or nothing they count back from (`~`, `^^`)
        if _OBJECT_PREFIX.fullmatch(since) and git.shallow(repo) and not _names_an_object(bank, since):
            raise ToolInputError(
                f"'{since}' is not a commit in this shallow clone at {shown}: it may be one from "
                f"before its history starts; {_DEEPEN}"
            )
        raise not_commit
    tip = _commit(bank, stem)
    roots = git.run(bank.root, "rev-list", "--max-parents=0", tip, "--") if tip is not None else None
    if roots is not None and not roots.ok:
        raise _failed(roots)
    listed = roots.out.split() if roots is not None else []
    if not listed:
        raise not_commit
    if git.shallow(repo):
        raise ToolInputError(
            f"'{since}' reaches past the history of this shallow clone at {shown}; {_DEEPEN}"
        )
    return _empty_tree(bank), (
        f"'{since}' reaches past the start of the repository, so the delta is measured from before "
        f"its first commit {listed[-1][:8]}: everything the repository holds under the bank counts."
    )


def _base_at(bank: Bank, instant: dt.datetime, repo: Path) -> tuple[str, str]:
    """The last commit made at or before `instant` (committer date), and a note saying so.

    Git reads no date before 1970 or after 2099, so an earlier instant is asked as the epoch (no
    commit is older) and a later one asks for no date at all. Never bounded by today: a commit
    made where the clock ran ahead is dated after it, and a date past that commit must find it.
    """
    shown = printable(str(repo))  # a folder name that is not UTF-8 as text an answer can carry
    bounded = max(instant, _EPOCH)
    before: list[str] = []  # past the calendar's last day in UTC too, so shifted only when git reads it
    if bounded <= _LAST_GIT_READS:
        before = [f"--before={bounded.astimezone(dt.UTC).strftime('%Y-%m-%d %H:%M:%S +0000')}"]
    # `--` after the commit: a file named `HEAD` in the bank's folder would make it ambiguous
    found = git.run(bank.root, "rev-list", "-1", *before, "HEAD", "--") if _commit(bank, "HEAD") else None
    if found is not None and not found.ok:
        raise _failed(found)
    commit = found.out.strip() if found is not None else ""
    if commit:
        return commit, (
            f"Measured from commit {commit[:8]}, the last one at or before {instant.isoformat()} "
            "(commit dates), plus uncommitted edits."
        )
    if found is None:
        return _empty_tree(bank), _unborn(bank, shown)
    if git.shallow(repo):
        raise ToolInputError(f"No commit of this shallow clone at {shown} is that old; {_DEEPEN}")
    return _empty_tree(bank), (
        f"No commit in {shown} is that old, so everything under the bank counts as added."
    )


def _unborn(bank: Bank, shown: str) -> str:
    """Why everything is added when HEAD has no commit: the repository may have none, or HEAD
    may be on a branch begun with none (`git checkout --orphan`) while others hold commits, and
    "the repository has no commit yet" (or "no commit is that old", of a date) misled there."""
    if git.run(bank.root, "for-each-ref", "--count=1", "--format=%(objectname)").out.strip():
        return (
            f"HEAD in {shown} is on a branch with no commit yet (the commits of other branches are "
            "not its history), so every document under the bank is listed as added."
        )
    return (
        f"The repository at {shown} has no commit yet, so every document under the bank is listed as added."
    )


def _from_bank(repo: Path, bank_real: str, repo_path: str) -> str:
    """A repository path under the bank as a bank path, whatever file it names, as text."""
    return printable(os.path.relpath(os.path.join(repo, repo_path), bank_real).replace(os.sep, "/"))


def _to_bank(repo: Path, bank_real: str, repo_path: str) -> str | None:
    """A repository path as a bank document path, or None when the bank would not index it."""
    relative = os.path.relpath(os.path.join(repo, repo_path), bank_real).replace(os.sep, "/")
    if relative.startswith("../") or relative == ".." or not relative.endswith(".md"):
        return None
    if any(part.startswith(".") or part in SKIPPED_NAMES for part in relative.split("/")):
        return None
    return printable(relative)  # the bank's own key for a name that is not UTF-8


class _Change(NamedTuple):
    """One record of `git diff-index -z --raw`."""

    letter: str  # A, M, D, R, C, T, U
    modes: tuple[str, str]
    objects: tuple[str, str]  # the working-tree side is all zeros when git did not read the file
    names: list[str]


def _raw(out: str) -> list[_Change]:
    records: list[_Change] = []
    tokens = iter(out.split("\0"))
    for head in tokens:
        fields = head.removeprefix(":").split(" ")
        if len(fields) != 5 or not fields[4]:
            break
        letter = fields[4][:1]
        names = [next(tokens, ""), next(tokens, "")] if letter in ("R", "C") else [next(tokens, "")]
        if not all(names):
            break
        records.append(_Change(letter, (fields[0], fields[1]), (fields[2], fields[3]), names))
    return records


_RAW_HASH_BYTES = 16 * 1024 * 1024  # past this, git hashes the file itself


def _blob_id(data: bytes, committed: str) -> str:
    """The id git gives a blob of `data`, in the repository's hash (SHA-1, or SHA-256 by length)."""
    digest = hashlib.sha256() if len(committed) == 64 else hashlib.sha1()
    digest.update(b"blob %d\0" % len(data))
    digest.update(data)
    return digest.hexdigest()


def _converted(repo: Path, names: list[str]) -> set[str]:
    """The names a `text`, `eol` or `working-tree-encoding` attribute converts whatever they hold:
    git stores them converted even where the committed text is as the file is (`* text eol=lf` over
    CRLF committed before calls the file modified), so their bytes as they are prove nothing."""
    forced: set[str] = set()
    for run in git.batches(names) if names else []:
        result = git.run(repo, "check-attr", "-z", "text", "eol", "working-tree-encoding", "--", *run)
        if not result.ok:
            raise ToolInputError(f"git could not read the attributes of the working tree: {result.err}")
        fields = result.out.split("\0")
        for name, attribute, value in zip(fields[0::3], fields[1::3], fields[2::3], strict=False):
            if value not in ("unspecified", "unset") and not (attribute == "text" and value == "auto"):
                forced.add(name)
    return forced


def _untouched(repo: Path, records: list[_Change]) -> set[str]:
    """The names git listed as modified only because their file times changed: their bytes (or a
    link's target) are the committed object's, as read or as git's filters would store them.

    Why: `git diff-index` lists such a file as modified without opening it; `git diff` opens it,
    then rewrites the index to record the new times, and writing the index runs the repository's
    `post-index-change` hook. Hashing the files answers alike, writing nothing: first their bytes
    as they are, here (a file whose committed text holds CRLF is stored so under `autocrlf`, which
    a lone `hash-object` would convert; a link, or a link checked out as a file under
    `core.symlinks=false`), then, for the rest, as git's filters read them. Only a regular file is
    opened (a FIFO in a document's place would hold the answer for a minute): anything else changed.
    """
    unread = [
        c for c in records if c.letter == "M" and c.modes[0] == c.modes[1] and not c.objects[1].strip("0")
    ]
    untouched: set[str] = set()
    filtered: dict[str, str] = {}
    converted = _converted(repo, [c.names[0] for c in unread if c.modes[1] != "120000"])
    for change in unread:
        name, committed = change.names[0], change.objects[0]
        path = os.path.join(repo, name)
        try:
            if change.modes[1] == "120000" and os.path.islink(path):
                data = os.fsencode(os.readlink(path))
            else:
                data = read_regular(path, _RAW_HASH_BYTES)
        except TooBig:
            filtered[name] = committed
            continue
        except OSError:  # a FIFO, a folder, a link where a file was, gone: changed
            continue
        if name not in converted and _blob_id(data, committed) == committed:
            untouched.add(name)
        elif change.modes[1] != "120000":
            filtered[name] = committed
    for run in git.batches(list(filtered)) if filtered else []:
        result = git.run(repo, "hash-object", "--", *run)
        if not result.ok:
            raise ToolInputError(f"git could not read the working tree: {result.err}")
        untouched |= {
            name for name, found in zip(run, result.out.split(), strict=False) if found == filtered[name]
        }
    return untouched


def _renames_unpaired(result: git.Result) -> str | None:
    """The note for a delta whose renames git did not pair, or None when it paired them.

    Why: past the rename limit git skips comparing contents, lists each renamed and edited file
    as deleted plus added, and says so only in a warning on stderr (exit status 0); an answer
    that said nothing read as "these documents were deleted and those are new".
    """
    if "rename detection was skipped" not in result.err:  # `exhaustive` (git 2.33+), `inexact` before
        return None
    return (
        f"More than {RENAME_LIMIT:,} files under the bank were added and deleted, past the limit "
        "git compares contents for (diff.renameLimit), so renames are not paired: a document "
        "renamed and edited is listed as deleted under its old name and added under its new one."
    )


def _delta(bank: Bank, repo: Path, base: str) -> tuple[list[dict[str, Any]], str | None]:
    """The changes between `base` and the working tree, and the note on renames left unpaired."""
    bank_real = os.path.realpath(bank.root)
    prefix = git.bank_prefix(repo, bank.root)
    scope = prefix or "."
    diff = git.run(repo, "diff-index", "-z", "--raw", "-M", f"-l{RENAME_LIMIT}", base, "--", scope)
    if not diff.ok:
        raise ToolInputError(f"git could not compare the working tree with {base[:8]}: {diff.err}")
    records = _raw(diff.out)
    untouched = _untouched(repo, records)
    found: dict[str, dict[str, Any]] = {}

    def report(path: str | None, kind: str, origin: str | None = None) -> None:
        if kind == "deleted" and path in bank.docs:  # out of the index (`git rm --cached`), on disk
            kind = "modified"
        if path is not None and path not in found:
            found[path] = _entry(bank, path, kind, origin)

    for letter, _, _, names in records:
        if letter == "M" and names[0] in untouched:
            continue
        if len(names) == 2:
            old_doc, new_doc = (_to_bank(repo, bank_real, name) for name in names)
            if new_doc is not None and letter == "R":
                report(new_doc, "renamed", _from_bank(repo, bank_real, names[0]))
            elif new_doc is not None:
                report(new_doc, "added")
            elif letter == "R":
                report(old_doc, "deleted")
            continue
        path = _to_bank(repo, bank_real, names[0])
        if letter == "T":
            report(path, "modified" if path in bank.docs else "deleted")
        elif kind := {"A": "added", "M": "modified", "D": "deleted"}.get(letter):
            report(path, kind)
    others = git.run(repo, "ls-files", "-z", "--others", "--exclude-standard", "--", scope)
    if not others.ok:
        raise ToolInputError(f"git could not list the untracked files: {others.err}")
    for name in others.out.split("\0"):
        if name:
            report(_to_bank(repo, bank_real, name), "added")
    return sorted(found.values(), key=lambda c: (c["changeKind"], c["path"])), _renames_unpaired(diff)


def _ignored(bank: Bank, repo: Path, listed_already: Collection[str] = ()) -> int:
    """How many of the bank's documents git ignores and does not track, less those the answer
    lists anyway (`listed_already`: one dropped from the index since the ref is a change): no
    change to them can be listed, and an answer that said nothing of them read as "nothing
    changed" (a bank kept out of the repository by `.gitignore` answered "everything counts as
    added" with no document)."""
    bank_real = os.path.realpath(bank.root)
    scope = git.bank_prefix(repo, bank.root) or "."
    # `--directory`: a folder ignored whole is one name, never walked (an ignored dependency
    # folder of the bank would otherwise be listed file by file)
    listed = git.run(
        repo, "ls-files", "-z", "--others", "--ignored", "--exclude-standard", "--directory", "--", scope
    )
    if not listed.ok:
        raise ToolInputError(f"git could not list the ignored files: {listed.err}")
    files: set[str] = set()
    folders: list[str] = []
    for name in filter(None, listed.out.split("\0")):
        if not name.endswith(("/", ".md")):
            continue  # build output ignored file by file (`*.o`, `*.pyc`): no document, not mapped
        path = _from_bank(repo, bank_real, name.rstrip("/"))
        if path in (".", "..") or path.startswith("../"):
            return len(bank.docs)  # the bank's own folder is ignored, or one above it
        if name.endswith("/"):
            folders.append(path + "/")
        else:
            files.add(path)
    return sum(
        1
        for path in bank.docs
        if path not in listed_already and (path in files or path.startswith(tuple(folders)))
    )


def _in_other_repositories(bank: Bank) -> tuple[int, list[str]]:
    """How many documents sit in a folder of the bank that is a repository of its own (a
    submodule, or a clone inside the bank), and the first few such folders.

    Why: git is never asked inside them (each runs what its own configuration names), so no
    change to them is ever listed, and an answer that said nothing of them read as "nothing
    changed" while the bank's walk counted them as documents.

    The bank's paths are names as shown (`printable`: a tab as `\\t`, a backslash doubled, a
    byte that is not UTF-8 as `\\xNN`), so each folder is looked for under its real name; the
    folders returned are as shown.
    """
    candidates = {folder for path in bank.docs for folder in folders_above(path)}
    own = sorted(f for f in candidates if os.path.lexists(os.path.join(bank.root, real_name(f), ".git")))
    if not own:
        return 0, []
    inside = sum(1 for path in bank.docs if any(path.startswith(f + "/") for f in own))
    outermost = [f for f in own if not any(f.startswith(o + "/") for o in own if o != f)]
    return inside, outermost[:3]


def _noted(answer: dict[str, Any], bank: Bank, repo: Path, unpaired: str | None) -> dict[str, Any]:
    """`answer` with the note on renames left unpaired (`_renames_unpaired`), and the count of
    ignored documents and of those in a repository of their own, added to its note."""
    said = [unpaired] if unpaired else []
    ignored = _ignored(bank, repo, {change["path"] for change in answer.get("changes", [])})
    if ignored:
        said.append(
            f"{ignored} documents under the bank are ignored by git (.gitignore) and not committed, "
            "so no change to them can be listed."
            if ignored != 1
            else "1 document under the bank is ignored by git (.gitignore) and not committed, so no "
            "change to it can be listed."
        )
    inside, folders = _in_other_repositories(bank)
    if inside:
        named = ", ".join(f"{f}/" for f in folders)
        many = inside != 1
        said.append(
            f"{inside} document{'s' if many else ''} under the bank {'sit' if many else 'sits'} in "
            f"a repository of {'their' if many else 'its'} own (a submodule or a clone: {named}), "
            f"whose history git is not asked about, so no change to {'them' if many else 'it'} "
            "is listed."
        )
    if not said:
        return answer
    text = " ".join(said)
    return {**answer, "note": f"{answer['note']} {text}" if answer.get("note") else text}


def changed(bank: Bank, since: str) -> dict[str, Any]:
    """`bank_changed`: a date gives the modification-time list, anything else is read as a git ref."""
    answer = _changed(bank, since)
    count = len(answer["changes"])
    if count > MAX_LISTED:  # the first in the answer's order kept; the rest counted, never dropped silently
        answer["changes"] = answer["changes"][:MAX_LISTED]
        answer["changesLeftOut"] = count - MAX_LISTED
    return answer


def _changed(bank: Bank, since: str) -> dict[str, Any]:
    if not isinstance(since, str) or not since.strip():
        raise ToolInputError("since is empty; pass a git ref (HEAD~5, a tag, a hash) or a date (YYYY-MM-DD)")
    since = since.strip()
    if len(since) > MAX_SINCE:
        raise ToolInputError(
            f"since is {len(since):,} characters long; a git ref or a date is at most {MAX_SINCE:,}"
        )
    if since.startswith("-") or "\0" in since:
        raise ToolInputError(f"'{since}' is neither a git ref nor a date")
    instant = _instant(since) if _DATE.match(since) else None
    repo, problem = git.toplevel(bank.root)
    if problem is not None:
        raise ToolInputError(f"git cannot answer for the bank at {bank.root}: {problem}")
    if instant is not None and repo is None:
        return _by_mtime(bank, since, instant, MTIME_NOTE)
    if instant is not None and repo is not None:
        base, note = _base_at(bank, instant, repo)
        changes, unpaired = _delta(bank, repo, base)
        answer = {"since": since, "mode": "git", "repo": printable(str(repo)), "changes": changes}
        return _noted({**answer, "note": note}, bank, repo, unpaired)
    if repo is None:
        if 0 < _ancestry(since) < len(since):  # a ref counted back from, as `HEAD~20`; `~` alone is none
            note = (
                f"The bank is not inside a git repository, so '{since}' cannot be measured and every "
                "document is listed as present; commit the bank, or pass a date (YYYY-MM-DD)."
            )
            return _by_mtime(bank, since, _EPOCH, note)
        raise ToolInputError(
            f"The bank is not inside a git repository, so '{since}' cannot be resolved; "
            "pass a date (YYYY-MM-DD) instead."
        )
    base, note = _base(bank, since, repo)
    changes, unpaired = _delta(bank, repo, base)
    answer: dict[str, Any] = {"since": since, "mode": "git", "repo": printable(str(repo)), "changes": changes}
    if note is not None:
        answer["note"] = note
    return _noted(answer, bank, repo, unpaired)
