"""`mcp-memorybank`'s command line: the project's configuration, one action at a time, the linter's
format and exit codes, and every option doing what `--help` says it does."""

from __future__ import annotations

import json
import os
import pty
import shutil
import signal
import subprocess
import sys
import time
import unicodedata
from pathlib import Path

import pytest

from memorybank_lint.cli import main as lint_main
from memorybank_server.cli import main

from ..conftest import CLEAN_BANK, captured, write_bank

FIXTURE = Path(__file__).resolve().parents[1] / "fixture_bank"
SERVER = str(Path(sys.executable).with_name("mcp-memorybank"))


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    return captured(main, argv, capsys)


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A project whose bank is `docs-bank/`, found only through its configuration."""
    shutil.copytree(FIXTURE, tmp_path / "docs-bank")
    (tmp_path / ".memorybank.toml").write_text(
        'root = "docs-bank"\nignore = ["MB011"]\n[severity]\nMB004 = "warning"\n', encoding="utf-8"
    )
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_actions_use_the_configured_root_and_rules(project: Path, capsys) -> None:
    code, out, err = run(["--validate", "--json"], capsys)
    assert code == 1, err
    findings = json.loads(out)["findings"]
    assert "MB011" not in {f["code"] for f in findings}
    assert {f["severity"] for f in findings if f["code"] == "MB004"} == {"warning"}
    assert run(["--stats"], capsys)[1].startswith(f"root: {project / 'docs-bank'}")


def test_a_configuration_named_with_config_is_the_one_every_action_reads(project: Path, capsys) -> None:
    """`--config FILE` stands in for the search, as it does for `memorybank-lint`: the project's own
    `.memorybank.toml` (which ignores MB011) is not read, and the file named decides the rules."""
    (project / "ci.toml").write_text('root = "docs-bank"\nselect = ["MB001"]\n', encoding="utf-8")
    code, out, err = run(["--config", "ci.toml", "--validate", "--json"], capsys)
    assert code == 1, err
    assert {f["code"] for f in json.loads(out)["findings"]} == {"MB001"}
    linted = captured(lint_main, ["--config", "ci.toml", "--format", "json"], capsys)[1]
    assert json.loads(out)["total"] == len(json.loads(linted))
    settings = run(["--config", "ci.toml", "--show-settings"], capsys)[1]
    assert settings.startswith("configuration: ci.toml\n") and "rules: MB001\n" in settings
    assert settings == captured(lint_main, ["--config", "ci.toml", "--show-settings"], capsys)[1]
    everything = json.loads(run(["--validate", "--json"], capsys)[1])
    assert {f["code"] for f in everything["findings"]} > {"MB001"}


def test_validate_text_is_the_linters_text(project: Path, capsys) -> None:
    _, served, _ = run(["--validate"], capsys)
    lint_main([])
    assert served == capsys.readouterr().out
    assert "docs-bank/engineering/architecture.md:8:5: MB001 [broken-derived-from]" in served


def test_summary_prints_counts_only_in_text_and_json(project: Path, capsys) -> None:
    _, out, _ = run(["--validate", "--summary"], capsys)
    assert "[" not in out and out.splitlines()[0].split()[:3] == ["2", "MB001", "broken-derived-from"]
    assert out.rstrip().endswith("in 12 files.")
    _, out, _ = run(["--validate", "--summary", "--json"], capsys)
    assert set(json.loads(out)) == {"total", "errors", "warnings", "byRule"}


def test_summary_text_is_the_linters_statistics(project: Path, capsys) -> None:
    """They differed: the linter's table said how many findings a fix takes, the server's did not,
    and only the server's ended with the count of findings."""
    _, served, _ = run(["--validate", "--summary"], capsys)
    lint_main(["--statistics"])
    assert served == capsys.readouterr().out
    assert "fixable with --unsafe-fixes)" in served and served.rstrip().endswith("in 12 files.")


