"""The parse cache: a new process re-parses only what changed, and a cache is never a risk.

Every test works on real files; mtimes are set with `os.utime` so entries are old enough to be
stored (an entry changed within two seconds of the write is never stored) and to force the
same-size, same-mtime edit that timestamps alone cannot tell apart.
"""

from __future__ import annotations

import datetime
import marshal
import os
import shutil
import time
from pathlib import Path

import pytest

from memorybank_lint import parse_cache
from memorybank_lint.bank import Bank
from memorybank_lint.cachedir import STALE_BANK_FILES, STALE_TEMPORARY, CacheFolder
from memorybank_lint.document import parse
from memorybank_lint.linter import lint
from memorybank_lint.parse_cache import RACY_NS, TICK_NS, decode, encode, is_settled

from .conftest import CLEAN_BANK, age_documents, past_one_tick, write_bank

OLD = time.time() - 3600


def _bank(root: Path, cache: Path | None) -> Bank:
    bank = Bank(root, cache=cache)
    bank.refresh()
    return bank


def _same_as_disk(bank: Bank) -> None:
    """Every document and every finding as a bank without a cache reads them from disk."""
    fresh = _bank(bank.root, None)
    assert list(bank.docs) == list(fresh.docs)
    assert [encode(d) for d in bank.docs.values()] == [encode(d) for d in fresh.docs.values()]
    assert lint(bank) == lint(fresh)


@pytest.fixture
def aged(tmp_path: Path) -> tuple[Path, Path]:
    root = write_bank(tmp_path / "memory-bank", CLEAN_BANK)
    age_documents(root)
    cache = tmp_path / "cache"
    bank = _bank(root, cache)
    assert bank.save_cache()
    return root, cache


def test_a_second_run_parses_nothing_and_answers_the_same(aged) -> None:
    root, cache = aged
    bank = _bank(root, cache)
    assert bank.cache.hits == len(bank.docs) == len(CLEAN_BANK)
    assert not bank.save_cache()  # nothing moved: the file is not rewritten
    _same_as_disk(bank)


def test_edited_added_deleted_and_renamed_documents_are_read_again(aged) -> None:
    root, cache = aged
    model = root / "domain/model.md"
    model.write_text(model.read_text().replace("The model.", "The domain model, longer now."))
    (root / "domain/extra.md").write_text("---\ntitle: Extra\npurpose: New.\n---\n# Extra\n")
    (root / "dna/governance.md").rename(root / "dna/rules.md")
    (root / "README.md").unlink()
    for changed in ("domain/model.md", "domain/extra.md"):
        os.utime(root / changed, (OLD + 60, OLD + 60))
    past_one_tick(root)
    bank = _bank(root, cache)
    assert set(bank.docs) == {"dna/principles.md", "dna/rules.md", "domain/model.md", "domain/extra.md"}
    assert bank.docs["domain/model.md"].purpose == "The domain model, longer now."
    assert bank.cache.hits == 1  # only dna/principles.md is unchanged
    _same_as_disk(bank)
    assert bank.save_cache()
    again = _bank(root, cache)
    assert again.cache.hits == 4
    _same_as_disk(again)


def test_a_same_size_edit_with_the_same_mtime_is_not_served_stale(aged) -> None:
    root, cache = aged
    model = root / "domain/model.md"
    before = model.stat()
    text = model.read_text()
    changed = text.replace("The model.", "The MODEL.")
    assert len(changed) == len(text)
    model.write_text(changed)
    os.utime(model, ns=(before.st_atime_ns, before.st_mtime_ns))
    after = model.stat()
    assert (after.st_size, after.st_mtime_ns) == (before.st_size, before.st_mtime_ns)
    bank = _bank(root, cache)
    assert bank.docs["domain/model.md"].purpose == "The MODEL."
    _same_as_disk(bank)


