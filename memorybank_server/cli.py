"""`mcp-memorybank`: serve a bank over MCP, or run one action on it and exit.

Action flags give the terminal the same answers the MCP tools give (`--json` prints exactly the
tool's result object). Exit codes follow the linter: 0 done, 1 the action was refused or found
errors, 2 usage error or no bank.
"""

from __future__ import annotations

import contextlib
import json
import sys
from pathlib import Path
from typing import Any

import click

from memorybank_lint import __version__
from memorybank_lint.bank import Bank, BankNotFound, find_root
from memorybank_lint.cli import invoke

from . import scaffold
from .errors import ToolInputError
from .starter import StarterMissing


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


def _bank(opts: dict[str, Any]) -> tuple[Bank, float]:
    root = _root(opts["root"], must_exist=True)
    if not root.is_dir():
        raise BankNotFound(f"bank root {root} is not a directory")
    bank = Bank(root)
    return bank, bank.refresh().duration_ms


def _read_action(opts: dict[str, Any]) -> tuple[dict[str, Any], str] | None:
    """Run the one read action the flags ask for, in a fixed order of precedence."""
    from . import resources, textviews
    from .changed import changed
    from .drift import drift
    from .graph import graph
    from .read import read
    from .retrieval.route import route
    from .retrieval.search import index_for
    from .validate import validate

    wanted = ("route", "validate", "list_inbox", "search", "changed", "drift", "graph", "read")
    if not any(opts[name] not in (None, False) for name in wanted):
        return None
    bank, _ = _bank(opts)
    limit = opts["limit"]
    if opts["route"] is not None:
        result = route(bank, opts["route"], limit or 5)
        return result, textviews.route_text(result)
    if opts["validate"]:
        result = validate(bank, opts["scope"], None, opts["rule"])
        return result, textviews.validate_text(result, opts["summary"])
    if opts["list_inbox"]:
        result = resources.inbox(bank)
        return result, textviews.inbox_text(result)
    if opts["search"] is not None:
        result = index_for(bank).search(bank, opts["search"], limit or 10)
        return result, textviews.search_text(result)
    if opts["changed"] is not None:
        result = changed(bank, opts["changed"])
        return result, textviews.changed_text(result)
    if opts["drift"]:
        result = drift(bank, opts["threshold_days"], opts["scope"])
        return result, textviews.drift_text(result)
    if opts["graph"] is not None:
        result = graph(bank, opts["graph"], opts["direction"], opts["depth"])
        return result, textviews.graph_text(result)
    result = read(bank, opts["read"], opts["section"])
    return result, textviews.read_text(result)


def _split(text: str | None) -> list[str]:
    return [item.strip() for item in (text or "").split(",") if item.strip()]


def _write_text(result: dict[str, Any], verb: str, would: str, subject: str) -> str:
    lines = [
        f"{would if result['dryRun'] else verb} {subject}",
        f"template: {result.get('template') or '(none)'}",
        f"registered in: {', '.join(result.get('registeredIn') or []) or '(nowhere)'}",
    ]
    lines += [f"warning: {w}" for w in result.get("warnings", [])]
    return "\n".join([*lines, "", "--- preview ---", result.get("preview", "")])


def _write_action(opts: dict[str, Any]) -> tuple[dict[str, Any], str] | None:
    """`--promote` and `--create`: the two writes the command line offers."""
    if opts["promote"] is None and opts["create"] is None:
        return None
    from .writes import create, inbox

    bank, _ = _bank(opts)
    if opts["promote"] is not None:
        if not opts["to"]:
            raise ToolInputError("--promote needs --to PATH: where the note goes in the bank")
        result = inbox.promote(
            bank,
            path=opts["promote"],
            to=opts["to"],
            doc_kind=opts["kind"],
            title=opts["title"],
            purpose=opts["purpose"],
            derived_from=_split(opts["derived"]) or None,
            canonical_for=_split(opts["canonical"]) or None,
            dry_run=opts["dry_run"],
        )
        return result, _write_text(result, "PROMOTED", "WOULD PROMOTE", f"{result['from']} -> {result['to']}")
    result = create.create(
        bank,
        doc_kind=opts["kind"] or "engineering",
        path=opts["create"],
        title=opts["title"],
        purpose=opts["purpose"] or "",
        derived_from=_split(opts["derived"]),
        canonical_for=_split(opts["canonical"]),
        inbox=opts["inbox"],
        dry_run=opts["dry_run"],
    )
    return result, _write_text(result, "CREATED", "WOULD CREATE", result["path"])


