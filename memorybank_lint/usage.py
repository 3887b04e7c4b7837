"""The one-line reason `memorybank-lint` (and `mcp-memorybank`) exit with code 2."""


class UsageProblem(Exception):
    """A one-line reason to exit with code 2."""
