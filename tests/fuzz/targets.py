"""What the fuzz tier runs inside the worker process: the real entry points, called as users call them.

Each function returns plain data for the test to check, and raises only when the code under test
does (the worker reports that as a crash). `ToolInputError` is the one refusal a tool may give.
"""

from __future__ import annotations

import io
import json
import os
import re
import sys
from collections.abc import Callable
from typing import Any

from markdown_it import MarkdownIt

from memorybank_lint import cli, contract, document, markdown
from memorybank_lint.bank import Bank
from memorybank_lint.claims import claims
from memorybank_lint.fixes.quoting import _opens_block
from memorybank_server import resources
from memorybank_server.errors import ToolInputError
from memorybank_server.graph import graph
from memorybank_server.read import read
from memorybank_server.retrieval.route import route
from memorybank_server.retrieval.search import index_for
from memorybank_server.state import as_json
from memorybank_server.validate import validate
from tests.conftest import past_one_tick
from tests.test_markdown import commonmark_links, scanned_links

FORMATS = ("text", "json", "sarif", "github")


def _captured(main: Callable[[list[str]], int], argv: list[str]) -> tuple[int, str, str]:
    """`main(argv)` with stdout and stderr as strict UTF-8 streams, as a pipe is: text a terminal
    could not show fails here as it would there. Returns `(exit code, stdout, stderr)`."""
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="strict")
    err = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="backslashreplace")
    saved = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = out, err
    try:
        code = main(argv)
    finally:
        sys.stdout, sys.stderr = saved
    out.flush()
    err.flush()
    return code, out.buffer.getvalue().decode("utf-8"), err.buffer.getvalue().decode()


def lint(root: str, paths: list[str]) -> list[tuple[str, int, str, str]]:
    """`memorybank-lint --root ROOT --format F [-- PATHS]` for every format, through `cli.main`.

    Returns `(format, exit code, stdout, stderr)` per format.
    """
    runs = []
    for fmt in FORMATS:
        argv = ["--root", root, "--format", fmt, *(["--", *paths] if paths else [])]
        runs.append((fmt, *_captured(cli.main, argv)))
    return runs


def project_files(
    root: str, configuration: bytes, baseline: bytes, config_name: str = "settings.toml"
) -> list[tuple[str, int, str, str]]:
    """Both commands with a configuration and a baseline beside the bank, written from bytes:
    `memorybank-lint --config C --baseline B` (text and JSON), and `mcp-memorybank --config C`
    with `--route` and `--validate`. Returns `(command, exit code, stdout, stderr)` per run.
    A configuration named `pyproject.toml` is read from its `[tool.memorybank]` table."""
    from memorybank_server import cli as server_cli

    folder = os.path.dirname(root)
    config_file, baseline_file = os.path.join(folder, config_name), os.path.join(folder, "baseline.json")
    for path, data in ((config_file, configuration), (baseline_file, baseline)):
        with open(path, "wb") as handle:
            handle.write(data)
    common = ["--root", root, "--config", config_file]
    runs = [
        (f"lint {fmt}", *_captured(cli.main, [*common, "--baseline", baseline_file, "--format", fmt]))
        for fmt in ("text", "json")
    ]
    for action in (["--route", "principles rules"], ["--validate"]):
        runs.append((f"server {action[0]}", *_captured(server_cli.main, [*common, *action])))
    return runs


def _answer(call: Callable[[], Any]) -> str:
    """What the MCP tool would send: the JSON text, encodable as UTF-8; or the refusal."""
    try:
        text = as_json(call())
    except ToolInputError as exc:
        return f"refused: {exc}"
    text.encode("utf-8")
    return text


