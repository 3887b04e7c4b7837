"""The last gate of every governed write: the linter, run on the bank as the write would leave it.

Why: each write checks what it knows (a resolving `derived_from`, an owner-free key, no added
suppression), but a body is prose, and prose can break the bank in ways only the linter sees: an
index entry edited to a page that does not exist (MB007, and the page it pointed at now
unregistered, MB009), a backticked `dna/` path that names no rule (MB010). So the bank is linted
once as it is and once with the written files in their place, in memory, and a write that gives
one of the files it writes a finding it did not have is refused, naming the finding. A file the
write removes (a promoted or discarded note) is judged through the documents that name it: a
`derived_from` or an index entry left pointing at nothing (MB001, MB007) is the write's doing. Other
findings on other documents are not the write's to refuse: a change to `dna/` may rightly ask more
of pages written before it.

The rules judged are the project's (`judged_by`, set by the server and the command line from the
configuration), so a rule the project ignores never stops a write. Seeding (`--init --force`,
`--materialize-flows`) has a gate of its own that leaves files out instead (`trial`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from memorybank_lint.bank import Bank
from memorybank_lint.edits.transaction import Transaction
from memorybank_lint.findings import Finding
from memorybank_lint.linter import Selection, lint

from ..errors import ToolInputError

_SELECTION: ContextVar[Selection | None] = ContextVar("memorybank_write_selection", default=None)


@contextmanager
def judged_by(selection: Selection) -> Iterator[None]:
    """Judge the writes made inside the block by the project's rule selection."""
    token = _SELECTION.set(selection)
    try:
        yield
    finally:
        _SELECTION.reset(token)


def _key(finding: Finding) -> tuple[str, str, str]:
    """A finding by rule, file and what it is about (its `value`: the entry that leads nowhere, the
    field and value not declared), not by its message: a message quotes what the write may change
    (the declared values an MB008 lists, the owners an MB004 names), and the same finding in new
    words is not a new one, while a second dangling entry in one index is."""
    return finding.code, finding.path, finding.value or finding.message


def _keys(found: list[Finding]) -> Counter[tuple[str, str, str]]:
    return Counter(map(_key, found))


# A suppression a write keeps goes idle when the write fixes what it silenced (a header value
# made readable): that is for a person to tidy, not a reason to refuse the fix.
NEVER_REFUSED = frozenset({"MB013"})


def _naming(bank: Bank, removed: Iterable[str]) -> set[str]:
    """The documents whose `derived_from` or index links land on a file in `removed`."""
    gone = set(removed)
    found = {source for path in gone for source in bank.incoming.get(path, ())}
    found |= {link.source for link in bank.index_links if link.lands in gone}
    return found - gone


def refuse_added_findings(bank: Bank, transaction: Transaction, told: frozenset[str] = frozenset()) -> None:
    """Refuse the write if it gives a file it writes, or a document naming a file it removes, a
    finding that file did not have; `told`
    names rules whose finding the write's own answer already warns of (a new page with no index
    above it to register in is MB009, and the answer says so)."""
    removed = [path for path, _ in transaction.removals]
    judged = {write.path for write in transaction.writes} | _naming(bank, removed)
    if not judged:
        return
    selection = _SELECTION.get() or Selection()
    before = _keys(lint(bank, selection, in_scope=judged.__contains__))
    texts = {write.path: write.data.decode("utf-8") for write in transaction.writes}
    found = lint(bank.as_written(texts, removed), selection, in_scope=judged.__contains__)
    found = [f for f in found if f.code not in NEVER_REFUSED and f.code not in told]
    added = _keys(found) - before
    if not added:
        return
    first = next(f for f in found if _key(f) in added)
    more = sum(added.values()) - 1
    raise ToolInputError(
        f"the write would give {first.path} a finding: {first.code} [{first.rule}] {first.message}"
        + (f" (and {more} more)" if more else "")
        + "; nothing was written"
    )
