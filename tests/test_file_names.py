"""A file or folder whose name is not valid UTF-8: that document gets MB002, every output stays text.

Both commands run as real processes, because the failure is in writing to a real stdout.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memorybank_lint.bank import Bank, printable
from memorybank_lint.linter import Selection, lint
from tests.conftest import CLEAN_BANK, write_bank

BAD_FILE = b"caf\xe9.md"
BAD_FOLDER = b"\xff\xfe"
FORMATS = ("text", "json", "sarif", "github")


@pytest.fixture
def bank_root(tmp_path: Path) -> Path:
    root = write_bank(tmp_path / "memory-bank", CLEAN_BANK)
    raw = os.fsencode(root)
    with open(raw + b"/" + BAD_FILE, "w", encoding="utf-8") as handle:
        handle.write("---\ntitle: Cafe\n---\n# Cafe\n")
    os.mkdir(raw + b"/" + BAD_FOLDER)
    with open(raw + b"/" + BAD_FOLDER + b"/inner.md", "w", encoding="utf-8") as handle:
        handle.write("# Inner\n")
    return root


def test_a_name_that_is_not_utf8_is_that_documents_finding(bank_root: Path) -> None:
    bank = Bank(bank_root)
    bank.refresh()
    assert {"caf\\xe9.md", "\\xff\\xfe/inner.md"} <= set(bank.docs)
    findings = [f for f in lint(bank, Selection()) if f.code == "MB002"]
    assert [(f.path, f.message) for f in findings] == [
        ("\\xff\\xfe/inner.md", "the file was not indexed: the path is not valid UTF-8; rename it"),
        ("caf\\xe9.md", "the file was not indexed: the path is not valid UTF-8; rename it"),
    ]
    for path in ("caf\\xe9.md", "\\xff\\xfe/inner.md"):
        json.dumps(path, ensure_ascii=False).encode("utf-8")


def _run(*argv: str, cwd: Path | None = None) -> subprocess.CompletedProcess[bytes]:
    env = {k: v for k, v in os.environ.items() if k not in ("GITHUB_ACTIONS", "GITHUB_STEP_SUMMARY")}
    env["PYTHONIOENCODING"] = "utf-8:strict"
    return subprocess.run([sys.executable, "-m", *argv], capture_output=True, env=env, cwd=cwd, timeout=60)


@pytest.mark.parametrize("fmt", FORMATS)
def test_every_linter_format_reports_it_as_text(bank_root: Path, fmt: str) -> None:
    """Every format names the file as text; SARIF's artifact URI is built from the name's bytes,
    percent-encoded (`caf%E9.md`), so code scanning opens the real file: built from the escapes a
    reader is shown (`caf%5Cxe9.md`), it named a file typed with a backslash that is not there."""
    done = _run("memorybank_lint.cli", "--root", str(bank_root), "--format", fmt)
    assert b"Traceback" not in done.stderr, done.stderr.decode("utf-8", "replace")
    assert done.returncode == 1
    output = done.stdout.decode("utf-8")
    assert ("caf%E9.md" if fmt == "sarif" else "caf\\xe9.md") in output.replace("\\\\", "\\")
    assert "%5C" not in output
    if fmt in ("json", "sarif"):
        json.loads(output)


@pytest.mark.parametrize(
    "action",
    [
        ("--validate",),
        ("--route", "cafe inner"),
        ("--search", "cafe"),
        ("--read", "caf\\xe9.md"),
        ("--graph", "dna/principles.md"),
    ],
)
def test_every_server_json_answer_is_text(bank_root: Path, action: tuple[str, ...]) -> None:
    done = _run("memorybank_server.cli", "--root", str(bank_root), *action, "--json")
    assert b"Traceback" not in done.stderr, done.stderr.decode("utf-8", "replace")
    assert done.returncode in (0, 1, 2)
    if done.returncode == 0 and done.stdout.strip():
        json.loads(done.stdout.decode("utf-8"))


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_bank_folder_whose_name_is_not_utf8_reports_as_text(tmp_path: Path, fmt: str) -> None:
    raw = os.fsencode(tmp_path) + b"/b\xffnk"
    os.makedirs(raw + b"/dna")
    with open(raw + b"/dna/principles.md", "w", encoding="utf-8") as handle:
        handle.write("---\ntitle: [unclosed\n---\n# P\n")
    root = os.fsdecode(raw)
    done = subprocess.run(
        [sys.executable, "-m", "memorybank_lint.cli", "--root", root, "--format", fmt],
        capture_output=True,
        cwd=tmp_path,
        env={k: v for k, v in os.environ.items() if k != "GITHUB_ACTIONS"} | {"PYTHONIOENCODING": "utf-8"},
        timeout=60,
    )
    assert b"Traceback" not in done.stderr, done.stderr.decode("utf-8", "replace")
    assert done.returncode == 1
    output = done.stdout.decode("utf-8")
    expected = {"text": "b\\xffnk/dna/principles.md", "github": "b\\xffnk/dna/principles.md"}
    assert expected.get(fmt, "dna/principles.md") in output


def test_bank_changed_lists_a_name_that_is_not_utf8_as_text(tmp_path: Path) -> None:
    from tests.conftest import git

    root = write_bank(tmp_path / "memory-bank", CLEAN_BANK)
    git(tmp_path, "init", "-q")
    git(tmp_path, "add", ".")
    git(tmp_path, "commit", "-qm", "bank")
    with open(os.fsencode(root) + b"/" + BAD_FILE, "w", encoding="utf-8") as handle:
        handle.write("# Cafe\n")
    done = _run("memorybank_server.cli", "--root", str(root), "--changed", "HEAD", "--json")
    assert b"Traceback" not in done.stderr, done.stderr.decode("utf-8", "replace")
    changes = json.loads(done.stdout.decode("utf-8"))["changes"]
    assert [(c["path"], c["changeKind"]) for c in changes] == [("caf\\xe9.md", "added")]


CONTROL_NAMES = {
    b"new\nline.md": "new\\nline.md",
    b"red\x1b[31m.md": "red\\x1b[31m.md",
    b"tab\t.md": "tab\\t.md",
}


def test_a_name_holding_a_control_character_is_that_documents_finding(tmp_path: Path) -> None:
    """A line break in a file name would forge a line of the text output, an escape sequence would
    drive the reader's terminal: the name is shown escaped, and the document asks to be renamed."""
    root = write_bank(tmp_path / "memory-bank", CLEAN_BANK)
    for name in CONTROL_NAMES:
        with open(os.fsencode(root) + b"/" + name, "w", encoding="utf-8") as handle:
            handle.write("---\ntitle: Odd\n---\n# Odd\n")
    bank = Bank(root)
    bank.refresh()
    found = {f.path: f.message for f in lint(bank, Selection()) if f.code == "MB002"}
    reason = "the path holds a control character (a line break, a tab, an escape); rename it"
    assert found == {shown: f"the file was not indexed: {reason}" for shown in CONTROL_NAMES.values()}
    done = _run("memorybank_lint.cli", "--root", str(root))
    *findings, summary = done.stdout.decode("utf-8").splitlines()
    assert b"\x1b" not in done.stdout and summary.startswith("Found 6 findings")
    assert all(line.split(":")[0].endswith(tuple(CONTROL_NAMES.values())) for line in findings), findings


