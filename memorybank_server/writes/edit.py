"""`bank_edit`: replace one exact fragment of a document's body.

Why exactly once: an agent edits what it read. A fragment that occurs twice could be the wrong
one, and one that does not occur means the agent's picture of the file is stale; both are refused
with the count, so the agent adds context or narrows the search with `section`.

Why a change that leaves a code fence unpaired is refused: everything after it would turn into
code (or back), changing the rest of the document without touching a byte of it.

Why the body only: the frontmatter carries governance (status, ownership, links), which has its
own tools and gates. The head is kept byte for byte, and an edit that would move where the head
ends (a `---` written at the top of a document without frontmatter) is refused.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Collection
from typing import Any

from memorybank_lint import markdown
from memorybank_lint.bank import Bank
from memorybank_lint.edits.checks import checked_text
from memorybank_lint.edits.keep import kept
from memorybank_lint.frontmatter import line_feeds
from memorybank_lint.markdown import Section
from memorybank_lint.quoting import clipped

from ..errors import ToolInputError
from ..read import check_section, fold, match_section
from . import head
from .common import PREVIEW_BYTES, guard_suppressions, locked

CONTEXT_CHARS = 80


def body_sections(body: str) -> tuple[list[str], list[Section]]:
    """The body's lines and its level-two sections, numbered from 1 at the body's first line."""
    lines = body.split("\n")
    _title, sections = markdown.headings(lines, 1, markdown.fenced(lines))
    return lines, sections


def section_span(body: str, request: str, path: str) -> tuple[Section, int, int]:
    """The section `request` names and its character span in `body`: heading line to next heading."""
    lines, sections = body_sections(body)
    chosen = match_section(sections, request, path)
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)
    return chosen, offsets[chosen.line - 1], min(offsets[chosen.end], len(body))


def unread_headings(lines: list[str]) -> list[str]:
    """The lines after the first that begin a heading the bank's section scan does not end a
    section at, as a CommonMark reader reads them: a setext heading, a `##` indented by one to
    three spaces or hidden from the scan by what it takes for a fence, and a level-one heading
    below a section (a section runs on past those, so rewriting it would delete what follows; the
    document's `# Title` above its sections is none of them). Only headings of
    the document itself count: one inside a quote or a list item is part of that block, and a rule
    after a list item or a lazy quote line is no heading.

    Read by the parser the project already has, its block rules only (the inline rules cost
    seconds on a large page of brackets and say nothing about headings).
    """
    from markdown_it import MarkdownIt  # only the writes that change prose need an exact parse

    mask = markdown.unheaded(lines)
    sections = {i for i, line in enumerate(lines) if not mask[i] and markdown.heading(line, 2) is not None}
    first = min(sections, default=len(lines))  # a `# Title` above every section ends none
    found = []
    for token in MarkdownIt("commonmark").disable("inline").parse("\n".join(lines)):
        if token.type != "heading_open" or token.level or not token.map or token.map[0] == 0:
            continue
        at = token.map[0]
        if (token.tag == "h1" and at > first) or (token.tag == "h2" and at not in sections):
            found.append(lines[at].strip())
    return found


def guard_headings(old_body: str, new_body: str, path: str) -> None:
    """Refuse a change that writes such a heading: readers would show a section the bank does
    not have, and the section holding it could no longer be rewritten (`bank_update_section`)."""
    before = Counter(unread_headings(["", *old_body.split("\n")]))
    added = Counter(unread_headings(["", *new_body.split("\n")])) - before
    if added:
        raise ToolInputError(
            f"the change writes '{next(iter(added))}' in {path} as a heading readers show (a setext "
            "underline, an indented # or a level-one #) and the bank's sections do not end at; "
            "write it as '## …' or '### …', or not as a heading"
        )


def guard_names(old_body: str, new_body: str, path: str) -> None:
    """Refuse a change that gives a second section a heading one already has, as a request reads
    it (`fold`: `## Roles` and `## roles` are one name): neither could be read or rewritten by
    name afterwards, each request refused as ambiguous."""

    def names(body: str) -> Counter[str]:
        return Counter(fold(s.title) or s.title for s in body_sections(body)[1])

    before, after = names(old_body), names(new_body)
    twice = [name for name, count in after.items() if count > 1 and count > before[name]]
    if twice:
        title = next(s.title for s in body_sections(new_body)[1] if (fold(s.title) or s.title) == twice[0])
        raise ToolInputError(
            f"the change writes a second section headed '{title}' in {path}; readers and writes "
            "could no longer tell the two apart by name; give it a name of its own"
        )


def _references(body: str, defined: Collection[str] = ()) -> tuple[dict[str, list[str]], set[str]]:
    """Each label's definitions' destinations, in order (the first is the one readers follow),
    and the labels the body's reference links use, a label of `defined` found as if defined."""
    references = markdown.references(body.split("\n"), defined)
    found: dict[str, list[str]] = {}
    for definition in references.definitions:
        found.setdefault(definition.label, []).append(definition.destination)
    return found, set(references.used)


def guard_references(old_body: str, new_body: str, path: str) -> None:
    """Refuse a change that leaves the document's reference links (`[the policy][p]`) without the
    definition they used (`[p]: testing-policy.md`), or that writes a second definition of a
    label above the one they used: CommonMark follows a label's first definition, so the links
    would show as plain text, or lead elsewhere, in sections the change never touched.

    Editing the one definition a label has (a new path for `[p]`) is a change like any other."""
    if "]" not in old_body:
        return
    before, _ = _references(old_body)
    if not before:
        return
    after, used = _references(new_body, before.keys())  # a link left without its definition still names it
    for label in sorted(used & before.keys()):
        if label not in after:
            raise ToolInputError(
                f"the change removes the link reference definition '[{label}]: {before[label][0]}' "
                f"from {path}, and a link of the document still uses it ('[…][{label}]'), which "
                "would show as plain text; keep the definition, or write the links out"
            )
        first, old = after[label][0], before[label][0]
        if first != old and old in after[label][1:]:
            raise ToolInputError(
                f"the change defines '[{label}]' as '{first}' above its definition in {path} "
                f"('{old}'), and readers follow a label's first definition, so every '[…][{label}]' "
                "of the document would lead there; change that definition instead"
            )


def guard_head(parts: head.Parts, new_text: str, path: str) -> None:
    """Refuse a body change that would make the file's frontmatter start or end elsewhere."""
    if head.split_text(new_text).head != parts.head:
        raise ToolInputError(
            f"the change would alter where the frontmatter of {path} starts or ends; "
            "frontmatter is changed with bank_set_field and bank_set_status"
        )


def _occurrences(text: str, find: str) -> int:
    """How many times `find` occurs in `text`, overlapping ones counted (up to two: enough to say
    it is not unique). `str.count` skips overlaps, so `1-1-1` in `1-1-1-1` passed as unique and
    the first was replaced."""
    first = text.find(find)
    if first < 0:
        return 0
    return 1 if text.find(find, first + 1) < 0 else max(2, text.count(find))


def guard_rest(old_body: str, new_body: str, tail: str, path: str) -> None:
    """Refuse when the unchanged text after the change would no longer read as it did.

    A fence opened (or an opener removed) without its pair turns every later line into code, or
    code into text, as an HTML block or comment left open turns it into raw HTML or hides it:
    links and headings appear or vanish without a byte of them changing.
    """
    if not tail:
        return
    count = len(tail.split("\n"))
    # an HTML block first: one left open turns the fences after it into its raw text too, and
    # the block is what to name
    old_block, new_block = _open_block(old_body, tail), _open_block(new_body, tail)
    runs_on = next((opening for _, opening in (new_block, old_block) if _RUNS_ON.match(opening)), None)
    if old_block[0] != new_block[0] and runs_on is not None:
        raise ToolInputError(
            f"the change leaves an HTML block open ('{clipped(runs_on, 80)}' runs on "
            f"to its closing tag, past blank lines), or takes the opening from one the rest of {path} "
            "closes, which would turn that text into raw HTML for every reader or show it; close "
            "every <pre>, <script>, <style>, <textarea>, <?, <! or <![CDATA[ the change opens"
        )
    before = markdown.fenced(old_body.split("\n"))[-count:]
    after = markdown.fenced(new_body.split("\n"))[-count:]
    if before != after:
        raise ToolInputError(
            f"the change leaves a code fence open (or unpaired), which would turn the rest of {path} "
            "into code or back; pair every ``` or ~~~ fence it opens or closes"
        )
    # whether the unchanged text starts inside a comment: one the change opens, or one it no
    # longer opens though the rest still closes it, shows or hides that text
    if _open_comment(old_body[: len(old_body) - len(tail)]) != _open_comment(
        new_body[: len(new_body) - len(tail)]
    ):
        raise ToolInputError(
            f"the change leaves an HTML comment open (a '<!--' without its '-->'), or takes the "
            f"'<!--' from one the rest of {path} closes, which would hide that text from every reader "
            "or show it; pair every '<!--' with its '-->'"
        )


# CommonMark's HTML blocks that run past blank lines to their end (a `</pre>`, `?>`, `>` or
# `]]>`), the comment aside: `_open_comment` reads that one
_RUNS_ON = re.compile(r"<(?:(?:script|pre|style|textarea)(?:[ \t>]|$)|\?|![A-Za-z]|!\[CDATA\[)", re.I)


def _open_block(body: str, tail: str) -> tuple[int, str]:
    """How many whole lines of `tail` (the end of `body`) an HTML block opened above them holds,
    as CommonMark reads it, and that block's first line ("" when none). The caller refuses a
    change only where such a block runs on (`_RUNS_ON`) before or after it: one that ends at a
    blank line (`<div>`) holds no more than the paragraph it opens above.

    Why the parser: a block starts only at a block's start (in a list item or a quote too) and
    never in code, and it ends where its container does."""
    before = body[: len(body) - len(tail)]
    if "<" not in before:
        return 0, ""
    from markdown_it import MarkdownIt  # only the writes that change prose need an exact parse

    start = before.count("\n") + (0 if before.endswith("\n") else 1)  # the first whole line of `tail`
    for token in MarkdownIt("commonmark").disable("inline").parse(body.replace("\0", "\ufffd")):
        if token.type != "html_block" or not token.map:
            continue
        first, after = token.map
        opening = token.content.lstrip(" ")
        if first < start < after:
            return after - start, opening.split("\n", 1)[0]
    return 0, ""


def _open_comment(text: str) -> bool:
    """Whether `text` ends inside an HTML comment, read line by line as a reader's renderer would
    at the level that matters here: a `<!--` or `-->` in fenced code or a code span is code, not a
    comment (a section saying "type `<!--` to open one" opens nothing)."""
    lines = text.split("\n")
    inside = False
    for number, code in enumerate(markdown.fenced(lines)):
        line = lines[number]
        if code and not inside:
            continue
        if not inside:
            for start, end in reversed(markdown.code_spans(line)):
                line = line[:start] + " " * (end - start) + line[end:]
        at = 0
        while True:
            found = line.find("-->" if inside else "<!--", at)
            if found < 0:
                break
            at = found + (3 if inside else 4)
            inside = not inside
    return inside


def edit(
    bank: Bank,
    *,
    path: str,
    find: str,
    replace: str,
    section: str | None = None,
    dry_run: bool = False,
) -> dict[str, Any]:
    """Replace the single occurrence of `find` in the body (or in one section of it)."""
    if not find:
        raise ToolInputError("find is empty; pass the exact text to replace")
    check_section(section, "search the whole body")
    checked_text("replace", replace, lines=True)
    find, replace = line_feeds(find), line_feeds(replace)
    if find == replace:
        raise ToolInputError("find and replace are identical, so there is nothing to change")
    with locked(bank):
        loaded = head.load(bank, path)
        loaded.require_closed()
        parts = loaded.parts
        body = parts.body
        start, end, heading = 0, len(body), None
        where = f"the body of {loaded.path}"
        if section is not None:
            chosen, start, end = section_span(body, section, loaded.path)
            heading = chosen.title
            where = f"section '{heading}' of {loaded.path}"
        scope = body[start:end]
        count = _occurrences(scope, find)
        if count == 0:
            raise ToolInputError(
                f"find {json.dumps(find[:CONTEXT_CHARS], ensure_ascii=False)} does not occur in {where}; "
                "read the document again, since whitespace and line breaks must match exactly"
            )
        if count > 1:
            raise ToolInputError(
                f"find occurs {count} times in {where}; include more surrounding text so it occurs "
                "once, or narrow the search with section"
            )
        at = start + scope.index(find)
        new_body = kept(body, body[:at] + replace + body[at + len(find) :])
        guard_rest(body, new_body, body[at + len(find) :], loaded.path)
        guard_suppressions(body, new_body, loaded.path)
        new_text = parts.head + new_body
        guard_head(parts, new_text, loaded.path)
        guard_headings(body, new_body, loaded.path)
        guard_names(body, new_body, loaded.path)
        guard_references(body, new_body, loaded.path)
        data = loaded.file.encode(new_text)
        head.commit(bank, [(loaded.path, data, loaded.file.digest)], dry_run=dry_run)
    position = len(parts.head) + at
    result: dict[str, Any] = {"path": loaded.path}
    if heading is not None:
        result["section"] = heading
    result.update(
        edited=not dry_run,
        dryRun=dry_run,
        bytesBefore=len(loaded.raw),
        bytesAfter=len(data),
        context=new_text[max(0, position - CONTEXT_CHARS) : position]
        + clipped(replace, PREVIEW_BYTES)
        + new_text[position + len(replace) : position + len(replace) + CONTEXT_CHARS],
    )
    return result
