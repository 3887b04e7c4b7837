"""`memorybank-lint --fix` on copies of the real banks: what it must never do to a bank with a history.

For every bank, safe fixes and then unsafe ones: no MB002 caused by an unquoted `: ` is left; no
finding of any rule appears that the bank did not have before (a baseline taken first, under
`--strict`, absorbs every old one); every value the fix quoted reads back, strictly, as the text
its author wrote; and a second `--fix` changes no byte. The console script runs as a subprocess.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from memorybank_lint import frontmatter
from memorybank_lint.suppressions import header_noqa
from tests.fixes.test_command import _applied

from .conftest import corpus_banks

LINT = str(Path(sys.executable).with_name("memorybank-lint"))


def _run(cwd: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("GITHUB_")}
    return subprocess.run([LINT, *argv], cwd=cwd, capture_output=True, text=True, env=env, check=False)


def _files(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def _digest(files: dict[str, bytes]) -> str:
    return hashlib.sha256(json.dumps({k: v.hex() for k, v in files.items()}).encode()).hexdigest()


def _written(line: str) -> str:
    """The value as its author wrote it on a `key: value` line (a trailing `# noqa` is not part of it)."""
    noqa = header_noqa(line)
    end = len(line[: noqa[0]].rstrip()) if noqa else len(line.rstrip())
    return line[:end].split(":", 1)[1].strip()


@pytest.mark.parametrize("unsafe", [False, True], ids=["safe", "unsafe"])
@pytest.mark.parametrize("source", corpus_banks(), ids=lambda p: p.parent.name)
def test_fix_on_a_real_bank(source: Path, unsafe: bool, tmp_path: Path) -> None:
    root = tmp_path / "memory-bank"
    shutil.copytree(source, root)
    flags = ["--root", str(root), "--strict"]
    recorded = _run(tmp_path, *flags, "--write-baseline", str(tmp_path / "before.json"))
    assert recorded.returncode == 0, recorded.stderr
    found = json.loads(_run(tmp_path, *flags, "--format", "json").stdout)
    slips = {f["path"] for f in found if f["code"] == "MB002" and frontmatter.QUOTE_HINT in f["message"]}
    before = _files(root)

    fixing = ["--fix", "--unsafe-fixes"] if unsafe else ["--fix"]
    done = _run(tmp_path, *flags, *fixing, "--format", "json")
    assert done.returncode in (0, 1), done.stderr
    remaining = json.loads(done.stdout)
    assert not [f for f in remaining if f["code"] == "MB002" and frontmatter.QUOTE_HINT in f["message"]]

    fresh = _run(tmp_path, *flags, "--baseline", str(tmp_path / "before.json"), "--format", "json")
    assert json.loads(fresh.stdout) == [], "a fix brought a finding the bank did not have"

    after = _files(root)
    quoted: set[str] = set()
    for path, old in before.items():
        if after[path] == old:
            continue
        new_text = after[path].decode("utf-8").removeprefix("\ufeff").replace("\r\n", "\n")
        old_lines = old.decode("utf-8").removeprefix("\ufeff").replace("\r\n", "\n").split("\n")
        _split, header = frontmatter.parse(new_text)
        for old_line, new_line in zip(old_lines, new_text.split("\n"), strict=False):
            if old_line != new_line and not old_line.startswith((" ", "-", "|")) and ": '" in new_line:
                key = old_line.split(":", 1)[0]
                assert header.error is None, path
                assert header.data[key] == _written(old_line), (path, old_line)
                quoted.add(path)
    assert quoted >= slips

    again = _run(tmp_path, *flags, *fixing)
    assert _digest(_files(root)) == _digest(after), again.stdout
    assert f"0 fixed, {len(remaining)} remaining" in again.stdout


@pytest.mark.parametrize("root", corpus_banks(), ids=lambda p: p.parent.name)
def test_every_fix_as_sarif_carries_it_is_the_edit_fix_makes(root: Path) -> None:
    """Each fix's one replacement of whole lines (the SARIF `fixes` entry), applied to the file as
    read, gives what the fix's own edit gives, and stays within the file's lines."""
    from memorybank_lint.bank import Bank
    from memorybank_lint.fixes import fixability
    from memorybank_lint.linter import lint

    bank = Bank(root)
    bank.refresh()
    checked = 0
    for fix in fixability(bank, lint(bank)).values():
        replacement = fix.replacement()
        edited = fix.edit(fix.source)
        if replacement is None or edited is None:
            continue
        region = {
            "startLine": replacement.start,
            "startColumn": 1,
            "endLine": replacement.end,
            "endColumn": replacement.end_column,
        }
        assert _applied(fix.source, region, replacement.inserted) == edited, (fix.path, fix.message)
        checked += 1
    assert checked or not fixability(bank, lint(bank))