def _serve(opts: dict[str, Any]) -> int:
    try:
        from .server import build_server
    except ImportError as exc:
        click.echo(
            f"mcp-memorybank: serving MCP needs the server extra ({exc}); "
            "install it with: pip install 'mcp-memorybank[server]'",
            err=True,
        )
        return 2
    root = Path(opts["root"]) if opts["root"] else Path.cwd() / "memory_bank"
    if not opts["root"]:
        with contextlib.suppress(BankNotFound):  # no bank yet: the seed surface for ./memory_bank
            root = find_root(Path.cwd())
    build_server(root, off=opts["off"]).run()
    return 0


def run(opts: dict[str, Any]) -> int:
    as_json = bool(opts["json"])
    try:
        if opts["stats"]:
            from .textviews import stats_text

            bank, took = _bank(opts)
            click.echo(stats_text(bank, took))
            return 0
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
        answered = _write_action(opts) or _read_action(opts)
    except (scaffold.ScaffoldError, StarterMissing, ToolInputError) as exc:
        click.echo(f"mcp-memorybank: {exc}", err=True)
        return 1
    if answered is None:
        return _serve(opts)
    result, text = answered
    _emit(result, as_json, text)
    return 1 if opts["validate"] and result["errors"] else 0


@click.command(context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--root", type=click.Path(file_okay=False), help="The bank folder.")
@click.option("--off", "off", multiple=True, type=click.Path(), help="Stay off under this path.")
@click.option("--init", metavar="NAME", help="Seed a new bank for project NAME.")
@click.option("--dry-run", is_flag=True, help="With --init, --create, --promote: report, write nothing.")
@click.option("--force", is_flag=True, help="Seed or copy over existing documents.")
@click.option("--materialize-flows", is_flag=True, help="Copy the shipped templates into the bank.")
@click.option("--stats", is_flag=True, help="Print what the bank holds and exit.")
@click.option("--route", metavar="QUESTION", help="Which documents answer a question.")
@click.option("--search", metavar="QUERY", help="Full-text search of document bodies.")
@click.option("--read", metavar="PATH", help="Read a document (with --section: one section).")
@click.option("--section", help="With --read: the ## section to read.")
@click.option("--validate", is_flag=True, help="Check the bank; exit 1 when there are errors.")
@click.option("--summary", is_flag=True, help="With --validate: counts only.")
@click.option("--rule", help="With --validate: one rule name.")
@click.option("--scope", help="With --validate or --drift: a subdirectory.")
@click.option("--graph", metavar="PATH", help="The derived_from graph around a document.")
@click.option("--direction", type=click.Choice(["up", "down", "both"]), default="down", show_default=True)
@click.option("--depth", type=click.IntRange(1, 6), default=2, show_default=True)
@click.option("--changed", metavar="REF_OR_DATE", help="Documents changed since a git ref or a date.")
@click.option("--drift", is_flag=True, help="Documents whose anchored code moved on without them.")
@click.option("--threshold-days", type=click.IntRange(0, 3650), default=90, show_default=True)
@click.option("--list-inbox", is_flag=True, help="The quarantined _inbox/ notes, oldest first.")
@click.option("--create", metavar="PATH", help="Create a governed document at PATH (needs --purpose).")
@click.option("--promote", metavar="PATH", help="Promote an _inbox/ note (needs --to).")
@click.option("--to", metavar="PATH", help="With --promote: the destination.")
@click.option("--kind", help="With --create (default engineering) or --promote: the doc_kind.")
@click.option("--title", help="With --create or --promote: the title.")
@click.option("--purpose", help="With --create or --promote: one sentence, when to read it.")
@click.option("--derived", metavar="A,B", help="With --create or --promote: derived_from paths.")
@click.option("--canonical", metavar="K1,K2", help="With --create or --promote: canonical_for keys.")
@click.option("--inbox", is_flag=True, help="With --create: capture an unreviewed note into _inbox/.")
@click.option("--limit", type=click.IntRange(1, 50), help="With --route (1-25) or --search (1-50).")
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
    return invoke(command, argv, "mcp-memorybank")


if __name__ == "__main__":
    sys.exit(main())
