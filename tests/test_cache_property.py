"""Deleting the cache changes no answer: after any sequence of edits to a bank, its configuration,
its contract and the cache files themselves, a run that reads and writes the cache prints what a
`--no-cache` run prints, byte for byte, from both commands.

Why a property: the cache is keyed by a file's stamp (size, mtime, ctime, inode) and by the
settings that shape a parse, and what can slip past such a key is a sequence (an edit that keeps
size and mtime, a rename onto a cached name, a setting that changes a parse) no single example
test thinks of. Each step leaves the files of the bank `OLD` (explicitly, by `os.utime`, then a
clock tick waited out for the change time) or just written, so entries are stored or left out
under the cache's rules by choice, not by the clock.

Why in-process: every run builds its `Bank` and `ParseCache` afresh from the disk, so what one run
leaves in memory is never what the next run reads (the process keeps only memos of pure functions
and the signing key); a child process per run would cost half a second, a hundred times a case.
"""

from __future__ import annotations

import contextlib
import gc
import io
import json
import os
import shutil
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import anyio
from hypothesis import given, settings
from hypothesis import strategies as st
from mcp import Client

from memorybank_lint.cachedir import ENV
from memorybank_lint.cli import main as lint_main
from memorybank_lint.config import Config, for_bank, load
from memorybank_server.cli import main as server_main
from memorybank_server.server import build_server

from .conftest import CLEAN_BANK, past_one_tick, write_bank
from .server.conftest import payload

OLD = int(time.time()) - 86_400  # settled: an entry stamped then may be stored
# names in both Unicode normalisations and one beginning with a space: two documents a name apart
NAMES = [
    "caf\u00e9.md",
    "cafe\u0301.md",
    " space.md",
    "README.md",
    "dna/governance.md",
    "domain/model.md",
    "domain/notes.md",
    "domain/index.md",
    "x.md",
]
STATUSES = ["draft", "active", "archived", "Active", "gone"]
QUESTIONS = ["model", "governance rules", "pages padding", "principles root"]
INDEX_FILES = [["README.md"], ["index.md"], ["x.md", "README.md"]]
# A page that is an index by its name alone, as `index-files` says (no `doc_function`)
LINKS = "# Pages\n\n- [Model](domain/model.md)\n- [Model](model.md)\n- [Rules](dna/governance.md)\n"
RULES = ["MB001", "MB002", "MB003", "MB008", "MB009", "MB010", "unregistered-doc"]

Step = Callable[[Path, st.DataObject], None]


# -- what a step writes -----------------------------------------------------------------------
def _document(data: st.DataObject, name: str) -> bytes:
    """A document: valid with drawn fields, or one of the kinds a bank must survive."""
    kind = data.draw(st.sampled_from(["valid", "links", "broken yaml", "binary", "not utf-8", "large"]))
    if kind == "links":
        return LINKS.encode()
    if kind == "broken yaml":
        return b"---\ntitle: [unclosed\nstatus: active\n---\n# Broken\n"
    if kind == "binary":
        return b"---\ntitle: B\n---\n\x00\x01\x02"
    if kind == "not utf-8":
        return b"---\ntitle: caf\xe9\n---\n# Caf\xe9\n"
    status = data.draw(st.sampled_from(STATUSES))
    parent = data.draw(st.sampled_from(["../dna/principles.md", "dna/principles.md", "nowhere.md"]))
    body = "padding line\n" * (300 if kind == "large" else data.draw(st.integers(0, 2)))
    return (
        f"---\ntitle: {Path(name).stem}\ndoc_kind: domain\ndoc_function: canonical\n"
        f"purpose: About {name}.\nderived_from:\n  - {parent}\nstatus: {status}\n---\n"
        f"# {Path(name).stem}\n\n[model](model.md)\n{body}"
    ).encode()


