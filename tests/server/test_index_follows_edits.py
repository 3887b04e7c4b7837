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
from tests.conftest import CLEAN_BANK, write_bank

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


def test_equal_body_scores_rank_in_path_order_whatever_order_they_were_indexed_in(tmp_path: Path) -> None:
    """Two pages of the same text, the second indexed after the first: a kept index gave them ids in
    the order they came, a fresh one in path order, and the tie broken by id put another page in
    the third place (the paragraph slot) of a kept index's answer than of a fresh one's."""
    links = "# Pages\n\n- [Model](domain/model.md)\n- [Model](model.md)\n- [Rules](dna/governance.md)\n"
    root = write_bank(tmp_path / "memory-bank", {**CLEAN_BANK, "domain/index.md": links})
    kept = Bank(root)
    kept.refresh()
    route(kept, "model")
    for name in ("a.md", "b.md"):
        (root / name).write_text(links, encoding="utf-8")
        kept.refresh()
        route(kept, "model")
    fresh = Bank(root)
    fresh.refresh()
    assert route(kept, "model") == route(fresh, "model")
