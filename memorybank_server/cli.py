"""`mcp-memorybank`: serve a bank over MCP, or run one action on it and exit.

Action flags give the terminal the same answers the MCP tools give (`--json` prints exactly the
tool's result object). Exit codes follow the linter: 0 done, 1 the action found problems or was
refused, 2 usage error.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click

from memorybank_lint import __version__
from memorybank_lint.bank import BankNotFound, find_root

from . import scaffold
from .starter import StarterMissing


class Refusal(Exception):
    """The action was refused; the message names the reason (exit 1)."""


def _emit(result: dict[str, Any], as_json: bool, text: str) -> None:
    click.echo(json.dumps(result, indent=2, ensure_ascii=False) if as_json else text)


def _init_text(result: scaffold.ScaffoldResult) -> str:
    verb = "WOULD CREATE" if result.dryRun else "CREATED"
    lines = [
        f"{verb} {result.root}",
        f"directories: {', '.join(sorted(result.directories))}",
        f"files: {len(result.files)}",
    ]
    return "\n".join(lines + [f"warning: {w}" for w in result.warnings])


def _materialize_text(result: scaffold.ScaffoldResult) -> str:
    lines = [
        f"COPIED {len(result.files)} files into {result.root}/flows/templates",
        "The bank now owns its templates: bank_create uses these copies from now on.",
    ]
    return "\n".join(lines + [f"warning: {w}" for w in result.warnings])


def _root(given: str | None, *, must_exist: bool) -> Path:
    if given:
        return Path(given)
    if must_exist:
        return find_root(Path.cwd())
    raise click.UsageError("--root DIR is required to say where the new bank goes")


def run(opts: dict[str, Any]) -> int:
    as_json = bool(opts["json"])
    try:
        if opts["init"] is not None:
            result = scaffold.init(
                _root(opts["root"], must_exist=False),
                opts["init"],
                dry_run=opts["dry_run"],
                force=opts["force"],
            )
            _emit(result.as_dict(), as_json, _init_text(result))
            return 0
        if opts["materialize_flows"]:
            result = scaffold.materialize_flows(_root(opts["root"], must_exist=True), force=opts["force"])
            _emit(result.as_dict(), as_json, _materialize_text(result))
            return 0
    except (scaffold.ScaffoldError, StarterMissing, Refusal) as exc:
        click.echo(f"mcp-memorybank: {exc}", err=True)
        return 1
    click.echo(
        "mcp-memorybank: serving MCP is not part of this version yet; pass an action such as "
        "--init NAME or --materialize-flows",
        err=True,
    )
    return 2


@click.command(context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--root", type=click.Path(file_okay=False), help="The bank folder.")
@click.option("--off", "off", multiple=True, type=click.Path(), help="Stay off under this path.")
@click.option("--init", metavar="NAME", help="Seed a new bank for project NAME.")
@click.option("--dry-run", is_flag=True, help="With --init: list what would be written, write nothing.")
@click.option("--force", is_flag=True, help="Seed or copy over existing documents.")
@click.option("--materialize-flows", is_flag=True, help="Copy the shipped templates into the bank.")
@click.option("--json", "json", is_flag=True, help="Print the result object the MCP tool returns.")
@click.version_option(__version__, "--version", prog_name="mcp-memorybank")
def command(**opts: Any) -> None:
    """Serve a memory bank over MCP (stdio), or run one action on it and exit."""
    try:
        code = run(opts)
    except BankNotFound as exc:
        click.echo(f"mcp-memorybank: {exc}", err=True)
        code = 2
    except OSError as exc:
        click.echo(f"mcp-memorybank: {exc}", err=True)
        code = 1
    raise SystemExit(code)


def main(argv: list[str] | None = None) -> int:
    try:
        command.main(args=argv, prog_name="mcp-memorybank", standalone_mode=False)
    except click.exceptions.Exit as done:
        return done.exit_code
    except click.ClickException as exc:
        exc.show()
        return exc.exit_code
    except click.exceptions.Abort:
        return 2
    except SystemExit as done:
        return int(done.code or 0)
    return 0


if __name__ == "__main__":
    sys.exit(main())
