"""`bank_update_section`: replace or extend one named level-two section of a document.

Why only that section changes: the reference collapsed blank-line runs across the whole body,
rewriting code blocks in sections nobody asked to touch. Here the text before the section's
heading and from the next level-two heading on is kept byte for byte; the rebuilt section is the
original heading line, a blank line, the text, and one blank line before the next heading.

Why a mistyped name is refused, not appended: a new section under a wrong name splits a document
silently. Matching is `read.match_section` (Unicode-aware, exact before substring, ambiguity
refused), so `## Авторизация` and `## Авторизация и роли` are told apart.

Why content that opens a code fence it never closes is refused (`edit.guard_rest`): the sections
after it would turn into code, which changes the rest of the document without touching a byte of it.
"""

from __future__ import annotations

import re
from typing import Any

from memorybank_lint.bank import Bank
from memorybank_lint.edits.keep import kept
from memorybank_lint.frontmatter import line_feeds
from memorybank_lint.markdown import fenced

from ..errors import ToolInputError
from . import head
from .common import content_from, guard_suppressions, locked
from .edit import guard_head, guard_rest, section_span

MODES = ("replace", "append")
PREVIEW_LINES = 20


def _trimmed(text: str) -> str:
    """`text` without leading blank lines and trailing whitespace (a first line's indent is kept)."""
    lines = line_feeds(text).split("\n")
    while lines and not lines[0].strip():
        lines.pop(0)
    return "\n".join(lines).rstrip()


_SETEXT = re.compile(r" {0,3}(?:-+|=+)[ \t]*")
_INDENTED_ATX = re.compile(r" {1,3}#{1,2}(?:[ \t]|$)")


def _unread_heading(lines: list[str]) -> str | None:
    """The first line after a section's own heading that CommonMark reads as a level-one or -two
    heading the bank's `## ` scan does not see: a setext underline under a paragraph line, or a
    `#`/`##` indented by one to three spaces (outside code). Replacing the section would
    delete what follows it."""
    mask = fenced(lines)
    for i in range(1, len(lines)):
        if mask[i]:
            continue
        line = lines[i]
        if _INDENTED_ATX.match(line):
            return line.strip()
        previous = lines[i - 1]
        if (
            _SETEXT.fullmatch(line)
            and len(line.strip()) >= (1 if "=" in line else 2)
            and previous.strip()
            and not mask[i - 1]
            and not previous.lstrip().startswith(("#", "-", "*", "+", ">", "|"))
        ):
            return previous.strip()
    return None


def update_section(
    bank: Bank,
    *,
    path: str,
    section: str,
    content: str | None = None,
    content_file: str | None = None,
    mode: str = "replace",
    dry_run: bool = False,
) -> dict[str, Any]:
    """Write the text of one existing section (`replace`), or add to its end (`append`)."""
    if not section or not section.strip():
        raise ToolInputError(
            "section is required: this tool writes one named section, never a whole document"
        )
    if mode not in MODES:
        raise ToolInputError(f"mode must be replace or append, not '{mode}'")
    text = content_from(content, content_file, "content", "contentFile", bank)
    if text is None or not text.strip():
        raise ToolInputError("content is missing or blank; to remove a section, edit the document by hand")
    with locked(bank):
        loaded = head.load(bank, path)
        loaded.require_closed()
        parts = loaded.parts
        body = parts.body
        chosen, start, end = section_span(body, section, loaded.path)
        old_lines = body[start:end].split("\n")
        if (hidden := _unread_heading(old_lines)) is not None:
            raise ToolInputError(
                f"section '{chosen.title}' of {loaded.path} runs on past '{hidden}', which readers "
                "show as a heading of its own (a setext or indented ##) and the bank does not; "
                "write it as '## …' first, so rewriting this section keeps it"
            )
        payload = _trimmed(text)
        if mode == "append" and (old := _trimmed("\n".join(old_lines[1:]))):
            payload = f"{old}\n\n{payload}"
        tail = body[end:]
        rebuilt = kept(body[start:end], f"{old_lines[0]}\n\n{payload}\n" + ("\n" if tail else ""))
        new_body = body[:start] + rebuilt + tail
        guard_rest(body, new_body, tail, loaded.path)
        guard_suppressions(body, new_body, loaded.path)
        new_text = parts.head + new_body
        guard_head(parts, new_text, loaded.path)
        data = loaded.file.encode(new_text)
        changed = new_text != loaded.file.text
        if changed:
            head.commit(bank, [(loaded.path, data, loaded.file.digest)], dry_run=dry_run)
    return {
        "path": loaded.path,
        "section": chosen.title,
        "mode": mode,
        "updated": changed and not dry_run,
        "dryRun": dry_run,
        "bytesBefore": len(loaded.raw),
        "bytesAfter": len(data),
        "preview": "\n".join(rebuilt.split("\n")[:PREVIEW_LINES]).rstrip("\n"),
    }
