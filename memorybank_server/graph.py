"""`bank_graph`: the `derived_from` neighbourhood of one document, up (sources), down (dependents)
or both, with the edges that leave the bank and the ones that go nowhere.

Why a walk of its own rather than `memorybank_lint.graph.walk`: the answer needs the edges, their
`fit`, the hop at which each node was first seen and by which sweep, and the entries that are not
internal, none of which the linter's walk keeps.

Departures from the reference, on purpose:
- a URL target is `external` with `url: true`, never `broken`, and is never opened (W21);
- `external` and `broken` come from every node whose own `derived_from` the walk looked at: in `up`
  the nodes it expanded; in `down` and `both` every node of the answer (the root included), so the
  default `down` direction shows the root's and the dependents' outside sources too (W21), and so
  the external neighbours are no longer always empty there;
- in `both`, the down sweep expands a node even if the up sweep found it first; each sweep expands
  a document at most once, which is what keeps cycles harmless;
- the answer is bounded whatever the headers hold: at most `MAX_EDGES` edges are listed, the ones
  the walk met first (nearest the root) kept and the rest counted (`edgesLeftOut`), and every
  value quoted from a header (a title, kind, status, purpose, fit, key, an entry as written) is
  cut to `HEADER_CHARS`: 60 documents deriving from one another with 30 KB fits answered 106 MB.
"""

from __future__ import annotations

import os
import posixpath
from pathlib import Path
from typing import Any

from memorybank_lint import frontmatter
from memorybank_lint.bank import Bank
from memorybank_lint.document import Edge
from memorybank_lint.edits.atomic import read_regular, refusal
from memorybank_lint.quoting import shortened

from .errors import ToolInputError
from .read import HEADER_CHARS, document_path

DIRECTIONS = ("up", "down", "both")
MAX_DEPTH = 6
MAX_LIMIT = 300
MAX_NEIGHBOURS = 25
MAX_LISTED = 100  # external and broken entries listed; a page with 9,000 of them answered 484 KB
MAX_EDGES = 1_000  # edges listed (a real bank's 251 nodes have 673); 60 deriving from one another had 3,540
MAX_NEIGHBOUR_KEYS = 20  # a neighbour's canonical_for keys listed
CEILING_LEVELS = 3
NEIGHBOUR_READ_BYTES = 256 * 1024


