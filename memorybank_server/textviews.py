"""Plain-text renderings of tool results for the terminal (`mcp-memorybank --route …` etc.).

Why separate: the tools return JSON-ready dicts; only the command line wants columns and indents.
Why every value goes through `visible` first: titles, purposes, headings and excerpts come from
the bank, and a line break in one would forge a line of the listing, an escape sequence would
drive the terminal. A document's content, which `--read` prints line by line, keeps its line
breaks and tabs; every other control character in it is escaped the same way.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

from memorybank_lint.bank import Bank, printable, visible
from memorybank_lint.contract import TRACKED_FIELDS
from memorybank_lint.quoting import shortened

from .read import HEADER_CHARS


def shown(value: Any, key: str = "") -> Any:
    """`value` with every string escaped for a terminal (`visible`); the text of a document
    (`content`, a write's `preview`) keeps its line breaks and tabs."""
    if isinstance(value, str):
        if key in ("content", "preview"):
            return "\n".join("\t".join(map(visible, line.split("\t"))) for line in value.split("\n"))
        return visible(value)
    if isinstance(value, dict):  # keys too: counts are keyed by the bank's own values
        return {visible(k) if isinstance(k, str) else k: shown(v, k) for k, v in value.items()}
    if isinstance(value, list):
        return [shown(v, key) for v in value]
    return value


def _terminal(view: Callable[[dict[str, Any]], str]) -> Callable[[dict[str, Any]], str]:
    """The view, given the result with its control characters escaped (see the module)."""

    @functools.wraps(view)
    def escaped(result: dict[str, Any]) -> str:
        return view(shown(result))

    return escaped


# Refusals are written for MCP callers; on the command line they name the flags instead.
_CLI_WORDS = [
    (r"`?\bdocKind\b`?", "--kind"),
    (r"`?\bderivedFrom\b`?", "--derived"),
    (r"`?\bcanonicalFor\b`?", "--canonical"),
    (r"`?\bmustNotDefine\b`?", "--must-not-define"),
    (r"`?\bbodyFile\b`?", "--body-file"),
    (r"`title`", "--title"),
    (r"`purpose`", "--purpose"),
    (r"`to`", "--to"),
    (r"`name`", "the --init name"),
    (r"\bpass force\b", "pass --force"),
    (r"\bgive it status draft\b", "give it --status draft"),
    (r"\bextra (key|may not set)\b", r"--field \1"),
    (r"\bdryRun\b", "--dry-run"),
    (r"\bmaxBytes\b", "--max-bytes"),
    (r"\bthresholdDays\b", "--threshold-days"),
    (r"\b(layer|status)(?= \Z)", r"--\1"),  # a filter named before its quoted value: `layer 'dna'`
    (r"\bbank_search\b", "--search"),
    (r"\bbank_route\b", "--route"),
]


# a value the message quotes ('domain/docKind.md', "bogus"): the user's words, never renamed
_QUOTED = re.compile(r"""((?<!\w)'[^'\n]*'(?!\w)|(?<!\w)"[^"\n]*"(?!\w))""")


def cli_words(message: str) -> str:
    """A refusal or hint worded for the command line: MCP parameter and tool names become the
    flags that set them, outside the values it quotes (`--read domain/docKind.md` is not
    `domain/--kind.md`)."""
    parts = _QUOTED.split(message)
    for index in range(0, len(parts), 2):  # the even parts lie outside the quotes
        for pattern, flag in _CLI_WORDS:
            parts[index] = re.sub(pattern, flag, parts[index])
    return "".join(parts)


def _hint(result: dict[str, Any]) -> str:
    """The answer's hint, the other tool and every filter named as the command line has them."""
    return cli_words(result.get("hint", ""))


@_terminal
def route_text(result: dict[str, Any]) -> str:
    if not result["results"]:
        return f"(no matches) {_hint(result)}".strip()
    lines = []
    for r in result["results"]:
        lines += [
            f"{r['score']:<7} {r['path']}",
            f"        {r['title']} [{r['docKind'] or '?'} / {r['layer']} / {r['status'] or '?'}]",
            f"        {r['why']}",
        ]
        if r.get("section"):
            lines.append(f"        section: {r['section']}")
        if r["purpose"]:
            lines.append(f"        {shortened(r['purpose'], 120)}")
    return "\n".join(lines)


@_terminal
def search_text(result: dict[str, Any]) -> str:
    if not result["results"]:
        return f"(no matches) {_hint(result)}".strip()
    rows = [
        f"{r['score']:<7} {r['path']}:{r['line']} [{r['docKind'] or '?'} / {r['layer']}] x{r['hits']}"
        + (f"\n        {r['excerpt']}" if r["excerpt"] else "")
        for r in result["results"]
    ]
    return "\n".join(rows + ([f"({_hint(result)})"] if "hint" in result else []))


@_terminal
def read_text(result: dict[str, Any]) -> str:
    docs = result.get("documents", [result])
    parts = []
    for doc in docs:
        section = f" § {doc['section']}" if doc.get("section") else ""
        shown = f"first {doc['bytes']} bytes" if doc.get("truncated") else f"{doc['bytes']} bytes"
        parts.append(f"=== {doc['path']}{section} ({shown})\n{doc['content']}")
        if doc.get("truncated"):
            parts.append(f"--- {doc.get('note') or 'cut here; read the rest one section at a time'}")
    for item in result.get("skipped", []):
        parts.append(f"--- skipped {item['path']} ({item['bytes']} bytes): read it by section")
    for item in result.get("failed", []):
        parts.append(f"--- failed {item['path']}: {item['error']}")
    return "\n\n".join(parts)


@_terminal
def graph_text(result: dict[str, Any]) -> str:
    lines = []
    for node in result["nodes"]:
        arrow = {"up": "^", "down": "v"}.get(node["via"], "*")
        lines.append(f"{'  ' * node['depth']}{arrow} {node['path']} [{node['layer']}]")
    fits = [edge for edge in result["edges"] if edge.get("fit")]
    lines += [f"  fit {edge['from']} -> {edge['to']}: {edge['fit']}" for edge in fits]
    layers = ", ".join(f"{layer} {count}" for layer, count in result["byLayer"].items())
    lines.append(
        f"nodes: {len(result['nodes'])}"
        + (f" ({layers})" if layers else "")  # the neighbours' layers: a lone page has none
        + (" (truncated)" if result["truncated"] else "")
    )
    lines += [f"external: {item['from']} -> {item['raw']}" for item in result["external"]]
    lines += [f"broken: {item['from']} -> {item['raw']}" for item in result["broken"]]
    return "\n".join(lines + _left_out(result, ("edges", "external", "broken")))


def _left_out(result: dict[str, Any], keys: tuple[str, ...]) -> list[str]:
    """The line saying how many entries a bounded list left out, one per list that left any."""
    return [f"{key}: {result[f'{key}LeftOut']} more not listed" for key in keys if f"{key}LeftOut" in result]


@_terminal
def changed_text(result: dict[str, Any]) -> str:
    lines = [
        f"since {result['since']} ({result['mode']}" + (f", {result['repo']})" if result.get("repo") else ")")
    ]
    if result.get("note"):
        lines.append(result["note"])
    for change in result["changes"]:
        origin = f" <- {change['from']}" if change.get("from") else ""
        kind = f" [{change.get('docKind') or '?'} / {change.get('layer') or '?'}]"
        lines.append(f"{change['changeKind']:<9} {change['path']}{origin}{kind}")
    lines += _left_out(result, ("changes",))
    lines.append(f"total: {len(result['changes']) + result.get('changesLeftOut', 0)}")
    return "\n".join(lines)


@_terminal
def drift_text(result: dict[str, Any]) -> str:
    lines = [f"anchored {result['anchored']}, unanchored {result['unanchored']}, mode {result['mode']}"]
    if result.get("note"):
        lines.append(result["note"])
    lines += [f"drifted {d['aheadDays']}d {d['path']} <- {d['anchor']}" for d in result["drifted"]]
    lines += [f"missing {m['path']} <- {m['anchor']}" for m in result["missing"]]
    return "\n".join(lines + _left_out(result, ("drifted", "missing")))


@_terminal
def inbox_text(result: dict[str, Any]) -> str:
    if not result["entries"]:
        return "(inbox empty)"
    lines = []
    for e in result["entries"]:
        lines += [
            f"{e['ageDays']:>4}d {e['path']} [{e['docKind'] or '?'}]",
            f"      {e['title']}",
            f"      {e['purpose']}",
            "",
        ]
    return "\n".join([*lines, f"total: {result['count']}"])


def _histogram(counts: dict[str, int]) -> list[str]:
    return [f"  {count:>4} {value or '(none)'}" for value, count in counts.items()]


def _counted(values: Iterable[str]) -> dict[str, int]:
    """How many documents hold each value, most first, each value cut to `HEADER_CHARS` (a value
    cut alike is counted once): a 100 KB doc_kind was printed whole."""
    return dict(Counter(shortened(value, HEADER_CHARS) for value in values).most_common())


def stats(bank: Bank, indexed_ms: float) -> dict[str, Any]:
    """What the bank holds, as data: `--stats --json` prints this, `--stats` renders it."""
    docs = list(bank.docs.values())
    edges = [e for d in docs for e in d.derived_from]
    contract = bank.contract
    unresolved = sum(
        1 for e in edges if not e.target.external and e.target.resolved and bank.edge_target(e) is None
    )
    allowed = {
        name: sorted({shortened(value, HEADER_CHARS) for value in contract.allowed(name, "governance") or []})
        or None
        for name in TRACKED_FIELDS  # every field the linter checks against the contract (MB006)
        if contract is not None
    }
    return {
        "root": printable(str(bank.root)),
        "documents": len(docs),
        "kilobytes": sum(d.size for d in docs) // 1024,
        "indexedMs": round(indexed_ms, 1),
        "contract": None
        if contract is None
        else {"sources": list(contract.source), "allowed": allowed, "roots": sorted(contract.roots)},
        "edges": {
            "total": len(edges),
            "fit": sum(1 for e in edges if e.fit),
            "external": sum(1 for e in edges if e.target.external),
            "unresolved": unresolved,
        },
        "canonicalKeys": len(bank.owners),
        "canonicalConflicts": sum(1 for owners in bank.owners.values() if len(owners) > 1),
        "indexLinks": len(bank.index_links),
        "parseErrors": sorted(d.path for d in docs if d.parse_error or d.read_error),
        # a file that was not read (too big, binary) has a header nobody saw: it is a parse error
        "noFrontmatter": sorted(d.path for d in docs if not d.has_frontmatter and not d.read_error),
        "byLayer": dict(Counter(d.layer or "" for d in docs).most_common()),
        "byDocKind": _counted(d.doc_kind for d in docs),
        "byDocFunction": _counted(d.doc_function for d in docs),
    }


@_terminal
def stats_text(result: dict[str, Any]) -> str:
    lines = [
        f"root: {result['root']}",
        f"documents: {result['documents']}",
        f"bytes: {result['kilobytes']} KB",
        f"indexed in: {result['indexedMs']:.1f} ms",
    ]
    contract = result["contract"]
    if contract is None:
        lines.append("contract: absent (degraded mode)")
    else:
        lines.append(f"contract: {', '.join(contract['sources'])}")
        for field_name, allowed in contract["allowed"].items():
            lines.append(f"  {field_name}: {', '.join(allowed) if allowed else '(not enforced)'}")
        lines.append(f"  roots: {', '.join(contract['roots']) or '(none)'}")
    edges = result["edges"]
    lines.append(
        f"edges: {edges['total']} (fit {edges['fit']}, external {edges['external']}, "
        f"unresolved {edges['unresolved']})"
    )
    lines.append(
        f"canonical: {result['canonicalKeys']} keys, {result['canonicalConflicts']} conflicts; "
        f"index links: {result['indexLinks']}"
    )
    broken, bare = result["parseErrors"], result["noFrontmatter"]
    lines.append(f"parse errors: {len(broken)}" + (f" ({', '.join(broken)})" if broken else ""))
    lines.append(f"no frontmatter: {len(bare)}" + (f" ({', '.join(bare[:20])})" if bare else ""))
    for label, key in (
        ("by layer", "byLayer"),
        ("by doc_kind", "byDocKind"),
        ("by doc_function", "byDocFunction"),
    ):
        lines += [f"{label}:", *_histogram(result[key])]
    return "\n".join(lines)
