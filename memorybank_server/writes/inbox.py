"""`bank_promote` and `bank_discard`: the two ways a quarantined note leaves `_inbox/`.

Why promotion rebases: a note's `derived_from` and body links were written relative to `_inbox/`;
copied verbatim into a deeper folder they would point at nothing (the reference did exactly that).
Those leaving the bank (`../../src/app.py`) are rebased too, and a link to the note itself names
the promoted document: each names the same file after the move as before it.
Why the note's own fields survive: its `must_not_define` and extra keys are what the capturing
agent knew; dropping them loses facts silently. Why the note is removed last, in the same
`Transaction`: a crash never leaves two copies, and a note edited after it was read is refused.
Why the promoted document keeps the note's line endings and BOM: it is the note, moved, and every
other write keeps a file's own; a CRLF or old Mac note turned LF would leave its team's bank mixed.

Why discard writes a log: the reference kept the record only in the client's transcript. Here
`_inbox/DISCARDED.md` keeps the date, path, title, purpose, reason and the SHA-256 of the note's
bytes, appended in the same transaction that removes the note.
"""

from __future__ import annotations

import datetime as dt
import os
import posixpath
import re
from pathlib import Path
from typing import Any

from memorybank_lint import document, frontmatter
from memorybank_lint.bank import Bank
from memorybank_lint.edits.gate import check_distinct
from memorybank_lint.edits.text import digest, read
from memorybank_lint.edits.transaction import Transaction
from memorybank_lint.markdown import Placement, inline_blocks, link_spans, read_links
from memorybank_lint.paths import Target, link_target, outside, resolve, spelled_like
from memorybank_lint.quoting import clipped

from ..errors import BadValue, ToolInputError
from ..read import jsonable
from ..templates import find_template
from .common import (
    DISCARD_LOG,
    document_bytes,
    existing_document,
    guard_suppressions,
    land,
    locked,
    preview,
    trimmed,
)
from .create import (
    GOVERNED,
    INBOX,
    PREVIEW_LINES,
    RESERVED_INBOX,
    carried,
    check_boundary,
    check_target,
    render,
    retitle,
)
from .governance import governance
from .registration import Staging, register
from .values import header_text, listed, required, sources

LOG = DISCARD_LOG
LOG_PURPOSE = (
    "The record of inbox notes discarded with bank_discard: when, which note, its title and purpose, "
    "why it was dropped, and the SHA-256 of its bytes."
)
_BACKTICKS = re.compile(r"`+")


def _quarantined(bank: Bank, given: str, verb: str) -> document.Document:
    note = existing_document(bank, given)
    if not note.path.startswith(INBOX):
        raise BadValue(
            f"Only quarantined documents can be {verb}: {note.path} is not in {INBOX}; "
            "documents in the bank proper are changed with the edit tools or removed by hand"
        )
    if note.path in RESERVED_INBOX:
        raise BadValue(f"{note.path} is the inbox's own file, not a note")
    return note


def _rebased(
    target: Target, source: str, destination: str, bank: Bank, link: bool = False, pointed: bool = False
) -> str | None:
    """`target` (resolved where it was written, in the note `source`) relative to `destination`;
    None keeps it as written.

    The note itself is its `destination`: the same write removes it, so a link to it (`note.md`,
    `./note.md#part`) names the document's new name, never the note that is gone. A path that
    leaves the bank (`../../src/app.py`) is rebased too, so it names the same file as before; the
    bank never looks outside itself, so it is rebased whether that file exists or not (one inside
    the bank is rebased only when it leads somewhere). A `link` (read by `link_target`) is spelled
    as it was written: its percent escapes kept, and what would end its destination (`pointed`:
    written in `<…>`) escaped.
    """
    raw = target.raw.strip()
    if target.url or raw.startswith(("/", "#")):
        return None
    folder = posixpath.dirname(destination)
    named = False
    if target.resolved is None:
        above = outside(source, target.raw, link=link)
        if above is None:
            return None
        new = "../" * (folder.count("/") + 1 if folder else 0) + above  # the bank's root, then above
    else:
        landed = target.landing(bank.docs) or target.resolved
        if landed not in bank.docs and not os.path.exists(bank.root / landed):
            return None
        named = target.whole is not None and landed in (target.whole.resolved, target.whole.from_repo_root)
        new = posixpath.relpath(destination if landed == source else landed, folder or ".")
    fragment = "#" + raw.split("#", 1)[1] if "#" in raw and not named else ""  # `c#-style.md`: its name
    new = (spelled_like(new, raw, pointed) if link else new) + fragment
    return new if new != raw else None


