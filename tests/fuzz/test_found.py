"""Hostile inputs found along the way, kept as plain tests; each runs in the worker, so a hang fails.

Every case here once crashed or hung a tool; the comment says what it did.
"""

from __future__ import annotations

import json

import pytest

from tests.conftest import CLEAN_BANK, write_bank
from tests.fuzz.worker import Worker
from tests.test_frontmatter import merge_bomb


@pytest.mark.parametrize(
    ("line", "found"),
    [
        # Backtick runs: the code-span pattern backtracked cubically (1 KB took 14 s).
        ("- " + "`" * 30_000 + "](x.md)", []),
        ("`" * 30_000 + "[a](x.md)" + "`" * 29_999, [("a", "x.md", 30_001)]),
        ("`" * 30_000 + "[a](x.md)" + "`" * 30_000, []),
        # Open brackets with no link: the link pattern rescanned the line from every `[`.
        ("[" * 100_000 + "](", []),
        ("](x '" * 50_000, []),
        ("[" + "a" * 100_000 + "](" + " " * 100_000, []),
        # Runs of `<` and `](<`: each `<…>` destination read stops at the next `<`, so no stretch
        # of the line is read twice.
        ("[a](" + "<" * 100_000 + ">)", []),
        ("[a" + "](<" * 100_000, []),
        ("[a](<" + "x](<\\<" * 30_000 + ">)", []),
        ("[a](<" + "\\<" * 50_000 + ">)", [("a", "\\<" * 50_000, 1)]),
        ("[a](<" + " " * 100_000 + "x.md>" + " " * 100_000 + "'", []),
        # Brackets that balance and destinations holding parentheses: an unclosed `[` is read once
        # on the stack, and a destination stops 33 parentheses deep.
        ("[" * 50_000 + "]" * 50_000 + "(", []),
        ("[a](" + "(" * 100_000, []),
        ("[[](" * 25_000, []),
        ("![[](" * 20_000, []),
        ("[`](" * 25_000, []),
        ("[](x (" * 16_000, []),
        ('[](x "\\"' * 10_000, []),
        ("[a](" + "\\" * 50_000, []),
        ("[" * 1_000 + "](" + "((" * 50_000 + "]" * 1_000, []),
    ],
)
def test_long_runs_of_link_punctuation(worker: Worker, line: str, found: list[tuple[str, str, int]]) -> None:
    assert worker.call("links", line) == [tuple(link) for link in found]


def test_a_heading_with_long_runs_of_spaces(worker: Worker) -> None:
    # `^#\s+(\S.*?)\s*$` retried the trailing spaces at every position: quadratic.
    line = "# " + " " * 100_000 + "x" + " " * 100_000 + "y" + " " * 100_000
    assert worker.call("heading", line, 1) == "x" + " " * 100_000 + "y"


@pytest.mark.parametrize(
    ("line", "found"),
    [
        # A lazy phrase tried from every word, then unbounded spaces: quadratic.
        ("aaaaa" + " " * 200_000, []),
        (("a" + " " * 15) * 12_500 + "defined in x.md", [(("a" + " " * 15) * 3 + "a", "x.md", 199_937)]),
        # Unclosed link labels after each verb: every label rescanned to the end of the line.
        (("a " * 30 + "defined in [") * 3_000, []),
    ],
)
def test_long_lines_of_claims(worker: Worker, line: str, found: list[tuple[str, str, int]]) -> None:
    assert worker.call("claims_of", line) == [tuple(claim) for claim in found]


@pytest.mark.parametrize(
    "text",
    [
        "корень" * 100_000,  # a keyword repeated inside one word rescanned the word each time
        "The root document" + " " * 200_000 + "!",  # spaces split two ways around the separator
        "a" * 300_000 + " ← root",  # a path tried from every letter of a long word
        "governance documents " * 20_000 + "\n\n| status | `a` |\n|---|---|",  # `A.*B` from every A
    ],
)
def test_hostile_governance_text(worker: Worker, text: str) -> None:
    assert worker.call("read_contract", text)["roots"] == []


@pytest.mark.parametrize("question", ["x" * 1_000_000, "ab " * 300_000, "й" * 1_000_000])
def test_a_question_of_a_million_characters_is_refused(worker: Worker, tmp_path, question: str) -> None:
    # One 1,000,000-character word: prefix matching against the header stems never returned, and
    # the server's lock was held meanwhile.
    root = write_bank(tmp_path / "memory-bank", CLEAN_BANK)
    assert worker.call("route_answer", str(root), question).startswith("refused: ")


