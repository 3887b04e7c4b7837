"""The exceptions the operations raise when a request cannot be answered as asked.

Why they are the core's `Refused` and `BadValue`: the governed writes run on the core's edit
machinery (`memorybank_lint.edits`), whose gates refuse with those types, so a refusal reads and
is caught the same whether the path, the lock or the tool itself refused. The MCP adapter turns
either into a tool error; the command line exits 2 for a `BadValue` (a path or value no bank
could take, a mistake in what was asked) and 1 for any other refusal (a write this bank refused).

`refusal` (the one-line form an agent reads) lives here rather than beside the MCP adapter because
the command line prints the same lines, and the base install has no MCP SDK to import.
"""

from memorybank_lint.bank import visible
from memorybank_lint.edits.errors import BadValue
from memorybank_lint.edits.errors import Refused as ToolInputError
from memorybank_lint.quoting import shortened

__all__ = ["REFUSAL_CHARS", "BadValue", "ToolInputError", "refusal"]

REFUSAL_CHARS = 2_000


def refusal(message: str) -> str:
    """A refusal as an agent reads it: one line (a line break, an escape sequence or a bidi
    override it quotes from the request is escaped) of at most `REFUSAL_CHARS` characters, as a
    1 MB path must not come back as a 1 MB refusal."""
    shown = visible(message)
    return shortened(shown, REFUSAL_CHARS)
