"""A child process that runs one call at a time under a time and a memory bound.

Why a process: a runaway regular expression or an alias expansion can sit in C code for hours
and allocate gigabytes; a signal in the test process would not always stop it, and it would take
the whole suite down with it. Here a call that works past the bound is a failed case (the child
is killed and a fresh one started for the next call), and an allocation past the bound is a
MemoryError in the child, reported like any other exception.

Why the bound counts the child's processor time, not the clock: the suite runs beside other work
on two cores, and a call that needs 4 s of processor time took more than 10 s of the clock there,
failing as a hang it was not. What a runaway pattern or loop does is work, and that is counted
(the child's own time and its finished children's, git's among them). A call that waits without
working (a read from a FIFO) is stopped by the clock, at `WAIT_FACTOR` times the bound.

Run as a script, this file is the child: it reads `(function name, arguments)` pickles on stdin,
calls `tests.fuzz.targets.<name>`, and writes `("ok", result)` or `("error", traceback)` back.
"""

from __future__ import annotations

import os
import pickle
import resource
import select
import subprocess
import sys
import time
import traceback
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
TIME_BOUND = 10.0  # seconds of processor time per call: a hang detector
WAIT_FACTOR = 6  # a call that neither works nor answers is stopped at this many bounds of the clock
POLL = 0.25  # seconds between looks at the child's processor time
START_BOUND = 120.0  # seconds for a new child to import the project, before any call is timed
MEMORY_BOUND = 3 * 1024**3  # bytes of address space for the child


class Hang(AssertionError):
    """A call worked past its bound, or waited past the clock's."""


class Crash(AssertionError):
    """A call raised; the message is the child's traceback."""


class Worker:
    """The parent's handle on the child; `call` starts one when none is running."""

    def __init__(self) -> None:
        self._child: subprocess.Popen[bytes] | None = None

    def call(self, name: str, *args: Any, bound: float = TIME_BOUND) -> Any:
        child = self._running()
        assert child.stdin is not None and child.stdout is not None
        started, clock = _processor_time(child.pid), time.monotonic()
        pickle.dump((name, args), child.stdin)
        child.stdin.flush()
        while not select.select([child.stdout], [], [], POLL)[0]:
            worked = _processor_time(child.pid) - started if started is not None else None
            waited = time.monotonic() - clock
            if (worked if worked is not None else waited) > bound or waited > WAIT_FACTOR * bound:
                self.stop()
                spent = f"{worked:.1f} s of processor time" if worked is not None else f"{waited:.1f} s"
                raise Hang(f"{name} did not return within {bound:g} s ({spent}, {waited:.1f} s in all)")
        try:
            status, value = pickle.load(child.stdout)
        except EOFError:
            self.stop()
            raise Crash(f"{name}: the child process died") from None
        if status == "error":
            raise Crash(f"{name} raised in the child:\n{value}")
        return value

    def _running(self) -> subprocess.Popen[bytes]:
        if self._child is None or self._child.poll() is not None:
            self._child = subprocess.Popen(
                [sys.executable, __file__],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                cwd=REPO,
            )
            # The call's bound times the call, not the interpreter's start and the project's
            # imports, which a loaded machine can stretch past it: the child says when it is ready.
            ready, _, _ = select.select([self._child.stdout], [], [], START_BOUND)
            try:
                assert ready and self._child.stdout is not None
                pickle.load(self._child.stdout)
            except (AssertionError, EOFError):
                self.stop()
                raise Crash(f"the child process did not start within {START_BOUND:g} s") from None
        return self._child

    def stop(self) -> None:
        if self._child is not None:
            self._child.kill()
            self._child.wait()
            self._child = None


def _processor_time(pid: int) -> float | None:
    """Seconds of processor time process `pid` and its waited-for children have used, from
    /proc; None where there is no /proc (the bound is then the clock's)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            fields = stat.read().rsplit(b")", 1)[1].split()
    except OSError:
        return None
    # after the name: state is field 3, utime 14, stime 15, cutime 16, cstime 17 (proc(5))
    return sum(int(field) for field in fields[11:15]) / os.sysconf("SC_CLK_TCK")


def _serve() -> None:
    """The child's loop; stdout is the answer channel, so anything printed goes to /dev/null."""
    channel = os.fdopen(os.dup(1), "wb")
    requests = sys.stdin.buffer
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BOUND, MEMORY_BOUND))
    for name in ("GITHUB_ACTIONS", "GITHUB_STEP_SUMMARY", "NO_COLOR"):
        os.environ.pop(name, None)  # the linter's own defaults, and no writes to a CI job summary
    sys.path.insert(0, str(REPO))
    from tests.fuzz import targets

    pickle.dump(("ready", None), channel)
    channel.flush()
    while True:
        try:
            name, args = pickle.load(requests)
        except EOFError:
            return
        try:
            answer: tuple[str, Any] = ("ok", getattr(targets, name)(*args))
        except BaseException:  # everything, MemoryError included, is the case's result
            answer = ("error", traceback.format_exc())
        pickle.dump(answer, channel)
        channel.flush()


if __name__ == "__main__":
    _serve()