def read_tools(root: str, question: str, section: str | None, odd_path: str) -> dict[str, int]:
    """Every read tool over the bank, as the server calls them after its refresh.

    Returns how many calls answered and how many were refused, for the test to see work was done.
    A `section` of "" reads whole documents (the tools refuse a blank one).
    """
    section = section or None
    bank = Bank(root)
    bank.refresh()
    odd_path = odd_path.replace("{root}", root)  # an absolute path into the bank, links and all
    answers: list[str] = []
    calls: list[Callable[[], Any]] = [
        lambda: route(bank, question, 5, None, None),
        lambda: index_for(bank).search(bank, question, 10, None, None, None),
        lambda: validate(bank, None, None, None),
        lambda: resources.index(bank),
        lambda: resources.health(bank),
        lambda: read(bank, odd_path),
        lambda: read(bank, [odd_path, *list(bank.docs)[:3]], section, 2000),
    ]
    for path in bank.docs:
        calls += [
            lambda path=path: read(bank, path),
            lambda path=path: read(bank, path, section),
            lambda path=path: graph(bank, path, "both", 6, 300, True),
        ]
    answers = [_answer(call) for call in calls]
    reads = [answers[5], answers[6], *answers[7::3], *answers[8::3]]
    if any("OUTSIDE" in answer for answer in reads):  # the file planted beside the bank
        raise AssertionError("a read returned the file outside the bank")
    refused = sum(answer.startswith("refused: ") for answer in answers)
    return {"answered": len(answers) - refused, "refused": refused, "documents": len(bank.docs)}


def parse(path: str, text: str) -> dict[str, Any]:
    """The document parser and the line scanners on one text; what they found, as plain data."""
    doc = document.parse(path, text, bank_name="memory-bank")
    lines = doc.text.split("\n")
    found_links = [link for line in lines for link in markdown.links(line)]
    json.dumps(doc.parse_error)
    return {
        "error": doc.parse_error,
        "advice": doc.parse_advice,
        "sections": [(s.title, s.line, s.end) for s in doc.sections],
        "links": len(found_links),
        "edges": [(e.raw, e.line, e.column) for e in doc.derived_from],
    }


def links(line: str) -> list[tuple[str, str, int]]:
    return list(markdown.links(line))


def heading(line: str, level: int) -> str | None:
    return markdown.heading(line, level)


# -- the scanners against what they replaced ------------------------------------------------------

_VERB = (
    r"(?:(?:is|are)\s+)?(?:defined|described|specified|owned|governed)\s+(?:by|in)"
    r"|(?:зафиксирован[аоы]?|определ[её]н[аоы]?|определяется|описан[аоы]?)\s+во?"
)
REFERENCE_CLAIM = re.compile(
    rf"\b([^\W\d_][\w`, -]{{4,60}}?)\s+(?:{_VERB})\s+"
    r"(?:\[[^\]]*\]\(<?([^)\s>]*?\.md)[^)]*\)|`?([\w./-]+\.md)`?)",
    re.IGNORECASE,
)
REFERENCE_ROOT = re.compile(
    r"(?:root\s+document|корневой\s+документ|корень)\s*(?:is\b|—|–|-|:)?\s*\[?`?([\w./-]+\.md)", re.I
)
REFERENCE_ARROW = re.compile(r"`?([\w./-]+\.md)`?\s*←\s*root\b", re.I)
REFERENCE_BLOCK_START = re.compile(
    r"([ \t]*)(?:-[ \t]+|\?[ \t]+)?(?:.*?:[ \t]+)?(?:[&!][^ \t]*[ \t]+)*[|>][-+0-9]*[ \t]*(?:#.*)?$"
)


def claims_both(line: str) -> tuple[list[tuple[str, str, int]], list[tuple[str, str, int]]]:
    """MB010's claims from the scanner and from the single pattern it replaced (short lines only)."""
    ours = [(c.phrase, c.target, c.column) for c in claims(line)]
    theirs = [(m.group(1), m.group(2) or m.group(3), m.start(1) + 1) for m in REFERENCE_CLAIM.finditer(line)]
    return ours, theirs


