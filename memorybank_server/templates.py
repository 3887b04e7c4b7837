"""Templates: which one a new document starts from, and what a wrapper template instantiates to.

Why the bank's own templates win: once a team has materialised and edited its templates, the
shipped set must never override those choices. Lookup is deterministic (sorted candidates).
Wrappers are unwrapped with a real CommonMark parser, so a four-backtick body that contains
fenced code comes out whole.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from memorybank_lint import frontmatter, markdown
from memorybank_lint.bank import Bank
from memorybank_lint.edits.entries import unwritten_entry
from memorybank_lint.paths import link_destination, link_target

from .starter import templates_root

FRONTMATTER_HEADING = "Instantiated Frontmatter"
BODY_HEADING = "Instantiated Body"
_TEMPLATE_ONLY_KEYS = ("template_for", "template_target_path", "doc_function")
_KIND = re.compile(r"[^\W\d_][\w-]{0,63}")
_ITEM = re.compile(r"^\s*(?:[-*+]|\d{1,9}[.)])\s+")


def is_kind(text: str) -> bool:
    """A plain kind name (`domain`, `use_case`, `feature-support`): one safe folder name, never a path."""
    return isinstance(text, str) and _KIND.fullmatch(text) is not None


@dataclass
class Template:
    """A template found for a new document: where it is, and what it instantiates to."""

    path: str
    from_server: bool
    data: dict[str, Any] = field(default_factory=dict)
    body: str = ""
    wrapper: bool = False


def unwrap(text: str) -> tuple[dict[str, Any], str, bool]:
    """The instantiated frontmatter and body of a template file, and whether it was a wrapper.

    A wrapper has a `## Instantiated Frontmatter` heading followed by a `yaml` fence and a
    `## Instantiated Body…` heading followed by a `markdown` fence. Anything else is a plain
    template: its own frontmatter (minus template-only keys) and its body.
    """
    text = frontmatter.normalized(text)
    _, header = frontmatter.parse(text)
    parts = frontmatter.split(text)
    from markdown_it import MarkdownIt  # only templates need an exact parse; keep it off start-up

    tokens = MarkdownIt("commonmark").parse(parts.body)
    blocks: dict[str, str] = {}
    heading: str | None = None
    for index, token in enumerate(tokens):
        if token.type == "heading_open" and token.tag == "h2":
            heading = tokens[index + 1].content.strip()
        elif token.type == "fence" and heading is not None:
            info = token.info.strip().split(" ")[0].lower()
            if heading.startswith(FRONTMATTER_HEADING) and info == "yaml" and "yaml" not in blocks:
                blocks["yaml"] = token.content
            elif heading.startswith(BODY_HEADING) and info in ("markdown", "md") and "body" not in blocks:
                blocks["body"] = token.content
            heading = None
    if "yaml" in blocks and "body" in blocks:
        loaded = frontmatter.load(blocks["yaml"])
        data = loaded.data if loaded.error is None else frontmatter.recover(blocks["yaml"])
        return data, blocks["body"].rstrip(), True
    data = {k: v for k, v in header.data.items() if k not in _TEMPLATE_ONLY_KEYS}
    return data, parts.body.strip(), False


def _choose(templates: dict[str, dict[str, Any]], doc_kind: str, target: str) -> str | None:
    """Which of `templates` (bank path → header values) a new `doc_kind` document at `target`
    starts from: one declaring `template_for` the kind or kept in the kind's folder, then the one
    whose `template_target_path` (else whose own name) is the target's name, else the only one.

    One rule for the bank's templates and the shipped ones: a shipped template is found exactly
    as if it lived in the bank (`feature/support/runtime-surfaces.md` declares `template_for:
    feature-support` and was found only once copied in).
    """
    folders = {f"flows/templates/{doc_kind}/", f"flows/templates/{doc_kind.replace('_', '-')}/"}
    candidates = sorted(
        path
        for path, data in templates.items()
        if data.get("template_for") == doc_kind or any(path.startswith(folder) for folder in folders)
    )
    name = posixpath.basename(target)
    chosen = next(
        (
            p
            for p in candidates
            if posixpath.basename(str(templates[p].get("template_target_path", ""))) == name
        ),
        None,
    ) or next((p for p in candidates if posixpath.basename(p) == name), None)
    if chosen is None:
        others = [p for p in candidates if posixpath.basename(p) != "README.md"]
        chosen = others[0] if len(others) == 1 else None
    return chosen


def _in_bank(bank: Bank, doc_kind: str, target: str) -> Template | None:
    templates = {path: doc.data for path, doc in bank.docs.items() if doc.is_template}
    chosen = _choose(templates, doc_kind, target)
    if chosen is None:
        return None
    data, body, wrapper = unwrap(bank.docs[chosen].text)
    return Template(chosen, False, data, body, wrapper)


@lru_cache(maxsize=4)
def _shipped_headers(shipped: Path) -> dict[str, tuple[Path, dict[str, Any]]]:
    """The shipped templates by the bank path they would have once materialised."""
    found = {}
    for source in sorted(p for p in shipped.rglob("*.md") if p.is_file()):
        data = frontmatter.parse(source.read_text("utf-8"))[1].data
        if data.get("doc_function") == "template":
            found[f"flows/templates/{source.relative_to(shipped).as_posix()}"] = (source, data)
    return found


def _shipped(doc_kind: str, target: str, shipped: Path) -> Template | None:
    headers = _shipped_headers(shipped)
    chosen = _choose({path: data for path, (_, data) in headers.items()}, doc_kind, target)
    if chosen is None:
        return None
    data, body, wrapper = unwrap(headers[chosen][0].read_text("utf-8"))
    return Template(chosen, True, data, body, wrapper)


def find_template(bank: Bank, doc_kind: str, target: str, *, shipped: Path | None = None) -> Template | None:
    """The template for a new `doc_kind` document at `target`: the bank's first, then the shipped.

    A `doc_kind` that is not a plain kind name finds nothing: it becomes a folder name below.
    """
    if not is_kind(doc_kind):
        return None
    return _in_bank(bank, doc_kind, target) or _shipped(doc_kind, target, shipped or templates_root())


def unlinked_unwritten(body: str, target: str, written: Callable[[str, bool], bool]) -> str:
    """The prose of a new index at `target` with each link to a document not `written` yet (bank
    path, and whether it is a folder) replaced: a list item's leading link by the label, the path
    (and its anchor) and `not created yet` (`entries.unwritten_entry`), any other by its label alone.

    Why: every link of an index is an entry, and an entry leading nowhere is a finding (MB007). A
    package index from its template links documents the package gets one by one, and some never
    (a design the brief does not ask for); creating one with `bank_create` links its entry again.
    """
    lines = body.split("\n")
    for i, line in markdown.iter_unfenced(lines):
        spans, reach = [], 0
        for span in markdown.link_spans(line):
            if span[2] >= reach:  # an image inside a link's label goes with the link
                spans.append(span)
                reach = span[3]
        item = _ITEM.match(line)
        for label, raw, start, end in reversed(spans):
            path = raw.split("#", 1)[0].strip()
            folder = path.endswith("/")
            resolved = link_target(target, raw).resolved if path.endswith(".md") or folder else None
            if resolved is None or written(resolved, folder):
                continue
            if start and line[start - 1] == "!":
                start -= 1
            relative = posixpath.relpath(resolved, posixpath.dirname(target) or ".")
            anchor = "".join(raw.partition("#")[1:])  # `#section`: the link made later keeps it
            leading = item is not None and start == item.end() and not folder
            named = unwritten_entry(label, link_destination(relative) + anchor) if leading else label
            line = line[:start] + named + line[end:]
        lines[i] = line
    return "\n".join(lines)
