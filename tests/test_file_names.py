"""A file or folder whose name is not valid UTF-8: that document gets MB002, every output stays text.

Both commands run as real processes, because the failure is in writing to a real stdout.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from memorybank_lint.bank import Bank
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


def _run(*argv: str) -> subprocess.CompletedProcess[bytes]:
    env = {k: v for k, v in os.environ.items() if k not in ("GITHUB_ACTIONS", "GITHUB_STEP_SUMMARY")}
    env["PYTHONIOENCODING"] = "utf-8:strict"
    return subprocess.run([sys.executable, "-m", *argv], capture_output=True, env=env, timeout=60)


@pytest.mark.parametrize("fmt", FORMATS)
def test_every_linter_format_reports_it_as_text(bank_root: Path, fmt: str) -> None:
    done = _run("memorybank_lint.cli", "--root", str(bank_root), "--format", fmt)
    assert b"Traceback" not in done.stderr, done.stderr.decode("utf-8", "replace")
    assert done.returncode == 1
    output = done.stdout.decode("utf-8")
    assert ("caf%5Cxe9.md" if fmt == "sarif" else "caf\\xe9.md") in output.replace("\\\\", "\\")
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


@pytest.mark.parametrize(("written", "shown"), [("\\n", "\\n"), ("\\u2028", "\\u2028"), ("\\x85", "\\x85")])
def test_a_header_value_holding_control_characters_stays_on_its_finding_line(
    tmp_path: Path, written: str, shown: str
) -> None:
    """A line break of any kind (`str.splitlines` and JavaScript also end a line at U+2028 and
    U+0085) is written as an escape: no reader sees a forged finding line."""
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