def test_a_document_changed_just_before_the_write_is_not_stored(tmp_path: Path) -> None:
    root = write_bank(tmp_path / "memory-bank", CLEAN_BANK)
    age_documents(root)
    os.utime(root / "domain/model.md")  # now: within the racy window
    cache = tmp_path / "cache"
    _bank(root, cache).save_cache()
    model = root / "domain/model.md"
    stamp = model.stat()
    model.write_text(model.read_text().replace("The model.", "The MODEL."))
    os.utime(model, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
    bank = _bank(root, cache)
    assert bank.cache.hits == len(CLEAN_BANK) - 1
    assert bank.docs["domain/model.md"].purpose == "The MODEL."


CORRUPTIONS = {
    "empty": lambda data: b"",
    "truncated": lambda data: data[: len(data) // 2],
    "one byte flipped": lambda data: data[:-7] + bytes([data[-7] ^ 0x55]) + data[-6:],
    "garbage": lambda data: os.urandom(len(data)),
    "only the magic": lambda data: data[:4],
}


@pytest.mark.parametrize("damage", CORRUPTIONS.values(), ids=CORRUPTIONS.keys())
def test_a_corrupt_cache_is_ignored_and_rebuilt(aged, damage) -> None:
    root, cache = aged
    (name,) = [p for p in cache.iterdir() if p.name.startswith("parse-")]
    name.write_bytes(damage(name.read_bytes()))
    bank = _bank(root, cache)
    assert bank.cache.hits == 0
    _same_as_disk(bank)
    assert bank.save_cache()
    assert _bank(root, cache).cache.hits == len(CLEAN_BANK)


def _rewrite(cache: Path, change) -> None:
    """Rewrite the cache file with a valid checksum around changed contents."""
    (file,) = [p for p in cache.iterdir() if p.name.startswith("parse-")]
    folder = CacheFolder(cache)
    identity, rows = marshal.loads(folder.read(file.name))
    assert folder.write(file.name, marshal.dumps(change(identity, rows)))


def test_a_cache_of_another_version_is_ignored(aged) -> None:
    root, cache = aged
    _rewrite(cache, lambda identity, rows: ((identity[0], "0.0.0-other", *identity[2:]), rows))
    bank = _bank(root, cache)
    assert bank.cache.hits == 0
    _same_as_disk(bank)


@pytest.mark.parametrize(
    "forge",
    [
        lambda rows: {path: (stamp, row[:5]) for path, (stamp, row) in rows.items()},
        lambda rows: {path: (stamp, (5, *row[1:])) for path, (stamp, row) in rows.items()},
        lambda rows: [1, 2, 3],
        lambda rows: {path: (stamp, tuple(None for _ in row)) for path, (stamp, row) in rows.items()},
    ],
    ids=["short rows", "not a row", "not a table", "all nothing"],
)
def test_a_well_formed_file_with_malformed_rows_is_ignored(aged, forge) -> None:
    root, cache = aged
    _rewrite(cache, lambda identity, rows: (identity, forge(rows)))
    bank = _bank(root, cache)
    _same_as_disk(bank)


def test_header_values_come_back_as_the_same_types(tmp_path: Path) -> None:
    text = (
        "---\ntitle: Dates\ncreated: 2024-01-31\nseen: 2024-01-31 10:20:30+02:00\n"
        "nested:\n  - when: [2023-05-01, 2023-05-02]\n"
        "pairs: !!pairs [a: 1, b: 2024-02-02]\nset: !!set {x, y}\nkeyed: {2020-02-02: a date as a key}\n"
        "blob: !!binary aGVsbG8=\n---\n# Dates\n"
    )
    doc = parse("dates.md", text)
    assert doc.parse_error is None
    back = decode("dates.md", marshal.loads(marshal.dumps(encode(doc))))
    assert back == doc
    assert isinstance(back.data["created"], datetime.date)
    assert isinstance(back.data["seen"], datetime.datetime) and back.data["seen"].utcoffset()
    assert back.data["pairs"] == [("a", 1), ("b", datetime.date(2024, 2, 2))]
    assert back.data["keyed"] == {datetime.date(2020, 2, 2): "a date as a key"}
    assert back.data["set"] == {"x", "y"}
    assert encode(back) == encode(doc)  # decoding left the stored row as it was


def test_dates_survive_a_second_run(tmp_path: Path) -> None:
    files = dict(CLEAN_BANK)
    files["domain/model.md"] = files["domain/model.md"].replace(
        "status: active", "status: active\n        date: 2024-03-01"
    )
    root = write_bank(tmp_path / "memory-bank", files)
    age_documents(root)
    cache = tmp_path / "cache"
    _bank(root, cache).save_cache()
    bank = _bank(root, cache)
    assert bank.cache.hits == len(files)
    assert bank.docs["domain/model.md"].data["date"] == datetime.date(2024, 3, 1)
    _same_as_disk(bank)


def test_deleting_the_cache_folder_changes_nothing(aged) -> None:
    root, cache = aged
    shutil.rmtree(cache)
    bank = _bank(root, cache)
    assert bank.cache.hits == 0
    _same_as_disk(bank)


def test_every_parsed_field_comes_back_from_the_cache(tmp_path: Path) -> None:
    """Suppression comments included: a warm cache once lost every `noqa`, so a finding hidden on
    a cold run came back on the next one. An edge with a `#` keeps its reading as a whole name."""
    from dataclasses import fields

    from memorybank_lint.document import Document

    name = "domain/model.md"
    files = dict(CLEAN_BANK)
    files[name] = files[name].replace(
        "  - ../dna/principles.md",
        "  - ../dna/principles.md\n          - ../dna/principles.md#part"
        "\n          - ../nowhere.md  # noqa: MB001",
    )
    files["notes.md"] = "<!-- memorybank-lint: disable -->\n# Notes\n\n[gone](gone.md)\n"
    root = write_bank(tmp_path / "memory-bank", files)
    age_documents(root)
    cold = _bank(root, tmp_path / "cache")
    assert cold.docs[name].suppressions and cold.docs["notes.md"].suppressions
    assert any(edge.target.whole is not None for edge in cold.docs[name].derived_from)
    assert cold.save_cache()
    warm = _bank(root, tmp_path / "cache")
    assert warm.cache.hits == len(warm.docs)
    parsed = [f.name for f in fields(Document) if f.name not in ("layer", "registered_in", "_positions")]
    for path, doc in warm.docs.items():
        for field_name in parsed:
            assert getattr(doc, field_name) == getattr(cold.docs[path], field_name), (path, field_name)
    assert lint(warm) == lint(_bank(root, None)) == lint(cold)
    assert not any(f.path == "notes.md" or (f.path == name and f.code == "MB001") for f in lint(warm))


def test_the_cache_never_hides_a_folder_that_holds_other_files(tmp_path: Path) -> None:
    """The cache hides its folder from git with a `.gitignore` of `*`; `cache-dir = "."`, or the
    bank's own folder, would have hidden every new file of the repository."""
    from memorybank_lint.cachedir import GITIGNORE

    project = tmp_path / "project"
    write_bank(project / "memory-bank", CLEAN_BANK)
    (project / "notes.txt").write_text("mine\n", encoding="utf-8")
    for shared in (project, project / "memory-bank"):
        assert not CacheFolder(shared).write("parse-0123.marshal", b"x")
        assert not (shared / ".gitignore").exists() and not list(shared.glob("parse-*"))
    own = tmp_path / "cache"
    assert CacheFolder(own).write("parse-0123.marshal", b"x")
    assert (own / ".gitignore").read_bytes() == GITIGNORE
    assert CacheFolder(own).write("parse-0123.marshal", b"y")  # its own folder stays usable
    bank = _bank(project / "memory-bank", project)  # a whole run with such a folder: no cache, same answers
    assert lint(bank) == lint(_bank(project / "memory-bank", None))
    assert not (project / ".gitignore").exists()


def test_a_write_sweeps_orphaned_temporary_files_and_files_of_banks_long_gone(tmp_path: Path) -> None:
    """A writer killed before its rename left a whole cache file behind as `.tmp-…`, and a checkout
    moved or renamed left its old path's files, both for ever."""
    cache = tmp_path / "cache"
    assert CacheFolder(cache).write("parse-0123.marshal", b"x")
    now = time.time()
    planted = {
        ".tmp-00aa": now - STALE_TEMPORARY - 60,  # orphaned: removed
        ".tmp-00bb": now - 5,  # another process may be writing it: kept
        "route-0456.marshal": now - STALE_BANK_FILES - 60,  # a bank long gone: removed
        "body-0789.marshal": now - 3600,  # in use: kept
        "notes.txt": now - STALE_BANK_FILES - 60,  # not ours: never touched
    }
    for name, when in planted.items():
        (cache / name).write_bytes(b"old")
        os.utime(cache / name, (when, when))
    assert CacheFolder(cache).write("parse-0123.marshal", b"y")
    left = {p.name for p in cache.iterdir()}
    assert left >= {".tmp-00bb", "body-0789.marshal", "notes.txt", "parse-0123.marshal"}
    assert not left & {".tmp-00aa", "route-0456.marshal"}


def test_a_gitignore_another_writer_adds_while_the_folder_is_judged_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two processes creating one new cache folder: the second found no `.gitignore`, then listed
    the folder after the first had written it, and ran without the cache with a warning."""
    from memorybank_lint import cachedir

    cache = tmp_path / "cache"
    cache.mkdir()
    listdir = os.listdir

    def first_writer_wins_the_race(folder: int) -> list[str]:
        (cache / ".gitignore").write_bytes(cachedir.GITIGNORE)
        return listdir(folder)

    monkeypatch.setattr(cachedir.os, "listdir", first_writer_wins_the_race)
    assert CacheFolder(cache).write("parse-0123.marshal", b"x")
    monkeypatch.undo()
    assert CacheFolder(cache).read("parse-0123.marshal") == b"x"


def test_a_file_written_a_moment_ago_is_never_settled_on_a_file_system_keeping_whole_seconds() -> None:
    """`touch -d`, `cp -p` or `rsync -a` set the modification time in the past; the change time of
    a file just written is now. Where it holds whole seconds, two same-size edits within a second
    share every part of the stamp, so such a file must not be stored."""
    now = 1_800_000_000 * 1_000_000_000
    settled = now - RACY_NS
    past = now - 86_400 * 1_000_000_000
    assert not is_settled((past, 10, now, 1), settled, now)  # whole seconds, written just now
    assert not is_settled((past, 10, now - 1_000_000_000, 1), settled, now)  # a second before the read
    assert is_settled((past, 10, past, 1), settled, now)
    assert not is_settled((now - 1, 10, past + 5, 1), settled, now)  # modified within the window


def test_a_file_changed_within_a_clock_tick_of_its_read_is_never_settled() -> None:
    """A kernel stamping change times from a coarse clock (Linux before 6.13: one jiffy, up to
    10 ms) gives a same-size edit made just after the read, in the same tick, the change time of
    the edit before it; with its modification time put back (`touch -d`), every part of the stamp
    matched and the next run was served the cached parse of the old text."""
    now = 1_800_000_000 * 1_000_000_000
    settled = now - RACY_NS
    past = now - 86_400 * 1_000_000_000
    read_at = now - 500_000_000
    assert not is_settled((past, 10, read_at - 1_234_567, 1), settled, read_at)  # the tick of the read
    assert not is_settled((past, 10, read_at + 1_234_567, 1), settled, read_at)  # changed after it
    assert is_settled((past, 10, read_at - TICK_NS - 1_234_567, 1), settled, read_at)


def test_the_bank_keeps_a_document_only_once_its_change_is_a_tick_older_than_its_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The rule above holds where the bank saves its cache: with a tick longer than the test, the
    document read a moment after its change is left out; with the real tick, once that has
    passed, it is kept and the next run reads it from the cache."""
    root = write_bank(tmp_path / "memory_bank", {"a.md": "---\npurpose: A.\n---\n# A\n"})
    cache = tmp_path / "cache"
    os.utime(root / "a.md", (OLD, OLD))
    past_one_tick(root)
    monkeypatch.setattr(parse_cache, "TICK_NS", 3_600 * 1_000_000_000)
    assert not _bank(root, cache).save_cache()
    monkeypatch.undo()
    assert _bank(root, cache).save_cache()
    assert _bank(root, cache).cache.hits == 1
