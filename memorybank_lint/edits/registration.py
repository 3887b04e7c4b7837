"""Which index registers a document, and the edited index text that registers it.

Why here and once: `bank_create` and `bank_promote` register the document they write, and
`memorybank-lint --fix --unsafe-fixes` registers a document MB009 found unregistered. Both must
choose the same index and write an entry of the same shape, so both call `find_index` and
`registered`.

Why the nearest index: a feature package with its own `README.md` lists its brief there, and a
section registry lists the documents of its section. The names that make a file an index are the
bank's (`index-files` in the configuration, `README.md` by default); an `index.md` also counts when
it declares `doc_function: index`.
"""

from __future__ import annotations

import posixpath

from ..bank import Bank
from ..paths import link_destination
from .entries import add_entries, add_entry, add_section
from .errors import Refused


def is_index(bank: Bank, path: str) -> bool:
    """Whether `path` is an index document an entry can be added to (a readable, non-template one)."""
    doc = bank.docs.get(path)
    return doc is not None and not doc.read_error and doc.is_index


def index_names(bank: Bank) -> tuple[str, ...]:
    """The file names looked for in each folder, in order: the bank's index names, then `index.md`."""
    return tuple(dict.fromkeys((*bank.index_files, "index.md")))


def find_index(bank: Bank, target: str, planned: frozenset[str] = frozenset()) -> str | None:
    """The nearest index document above `target` (or one `planned` to be created with it).

    Refused when the nearest one is there but cannot be read (or its folder cannot be listed):
    passing over it would register the document in an index further up, where a reader of the
    folder never looks.
    """
    names = index_names(bank)
    unread = dict(bank.unread)
    directory = posixpath.dirname(target)
    while True:
        if directory in unread:
            raise Refused(
                f"'{directory}/' cannot be read ({unread[directory]}); its index cannot register '{target}'"
            )
        for name in names:
            candidate = f"{directory}/{name}" if directory else name
            if candidate != target and (candidate in planned or is_index(bank, candidate)):
                return candidate
            doc = bank.docs.get(candidate)
            if candidate != target and doc is not None and doc.read_error and name in bank.index_files:
                raise Refused(
                    f"'{candidate}' would register '{target}' but cannot be read ({doc.read_error})"
                )
        if not directory:
            return None
        directory = posixpath.dirname(directory)


def registered(
    text: str,
    index: str,
    target: str,
    title: str,
    purpose: str,
    *,
    names: tuple[str, ...] = ("README.md", "index.md"),
    status: str | None = None,
) -> str:
    """The LF text of `index` with an entry for `target` added in the index's own shape, its link
    written so that it leads to `target` (`c#-style.md` as `c%23-style.md`, `paths.link_destination`).

    A section's own index (`adr/README.md`) registered in the root index goes into its list of
    sections; every other document gets an entry in the shape of the index's last one.
    """
    directory = posixpath.dirname(index)
    link = link_destination(posixpath.relpath(target, directory or "."))
    top, _, rest = target.partition("/")
    if not directory and rest in names:
        return add_section(text, link_destination(top), purpose, title)
    return add_entry(text, link, title, purpose, root=not directory, status=status)


def registered_all(
    text: str,
    index: str,
    documents: list[tuple[str, str, str, str | None]],
    *,
    names: tuple[str, ...] = ("README.md", "index.md"),
) -> str:
    """`registered` for each of `documents` (path, title, purpose, status) in turn, with the index
    read once (`entries.add_entries`) when every one of them is an entry; a section's own index
    among them (it goes into the root's section list) makes it one at a time."""
    directory = posixpath.dirname(index)
    if not directory and any(path.partition("/")[2] in names for path, *_rest in documents):
        for path, title, purpose, status in documents:
            text = registered(text, index, path, title, purpose, names=names, status=status)
        return text
    items = [
        (link_destination(posixpath.relpath(path, directory or ".")), title, purpose, status)
        for path, title, purpose, status in documents
    ]
    return add_entries(text, items, root=not directory)