def _check_int(name: str, value: Any, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ToolInputError(f"{name} must be an integer from {low} to {high}, not {value!r}")
    return value


class _Walk:
    """The shared node and edge sets of one `bank_graph` call."""

    def __init__(self, bank: Bank, root: str, direction: str, limit: int) -> None:
        self.bank = bank
        self.limit = limit
        self.nodes: dict[str, dict[str, Any]] = {root: self._node(root, 0, direction)}
        self.edges: dict[tuple[str, str], str | None] = {}
        self.hops: dict[tuple[str, str], int] = {}  # the hop at which each edge was met, either sweep
        self.outside: dict[tuple[str, str], dict[str, Any]] = {}
        self.broken: dict[tuple[str, str], dict[str, Any]] = {}
        self.truncated = False

    def _node(self, path: str, depth: int, via: str) -> dict[str, Any]:
        doc = self.bank.docs[path]
        return {
            "path": path,
            "title": shortened(doc.title, HEADER_CHARS),
            "docKind": shortened(doc.doc_kind, HEADER_CHARS),
            "layer": doc.layer,
            "status": shortened(doc.status, HEADER_CHARS),
            "depth": depth,
            "via": via,
        }

    def reach(self, path: str, depth: int, via: str) -> bool:
        """Record `path` as a node at `depth`; False when the node ceiling keeps it out."""
        node = self.nodes.get(path)
        if node is not None:
            node["depth"] = min(node["depth"], depth)
            return True
        if len(self.nodes) >= self.limit:
            self.truncated = True
            return False
        self.nodes[path] = self._node(path, depth, via)
        return True

    def edge(self, source: str, target: str, fit: str | None, hop: int) -> None:
        """Record an edge between two nodes, with the hop of the sweep that met it."""
        if source in self.nodes and target in self.nodes and (source, target) not in self.edges:
            self.edges[(source, target)] = fit
            self.hops[(source, target)] = hop

    def note_leaving(self, path: str) -> None:
        """File the non-internal `derived_from` entries of `path` under `external` or `broken`."""
        for edge in self.bank.docs[path].derived_from:
            target = edge.target
            key = (path, edge.raw)
            if target.url:
                self.outside.setdefault(key, {"from": path, "raw": edge.raw, "url": True})
            elif target.external:
                self.outside.setdefault(key, {"from": path, "raw": edge.raw})
            elif target.resolved is not None and self.bank.edge_target(edge) is None:
                self.broken.setdefault(key, {"from": path, "raw": edge.raw})

    def sweep(self, root: str, direction: str, depth: int) -> None:
        """Breadth-first, level by level; each document expanded at most once in this sweep."""
        expanded = {root}
        level = [root]
        for hop in range(1, depth + 1):
            following: list[str] = []
            for current in level:
                for source, target, fit in self._steps(current, direction):
                    reached = target if direction == "up" else source
                    if not self.reach(reached, hop, direction):
                        continue
                    self.edge(source, target, fit, hop)
                    if reached not in expanded:
                        expanded.add(reached)
                        following.append(reached)
            level = following
        if direction == "down":
            for path in self.nodes:
                self.note_leaving(path)

    def _steps(self, current: str, direction: str) -> list[tuple[str, str, str | None]]:
        """`(from, to, fit)` for each internal edge one hop from `current` in `direction`."""
        if direction == "up":
            self.note_leaving(current)
            return [
                (current, target, edge.fit)
                for edge in self.bank.docs[current].derived_from
                if (target := self.bank.edge_target(edge)) is not None
            ]
        steps = []
        for dependent in dict.fromkeys(self.bank.incoming.get(current, [])):
            if dependent in self.bank.docs:
                steps.append((dependent, current, _fit_towards(self.bank, dependent, current)))
        return steps


def _fit_towards(bank: Bank, dependent: str, target: str) -> str | None:
    edges: list[Edge] = bank.docs[dependent].derived_from
    return next((e.fit for e in edges if e.fit is not None and bank.edge_target(e) == target), None)


def neighbour(bank: Bank, entry: dict[str, Any]) -> dict[str, Any]:
    """One hop outside the bank: what the target file says about itself, read leniently, or why
    it was not read. Nothing above `_ceiling` is ever opened."""
    ceiling = _ceiling(bank.root)
    declaring = os.path.join(bank.root, posixpath.dirname(entry["from"]))
    target = _named(declaring, entry["raw"], ceiling)
    same = target == str(ceiling)
    result = {
        **_quoted(entry),
        "file": shortened(target if same else os.path.relpath(target, ceiling), HEADER_CHARS),
    }
    real = os.path.realpath(target)
    if not _within(target, str(ceiling)) or not _within(real, os.path.realpath(ceiling)):
        return {**result, "unreadable": f"beyond {ceiling}, the highest folder neighbours are read in"}
    if not target.endswith(".md"):
        return {**result, "unreadable": "not a markdown file"}
    try:  # the checked name, never a link, never blocking: a swap after the check reads nothing
        text = read_regular(real, NEIGHBOUR_READ_BYTES, head=True).decode("utf-8", errors="replace")
    except (FileNotFoundError, NotADirectoryError):
        return {**result, "unreadable": "no such file (the edge is broken, not merely external)"}
    except OSError as exc:
        return {**result, "unreadable": f"the file {refusal(exc, NEIGHBOUR_READ_BYTES)}"}
    _, header = frontmatter.parse(frontmatter.normalized(text))
    data = header.data
    title = data.get("title")
    named = isinstance(title, str) and title.strip()
    result["title"] = shortened(title.strip() if named else os.path.basename(target)[:-3], HEADER_CHARS)
    for key, name in (("doc_kind", "docKind"), ("status", "status"), ("purpose", "purpose")):
        value = data.get(key)
        if isinstance(value, str) and value.strip():
            result[name] = shortened(value.strip(), HEADER_CHARS)
    owned = data.get("canonical_for")
    keys = [owned] if isinstance(owned, str) else owned if isinstance(owned, list) else []
    if keys:
        result["canonicalFor"] = [
            shortened(str(key).strip(), HEADER_CHARS) for key in keys[:MAX_NEIGHBOUR_KEYS]
        ]
    if len(keys) > MAX_NEIGHBOUR_KEYS:
        result["canonicalForLeftOut"] = len(keys) - MAX_NEIGHBOUR_KEYS
    return result


def _named(declaring: str, raw: str, ceiling: Path) -> str:
    """The file a `derived_from` value written in the folder `declaring` names: the part before
    its first `#` (`guide.md#usage` is a section of `guide.md`), else, when that names nothing,
    the whole value (`c#-style.md`), as the bank reads a value naming one of its own documents
    (`Target.landing`). The whole value is looked for only inside `ceiling`, so no answer tells
    what exists beyond it."""
    part = os.path.normpath(os.path.join(declaring, raw.split("#", 1)[0].strip()))
    if "#" not in raw:
        return part
    whole = os.path.normpath(os.path.join(declaring, raw.strip()))
    real = os.path.realpath(ceiling)
    inside = all(
        _within(path, str(ceiling)) and _within(os.path.realpath(path), real) for path in (part, whole)
    )
    if inside and not os.path.lexists(part) and os.path.lexists(whole):
        return whole
    return part


def _quoted(entry: dict[str, Any]) -> dict[str, Any]:
    """An `external` or `broken` entry as answered: the entry as written cut to `HEADER_CHARS`
    (the walk keys and reads by the whole of it)."""
    return {**entry, "raw": shortened(entry["raw"], HEADER_CHARS)}


def _ceiling(root: Path) -> Path:
    """The highest folder a neighbour is read in: `CEILING_LEVELS` above the bank, but never above
    the repository that holds it (the nearest folder with a `.git`), nor the file system's root.

    Why: a bank's edges reach the project's other documents; a bank near the top of the disk, or
    a `derived_from` climbing out of its repository, would otherwise have its headers read from
    anywhere on the machine.
    """
    above = list(root.parents)[:CEILING_LEVELS]
    for folder in (root, *above):
        if os.path.lexists(folder / ".git"):
            return folder
    while above and above[-1] == Path(above[-1].anchor):
        above.pop()
    return above[-1] if above else root


def _within(path: str, directory: str) -> bool:
    return path == directory or path.startswith(directory.rstrip(os.sep) + os.sep)


def graph(
    bank: Bank, path: str, direction: str = "down", depth: int = 2, limit: int = 60, neighbours: bool = True
) -> dict[str, Any]:
    """`bank_graph`: the nodes within `depth` hops of `path`, at most `limit` of them (root included)."""
    if direction not in DIRECTIONS:
        raise ToolInputError(f"direction must be one of up, down, both, not {direction!r}")
    depth = _check_int("depth", depth, 1, MAX_DEPTH)
    limit = _check_int("limit", limit, 1, MAX_LIMIT)
    root = document_path(bank, path)  # refused as every tool taking a document refuses it
    walk = _Walk(bank, root, direction, limit)
    for sweep in ("up", "down") if direction == "both" else (direction,):
        walk.sweep(root, sweep, depth)
    nodes = sorted(walk.nodes.values(), key=lambda n: (n["depth"], n["path"]))
    by_layer: dict[str, int] = {}
    for node in nodes:
        if node["path"] != root:
            by_layer[node["layer"]] = by_layer.get(node["layer"], 0) + 1
    external = [walk.outside[k] for k in sorted(walk.outside)]
    # nearest the root first, whichever sweep met them (`both` sweeps up to the end before down):
    # a cut keeps the hops that found the nodes
    met = sorted(walk.edges.items(), key=lambda item: walk.hops[item[0]])
    answer: dict[str, Any] = {
        "root": root,
        "direction": direction,
        "depth": depth,
        "nodes": nodes,
        "edges": [
            {"from": s, "to": t, **({"fit": shortened(f, HEADER_CHARS)} if f is not None else {})}
            for (s, t), f in sorted(met[:MAX_EDGES], key=lambda item: item[0])
        ],
        "external": [_quoted(entry) for entry in external[:MAX_LISTED]],
        "broken": [_quoted(walk.broken[k]) for k in sorted(walk.broken)[:MAX_LISTED]],
        "byLayer": dict(sorted(by_layer.items())),
        "truncated": walk.truncated,
    }
    for key, count, most in (
        ("edges", len(met), MAX_EDGES),
        ("external", len(external), MAX_LISTED),
        ("broken", len(walk.broken), MAX_LISTED),
    ):
        if count > most:  # said, never silently dropped
            answer[f"{key}LeftOut"] = count - most
    if neighbours:
        readable = [entry for entry in external if not entry.get("url")]
        answer["neighbours"] = [neighbour(bank, entry) for entry in readable[:MAX_NEIGHBOURS]]
    return answer
