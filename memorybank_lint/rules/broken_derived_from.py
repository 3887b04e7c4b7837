"""A `derived_from` entry names a document that is not in the bank.

Why it matters: an edge is a document's claim about what it is built on. A dangling one breaks
the blast-radius walk (what to re-check when the source changes) and usually hides a moved or
deleted source.

Not reported: targets that leave the bank (`../../other-bank/x.md`, a sibling bank in a monorepo)
and URLs (`https://…`), which are external sources. A target written from the repository root
(`memory-bank/prd/PRD.md` inside `memory-bank/`) is followed for the graph, and reported with the
path it should have, relative to the document. `x.md#part` names the section of `x.md`; a value
whose part before its `#` names no document names the file of its whole name (`c#-style.md`).

An item that names no path is reported too (`- see: x.md` or `- x.md <!-- noqa: MB001 -->`,
which YAML reads as a key and a value, `- 42`, an empty `-`), and so is a single value that is no
list (`derived_from: x.md`): either was dropped, and a broken target with it. A bare fragment
(`- '#part'`) is an edge with an empty target and is passed over.

Example: `derived_from: [../missing/nowhere.md]` in `engineering/architecture.md`.
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterator

from ..context import RuleContext
from ..document import Document
from ..findings import Problem, Severity
from ..registry import rule

MISSING = "derived_from target '"  # how the finding of a target that is not in the bank begins


def leads_nowhere(message: str) -> bool:
    """Whether a finding of this rule (its `message`) is of a target that is not in the bank.

    Why: the job summary draws those edges as leading nowhere; a path written from the repository
    root is followed to its document, and an item that names no path has no target to draw.
    """
    return message.startswith(MISSING)


@rule("MB001", "broken-derived-from", severity=Severity.ERROR)
def check(doc: Document, ctx: RuleContext) -> Iterator[Problem]:
    for line, written, what in doc.odd_edges:
        if what == "a single value":
            said = f"derived_from '{written}' is a single value, not a list; write it as a list item (`- …`)"
        elif what == "an empty value":
            said = "derived_from is empty; remove it or write its targets as list items"
        elif what == "empty":
            said = "derived_from has an empty item; remove it or write the target"
        else:
            said = (
                f"derived_from item '{written}' is {what}, not a path; write the target alone "
                "(quote it when it holds ': ' or ' #')"
            )
        yield Problem(said, line=line, value=written)
    for edge in doc.derived_from:
        target = edge.target
        landed = ctx.bank.edge_target(edge)
        if target.external or target.resolved is None or landed in target.as_written():
            continue
        if landed is not None:
            relative = posixpath.relpath(landed, posixpath.dirname(doc.path) or ".")
            yield Problem(
                f"derived_from '{edge.raw}' is written from the repository root; relative to this "
                f"document it is '{relative}'",
                line=edge.line,
                column=edge.column,
                value=edge.raw,
            )
            continue
        looked = ", then ".join(f"'{path}'" for path in target.as_written())
        twin = next(filter(None, map(ctx.bank.spelled_otherwise, target.as_written())), None)
        said = f"{MISSING}{edge.raw}' does not exist (looked for {looked})"
        if twin is not None:  # the user sees the file: say why it is not the one written
            said += (
                f"; '{twin}' reads the same but is stored in another Unicode normalisation, so the "
                "names differ byte for byte: write it as the file is named, or rename the file"
            )
        yield Problem(
            said,
            line=edge.line,
            column=edge.column,
            value=edge.raw,
        )
