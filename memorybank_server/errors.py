"""The one exception the operations raise when a request cannot be answered as asked.

Why it is the core's `Refused`: the governed writes run on the core's edit machinery
(`memorybank_lint.edits`), whose gates refuse with that type, so a refusal reads and is caught
the same whether the path, the lock or the tool itself refused. The MCP adapter turns it into a
tool error and the command line into exit code 1.
"""

from memorybank_lint.edits.errors import Refused as ToolInputError

__all__ = ["ToolInputError"]
