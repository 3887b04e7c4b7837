"""The sections a bank is organised in: directory, document kind, index title, and routing hint.

Why one table: `bank_init` seeds eight of them, `bank_create` creates the three lazy ones on first
use, and the root index lists them; all three must agree on names, kinds and wording.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Section:
    directory: str
    doc_kind: str
    title: str
    purpose: str
    read_when: str
    seeded: bool


SECTIONS: tuple[Section, ...] = (
    Section(
        "product",
        "product",
        "Product Documentation Index",
        "Registry of the product documents: the problem, the audience, the outcomes and the roadmap.",
        "Read this when you need the problem the product solves, who it is for, or where it is going.",
        True,
    ),
    Section(
        "domain",
        "domain",
        "Domain Documentation Index",
        "Registry of the domain documents: vocabulary, entities, business rules and states.",
        "Read this when you need what a term means, how entities relate, or which rule decides a case.",
        True,
    ),
    Section(
        "engineering",
        "engineering",
        "Engineering Documentation Index",
        "Registry of the engineering documents: architecture, conventions, testing and known gotchas.",
        "Read this when you need how the code is built, the conventions to follow, or how it is tested.",
        True,
    ),
    Section(
        "ops",
        "ops",
        "Operations Documentation Index",
        "Registry of the operations documents: running, configuring, deploying and recovering.",
        "Read this when you need to run, configure, deploy or recover the system.",
        True,
    ),
    Section(
        "adr",
        "adr",
        "Decision Records Index",
        "Registry of the architecture decision records, one decision per record.",
        "Read this when you need why something was decided, or before you record a new decision.",
        True,
    ),
    Section(
        "use-cases",
        "use_case",
        "Use Cases Index",
        "Registry of the durable end-to-end scenarios the product must keep supporting.",
        "Read this when you need a scenario a user runs from start to finish.",
        True,
    ),
    Section(
        "features",
        "feature",
        "Feature Registry",
        "Registry of the feature packages: the delivery trail from brief to closure.",
        "Read this when you need what a feature was meant to do, how it was built, or where it stands.",
        True,
    ),
    Section(
        "processes",
        "process",
        "Process Registry",
        "Registry of the recurring procedures the team follows.",
        "Read this when you need the steps of a recurring procedure.",
        True,
    ),
    Section(
        "epics",
        "epic",
        "Epic Registry",
        "Registry of the epics: work that spans several features.",
        "Read this when you need the plan, risks or decisions of work that spans several features.",
        False,
    ),
    Section(
        "prd",
        "prd",
        "PRD Registry",
        "Registry of the product requirement documents features inherit their scope from.",
        "Read this when you need the product requirements a feature inherits its scope from.",
        False,
    ),
    Section(
        "prompts",
        "prompt",
        "Prompt Registry",
        "Registry of the governed prompts the team reuses.",
        "Read this when you need a reviewed prompt instead of writing one from scratch.",
        False,
    ),
)

BY_DIRECTORY = {section.directory: section for section in SECTIONS}
SEEDED = tuple(section for section in SECTIONS if section.seeded)
INBOX_NOT_NOTES = frozenset({"README.md", "DISCARDED.md"})  # the inbox's own index and its discard log
# their bank paths: only these two are not notes (a `README.md` in a folder of `_inbox/` is a note:
# a capture writes it, promote and discard take it, so the inbox listing shows it)
INBOX_OWN_FILES = frozenset(f"_inbox/{name}" for name in INBOX_NOT_NOTES)
EMPTY_REGISTRY = "Empty. The first document of this kind is registered here."
LEGACY_EMPTY_REGISTRY = "Empty. A first document of this kind is registered here."


def section_index(section: Section, entries: list[tuple[str, str, str]] = ()) -> str:  # type: ignore[assignment]
    """The registry `README.md` of a section; `entries` are `(label, link, description)`."""
    from memorybank_lint.frontmatter import render

    data = {
        "title": section.title,
        "doc_kind": section.doc_kind,
        "doc_function": "index",
        "purpose": section.purpose,
        "derived_from": ["../dna/governance.md"],
        "status": "active",
        "audience": "humans_and_agents",
    }
    lines = [f"- [`{label}`]({link}) — {text}" for label, link, text in entries] or [EMPTY_REGISTRY]
    body = f"# {section.title}\n\n{section.read_when}\n\n## Registry\n\n" + "\n".join(lines)
    return render(data, body)
