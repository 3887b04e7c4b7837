"""The README stays true to the code: its rules table is the registry's."""

from __future__ import annotations

from pathlib import Path

from memorybank_lint.registry import markdown_table

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_rules_table_matches_the_registry() -> None:
    text = README.read_text(encoding="utf-8")
    start = text.index("<!-- rules:start -->\n") + len("<!-- rules:start -->\n")
    end = text.index("<!-- rules:end -->")
    assert text[start:end].strip() == markdown_table()


def test_quick_start_has_exactly_two_commands_and_ci_runs_the_test_one() -> None:
    text = README.read_text(encoding="utf-8")
    start = text.index("## Quick start")
    section = text[start : text.index("\n## ", start + 1)]
    commands = [block.split("\n", 1)[1].strip() for block in section.split("```sh")[1:]]
    commands = [c[: c.index("```")].strip() for c in commands]
    assert len(commands) == 2
    ci = (README.parent / ".ci" / "run").read_text(encoding="utf-8")
    assert commands[1] in ci


def test_every_linter_option_is_in_the_readme_table_and_in_help(capsys) -> None:
    import click

    from memorybank_lint.cli import command, main

    text = README.read_text(encoding="utf-8")
    start = text.index("## The linter")
    table = text[start : text.index("Exit codes:", start)]
    assert main(["--help"]) == 0
    shown = capsys.readouterr().out
    flags = [
        flag
        for param in command.params
        if isinstance(param, click.Option)
        for flag in param.opts
        if flag.startswith("--") and flag != "--help"
    ]
    assert {"--fix", "--unsafe-fixes", "--diff", "--ignore-noqa"} <= set(flags)
    assert [flag for flag in flags if f"`{flag}`" not in table and f"`{flag} " not in table] == []
    assert [flag for flag in flags if flag not in shown] == []


def test_every_server_option_is_in_the_readme_table_and_in_help(capsys) -> None:
    """`mcp-memorybank`'s table left out `--format` and `--version`, and the text beside the
    linter's said `--off` was its one repeatable option, where `--field` repeats too."""
    import click

    from memorybank_server.cli import command, main

    text = README.read_text(encoding="utf-8")
    start = text.index("| option | what it does |", text.index("## The MCP server"))
    table = text[start : text.index("One action at a time", start)]
    assert main(["--help"]) == 0
    shown = capsys.readouterr().out
    options = [param for param in command.params if isinstance(param, click.Option)]
    flags = [flag for param in options for flag in param.opts if flag.startswith("--") and flag != "--help"]
    assert {"--route", "--validate", "--off", "--field"} <= set(flags)
    assert [flag for flag in flags if f"`{flag}`" not in table and f"`{flag} " not in table] == []
    assert [flag for flag in flags if flag not in shown] == []
    repeated = sorted(param.opts[0] for param in options if param.multiple)
    linter = text[text.index("## The linter") : text.index("Exit codes:", text.index("## The linter"))]
    said = linter[linter.index("`mcp-memorybank` refuses a repeated") :].split(".", 1)[0]
    assert [flag for flag in repeated if f"`{flag}`" not in said] == []


def test_every_configuration_key_is_in_the_configuration_section() -> None:
    """`extend-select` was read from the configuration and never described there."""
    from memorybank_lint.config import KEYS

    text = README.read_text(encoding="utf-8")
    start = text.index("### Configuration")
    section = text[start : text.index("\n### ", start + 1)]
    lines = section.splitlines()

    def described(key: str) -> bool:
        return f"`{key}`" in section or any(
            line.startswith((f"{key} =", f"[{key}]", f"[tool.memorybank.{key}]")) for line in lines
        )

    assert [key for key in sorted(KEYS) if not described(key)] == []


def test_the_configuration_examples_are_read_as_written(tmp_path: Path) -> None:
    """Both examples of the configuration section load as they stand, each key in force."""
    import tomllib

    from memorybank_lint.config import parse

    text = README.read_text(encoding="utf-8")
    start = text.index("### Configuration")
    section = text[start : text.index("\n### ", start + 1)]
    blocks = [block.split("```", 1)[0] for block in section.split("```toml\n")[1:]]
    assert len(blocks) == 2
    dedicated = parse(tmp_path / ".memorybank.toml", tomllib.loads(blocks[0]))
    project = parse(tmp_path / "pyproject.toml", tomllib.loads(blocks[1])["tool"]["memorybank"])
    for config in (dedicated, project):
        assert config.root == tmp_path / "docs" / "memory-bank"
        assert config.per_file_ignores == {"_archive/*": ["MB001", "MB009"]}
        assert str(config.severity["MB008"]) == "error" and config.ignore == ["MB009"]
    assert project.index_files == ("README.md", "index.md") and project.max_file_size == 2097152
