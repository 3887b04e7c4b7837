"""The frontmatter loader on headers that try to break it: every one is refused with a plain reason."""

from __future__ import annotations

import json

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from memorybank_lint import frontmatter


def header(*lines: str) -> frontmatter.Header:
    """Parse a document made of these header lines and a short body."""
    return frontmatter.parse("---\n" + "\n".join(lines) + "\n---\n# Body\n")[1]


def merge_bomb(depth: int = 10) -> str:
    """Each level merges the one below and lists it nine times: tiny text, astronomic expansion."""
    lines = ['l0: &l0 {a: "lol", b: "lol"}']
    for level in range(1, depth + 1):
        below = f"*l{level - 1}"
        lines.append(f"l{level}: &l{level} {{<<: {below}, x: [{', '.join([below] * 9)}]}}")
    return "\n".join(lines)


# -- tags ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "value", "tag"),
    [
        ("reviewed: !!bool maybe", "maybe", "!!bool"),
        ("reviewed: !!timestamp nonsense", "nonsense", "!!timestamp"),
        ("reviewed: !!timestamp 2024-13-45", "2024-13-45", "!!timestamp"),
        ("count: !!int twelve", "twelve", "!!int"),
        ("ratio: !!float half", "half", "!!float"),
        ("blob: !!binary abc", "abc", "!!binary"),
    ],
)
def test_a_value_its_tag_cannot_read_is_refused_by_name(line: str, value: str, tag: str) -> None:
    parsed = header("title: Tagged", line)
    column = line.index("!") + 1
    assert parsed.error == f"the value '{value}' cannot be read as {tag} at line 3, column {column}"
    assert parsed.data == {"title": "Tagged", line.split(":")[0]: line.split(": ", 1)[1]}


@pytest.mark.parametrize(
    ("line", "tag"),
    [
        ("obj: !!python/object:os.system {}", "!!python/object:os.system"),
        ("obj: !local value", "!local"),
        ("obj: !<tag:example.com,2024:thing> value", "tag:example.com,2024:thing"),
        ("obj: !!str [a, b]", "!!str"),
    ],
)
def test_a_tag_the_bank_does_not_read_is_named(line: str, tag: str) -> None:
    parsed = header(line)
    assert parsed.error is not None
    assert parsed.error.startswith(f"the tag {tag} is not read here")


def test_tags_the_bank_reads_keep_working() -> None:
    parsed = header(
        "a: !!str 12",
        "b: !!int 0x1F",
        "c: !!bool true",
        "d: !!set {x, y}",
        "e: !!omap [{one: 1}, {two: 2}]",
        "f: !!binary aGk=",
        "g: <<",
    )
    assert parsed.error is None
    assert parsed.data == {
        "a": "12",
        "b": 31,
        "c": True,
        "d": {"x", "y"},
        "e": [("one", 1), ("two", 2)],
        "f": b"hi",
        "g": "<<",
    }


@pytest.mark.parametrize(
    ("line", "tag", "column"),
    [
        ("y: !!pairs [{a: 1}, b]", "!!pairs", 21),
        ("y: !!omap [{a: 1, b: 2}]", "!!omap", 12),
        ("y: !!pairs [[a, 1]]", "!!pairs", 13),
    ],
)
def test_an_item_of_pairs_or_omap_that_is_no_one_key_mapping_names_the_list_tag(
    line: str, tag: str, column: int
) -> None:
    """`!!pairs [{a: 1}, b]` was refused as "each item of !!str must be …": the item's own tag
    was named in place of the list's."""
    assert header(line).error == f"each item of {tag} must be a one-key mapping at line 2, column {column}"


# -- aliases and merge keys ---------------------------------------------------------------------


def test_a_merge_key_alias_bomb_is_refused() -> None:
    parsed = header("title: Bomb", merge_bomb())
    assert parsed.error is not None
    assert parsed.error.startswith("more than 16 aliases (refused as a possible alias bomb)")
    assert parsed.data["title"] == "Bomb"
    assert list(parsed.data) == ["title", *(f"l{n}" for n in range(11))]


def test_aliases_of_scalars_count_too() -> None:
    parsed = header("big: &big " + "x" * 100, "list: [" + ", ".join(["*big"] * 40) + "]")
    assert parsed.error is not None
    assert "aliases" in parsed.error