def _rebase_derived(items: Any, source: str, destination: str, bank: Bank) -> tuple[list[Any], list[str]]:
    """The note's `derived_from` items (strings or `{path, fit}`), relative to the destination."""
    rebased: list[Any] = []
    warnings: list[str] = []
    for item in items if isinstance(items, list) else []:
        raw = item.get("path") if isinstance(item, dict) else item
        if not isinstance(raw, str):
            continue
        new = _rebased(resolve(source, raw, bank.name), source, destination, bank)
        if new is not None:
            warnings.append(f"derived_from rebased for the new location: {raw} -> {new}")
        value = new or raw.strip()
        rebased.append({**item, "path": value} if isinstance(item, dict) else value)
    return rebased, warnings


Rewrite = tuple[tuple[int, int] | None, int, str, str]  # (end, at, raw, new): see `_rewrites`


def _relink(body: str, source: str, destination: str, bank: Bank) -> tuple[str, list[str]]:
    """Relative body links that lead somewhere, rewritten for the destination: inline links and
    link reference definitions (`[label]: ../x.md`) alike, each read as the linter reads it
    (`link_target`: `../my%20doc.md` is `my doc.md`) and rewritten in its own form (escapes kept,
    and angle brackets, which stay around the destination rewritten inside them).

    Only what CommonMark reads as a link is rewritten (`read_links`): `\\[a](../x.md)` is text,
    and a line of code (fenced or indented) or of an HTML block is shown as written; changed,
    an example would no longer say what its author wrote. A definition is placed by the parser
    too: its destination may stand on a line below its label (`[a]:` then `../x.md`), or behind
    a quote's tab, where no pattern over one line found it and it was left leading nowhere.

    Each line is rebuilt once from its pieces: replaced one by one, a line of many links was
    copied whole per link (a 1 MB line of links took seconds).
    """
    lines = body.split("\n")
    found = _rewrites(lines, source, destination, bank)
    if not found and "]:" not in body:  # no link to change, and no definition: `]:` starts each
        return body, []
    read = read_links(body, found)
    for i, at, written in read.destinations:
        pointed = written.startswith("<")
        raw = written[1:-1] if pointed else written
        new = _rebased(link_target(source, raw, bank.name), source, destination, bank, True, pointed)
        if new is not None:
            found.setdefault(i, []).append((None, at + pointed, raw, new))
    warnings: list[str] = []
    for i, rewrites in found.items():
        line, cut = lines[i], len(lines[i])
        pieces: list[str] = []  # right to left: what follows each rewrite, then the rewrite
        for end, at, raw, new in sorted(rewrites, key=lambda rewrite: rewrite[1], reverse=True):
            if end is None or end in read.ends:
                pieces += [line[at + len(raw) : cut], new]
                cut = at
                warnings.append(f"Link rewritten for the new location: {raw} -> {new}")
        lines[i] = line[:cut] + "".join(reversed(pieces))
    return "\n".join(lines), warnings


