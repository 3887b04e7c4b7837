"""Bank paths: resolving a target written inside a document, and normalising a path an agent passes.

Why here: `derived_from` edges, index links and rule references all resolve the same way, and a
path that means one thing to the linter must mean the same thing to the server.
"""

from __future__ import annotations

import os
import posixpath
import re
import unicodedata
from collections.abc import Collection, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from urllib.parse import quote, unquote


def real_path(path: str | os.PathLike[str]) -> Path:
    """The absolute path with its links resolved, like `Path.resolve()`, but a link loop stays as
    written instead of raising `RuntimeError` (Python 3.11): the first open of it then fails
    with an `OSError` (ELOOP), which every caller already reports."""
    return Path(os.path.realpath(path))


_URL = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:(?://|[^/\s]*@)")


@dataclass(frozen=True, slots=True)
class Target:
    """Where a written target points.

    `resolved` is the bank path (None for empty or external targets); `external` is set when the
    target leaves the bank (a sibling bank in a monorepo) or is a URL; `from_repo_root` is the
    bank path a target written from the repository root (`memory-bank/prd/PRD.md`) would have.
    `whole` is the same value read with its `#` as part of the file name (`c#-style.md`), for a
    plain path (`resolve`) that holds one; a link (`link_target`) spells such a `#` as `%23`.
    """

    raw: str
    resolved: str | None
    external: bool = False
    url: bool = False
    from_repo_root: str | None = None
    whole: Target | None = None

    def landing(self, docs: Collection[str]) -> str | None:
        """The one of `docs` this target leads to: as written (a fragment cut), else the whole value
        as a file name, then each written from the repository root; None when none is a document.

        Why the fragment first: `x.md#usage` is the section of `x.md`, whatever else exists; only
        when that names no document is the `#` read as part of the name, which a YAML path (no
        URL) may hold.
        """
        whole = self.whole or self
        for path in (self.resolved, whole.resolved, self.from_repo_root, whole.from_repo_root):
            if path is not None and path in docs:
                return path
        return None

    def as_written(self) -> tuple[str, ...]:
        """The bank paths the target names as written (not from the repository root), in the order
        `landing` tries them."""
        paths = (self.resolved,) if self.whole is None else (self.resolved, self.whole.resolved)
        return tuple(path for path in paths if path is not None)


def doc_dir(path: str) -> str:
    return posixpath.dirname(path)


def folders_above(path: str) -> Iterator[str]:
    """The folders holding `path`, nearest first, up to its top folder (`a/b/c.md`: `a/b`, `a`).

    Why one walk: the linter's folder links and drift's anchored folders both collect every
    folder above every path, each stopping early at a folder already known.
    """
    folder = posixpath.dirname(path)
    while folder:
        yield folder
        folder = posixpath.dirname(folder)


def resolve(doc_path: str, raw: str, bank_name: str = "") -> Target:
    """Resolve `raw`, a plain path written in the document `doc_path` (a `derived_from` value), to
    the path before its first `#` (POSIX-normalised), and, when it holds a `#`, to the whole value
    as well (`whole`): which one names the document is the bank's to say (`Target.landing`)."""
    path, mark, _fragment = raw.partition("#")
    target = _resolved(doc_path, raw, path, bank_name)
    if not mark or target.url or target.resolved is None:  # `#part` alone names no file, as before
        return target
    return replace(target, whole=_resolved(doc_path, raw, raw, bank_name))


def _resolved(doc_path: str, raw: str, path: str, bank_name: str) -> Target:
    """The `Target` of `raw` whose file part is `path` (its fragment already cut, escapes read)."""
    target = path.strip()
    if not target:
        return Target(raw, None)
    if _URL.match(target):
        return Target(raw, None, external=True, url=True)
    joined = _joined(doc_path, target)
    if _climbs(joined):
        return Target(raw, None, external=True)
    alternative = None
    plain = target[2:] if target.startswith("./") else target
    if bank_name and plain.startswith(bank_name + "/"):
        alternative = posixpath.normpath(plain[len(bank_name) + 1 :])
        if alternative.startswith(".."):
            alternative = None
    return Target(raw, joined, from_repo_root=alternative)


def _joined(doc_path: str, target: str) -> str:
    """`target` (a path, its fragment cut and its ends stripped) joined to the folder of
    `doc_path` and normalised: a bank path, or one starting `../` where it leaves the bank."""
    base = doc_dir(doc_path)
    return posixpath.normpath(f"{base}/{target}" if base else target.lstrip("/") or ".")


def _climbs(joined: str) -> bool:
    return joined == ".." or joined.startswith("../")


def outside(doc_path: str, raw: str, *, link: bool = False) -> str | None:
    """Where `raw`, written in `doc_path`, leads when it leaves the bank: its path from the bank
    root (`../src/app.py`), read as `link_target` reads a `link` and `resolve` a plain path, the
    fragment cut; None for a target inside the bank, an empty one or a URL.

    Why: the `Target` of such a path keeps no bank path (`resolved` is None), yet a write that
    moves the document holding it (`bank_promote`) must rebase it too, or from the new folder it
    names another file.
    """
    target = (_link_path(raw) if link else raw.partition("#")[0]).strip()
    if not target or _URL.match(target):
        return None
    joined = _joined(doc_path, target)
    return joined if _climbs(joined) else None


def _link_path(raw: str) -> str:
    """The file part of a link destination as a renderer reads it (`link_target`)."""
    path = _unbackslashed(raw).partition("#")[0]
    decoded = _decoded(path)
    spelled = path if decoded is None else decoded
    if spelled[:1].isspace():
        spelled = "./" + spelled  # `_resolved` strips the ends of a target, not what follows `./`
    return spelled


def link_target(doc_path: str, raw: str, bank_name: str = "") -> Target:
    """Resolve a markdown link's destination as a renderer follows it: its percent escapes
    decoded, `raw` kept as written (for messages, and for rewriting the link in place).

    Why: `my%20doc.md` is the file `my doc.md` (a name with a space has no other inline form a
    renderer follows, and GitHub writes it so), and a Cyrillic name pasted from a browser's
    address bar comes escaped; read as written, both dangled and left their document unregistered.
    The fragment is cut before the escapes are read, so `%23` is a `#` of the file name, as GitHub
    reads it: `c%23-style.md#usage` is the section `usage` of `c#-style.md`.
    Escapes that do not spell UTF-8, or that spell a NUL, leave the destination as written.
    A leading space (`%20notes.md`, `< notes.md>`) is part of the name, as `normalize` keeps it:
    stripped, the link would lead to `notes.md`, another file. Backslash escapes and character
    references are read first, as CommonMark reads them (`my\\_doc.md` is `my_doc.md`; `a\\b.md`
    keeps its backslash; `Q&amp;A.md` is `Q&A.md`).
    """
    return _resolved(doc_path, raw, _link_path(raw), bank_name)


_BACKSLASHED = re.compile(r"\\([!-/:-@\[-`{-~])")  # CommonMark: a backslash before ASCII punctuation


_AFTER_BACKSLASH = re.compile(r"(?<=\\).", re.DOTALL)


def _unbackslashed(text: str) -> str:
    """`text` with CommonMark's backslash escapes and character references read, in one pass as
    a renderer reads a destination: `a&amp;b.md` is `a&b.md`, `\\&amp;` stays `&amp;`.

    Why the references: a renderer links `[Q&amp;A](Q&amp;A.md)` to `Q&A.md`; read as written, the
    entry dangled (MB007) and left the page it leads to unregistered (MB009).
    """
    if "&" in text:
        from markdown_it.common.utils import unescapeAll  # only a destination with a `&` needs it

        return unescapeAll(text)
    return _BACKSLASHED.sub(r"\1", text) if "\\" in text else text


def _decoded(path: str) -> str | None:
    """A link path (its fragment already cut) with its percent escapes decoded, or None where there
    are none to read so: escapes that do not spell UTF-8, or that spell a NUL, which no file name
    holds. A `%23` is a `#` of the name: the path is never split at a fragment again."""
    if "%" not in path:
        return None
    try:
        decoded = unquote(path, errors="strict")
    except UnicodeDecodeError:
        return None
    return None if "\0" in decoded else decoded


def unescaped(path: str) -> str:
    """`path` as a link destination reads it: its backslash escapes read, and its percent escapes
    decoded where `link_target` decodes them."""
    path = _unbackslashed(path)
    decoded = _decoded(path)
    return path if decoded is None else decoded


_ESCAPES = re.compile(r"(?:%[0-9A-Fa-f]{2})+")


def spelled_like(path: str, like: str, pointed: bool = False) -> str:
    """`path`, a destination as `link_target` reads it (escapes decoded), spelled as the link
    `like` was: each character `like` wrote as a percent escape escaped again, and a `%` too.

    Why: a link moved to a new place keeps the note's own spelling: `../my%20doc.md` becomes
    `../../my%20doc.md`, not `../../my doc.md`, which a plain link cannot carry. A `like` whose
    escapes `link_target` leaves as written (or that has none) gives `path` back unchanged, unless
    `path` holds escapes of its own (the note's folder `_inbox/q%41/`, which `like` never wrote):
    read as escapes, they would lead elsewhere, so their `%` is escaped. A character that would end
    the destination (a space, or a parenthesis the others leave unbalanced, in a plain one; a
    `<`/`>` in a `pointed` one, `<…>`) or its path (a `#`) is escaped too, whatever `like` wrote:
    `_inbox/a b/` as `_inbox/a%20b/`; `guide_(v2).md` stays as it is.
    """
    written = like.split("#", 1)[0]
    unfit = {character for character in path if _ends_destination(character, pointed)}
    if not pointed and _balanced(path):
        unfit -= {"(", ")"}  # `guide_(v2).md` reads as one destination, as it was written
    if _BACKSLASHED.search(path):
        unfit.add("\\")  # `a\_b/` written as it is would be read as `a_b/`
    if _decoded(written) is None:
        if not unfit:
            return path if spelled_as_is(path) else path.replace("%", "%25")
        escaped = unfit | {"%"}  # escapes the link never wrote, so a `%` of the path stays literal
    else:
        escaped = {character for run in _ESCAPES.findall(written) for character in unquote(run)}
        escaped = (escaped | unfit | {"%"}) - {"/"}
    if any(after in escaped for after in _AFTER_BACKSLASH.findall(path)):
        escaped.add("\\")  # `\` before a character written `%E2…` would be read as an escaped `%`
    return "".join(quote(character, safe="") if character in escaped else character for character in path)


def _balanced(path: str, deepest: int = 32) -> bool:
    """Whether every `)` of `path` closes a `(` before it and every `(` is closed, at most
    `deepest` open at once: what a plain destination may hold as it is (CommonMark; cmark and
    markdown-it-py stop at 32 levels)."""
    depth = 0
    for character in path:
        if character == "(":
            depth += 1
            if depth > deepest:
                return False
        elif character == ")":
            depth -= 1
            if depth < 0:
                return False
    return depth == 0


def link_destination(path: str) -> str:
    """`path` (relative to the document that links it) as a plain link's destination leading to it:
    as it is, unless a character of it would end the destination or its path (`c#-style.md` is
    written `c%23-style.md`, as GitHub writes it), or it spells an escape (`a%41.md`).

    Why: an entry that registers a document must lead to it; `[C#](c#-style.md)` leads to `c`.
    """
    return spelled_like(path, "")


def _ends_destination(character: str, pointed: bool) -> bool:
    """Whether `character`, written as it is, would end a link destination or its path (a `#`
    starts the fragment), or break its line."""
    if character in "<>#" or not character.isprintable():  # line breaks, tabs, controls
        return True
    return not pointed and (character.isspace() or character in "()")


def spelled_as_is(path: str) -> bool:
    """Whether a link written with `path`, or with any tail of it, as its destination leads to that
    path itself, not to the name its percent escapes spell (`a%41.md` leads to `aA.md`).

    Why each name on its own: an index links the documents below it by the tail of their path, and
    a link is decoded whole or not at all; `d%FF/a%41.md` read whole keeps its escapes (`%FF` is no
    UTF-8), but its folder's index links `a%41.md`, which leads to `aA.md`.
    """
    return "%" not in path or all(_decoded(name) in (None, name) for name in path.split("/"))


_UNCARRIED = re.compile(r"[\s()\[\]<>?|`\\]")  # a `#` is written `%23` in an entry's link
# CommonMark reads a character reference in a destination (`&amp;` is `&`, `&sol;` and `&#47;` are
# `/`); any `&name;` is refused, so no list of entity names has to be kept up to date
_REFERENCE = re.compile(r"&(?:#[0-9]+|#[xX][0-9A-Fa-f]+|[A-Za-z][A-Za-z0-9]*);")
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:")  # a URL's scheme, as a browser reads one


def unlinkable(path: str) -> str | None:
    """Why a plain link written with `path`, or with any tail of it, would not lead to that path,
    said after the path (`'a b.md' contains a space, …`); None when every such link leads to it.

    Why: an index registers a document with a plain link to it, by the tail of its path below the
    index's folder, and a renderer must follow it to the document, as the linter reads it. A
    space, bracket, `?`, `|`, backtick or backslash ends or changes the destination; a `%` and two
    hex digits read as an escape (`spelled_as_is`); a character reference as the character it
    names (`a&amp;b.md` leads to `a&b.md`, `x&sol;..&sol;README.md` out of the folder); and a
    name that starts like `mailto:` or `http:` as a URL of that scheme. `bank_create` refuses
    such a name and MB009's fix writes no entry for one, so the writer and the linter agree.
    """
    if _UNCARRIED.search(path):
        return "contains a space, bracket, '?', '|', backslash or backtick, which an index link cannot carry"
    if not spelled_as_is(path):
        return "holds a '%' and two hex digits, which an index link reads as an escape for another character"
    if found := _REFERENCE.search(path):
        return (
            f"holds '{found[0]}', which an index link reads as an HTML character reference, the "
            "character it names"
        )
    if scheme := next((found[0] for name in path.split("/") if (found := _SCHEME.match(name))), None):
        return (
            f"has a name that starts '{scheme}', and an index link reads what comes before the ':' "
            "as a URL's scheme"
        )
    return None


def normalize(root: Path, given: str, known: Collection[str]) -> str:
    """Turn a path an agent passes into a bank path, or return it unchanged so the lookup fails.

    Absolute paths inside the bank become bank-relative; a leading `<bank folder name>/` is
    dropped when the path as given is not a document and the bank has no entry of that name; a
    backslash is read as a folder separator, a run of separators as one, and a `.` name as none
    (`./a/./b.md` is `a/b.md`), as the system reads them. `..` is never collapsed: a path that
    climbs is simply not found.

    The path as given is tried before the path with its surrounding whitespace removed, and a
    backslash is kept before it is read as a separator. Why: a path a tool returned must name its
    document when passed back, and a file or folder name may begin with a space (` notes.md`, or
    U+00A0, U+3000) or hold a backslash (the bank keys `a\\b.md` as `a\\\\b.md`); stripped or
    re-separated first, such a path could never be named at all. Only a path in `known` is taken
    in preference, so the extra tries never reach past the bank's own documents.
    """
    tried = ""
    for text in dict.fromkeys((given, given.strip())):
        for separators in (False, True) if "\\" in text else (False,):
            tried = _bank_path(root, text, known, separators=separators)
            if tried in known:
                return tried
    return tried


def _bank_path(root: Path, text: str, known: Collection[str], *, separators: bool) -> str:
    """`text` as a bank path, its backslashes read as folder separators when `separators` is set."""
    if text.startswith("/") or (len(text) > 2 and text[1] == ":" and text[2] in "/\\"):
        try:
            relative = real_path(text).relative_to(real_path(root))
        except ValueError:
            return text
        posix = relative.as_posix()
        return text if posix in ("", ".") else posix
    if separators:
        text = text.replace("\\", "/")
    if "//" in text:  # the system reads `a//b.md` as `a/b.md`; no bank path holds an empty name
        text = _SLASHES.sub("/", text)
    if "./" in text:  # and `a/./b.md` as `a/b.md` (a link `./b.md` joined to its folder `a/`)
        *names, last = text.split("/")  # a last `.` stays: `memory-bank/.` is the bank
        text = "/".join([*(name for name in names if name != "."), last])
    prefix = root.name + "/"
    if text.startswith(prefix) and text not in known and not (root / root.name).exists():
        text = text[len(prefix) :]
    return text if text in known else _same_text(text, known)


_SLASHES = re.compile(r"/{2,}")


def _same_text(text: str, known: Collection[str]) -> str:
    """The known path `text` names when typed in another Unicode normalisation (NFC vs NFD)."""
    composed = unicodedata.normalize("NFC", text)
    if composed == text and text.isascii():
        return text
    return next((path for path in known if unicodedata.normalize("NFC", path) == composed), text)
