"""The one-line reason `memorybank-lint` (and `mcp-memorybank`) exit with code 2, and how every
such line is written."""

import os
import sys

import click

from .bank import inert, visible
from .quoting import one_line_reason


class UsageProblem(Exception):
    """A one-line reason to exit with code 2."""


COMMANDS = ("memorybank-lint", "mcp-memorybank", "mcp-memorybank-hook")


def program() -> str:
    """The command the user ran, for a line the core prints on its behalf (a cache it cannot use, a
    folder it cannot list): `memorybank` where it runs inside another program."""
    name = os.path.basename(sys.argv[0]) if sys.argv else ""
    return name if name in COMMANDS else "memorybank"


def say(program: str, message: str) -> None:
    """`program: message` on stderr as one line, whatever the message quotes.

    Why: a refusal quotes what it was given (a path, a configured root, a staged file name), and
    a line break in it would write a line of its own, which a CI runner reads as a workflow
    command (`::error …`); `visible` escapes it, and bytes that are not UTF-8 too. A `##[` inside
    the line would be one as well (`inert`). A 100 KB value is not quoted whole
    (`one_line_reason`).
    """
    click.echo(inert(one_line_reason(f"{program}: {visible(message)}")), err=True)


class OnceEach(click.Command):
    """A command whose options may each be given once (those declared `multiple` aside).

    Why: click keeps the last of two values, so `--select MB001 --select MB004` ran MB004 alone
    and `--root a --root b` linted b, without a word. A repeat is a usage error naming it.
    """

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        values, _rest, order = self.make_parser(ctx).parse_args(args=list(args))
        seen: set[str] = set()
        for param in order:
            if isinstance(param, click.Option) and not param.multiple and not param.count:
                if param.name in seen:
                    raise click.UsageError(f"{param.opts[0]} is given more than once; give it once")
                seen.add(param.name or "")
        self._refuse_an_option_taken_for_a_value(ctx, values)
        return super().parse_args(ctx, args)

    def _refuse_an_option_taken_for_a_value(self, ctx: click.Context, values: dict[str, object]) -> None:
        """Why: click gives an option that needs a value the next word, whatever it is, so
        `--init --dry-run` seeded a bank named "--dry-run" for real, and `--write-baseline
        --strict` wrote a file named `--strict`. A value that is one of the command's own options
        (`--select=MB001` included) is a slip, never a value."""
        names = {name for param in self.get_params(ctx) for name in (*param.opts, *param.secondary_opts)}
        for param in self.get_params(ctx):
            if not isinstance(param, click.Option) or param.is_flag or param.count:
                continue
            given = values.get(param.name or "")
            for value in given if isinstance(given, list | tuple) else (given,):
                if isinstance(value, str) and value.split("=", 1)[0] in names:  # `--select=MB001` too
                    flag = param.opts[0]
                    raise click.UsageError(
                        f"{flag} takes a value, and {value} is an option; give {flag} its value"
                    )
