"""MB001 and MB007: a target that names the right document the wrong way, or a document that moved.

Safe: a `derived_from` target written from the repository root (`memory-bank/prd/PRD.md` inside
`memory-bank/`) is rewritten relative to its document. The graph already follows it, so only the
text changes.

Unsafe (`--unsafe-fixes`), because the fix picks a target: a broken `derived_from` target or index
entry is pointed at the one document that has its file name, or, when several have it, the one
whose path ends the same way in more folders than any other (`FT-001/brief.md`). A pick that would
close a `derived_from` loop, or point a document at itself, is not made.

Every rewrite changes the target's path text on its own line and nothing else, and is checked by
reading the fixed document back: the entry must then lead where the fix meant it to.
"""

from __future__ import annotations

import posixpath
import weakref

from .. import document
from ..bank import Bank, IndexLink
from ..document import Document
from ..findings import Finding
from ..graph import ancestry
from ..markdown import links
from ..paths import link_target, spelled_like
from .model import Fix, replace_in_line


def _relative(target: str, source: str) -> str:
    return posixpath.relpath(target, posixpath.dirname(source) or ".")


def moved_to(bank: Bank, resolved: str, exclude: str) -> str | None:
    """The one document a missing `resolved` path most likely moved to, or None when unclear.

    A template is never the answer for a document that is not one: a package's `brief.md`
    deleted is not the feature template's `brief.md` moved.
    """
    name = posixpath.basename(resolved)
    wanted = resolved.split("/")
    best: list[str] = []
    score = 0
    referrer = bank.docs.get(exclude)
    templates_too = referrer is not None and referrer.is_template
    for path in bank.by_name(name):
        found = bank.docs[path]
        if path == exclude or found.read_error or (found.is_template and not templates_too):
            continue
        parts = path.split("/")
        shared = 0
        while shared < min(len(parts), len(wanted)) and parts[-1 - shared] == wanted[-1 - shared]:
            shared += 1
        if shared > score:
            best, score = [path], shared
        elif shared == score:
            best.append(path)
    if score < 2 and name in bank.index_files:
        return None  # `README.md` names every folder's index: the name alone says nothing
    return best[0] if len(best) == 1 else None


def _reparsed(bank: Bank, doc: Document, text: str) -> Document:
    return document.parse(doc.path, text, bank_name=bank.name, index_names=bank.index_files)


def _rewrite(line: str, column: int, raw: str, new_path: str) -> str | None:
    """`line` with the path part of `raw`, written from `column` on, replaced by `new_path`."""
    written = raw.split("#", 1)[0].strip()
    at = line.find(written, max(column - 1, 0))
    if not written or at < 0:
        return None
    return line[:at] + new_path + line[at + len(written) :]


def _edge_fix(finding: Finding, bank: Bank, new_target: str, safe: bool, summary: str) -> Fix | None:
    doc = bank.docs.get(finding.path)
    if doc is None:
        return None
    index = next(
        (
            k
            for k, edge in enumerate(doc.derived_from)
            if edge.raw == finding.value and edge.line == finding.line and edge.column == finding.column
        ),
        None,
    )
    if index is None or finding.line is None or finding.column is None:
        return None
    lines = doc.text.split("\n")
    old = lines[finding.line - 1]
    new_path = _relative(new_target, doc.path)
    if not new_path.endswith(".md") or any(c in new_path for c in "#:'\"") or new_path.startswith("-"):
        return None  # a path a plain YAML value could not carry unchanged
    new = _rewrite(old, finding.column, finding.value, new_path)
    if new is None:
        return None
    edit = replace_in_line(finding.line, old, new)
    fixed_text = edit(doc.text)
    if fixed_text is None:
        return None
    fixed = _reparsed(bank, doc, fixed_text)
    edges = fixed.derived_from
    same_rest = {k: v for k, v in fixed.data.items() if k != "derived_from"} == {
        k: v for k, v in doc.data.items() if k != "derived_from"
    }
    if len(edges) != len(doc.derived_from) or edges[index].target.resolved != new_target or not same_rest:
        return None
    return Fix(
        finding,
        doc.path,
        safe,
        summary.format(new_path=new_path),
        edit,
        doc.text,
        edge=(doc.path, new_target),
    )


