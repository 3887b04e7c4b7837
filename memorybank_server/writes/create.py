"""`bank_create`: a new governed document, from its template, registered in its index.

Why every gate runs before anything is rendered, and everything is rendered before anything is
written: a refused create must leave no byte behind, and a created document must never exist
without its index entry (the document, the index patch, a lazily created section index and the
root index land together through one `Transaction`, under the bank's lock).

Why `extra` may not set governed keys: the reference applied it last, so it could claim a
`canonical_for` past the ownership gate or activate a document past the contract.
"""

from __future__ import annotations

import datetime as dt
import os
import posixpath
import re
from typing import Any

from memorybank_lint import frontmatter
from memorybank_lint.bank import Bank, visible
from memorybank_lint.edits.gate import bank_path, check_distinct, check_no_links, new_name
from memorybank_lint.edits.table import IDENTIFIER, title_heading
from memorybank_lint.edits.transaction import Transaction
from memorybank_lint.paths import unlinkable
from memorybank_lint.sections import INBOX_OWN_FILES

from ..errors import BadValue, ToolInputError
from ..read import jsonable
from ..templates import Template, find_template, unlinked_unwritten
from .common import content_from, guard_suppressions, land, locked, preview, trimmed
from .edit import guard_headings, guard_names
from .governance import check_kind, governance
from .registration import Staging, lazy_section, register
from .values import FIELD_NAME, FIELD_NAME_RULE, checked_values, entries, listed, required, sources

GOVERNED = (
    "title",
    "doc_kind",
    "doc_function",
    "purpose",
    "derived_from",
    "canonical_for",
    "must_not_define",
    "status",
    "template_for",
    "template_target_path",
)
TEMPLATE_ONLY = ("template_for", "template_target_path", "doc_function")
WHY = {
    "title": "it becomes the document's heading and its index entry",
    "purpose": "it is the routing signal agents choose documents by",
    "docKind": "it decides the template, the contract values and the layer",
    "status": "pass draft, active or another declared value",
}
INBOX = "_inbox/"
RESERVED_INBOX = INBOX_OWN_FILES
PREVIEW_LINES = 40
_TOKENS = re.compile(r"(?<![\w-])(?:FT-XXX|ADR-ID|PRD-ID|UC-XXX|EP-XXX|PROMPT-ID)(?![\w-])")


def is_placeholder(value: Any) -> bool:
    """A template value that stands for something the author must still fill in."""
    if not isinstance(value, str):
        return False
    text = value.strip()
    bracketed = text.startswith("<") and text.endswith(">")
    return text == "YYYY-MM-DD" or text.startswith("YYYYMMDD") or bracketed or bool(_TOKENS.search(text))


def title_from_path(path: str) -> str:
    """A readable title made from a file name, for a create that was given none.

    The rule: take the file name without `.md` (for a `README.md` or `index.md`, the folder's
    name); keep a leading identifier such as `ADR-007`, `FT-01` or `ADR-20260314T090000Z` as it
    is; turn the remaining `-` and `_` runs into spaces and capitalise the first word.
    `adr/ADR-007-queue-choice.md` → "ADR-007 Queue choice", `domain/order_states.md` →
    "Order states", `features/FT-01/README.md` → "FT-01".
    """
    folder, name = posixpath.split(path)
    stem = name.removesuffix(".md")
    if stem.casefold() in ("readme", "index") and folder:
        stem = posixpath.basename(folder)
    match = IDENTIFIER.match(stem)
    ident, rest = (match.group(1), stem[match.end() :]) if match else ("", stem)
    words = " ".join(part for part in re.split(r"[-_\s]+", rest) if part)
    words = words[:1].upper() + words[1:]
    return " ".join(part for part in (ident, words) if part) or stem


def check_target(bank: Bank, given: str) -> str:
    """Gates 3–6: a `.md` path inside the bank, linkable, through no symlink, where nothing exists.
    An empty one is said to be empty, as every tool that takes a document's path says it."""
    if not given.strip():
        raise BadValue("A path is empty; pass a bank-relative path for the new document")
    if not given.strip().endswith(".md"):
        raise BadValue(f"'{given.strip()}' must end in .md")
    path = bank_path(bank.root, given)
    if (why := unlinkable(path)) is not None:  # first: `mailto:x.md` is named for what a link makes of it
        raise BadValue(f"'{path}' {why}, so its entry would lead elsewhere; rename it")
    new_name(given, path)
    check_no_links(bank.root, path)
    if path in bank.docs:
        raise ToolInputError(f"Refusing to overwrite an existing document at {path}; edit it instead")
    check_distinct(bank.root, path)
    if os.path.lexists(bank.root / path):
        raise ToolInputError(f"'{path}' already exists on disk but is not indexed. Refusing to overwrite it.")
    return path