@pytest.mark.parametrize("since", ["^" * 40 + "x", "~" * 100_000 + "x", "HEAD" + "~1^" * 50_000 + "?"])
def test_a_git_ref_made_of_ancestry_marks_is_answered(worker: Worker, tmp_path, since: str) -> None:
    # `(?:~\d*|\^+)+$` backtracked exponentially on a run of `^` that does not end the ref.
    root = write_bank(tmp_path / "memory-bank", CLEAN_BANK)
    assert worker.call("changed_answer", str(root), since).startswith("refused: ")


@pytest.mark.parametrize(
    "header",
    [
        merge_bomb(),  # merge keys expanded aliases uncounted: set_field never returned
        "size: 0x" + "f" * 5000,  # no integer of 6,000 digits can be printed back
        "reviewed: !!bool maybe",  # KeyError out of the loader
        "".join(" " * i + f"k{i}:\n" for i in range(950)) + " " * 950 + "v: 1",  # RecursionError
        # The value's trailing comment was looked for by re-reading the line up to every ` #`:
        # a quoted value holding 16,000 of them took 3 s, 60,000 the better part of a minute.
        'owner: "' + "a #" * 60_000 + '"  # kept',
        "owner: '" + "a #" * 60_000 + "'",
    ],
)
def test_set_field_answers_on_a_hostile_header(worker: Worker, tmp_path, header: str) -> None:
    document = f"---\ntitle: Hostile\nstatus: draft\n{header}\n---\n# Hostile\n"
    root = write_bank(tmp_path / "memory-bank", CLEAN_BANK | {"domain/hostile.md": document})
    answer = worker.call("set_field_answer", str(root), "domain/hostile.md", "owner", "someone")
    assert answer.startswith(("refused: ", "{"))


@pytest.mark.parametrize(
    "text",
    [
        # Code marks matched around a lazy middle: a run of backticks after `(` cost 19 s.
        "(" + "`" * 100_000,
        "Large Language Model (" + "*" * 50_000 + "LLM" + " " * 50_000,
        "(" * 100_000 + "LLM)",
    ],
)
def test_a_parenthesis_opening_a_long_run_of_code_marks(worker: Worker, text: str) -> None:
    assert worker.call("acronyms_of", text) == []


def test_acronyms_in_code_marks_are_still_read(worker: Worker) -> None:
    found = worker.call("acronyms_of", "Large Language Model (`LLM`) and УК (*управляющая компания*)")
    assert [acronym for _, acronym in found] == ["llm", "ук"]


@pytest.mark.parametrize(
    "body",
    [
        # The table-rule pattern split one run of blanks every possible way: 40,000 took 15 s.
        " " * 100_000 + "| threshold | value |\n",
        "| a | b |\n|---" + " " * 100_000 + "x\n",
        "| a |\n|" + "--- " * 50_000 + "|\n| threshold |\n",
        # A header row was read again for every row under it: rows times header words.
        "| " + " ".join(f"w{i}" for i in range(30_000)) + " |\n|---|\n" + "| threshold |\n" * 3_000,
    ],
)
def test_tables_of_pathological_shape_are_indexed(worker: Worker, tmp_path, body: str) -> None:
    document = f"---\ntitle: Pad\npurpose: a padded table\nstatus: draft\n---\n# Pad\n\nintro\n\n{body}"
    root = write_bank(tmp_path / "memory-bank", CLEAN_BANK | {"domain/pad.md": document})
    assert worker.call("read_tools", str(root), "threshold", "Pad", "pad.md")["answered"] > 0


def test_an_index_heading_with_a_long_run_of_spaces(worker: Worker) -> None:
    # `^(#{1,6})\s+(.*?)\s*#*\s*$` was cubic in the spaces: 2,000 of them took 52 s.
    text = "# Index\n\n# x" + " " * 100_000 + "y\n\n## Registry\n\n- [A](a.md) — An a.\n"
    assert "- [X](x.md) — An x." in worker.call("registry_entry", text)