def test_aliases_count_as_written_not_by_the_size_of_what_they_name() -> None:
    """Three merges of a three-key mapping were refused as "more than 16 aliases": every node
    under an alias counted as one."""
    parsed = header("base: &d {owner: a, team: b, tier: c}", "x: {<<: *d}", "y: {<<: *d}", "z: {<<: *d}")
    assert parsed.error is None
    assert parsed.data["z"] == {"owner": "a", "team": "b", "tier": "c"}
    uses = header("a: &a [1, 2, 3]", "b: [" + ", ".join(["*a"] * 16) + "]")
    assert uses.error is None
    assert uses.data["b"] == [[1, 2, 3]] * 16


def test_what_aliases_rebuild_is_bounded_however_few_they_are() -> None:
    """Sixteen aliases of a list of a hundred values rebuild 1,600: refused by what they build."""
    parsed = header("a: &a [" + ", ".join(["x"] * 100) + "]", "b: [" + ", ".join(["*a"] * 16) + "]")
    assert parsed.error is not None
    assert parsed.error.startswith("aliases that rebuild more than 1000 values")


def test_merge_keys_merge_as_yaml_says() -> None:
    parsed = header(
        "base: &base {status: draft, owner: a}",
        "extra: &extra {owner: b, team: c}",
        "doc:",
        "  <<: [*base, *extra]",
        "  status: active",
    )
    assert parsed.error is None
    assert parsed.data["doc"] == {"status": "active", "owner": "a", "team": "c"}


@pytest.mark.parametrize("value", ["plain", "[a, b]", "[{a: 1}, plain]"])
def test_a_merge_key_on_something_other_than_mappings_is_refused(value: str) -> None:
    parsed = header(f"doc: {{<<: {value}}}")
    assert parsed.error is not None
    assert parsed.error.startswith("a merge key '<<' must name a mapping or a list of mappings")


# -- sizes --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "number", ["0x" + "f" * 5000, "0o" + "7" * 5000, "9" * 5000, "1" * 200 + ".5", "!!int " + "1:2" * 60]
)
def test_a_number_too_long_to_be_one_is_refused(number: str) -> None:
    parsed = header("title: Numbers", f"n: {number}")
    assert parsed.error is not None
    assert "characters long" in parsed.error
    assert "line 3" in parsed.error
    assert parsed.data["title"] == "Numbers"
    json.dumps(parsed.data)


def test_a_long_number_that_is_still_a_number_is_read() -> None:
    parsed = header("n: 0x" + "f" * 60)
    assert parsed.error is None
    assert parsed.data["n"] == 16**60 - 1


@pytest.mark.parametrize(
    "nested",
    [
        "".join(" " * i + f"k{i}:\n" for i in range(950)) + " " * 950 + "v: 1",
        "x: " + "[" * 500 + "]" * 500,
        "x: " + "{a: " * 200 + "1" + "}" * 200,
    ],
)
def test_nesting_deeper_than_the_limit_is_refused(nested: str) -> None:
    parsed = header(nested)
    assert parsed.error is not None
    assert "nested deeper than" in parsed.error or "nesting depth" in parsed.error
    json.dumps(frontmatter.parse("---\n" + nested + "\n---\n")[1].data)


def test_nesting_within_the_limit_is_read() -> None:
    parsed = header("x: " + "[" * 20 + "]" * 20)
    assert parsed.error is None


# -- reasons and advice -------------------------------------------------------------------------


def test_an_unquoted_colon_in_a_value_is_the_one_cause_that_gets_the_quoting_advice() -> None:
    parsed = header("title: T", "purpose: Defines the retry layer: backoff and jitter.")
    assert parsed.error == "mapping values are not allowed in this context at line 3, column 33"
    assert parsed.advice == "values were recovered line by line. Quote any value that contains ': '"


# NEL, LS and PS end a line to PyYAML (YAML 1.1) but not to the bank, editors or CommonMark.
YAML_11_BREAKS = ("\x85", "\u2028", "\u2029")


@pytest.mark.parametrize(
    "title",
    [
        '"Retry\u2028layer"',
        "'Retry\x85layer'",
        '"a\u2029b"',
        '"a\u2028b\u2029c\x85d\u2028e"',
        "Retry\u2028 layer",  # a plain value running on after the break
    ],
)
def test_a_yaml_11_line_break_in_a_value_above_an_unquoted_colon_keeps_its_line_and_advice(
    title: str,
) -> None:
    """Each NEL, LS or PS before the error placed it a line lower, on a line that holds no colon,
    so the quoting advice was lost too."""
    parsed = header(f"title: {title}", "purpose: Defines the retry layer: backoff and jitter.")
    assert parsed.error == "mapping values are not allowed in this context at line 3, column 33"
    assert parsed.advice == "values were recovered line by line. Quote any value that contains ': '"


