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

from typing import Any

from memorybank_lint.bank import Bank
from memorybank_lint.edits.keep import kept

from ..errors import ToolInputError
from . import head
from .common import content_from, guard_suppressions, locked, preview, trimmed
from .edit import (
    guard_head,
    guard_headings,
    guard_names,
    guard_references,
    guard_rest,
    section_span,
    unread_headings,
)

MODES = ("replace", "append")
PREVIEW_LINES = 20


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
        if hidden := unread_headings(old_lines):
            raise ToolInputError(
                f"section '{chosen.title}' of {loaded.path} runs on past '{hidden[0]}', which readers "
                "show as a heading the bank's sections do not end at (a setext or indented ##, or a "
                "level-one #); write it as '## …' first, so rewriting this section keeps it"
            )
        payload = trimmed(text)
        if mode == "append" and (old := trimmed("\n".join(old_lines[1:]))):
            payload = f"{old}\n\n{payload}"
        tail = body[end:]
        # the last section ends the file as it did: with a line break only if the file had one
        ending = "\n\n" if tail else "\n" if body.endswith("\n") else ""
        rebuilt = kept(body[start:end], f"{old_lines[0]}\n\n{payload}{ending}")
        new_body = body[:start] + rebuilt + tail
        guard_rest(body, new_body, tail, loaded.path)
        guard_suppressions(body, new_body, loaded.path)
        new_text = parts.head + new_body
        guard_head(parts, new_text, loaded.path)
        guard_headings(body, new_body, loaded.path)
        guard_names(body, new_body, loaded.path)
        guard_references(body, new_body, loaded.path)
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
        "preview": preview(rebuilt, PREVIEW_LINES).rstrip("\n"),
    }
