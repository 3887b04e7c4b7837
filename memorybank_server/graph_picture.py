"""`mcp-memorybank --graph PATH --format mermaid|dot`: the neighbourhood `bank_graph` answers, drawn.

Why: a loop or a chain is easier to see than to read, and a Mermaid block pasted into a pull
request renders there; DOT renders locally (`dot -Tsvg`). The drawing is the core's
(`memorybank_lint.diagrams`), so labels are escaped one way everywhere. The root document has a
heavy border, targets outside the bank a dashed one, and targets that are not in the bank a red
dashed one; an arrow points from a document to what it is derived from. What the answer leaves
out (nodes past its limit, edges past `MAX_EDGES`, external and broken entries past `MAX_LISTED`)
is a dotted box that says so, as the linter's job summary says it: a cut picture pasted alone
reads as the whole.
"""

from __future__ import annotations

from typing import Any

from memorybank_lint.diagrams import Diagram, dot, mermaid
from memorybank_lint.paths import outside, resolve

FORMATS = ("text", "mermaid", "dot")


def diagram(answer: dict[str, Any]) -> Diagram:
    """The `bank_graph` answer as nodes and links."""
    drawing = Diagram()
    for node in answer["nodes"]:
        kind = "root" if node["path"] == answer["root"] else "document"
        lines = (node["title"], node["path"]) if node["title"] != node["path"] else (node["path"],)
        drawing.node(node["path"], *lines, kind=kind)
    for edge in answer["edges"]:
        drawing.link(edge["from"], edge["to"])
    for item in answer["external"]:
        where = "(a URL)" if item.get("url") else "(outside the bank)"
        # a path is the file it names from its document's folder: one written alike in two
        # folders is two files (a URL is one anywhere)
        named = item["raw"] if item.get("url") else outside(item["from"], item["raw"]) or item["raw"]
        target = drawing.node(f"external\0{named}\0{item['raw']}", item["raw"], where, kind="external")
        drawing.link(drawing.node(item["from"], item["from"]), target, "external")
    for item in answer["broken"]:
        named = resolve(item["from"], item["raw"]).resolved or item["raw"]
        target = drawing.node(
            f"missing\0{named}\0{item['raw']}", item["raw"], "(not in the bank)", kind="missing"
        )
        drawing.link(drawing.node(item["from"], item["from"]), target, "broken")
    if answer["truncated"]:
        cut = len(answer["nodes"])  # the walk stops when it holds its limit
        drawing.more("… more documents are not drawn", f"(the neighbourhood is cut at {cut})")
    if "edgesLeftOut" in answer:
        cut = len(answer["edges"])
        drawing.more(f"… {answer['edgesLeftOut']} more links are not drawn", f"(the links are cut at {cut})")
    for key, where in (("external", "(outside the bank)"), ("broken", "(not in the bank)")):
        if f"{key}LeftOut" in answer:
            drawing.more(f"… {answer[f'{key}LeftOut']} more targets are not drawn", where)
    return drawing


def picture(answer: dict[str, Any], fmt: str) -> str:
    """The answer drawn as Mermaid or DOT."""
    drawn = diagram(answer)
    return mermaid(drawn) if fmt == "mermaid" else dot(drawn, f"derived_from of {answer['root']}")
