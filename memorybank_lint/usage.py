"""The one-line reason `memorybank-lint` (and `mcp-memorybank`) exit with code 2, and how every
such line is written."""

import click

from .bank import printable


class UsageProblem(Exception):
    """A one-line reason to exit with code 2."""


def say(program: str, message: str) -> None:
    """`program: message` on stderr as one line, whatever the message quotes.

    Why: a refusal quotes what it was given (a path, a configured root, a staged file name), and
    a line break in it would write a line of its own, which a CI runner reads as a workflow
    command (`::error …`); `printable` escapes it, and bytes that are not UTF-8 too.
    """
    click.echo(f"{program}: {printable(message)}", err=True)
