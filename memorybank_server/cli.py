"""`mcp-memorybank`: serve a bank over MCP, or run one action on it and exit.

Action flags give the terminal the same answers the MCP tools give (`--json` prints exactly the
tool's result object). The bank and its rules come from the same configuration `memorybank-lint`
reads (`.memorybank.toml` or `[tool.memorybank]`), so `--validate` and `bank_validate` give the
linter's findings. Exit codes follow the linter: 0 done, 1 failing findings or a refused write,
2 a usage error (an unknown or misplaced flag, a bad value, path, rule or scope, no bank) — always
with a one-line reason on stderr.
"""

from __future__ import annotations

import contextlib
import gc
import importlib.util
import os
import signal
import sys
from pathlib import Path
from typing import Any, NoReturn

import click
from click.core import ParameterSource

from memorybank_lint import __version__, progress
from memorybank_lint.bank import (
    DEFAULT_MAX_BYTES,
    BankNotFound,
    BankRefused,
    inert,
    json_text,
    printable,
    refuse_git_folder,
)
from memorybank_lint.cli import UsageProblem, exit_now, invoke, open_streams, utf8_output
from memorybank_lint.config import Config, ConfigError, for_bank, load, open_bank, settings, show
from memorybank_lint.edits.atomic import file_in_the_way
from memorybank_lint.paths import normalize
from memorybank_lint.usage import say

from . import actions
from .errors import BadValue, ToolInputError
from .options import ACTIONS, GroupedCommand, applies_to, options
from .scaffold import ScaffoldError
from .starter import StarterMissing
from .writes.added_findings import judged_by


def _given(ctx: click.Context) -> set[str]:
    return {name for name in ctx.params if ctx.get_parameter_source(name) is ParameterSource.COMMANDLINE}


def _action(given: set[str]) -> str | None:
    """The one action asked for; two actions, or a flag its action does not take, is a usage error."""
    chosen = [name for name in ACTIONS if name in given]
    if len(chosen) > 1:
        flags = " and ".join(f"--{name.replace('_', '-')}" for name in chosen)
        raise UsageProblem(f"{flags} are separate actions; run one at a time")
    action = chosen[0] if chosen else None
    for name in sorted(given - set(ACTIONS)):
        allowed = applies_to(name)
        if allowed is None or (action is None and "serve" in allowed):
            continue
        if action not in allowed:
            flag = f"--{name.replace('_', '-')}"
            works = ", ".join(f"--{a.replace('_', '-')}" for a in allowed if a != "serve") or "serving"
            raise UsageProblem(
                f"{flag} works only with {works}" + ("" if action else "; no action was given")
            )
    return action


def _bank(opts: dict[str, Any], config: Config, cwd: Path) -> tuple[Config, Path]:
    """The bank root, and the configuration of that bank (`config.for_bank`)."""
    root = config.bank_root(cwd, opts["root"])
    return for_bank(config, root, Path(opts["config"]) if opts["config"] else None), root


def _serve(opts: dict[str, Any], config: Config, cwd: Path) -> int:
    """Serve on stdio; the SDK is imported in a thread while `quickstart` answers the handshake."""
    missing = next((name for name in ("mcp", "pydantic") if importlib.util.find_spec(name) is None), None)
    if missing is not None:
        return _no_server_extra(f"No module named '{missing}'")
    try:
        config, root = _bank(opts, config, cwd)
    except BankRefused:
        raise
    except BankNotFound:  # no bank yet: the seed surface for ./memory_bank
        root = cwd / "memory_bank"
    refuse_git_folder(root)  # its tools would read git's folder and write into it
    explicit = Path(opts["config"]) if opts["config"] else None

    def reload() -> tuple[Config, Path]:
        """The configuration as it is now, and the bank root it gives."""
        fresh = load(cwd, explicit)
        try:
            return _bank(opts, fresh, cwd)
        except BankRefused:
            raise
        except BankNotFound:
            return fresh, cwd / "memory_bank"

    if sys.stdin.isatty():
        click.echo(
            f"mcp-memorybank: serving {root} over MCP on stdio; an MCP client starts this command. "
            "Press Ctrl-C to stop, or see --help for the one-shot actions.",
            err=True,
        )
    signal.signal(signal.SIGINT, _stop)
    try:
        from .quickstart import serve

        return serve(root, opts["off"], config, cache=not opts["no_cache"], reload=reload)
    except ImportError as exc:
        return _no_server_extra(str(exc))


def _no_server_extra(reason: str) -> int:
    click.echo(
        f"mcp-memorybank: serving MCP needs the server extra ({reason}); "
        "install it with: pip install 'mcp-memorybank[server]'",
        err=True,
    )
    return 2


def _stop(signum: int, frame: object) -> None:
    """Ctrl-C: leave at once and quietly. The stdio reader blocks in a thread that cancellation
    cannot reach, and nothing is lost: the bank on disk is the only state, and writes are atomic."""
    sys.stderr.write("mcp-memorybank: stopped\n")
    sys.stderr.flush()
    os._exit(130)


LIMITS = {"route": 25, "search": 50, "graph": 300}  # --limit's range for each action that takes it