def test_stats_prints_json(project: Path, capsys) -> None:
    code, out, _ = run(["--stats", "--json"], capsys)
    stats = json.loads(out)
    assert code == 0 and stats["root"] == str(project / "docs-bank") and stats["documents"] == 26
    assert stats["contract"]["sources"]


@pytest.mark.parametrize(
    ("argv", "reason"),
    [
        (["--route", "queue", "--search", "queue"], "--route and --search are separate actions"),
        (["--stats", "--validate"], "--stats and --validate are separate actions"),
        (["--section", "Scope"], "--section works only with --read; no action was given"),
        (["--to", "x.md"], "--to works only with --promote; no action was given"),
        (["--summary"], "--summary works only with --validate; no action was given"),
        (["--dry-run"], "--dry-run works only with --init, --materialize-flows, --create, --promote"),
        (["--route", "queue", "--depth", "3"], "--depth works only with --graph"),
        (["--validate", "--off", "x"], "--off works only with serving"),
        (["--validate", "--rule", "typo"], "unknown rule 'typo'"),
        (["--validate", "--rule", "\udcff"], "unknown rule '\\xff'"),  # a byte as every path shows one
        (["--validate", "--rule", "a\u2028b"], "unknown rule 'a\\u2028b'"),
        (["--validate", "--scope", "nope"], "scope 'nope' matches no document"),
        (["--read", "no/such.md"], "Not a document of this bank: 'no/such.md'"),
        (["--no-such-flag"], "No such option '--no-such-flag'"),
        (["--route", "price", "--route", "tax rules"], "--route is given more than once"),
        (["--validate", "--scope", "domain", "--scope", "adr"], "--scope is given more than once"),
        (["--show-settings", "--no-cache"], "--no-cache works only with"),
        (["--show-settings", "--root", "no-such"], "no-such is not a directory"),
        (["--graph", "domain/pricing.md", "--format", "text", "--json"], "pick one"),
        (["--version", "--validate"], "--version prints the version only"),
    ],
)
def test_usage_errors_exit_two_with_one_line(project: Path, capsys, argv: list[str], reason: str) -> None:
    code, out, err = run(argv, capsys)
    assert (code, out) == (2, "")
    assert reason in err and len(err.strip().splitlines()) == 1


def test_an_empty_root_is_refused(tmp_path: Path, capsys) -> None:
    (tmp_path / "empty").mkdir()
    code, _, err = run(["--root", str(tmp_path / "empty"), "--validate"], capsys)
    assert code == 2 and f"no documents in {tmp_path / 'empty'}" in err


def test_refusals_name_the_command_line_flags(project: Path, capsys) -> None:
    code, _, err = run(["--root", "docs-bank", "--init", "Acme"], capsys)
    assert code == 1 and "pass --force" in err and "pass force" not in err
    code, _, err = run(["--promote", "_inbox/2026-11-01-note.md", "--to", "domain/x.md"], capsys)
    assert code == 1 and "pass --derived" in err and "derivedFrom" not in err


def test_materialize_dry_run_writes_nothing_and_lists_every_file(tmp_path: Path, capsys) -> None:
    root = tmp_path / "memory_bank"
    assert run(["--root", str(root), "--init", "Acme"], capsys)[0] == 0
    before = sorted(p.relative_to(root) for p in root.rglob("*"))
    code, out, _ = run(["--root", str(root), "--materialize-flows", "--dry-run"], capsys)
    assert code == 0 and out.startswith("WOULD COPY 24 files")
    assert "  flows/templates/adr/ADR-ID.md" in out.splitlines()
    assert sorted(p.relative_to(root) for p in root.rglob("*")) == before
    assert "  flows/templates/README.md  (would overwrite)" in out.splitlines()


