"""Progress on long work, on a terminal only: a count and a rate on one line of stderr.

Why opt-in per process: only the commands know whether anyone is watching. They call `enable()`
when stderr is a terminal and their output is for a person (never with JSON, SARIF or GitHub
output, never under an MCP client), so the library reports through `task()` everywhere and
prints nothing by default. Why the one-second grace: a run that ends sooner needs no reassurance,
and a line that flashes by is noise (`MEMORYBANK_PROGRESS_AFTER` sets another grace, in seconds).
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable, Iterator
from typing import TextIO

from memorybank_lint.environment import number

GRACE_S = 1.0  # seconds before the first line, unless `MEMORYBANK_PROGRESS_AFTER` says otherwise
EVERY_S = 0.1
_stream: TextIO | None = None


def enable(stream: TextIO) -> bool:
    """Report on `stream` from now on, if it is a terminal; return whether it is."""
    global _stream
    try:
        _stream = stream if stream.isatty() else None
    except (AttributeError, ValueError, OSError):
        _stream = None
    return _stream is not None


def grace() -> float:
    """Read when a line starts, never at import: a bad value means the default, not a crash."""
    return number(os.environ, "MEMORYBANK_PROGRESS_AFTER", GRACE_S)


def disable() -> None:
    global _stream
    _stream = None


class _Line:
    def __init__(self, stream: TextIO, label: str, total: int | None) -> None:
        self.stream, self.label, self.total = stream, label, total
        self.started = time.monotonic()
        self.grace = grace()
        self.last = float("-inf")
        self.shown = False

    def __call__(self, done: int) -> None:
        now = time.monotonic()
        if now - self.started < self.grace or now - self.last < EVERY_S:
            return
        self.last = now
        rate = done / (now - self.started)
        count = f"{done:,}/{self.total:,}" if self.total else f"{done:,}"
        self._write(f"\r{self.label}: {count} documents, {rate:,.0f}/s\x1b[K")
        self.shown = True

    def close(self) -> None:
        if self.shown:
            self._write("\r\x1b[K")

    def _write(self, text: str) -> None:
        with contextlib.suppress(OSError, ValueError):
            self.stream.write(text)
            self.stream.flush()


def _nothing(done: int) -> None:
    return None


@contextlib.contextmanager
def task(label: str, total: int | None = None) -> Iterator[Callable[[int], None]]:
    """A `tick(done)` to call as work goes; it draws only after the grace, at most every `EVERY_S`,
    and the line is cleared when the work ends."""
    if _stream is None:
        yield _nothing
        return
    line = _Line(_stream, label, total)
    try:
        yield line
    finally:
        line.close()
