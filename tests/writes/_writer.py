"""A writer process for the concurrency and crash tests: many governed writes into one bank.

    python _writer.py ROOT NAME COUNT [--forever]

Each round creates `domain/NAME-i.md` (registered in `domain/README.md`) and appends a line
`NAME-i` to the `## Entries` section of `domain/ledger.md`; with `--forever` it keeps going
until killed. It prints one line per finished round so the parent can count completed work.
"""

from __future__ import annotations

import sys
from pathlib import Path

from memorybank_lint.bank import Bank
from memorybank_server.errors import ToolInputError
from memorybank_server.writes.create import create
from memorybank_server.writes.sections import update_section


def main() -> int:
    root, name, count = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])
    forever = "--forever" in sys.argv
    bank = Bank(root)
    i = 0
    while forever or i < count:
        try:
            create(
                bank,
                doc_kind="domain",
                path=f"domain/{name}-{i}.md",
                title=f"{name} {i}",
                purpose=f"Written by {name} in round {i}.",
                derived_from=["../dna/principles.md"],
                body="## Payload\n\n" + (f"{name}-{i} " * 200),
            )
            update_section(
                bank, path="domain/ledger.md", section="Entries", content=f"- {name}-{i}", mode="append"
            )
        except ToolInputError as exc:
            print(f"refused {name}-{i}: {exc}", flush=True)
            return 1
        print(f"done {name}-{i}", flush=True)
        i += 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
