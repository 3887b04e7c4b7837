"""No line either command prints is a command to a CI runner, whatever the repository holds.

GitHub's runner reads a line whose first non-blank characters are `::` as a workflow command, and
also the older form `##[command]data` anywhere in a line (`stop-commands`, `add-mask`,
`set-output`, `error` are all registered); Azure Pipelines' agent reads `##vso[…]` the same way.
A pull request controls file names, header values, headings and the configuration, and every
output below quotes some of them. The runner is modelled as it parses: our own annotations
(`--format github`) are the only `::` lines, and no other line holds the older form.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from memorybank_lint.bank import inert, json_text

from .conftest import CLEAN_BANK, write_bank

BIN = Path(sys.executable).parent
OLDER_FORM = re.compile(r"##(?:vso|teamcity)?\[", re.IGNORECASE)
OUR_ANNOTATION = re.compile(r"::(?:error|warning|notice) (?:file|title)=")
HOSTILE_NAME = "notes/##[stop-commands]tok.md"
HOSTILE = {
    HOSTILE_NAME: """\
        ---
        title: "##vso[task.setvariable variable=x]1"
        doc_kind: "##[add-mask]secret"
        purpose: Shows ##[error]forged and ##teamcity[setParameter name='x' value='1'] in a purpose.
        status: active
        derived_from:
          - "gone##[warning]x.md"
        ---
        # ##[group]Heading

        ##[set-output name=sarif-file]../x stands in a paragraph.
        """,
    "_inbox/##[add-mask]note.md": "---\ntitle: Note\npurpose: A captured note.\n---\n# Note\n",
}


def commands_a_runner_reads(log: str) -> list[str]:
    """The lines of `log` a runner would act on, our own annotations left out."""
    found = []
    for line in log.splitlines():
        if line.lstrip().startswith("::"):
            if not OUR_ANNOTATION.match(line.lstrip()):
                found.append(line)
        elif OLDER_FORM.search(line):
            found.append(line)
    return found


@pytest.fixture(scope="module")
def hostile_repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    top = tmp_path_factory.mktemp("hostile")
    write_bank(top / "memory-bank", {**CLEAN_BANK, **HOSTILE})
    (top / "pyproject.toml").write_text(
        '[tool.memorybank.per-file-ignores]\n"x ##[add-mask]glob" = ["MB009"]\n', encoding="utf-8"
    )
    return top


LINT_RUNS = [[], ["--format", "json"], ["--format", "sarif"], ["--format", "github"], ["--show-settings"]]
SERVER_RUNS = [
    ["--validate"],
    ["--route", "stop commands tok"],
    ["--search", "sarif stands"],
    ["--read", HOSTILE_NAME],
    ["--graph", HOSTILE_NAME, "--direction", "up"],
    ["--stats"],
    ["--list-inbox"],
    ["--show-settings"],
]


@pytest.mark.parametrize(
    "argv",
    [["memorybank-lint", *a] for a in LINT_RUNS]
    + [["mcp-memorybank", *a, *j] for a in SERVER_RUNS for j in ([], ["--json"])],
    ids=lambda argv: " ".join(argv),
)
def test_no_output_line_is_a_runner_command(hostile_repo: Path, argv: list[str]) -> None:
    done = subprocess.run(
        [str(BIN / argv[0]), *argv[1:]], cwd=hostile_repo, capture_output=True, text=True, timeout=120
    )
    assert done.returncode in (0, 1), done.stderr
    log = done.stdout + done.stderr
    # the hostile text was quoted (else the test shows nothing): escaped, or percent-encoded in a URI
    assert re.search(r"#\\x23|\\u005b|%23%23%5B|##\[", log, re.IGNORECASE), log
    assert commands_a_runner_reads(log) == []


def test_a_usage_error_quoting_the_configuration_is_no_runner_command(tmp_path: Path) -> None:
    write_bank(tmp_path / "memory-bank", CLEAN_BANK)
    (tmp_path / ".memorybank.toml").write_text('select = ["##[stop-commands]tok"]\n', encoding="utf-8")
    for program in ("memorybank-lint", "mcp-memorybank"):
        args = [] if program == "memorybank-lint" else ["--validate"]
        done = subprocess.run(
            [str(BIN / program), *args], cwd=tmp_path, capture_output=True, text=True, timeout=120
        )
        assert done.returncode == 2 and "#\\x23[stop-commands]tok" in done.stderr, done.stderr
        assert commands_a_runner_reads(done.stdout + done.stderr) == []


def test_the_github_format_keeps_the_text_its_annotation_quotes(hostile_repo: Path) -> None:
    """An annotation is a `::` command, which the runner parses before the older form: its message
    stays as written."""
    done = subprocess.run(
        [str(BIN / "memorybank-lint"), "--format", "github"],
        cwd=hostile_repo,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert "derived_from target 'gone##[warning]x.md' does not exist" in done.stdout


@given(st.text(alphabet=st.sampled_from("#[]vsoVSOteamcityx \n:"), max_size=40) | st.text(max_size=40))
def test_inert_text_holds_no_older_form_command(text: str) -> None:
    assume("\\x23" not in text)
    shown = inert(text)
    assert not OLDER_FORM.search(shown)
    assert shown.replace("#\\x23", "##") == text  # only the escape was added


@given(st.recursive(st.text(max_size=30), lambda inner: st.lists(inner, max_size=3), max_leaves=8))
def test_json_text_holds_no_older_form_command_and_reads_back_unchanged(value: object) -> None:
    text = json_text(value)
    assert not OLDER_FORM.search(text)
    assert json.loads(text) == value
