"""What a commit takes away: the documents the git index deletes, and the documents naming them.

Why: pre-commit hands a hook the files a commit adds or changes, never the ones it deletes. A
commit that deletes (or renames away) a document that others name in `derived_from` or link from
an index stages nothing of the documents it breaks, so the hook passed and the pull request failed.
`--staged-deletions` asks git which markdown files the index deletes and checks the documents of
the bank that name one of them, beside the files given.
"""

from __future__ import annotations

import os
import posixpath
from collections.abc import Iterable
from pathlib import Path

from . import git
from .bank import Bank, enclosing_bank, printable, real_name
from .document import Document
from .paths import Target, folders_above, real_path, unescaped
from .usage import UsageProblem


def deleted_documents(where: Path) -> list[Path]:
    """The markdown files the git index of the work tree holding `where` deletes against HEAD (a
    rename counts as its old name deleted, and a file turned into a symbolic link, which the bank
    never reads, as deleted; a link turned back into a file is one the commit adds), as absolute
    paths; in a repository with no commit yet, none.

    The index is the one git hands a commit hook (`GIT_INDEX_FILE`): `git commit -a` and `git
    commit <path>` stage into a temporary index, and the repository's own holds none of it. It
    is read only in the work tree the hook runs in (git runs it at the top): the bank in a
    repository of its own (a submodule) read against another's index was deleted whole. A
    folder that is not in a git work tree, or a git that fails, is a usage error: the option
    promises to ask git, and passing silently would let the deletion through.
    """
    top, why = git.toplevel(where)
    if top is None:
        raise UsageProblem(
            f"--staged-deletions asks git what the commit deletes, and {why or 'this is not a git work tree'}"
        )
    index = _hook_index(top)
    if not git.run(top, "rev-parse", "--verify", "-q", "HEAD^{commit}", "--").ok:
        return []  # the first commit deletes nothing
    result = git.run(
        top,
        "diff",
        "--cached",
        "--raw",
        "-z",
        "--no-renames",
        "--diff-filter=DT",
        "HEAD",
        "--",
        index=index,
    )
    if not result.ok:
        raise UsageProblem(f"git could not list what the commit deletes: {result.err or 'no reason given'}")
    fields = result.out.split("\0")
    return [
        top / name
        for header, name in zip(fields[::2], fields[1::2], strict=False)
        if name.endswith(".md") and header.split(" ", 2)[1] not in _REGULAR_FILE
    ]


# The modes a blob the bank reads has in the index (a link is 120000, a submodule 160000). Why the
# new mode is asked: a type change (`T`) also turns a link back into a file, which the commit adds.
_REGULAR_FILE = frozenset({"100644", "100755"})


def _hook_index(top: Path) -> str | None:
    """The index file git hands a commit hook (`GIT_INDEX_FILE`), when the hook runs in the work
    tree `top` (git runs it at the top); else None, the repository's own."""
    given = os.environ.get("GIT_INDEX_FILE")
    index = os.path.abspath(given) if given else None  # git names it from the hook's folder
    if index is not None and git.toplevel(Path.cwd())[0] != top:
        index = None  # the hook's index is its own work tree's, not a bank's repository of its own
    return index


def untracked(root: Path, docs: Iterable[str]) -> set[str]:
    """The documents of the bank at `root` the git index does not hold (never added, or ignored):
    a commit carries none of them.

    Why: a page moved with `mv` and staged with `git add -u` leaves its new name untracked; the
    pages renamed to name it passed on the disk, and the commit left them naming nothing.
    """
    top, why = git.toplevel(root)
    if top is None:
        raise UsageProblem(f"--staged-deletions asks git what the commit holds, and {why or 'no git'}")
    result = git.run(root, "ls-files", "-z", "--others", "--directory", "--", ".", index=_hook_index(top))
    if not result.ok:
        raise UsageProblem(
            f"git could not list what the commit leaves out: {result.err or 'no reason given'}"
        )
    names = [printable(name) for name in result.out.split("\0") if name]
    files = {name for name in names if not name.endswith("/")}
    folders = tuple(name for name in names if name.endswith("/"))  # an untracked folder, whole
    return {path for path in docs if path in files or path.startswith(folders)}


def bank_of(deleted: list[Path]) -> Path | None:
    """The one bank the deleted files were in, found from the nearest folder of each that still
    exists (a commit may delete a whole folder); None when they were in none."""
    roots = set()
    for path in deleted:
        folder = path.parent
        while not os.path.isdir(folder) and folder != folder.parent:
            folder = folder.parent
        found = enclosing_bank(real_path(str(folder)))
        if found is not None:
            roots.add(found)
    if len(roots) > 1:
        listed = ", ".join(sorted(str(r) for r in roots))
        raise UsageProblem(
            f"the commit deletes documents of several banks ({listed}); run once per bank with --root"
        )
    return roots.pop() if roots else None


