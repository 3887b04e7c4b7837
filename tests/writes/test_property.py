"""Random sequences of writes with hostile arguments, on a bank planted with traps, in a sandbox.

For every call, whatever it is handed:
- nothing outside the bank changes (the whole sandbox around the bank is hashed, links recorded
  rather than followed, a 2 GiB hole by its size and time);
- a refusal is a `ToolInputError` (one sentence naming the problem), and changes no byte and
  makes no folder in the bank; a dry run changes nothing either;
- an accepted call leaves a bank that loads (no document it could read before becomes
  unreadable) and whose findings are no worse, per document and rule, than before;
- it returns: a call still running after `HANG` seconds fails the case instead of stalling the run.

`HYPOTHESIS_PROFILE=ci` runs 500 write sequences and `deep` 1,000 (the profiles are in
tests/conftest.py); counterexamples found along the way are kept below as plain tests.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memorybank_lint.bank import Bank
from memorybank_lint.linter import lint
from memorybank_server import scaffold
from memorybank_server.errors import ToolInputError
from memorybank_server.writes import create, edit, fields, inbox, sections, status

from ._hostile import CALL, HUGE, PLANTS, SEEDING
from .conftest import finishes, tree_hash

pytestmark = pytest.mark.long(4)  # minutes under the CI profile, on a loaded machine

TOOLS: dict[str, Any] = {
    "create": create.create,
    "edit": edit.edit,
    "update_section": sections.update_section,
    "set_status": status.set_status,
    "set_field": fields.set_field,
    "promote": inbox.promote,
    "discard": inbox.discard,
    "init": lambda bank, **options: _seeding(scaffold.init, bank.root, "Sandbox", force=True, **options),
    "materialize": lambda bank, **options: _seeding(
        scaffold.materialize_flows, bank.root, force=True, **options
    ),
}


def _seeding(seed: Any, *args: Any, **options: Any) -> Any:
    """`bank_init` as the server calls it: its own refusals are answered like any tool's."""
    try:
        return seed(*args, **options)
    except scaffold.ScaffoldError as exc:
        raise ToolInputError(str(exc)) from exc


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A seeded bank with one quarantined note, copied into every case's sandbox."""
    root = tmp_path_factory.mktemp("template") / "memory-bank"
    scaffold.init(root, "Sandbox")
    create.create(
        Bank(root),
        doc_kind="domain",
        path="_inbox/note.md",
        title="Note",
        purpose="Read when the note matters.",
        body="## Detail\n\nSee [the context](../product/context.md).",
        inbox=True,
    )
    return root


def plant(sandbox: Path, template: Path, plants: set[str]) -> Path:
    """The sandbox: `outside/`, and `project/` holding argument-file traps and the bank."""
    outside, project = sandbox / "outside", sandbox / "project"
    (outside / "tpl").mkdir(parents=True)
    (outside / "secret.md").write_text("SECRET=1\n")
    (outside / "tpl" / "model.md").write_text("---\ntitle: T\n---\n# T\n\nOUTSIDE TEMPLATE\n")
    bank = project / "memory-bank"
    shutil.copytree(template, bank, symlinks=True)
    (project / "notes.md").write_text("Notes kept in the project.\n")
    (project / "folder").mkdir()
    os.symlink(outside / "secret.md", project / "link-out.md")
    os.mkfifo(project / "pipe")
    with open(project / "huge.md", "wb") as handle:
        handle.truncate(2 * 1024**3)
    traps = {
        "dir-link": lambda: os.symlink(outside, bank / "domain" / "linked"),
        "file-link": lambda: os.symlink(outside / "secret.md", bank / "escape-link.md"),
        "old-lock-link": lambda: os.symlink(outside / "lock", bank / ".memorybank.lock"),
        "fifo": lambda: os.mkfifo(bank / "pipe.md"),
        "user-temp": lambda: (bank / "domain" / ".draft.4000000.1.tmp").write_text("a user's file\n"),
        "journal-link": lambda: os.symlink(outside / "journal", bank / ".memorybank-journal"),
        "garbage-journal": lambda: (bank / ".memorybank-journal.pending").write_text("{not json"),
        "flows-link": lambda: (
            (bank / "flows").rename(outside / "flows"),
            os.symlink(outside / "flows", bank / "flows"),
        ),
        "template-link": lambda: (
            (bank / "flows" / "templates" / "adr").mkdir(parents=True, exist_ok=True),
            os.symlink(outside / "secret.md", bank / "flows" / "templates" / "adr" / "ADR-ID.md"),
        ),
        "loop": lambda: (
            os.symlink(bank / "loopB", bank / "loopA"),
            os.symlink(bank / "loopA", bank / "loopB"),
        ),
    }
    for name in sorted(plants):
        traps[name]()
    return bank


def outside_state(sandbox: Path, bank: Path) -> dict[str, str]:
    """The sandbox minus the bank: big files by size and time, others by content, links as links."""
    state = {}
    for path_text, dirs, files in os.walk(sandbox):
        directory = Path(path_text)
        if directory == bank.parent:
            dirs.remove(bank.name)
        for name in dirs + files:
            path = directory / name
            info = path.lstat()
            key = path.relative_to(sandbox).as_posix()
            if path.is_symlink():
                state[key] = "link:" + os.readlink(path)
            elif path.is_file() and info.st_size > 1_000_000:
                state[key] = f"big:{info.st_size}:{info.st_mtime_ns}"
            elif path.is_file():
                state[key] = hashlib.sha256(path.read_bytes()).hexdigest()
            else:
                state[key] = f"{info.st_mode:o}:{info.st_mtime_ns}"
    return state


