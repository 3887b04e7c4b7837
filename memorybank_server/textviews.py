"""Plain-text renderings of tool results for the terminal (`mcp-memorybank --route …` etc.).

Why separate: the tools return JSON-ready dicts; only the command line wants columns and indents.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from memorybank_lint.bank import Bank


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def route_text(result: dict[str, Any]) -> str:
    if not result["results"]:
        return f"(no matches) {result.get('hint', '')}".strip()
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
            lines.append(f"        {_cut(r['purpose'], 120)}")
    return "\n".join(lines)


def search_text(result: dict[str, Any]) -> str:
    if not result["results"]:
        return f"(no matches) {result.get('hint', '')}".strip()
    return "\n".join(
        f"{r['score']:<7} {r['path']}:{r['line']} [{r['docKind'] or '?'} / {r['layer']}] x{r['hits']}"
        + (f"\n        {r['excerpt']}" if r["excerpt"] else "")
        for r in result["results"]
    )


def read_text(result: dict[str, Any]) -> str:
    docs = result.get("documents", [result])
    parts = []
    for doc in docs:
        section = f" § {doc['section']}" if doc.get("section") else ""
        parts.append(f"=== {doc['path']}{section} ({doc['bytes']} bytes)\n{doc['content']}")
    for item in result.get("skipped", []):
        parts.append(f"--- skipped {item['path']} ({item['bytes']} bytes): read it by section")
    for item in result.get("failed", []):
        parts.append(f"--- failed {item['path']}: {item['error']}")
    return "\n\n".join(parts)


def graph_text(result: dict[str, Any]) -> str:
    lines = []
    for node in result["nodes"]:
        arrow = {"up": "^", "down": "v"}.get(node["via"], "*")
        lines.append(f"{'  ' * node['depth']}{arrow} {node['path']} [{node['layer']}]")
    fits = [edge for edge in result["edges"] if edge.get("fit")]
    lines += [f"  fit {edge['from']} -> {edge['to']}: {edge['fit']}" for edge in fits]
    layers = ", ".join(f"{layer} {count}" for layer, count in result["byLayer"].items())
    lines.append(
        f"nodes: {len(result['nodes'])} ({layers})" + (" (truncated)" if result["truncated"] else "")
    )
    lines += [f"external: {item['from']} -> {item['raw']}" for item in result["external"]]
    lines += [f"broken: {item['from']} -> {item['raw']}" for item in result["broken"]]
    return "\n".join(lines)


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
    lines.append(f"total: {len(result['changes'])}")
    return "\n".join(lines)


def drift_text(result: dict[str, Any]) -> str:
    lines = [f"anchored {result['anchored']}, unanchored {result['unanchored']}, mode {result['mode']}"]
    if result.get("note"):
        lines.append(result["note"])
    lines += [f"drifted {d['aheadDays']}d {d['path']} <- {d['anchor']}" for d in result["drifted"]]
    lines += [f"missing {m['path']} <- {m['anchor']}" for m in result["missing"]]
    return "\n".join(lines)


def validate_text(result: dict[str, Any], summary: bool) -> str:
    lines = []
    if not summary:
        for f in result["findings"]:
            where = f"{f['path']}:{f['line']}" if f.get("line") else f["path"]
            lines += [f"{f['severity'].upper():<7} {f['rule']:<24} {where}", f"        {f['message']}"]
        if lines:
            lines.append("")
    lines.append(f"total: {result['total']}")
    lines += [f"{count:>4} {rule}" for rule, count in result["byRule"].items()]
    return "\n".join(lines)


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


def _histogram(values: list[str]) -> list[str]:
    return [f"  {count:>4} {value or '(none)'}" for value, count in Counter(values).most_common()]


def stats_text(bank: Bank, indexed_ms: float) -> str:
    docs = list(bank.docs.values())
    edges = [e for d in docs for e in d.derived_from]
    contract = bank.contract
    lines = [
        f"root: {bank.root}",
        f"documents: {len(docs)}",
        f"bytes: {sum(d.size for d in docs) // 1024} KB",
        f"indexed in: {indexed_ms:.1f} ms",
    ]
    if contract is None:
        lines.append("contract: absent (degraded mode)")
    else:
        lines.append(f"contract: {', '.join(contract.source)}")
        for field_name in ("doc_kind", "doc_function", "status"):
            allowed = contract.allowed(field_name, "governance")
            lines.append(f"  {field_name}: {', '.join(sorted(allowed)) if allowed else '(not enforced)'}")
        lines.append(f"  roots: {', '.join(sorted(contract.roots)) or '(none)'}")
    unresolved = sum(
        1 for e in edges if not e.target.external and e.target.resolved and bank.edge_target(e) is None
    )
    lines.append(
        f"edges: {len(edges)} (fit {sum(1 for e in edges if e.fit)}, "
        f"external {sum(1 for e in edges if e.target.external)}, unresolved {unresolved})"
    )
    conflicts = sum(1 for owners in bank.owners.values() if len(owners) > 1)
    lines.append(
        f"canonical: {len(bank.owners)} keys, {conflicts} conflicts; index links: {len(bank.index_links)}"
    )
    broken = sorted(d.path for d in docs if d.parse_error or d.read_error)
    bare = sorted(d.path for d in docs if not d.has_frontmatter)
    lines.append(f"parse errors: {len(broken)}" + (f" ({', '.join(broken)})" if broken else ""))
    lines.append(f"no frontmatter: {len(bare)}" + (f" ({', '.join(bare[:20])})" if bare else ""))
    for label, values in (
        ("by layer", [d.layer for d in docs]),
        ("by doc_kind", [d.doc_kind for d in docs]),
        ("by doc_function", [d.doc_function for d in docs]),
    ):
        lines += [f"{label}:", *_histogram(values)]
    return "\n".join(lines)