def test_init_dry_run_lists_every_file_and_with_force_what_it_leaves(tmp_path: Path, capsys) -> None:
    root = tmp_path / "memory_bank"
    code, out, _ = run(["--root", str(root), "--init", "Acme", "--dry-run"], capsys)
    listed = [line.strip() for line in out.splitlines() if line.startswith("  ")]
    assert code == 0 and len(listed) == 24 and "dna/principles.md" in listed
    write_bank(root, {"dna/principles.md": "---\ntitle: Ours\n---\n# Ours\n"})
    code, out, _ = run(["--root", str(root), "--init", "Acme", "--dry-run", "--force"], capsys)
    assert code == 0
    assert "  dna/principles.md: exists: the bank's own file is kept" in out.splitlines()
    assert (root / "dna/principles.md").read_text(encoding="utf-8").startswith("---\ntitle: Ours")


def test_help_groups_every_option_and_describes_each(capsys) -> None:
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    for heading in ("Actions", "Taken by actions", "Output", "Bank", "Server"):
        assert f"\n{heading}" in out
    assert "memory_bank/ or memory-bank/" in out and "root in .memorybank.toml" in out
    for flag in ("--direction", "--depth", "--threshold-days"):
        line = next(line for line in out.splitlines() if line.strip().startswith(flag))
        assert len(line.split()) > 3, line


def test_the_server_on_a_terminal_says_what_it_is_and_stops_on_ctrl_c(tmp_path: Path) -> None:
    root = write_bank(tmp_path / "memory_bank", CLEAN_BANK)
    controller, terminal = pty.openpty()
    process = subprocess.Popen(
        [SERVER, "--root", str(root)], stdin=terminal, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    os.close(terminal)
    try:
        line = process.stderr.readline().decode()
        assert "over MCP on stdio" in line and "Ctrl-C" in line
        time.sleep(0.5)  # let the server reach its read loop; the assertion below does not depend on it
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=20)
    finally:
        os.close(controller)
        if process.poll() is None:
            process.kill()
    assert process.returncode in (0, 130)
    assert b"Traceback" not in err


def test_show_settings_names_the_configuration_and_the_bank(project: Path, capsys) -> None:
    code, out, _ = run(["--show-settings"], capsys)
    lines = dict(line.split(": ", 1) for line in out.splitlines())
    assert code == 0
    assert lines["configuration"] == str(project / ".memorybank.toml")
    assert lines["root"] == str(project / "docs-bank")
    assert lines["severity"] == "MB004 = warning"


def test_a_root_no_folder_can_be_named_is_a_usage_error_as_the_linter_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    """A `--root` whose folder name is longer than a file system holds ended every action with
    exit 1, the code of a refused write, and Python's errno text, and serving with it did the
    same; the linter exited 2. Such a root is not a folder, as a root that is not there."""
    monkeypatch.chdir(tmp_path)
    root = tmp_path / ("x" * 300)
    said = f"bank root {root} is not a directory"
    for argv in (["--stats"], ["--validate"], ["--show-settings"], ["--route", "queue"]):
        code, out, err = run(["--root", str(root), *argv], capsys)
        assert (code, out, err.strip()) == (2, "", f"mcp-memorybank: {said}"), argv
    for argv in ([], ["--show-settings"]):
        code, out, err = captured(lint_main, ["--root", str(root), *argv], capsys)
        assert (code, out, err.strip()) == (2, "", f"memorybank-lint: {said}"), argv


def test_a_rule_the_configuration_leaves_out_is_refused_not_answered_clean(project: Path, capsys) -> None:
    """`--rule MB011` under `ignore = ["MB011"]` would otherwise say "No findings" (exit 0) about
    a rule that never ran."""
    code, out, err = run(["--validate", "--rule", "MB011"], capsys)
    assert (code, out) == (2, "") and len(err.strip().splitlines()) == 1
    assert "rule MB011" in err and "leaves it out" in err
    assert run(["--validate", "--rule", "MB001"], capsys)[0] == 1  # a rule that runs is narrowed to