def health(bank: Path) -> tuple[Counter[tuple[str, str]], set[str]]:
    """Findings counted per (rule, document), and the documents that cannot be read."""
    loaded = Bank(bank)
    loaded.refresh()
    unreadable = {path for path, doc in loaded.docs.items() if doc.read_error}
    return Counter((f.code, f.path) for f in lint(loaded)), unreadable


def filled(value: Any, places: dict[str, str]) -> Any:
    if isinstance(value, str):
        for name, place in places.items():
            value = value.replace("{" + name + "}", place)
        return value
    if isinstance(value, list):
        return [filled(item, places) for item in value]
    if isinstance(value, dict):
        return {key: filled(item, places) for key, item in value.items()}
    return value


def unpaired(arguments: dict[str, Any]) -> dict[str, Any]:
    """`body=(inline, file)` and `content=(inline, file)` as the tools take them."""
    spread = dict(arguments)
    for inline, file_argument in (("body", "body_file"), ("content", "content_file")):
        if isinstance(spread.get(inline), tuple):
            spread[inline], spread[file_argument] = spread[inline]
    return spread


@contextmanager
def sandbox(template: Path, plants: set[str]) -> Iterator[tuple[Path, Path]]:
    folder = Path(tempfile.mkdtemp(prefix="mb-sandbox-"))
    try:
        yield folder, plant(folder, template, plants)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def check(template: Path, plants: set[str], calls: list[tuple[str, dict[str, Any]]]) -> None:
    """Run `calls` in a fresh sandbox, checking every property after every call."""
    with sandbox(template, plants) as (folder, bank):
        places = {"outside": str(folder / "outside"), "project": str(bank.parent), "bank": str(bank)}
        outside = outside_state(folder, bank)
        before, (findings, unreadable) = tree_hash(bank), health(bank)  # kept until a call changes it
        for tool, arguments in calls:
            given_arguments = filled(unpaired(arguments), places)
            shown = f"{tool}({ {k: v for k, v in given_arguments.items() if v is not None} })"[:400]
            try:
                finishes(lambda: TOOLS[tool](Bank(bank), **given_arguments))  # noqa: B023
                accepted = True
            except ToolInputError as exc:
                assert str(exc).strip(), shown
                accepted = False
            assert outside_state(folder, bank) == outside, f"{shown} changed the sandbox outside the bank"
            if not accepted or given_arguments.get("dry_run"):
                assert tree_hash(bank) == before, f"{shown} was refused or dry but changed the bank"
                continue
            after, now_unreadable = health(bank)
            assert now_unreadable <= unreadable, f"{shown} made {now_unreadable - unreadable} unreadable"
            worse = {key: count for key, count in after.items() if count > findings[key]}
            assert not worse, f"{shown} added findings {worse}"
            before, findings, unreadable = tree_hash(bank), after, now_unreadable


# Half the profile's cases (up to four writes each; 500 in CI, 1,000 under the deep profile): the
# longest test of the suite, held to half so the whole run stays well inside CI's 15 minutes
@settings(max_examples=max(25, settings.default.max_examples // 2))
@given(plants=PLANTS, calls=st.lists(CALL, min_size=1, max_size=4))
def test_hostile_writes_keep_to_the_bank_and_leave_it_no_worse(
    template: Path, plants: set[str], calls: list[tuple[str, dict[str, Any]]]
) -> None:
    check(template, plants, calls)


@settings(max_examples=min(300, settings.default.max_examples))
@given(
    plants=PLANTS,
    calls=st.builds(
        lambda before, seeding, after: [*before, seeding, *after],
        st.lists(CALL, max_size=1),
        SEEDING,
        st.lists(CALL, max_size=1),
    ),
)
def test_hostile_seedings_keep_to_the_bank_and_leave_it_no_worse(
    template: Path, plants: set[str], calls: list[tuple[str, dict[str, Any]]]
) -> None:
    """`--init --force` and `--materialize-flows` among the writes, on the same traps."""
    check(template, plants, calls)


# -- counterexamples the property found, kept as plain tests ----------------------------------
PLAIN_CREATE: dict[str, Any] = {
    "doc_kind": "domain",
    "path": "domain/new-note.md",
    "title": None,
    "purpose": "A plain sentence.",
    "derived_from": [],
    "canonical_for": [],
    "must_not_define": None,
    "status": "draft",
    "body": "A plain sentence.",
}
FOUND: dict[str, tuple[set[str], list[tuple[str, dict[str, Any]]]]] = {
    "a FIFO in the bank stopped the seeding's trial copy with shutil.Error": (
        {"fifo"},
        [("materialize", {"dry_run": False})],
    ),
    "a template path linked out of the bank let the seeding's trial write through it": (
        {"template-link"},
        [("materialize", {"dry_run": True})],
    ),
    "a key listed twice in canonical_for conflicted with itself (MB004)": (
        set(),
        [("create", PLAIN_CREATE | {"canonical_for": ["key_a", "key_a"]})],
    ),
    "a promoted note given a 2 MB purpose made its document and its index unreadable": (
        set(),
        [
            (
                "promote",
                {"path": "_inbox/note.md", "to": "domain/new-note.md", "purpose": HUGE, "status": "draft"},
            )
        ],
    ),
}


@pytest.mark.parametrize("case", list(FOUND))
def test_counterexamples_found_by_the_property(template: Path, case: str) -> None:
    plants, calls = FOUND[case]
    check(template, plants, calls)