def links_both(line: str) -> tuple[list[tuple[str, str, int, int]], list[tuple[str, str, int, int]]]:
    """Links from the scanner and from markdown-it-py (CommonMark), each target as the reader
    normalises it (`tests.test_markdown`)."""
    return scanned_links(line), commonmark_links(line)


def spans_both(line: str) -> tuple[list[str], list[str]]:
    """Code span contents from the scanner and from markdown-it-py (CommonMark)."""
    ours = []
    for start, end in markdown.code_spans(line):
        fence = len(line[start:end]) - len(line[start:end].lstrip("`"))
        content = line[start + fence : end - fence]
        if content.startswith(" ") and content.endswith(" ") and content.strip(" "):
            content = content[1:-1]
        ours.append(content)
    tokens = MarkdownIt("commonmark").parseInline(line)[0].children or []
    return ours, [token.content for token in tokens if token.type == "code_inline"]


def roots_both(line: str) -> tuple[list[str], list[str]]:
    """Root paths the contract reads from a line, and what the patterns it replaced read."""
    ours = [m.group(1) for m in contract._ROOT.finditer(line)]
    ours += [m.group(1) for m in contract._ROOT_ARROW.finditer(line)] if "←" in line else []
    theirs = [m.group(1) for m in REFERENCE_ROOT.finditer(line)]
    theirs += [m.group(1) for m in REFERENCE_ARROW.finditer(line)]
    return sorted(ours), sorted(theirs)


def block_openers_both(line: str) -> tuple[int | None, int | None]:
    """The indent at which a header line opens a block scalar, as MB002's fix reads it and as the
    pattern it replaced did (None: the line opens none)."""
    found = REFERENCE_BLOCK_START.match(line)
    return _opens_block(line), len(found.group(1)) if found else None


def read_contract(text: str) -> dict[str, Any]:
    found = contract.read_contract([("dna/governance.md", text)], ["dna/governance.md"])
    assert found is not None
    return {"roots": sorted(found.roots), "declared": sorted(found.declared)}


def claims_of(line: str) -> list[tuple[str, str, int]]:
    return [(c.phrase, c.target, c.column) for c in claims(line)]


def acronyms_of(text: str) -> list[tuple[tuple[str, ...], str]]:
    """The acronyms a page of body `text` spells out, as the route index mines them."""
    from memorybank_server.retrieval.mined import acronyms

    page = document.parse("x.md", f"# X\n\n{text}\n")
    return [(tuple(stems), acronym) for stems, acronym in acronyms(page)]


def endings_restored(original: str, text: str, eol: str) -> str:
    """`restore_endings` as a write calls it, for the cases that once took minutes."""
    from memorybank_lint.edits.text import restore_endings

    return restore_endings(original, text, eol)


def route_answer(root: str, question: str) -> str:
    """What `bank_route` answers (or the refusal) on the bank at `root`."""
    bank = Bank(root)
    bank.refresh()
    return _answer(lambda: route(bank, question, 5, None, None))


def read_answer(root: str, path: Any, section: str | None = None, max_bytes: int | None = None) -> str:
    """What `bank_read` answers (or the refusal) on the bank at `root`."""
    bank = Bank(root)
    bank.refresh()
    return _answer(lambda: read(bank, path, section, max_bytes))


def changed_answer(root: str, since: str) -> str:
    """What `bank_changed` answers (or the refusal) on the bank at `root`."""
    from memorybank_server.changed import changed

    bank = Bank(root)
    bank.refresh()
    return _answer(lambda: changed(bank, since))


def set_field_answer(root: str, path: str, field: str, value: str) -> str:
    """What `bank_set_field` answers (or the refusal), as a dry run, on the bank at `root`."""
    from memorybank_server.writes.fields import set_field

    bank = Bank(root)
    bank.refresh()
    return _answer(lambda: set_field(bank, path=path, field=field, value=value, dry_run=True))


def edit_answer(root: str, path: str, find: str, replace: str) -> str:
    """What `bank_edit` answers (or the refusal) on the bank at `root`, written."""
    from memorybank_server.writes.edit import edit

    bank = Bank(root)
    bank.refresh()
    return _answer(lambda: edit(bank, path=path, find=find, replace=replace))


