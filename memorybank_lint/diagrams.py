"""Diagrams of `derived_from` edges: Mermaid (GitHub renders it in pull requests and job summaries)
and Graphviz DOT (rendered locally).

Why one module for both and for both commands: a cycle in the linter's job summary and a
neighbourhood from `mcp-memorybank --graph` are the same picture, and label escaping is where
diagrams break. A label is document text (paths and titles with quotes, brackets, `#`, backticks,
Cyrillic); it is never written raw. In Mermaid every label is a quoted string whose `"`, `#`, `<`,
`>` and backtick are entity codes (`#quot;`, `#35;`, …); in DOT every label is a quoted string
with `\\` and `"` escaped. In both, nodes are named `n0`, `n1`, … so no path ever becomes syntax.

An arrow points from a document to what it is derived from.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

NodeKind = Literal["document", "root", "missing", "external", "more"]
LinkKind = Literal["edge", "broken", "external", "cycle"]

# `#` first (every code starts with it); `%` and braces, or `%%{init: …}%%` in a title is a
# directive Mermaid reads before the diagram, wherever it stands.
_MERMAID_ESCAPES = (
    ("#", "#35;"),
    ('"', "#quot;"),
    ("<", "#lt;"),
    (">", "#gt;"),
    ("`", "#96;"),
    ("%", "#37;"),
    ("{", "#123;"),
    ("}", "#125;"),
)
_CLASSES = {
    "root": "stroke-width:3px",
    "missing": "stroke:#cf222e,stroke-dasharray:5 5,color:#cf222e",
    "external": "stroke-dasharray:3 3",
    "more": "stroke-dasharray:2 2",
}
_ARROWS = {"edge": "-->", "broken": "-.->", "external": "-.->", "cycle": "==>"}
_DOT_NODES = {
    "root": "penwidth=3",
    "missing": 'style=dashed, color="#cf222e", fontcolor="#cf222e"',
    "external": "style=dashed",
    "more": "style=dotted",
}
_DOT_EDGES = {"broken": 'style=dashed, color="#cf222e"', "external": "style=dashed", "cycle": "penwidth=2"}


@dataclass(frozen=True)
class Node:
    key: str
    lines: tuple[str, ...]  # the label, one entry per line
    kind: NodeKind = "document"


@dataclass(frozen=True)
class Link:
    source: str
    target: str
    kind: LinkKind = "edge"


@dataclass
class Diagram:
    """Nodes (by key, in order) and the links between them."""

    nodes: dict[str, Node] = field(default_factory=dict)
    links: list[Link] = field(default_factory=list)

    def node(self, key: str, *lines: str, kind: NodeKind = "document") -> str:
        self.nodes.setdefault(key, Node(key, tuple(lines) or (key,), kind))
        return key

    def link(self, source: str, target: str, kind: LinkKind = "edge") -> None:
        self.links.append(Link(source, target, kind))


def _flat(text: str) -> str:
    return " ".join(text.split())


LABEL_CHARS = 120  # a label line as drawn: a path can be a whole long line of the bank


def mermaid_label(text: str) -> str:
    """One label line as a Mermaid quoted string may hold it, cut at `LABEL_CHARS`."""
    text = _flat(text)
    if len(text) > LABEL_CHARS:
        text = text[: LABEL_CHARS - 1] + "…"
    for raw, code in _MERMAID_ESCAPES:
        text = text.replace(raw, code)
    return text


def mermaid(diagram: Diagram, direction: str = "LR") -> str:
    """The diagram as a Mermaid flowchart."""
    ids = {key: f"n{index}" for index, key in enumerate(diagram.nodes)}
    lines = [f"flowchart {direction}"]
    for key, node in diagram.nodes.items():
        label = "<br/>".join(mermaid_label(line) for line in node.lines)
        lines.append(f'  {ids[key]}["{label}"]')
    for link in diagram.links:
        lines.append(f"  {ids[link.source]} {_ARROWS[link.kind]} {ids[link.target]}")
    used = {node.kind for node in diagram.nodes.values()} & _CLASSES.keys()
    for kind in sorted(used):
        lines.append(f"  classDef {kind} {_CLASSES[kind]}")
        members = ",".join(ids[key] for key, node in diagram.nodes.items() if node.kind == kind)
        lines.append(f"  class {members} {kind}")
    return "\n".join(lines)


def dot_string(text: str) -> str:
    """A DOT quoted string: backslashes and quotes escaped, line breaks as `\\n`."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\r", "").replace("\n", "\\n") + '"'


def dot(diagram: Diagram, name: str = "derived_from") -> str:
    """The diagram as a Graphviz digraph."""
    ids = {key: f"n{index}" for index, key in enumerate(diagram.nodes)}
    lines = [f"digraph {dot_string(name)} {{", "  rankdir=LR;", "  node [shape=box];"]
    for key, node in diagram.nodes.items():
        label = dot_string("\n".join(_flat(line) for line in node.lines))
        extra = f", {_DOT_NODES[node.kind]}" if node.kind in _DOT_NODES else ""
        lines.append(f"  {ids[key]} [label={label}{extra}];")
    for link in diagram.links:
        extra = f" [{_DOT_EDGES[link.kind]}]" if link.kind in _DOT_EDGES else ""
        lines.append(f"  {ids[link.source]} -> {ids[link.target]}{extra};")
    lines.append("}")
    return "\n".join(lines)
