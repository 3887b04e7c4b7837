"""`memorybank-lint --fix / --diff / --unsafe-fixes`, run as the console script on copies of real files.

What holds: `--diff` writes nothing and its diff is exactly what `--fix` writes (`git apply` says
so); a second `--fix` changes no byte; a fixed file keeps every byte outside the fixed span, its
BOM and its line endings; a file that changed since it was linted, or that became a link, is left
alone and named; what JSON, SARIF and `--statistics` say about fixes.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from memorybank_lint.bank import Bank
from memorybank_lint.fixes import plan
from memorybank_lint.fixes.apply import apply
from memorybank_lint.linter import lint
from tests.conftest import FIXTURE
from tests.reporters.test_sarif import schema_validator
from tests.writes.conftest import tree_hash

LINT = str(Path(sys.executable).with_name("memorybank-lint"))
BAD_YAML = "broken/bad-yaml.md"
ROADMAP = "ROADMAP.md"


def _copy(tmp_path: Path) -> Path:
    """A git checkout holding a copy of the fixture bank (its folder keeps the fixture's name)."""
    root = tmp_path / "fixture_bank"
    shutil.copytree(FIXTURE, root)
    subprocess.run(["git", "init", "-q"], cwd=tmp_path, check=True)
    return root


def _lint(cwd: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("GITHUB_")} | {"NO_COLOR": "1"}
    return subprocess.run([LINT, *argv], cwd=cwd, capture_output=True, text=True, env=env, check=False)


def test_fix_applies_the_safe_fixes_and_says_what_remains(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    done = _lint(tmp_path, "--root", "fixture_bank", "--fix")
    assert done.returncode == 1
    assert done.stdout.rstrip().endswith("2 fixed, 11 remaining (1 fixable with --unsafe-fixes).")
    assert "purpose: 'Defines the retry layer: backoff and jitter.'\n" in (root / BAD_YAML).read_text("utf-8")
    assert "  - dna/principles.md\n" in (root / "ROADMAP.md").read_text("utf-8")
    unsafe = _lint(tmp_path, "--root", "fixture_bank", "--fix", "--unsafe-fixes")
    assert unsafe.stdout.rstrip().endswith("1 fixed, 10 remaining.")
    assert "[Orphan](orphan.md)" in (root / "README.md").read_text("utf-8")


def test_diff_writes_nothing_and_is_what_fix_writes(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    before = tree_hash(root)
    shown = _lint(tmp_path, "--root", "fixture_bank", "--diff", "--unsafe-fixes")
    assert shown.returncode == 1
    assert tree_hash(root) == before
    assert "3 fixes in 3 files would be applied" in shown.stderr
    patch = tmp_path / "fixes.diff"
    patch.write_text(shown.stdout, encoding="utf-8")
    subprocess.run(["git", "apply", str(patch)], cwd=tmp_path, check=True)
    patched = tree_hash(root)
    shutil.rmtree(root)
    shutil.copytree(FIXTURE, root)
    _lint(tmp_path, "--root", "fixture_bank", "--fix", "--unsafe-fixes")
    assert tree_hash(root) == patched != before


def test_diff_shows_no_fix_that_fix_would_refuse_for_the_size_limit(tmp_path: Path) -> None:
    """`--diff` printed the quoting of a value that `--fix` then refused, since the quotes took the
    file past `max-file-size`: a change the Action would show and no run could apply."""
    root = _copy(tmp_path)
    size = (root / BAD_YAML).stat().st_size
    (tmp_path / ".memorybank.toml").write_text(f'root = "fixture_bank"\nmax-file-size = {size}\n')
    before = tree_hash(root)
    for action in ("--diff", "--fix"):
        done = _lint(tmp_path, action, "--select", "MB002")
        assert (done.stdout == "") if action == "--diff" else ("0 fixed" in done.stdout)
        assert f"'{BAD_YAML}' would be {size + 2} bytes, over the {size}-byte limit" in done.stderr
        assert tree_hash(root) == before


def test_fix_and_diff_refuse_ignore_noqa(tmp_path: Path) -> None:
    """With `--ignore-noqa`, `--fix` fixed what suppressions accept and left their comments, so
    the next run reported each as unused: an audit flag must not change the bank."""
    root = _copy(tmp_path)
    before = tree_hash(root)
    for action in ("--fix", "--diff"):
        done = _lint(tmp_path, "--root", "fixture_bank", action, "--ignore-noqa")
        assert done.returncode == 2 and done.stderr.count("\n") == 1 and "--ignore-noqa" in done.stderr
    assert tree_hash(root) == before


@pytest.mark.parametrize("odd", ["\u2028", "\x85", "\x0c", "\x1e", "\r"])
def test_a_line_holding_a_character_other_readers_break_at_stays_one_line_of_the_diff(
    tmp_path: Path, odd: str
) -> None:
    """A patch tool's lines end at `\\n` only; so do the diff's, or it would not apply."""
    root = _copy(tmp_path)
    roadmap = root / "ROADMAP.md"
    roadmap.write_bytes(roadmap.read_bytes().replace(b"# Roadmap", f"# Road{odd}map".encode(), 1))
    subprocess.run(["git", "add", "-A"], cwd=tmp_path, check=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith("GITHUB_")}
    shown = subprocess.run(  # bytes: text mode would turn a lone carriage return into a line end
        [LINT, "--root", "fixture_bank", "--diff"], cwd=tmp_path, capture_output=True, env=env, check=False
    )
    assert b"\\ No newline at end of file" not in shown.stdout
    patch = tmp_path / "fixes.diff"
    patch.write_bytes(shown.stdout)
    subprocess.run(["git", "apply", "--check", str(patch)], cwd=tmp_path, check=True)
    subprocess.run(["git", "apply", str(patch)], cwd=tmp_path, check=True)
    assert f"  - dna/principles.md\nstatus: active\n---\n# Road{odd}map".encode() in roadmap.read_bytes()


def test_diff_on_a_bank_with_nothing_to_fix_exits_zero(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    _lint(tmp_path, "--root", "fixture_bank", "--fix", "--unsafe-fixes")
    again = _lint(tmp_path, "--root", "fixture_bank", "--diff", "--unsafe-fixes")
    assert (again.returncode, again.stdout) == (0, "")
    assert "0 fixes in 0 files would be applied" in again.stderr
    assert root.is_dir()


def test_a_second_fix_changes_no_byte(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    _lint(tmp_path, "--root", "fixture_bank", "--fix", "--unsafe-fixes")
    once = tree_hash(root)
    again = _lint(tmp_path, "--root", "fixture_bank", "--fix", "--unsafe-fixes")
    assert tree_hash(root) == once
    assert again.stdout.rstrip().endswith("0 fixed, 10 remaining.")


def test_one_fix_quotes_a_value_and_rewrites_targets_listed_over_several_lines(tmp_path: Path) -> None:
    """A header broken by an unquoted `: ` hid the targets of a `[...]` list written over several
    lines: the first --fix quoted the value, and only a second one rewrote the targets written
    from the repository root."""
    root = _copy(tmp_path)
    node = root / "domain/listed.md"
    node.write_text(
        "---\ntitle: Listed\nstatus: draft\npurpose: Retry: backoff\nderived_from: [\n"
        "  fixture_bank/dna/principles.md,\n  ../dna/governance.md\n]\n---\n# Listed\n",
        encoding="utf-8",
    )
    _lint(tmp_path, "--root", "fixture_bank", "--fix", "fixture_bank/domain/listed.md")
    assert node.read_text("utf-8").startswith(
        "---\ntitle: Listed\nstatus: draft\npurpose: 'Retry: backoff'\n"
        "derived_from: [\n  ../dna/principles.md,\n"
    )
    again = _lint(tmp_path, "--root", "fixture_bank", "--fix", "fixture_bank/domain/listed.md")
    assert "0 fixed" in again.stdout


def test_bytes_outside_the_fix_bom_and_line_endings_are_kept(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    path = root / BAD_YAML
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")
    mixed = "\r\n".join(lines[:6]) + "\n" + "\r\n".join(lines[6:])  # CRLF, one bare LF among them
    path.write_bytes(b"\xef\xbb\xbf" + mixed.encode("utf-8"))
    before = path.read_bytes()
    _lint(tmp_path, "--root", "fixture_bank", "--fix")
    old = b"purpose: Defines the retry layer: backoff and jitter."
    new = b"purpose: 'Defines the retry layer: backoff and jitter.'"
    assert path.read_bytes() == before.replace(old, new)


def test_a_file_with_lone_carriage_returns_is_fixed_and_keeps_them(tmp_path: Path) -> None:
    """Old Mac line endings: the header the fix edits is found, and no line gains an LF."""
    root = _copy(tmp_path)
    path = root / BAD_YAML
    path.write_bytes(path.read_bytes().replace(b"\n", b"\r"))
    before = path.read_bytes()
    _lint(tmp_path, "--root", "fixture_bank", "--fix")
    old = b"purpose: Defines the retry layer: backoff and jitter."
    new = b"purpose: 'Defines the retry layer: backoff and jitter.'"
    assert old in before and path.read_bytes() == before.replace(old, new)


def test_only_the_files_given_are_fixed(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    roadmap = (root / "ROADMAP.md").read_bytes()
    done = _lint(tmp_path, "--fix", f"fixture_bank/{BAD_YAML}", "--root", "fixture_bank")
    assert done.stdout.rstrip().endswith("1 fixed, 0 remaining.")
    assert (root / "ROADMAP.md").read_bytes() == roadmap


def test_a_suppressed_finding_is_not_fixed(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    path = root / BAD_YAML
    path.write_text(path.read_text("utf-8").replace("and jitter.", "and jitter.  # noqa: MB002"), "utf-8")
    before = path.read_bytes()
    _lint(tmp_path, "--root", "fixture_bank", "--fix")
    assert path.read_bytes() == before


@pytest.mark.parametrize("unsafe", [False, True], ids=["safe", "unsafe"])
def test_a_finding_the_baseline_hides_is_not_fixed(tmp_path: Path, unsafe: bool) -> None:
    """A baselined finding was accepted as it stands: `--fix` fixes only what the run reports."""
    root = _copy(tmp_path)
    baseline = tmp_path / "baseline.json"
    assert _lint(tmp_path, "--root", "fixture_bank", "--write-baseline", str(baseline)).returncode == 0
    (root / "later.md").write_text("---\ntitle: Later\npurpose: Queue layer: drain\n---\n# Later\n", "utf-8")
    known = {name: (root / name).read_bytes() for name in (BAD_YAML, "ROADMAP.md", "README.md")}
    fixing = ["--fix", "--unsafe-fixes"] if unsafe else ["--fix"]
    done = _lint(tmp_path, "--root", "fixture_bank", "--baseline", str(baseline), *fixing)
    summary = "2 fixed, 0 remaining." if unsafe else "1 fixed, 1 remaining (1 fixable with --unsafe-fixes)."
    assert done.stdout.rstrip().endswith(summary)
    later = (root / "later.md").read_text("utf-8")
    assert "purpose: 'Queue layer: drain'\n" in later
    readme = (root / "README.md").read_text("utf-8")
    assert ("(later.md)" in readme) is unsafe and "(orphan.md)" not in readme
    for name in (BAD_YAML, "ROADMAP.md"):
        assert (root / name).read_bytes() == known[name], name


def test_a_baseline_that_cannot_be_read_stops_fix_before_it_writes(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    before = tree_hash(root)
    done = _lint(tmp_path, "--root", "fixture_bank", "--fix", "--baseline", str(tmp_path / "missing.json"))
    assert (done.returncode, done.stdout) == (2, "") and "does not exist" in done.stderr
    assert tree_hash(root) == before


def test_a_file_that_changed_since_it_was_linted_is_left_alone_and_named(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    bank = Bank(root)
    bank.refresh()
    fixes = plan(bank, lint(bank))
    edited = (root / BAD_YAML).read_text("utf-8").replace("# Retry layer", "# Retry layer, edited")
    (root / BAD_YAML).write_text(edited, encoding="utf-8")
    outcome = apply(bank, fixes)
    assert [path for path, _ in outcome.refused] == [BAD_YAML]
    assert "changed on disk while it was being fixed" in outcome.refused[0][1]
    assert (root / BAD_YAML).read_text("utf-8") == edited
    assert [change.path for change in outcome.changes] == ["ROADMAP.md"]


def test_a_document_replaced_by_a_link_is_never_written_through(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    bank = Bank(root)
    bank.refresh()
    fixes = plan(bank, lint(bank))
    outside = tmp_path / "outside.md"
    outside.write_bytes((root / BAD_YAML).read_bytes())
    (root / BAD_YAML).unlink()
    (root / BAD_YAML).symlink_to(outside)
    outcome = apply(bank, fixes)
    assert [path for path, _ in outcome.refused] == [BAD_YAML]
    assert "symbolic link" in outcome.refused[0][1]
    assert outside.read_bytes() == (FIXTURE / BAD_YAML).read_bytes()


def test_json_says_which_findings_have_a_fix_and_the_summary_goes_to_stderr(tmp_path: Path) -> None:
    _copy(tmp_path)
    done = _lint(tmp_path, "--root", "fixture_bank", "--format", "json")
    fixable = {
        (f["code"], f["path"]): f["fix"]["applicability"] for f in json.loads(done.stdout) if f["fixable"]
    }
    assert fixable == {
        ("MB002", BAD_YAML): "safe",
        ("MB001", "ROADMAP.md"): "safe",
        ("MB009", "orphan.md"): "unsafe",
    }
    assert "2 fixable with --fix; 1 more with --fix --unsafe-fixes" in done.stderr
    fixed = _lint(tmp_path, "--root", "fixture_bank", "--format", "json", "--fix")
    assert len(json.loads(fixed.stdout)) == 11 and "2 fixed, 11 remaining" in fixed.stderr


def test_statistics_count_the_fixable_findings(tmp_path: Path) -> None:
    _copy(tmp_path)
    done = _lint(tmp_path, "--root", "fixture_bank", "--statistics", "--format", "json")
    rows = {row["code"]: (row["fixable"], row["unsafe"]) for row in json.loads(done.stdout)}
    assert (rows["MB001"], rows["MB002"], rows["MB009"], rows["MB004"]) == ((1, 0), (1, 0), (1, 1), (0, 0))


def test_sarif_carries_each_fix_and_stays_schema_valid(tmp_path: Path) -> None:
    _copy(tmp_path)
    log = json.loads(_lint(tmp_path, "--root", "fixture_bank", "--format", "sarif").stdout)
    assert list(schema_validator().iter_errors(log)) == []
    fixes = {r["ruleId"]: r["fixes"][0] for r in log["runs"][0]["results"] if "fixes" in r}
    assert set(fixes) == {"MB001", "MB002", "MB009"}
    [change] = fixes["MB002"]["artifactChanges"]
    assert change["artifactLocation"]["uri"] == f"fixture_bank/{BAD_YAML}"
    [replacement] = change["replacements"]
    assert replacement["deletedRegion"] == {"startLine": 5, "startColumn": 1, "endLine": 6, "endColumn": 1}
    assert (
        replacement["insertedContent"]["text"] == "purpose: 'Defines the retry layer: backoff and jitter.'\n"
    )
    assert "(--unsafe-fixes)" in fixes["MB009"]["description"]["text"]


def test_the_diff_of_a_file_with_a_byte_order_mark_applies(tmp_path: Path) -> None:
    """A fix within the first lines of a file that starts with a BOM: the diff's context keeps
    the BOM, or neither `git apply` nor `patch` finds the lines."""
    root = _copy(tmp_path)
    path = root / BAD_YAML
    path.write_bytes(
        b"\xef\xbb\xbf---\npurpose: Retry layer: backoff\ntitle: Bad\nstatus: draft\n---\n# Bad\n"
    )
    original = path.read_bytes()
    subprocess.run(["git", "add", "-A"], cwd=tmp_path, check=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith("GITHUB_")}
    shown = subprocess.run(
        [LINT, "--root", "fixture_bank", "--diff", f"fixture_bank/{BAD_YAML}"],
        cwd=tmp_path, capture_output=True, env=env, check=False,
    )  # fmt: skip
    patch = tmp_path / "fixes.diff"
    patch.write_bytes(shown.stdout)
    subprocess.run(["git", "apply", str(patch)], cwd=tmp_path, check=True)
    applied = path.read_bytes()
    path.write_bytes(original)
    _lint(tmp_path, "--root", "fixture_bank", "--fix", f"fixture_bank/{BAD_YAML}")
    assert applied == path.read_bytes() and applied.startswith(b"\xef\xbb\xbf")


def test_a_name_with_a_space_ends_at_a_tab_in_the_diff_headers() -> None:
    """GNU patch ends a file name at the first blank unless a tab ends it; git writes the tab."""
    from memorybank_lint.fixes.apply import Change, unified

    change = Change("domain/my doc.md", b"a\nb\n", b"a\nc\n", [], "")
    headers = [
        line for line in unified([change], lambda path: path).split("\n") if line.startswith(("---", "+++"))
    ]
    assert headers == ["--- a/domain/my doc.md\t", "+++ b/domain/my doc.md\t"]
    plain = Change("domain/mine.md", b"a\n", b"b\n", [], "")
    assert unified([plain], lambda path: path).startswith("--- a/domain/mine.md\n+++ b/domain/mine.md\n")


def _with_escapes(tmp_path: Path) -> Path:
    """A checkout whose fixable document carries escape sequences beside the line the fix changes."""
    root = _copy(tmp_path)
    document = root / ROADMAP
    text = document.read_text(encoding="utf-8")
    document.write_text(
        text.replace("# Roadmap\n", "# Roadmap \x1b]0;pwned\x07\x1b[2J\n", 1), encoding="utf-8"
    )
    return root


def test_a_diff_written_to_a_pipe_keeps_the_files_bytes_and_applies(tmp_path: Path) -> None:
    """click stripped the `\\x1b[2J` from a context line written to a pipe: the diff no longer
    matched the file, so `git apply` refused it."""
    diffed, fixed = _with_escapes(tmp_path / "a"), _with_escapes(tmp_path / "b")
    shown = _lint(diffed.parent, "--root", "fixture_bank", "--diff")
    assert shown.returncode == 1 and "\x1b[2J" in shown.stdout
    (diffed.parent / "fix.diff").write_text(shown.stdout, encoding="utf-8", newline="")
    subprocess.run(["git", "apply", "fix.diff"], cwd=diffed.parent, check=True, capture_output=True)
    _lint(fixed.parent, "--root", "fixture_bank", "--fix")
    assert (diffed / BAD_YAML).read_bytes() == (fixed / BAD_YAML).read_bytes() != b""
    assert "purpose: 'Defines the retry layer: backoff and jitter.'" in (fixed / BAD_YAML).read_text(
        encoding="utf-8"
    )


def test_a_diff_shown_on_a_terminal_writes_control_characters_as_escapes(tmp_path: Path) -> None:
    """Raw, the note's escape sequences set the reader's window title and cleared the screen."""
    import pty

    root = _with_escapes(tmp_path)
    leader, follower = pty.openpty()
    env = {k: v for k, v in os.environ.items() if not k.startswith("GITHUB_")} | {"NO_COLOR": "1"}
    subprocess.run(
        [LINT, "--root", "fixture_bank", "--diff"],
        cwd=root.parent,
        stdout=follower,
        stderr=subprocess.DEVNULL,
        env=env,
    )
    os.close(follower)
    shown = b""
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # the terminal's other end is closed: all of it was read
            break
        if not chunk:
            break
        shown += chunk
    os.close(leader)
    assert b"\x1b" not in shown and b"# Roadmap \\x1b]0;pwned\\x07\\x1b[2J" in shown


def test_fix_lets_another_writer_in_between_its_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`--fix` held the bank's lock from its first file to its last: over thousands of files (or
    a slow disk) a governed write waiting for it gave up after 60 s. Each file is its own turn."""
    import contextlib
    import fcntl

    from memorybank_lint.fixes import apply as applying

    root = _copy(tmp_path)
    bank = Bank(root)
    bank.refresh()
    fixes = plan(bank, lint(bank), unsafe=True)
    files = {fix.path for fix in fixes}
    assert len(files) >= 2
    free_between: list[bool] = []
    real_lock = applying.bank_lock

    @contextlib.contextmanager
    def watched(folder: Path):
        with real_lock(folder):
            yield
        probe = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
        try:  # another writer's attempt, right after this turn
            fcntl.flock(probe, fcntl.LOCK_EX | fcntl.LOCK_NB)
            free_between.append(True)
        except BlockingIOError:
            free_between.append(False)
        finally:
            os.close(probe)

    monkeypatch.setattr(applying, "bank_lock", watched)
    outcome = apply(bank, fixes)
    assert len(outcome.changes) == len(files)
    assert free_between == [True] * (1 + len(files))  # the start (a killed writer's journal), then each file


def test_a_diff_made_inside_the_bank_applies_where_it_says(tmp_path: Path) -> None:
    """Run from `memory-bank/domain`, the diff named `a/../adr/…`, which neither `git apply` nor
    `patch -p1` takes anywhere. It now names files from the repository root and says so."""
    root = _copy(tmp_path)
    inside = root / "domain"
    done = _lint(inside, "--root", "..", "--diff")
    assert done.returncode == 1, done.stderr
    assert "a/../" not in done.stdout and f"--- a/fixture_bank/{BAD_YAML}" in done.stdout, done.stdout
    assert f"relative to {tmp_path}" in done.stderr, done.stderr
    patch = tmp_path / "fixes.patch"
    patch.write_text(done.stdout, encoding="utf-8")
    applied = subprocess.run(["git", "apply", str(patch)], cwd=tmp_path, capture_output=True, text=True)
    assert applied.returncode == 0, applied.stderr
    assert _lint(tmp_path, "--root", "fixture_bank", "--diff").stdout == ""


def _applied(text: str, region: dict, inserted: str) -> str:
    """A SARIF replacement applied as a consumer applies it: lines and columns 1-based, the end
    excluded, every position within the file (the end of a file with a final line feed is the
    start of the line after its last)."""
    breaks = [match.span() for match in re.finditer(r"\r\n|\r|\n", text)]  # SARIF's line ends
    starts = [0] + [end for _start, end in breaks]

    def offset(line: int, column: int) -> int:
        assert 1 <= line <= len(starts) and column >= 1
        end = breaks[line - 1][0] if line < len(starts) else len(text)  # where the line's own text ends
        assert starts[line - 1] + column - 1 <= end
        return starts[line - 1] + column - 1

    first = offset(region["startLine"], region["startColumn"])
    last = offset(region["endLine"], region["endColumn"])
    assert first <= last
    return text[:first] + inserted + text[last:]


def test_a_sarif_fix_adding_lines_after_the_last_is_in_range_and_is_what_fix_writes(tmp_path: Path) -> None:
    """An entry appended after an index's closing table came as a region past the file's last line
    (line 20 of 18), inserting other text than `--fix` writes."""
    bank = tmp_path / "memory-bank"
    shutil.copytree(Path(__file__).parents[2] / "examples/memory-bank", bank)
    subprocess.run(["git", "init", "-q"], cwd=tmp_path, check=True)
    (bank / "new.md").write_text("---\ntitle: New doc\nstatus: draft\npurpose: a new page\n---\n# New\n")
    before = (bank / "README.md").read_text(encoding="utf-8")
    log = json.loads(_lint(tmp_path, "--select", "MB009", "--format", "sarif").stdout)
    [fix] = [
        r["fixes"][0]
        for r in log["runs"][0]["results"]
        if r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "memory-bank/new.md"
    ]
    [change] = fix["artifactChanges"]
    [replacement] = change["replacements"]
    sarif = _applied(before, replacement["deletedRegion"], replacement["insertedContent"]["text"])
    _lint(tmp_path, "--select", "MB009", "--fix", "--unsafe-fixes")
    assert sarif == (bank / "README.md").read_text(encoding="utf-8") != before


@pytest.mark.parametrize("final", [True, False], ids=["final-break", "no-final-break"])
@pytest.mark.parametrize("ending", ["\n", "\r\n", "\r"], ids=["lf", "crlf", "cr"])
def test_a_sarif_fix_writes_the_line_breaks_of_the_file_it_fixes(
    tmp_path: Path, ending: str, final: bool
) -> None:
    """A fix's inserted lines in an index written with CRLF (or CR) ends came with LF ends, so a
    consumer applying it left a file of mixed ends that `--fix` never writes; in a file with no
    final line break the region ended at the line after the last, which such a file does not have."""
    bank = tmp_path / "memory-bank"
    shutil.copytree(Path(__file__).parents[2] / "examples/memory-bank", bank)
    subprocess.run(["git", "init", "-q"], cwd=tmp_path, check=True)
    index = bank / "domain/README.md"
    text = index.read_text(encoding="utf-8")
    index.write_bytes((text if final else text.rstrip("\n")).replace("\n", ending).encode())
    (bank / "domain/new.md").write_text(
        "---\ntitle: New\ndoc_kind: domain\npurpose: Read this when new.\nstatus: draft\n---\n# New\n"
    )
    before = index.read_bytes().decode("utf-8")
    log = json.loads(_lint(tmp_path, "--select", "MB009", "--format", "sarif").stdout)
    [fix] = [
        r["fixes"][0]
        for r in log["runs"][0]["results"]
        if r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "memory-bank/domain/new.md"
    ]
    [replacement] = fix["artifactChanges"][0]["replacements"]
    sarif = _applied(before, replacement["deletedRegion"], replacement["insertedContent"]["text"])
    _lint(tmp_path, "--select", "MB009", "--fix", "--unsafe-fixes", "memory-bank/domain/new.md")
    assert sarif == index.read_bytes().decode("utf-8") != before


def test_a_document_under_a_tilde_folder_is_fixed_and_edited_like_any_other(tmp_path: Path) -> None:
    """The refusal of a new `~` folder sat in the gate every path goes through: an existing page
    under `~old/` lost its fixes, and a journal naming it blocked every later write."""
    from memorybank_server.writes.edit import edit

    bank_dir = tmp_path / "memory-bank"
    shutil.copytree(Path(__file__).parents[2] / "examples/memory-bank", bank_dir)
    (bank_dir / "~old").mkdir()
    (bank_dir / "~old/notes.md").write_text(
        "---\ntitle: Old notes\ndoc_kind: domain\npurpose: Read this for old notes.\nstatus: draft\n"
        "derived_from:\n  - memory-bank/dna/principles.md\n---\n# Old notes\n\nText.\n"
    )
    done = _lint(tmp_path, "--root", "memory-bank", "--select", "MB001", "--fix")
    assert "1 fixed" in done.stdout, done.stdout + done.stderr
    assert "  - ../dna/principles.md\n" in (bank_dir / "~old/notes.md").read_text()
    bank = Bank(bank_dir)
    bank.refresh()
    edit(bank, path="~old/notes.md", find="Text.", replace="Texts.")
    assert (bank_dir / "~old/notes.md").read_text().endswith("Texts.\n")
