"""Strategies for hostile banks: headers from a YAML grammar, bodies of markdown punctuation, odd names.

Long runs are built by repetition (`"`" * 30_000`), so a case can be large enough for quadratic
work to show as a hang while costing hypothesis almost nothing to generate.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import shutil
import tempfile
import textwrap
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from hypothesis import strategies as st

from memorybank_lint import cachedir
from tests.conftest import CLEAN_BANK

LENGTHS = st.sampled_from([0, 1, 2, 3, 4, 7, 33, 300, 3_000, 30_000])
WORDS = st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=12)
PRINTABLE = st.text(st.characters(codec="utf-8", exclude_categories=["Cs", "Cc"]), max_size=12)


def run(pieces: list[str]) -> st.SearchStrategy[str]:
    """One piece repeated a hostile number of times."""
    return st.builds(lambda piece, n: piece * n, st.sampled_from(pieces), LENGTHS)


# -- frontmatter ----------------------------------------------------------------------------------

TAGS = [
    "!!bool", "!!int", "!!float", "!!timestamp", "!!binary", "!!str", "!!null", "!!set", "!!omap",
    "!!pairs", "!!seq", "!!map", "!!merge", "!!python/object:os.system", "!local", "!<tag:x.org,2024:y>",
]  # fmt: skip
PLAIN = [
    "active", "draft", "yes", "no", "on", "null", "~", "true", "False", "1.5", "-0", "0x1F", "0o17",
    "1_000", "1:20", "2024-01-01", "2024-01-01T10:00:00Z", "2024-13-45", ".inf", "-.inf", ".nan", "<<",
    "=", "x.md", "../dna/principles.md", "https://x.org/y", "maybe", "nonsense", "''", '""',
    '"\\x00\\u00e9\\t"', "'it''s'",
]  # fmt: skip
BROKEN = [
    "a: b", '"unclosed', "[unclosed", "{a: 1", "- item", "# comment", "|", ">-", "@x", "`x", "%x",
    "*undefined", '"\x07 bell"', "\x0b",
]  # fmt: skip
KEYS = [
    "title", "purpose", "status", "doc_kind", "doc_function", "derived_from", "canonical_for",
    "must_not_define", "anchors", "reviewed", "delivery_status", "x-y", "_k",
]  # fmt: skip
NUMBERS = st.builds(
    lambda prefix, digit, n: prefix + digit * n,
    st.sampled_from(["", "0x", "0o", "-", "+", "1.", "."]),
    st.sampled_from(["9", "f", "7", "0", "1"]),
    st.sampled_from([1, 50, 101, 5_000]),
)
QUOTED = PRINTABLE.map(lambda text: '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"')
ANCHORS = ["a", "b", "c", "m"]
MERGEABLE = ["a", "m"]  # the anchors that name mappings


def _nested(kind: str, depth: int) -> str:
    if kind == "seq":
        return "[" * depth + "x" + "]" * depth
    if kind == "map":
        return "{k: " * depth + "x" + "}" * depth
    return "\n" + "".join(" " * (i + 1) + f"k{i}:\n" for i in range(depth)) + " " * (depth + 1) + "v"


DEPTHS = st.sampled_from([2, 31, 33, 200, 950, 1_200])
NESTED = st.builds(_nested, st.sampled_from(["seq", "map", "block"]), DEPTHS)


def _scalar() -> st.SearchStrategy[str]:
    """Mostly scalars YAML reads, so that a header gets past the parser to the values it builds."""
    plain = st.sampled_from(PLAIN)
    tagged = st.builds(lambda tag, value: f"{tag} {value}", st.sampled_from(TAGS), plain)
    return st.one_of(
        plain,
        plain,
        plain,
        NUMBERS,
        tagged,
        tagged,
        QUOTED,
        run(["x", "x ", "é", "x-"]),
        st.builds(lambda name: f"*{name}", st.sampled_from(ANCHORS)),  # rarer: each use counts
    )


def _flow(children: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    items = st.lists(children, max_size=5)
    sequences = items.map(lambda xs: "[" + ", ".join(xs) + "]")
    mappings = items.map(lambda xs: "{" + ", ".join(f"k{i}: {x}" for i, x in enumerate(xs)) + "}")
    return st.one_of(
        sequences,
        mappings,
        st.builds(lambda name, x: f"{{<<: *{name}, k: {x}}}", st.sampled_from(MERGEABLE), children),
        st.lists(st.sampled_from(MERGEABLE), min_size=1, max_size=4).map(
            lambda names: "{<<: [" + ", ".join(f"*{n}" for n in names) + "]}"
        ),
        st.builds(lambda tag, x: f"{tag} {x}", st.sampled_from(TAGS), st.one_of(sequences, mappings)),
    )


VALUES = st.recursive(_scalar(), _flow, max_leaves=8)


def _alias_chain(depth: int, fan: int, merge: bool) -> str:
    """Anchors that each alias the one before `fan` times: tiny text, `fan ** depth` expanded."""
    lines = ['l0: &l0 {a: "lol", b: "lol"}']
    for level in range(1, depth + 1):
        below = f"*l{level - 1}"
        merged = f"<<: {below}, " if merge else ""
        lines.append(f"l{level}: &l{level} {{{merged}x: [{', '.join([below] * fan)}]}}")
    return "\n".join(lines)


ALIAS_CHAINS = st.builds(_alias_chain, st.integers(1, 10), st.integers(1, 9), st.booleans())
BLOCK_LIST = st.lists(
    st.one_of(VALUES, st.builds(lambda v: f"path: {v}\n    fit: x", VALUES)), min_size=1, max_size=4
).map(lambda items: "\n" + "\n".join(f"  - {item}" for item in items))
JUNK = [
    "\tpurpose: tab", "- orphan", "purpose: a: b", "title: 'unclosed", "  x: y", "...", "%YAML 1.2", ":",
    "<<: plain", "? [complex]: key", "title: x\ntitle: y",
]  # fmt: skip
JUNK_LINES = st.one_of(
    st.sampled_from(JUNK),
    st.builds(lambda key, value: f"{key}: {value}", st.sampled_from(KEYS), st.sampled_from(BROKEN)),
    st.builds(lambda key, value: f"{key}: {value}", st.sampled_from(KEYS), run([" ", ": ", "*", "&", "`"])),
)
KEYED_LINE = st.builds(
    lambda key, value: f"{key}: {value}",
    st.sampled_from(KEYS),
    st.one_of(VALUES, VALUES, BLOCK_LIST),
)
ANCHOR_DEFINITIONS = "a: &a {x: 1, y: [p, q]}\nb: &b [1, 2]\nc: &c text\nm: &m {status: draft, z: *a}"


def _line(values: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    return st.builds(lambda key, value: f"{key}: {value}", st.sampled_from(KEYS), values)


PLAIN_LINE = _line(st.one_of(st.sampled_from(PLAIN), QUOTED))
HOSTILE_LINE = st.one_of(
    _line(st.builds(lambda tag, value: f"{tag} {value}", st.sampled_from(TAGS), st.sampled_from(PLAIN))),
    _line(NUMBERS),
    _line(st.sampled_from(["0x" + "f" * 5_000, "0o" + "7" * 5_000, "9" * 5_000, "1." + "5" * 5_000])),
    _line(NESTED),
    ALIAS_CHAINS,
    KEYED_LINE,
    JUNK_LINES,
)


@st.composite
def headers(draw: st.DrawFn) -> str:
    """Ordinary lines with one or two hostile ones among them: one strange thing per header is
    what gets past the parser to the part that builds values (tags, numbers, aliases, depth)."""
    lines = draw(st.lists(PLAIN_LINE, max_size=5))
    if draw(st.booleans()):
        lines.insert(0, ANCHOR_DEFINITIONS)
    for _ in range(draw(st.integers(1, 2))):
        lines.insert(draw(st.integers(0, len(lines))), draw(HOSTILE_LINE))
    return "\n".join(lines)


HEADER = headers()


# -- bodies ---------------------------------------------------------------------------------------

LINK_FORMS = [
    "[a](x.md)", "[a](<x y.md>)", '[a](x.md "t")', "[a](x.md 't')", "[a\\](x.md)", "[a](x\\).md)",
    "[`x`](y.md)", "[[a]](b.md)", "[a](b.md#frag)", "[a](dir/)", "[a](../../x.md)", "[a]( x.md )",
    '[a](x.md "unclosed', "![i](p.md)", "[a](https://x.org/y.md)", "<x.md>", "[a][r]", "[r]: x.md",
    "[a](<x.md>)", "[a](x.md)(y.md)", "[](x.md)", "[a](\\x.md)", "[a](x.md\\)", "`[a](x.md)`",
    "``[a](x.md)`", "[a](%78.md)", "[a](x.md&#41;)",
]  # fmt: skip
PROSE = [
    "The retry policy is defined in `policy.md`.", "Limits are governed by [rules](../rules.md).",
    "Правило зафиксировано в `dna/x.md`.", "The root document is `dna/principles.md`.",
    "`dna/principles.md` ← root", "Cyclic dependencies are forbidden.",
    "Every `active` non-root document must define `derived_from`.",
    "| Field | Values |", "|---|---|", "| status | `active`, `draft`, … |", "| doc_kind | `a` | `b` |",
]  # fmt: skip
MARKS = [
    "`", "``", "```", "~~~", "[", "]", "](", "(", ")", "<", ">", "*", "_", "!", "\\", "|", "#", "-",
    " ", "\t",
]  # fmt: skip
FENCES = ["```", "````", "~~~", "```md", "   ```", "    ```", "```` x", "~~~~~", "``` ` ```"]


def _heading(hashes: str, space: str, text: str, tail: str) -> str:
    return hashes + space + text + tail


BODY_PIECE = st.one_of(
    st.sampled_from(LINK_FORMS),
    st.sampled_from(PROSE),
    run(MARKS),
    run(["[a", "](", "[`", "` ", "a ", "[a](", "](x", "defined in [", "- [a](x.md) ", "a` [b]("]),
    WORDS,
)
BODY_LINE = st.one_of(
    st.lists(BODY_PIECE, min_size=1, max_size=4).map("".join),
    st.builds(
        _heading,
        st.sampled_from(["#", "##", "###", "#######"]),
        run([" ", "\t"]),
        WORDS,
        run([" ", "#", " #"]),
    ),
    st.sampled_from(FENCES),
)
# A layer table (read from `dna/` documents): any directory, a real or a made-up layer, and a weight
# that may be a number of thousands of digits.
LAYER_ROW = st.builds(
    lambda directory, layer, weight: f"| {directory} | {layer} | {weight} |",
    st.one_of(st.sampled_from(["domain", "adr", "features", "`x`", ""]), WORDS),
    st.sampled_from(["dna", "other", "knowledge", "decision", "delivery", "flow", "inbox", "`flow`", "x"]),
    st.one_of(
        st.sampled_from(["9" * 101, "9" * 400, "100", "100.01", "0", "1.5", "1e3"]),
        NUMBERS,
        st.sampled_from(PLAIN),
        WORDS,
    ),
)
LAYER_TABLE = st.lists(LAYER_ROW, min_size=1, max_size=4).map(
    lambda rows: "\n".join(["| Directory | Layer | Weight |", "|---|---|---|", *rows])
)
BODY = st.lists(st.one_of(BODY_LINE, LAYER_TABLE), max_size=10).map("\n".join)

# A vocabulary table (`dna/vocabulary.md`): cells of a hostile number of distinct words, and rows
# that all give one word another translation.
VOCABULARY_TABLE = st.one_of(
    st.builds(
        lambda russian, n: f"| {russian} | " + ", ".join(f"w{i}" for i in range(n)) + " |",
        st.sampled_from(["правило", "порог, пороги, пороговый", "ё", "x", ""]),
        LENGTHS,
    ),
    st.builds(lambda n: "\n".join(f"| правило{'и' * (i % 3)} | w{i} |" for i in range(n)), LENGTHS),
    st.builds(lambda n: "| " + ", ".join(f"слово{i}" for i in range(n)) + " | rule |", LENGTHS),
).map(lambda rows: "| Русский | English |\n|---|---|\n" + rows)


@st.composite
def document_text(draw: st.DrawFn) -> str:
    """A markdown document: maybe a BOM, maybe a header (closed or not), a body, maybe CRLF or
    lone CR line endings."""
    text = draw(BODY)
    if draw(st.booleans()):
        closing = draw(st.sampled_from(["\n---\n", "\n---", "\n----\n", "\n--- x\n", ""]))
        text = "---\n" + draw(HEADER) + closing + text
    if draw(st.booleans()):
        text = "\ufeff" + text
    return text.replace("\n", draw(st.sampled_from(["\n", "\r\n", "\r"])))


DOCUMENT_BYTES = st.one_of(
    document_text().map(lambda text: text.encode("utf-8")),
    st.builds(
        lambda text, junk: text.encode("utf-8") + junk,
        document_text(),
        st.sampled_from([b"\xff\xfe", b"caf\xe9", b"\x00", b"\xed\xa0\x80", b"\xc3"]),
    ),
    document_text().map(lambda text: text.encode("utf-16")),
)


# -- names ----------------------------------------------------------------------------------------

NAMES = st.one_of(
    st.sampled_from(
        [
            b"x.md",
            b"README.md",
            b"index.md",
            b"dna/governance.md",
            b"dna/rules.md",
            b"_inbox/n.md",
            b"a/b/c/d.md",
            b"caf\xe9.md",
            b"\xff\xfe/inner.md",
            b"-x.md",
            b"--format=json.md",
            b"-",
            b" lead.md",
            b"a b.md",
            b"trail .md",
            "é.md".encode(),
            "e\u0301.md".encode(),
            "ﬁle.md".encode(),
            b"x.MD",
            b".hidden.md",
            b"dist/x.md",
            b"a\\b.md",
            b"#x.md",
            b"x.md.md",
        ]
    ),
    st.builds(lambda n: b"d" * n + b".md", st.sampled_from([100, 200, 240])),
    st.builds(lambda n: "й".encode() * n + b".md", st.sampled_from([50, 120])),
)


def clean_bank() -> dict[bytes, bytes]:
    """The clean bank as files: name → content."""
    return {path.encode(): textwrap.dedent(text).encode() for path, text in CLEAN_BANK.items()}


@st.composite
def banks(draw: st.DrawFn) -> dict[bytes, bytes]:
    """A small clean bank with one to three hostile documents dropped in (names may collide)."""
    files = clean_bank()
    for _ in range(draw(st.integers(1, 3))):
        files[draw(NAMES)] = draw(DOCUMENT_BYTES)
    for name, target in draw(st.lists(LINKS, max_size=2)):
        files[name] = LINK + target
    return files


# A file whose content starts with LINK is written as a link to the rest: loops, links out of the
# bank, to a device, to a folder above. A repository can commit every one of them.
LINK = b"\x00link->"
LINKS = st.one_of(
    st.just((b"loopA", b"loopB")),
    st.just((b"loopB", b"loopA")),
    st.tuples(
        st.sampled_from([b"linked.md", b"domain/linked.md", b"flows", b"dna/linked"]),
        st.sampled_from(
            [b"../outside.md", b"/dev/zero", b"..", b".", b"README.md", b"loopA", b"/nonexistent"]
        ),
    ),
)


@contextmanager
def written(files: dict[bytes, bytes]) -> Iterator[Path]:
    """The bank on disk in a fresh folder, removed afterwards; names are written as bytes."""
    folder = Path(tempfile.mkdtemp(prefix="hostile-"))
    root = os.fsencode(folder / "memory-bank")
    try:
        for name, content in files.items():
            path = root + b"/" + name
            os.makedirs(os.path.dirname(path), exist_ok=True)
            if os.path.lexists(path) and (os.path.isdir(path) or content.startswith(LINK)):
                continue
            if content.startswith(LINK):
                os.symlink(content[len(LINK) :], path)
                continue
            with open(path, "wb") as handle:
                handle.write(content)
        with open(folder / "outside.md", "wb") as handle:
            handle.write(b"---\ntitle: OUTSIDE\n---\n# OUTSIDE\n")
        yield Path(os.fsdecode(root))
    finally:
        shutil.rmtree(folder, ignore_errors=True)


# words that make a question a why question, which routing reads its own way (`sources_first`)
INTENTS = ["why", "почему", "instead of"]
QUESTIONS = st.one_of(
    WORDS,
    st.lists(st.one_of(WORDS, st.sampled_from(PLAIN + PROSE + INTENTS)), max_size=6).map(" ".join),
    run(["a", "ab", "й", "я ", "`", '"', " ", "-", "_", "api ", "*", "\\"]),
    st.just("x" * 1_000_000),
)


# -- files beside the bank: a configuration and a baseline ----------------------------------------

CONFIG_KEYS = [
    "root", "select", "ignore", "extend-select", "per-file-ignores", "severity", "strict",
    "max-file-size", "cache-dir", "index-files", "unknown", "MB001", '"*.md"', "a.b", "ALL", '""',
    "tool", "memorybank", "tool.memorybank",
]  # fmt: skip
TOML_SCALARS = [
    '"README.md"', '"ALL"', '"MB001"', '"unregistered-doc"', '"error"', '"warning"', "true", "1", "-1",
    "0", "99999999999999999999", "1e999", "inf", "nan", "1979-05-27", '"\\u0000"', '"a\\u0000b"',
    '"/dev/null"', '"/dev/zero"', '"../../.."', '""', '" "', '"[!"', '"**/*"', '"\\u001b[31m"', "'''x'''",
]  # fmt: skip
TOML_VALUE = st.recursive(
    st.one_of(st.sampled_from(TOML_SCALARS), QUOTED),
    lambda inner: st.one_of(
        st.lists(inner, max_size=3).map(lambda items: "[" + ", ".join(items) + "]"),
        st.lists(st.tuples(st.sampled_from(CONFIG_KEYS), inner), max_size=3).map(
            lambda pairs: "{" + ", ".join(f"{k} = {v}" for k, v in pairs) + "}"
        ),
    ),
    max_leaves=6,
)
TOML_LINE = st.one_of(
    st.builds(lambda key, value: f"{key} = {value}", st.sampled_from(CONFIG_KEYS), TOML_VALUE),
    st.sampled_from(["[severity]", "[per-file-ignores]", "[tool.memorybank]", "[[x]]", "[a.b.c]", "["]),
    st.builds(lambda depth: "select = " + "[" * depth + "]" * depth, DEPTHS),
    st.builds(lambda depth: "a = " + "{b = " * depth + "1" + "}" * depth, DEPTHS),
    run(["[", "{", '"', "\\", "a.", "=", "[[", "\n"]),
)
CONFIG_TEXT = st.one_of(
    st.lists(TOML_LINE, max_size=6).map(lambda lines: "\n".join(lines).encode()),
    st.binary(max_size=64),
)
BASELINE_ENTRY = st.fixed_dictionaries(
    {"code": st.sampled_from(["MB001", "MB009", "", "x"]), "path": WORDS, "fingerprint": WORDS},
    optional={"message": WORDS},
)
BASELINE_TEXT = st.one_of(
    st.builds(
        lambda version, entries: json.dumps({"version": version, "findings": entries}).encode(),
        st.sampled_from([1, 2, "1", None]),
        st.lists(st.one_of(BASELINE_ENTRY, st.sampled_from([None, [], "x", 1])), max_size=4),
    ),
    st.builds(
        lambda opening, depth: (opening + "[" * depth).encode(),
        st.sampled_from(["", '{"version": 1, "findings": ']),
        st.sampled_from([2, 950, 100_000]),
    ),
    st.sampled_from([b"", b"{", b"null", b"[]", b"1e999999", b"9" * 5_000, b"\xff\xfe"]),
    st.binary(max_size=64),
)


# -- lines an MCP client sends --------------------------------------------------------------------

JSON_SCALAR = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(), WORDS, st.sampled_from([2**70, -(2**70), ""])
)
JSON_VALUE = st.recursive(
    JSON_SCALAR,
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(WORDS, inner, max_size=3)),
    max_leaves=8,
)
METHODS = [
    "initialize", "server/discover", "tools/list", "prompts/list", "resources/list", "ping",
    "tools/call", "notifications/initialized", "resources/read", "", "x",
]  # fmt: skip
PARAMS = st.one_of(
    JSON_VALUE,
    st.fixed_dictionaries(
        {},
        optional={
            "protocolVersion": st.one_of(st.sampled_from(["2025-06-18", "2026-07-28"]), JSON_VALUE),
            "capabilities": JSON_VALUE,
            "clientInfo": JSON_VALUE,
            "cursor": JSON_VALUE,
            "_meta": st.one_of(
                JSON_VALUE,
                st.fixed_dictionaries({"io.modelcontextprotocol/protocolVersion": JSON_VALUE}),
            ),
        },
    ),
)
IDS = st.one_of(JSON_VALUE, st.integers(0, 3))  # small integers collide with the recorded requests


def _message(draw: st.DrawFn) -> str:
    kind = draw(st.sampled_from(["request", "answer", "notification"]))
    message: dict = {"jsonrpc": draw(st.sampled_from(["2.0", "1.0"]))}
    if kind != "notification":
        message["id"] = draw(IDS)
    if kind == "answer":
        message[draw(st.sampled_from(["result", "error"]))] = draw(JSON_VALUE)
    else:
        message["method"] = draw(st.sampled_from(METHODS))
        if draw(st.booleans()):
            message["params"] = draw(PARAMS)
    return json.dumps(message)


# The handshake `targets.relay` recorded, asked again under any id and client: answered from the record.
RECORDED_ASKS = st.one_of(
    st.builds(
        lambda id_, who: {
            "id": id_,
            "method": "initialize",
            "params": {"protocolVersion": "2025-06-18", **who},
        },
        IDS,
        st.fixed_dictionaries({}, optional={"clientInfo": JSON_VALUE}),
    ),
    st.builds(lambda id_: {"id": id_, "method": "tools/list", "params": {}}, IDS),
    st.builds(lambda id_: {"id": id_, "method": "prompts/list"}, IDS),
).map(lambda ask: json.dumps({"jsonrpc": "2.0", **ask}))
CLIENT_LINES = st.lists(
    st.one_of(
        st.composite(_message)(),
        st.lists(st.composite(_message)(), max_size=3).map(lambda lines: f"[{', '.join(lines)}]"),  # a batch
        RECORDED_ASKS,
        JSON_VALUE.map(json.dumps),
        st.builds(lambda depth: "[" * depth, st.sampled_from([2, 950, 100_000])),
        st.builds(
            lambda depth: (
                '{"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": '
                + '{"a": ' * depth
                + "1"
                + "}" * (depth + 1)
            ),
            DEPTHS,
        ),
        WORDS,
    ),
    max_size=8,
)


# -- a cache folder a repository committed --------------------------------------------------------

MARSHAL_BOMBS = [
    b"(" + (2**31 - 1).to_bytes(4, "little"),  # a tuple of 2**31 - 1 items, allocated before it is read
    b"[" + (2**31 - 1).to_bytes(4, "little"),
    b"{" * 5_000,
    b")\x02\xe9\x01\x00\x00\x00r\x00\x00\x00\x00",  # a back-reference to itself
    b"\xe3" + b"\x00" * 40,  # the start of a code object
]  # fmt: skip


def _framed(magic: bytes, payload: bytes, seal: bytes, size: int = 4) -> bytes:
    return magic + len(payload).to_bytes(size, "little") + seal + payload


CACHE_BYTES = st.one_of(
    st.binary(max_size=64),
    st.sampled_from(MARSHAL_BOMBS).map(
        lambda payload: _framed(b"MBC1", payload, zlib.crc32(payload).to_bytes(4, "little"))
    ),
    st.builds(
        lambda payload, seal: _framed(b"MBC2", payload, seal),
        st.sampled_from(MARSHAL_BOMBS),
        st.binary(min_size=32, max_size=32),
    ),
    st.builds(  # today's framing: the length and the payload each under a forged MAC
        lambda payload, seal: _framed(cachedir.MAGIC, payload, seal, cachedir.SIZE),
        st.sampled_from(MARSHAL_BOMBS),
        st.binary(min_size=64, max_size=64),
    ),
)


# -- what `bank_changed` is asked since -----------------------------------------------------------

OFFSETS = st.one_of(
    st.none(),
    st.integers(-(24 * 60 - 1), 24 * 60 - 1).map(lambda minutes: dt.timezone(dt.timedelta(minutes=minutes))),
)
INSTANTS = st.builds(
    lambda moment, zone: moment.replace(second=0, microsecond=0, tzinfo=zone),
    st.datetimes(min_value=dt.datetime(1, 1, 1), max_value=dt.datetime(9999, 12, 31, 23, 59)),
    OFFSETS,
)
DATES = st.one_of(
    INSTANTS.map(lambda moment: moment.date().isoformat()),
    INSTANTS.map(lambda moment: moment.isoformat()),
    INSTANTS.map(lambda moment: moment.isoformat(sep=" ")),
)
SINCE = st.one_of(
    DATES,
    st.sampled_from(["HEAD", "HEAD~1", "HEAD~99999999999999999999", "main", "@{1.year.ago}", "-p", "v1"]),
    WORDS,
)