def _rewrites(lines: list[str], source: str, destination: str, bank: Bank) -> dict[int, list[Rewrite]]:
    """The inline links' destinations that `_rebased` changes, by the line each is written on, as
    `(end, at, raw, new)`: `raw` written at column `at`, `end` the `(line, column)` past its link's
    `)`; which of them are links is `read_links`' to say (a definition's destination is placed by
    it too, with no `end`).

    Why each paragraph or heading is read whole, as the parser gives its blocks (`inline_blocks`):
    a paragraph wrapped at a fixed width wraps link labels too (`[the\nretry budget](../x.md)`);
    read line by line, such a link was never found and was left leading nowhere after the move.
    And only the paragraph's own lines, its container markers cut: a fence or a quote right below
    it was read on with it, and a backtick there hid a link the reader follows."""
    found: dict[int, list[Rewrite]] = {}
    text = "\n".join(lines)
    if "](" not in text:
        return found
    for first, after, content in inline_blocks(text):
        placement = Placement(content, first, after, lines)
        for label, raw, start, end in link_spans(content):
            opening = start + 1 + len(label)  # the label's `]`: the label may hold `](` itself
            at = content.find(raw, opening)
            pointed = at > 0 and content[at - 1] == "<"
            new = _rebased(link_target(source, raw, bank.name), source, destination, bank, True, pointed)
            if new is None or at < 0:
                continue
            place, past = placement.place(at), placement.place(end, past=True)
            if place is None or past is None or lines[place[0]][place[1] : place[1] + len(raw)] != raw:
                continue  # a place not found in the text is left as written
            found.setdefault(place[0], []).append((past, place[1], raw, new))
    return found


def _whole(path: str, parts: frontmatter.Split, header: frontmatter.Header) -> None:
    """Refuse a note whose header strict YAML rejects when the line-by-line reading of it leaves a
    value out (`frontmatter.unrecovered`): the document is rebuilt from what was read and the note
    removed in the same write, so a block scalar's text or a mapping's keys would be lost."""
    if header.error is None or parts.block is None:
        return
    missed = frontmatter.unrecovered(parts.block)
    if missed is None:
        return
    line = parts.block.split("\n")[missed]
    raise ToolInputError(
        f"the frontmatter of {path} does not parse ({header.error}), and its line {missed + 1} "
        f"({clipped(line.strip(), 80)!r}) holds a value that reading it line by line leaves out, so "
        "it would be lost in the promoted document; fix the note's header by hand (quote the value "
        "that breaks it), then promote it"
    )


