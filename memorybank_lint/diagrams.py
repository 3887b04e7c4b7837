"""Diagrams of `derived_from` edges: Mermaid (GitHub renders it in pull requests and job summaries)
and Graphviz DOT (rendered locally).

Why one module for both and for both commands: a cycle in the linter's job summary and a
neighbourhood from `mcp-memorybank --graph` are the same picture, and label escaping is where
diagrams break. A label is document text (paths and titles with quotes, brackets, `#`, backticks,
Cyrillic); it is never written raw. In Mermaid every label is a quoted string in which every
character but letters, digits, the space and `-_./,'` is an entity code (`#34;`, `#35;`, `#59;`,
…); in DOT every label is a quoted string with `\\` and `"` escaped and `&` written `&amp;`. In
both, nodes are named `n0`, `n1`, … so no path ever becomes syntax.

An arrow points from a document to what it is derived from.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from .bank import visible
from .quoting import shortened

NodeKind = Literal["document", "root", "missing", "external", "more"]
LinkKind = Literal["edge", "broken", "external", "cycle"]

# What a Mermaid label holds as itself; every other character is written as its entity code.
# Why a short list rather than the characters known to be special: Mermaid rewrites the text
# before it parses it, and its rewrites read more than its grammar does. `%%{init: …}%%` is a
# directive wherever it stands; on a line holding `style` or `classDef`, then a `:` and a `#`, it
# drops the last `;` (meant for `style x fill:#fff;`, it cuts the end off an entity code, so no
# `:` is written raw); `&` starts an HTML entity; and line breaks, quotes, `;`, brackets and
# pipes end a label or a statement.
_MERMAID_PLAIN = frozenset(" -_./,'")
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

    def more(self, *lines: str) -> str:
        """A dotted box standing for what the picture does not draw (`… 6 more documents`).

        Why a box rather than a comment or a caption: the renderer shows a box, in Mermaid and in
        DOT alike, and a picture pasted alone must not read as the whole of what it was cut from.
        Every picture says what it leaves out this one way.
        """
        return self.node("\0more\0" + "\n".join(lines), *lines, kind="more")


def _flat(text: str) -> str:
    return " ".join(text.split())


LABEL_CHARS = 120  # a label line as drawn: a path can be a whole long line of the bank


def mermaid_text(text: str) -> str:
    """`text` as a Mermaid quoted label may hold it, whatever it contains.

    Why every character outside `_MERMAID_PLAIN` and not only the known ones: a title is anyone's
    text, and a label must show that text rather than be read as part of the diagram. The codes
    are decimal (`#59;`), one rule that Mermaid decodes back for any character.
    """
    codes = [char if char.isalnum() or char in _MERMAID_PLAIN else f"#{ord(char)};" for char in text]
    for end in (0, -1) if codes else ():
        if codes[end] == " ":
            codes[end] = "#32;"  # Mermaid trims a label, and a name may begin or end with a space
    return "".join(codes)


def mermaid_label(text: str) -> str:
    """One label line as a Mermaid quoted string may hold it, cut at `LABEL_CHARS`; a control
    character is written as the text format writes it (`visible`): a label is the bank's text,
    and a raw escape sequence or NUL would reach the job summary and the terminal alike."""
    text = visible(text)
    text = shortened(text, LABEL_CHARS)
    return mermaid_text(text)


def mermaid(diagram: Diagram, direction: str = "LR") -> str:
    """The diagram as a Mermaid flowchart."""
    ids = {key: f"n{index}" for index, key in enumerate(diagram.nodes)}
    lines = [f"flowchart {direction}"]
    for key, node in diagram.nodes.items():
        label = "<br/>".join(mermaid_label(line) for line in node.lines) or " "  # `[""]` does not parse
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
    """A DOT quoted string Graphviz draws as `text`: backslashes and quotes escaped, line breaks as
    `\\n`, and `&` as `&amp;`, since Graphviz decodes an HTML entity in the strings it draws
    (`&#8238;` would be a live bidi override, `&#27;` a raw escape, `&amp;` a lone `&`)."""
    text = text.replace("&", "&amp;")
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\r", "").replace("\n", "\\n") + '"'


def dot(diagram: Diagram, name: str = "derived_from") -> str:
    """The diagram as a Graphviz digraph."""
    ids = {key: f"n{index}" for index, key in enumerate(diagram.nodes)}
    lines = [f"digraph {dot_string(name)} {{", "  rankdir=LR;", "  node [shape=box];"]
    for key, node in diagram.nodes.items():
        # control characters as the text format writes them, before quoting: escaped after it, the
        # `\x1b` was a DOT escape and Graphviz drew `x1b`
        label = dot_string("\n".join(_flat(visible(line)) for line in node.lines))
        extra = f", {_DOT_NODES[node.kind]}" if node.kind in _DOT_NODES else ""
        lines.append(f"  {ids[key]} [label={label}{extra}];")
    for link in diagram.links:
        extra = f" [{_DOT_EDGES[link.kind]}]" if link.kind in _DOT_EDGES else ""
        lines.append(f"  {ids[link.source]} -> {ids[link.target]}{extra};")
    lines.append("}")
    return "\n".join(lines)
