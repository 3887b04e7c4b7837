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

from .. import document
from ..bank import Bank, IndexLink, PerRevision
from ..document import Document
from ..findings import Finding
from ..graph import ancestry
from ..markdown import links
from ..paths import link_target, spelled_like
from .model import Fix, line_edit, replace_in_line


def _relative(target: str, source: str) -> str:
    return posixpath.relpath(target, posixpath.dirname(source) or ".")


def moved_to(bank: Bank, resolved: str, exclude: str) -> str | None:
    """The one document a missing `resolved` path most likely moved to, or None when unclear.

    A template is never the answer for a document that is not one: a package's `brief.md`
    deleted is not the feature template's `brief.md` moved. A document whose path reads as
    `resolved` but is stored in the other Unicode normalisation is the one meant, before any
    other of its name: the finding already names it, and by name alone (`é.md` composed finds no
    `é.md` decomposed) there was no pick, or another one.
    """
    referrer = bank.docs.get(exclude)
    templates_too = referrer is not None and referrer.is_template
    twin = bank.spelled_otherwise(resolved)
    if twin is not None and twin != exclude:
        found = bank.docs[twin]
        return None if found.read_error or (found.is_template and not templates_too) else twin
    name = posixpath.basename(resolved)
    wanted = resolved.split("/")
    best: list[str] = []
    score = 0
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


def _section(raw: str) -> str:
    """The `#section` a target or a link's destination names (without the `#`), or "" for the
    whole document."""
    return raw.partition("#")[2]


def _reparsed(bank: Bank, doc: Document, text: str) -> Document:
    return document.parse(doc.path, text, bank_name=bank.name, index_names=bank.index_files)


def _rewrite(line: str, column: int, written: str, new_path: str) -> str | None:
    """`line` with `written` (the part of a value that names a file), found from `column` on,
    replaced by `new_path`."""
    at = line.find(written, max(column - 1, 0))
    if not written or at < 0:
        return None
    return line[:at] + new_path + line[at + len(written) :]


def _edge_line(lines: list[str], doc: Document, edge: document.Edge, target: str) -> tuple[str, str] | None:
    """The edge's header line as it reads and as the fix writes it, or None when the new path
    cannot be written there as it is."""
    if edge.line is None or edge.column is None or not 0 < edge.line <= len(lines):
        return None
    old = lines[edge.line - 1]
    new_path = _relative(target, doc.path)
    if not new_path.endswith(".md") or any(c in new_path for c in "#:'\"") or new_path.startswith("-"):
        return None  # a path a plain YAML value could not carry unchanged
    whole = edge.target.whole
    if whole is not None and target in (whole.resolved, whole.from_repo_root):
        written = edge.raw.strip()  # the `#` is part of the name (`memory-bank/c#/x.md`): all of it
    else:
        written = edge.raw.split("#", 1)[0].strip()  # the fragment stays
    new = _rewrite(old, edge.column, written, new_path)
    return None if new is None else (old, new)


def _pick(bank: Bank, doc: Document, edge: document.Edge) -> tuple[str, bool] | None:
    """The target a broken edge is to lead to, and whether that fix is safe: written from the
    repository root (safe), or the one document of its name (unsafe), or None."""
    target = edge.target
    landed = bank.edge_target(edge)
    if landed is not None:
        return None if landed in target.as_written() else (landed, True)
    if target.resolved is None or target.external:
        return None
    moved = moved_to(bank, target.resolved, doc.path)
    if moved is None or _closes_a_loop(bank, doc.path, moved):
        return None
    return moved, False


_ONE_BY_ONE = 16  # documents read back one fix at a time, per document, when the fixes together fail


def _checked(bank: Bank, doc: Document) -> dict[int, tuple[str, bool, tuple[str, str]]]:
    """Each edge of `doc` a fix repoints (its index), with its new target, safety and line edit,
    checked by reading the fixed document back: the edges must then lead where the fixes meant.

    Why all of a document's fixes at once: read back one by one, a header of thousands of edges
    written from the repository root was re-read once per edge (4,000 took two minutes in every
    run, fixes applied or not). Read back together they are checked in one parse; only when that
    fails is each checked alone, for at most `_ONE_BY_ONE` of them.
    """
    plans = _plans(bank)
    if doc.path not in plans:
        picked = {}
        lines = doc.text.split("\n")
        # what the header derives from (each document and section), and as what it is written: a
        # pick another entry already names would name it twice where the header did not (the entry
        # is then for a person to remove), be the pick unsafe or a safe rewrite of a path written
        # from the repository root; a target the header repeats as it is written is repointed alike
        taken: dict[tuple[str | None, str], set[str]] = {}
        for edge in doc.derived_from:
            taken.setdefault((bank.edge_target(edge), _section(edge.raw)), set()).add(edge.raw.strip())
        for k, edge in enumerate(doc.derived_from):
            pick = _pick(bank, doc, edge)
            if pick is None:
                continue
            if taken.get((pick[0], _section(edge.raw)), set()) - {edge.raw.strip()}:
                continue
            if (line := _edge_line(lines, doc, edge, pick[0])) is not None:
                picked[k] = (pick[0], pick[1], line)
                taken.setdefault((pick[0], _section(edge.raw)), set()).add(edge.raw.strip())
        if picked and not _reads_back(bank, doc, picked):
            alone = list(picked.items())[:_ONE_BY_ONE]
            picked = {k: plan for k, plan in alone if _reads_back(bank, doc, {k: plan})}
        plans[doc.path] = picked
    return plans[doc.path]


