"""`bank_init` and `bank_materialize_flows`: seed a bank that validates clean, hand over templates.

Why the templates stay out of a new bank: copies fork and drift silently. A fresh bank gets a
pointer; `bank_create` uses the shipped templates as if they were local, until the team runs
`materialize_flows` and owns its copies, which then always win.

What `force` may do (a bank that already has documents never gets a finding it did not have):
`init` with `force` writes only the starter files that are missing, never replaces a file the
bank has (its own registries, governance and index win), and leaves out any starter file that
would add a finding. `materialize_flows` with `force` replaces the templates the bank owns with
the shipped ones, again leaving out any that would add a finding (an epic template whose flow the
bank never had). Every left-out file is named with its reason in `skipped`.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import os
import re
import stat
from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from memorybank_lint import frontmatter
from memorybank_lint.bank import (
    BANK_DIR_NAMES,
    DEFAULT_MAX_BYTES,
    Bank,
    BankRefused,
    printable,
    refuse_git_folder,
)
from memorybank_lint.edits.atomic import file_in_the_way, read_regular
from memorybank_lint.edits.checks import visible_text
from memorybank_lint.edits.errors import Refused
from memorybank_lint.edits.gate import MAX_NAME_BYTES, check_distinct, check_no_links
from memorybank_lint.edits.journal import recover
from memorybank_lint.edits.lock import bank_lock
from memorybank_lint.edits.table import prose
from memorybank_lint.edits.text import digest
from memorybank_lint.edits.transaction import MAX_FILE_BYTES, Transaction
from memorybank_lint.paths import real_path
from memorybank_lint.sections import SEEDED, section_index

from .errors import BadValue, ToolInputError
from .starter import starter_root, templates_root
from .trial import harmless
from .writes.values import header_text

COPIED_TREES = ("dna", "product", "engineering")
SEED_ENTRIES = {
    "product": [("context.md", "context.md", "the problem, the audience and the outcomes; fill it first")],
    "engineering": [
        (
            "testing-policy.md",
            "testing-policy.md",
            "test levels, what every change needs, and the closure reviews",
        )
    ],
}


class ScaffoldError(Exception):
    """A refusal: nothing was written, and the message says why."""


class BadName(ScaffoldError, BadValue):
    """A project name no starter header could hold: refused as a mistaken value (exit 2 on the
    command line), not as a bank that refused to be seeded."""


class BadRoot(ScaffoldError, BadValue):
    """A bank folder no bank may have (one in git's own `.git` folder): refused as a mistaken
    path (exit 2 on the command line), before a folder is made."""


@dataclass
class ScaffoldResult:
    root: str
    created: bool
    dryRun: bool  # the MCP result keeps the reference's field names
    files: list[str]  # written, or with dryRun that would be written
    directories: list[str]
    warnings: list[str] = field(default_factory=list)
    overwrites: list[str] = field(default_factory=list)  # existing files among `files`
    skipped: list[dict[str, str]] = field(default_factory=list)  # {path, reason}: not written

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


_PLACEHOLDER = re.compile(r"\{\{(?:PROJECT_NAME|DATE)\}\}")


def _document_count(root: Path) -> int:
    if not root.is_dir():
        return 0
    bank = Bank(root)
    bank.refresh()
    return len(bank.docs)


def _fill(text: str, name: str, today: dt.date) -> str:
    """Fill the placeholders: in the frontmatter through YAML (any name stays valid), then the body,
    where the name is written as an index line writes header text (`prose`): a name must not
    add a link or switch the linter off in the bank it seeds."""

    def plain(value: str, shown: str = name) -> str:  # one pass: a name holding `{{DATE}}` stays as typed
        filled = {"{{PROJECT_NAME}}": shown, "{{DATE}}": today.isoformat()}
        return _PLACEHOLDER.sub(lambda found: filled[found.group()], value)

    def deep(value: Any) -> Any:
        if isinstance(value, str):
            return plain(value)
        if isinstance(value, list):
            return [deep(item) for item in value]
        if isinstance(value, dict):
            return {key: deep(item) for key, item in value.items()}
        return value

    parts, header = frontmatter.parse(text)
    if parts.block is None or "{{" not in parts.block:
        return plain(text, prose(name))
    if header.error is not None:
        raise ScaffoldError(f"the starter file has invalid frontmatter: {header.error}")
    return frontmatter.render(deep(header.data), plain(parts.body, prose(name)))


def _starter_files(name: str, today: dt.date) -> dict[str, str]:
    starter = starter_root()
    files: dict[str, str] = {}
    for tree in COPIED_TREES:
        for source in sorted((starter / tree).rglob("*.md")):
            files[source.relative_to(starter).as_posix()] = _fill(source.read_text("utf-8"), name, today)
    for source in sorted((starter / "flows").glob("*.md")):
        files[f"flows/{source.name}"] = _fill(source.read_text("utf-8"), name, today)
    return files


def templates_pointer() -> str:
    data = {
        "title": "Document Templates",
        "doc_kind": "governance",
        "doc_function": "index",
        "purpose": "Where the document templates come from, and how this bank can take them over.",
        "derived_from": ["../../dna/governance.md"],
        "status": "active",
    }
    body = """# Document Templates

The templates are not copied into this bank: they ship with the mcp-memorybank server. When an
agent creates a document with `bank_create`, the server picks the template for its kind and
target file name exactly as if it lived here, and reports which one it used.

The flows that explain when each template is used are part of this bank:
[the feature flow](../feature-flow.md), [the epic flow](../epic-flow.md) and
[the workflows](../workflows.md).

Why not copy them: a copied template forks. Improvements to the shipped set never reach it, and
nobody notices the difference until two documents of one kind disagree in shape.

To own the templates instead, run `mcp-memorybank --root <bank> --materialize-flows`. It copies
the whole set here, replacing this page with the template catalogue; from then on the bank's
copies always win over the shipped ones."""
    return frontmatter.render(data, body)


def root_index(name: str) -> str:
    data = {
        "title": "Documentation Index",
        "doc_kind": "project",
        "doc_function": "index",
        "purpose": f"Start here: the map of the {name} memory bank and where each kind of knowledge lives.",
        "derived_from": ["dna/governance.md"],
        "status": "active",
        "audience": "humans_and_agents",
    }
    entries = "\n".join(
        f"- [`{s.directory}/README.md`]({s.directory}/README.md)\n  {s.read_when}" for s in SEEDED
    )
    body = f"""# Documentation Index

**Project:** {prose(name)}

## Start Here

Read [`dna/README.md`](dna/README.md) first: it says how this bank is governed, who owns which
fact, and how a document becomes active. Then route to the section below that fits your task and
read only what it points to.

## Annotated Index

{entries}

- [`flows/README.md`](flows/README.md)
  Read this when you need how work moves: feature packages, epics, and how much documentation a task needs.

- [`dna/README.md`](dna/README.md)
  Read this when you need the bank's own rules: principles, ownership, fields, lifecycle.

## Task-Specific Routes

| Task | Read |
|---|---|
| Starting a feature | [the feature flow](flows/feature-flow.md) |
| Recording a decision | [the decision records](adr/README.md) |
| Choosing how much documentation a task needs | [the workflows](flows/workflows.md) |"""
    return frontmatter.render(data, body)


def plan(name: str, today: dt.date) -> dict[str, str]:
    """Every file `init` writes, bank path to text, in the order they are written."""
    files = _starter_files(name, today)
    files["flows/templates/README.md"] = templates_pointer()
    for section in SEEDED:
        entries = SEED_ENTRIES.get(section.directory, [])
        files[f"{section.directory}/README.md"] = section_index(section, entries)
    files["README.md"] = root_index(name)
    return files


def _settle(
    root: Path, files: dict[str, str], bank_has_documents: bool
) -> tuple[dict[str, str], list[dict[str, str]]]:
    """`files` less those that would add a finding to an existing bank, and why each was left out.

    A file whose path goes through a link is refused first, by its bank path: neither the trial
    copy (which keeps the bank's links) nor the real write may follow one out of the bank. A file
    whose name differs from one in the bank only by case or Unicode form is left out and named.
    """
    for path in files:
        check_no_links(root, path)
    clashes: dict[str, str] = {}
    for path in files:  # `README.md` beside the bank's `readme.md` is one file on macOS and Windows
        try:
            check_distinct(root, path)
        except Refused as exc:
            clashes[path] = str(exc)
    if clashes and not bank_has_documents:  # a fresh bank short of a file would not be clean
        raise ScaffoldError(next(iter(clashes.values())))
    files = {path: text for path, text in files.items() if path not in clashes}
    skipped = [{"path": path, "reason": reason} for path, reason in sorted(clashes.items())]
    if not bank_has_documents or not files:
        return files, skipped
    kept, left_out = harmless(root, files)
    return kept, skipped + [{"path": path, "reason": reason} for path, reason in sorted(left_out.items())]


def _refuse_a_name_that_adds_findings(root: Path, name: str, planned: dict[str, str]) -> None:
    """The starter bank validates with zero findings; a project name is written into its prose,
    and prose can make a finding (`… is defined in dna/nope.md` names a rule that is not there),
    so the seeded bank is linted in memory first and such a name refused by the finding."""
    from memorybank_lint.linter import lint

    found = lint(Bank(root).as_written(planned))
    if found:
        first = found[0]
        raise ScaffoldError(
            f"the project name {name!r} would give the seeded bank a finding: {first.path}: "
            f"{first.code} [{first.rule}] {first.message}; choose another name"
        )


def _bank_around(root: Path) -> Path | None:
    """A seeded bank `root` lies inside, in this repository or one around it: a folder above it
    named as a bank is that holds `dna/`. Why: its documents are the outer bank's, whose run then
    finds every starter key claimed twice; a repository in between (a submodule) changes nothing
    for the outer bank's run, so unlike `enclosing_bank` this looks past it."""
    return next(
        (above for above in root.parents if above.name in BANK_DIR_NAMES and os.path.isdir(above / "dna")),
        None,
    )


def init(
    root: Path,
    name: str,
    *,
    dry_run: bool = False,
    force: bool = False,
    today: dt.date | None = None,
    max_bytes: int = DEFAULT_MAX_BYTES,
) -> ScaffoldResult:
    """Seed `root` with the starter bank for project `name` (with `force`: only what is missing).

    `max_bytes` is the project's `max-file-size`: a starter file past it would be written and then
    read by the bank as unreadable, so the seeding is refused as any governed write is."""
    try:  # it is written into every starter header, a title and a purpose among them: checked as one,
        # as typed: trimming first would drop a line break or a control character at its ends
        # (`Acme\x1f`) that a title handed to a write is refused for
        name = visible_text("`name`", header_text("`name`", name)).strip()
    except ToolInputError as exc:
        raise BadName(str(exc)) from None
    if not name:
        raise BadName("`name` is required: the project name shown in the root index")
    try:
        refuse_git_folder(root)
    except BankRefused as exc:
        raise BadRoot(str(exc)) from None
    root = real_path(root)
    long = next((part for part in root.parts if len(os.fsencode(part)) > MAX_NAME_BYTES), None)
    if long is not None:  # no folder is made by that name: a mistaken path, not a refused seed
        raise BadRoot(
            f"bank root {printable(str(root))}: the folder name {printable(long[:40])}… is "
            f"{len(os.fsencode(long))} bytes, over the {MAX_NAME_BYTES}-byte limit of the file system"
        )
    if root.exists() and not root.is_dir():
        raise ScaffoldError(f"{root} exists and is not a directory")
    outer = _bank_around(root)
    if outer is not None:
        raise BadRoot(
            f"{root} lies inside the bank {outer}: a bank seeded there would be read as part of it "
            "(its governance and keys twice); seed it outside that folder"
        )
    planned = plan(name, today or dt.date.today())
    _refuse_a_name_that_adds_findings(root, name, planned)
    made = _can_make_folder(root) if dry_run else _make_folder(root)
    warnings = []
    new_folders: set[str] = set()
    try:
        # what the folder holds is judged under the lock the write holds, once a write a killed
        # writer left is finished: a half-done seeding is not "documents of the bank's own", and
        # of two seedings at once the second sees the first's documents
        with _writing(root, dry_run) as finished:
            existing = _document_count(root)
            if finished == "rolled forward" and all(os.path.lexists(root / path) for path in planned):
                warnings.append("A seeding that was interrupted has been finished: the bank is seeded.")
                existing = 0
                files, skipped = {}, []
            else:
                if existing and not force:
                    raise ScaffoldError(
                        f"{root} already holds {existing} documents; "
                        "refusing to seed over them (pass force to add only the missing starter files)"
                    )
                for path in planned:  # a link at a starter path is neither kept nor followed
                    check_no_links(root, path)
                _not_documents(root, planned)
                present = [path for path in planned if os.path.lexists(root / path)]
                skipped = [
                    {"path": path, "reason": "exists: the bank's own file is kept"} for path in present
                ]
                missing = {path: text for path, text in planned.items() if path not in present}
                files, left_out = _settle(root, missing, bool(existing))
                skipped += left_out
                written_into = {path.split("/", 1)[0] for path in files if "/" in path}
                new_folders = {name for name in written_into if not (root / name).is_dir()}
                _commit(root, files, dry_run=dry_run, limit=max_bytes)
    except BaseException:
        for folder in made:  # a refused seeding leaves no folder behind, the bank's own included
            with contextlib.suppress(OSError):
                folder.rmdir()
        raise
    if existing:
        warnings.append(
            f"Seeding around {existing} existing documents: {len(files)} starter files added, "
            f"{len(skipped)} left as they are."
        )
    # what this seeding made (or would make): a new bank, and the folders that were not there
    directories = [name for name in [s.directory for s in SEEDED] + ["dna", "flows"] if name in new_folders]
    created = not dry_run and not existing
    shown = printable(str(root))  # a folder name that is not UTF-8 must not stop the answer
    return ScaffoldResult(shown, created, dry_run, sorted(files), directories, warnings, [], skipped)


def _can_make_folder(root: Path) -> list[Path]:
    """`_make_folder`'s refusal without making anything, for a dry run; no folder is made."""
    folder = root
    while not os.path.lexists(folder) and folder != folder.parent:
        folder = folder.parent
    if folder != root or not root.is_dir():
        blocker = file_in_the_way(root)
        why = f"{printable(str(blocker))} is not a folder" if blocker else None
        if why is None and not os.access(folder, os.W_OK | os.X_OK, effective_ids=True):
            why = "Permission denied"
        if why:
            raise ScaffoldError(f"cannot make the bank folder {printable(str(root))}: {why}")
    return []


def _make_folder(root: Path) -> list[Path]:
    """Make `root` and its missing parents; the folders made, innermost first (to undo them)."""
    missing = []
    folder = root
    while not os.path.lexists(folder) and folder != folder.parent:
        missing.append(folder)
        folder = folder.parent
    try:
        root.mkdir(parents=True, exist_ok=True)
    except OSError as exc:  # named as the folder the user asked for, not an errno
        blocker = file_in_the_way(root)
        why = f"{printable(str(blocker))} is not a folder" if blocker else exc.strerror or str(exc)
        raise ScaffoldError(f"cannot make the bank folder {printable(str(root))}: {why}") from None
    return missing


def _not_documents(root: Path, paths: Iterable[str]) -> None:
    """Refuse a starter path something other than a regular file holds (a folder, a FIFO, a
    device): it is neither the bank's own document to keep nor a file to replace."""
    for path in paths:
        mode = os.lstat(root / path).st_mode if os.path.lexists(root / path) else stat.S_IFREG
        if not (stat.S_ISREG(mode) or stat.S_ISLNK(mode)):  # a link is refused by name elsewhere
            raise ScaffoldError(
                f"'{path}' is there but is not a document (a folder, a FIFO or the like); move it away"
            )


def _commit(
    root: Path, files: dict[str, str], *, dry_run: bool = False, limit: int = DEFAULT_MAX_BYTES
) -> None:
    """Write `files` (bank path to text) as one governed write does: new files and replacements
    in one journalled transaction, so a failure part-way leaves every file as it was and removes
    the folders it made; the refusal names the bank path, not a temporary file. A dry run checks
    what the commit would and writes nothing. A file past `limit` (the size past which the bank
    no longer reads one) is refused by its path."""
    transaction = Transaction(root, limit)
    for path, text in files.items():
        data = text.encode("utf-8")
        try:  # staging refuses a file past `limit`, by its bank path
            if os.path.lexists(root / path):
                transaction.replace(path, data, digest(read_regular(root / path, MAX_FILE_BYTES)))
            else:
                transaction.create(path, data)
        except Refused as exc:
            raise ScaffoldError(str(exc)) from exc
    try:
        if dry_run:
            transaction.check()
        else:
            transaction.commit()
    except (Refused, OSError) as exc:  # the first names the bank path; the second is rarer
        raise ScaffoldError(str(exc) if isinstance(exc, Refused) else f"{exc.strerror or exc}") from exc


@contextlib.contextmanager
def _writing(root: Path, dry_run: bool) -> Iterator[str | None]:
    """The bank's write lock for a seeding write, a half-done governed write finished first (what
    `recover` did with it is yielded); a dry run takes none (it writes nothing, not even the
    bank's folder)."""
    if dry_run:
        yield None
        return
    with bank_lock(root):
        yield recover(root)


def materialize_flows(
    root: Path, *, force: bool = False, dry_run: bool = False, max_bytes: int = DEFAULT_MAX_BYTES
) -> ScaffoldResult:
    """Copy the shipped templates into `root/flows/templates/`; the bank's copies win from now on
    (none past `max_bytes`, the project's `max-file-size`, as `init`)."""
    root = real_path(root)
    if not root.is_dir():
        raise ScaffoldError(f"{root} is not a bank directory")
    with _writing(root, dry_run):
        bank = Bank(root)
        bank.refresh()
        shipped = templates_root()
        planned = {
            f"flows/templates/{source.relative_to(shipped).as_posix()}": source.read_text("utf-8")
            for source in sorted(shipped.rglob("*.md"))
        }
        # a copy the same as the shipped one is no work of the bank's (a second run, or one that
        # a kill interrupted and the journal finished): neither refused nor written again
        same = {p for p, text in planned.items() if p in bank.docs and bank.docs[p].text == text}
        owned = [  # what the copy would overwrite: a template of the bank's own beside them stays
            p
            for p in planned
            if p in bank.docs
            and p not in same
            and (p != "flows/templates/README.md" or bank.docs[p].text != templates_pointer())
        ]
        if owned and not force:
            raise ScaffoldError(
                f"flows/templates/ already holds {len(owned)} document(s) that differ from the shipped "
                "templates; refusing to overwrite them (pass force to do it anyway)"
            )
        planned = {p: text for p, text in planned.items() if p not in same}
        _not_documents(root, planned)
        files, skipped = _settle(root, planned, bool(bank.docs))
        overwrites = sorted(path for path in files if (root / path).exists())
        # as `init` says it: a folder is listed when this run makes it, and a run that writes
        # nothing created nothing (a second run answered `created: true` and the folder)
        made = ["flows/templates"] if files and not (root / "flows/templates").is_dir() else []
        _commit(root, files, dry_run=dry_run, limit=max_bytes)
    warnings = (
        [f"Overwrote {len(overwrites)} files that flows/templates/ already held."] if overwrites else []
    )
    if dry_run and overwrites:
        warnings = [f"Would overwrite {len(overwrites)} files that flows/templates/ already holds."]
    if not files and not skipped:
        warnings = ["flows/templates/ already holds the shipped templates; nothing to write."]
    shown = printable(str(root))
    return ScaffoldResult(
        shown, bool(files) and not dry_run, dry_run, sorted(files), made, warnings, overwrites, skipped
    )
