"""`bank_read`: one document, one of its sections, or several documents under a byte budget.

Why the text is read again from disk: the refresh that preceded the call may be a moment old, and an
agent acting on what it read must see the file as it is now. The index is still the gate: only a
path the refresh accepted as a document is opened, and it is opened only if it is, right now, a
regular file reached without any symlink, inside the bank.

Why sections match the way they do: most real headings are Russian, and the reference matcher kept
only `a-z0-9`, so every Russian request matched the first heading. Here both sides keep every
Unicode letter and digit (NFKC, casefolded, `ё` folded to `е`); an exact match wins (as written,
then as shown: `## ⚠️` is `⚠` whatever invisible characters either holds), then a unique substring,
then a unique whole-word match; anything else is an error that lists the real headings.

Deliberate choices: a blank `section` is refused, at the top level or in a list's `{path, section}`
(leaving it out reads the whole document, as the command line refuses `--section ''`); a list's
top-level `section` is read of every element that names none of its own; several headings of the
same name are refused as ambiguous (`match_section`); the 400,000 cap counts UTF-8 bytes and cuts
on a character boundary; dates in the frontmatter become ISO strings (`2026-03-27`, or
`2026-03-27T10:00:00+00:00` for a timestamp), not the reference's JavaScript `…T00:00:00.000Z`.
"""

from __future__ import annotations

import datetime as dt
import errno
import json
import math
import os
import posixpath
import re
import stat
import unicodedata
from collections import Counter
from collections.abc import Container
from typing import Any, NamedTuple

from memorybank_lint import document
from memorybank_lint.bank import Bank, never_read
from memorybank_lint.edits.atomic import NotRegular, TooBig, read_regular
from memorybank_lint.markdown import Section
from memorybank_lint.paths import normalize
from memorybank_lint.quoting import shortened
from memorybank_lint.yaml_values import key_text

from .arguments import shown
from .errors import BadValue, ToolInputError, refusal

SINGLE_CAP_BYTES = 400_000
BUDGET_BYTES = 40_000
MIN_MAX_BYTES = 1000
MAX_REQUESTS = 100  # paths one batch read takes: each is read and parsed afresh
LISTED_SECTIONS = 40
HEADING_CHARS = 120  # a heading as a listing shows it: a heading can be a whole long line
# A header value a read answer repeats (a title, kind, status, purpose, fit, anchor, key): a 2 MB
# title copied into each of 400 `bank_drift` entries answered 400 MB.
HEADER_CHARS = 300
LISTING_BYTES = 8_000  # the headings all the skipped entries of one batch list, together
FAILURE_BYTES = 300  # a failed entry's refusal once that room is spent, as the answer writes it
_NOT_WORD = re.compile(r"[\W_]+")