def test_thousands_of_keys_in_one_header(worker: Worker, tmp_path) -> None:
    # Each finding on a canonical_for key re-read the whole document to place itself: 5,000
    # self-forbidden keys over a 1 MB document took minutes.
    keys = "".join(f"  - k{i}\n" for i in range(5_000))
    document = f"---\ncanonical_for:\n{keys}must_not_define:\n{keys}---\n# X\n" + "body line\n" * 100_000
    root = write_bank(tmp_path / "memory-bank", CLEAN_BANK | {"x.md": document})
    for fmt, code, out, _ in worker.call("lint", str(root), []):
        if fmt == "json":
            assert code == 1
            assert sum('"code": "MB006"' in line for line in out.splitlines()) == 5_000


def test_thousands_of_edges_written_with_escapes(worker: Worker) -> None:
    # An edge the line scanner could not match (`"\x41.md"` reads as `A.md`) was looked for
    # through every item: quadratic in the number of edges. Each is now read as the loader reads
    # it, and placed on its own line.
    header = "".join(f'  - "\\x41{i}.md"\n' for i in range(20_000))
    record = worker.call("parse", "x.md", f"---\nderived_from:\n{header}---\n# X\n")
    assert len(record["edges"]) == 20_000
    assert record["edges"][0] == ("A0.md", 3, 5)
    assert record["edges"][-1] == ("A19999.md", 20_002, 5)


def test_a_layer_weight_of_a_hundred_and_one_digits(worker: Worker, tmp_path) -> None:
    # Every score of the layer was too large to round to two places: bank_route raised on any
    # question that met a document of it.
    table = "\n| Directory | Layer | Weight |\n|---|---|---|\n| `domain` | `dna` | " + "9" * 101 + " |\n"
    files = CLEAN_BANK | {"dna/governance.md": CLEAN_BANK["dna/governance.md"] + table}
    root = write_bank(tmp_path / "memory-bank", files)
    result = worker.call("read_tools", str(root), "root principles", "", "README.md")
    assert result["refused"] == 0


@pytest.mark.parametrize(
    ("russian", "english", "question"),
    [
        # Building the bank's lexicon checked each word against a growing list per word of the
        # row: no answer within five minutes.
        ("правило", ", ".join(f"w{i}" for i in range(20_000)), "правило root"),
        # `rule` translated to `слово0` … `слово15`, each reaching thousands of indexed tokens that
        # extend it; the excerpt compared every form with every other to find the roots (30 s).
        (", ".join(f"слово{i}" for i in range(30_000)), "rule", "rules"),
    ],
)
def test_a_vocabulary_row_of_tens_of_thousands_of_words(
    worker: Worker, tmp_path, russian: str, english: str, question: str
) -> None:
    vocabulary = f"# Vocabulary\n\n| Русский | English |\n|---|---|\n| {russian} | {english} |\n"
    root = write_bank(tmp_path / "memory-bank", CLEAN_BANK | {"dna/vocabulary.md": vocabulary})
    result = worker.call("read_tools", str(root), question, "", "README.md")
    assert result["refused"] == 0


ENDINGS = ("\n", "\r\n", "\r")


def test_two_changes_far_apart_in_a_long_mixed_file_keep_every_line_between(worker: Worker) -> None:
    # 50,000 lines, a third blank and a third the same list item: a line diff comparing every pair
    # of equal lines took a minute for an edit in two places.
    lines = ["" if i % 3 == 0 else "- item" if i % 3 == 1 else f"text {i}" for i in range(50_000)]
    ends = [ENDINGS[i % 2] for i in range(len(lines) - 1)] + [""]
    original = "".join(line + end for line, end in zip(lines, ends, strict=True))
    new = [*lines[:10], "changed", "added", *lines[11:-10], "changed too", *lines[-9:]]
    got = worker.call("endings_restored", original, "\n".join(new), "\r")
    new_ends = [*ends[:10], "\r", "\r", *ends[11:-10], ends[-10], *ends[-9:]]
    assert got == "".join(line + end for line, end in zip(new, new_ends, strict=True))


