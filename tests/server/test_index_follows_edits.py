"""An index kept in step with edits answers what an index built afresh answers.

Why a property: the indexes are updated in place (a re-indexed or removed document's postings are
marked dead and only compacted later), and a word only a gone document held once passed for a word
of the bank: search then stopped splitting an identifier into its parts and found nothing, while a
fresh run found the page holding the parts.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from memorybank_lint.bank import Bank
from memorybank_server.retrieval.route import route
from memorybank_server.retrieval.search import search

WORDS = ["zorb_quen", "zorb", "quen", "zorbkaa", "zorbkulator", "конфигурация", "конфигурационный", "retry"]
NAMES = ["a.md", "b.md", "dir/README.md"]

_steps = st.lists(
    st.tuples(
        st.sampled_from(NAMES),
        st.one_of(st.none(), st.lists(st.sampled_from(WORDS), min_size=1, max_size=4)),
        st.lists(st.sampled_from(WORDS), max_size=2),
    ),
    min_size=1,
    max_size=8,
)


def _write(root: Path, name: str, body: list[str] | None, header: list[str]) -> None:
    path = root / name
    if body is None:
        path.unlink(missing_ok=True)
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    purpose = " ".join(header) or "notes"
    path.write_text(f"---\ntitle: {name}\npurpose: {purpose}\n---\n# {name}\n\n{' '.join(body)}\n", "utf-8")


def _answers(bank: Bank, queries: list[str]) -> list[tuple]:
    found = []
    for query in queries:
        hits = search(bank, query)
        found.append(("search", query, [(r["path"], r["score"]) for r in hits["results"]], hits.get("hint")))
        routed = route(bank, query)["results"]
        found.append(("route", query, [(r["path"], r["score"], r["why"]) for r in routed]))
    return found


@settings(max_examples=min(settings().max_examples, 300))
@given(steps=_steps, queries=st.lists(st.sampled_from(WORDS), min_size=1, max_size=3))
def test_an_index_kept_in_step_answers_as_one_built_afresh(steps: list, queries: list[str]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder) / "memory-bank"
        root.mkdir()
        kept = Bank(root)
        for name, body, header in steps:
            _write(root, name, body, header)
            kept.refresh()
            _answers(kept, queries)  # the kept index answers between edits, as a server's does
        fresh = Bank(root)
        fresh.refresh()
        assert _answers(kept, queries) == _answers(fresh, queries)
