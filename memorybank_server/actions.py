"""The one-shot actions of `mcp-memorybank`: each returns the MCP tool's result and its text.

Why apart from `cli.py`: the command module owns options, usage errors and exit codes; this one
only turns options into the same calls the MCP tools make, so `--json` prints exactly what an
agent receives.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from memorybank_lint.bank import Bank, visible
from memorybank_lint.config import Config
from memorybank_lint.fixes import command as fixing
from memorybank_lint.fixes import fixability
from memorybank_lint.linter import idle_glob_note
from memorybank_lint.registry import all_rules
from memorybank_lint.reporters import ReportContext
from memorybank_lint.reporters import text as text_format
from memorybank_lint.usage import program, say

from . import scaffold, textviews
from .errors import BadValue
from .textviews import cli_words

Answer = tuple[dict[str, Any], str]

# A read's refusal starts with the tool argument it is about; on the command line, its flag.
_READ_ARGUMENTS = {
    "question": "--route",
    "query": "--search",
    "scope": "--scope",
    "limit": "--limit",
    "depth": "--depth",
    "direction": "--direction",
    "section": "--section",
    "threshold_days": "--threshold-days",
    "since": "--changed",
    "docKind": "--kind",
    "maxBytes": "--max-bytes",
    "thresholdDays": "--threshold-days",
    "status": "--status",
    "layer": "--layer",
}
# the argument a refusal begins with, bare or in backticks; a quoted word is the user's value,
# and `query-engine` is not the argument `query`
_LEADING = re.compile(r"`?(\w+)`?(?![\w'\"-])")


_READ_WORDS = ((re.compile(r"(unknown )?rule\b"), "--rule"), (re.compile(r"No section\b"), "--section"))


def read_refusal(action: str, message: str) -> str:
    """A read action's refusal on the command line: it begins with the flag the user typed, and
    names no tool argument. One that begins with the argument says the flag in its place
    (`maxBytes must be …` is `--max-bytes must be …`, not `--max-bytes: maxBytes must be …`);
    any other is headed by the flag it is about, and the names inside it are flags too."""
    lead = _LEADING.match(message)
    flag = _READ_ARGUMENTS.get(lead.group(1)) if lead else None
    if lead and flag:
        return flag + cli_words(message[lead.end() :])
    flag = next((f for words, f in _READ_WORDS if words.match(message)), None)
    return f"{flag or '--' + action.replace('_', '-')}: {cli_words(message)}"


def _split(text: str | None) -> list[str]:
    return [item.strip() for item in (text or "").split(",") if item.strip()]


def _fields(given: tuple[str, ...]) -> dict[str, str] | None:
    """`--field KEY=VALUE` words as the tools' `extra` mapping; a word without its `=` or a key
    given twice is a usage mistake (a silent last-one-wins would drop a value)."""
    fields: dict[str, str] = {}
    for word in given:
        key, equals, value = word.partition("=")
        if not equals or not key.strip() or not value.strip():
            raise BadValue(f"--field takes KEY=VALUE, not '{visible(word)}'")
        if key.strip() in fields:
            raise BadValue(f"--field sets '{key.strip()}' twice; give each key once")
        fields[key.strip()] = value.strip()
    return fields or None


def _write_text(result: dict[str, Any], verb: str, would: str, subject: str) -> str:
    result = textviews.shown(result)  # the preview and the warnings quote the bank and the arguments
    lines = [
        f"{would if result['dryRun'] else verb} {visible(subject)}",
        f"template: {result.get('template') or '(none)'}",
        f"registered in: {', '.join(result.get('registeredIn') or []) or '(nowhere)'}",
    ]
    lines += [f"warning: {w}" for w in result.get("warnings", [])]
    return "\n".join([*lines, "", "--- preview ---", result.get("preview", "")])


def scaffold_text(result: scaffold.ScaffoldResult, heading: str) -> str:
    """Every file written (or, in a dry run, that would be), the ones overwritten and left out."""
    lines = [heading, f"files: {len(result.files)}"]
    overwritten = set(result.overwrites)
    verb = "would overwrite" if result.dryRun else "overwrote"
    lines += [f"  {path}" + (f"  ({verb})" if path in overwritten else "") for path in result.files]
    if result.skipped:
        lines.append(f"left out: {len(result.skipped)}")
        lines += [f"  {item['path']}: {item['reason']}" for item in result.skipped]
    return "\n".join(lines + [f"warning: {w}" for w in result.warnings])


def _seeded_verb(result: scaffold.ScaffoldResult) -> str:
    """CREATED for a new bank; SEEDED when `--force` added starter files around the bank's own."""
    if result.dryRun:
        return "WOULD SEED" if result.skipped else "WOULD CREATE"
    return "CREATED" if result.created else "SEEDED"