def _reads_back(bank: Bank, doc: Document, picked: dict[int, tuple[str, bool, tuple[str, str]]]) -> bool:
    """Whether `doc` with the `picked` line edits applied keeps its other values and each edge
    leads to its new target."""
    lines = doc.text.split("\n")
    edges = doc.derived_from
    for k in sorted(picked, key=lambda k: (edges[k].line or 0, -(edges[k].column or 0))):
        number = edges[k].line or 0
        changed = line_edit(*picked[k][2])(lines[number - 1]) if 0 < number <= len(lines) else None
        if changed is None:
            return False
        lines[number - 1] = changed
    fixed = _reparsed(bank, doc, "\n".join(lines))
    same_rest = {k: v for k, v in fixed.data.items() if k != "derived_from"} == {
        k: v for k, v in doc.data.items() if k != "derived_from"
    }
    return (
        same_rest
        and len(fixed.derived_from) == len(edges)
        and all(plan[0] in fixed.derived_from[k].target.as_written() for k, plan in picked.items())
        and all(bank.edge_target(fixed.derived_from[k]) == plan[0] for k, plan in picked.items())
    )


def _edge_fix(finding: Finding, bank: Bank, safe: bool) -> Fix | None:
    doc = bank.docs.get(finding.path)
    index = _edge_at(bank, finding)
    if doc is None or index is None or finding.line is None:
        return None
    plan = _checked(bank, doc).get(index)
    if plan is None or plan[1] != safe:
        return None
    target, _safe, (old, new) = plan
    new_path = _relative(target, doc.path)
    if safe:
        summary = f"write derived_from as '{new_path}', relative to the document"
    else:
        summary = f"point derived_from at '{new_path}', the document named {posixpath.basename(target)}"
    edit = replace_in_line(finding.line, old, new)
    batch = (f"derived_from {doc.path}", _all_lines)
    return Fix(
        finding,
        doc.path,
        safe,
        summary,
        edit,
        doc.text,
        edge=(doc.path, target),
        batch=batch,
        line=(finding.line, new),
    )


def _all_lines(text: str, fixes: list[Fix]) -> str | None:
    """The line fixes of one file applied in one pass over its lines (the rightmost of a line
    first, as `apply` orders them), or None when one no longer applies: one by one, each edit
    would copy the whole file."""
    lines, source = text.split("\n"), fixes[0].source.split("\n")
    for fix in fixes:
        assert fix.line is not None
        number, new = fix.line
        if fix.source is not fixes[0].source or not 0 < number <= min(len(lines), len(source)):
            return None
        changed = line_edit(source[number - 1], new)(lines[number - 1])
        if changed is None:
            return None
        lines[number - 1] = changed
    return "\n".join(lines)


def _edge_places(bank: Bank) -> dict[tuple, int]:
    places: dict[tuple, int] = {}
    for path, doc in bank.docs.items():
        for k, edge in enumerate(doc.derived_from):
            places.setdefault((path, edge.raw, edge.line, edge.column), k)
    return places


_edges = PerRevision(_edge_places)
_plans: PerRevision[dict[str, dict]] = PerRevision(lambda bank: {})


def _edge_at(bank: Bank, finding: Finding) -> int | None:
    """Which `derived_from` item of its document the finding is about (the one written at its
    place), from a map built once per state of the bank: looking each finding's edge up in the
    list made a header of thousands of broken targets quadratic."""
    return _edges(bank).get((finding.path, finding.value, finding.line, finding.column))


def repo_root(finding: Finding, bank: Bank) -> Fix | None:
    """MB001, safe: a target written from the repository root, rewritten relative to the document."""
    return _edge_fix(finding, bank, True)


def _closes_a_loop(bank: Bank, source: str, target: str) -> bool:
    """Whether `source` would derive from `target` that already derives from `source`."""
    return source == target or ancestry(bank).derives_from(target, source)


