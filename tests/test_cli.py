"""`memorybank-lint` end to end: exit codes, selection, formats, paths, baselines, configuration."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from memorybank_lint.cli import main

from .conftest import captured

FIXTURE = Path(__file__).parent / "fixture_bank"


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    return captured(main, argv, capsys)


def test_clean_bank_exits_zero(bank_factory, monkeypatch, capsys) -> None:
    root = bank_factory()
    monkeypatch.chdir(root.parent)
    code, out, _ = run([], capsys)
    assert code == 0
    assert "No findings" in out


def test_findings_exit_one_and_text_format(capsys) -> None:
    code, out, _ = run(["--root", str(FIXTURE), "--format", "text"], capsys)
    assert code == 1
    assert "engineering/architecture.md:8:5: MB001 [broken-derived-from]" in out
    assert "Found 13 findings (9 errors, 4 warnings)" in out


@pytest.mark.parametrize("ending", ["\r", "\r\n"])
def test_a_bank_saved_with_other_line_endings_gives_the_same_findings(
    ending: str, tmp_path: Path, capsys
) -> None:
    """Old Mac files end lines with a lone carriage return: the linter read each as one line, so
    its header never closed (MB002 at 1:1) and the findings in it were lost or misplaced."""
    _, expected, _ = run(["--root", str(FIXTURE), "--format", "json"], capsys)
    root = shutil.copytree(FIXTURE, tmp_path / FIXTURE.name)
    for path in root.rglob("*.md"):
        path.write_bytes(path.read_bytes().replace(b"\n", ending.encode()))
    code, out, _ = run(["--root", str(root), "--format", "json"], capsys)
    assert code == 1 and json.loads(out) == json.loads(expected)
    assert len(json.loads(out)) == 13


def test_warnings_fail_only_when_strict(capsys) -> None:
    args = ["--root", str(FIXTURE), "--select", "unregistered-doc"]
    assert run(args, capsys)[0] == 0
    assert run([*args, "--strict"], capsys)[0] == 1


def test_exit_zero(capsys) -> None:
    assert run(["--root", str(FIXTURE), "--exit-zero"], capsys)[0] == 0


def test_no_bank_is_a_usage_error(tmp_path, monkeypatch, capsys) -> None:
    monkeypatch.chdir(tmp_path)
    code, _, err = run([], capsys)
    assert code == 2
    assert "no memory_bank/ or memory-bank/" in err


def test_run_from_inside_the_bank_finds_it(bank_factory, monkeypatch, capsys) -> None:
    root = bank_factory()
    monkeypatch.chdir(root / "domain")
    assert run([], capsys)[0] == 0


def test_unknown_rule_and_unknown_option_are_usage_errors(capsys) -> None:
    code, _, err = run(["--root", str(FIXTURE), "--select", "MB099"], capsys)
    assert code == 2 and "unknown rule 'MB099'" in err
    code, _, err = run(["--root", str(FIXTURE), "--select", "\udcff"], capsys)  # the byte 0xFF of argv
    assert code == 2 and "unknown rule '\\xff'" in err, err
    assert run(["--root", str(FIXTURE), "--no-such-flag"], capsys)[0] == 2


def test_select_by_code_and_name_and_ignore(capsys) -> None:
    _, out, _ = run(["--root", str(FIXTURE), "--format", "json", "--select", "MB001,ssot-conflict"], capsys)
    assert sorted({f["code"] for f in json.loads(out)}) == ["MB001", "MB004"]
    _, out, _ = run(
        ["--root", str(FIXTURE), "--format", "json", "--ignore", "MB001,MB007,unregistered-doc"], capsys
    )
    codes = {f["code"] for f in json.loads(out)}
    assert not codes & {"MB001", "MB007", "MB009"} and "MB004" in codes
    _, out, _ = run(
        ["--root", str(FIXTURE), "--format", "json", "--select", "MB001", "--extend-select", "MB012"], capsys
    )
    assert {f["code"] for f in json.loads(out)} == {"MB001"}


def test_json_shape(capsys) -> None:
    _, out, _ = run(["--root", str(FIXTURE), "--format", "json", "--select", "MB009"], capsys)
    assert json.loads(out) == [
        {
            "path": "orphan.md",
            "line": 1,
            "column": 1,
            "code": "MB009",
            "rule": "unregistered-doc",
            "severity": "warning",
            "message": "no index document links here, so navigation cannot reach it",
            "fixable": True,
            "fix": {"applicability": "unsafe", "message": "register it in README.md", "path": "README.md"},
        }
    ]


def test_statistics(capsys) -> None:
    _, out, _ = run(["--root", str(FIXTURE), "--statistics"], capsys)
    lines = out.strip().splitlines()
    assert lines[0].split() == ["2", "MB001", "broken-derived-from", "(1", "fixable)"]
    assert len(lines) == 12  # every rule but no-contract (and unused-suppression) fires on the fixture
    assert lines[-1].startswith("Found ") and lines[-1].endswith(" files.")


def test_list_rules_explain_version(capsys) -> None:
    _, out, _ = run(["--list-rules"], capsys)
    assert len(out.strip().splitlines()) == 13 and "MB006  must-not-define-violated" in out
    code, out, _ = run(["--explain", "must-not-define-violated"], capsys)
    assert code == 0 and out.startswith("MB006 must-not-define-violated (error)") and "Why it matters" in out
    assert run(["--explain", "nope"], capsys)[0] == 2
    assert "0.1.0" in run(["--version"], capsys)[1]


def test_paths_report_only_given_files(fixture_copy, monkeypatch, capsys) -> None:
    monkeypatch.chdir(fixture_copy.parent)
    code, out, _ = run(["--format", "json", "memory_bank/conflict.md", "memory_bank/domain/model.md"], capsys)
    assert code == 1
    assert [(f["code"], f["path"]) for f in json.loads(out)] == [("MB004", "conflict.md")]
    code, out, _ = run(["--format", "json", "memory_bank/domain/model.md"], capsys)
    assert (code, json.loads(out)) == (0, [])


def test_path_outside_the_bank_is_skipped_with_a_note(fixture_copy, monkeypatch, capsys) -> None:
    monkeypatch.chdir(fixture_copy.parent)
    (fixture_copy.parent / "notes.md").write_text("x", encoding="utf-8")
    code, out, err = run(["--format", "json", "notes.md"], capsys)
    assert (code, json.loads(out)) == (0, [])
    assert "not inside the bank" in err


def test_github_is_the_default_format_under_actions(fixture_copy, tmp_path, monkeypatch, capsys) -> None:
    summary = tmp_path / "summary.md"
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    monkeypatch.chdir(fixture_copy.parent)
    code, out, _ = run([], capsys)
    assert code == 1
    assert "::error file=memory_bank/engineering/architecture.md,line=8" in out
    drawn = summary.read_text(encoding="utf-8")  # 13 findings fit under the 10 + 10 annotation caps,
    assert "| Severity |" not in drawn  # so no table; the loop and the broken edges are drawn
    assert drawn.count("```mermaid") == 2 and "### Loop 1: 2 documents" in drawn


def test_baseline_hides_known_findings_even_when_lines_move(fixture_copy, tmp_path, capsys) -> None:
    baseline = tmp_path / "baseline.json"
    assert run(["--root", str(fixture_copy), "--write-baseline", str(baseline)], capsys)[0] == 0
    assert run(["--root", str(fixture_copy), "--baseline", str(baseline)], capsys)[0] == 0
    arch = fixture_copy / "engineering/architecture.md"
    moved = arch.read_text().replace("derived_from:", "owner: platform\nreviewed: 2026-11-01\nderived_from:")
    arch.write_text(moved, encoding="utf-8")
    code, out, err = run(
        ["--root", str(fixture_copy), "--baseline", str(baseline), "--format", "json"], capsys
    )
    assert (code, json.loads(out)) == (0, [])
    assert "13 known finding(s) hidden" in err
    orphan = fixture_copy / "second-orphan.md"
    orphan.write_text("---\ntitle: New\nderived_from:\n  - gone.md\n---\n", encoding="utf-8")
    code, out, _ = run(["--root", str(fixture_copy), "--baseline", str(baseline), "--format", "json"], capsys)
    assert code == 1
    assert sorted((f["code"], f["path"]) for f in json.loads(out)) == [
        ("MB001", "second-orphan.md"),
        ("MB009", "second-orphan.md"),
    ]


def test_bad_baseline_is_a_usage_error(tmp_path, capsys) -> None:
    bad = tmp_path / "b.json"
    bad.write_text("[1, 2]", encoding="utf-8")
    code, _, err = run(["--root", str(FIXTURE), "--baseline", str(bad)], capsys)
    assert code == 2 and "not a memorybank-lint baseline" in err
    assert run(["--root", str(FIXTURE), "--baseline", str(tmp_path / "missing.json")], capsys)[0] == 2


def test_pyproject_configuration(fixture_copy, monkeypatch, capsys) -> None:
    (fixture_copy.parent / "pyproject.toml").write_text(
        '[tool.memorybank]\nroot = "memory_bank"\nignore = ["MB011"]\n'
        '[tool.memorybank.per-file-ignores]\n"engineering/*" = ["broken-derived-from"]\n'
        '[tool.memorybank.severity]\nMB004 = "warning"\n',
        encoding="utf-8",
    )
    monkeypatch.chdir(fixture_copy.parent)
    _, out, _ = run(["--format", "json"], capsys)
    findings = json.loads(out)
    assert "MB011" not in {f["code"] for f in findings}
    assert ("MB001", "engineering/architecture.md") not in {(f["code"], f["path"]) for f in findings}
    assert ("MB001", "ROADMAP.md") in {(f["code"], f["path"]) for f in findings}
    assert [f["severity"] for f in findings if f["code"] == "MB004"] == ["warning"]


def test_a_per_file_ignores_glob_matching_no_file_is_named(fixture_copy, monkeypatch, capsys) -> None:
    """A typo'd glob, or one written from the repository's root, silences nothing: the run says so."""
    (fixture_copy.parent / ".memorybank.toml").write_text(
        '[per-file-ignores]\n"engineering/*" = ["MB001"]\n"memory_bank/engineering/*" = ["MB001"]\n'
        '"enginering/*" = ["MB004"]\n',
        encoding="utf-8",
    )
    monkeypatch.chdir(fixture_copy.parent)
    _, out, err = run(["--format", "json"], capsys)
    assert ("MB001", "engineering/architecture.md") not in {(f["code"], f["path"]) for f in json.loads(out)}
    named = [line for line in err.splitlines() if "per-file-ignores" in line]
    assert len(named) == 2, err
    assert "'memory_bank/engineering/*' matches no file of the bank" in named[0]
    assert "'enginering/*' matches no file of the bank" in named[1]
    assert "'engineering/*'" not in err


def test_an_idle_glob_is_quoted_cut_and_escaped(fixture_copy: Path, monkeypatch, capsys) -> None:
    """A cloned configuration's glob of hundreds of kilobytes was echoed whole on every run, and
    one holding an escape sequence drove the terminal: it is quoted as values are (`visible`),
    cut to 200 characters."""
    glob = "nowhere/\\u001b[31m" + "x" * 300_000 + "*"  # TOML's escape for ESC
    (fixture_copy.parent / ".memorybank.toml").write_text(
        f'[per-file-ignores]\n"{glob}" = ["MB001"]\n', encoding="utf-8"
    )
    monkeypatch.chdir(fixture_copy.parent)
    _, _, err = run(["--format", "json"], capsys)
    [note] = [line for line in err.splitlines() if "per-file-ignores" in line]
    assert len(note) < 400 and "nowhere/\\x1b[31mxxx" in note and "…' matches no file of the bank" in note
    assert "\x1b" not in err


def test_a_glob_that_silences_a_finding_on_a_path_that_is_no_file_is_not_called_idle(
    tmp_path, monkeypatch, capsys
) -> None:
    """A bank without `dna/` is told so at the path `dna/`, which no file holds; the glob that
    silences it does its work and is not named."""
    bank = tmp_path / "memory_bank"
    bank.mkdir()
    (bank / "note.md").write_text("# Note\n", encoding="utf-8")
    (tmp_path / ".memorybank.toml").write_text('[per-file-ignores]\n"dna/" = ["MB012"]\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    _, out, err = run(["--format", "json"], capsys)
    assert "MB012" not in {f["code"] for f in json.loads(out)}
    assert "per-file-ignores" not in err
    for rules in ('["MB012"]', '["ALL"]', '["MB012", "MB001"]'):
        (tmp_path / ".memorybank.toml").write_text(
            f'[per-file-ignores]\n"dna/" = {rules}\n', encoding="utf-8"
        )
        for narrowed in (["--select", "MB001"], ["--ignore", "MB012"]):  # MB012 not run: not judged
            _, _, err = run(["--format", "json", *narrowed], capsys)
            assert "per-file-ignores" not in err, (rules, narrowed)
    (tmp_path / ".memorybank.toml").write_text('[per-file-ignores]\n"typo/*" = ["MB009"]\n', encoding="utf-8")
    for narrowed in ([], ["--select", "ALL"], ["--select", "MB009"], ["--ignore", "MB002"]):  # MB009 ran
        _, _, err = run(["--format", "json", *narrowed], capsys)
        assert "'typo/*' matches no file" in err, narrowed


def test_whether_a_glob_is_idle_does_not_depend_on_the_suppression_rule_running(
    tmp_path, monkeypatch, capsys
) -> None:
    """With MB013 on, the rules the configuration ignores run as its witnesses, and a witness's
    finding hidden by the glob counted as the glob's work: the same bank and configuration named
    the idle glob under `--ignore MB013` and passed it over without."""
    bank = tmp_path / "memory_bank"
    bank.mkdir()
    (bank / "note.md").write_text("# Note\n", encoding="utf-8")
    (tmp_path / ".memorybank.toml").write_text(
        'ignore = ["MB012"]\n[per-file-ignores]\n"dna/" = ["MB012", "MB001"]\n', encoding="utf-8"
    )
    monkeypatch.chdir(tmp_path)
    for narrowed in ([], ["--ignore", "MB013"], ["--select", "MB001,MB013"]):
        _, _, err = run(["--format", "json", *narrowed], capsys)
        assert "per-file-ignores 'dna/' matches no file" in err, narrowed


def test_a_glob_for_all_rules_or_for_a_rule_the_project_ignores_is_still_judged(
    tmp_path, monkeypatch, capsys
) -> None:
    """A glob is judged when any rule it names runs: `ALL`, or one rule beside an ignored one,
    went unjudged, and the typo passed in silence."""
    bank = tmp_path / "memory_bank"
    bank.mkdir()
    (bank / "note.md").write_text("# Note\n", encoding="utf-8")
    (tmp_path / ".memorybank.toml").write_text(
        'ignore = ["MB010"]\n[per-file-ignores]\n"_archve/*" = ["ALL"]\n'
        '"memory_bank/note.md" = ["MB001", "MB010"]\n',
        encoding="utf-8",
    )
    monkeypatch.chdir(tmp_path)
    _, _, err = run(["--format", "json"], capsys)
    assert "'_archve/*' matches no file" in err and "'memory_bank/note.md' matches no file" in err


def test_a_double_star_folder_in_a_glob_matches_no_folder_too(tmp_path, monkeypatch, capsys) -> None:
    """`**/` stands for no folder or any, as in ruff's per-file-ignores and .gitignore:
    `**/draft.md` missed the bank's top-level `draft.md` and `_archive/**/*.md` the files directly
    in `_archive/`, while a deeper match kept the glob from being called idle."""
    bank = tmp_path / "memory_bank"
    for path in ("draft.md", "x/draft.md", "_archive/old.md", "_archive/2024/older.md", "kept.md"):
        (bank / path).parent.mkdir(parents=True, exist_ok=True)
        (bank / path).write_text("# Note\n", encoding="utf-8")
    (tmp_path / ".memorybank.toml").write_text(
        '[per-file-ignores]\n"**/draft.md" = ["MB009"]\n"_archive/**/*.md" = ["MB009"]\n'
        '"**/x/**/**/draft.md" = ["MB009"]\n',
        encoding="utf-8",
    )
    monkeypatch.chdir(tmp_path)
    _, out, err = run(["--format", "json", "--select", "MB009"], capsys)
    assert [f["path"] for f in json.loads(out)] == ["kept.md"]
    assert "per-file-ignores" not in err


def test_a_glob_of_too_many_double_star_folders_is_refused(tmp_path, monkeypatch, capsys) -> None:
    """Each `**` folder doubles the patterns a path is tried against: a configuration a cloned
    repository brings must not make every run try millions."""
    (tmp_path / "memory_bank").mkdir()
    (tmp_path / "memory_bank" / "note.md").write_text("# Note\n", encoding="utf-8")
    glob = "/".join(f"**/{n}" for n in range(4)) + "/*.md"
    config = f'[per-file-ignores]\n"{glob}" = ["MB009"]\n'
    (tmp_path / ".memorybank.toml").write_text(config, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, out, err = run([], capsys)
    assert (code, out) == (2, "")
    assert f"per-file-ignores '{glob}' has more than 3 '**' folders" in err and len(err.splitlines()) == 1
    fine = "/".join(f"**/{n}" for n in range(3)) + "/*.md"
    config = f'[per-file-ignores]\n"{fine}" = ["MB009"]\n'
    (tmp_path / ".memorybank.toml").write_text(config, encoding="utf-8")
    assert run(["--select", "MB009"], capsys)[0] == 0


def test_a_configuration_of_too_many_per_file_ignores_is_refused(tmp_path, monkeypatch, capsys) -> None:
    """Every finding and every file is tried against every glob: a configuration a cloned
    repository brings, 4 MiB of globs, kept a run busy for minutes."""
    (tmp_path / "memory_bank").mkdir()
    (tmp_path / "memory_bank" / "note.md").write_text("# Note\n", encoding="utf-8")
    globs = "".join(f'"x{n}/*" = ["MB009"]\n' for n in range(1001))
    (tmp_path / ".memorybank.toml").write_text(f"[per-file-ignores]\n{globs}", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, out, err = run([], capsys)
    assert (code, out) == (2, "")
    assert "per-file-ignores holds 1001 globs, more than 1000" in err and len(err.splitlines()) == 1


@pytest.mark.parametrize("glob", ["/srv/repo/memory_bank/x.md", "../memory_bank/*", "./adr/*", "adr/../x.md"])
def test_a_glob_no_bank_path_can_match_is_refused(glob: str, tmp_path, monkeypatch, capsys) -> None:
    """Bank paths are relative, with no `.` or `..` folder: an absolute glob, or one that climbs
    or starts with `./`, can never silence anything, and was only warned about (and not even that
    in a run the rule it names did not run in)."""
    (tmp_path / "memory_bank").mkdir()
    (tmp_path / "memory_bank" / "x.md").write_text("# Note\n", encoding="utf-8")
    config = f'[per-file-ignores]\n"{glob}" = ["MB009"]\n'
    (tmp_path / ".memorybank.toml").write_text(config, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, out, err = run(["--select", "MB001"], capsys)
    assert (code, out) == (2, "")
    assert f"per-file-ignores {glob!r} can match no file: globs match paths inside the bank" in err
    assert len(err.splitlines()) == 1


@pytest.mark.parametrize(("on_disk", "in_glob"), [("NFD", "NFC"), ("NFC", "NFD")])
def test_a_glob_matches_a_path_in_either_unicode_normalisation(
    on_disk: str, in_glob: str, tmp_path, monkeypatch, capsys
) -> None:
    """macOS may keep `café/` decomposed on disk while the configuration was typed composed (or
    the other way round): the glob matched nothing, as a scope typed so once did."""
    import unicodedata

    folder = tmp_path / "memory_bank" / unicodedata.normalize(on_disk, "café")
    folder.mkdir(parents=True)
    (folder / "x.md").write_text("# Note\n", encoding="utf-8")
    glob = unicodedata.normalize(in_glob, "café/*")
    (tmp_path / ".memorybank.toml").write_text(
        f'[per-file-ignores]\n"{glob}" = ["MB009"]\n', encoding="utf-8"
    )
    monkeypatch.chdir(tmp_path)
    _, out, err = run(["--format", "json", "--select", "MB009"], capsys)
    assert (json.loads(out), err) == ([], "")


def test_dedicated_config_file_and_its_errors(fixture_copy, monkeypatch, capsys) -> None:
    config = fixture_copy.parent / ".memorybank.toml"
    monkeypatch.chdir(fixture_copy.parent)
    config.write_text('select = ["MB004"]\n', encoding="utf-8")
    _, out, _ = run(["--format", "json"], capsys)
    assert {f["code"] for f in json.loads(out)} == {"MB004"}
    config.write_text('selct = ["MB004"]\n', encoding="utf-8")
    code, _, err = run([], capsys)
    assert code == 2 and "unknown key(s) selct" in err
    config.write_text('[severity]\nMB004 = "fatal"\n', encoding="utf-8")
    assert run([], capsys)[0] == 2
    config.write_text("select = [", encoding="utf-8")
    code, _, err = run([], capsys)
    assert code == 2 and "cannot read configuration" in err


@pytest.mark.parametrize(
    ("name", "text"),
    [
        (".memorybank.toml", 'select = ["MB004"]\n'),
        ("pyproject.toml", '[tool.memorybank]\nselect = ["MB004"]\n'),
    ],
)
def test_a_configuration_file_that_starts_with_a_bom_is_read_as_without_it(
    fixture_copy, monkeypatch, capsys, name: str, text: str
) -> None:
    """An editor on Windows may save one with a UTF-8 BOM; documents are read as if it were absent,
    and so is the configuration, where it stopped every run at line 1, column 1."""
    (fixture_copy.parent / name).write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    monkeypatch.chdir(fixture_copy.parent)
    code, out, err = run(["--format", "json"], capsys)
    assert code == 1, err
    assert {f["code"] for f in json.loads(out)} == {"MB004"}
    code, out, _ = run(["--root", str(fixture_copy), "--config", name, "--format", "json"], capsys)
    assert {f["code"] for f in json.loads(out)} == {"MB004"}


def test_no_color_and_non_tty_output_is_plain(capsys, monkeypatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    _, out, _ = run(["--root", str(FIXTURE)], capsys)
    assert "\x1b[" not in out


def test_console_script_as_a_subprocess() -> None:
    script = Path(sys.executable).with_name("memorybank-lint")
    done = subprocess.run(
        [str(script), "--root", str(FIXTURE), "--format", "sarif"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1
    assert json.loads(done.stdout)["version"] == "2.1.0"
    done = subprocess.run(
        [str(script), "--root", str(FIXTURE / "missing")], capture_output=True, text=True, check=False
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr


def test_nested_bank_is_found_from_the_given_files(tmp_path, monkeypatch, capsys) -> None:
    nested = tmp_path / "docs" / "memory-bank"
    shutil.copytree(FIXTURE, nested)
    monkeypatch.chdir(tmp_path)
    code, out, _ = run(["--format", "json", "docs/memory-bank/conflict.md"], capsys)
    assert code == 1
    assert [(f["code"], f["path"]) for f in json.loads(out)] == [("MB004", "conflict.md")]


def test_a_nested_bank_named_as_a_folder_is_found(tmp_path, monkeypatch, capsys) -> None:
    """`memorybank-lint docs/memory-bank/domain` found the bank and `docs/memory-bank` did not:
    only the folders above a path were looked at, never the named folder itself."""
    shutil.copytree(FIXTURE, tmp_path / "docs" / "memory-bank")
    monkeypatch.chdir(tmp_path)
    code, out, err = run(["--format", "json", "docs/memory-bank"], capsys)
    assert code == 1, err
    assert ("MB004", "conflict.md") in [(f["code"], f["path"]) for f in json.loads(out)]


# where the repository's top is, where the bank is, and the folder named like a bank around or in it
BANK_SHAPES = {
    "a folder of the bank named like one": (
        "repo",
        "repo/memory-bank",
        "repo/memory-bank/features/memory_bank",
    ),
    "a repository that is the bank, named like one": (
        "memory-bank",
        "memory-bank",
        "memory-bank/features/memory_bank",
    ),
    "a package named like a bank, holding one": (
        "mono",
        "mono/packages/memory-bank/memory_bank",
        "mono/packages/memory-bank/memory_bank/features/memory_bank",
    ),
}


# a package named like a bank that holds one with no dna/ is told from it by nothing but names
SHAPES_SEEDED_OR_NOT = [
    pytest.param(*shape, seeded, id=f"{name}-{'seeded' if seeded else 'no dna'}")
    for name, shape in BANK_SHAPES.items()
    for seeded in (True, False)
    if seeded or "package" not in name
]


@pytest.mark.parametrize(("top", "bank", "inner", "seeded"), SHAPES_SEEDED_OR_NOT)
def test_a_folder_named_like_a_bank_inside_the_bank_is_one_of_its_folders(
    tmp_path, monkeypatch, capsys, top: str, bank: str, inner: str, seeded: bool
) -> None:
    """A bank's own folder named `memory-bank` (a feature about the bank) was taken for a bank
    of its own: its documents were judged by no contract, and beside another of the bank's files
    the run was refused as spanning two banks. The bank is the outermost such folder that is
    seeded (holds `dna/`): a package or a repository named like a bank is not one by its name."""
    shutil.copytree(FIXTURE, tmp_path / bank)
    if not seeded:  # a bank with no contract yet is a bank all the same
        shutil.rmtree(tmp_path / bank / "dna")
    (tmp_path / top / ".git").mkdir()
    (tmp_path / inner).mkdir(parents=True)
    (tmp_path / inner / "x.md").write_text("---\ntitle: X\nstatus: active\n---\n# X\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    relative = str(Path(inner).relative_to(bank) / "x.md")
    for paths in ([f"{inner}/x.md"], [f"{inner}/x.md", f"{bank}/orphan.md"]):
        code, out, err = run(["--format", "json", *paths], capsys)
        assert code != 2, err  # not "the files belong to several banks"
        found = [(f["code"], f["path"]) for f in json.loads(out)]
        assert ("MB009", relative) in found, found  # judged among the bank's documents, not alone
        if seeded:
            assert ("MB005", relative) in found and "MB012" not in {c for c, _ in found}, found
    monkeypatch.chdir(tmp_path / Path(inner).parent)  # a run from inside, with no path: the same bank
    code, out, err = run(["--format", "json"], capsys)
    assert ("MB009", relative) in [(f["code"], f["path"]) for f in json.loads(out)], (code, err)


def test_a_run_from_a_subfolder_of_a_clone_named_like_a_bank_finds_the_bank_it_holds(
    tmp_path, monkeypatch, capsys
) -> None:
    """`git clone …/memory-bank` holds its bank in `memory-bank/memory-bank`: from `src/`, the
    clone itself was taken for the bank (every file of the repository linted)."""
    clone = tmp_path / "memory-bank"
    shutil.copytree(FIXTURE, clone / "memory-bank")
    (clone / ".git").mkdir()
    (clone / "src").mkdir()
    (clone / "src" / "notes.md").write_text("# Notes\n", encoding="utf-8")
    monkeypatch.chdir(clone / "src")
    _, out, _ = run(["--format", "json"], capsys)
    paths = {f["path"] for f in json.loads(out)}
    assert "conflict.md" in paths and not any(p.startswith(("memory-bank/", "src/")) for p in paths), paths


def test_a_folder_holding_the_bank_names_the_whole_bank(tmp_path, monkeypatch, capsys) -> None:
    """`memorybank-lint .` from the repository's root said "No findings." and exited 0 over a
    broken bank: the folder holding the bank was skipped as "not inside the bank"."""
    shutil.copytree(FIXTURE, tmp_path / "memory-bank")
    monkeypatch.chdir(tmp_path)
    whole = run(["--format", "json"], capsys)
    assert whole[0] == 1
    assert run(["--format", "json", "."], capsys) == whole
    assert run(["--format", "json", str(tmp_path)], capsys) == whole


def test_files_from_two_banks_are_a_usage_error(tmp_path, monkeypatch, capsys) -> None:
    for name in ("a/memory-bank", "b/memory_bank"):
        shutil.copytree(FIXTURE, tmp_path / name)
    monkeypatch.chdir(tmp_path)
    code, _, err = run(["a/memory-bank/orphan.md", "b/memory_bank/orphan.md"], capsys)
    assert code == 2 and "several banks" in err


@pytest.mark.parametrize("fmt", ["json", "sarif", "text", "github"])
def test_a_header_escape_for_half_a_character_is_a_finding_in_every_format(
    fixture_copy, tmp_path, capsys, fmt: str
) -> None:
    """`title: "… \\uDC80"` ended the json and sarif formats and --write-baseline in a traceback."""
    (fixture_copy / "domain/sur.md").write_text(
        '---\ntitle: "Retention \\uDC80"\nstatus: active\nderived_from:\n  - "\\uD800.md"\n'
        "---\n# Retention\n",
        encoding="utf-8",
    )
    code, out, err = run(["--root", str(fixture_copy), "--format", fmt, "--no-cache"], capsys)
    assert code == 1 and "Traceback" not in err
    assert "domain/sur.md" in out and "MB002" in out
    written = tmp_path / "b.json"
    assert run(["--root", str(fixture_copy), "--write-baseline", str(written), "--no-cache"], capsys)[0] == 0


def test_a_yaml_11_line_break_in_a_value_does_not_move_the_frontmatter_finding_in_json_or_sarif(
    fixture_copy, capsys
) -> None:
    """PyYAML ends a line at LS and NEL, the bank does not: every format gives the bank's line."""
    (fixture_copy / "domain/breaks.md").write_text(
        '---\ntitle: "Retry\u2028layer\x85notes"\nstatus: active\npurpose: Retry layer: backoff\n---\n# R\n',
        encoding="utf-8",
    )
    argv = ["--root", str(fixture_copy), "--select", "MB002", "--no-cache"]
    [found] = [
        f for f in json.loads(run([*argv, "--format", "json"], capsys)[1]) if f["path"] == "domain/breaks.md"
    ]
    assert (found["line"], found["column"]) == (4, 21)
    assert "at line 4, column 21" in found["message"]
    assert "Quote any value that contains ': '" in found["message"]
    results = json.loads(run([*argv, "--format", "sarif"], capsys)[1])["runs"][0]["results"]
    [result] = [r for r in results if r["message"]["text"] == found["message"]]
    location = result["locations"][0]["physicalLocation"]
    assert location["artifactLocation"]["uri"].endswith("domain/breaks.md")
    assert (location["region"]["startLine"], location["region"]["startColumn"]) == (4, 21)


