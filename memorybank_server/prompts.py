"""The five prompts: the bank's recurring jobs, written as instructions an agent can follow.

Why prompts: they encode the order of calls that keeps reads small (route before reading, read
sections, never scan the folder) so every session does not have to rediscover it.
"""

from __future__ import annotations

import re

from memorybank_lint.bank import Bank
from memorybank_lint.quoting import clipped

_ADR_NUMBER = re.compile(r"^ADR-(\d+)\b")
# What a prompt quotes of an argument: a decision is a sentence, a question a line; copied whole,
# a 20 MB decision made a 20 MB prompt.
ARGUMENT_BYTES = 2_000


def _quoted(argument: str) -> str:
    return clipped(argument, ARGUMENT_BYTES)


def session_start(since: str = "HEAD~20") -> str:
    since = _quoted(since)
    return (
        "Catch me up on this project from its memory bank, without reading everything.\n"
        "1. Read the resource memorybank://index: it lists every document with its purpose.\n"
        f"2. Call bank_changed with since={since!r} to see what moved recently.\n"
        "3. Read only where the index and the delta leave real doubt: one bank_read call with a list "
        "of paths, by section where you can. Never read files from the shell.\n"
        "Then answer in this order: what the project is (two sentences); what is in flight, with its "
        "delivery documents; the latest decisions; what is open (recorded questions, drafts never "
        "activated, documents that are linked but missing). End by saying what you did not read."
    )


def route_then_read(question: str) -> str:
    question = _quoted(question)
    return (
        f"Answer from the memory bank: {question}\n"
        "Call bank_route with the question as asked (either language works). Read only its top "
        "results with bank_read, preferring the section it names. Do not open README files or section "
        "indexes to hunt for paths. If routing finds nothing, say so plainly instead of reading "
        "broadly; bank_search finds literal terms and identifiers."
    )


def check_before_commit(scope: str = "") -> str:
    where = f" with scope={_quoted(scope)!r}" if scope else ""
    return (
        f"Call bank_validate{where}. Group the findings by rule, errors first. For each: the rule, "
        "the document that owns the problem, and the smallest fix. Collapse repeated findings of one "
        "shape into one line with a count. Change nothing unless I ask."
    )


def next_adr(bank: Bank) -> str:
    """The bank's next free decision number, in its own style: `ADR-004` after `ADR-003-queue.md`.

    Numbers are read from file names under `adr/` (templates such as `ADR-ID.md` carry none); the
    width follows the widest number in use, three digits when there is none yet.
    """
    numbers = [
        match.group(1)
        for path in bank.docs
        if path.startswith("adr/") and (match := _ADR_NUMBER.match(path.rsplit("/", 1)[-1]))
    ]
    width = max((len(number) for number in numbers), default=3)
    return f"ADR-{max((int(n) for n in numbers), default=0) + 1:0{width}d}"


def record_adr(decision: str, number: str = "ADR-001") -> str:
    decision = _quoted(decision)
    return (
        f"Record this decision as an ADR: {decision}\n"
        "1. Read memorybank://schema/frontmatter, then bank_route the topic so derived_from points at "
        "the documents the decision really rests on.\n"
        f"2. Call bank_create with docKind 'adr' and path 'adr/{number}-<short-name>.md' ({number} is "
        "the next free number in this bank), dryRun true first, and show me the preview.\n"
        "3. Fill the template's sections with the real context, the drivers, the options considered "
        "and why each lost, the decision and its consequences.\n"
        "Keep decision_status 'proposed' and status 'draft': only a person accepts a decision."
    )


def review_inbox() -> str:
    return (
        "Review the quarantined notes in memorybank://inbox, oldest first. For each note: its claim in "
        "one line, then bank_route its topic to find an existing owner. Recommend one outcome: fold it "
        "into the owner with bank_update_section (preferred), promote it to a document of its own with "
        "bank_promote, or discard it with bank_discard (a folded note is discarded with its "
        "destination as the reason). Give the exact call, run it as a dry run, and act only on my "
        "choice."
    )