def test_a_scope_typed_in_another_unicode_normalisation_finds_its_folder(tmp_path: Path, capsys) -> None:
    folder = unicodedata.normalize("NFC", "équipe")
    write_bank(tmp_path / "memory-bank", CLEAN_BANK)
    team = tmp_path / "memory-bank" / folder / "team.md"
    team.parent.mkdir()
    team.write_text("---\ntitle: Team\nstatus: bogus\n---\n# Team\n", encoding="utf-8")
    root = str(tmp_path / "memory-bank")
    composed = run(["--root", root, "--validate", "--json", "--scope", folder], capsys)
    decomposed = unicodedata.normalize("NFD", folder)
    assert decomposed != folder
    assert run(["--root", root, "--validate", "--json", "--scope", decomposed], capsys) == composed
    assert json.loads(composed[1])["total"] > 0
    drift = run(["--root", root, "--drift", "--json", "--scope", decomposed], capsys)
    assert drift[0] == 0, drift[2]


def test_a_promoted_notes_preview_is_printed_with_its_escapes_shown(tmp_path: Path, capsys) -> None:
    """--read and --list-inbox escaped a note's control characters, but the promote preview
    printed them raw: an escape sequence in a note drove the terminal of whoever promoted it."""
    from memorybank_server import scaffold

    root = tmp_path / "memory-bank"
    scaffold.init(root, "Acme")
    (root / "_inbox").mkdir(exist_ok=True)
    (root / "_inbox" / "note.md").write_text(
        "---\ntitle: Note\ndoc_kind: engineering\npurpose: A note.\nstatus: draft\n---\n# Note\n\n"
        "clear: \x1b[2J\x1b]0;PWNED\x07 rlo: \u202egnp.md\n",
        encoding="utf-8",
    )
    argv = ["--root", str(root), "--promote", "_inbox/note.md", "--to", "domain/note.md"]
    code, out, err = run([*argv, "--derived", "../dna/principles.md", "--dry-run"], capsys)
    assert code == 0, err
    assert "\x1b" not in out and "\x07" not in out and "\u202e" not in out, out
    assert "clear: \\x1b[2J\\x1b]0;PWNED\\x07 rlo: \\u202egnp.md" in out, out
    assert "\n--- preview ---\n---\ntitle: Note\n" in out, out  # lines stay lines


@pytest.mark.parametrize(
    ("argv", "flag"),
    [
        (["--route", "a"], "--route"),
        (["--search", "x"], "--search"),
        (["--read", "no/such.md"], "--read"),
        (["--graph", "no/such.md"], "--graph"),
        (["--validate", "--scope", "nope"], "--scope"),
        (["--drift", "--scope", "nope"], "--scope"),
        (["--validate", "--rule", "typo"], "--rule"),
        (["--read", "orphan.md", "--section", "Nope"], "--section"),
    ],
)
def test_a_refused_read_names_the_flag_it_came_from(
    project: Path, capsys, argv: list[str], flag: str
) -> None:
    """The tool's refusal names its MCP argument (`question`, `query`, `scope`); on the command
    line the user typed a flag, and the line says which."""
    code, out, err = run(argv, capsys)
    assert (code, out) == (2, "") and len(err.strip().splitlines()) == 1, err
    assert err.startswith(f"mcp-memorybank: {flag}"), err


@pytest.mark.parametrize("action", ["--validate", "--drift"])
def test_a_scope_takes_the_path_forms_read_takes(project: Path, capsys, action: str) -> None:
    """`--scope` read only a bank-relative folder: a repository-relative or absolute one was refused,
    `.` too while `./` meant the whole bank, and `/domain` was quietly read as `domain`. It is read
    as `--read` reads a path, `.` being the whole bank, and refuses what `--read` refuses."""
    bank = project / "docs-bank"
    answer = lambda *scope: run([action, "--json", *scope], capsys)  # noqa: E731
    domain, whole = answer("--scope", "domain"), answer()
    assert domain[1] != whole[1]
    for form in ("domain/", "./domain", "docs-bank/domain", f"{bank}/domain", f"{bank}/domain/"):
        assert answer("--scope", form) == domain, form
    for form in (".", "./", str(bank), f"{bank}/", "docs-bank", "docs-bank/"):
        assert answer("--scope", form) == whole, form
    for form in ("/domain", "/", "../docs-bank/domain", str(project)):
        code, out, err = answer("--scope", form)
        assert (code, out) == (2, "") and len(err.strip().splitlines()) == 1, form
        assert err.startswith("mcp-memorybank: --scope") and "leads outside the bank" in err, err
    (project / "src").mkdir()
    os.chdir(project / "src")  # the bank named as from the repository, from elsewhere in it
    assert answer("--scope", "docs-bank") == whole