def test_an_edit_too_costly_to_diff_writes_its_text_and_pairs_lines_by_position(worker: Worker) -> None:
    # Every line of a long mixed file rewritten, or the file reversed: the diff gives up within its
    # budget, the text is written as given, and a rewrite of as many lines keeps the endings in place.
    lines = [f"line {i}" for i in range(50_000)]
    ends = [ENDINGS[i % 3] for i in range(len(lines) - 1)] + [""]
    original = "".join(line + end for line, end in zip(lines, ends, strict=True))
    rewritten = worker.call("endings_restored", original, "\n".join(line + "!" for line in lines), "\n")
    reversed_ = worker.call("endings_restored", original, "\n".join(reversed(lines)), "\n")
    assert rewritten == "".join(line + "!" + end for line, end in zip(lines, ends, strict=True))
    assert reversed_.replace("\r\n", "\n").replace("\r", "\n") == "\n".join(reversed(lines))


def test_documents_anchoring_hundreds_of_folders_of_a_large_repository(worker: Worker, tmp_path) -> None:
    # Each anchored folder was timed by a pass over every file the log named: documents × anchors
    # × files: 12 s here for 250 KB of headers over 4,000 committed files.
    from tests.conftest import git

    repo = tmp_path / "repo"
    write_bank(repo, {f"src/d{d}/f{f}.py": "x\n" for d in range(400) for f in range(10)})
    anchors = "".join(f"  - src/d{d}\n" for d in range(400))
    header = f"title: A\ndoc_kind: engineering\nstatus: active\nanchors:\n{anchors}"
    documents = {f"engineering/a{i}.md": f"---\n{header}---\n# A\n" for i in range(50)}
    root = write_bank(repo / "memory-bank", CLEAN_BANK | documents)
    git(repo, "init", "-q", "-b", "main")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "first")
    answer = worker.call("drift_answer", str(root), bound=5.0)
    assert '"anchored":50' in answer and '"missing":[]' in answer


def test_thousands_of_index_links_to_folders_without_documents(worker: Worker, tmp_path) -> None:
    # Each folder link that registers nothing was checked for documents under it by a look at
    # every document of the bank: 10,000 links in a bank of 10,000 documents took 8 s.
    documents = {f"notes/n{i}.md": "# N\n" for i in range(10_000)}
    index = "# Notes\n\n" + "".join(f"- [n{i}](n{i}.md) and [gone](gone{i}/)\n" for i in range(10_000))
    root = write_bank(tmp_path / "memory-bank", CLEAN_BANK | documents | {"notes/README.md": index})
    code, out, _ = worker.call("lint_text", str(root), ["--select", "MB007"], bound=5.0)
    assert code == 1
    assert out.count("MB007") == 10_000 and "no documents live there" in out


def _edges_bank(tmp_path, written: str, count: int):
    edges = "".join(f"  - {written}\n" for _ in range(count))
    document = f"---\ntitle: T\nstatus: draft\npurpose: p\nderived_from:\n{edges}---\n# T\n"
    return write_bank(tmp_path / "memory-bank", CLEAN_BANK | {"dna/t.md": document})


def test_thousands_of_edges_written_from_the_repository_root(worker: Worker, tmp_path) -> None:
    # Each edge's fix was checked by reading the whole document back, in every run (fixes applied
    # or not): 4,000 edges took two minutes; applied or shown as SARIF, each fix copied the file.
    root = _edges_bank(tmp_path, "memory-bank/dna/principles.md", 5_000)
    code, out, _ = worker.call("lint_text", str(root), ["--select", "MB001", "--statistics"], bound=5.0)
    assert code == 1 and "5000  MB001  broken-derived-from  (5000 fixable)" in out
    runs = {fmt: (code, out) for fmt, code, out, _ in worker.call("lint", str(root), [])}
    assert runs["sarif"][1].count('"deletedRegion"') == 5_000 + 1  # and registering the document
    code, out, _ = worker.call("lint_text", str(root), ["--select", "MB001", "--fix"], bound=5.0)
    assert code == 0 and "5000 fixed" in out
    assert (root / "dna/t.md").read_text().splitlines().count("  - principles.md") == 5_000


def test_thousands_of_edges_to_a_document_that_moved(worker: Worker, tmp_path) -> None:
    # The unsafe pick (the one document of that name) is checked and applied the same way.
    root = _edges_bank(tmp_path, "old/principles.md", 5_000)
    code, out, _ = worker.call("lint_text", str(root), ["--select", "MB001", "--statistics"], bound=5.0)
    assert code == 1 and "5000  MB001  broken-derived-from  (5000 fixable with --unsafe-fixes)" in out
    args = ["--select", "MB001", "--fix", "--unsafe-fixes"]
    code, out, _ = worker.call("lint_text", str(root), args, bound=5.0)
    assert code == 0 and "5000 fixed" in out
    assert (root / "dna/t.md").read_text().splitlines().count("  - principles.md") == 5_000