def init(root: Path, opts: dict[str, Any], max_bytes: int) -> Answer:
    result = scaffold.init(
        root, opts["init"], dry_run=opts["dry_run"], force=opts["force"], max_bytes=max_bytes
    )
    heading = f"{_seeded_verb(result)} {result.root}"
    if result.directories:
        heading += f"\ndirectories: {', '.join(sorted(result.directories))}"
    return result.as_dict(), scaffold_text(result, heading)


def materialize(root: Path, opts: dict[str, Any], max_bytes: int) -> Answer:
    result = scaffold.materialize_flows(
        root, force=opts["force"], dry_run=opts["dry_run"], max_bytes=max_bytes
    )
    verb = "WOULD COPY" if result.dryRun else "COPIED"
    heading = f"{verb} {len(result.files)} files into {result.root}/flows/templates"
    if not result.dryRun and result.files:
        heading += "\nThe bank now owns its templates: bank_create uses these copies from now on."
    elif not result.dryRun:
        heading += "\nNothing was copied: bank_create goes on using the templates it used before."
    return result.as_dict(), scaffold_text(result, heading)


def validate(bank: Bank, opts: dict[str, Any], config: Config, cwd: Path) -> Answer:
    """`--validate`: the linter's findings under the project configuration, in the linter's format."""
    from .validate import counts, findings, idle_ignores, listed, unreadable

    selection = config.selection()
    found = findings(bank, opts["scope"], opts["severity"], opts["rule"], selection)
    result = counts(found) | unreadable(bank) | idle_ignores(bank, selection)
    for glob in result.get("idleIgnores", ()):
        say(program(), idle_glob_note(glob))
    if opts["summary"]:
        stats = text_format.render_statistics(found, fixability(bank, found))
        return result, "\n".join(filter(None, [stats, text_format.summary(found)]))
    result |= listed(found, capped=False)  # a terminal or a CI job: every finding, as the linter
    ctx = ReportContext(root=bank.root, cwd=cwd, repo_root=cwd)
    closing = fixing.hint(found, fixability(bank, found))
    return result, "\n".join(filter(None, [text_format.render(found, all_rules(), ctx), closing]))


def read_action(bank: Bank, action: str, opts: dict[str, Any], config: Config, cwd: Path) -> Answer:
    """Run one read action; a bad argument surfaces as a ToolInputError."""
    from . import resources
    from .changed import changed
    from .drift import drift
    from .graph import graph
    from .read import read
    from .retrieval.route import route
    from .retrieval.search import search

    limit = opts["limit"]
    if action == "route":
        result = route(bank, opts["route"], 5 if limit is None else limit, opts["kind"], opts["layer"])
        return result, textviews.route_text(result)
    if action == "validate":
        return validate(bank, opts, config, cwd)
    if action == "list_inbox":
        result = resources.inbox(bank)
        return result, textviews.inbox_text(result)
    if action == "search":
        result = search(
            bank, opts["search"], 10 if limit is None else limit, opts["kind"], opts["layer"], opts["status"]
        )
        return result, textviews.search_text(result)
    if action == "changed":
        result = changed(bank, opts["changed"])
        return result, textviews.changed_text(result)
    if action == "drift":
        result = drift(bank, opts["threshold_days"], opts["scope"])
        return result, textviews.drift_text(result)
    if action == "graph":
        most = 60 if limit is None else limit
        result = graph(bank, opts["graph"], opts["direction"], opts["depth"], most, not opts["no_neighbours"])
        if opts["format"] in ("mermaid", "dot"):
            from .graph_picture import picture

            return result, "\n".join(map(visible, picture(result, opts["format"]).split("\n")))
        return result, textviews.graph_text(result)
    result = read(bank, opts["read"], opts["section"], opts["max_bytes"])
    return result, textviews.read_text(result)


def write_action(bank: Bank, action: str, opts: dict[str, Any]) -> Answer:
    """`--promote` and `--create`: the two governed writes the command line offers."""
    from .writes import create, inbox

    if action == "promote":
        result = inbox.promote(
            bank,
            path=opts["promote"],
            to=opts["to"],
            doc_kind=opts["kind"],
            title=opts["title"],
            purpose=opts["purpose"],
            derived_from=_split(opts["derived"]) or None,
            canonical_for=_split(opts["canonical"]) or None,
            must_not_define=_split(opts["must_not_define"]) or None,
            status=opts["status"] or "active",
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
        must_not_define=_split(opts["must_not_define"]) or None,
        status=opts["status"] or "draft",
        body_file=opts["body_file"],
        extra=_fields(opts["field"]),
        inbox=opts["inbox"],
        dry_run=opts["dry_run"],
    )
    return result, _write_text(result, "CREATED", "WOULD CREATE", result["path"])