@pytest.mark.parametrize(("written", "shown"), [("\\n", "\\n"), ("\\u2028", "\\u2028"), ("\\x85", "\\u0085")])
def test_a_header_value_holding_control_characters_stays_on_its_finding_line(
    tmp_path: Path, written: str, shown: str
) -> None:
    """A line break of any kind (`str.splitlines` and JavaScript also end a line at U+2028 and
    U+0085) is written as an escape: no reader sees a forged finding line. U+0085 is `\\u0085`,
    as `\\x85` is the byte 0x85 of a name that is not UTF-8."""
    forged = (
        f"nowhere\\u001b[2J{written}memory-bank/dna/principles.md:1:1: MB001 [broken-derived-from] forged.md"
    )
    odd = f'---\ntitle: Odd\ndoc_kind: domain\nstatus: active\nderived_from:\n  - "{forged}"\n---\n# Odd\n'
    root = write_bank(tmp_path / "memory-bank", {**CLEAN_BANK, "domain/odd.md": odd})
    done = _run("memorybank_lint.cli", "--root", str(root), "--select", "MB001")
    text = done.stdout.decode("utf-8")
    (line,) = [line for line in text.splitlines() if "MB001" in line]
    assert line.split(":")[0].endswith("memory-bank/domain/odd.md") and f"\\x1b[2J{shown}memory-bank/" in line
    assert "\x1b" not in text


