"""Hostile arguments for the write property test: every escape a path can try, text no document
should hold, kinds that look like paths, argument files that are links, FIFOs, holes or secrets.

A string may name a place in the sandbox as `{outside}` (a folder beside the project, which no
write may touch), `{project}` (the folder holding the bank) or `{bank}`; the test fills them in.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

HUGE = "x" * 2_200_000  # past the bank's 2 MiB document limit once written

TARGETS = [
    "domain/new-note.md",
    "adr/ADR-009-cache.md",
    "epics/EP-01/charter.md",
    "prd/PRD-001-pricing.md",
    "research/spike.md",
    "spike.md",
    "_inbox/idea.md",
    "domain/README.md",
    "product/context.md",
    "../escape.md",
    "domain/../../escape.md",
    "_inbox/../../escape.md",
    "./../escape.md",
    "memory-bank/../escape.md",
    "{outside}/escape.md",
    "{bank}/domain/absolute.md",
    "{bank}/../escape.md",
    "C:/escape.md",
    "\\\\server\\share\\escape.md",
    "domain\\..\\..\\escape.md",
    "%2e%2e/escape.md",
    "~/escape.md",
    "domain/linked/escape.md",
    "escape-link.md",
    "pipe.md",
    ".hidden/note.md",
    "domain/dist/note.md",
    "node_modules/note.md",
    "domain/.draft.md",
    "domain//double.md",
    "domain/./dot.md",
    "domain/nul\x00.md",
    "domain/esc\x1b.md",
    "domain/rtl\u202e.md",
    "domain/" + "a" * 300 + ".md",
    "/".join(["d"] * 200) + "/deep.md",
    "domain/x.MD",
    "domain/",
    "",
    " ",
    "domain/new note.md",
    "domain/[x](y).md",
]
DOCUMENTS = [
    "product/context.md",
    "engineering/testing-policy.md",
    "domain/README.md",
    "README.md",
    "dna/principles.md",
    "_inbox/note.md",
    "flows/templates/README.md",
    "escape-link.md",
    "pipe.md",
    "../product/context.md",
    "{bank}/product/context.md",
    "{outside}/secret.md",
]
KINDS = [
    "domain",
    "adr",
    "epic",
    "prd",
    "use_case",
    "research",
    "DOMAIN",
    "../../outside",
    "{outside}",
    "{outside}/tpl",
    "adr/../..",
    "a/b",
    "..",
    "",
    "dom\x00ain",
]
TEXTS = [
    "A plain sentence.",
    "Русский текст с «кавычками».",
    "Now: with a colon, and # a hash",
    "key: value\nstatus: active\ncanonical_for: [stolen]",
    "---",
    "```",
    "~~~python",
    "| pipe | in | text |",
    "{{PROJECT_NAME}}",
    "&anchor value",
    "*alias",
    "!!python/object/apply:os.system ['true']",
    "yes",
    "2026-01-01",
    "0777",
    "tab\there",
    "nul\x00byte",
    "escape\x1b[31m",
    "line\u2028separator",
    "next\x85line",
    "lone\r```\rreturn",
    "bidi\u202eoverride",
    "surrogate\ud800",
    "\ufeffbom",
    "   ",
    HUGE,
]
FILES = [
    "{project}/notes.md",
    "{project}/link-out.md",
    "{project}/pipe",
    "{project}/huge.md",
    "{project}/folder",
    "{project}/missing.md",
    "{outside}/secret.md",
    "{bank}/product/context.md",
    "/dev/zero",
    "/proc/self/environ",
    "",
]
SECTIONS = ["Problem", "Audience", "Simplify Review", "Registry", "Нет такого", "", "Problem\n## X"]
FIELDS = [
    "owner",
    "purpose",
    "title",
    "delivery_status",
    "status",
    "doc_kind",
    "derived_from",
    "a: b",
    "x\ny",
]
STATUSES = ["draft", "active", "archived", "bogus", "yes", "", "draft\ncanonical_for: [x]"]
FINDS = ["## Problem", "## Audience", "Placeholder", "What to write", "## Registry", "## Start Here", "", "?"]

PLAIN = ["A plain sentence.", "Read when the pricing rules matter.", "Ответ на вопрос о ценах.", "x"]
plain = st.sampled_from(PLAIN)
text = st.one_of(plain, plain, st.sampled_from(TEXTS), st.text(max_size=40))  # half of them plain
maybe = st.none() | text
names = st.lists(
    st.sampled_from(["key_a", "key b", "product_problem", "x\x00", "../k", *TEXTS[:6]]), max_size=3
)
sources = st.lists(
    st.sampled_from(
        ["../product/context.md", "../dna/principles.md", "../../x.md", "https://e.x", "", "{outside}"]
    ),
    max_size=3,
)
extra = st.none() | st.dictionaries(
    st.sampled_from(["owner", "audience", "canonical_for", "x y", "nested"]),
    st.one_of(text, st.lists(text, max_size=2), st.dictionaries(st.sampled_from(["k"]), text, max_size=1)),
    max_size=2,
)
flag = st.booleans()
rarely = st.sampled_from([False, False, False, True])


def _one_of(inline: st.SearchStrategy[Any], files: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """(inline, file): mostly one of the two, sometimes neither, rarely both (a refusal)."""
    return st.one_of(
        st.tuples(inline, st.none()),
        st.tuples(inline, st.none()),
        st.tuples(st.none(), files),
        st.tuples(inline, files),
    )


VALID_TARGETS = TARGETS[:7]
targets = st.one_of(st.sampled_from(VALID_TARGETS), st.sampled_from(TARGETS))
documents = st.one_of(st.sampled_from(DOCUMENTS[:6]), st.sampled_from(DOCUMENTS))
kinds = st.one_of(st.sampled_from(KINDS[:5]), st.sampled_from(KINDS))
notes = st.one_of(st.just("_inbox/note.md"), st.just("_inbox/note.md"), documents)
fields = st.one_of(st.sampled_from(FIELDS[:4]), st.sampled_from(FIELDS))
statuses = st.one_of(st.sampled_from(STATUSES[:3]), st.sampled_from(STATUSES))


def _call(tool: str, **arguments: st.SearchStrategy[Any]) -> st.SearchStrategy[tuple[str, dict[str, Any]]]:
    return st.tuples(st.just(tool), st.fixed_dictionaries(arguments))


CALL = st.one_of(
    _call(
        "create",
        doc_kind=kinds,
        path=targets,
        title=maybe,
        purpose=text,
        derived_from=sources,
        canonical_for=names,
        must_not_define=st.none() | names,
        status=statuses,
        body=_one_of(text, st.sampled_from(FILES)),
        extra=extra,
        inbox=flag,
        dry_run=flag,
    ),
    _call(
        "edit",
        path=documents,
        find=st.sampled_from(FINDS),
        replace=text,
        section=st.none() | st.sampled_from(SECTIONS),
        dry_run=flag,
    ),
    _call(
        "update_section",
        path=documents,
        section=st.one_of(st.sampled_from(SECTIONS[:3]), st.sampled_from(SECTIONS)),
        content=_one_of(text, st.sampled_from(FILES)),
        mode=st.sampled_from(["replace", "append", "replace", "append", "insert"]),
        dry_run=flag,
    ),
    _call(
        "set_status",
        path=documents,
        status=statuses | text,
        release_canonical=rarely,
        dry_run=flag,
    ),
    _call(
        "set_field",
        path=documents,
        field=fields,
        value=text,
        dry_run=flag,
    ),
    _call(
        "promote",
        path=notes,
        to=targets,
        doc_kind=st.none() | kinds,
        title=maybe,
        purpose=maybe,
        derived_from=st.none() | sources,
        canonical_for=st.none() | names,
        status=statuses,
        dry_run=flag,
    ),
    _call("discard", path=notes, reason=text, dry_run=flag),
)
# Seedings copy the bank and lint it twice: drawn in a test of their own, with fewer cases.
SEEDING = st.one_of(_call("init", dry_run=flag), _call("materialize", dry_run=flag))
TRAPS = ["dir-link", "file-link", "old-lock-link", "fifo", "user-temp", "flows-link", "template-link", "loop"]
JOURNAL_TRAPS = ["journal-link", "garbage-journal"]  # each refuses every write: kept rare
PLANTS = st.builds(
    lambda traps, journal: traps | ({journal} if journal else set()),
    st.sets(st.sampled_from(TRAPS), max_size=3),
    st.sampled_from([None] * 10 + JOURNAL_TRAPS),
)
