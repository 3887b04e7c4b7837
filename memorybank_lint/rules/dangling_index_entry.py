"""An index document links to a markdown file that is not in the bank.

Why it matters: index documents (`README.md` files and `doc_function: index`) are how people and
agents navigate the bank. A dead entry sends them nowhere and usually means a file was moved.

Links inside fenced code are examples, not entries, and templates are not indexes. A directory
link (`[FT-001](FT-001/)`) is fine when the directory holds documents. Links that leave the bank
and URLs are not checked.

Example: `- [Queue choice](adr/ADR-009.md)` in `README.md` when `adr/ADR-009.md` does not exist.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..context import RuleContext
from ..findings import Problem, Severity
from ..registry import rule


@rule("MB007", "dangling-index-entry", severity=Severity.ERROR, scope="bank")
def check(ctx: RuleContext) -> Iterator[Problem]:
    bank = ctx.bank
    for entry in bank.index_links:
        resolved = entry.link.target.resolved
        if resolved is None or entry.lands or not ctx.in_scope(entry.source):
            continue
        if entry.link.directory and bank.directory_has_docs(resolved):
            continue
        raw = entry.link.target.raw
        what = "no documents live there" if entry.link.directory else "it is not a document of this bank"
        twin = None if entry.link.directory else bank.spelled_otherwise(resolved)
        if twin is not None:  # the user sees the file: say why it is not the one linked
            what += f" ('{twin}' reads the same but is stored in another Unicode normalisation)"
        yield Problem(
            f"index entry '{raw}' leads nowhere: '{resolved}' — {what}",
            path=entry.source,
            line=entry.link.line,
            column=entry.link.column,
            value=raw,
        )