def json_bytes(value: Any) -> int:
    """What `value` takes in a compact JSON answer, in UTF-8 bytes: what an answer's budget counts."""
    return len(json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")) + 1


def fold(text: str) -> str:
    """A heading or request reduced to its letters and digits: composed (a decomposed `й` is one
    letter), casefolded, `ё`→`е`, combining marks left on their letters dropped (a stress mark,
    the dot `İ` casefolds to) and so are invisible format characters (a soft hyphen, a zero-width
    space, a bidi mark: pasted into a heading, each split its word in two), runs of anything else
    collapsed to one space."""
    composed = unicodedata.normalize("NFKC", text).casefold().replace("ё", "е")
    bare = "".join(c for c in composed if unicodedata.category(c) not in ("Mn", "Cf"))
    return _NOT_WORD.sub(" ", bare).strip()


def bare(text: str) -> str:
    """A heading or request as it shows, whatever invisible characters it holds: composed (NFC;
    not NFKC, which makes `ＡＰＩ` and `CO²` read as `API` and `CO2`, other headings a reader sees),
    without format characters (a zero-width space or joiner, a bidi mark) or variation selectors
    (the U+FE0F an emoji keyboard adds to `⚠`), stripped. What a heading with no letters to fold
    (`## ⚠️`, `## 🚀`) is matched by: as written, `⚠` never found `⚠` followed by U+FE0F."""
    composed = unicodedata.normalize("NFC", text)
    if any(unicodedata.category(c) == "Cf" or _selector(c) for c in composed):
        composed = "".join(c for c in composed if unicodedata.category(c) != "Cf" and not _selector(c))
    return composed.strip()  # the heading itself when nothing is dropped: a page holds one of each


def _selector(character: str) -> bool:
    code = ord(character)
    return 0xFE00 <= code <= 0xFE0F or 0xE0100 <= code <= 0xE01EF or 0x180B <= code <= 0x180D


class Key(NamedTuple):
    """A request as each tier of `match_section` compares it."""

    bare: str
    folded: str


class Keys(NamedTuple):
    """A page's headings as each tier of `match_section` compares them (two lists, not a pair
    per heading: a page may hold 400,000 headings)."""

    bare: list[str]
    folded: list[str]


def key(text: str) -> Key:
    return Key(bare(text), fold(text))


def keys(sections: list[Section]) -> Keys:
    return Keys([bare(s.title) for s in sections], [fold(s.title) for s in sections])


def _listing(sections: list[Section]) -> str:
    """The headings a refusal offers, at most `LISTED_SECTIONS` of them: a page of a thousand
    sections made every refusal (and a batch repeats one per request) a page long."""
    shown = " | ".join(_heading(s.title) for s in sections[:LISTED_SECTIONS]) or "(none)"
    more = len(sections) - LISTED_SECTIONS
    return f"{shown} | … {more} more" if more > 0 else shown


def match_section(
    sections: list[Section],
    request: str,
    where: str,
    keyed: Keys | None = None,
    asked: Key | None = None,
) -> Section:
    """The one section `request` names; a ToolInputError listing the real headings otherwise.

    Tiers, the first that finds any wins: the heading as written, then as it shows (`bare`: a
    `## ⚠️` is asked for as `⚠`), then folded, then a unique substring or whole word of it.
    Two sections under the same heading are refused like any other ambiguity: taking the first
    would read, or rewrite, a section the caller may not have meant. `keyed` (the headings'
    `keys`) and `asked` (the request's `key`) may come from a caller that matches the same page or the
    same request again: folding is most of the work on a page of many headings.
    """
    keyed = keys(sections) if keyed is None else keyed
    asked = key(request) if asked is None else asked
    written = request.strip()  # once, not once per heading: a 1 MB request took seconds on a long page
    exact = [s for s in sections if s.title == written]  # `## 🚀` has nothing to fold
    shown = [s for s, b in zip(sections, keyed.bare, strict=True) if b == asked.bare] if asked.bare else []
    wanted = asked.folded
    if not wanted and not exact and not shown:
        raise ToolInputError(
            f"Section '{request}' has no letters or digits to match in {where}; "
            f"available sections: {_listing(sections)}"
        )
    folded = keyed.folded
    for matches in (exact, shown, [s for s, f in zip(sections, folded, strict=True) if f == wanted]):
        if len(matches) > 1:
            raise ToolInputError(
                f"Section '{request}' is ambiguous in {where}: {len(matches)} sections are headed "
                f"'{matches[0].title}'; rename one of them, or read the whole document"
            )
        if matches:
            return matches[0]
    containing = [(s, f) for s, f in zip(sections, folded, strict=True) if wanted in f]
    if len(containing) > 1:
        whole_words = [s for s, f in containing if f" {wanted} " in f" {f} "]
        if len(whole_words) == 1:
            return whole_words[0]
        raise ToolInputError(
            f"Section '{request}' is ambiguous in {where}: it matches "
            f"{_listing([s for s, _ in containing])}; pass more of the heading"
        )
    if containing:
        return containing[0][0]
    raise ToolInputError(f"No section '{request}' in {where}; available sections: {_listing(sections)}")


def jsonable(value: Any) -> Any:
    """A YAML value as JSON can carry it: dates as ISO strings, keys as YAML writes them (`true`,
    not Python's `True`), bytes as text, a `!!set` as a list of its members sorted (numbers
    first, by value, then the rest as text sorts them).

    Why sorted: a set keeps no order but its members' hashes, which Python draws anew in each
    process, so the same read answered in another order from one run to the next."""
    if isinstance(value, dt.datetime | dt.date):
        return value.isoformat()
    if isinstance(value, dict):
        return {key_text(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, set | frozenset):
        return [jsonable(v) for v in sorted(value, key=_member_order)]
    if isinstance(value, list | tuple):
        return [jsonable(v) for v in value]
    if isinstance(value, bytes):
        return value.decode("utf-8", errors="replace")
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    return value


def _member_order(member: Any) -> tuple[int, float, str]:
    """Where a member of a set stands in `jsonable`'s list: a number by its value, before the
    rest (text, dates, true and false, null) by their text as YAML writes them."""
    number = isinstance(member, int | float) and not isinstance(member, bool)
    if number and math.isfinite(member):
        return 0, member, ""
    return 1, 0.0, key_text(member)


def _not_found(given: str, path: str, documents: Container[str] = ()) -> ToolInputError:
    message = f"Not a document of this bank: '{given}'"
    if path != given.strip():
        message += f" (looked for '{path}')"
    return ToolInputError(message + climbing(path, documents))


def climbing(path: str, known: Container[str] = ()) -> str:
    """Why a path `normalize` left absolute or climbing names nothing in the bank, as the end of
    a refusal (`; the path leads outside the bank`); "" for any other path."""
    if path.startswith(("/", "../")) or "/../" in path or path == "..":
        inside = posixpath.normpath(path)
        if path.startswith("/") or inside == ".." or inside.startswith("../"):
            return "; the path leads outside the bank"
        if inside in known:  # `dna/../README.md` stays inside: name it the way the bank does
            return f"; write it without '..', as '{inside}'"
    return ""


def _fresh_text(bank: Bank, path: str) -> str:
    """The file's text now, refusing anything that is no longer a plain file inside the bank.

    Opened folder by folder from the bank's root, never through a link and never blocking: a
    name swapped for a FIFO, or a folder swapped for a link, after the bank was read is refused.
    """
    try:
        raw = read_regular(path, bank.max_bytes, beneath=bank.root)
    except (FileNotFoundError, NotADirectoryError):
        raise ToolInputError(f"Not a document of this bank: '{path}' is no longer on disk") from None
    except NotRegular as exc:
        linked = exc.errno == errno.ELOOP
        now = "now goes through a symlink" if linked else "is no longer a regular file"
        raise ToolInputError(f"Not a document of this bank: '{path}' {now}") from None
    except TooBig as exc:
        raise ToolInputError(
            f"'{path}' is {exc.size} bytes, over the {bank.max_bytes}-byte read limit"
        ) from None
    except OSError as exc:
        raise ToolInputError(f"'{path}' cannot be read: {exc.strerror}") from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ToolInputError(f"'{path}' is not valid UTF-8 (byte offset {exc.start})") from None


def _what_is_there(bank: Bank, path: str) -> str:
    """What a bank path that names no document names instead, as the end of a refusal (`; it is
    a symbolic link, which the bank never follows`); "" when nothing is there. Looked at name by
    name without following a link, so nothing behind one is ever looked at."""
    parts = path.split("/")
    if path.startswith("/") or "." in parts or ".." in parts or "\0" in path:
        return ""  # `.` is no hidden name: `dna/./x.md` is only written oddly
    current = bank.root
    for depth, part in enumerate(parts, start=1):
        current = current / part
        try:
            info = os.lstat(current)
        except (OSError, ValueError):
            return ""
        if stat.S_ISLNK(info.st_mode):
            link = "is a symbolic link" if depth == len(parts) else f"goes through a symbolic link ('{part}')"
            return f"; it {link}, which the bank never follows"
    why = never_read(path, current)
    if why is None and stat.S_ISDIR(info.st_mode):
        why = "is a folder; pass one of its documents"
    return f"; it {why}" if why else ""


def document_path(bank: Bank, given: str) -> str:
    """The bank's key of the document `given` names, or the refusal that says why it names none
    (empty, leads outside the bank, names a link, a folder or a file the bank never reads, not
    found): every tool taking a document says it alike."""
    if not isinstance(given, str) or not given.strip():
        raise BadValue("A path is empty; pass a bank-relative document path")
    path = normalize(bank.root, given, bank.docs.keys())
    if path not in bank.docs:  # a mistake in what was asked: exit 2
        raise BadValue(str(_not_found(given, path, bank.docs)) + _what_is_there(bank, path))
    return path


def _lookup(bank: Bank, given: str) -> str:
    path = document_path(bank, given)
    if "\\" in path:
        # The key of a name that cannot be read under it (`printable`: a backslash doubled, a byte
        # or control character escaped): opened by its key, it would open another file or none.
        raise ToolInputError(f"'{path}' cannot be read: {bank.docs[path].read_error}")
    return path


def check_section(section: str | None, whole: str, of: str = "") -> None:
    """Refuse a blank `section`: given as "" it must not quietly mean "not given" (`whole` says
    what leaving it out does instead; `of` names the listed path whose section it is)."""
    if section is not None and not section.strip():
        where = f" of '{of}'" if of else ""
        raise ToolInputError(f"section {section!r}{where} is blank; leave it out to {whole}")


class _Pages:
    """What one call has read: each page read and parsed once, its headings and each request
    folded once.

    Why: a list of 100 requests of one page read, parsed and matched it 100 times, folding every
    heading twice each time (100 sections of a page of 400,000 headings took 250 s), and a
    top-level 1 MB `section` was folded again for each of the list's paths.
    """

    def __init__(self) -> None:
        self._pages: dict[str, tuple[document.Document, Keys | None]] = {}
        self._requests: dict[str, Key] = {}
        self._found: dict[tuple[str, str], Section | str] = {}

    def forget(self, path: str) -> None:
        """Let go of a page no request left in the call asks for: kept to the call's end, every
        page of a list stayed parsed (30 pages of 200,000 headings held 1.5 GB)."""
        self._pages.pop(path, None)
        for key in [key for key in self._found if key[0] == path]:
            del self._found[key]

    def parsed(self, bank: Bank, path: str) -> document.Document:
        if path not in self._pages:
            self._pages[path] = (document.parse(path, _fresh_text(bank, path), bank_name=bank.name), None)
        return self._pages[path][0]

    def section(self, path: str, request: str) -> Section:
        """The section of the page `parsed` read that `request` names (`match_section`)."""
        doc, keyed = self._pages[path]
        if keyed is None:
            keyed = keys(doc.sections)
            self._pages[path] = (doc, keyed)
        if request not in self._requests:
            self._requests[request] = key(request)
        if (path, request) not in self._found:  # the same request again: the same answer
            try:
                self._found[path, request] = match_section(
                    doc.sections, request, path, keyed, self._requests[request]
                )
            except ToolInputError as exc:  # its message: its traceback would hold the page's headings
                self._found[path, request] = str(exc)
        found = self._found[path, request]
        if isinstance(found, str):
            raise ToolInputError(found)
        return found


def read_one(
    bank: Bank,
    given: str,
    section: str | None = None,
    max_bytes: int | None = None,
    pages: _Pages | None = None,
) -> dict[str, Any]:
    """The single-document answer of §4.2 (whole body, or one section), cut at `max_bytes` when given,
    never above the single-document cap. `pages` is what the call has read already, if anything."""
    check_section(section, "read the whole document")
    path = _lookup(bank, given)
    pages = _Pages() if pages is None else pages
    doc = pages.parsed(bank, path)
    answer: dict[str, Any] = {"path": path, "title": doc.title, "frontmatter": jsonable(doc.data)}
    chosen = None if section is None else pages.section(path, section)  # a refusal needs no lines
    lines = doc.text.split("\n")
    if chosen is not None:
        answer["section"] = chosen.title
        content = "\n".join(lines[chosen.line - 1 : chosen.end]).rstrip()
    else:
        content = "\n".join(lines[doc.body_line - 1 :]).strip()
    # a larger maxBytes never gives less than none: one page may take the single-read cap
    limit = SINGLE_CAP_BYTES if max_bytes is None else min(max_bytes, SINGLE_CAP_BYTES)
    answer.update(content="", bytes=0, truncated=False, availableSections=[s.title for s in doc.sections])
    whole = {**answer, "content": content, "bytes": len(content.encode("utf-8"))}
    if json_bytes(whole) <= limit:  # `_fit_frame` keeps room for a longer text than a short page has
        return whole
    content, truncated = _cut_for_json(content, max(_fit_frame(answer, limit), 0))
    answer.update(content=content, bytes=len(content.encode("utf-8")), truncated=truncated)
    if truncated:
        if max_bytes is None:
            why = f"a single read holds at most {SINGLE_CAP_BYTES} bytes"
        else:
            why = "maxBytes" if max_bytes <= SINGLE_CAP_BYTES else f"maxBytes is capped at {SINGLE_CAP_BYTES}"
        answer["note"] = (
            f"Cut at {answer['bytes']} bytes of text ({why}, header and headings counted); "
            "read the rest one section at a time."
        )
    return answer


def _requests(path: list[Any], section: str | None) -> list[tuple[str, str | None]]:
    """Each listed path with the section to read of it: its own, else the top-level `section`
    (a `{path}` element, like a string one, takes it; it was dropped, and the whole document read
    with no word of it). A blank own section is refused as a blank top-level one is, never read
    as the whole document nor left to one request's failure: it is a mistake in the arguments."""
    requests = []
    instead = f"read section '{section}'" if section is not None else "read the whole document"
    for item in path:
        if isinstance(item, str):
            requests.append((item, section))
        elif isinstance(item, dict) and isinstance(item.get("path"), str):
            unknown = sorted(set(item) - {"path", "section"})
            if unknown:
                raise ToolInputError(
                    f"A requested path takes only path and section, not {', '.join(map(repr, unknown))}"
                )
            own = item.get("section")
            if own is not None and not isinstance(own, str):
                raise ToolInputError(f"The section of '{item['path']}' must be a string")
            check_section(own, instead, of=item["path"])
            requests.append((item["path"], section if own is None else own))
        else:
            raise ToolInputError(  # quoted as the client sent it: a Python repr reads `True`, `'a'`
                f"Each requested path must be a string or {{path, section?}}, not {shown(item)}"
            )
    if not requests:
        raise ToolInputError("The list of paths is empty; pass at least one document path")
    if len(requests) > MAX_REQUESTS:
        raise ToolInputError(
            f"The list holds {len(requests)} paths; bank_read takes at most {MAX_REQUESTS} at a time "
            "(its answer holds at most 40,000 bytes anyway)"
        )
    return requests


def _heading(title: str) -> str:
    return shortened(title, HEADING_CHARS)


def _asked(bank: Bank, path: str) -> str:
    """A batch entry's path: a document's whole, anything else cut as a header value is. Each
    failed or skipped entry repeats it: 100 paths of 100 KB that named nothing answered 20 MB."""
    return path if path in bank.docs else shortened(path, HEADER_CHARS)


def _skipped(bank: Bank, given: str, room: int) -> dict[str, Any]:
    """A skipped entry, listing its headings while the batch's `room` for listings lasts: at most
    `LISTED_SECTIONS` of them, each cut to `HEADING_CHARS`; `moreSections` counts the rest."""
    path = normalize(bank.root, given, bank.docs.keys()) if given.strip() else given
    doc = bank.docs.get(path)
    if doc is None:
        return {"path": _asked(bank, path), "title": "", "bytes": 0, "availableSections": []}
    listed: list[str] = []
    for section in doc.sections[:LISTED_SECTIONS]:
        shown = _heading(section.title)
        room -= json_bytes(shown)  # as the answer writes it: a `"` or `\\` takes two bytes there
        if room < 0:
            break
        listed.append(shown)
    entry = {"path": path, "title": _heading(doc.title), "bytes": doc.size, "availableSections": listed}
    if len(doc.sections) > len(listed):
        entry["moreSections"] = len(doc.sections) - len(listed)
    return entry


_NOTE_BYTES = 200  # room kept for the note a cut document gets


def _cut_for_json(text: str, room: int) -> tuple[str, bool]:
    """`text` cut so that, written in the JSON answer, it takes at most `room` bytes, and whether it
    was cut: a quote, a backslash, a line break or a control character takes two to six bytes
    there (a body of `"\\` answered 1,500 bytes on a `maxBytes` of 1,000)."""
    if json_bytes(text) - 3 <= room:  # the quotes and the newline json_bytes counts
        return text, False
    used = 0
    for at, character in enumerate(text):  # stops within `room` characters, whatever the text's size
        used += _json_cost(character)
        if used > room:
            return text[:at], True
    return text, False


_TWO_BYTE_ESCAPES = frozenset('"\\\n\r\t\b\f')


def _json_cost(character: str) -> int:
    """The bytes one character takes in the compact JSON `json_bytes` measures: `\\"` and the
    named escapes two, another control character six (`\\u0001`), anything else its UTF-8."""
    if character in _TWO_BYTE_ESCAPES:
        return 2
    code = ord(character)
    if code < 0x20:
        return 6
    return 1 if code < 0x80 else 2 if code < 0x800 else 3 if code < 0x10000 else 4


def _clipped_for_json(text: str, room: int) -> str:
    """`text` cut so that, written in the JSON answer, it takes at most `room` bytes, ending in `…`
    when cut: a refusal quoting headings of `"` took twice its length there."""
    if json_bytes(text) - 3 <= room:
        return text
    kept, _ = _cut_for_json(text, room - len("…".encode()))
    return kept + "…"


def _fit_frame(answer: dict[str, Any], left: int) -> int:
    """The bytes `answer`'s text may take once its header and headings are counted against `left`.

    What a list's budget counts is the whole entry, not its text alone: a page of a 10 KB header
    took 10 KB past the budget, ten of them 100 KB. A header or headings that would leave the text
    no room are shortened first: the headings to `LISTED_SECTIONS` of `HEADING_CHARS`, then the
    header left out with a note (reading the page alone gives both).
    """
    frame = json_bytes({**answer, "content": ""}) + _NOTE_BYTES
    if frame + MIN_MAX_BYTES <= left:
        return left - frame
    sections = answer["availableSections"]
    if len(sections) > LISTED_SECTIONS or any(len(title) > HEADING_CHARS for title in sections):
        answer["availableSections"] = [_heading(title) for title in sections[:LISTED_SECTIONS]]
        if len(sections) > LISTED_SECTIONS:
            answer["moreSections"] = len(sections) - LISTED_SECTIONS
        frame = json_bytes({**answer, "content": ""}) + _NOTE_BYTES
    if frame + MIN_MAX_BYTES > left:  # a title or a section name of a whole long line
        answer["title"] = _heading(answer["title"])
        if "section" in answer:
            answer["section"] = _heading(answer["section"])
        frame = json_bytes({**answer, "content": ""}) + _NOTE_BYTES
    if frame + MIN_MAX_BYTES > left and answer["frontmatter"]:
        size = json_bytes(answer["frontmatter"])
        answer["frontmatter"] = {}
        answer["frontmatterLeftOut"] = (
            f"the header ({size} bytes) did not fit the answer's {left}-byte budget"
        )
        frame = json_bytes({**answer, "content": ""}) + _NOTE_BYTES
    listed = answer["availableSections"]
    while listed and frame + MIN_MAX_BYTES // 2 > left:  # the headings last, from the end
        frame -= len(listed.pop().encode("utf-8")) + 3
        answer["moreSections"] = answer.get("moreSections", 0) + 1
    return left - frame


def read_batch(
    bank: Bank, path: list[Any], section: str | None = None, max_bytes: int | None = None
) -> dict[str, Any]:
    """The batch answer of §4.4: documents in request order until the byte budget is spent.

    Chosen over the reference: its first document and its sections could take the answer past the
    budget (a 300 KB page listed first was returned whole); here every document read is cut at
    what the budget has left, header and headings counted, so the documents of a list's answer hold
    no more than `budget` bytes.
    """
    budget = min(max_bytes or BUDGET_BYTES, BUDGET_BYTES)
    documents: list[dict[str, Any]] = []
    failed: list[dict[str, Any]] = []
    skipped: list[dict[str, Any]] = []
    spent, room = 0, LISTING_BYTES
    pages = _Pages()
    requests = [
        (given, wanted, normalize(bank.root, given, bank.docs.keys()) if given.strip() else given)
        for given, wanted in _requests(path, section)
    ]
    asked_again = Counter(key for _, _, key in requests)
    done = None  # the page whose last request the previous turn answered: let go of it now
    for given, wanted, key in requests:
        if done is not None:
            pages.forget(done)
        asked_again[key] -= 1
        done = None if asked_again[key] else key
        doc = bank.docs.get(key)
        overshoots = wanted is None and doc is not None and spent + doc.size > budget
        if documents and (budget - spent < MIN_MAX_BYTES or overshoots):
            skipped.append(_skipped(bank, given, room))
            room -= sum(json_bytes(title) for title in skipped[-1]["availableSections"])
            continue
        left = budget - spent  # a first large page, or a section, is cut here: the answer keeps its budget
        try:
            answer = read_one(bank, given, wanted, left, pages)
        except ToolInputError as exc:  # said as a single read's refusal: a 1 MB section, 100 times
            error = refusal(str(exc))
            if json_bytes(error) > room:  # its headings, past the room all listings share
                error = _clipped_for_json(error, FAILURE_BYTES)
            room -= json_bytes(error)
            failed.append({"path": _asked(bank, key), "error": error})
            continue
        if answer["truncated"] and documents and answer["bytes"] < MIN_MAX_BYTES:  # too little left
            skipped.append(_skipped(bank, given, room))
            room -= sum(json_bytes(title) for title in skipped[-1]["availableSections"])
            continue
        if answer["truncated"]:
            answer["note"] = (
                f"Cut at {answer['bytes']} bytes, what the list's {budget}-byte budget had left "
                "beside its header and headings; read the rest one section at a time."
            )
        documents.append(answer)
        spent += json_bytes(answer)
    result: dict[str, Any] = {
        "documents": documents,
        "failed": failed,
        "skipped": skipped,
        "bytes": spent,
        "budgetBytes": budget,
    }
    if max_bytes is not None and max_bytes > BUDGET_BYTES:
        result["note"] = (
            f"maxBytes is capped at {BUDGET_BYTES}: a larger answer would reach you as a file path "
            "instead of text. Read the skipped documents one section at a time."
        )
    return result


def read(
    bank: Bank, path: str | list[Any], section: str | None = None, max_bytes: int | None = None
) -> dict[str, Any]:
    """`bank_read`: a string path gives the single shape, a list (even of one) the batch shape."""
    if max_bytes is not None and (
        isinstance(max_bytes, bool) or not isinstance(max_bytes, int) or max_bytes < MIN_MAX_BYTES
    ):
        raise ToolInputError(f"maxBytes must be an integer of at least {MIN_MAX_BYTES}, not {max_bytes!r}")
    if section is not None and not isinstance(section, str):
        raise ToolInputError(f"section must be a string, not {section!r}")
    check_section(section, "read whole documents" if isinstance(path, list) else "read the whole document")
    if isinstance(path, list):
        return read_batch(bank, path, section, max_bytes)
    if isinstance(path, str):
        return read_one(bank, path, section, max_bytes)
    raise ToolInputError(f"path must be a string or a list of paths, not {path!r}")
