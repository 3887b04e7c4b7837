"""Any command line, for either command: an exit code of 0, 1 or 2 and no traceback, and a
refusal (2) says what is wrong in one line that names the command.

The words are the commands' own options (read from their definitions, so a new option is fuzzed
the day it is added) and values a user or a hook could pass: empty, dashes, numbers out of range,
rule codes, formats, names that are not UTF-8 (a hook passes file names as the disk has them).
Each case runs in a fresh folder holding a copy of the example bank, and no value leaves it (no
absolute path, no `..`): the write actions run for real.
"""

from __future__ import annotations

import contextlib
import io
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path

import click
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memorybank_lint import cli as lint_cli
from memorybank_server import cli as server_cli

pytestmark = pytest.mark.long(1)

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "memory-bank"
VALUES = st.sampled_from(
    [
        "", " ", "-", "--", "-1", "0", "1", "7", "26", "99999999999999999999", "x", "x.md", "adr/",
        "memory-bank", "memory-bank/README.md", "memory-bank/_inbox", "README.md", "MB001", "MB999",
        "link-integrity", "json", "sarif", "github", "text", "mermaid", "up", "a,b", ",", "é",
        "\u202ex.md", "\udcff.md", "memory-bank/\udcff", "HEAD", "HEAD~1", "2026-01-01", "[]", "{}",
        "=", "--=x", "-h", "#", "*", "a b",
    ]
)  # fmt: skip


def _options(command: click.Command) -> tuple[list[str], set[str]]:
    """Every option name of `command`, and those that take a value."""
    names, valued = [], set()
    for param in command.params:
        if isinstance(param, click.Option):
            names += param.opts + param.secondary_opts
            if not param.is_flag and not param.count:
                valued.update(param.opts)
    return names, valued


def _argv(command: click.Command) -> st.SearchStrategy[list[str]]:
    names, valued = _options(command)
    word = st.one_of(
        st.sampled_from(names).flatmap(
            lambda name: st.tuples(st.just(name), VALUES).map(list) if name in valued else st.just([name])
        ),
        VALUES.map(lambda value: [value]),
        st.tuples(st.sampled_from(sorted(valued)), VALUES).map(lambda pair: [f"{pair[0]}={pair[1]}"]),
    )
    return st.lists(word, max_size=6).map(lambda words: [token for group in words for token in group])


# The server's actions: one leads every line, so no case falls back to serving on stdin.
ACTIONS = [
    "--stats", "--validate", "--list-inbox", "--show-settings", "--materialize-flows", "--drift",
    "--route", "--search", "--read", "--graph", "--changed", "--create", "--promote", "--init",
]  # fmt: skip
_, SERVER_VALUED = _options(server_cli.command)
LEADS = st.sampled_from(ACTIONS).flatmap(
    lambda action: (
        st.tuples(st.just(action), VALUES).map(list) if action in SERVER_VALUED else st.just([action])
    )
)
CASES = settings(
    max_examples=min(400, settings.default.max_examples),
    suppress_health_check=[HealthCheck.too_slow],
)


def _stream(errors: str) -> io.TextIOWrapper:
    return io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors=errors, write_through=True)


def _run(main: Callable[[list[str]], int], argv: list[str]) -> None:
    """Run `main` with the streams a process has under a UTF-8 locale: stdout strict, stderr
    escaping what it cannot encode."""
    out, err_stream = _stream("strict"), _stream("backslashreplace")
    with tempfile.TemporaryDirectory() as scratch, contextlib.chdir(scratch):
        shutil.copytree(EXAMPLE, Path(scratch) / "memory-bank")
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err_stream):
            code = main(argv)
    err = err_stream.buffer.getvalue().decode("utf-8")
    assert code in (0, 1, 2), (code, argv, err)
    assert "Traceback" not in err, (argv, err)
    if code == 2:
        lines = err.strip().splitlines()
        assert len(lines) == 1 and lines[0].split(":")[0] in ("memorybank-lint", "mcp-memorybank"), (
            argv,
            err,
        )


@CASES
@given(argv=_argv(lint_cli.command))
def test_any_linter_command_line_exits_0_1_or_2_and_says_why(argv: list[str]) -> None:
    _run(lint_cli.main, argv)


@CASES
@given(lead=LEADS, argv=_argv(server_cli.command))
def test_any_server_action_line_exits_0_1_or_2_and_says_why(lead: list[str], argv: list[str]) -> None:
    _run(server_cli.main, lead + argv)
