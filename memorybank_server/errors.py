"""The exceptions the operations raise when a request cannot be answered as asked.

Why they are the core's `Refused` and `BadValue`: the governed writes run on the core's edit
machinery (`memorybank_lint.edits`), whose gates refuse with those types, so a refusal reads and
is caught the same whether the path, the lock or the tool itself refused. The MCP adapter turns
either into a tool error; the command line exits 2 for a `BadValue` (a path or value no bank
could take, a mistake in what was asked) and 1 for any other refusal (a write this bank refused).
"""

from memorybank_lint.edits.errors import BadValue
from memorybank_lint.edits.errors import Refused as ToolInputError

__all__ = ["BadValue", "ToolInputError"]
