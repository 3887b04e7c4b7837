"""What every write starts from: the document it changes, the text it is handed, the file it reads.

Why here: the refusals ("Not a document of this bank", "is a template", a content file outside
the project, a suppression comment a write would add) must read the same whichever tool an
agent chose.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from memorybank_lint import document, suppressions
from memorybank_lint.bank import Bank
from memorybank_lint.document import Document
from memorybank_lint.edits.atomic import read_regular, refusal
from memorybank_lint.edits.checks import checked_text
from memorybank_lint.edits.gate import check_no_links
from memorybank_lint.edits.journal import recover
from memorybank_lint.edits.lock import bank_lock
from memorybank_lint.edits.transaction import Transaction
from memorybank_lint.frontmatter import line_feeds
from memorybank_lint.paths import real_path
from memorybank_lint.quoting import clipped

from ..errors import BadValue, ToolInputError
from ..read import document_path
from .added_findings import refuse_added_findings

MAX_CONTENT_BYTES = 1_000_000
# where `bank_discard` keeps its record: appended to by it alone
DISCARD_LOG = "_inbox/DISCARDED.md"
# A write's preview or context shows where the change landed, not all it wrote: cut by lines
# alone, a body of one 1 MB line came back whole.
PREVIEW_BYTES = 4_000


def trimmed(text: str) -> str:
    """`text` without leading blank lines and trailing whitespace, its first line's indent kept.

    Why not `strip()`: a body or section that opens with an indented code block would lose the
    indent of its first line, turning that line into prose and the lines after it into its text.
    """
    lines = line_feeds(text).split("\n")
    start = 0
    while start < len(lines) and not lines[start].strip():
        start += 1
    return "\n".join(lines[start:]).rstrip()


def preview(text: str, lines: int) -> str:
    """The first `lines` lines of `text`, within `PREVIEW_BYTES`."""
    return clipped("\n".join(text.split("\n")[:lines]), PREVIEW_BYTES)


def existing_document(bank: Bank, given: str, *, allow_template: bool = False) -> Document:
    """The indexed document an agent names, or a refusal that says why it is not one."""
    path = document_path(bank, given)
    doc = bank.docs[path]
    if doc.is_template and not allow_template:
        raise ToolInputError(f"{path} is a template (doc_function: template); templates are changed by hand")
    if doc.read_error:
        raise ToolInputError(f"{path} cannot be edited: {doc.read_error}")
    return doc


def document_bytes(bank: Bank, path: str) -> bytes:
    """The bytes of an indexed document as they are on disk now, for a write to start from:
    opened without following a link and without blocking, no further than the bank reads."""
    try:
        check_no_links(bank.root, path)
        return read_regular(path, bank.max_bytes, beneath=bank.root)
    except OSError as exc:
        raise ToolInputError(
            f"'{path}' {refusal(exc, bank.max_bytes)}; it was a document when the bank was read"
        ) from exc


def project_directory(bank: Bank) -> Path:
    """The directory content files may come from: the project that holds the bank, its parent.

    Not the parent where that is no project: a bank that is its own repository (cloned to
    `~/memory-bank`) would offer the whole home folder, and a bank at the top of the disk every
    file on the machine (`bodyFile: /etc/passwd`); there the bank's own folder is the project.
    """
    parent = bank.root.parent
    git = bank.root / ".git"
    if os.path.isdir(git):  # a clone of its own, wherever it sits (`~/memory-bank` under `~/.git`)
        own = True
    else:  # a `.git` file: a submodule inside its project's repository, or a worktree elsewhere
        own = os.path.lexists(git) and not any(os.path.lexists(f / ".git") for f in (parent, *parent.parents))
    if parent == Path(parent.anchor) or own:
        return bank.root
    return parent


def content_from(
    inline: str | None, file_arg: str | None, inline_name: str, file_name: str, bank: Bank
) -> str | None:
    """The text passed inline or read from a regular, visible file inside the project; None when
    neither.

    The file is opened without following a link and without blocking, checked to be a regular
    file, and read no further than one byte past the limit, whatever size it claims. Every
    refusal is a `BadValue`: a file that is missing, outside, hidden or not text is a mistaken path
    whatever the bank holds.
    """
    if inline is not None and file_arg is not None:
        raise BadValue(f"pass either {inline_name} or {file_name}, not both")
    if file_arg is None:
        return None if inline is None else checked_text(inline_name, inline, lines=True)
    if not file_arg.strip():
        raise BadValue(f"{file_name} is empty; pass a path, or use {inline_name}")
    checked_text(file_name, file_arg)
    project = real_path(project_directory(bank))
    candidate = Path(file_arg)
    candidate = candidate if candidate.is_absolute() else Path.cwd() / candidate
    real = Path(os.path.realpath(candidate.parent)) / candidate.name
    if real != project and project not in real.parents:
        where = _read_from(file_arg)
        raise BadValue(f"{file_name} '{file_arg}' is outside the project directory {project}{where}; refused")
    hidden = next((part for part in real.relative_to(project).parts if part.startswith(".")), None)
    if hidden is not None:
        raise BadValue(
            f"{file_name} '{file_arg}' is in or is a hidden file or folder ({hidden}): secrets and tool "
            "state live there (.env, .git, .ssh), and a dry run would show them; refused"
        )
    try:
        data = read_regular(real, MAX_CONTENT_BYTES)
    except OSError as exc:
        where = _read_from(file_arg) if isinstance(exc, FileNotFoundError) else ""
        raise BadValue(f"{file_name} '{file_arg}' {refusal(exc, MAX_CONTENT_BYTES)}{where}") from exc
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise BadValue(f"{file_name} '{file_arg}' is not UTF-8 text") from exc
    return checked_text(f"{file_name} '{file_arg}'", text, lines=True)


def _read_from(file_arg: str) -> str:
    """Where a relative file path was looked for, as the end of a refusal: the server's working
    folder, which an agent cannot see, so a project file named from the project's top refused as
    "outside the project" when the server runs elsewhere, with nothing to say why."""
    return "" if Path(file_arg).is_absolute() else f" (paths are relative to {Path.cwd()})"


@contextmanager
def locked(bank: Bank) -> Iterator[Bank]:
    """Hold the bank's write lock and see the disk as it is now: gates run on fresh state.

    A write a killed writer left half done is finished (or undone) first, so no gate ever runs on
    a bank caught between two states.
    """
    with bank_lock(bank.root):
        recover(bank.root, bank.max_bytes)
        bank.refresh()
        yield bank


def guard_suppressions(old_body: str, new_body: str, path: str) -> None:
    """Refuse a change that adds a suppression comment (`memorybank-lint: disable`, `noqa`).

    Why: a suppression hides findings from every later check, so it is a person's decision; an
    edit that slipped one in silenced an ssot-conflict error of the document it touched.
    """
    if not suppressions.mentions(new_body):
        return
    before = Counter((u.kind, u.tokens) for u in document.parse(path, old_body).suppressions)
    after = Counter((u.kind, u.tokens) for u in document.parse(path, new_body).suppressions)
    if after - before:
        raise ToolInputError(
            f"the change adds a suppression comment to {path} (memorybank-lint: disable or noqa), "
            "which would hide findings; a person adds those by hand"
        )


def land(bank: Bank, transaction: Transaction, *, dry_run: bool, told: frozenset[str] = frozenset()) -> None:
    """Commit the write and let the bank see it; a dry run checks what the commit would (the files
    read are unchanged, the targets still free, the notes removable) and writes nothing, so it
    refuses what the real write would. A write that would give a file it writes a finding is
    refused first (`added_findings`; `told`: the rules whose finding its answer warns of)."""
    refuse_added_findings(bank, transaction, told)
    if dry_run:
        transaction.check()
        return
    transaction.commit()
    bank.refresh()
