"""The composite GitHub Action in `action.yml`: its declared interface, and its lint script run for real.

The lint step's `run:` script is executed with bash the way a runner executes `shell: bash`
(`bash --noprofile --norc -eo pipefail`), with the step's `env:` resolved from the action's inputs
as GitHub would, against a broken bank in a temporary git checkout.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
import yaml

PROJECT_ROOT = Path(__file__).resolve().parents[2]
ACTION_FILE = PROJECT_ROOT / "action.yml"
EXPRESSION = re.compile(r"\$\{\{\s*(.*?)\s*\}\}")

EXPECTED_DEFAULTS = {
    "root": "",
    "format": "github",
    "sarif-file": "memorybank.sarif",
    "args": "",
    "fix": "false",
    "python-version": "3.12",
}


@pytest.fixture(scope="module")
def action() -> dict:
    assert ACTION_FILE.is_file(), f"{ACTION_FILE} is missing"
    return yaml.safe_load(ACTION_FILE.read_text(encoding="utf-8"))


def _steps(action: dict) -> list[dict]:
    return action["runs"]["steps"]


def _lint_step(action: dict) -> dict:
    [step] = [s for s in _steps(action) if s.get("id") == "lint"]
    return step


# -- structure ---------------------------------------------------------------------------------


def test_is_a_composite_action(action: dict) -> None:
    assert action["runs"]["using"] == "composite"
    assert action["name"] and action["description"]


def test_inputs_and_their_defaults(action: dict) -> None:
    inputs = action["inputs"]
    assert set(inputs) == set(EXPECTED_DEFAULTS)
    for name, default in EXPECTED_DEFAULTS.items():
        assert inputs[name].get("required", False) is False, name
        # str() would hide a YAML float 3.12 or a null default; the value itself must be the string.
        assert inputs[name]["default"] == default, name
        assert inputs[name].get("description"), name


def test_first_step_sets_up_the_requested_python(action: dict) -> None:
    first = _steps(action)[0]
    assert first["uses"] == "actions/setup-python@v5"
    assert first["with"]["python-version"] == "${{ inputs.python-version }}"


def test_every_run_step_uses_bash(action: dict) -> None:
    run_steps = [s for s in _steps(action) if "run" in s]
    assert len(run_steps) >= 2
    for step in run_steps:
        assert step.get("shell") == "bash", step.get("name")


def test_no_expression_is_interpolated_into_a_script(action: dict) -> None:
    """Inputs reach scripts only through `env:` (GitHub's documented injection-safe pattern)."""
    for step in _steps(action):
        if "run" in step:
            assert "${{ inputs." not in step["run"], step.get("name")
            assert not EXPRESSION.search(step["run"]), f"expression inside the script of {step.get('name')}"


def test_install_step_installs_the_action_checkout(action: dict) -> None:
    installs = [s for s in _steps(action) if "run" in s and "pip install" in s["run"]]
    assert len(installs) == 1
    step = installs[0]
    [var] = [name for name, value in step.get("env", {}).items() if value == "${{ github.action_path }}"]
    assert re.search(rf'pip install\b.*"\${var}"', step["run"]), step["run"]


def test_sarif_file_output_comes_from_the_lint_step(action: dict) -> None:
    step = _lint_step(action)
    assert action["outputs"]["sarif-file"]["value"] == f"${{{{ steps.{step['id']}.outputs.sarif-file }}}}"


def test_lint_step_receives_every_linter_input_through_env(action: dict) -> None:
    values = set(_lint_step(action)["env"].values())
    for name in ("root", "format", "sarif-file", "args", "fix"):
        assert f"${{{{ inputs.{name} }}}}" in values, name


# -- the lint script, executed -----------------------------------------------------------------


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")


def _make_checkout(workspace: Path, *, broken: bool, unquoted: bool = False) -> None:
    """A git checkout with a bank in `memory-bank/`; `broken` adds a dangling `derived_from`."""
    bank = workspace / "memory-bank"
    _write(
        bank / "dna/principles.md",
        """
        ---
        title: Principles
        doc_kind: governance
        status: active
        ---
        # Principles

        Everything in this bank derives from these principles.
        """,
    )
    _write(
        bank / "dna/governance.md",
        """
        ---
        title: Governance
        doc_kind: governance
        status: active
        derived_from: [principles.md]
        ---
        # Governance

        The root document is `principles.md`.
        Every `active` non-root document must define `derived_from`.
        Cyclic dependencies are forbidden.
        """,
    )
    _write(
        bank / "README.md",
        """
        # Memory bank

        - [Principles](dna/principles.md)
        - [Governance](dna/governance.md)
        """,
    )
    if broken:
        _write(
            bank / "feature.md",
            """
            ---
            title: Feature
            status: active
            derived_from: [dna/missing.md]
            ---
            # Feature
            """,
        )
    if unquoted:
        _write(
            bank / "retry.md",
            """
            ---
            title: Retry
            status: active
            purpose: Defines the retry layer: backoff and jitter.
            derived_from: [dna/principles.md]
            ---
            # Retry
            """,
        )
        readme = bank / "README.md"
        readme.write_text(readme.read_text(encoding="utf-8") + "- [Retry](retry.md)\n", encoding="utf-8")
    # A checkout is a git repository; SARIF paths are made relative to its top level.
    subprocess.run(["git", "init", "-q"], cwd=workspace, check=True)


def _resolve(value: str, inputs: dict[str, str]) -> str:
    def replace(match: re.Match[str]) -> str:
        expr = match.group(1)
        if expr.startswith("inputs."):
            return inputs[expr.removeprefix("inputs.")]
        if expr == "github.action_path":
            return str(PROJECT_ROOT)
        raise AssertionError(f"test cannot resolve expression ${{{{ {expr} }}}}")

    return EXPRESSION.sub(replace, str(value))


def _run_lint_step(
    action: dict, workspace: Path, **overrides: str
) -> tuple[subprocess.CompletedProcess[str], Path]:
    """Run the lint step in `workspace` as a runner would; returns the process and GITHUB_OUTPUT."""
    inputs = {name: spec.get("default", "") for name, spec in action["inputs"].items()}
    unknown = set(overrides) - set(inputs)
    assert not unknown, f"not inputs of the action: {unknown}"
    inputs.update(overrides)

    step = _lint_step(action)
    script = workspace.parent / "lint-step.sh"
    script.write_text(step["run"], encoding="utf-8")
    github_output = workspace.parent / "github_output"
    step_summary = workspace.parent / "step_summary"
    github_output.write_text("", encoding="utf-8")
    step_summary.write_text("", encoding="utf-8")

    env = dict(os.environ)
    env.update({name: _resolve(value, inputs) for name, value in step.get("env", {}).items()})
    env.update(
        GITHUB_ACTIONS="true",
        GITHUB_WORKSPACE=str(workspace),
        GITHUB_OUTPUT=str(github_output),
        GITHUB_STEP_SUMMARY=str(step_summary),
        PATH=os.path.dirname(sys.executable) + os.pathsep + env.get("PATH", ""),
    )
    env.pop("NO_COLOR", None)
    proc = subprocess.run(
        ["bash", "--noprofile", "--norc", "-eo", "pipefail", str(script)],
        cwd=workspace,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    return proc, github_output


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    path = tmp_path / "workspace"
    path.mkdir()
    return path


def test_github_format_annotates_the_broken_file_and_fails(action: dict, workspace: Path) -> None:
    _make_checkout(workspace, broken=True)
    proc, github_output = _run_lint_step(action, workspace)

    assert proc.returncode == 1, proc.stdout + proc.stderr
    errors = [line for line in proc.stdout.splitlines() if line.startswith("::error file=")]
    assert errors, proc.stdout
    assert any(
        line.startswith("::error file=memory-bank/feature.md,") and "title=MB001" in line for line in errors
    ), proc.stdout
    assert not any("principles.md" in line or "governance.md" in line for line in errors), proc.stdout
    assert github_output.read_text(encoding="utf-8") == ""


def test_root_and_args_inputs_reach_the_linter(action: dict, workspace: Path) -> None:
    """`root` becomes `--root`; `args` is split on spaces (`--ignore MB001` leaves only a warning)."""
    _make_checkout(workspace, broken=True)
    (workspace / "memory-bank").rename(workspace / "bank-elsewhere")

    proc, _ = _run_lint_step(action, workspace, root="bank-elsewhere", args="--ignore  MB001")

    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "::warning file=bank-elsewhere/feature.md," in proc.stdout
    assert "MB001" not in proc.stdout


def test_sarif_format_writes_the_report_then_fails(action: dict, workspace: Path) -> None:
    _make_checkout(workspace, broken=True)
    proc, github_output = _run_lint_step(action, workspace, format="sarif")

    assert proc.returncode == 1, proc.stdout + proc.stderr
    report_path = workspace / "memorybank.sarif"
    assert report_path.is_file(), "the SARIF file must exist although the step fails"
    report = json.loads(report_path.read_text(encoding="utf-8"))
    results = report["runs"][0]["results"]
    assert results
    mb001 = [r for r in results if r["ruleId"] == "MB001"]
    assert mb001, results
    uri = mb001[0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
    assert uri == "memory-bank/feature.md"
    assert "sarif-file=memorybank.sarif" in github_output.read_text(encoding="utf-8").splitlines()
    assert "::error" not in proc.stdout, "SARIF mode must not print annotations to the log"


def test_sarif_format_on_a_clean_bank_succeeds(action: dict, workspace: Path) -> None:
    _make_checkout(workspace, broken=False)
    proc, github_output = _run_lint_step(action, workspace, format="sarif", **{"sarif-file": "clean.sarif"})

    assert proc.returncode == 0, proc.stdout + proc.stderr
    report = json.loads((workspace / "clean.sarif").read_text(encoding="utf-8"))
    assert report["runs"][0]["results"] == []
    assert "sarif-file=clean.sarif" in github_output.read_text(encoding="utf-8").splitlines()


def _bank_bytes(workspace: Path) -> dict[str, bytes]:
    bank = workspace / "memory-bank"
    return {p.relative_to(bank).as_posix(): p.read_bytes() for p in sorted(bank.rglob("*.md"))}


def test_fix_input_shows_the_diff_in_the_log_and_the_summary_and_writes_nothing(
    action: dict, workspace: Path
) -> None:
    _make_checkout(workspace, broken=False, unquoted=True)
    before = _bank_bytes(workspace)
    proc, _ = _run_lint_step(action, workspace, fix="true")

    assert proc.returncode == 1, proc.stdout + proc.stderr  # the MB002 is still reported and fails
    assert "-purpose: Defines the retry layer: backoff and jitter." in proc.stdout
    assert "+purpose: 'Defines the retry layer: backoff and jitter.'" in proc.stdout
    assert "::notice title=memorybank-lint::fixes are available" in proc.stdout
    assert "::error file=memory-bank/retry.md," in proc.stdout
    summary = (workspace.parent / "step_summary").read_text(encoding="utf-8")
    assert "```diff\n--- a/memory-bank/retry.md\n+++ b/memory-bank/retry.md\n" in summary
    assert _bank_bytes(workspace) == before


def test_fix_input_on_a_bank_with_nothing_to_fix_adds_nothing(action: dict, workspace: Path) -> None:
    _make_checkout(workspace, broken=False)
    proc, _ = _run_lint_step(action, workspace, fix="unsafe")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "::notice" not in proc.stdout
    assert (workspace.parent / "step_summary").read_text(encoding="utf-8") == ""


def test_a_fix_input_of_another_value_is_refused(action: dict, workspace: Path) -> None:
    _make_checkout(workspace, broken=False)
    proc, _ = _run_lint_step(action, workspace, fix="yes please")
    assert proc.returncode == 2
    assert "the fix input is true, unsafe or false" in proc.stdout


def _honoured(log: str) -> list[str]:
    """The workflow commands a runner would act on in `log`: a line is one when, leading
    whitespace skipped, it starts with `::`, or when it holds the older form `##[command]`
    anywhere; `::stop-commands::T` ignores all until `::T::`."""
    honoured, resume = [], None
    for line in log.splitlines():
        command = line.lstrip()
        if resume is not None:
            if command == f"::{resume}::":
                resume = None
            continue
        if command.startswith("::stop-commands::"):
            resume = command.removeprefix("::stop-commands::")
        elif command.startswith("::") or "##[" in command:
            honoured.append(command)
    return honoured


def test_a_document_quoted_by_the_diff_cannot_issue_workflow_commands(action: dict, workspace: Path) -> None:
    """The diff's context lines quote the document beside a fix, so a pull request could hide
    `::stop-commands::`, `::add-mask::` or a forged `::error` in a comment there, or close the
    summary's code fence with a line of backticks."""
    _make_checkout(workspace, broken=False, unquoted=True)
    retry = workspace / "memory-bank/retry.md"
    text = retry.read_text(encoding="utf-8")
    text = text.replace(
        "status: active\n", "status: active\nnotes: |\n  ::stop-commands::pwned\n  ::error::forged\n  ```\n"
    )
    text = text.replace("jitter.\n", "jitter.\ntags: |\n  ::add-mask::secret\n  ##[add-mask]pwned\n")
    retry.write_text(text, encoding="utf-8")
    proc, _ = _run_lint_step(action, workspace, fix="true")
    assert "   ::stop-commands::pwned" in proc.stdout  # the diff did quote them
    assert "   ##[add-mask]pwned" in proc.stdout
    honoured = _honoured(proc.stdout)
    assert not [c for c in honoured if "pwned" in c or "add-mask" in c or "forged" in c]
    assert "::notice title=memorybank-lint::fixes are available" in "\n".join(honoured)
    assert any(c.startswith("::error file=memory-bank/retry.md,") for c in honoured)
    summary = (workspace.parent / "step_summary").read_text(encoding="utf-8").splitlines()
    opening = next(line for line in summary if line.endswith("diff") and line.startswith("```"))
    fence = opening.removesuffix("diff")
    inside = summary[summary.index(opening) + 1 :]
    assert fence in inside and all(fence not in line for line in inside[: inside.index(fence)])
    assert "   ```" in inside[: inside.index(fence)]


def test_args_given_as_a_block_keep_every_line(action: dict, workspace: Path) -> None:
    """`args: |` with one option a line: only the first line was read, so `--strict` was lost."""
    _make_checkout(workspace, broken=True)
    proc, _ = _run_lint_step(action, workspace, args="--ignore MB001\n--strict\n")
    assert proc.returncode == 1, proc.stdout + proc.stderr  # the warning left fails under --strict
    assert "MB001" not in proc.stdout and "::warning file=memory-bank/feature.md," in proc.stdout


def test_a_hostile_fix_input_issues_no_workflow_command(action: dict, workspace: Path) -> None:
    _make_checkout(workspace, broken=False)
    proc, _ = _run_lint_step(action, workspace, fix="x\n::add-mask::secret\n::error::forged")
    assert proc.returncode == 2
    assert _honoured(proc.stdout) == ["::error title=memorybank-lint::the fix input is true, unsafe or false"]


@pytest.mark.parametrize(
    "target", ["../outside.sarif", "/tmp/abs.sarif", "a/../../b.sarif", "x.sarif\nsarif-file=forged", ""]
)
def test_a_sarif_file_outside_the_workspace_or_over_two_lines_is_refused(
    action: dict, workspace: Path, target: str
) -> None:
    _make_checkout(workspace, broken=True)
    proc, github_output = _run_lint_step(action, workspace, format="sarif", **{"sarif-file": target})
    assert proc.returncode == 2 and "sarif-file must be a relative path inside the workspace" in proc.stdout
    assert github_output.read_text(encoding="utf-8") == ""
    assert not (workspace.parent / "outside.sarif").exists()


def test_a_run_that_cannot_lint_leaves_no_empty_report_to_upload(action: dict, workspace: Path) -> None:
    _make_checkout(workspace, broken=True)
    proc, github_output = _run_lint_step(action, workspace, format="sarif", args="--select NOPE")
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert not (workspace / "memorybank.sarif").exists()
    assert github_output.read_text(encoding="utf-8") == ""


def test_a_long_run_of_backticks_beside_a_fix_gets_a_longer_fence_at_once(
    action: dict, workspace: Path
) -> None:
    """The fence grew a backtick at a time, rescanning the diff each time: 10,000 backticks in a
    document beside a fix stalled the step for minutes (the runner bound here is 120 s)."""
    _make_checkout(workspace, broken=False, unquoted=True)
    retry = workspace / "memory-bank/retry.md"
    run = "`" * 20_000
    retry.write_text(
        retry.read_text(encoding="utf-8").replace("status: active\n", f"status: active\nnotes: |\n  {run}\n")
    )
    proc, _ = _run_lint_step(action, workspace, fix="true")
    assert run in proc.stdout  # the diff did quote the run
    summary = (workspace.parent / "step_summary").read_text(encoding="utf-8").splitlines()
    opening = next(line for line in summary if line.endswith("diff") and line.startswith("```"))
    fence = opening.removesuffix("diff")
    inside = summary[summary.index(opening) + 1 :]
    assert len(fence) == 20_001 and inside.count(fence) == 1 and inside[inside.index(fence) - 1] == ""


def test_fix_input_with_a_baseline_and_strict_in_args_previews_only_the_new_findings(
    action: dict, workspace: Path
) -> None:
    """The diff the fix input shows runs with the user's args too: a baseline (the adoption path)
    and `--strict` must not stop the step, and the fixes of baselined findings are not offered."""
    _make_checkout(workspace, broken=False, unquoted=True)
    recorded = subprocess.run(
        [
            str(Path(sys.executable).with_name("memorybank-lint")),
            "--root",
            "memory-bank",
            "--write-baseline",
            "known.json",
        ],
        cwd=workspace,
        capture_output=True,
        text=True,
    )
    assert recorded.returncode == 0, recorded.stderr
    before = _bank_bytes(workspace)
    proc, _ = _run_lint_step(action, workspace, fix="true", args="--strict --baseline known.json")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "::notice" not in proc.stdout and "+purpose:" not in proc.stdout
    assert _bank_bytes(workspace) == before
    proc, _ = _run_lint_step(action, workspace, fix="true", args="--strict")
    assert proc.returncode == 1 and "+purpose: 'Defines the retry layer" in proc.stdout, proc.stdout


@pytest.mark.parametrize("args", ["--ignore-noqa", "--strict\n--ignore-noqa"])
def test_fix_input_leaves_out_of_the_diff_the_args_a_diff_does_not_take(
    action: dict, workspace: Path, args: str
) -> None:
    """`fix: true` with `--ignore-noqa` in `args` failed the step: the diff run took the args as
    given and the linter refuses `--diff` beside it. The diff now runs without the options a diff
    does not take (it shows what `memorybank-lint --fix` would change, which honours
    suppressions); the check still runs with every one of them."""
    _make_checkout(workspace, broken=False, unquoted=True)
    readme = workspace / "memory-bank" / "README.md"  # a finding only --ignore-noqa reports
    readme.write_text(readme.read_text(encoding="utf-8") + "- [Gone](gone.md) <!-- noqa: MB007 -->\n")
    before = _bank_bytes(workspace)
    proc, _ = _run_lint_step(action, workspace, fix="true", args=args)
    assert "do not go together" not in proc.stdout + proc.stderr
    assert "+purpose: 'Defines the retry layer" in proc.stdout
    assert "::notice title=memorybank-lint::fixes are available" in proc.stdout
    assert _bank_bytes(workspace) == before
    # the check ran with it: the suppressed dangling entry is reported
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "::error file=memory-bank/README.md," in proc.stdout and "title=MB007" in proc.stdout


def test_a_sarif_file_in_a_folder_not_made_yet_is_written_there(action: dict, workspace: Path) -> None:
    """The redirect failed on the missing folder: the linter never ran, the step exited 1 (as if
    for findings) and published the path of a report that did not exist."""
    _make_checkout(workspace, broken=False)
    proc, github_output = _run_lint_step(
        action, workspace, format="sarif", **{"sarif-file": "reports/lint/memorybank.sarif"}
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    report = json.loads((workspace / "reports/lint/memorybank.sarif").read_text(encoding="utf-8"))
    assert report["runs"][0]["results"] == []
    assert (
        "sarif-file=reports/lint/memorybank.sarif" in github_output.read_text(encoding="utf-8").splitlines()
    )


def test_a_sarif_file_through_a_link_out_of_the_workspace_is_refused(
    action: dict, workspace: Path, tmp_path: Path
) -> None:
    """A pull request can commit `reports` as a link to a folder outside the workspace."""
    _make_checkout(workspace, broken=False)
    outside = tmp_path / "outside"
    outside.mkdir()
    (workspace / "reports").symlink_to(outside)
    for target in ("reports/x.sarif", "reports/deeper/x.sarif"):
        proc, github_output = _run_lint_step(action, workspace, format="sarif", **{"sarif-file": target})
        assert proc.returncode == 2 and "inside the workspace" in proc.stdout, proc.stdout + proc.stderr
        assert list(outside.iterdir()) == []  # not even a folder made there
        assert "sarif-file=" not in github_output.read_text(encoding="utf-8")


@pytest.mark.parametrize("target", ["memorybank.sarif", "memorybank.sarif/", "reports/"])
def test_a_sarif_file_that_is_a_folder_is_refused_and_nothing_published(
    action: dict, workspace: Path, target: str
) -> None:
    """A pull request can commit a folder under the report's name, holding a report of its own:
    the redirect failed, the step exited 1 as if for findings, and the folder's path was handed
    to upload-sarif."""
    _make_checkout(workspace, broken=False)
    folder = workspace / target.rstrip("/")
    folder.mkdir(exist_ok=True)
    (folder / "forged.sarif").write_text('{"version": "2.1.0", "runs": []}')
    proc, github_output = _run_lint_step(action, workspace, format="sarif", **{"sarif-file": target})
    assert proc.returncode == 2 and "names a folder or a special file" in proc.stdout, (
        proc.stdout + proc.stderr
    )
    assert "sarif-file=" not in github_output.read_text(encoding="utf-8")


@pytest.mark.parametrize("fix", ["false", "true"])
def test_fix_in_args_is_refused_and_nothing_is_written(action: dict, workspace: Path, fix: str) -> None:
    """With `--fix` in `args` the check ran it and rewrote the checkout (and, beside `fix: true`,
    passed), though the Action promises never to write: it is refused before anything runs."""
    _make_checkout(workspace, broken=False, unquoted=True)
    before = _bank_bytes(workspace)
    proc, _ = _run_lint_step(action, workspace, fix=fix, args="--fix")
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert (
        "::error title=memorybank-lint::the Action never writes to the checkout: remove --fix" in proc.stdout
    )
    assert _bank_bytes(workspace) == before


def test_paths_after_a_double_dash_in_args_keep_the_actions_own_options_options(
    action: dict, workspace: Path
) -> None:
    """`args: -- memory-bank` put `--diff` and `--format` after the `--`, where they are paths:
    'memorybank-lint: --diff: no such file or directory'."""
    _make_checkout(workspace, broken=False, unquoted=True)
    proc, _ = _run_lint_step(action, workspace, fix="true", args="-- memory-bank")
    assert "no such file or directory" not in proc.stdout + proc.stderr, proc.stdout + proc.stderr
    assert "+purpose: 'Defines the retry layer" in proc.stdout and proc.returncode == 1


@pytest.mark.parametrize("fix", ["false", "true"])
def test_unsafe_fixes_in_args_is_refused_before_any_diff_is_shown(
    action: dict, workspace: Path, fix: str
) -> None:
    """Beside `fix: true`, `--unsafe-fixes` in `args` reached the diff, which showed fixes that
    `memorybank-lint --fix` does not apply under a notice to run it, and only then did the check
    refuse the option: the unsafe fixes are asked for with `fix: unsafe`, so it stops first."""
    _make_checkout(workspace, broken=False, unquoted=True)
    proc, _ = _run_lint_step(action, workspace, fix=fix, args="--unsafe-fixes")
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert "::error title=memorybank-lint::--unsafe-fixes goes in the fix input" in proc.stdout
    assert "::notice" not in proc.stdout and "+++" not in proc.stdout, proc.stdout
    assert (workspace.parent / "step_summary").read_text(encoding="utf-8") == ""


@pytest.mark.parametrize("target", ["/tmp/report.sarif", "../report.sarif", "memory-bank"])
def test_a_refused_sarif_file_beside_fix_stops_before_the_diff_is_shown(
    action: dict, workspace: Path, target: str
) -> None:
    """The sarif-file was checked after the diff ran: beside `fix: true` the step printed the
    diff, wrote it to the summary and gave a notice to run `--fix`, then failed on the path. A
    mistaken input stops the step before anything runs."""
    _make_checkout(workspace, broken=False, unquoted=True)
    proc, github_output = _run_lint_step(
        action, workspace, fix="true", format="sarif", **{"sarif-file": target}
    )
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert "::error title=memorybank-lint::sarif-file" in proc.stdout, proc.stdout
    assert "::notice" not in proc.stdout and "+++" not in proc.stdout, proc.stdout
    assert (workspace.parent / "step_summary").read_text(encoding="utf-8") == ""
    assert github_output.read_text(encoding="utf-8") == ""


@pytest.mark.parametrize("fix", ["false", "true"])
def test_a_sarif_file_named_as_a_document_is_refused_and_the_document_kept(
    action: dict, workspace: Path, fix: str
) -> None:
    """`sarif-file: memory-bank/dna/governance.md` truncated that document by the report's
    redirect before the check read it, so the run judged a bank without it. A markdown name is
    a document's, so the step stops before anything runs and the page is as it was."""
    _make_checkout(workspace, broken=False, unquoted=True)
    page = workspace / "memory-bank/dna/governance.md"
    before = page.read_bytes()
    proc, github_output = _run_lint_step(
        action, workspace, fix=fix, format="sarif", **{"sarif-file": "memory-bank/dna/governance.md"}
    )
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert "::error title=memorybank-lint::sarif-file names a markdown file" in proc.stdout, proc.stdout
    assert page.read_bytes() == before
    assert github_output.read_text(encoding="utf-8") == ""


@pytest.mark.parametrize("fmt", ["", "none", "SARIF", "sarif\n"])
def test_a_mistaken_format_beside_fix_stops_before_the_diff_is_shown(
    action: dict, workspace: Path, fmt: str
) -> None:
    """Only the linter read the format, and it ran after the diff: beside `fix: true` a format
    it refuses left a diff in the log and the summary and a notice to run `--fix` before the
    step failed on it. A mistaken input stops the step before anything runs."""
    _make_checkout(workspace, broken=False, unquoted=True)
    proc, _ = _run_lint_step(action, workspace, fix="true", format=fmt)
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert "::error title=memorybank-lint::the format input is github or sarif" in proc.stdout, proc.stdout
    assert "::notice" not in proc.stdout and "+++" not in proc.stdout, proc.stdout
    assert (workspace.parent / "step_summary").read_text(encoding="utf-8") == ""


@pytest.mark.parametrize(("fmt", "fix"), [("github", "true"), ("sarif", "true"), ("github", "false")])
def test_statistics_in_args_stops_the_step_before_the_diff_is_shown(
    action: dict, workspace: Path, fmt: str, fix: str
) -> None:
    """The check refuses `--statistics` beside annotations or SARIF, but it ran after the diff:
    beside `fix: true` the step printed the diff, wrote it to the summary and gave a notice to run
    `--fix`, then failed on the option. It is refused before anything runs."""
    _make_checkout(workspace, broken=False, unquoted=True)
    proc, github_output = _run_lint_step(action, workspace, fix=fix, format=fmt, args="--statistics")
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert "::error title=memorybank-lint::--statistics prints counts" in proc.stdout, proc.stdout
    assert "::notice" not in proc.stdout and "+++" not in proc.stdout, proc.stdout
    assert (workspace.parent / "step_summary").read_text(encoding="utf-8") == ""
    assert github_output.read_text(encoding="utf-8") == ""
    assert not (workspace / "memorybank.sarif").exists()