def test_select_on_the_command_line_drops_the_configured_extend_select(
    fixture_copy, monkeypatch, capsys
) -> None:
    """`--select` means only these rules: a later select resets the earlier extends, as in ruff,
    while `--extend-select` on the command line still adds to it."""
    config = fixture_copy.parent / ".memorybank.toml"
    monkeypatch.chdir(fixture_copy.parent)
    codes = lambda argv: {f["code"] for f in json.loads(run(["--format", "json", *argv], capsys)[1])}  # noqa: E731
    config.write_text('select = ["MB008"]\nextend-select = ["MB009"]\n', encoding="utf-8")
    assert codes([]) == {"MB008", "MB009"}
    config.write_text('extend-select = ["MB009"]\n', encoding="utf-8")
    assert codes(["--select", "MB008"]) == {"MB008"}
    assert codes(["--select", "MB008", "--extend-select", "MB001"]) == {"MB008", "MB001"}
    assert "MB009" in codes(["--extend-select", "MB008"])


def test_a_rule_named_on_the_command_line_runs_though_the_configuration_ignores_it(
    fixture_copy, monkeypatch, capsys
) -> None:
    """The command line is the latest word: `--select` / `--extend-select` bring back a rule the
    configuration ignores (as `mcp-memorybank --rule` tells a user), while `--ignore` still wins."""
    (fixture_copy.parent / ".memorybank.toml").write_text('ignore = ["MB011", "MB001"]\n', encoding="utf-8")
    monkeypatch.chdir(fixture_copy.parent)
    codes = lambda argv: {f["code"] for f in json.loads(run(["--format", "json", *argv], capsys)[1])}  # noqa: E731
    assert "MB001" not in codes([]) and "MB011" not in codes([])
    assert codes(["--select", "MB001"]) == {"MB001"}
    assert codes(["--select", "MB001,MB004"]) == {"MB001", "MB004"}
    with_extend = codes(["--extend-select", "MB001"])
    assert "MB001" in with_extend and "MB011" not in with_extend
    code, _, err = run(["--select", "MB001", "--ignore", "MB001"], capsys)
    assert code == 2 and "--select and --ignore" in err