def promote(
    bank: Bank,
    *,
    path: str,
    to: str,
    doc_kind: str | None = None,
    title: str | None = None,
    purpose: str | None = None,
    derived_from: list[str] | None = None,
    canonical_for: list[str] | None = None,
    must_not_define: list[str] | None = None,
    status: str = "active",
    dry_run: bool = False,
    today: dt.date | None = None,
) -> dict[str, Any]:
    """Move a quarantined note into the bank proper as a governed, registered document."""
    with locked(bank):
        note = _quarantined(bank, path, "promoted")
        if to.strip().removeprefix("./").startswith(INBOX):
            raise BadValue(f"The destination '{to.strip()}' must leave the quarantine ({INBOX})")
        destination = check_target(bank, to)
        if destination.startswith(INBOX):
            raise BadValue(f"The destination '{destination}' must leave the quarantine ({INBOX})")
        source = read(bank.root, note.path, bank.max_bytes)  # its digest guards the removal at commit
        parts, header = frontmatter.parse(source.text)
        _whole(note.path, parts, header)
        read_note = document.parse(note.path, source.text, bank_name=bank.name)
        for name, given in (("title", title), ("purpose", purpose), ("docKind", doc_kind)):
            if given is not None and not given.strip():
                raise BadValue(f"`{name}` is blank; leave it out to keep the note's")
        # a value kept from the note is the bank's state, not a mistake in the call: its refusal
        # names the note (exit 1), never an argument that was not passed
        for name, given, kept in (("title", title, read_note.title), ("purpose", purpose, read_note.purpose)):
            if given is None and kept:
                try:
                    header_text(name, kept)
                except ToolInputError as refusal:  # its cause, said of the note, not an argument
                    cause = str(refusal).removeprefix(name).strip()
                    raise ToolInputError(f"the note's own {name} {cause}. Or pass `{name}` instead") from None
        title = required(title or read_note.title, "title", "the note has none; pass one")
        purpose = required(
            purpose or read_note.purpose, "purpose", "it is the routing signal; the note has none"
        )
        doc_kind = required(
            doc_kind or read_note.doc_kind, "docKind", "the captured note does not declare one"
        )
        status = required(status, "status", "pass active, draft or another declared value")
        rebase_warnings: list[str] = []
        if derived_from is None and read_note.odd_edges:  # dropping it would lose the note's source
            _, written, what = read_note.odd_edges[0]
            said = f"'{written}' is {what}" if written else "has an empty item"
            raise ToolInputError(
                f"the note's derived_from {said}, not a list of paths, and cannot be carried over; fix "
                "the note, or pass derivedFrom"
            )
        if derived_from is None:
            derived, rebase_warnings = _rebase_derived(
                header.data.get("derived_from"), note.path, destination, bank
            )
        else:
            derived = sources(derived_from)
        owned = (
            listed(canonical_for, "canonicalFor") if canonical_for is not None else read_note.canonical_for
        )
        forbidden = (
            listed(must_not_define, "mustNotDefine")
            if must_not_define is not None
            else read_note.must_not_define
        )
        check_boundary(owned, forbidden)
        paths = [item["path"] if isinstance(item, dict) else item for item in derived]
        warnings = governance(
            bank,
            destination,
            derived_from=paths,
            canonical_for=owned,
            status=status,
            doc_kind=doc_kind,
            owner=note.path,
        )
        warnings += rebase_warnings
        function = read_note.doc_function if read_note.doc_function not in ("", "template") else "canonical"
        fm: dict[str, Any] = {
            "title": title,
            "doc_kind": doc_kind,
            "doc_function": function,
            "purpose": purpose,
        }
        lists = (("derived_from", derived), ("canonical_for", owned), ("must_not_define", forbidden))
        fm.update({key: value for key, value in lists if value})
        fm["status"] = status
        fm.update({key: value for key, value in header.data.items() if key not in GOVERNED})
        template = find_template(bank, doc_kind, destination)
        today_text = (today or dt.date.today()).isoformat()
        keys, _ = carried(template, set(GOVERNED) | set(fm), today_text, keep_placeholders=False)
        fm.update(keys)
        body = trimmed(parts.body)
        body, link_warnings = _relink(retitle(body, title), note.path, destination, bank)
        guard_suppressions("", body, destination)
        text = render(fm, body)
        staging = Staging(bank)
        outcome = register(bank, staging, destination, title, purpose, dry_run=dry_run, status=status)
        warnings += link_warnings + outcome.warnings
        transaction = Transaction(bank.root, bank.max_bytes)
        transaction.create(destination, source.encode(text))
        staging.stage(transaction)
        transaction.remove(note.path, source.digest)
        unregistered = not outcome.registered_in  # no index above: the answer warns of MB009
        land(bank, transaction, dry_run=dry_run, told=frozenset({"MB009"} if unregistered else ()))
    return {
        "from": note.path,
        "to": destination,
        "promoted": not dry_run,
        "dryRun": dry_run,
        "frontmatter": jsonable(fm),
        "template": template.path if template else None,
        "registeredIn": outcome.registered_in,
        "warnings": warnings,
        "preview": preview(text, PREVIEW_LINES),
    }


def _log_header(bank: Bank) -> str:
    contract = bank.contract

    def declared(key: str, value: str) -> bool:  # a value the bank does not declare is left out (MB008)
        allowed = contract.allowed(key, "governance") if contract else None
        return allowed is None or value in allowed

    data: dict[str, Any] = {"title": "Discarded inbox notes"}
    data.update(
        {k: v for k, v in (("doc_kind", "governance"), ("doc_function", "reference")) if declared(k, v)}
    )
    data["purpose"] = LOG_PURPOSE
    roots = sorted(contract.roots) if contract else []
    upstream = next((p for p in ("dna/governance.md", *roots) if p in bank.docs), None)
    if upstream is not None:
        data["derived_from"] = [posixpath.relpath(upstream, "_inbox")]
    if declared("status", "active"):
        data["status"] = "active"
    body = (
        "# Discarded inbox notes\n\n"
        "Append-only: every bank_discard adds one entry below and nothing is ever removed. The note "
        "itself is gone; its title, purpose, the reason it was dropped and the SHA-256 of its bytes "
        "stay here, so it can be recognised, and recovered from version control if it was committed."
    )
    return frontmatter.render(data, body)