def in_bank(deleted: list[Path], root: Path) -> set[str]:
    """The deleted files inside `root`, as bank paths (keyed as the bank keys its documents)."""
    found = set()
    for path in deleted:
        absolute = real_path(str(path.parent)) / path.name if os.path.isdir(path.parent) else path
        try:
            found.add(printable(absolute.relative_to(root).as_posix()))
        except ValueError:
            continue
    return found


def written_before(root: Path, paths: Iterable[str], max_bytes: int) -> dict[str, str]:
    """The text HEAD holds of each of `paths` (bank paths of documents the commit deletes), for
    those it holds as UTF-8 text of at most `max_bytes`, as the bank reads a file.

    Why: a deleted document is off the disk, yet what it was decides what its deletion breaks:
    the pages an index registered, the `canonical_for` keys it shared. One the bank would not
    have parsed (too big, binary, not UTF-8) registers and claims nothing, as in the bank; the
    sizes are asked first, so a hostile blob of gigabytes is never read. Two questions to git in
    all, however many documents the commit deletes (`cat-file --batch-check`, then `--batch`).
    """
    named = {f"HEAD:./{real_name(path)}": path for path in sorted(paths) if "\n" not in real_name(path)}
    if not named:
        return {}
    asked = git.run(root, "cat-file", "--batch-check", stdin="".join(f"{spec}\n" for spec in named))
    if not asked.ok:
        return {}
    wanted = []
    for spec, answer in zip(named, asked.out.split("\n"), strict=False):
        fields = answer.split(" ")
        if len(fields) == 3 and fields[1] == "blob" and fields[2].isdigit() and int(fields[2]) <= max_bytes:
            wanted.append(spec)
    if not wanted:
        return {}
    read = git.run(root, "cat-file", "--batch", stdin="".join(f"{spec}\n" for spec in wanted))
    data = read.out.encode("utf-8", errors="surrogateescape")  # the bytes git wrote, sizes and all
    texts: dict[str, str] = {}
    at = 0
    for spec in wanted if read.ok else ():
        end = data.find(b"\n", at)
        fields = data[at:end].split(b" ") if end >= 0 else []
        if len(fields) != 3 or not fields[2].isdigit():
            break  # an answer not shaped as asked: read no further than what is understood
        start, at = end + 1, end + 1 + int(fields[2]) + 1
        blob = data[start : at - 1]
        if b"\0" in blob[:8192]:
            continue
        try:
            texts[named[spec]] = blob.decode("utf-8")
        except UnicodeDecodeError:
            continue
    return texts


def affected(bank: Bank, gone: set[str], before: Bank | None = None) -> set[str]:
    """The documents a deletion of `gone` may break: those that name one in `derived_from`, in a
    rule claim (MB010) or link to one from an index (as written or as a whole name holding a `#`:
    `Target.as_written`), or link a folder one was in; for a deleted index page, every document
    under its folder (an index further up, or none, registers them now: MB009) and every one it
    linked; the other owners of a `canonical_for` key one claimed (a `noqa: MB004` accepting
    the conflict silences nothing now: MB013); and, when one was a dna/ document, all of them,
    since the contract every document is judged by is read from dna/ as a whole.

    `before` is the bank with `gone` still in it (`written_before`), which says what the deleted
    documents linked and claimed; without it, only what the others name is followed.
    """
    if not gone:
        return set()
    if any(path.startswith("dna/") for path in gone):
        return set(bank.docs)
    folders = {folder for path in gone for folder in folders_above(path)} | {"."}
    names = set(bank.index_files) | {"index.md"}
    listed = {posixpath.dirname(path) for path in gone if posixpath.basename(path) in names}
    unlisted = {
        path for path in bank.docs if any(not folder or path.startswith(folder + "/") for folder in listed)
    }
    if before is not None:
        unlisted |= {link.lands for link in before.index_links if link.source in gone and link.lands}
        keys = {key for path in gone if path in before.docs for key in before.docs[path].canonical_for}
        unlisted |= {owner for key in keys for owner in before.owners.get(key, ())}
    basenames = {posixpath.basename(path) for path in gone}

    def names_gone(target: Target, directory: bool) -> bool:
        written = target.as_written()
        return any(path in gone for path in written) or (
            directory and any(path.rstrip("/") in folders for path in written)
        )

    def claims_gone(doc: Document) -> bool:  # by file name: a claim is read several ways (MB010)
        return any(posixpath.basename(unescaped(claim[2])) in basenames for claim in doc.rule_claims)

    return (
        unlisted
        | {
            path
            for path, doc in bank.docs.items()
            if any(names_gone(edge.target, False) for edge in doc.derived_from)
            or any(names_gone(link.target, link.directory) for link in doc.links)
            or claims_gone(doc)
        }
    ) & bank.docs.keys()
