"""Pictures of what is wrong, for the GitHub job summary: each `derived_from` loop (MB003) and the
edges that lead nowhere (MB001: not a path written from the repository root, which leads to its
document, nor an item that names no path), as Mermaid diagrams GitHub renders in place.

Why capped: a job summary is read on one page, and a bank with dozens of loops would bury the
first one. At most `MAX_CYCLES` loops are drawn (each with at most `MAX_CYCLE_NODES` boxes: its
first documents, one "… more" box and its last document) and at most `MAX_BROKEN` broken edges;
the summary says how many were left out, and the table and annotations still list every finding.
A loop of more than `DRAWN` documents is not drawn, and when the pictures would take the summary
past GitHub's size limit they are left out whole; either way the summary says so, since a
missing picture reads as nothing to draw.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ..diagrams import Diagram, mermaid
from ..findings import Finding
from ..graph import DRAWN
from ..rules.broken_derived_from import leads_nowhere
from .github import summary_text
from .text import plural

if TYPE_CHECKING:
    from . import ReportContext

MAX_CYCLES = 10
MAX_CYCLE_NODES = 12
MAX_BROKEN = 25


def cycle_diagram(members: Sequence[str], shown: Callable[[str], str] = str) -> Diagram:
    """A loop as a ring: each document points at the next, the last at the first.

    Past `MAX_CYCLE_NODES` documents the ring keeps its first ones, one box for those between and
    its last one, whose edge back to the first is the one that closes the loop (the finding is
    reported there), so a folded loop is still drawn as a loop. Boxes are labelled `shown(path)`.
    """
    diagram = Diagram()
    if len(members) <= MAX_CYCLE_NODES:
        keys = [diagram.node(path, shown(path)) for path in members]
    else:
        head = MAX_CYCLE_NODES - 2
        keys = [diagram.node(path, shown(path)) for path in members[:head]]
        keys.append(diagram.more(f"… {len(members) - head - 1} more documents"))
        keys.append(diagram.node(members[-1], shown(members[-1])))
    for index, key in enumerate(keys):
        diagram.link(key, keys[(index + 1) % len(keys)], "cycle")
    return diagram


def broken_diagram(findings: Sequence[Finding], shown: Callable[[str], str] = str) -> Diagram:
    """Each document (labelled `shown(path)`) with the `derived_from` targets it names that are
    not in the bank."""
    diagram = Diagram()
    for finding in findings:
        source = diagram.node(finding.path, shown(finding.path))
        target = diagram.node(
            f"{finding.path}\0{finding.value}", finding.value, "(not in the bank)", kind="missing"
        )
        diagram.link(source, target, "broken")
    return diagram


def _block(diagram: Diagram) -> list[str]:
    return ["```mermaid", mermaid(diagram), "```", ""]


HEADING = "## memorybank-lint: what is wrong, drawn"


def _drawable(findings: Sequence[Finding]) -> tuple[list[Finding], list[Finding], int]:
    """The loops to draw, the broken edges to draw, and how many loops are too long to draw."""
    loops = [f for f in findings if f.code == "MB003"]
    cycles = [f for f in loops if f.related]
    broken = [f for f in findings if f.code == "MB001" and not f.related and leads_nowhere(f.message)]
    return cycles, broken, len(loops) - len(cycles)


def render_pictures(findings: Sequence[Finding], ctx: ReportContext) -> str | None:
    """Markdown with a diagram per loop and one of the broken edges, or None when there are none."""
    cycles, broken, too_long = _drawable(findings)
    if not cycles and not broken and not too_long:
        return None
    out = [HEADING, "", "An arrow points from a document to what it is derived from.", ""]
    for number, finding in enumerate(cycles[:MAX_CYCLES], start=1):
        # named as the summary's table and the annotations name it, from the workspace: the page
        # is read in the repository, not in the folder the command ran in
        where = f"{ctx.repo_shown(finding.path)}:{finding.line or 1}"
        out += [f"### Loop {number}: {len(finding.related)} documents (closed at {summary_text(where)})", ""]
        out += _block(cycle_diagram(finding.related, ctx.repo_shown))
    if len(cycles) > MAX_CYCLES:
        out += [f"{len(cycles) - MAX_CYCLES} more loops are not drawn; the findings list them all.", ""]
    if too_long:
        out += [
            f"{plural(too_long, 'loop')} of more than {DRAWN} documents "
            f"{'is' if too_long == 1 else 'are'} not drawn; the findings list "
            f"{'it' if too_long == 1 else 'them'}.",
            "",
        ]
    if broken:
        out += [f"### derived_from targets that are not in the bank ({len(broken)})", ""]
        out += _block(broken_diagram(broken[:MAX_BROKEN], ctx.repo_shown))
        if len(broken) > MAX_BROKEN:
            out += [f"{len(broken) - MAX_BROKEN} more are not drawn; the findings list them all.", ""]
    return "\n".join(out).rstrip() + "\n"


def render_left_out(findings: Sequence[Finding]) -> str:
    """In place of the pictures, when the job summary has no room for them: what they would
    have shown and why they are not there."""
    cycles, broken, too_long = _drawable(findings)
    shown = [
        *([plural(len(cycles) + too_long, "derived_from loop")] if cycles or too_long else []),
        *([plural(len(broken), "derived_from target") + " not in the bank"] if broken else []),
    ]
    return (
        f"{HEADING}\n\nThe pictures of {' and '.join(shown)} are left out: with them this step's job "
        "summary would pass GitHub's 1 MiB limit, past which GitHub shows none of it. "
        "Each is still reported as a finding.\n"
    )