def _log_entry(stamp: str, record: dict[str, Any]) -> str:
    values = frontmatter.dump(record).rstrip("\n")
    fence = "`" * max(3, _longest_backticks(values) + 1)
    # a name is a code span whose fence outruns the name's own backticks: a name holding
    # ``x` <!-- memorybank-lint: disable -->`` stays text instead of closing the span
    name = "`" * (_longest_backticks(record["path"]) + 1)
    return f"## {stamp} — {name}{record['path']}{name}\n\n{fence}yaml\n{values}\n{fence}\n"


def _longest_backticks(text: str) -> int:
    return max((len(run) for run in _BACKTICKS.findall(text)), default=0)


def _one_file(path: Path, other: Path) -> bool:
    """Whether the two paths name one file (a name a file system does not tell from another)."""
    try:
        return os.path.samestat(os.lstat(path), os.lstat(other))
    except OSError:
        return False


def discard(
    bank: Bank, *, path: str, reason: str, dry_run: bool = False, now: dt.datetime | None = None
) -> dict[str, Any]:
    """Remove a quarantined note, keeping a record of it in `_inbox/DISCARDED.md`.

    A note whose name differs from the log's only by letter case (`_inbox/discarded.md`, written
    by hand: `bank_create` refuses the name) is the log's name on macOS and Windows. Discarding
    it works: the same write that removes it makes the log, so the bank never holds both names
    (where the file system does not tell them apart, the note is the log's file until the write
    ends, and the refusal says to rename it first). Any other discard would write the log beside
    it, two names that are one file there, and is refused until that note is discarded or renamed.
    """
    with locked(bank):
        note = _quarantined(bank, path, "discarded")
        reason = required(
            reason, "reason", "say why the note is dropped, so nothing leaves silently", lines=True
        )
        data = document_bytes(bank, note.path)
        parsed = document.parse(note.path, data.decode("utf-8", errors="replace"), bank_name=bank.name)
        sha = digest(data)
        stamp = (now or dt.datetime.now().astimezone()).isoformat(timespec="seconds")
        record = {
            "path": note.path,
            "title": parsed.title,
            "purpose": parsed.purpose,
            "reason": reason,
            "sha256": sha,
            "bytes": len(data),
            "discarded": stamp,
        }
        entry = _log_entry(stamp, record)
        transaction = Transaction(bank.root, bank.max_bytes)
        if LOG not in bank.docs:  # to be made: a name beside it that differs only by case is it on macOS
            try:
                check_distinct(bank.root, LOG, leaving=note.path)
            except ToolInputError as exc:
                raise ToolInputError(
                    f"{exc}; the discard log cannot be written beside it: rename that first, or discard "
                    "it if it is a note (its own discard writes the log in its place); then discard "
                    f"'{note.path}'"
                ) from None
        if os.path.lexists(bank.root / LOG) and _one_file(bank.root / LOG, bank.root / note.path):
            raise ToolInputError(
                f"on this file system '{note.path}' is the discard log '{LOG}' (their names differ only "
                "by letter case), so the log cannot be written while the note is there; rename the note, "
                "then discard it under its new name"
            )
        if os.path.lexists(bank.root / LOG):
            if LOG not in bank.docs or bank.docs[LOG].read_error:
                raise ToolInputError(f"{LOG} exists but is not a readable document; fix it before discarding")
            log = read(bank.root, LOG, bank.max_bytes)
            transaction.replace(LOG, log.encode(log.text.rstrip("\n") + "\n\n" + entry), log.digest)
        else:
            transaction.create(LOG, (_log_header(bank).rstrip("\n") + "\n\n" + entry).encode("utf-8"))
        transaction.remove(note.path, sha)
        land(bank, transaction, dry_run=dry_run)
    return {
        "path": note.path,
        "title": parsed.title,
        "purpose": parsed.purpose,
        "reason": reason,
        "discarded": not dry_run,
        "dryRun": dry_run,
        "bytes": len(data),
        "sha256": sha,
        "log": LOG,
    }
