"""Baselines that stay honest: stale entries are counted and named, and an empty baseline is a baseline."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from memorybank_lint.cli import main

from .conftest import CLEAN_BANK, FIXTURE, captured, write_bank


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    return captured(main, argv, capsys)


@pytest.fixture
def bank(tmp_path: Path) -> Path:
    root = tmp_path / "memory_bank"
    shutil.copytree(FIXTURE, root)
    return root


def test_entries_that_match_nothing_are_counted_and_the_way_to_prune_them_named(
    bank: Path, tmp_path: Path, capsys
) -> None:
    baseline = tmp_path / "baseline.json"
    run(["--root", str(bank), "--write-baseline", str(baseline)], capsys)
    run(["--root", str(bank), "--fix", "--unsafe-fixes"], capsys)
    code, out, err = run(["--root", str(bank), "--baseline", str(baseline), "--format", "json"], capsys)
    assert (code, json.loads(out)) == (0, [])
    assert "10 known finding(s) hidden by the baseline" in err
    assert (
        f"3 baseline entries no longer match any finding (fixed or gone); --write-baseline {baseline}" in err
    )
    run(["--root", str(bank), "--write-baseline", str(baseline)], capsys)
    assert len(json.loads(baseline.read_text(encoding="utf-8"))["findings"]) == 10
    _, _, err = run(["--root", str(bank), "--baseline", str(baseline)], capsys)
    assert "no longer match" not in err


def test_entries_of_rules_or_files_not_checked_are_not_called_stale(
    bank: Path, tmp_path: Path, capsys
) -> None:
    baseline = tmp_path / "baseline.json"
    run(["--root", str(bank), "--write-baseline", str(baseline)], capsys)
    _, _, err = run(["--root", str(bank), "--baseline", str(baseline), "--select", "MB001"], capsys)
    assert "no longer match" not in err
    _, _, err = run(["--root", str(bank), "--baseline", str(baseline), str(bank / "orphan.md")], capsys)
    assert "no longer match" not in err and "1 known finding(s) hidden" in err


def test_a_bank_with_nothing_to_record_gets_an_empty_baseline(tmp_path: Path, capsys) -> None:
    root = write_bank(tmp_path / "memory-bank", CLEAN_BANK)
    baseline = tmp_path / "baseline.json"
    code, _, err = run(["--root", str(root), "--write-baseline", str(baseline)], capsys)
    assert code == 0 and "wrote 0 finding(s)" in err
    assert json.loads(baseline.read_text(encoding="utf-8")) == {"version": 1, "findings": []}
    assert run(["--root", str(root), "--baseline", str(baseline)], capsys)[0] == 0


def test_a_relative_baseline_path_through_a_linked_folder_is_not_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    """A repository can hold `baselines -> ../outside`: the baseline would land outside it."""
    import os

    repository, outside = tmp_path / "repository", tmp_path / "outside"
    outside.mkdir()
    write_bank(repository / "memory-bank", CLEAN_BANK)
    os.symlink(outside, repository / "baselines")
    monkeypatch.chdir(repository)
    code, out, err = run(["--write-baseline", "baselines/known.json"], capsys)
    assert (code, out) == (2, "") and "goes through a symbolic link (baselines)" in err
    assert list(outside.iterdir()) == []
    (repository / "kept").mkdir()
    code, _, _ = run(["--write-baseline", "kept/known.json"], capsys)
    assert code == 0 and (repository / "kept" / "known.json").is_file()


@pytest.mark.parametrize("under", ["notes.txt", "notes.txt/deeper"])
def test_a_baseline_path_under_a_file_names_the_file(bank: Path, tmp_path: Path, under: str, capsys) -> None:
    """`--write-baseline notes.txt/known.json` with `notes.txt` a file is a mistaken path: one line
    naming the file that stands where a folder must be, exit 2, no operating-system error code."""
    (tmp_path / "notes.txt").write_text("a file\n", encoding="utf-8")
    target = tmp_path / under / "known.json"
    for option in ("--write-baseline", "--baseline"):
        code, out, err = run(["--root", str(bank), option, str(target)], capsys)
        assert (code, out) == (2, ""), option
        assert "notes.txt" in err and "is a file, not a folder" in err and "Errno" not in err, option
        assert len(err.strip().splitlines()) == 1
    assert (tmp_path / "notes.txt").read_text(encoding="utf-8") == "a file\n"


def test_a_baselined_loop_stays_known_when_a_document_outside_it_derives_from_a_member(
    tmp_path: Path, capsys
) -> None:
    def derived(target: str) -> str:
        return f"---\nderived_from:\n  - {target}\n---\n# Page\n"

    loop = {"adr/a.md": derived("b.md"), "adr/b.md": derived("c.md"), "adr/c.md": derived("a.md")}
    root = write_bank(tmp_path / "memory-bank", CLEAN_BANK | loop)
    baseline = tmp_path / "baseline.json"
    run(["--root", str(root), "--select", "MB003", "--write-baseline", str(baseline)], capsys)
    assert len(json.loads(baseline.read_text(encoding="utf-8"))["findings"]) == 1
    write_bank(root, {"adr/0-intro.md": derived("b.md")})
    code, out, err = run(
        ["--root", str(root), "--select", "MB003", "--baseline", str(baseline), "--format", "json"], capsys
    )
    assert (code, json.loads(out)) == (0, [])
    assert "1 known finding(s) hidden" in err and "no longer match" not in err


NOQA_NOTE = {  # a broken edge, and a suppression on another line that silences nothing
    "notes.md": "---\ntitle: Notes  # noqa: MB001\nderived_from:\n  - missing.md\n---\n# Notes\n"
}


def _codes(baseline: Path) -> list[str]:
    return sorted(entry["code"] for entry in json.loads(baseline.read_text(encoding="utf-8"))["findings"])


def test_entries_of_the_rule_ignore_noqa_keeps_from_running_are_not_called_gone(
    tmp_path: Path, capsys
) -> None:
    """Under `--ignore-noqa` MB013 does not run: its entries were counted as fixed or gone."""
    root = write_bank(tmp_path / "memory-bank", CLEAN_BANK | NOQA_NOTE)
    baseline = tmp_path / "baseline.json"
    run(["--root", str(root), "--write-baseline", str(baseline)], capsys)
    assert "MB013" in _codes(baseline)
    code, out, err = run(
        ["--root", str(root), "--baseline", str(baseline), "--ignore-noqa", "--format", "json"], capsys
    )
    assert (code, json.loads(out)) == (0, [])
    assert "no longer match" not in err


def test_a_rewrite_keeps_the_entries_of_rules_and_files_the_run_did_not_check(tmp_path: Path, capsys) -> None:
    root = write_bank(tmp_path / "memory-bank", CLEAN_BANK | NOQA_NOTE | {"orphan.md": "# Orphan\n"})
    baseline = tmp_path / "baseline.json"
    run(["--root", str(root), "--write-baseline", str(baseline)], capsys)
    everything = _codes(baseline)
    assert {"MB001", "MB009", "MB013"} <= set(everything)
    ignoring = tmp_path / "ignoring.toml"
    ignoring.write_text('[per-file-ignores]\n"orphan.md" = ["MB009"]\n', encoding="utf-8")
    partial = {
        "--ignore-noqa": ["--ignore-noqa"],
        "--select": ["--select", "MB001"],
        "a path": [str(root / "notes.md")],
        "a per-file ignore": ["--config", str(ignoring)],
    }
    for how, argv in partial.items():
        code, _, err = run(["--root", str(root), "--write-baseline", str(baseline), *argv], capsys)
        assert code == 0 and "this run did not check" in err, how
        assert _codes(baseline) == everything, how
    code, out, err = run(["--root", str(root), "--baseline", str(baseline), "--format", "json"], capsys)
    assert (code, json.loads(out)) == (0, [])
    assert "no longer match" not in err


def test_a_partial_rewrite_over_a_file_it_cannot_read_leaves_it(tmp_path: Path, capsys) -> None:
    """A run that replaces only some entries must read the others first; a whole run replaces all."""
    root = write_bank(tmp_path / "memory-bank", CLEAN_BANK | NOQA_NOTE)
    baseline = tmp_path / "baseline.json"
    baseline.write_text("not json", encoding="utf-8")
    code, out, err = run(
        ["--root", str(root), "--write-baseline", str(baseline), "--select", "MB001"], capsys
    )
    assert (code, out) == (2, "") and "is not readable JSON" in err and len(err.splitlines()) == 1
    assert baseline.read_text(encoding="utf-8") == "not json"
    assert run(["--root", str(root), "--write-baseline", str(baseline)], capsys)[0] == 0
    assert "MB013" in _codes(baseline)


@pytest.mark.parametrize("version", ["true", "1.0"])
def test_a_version_that_only_compares_equal_to_1_is_refused(tmp_path: Path, version: str, capsys) -> None:
    """JSON `true` and `1.0` equal 1 in Python; a file that writes them was not written by this tool."""
    root = write_bank(tmp_path / "memory-bank", CLEAN_BANK)
    baseline = tmp_path / "baseline.json"
    baseline.write_text(f'{{"version": {version}, "findings": []}}', encoding="utf-8")
    code, out, err = run(["--root", str(root), "--baseline", str(baseline)], capsys)
    assert (code, out) == (2, "") and len(err.splitlines()) == 1
    assert "is not a memorybank-lint baseline (version 1)" in err


ODD_BASELINES = {
    "UTF-16, which JSON of bytes would guess and read": (
        '{"version": 1, "findings": []}'.encode("utf-16"),
        "is not UTF-8 text (byte 0); write it as UTF-8",
    ),
    "Latin-1": (b'{"version": 1, "findings": [], "note": "caf\xe9"}', "is not UTF-8 text (byte 43)"),
    "a message that is not text, which a rewrite would copy": (
        b'{"version": 1, "findings": [{"code": "MB001", "path": "a.md", "fingerprint": "f", "message": 5}]}',
        "has a malformed entry",
    ),
}


@pytest.mark.parametrize(("data", "words"), ODD_BASELINES.values(), ids=ODD_BASELINES.keys())
def test_a_baseline_not_written_as_this_tool_writes_it_is_refused_by_what_is_wrong(
    tmp_path: Path, data: bytes, words: str, capsys
) -> None:
    root = write_bank(tmp_path / "memory-bank", CLEAN_BANK)
    baseline = tmp_path / "baseline.json"
    baseline.write_bytes(data)
    code, out, err = run(["--root", str(root), "--baseline", str(baseline)], capsys)
    assert (code, out) == (2, "") and len(err.splitlines()) == 1 and words in err, err


def test_a_baseline_with_a_byte_order_mark_is_read(tmp_path: Path, capsys) -> None:
    """A UTF-8 file an editor saved with a byte order mark is still UTF-8."""
    root = write_bank(tmp_path / "memory-bank", CLEAN_BANK)
    baseline = tmp_path / "baseline.json"
    baseline.write_bytes(b'\xef\xbb\xbf{"version": 1, "findings": []}')
    assert run(["--root", str(root), "--baseline", str(baseline)], capsys)[0] == 0


def _snapshot(root: Path) -> dict[str, bytes]:
    return {path.relative_to(root).as_posix(): path.read_bytes() for path in root.rglob("*.md")}


def _malformed(baseline: Path) -> list[str]:
    baseline.write_text('{"version": 1, "findings": [{"code": "MB008"}]}', encoding="utf-8")
    return ["--select", "MB002"]  # a partial rewrite: it must read the entries it keeps


def _linked(baseline: Path) -> list[str]:
    baseline.with_name("elsewhere.json").write_text('{"version": 1, "findings": []}', encoding="utf-8")
    baseline.symlink_to(baseline.with_name("elsewhere.json"))
    return []


def _folder_missing(baseline: Path) -> list[str]:
    baseline.parent.rmdir()
    return []


UNWRITABLE_TARGETS = {
    "an old baseline a partial rewrite cannot read": (_malformed, "has a malformed entry"),
    "a link in its place": (_linked, "is a symbolic link"),
    "a folder that does not exist": (_folder_missing, "No such file or directory"),
}


@pytest.mark.parametrize("plant, words", UNWRITABLE_TARGETS.values(), ids=UNWRITABLE_TARGETS.keys())
def test_fix_leaves_the_bank_untouched_when_the_baseline_cannot_be_written(
    bank: Path, tmp_path: Path, plant, words: str, capsys
) -> None:
    """`--fix --write-baseline` wrote its fixes, then stopped at the baseline: the bank was
    changed and no baseline recorded what was left."""
    baseline = tmp_path / "baselines" / "known.json"
    baseline.parent.mkdir()
    argv = plant(baseline)
    before = _snapshot(bank)
    assert run(["--root", str(bank), "--diff", *argv], capsys)[0] == 1  # there is a fix to write
    code, out, err = run(["--root", str(bank), "--fix", "--write-baseline", str(baseline), *argv], capsys)
    assert (code, out) == (2, "") and len(err.splitlines()) == 1 and words in err
    assert _snapshot(bank) == before


def test_fix_with_write_baseline_says_what_it_fixed(bank: Path, tmp_path: Path, capsys) -> None:
    """`--fix --write-baseline` rewrote documents and said only how many findings it recorded, so
    a person could not tell the bank had been changed, nor by how much."""
    baseline = tmp_path / "known.json"
    assert run(["--root", str(bank), "--diff"], capsys)[0] == 1  # there is a safe fix to write
    code, out, err = run(["--root", str(bank), "--fix", "--write-baseline", str(baseline)], capsys)
    recorded = len(json.loads(baseline.read_text(encoding="utf-8"))["findings"])
    assert (code, out) == (0, "") and run(["--root", str(bank), "--diff"], capsys)[0] == 0
    summary = next(line for line in err.splitlines() if " fixed, " in line)
    assert summary.startswith("memorybank-lint: ") and f" fixed, {recorded} remaining" in summary
    assert int(summary.split()[1]) > 0


def _paths(baseline: Path) -> list[str]:
    return sorted(entry["path"] for entry in json.loads(baseline.read_text(encoding="utf-8"))["findings"])


def test_a_deleted_document_under_a_folder_given_as_a_path_is_gone_from_the_baseline(
    bank: Path, tmp_path: Path, capsys
) -> None:
    """A run over the bank, or one of its folders, checked a document deleted there: its entry
    is stale and a rewrite drops it, as a run with no path does."""
    baseline = tmp_path / "baseline.json"
    run(["--root", str(bank), "--write-baseline", str(baseline)], capsys)
    assert {"orphan.md", "broken/bad-yaml.md"} <= set(_paths(baseline))
    (bank / "orphan.md").unlink()
    (bank / "broken" / "bad-yaml.md").unlink()
    _, _, err = run(["--root", str(bank), "--baseline", str(baseline), str(bank)], capsys)
    assert "2 baseline entries no longer match any finding" in err
    _, _, err = run(["--root", str(bank), "--baseline", str(baseline), str(bank / "broken")], capsys)
    assert "1 baseline entry no longer matches any finding" in err
    code, _, err = run(["--root", str(bank), "--write-baseline", str(baseline), str(bank / "broken")], capsys)
    assert code == 0 and "broken/bad-yaml.md" not in _paths(baseline) and "orphan.md" in _paths(baseline)
    run(["--root", str(bank), "--write-baseline", str(baseline), str(bank)], capsys)
    assert "orphan.md" not in _paths(baseline)
    _, _, err = run(["--root", str(bank), "--baseline", str(baseline)], capsys)
    assert "no longer match" not in err


SILENCED = "# Notes\n<!-- memorybank-lint: disable MB009 -->\n"  # an orphan, accepted as one
SILENCED_NOTE = {  # and a broken edge an inline suppression silences
    "notes.md": "---\ntitle: Notes\nderived_from:\n  - missing.md  # noqa: MB001\n---\n" + SILENCED
}


def test_an_entry_whose_finding_a_suppression_silences_is_neither_gone_nor_dropped(
    tmp_path: Path, capsys
) -> None:
    """An audit (`--ignore-noqa`) records the findings suppressions silence. A normal run called
    their entries fixed or gone and its rewrite dropped them, so the next audit failed on them."""
    root = write_bank(tmp_path / "memory-bank", CLEAN_BANK | SILENCED_NOTE)
    baseline = tmp_path / "baseline.json"
    run(["--root", str(root), "--ignore-noqa", "--write-baseline", str(baseline)], capsys)
    assert _codes(baseline) == ["MB001", "MB009"]
    code, _, err = run(["--root", str(root), "--baseline", str(baseline)], capsys)
    assert code == 0 and "no longer match" not in err
    code, _, err = run(["--root", str(root), "--write-baseline", str(baseline)], capsys)
    assert code == 0 and "wrote 0 finding(s) and kept 2 entries" in err
    assert _codes(baseline) == ["MB001", "MB009"]
    code, out, _ = run(
        ["--root", str(root), "--ignore-noqa", "--baseline", str(baseline), "--format", "json"], capsys
    )
    assert (code, json.loads(out)) == (0, [])
    write_bank(root, {"notes.md": f"---\ntitle: Notes\n---\n{SILENCED}"})  # the finding is gone for good
    _, _, err = run(["--root", str(root), "--baseline", str(baseline)], capsys)
    assert "1 baseline entry no longer matches any finding" in err
    run(["--root", str(root), "--write-baseline", str(baseline)], capsys)
    assert _codes(baseline) == ["MB009"]


def test_a_rewrite_that_keeps_entries_of_silenced_findings_reads_the_old_baseline_first(
    tmp_path: Path, capsys
) -> None:
    """Such a rewrite is partial: over a file it cannot read it would drop what it should keep."""
    root = write_bank(tmp_path / "memory-bank", CLEAN_BANK | SILENCED_NOTE)
    baseline = tmp_path / "baseline.json"
    baseline.write_text("not json", encoding="utf-8")
    code, out, err = run(["--root", str(root), "--write-baseline", str(baseline)], capsys)
    assert (code, out) == (2, "") and "is not readable JSON" in err and len(err.splitlines()) == 1
    assert baseline.read_text(encoding="utf-8") == "not json"


@pytest.mark.parametrize(
    "target",
    [
        "pyproject.toml",
        "./pyproject.toml",
        ".memorybank.toml",
        "memory-bank/index.md",
        "memory-bank/sub/.memorybank.toml",
        "memory-bank/.memorybank-journal",
        "memory-bank/.memorybank-off",
        ".memorybank-off",
        ".memorybank_cache/x.json",
        "memory-bank",
    ],
)
def test_the_baseline_never_replaces_the_configuration_or_a_file_of_the_bank(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, target: str, capsys
) -> None:
    """Written over a configuration file the run looked at (a pyproject.toml without a table, a
    `.memorybank.toml` not there yet), the next run cannot start; written into the bank, a
    document becomes JSON. One line, exit 2, everything left as it was."""
    (tmp_path / ".git").mkdir()
    write_bank(tmp_path / "memory-bank", {**CLEAN_BANK, "index.md": "# Index\n"})
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "demo"\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    if target.startswith(".memorybank_cache/"):  # the cache folder where it is by default, made
        monkeypatch.delenv("MEMORYBANK_CACHE_DIR")
        (tmp_path / ".memorybank_cache").mkdir()
    before = {path: path.read_bytes() for path in tmp_path.rglob("*") if path.is_file()}
    code, out, err = run(["--write-baseline", target], capsys)
    assert (code, out) == (2, "") and len(err.strip().splitlines()) == 1
    assert {path: path.read_bytes() for path in tmp_path.rglob("*") if path.is_file()} == before


def test_the_configuration_named_with_config_is_never_replaced(bank: Path, tmp_path: Path, capsys) -> None:
    settings = tmp_path / "lint.toml"
    settings.write_text("strict = false\n", encoding="utf-8")
    code, out, err = run(
        ["--root", str(bank), "--config", str(settings), "--write-baseline", str(settings)], capsys
    )
    assert (code, out) == (2, "") and "configuration" in err
    assert settings.read_text(encoding="utf-8") == "strict = false\n"
    code, _, _ = run(
        ["--root", str(bank), "--config", str(settings), "--write-baseline", str(tmp_path / "b.json")], capsys
    )
    assert code == 0


def test_a_baseline_beside_the_documents_is_kept_and_a_config_by_name_is_not(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    """Refusing every file in the bank refused the README's own `--write-baseline
    .memorybank-baseline.json` run from inside it; and with `--config`, the `.memorybank.toml` a
    run without it finds was written over."""
    (tmp_path / ".git").mkdir()
    root = write_bank(tmp_path / "memory-bank", CLEAN_BANK)
    monkeypatch.chdir(root)
    code, _, err = run(["--write-baseline", ".memorybank-baseline.json"], capsys)
    assert code == 0 and (root / ".memorybank-baseline.json").is_file(), err
    (tmp_path / "ci.toml").write_text("", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, _, err = run(["--config", "ci.toml", "--write-baseline", ".memorybank.toml"], capsys)
    assert code == 2 and "configuration file" in err and not (tmp_path / ".memorybank.toml").exists()


def _owner(name: str, claim: str = "pricing") -> str:
    return f"---\ntitle: {name}\ncanonical_for:\n  - {claim}\n---\n# {name}\n"


@pytest.mark.parametrize(
    "change",
    [
        {"a.md": _owner("a", "pricing  # noqa: MB004")},  # a claim accepted where it stands
        {"a.md": _owner("a", "other")},  # a claim given up
        {"b.md": _owner("b", "other")},  # not the owner the finding was placed on
    ],
)
def test_a_baselined_conflict_that_lost_an_owner_is_still_known(
    tmp_path: Path, capsys, change: dict[str, str]
) -> None:
    """A baselined three-owner MB004 conflict of which one claim is suppressed or withdrawn was
    reported as new: the two owners left make another finding, placed at another owner. A
    conflict among some of a baselined conflict's owners over the same key is that conflict grown
    smaller, and the baseline absorbs it."""
    files = {f"{name}.md": _owner(name) for name in "abc"}
    root = write_bank(tmp_path / "memory-bank", files)
    baseline = tmp_path / "baseline.json"
    run(["--root", str(root), "--write-baseline", str(baseline)], capsys)
    write_bank(root, change)
    code, out, err = run(["--root", str(root), "--baseline", str(baseline), "--select", "MB004"], capsys)
    assert (code, out.strip()) == (0, "No findings."), out
    assert "no longer match" not in err


def test_a_conflict_a_baseline_does_not_cover_is_still_new(tmp_path: Path, capsys) -> None:
    """A new owner of a baselined key, or a conflict over another key, is a new finding."""
    root = write_bank(tmp_path / "memory-bank", {f"{name}.md": _owner(name) for name in "abc"})
    baseline = tmp_path / "baseline.json"
    run(["--root", str(root), "--write-baseline", str(baseline)], capsys)
    write_bank(root, {"d.md": _owner("d"), "e.md": _owner("e", "limits"), "f.md": _owner("f", "limits")})
    code, out, _ = run(["--root", str(root), "--baseline", str(baseline), "--select", "MB004"], capsys)
    assert code == 1
    assert "'pricing' is claimed by 4 documents: a.md, b.md, c.md, d.md" in out
    assert "'limits' is claimed by 2 documents: e.md, f.md" in out
    write_bank(root, {"d.md": _owner("d", "other"), "a.md": _owner("a", "pricing\n  - pricing")})
    code, out, _ = run(["--root", str(root), "--baseline", str(baseline), "--select", "MB004"], capsys)
    assert code == 1  # a second claim of a.md's is new too
    assert "'pricing' is claimed by 4 documents: a.md, a.md, b.md, c.md" in out


@pytest.mark.parametrize("option", ["--write-baseline", "--baseline"])
def test_a_baseline_path_that_ends_in_a_slash_is_refused(option: str, tmp_path: Path, capsys) -> None:
    """`--write-baseline known/` (or `known/.`) names a folder: the slash was dropped and a file
    `known` written (and `--baseline known/` read it back)."""
    root = write_bank(tmp_path / "memory-bank", CLEAN_BANK)
    (tmp_path / "known").write_text('{"version": 1, "findings": []}\n', encoding="utf-8")
    for target in (tmp_path / "known", tmp_path / "fresh"):
        for end in ("/", "/.", "/.."):  # pathlib drops a last '.' as it drops the slash
            code, out, err = run(["--root", str(root), option, f"{target}{end}"], capsys)
            assert (code, out) == (2, "")
            assert f"{option} {target}{end} ends with a slash, '.' or '..', so it names a folder" in err
            assert len(err.splitlines()) == 1
    assert not (tmp_path / "fresh").exists()
    assert (tmp_path / "known").read_text(encoding="utf-8") == '{"version": 1, "findings": []}\n'


def test_a_rewrite_after_lines_moved_or_over_some_rules_gives_the_same_bytes(tmp_path: Path, capsys) -> None:
    """A committed baseline must not churn: entries are ordered by what they are about, never by
    line, so swapping two header lines, or recording with `--select`, rewrites the same file."""

    def header(first: str, second: str) -> str:
        return f"---\nstatus: wip\nderived_from:\n  - {first}\n  - {second}\n---\n# Page\n"

    root = write_bank(tmp_path / "memory-bank", CLEAN_BANK | {"page.md": header("zz-gone.md", "aa-gone.md")})
    baseline = tmp_path / "baseline.json"
    run(["--root", str(root), "--write-baseline", str(baseline)], capsys)
    before = baseline.read_bytes()
    assert _codes(baseline).count("MB001") == 2
    write_bank(root, {"page.md": header("aa-gone.md", "zz-gone.md")})
    run(["--root", str(root), "--write-baseline", str(baseline)], capsys)
    assert baseline.read_bytes() == before
    code, _, err = run(["--root", str(root), "--write-baseline", str(baseline), "--select", "MB001"], capsys)
    assert code == 0 and "this run did not check" in err
    assert baseline.read_bytes() == before


def test_an_unreadable_file_stays_known_when_it_is_edited(tmp_path: Path, capsys) -> None:
    """A file too big to parse grows, one not UTF-8 gains a line above its bad byte: still the
    same problem. The size and the offset are in the message, not in what the entry matches on."""
    files = {"big.md": "# Big\n" + "x" * 2000 + "\n", "latin.md": b"# caf\xe9\n"}
    root = write_bank(tmp_path / "memory-bank", CLEAN_BANK | files)
    config = tmp_path / "small.toml"
    config.write_text("max-file-size = 1000\n", encoding="utf-8")
    baseline = tmp_path / "baseline.json"
    common = ["--root", str(root), "--config", str(config), "--select", "MB002"]
    run([*common, "--write-baseline", str(baseline)], capsys)
    assert _codes(baseline) == ["MB002", "MB002"]
    write_bank(root, {"big.md": "# Big\n" + "x" * 3000 + "\n", "latin.md": b"# Caf\xe9s\n\n# caf\xe9\n"})
    code, out, err = run([*common, "--baseline", str(baseline), "--format", "json"], capsys)
    assert (code, json.loads(out)) == (0, [])
    assert "2 known finding(s) hidden" in err and "no longer match" not in err


@pytest.mark.parametrize("written, checked_out", [("NFD", "NFC"), ("NFC", "NFD")])
def test_a_baseline_knows_a_file_whose_name_another_machine_keeps_in_another_normalisation(
    tmp_path: Path, written: str, checked_out: str, capsys
) -> None:
    """macOS may keep `café.md` decomposed (NFD) where a Linux checkout of the same commit has it
    composed (NFC): a baseline recorded on one must hold the same findings on the other."""
    import unicodedata

    page = "---\ntitle: C\nstatus: wip\nderived_from:\n  - gone.md\n---\n# C\n"
    name = unicodedata.normalize(written, "domain/café.md")
    root = write_bank(tmp_path / "memory-bank", CLEAN_BANK | {name: page})
    baseline = tmp_path / "baseline.json"
    run(["--root", str(root), "--write-baseline", str(baseline)], capsys)
    assert {"MB001", "MB009"} <= set(_codes(baseline))
    (root / name).rename(root / unicodedata.normalize(checked_out, name))
    code, out, err = run(["--root", str(root), "--baseline", str(baseline), "--format", "json"], capsys)
    assert (code, json.loads(out)) == (0, [])
    assert "no longer match" not in err


@pytest.mark.parametrize("written, checked_out", [("NFD", "NFD"), ("NFD", "NFC"), ("NFC", "NFD")])
def test_a_baselined_conflict_of_owners_named_in_either_normalisation_that_lost_one_is_still_known(
    tmp_path: Path, written: str, checked_out: str, capsys
) -> None:
    """The owners a conflict grown smaller is read by are compared composed: on a Mac that keeps
    `é.md` decomposed, and on a checkout of the same commit that keeps it composed."""
    import unicodedata

    names = [unicodedata.normalize(written, name) for name in ("é-a.md", "é-b.md", "é-c.md")]
    root = write_bank(tmp_path / "memory-bank", {name: _owner(name[:-3]) for name in names})
    baseline = tmp_path / "baseline.json"
    run(["--root", str(root), "--write-baseline", str(baseline)], capsys)
    for name in names:
        (root / name).rename(root / unicodedata.normalize(checked_out, name))
    first = unicodedata.normalize(checked_out, names[0])
    write_bank(root, {first: _owner(first[:-3], "pricing  # noqa: MB004")})
    code, out, err = run(["--root", str(root), "--baseline", str(baseline), "--select", "MB004"], capsys)
    assert (code, out.strip()) == (0, "No findings."), out
    assert "no longer match" not in err


# Written by memorybank-lint 0.1.0 at commit 14c9a65 (`--write-baseline`, the configuration
# `max-file-size = 1000`) over the bank `_earlier_bank` writes, on a file system that keeps the
# decomposed names as given: the bytes that version wrote, before fingerprints hashed names and
# values composed (NFC), MB002 keyed on why a file was not indexed, and MB004 sorted its owners
# composed. Never regenerate it with a later version: it stands for the baselines users committed.
EARLIER_BASELINE = Path(__file__).parent / "fixture_baselines" / "0.1.0-14c9a65.json"


def _earlier_bank(tmp_path: Path) -> tuple[Path, list[str]]:
    """The bank `EARLIER_BASELINE` was recorded on, and the options of that run: a too-big and a
    non-UTF-8 file (MB002), a file named decomposed (NFD, as a Mac keeps it), a target written
    decomposed, and a conflict of owners named decomposed (MB004)."""
    import unicodedata

    def nfd(text: str) -> str:
        return unicodedata.normalize("NFD", text)

    index = "---\ntitle: Bank\ndoc_function: index\n---\n- [A](a.md)\n- [Latin](latin.md)\n- [Big](big.md)\n"
    files: dict[str, str | bytes] = {
        "README.md": index,
        "a.md": f"---\ntitle: A\nderived_from:\n  - gone.md\n  - {nfd('oublié.md')}\n---\n# A\n",
        "latin.md": b"# caf\xe9\n",
        "big.md": "# Big\n" + "x" * 2000 + "\n",
        nfd("café.md"): "---\ntitle: Cafe\nderived_from:\n  - gone.md\n---\n# Cafe\n",
        **{nfd(f"é-{name}.md"): _owner(name) for name in "abc"},
    }
    root = write_bank(tmp_path / "memory-bank", files)
    config = tmp_path / "small.toml"
    config.write_text("max-file-size = 1000\n", encoding="utf-8")
    return root, ["--root", str(root), "--config", str(config)]


def _fingerprints(baseline: Path) -> list[str]:
    return [entry["fingerprint"] for entry in json.loads(baseline.read_text(encoding="utf-8"))["findings"]]


def test_a_baseline_an_earlier_version_wrote_still_knows_its_findings(tmp_path: Path, capsys) -> None:
    """Upgrading must not fail CI: every finding a committed baseline knew stays known, a
    non-UTF-8 or too-big file's, a decomposed name's and a conflict of decomposed owners' too,
    and so does that conflict grown smaller."""
    import unicodedata

    root, common = _earlier_bank(tmp_path)
    code, out, err = run([*common, "--baseline", str(EARLIER_BASELINE)], capsys)
    assert (code, out.strip()) == (0, "No findings."), out
    assert "11 known finding(s) hidden" in err and "no longer match" not in err
    first = unicodedata.normalize("NFD", "é-a.md")
    write_bank(root, {first: _owner("a", "pricing  # noqa: MB004")})
    code, out, err = run([*common, "--baseline", str(EARLIER_BASELINE)], capsys)
    assert (code, out.strip()) == (0, "No findings."), out
    assert "no longer match" not in err


def test_a_rewrite_of_an_earlier_versions_baseline_writes_this_versions_entries(
    tmp_path: Path, capsys
) -> None:
    """A rewrite records what this version matches on, and an entry of a finding a suppression
    silences in that form too (an entry of a rule or file the run did not check is kept as it is);
    the rewritten baseline knows the same findings."""
    import unicodedata

    root, common = _earlier_bank(tmp_path)
    fresh, rewritten = tmp_path / "fresh.json", tmp_path / "rewritten.json"
    run([*common, "--write-baseline", str(fresh)], capsys)
    shutil.copyfile(EARLIER_BASELINE, rewritten)
    run([*common, "--write-baseline", str(rewritten)], capsys)
    assert rewritten.read_bytes() == fresh.read_bytes()
    earlier_only = set(_fingerprints(EARLIER_BASELINE)) - set(_fingerprints(fresh))
    assert earlier_only  # the fixture holds fingerprints this version no longer writes
    first = unicodedata.normalize("NFD", "é-a.md")
    write_bank(root, {first: _owner("a", "pricing  # noqa: MB004")})
    shutil.copyfile(EARLIER_BASELINE, rewritten)
    code, _, err = run([*common, "--write-baseline", str(rewritten), "--select", "MB004"], capsys)
    assert code == 0 and "kept 11 entries this run did not check" in err
    entries = json.loads(rewritten.read_text(encoding="utf-8"))["findings"]
    conflicts = {entry["fingerprint"] for entry in entries if entry["code"] == "MB004"}
    assert len(conflicts) == 2 and not conflicts & earlier_only  # the silenced one rewritten too
    code, out, err = run([*common, "--baseline", str(rewritten), "--ignore-noqa"], capsys)
    assert (code, out.strip()) == (0, "No findings."), out


def test_sarif_fingerprints_of_findings_named_as_written_are_those_an_earlier_version_gave(
    tmp_path: Path, capsys
) -> None:
    """Code scanning tracks an alert by its partial fingerprint: a finding whose path and value
    compose as they stand, and no MB002 of an unread file, keeps the one 0.1.0 (14c9a65) gave it,
    or every such alert would close and open again on upgrade."""
    import unicodedata

    _, common = _earlier_bank(tmp_path)
    earlier = json.loads(EARLIER_BASELINE.read_text(encoding="utf-8"))["findings"]
    plain = {
        entry["fingerprint"]
        for entry in earlier
        if unicodedata.is_normalized("NFC", entry["path"] + entry["message"])
        and "the file was not indexed" not in entry["message"]
    }
    assert len(plain) == 2  # a.md's MB001 of 'gone.md' and the bank's MB012
    _, out, _ = run([*common, "--format", "sarif"], capsys)
    given = [result["partialFingerprints"] for result in json.loads(out)["runs"][0]["results"]]
    assert plain <= {fingerprint for keys in given for fingerprint in keys.values()}


def test_an_earlier_baseline_reports_as_new_the_twin_it_does_not_record(tmp_path: Path, capsys) -> None:
    """A baseline the earlier version wrote for `é.md` (composed) must hide that file's finding,
    not its decomposed twin's added later: this version's fingerprint of the twin is the earlier
    one of the composed file, and the twin, sorting first, took its entry, so the finding the
    baseline records was reported as new and the new one hidden."""
    import unicodedata

    root = tmp_path / "memory-bank"
    write_bank(
        root,
        {
            "dna/principles.md": "---\ntitle: Principles\n---\n# Principles\n",
            unicodedata.normalize(
                "NFC", "é.md"
            ): "---\ntitle: E\npurpose: p\nderived_from:\n  - gone.md\n---\n# E\n",
        },
    )
    earlier = tmp_path / "earlier.json"  # as 0.1.0 (14c9a65) wrote it for the composed file alone
    entry = {"code": "MB001", "rule": "broken-derived-from", "path": "é.md"}
    message = "derived_from target 'gone.md' does not exist (looked for 'gone.md')"
    earlier.write_text(
        json.dumps(
            {
                "version": 1,
                "findings": [
                    {**entry, "fingerprint": "9ce1695a2b2345741a9c492ee7a432c8", "message": message},
                    {
                        "code": "MB009",
                        "rule": "unregistered-doc",
                        "path": "dna/principles.md",
                        "fingerprint": "b1174a4bf2e5ff1d6cabcef8f40a8e30",
                        "message": "no index document links here, so navigation cannot reach it",
                    },
                    {
                        "code": "MB009",
                        "rule": "unregistered-doc",
                        "path": "é.md",
                        "fingerprint": "2b850e9d83fae83f6f5284bd468b893c",
                        "message": "no index document links here, so navigation cannot reach it",
                    },
                ],
            },
            ensure_ascii=False,
            indent=2,
        ),
        encoding="utf-8",
    )
    common = ["--root", str(root), "--no-cache", "--format", "json"]
    code, out, _ = run([*common, "--baseline", str(earlier)], capsys)
    assert (code, json.loads(out)) == (0, [])
    twin = "---\ntitle: E2\npurpose: p\n\nderived_from:\n  - gone.md\n---\n# E\n"  # its item a line lower
    write_bank(root, {unicodedata.normalize("NFD", "é.md"): twin})
    code, out, _ = run([*common, "--baseline", str(earlier)], capsys)
    reported = {(f["code"], f["line"]) for f in json.loads(out)}
    assert code == 1 and reported == {("MB001", 6), ("MB009", 1)}