def registry_entry(text: str) -> str:
    """An index text with an entry for `x.md` added, as the governed writes add it."""
    from memorybank_lint.edits.entries import add_entry

    return add_entry(text, "x.md", "X", "An x.")


def suppressions_of(text: str) -> list[tuple[str, int, int, tuple[str, ...], str]]:
    """The suppressions the document parser finds in `text`, as plain tuples."""
    doc = document.parse("doc.md", text)
    return [(s.kind, s.line, s.column, s.tokens, s.text) for s in doc.suppressions]


def body_noqa_both(line: str) -> tuple[object, object]:
    """A body line's `<!-- noqa -->` as the scanner reads it, and as a plain pattern reads it."""
    from memorybank_lint.suppressions import body_noqa

    ours = body_noqa(line)
    theirs = REFERENCE_BODY_NOQA.search(line)
    if theirs is None:
        return ours, None
    tokens = tuple(part for part in re.split(r"[\s,]+", theirs.group(2) or "") if part)
    return ours, (theirs.start(), tokens)


# What a `<!-- noqa -->` at the end of a line is, said as one pattern (backtracks; short lines only).
# `noqa` may not run on into a word or a hyphen (`noqa-foo`), but the comment may close right after
# it: `<!--noqa-->` is a noqa.
REFERENCE_BODY_NOQA = re.compile(
    r"<!--[ \t]*(?:noqa|NOQA)(?!\w|-(?!->))([ \t]*:[ \t]*([\w,\s-]*))?\s*-->\s*$"
)


# -- the relay that answers a client before the SDK is ready --------------------------------------

