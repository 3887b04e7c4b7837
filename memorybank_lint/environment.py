"""Numbers the user sets in the environment, read so that a bad one can never break a run.

Why forgiving: these variables tune how the tools behave (a grace, a limit, a cooldown); they never
change what is correct. A typo in one must not turn every command, or a hook that promises never
to print a traceback, into a crash, so an unreadable or negative value means the default.
"""

from __future__ import annotations

from collections.abc import Mapping


def number(env: Mapping[str, str], name: str, default: float) -> float:
    """A non-negative number from the environment; the default when unset or unreadable."""
    try:
        value = float(env.get(name, ""))
    except ValueError:
        return default
    return value if value >= 0 else default