def test_a_yaml_11_line_break_on_the_line_of_the_colon_counts_in_its_column() -> None:
    parsed = header("title: T", "purpose: Retry\u2028 layer: backoff")
    assert parsed.error == "mapping values are not allowed in this context at line 3, column 22"
    assert parsed.advice == "values were recovered line by line. Quote any value that contains ': '"


@pytest.mark.parametrize(
    ("lines", "error"),
    [
        (
            ('title: "a\u2028b\x85c"', "status: ok", "tags: [a"),
            "did not find expected ',' or ']' at line 4, column 9",
        ),
        (('title: "a\u2029b"', "x:", "  - a", " - b"), "did not find expected key at line 5, column 2"),
        (
            ('title: "a\u2028b"', "reviewed: !!bool maybe"),
            "the value 'maybe' cannot be read as !!bool at line 3, column 11",
        ),
    ],
)
def test_a_yaml_11_line_break_in_a_value_does_not_move_a_later_error(
    lines: tuple[str, ...], error: str
) -> None:
    parsed = header(*lines)
    assert parsed.error == error
    assert parsed.advice == "values were recovered line by line"


_VALUE_TEXT = st.text(st.sampled_from([*"ab :", " ", *YAML_11_BREAKS]), max_size=12)


@given(
    before=st.lists(_VALUE_TEXT, max_size=4),
    after=st.integers(min_value=0, max_value=2),
    quote=st.sampled_from(['"', "'"]),
)
def test_the_reported_line_is_the_banks_line_however_many_yaml_11_breaks_come_first(
    before: list[str], after: int, quote: str
) -> None:
    """Quoted values holding any mix of NEL, LS and PS above a value with an unquoted `: `: the
    error is placed on the line the bank's own splitter gives that value, at its second colon."""
    broken = "purpose: Defines the retry layer: backoff and jitter."
    lines = [f"key{n}: {quote}{text}{quote}" for n, text in enumerate(before)]
    lines += [broken] + [f"after{n}: x" for n in range(after)]
    text = frontmatter.normalized("---\n" + "\n".join(lines) + "\n---\n# Body\n")
    parsed = frontmatter.parse(text)[1]
    line = text.split("\n").index(broken) + 1
    assert parsed.error == f"mapping values are not allowed in this context at line {line}, column 33"
    assert parsed.advice == "values were recovered line by line. Quote any value that contains ': '"


def _marked(value: object, mark: str) -> object:
    """`value` with each `{m}` in its strings (keys too) written as `mark`."""
    if isinstance(value, str):
        return value.replace("{m}", mark)
    if isinstance(value, list):
        return [_marked(item, mark) for item in value]
    if isinstance(value, dict):
        return {_marked(key, mark): _marked(item, mark) for key, item in value.items()}
    return value


@pytest.mark.parametrize("mark", YAML_11_BREAKS, ids=["NEL", "LS", "PS"])
@pytest.mark.parametrize(
    ("lines", "data"),
    [
        (("purpose: Pasted text{m}more",), {"purpose": "Pasted text{m}more"}),
        (("purpose: 'It''s{m}more'",), {"purpose": "It's{m}more"}),
        (('purpose: "a{m}  b"',), {"purpose": "a{m}  b"}),
        (("purpose: |", "  one{m}two", "  three"), {"purpose": "one{m}two\nthree"}),
        (("tags: [a{m}b, c]",), {"tags": ["a{m}b", "c"]}),
        (("ke{m}y: v",), {"ke{m}y": "v"}),
        (("status: x # a note{m}owner: me",), {"status": "x"}),  # the comment runs to the line's end
        (("count: 12{m}",), {"count": "12{m}"}),  # no number once the mark is part of it
        # characters of the private use area, which the loader may lend the marks, stay apart
        (("a: \ue000 and{m}", "b: \ue001{m}\ue002"), {"a": "\ue000 and{m}", "b": "\ue001{m}\ue002"}),
    ],
    ids=["plain", "single", "double", "block", "flow", "key", "comment", "number", "private use"],
)
def test_nel_ls_and_ps_are_text_inside_a_line_as_yaml_12_reads_them(
    mark: str, lines: tuple[str, ...], data: dict[str, object]
) -> None:
    """`purpose: Pasted text<U+2028>more` was refused ("could not find expected ':'"): PyYAML
    reads YAML 1.1, where NEL, LS and PS end a line; YAML 1.2, the reference's reader and the bank
    keep them inside it."""
    parsed = header("title: T", *(_marked(line, mark) for line in lines))
    assert parsed.error is None
    assert parsed.data == {"title": "T", **_marked(data, mark)}  # type: ignore[dict-item]


