"""One governed write in a process of its own, killed with SIGKILL at a chosen moment inside it.

    python _one_write.py ROOT OPERATION SCOPE AT

OPERATION is `create` (an epic charter: the document, a new section index, the root index and
two new folders) or `promote` (a note into a new `prd/` section: the same, plus removing the
note). The process counts the lines the write executes in `memorybank_server/writes/` and in the
core's edit machinery `memorybank_lint/edits/` — all of them (SCOPE `all`), or only those in the
modules that touch the disk (SCOPE `disk`: transaction, journal, atomic) — and sends itself
SIGKILL when the count reaches AT. With AT 0 it runs to the end and prints both counts as JSON,
which is how the parent learns the range to draw from.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import signal
import sys
from pathlib import Path
from types import FrameType
from typing import Any

import memorybank_lint.edits as edits_package
import memorybank_server.writes as writes_package
from memorybank_lint.bank import Bank
from memorybank_server.writes.create import create
from memorybank_server.writes.inbox import promote

TODAY = dt.date(2026, 3, 14)
WRITES = str(Path(writes_package.__file__).parent)
EDITS = str(Path(edits_package.__file__).parent)
DISK = {str(Path(EDITS) / name) for name in ("transaction.py", "journal.py", "atomic.py")}


def run(bank: Bank, operation: str) -> None:
    if operation == "create":
        create(
            bank,
            doc_kind="epic",
            path="epics/EP-01/charter.md",
            title="Checkout epic",
            purpose="Read when planning the checkout work.",
            derived_from=["../../flows/epic-flow.md"],
            today=TODAY,
        )
    else:
        promote(
            bank,
            path="_inbox/pricing.md",
            to="prd/PRD-001-pricing.md",
            doc_kind="prd",
            derived_from=["../product/context.md"],
            status="draft",
            today=TODAY,
        )


def main() -> int:
    root, operation, scope, at = Path(sys.argv[1]), sys.argv[2], sys.argv[3], int(sys.argv[4])
    counts = {"all": 0, "disk": 0}

    def local(frame: FrameType, event: str, _arg: Any) -> Any:
        if event == "line":
            counts["all"] += 1
            if frame.f_code.co_filename in DISK:
                counts["disk"] += 1
            if at and counts[scope] == at:
                os.kill(os.getpid(), signal.SIGKILL)
        return local

    def calls(frame: FrameType, _event: str, _arg: Any) -> Any:
        return local if frame.f_code.co_filename.startswith((WRITES, EDITS)) else None

    bank = Bank(root)
    bank.refresh()
    sys.settrace(calls)
    try:
        run(bank, operation)
    finally:
        sys.settrace(None)
    print(json.dumps(counts), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
