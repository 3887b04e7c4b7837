"""The route and body indexes kept in the cache folder: a new process answers from them exactly
as it would after indexing every document, whatever changed on disk in between."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from memorybank_lint.bank import Bank
from memorybank_server.retrieval.route import route
from memorybank_server.retrieval.route_index import header_index_for
from memorybank_server.retrieval.search import index_for, search

from ..conftest import age_documents, past_one_tick

FIXTURE = Path(__file__).resolve().parents[1] / "fixture_bank"
QUESTIONS = ["why did we choose the queue", "как хранятся данные", "retention policy", "checkout flow"]


def _bank(root: Path, cache: Path | None) -> Bank:
    bank = Bank(root, cache=cache)
    bank.refresh()
    bank.save_cache()
    return bank


def _answers(bank: Bank) -> list:
    return [route(bank, q, 5) for q in QUESTIONS] + [search(bank, q, 5) for q in QUESTIONS]


@pytest.fixture
def kept(tmp_path: Path) -> tuple[Path, Path]:
    """A copy of the fixture bank, aged, whose indexes one process has kept in `cache`."""
    root = tmp_path / "memory_bank"
    shutil.copytree(FIXTURE, root)
    age_documents(root)
    cache = tmp_path / "cache"
    _answers(_bank(root, cache))
    assert sorted(p.name.split("-")[0] for p in cache.glob("*-*.marshal")) == ["body", "parse", "route"]
    return root, cache


def test_a_new_process_answers_from_the_kept_indexes_as_from_scratch(kept) -> None:
    root, cache = kept
    bank = _bank(root, cache)
    assert _answers(bank) == _answers(_bank(root, None))
    assert header_index_for(bank).touched_total == 0  # nothing was indexed again
    assert index_for(bank).touched_total == 0


def test_changed_added_and_deleted_documents_are_indexed_again(kept) -> None:
    root, cache = kept
    adr = root / "adr/ADR-002-storage.md"
    adr.write_text(adr.read_text() + "\n## Retention\n\nWe keep checkout data for 30 days.\n")
    (root / "adr/ADR-004-queue-retention.md").write_text(
        "---\ntitle: Queue retention\ndoc_kind: adr\npurpose: Why the queue keeps messages a week.\n"
        "---\n# Queue retention\n\nThe queue retention policy is seven days.\n"
    )
    (root / "orphan.md").unlink()
    bank = _bank(root, cache)
    assert _answers(bank) == _answers(_bank(root, None))
    assert header_index_for(bank).touched_total == 3  # two read again, one dropped
    assert index_for(bank).touched_total == 3


def test_a_same_size_edit_with_the_same_mtime_is_indexed_again(kept) -> None:
    root, cache = kept
    adr = root / "adr/ADR-001-queue-choice.md"
    before = adr.stat()
    text = adr.read_text()
    adr.write_text(text.replace("queue", "QUEUE", 1))
    os.utime(adr, ns=(before.st_atime_ns, before.st_mtime_ns))
    bank = _bank(root, cache)
    assert _answers(bank) == _answers(_bank(root, None))
    assert index_for(bank).touched_total == 1


@pytest.mark.parametrize("damage", [b"", b"MBC1", b"\x00" * 100], ids=["empty", "magic only", "zeros"])
def test_a_damaged_snapshot_is_ignored(kept, damage: bytes) -> None:
    root, cache = kept
    for snapshot in [*cache.glob("route-*"), *cache.glob("body-*")]:
        snapshot.write_bytes(damage)
    bank = _bank(root, cache)
    assert _answers(bank) == _answers(_bank(root, None))
    assert index_for(bank).touched_total == len(bank.docs)


@pytest.mark.parametrize("limits", [(None, 2_000), (2_000, None)], ids=["lowered", "raised"])
def test_a_new_file_size_limit_is_not_answered_from_indexes_kept_under_the_old_one(
    tmp_path: Path, limits: tuple[int | None, int | None]
) -> None:
    """A document's stamp does not move when `max-file-size` does, yet it parses differently: the
    kept indexes once went on answering with a page the new limit leaves unread (or without one
    the new limit reads)."""
    root = tmp_path / "memory_bank"
    shutil.copytree(FIXTURE, root)
    (root / "big.md").write_text("---\ntitle: Big\n---\n# Big\n\n" + "zephyrword filler text. " * 200)
    age_documents(root)
    cache = tmp_path / "cache"

    def bank(limit: int | None, cache: Path | None) -> Bank:
        found = Bank(root, cache=cache, **({} if limit is None else {"max_bytes": limit}))
        found.refresh()
        found.save_cache()
        return found

    before, after = limits
    _answers(bank(before, cache)), search(bank(before, cache), "zephyrword", 5)
    fresh = bank(after, None)
    kept = bank(after, cache)
    assert search(kept, "zephyrword", 5) == search(fresh, "zephyrword", 5)
    assert _answers(kept) == _answers(fresh)


def test_indexes_kept_under_another_stemmer_version_are_built_again(kept, monkeypatch) -> None:
    """They were keyed by whether the C stemmer was installed, not by either stemmer's version:
    an upgrade that stems a word differently would have mixed old stems with new ones."""
    from memorybank_server.retrieval import snapshot

    root, cache = kept
    versions = snapshot._stemmers()
    monkeypatch.setattr(snapshot, "_stemmers", lambda: (versions[0], "0.0.1"))
    bank = _bank(root, cache)
    assert _answers(bank) == _answers(_bank(root, None))
    assert index_for(bank).touched_total == len(bank.docs)
    assert header_index_for(bank).touched_total == len(bank.docs)


def test_an_index_kept_after_a_failed_write_is_kept_under_the_stamps_it_was_built_from(kept) -> None:
    """A server whose snapshot write failed (a full disk, the folder briefly taken) keeps it due,
    and the next answer that writes the other index writes it too: by then the bank may have read
    a newer version of a document this index has not indexed yet. Kept under the bank's new stamp,
    its old header was served by every later process as if it were the new one's."""
    root, cache = kept
    server = _bank(root, cache)
    adr = root / "adr/ADR-002-storage.md"
    text = adr.read_text()

    def edit(title: str) -> None:
        adr.write_text(text.replace('title: "ADR-002: Storage"', f'title: "ADR-002: {title}"'))
        age_documents(root)

    edit("Zanzibar storage")
    away = cache.with_name("cache-away")
    cache.rename(away)
    cache.write_text("not a folder\n")  # the write of the route index fails
    server.refresh()
    route(server, "zanzibar storage", 5)
    cache.unlink()
    away.rename(cache)
    edit("Quokka storage")
    server.refresh()
    search(server, "storage", 5)  # writes the body index, and the route index still due
    questions = ["quokka storage", "zanzibar storage"]
    later, fresh = _bank(root, cache), _bank(root, None)
    assert [route(later, q, 5) for q in questions] == [route(fresh, q, 5) for q in questions]