@pytest.mark.parametrize("mark", YAML_11_BREAKS, ids=["NEL", "LS", "PS"])
def test_a_value_holding_nel_ls_or_ps_and_an_unquoted_colon_is_still_refused_with_the_advice(
    mark: str,
) -> None:
    parsed = header("title: T", f"purpose: Pasted{mark} text: more")
    assert parsed.error == "mapping values are not allowed in this context at line 3, column 22"
    assert parsed.advice == "values were recovered line by line. Quote any value that contains ': '"


@pytest.mark.parametrize(
    "lines",
    [
        ("a: b", "  c: d"),  # bad indentation raises the same YAML problem, with no colon in a value
        ("title: [unclosed",),
        ("title: T", "\tpurpose: tab"),
    ],
)
def test_other_syntax_errors_get_no_quoting_advice(lines: tuple[str, ...]) -> None:
    parsed = header(*lines)
    assert parsed.error is not None
    assert parsed.advice == "values were recovered line by line"


def test_a_missing_closing_fence_is_its_own_reason() -> None:
    split, parsed = frontmatter.parse("---\ntitle: T\n# Heading\n\nSome text.\n")
    assert parsed.error == "the frontmatter opened on line 1 has no closing '---' line at line 1, column 1"
    assert parsed.advice == "nothing was read from it; add a '---' line where the header ends"
    assert parsed.data == {}
    assert (split.body_line, split.closed) == (1, False)


def test_a_missing_closing_fence_after_valid_yaml_keeps_the_values() -> None:
    split, parsed = frontmatter.parse("---\ntitle: T\nstatus: draft\n")
    assert (split.body, split.closed) == ("", False)
    assert parsed.error == "the frontmatter opened on line 1 has no closing '---' line at line 1, column 1"
    assert parsed.advice == "its values were read; add a '---' line where the header ends"
    assert parsed.data == {"title": "T", "status": "draft"}


def test_the_line_reader_reads_a_flat_flow_list_as_a_list() -> None:
    """Once strict YAML fails on another line, `derived_from: [a.md, b.md]` was kept as one string:
    its edges went unchecked until a fix of the other line revealed them."""
    block = "purpose: a: b\nderived_from: [pricing.md, '../gone/legacy.md']\ntags: [a] more"
    data = frontmatter.recover(block)
    assert data["derived_from"] == ["pricing.md", "../gone/legacy.md"]
    assert data["tags"] == "[a] more"  # not one flat list: left as written
    assert frontmatter.recover("k: [[nested], x]")["k"] == "[[nested], x]"


def test_the_line_reader_reads_a_flat_flow_list_spanning_lines_as_a_list() -> None:
    """`derived_from: [` with an item a line was kept as the string `[`: its edges went unchecked
    until a fix of another line revealed them, and a second --fix then rewrote them."""
    block = "purpose: a: b\nderived_from: [a.md,  # first\n  'b.md',  # why\n\n  d.md#part\n]\nstatus: draft"
    data = frontmatter.recover(block)
    assert data["derived_from"] == ["a.md", "b.md", "d.md#part"] and data["status"] == "draft"
    assert frontmatter.recover("bad: a: b\nk: [a,\n  [nested]]\nz: 1") == {
        "bad": "a: b",
        "k": "[a,",
        "z": "1",
    }
    assert frontmatter.recover("bad: a: b\nk: [a,\n  b")["k"] == "[a,"  # never closed: as written
    assert frontmatter.recover("bad: a: b\nk: [a,\nz: 1\n]")["z"] == "1"


@pytest.mark.parametrize(
    ("block", "missed"),
    [
        ("bad: a: b\nderived_from: [a.md,  # first\n  'b.md',\n]\nstatus: draft", None),
        ("bad: a: b\nk: [a,\n  [nested]]\nz: 1", 1),  # nests: kept as its key's line wrote it
        ("bad: a: b\nk: [a,\n  b", 1),  # never closed
        ("bad: a: b\nk: [a,\nz: 1\n]", 1),  # a key came first
        ("bad: a: b\nnotes: |\n  kept text", 1),  # a block scalar's text is below it
        ("bad: a: b\nowner:\n  name: x", 2),  # a mapping's keys
        ("bad: a: b\n# a comment\n\nderived_from:\n  - path: a.md\n    fit: x", None),
    ],
)
def test_the_line_reader_names_the_first_line_it_does_not_read_whole(block: str, missed: int | None) -> None:
    """What a promoted note would lose: a list over lines that the reader keeps as its first line,
    a block scalar, a mapping's keys; a flat list it reads whole loses nothing."""
    assert frontmatter.unrecovered(block) == missed