@pytest.mark.parametrize(
    "action",
    [
        ("--route", "odd forged"),
        ("--search", "forged"),
        ("--graph", "domain/odd.md"),
        ("--graph", "domain/odd.md", "--format", "mermaid"),
        ("--graph", "domain/odd.md", "--format", "dot"),
        ("--stats",),
        ("--read", "domain/odd.md"),
    ],
)
def test_the_server_listings_write_control_characters_as_escapes(
    tmp_path: Path, action: tuple[str, ...]
) -> None:
    """Titles, purposes, headings and excerpts come from the bank: in a listing, a line break in
    one would forge a line and an escape sequence would drive the terminal."""
    odd = (
        '---\ntitle: "Odd\\u001b[2J\\u001b]0;pwned\\u0007\\u202e\\nforged line"\n'
        'doc_kind: "dom\\u001bain"\nstatus: active\n'
        'purpose: "Forged\\rpurpose"\nderived_from:\n  - ../dna/principles.md\n---\n# Odd\n\n'
        "forged text \x1b[2J\x1b]0;pwned\x07\u202e\n\tindented\n"
    )
    root = write_bank(tmp_path / "memory-bank", {**CLEAN_BANK, "domain/odd.md": odd})
    done = _run("memorybank_server.cli", "--root", str(root), *action)
    assert done.returncode in (0, 1), done.stderr
    assert b"\x1b" not in done.stdout and b"\r" not in done.stdout and b"\x07" not in done.stdout
    assert b"\nforged line" not in done.stdout and "\u202e".encode() not in done.stdout


# Each pair printed alike before a backslash was doubled and U+0085 told from the byte 0x85.
TWINS = {
    b"lit\\xfe.md": ("lit\\\\xfe.md", "lit%5Cxfe.md"),  # typed: backslash, x, f, e
    b"lit\xfe.md": ("lit\\xfe.md", "lit%FE.md"),  # the byte 0xFE, not UTF-8
    b"c1\xc2\x85.md": ("c1\\u0085.md", "c1%C2%85.md"),  # U+0085, a control character
    b"c1\x85.md": ("c1\\x85.md", "c1%85.md"),  # the byte 0x85, not UTF-8
}


def test_names_that_printed_alike_are_told_apart_in_every_output(tmp_path: Path) -> None:
    """A name typed as `lit\\xfe.md` printed as the one holding the byte 0xFE: the bank kept one
    document for the two files, and no output could say which a finding was about. Each name now
    prints as itself alone, the same in every format and in the server's answer, and SARIF names
    each file by its bytes."""
    root = write_bank(tmp_path / "memory-bank", CLEAN_BANK)
    for name in TWINS:
        with open(os.fsencode(root) + b"/" + name, "w", encoding="utf-8") as handle:
            handle.write("---\ntitle: Twin\n---\n# Twin\n")
    shown = {key for key, _ in TWINS.values()}
    bank = Bank(root)
    bank.refresh()
    assert shown <= set(bank.docs) and len(bank.docs) == len(CLEAN_BANK) + len(TWINS)

    def run(fmt: str) -> str:
        done = _run(
            "memorybank_lint.cli", "--root", str(root), "--select", "MB002", "--format", fmt, cwd=tmp_path
        )
        assert done.returncode == 1, done.stderr.decode("utf-8", "replace")
        return done.stdout.decode("utf-8")

    lines = run("text").splitlines()[:-1]
    assert sorted(line.split(":1:1:")[0] for line in lines) == sorted(f"memory-bank/{key}" for key in shown)
    assert sorted(finding["path"] for finding in json.loads(run("json"))) == sorted(shown)
    results = json.loads(run("sarif"))["runs"][0]["results"]
    uris = sorted(r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in results)
    assert uris == sorted(uri for _, uri in TWINS.values())  # from the bank: no repository here
    annotated = [line.split(",")[0] for line in run("github").splitlines() if line.startswith("::")]
    assert sorted(annotated) == sorted(f"::error file=memory-bank/{key}" for key in shown)
    answer = _run("memorybank_server.cli", "--root", str(root), "--validate", "--json")
    paths = {f["path"] for f in json.loads(answer.stdout.decode("utf-8"))["findings"] if f["code"] == "MB002"}
    assert paths == shown


