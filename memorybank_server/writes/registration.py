"""Staging the index edits a new document brings: its entry, and the section index it may need.

Which index and what entry are the core's (`memorybank_lint.edits.registration`), shared with the
linter's fix for MB009. Why lazy sections here: `epics/`, `prd/` and `prompts/` are not seeded,
so the first document there creates the section index and adds it to the root index's section
list. Everything is read under the bank's lock and staged in memory; the caller commits it with
the document in one `Transaction`.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field

from memorybank_lint import frontmatter
from memorybank_lint.bank import Bank
from memorybank_lint.edits.entries import add_section
from memorybank_lint.edits.registration import find_index, index_names, is_index, registered
from memorybank_lint.edits.text import FileText, read
from memorybank_lint.edits.transaction import Transaction
from memorybank_lint.sections import BY_DIRECTORY, Section, section_index

__all__ = ["Pending", "Registered", "Staging", "lazy_section", "register"]


# -- choosing the index and staging the edits ------------------------------------------------------
@dataclass
class Pending:
    """One file this operation writes: its new text, and what was read (None for a new file)."""

    text: str
    original: FileText | None = None


@dataclass
class Staging:
    """The index files an operation edits or creates, read once under the lock and edited in memory."""

    bank: Bank
    files: dict[str, Pending] = field(default_factory=dict)

    def text_of(self, path: str) -> str:
        if path not in self.files:
            original = read(self.bank.root, path, self.bank.max_bytes)
            self.files[path] = Pending(original.text, original)
        return self.files[path].text

    def stage(self, transaction: Transaction) -> None:
        for path, pending in self.files.items():
            if pending.original is None:
                transaction.create(path, pending.text.encode("utf-8"))
            elif pending.text != pending.original.text:
                transaction.replace(path, pending.original.encode(pending.text), pending.original.digest)


def lazy_section(bank: Bank, target: str) -> Section | None:
    """The known section whose missing `README.md` this document's creation must bring into being."""
    if "/" not in target or target.startswith("_inbox/"):
        return None
    section = BY_DIRECTORY.get(target.split("/", 1)[0])
    if section is None:
        return None
    index = f"{section.directory}/README.md"
    if index == target or index in bank.docs or os.path.lexists(bank.root / index):
        return None
    if is_index(bank, f"{section.directory}/index.md"):
        return None
    return section


def _section_text(bank: Bank, section: Section) -> str:
    text = section_index(section)
    if "dna/governance.md" in bank.docs:
        return text
    parts, header = frontmatter.parse(text)  # a bank without dna/governance.md: no edge to nowhere
    data = {k: v for k, v in header.data.items() if k != "derived_from"}
    return frontmatter.render(data, parts.body)


@dataclass
class Registered:
    registered_in: list[str]
    warnings: list[str]


def _already_linked(bank: Bank, index: str, target: str) -> bool:
    """Whether the bank's `index` already links `target`, by file or by its folder, as the linter
    counts a registration (MB009)."""
    names = index_names(bank)
    for entry in bank.index_links:
        resolved = entry.link.target.resolved
        if entry.source != index or resolved is None:
            continue
        folder = "" if resolved == "." else f"{resolved}/"
        if resolved == target or (entry.link.directory and any(folder + name == target for name in names)):
            return True
    return False


def register(
    bank: Bank,
    staging: Staging,
    target: str,
    title: str,
    purpose: str,
    *,
    dry_run: bool,
    status: str | None = None,
) -> Registered:
    """Stage the index edits that register a new document at `target` (and its lazy section)."""
    warnings: list[str] = []
    section = lazy_section(bank, target)
    planned: frozenset[str] = frozenset()
    if section is not None:
        index = f"{section.directory}/README.md"
        staging.files[index] = Pending(_section_text(bank, section))
        planned = frozenset({index})
        root = next((name for name in index_names(bank) if is_index(bank, name)), None)
        if root is not None:
            text = staging.text_of(root)
            staging.files[root].text = add_section(text, section.directory, section.read_when, section.title)
    chosen = find_index(bank, target, planned)
    if chosen is None:
        warnings.append(f"No index found above {target}; navigation cannot reach it until an index links it")
    elif _already_linked(bank, chosen, target):
        pass  # an entry written before the page (a package index from its template) registers it
    else:
        text = staging.text_of(chosen)
        staging.files[chosen].text = registered(
            text, chosen, target, title, purpose, names=index_names(bank), status=status
        )
    if section is not None:
        verb = "would be created" if dry_run else "was created"
        warnings.append(
            f'section "{section.directory}/README.md" did not exist yet and {verb} to register this document'
        )
    return Registered([chosen] if chosen else [], warnings)