def test_a_validate_answer_lists_findings_within_its_budget_and_counts_the_rest(
    tmp_path: Path, capsys
) -> None:
    """One document with 3,000 broken `derived_from` entries made `bank_validate` answer with
    every one of them (30,000 made 5.8 MB); the text output stays the linter's, whole."""
    from memorybank_lint.bank import Bank
    from memorybank_server.read import BUDGET_BYTES, json_bytes
    from memorybank_server.resources import health
    from memorybank_server.validate import validate

    header = "".join(f"  - ../dna/p{n}.md\n" for n in range(3_000))
    root = write_bank(
        tmp_path / "memory-bank",
        {**CLEAN_BANK, "domain/big.md": f"---\ntitle: Big\nderived_from:\n{header}---\n# Big\n"},
    )
    bank = Bank(root)
    bank.refresh()
    answer = validate(bank)
    assert answer["total"] > 3_000 and json_bytes(answer["findings"]) <= BUDGET_BYTES
    assert len(answer["findings"]) + answer["findingsLeftOut"] == answer["total"]
    assert "narrow it with scope, severity or rule" in answer["note"]
    _, out, _ = run(["--root", str(root), "--validate", "--json"], capsys)
    whole = json.loads(out)  # a terminal or CI job gets every finding, as the linter's json does
    assert len(whole["findings"]) == whole["total"] == answer["total"] and "findingsLeftOut" not in whole
    _, out, _ = run(["--root", str(root), "--validate"], capsys)
    assert out.count("MB001") == 3_000
    assert health(bank)["total"] == answer["total"]


@pytest.mark.parametrize("where", ["bank folder", "repository"])
def test_a_bank_gets_its_own_configuration_from_whatever_folder_a_command_runs_in(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys, where: str
) -> None:
    """A `.memorybank.toml` in the bank folder counted only from inside the bank, and a server
    started with an absolute --root from another folder read no project configuration at all."""
    repo = tmp_path / "repo"
    root = repo / "memory-bank"
    shutil.copytree(FIXTURE, root)
    (repo / ".git").mkdir()
    (root if where == "bank folder" else repo).joinpath(".memorybank.toml").write_text(
        'ignore = ["MB001"]\n', encoding="utf-8"
    )
    (tmp_path / "elsewhere").mkdir()
    answers = []
    for folder, root_given in (
        (repo, []),
        (root / "engineering", []),
        (tmp_path / "elsewhere", ["--root", str(root)]),
    ):
        monkeypatch.chdir(folder)
        code, out, _ = run([*root_given, "--validate", "--json"], capsys)
        answers.append((code, json.loads(out)["byRule"]))
        assert lint_main([*root_given, "--statistics", "--format", "json"]) in (0, 1)
        assert "MB001" not in capsys.readouterr().out
    assert answers[0] == answers[1] == answers[2] and "broken-derived-from" not in answers[0][1]


def test_the_banks_own_configuration_wins_over_the_one_that_named_it_from_every_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    """With `root` named in the repository's file and a file in the bank too, the repository's
    applied from the repository and the bank's from inside the bank: other findings by folder."""
    repo = tmp_path / "repo"
    root = repo / "memory-bank"
    shutil.copytree(FIXTURE, root)
    (repo / ".git").mkdir()
    (repo / ".memorybank.toml").write_text('root = "memory-bank"\nignore = ["MB009"]\n', encoding="utf-8")
    (root / ".memorybank.toml").write_text('ignore = ["MB001"]\n', encoding="utf-8")
    (repo / "src").mkdir()
    answers = []
    for folder in (repo, root / "engineering", repo / "src"):
        monkeypatch.chdir(folder)
        _, out, _ = run(["--validate", "--json"], capsys)
        answers.append(json.loads(out)["byRule"])
    assert answers[0] == answers[1] == answers[2]
    assert "broken-derived-from" not in answers[0] and "unregistered-doc" in answers[0]