_HANDSHAKE = [
    (
        {"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"protocolVersion": "2025-06-18"}},
        {"protocolVersion": "2025-06-18", "capabilities": {}, "serverInfo": {"name": "x", "version": "1"}},
    ),
    ({"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}}, {"tools": []}),
    ({"jsonrpc": "2.0", "id": 2, "method": "prompts/list"}, {"prompts": []}),
]


def relay(lines: list[str]) -> list[str]:
    """Hostile client lines through `quickstart.Relay` as `serve` hands them over before the SDK
    is ready (with a recorded handshake to answer from), the lines it left waiting as the SDK's
    input hands them over (`refuse`), then each line as if the SDK had sent it. Returns what the
    relay answered itself, one JSON text each."""
    import shutil
    import tempfile
    from pathlib import Path

    from memorybank_lint.cachedir import CacheFolder
    from memorybank_server.quickstart import Relay

    folder = Path(tempfile.mkdtemp(prefix="relay-"))
    try:
        recorder = Relay(io.BytesIO(), CacheFolder(folder), "full")
        for request, result in _HANDSHAKE:
            recorder.take(json.dumps(request))
            recorder.from_server(json.dumps({"jsonrpc": "2.0", "id": request["id"], "result": result}) + "\n")
        wire = io.BytesIO()
        live = Relay(wire, CacheFolder(folder), "full")
        waiting = [line for line in lines if not live.take(line)]
        for line in waiting:  # as the SDK's input hands them over once it is ready
            live.refuse(line)
        answered = wire.getvalue().decode("utf-8").split("\n")[:-1]
        for line in lines:
            live.from_server(line + "\n")
        return answered
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def planted_cache(root: str, planted: bytes) -> tuple[tuple[int, str, str], tuple[int, str, str], int]:
    """`memorybank-lint --format json` and `mcp-memorybank --route … --json` once to fill a cache
    folder (the parse cache, the route and body indexes), then again after every file in it was
    overwritten with `planted` (a cache folder a repository committed). Returns both rounds, the
    outputs of both commands joined, and how many cache files were overwritten."""
    import shutil
    import tempfile
    import time
    from pathlib import Path

    from memorybank_server import cli as server_cli

    old = time.time() - 3600  # entries are stored only for files older than two seconds
    for folder, _, names in os.walk(root):
        for name in names:
            os.utime(os.path.join(folder, name), (old, old))
    past_one_tick(Path(root))
    cache = tempfile.mkdtemp(prefix="planted-cache-")
    saved = os.environ.get("MEMORYBANK_CACHE_DIR")
    os.environ["MEMORYBANK_CACHE_DIR"] = cache
    try:

        def both() -> tuple[int, str, str]:
            lint_code, lint_out, lint_err = _captured(cli.main, ["--root", root, "--format", "json"])
            route = ["--root", root, "--route", "principles rules", "--json"]
            route_code, route_out, route_err = _captured(server_cli.main, route)
            return lint_code * 10 + route_code, lint_out + route_out, lint_err + route_err

        first = both()
        names = [name for name in os.listdir(cache) if name != ".gitignore"]
        for name in names:
            with open(os.path.join(cache, name), "wb") as handle:
                handle.write(planted)
        return first, both(), len(names)
    finally:
        if saved is None:
            os.environ.pop("MEMORYBANK_CACHE_DIR", None)
        else:
            os.environ["MEMORYBANK_CACHE_DIR"] = saved
        shutil.rmtree(cache, ignore_errors=True)


def changed_in_repository(root: str, since: list[str]) -> list[str]:
    """What `bank_changed` answers for each of `since` on the bank at `root`, made a git repository
    whose one commit is dated 2024-01-01 (committer and author)."""
    from pathlib import Path

    from memorybank_server.changed import changed
    from tests.conftest import git

    git(Path(root), "init", "-q", "-b", "main")
    git(Path(root), "add", "-A")
    git(Path(root), "commit", "-q", "-m", "first")
    bank = Bank(root)
    bank.refresh()
    return [_answer(lambda value=value: changed(bank, value)) for value in since]


def drift_answer(root: str) -> str:
    """What `bank_drift` answers (or the refusal) on the bank at `root`, inside its repository."""
    from memorybank_server.drift import drift

    bank = Bank(root)
    bank.refresh()
    return _answer(lambda: drift(bank, 0))


def lint_text(root: str, args: list[str]) -> tuple[int, str, str]:
    """`memorybank-lint --root ROOT --no-cache ARGS` in the text format, through `cli.main`."""
    return _captured(cli.main, ["--root", root, "--no-cache", *args])


def seeded_by_name(folder: str, name: str) -> dict[str, Any]:
    """`mcp-memorybank --root FOLDER/memory_bank --init NAME`, then, when it seeded, the linter on
    the bank and the name as the seeded headers give it back. Returns the exit codes and output,
    the files under FOLDER afterwards, and the product context's title and the root index's
    purpose as parsed (None when nothing was seeded)."""
    from memorybank_server import cli as server_cli

    root = os.path.join(folder, "memory_bank")
    code, out, err = _captured(server_cli.main, ["--root", root, "--init", name])
    answer: dict[str, Any] = {"code": code, "out": out, "err": err, "title": None, "purpose": None}
    answer["lint"] = _captured(cli.main, ["--root", root, "--no-cache"]) if code == 0 else None
    answer["written"] = sorted(
        os.path.relpath(os.path.join(top, entry), folder)
        for top, dirs, files in os.walk(folder)
        for entry in dirs + files
    )
    if code == 0:
        bank = Bank(root)
        bank.refresh()
        answer["title"] = bank.docs["product/context.md"].title
        answer["purpose"] = bank.docs["README.md"].purpose
    return answer


def work_for(seconds: float) -> int:
    """Keep the processor busy for `seconds` of the clock (the hang bound's own test)."""
    import time

    end, turns = time.monotonic() + seconds, 0
    while time.monotonic() < end:
        turns += 1
    return turns


def wait_for(seconds: float) -> float:
    """Sleep `seconds` without working (the hang bound's own test)."""
    import time

    time.sleep(seconds)
    return seconds