def check_boundary(canonical_for: list[str], must_not_define: list[str]) -> None:
    """A document may not own a fact its own `must_not_define` fences off (MB006 at birth)."""
    clash = [key for key in canonical_for if key in must_not_define]
    if clash:
        raise ToolInputError(
            f"canonical_for '{clash[0]}' is also listed in must_not_define; one of the two lists is wrong"
        )


_LEVEL_ONE = re.compile(r" {0,3}#(?:[ \t]|$)")  # CommonMark: up to three spaces of indent


def retitle(body: str, title: str) -> str:
    """`body` with the level-one heading it opens with renamed, or a title heading prepended.

    Only an opening heading is the body's title: a `# Appendix` below the first text is a heading
    of its own, and renaming it would lose its words.
    """
    lines = body.split("\n")
    first = next((i for i, line in enumerate(lines) if line.strip()), None)
    if first is not None and _LEVEL_ONE.match(lines[first]):
        lines[first] = title_heading(title)
        return "\n".join(lines)
    return f"{title_heading(title)}\n\n{body}" if body.strip() else title_heading(title)


def from_template(bank: Bank, target: str, body: str) -> str:
    """A template's prose for a new document at `target`; for an index, without links to documents
    not written yet (`unlinked_unwritten`): what the bank holds, the new document itself, and a
    section index created with it count as written."""
    if posixpath.basename(target) not in bank.index_files:
        return body
    section = lazy_section(bank, target)
    planned = {target} | ({f"{section.directory}/README.md"} if section is not None else set())

    def written(path: str, folder: bool) -> bool:
        if folder:
            return bank.directory_has_docs(path) or any(p.startswith(f"{path}/") for p in planned)
        return path in bank.docs or path in planned

    return unlinked_unwritten(body, target, written)


def carried(
    template: Template | None, skip: set[str], today: str, *, keep_placeholders: bool
) -> tuple[dict[str, Any], list[str]]:
    """The template's non-governed keys: `date` filled in, other placeholders warned or dropped."""
    data: dict[str, Any] = {}
    warnings: list[str] = []
    for key, value in (template.data if template else {}).items():
        if key in skip or key in TEMPLATE_ONLY or key in ("derived_from", "canonical_for"):
            continue
        if key == "date" and is_placeholder(value):
            data[key] = today
        elif is_placeholder(value):
            if keep_placeholders:
                data[key] = value
                warnings.append(f'template left a placeholder in "{key}": {value}; fill it before activating')
        else:
            data[key] = value
    return data, warnings


def instantiated_function(template: Template | None) -> str:
    """The `doc_function` a template's instance declares (a package README's is `index`), else
    `canonical`. Only a wrapper's instantiated frontmatter says it: a plain template's own
    header holds `template`, the function of the template file, not of the document made."""
    value = template.data.get("doc_function") if template is not None and template.wrapper else None
    if isinstance(value, str) and value.strip() and value != "template" and not is_placeholder(value):
        return value
    return "canonical"


def render(data: dict[str, Any], body: str) -> str:
    try:
        return frontmatter.render(data, body)
    except (ValueError, TypeError) as exc:
        raise ToolInputError(f"the frontmatter cannot be written as given: {exc}") from exc


def _check_extra(extra: dict[str, Any] | None) -> dict[str, Any]:
    """`extra` refused, whatever the bank, when a key is no frontmatter key or a governed one: a
    mistake in the call (`BadValue`), as a bad path is."""
    extra = dict(extra or {})
    for key in extra:
        if not isinstance(key, str) or not FIELD_NAME.fullmatch(key):
            shown = f"'{visible(key)}'" if isinstance(key, str) else repr(key)
            raise BadValue(f"extra key {shown} is not a frontmatter key ({FIELD_NAME_RULE})")
        if key in GOVERNED:
            raise BadValue(
                f"extra may not set '{key}': it is governed; give it its own argument so its gates run"
            )
    return extra


