"""What every write starts from: the document it changes, the file it reads content from.

Why here: the refusals ("Not a document of this bank", "is a template", a content file outside
the project) must read the same whichever tool an agent chose.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from memorybank_lint.bank import Bank
from memorybank_lint.document import Document
from memorybank_lint.paths import normalize

from ..errors import ToolInputError
from .lock import bank_lock

MAX_CONTENT_BYTES = 1_000_000


def existing_document(bank: Bank, given: str, *, allow_template: bool = False) -> Document:
    """The indexed document an agent names, or a refusal that says why it is not one."""
    path = normalize(bank.root, given, bank.docs.keys())
    doc = bank.docs.get(path)
    if doc is None:
        raise ToolInputError(f"Not a document of this bank: {given}")
    if doc.is_template and not allow_template:
        raise ToolInputError(f"{path} is a template (doc_function: template); templates are changed by hand")
    if doc.read_error:
        raise ToolInputError(f"{path} cannot be edited: {doc.read_error}")
    return doc


def project_directory(bank: Bank) -> Path:
    """The directory content files may come from: the project that holds the bank."""
    return bank.root.parent


def content_from(
    inline: str | None, file_arg: str | None, inline_name: str, file_name: str, bank: Bank
) -> str | None:
    """The text passed inline or read from a file inside the project; None when neither is given."""
    if inline is not None and file_arg is not None:
        raise ToolInputError(f"pass either {inline_name} or {file_name}, not both")
    if file_arg is None:
        return inline
    if not file_arg.strip():
        raise ToolInputError(f"{file_name} is empty; pass a path, or use {inline_name}")
    project = project_directory(bank).resolve()
    candidate = Path(file_arg)
    candidate = candidate if candidate.is_absolute() else Path.cwd() / candidate
    real = Path(os.path.realpath(candidate))
    if real != project and project not in real.parents:
        raise ToolInputError(f"{file_name} '{file_arg}' is outside the project directory {project}; refused")
    try:
        data = real.read_bytes()
    except FileNotFoundError as exc:
        raise ToolInputError(
            f"{file_name} '{file_arg}': no such file (paths are relative to {Path.cwd()})"
        ) from exc
    except OSError as exc:
        raise ToolInputError(f"{file_name} '{file_arg}': {exc.strerror}") from exc
    if len(data) > MAX_CONTENT_BYTES:
        raise ToolInputError(
            f"{file_name} '{file_arg}' is {len(data)} bytes, over the {MAX_CONTENT_BYTES}-byte limit"
        )
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ToolInputError(f"{file_name} '{file_arg}' is not UTF-8 text") from exc


@contextmanager
def locked(bank: Bank) -> Iterator[Bank]:
    """Hold the bank's write lock and see the disk as it is now: gates run on fresh state."""
    with bank_lock(bank.root):
        bank.refresh()
        yield bank
