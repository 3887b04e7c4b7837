"""MB009, unsafe: register a document in its nearest index, in the shape of that index's entries.

Why unsafe: it edits another document (the index), and the entry's wording (the title as the
link, the purpose after it) is the document's own, which a person may want to phrase. The index
and the entry are chosen exactly as `bank_create` chooses and writes them
(`edits.registration`).

Why the entry is rendered only when the fix is applied: every report says which findings have a
fix, and rendering an entry for each of hundreds of unregistered documents on every run would
cost more than the run. Whether there is a fix (an index above the document, and a path a link
can carry) is cheap to know; the entry itself is rendered, and checked to land on the document,
when `--fix` or `--diff` asks for it. Only a document whose title or purpose names a markdown
file beside a claim's verb (`defined in`) has its entry rendered up front: such an entry may say a
rule is defined in a file the index does not find, and then there is no fix.
"""

from __future__ import annotations

from .. import document
from ..bank import Bank
from ..claims import may_claim
from ..context import RuleContext
from ..edits.errors import Refused
from ..edits.registration import find_index, index_names, registered, registered_all
from ..findings import Finding
from ..markdown import links
from ..paths import link_target, unlinkable
from ..rules import unresolved_rule_reference
from .model import Fix


def _lands(old: str, new: str, index: str, target: str, bank_name: str) -> bool:
    """Whether a line `new` added to `old` (the index's text) links to `target`."""
    before = set(old.split("\n"))
    added = [line for line in new.split("\n") if line not in before]
    return any(
        link_target(index, raw, bank_name).resolved == target
        for line in added
        for _label, raw, _col in links(line)
    )


def _claims_a_missing_rule(old: str, new: str, index: str, bank: Bank) -> bool:
    """Whether the lines `new` adds to `old` say a rule is defined in a file that, read from the
    index, is not there (MB010, as it reads them).

    Why: an entry repeats the document's title and purpose, and a purpose naming a file beside the
    document (`defined in limits.md`) names, in the index, a file beside the index. The fix of the
    document's warning would give the index one, where `bank_create` refuses the entry. Only the
    added lines are read, and only when they name a markdown file at all.
    """
    before = set(old.split("\n"))
    added = "\n".join(line for line in new.split("\n") if line not in before)
    if ".md" not in added:
        return False
    entries = document.parse(index, added, bank_name=bank.name, index_names=bank.index_files)
    context = RuleContext(bank, in_scope=lambda _path: True)
    return next(unresolved_rule_reference.check(entries, context), None) is not None


def fix(finding: Finding, bank: Bank) -> Fix | None:
    doc = bank.docs.get(finding.path)
    if doc is None or doc.read_error:
        return None
    try:
        index = find_index(bank, finding.path)
    except Refused:  # its nearest index cannot be read: that has its own finding, and no fix here
        return None
    if index is None:
        return None
    if unlinkable(doc.path) is not None:
        return None  # an entry's link could not carry this path unchanged
    names = index_names(bank)
    if may_claim(f"{doc.title} {doc.purpose}"):  # the entry could claim a rule: rendered to tell
        source = bank.docs[index].text
        entry = registered(
            source, index, doc.path, doc.title, doc.purpose, names=names, status=doc.status or None
        )
        if _claims_a_missing_rule(source, entry, index, bank):
            return None

    def edit(text: str) -> str | None:
        new = registered(
            text, index, doc.path, doc.title, doc.purpose, names=names, status=doc.status or None
        )
        if new == text or not _lands(text, new, index, doc.path, bank.name):
            return None
        return None if _claims_a_missing_rule(text, new, index, bank) else new

    def edit_all(text: str, fixes: list[Fix]) -> str | None:
        """Every registration in this index at once; None (one by one) unless each one lands."""
        documents = [bank.docs[fix.finding.path] for fix in fixes]
        rows = [(d.path, d.title, d.purpose, d.status or None) for d in documents]
        new = registered_all(text, index, rows, names=names)
        before = set(text.split("\n"))
        landed = {
            link_target(index, raw, bank.name).resolved
            for line in new.split("\n")
            if line not in before
            for _label, raw, _col in links(line)
        }
        if not all(d.path in landed for d in documents) or _claims_a_missing_rule(text, new, index, bank):
            return None  # one by one: each entry that lands and claims no missing rule is written
        return new

    return Fix(
        finding,
        index,
        False,
        f"register it in {index}",
        edit,
        bank.docs[index].text,
        shifts=True,
        batch=(f"register {index}", edit_all),
        registers=(doc.path, ""),
    )
