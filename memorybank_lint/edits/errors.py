"""The one exception an edit of the bank raises when it cannot be done as asked.

Why one type for the linter's fixes and the server's writes alike: both go through the same
gates (path, lock, journal, precondition), and each refusal is one sentence that names the
problem. The server calls it `Refused` and turns it into a tool error or exit code 1;
the linter turns it into a line that names the file it left alone.
"""


class Refused(Exception):
    """A refusal or an unanswerable request; the message names the problem in one sentence."""


class BadValue(Refused):
    """A path or value no bank could take (outside the bank, not markdown, two lines where one
    is needed), as against a well-formed request this bank refuses (a file already there, a
    finding the write would add). Why apart: the command line exits 2 for it, as for any mistake
    in what was asked, and 1 only for a refused write; to an MCP client both are a tool error."""