def moved_edge(finding: Finding, bank: Bank) -> Fix | None:
    """MB001, unsafe: a broken target pointed at the document of that name."""
    return _edge_fix(finding, bank, False)


def _link_places(bank: Bank) -> dict[tuple, IndexLink]:
    places: dict[tuple, IndexLink] = {}
    for entry in bank.index_links:
        places.setdefault((entry.source, entry.link.line, entry.link.column), entry)
    return places


_placed = PerRevision(_link_places)


def _listed_entries(bank: Bank) -> set[tuple[str, str, str]]:
    """(index, document, section) of each entry an index has that leads somewhere: a dead entry
    repointed at one of them would make the index list that document (or section) twice."""
    return {
        (entry.source, entry.lands, _section(entry.link.target.raw))
        for entry in bank.index_links
        if entry.lands is not None
    }


_listed = PerRevision(_listed_entries)


def _first_dead_entries(bank: Bank) -> dict[tuple[str, str, str], str]:
    """For each (index, picked document, section) its dead entries would be repointed at, the
    destination the first of them is written as: another written otherwise is left for a person
    (repointed too, the index would list the document twice); one written alike goes with it."""
    first: dict[tuple[str, str, str], str] = {}
    for entry in bank.index_links:
        if entry.lands or entry.link.directory or entry.link.target.resolved is None:
            continue
        target = moved_to(bank, entry.link.target.resolved, entry.source)
        if target is not None:
            key = (entry.source, target, _section(entry.link.target.raw))
            first.setdefault(key, entry.link.target.raw)
    return first


_first_dead = PerRevision(_first_dead_entries)


def _index_link_at(bank: Bank, path: str, line: int | None, column: int | None) -> IndexLink | None:
    """The index link at that place, from a map built once per state of the bank: looking each
    finding's link up in the list made an index of thousands of dead entries quadratic."""
    return _placed(bank).get((path, line, column))


def moved_link(finding: Finding, bank: Bank) -> Fix | None:
    """MB007, unsafe: an index entry that leads nowhere pointed at the document of that name."""
    entry = _index_link_at(bank, finding.path, finding.line, finding.column)
    if entry is None or entry.lands or entry.link.directory or entry.link.target.resolved is None:
        return None
    index = bank.docs[entry.source]
    target = moved_to(bank, entry.link.target.resolved, index.path)
    key = (index.path, target or "", _section(entry.link.target.raw))
    if target is None or key in _listed(bank) or _first_dead(bank).get(key) != entry.link.target.raw:
        return None  # no pick, or one the index lists, or will: the dead entry is for a person to remove
    lines = _lines_of(bank, index)
    if not 0 < entry.link.line <= len(lines):
        return None  # a line the parse numbered past the text: no fix rather than a crash
    old = lines[entry.link.line - 1]
    raw = entry.link.target.raw
    written = raw.split("#", 1)[0].strip()
    # past the label, which may spell the path, and hold brackets (`[[DRAFT] Notes](…)`)
    opening = next(
        (column + len(label) for label, _raw, column in links(old) if column == entry.link.column), -1
    )
    column = entry.link.column if opening < 0 else opening + 3
    at = old.find(written, column - 1) if written else -1
    pointed = at > 0 and old[at - 1] == "<"  # `[A](<my doc.md>)`: the brackets carry a space
    new_path = spelled_like(_relative(target, index.path), raw, pointed)
    if "[" in new_path or "]" in new_path:
        return None  # a bracket in the destination could be read as the start of another label
    new = _rewrite(old, column, written, new_path)  # the fragment stays
    if new is None:
        return None
    if not any(
        link_target(index.path, raw, bank.name).resolved == target for _label, raw, _col in links(new)
    ):
        return None  # the rewritten line must carry a link that lands on the pick
    edit = replace_in_line(entry.link.line, old, new)
    name = posixpath.basename(target)
    summary = f"point the entry at '{new_path}', the document named {name}"
    batch = (f"links {index.path}", _all_lines)
    return Fix(
        finding,
        index.path,
        False,
        summary,
        edit,
        index.text,
        batch=batch,
        line=(entry.link.line, new),
        registers=(target, _section(raw)),
        at=at + 1,
    )


_split: PerRevision[dict[str, list[str]]] = PerRevision(lambda bank: {})


def _lines_of(bank: Bank, doc: Document) -> list[str]:
    """The lines of `doc`, split once per state of the bank: split per finding, an index of
    thousands of dead entries was copied once per entry."""
    split = _split(bank)
    if doc.path not in split:
        split[doc.path] = doc.text.split("\n")
    return split[doc.path]