@pytest.mark.parametrize(
    ("line", "key", "value"),
    [
        ("status: active  # since May", "status", "active"),
        ("derived_from : [a.md, b.md]", "derived_from", ["a.md", "b.md"]),
        ("title: 'Issue #4'", "title", "Issue #4"),
        ("title: Issue#4", "title", "Issue#4"),
        ("status: 'draft'  # since May", "status", "draft"),
        ('title: "Issue #4"  # tracked', "title", "Issue #4"),
        ("derived_from:\n  - 'a.md'  # noqa: MB001", "derived_from", ["a.md"]),
        (
            "derived_from:\n  - path: a.md  # moved\n    fit: 'x'  # why",
            "derived_from",
            [{"path": "a.md", "fit": "x"}],
        ),
    ],
)
def test_the_line_reader_reads_a_value_as_yaml_would(line: str, key: str, value: object) -> None:
    """A header strict YAML rejects is read line by line; `# since May` kept in the status, or a
    `key :` passed over, hid findings the quoting fix then brought out (a second --fix changed
    the file again). So did a comment after a quoted value, and after a `path:` or `fit:` item,
    which were read as part of it (`derived_from target 'a.md'  # noqa: MB001'`)."""
    assert frontmatter.recover(f"bad: a: b\n{line}")[key] == value


def test_the_line_reader_takes_no_key_from_inside_a_quoted_value() -> None:
    """`derived_from: [memory-bank/b.md]` quoted as text inside a purpose was read as the key,
    and the safe fix for repository-root targets rewrote the purpose's text."""
    block = 'purpose: "Old header, kept as text:\nderived_from: [memory-bank/b.md]\nend"\nstatus: [broken'
    recovered = frontmatter.recover(block)
    assert "derived_from" not in recovered and recovered["purpose"].startswith("Old header")
    assert set(frontmatter.recover("title: 'It''s\nstatus: x'\nowner: me")) == {"title", "owner"}


@pytest.mark.parametrize(
    ("lines", "where"),
    [
        (("title: A", "status: active", "status: archived"), "'status' at line 4, column 1"),
        (("title: A", "owner:", "  team: a", "  team: b"), "'team' at line 5, column 3"),
        (("title: A", "x: {k: 1, k: 2}"), "'k' at line 3, column 11"),
    ],
)
def test_a_key_given_twice_is_refused_not_silently_overwritten(lines: tuple[str, ...], where: str) -> None:
    """A second `status:` once won without a word, and every rule then judged the document by it."""
    parsed = header(*lines)
    assert parsed.error == f"duplicated mapping key {where}"
    assert parsed.advice == "values were recovered line by line"


def test_a_merged_key_the_mapping_sets_again_is_no_duplicate() -> None:
    assert header("base: &b {a: 1}", "x:", "  <<: *b", "  a: 2").data["x"] == {"a": 2}


@pytest.mark.parametrize(
    ("lines", "where"),
    [
        (("1: one", '"1": two'), "'1' at line 3, column 1"),
        (("null: n", '"null": x'), "'null' at line 3, column 1"),
        (("~: n", "null: x"), "'null' at line 3, column 1"),
        (("false: f", "'false': x"), "'false' at line 3, column 1"),
        (("!!binary aGk=: b", "'!!binary aGk=': x"), "'!!binary aGk=' at line 3, column 1"),
        (("x: {2024-05-01: a, '2024-05-01': b}",), "'2024-05-01' at line 2, column 20"),
    ],
)
def test_keys_that_read_alike_as_text_are_one_key_given_twice(lines: tuple[str, ...], where: str) -> None:
    """`1:` and `"1":` are two keys to YAML but one to JSON, a person and every rule: the second
    overwrote the first without a word (`--read --json` showed `{"1": "two"}`)."""
    parsed = header(*lines)
    assert parsed.error == f"duplicated mapping key {where}"