def create(
    bank: Bank,
    *,
    doc_kind: str,
    path: str,
    title: str | None,
    purpose: str,
    derived_from: list[str] | tuple[str, ...] = (),
    canonical_for: list[str] | tuple[str, ...] = (),
    must_not_define: list[str] | None = None,
    status: str = "draft",
    body: str | None = None,
    body_file: str | None = None,
    extra: dict[str, Any] | None = None,
    inbox: bool = False,
    dry_run: bool = False,
    today: dt.date | None = None,
) -> dict[str, Any]:
    """Create one document (or capture an inbox note); the result says what was or would be written.

    Without a `title`, one is made from the file name (`title_from_path`).
    """
    if title is not None:
        title = required(title, "title", WHY["title"])
    purpose = required(purpose, "purpose", WHY["purpose"])  # one line, as bank_set_field holds it
    doc_kind = check_kind(required(doc_kind, "docKind", WHY["docKind"]))
    status = required(status, "status", WHY["status"])
    extra = checked_values("extra", _check_extra(extra))
    derived = sources(derived_from)
    owned, forbidden = listed(canonical_for, "canonicalFor"), listed(must_not_define, "mustNotDefine")
    supplied = content_from(body, body_file, "body", "bodyFile", bank)
    given = path.strip()
    with locked(bank):
        if inbox and not given.startswith(INBOX):  # the path is checked as given, then flattened
            given = INBOX + posixpath.basename(bank_path(bank.root, given))
        target = check_target(bank, given)
        title = title if title is not None else title_from_path(target)
        inbox = inbox or target.startswith(INBOX)  # a path into the quarantine is a capture either way
        if inbox and target.casefold() in {name.casefold() for name in RESERVED_INBOX}:  # one name on macOS
            raise BadValue(f"{target} is the inbox's own file, not a note; pick another name")
        warnings = governance(
            bank, target, derived_from=derived, canonical_for=owned, status=status, doc_kind=doc_kind
        )
        template = None if inbox else find_template(bank, doc_kind, target)
        if template is None and not inbox:
            warnings.append(
                f'No template matched doc_kind "{doc_kind}" for {posixpath.basename(target)}; '
                "a minimal document is written instead"
            )
        data: dict[str, Any] = {
            "title": title,
            "doc_kind": doc_kind,
            "doc_function": instantiated_function(template),
            "purpose": purpose,
        }
        if derived:
            data["derived_from"] = derived
        if owned:
            data["canonical_for"] = owned
        if must_not_define is not None and forbidden:
            data["must_not_define"] = forbidden
        data["status"] = status
        skip = set(GOVERNED) - ({"must_not_define"} if must_not_define is None else set())
        keys, placeholder_warnings = carried(
            template, skip, (today or dt.date.today()).isoformat(), keep_placeholders=True
        )
        data.update(keys)
        data.update(extra)
        check_boundary(owned, entries(data.get("must_not_define")))
        warnings += placeholder_warnings
        if supplied is not None and supplied.strip():
            text_body = retitle(trimmed(supplied), title)  # its own first heading is renamed, not doubled
            guard_suppressions("", text_body, target)
            guard_names("", text_body, target)
            guard_headings("", text_body, target)  # the edits refuse such a heading; so does a new page
            if template is not None:
                warnings.append(f"the prose of {template.path} was not used because a body was supplied")
        elif template is not None:
            text_body = from_template(bank, target, retitle(template.body, title))
        else:
            text_body = title_heading(title)
        text = render(data, text_body)
        staging = Staging(bank)
        registered: list[str] = []
        if not inbox:
            outcome = register(bank, staging, target, title, purpose, dry_run=dry_run, status=status)
            registered, warnings = outcome.registered_in, warnings + outcome.warnings
        transaction = Transaction(bank.root, bank.max_bytes)
        transaction.create(target, text.encode("utf-8"))
        staging.stage(transaction)
        unregistered = not inbox and not registered  # no index above: the answer warns of MB009
        land(bank, transaction, dry_run=dry_run, told=frozenset({"MB009"} if unregistered else ()))
    return {
        "path": target,
        "created": not dry_run,
        "dryRun": dry_run,
        "frontmatter": jsonable(data),
        "template": template.path if template else None,
        "registeredIn": registered,
        "warnings": warnings,
        "preview": preview(text, PREVIEW_LINES),
    }
