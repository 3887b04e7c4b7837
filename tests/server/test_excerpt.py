"""The excerpt line `bank_search` shows, read in slices, against a whole-body reference."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from memorybank_lint.document import parse
from memorybank_server.retrieval import search_heads
from memorybank_server.retrieval.lang import fold
from memorybank_server.retrieval.search_heads import excerpt_of

FORMS = [{"backup": 10.0, "backups": 6.0, "бэкап": 6.0}, {"retry": 10.0, "retries": 6.0, "retry_budget": 1.0}]
WORDS = ["backup", "Backups", "BACKUP", "backuped", "бэкап", "бэкапы", "Ёлка", "İstanbul", "retry", "retries"]
WORDS += ["retry_budget", "retry-budget", "x_backup", "budget", "the", "of", "-", "#"]


def reference(body: str, concepts: list[dict[str, float]]) -> tuple[str, int]:
    """The whole body folded and every form searched alone: the plain reading of the rule."""
    folded = fold(body)
    if len(folded) != len(body):
        folded = "\n".join(fold(line) for line in body.split("\n"))
    lines, best, best_index = body.split("\n"), 0.0, -1
    line_starts = [0]
    for line in folded.split("\n"):
        line_starts.append(line_starts[-1] + len(line) + 1)
    for index in range(len(lines)):
        text = folded[line_starts[index] : line_starts[index + 1] - 1]
        held = {}
        for position, forms in enumerate(concepts):
            for term, weight in forms.items():
                at = text.find(term)
                while at >= 0:
                    end = at + len(term)
                    left = at == 0 or not search_heads._is_word(text[at - 1])
                    right = end == len(text) or not search_heads._is_word(text[end])
                    if left and right:
                        held[position] = max(held.get(position, 0.0), weight)
                    at = text.find(term, at + 1)
        score = sum(sorted(held.values()))
        if lines[index].lstrip().startswith("#"):
            score *= 0.9
        if score > best:
            best, best_index = score, index
    return ("", 0) if best_index < 0 else (lines[best_index].strip()[:240], 1 + best_index)


lines = st.lists(st.sampled_from(WORDS), max_size=6).map(" ".join)


@given(
    body=st.lists(lines, min_size=1, max_size=40).map("\n".join),
    slice_size=st.integers(1, 120),
    many_roots=st.sampled_from([search_heads.MANY_ROOTS, 0]),
)
def test_the_excerpt_read_in_slices_is_the_whole_body_reading(
    body: str, slice_size: int, many_roots: int
) -> None:
    """Read in slices of any size, scanning per root or in one pass over the words (`MANY_ROOTS`
    0), the excerpt is the whole-body reading's."""
    doc = parse("a.md", body, bank_name="bank")
    saved = search_heads.EXCERPT_SLICE, search_heads.MANY_ROOTS
    search_heads.EXCERPT_SLICE, search_heads.MANY_ROOTS = slice_size, many_roots
    try:
        excerpt, line = excerpt_of(doc, FORMS)
    finally:
        search_heads.EXCERPT_SLICE, search_heads.MANY_ROOTS = saved
    assert doc.body_line == 1
    assert (excerpt, line) == reference(body, FORMS)


def test_a_line_holding_every_word_ends_the_reading_early(monkeypatch) -> None:
    seen: list[list[str]] = []
    real = search_heads._line_scores

    def counted(lines: list[str], weights: dict) -> list:
        seen.append(lines)
        return real(lines, weights)

    monkeypatch.setattr(search_heads, "EXCERPT_SLICE", 10)
    monkeypatch.setattr(search_heads, "_line_scores", counted)
    body = "\n".join(["backup retry here", *["retry only"] * 50, "backup and retry again"])
    doc = parse("a.md", body, bank_name="bank")
    assert excerpt_of(doc, FORMS) == ("backup retry here", 1)
    assert len(seen) == 1