def test_thousands_of_index_entries_to_documents_that_moved(worker: Worker, tmp_path) -> None:
    # Each entry's fix split the whole index into lines, and applying or showing the fixes copied
    # it once per entry: 10,000 entries took 31 s as SARIF.
    documents = {
        f"notes/n{i}.md": f"---\ntitle: N{i}\nstatus: draft\npurpose: p\n---\n# N\n" for i in range(10_000)
    }
    index = "# Notes\n\n" + "".join(f"- [n{i}](old/n{i}.md)\n" for i in range(10_000))
    root = write_bank(tmp_path / "memory-bank", CLEAN_BANK | documents | {"notes/README.md": index})
    code, out, _ = worker.call("lint_text", str(root), ["--select", "MB007", "--format", "sarif"])
    assert code == 1 and out.count('"deletedRegion"') == 10_000
    args = ["--select", "MB007", "--fix", "--unsafe-fixes"]
    code, out, _ = worker.call("lint_text", str(root), args, bound=5.0)
    assert code == 0 and "10000 fixed" in out
    lines = (root / "notes/README.md").read_text().splitlines()
    assert lines[2:] == [f"- [n{i}](n{i}.md)" for i in range(10_000)]


def test_thousands_of_index_entries_to_documents_that_moved_in_an_index_with_no_final_line_feed(
    worker: Worker, tmp_path
) -> None:
    # Each one-line fix asks whether it falls on a last line without a line feed (its region then
    # ends at that line's end, not past the file): 10,000 of them in one index stay within the bound.
    documents = {
        f"notes/n{i}.md": f"---\ntitle: N{i}\nstatus: draft\npurpose: p\n---\n# N\n" for i in range(10_000)
    }
    index = "# Notes\n\n" + "\n".join(f"- [n{i}](old/n{i}.md)" for i in range(10_000))
    root = write_bank(tmp_path / "memory-bank", CLEAN_BANK | documents | {"notes/README.md": index})
    code, out, _ = worker.call("lint_text", str(root), ["--select", "MB007", "--format", "sarif"])
    regions = [
        change["replacements"][0]["deletedRegion"]
        for result in json.loads(out)["runs"][0]["results"]
        for fix in result.get("fixes", [])
        for change in fix["artifactChanges"]
    ]
    assert code == 1 and len(regions) == 10_000
    assert sorted(region["endColumn"] for region in regions)[-2:] == [1, len("- [n9999](old/n9999.md)") + 1]


def test_a_long_indented_line_under_a_header_value_yaml_cannot_read(worker: Worker, tmp_path) -> None:
    # Looking for a block scalar's opener, a pattern tried the rest of the line after every
    # length of its indent: 40,000 pairs of blanks took 33 s to lint.
    header = "title: T\nstatus: draft\npurpose: Read when: flaky tests.\n" + "  " * 40_000 + "y\n"
    root = write_bank(tmp_path / "memory-bank", CLEAN_BANK | {"t.md": f"---\n{header}---\n# T\n"})
    code, out, _ = worker.call("lint_text", str(root), ["--select", "MB002"])
    assert code == 1 and "t.md" in out and "MB002" in out


def test_thousands_of_line_suppressions_in_one_document(worker: Worker, tmp_path) -> None:
    # Every finding was checked against every suppression of its document: 16,000 dead index
    # entries, each with its own `<!-- noqa: MB007 -->`, took 30 s to lint.
    index = "# Notes\n\n" + "".join(f"- [gone{i}](gone{i}.md) <!-- noqa: MB007 -->\n" for i in range(12_000))
    index += "".join("<!-- memorybank-lint: disable MB007 -->\n" for _ in range(3_000))
    root = write_bank(tmp_path / "memory-bank", CLEAN_BANK | {"notes/README.md": index})
    code, out, _ = worker.call("lint_text", str(root), ["--select", "MB007,MB013"], bound=5.0)
    assert (code, out.strip()) == (0, "No findings.")
    code, out, _ = worker.call("lint_text", str(root), ["--select", "MB007", "--ignore-noqa"], bound=5.0)
    assert code == 1 and out.count("MB007") == 12_000