def repo_root(finding: Finding, bank: Bank) -> Fix | None:
    """MB001, safe: a target written from the repository root, rewritten relative to the document."""
    doc = bank.docs.get(finding.path)
    edge = next((e for e in doc.derived_from if e.raw == finding.value), None) if doc else None
    if edge is None or edge.target.resolved in bank.docs or edge.target.from_repo_root not in bank.docs:
        return None
    target = edge.target.from_repo_root
    assert target is not None
    return _edge_fix(
        finding, bank, target, True, "write derived_from as '{new_path}', relative to the document"
    )


def _closes_a_loop(bank: Bank, source: str, target: str) -> bool:
    """Whether `source` would derive from `target` that already derives from `source`."""
    return source == target or ancestry(bank).derives_from(target, source)


def moved_edge(finding: Finding, bank: Bank) -> Fix | None:
    """MB001, unsafe: a broken target pointed at the document of that name."""
    doc = bank.docs.get(finding.path)
    edge = next((e for e in doc.derived_from if e.raw == finding.value), None) if doc else None
    if doc is None or edge is None or edge.target.resolved is None or edge.target.external:
        return None
    if edge.target.resolved in bank.docs or edge.target.from_repo_root in bank.docs:
        return None
    target = moved_to(bank, edge.target.resolved, doc.path)
    if target is None or _closes_a_loop(bank, doc.path, target):
        return None
    name = posixpath.basename(target)
    return _edge_fix(
        finding, bank, target, False, f"point derived_from at '{{new_path}}', the document named {name}"
    )


_placed: weakref.WeakKeyDictionary[Bank, tuple[int, dict]] = weakref.WeakKeyDictionary()


def _index_link_at(bank: Bank, path: str, line: int | None, column: int | None) -> IndexLink | None:
    """The index link at that place, from a map built once per state of the bank: looking each
    finding's link up in the list made an index of thousands of dead entries quadratic."""
    found = _placed.get(bank)
    if found is None or found[0] != bank.revision:
        places: dict[tuple, IndexLink] = {}
        for entry in bank.index_links:
            places.setdefault((entry.source, entry.link.line, entry.link.column), entry)
        found = _placed[bank] = (bank.revision, places)
    return found[1].get((path, line, column))


def moved_link(finding: Finding, bank: Bank) -> Fix | None:
    """MB007, unsafe: an index entry that leads nowhere pointed at the document of that name."""
    entry = _index_link_at(bank, finding.path, finding.line, finding.column)
    if entry is None or entry.lands or entry.link.directory or entry.link.target.resolved is None:
        return None
    index = bank.docs[entry.source]
    target = moved_to(bank, entry.link.target.resolved, index.path)
    if target is None:
        return None
    lines = index.text.split("\n")
    if not 0 < entry.link.line <= len(lines):
        return None  # a line the parse numbered past the text: no fix rather than a crash
    old = lines[entry.link.line - 1]
    raw = entry.link.target.raw
    written = raw.split("#", 1)[0].strip()
    at = old.find(written, max(entry.link.column - 1, 0)) if written else -1
    pointed = at > 0 and old[at - 1] == "<"  # `[A](<my doc.md>)`: the brackets carry a space
    new_path = spelled_like(_relative(target, index.path), raw, pointed)
    if "[" in new_path or "]" in new_path:
        return None  # a bracket in the destination could be read as the start of another label
    new = _rewrite(old, entry.link.column, raw, new_path)
    if new is None:
        return None
    if not any(
        link_target(index.path, raw, bank.name).resolved == target for _label, raw, _col in links(new)
    ):
        return None  # the rewritten line must carry a link that lands on the pick
    edit = replace_in_line(entry.link.line, old, new)
    name = posixpath.basename(target)
    summary = f"point the entry at '{new_path}', the document named {name}"
    return Fix(finding, index.path, False, summary, edit, index.text)