def _answer(action: str, opts: dict[str, Any], config: Config, cwd: Path) -> tuple[dict[str, Any], str, bool]:
    """The action's result and text, and whether the bank's own configuration is strict (whatever
    folder the command ran in: `--validate` fails on warnings by the file the linter reads)."""
    if action == "init":
        root = Path(opts["root"]) if opts["root"] else config.root
        if root is None:
            raise UsageProblem("--init needs --root DIR (or root in the configuration): where the bank goes")
        blocker = file_in_the_way(root)
        if blocker is not None:  # a mistaken path, as for every other action, not a refused write
            where, what = printable(str(root)), printable(str(blocker))
            raise UsageProblem(f"cannot make the bank folder {where}: {what} is not a folder")
        return (*actions.init(root, opts, config.max_file_size or DEFAULT_MAX_BYTES), False)
    most = LIMITS.get(action)
    if most is not None and opts["limit"] is not None and not 1 <= opts["limit"] <= most:
        raise UsageProblem(f"--limit with --{action} is 1 to {most}, not {opts['limit']}")
    if not opts["json"]:
        progress.enable(sys.stderr)
    config, root = _bank(opts, config, cwd)
    bank = open_bank(root, config, cache=not opts["no_cache"])
    gc.freeze()  # one action: the bank lives to the end, so collections need not walk it again
    if action == "materialize_flows":
        return (*actions.materialize(bank.root, opts, bank.max_bytes), config.strict)
    if action == "stats":
        from .textviews import stats, stats_text

        result = stats(bank, bank.refresh().duration_ms)
        return result, stats_text(result), config.strict
    if action in ("create", "promote"):
        if action == "promote" and not opts["to"]:
            raise UsageProblem("--promote needs --to PATH: where the note goes in the bank")
        if action == "create" and not opts["purpose"]:
            raise UsageProblem("--create needs --purpose TEXT: what a reader finds in the document")
        if action == "promote" and normalize(bank.root, opts["promote"], bank.docs.keys()) not in bank.docs:
            raise UsageProblem(f"Not a document of this bank: {opts['promote']!r}")
        with judged_by(config.selection()):
            return (*actions.write_action(bank, action, opts), config.strict)
    try:
        return (*actions.read_action(bank, action, opts, config, cwd), config.strict)
    except ToolInputError as exc:  # a read refuses only what was asked wrongly
        raise UsageProblem(actions.read_refusal(action, str(exc))) from None


# comma-separated values: `a,,b` or `,` is a slip, not a list
_LISTS = ("derived", "canonical", "must_not_define")


def _refuse_empty(opts: dict[str, Any], given: set[str]) -> None:
    """A value given as `''`, or a list with an empty item, is a usage error, never a quiet
    "not given" or a shorter list."""
    for name in sorted(given):
        values = opts[name] if isinstance(opts[name], tuple) else (opts[name],)
        if any(isinstance(value, str) and not value.strip() for value in values):
            raise UsageProblem(f"--{name.replace('_', '-')} is empty")
        if name in _LISTS and any(not item.strip() for item in opts[name].split(",")):
            raise UsageProblem(f"--{name.replace('_', '-')} holds an empty item: {opts[name]!r}")


def run(opts: dict[str, Any], given: set[str]) -> int:
    _refuse_empty(opts, given)
    action = _action(given)
    cwd = Path.cwd()
    config = load(cwd, Path(opts["config"]) if opts["config"] else None)
    if action is None:
        return _serve(opts, config, cwd)
    if action == "show_settings":
        root: Path | None = None
        with contextlib.suppress(BankNotFound):  # settings of no bank yet: the search's own
            config, root = _bank(opts, config, cwd)
        resolved = settings(config, root)
        click.echo(json_text(resolved) if opts["json"] else show(resolved))
        return 0
    if opts["json"] and opts["format"] is not None:
        raise UsageProblem(
            f"--json prints the tool's result and --format {opts['format']} a diagram; pick one"
        )
    try:
        result, text, strict = _answer(action, opts, config, cwd)
    except BadValue as exc:  # a path or value no bank could take: a mistake in what was asked
        raise UsageProblem(actions.cli_words(str(exc))) from None
    except (ScaffoldError, StarterMissing, ToolInputError) as exc:
        say("mcp-memorybank", actions.cli_words(str(exc)))
        return 1
    # a text answer quotes the bank (titles, paths, a document's lines): made `inert` for CI logs
    click.echo(json_text(result) if opts["json"] else inert(text))
    if action == "validate":
        return 1 if result["errors"] or (strict and result["total"]) else 0
    return 0


@click.command(cls=GroupedCommand, context_settings={"help_option_names": ["-h", "--help"]})
@options
@click.version_option(__version__, "--version", prog_name="mcp-memorybank")
@click.pass_context
def command(ctx: click.Context, **opts: Any) -> None:
    """Serve a memory bank over MCP on stdio (what an MCP client runs), or run one action on it and exit.

    The bank is --root, else the root in .memorybank.toml or [tool.memorybank] of pyproject.toml,
    else memory_bank/ or memory-bank/ in the current folder, the bank folder it is in, or
    memory_bank/ or memory-bank/ at the top of its git repository.
    """
    try:
        code = run(opts, _given(ctx))
    except (UsageProblem, ConfigError, BankNotFound) as exc:
        say("mcp-memorybank", str(exc))
        code = 2
    except OSError as exc:
        say("mcp-memorybank", str(exc))
        code = 1
    raise SystemExit(code)


def main(argv: list[str] | None = None) -> int:
    return invoke(command, argv, "mcp-memorybank")


def entry() -> NoReturn:
    """The `mcp-memorybank` console script (see `exit_now`; output as in `open_streams` and
    `utf8_output`)."""
    open_streams("mcp-memorybank")
    utf8_output()
    exit_now(main())


if __name__ == "__main__":
    sys.exit(main())
