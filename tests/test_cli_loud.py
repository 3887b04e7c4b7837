"""`memorybank-lint`: mistakes are refused out loud, every format works for every output, and the
configuration is strict, visible and found the same way every time."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest

from memorybank_lint.cli import main

from .conftest import CLEAN_BANK, captured, git, write_bank

FIXTURE = Path(__file__).parent / "fixture_bank"
LINT = str(Path(sys.executable).with_name("memorybank-lint"))


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    return captured(main, argv, capsys)


def test_a_path_that_does_not_exist_is_a_usage_error(fixture_copy, monkeypatch, capsys) -> None:
    monkeypatch.chdir(fixture_copy.parent)
    code, out, err = run(["memory_bank/no/such.md"], capsys)
    assert (code, out) == (2, "")
    assert err.strip() == "memorybank-lint: memory_bank/no/such.md: no such file or directory"


@pytest.mark.parametrize(
    "given", ["adr/ADR-002-storage.md/", "adr/ADR-002-storage.md/..", "no/../adr/ADR-002-storage.md"]
)
def test_a_path_the_system_cannot_reach_is_a_usage_error(
    fixture_copy, monkeypatch, capsys, given: str
) -> None:
    """`ls` refuses each of these (not a directory, no such folder): read by its spelling, one
    named a file or its folder all the same, and the run checked what was never named."""
    monkeypatch.chdir(fixture_copy)
    assert (fixture_copy / "adr" / "ADR-002-storage.md").is_file() and not os.path.exists(given)
    code, out, err = run([given], capsys)
    assert (code, out) == (2, "")
    assert err.strip() == f"memorybank-lint: {given}: no such file or directory"


@pytest.mark.parametrize("given_form", ["NFC", "NFD"])
def test_a_path_in_another_unicode_normalisation_finds_the_file(
    tmp_path, monkeypatch, capsys, given_form: str
) -> None:
    disk_form = "NFD" if given_form == "NFC" else "NFC"
    name = unicodedata.normalize(disk_form, "заметка-й.md")
    root = write_bank(tmp_path / "memory-bank", {**CLEAN_BANK, name: "---\ntitle: Note\n---\n# Note\n"})
    monkeypatch.chdir(tmp_path)
    given = "memory-bank/" + unicodedata.normalize(given_form, "заметка-й.md")
    assert not os.path.exists(given)
    code, out, err = run(["--format", "json", given], capsys)
    assert code == 0, err
    assert [f["path"] for f in json.loads(out)] == [name]
    assert (root / name).is_file()


def test_a_root_without_documents_is_a_usage_error(tmp_path, capsys) -> None:
    (tmp_path / "empty").mkdir()
    code, out, err = run(["--root", str(tmp_path / "empty")], capsys)
    assert (code, out) == (2, "")
    assert f"no documents in {tmp_path / 'empty'}" in err


def test_statistics_and_list_rules_print_json(capsys) -> None:
    code, out, _ = run(["--root", str(FIXTURE), "--statistics", "--format", "json"], capsys)
    rows = json.loads(out)
    assert code == 1
    assert rows[0] == {"code": "MB001", "rule": "broken-derived-from", "count": 2, "fixable": 1, "unsafe": 0}
    code, out, _ = run(["--list-rules", "--format", "json"], capsys)
    rules = json.loads(out)
    assert code == 0 and len(rules) == 13
    assert rules[5] == {
        "code": "MB006",
        "name": "must-not-define-violated",
        "severity": "error",
        "summary": rules[5]["summary"],
    }
    assert run(["--list-rules", "--format", "sarif"], capsys)[0] == 2


def _many_findings(root: Path, count: int) -> None:
    for n in range(count):
        (root / f"orphan-{n:03}.md").write_text(
            f"---\ntitle: O{n}\nderived_from:\n  - gone-{n}.md\n---\n", encoding="utf-8"
        )


def test_github_format_outside_actions_prints_every_finding(fixture_copy) -> None:
    _many_findings(fixture_copy, 30)
    env = {k: v for k, v in os.environ.items() if not k.startswith("GITHUB_")}
    done = subprocess.run(
        [LINT, "--root", str(fixture_copy), "--format", "github"], capture_output=True, text=True, env=env
    )
    annotations = [line for line in done.stdout.splitlines() if line.startswith("::")]
    assert len(annotations) == 73
    assert "job summary" not in done.stdout


def test_under_actions_the_capped_rest_goes_to_the_job_summary(fixture_copy, tmp_path) -> None:
    _many_findings(fixture_copy, 30)
    summary = tmp_path / "summary.md"
    env = {**os.environ, "GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": str(summary)}
    done = subprocess.run([LINT, "--root", str(fixture_copy)], capture_output=True, text=True, env=env)
    assert sum(line.startswith("::") for line in done.stdout.splitlines()) == 20
    assert "see the job summary" in done.stdout
    assert summary.read_text(encoding="utf-8").count("| error |") == 39


def test_an_unwritable_job_summary_is_a_clear_error(fixture_copy, tmp_path) -> None:
    target = tmp_path / "missing-folder" / "summary.md"
    env = {**os.environ, "GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": str(target)}
    done = subprocess.run([LINT, "--root", str(fixture_copy)], capture_output=True, text=True, env=env)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.strip() == (
        f"memorybank-lint: cannot write the job summary GITHUB_STEP_SUMMARY={target}: "
        f"its folder {target.parent} does not exist"
    )


@pytest.mark.parametrize(
    "argv", [["--format", "sarif"], ["--format", "json"], ["--format", "text"], ["--statistics"]]
)
def test_a_run_that_writes_no_job_summary_does_not_need_one(fixture_copy, tmp_path, argv) -> None:
    """Only the github format writes the job summary: a SARIF, JSON or text report, or the
    counts, stopped with exit 2 when GITHUB_STEP_SUMMARY could not be written, and reported nothing."""
    target = tmp_path / "missing-folder" / "summary.md"
    env = {**os.environ, "GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": str(target)}
    done = subprocess.run([LINT, "--root", str(fixture_copy), *argv], capture_output=True, text=True, env=env)
    assert done.returncode == 1 and done.stdout, done.stderr
    assert "job summary" not in done.stderr and not target.parent.exists()


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ('strict = "false"', "strict must be true or false"),
        ("root = 3", "root must be a folder path"),
        ("select = 5", "expected a list of rule codes"),
        ("max-file-size = true", "max-file-size must be a positive number"),
        ('severity = "error"', "severity must be a table"),
        ('[severity]\nALL = "error"', "'ALL' names no single rule"),
        ('[severity]\nMB008 = "error"\nunknown-enum-value = "warning"', "severity sets MB008 twice"),
        ('[severity]\nMB008 = "error"\nmb008 = "error"', "severity sets MB008 twice"),
        ('[severity]\n"" = "error"', "severity: an empty rule code"),
        ('ignore = [""]', "ignore: an empty rule code in ['']"),
        ('extend-select = ["MB001", " "]', "an empty rule code"),
        ('[per-file-ignores]\n"*.md" = ["MB001", ""]', "per-file-ignores '*.md': an empty rule code"),
    ],
)
def test_a_value_of_the_wrong_type_is_a_configuration_error(
    fixture_copy, monkeypatch, capsys, line: str, message: str
) -> None:
    (fixture_copy.parent / ".memorybank.toml").write_text(line + "\n", encoding="utf-8")
    monkeypatch.chdir(fixture_copy.parent)
    code, out, err = run([], capsys)
    assert (code, out) == (2, "")
    assert message in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("tool = 3\n", "tool must be a table"),
        ("[tool]\nmemorybank = 3\n", "[tool.memorybank] must be a table"),
    ],
)
def test_a_pyproject_whose_tool_table_is_not_a_table_is_a_configuration_error(
    fixture_copy, monkeypatch, capsys, text: str, message: str
) -> None:
    (fixture_copy.parent / "pyproject.toml").write_text(text, encoding="utf-8")
    monkeypatch.chdir(fixture_copy.parent)
    for argv in ([], ["--config", "pyproject.toml"]):
        code, out, err = run(argv, capsys)
        assert (code, out) == (2, "") and message in err and len(err.strip().splitlines()) == 1, err


def test_show_settings_names_the_file_the_values_and_where_the_search_stopped(tmp_path, capsys) -> None:
    project = tmp_path / "project"
    write_bank(project / "docs-bank", CLEAN_BANK)
    (project / ".memorybank.toml").write_text(
        'root = "docs-bank"\nignore = ["MB009"]\nstrict = true\n[severity]\nMB001 = "warning"\n',
        encoding="utf-8",
    )
    (project / "sub").mkdir()
    git(project, "init", "-q")
    done = subprocess.run([LINT, "--show-settings"], cwd=project / "sub", capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    lines = dict(line.split(": ", 1) for line in done.stdout.splitlines())
    assert lines["configuration"] == str(project / ".memorybank.toml")
    assert lines["root"] == str(project / "docs-bank")
    assert lines["ignore"] == "MB009" and lines["strict"] == "true" and lines["severity"] == "MB001 = warning"
    assert lines["searched"] == f"{project / 'sub'} up to {project}"


def test_the_search_stops_at_the_repository_root(tmp_path) -> None:
    (tmp_path / ".memorybank.toml").write_text('ignore = ["MB009"]\n', encoding="utf-8")
    repo = tmp_path / "repo"
    write_bank(repo / "memory-bank", CLEAN_BANK)
    git(repo, "init", "-q")
    done = subprocess.run([LINT, "--show-settings"], cwd=repo, capture_output=True, text=True)
    lines = dict(line.split(": ", 1) for line in done.stdout.splitlines())
    assert lines["configuration"] == "(none found: defaults)"
    assert lines["searched"] == f"{repo} up to {repo} (repository root)"
    assert lines["ignore"] == "(none)"
    assert lines["max-file-size"] == "2097152"  # what is in force, not "default"


def test_explain_and_show_settings_print_json_too(fixture_copy, monkeypatch, capsys) -> None:
    code, out, _ = run(["--explain", "MB006", "--format", "json"], capsys)
    rule = json.loads(out)
    assert code == 0 and rule["name"] == "must-not-define-violated" and "Why it matters" in rule["doc"]
    monkeypatch.chdir(fixture_copy.parent)
    code, out, _ = run(["--show-settings", "--format", "json"], capsys)
    resolved = json.loads(out)
    assert code == 0 and resolved["root"] == str(fixture_copy) and resolved["strict"] is False
    assert len(resolved["rules"]) == 13
    assert run(["--explain", "MB006", "--format", "sarif"], capsys)[0] == 2


def test_a_file_named_like_an_option_is_a_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    """pre-commit appends staged names with no `--`: a folder named `--write-baseline=.` made
    `--write-baseline=./memory-bank/domain/model.md` an option that overwrote a document."""
    root = write_bank(tmp_path / "memory-bank", CLEAN_BANK)
    target = root / "domain" / "model.md"
    target.parent.mkdir(exist_ok=True)
    target.write_text("---\ntitle: Model\ndoc_kind: domain\nstatus: draft\n---\n# Model\n", encoding="utf-8")
    planted = tmp_path / "--write-baseline=." / "memory-bank" / "domain" / "model.md"
    planted.parent.mkdir(parents=True)
    planted.write_text("# a file in a folder named like an option\n", encoding="utf-8")
    before = target.read_bytes()
    monkeypatch.chdir(tmp_path)
    code, out, err = run(["memory-bank/README.md", "--write-baseline=./memory-bank/domain/model.md"], capsys)
    assert target.read_bytes() == before and "wrote" not in out + err
    assert code == 2 and "several banks" in err  # read as the path it is, in a second bank
    code, out, err = run(["--select", "MB001", "memory-bank/README.md"], capsys)
    assert code == 0, err  # a real option still is one


LINT_MISTAKES = {
    "an empty rule to explain": (["--explain", ""], "--explain is empty"),
    "an empty baseline to write": (["--write-baseline", ""], "--write-baseline is empty"),
    "an empty baseline": (["--baseline", ""], "--baseline is empty"),
    "an empty path": ([""], "a path is empty"),
    "an empty selection": (["--select", ""], "--select is empty"),
    "a selection of blanks": (["--select", " , "], "names no rule"),
    "an ignore list of blanks": (["--ignore", ","], "--ignore: an empty rule code in ['', '']"),
    "a selection with a gap": (["--select", "MB001,,MB004"], "--select: an empty rule code"),
    "a diff in json": (["--diff", "--format", "json"], "--diff prints a unified diff, not json"),
    "settings and a baseline to write": (
        ["--show-settings", "--write-baseline", "b.json"],
        "--show-settings and --write-baseline do not go together",
    ),
    "a baseline written and read": (
        ["--write-baseline", "c.json", "--baseline", "d.json"],
        "--write-baseline and --baseline do not go together",
    ),
    "a rule to explain and the list": (["--explain", "MB001", "--list-rules"], "do not go together"),
    "unsafe fixes alone": (["--unsafe-fixes"], "--unsafe-fixes applies to --fix or --diff"),
    "a selection all ignored": (["--select", "MB001", "--ignore", "MB001"], "--select and --ignore leave no"),
    "everything ignored": (["--ignore", ",".join(f"MB{n:03}" for n in range(1, 14))], "--ignore leaves no"),
    "all ignored by name": (["--ignore", "ALL"], ": --ignore leaves no rule to run"),
    "a selection given twice": (
        ["--select", "MB001", "--select", "MB004"],
        "--select is given more than once",
    ),
    "a root given twice": (
        ["--root", "memory-bank", "--root", "memory-bank"],
        "--root is given more than once",
    ),
    "a format given twice": (["--format", "json", "--format", "text"], "--format is given more than once"),
    "a fix beside the rule list": (["--list-rules", "--fix"], "--fix does not apply to --list-rules"),
    "a baseline beside an explanation": (
        ["--explain", "MB001", "--baseline", "missing.json"],
        "--baseline does not apply to --explain",
    ),
    "a path beside the rule list": (["--list-rules", "memory-bank"], "a path does not apply to --list-rules"),
    "a selection beside the settings": (
        ["--show-settings", "--select", "MB001"],
        "--select does not apply to --show-settings",
    ),
    "the settings and an explanation": (["--show-settings", "--explain", "MB001"], "do not go together"),
    "the suppression rule with suppressions off": (
        ["--select", "MB013", "--ignore-noqa"],
        "--ignore-noqa leaves no rule to run",
    ),
    "a baseline to write as annotations": (
        ["--write-baseline", "b.json", "--format", "github"],
        "--write-baseline prints one line, not github",
    ),
    "the version beside a fix": (["--version", "--fix"], "--version prints the version only"),
    "the settings of a missing root": (["--show-settings", "--root", "no-such"], "no-such"),
    "an option taken for the baseline's name": (
        ["--write-baseline", "--strict"],
        "--write-baseline takes a value, and --strict is an option; give --write-baseline its value",
    ),
    "an option taken for a rule": (["--select", "--fix"], "--select takes a value, and --fix is an option"),
    "an option with its value taken for the baseline's name": (
        ["--write-baseline", "--select=MB001"],
        "--write-baseline takes a value, and --select=MB001 is an option",
    ),
}


@pytest.mark.parametrize(("argv", "phrase"), LINT_MISTAKES.values(), ids=LINT_MISTAKES.keys())
def test_a_mistaken_value_or_pair_exits_two_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys, argv: list[str], phrase: str
) -> None:
    """A value given as '' never quietly means "not given", and of two options that do not go
    together neither is quietly passed over."""
    write_bank(tmp_path / "memory-bank", CLEAN_BANK)
    monkeypatch.chdir(tmp_path)
    code, out, err = run(argv, capsys)
    assert (code, out) == (2, "") and len(err.splitlines()) == 1 and phrase in err, err
    assert not any((tmp_path / name).exists() for name in ("b.json", "c.json", "--strict"))


def test_a_configuration_that_ignores_all_it_selects_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    write_bank(tmp_path / "memory-bank", CLEAN_BANK)
    (tmp_path / ".memorybank.toml").write_text('select = ["MB001"]\nignore = ["MB001"]\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, out, err = run([], capsys)
    assert (code, out) == (2, "") and "every selected rule is also ignored" in err, err


@pytest.mark.parametrize("value", ['""', "[]", '"MB001"'])
def test_a_configured_selection_must_be_a_list_that_names_a_rule(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys, value: str
) -> None:
    write_bank(tmp_path / "memory-bank", CLEAN_BANK)
    (tmp_path / ".memorybank.toml").write_text(f"select = {value}\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, out, err = run([], capsys)
    assert (code, out) == (2, "") and ".memorybank.toml: select" in err, err


def test_diff_with_exit_zero_exits_zero(fixture_copy, monkeypatch, capsys) -> None:
    monkeypatch.chdir(fixture_copy.parent)
    code, out, _ = run(["--root", fixture_copy.name, "--diff", "--exit-zero"], capsys)
    assert code == 0 and out.startswith("--- a/")


def test_a_refusal_quoting_a_hostile_value_stays_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    """A configured root, or a file name a hook passes, may hold a line break: quoted raw, its
    second line would be a workflow command to a CI runner (`::error …`)."""
    write_bank(tmp_path / "memory-bank", CLEAN_BANK)
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".memorybank.toml").write_text('root = "nope\\n::error title=x::forged"\n', encoding="utf-8")
    code, out, err = run([], capsys)
    assert (code, out) == (2, "") and len(err.splitlines()) == 1 and "nope\\n::error" in err, err
    (tmp_path / ".memorybank.toml").unlink()
    odd = tmp_path / "elsewhere\n::error title=x::forged.md"
    odd.write_text("# x\n", encoding="utf-8")
    code, _, err = run(["--root", "memory-bank", str(odd)], capsys)
    assert not any(line.startswith("::") for line in err.splitlines()), err
    assert "is not inside the bank" in err


def test_a_job_summary_that_is_a_fifo_is_refused_without_blocking(fixture_copy, tmp_path) -> None:
    target = tmp_path / "summary.fifo"
    os.mkfifo(target)
    env = {**os.environ, "GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": str(target)}
    done = subprocess.run(
        [LINT, "--root", str(fixture_copy)], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode == 2 and done.stdout == ""
    assert "GITHUB_STEP_SUMMARY" in done.stderr and "not a regular file" in done.stderr


@pytest.mark.parametrize("under", ["notes.txt", "notes.txt/deeper"])
def test_a_job_summary_under_a_file_names_the_file(
    fixture_copy, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, under: str, capsys
) -> None:
    """`its folder … does not exist` was said of a folder that was a file: the message names it."""
    (tmp_path / "notes.txt").write_text("a file\n", encoding="utf-8")
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(tmp_path / under / "summary.md"))
    code, out, err = run(["--root", str(fixture_copy)], capsys)
    assert (code, out) == (2, "") and len(err.strip().splitlines()) == 1
    assert f"{tmp_path / 'notes.txt'} is a file, not a folder" in err, err


def test_a_bank_folder_linked_out_of_the_repository_is_refused(tmp_path: Path, monkeypatch, capsys) -> None:
    """A cloned repository that commits `memory_bank` as a link to a folder elsewhere must not aim
    the fixes, writes and reports there, just as a configured root may not."""
    elsewhere = write_bank(tmp_path / "victim" / "memory_bank", CLEAN_BANK)
    clone = tmp_path / "clone"
    clone.mkdir()
    git(clone, "init", "-q")
    (clone / "memory_bank").symlink_to(elsewhere)
    monkeypatch.chdir(clone)
    before = {p: p.read_bytes() for p in elsewhere.rglob("*") if p.is_file()}
    code, out, err = run(["--fix", "--unsafe-fixes"], capsys)
    assert (code, out) == (2, "") and len(err.strip().splitlines()) == 1
    assert "is a link that leads outside the repository" in err and "--root" in err
    assert {p: p.read_bytes() for p in elsewhere.rglob("*") if p.is_file()} == before
    served = subprocess.run(
        [str(Path(sys.executable).with_name("mcp-memorybank"))],
        cwd=clone,
        input="",
        capture_output=True,
        text=True,
    )
    assert served.returncode == 2 and "leads outside the repository" in served.stderr
    code, _out, _err = run(["--root", str(elsewhere)], capsys)  # named on purpose: linted
    assert code == 0


def test_github_annotations_name_files_from_the_workspace_wherever_the_command_runs(
    tmp_path: Path, monkeypatch, capsys
) -> None:
    """GitHub resolves `file=` against the workspace: run from a subfolder (a step's
    `working-directory`), the annotation must still name `docs/memory-bank/…`."""
    files = {**CLEAN_BANK, "domain/loose.md": "---\ntitle: Loose\nstatus: bogus\n---\n# Loose\n"}
    bank = write_bank(tmp_path / "docs" / "memory-bank", files)
    git(tmp_path, "init", "-q")
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(tmp_path / "summary.md"))
    monkeypatch.delenv("GITHUB_WORKSPACE", raising=False)
    for folder in (tmp_path, tmp_path / "docs", bank / "domain"):
        monkeypatch.chdir(folder)
        _code, out, _err = run(["--root", str(bank)], capsys)
        assert "file=docs/memory-bank/domain/loose.md," in out, (folder, out)
    monkeypatch.setenv("GITHUB_WORKSPACE", str(tmp_path / "docs"))  # a checkout into a subfolder
    _code, out, _err = run(["--root", str(bank)], capsys)
    assert "file=memory-bank/domain/loose.md," in out


def test_sarif_names_files_from_the_workspace_as_annotations_do_without_git(
    tmp_path: Path, monkeypatch, capsys
) -> None:
    """Without a repository SARIF paths started at the bank (`domain/loose.md`, the source root
    the bank folder) while annotations named `memory-bank/domain/loose.md`: code scanning, which
    resolves from the checkout, attached the alerts to no file."""
    files = {**CLEAN_BANK, "domain/loose.md": "---\ntitle: Loose\nstatus: bogus\n---\n# Loose\n"}
    bank = write_bank(tmp_path / "memory-bank", files)
    monkeypatch.setenv("GITHUB_WORKSPACE", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    _code, out, _err = run(["--root", str(bank), "--format", "sarif"], capsys)
    run_ = json.loads(out)["runs"][0]
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in run_["results"]}
    assert uris == {"memory-bank/domain/loose.md"}
    assert run_["originalUriBaseIds"]["%SRCROOT%"]["uri"] == tmp_path.resolve().as_uri() + "/"
    _code, out, _err = run(["--root", str(bank), "--format", "github"], capsys)
    assert "file=memory-bank/domain/loose.md," in out


def test_the_job_summarys_pictures_name_a_loop_as_its_table_and_annotations_do(
    tmp_path: Path, monkeypatch, capsys
) -> None:
    """Run from inside the bank, a loop's heading named its file from there (`b.md:6`) while
    the annotation and the summary's table named it from the workspace: two names for one file
    on one page, and only one of them opens it in the repository."""

    def doc(derived: str) -> str:
        return f"---\ntitle: Doc\ndoc_kind: adr\nstatus: draft\nderived_from:\n  - {derived}\n---\n# Doc\n"

    broken = {f"domain/broken-{n:02}.md": doc("../nowhere.md") for n in range(12)}  # past the caps
    files = {**CLEAN_BANK, "adr/a.md": doc("b.md"), "adr/b.md": doc("a.md"), **broken}
    bank = write_bank(tmp_path / "docs" / "memory-bank", files)
    git(tmp_path, "init", "-q")
    summary = tmp_path / "summary.md"
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    monkeypatch.setenv("GITHUB_WORKSPACE", str(tmp_path))
    monkeypatch.chdir(bank / "adr")
    code, out, _err = run([], capsys)
    assert code == 1
    drawn = summary.read_text(encoding="utf-8")
    (row,) = [line for line in drawn.splitlines() if line.startswith("| error | MB003 |")]
    named, line = row.split(" | ")[3:5]  # the cap left the loop to the table
    assert named == "docs/memory-bank/adr/b.md"
    assert f"::warning file={named},line=1," in out  # as the annotations name the same file
    assert f"### Loop 1: 2 documents (closed at {named}:{line})" in drawn
    # and so do the boxes of the pictures: the loop's and the broken edges'
    assert '["docs/memory-bank/adr/a.md"]' in drawn and '["docs/memory-bank/adr/b.md"]' in drawn
    assert '["docs/memory-bank/domain/broken-00.md"]' in drawn and '["adr/a.md"]' not in drawn


def test_statistics_under_actions_print_as_text_unless_github_is_asked_for(
    fixture_copy, tmp_path, monkeypatch, capsys
) -> None:
    """`github` is only the default there: counts have no annotation form, so they print as text;
    `--format github` given on purpose is still refused."""
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(tmp_path / "summary.md"))
    code, out, err = run(
        ["--root", str(fixture_copy), "--select", "MB001,ssot-conflict", "--statistics"], capsys
    )
    assert code == 1 and "MB001" in out and "::" not in out, err
    code, out, err = run(["--root", str(fixture_copy), "--statistics", "--format", "github"], capsys)
    assert (code, out) == (2, "") and "--statistics prints text or json, not github" in err


def test_files_named_like_the_commands_own_options_leave_them_options(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    """A pull request adding empty files `--format` and `github` (or `--strict`) beside the bank
    turned the Action's `--format github` into two paths outside the bank: nothing was checked,
    exit 0. Only the staged markdown names pre-commit appends are taken as paths."""
    broken = (
        "---\ntitle: Broken\ndoc_kind: domain\nstatus: draft\nderived_from:\n  - ../nowhere.md\n---\n# B\n"
    )
    write_bank(tmp_path / "memory-bank", {**CLEAN_BANK, "domain/broken.md": broken})
    for name in ("--format", "github", "--strict", "sarif"):
        (tmp_path / name).write_text("", encoding="utf-8")
    (tmp_path / "-bank").mkdir()
    monkeypatch.chdir(tmp_path)
    code, out, _err = run(["--format", "json"], capsys)
    assert code == 1 and "MB001" in out and json.loads(out)
    code, out, _err = run(["--strict", "--format", "json"], capsys)
    assert code == 1 and "MB001" in out
    code, _out, err = run(["--root", "-bank"], capsys)
    assert code == 2 and "no documents in" in err and "-bank" in err  # the value of --root, not an option


def test_a_named_file_is_judged_under_the_name_the_bank_keys_it_by(
    tmp_path: Path, monkeypatch, capsys
) -> None:
    """Of two names differing only by Unicode form the one given is judged (not its twin), and a
    name holding a control character is found under its escaped key: the hook passed both."""
    composed, decomposed = unicodedata.normalize("NFC", "café"), unicodedata.normalize("NFD", "café")
    broken = (
        "---\ntitle: Broken\ndoc_kind: domain\nstatus: draft\nderived_from:\n  - ../nowhere.md\n---\n# B\n"
    )
    clean = "---\ntitle: Clean\ndoc_kind: domain\nstatus: draft\n---\n# C\n"
    root = write_bank(tmp_path / "memory-bank", CLEAN_BANK)
    (root / "domain" / f"{composed}.md").write_text(clean, encoding="utf-8")
    (root / "domain" / f"{decomposed}.md").write_text(broken, encoding="utf-8")
    (root / "domain" / "tab\there.md").write_text(clean, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, out, _err = run(["--format", "json", f"memory-bank/domain/{decomposed}.md"], capsys)
    assert code == 1 and {(f["code"], f["path"]) for f in json.loads(out) if f["code"] == "MB001"} == {
        ("MB001", f"domain/{decomposed}.md")
    }
    code, out, _err = run(
        ["--format", "json", "--select", "MB001", f"memory-bank/domain/{composed}.md"], capsys
    )
    assert code == 0 and json.loads(out) == []
    code, out, _err = run(["--format", "json", "memory-bank/domain/tab\there.md"], capsys)
    assert code == 1 and any(
        f["code"] == "MB002" and f["path"] == "domain/tab\\there.md" for f in json.loads(out)
    )


def _snapshot(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.mark.parametrize(
    ("argv", "env", "message"),
    [
        (["--fix", "--statistics", "--format", "sarif"], {}, "--statistics prints text or json, not sarif"),
        (
            ["--fix"],
            {"GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": "/nonexistent/dir/s.md"},
            "job summary",
        ),
    ],
    ids=["statistics format", "job summary"],
)
def test_a_usage_error_stops_fix_before_it_writes(fixture_copy, argv, env, message) -> None:
    """Both were found only when the report was printed, after --fix had rewritten the bank."""
    before = _snapshot(fixture_copy)
    done = subprocess.run(
        [LINT, "--root", str(fixture_copy), "--no-cache", *argv],
        capture_output=True,
        text=True,
        env={**os.environ, **env},
    )
    assert done.returncode == 2 and message in done.stderr
    assert _snapshot(fixture_copy) == before


@pytest.mark.parametrize(
    "argv",
    [
        ["--write-baseline", "base.json", "--statistics"],
        ["--write-baseline", "base.json", "--format", "sarif"],
        ["--write-baseline", "base.json", "--format", "json"],
    ],
)
def test_an_option_another_would_pass_over_is_refused(fixture_copy, tmp_path, capsys, argv) -> None:
    code, out, err = run(
        ["--root", str(fixture_copy), *[str(tmp_path / a) if a == "base.json" else a for a in argv]], capsys
    )
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "base.json").exists()


def test_a_link_or_a_special_file_named_on_the_command_line_is_skipped_by_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    """Each was passed over with "No findings." (a FIFO) or called "not inside the bank" (a link
    inside it leading out), never named for what it is."""
    root = write_bank(tmp_path / "memory-bank", CLEAN_BANK)
    monkeypatch.chdir(tmp_path)
    os.mkfifo(root / "fifo.md")
    (root / "zero.md").symlink_to("/dev/zero")
    (root / "twin.md").symlink_to("dna/principles.md")
    code, _, err = run(
        ["--root", "memory-bank", "memory-bank/fifo.md", "memory-bank/zero.md", "memory-bank/twin.md"], capsys
    )
    assert code == 0 and err.splitlines() == [
        "memorybank-lint: memory-bank/fifo.md is not a regular file (a FIFO, a socket, a device); skipped",
        "memorybank-lint: memory-bank/zero.md is a symbolic link, which the bank never follows; skipped",
        "memorybank-lint: memory-bank/twin.md is a symbolic link, which the bank never follows; skipped",
    ]


def test_a_link_named_on_the_command_line_does_not_choose_the_bank_by_where_it_leads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    """The bank of the given files was found from each file with its links resolved: a link in
    the bank to a document of another project's bank made the run open and report that bank,
    outside the repository, and beside a file of its own bank it was refused as two banks."""
    root = write_bank(tmp_path / "repo" / "memory-bank", CLEAN_BANK)
    (tmp_path / "repo" / ".git").mkdir()
    other = write_bank(tmp_path / "other" / "memory-bank", {"y.md": "---\ntitle: Y\n---\n# Y\n"})
    (root / "link.md").symlink_to(other / "y.md")
    monkeypatch.chdir(tmp_path / "repo")
    skipped = "memorybank-lint: memory-bank/link.md is a symbolic link, which the bank never follows; skipped"
    for paths in (["memory-bank/link.md"], ["memory-bank/link.md", "memory-bank/README.md"]):
        code, out, err = run(paths, capsys)
        assert (code, err.splitlines()) == (0, [skipped]), out + err
        assert "other" not in out and "MB012" not in out, out


@pytest.mark.parametrize("fmt", ["text", "json", "sarif", "github"])
def test_a_report_the_locale_cannot_encode_is_written_as_utf8(tmp_path: Path, fmt: str) -> None:
    """Under `PYTHONIOENCODING=cp1252` (a Windows pipe) a document's emoji made printing raise:
    a traceback, exit 1 and no report at all, in every format."""
    header = "---\ntitle: X\nderived_from:\n  - nope😀.md\n---\n# X\n"
    root = write_bank(tmp_path / "memory-bank", CLEAN_BANK | {"x.md": header})
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "from memorybank_lint.cli import entry; entry()",
            "--root",
            str(root),
            "--format",
            fmt,
        ],
        capture_output=True,
        env={**os.environ, "PYTHONIOENCODING": "cp1252"},
        cwd=Path(__file__).resolve().parents[1],
        timeout=120,
    )
    assert done.returncode == 1 and b"Traceback" not in done.stderr, done.stderr
    report = done.stdout.decode("utf-8")
    assert "nope😀.md" in (
        json.dumps(json.loads(report), ensure_ascii=False) if fmt in ("json", "sarif") else report
    )


def test_a_folder_the_user_cannot_list_is_named_not_passed_over(capfd: pytest.CaptureFixture[str]) -> None:
    """A folder this user may not list was skipped without a word: its documents were neither
    checked nor answered from, and the index entry leading into it read as a dangling link. Each
    way in says so: both commands name the folder, `bank_validate` lists it, a path inside it is
    a one-line usage error, and a bank root that cannot be listed is not "a folder without
    documents"."""
    import shutil
    import tempfile

    from memorybank_lint.bank import Bank
    from memorybank_server import scaffold
    from memorybank_server.cli import main as server_main
    from memorybank_server.validate import validate

    from .conftest import as_another_user, owned_by_another_user

    base = Path(tempfile.mkdtemp(prefix="unlisted-"))  # outside pytest's private folder
    base.chmod(0o755)
    root = base / "memory_bank"
    try:
        scaffold.init(root, "Acme")
        owned_by_another_user(base)
        os.chown(root / "domain", 0, 0)  # another owner's folder the user may not enter
        (root / "domain").chmod(0o700)

        def exits(call) -> None:  # the exit code, through the refusal text `as_another_user` keeps
            raise RuntimeError(f"exit {call()}")

        def listed() -> None:
            bank = Bank(root)
            bank.refresh()
            raise RuntimeError(json.dumps(validate(bank).get("unreadable")))

        def from_the_project() -> None:
            os.chdir(base)
            exits(lambda: main([]))

        capfd.readouterr()
        answers = as_another_user(
            [
                lambda: exits(lambda: main(["--root", str(root)])),
                lambda: exits(lambda: server_main(["--root", str(root), "--validate"])),
                listed,
                lambda: exits(lambda: main(["--root", str(root), str(root / "domain" / "README.md")])),
                lambda: exits(lambda: server_main(["--root", str(root), "--validate", "--json"])),
            ]
        )
        out, err = capfd.readouterr()
        assert answers[:2] == ["refused: exit 1", "refused: exit 1"], answers
        note = (
            "memorybank: domain/ in the bank cannot be read (Permission denied); its documents were skipped"
        )
        assert err.count(note) >= 2, err
        assert json.loads(answers[2].removeprefix("refused: ")) == [
            {"folder": "domain/", "reason": "Permission denied"}
        ]
        assert answers[3] == "refused: exit 2", answers
        assert answers[4] == "refused: exit 1", answers  # the same list in the command's JSON
        assert json.loads(out[out.rindex("\n{") + 1 :])["unreadable"] == json.loads(
            answers[2].removeprefix("refused: ")
        )
        assert f"{root / 'domain' / 'README.md'}: cannot be read (Permission denied)" in err, err
        os.chown(root, 0, 0)
        root.chmod(0o700)
        (project,) = as_another_user([from_the_project])
        assert project == "refused: exit 2", project
        assert f"bank root {root} cannot be read (Permission denied)" in capfd.readouterr().err
    finally:
        subprocess.run(["chmod", "-R", "u+rwx", str(base)], check=False)
        shutil.rmtree(base, ignore_errors=True)


