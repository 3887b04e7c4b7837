"""The one exception the operations raise when a request cannot be answered as asked.

Why one type: the MCP adapter turns it into a tool error and the command line into exit code 1,
so every module can refuse with a sentence that names the problem without knowing who asked.
"""


class ToolInputError(Exception):
    """A refusal or an unanswerable request; the message names the problem in one sentence."""
