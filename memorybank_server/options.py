"""The options of `mcp-memorybank`, in the groups `--help` shows, with the actions each applies to.

Why a table: one place says which flag belongs to which action, so `--help` can group them and
the command can refuse a flag given without its action (`--section` alone would otherwise start
the stdio server and wait silently on a terminal) or two actions at once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

from memorybank_lint.usage import OnceEach

# The actions, in the order `--help` lists them. With none, the command serves MCP on stdio.
ACTIONS = (
    "init",
    "materialize_flows",
    "stats",
    "route",
    "search",
    "read",
    "validate",
    "graph",
    "changed",
    "drift",
    "list_inbox",
    "create",
    "promote",
    "show_settings",
)
_ALL = (*ACTIONS, "serve")

# option -> (group, the actions it applies to; None: every action and serving)
_APPLIES: dict[str, tuple[str, tuple[str, ...] | None]] = {
    "root": ("Bank", None),
    "config": ("Bank", None),
    "no_cache": ("Bank", (*(a for a in ACTIONS if a != "show_settings"), "serve")),  # settings read no cache
    "section": ("Taken by actions", ("read",)),
    "summary": ("Taken by actions", ("validate",)),
    "rule": ("Taken by actions", ("validate",)),
    "severity": ("Taken by actions", ("validate",)),
    "scope": ("Taken by actions", ("validate", "drift")),
    "direction": ("Taken by actions", ("graph",)),
    "depth": ("Taken by actions", ("graph",)),
    "format": ("Output", ("graph",)),
    "threshold_days": ("Taken by actions", ("drift",)),
    "limit": ("Taken by actions", ("route", "search", "graph")),
    "max_bytes": ("Taken by actions", ("read",)),
    "no_neighbours": ("Taken by actions", ("graph",)),
    "layer": ("Taken by actions", ("route", "search")),
    "status": ("Taken by actions", ("search", "create", "promote")),
    "to": ("Taken by actions", ("promote",)),
    "kind": ("Taken by actions", ("create", "promote", "route", "search")),
    "title": ("Taken by actions", ("create", "promote")),
    "purpose": ("Taken by actions", ("create", "promote")),
    "derived": ("Taken by actions", ("create", "promote")),
    "canonical": ("Taken by actions", ("create", "promote")),
    "must_not_define": ("Taken by actions", ("create", "promote")),
    "body_file": ("Taken by actions", ("create",)),
    "field": ("Taken by actions", ("create",)),
    "inbox": ("Taken by actions", ("create",)),
    "dry_run": ("Taken by actions", ("init", "materialize_flows", "create", "promote")),
    "force": ("Taken by actions", ("init", "materialize_flows")),
    "json": ("Output", ACTIONS),
    "off": ("Server", ("serve",)),
}
GROUPS = (
    "Actions (one at a time; with none, serve MCP on stdio)",
    "Taken by actions",
    "Output",
    "Bank",
    "Server",
    "Other",
)


def applies_to(name: str) -> tuple[str, ...] | None:
    """The actions an option works with (`serve` for the server), or None when it works with all."""
    return _APPLIES.get(name, ("", None))[1]


def _group(name: str) -> str:
    if name in ACTIONS:
        return GROUPS[0]
    return _APPLIES.get(name, ("Other", None))[0]


class GroupedCommand(OnceEach):
    """A command whose `--help` lists its options under headings instead of one long list (and
    whose options may each be given once, as the linter's)."""

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows: dict[str, list[tuple[str, str]]] = {group: [] for group in GROUPS}
        for param in self.get_params(ctx):
            record = param.get_help_record(ctx)
            if record is not None:
                rows[_group(param.name or "")].append(record)
        for group in GROUPS:
            if rows[group]:
                with formatter.section(group):
                    formatter.write_dl(rows[group])


_OPTIONS: list[Callable[[Any], Any]] = [
    click.option("--init", metavar="NAME", help="Seed a new bank for project NAME (24 files)."),
    click.option("--materialize-flows", is_flag=True, help="Copy the shipped templates into the bank."),
    click.option("--stats", is_flag=True, help="What the bank holds: documents, contract, edges."),
    click.option("--route", metavar="QUESTION", help="Which documents answer a question."),
    click.option("--search", metavar="QUERY", help="Full-text search of document bodies."),
    click.option("--read", metavar="PATH", help="Read a document (with --section: one section)."),
    click.option(
        "--validate", is_flag=True, help="The linter's findings; exit 1 when they fail (as memorybank-lint)."
    ),
    click.option("--graph", metavar="PATH", help="The derived_from graph around a document."),
    click.option("--changed", metavar="REF_OR_DATE", help="Documents changed since a git ref or a date."),
    click.option("--drift", is_flag=True, help="Documents whose anchored code moved on without them."),
    click.option("--list-inbox", is_flag=True, help="The quarantined _inbox/ notes, oldest first."),
    click.option("--create", metavar="PATH", help="Create a governed document at PATH (needs --purpose)."),
    click.option("--promote", metavar="PATH", help="Promote an _inbox/ note (needs --to)."),
    click.option(
        "--show-settings", is_flag=True, help="The configuration in force and the file it came from."
    ),
    click.option("--section", metavar="HEADING", help="--read: the ## section to read."),
    click.option("--summary", is_flag=True, help="--validate: counts per rule only."),
    click.option("--rule", help="--validate: one rule, by name or code."),
    click.option(
        "--severity",
        type=click.Choice(["error", "warning"]),
        help="--validate: only findings of this severity.",
    ),
    click.option(
        "--scope",
        metavar="DIR",
        help="--validate, --drift: only documents under this folder (a derived_from loop or a key "
        "owned twice counts when one of its documents is under it).",
    ),
    click.option(
        "--direction",
        type=click.Choice(["up", "down", "both"]),
        default="down",
        show_default=True,
        help="--graph: up = what it is built on, down = what depends on it.",
    ),
    click.option(
        "--depth",
        type=click.IntRange(1, 6),
        default=2,
        show_default=True,
        help="--graph: hops to walk (1-6).",
    ),
    click.option(
        "--threshold-days",
        type=click.IntRange(0, 3650),
        default=90,
        show_default=True,
        help="--drift: how far code may run ahead of its document.",
    ),
    click.option(
        "--limit",
        type=int,
        help="--route (1-25, default 5), --search (1-50, default 10), --graph (1-300, default 60).",
    ),
    click.option("--max-bytes", type=int, help="--read: the answer's byte budget (at least 1000)."),
    click.option(
        "--no-neighbours", is_flag=True, help="--graph: leave out the one-hop links outside the bank."
    ),
    click.option(
        "--layer",
        type=click.Choice(["dna", "knowledge", "decision", "delivery", "flow", "other"]),
        help="--route, --search: only documents of this layer.",
    ),
    click.option(
        "--status",
        help="--search: only documents with this status; --create (default draft), --promote (default "
        "active): the status written.",
    ),
    click.option("--to", metavar="PATH", help="--promote: where the note goes."),
    click.option(
        "--kind",
        help="--create (default engineering), --promote: the doc_kind; --route, --search: only this one.",
    ),
    click.option("--title", help="--create, --promote: the title."),
    click.option("--purpose", help="--create, --promote: one sentence, when to read it."),
    click.option("--derived", metavar="A,B", help="--create, --promote: derived_from paths."),
    click.option("--canonical", metavar="K1,K2", help="--create, --promote: canonical_for keys."),
    click.option(
        "--must-not-define",
        metavar="K1,K2",
        help="--create, --promote: must_not_define keys (facts it leaves to others).",
    ),
    click.option(
        "--body-file",
        metavar="FILE",
        help="--create: the body, from this file in the project, instead of the template.",
    ),
    click.option(
        "--field",
        metavar="KEY=VALUE",
        multiple=True,
        help="--create: one more frontmatter field, as text (repeatable; not a governed key).",
    ),
    click.option("--inbox", is_flag=True, help="--create: capture an unreviewed note into _inbox/."),
    click.option(
        "--dry-run",
        is_flag=True,
        help="--init, --materialize-flows, --create, --promote: list what would be written, write nothing.",
    ),
    click.option(
        "--force",
        is_flag=True,
        help="--init: add the missing starter files to a bank; --materialize-flows: replace its templates. "
        "Never adds a finding.",
    ),
    click.option("--json", "json", is_flag=True, help="Print the result object the MCP tool returns."),
    click.option(
        "--format",
        "format",
        type=click.Choice(["text", "mermaid", "dot"]),
        help="--graph: draw the neighbourhood as a Mermaid or Graphviz DOT diagram instead of text.",
    ),
    click.option(
        "--root",
        type=click.Path(file_okay=False),
        help="The bank folder. Default: root from the configuration, else memory_bank/ or memory-bank/ "
        "here, the bank folder this is in, or at the top of this git repository.",
    ),
    click.option(
        "--config",
        type=click.Path(dir_okay=False, exists=True),
        help="Read the configuration from this file instead of searching for one.",
    ),
    click.option(
        "--no-cache",
        is_flag=True,
        help="Parse every document afresh and leave the cache folder untouched.",
    ),
    click.option(
        "--off",
        "off",
        multiple=True,
        type=click.Path(),
        help="Serve nothing when the bank lies under this path (repeatable).",
    ),
]


def options(function: Callable[..., Any]) -> Callable[..., Any]:
    """Apply every option, in the table's order."""
    for option in reversed(_OPTIONS):
        function = option(function)
    return function