def _dated(path: Path, data: st.DataObject) -> None:
    """Set `path` settled (old enough to be stored) or leave it just written (never stored)."""
    if data.draw(st.booleans()):
        when = OLD + data.draw(st.integers(0, 3))
        os.utime(path, (when, when), follow_symlinks=False)
        past_one_tick(path)  # its change time too: stored by choice, never by the clock


def _clear(path: Path) -> None:
    """Remove whatever is at `path` (a file, a link, a FIFO or a folder)."""
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path)
    else:
        path.unlink(missing_ok=True)


def _bank_file(root: Path, data: st.DataObject) -> Path:
    return root / "memory-bank" / data.draw(st.sampled_from(NAMES))


# -- the steps --------------------------------------------------------------------------------
def write_document(root: Path, data: st.DataObject) -> None:
    path = _bank_file(root, data)
    _clear(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(_document(data, path.name))
    _dated(path, data)


def edit_keeping_size_and_mtime(root: Path, data: st.DataObject) -> None:
    """One byte changed, size and mtime put back: only the change time and the content differ."""
    path = _bank_file(root, data)
    if not path.is_file() or path.is_symlink() or not path.stat().st_size:
        return
    before = path.stat()
    raw = bytearray(path.read_bytes())
    at = data.draw(st.integers(0, len(raw) - 1))
    raw[at] = data.draw(st.sampled_from(b"aAx:-#\n "))
    path.write_bytes(bytes(raw))
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    past_one_tick(path)  # stored again or not by its mtime alone, whatever the clock


def rename(root: Path, data: st.DataObject) -> None:
    source, target = _bank_file(root, data), _bank_file(root, data)
    if os.path.lexists(source) and source != target:
        _clear(target)
        target.parent.mkdir(parents=True, exist_ok=True)
        source.rename(target)


def hard_link(root: Path, data: st.DataObject) -> None:
    """A second name for a document's inode: same size, mtime and inode under another path."""
    source, target = _bank_file(root, data), _bank_file(root, data)
    if source.is_file() and not source.is_symlink() and source != target:
        _clear(target)
        target.parent.mkdir(parents=True, exist_ok=True)
        os.link(source, target)


def delete(root: Path, data: st.DataObject) -> None:
    _clear(_bank_file(root, data))


def link_or_fifo(root: Path, data: st.DataObject) -> None:
    """A document replaced by a link (to a document, or out of the bank) or by a FIFO, or its
    folder moved out of the bank with a link left in its place."""
    path = _bank_file(root, data)
    _clear(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    kind = data.draw(st.sampled_from(["link in", "link out", "fifo", "folder link"]))
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder link" and path.parent.name != "memory-bank":  # moved out, a link left behind
        away = root / f"away-{len(list(root.glob('away-*')))}"
        path.parent.rename(away)
        path.parent.symlink_to(away, target_is_directory=True)
    else:
        outside = root / "outside.md"
        outside.write_text("---\ntitle: Outside\n---\n# Outside\n", encoding="utf-8")
        path.symlink_to(outside if kind == "link out" else root / "memory-bank" / "dna/principles.md")


def configure(root: Path, data: st.DataObject) -> None:
    """A new `.memorybank.toml`: selection, sizes, index names and per-file ignores drawn."""
    lines = ['root = "memory-bank"']
    if data.draw(st.booleans()):
        lines.append(f"ignore = {data.draw(st.lists(st.sampled_from(RULES), max_size=2, unique=True))}")
    if data.draw(st.booleans()):
        lines.append(
            f"select = {data.draw(st.lists(st.sampled_from(RULES), min_size=1, max_size=3, unique=True))}"
        )
    if data.draw(st.booleans()):
        lines.append(f"max-file-size = {data.draw(st.sampled_from([150, 300, 2097152]))}")
    if data.draw(st.booleans()):
        lines.append(f"index-files = {data.draw(st.sampled_from(INDEX_FILES))}")
    globs = data.draw(st.lists(st.sampled_from(["domain/*", "*.md", "x.md"]), max_size=2, unique=True))
    if globs:
        lines.append("[per-file-ignores]")
        lines += [
            f'"{glob}" = {data.draw(st.lists(st.sampled_from(RULES), min_size=1, max_size=2, unique=True))}'
            for glob in globs
        ]
    (root / ".memorybank.toml").write_text("\n".join(lines).replace("'", '"') + "\n", encoding="utf-8")


def change_contract(root: Path, data: st.DataObject) -> None:
    """`dna/governance.md` declaring drawn statuses, with `derived_from` required or not."""
    statuses = data.draw(st.lists(st.sampled_from(STATUSES), min_size=1, max_size=3, unique=True))
    required = (
        "Every `active` non-root document must define `derived_from`.\n" if data.draw(st.booleans()) else ""
    )
    path = root / "memory-bank" / "dna/governance.md"
    _clear(path)
    path.write_text(
        "---\ntitle: Governance\ndoc_kind: governance\ndoc_function: canonical\npurpose: The rules.\n"
        "derived_from:\n  - principles.md\nstatus: active\n---\n# Governance\n\n"
        f"The root document is `principles.md`.\n{required}\n"
        "| Field | Values | Meaning |\n|---|---|---|\n"
        f"| `status` | {', '.join(f'`{s}`' for s in statuses)} | Lifecycle |\n",
        encoding="utf-8",
    )
    _dated(path, data)


def damage_cache(root: Path, data: st.DataObject) -> None:
    """A cache file truncated, corrupted, or replaced by a folder, a FIFO or a link; or made
    unreadable (which the root user, who may read anything, does not notice)."""
    files = sorted(p for p in (root / "cache").glob("*") if p.name != ".gitignore")
    if not files:
        return
    if data.draw(st.booleans()):  # the whole folder: a file, or a link to a copy of it
        copy = root / f"cache-{len(files)}"
        _clear(copy)
        (root / "cache").rename(copy)
        if data.draw(st.booleans()):
            (root / "cache").symlink_to(copy, target_is_directory=True)
        else:
            (root / "cache").write_bytes(b"not a folder")
        return
    path = data.draw(st.sampled_from(files))
    how = data.draw(st.sampled_from(["truncate", "flip", "folder", "fifo", "link", "unreadable"]))
    if how in ("truncate", "flip"):
        if path.is_file() and not path.is_symlink():
            raw = bytearray(path.read_bytes())
            if how == "flip" and raw:
                raw[data.draw(st.integers(0, len(raw) - 1))] ^= 0x41
            path.write_bytes(bytes(raw[: len(raw) // 2] if how == "truncate" else raw))
    elif how == "unreadable":  # a file only: a folder of mode 0 would outlive the example
        if path.is_file() and not path.is_symlink():
            path.chmod(0)
    else:
        _clear(path)
        {"folder": path.mkdir, "fifo": lambda: os.mkfifo(path), "link": lambda: path.symlink_to(files[0])}[
            how
        ]()


STEPS: list[Step] = [
    write_document,
    edit_keeping_size_and_mtime,
    rename,
    delete,
    link_or_fifo,
    hard_link,
    configure,
    change_contract,
    damage_cache,
]


# -- running both commands --------------------------------------------------------------------
@contextlib.contextmanager
def _cache_at(folder: Path) -> Iterator[None]:
    """`MEMORYBANK_CACHE_DIR` set to `folder` for the example, as it was afterwards."""
    before = os.environ.get(ENV)
    os.environ[ENV] = str(folder)
    try:
        yield
    finally:
        if before is None:
            os.environ.pop(ENV, None)
        else:
            os.environ[ENV] = before


def _printed(main: Callable[[list[str]], int], argv: list[str]) -> tuple[int, str, list[str]]:
    """The exit code, stdout and stderr of a command's `main` run in this process; stderr without
    the one warning a refused cache is worth (said once per process, so dropped wherever it is)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    gc.unfreeze()  # an action freezes the collector's view of its bank: this process goes on
    said = [line for line in err.getvalue().splitlines() if "running without the cache" not in line]
    return code, out.getvalue(), said


def _answers(root: Path, question: str, *cache: str) -> list[tuple[int, str, list[str]]]:
    """The linter's findings, and the server's validation, routing and search (the last two from
    the route and body indexes the cache folder keeps too)."""
    config = ["--config", str(root / ".memorybank.toml")]
    return [
        _printed(lint_main, [*config, "--format", "json", *cache]),
        *(
            _printed(server_main, [*config, *action, "--json", *cache])
            for action in (["--validate"], ["--route", question], ["--search", question])
        ),
    ]


def _settled_bank(root: Path) -> None:
    """The clean bank and an index by name, all settled, with a configuration of its own."""
    write_bank(root / "memory-bank", {**CLEAN_BANK, "domain/index.md": LINKS})
    for path in (root / "memory-bank").rglob("*.md"):
        os.utime(path, (OLD, OLD))
    past_one_tick(root / "memory-bank")
    (root / ".memorybank.toml").write_text('root = "memory-bank"\n', encoding="utf-8")


@contextlib.contextmanager
def _filled_cache(data: st.DataObject) -> Iterator[tuple[Path, str]]:
    """A settled bank in a folder of its own, its cache filled by one run of every answer to a
    drawn question: where each example starts, and the question it asks."""
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        _settled_bank(root)
        with _cache_at(root / "cache"):
            question = data.draw(st.sampled_from(QUESTIONS))
            _answers(root, question)
            yield root, question


@settings(max_examples=min(150, settings.default.max_examples))  # up to 6 steps of 8 runs each
@given(data=st.data())
def test_a_cached_run_answers_as_a_run_without_the_cache(data: st.DataObject) -> None:
    with _filled_cache(data) as (root, question):
        for step in data.draw(st.lists(st.sampled_from(STEPS), min_size=1, max_size=6)):
            step(root, data)
            warm = _answers(root, question)
            assert warm == _answers(root, question, "--no-cache"), step.__name__


def _config_now(toml: Path) -> tuple[Config, Path]:
    """The configuration in `toml` as it is now and the bank root it names, as the server's
    `reload` reads them on every call."""
    config = load(toml.parent, toml)
    root = config.bank_root(toml.parent, None)
    return for_bank(config, root, toml), root


async def _warm_session(root: Path, data: st.DataObject, question: str) -> None:
    """One server session kept across the steps: its answers after each one are those of a
    fresh `--no-cache` run (the server keeps its bank in memory and refreshes it per call)."""
    toml = root / ".memorybank.toml"
    config, bank_root = _config_now(toml)
    calls = {"--validate": ("bank_validate", {}), "--route": ("bank_route", {"question": question})}
    server = build_server(bank_root, config=config, reload=lambda: _config_now(toml))
    async with Client(server) as client:
        for step in data.draw(st.lists(st.sampled_from(STEPS), min_size=1, max_size=6)):
            step(root, data)
            for flag, (tool, arguments) in calls.items():
                answered = await client.call_tool(tool, arguments)
                action = [flag] if flag == "--validate" else [flag, question]
                code, fresh, _ = _printed(
                    server_main, ["--config", str(toml), *action, "--json", "--no-cache"]
                )
                if code == 2:  # a configuration refused: the session refuses it too
                    assert answered.is_error, (step.__name__, fresh)
                else:
                    assert payload(answered) == json.loads(fresh), (step.__name__, tool)


@settings(max_examples=min(80, settings.default.max_examples))  # a session each, and fresh runs
@given(data=st.data())
def test_a_warm_server_answers_as_a_run_without_the_cache(data: st.DataObject) -> None:
    with _filled_cache(data) as (root, question):
        anyio.run(_warm_session, root, data, question)