def test_run_from_a_subfolder_of_the_repository_finds_its_bank(
    bank_factory, tmp_path, monkeypatch, capsys
) -> None:
    """Both commands said "here or above", and from `src/a` of the repository found no bank: the
    server then offered only `bank_init`, which would seed a second bank there."""
    from memorybank_lint.bank import find_root
    from memorybank_server.cli import main as server_main

    repo = tmp_path / "repo"
    root = bank_factory(name="repo/memory_bank")
    (repo / ".git").mkdir()
    (repo / "src" / "a").mkdir(parents=True)
    monkeypatch.chdir(repo / "src" / "a")
    assert find_root(Path.cwd()) == root
    assert run([], capsys)[0] == 0
    assert captured(server_main, ["--stats"], capsys)[0] == 0
    (tmp_path / "loose" / "memory_bank").mkdir(parents=True)
    (tmp_path / "loose" / "src").mkdir()
    monkeypatch.chdir(tmp_path / "loose" / "src")  # no repository: nothing above is searched
    assert run([], capsys)[0] == 2


def test_a_folder_named_like_a_bank_above_the_repository_is_not_its_bank(
    bank_factory, tmp_path, monkeypatch
) -> None:
    """Run from `repo/src/a`, the search for a folder named `memory-bank` climbed past the
    repository and took `/…/memory-bank` above it, the repository's own bank one of its folders."""
    from memorybank_lint.bank import find_root

    repo = tmp_path / "memory-bank" / "work" / "repo"
    root = bank_factory(name="memory-bank/work/repo/memory_bank")
    (repo / ".git").mkdir()
    (repo / "src" / "a").mkdir(parents=True)
    monkeypatch.chdir(repo / "src" / "a")
    assert find_root(Path.cwd()) == root
