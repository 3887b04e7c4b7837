"""Fixes: what `memorybank-lint --fix` changes, decided here, written by the edit machinery.

Why the core decides: a fix is knowledge about a finding (which text is wrong, what it should
be), so it lives beside the rules; `edits` then writes it the way every governed write is written
(the path gate, the bank's lock, atomic replace, line endings and BOM kept).

A fix is *safe* when it changes only the document the finding is about and cannot change what
the bank means: quoting a header value so YAML reads back exactly what was written, every other
value read as it was read line by line before (MB002), and rewriting a `derived_from` target
written from the repository root relative to its document (MB001). It is *unsafe* when it edits
another document, picks a target or changes what a value was read as (`--unsafe-fixes`):
registering a document in its nearest index (MB009), pointing a broken `derived_from` or index
entry at the one document of that name (MB001, MB007), and a quoting after which a value spanning
lines reads otherwise than the line-by-line reading had it (MB002).
"""

from .model import Fix
from .plan import fix_for, fixability, plan

__all__ = ["Fix", "fix_for", "fixability", "plan"]