def test_a_path_inside_the_bank_that_is_no_document_is_named_not_passed_as_clean(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    """Each was answered "No findings." without a word, as if it had been checked."""
    root = write_bank(tmp_path / "memory-bank", CLEAN_BANK)
    (root / "notes.txt").write_text("t\n", encoding="utf-8")
    for folder in ("dist", ".hidden", "empty"):
        (root / folder).mkdir()
    (root / "dist" / "x.md").write_text("# X\n", encoding="utf-8")
    (root / ".h.md").write_text("# H\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    expected = {
        "memory-bank/notes.txt": "is not a markdown document",
        "memory-bank/dist/x.md": "is in a folder the bank never reads",
        "memory-bank/dist": "is a folder the bank never reads",
        "memory-bank/.hidden": "is a folder the bank never reads",
        "memory-bank/.h.md": "is a hidden file, which the bank never reads",
        "memory-bank/empty": "holds no document of the bank",
    }
    for given, why in expected.items():
        code, out, err = run([given], capsys)
        assert (code, out.strip()) == (0, "No findings."), out
        assert err.startswith(f"memorybank-lint: {given} {why}") and err.endswith("; skipped\n"), err
        assert len(err.splitlines()) == 1, err


@pytest.mark.parametrize("text", ['[project]\nname = "x"\n', "[tool.memorybnak]\nstrict = true\n"])
def test_a_pyproject_given_as_the_configuration_without_its_table_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys, text: str
) -> None:
    """Asked for by name, a pyproject.toml without `[tool.memorybank]` (or with it misspelt) was
    read as the defaults, and --show-settings named it as the configuration in force."""
    write_bank(tmp_path / "memory-bank", CLEAN_BANK)
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "pyproject.toml").write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    for argv in (["--config", "sub/pyproject.toml"], ["--show-settings", "--config", "sub/pyproject.toml"]):
        code, out, err = run(argv, capsys)
        assert (code, out) == (2, ""), out
        assert "sub/pyproject.toml has no [tool.memorybank] table" in err and len(err.splitlines()) == 1, err


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ('[per-file-ignores]\n"" = ["MB001"]\n', "per-file-ignores has an empty glob"),
        ('[per-file-ignores]\n"adr/*" = []\n', "per-file-ignores 'adr/*' names no rule"),
        ('cache-dir = "taken"\n', "cache-dir"),
    ],
    ids=["empty glob", "empty rule list", "cache folder is a file"],
)
def test_a_configuration_value_that_could_not_mean_anything_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys, text: str, reason: str
) -> None:
    """Each was accepted without a word (the cache folder with a warning, then no cache)."""
    write_bank(tmp_path / "memory-bank", CLEAN_BANK)
    (tmp_path / "taken").write_text("a file\n", encoding="utf-8")
    (tmp_path / ".memorybank.toml").write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, out, err = run([], capsys)
    assert (code, out) == (2, "") and reason in err and len(err.splitlines()) == 1, err
    if reason == "cache-dir":
        assert "is a file, not a folder" in err, err