def test_a_header_of_tens_of_thousands_of_keys_that_mentions_a_suppression(worker: Worker, tmp_path) -> None:
    # Telling a suppression from a value's text placed every scalar of the header by rescanning
    # the header up to it: 60,000 keys took 21 s.
    keys = "".join(f"k{i}: v\n" for i in range(60_000))
    document = f"---\ntitle: T\npurpose: P  # noqa: MB002\nnotes: |\n  # noqa: MB009\n{keys}---\n# T\n"
    root = write_bank(tmp_path / "memory-bank", CLEAN_BANK | {"x.md": document})
    code, out, _ = worker.call("lint_text", str(root), ["--select", "MB009,MB013"], bound=5.0)
    assert code == 0 and "x.md:3:13: MB013" in out and "x.md:1:1: MB009" in out  # warnings only


def test_an_edit_of_a_large_page_of_brackets(worker: Worker, tmp_path) -> None:
    # Telling the headings a reader sees from the bank's sections ran the parser's inline rules
    # over the whole page, twice: an edit of a 1.9 MB page of `[` lines took 31 s.
    page = "---\ntitle: T\n---\n# T\n\n## A\n\nPLACE\n\n## B\n\n" + ("[" * 99 + "\n") * 19_000
    root = write_bank(tmp_path / "memory-bank", CLEAN_BANK | {"notes/t.md": page})
    answer = worker.call("edit_answer", str(root), "notes/t.md", "PLACE", "x", bound=10.0)
    assert not answer.startswith("refused") and '"path":"notes/t.md"' in answer
    assert "\nx\n" in (root / "notes/t.md").read_text()


def test_a_contract_of_thousands_of_values_and_as_many_findings(worker: Worker, tmp_path) -> None:
    # Each MB008 finding listed every declared value: 4,000 values and 4,000 findings printed
    # 156 MB (16,000 of each took 12 GB and two minutes).
    from tests.conftest import FIXTURE

    governance = (FIXTURE / "dna" / "governance.md").read_text(encoding="utf-8")
    extra = ", ".join(f"`kind{i}`" for i in range(6_000))
    row = next(line for line in governance.splitlines() if line.startswith("| `doc_kind`"))
    governance = governance.replace(row, row.replace("`governance` |", f"`governance`, {extra} |"))
    documents = {
        f"notes/n{i}.md": f"---\ntitle: N{i}\ndoc_kind: bad{i}\nstatus: draft\npurpose: p\n---\n# N\n"
        for i in range(6_000)
    }
    root = write_bank(tmp_path / "memory-bank", CLEAN_BANK | documents | {"dna/governance.md": governance})
    code, out, _ = worker.call("lint_text", str(root), ["--select", "MB008"], bound=5.0)
    assert code == 0 and out.count("MB008") == 6_000  # warnings
    assert len(out) < 6_000 * 400  # each finding names a few declared values, not all of them


def test_a_chain_whose_every_link_closes_a_loop(worker: Worker, tmp_path) -> None:
    # Each of N documents derives from the next and from the first: N loops of 2 to N members,
    # each copied, searched for its smallest member and summed: 16,000 took 46 s to lint.
    count = 8_000
    names = [f"c{i:05d}.md" for i in range(count)]
    documents = {}
    for i, name in enumerate(names):
        targets = ([names[i + 1]] if i + 1 < count else []) + ([names[0]] if i else [])
        edges = "".join(f"  - {target}\n" for target in targets)
        documents[f"notes/{name}"] = (
            f"---\ntitle: C\nstatus: draft\npurpose: p\nderived_from:\n{edges}---\n# C\n"
        )
    root = write_bank(tmp_path / "memory-bank", CLEAN_BANK | documents)
    code, out, _ = worker.call("lint_text", str(root), ["--select", "MB003", "--format", "json"], bound=5.0)
    import json

    found = json.loads(out)
    assert code == 1 and len(found) == count - 1
    by_size = sorted(found, key=lambda f: len(f["message"]))
    assert (
        by_size[0]["message"] == "derived_from cycle: notes/c00000.md -> notes/c00001.md -> notes/c00000.md"
    )
    longest = [f for f in found if f["path"] == f"notes/{names[-1]}"]
    assert (
        len(longest) == 1
        and f"… {count - 12 + 1} more … -> notes/{names[-1]} -> notes/c00000.md" in (longest[0]["message"])
    )