def test_documents_indexed_again_on_restoring_are_kept_for_the_next_process(kept) -> None:
    """A process that starts from a snapshot and indexes again enough of the bank to be worth it
    writes a new one: the documents it indexed on restoring did not count, so a one-shot `--route`
    never wrote one, and every later process indexed again everything changed since, a set that
    only grew."""
    root, cache = kept
    adr = root / "adr/ADR-002-storage.md"
    adr.write_text(adr.read_text() + "\n## Replicas\n\nEach store keeps two replicas.\n")
    os.utime(adr, (adr.stat().st_atime - 3600, adr.stat().st_mtime - 3600))  # settled: it may be kept
    past_one_tick(root)
    first = _bank(root, cache)
    _answers(first)
    assert header_index_for(first).touched_total == index_for(first).touched_total == 1
    later = _bank(root, cache)
    assert _answers(later) == _answers(_bank(root, None))
    assert header_index_for(later).touched_total == index_for(later).touched_total == 0


def test_a_document_added_after_the_snapshot_lends_its_words_as_in_a_fresh_build(tmp_path: Path) -> None:
    """A word keeps its first 32 senses from the bank's glossaries. A fresh build met them in
    path order, an index restored from the cache met a new page's last: with the cache `a.md`'s
    `quokkaword` was dropped, and the page only it leads to was not found, on every later run."""
    root = tmp_path / "memory_bank"
    root.mkdir()

    def page(name: str, title: str, purpose: str, body: str) -> None:
        text = f"---\ntitle: {title}\ndoc_kind: domain\npurpose: {purpose}\nstatus: active\n---\n\n{body}\n"
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")

    senses = "\n".join(f"- зюзябра (alph{a}{b}x)" for a in "ab" for b in "abcdefghijklmnopq")
    page("domain/gloss.md", "Glossary", "Terms.", senses)
    page("domain/target.md", "Quokkaword habitat", "Where the quokkaword lives.", "Quokkaword facts.")
    age_documents(root)
    cache = tmp_path / "cache"
    route(_bank(root, cache), "зюзябра", 3)
    page("a.md", "Aa glossary", "Terms.", "- зюзябра (quokkaword)")
    age_documents(root)
    cached, fresh = route(_bank(root, cache), "зюзябра", 3), route(_bank(root, None), "зюзябра", 3)
    assert "domain/target.md" in [r["path"] for r in fresh["results"]]
    assert cached == fresh