def test_a_baseline_entry_of_a_rule_this_version_does_not_have_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    """It could match nothing and was never reported as gone: a typo or a hand edit hid in it."""
    write_bank(tmp_path / "memory-bank", CLEAN_BANK)
    entry = {"code": "MB999", "path": "a.md", "fingerprint": "f"}
    (tmp_path / "known.json").write_text(json.dumps({"version": 1, "findings": [entry]}), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, out, err = run(["--baseline", "known.json"], capsys)
    assert (
        (code, out) == (2, "") and "MB999" in err and "no such rule" in err and len(err.splitlines()) == 1
    ), err


def test_the_settings_print_a_hostile_folder_name_escaped_on_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    """A committed configuration may aim `root` at any folder of the repository: its name went out
    raw, so an escape drove the terminal and a line break started a forged `::error` line."""
    from memorybank_server.cli import main as server_main

    name = "x\x1b]0;PWNED\x07\u202e\n::error file=a::forged"
    write_bank(tmp_path / "docs" / name / "memory-bank", CLEAN_BANK)
    (tmp_path / ".git").mkdir()
    (tmp_path / ".memorybank.toml").write_text(
        'root = "docs/'
        + "".join(c if " " <= c < "\x7f" else f"\\u{ord(c):04X}" for c in name)
        + '/memory-bank"\n',
        encoding="utf-8",
    )
    monkeypatch.chdir(tmp_path)
    for command, argv in ((main, ["--show-settings"]), (server_main, ["--show-settings"])):
        code, out, err = captured(command, argv, capsys)
        assert code == 0, err
        assert "\x1b" not in out and "\u202e" not in out and "\x07" not in out, out
        assert not any(line.startswith("::") for line in out.splitlines()), out
        assert "\\x1b]0;PWNED" in out, out


def test_a_folder_named_in_one_unicode_form_is_not_its_twin_in_the_other(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    """Two folders whose names differ only by form (`dé` composed and decomposed): a run, a fix or
    a scope limited to one judged and rewrote the other's documents too."""
    from memorybank_server.cli import main as server_main

    nfc, nfd = unicodedata.normalize("NFC", "dé"), unicodedata.normalize("NFD", "dé")
    fixable = "---\ntitle: {0}\npurpose: Retry layer: backoff\nstatus: draft\n---\n# {0}\n"
    files = {f"{nfc}/a.md": fixable.format("A"), f"{nfd}/b.md": fixable.format("B")}
    root = write_bank(tmp_path / "memory-bank", {**CLEAN_BANK, **files})
    monkeypatch.chdir(tmp_path)
    before = (root / nfd / "b.md").read_bytes()
    code, out, err = run(["--format", "json", f"memory-bank/{nfc}"], capsys)
    assert code == 1 and {f["path"] for f in json.loads(out)} == {f"{nfc}/a.md"}, err
    code, out, err = captured(
        server_main, ["--validate", "--json", "--scope", nfc, "--root", "memory-bank"], capsys
    )
    assert code == 1 and {f["path"] for f in json.loads(out)["findings"]} == {f"{nfc}/a.md"}, err
    run(["--fix", f"memory-bank/{nfc}"], capsys)
    assert (root / nfc / "a.md").read_bytes() != fixable.format("A").encode()  # the one named was fixed
    assert (root / nfd / "b.md").read_bytes() == before  # its twin was not


def test_a_finding_on_a_folder_keeps_its_slash_in_every_format(tmp_path: Path, monkeypatch, capsys) -> None:
    """MB012 is reported at `dna/`: JSON said `dna/`, the text, github and SARIF formats `…/dna`."""
    bank = write_bank(tmp_path / "memory-bank", {"README.md": "# Index\n"})
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("GITHUB_WORKSPACE", str(tmp_path))
    seen = {}
    for fmt in ("text", "json", "github", "sarif"):
        _code, out, _err = run(["--root", str(bank), "--format", fmt], capsys)
        seen[fmt] = out
    assert '"path": "dna/"' in seen["json"]
    assert "memory-bank/dna/:1:1: MB012" in seen["text"]
    assert "file=memory-bank/dna/," in seen["github"]
    assert '"uri": "memory-bank/dna/"' in seen["sarif"]


def test_a_reader_that_goes_away_ends_the_run_quietly(tmp_path: Path) -> None:
    """`memorybank-lint | head -1` said `[Errno 32] Broken pipe`, went on printing its summary,
    and exited 2, the code of a mistaken command line."""
    header = "".join(f"  - ../dna/p{n}.md\n" for n in range(3_000))
    root = write_bank(
        tmp_path / "memory-bank",
        {**CLEAN_BANK, "domain/big.md": f"---\ntitle: Big\nderived_from:\n{header}---\n# Big\n"},
    )
    lint = str(Path(sys.executable).with_name("memorybank-lint"))
    child = subprocess.Popen(
        [lint, "--root", str(root), "--no-cache"], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    assert child.stdout is not None and child.stderr is not None
    child.stdout.readline()
    child.stdout.close()
    error = child.stderr.read().decode()
    assert child.wait(timeout=120) == 1
    assert error == ""


@pytest.mark.parametrize(
    ("program", "argv", "reason"),
    [
        ("memorybank-lint", ["--select", "{v}"], "(see --list-rules)"),
        ("memorybank-lint", ["memory-bank/{v}.md"], ".md: no such file or directory"),
        ("memorybank-lint", ["--format", "{v}"], "is not one of 'text', 'json', 'sarif', 'github'"),
        ("mcp-memorybank", ["--read", "{v}.md"], ".md"),
        ("mcp-memorybank", ["--route", "what holds the queue", "--kind", "{v}"], ""),
    ],
)
def test_a_huge_mistaken_value_is_quoted_in_a_bounded_line_that_keeps_its_reason(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys, program: str, argv: list[str], reason: str
) -> None:
    """A 100 KB value was quoted whole: one line of 100 KB on stderr. Its middle goes; the start,
    the end and the reason after it stay."""
    from memorybank_server.cli import main as server_main

    write_bank(tmp_path / "memory-bank", CLEAN_BANK)
    monkeypatch.chdir(tmp_path)
    value = "v" * 50_000 + "w" * 50_000
    command = main if program == "memorybank-lint" else server_main
    code, out, err = captured(command, [a.replace("{v}", value) for a in argv], capsys)
    assert code in (1, 2) and out == ""
    assert len(err.splitlines()) == 1 and len(err) < 1_000, len(err)
    assert err.startswith(f"{program}: ") and "vvvvvvvv…wwwwwwww" in err and reason in err


def test_a_real_path_written_with_its_escapes_is_quoted_whole(tmp_path: Path, capsys) -> None:
    """A path of 1,200 bytes that are not UTF-8 is written `\\xe9…` four characters a byte: cut at
    4,096 characters, the refusal no longer named the file, and the cut split an escape."""
    odd = Path(os.fsdecode(os.fsencode(tmp_path) + (b"/" + b"\xe9" * 250) * 5))
    odd.mkdir(parents=True)
    target = odd / "x.txt"
    target.write_text("x", encoding="utf-8")
    write_bank(tmp_path / "memory-bank", CLEAN_BANK)
    code, _, err = run(["--root", str(tmp_path / "memory-bank"), str(target)], capsys)
    assert code == 0 and "is not inside the bank" in err  # skipped, as a hook passes staged names
    assert "…" not in err and err.count("\\xe9") == 1250, err[-200:]


def _closing_stdout() -> None:
    os.close(1)


@pytest.mark.parametrize(
    ("command", "args"),
    [
        ("memorybank-lint", ["--fix", "--unsafe-fixes"]),
        ("memorybank-lint", ["--format", "json"]),
        ("mcp-memorybank", ["--route", "which rules apply"]),
    ],
)
def test_a_closed_standard_output_is_refused_before_anything_is_done(
    fixture_copy: Path, command: str, args: list[str]
) -> None:
    """Run with `>&-`, Python gives the process no stdout: the report (or the exit's flush)
    raised a traceback, after `--fix` had already rewritten documents."""
    before = {p: p.read_bytes() for p in fixture_copy.rglob("*.md")}
    done = subprocess.run(
        [str(Path(sys.executable).with_name(command)), "--root", str(fixture_copy), *args],
        stderr=subprocess.PIPE,
        text=True,
        timeout=120,
        preexec_fn=_closing_stdout,
    )
    assert done.returncode == 2, done.stderr
    assert done.stderr == (
        f"{command}: standard output is closed, so nothing could be reported; nothing was done\n"
    )
    assert {p: p.read_bytes() for p in fixture_copy.rglob("*.md")} == before
