"""MB009, unsafe: register a document in its nearest index, in the shape of that index's entries.

Why unsafe: it edits another document (the index), and the entry's wording (the title as the
link, the purpose after it) is the document's own, which a person may want to phrase. The index
and the entry are chosen exactly as `bank_create` chooses and writes them
(`edits.registration`), and the fixed index is read back: one of its links must then land on the
document.
"""

from __future__ import annotations

from .. import document
from ..bank import Bank
from ..edits.registration import find_index, index_names, registered
from ..findings import Finding
from .model import Fix


def fix(finding: Finding, bank: Bank) -> Fix | None:
    doc = bank.docs.get(finding.path)
    index = find_index(bank, finding.path) if doc is not None and not doc.read_error else None
    if doc is None or index is None:
        return None
    names = index_names(bank)

    def edit(text: str) -> str | None:
        new = registered(
            text, index, doc.path, doc.title, doc.purpose, names=names, status=doc.status or None
        )
        read = document.parse(index, new, bank_name=bank.name, index_names=bank.index_files)
        lands = any(
            link.target.resolved == doc.path
            or (
                link.directory
                and link.target.resolved
                and bank.directory_index(link.target.resolved) == doc.path
            )
            for link in read.links
        )
        return new if lands and new != text else None

    source = bank.docs[index].text
    if edit(source) is None:
        return None
    return Fix(finding, index, False, f"register it in {index}", edit, source, shifts=True)