def test_a_bank_named_with_root_takes_no_configuration_from_an_unrelated_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    """Run from a project whose file names another bank, a bank given by --root with no file of
    its own took that project's settings (strict, ignore) and cache."""
    other = tmp_path / "other"
    shutil.copytree(FIXTURE, other / "memory-bank")
    (other / ".git").mkdir()
    project = tmp_path / "project"
    (project / "memory-bank").mkdir(parents=True)
    (project / ".git").mkdir()
    (project / ".memorybank.toml").write_text('root = "memory-bank"\nignore = ["MB001"]\n', encoding="utf-8")
    answers = []
    for folder in (other, project):
        monkeypatch.chdir(folder)
        _, out, _ = run(["--root", str(other / "memory-bank"), "--validate", "--json"], capsys)
        answers.append(json.loads(out)["byRule"])
    assert answers[0] == answers[1] and "broken-derived-from" in answers[1]


def test_a_per_file_ignores_glob_matching_no_file_is_named_by_every_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    """A glob written from the repository's root silences nothing; the linter, `--validate` in
    both formats and the same glob's twin that does match agree on which one it is."""
    repo = tmp_path / "repo"
    root = repo / "memory-bank"
    shutil.copytree(FIXTURE, root)
    (repo / ".git").mkdir()
    (repo / ".memorybank.toml").write_text(
        'root = "memory-bank"\n[per-file-ignores]\n"memory-bank/engineering/*" = ["MB001"]\n'
        '"engineering/*" = ["MB004"]\n',
        encoding="utf-8",
    )
    monkeypatch.chdir(repo)
    note = "per-file-ignores 'memory-bank/engineering/*' matches no file of the bank"
    _, out, err = run(["--validate", "--json"], capsys)
    assert json.loads(out)["idleIgnores"] == ["memory-bank/engineering/*"] and note in err
    _, _, err = run(["--validate"], capsys)
    assert note in err and "'engineering/*'" not in err
    _, _, err = captured(lint_main, [], capsys)
    assert note in err and "'engineering/*'" not in err


def test_validate_fails_on_warnings_by_the_banks_own_strictness_wherever_it_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    """`strict` came from the working folder's file: a strict bank passed when named from
    elsewhere, and a lax bank failed when run from a strict project; the linter decides by the
    bank's own file, and so does `--validate`."""
    strict_bank = tmp_path / "strict" / "memory-bank"
    shutil.copytree(FIXTURE, strict_bank)
    (strict_bank.parent / ".git").mkdir()
    strict_config = strict_bank.parent / ".memorybank.toml"
    strict_config.write_text('strict = true\nselect = ["MB008"]\n', encoding="utf-8")
    lax_bank = tmp_path / "lax" / "memory-bank"
    shutil.copytree(FIXTURE, lax_bank)
    (lax_bank.parent / ".git").mkdir()
    (lax_bank.parent / ".memorybank.toml").write_text('select = ["MB008"]\n', encoding="utf-8")
    for here, bank, expected in ((tmp_path, strict_bank, 1), (strict_bank.parent, lax_bank, 0)):
        monkeypatch.chdir(here)
        code, out, _ = run(["--root", str(bank), "--validate", "--json"], capsys)
        answer = json.loads(out)
        assert answer["total"] > 0 and answer["errors"] == 0  # warnings only: strictness decides
        assert code == expected
        assert captured(lint_main, ["--root", str(bank), "--format", "json"], capsys)[0] == expected