def test_a_name_holding_a_backslash_is_that_documents_finding(tmp_path: Path) -> None:
    """The bank's key for such a name shows the backslash doubled, so it cannot open the file, and
    Windows reads a backslash between folders: the document asks to be renamed, like a name
    holding a control character, instead of being read under a name that is not its own."""
    root = write_bank(tmp_path / "memory-bank", CLEAN_BANK)
    (root / "domain" / "a\\b.md").write_text("---\ntitle: Slash\n---\n# Slash\n", encoding="utf-8")
    bank = Bank(root)
    bank.refresh()
    found = {f.path: f.message for f in lint(bank, Selection()) if f.code == "MB002"}
    reason = "the path holds a backslash, which Windows reads as a folder separator; rename it"
    assert found == {"domain/a\\\\b.md": f"the file was not indexed: {reason}"}


@given(st.one_of(st.binary(min_size=1, max_size=24).map(os.fsdecode), st.text(max_size=24)))
def test_every_name_prints_as_one_line_of_text_that_reads_back_as_it(name: str) -> None:
    """Reading back is what makes the printed name one name's alone, and what lets an output that
    must name the file itself (a SARIF URI) start from the name the bank keys it by."""
    from memorybank_lint.bank import real_name

    shown = printable(name)
    shown.encode("utf-8")
    assert not UNPRINTED.search(shown)
    assert real_name(shown) == name


# what would end or reorder a line, drive a terminal, or not encode as UTF-8
UNPRINTED = re.compile(
    "[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]"
)


def test_every_bidirectional_control_is_written_as_its_escape() -> None:
    """Unicode's Bidi_Control characters: the marks U+061C, U+200E and U+200F were printed raw,
    so `a\u200e.md` and `a.md` looked the same in a report."""
    from memorybank_lint.bank import visible

    for control in BIDI_CONTROLS:
        assert visible(f"a{control}.md") == f"a\\u{ord(control):04x}.md"


# Unicode's Bidi_Control characters (PropList.txt)
BIDI_MARKS = ["\u061c", "\u200e", "\u200f"]
BIDI_CONTROLS = BIDI_MARKS + [chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A))]


RUNS_UNDER_A_RAW_FOLDER = {
    "diff": ["memorybank-lint", "--diff"],
    "fix": ["memorybank-lint", "--fix"],
    "settings json": ["memorybank-lint", "--show-settings", "--format", "json"],
    "settings text": ["memorybank-lint", "--show-settings"],
    "server settings": ["mcp-memorybank", "--show-settings", "--json"],
    "create": [
        "mcp-memorybank",
        "--create",
        "engineering/new.md",
        "--purpose",
        "Read when new.",
        "--dry-run",
    ],
    "create for real": ["mcp-memorybank", "--create", "engineering/newer.md", "--purpose", "Read when new."],
    "list inbox": ["mcp-memorybank", "--list-inbox", "--json"],
    "stats": ["mcp-memorybank", "--stats", "--json"],
    "validate": ["mcp-memorybank", "--validate", "--json"],
    "route": ["mcp-memorybank", "--route", "retry backoff", "--json"],
}