def test_thousands_of_unsafe_picks_for_moved_targets(worker: Worker, tmp_path) -> None:
    # Each unsafe pick was checked for a loop against every pick taken before it, one ancestry
    # question per pair: 16,000 documents whose targets moved took 108 s to show as a diff.
    count = 6_000
    documents = {}
    for i in range(count):
        edge = f"  - old/t{i}.md\n"
        documents[f"notes/a{i}.md"] = (
            f"---\ntitle: A\nstatus: draft\npurpose: p\nderived_from:\n{edge}---\n# A\n"
        )
        documents[f"ops/t{i}.md"] = "---\ntitle: T\nstatus: draft\npurpose: p\n---\n# T\n"
    root = write_bank(tmp_path / "memory-bank", CLEAN_BANK | documents)
    args = ["--select", "MB001", "--diff", "--unsafe-fixes"]
    # parsing the 12,000 documents alone takes about 5 s of a loaded machine: the bound leaves room
    code, out, _ = worker.call("lint_text", str(root), args, bound=10.0)
    assert code == 1 and out.count("+  - ../ops/t") == count


def test_a_thousand_anchors_over_a_thousand_commits(worker: Worker, tmp_path) -> None:
    # Every anchor and document was one literal pathspec of one `git log`, and git matches each
    # changed name against each: 1,000 anchors over 1,000 commits took 15 s, 2,000 hit git's
    # 60 s limit and `bank_drift` answered that no anchor could be timed.
    import json
    import subprocess

    from tests.conftest import git

    count = 1_200
    repo = tmp_path / "repo"
    header = "title: D\ndoc_kind: engineering\nstatus: active\nanchors:\n  - src/f{i}.py\n"
    documents = {f"engineering/d{i}.md": f"---\n{header.format(i=i)}---\n# D\n" for i in range(count)}
    write_bank(repo, {f"src/f{i}.py": "x = 0\n" for i in range(count)})
    root = write_bank(repo / "memory-bank", CLEAN_BANK | documents)
    git(repo, "init", "-q", "-b", "main")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "first", date="2023-11-14T00:00:00+00:00")
    base = git(repo, "rev-parse", "HEAD").strip()
    stream = "".join(  # then each file changed once, a commit each, 200 days on
        f"commit refs/heads/main\ncommitter a <a@b> {1_717_000_000 + 60 * i} +0000\ndata 1\nc\n"
        + (f"from {base}\n" if i == 0 else "")
        + f"M 100644 inline src/f{i}.py\ndata {len(f'y = {i}') + 1}\ny = {i}\n\n"
        for i in range(count)
    )
    subprocess.run(["git", "-C", str(repo), "fast-import", "--quiet"], input=stream.encode(), check=True)
    git(repo, "reset", "-q", "--hard")
    answer = json.loads(worker.call("drift_answer", str(root), bound=5.0))
    assert "note" not in answer, answer.get("note")
    assert answer["anchored"] == count and len(answer["drifted"]) + answer["driftedLeftOut"] == count
    assert {entry["aheadDays"] for entry in answer["drifted"]} <= {197, 198}


def test_a_list_of_sections_of_one_page_of_thousands_of_headings(worker: Worker, tmp_path) -> None:
    # Each request of a list read, parsed and matched its page afresh, every heading folded
    # twice: 100 sections of a page of 400,000 headings took 250 s.
    page = "---\ntitle: Big\nstatus: draft\n---\n# Big\n\n" + "".join(f"## Part {n}\n" for n in range(40_000))
    root = write_bank(tmp_path / "memory-bank", CLEAN_BANK | {"big.md": page})
    asked = [{"path": "big.md", "section": f"Part {n}" if n % 2 else f"Nope {n}"} for n in range(100)]
    answer = json.loads(worker.call("read_answer", str(root), asked))
    assert [d["section"] for d in answer["documents"]] == [f"Part {n}" for n in range(1, 100, 2)]
    assert [f["error"].split(";")[0] for f in answer["failed"]] == [
        f"No section 'Nope {n}' in big.md" for n in range(0, 100, 2)
    ]