def test_a_key_that_is_not_a_string_is_shown_as_yaml_writes_it() -> None:
    """Keys were made text the Python way: `True`, `None`, `b'title'`."""
    parsed = header("1: one", "null: n", "false: f", "2024-05-01: d", ".inf: i", "!!binary dGl0bGU=: b")
    assert parsed.error is None
    assert parsed.fields == ["1", "null", "false", "2024-05-01", ".inf", "!!binary dGl0bGU="]


def test_a_merged_key_the_mapping_sets_again_as_text_is_no_duplicate_and_the_mapping_wins() -> None:
    parsed = header("base: &b {1: merged}", "x:", "  <<: *b", '  "1": own', "<<: *b", '"1": top')
    assert parsed.error is None
    assert parsed.data["x"] == {"1": "own"}
    assert parsed.data["1"] == "top"


# -- a value read off its line ------------------------------------------------------------------


@pytest.mark.parametrize(
    "written",
    [
        '"a\\u002Fb.md"',
        '"x\\x41.md"',
        '"\\U0001F600.md"',
        '"tab\\t.md"',
        '"q\\"x.md"',
        '"back\\\\slash.md"',
        '"\\/a.md"',
        '" padded.md "',
        "'it''s.md'",
        "'a\\u002Fb.md'",
        "plain.md",
    ],
)
def test_a_value_read_off_its_line_is_what_the_loader_reads(written: str) -> None:
    """Where a value is reported is found by comparing the line's text with the loaded value."""
    loaded = header(f"key: {written}").data["key"]
    assert frontmatter.unquote(written) == loaded.strip()


@pytest.mark.parametrize(
    ("written", "read"),
    [('"bad\\q.md"', "bad\\q.md"), ('"a"b.md"', 'a"b.md'), ("'a'b.md'", "a'b.md"), ('"open.md', "open.md")],
)
def test_a_value_the_loader_would_refuse_only_loses_its_outer_quotes(written: str, read: str) -> None:
    assert frontmatter.unquote(written) == read


@pytest.mark.parametrize("text", ["0E0", "1e5", "-2E+3", "0o17", ".5", "+1", "yes", "True", "~", "null"])
def test_a_string_either_yaml_reader_would_take_for_a_value_is_written_quoted(text: str) -> None:
    """`0E0` is a float to a YAML 1.2 reader and a string to 1.1: written plain, a discard
    reason of `0E0` was refused as not reading back."""
    written = frontmatter.dump({"reason": text})
    assert frontmatter.load(written).data == {"reason": text}
    assert yaml.safe_load(written) == {"reason": text}  # and a YAML 1.1 reader agrees


@given(st.text(st.characters(codec="utf-8"), max_size=30))
def test_every_string_value_is_written_so_that_it_reads_back(text: str) -> None:
    assert frontmatter.load(frontmatter.dump({"value": text})).data == {"value": text}


@pytest.mark.parametrize("escape", ["\\uDC80", "\\uD800", "\\U0000DFFF"])
def test_an_escape_for_half_a_character_is_refused_and_never_read_into_a_value(escape: str) -> None:
    """`"\\uDC80"` made a str no output can encode: the json and sarif formats, the baseline and
    every server answer about the document failed on it."""
    found = header(f'title: "Retention {escape}"', "status: active", "derived_from:", f'  - "{escape}.md"')
    assert found.error is not None

    def strings(value: object) -> list[str]:
        if isinstance(value, dict):
            return [s for k, v in value.items() for s in strings(k) + strings(v)]
        if isinstance(value, list):
            return [s for item in value for s in strings(item)]
        return [value] if isinstance(value, str) else []

    for text in strings(found.data):
        text.encode("utf-8")  # what was recovered is text
    assert found.data["status"] == "active"


def test_the_pure_python_loader_refuses_it_too() -> None:
    from memorybank_lint.yaml_values import Builder

    loader = yaml.SafeLoader('title: "Retention \\uDC80"')
    with pytest.raises(yaml.constructor.ConstructorError, match="lone surrogate"):
        Builder(loader).build(loader.get_single_node())


def test_a_private_use_character_written_as_an_escape_is_never_taken_for_a_stand_in() -> None:
    """The stand-in for a NEL, LS or PS was chosen among the characters the block does not hold
    as written, so `"ship\\ue000ped"` beside a pasted LS read back as `ship<LS>ped`."""
    header = frontmatter.load('\nd: "ship\\ue000ped"\nl: "\\U000F0000"\nnotes: pasted\u2028text\n')
    assert header.error is None
    assert header.data == {"d": "ship\ue000ped", "l": "\U000f0000", "notes": "pasted\u2028text"}