@pytest.mark.parametrize("argv", RUNS_UNDER_A_RAW_FOLDER.values(), ids=RUNS_UNDER_A_RAW_FOLDER.keys())
def test_a_bank_under_a_folder_whose_name_is_not_utf8_answers_every_command_in_utf8(
    tmp_path: Path, argv: list[str]
) -> None:
    """The fixes, the writes and the inbox listing measured or printed the bank's absolute path
    as UTF-8 and died with a traceback; the settings and stats wrote the raw byte to stdout."""
    from memorybank_server import scaffold

    root = Path(os.fsdecode(os.fsencode(tmp_path) + b"/p\xff")) / "memory-bank"
    scaffold.init(root, "Acme")
    fixable = "---\ntitle: X\ndoc_kind: engineering\npurpose: Retry layer: backoff\nstatus: draft\n---\n# X\n"
    (root / "engineering" / "x.md").write_text(fixable, encoding="utf-8")
    (root / "_inbox").mkdir(exist_ok=True)
    (root / "_inbox" / "2026-11-01-note.md").write_text("---\ntitle: Note\n---\n# Note\n", encoding="utf-8")
    command = str(Path(sys.executable).with_name(argv[0]))
    done = subprocess.run(
        [command, "--root", "memory-bank", *([] if "--show-settings" in argv else ["--no-cache"]), *argv[1:]],
        capture_output=True,
        cwd=root.parent,
        timeout=120,
    )
    assert done.returncode in (0, 1), done.stderr.decode("utf-8", "replace")
    assert b"Traceback" not in done.stderr, done.stderr.decode("utf-8", "replace")
    done.stdout.decode("utf-8")  # strict: a raw byte of the path must not reach it
    done.stderr.decode("utf-8")
    if "--json" in argv or "json" in argv:
        json.loads(done.stdout)


def test_the_resources_of_a_bank_under_a_folder_whose_name_is_not_utf8_encode(tmp_path: Path) -> None:
    """memorybank://index, ://health and ://inbox each failed with an internal error: their
    answers carried the raw byte of the bank's absolute path."""
    from memorybank_server import resources, scaffold

    root = Path(os.fsdecode(os.fsencode(tmp_path) + b"/p\xff")) / "memory-bank"
    scaffold.init(root, "Acme")
    bank = Bank(root)
    bank.refresh()
    for answer in (resources.index(bank), resources.health(bank), resources.inbox(bank)):
        json.dumps(answer, ensure_ascii=False).encode("utf-8")
        assert answer["root"].endswith("p\\xff/memory-bank")


INVISIBLE = ["\u200b", "\u2060", "\ufeff", "\u00ad", "\U000e0041", "\u200d"]
INVISIBLE += ["\u034f", "\u3164", "\u206a", "\ufff9", "\U0001d173", "\U0001bca0"]  # the rarer blanks


@pytest.mark.parametrize("mark", INVISIBLE, ids=[f"U+{ord(m):04X}" for m in INVISIBLE])
def test_a_name_with_an_invisible_character_prints_unlike_its_look_alike(tmp_path: Path, mark: str) -> None:
    """`z<U+200B>w.md` printed as `zw.md` in every human output: two files, one name on screen.
    It is named with the character escaped, and is not read as a document (as a name holding a
    bidirectional mark is not): the writes refuse such a name for the same reason."""
    root = write_bank(tmp_path / "memory-bank", {**CLEAN_BANK, "zw.md": "---\ntitle: Z\n---\n# Z\n"})
    (root / f"z{mark}w.md").write_text("---\ntitle: Z\n---\n# Z\n", encoding="utf-8")
    bank = Bank(root)
    bank.refresh()
    escaped = f"\\u{ord(mark):04x}" if ord(mark) <= 0xFFFF else f"\\U{ord(mark):08x}"
    key = f"z{escaped}w.md"
    assert key in bank.docs and "zw.md" in bank.docs
    assert "invisible" in (bank.docs[key].read_error or ""), bank.docs[key].read_error
    done = subprocess.run(
        [sys.executable, "-m", "memorybank_lint.cli", "--root", str(root), "--format", "text"],
        capture_output=True,
        text=True,
        env={k: v for k, v in os.environ.items() if k != "GITHUB_ACTIONS"},
        timeout=60,
    )
    assert f"z{mark}w.md" not in done.stdout and f"{key}:1:1: MB002" in done.stdout, done.stdout
