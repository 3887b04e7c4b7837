"""Pictures of what is wrong: Mermaid and DOT that are valid whatever the document names hold.

Mermaid is checked without rendering: first the rewrite Mermaid makes before it parses (a line
holding `style` or `classDef`, a `:` and a `#` loses its last `;`), then its flowchart grammar
for what we emit (a header, quoted node labels whose only markup is `<br/>` and entity codes,
arrows between declared nodes, class lines); DOT is parsed by pydot. Every label must read back as
the text it came from. The job summary and `mcp-memorybank --graph --format` run as the console
scripts.
"""

from __future__ import annotations

import html
import itertools
import os
import re
import subprocess
import sys
from pathlib import Path

import pydot
import pytest
from hypothesis import given
from hypothesis import strategies as st

from memorybank_lint.bank import visible
from memorybank_lint.diagrams import LABEL_CHARS, Diagram, dot, mermaid
from memorybank_lint.graph import DRAWN
from memorybank_lint.reporters.github import SUMMARY_LIMIT
from memorybank_lint.reporters.pictures import MAX_CYCLE_NODES, MAX_CYCLES, cycle_diagram

from .conftest import CLEAN_BANK, write_bank

BIN = Path(sys.executable).parent
pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")  # pydot's own use of pyparsing
HOSTILE = [
    'adr/ADR-"quoted".md',
    "domain/[brackets] and (parens).md",
    "домен/модель — «кавычки».md",
    "notes/#hash & <b>bold</b> `code`.md",
    "a/b --> c.md",
    "semi;colon|pipe{brace}.md",
    "back\\slash.md",
    "%%{init: {'theme':'dark'}}%% a%%{x.md",
]
_NODE = re.compile(r'^  (n\d+)\["([^"]+)"\]$')  # an empty quoted label does not parse
_EDGE = re.compile(r"^  (n\d+) (-->|-\.->|==>) (n\d+)$")
_CLASS_DEF = re.compile(r"^  classDef [a-z]+ [^\n]+$")
_CLASS = re.compile(r"^  class (n\d+(?:,n\d+)*) [a-z]+$")
_ENTITY = re.compile(r"#(\w+);", re.ASCII)
# Mermaid's `encodeEntities`, before it parses: meant for `style x fill:#fff;`, it matches anywhere
_MERMAID_REWRITES = (re.compile(r"style.*:\S*#.*;"), re.compile(r"classDef.*:\S*#.*;"))
# what would be syntax in a label: HTML (`&`, `<`), a directive (`%%{…}%%`), the end of the label
# or of the statement
_SPECIAL = re.compile(r"[<>&`%{}\[\]()|;:\"#\n\r]")


def _label(raw: str) -> list[str]:
    """A Mermaid label as the lines of text it shows (trimmed as Mermaid does, codes decoded)."""
    raw = raw.strip()
    assert not _SPECIAL.search(_ENTITY.sub("", raw.replace("<br/>", ""))), raw

    def decode(match: re.Match[str]) -> str:
        code = match.group(1)
        return chr(int(code)) if code.isdigit() else html.unescape(f"&{code};")

    return [_ENTITY.sub(decode, part) for part in raw.split("<br/>")]


def parse_mermaid(text: str) -> tuple[dict[str, list[str]], list[tuple[str, str, str]]]:
    """The nodes and edges of a flowchart we emit, as Mermaid reads them; fails on any line
    outside that grammar."""
    for rewrite in _MERMAID_REWRITES:
        text = rewrite.sub(lambda match: match.group(0)[:-1], text)
    lines = text.split("\n")
    assert re.fullmatch(r"flowchart (LR|TD|TB|RL|BT)", lines[0]), lines[0]
    nodes: dict[str, list[str]] = {}
    edges = []
    for line in lines[1:]:
        if match := _NODE.match(line):
            assert match.group(1) not in nodes
            nodes[match.group(1)] = _label(match.group(2))
        elif match := _EDGE.match(line):
            assert match.group(1) in nodes and match.group(3) in nodes, line
            edges.append((match.group(1), match.group(2), match.group(3)))
        elif match := _CLASS.match(line):
            assert all(name in nodes for name in match.group(1).split(",")), line
        else:
            assert _CLASS_DEF.match(line), line
    return nodes, edges


def _hostile_diagram() -> Diagram:
    diagram = Diagram()
    for index, path in enumerate(HOSTILE):
        diagram.node(path, f'Title {index}: "{path}"', path, kind="root" if index == 0 else "document")
    for source, target in itertools.pairwise(HOSTILE):
        diagram.link(source, target)
    missing = diagram.node("gone", "../gone/«x».md", "(not in the bank)", kind="missing")
    diagram.link(HOSTILE[0], missing, "broken")
    return diagram


def test_mermaid_labels_are_escaped_and_read_back() -> None:
    nodes, edges = parse_mermaid(mermaid(_hostile_diagram()))
    shown = [lines[1] for lines in nodes.values() if len(lines) == 2 and lines[1] in HOSTILE]
    assert shown == HOSTILE
    assert nodes["n0"] == ['Title 0: "adr/ADR-"quoted".md"', HOSTILE[0]]
    assert len(edges) == len(HOSTILE) and edges[-1][1] == "-.->"


# pieces Mermaid reads as syntax, mixed into arbitrary text (lone surrogates too: a file name
# read from the disk can hold them)
_LABEL_TEXT = st.lists(
    st.one_of(
        st.characters(codec=None, exclude_categories=()),
        st.sampled_from(
            ["style ", "classDef ", "click ", ":", "#", ";", "&", "&amp;", "#35;", '"', "`", "\n", "\r",
             "\u2028", "<br/>", "%%{init: {}}%%", "[", "]", "|", "ﬂ°°", "¶ß", " "]
        ),
    ),
    max_size=LABEL_CHARS + 10,
).map("".join)  # fmt: skip


@given(text=_LABEL_TEXT)
def test_any_label_text_stays_on_its_line_and_reads_back(text: str) -> None:
    diagram = Diagram()
    diagram.link(diagram.node("a", text), diagram.node("b", "b"))
    drawn = mermaid(diagram)
    assert drawn.splitlines() == drawn.split("\n") and len(drawn.split("\n")) == 4
    nodes, edges = parse_mermaid(drawn)
    text = visible(text)  # a control character reads as the text format writes it
    shown = text if len(text) <= LABEL_CHARS else text[: LABEL_CHARS - 1] + "…"
    assert nodes == {"n0": [shown], "n1": ["b"]} and edges == [("n0", "-->", "n1")]


def test_a_label_that_looks_like_a_style_keeps_every_character() -> None:
    text = "style x:y#z; A & B"
    diagram = Diagram()
    diagram.node("a", text, "classDef c fill:#f00;")
    nodes, _ = parse_mermaid(mermaid(diagram))
    assert nodes["n0"] == [text, "classDef c fill:#f00;"]


# Graphviz decodes an HTML entity in any quoted string it draws (a label, the graph's name in an
# SVG title): a named one or a code, ended by `;`
_GRAPHVIZ_ENTITY = re.compile(r"&(#[0-9]+|#[xX][0-9a-fA-F]+|[A-Za-z][A-Za-z0-9]*);")


def _as_graphviz_draws(quoted: str) -> str:
    """A DOT quoted string as the text Graphviz draws: unquoted, then its entities decoded."""
    text = re.sub(r'\\(["\\])', r"\1", quoted[1:-1])
    return _GRAPHVIZ_ENTITY.sub(lambda found: html.unescape(found[0]), text)


def test_dot_parses_and_its_labels_read_back() -> None:
    text = dot(_hostile_diagram(), 'derived_from of "x"')
    [graph] = pydot.graph_from_dot_data(text)
    labels = [node.get_label() for node in graph.get_nodes() if re.fullmatch(r"n\d+", node.get_name())]
    drawn = [_as_graphviz_draws(label) for label in labels]
    assert [label.split("\\n")[1] for label in drawn[: len(HOSTILE)]] == HOSTILE
    assert len(graph.get_edges()) == len(HOSTILE)


def test_dot_draws_a_control_character_as_the_text_format_writes_it() -> None:
    """`T\\x1b[31m red` and a line break inside a path read back as `visible` writes them, as in
    Mermaid: escaped after DOT quoting, Graphviz read `\\x` as an escape and drew `Tx1b[31m`."""
    diagram = Diagram()
    diagram.node("a", "T\x1b[31m red", "bad\nline\u202e.md")
    drawn = dot(diagram)
    [graph] = pydot.graph_from_dot_data(drawn)
    [label] = [node.get_label() for node in graph.get_nodes() if node.get_name() == "n0"]
    # a line of the label ends at a lone `\n`; the text's own `\n` comes with its backslash escaped
    assert label == '"T\\\\x1b[31m red\\nbad\\\\nline\\\\u202e.md"'
    assert "\x1b" not in drawn and "\u202e" not in drawn


def test_dot_draws_an_entity_as_the_text_it_is() -> None:
    """Graphviz reads `&#8238;` in a label as U+202E and `&amp;` as `&`: a title holding them was
    drawn with a live bidi override, a raw escape (`-Tplain`) or another text than the bank's."""
    title = "R&amp;D &#8238;gnp.md &#27;[31m &lt;b&gt; &#10;x & y"
    diagram = Diagram()
    diagram.node("a", title, "a&#8238;b.md")
    drawn = dot(diagram, "derived_from of a&#8238;b.md")
    [graph] = pydot.graph_from_dot_data(drawn)
    [label] = [node.get_label() for node in graph.get_nodes() if node.get_name() == "n0"]
    assert _as_graphviz_draws(label).split("\\n") == [title, "a&#8238;b.md"]
    assert _as_graphviz_draws(graph.get_name()) == "derived_from of a&#8238;b.md"


def test_a_long_loop_is_folded_and_still_closes() -> None:
    members = [f"d/{n}.md" for n in range(MAX_CYCLE_NODES + 5)]
    nodes, edges = parse_mermaid(mermaid(cycle_diagram(members)))
    head = MAX_CYCLE_NODES - 2
    assert list(nodes.values()) == [
        *([path] for path in members[:head]),
        ["… 6 more documents"],
        [members[-1]],
    ]
    ring = [f"n{index}" for index in range(MAX_CYCLE_NODES)]
    assert edges == [(a, "==>", b) for a, b in itertools.pairwise([*ring, "n0"])]


def _loops(root: Path, count: int) -> None:
    files = dict(CLEAN_BANK)
    readme = CLEAN_BANK["README.md"]
    for n in range(count):
        for side, other in (("a", "b"), ("b", "a")):
            files[f"loops/{n}-{side}.md"] = (
                f"---\ntitle: L{n}{side}\nstatus: active\nderived_from: [{n}-{other}.md]\n---\n"
            )
            readme += f"        - [L](loops/{n}-{side}.md)\n"
    files["README.md"] = readme
    files["domain/model.md"] = CLEAN_BANK["domain/model.md"].replace("../dna/principles.md", "../gone.md")
    write_bank(root, files)


def test_the_job_summary_draws_each_loop_up_to_the_cap_and_the_broken_edges(tmp_path: Path) -> None:
    root = tmp_path / "memory-bank"
    _loops(root, MAX_CYCLES + 2)
    summary = tmp_path / "summary.md"
    env = {
        **os.environ,
        "GITHUB_ACTIONS": "true",
        "GITHUB_STEP_SUMMARY": str(summary),
        "GITHUB_WORKSPACE": str(root.parent),  # the checkout holding the bank, as on a runner
    }
    done = subprocess.run(
        [str(BIN / "memorybank-lint"), "--root", str(root)], capture_output=True, text=True, env=env
    )
    assert done.returncode == 1
    text = summary.read_text(encoding="utf-8")
    blocks = re.findall(r"```mermaid\n(.*?)\n```", text, re.S)
    assert len(blocks) == MAX_CYCLES + 1
    for block in blocks[:-1]:
        nodes, edges = parse_mermaid(block)
        assert len(nodes) == 2 and {kind for _, kind, _ in edges} == {"==>"}
    assert "2 more loops are not drawn" in text
    nodes, edges = parse_mermaid(blocks[-1])
    assert nodes["n1"] == ["../gone.md", "(not in the bank)"] and edges == [("n0", "-.->", "n1")]


def _summary(root: Path, summary: Path) -> str:
    """What `memorybank-lint` adds to the job summary at `summary`, under GitHub Actions."""
    before = summary.stat().st_size if summary.exists() else 0
    env = {
        **os.environ,
        "GITHUB_ACTIONS": "true",
        "GITHUB_STEP_SUMMARY": str(summary),
        "GITHUB_WORKSPACE": str(root.parent),  # the checkout holding the bank, as on a runner
    }
    done = subprocess.run(
        [str(BIN / "memorybank-lint"), "--root", str(root)], capture_output=True, text=True, env=env
    )
    assert done.returncode == 1, done.stderr
    assert summary.stat().st_size <= SUMMARY_LIMIT
    return summary.read_bytes()[before:].decode("utf-8")


@pytest.mark.parametrize(("loops", "room"), [(MAX_CYCLES + 2, 3_000), (2, 600)])
def test_pictures_the_summary_has_no_room_for_are_said_to_be_left_out(
    tmp_path: Path, loops: int, room: int
) -> None:
    """With and without the table of findings (more than ten errors, or fewer), the summary has
    room for a note but not for the pictures."""
    root = tmp_path / "memory-bank"
    _loops(root, loops)
    summary = tmp_path / "summary.md"
    summary.write_bytes(b"x" * (SUMMARY_LIMIT - room))
    text = _summary(root, summary)
    assert "```mermaid" not in text
    assert (
        f"The pictures of {loops} derived_from loops and 1 derived_from target not in the bank are "
        "left out: with them this step's job summary would pass GitHub's 1 MiB limit"
    ) in " ".join(text.split())


def test_a_loop_too_long_to_draw_is_said_to_be_left_out(tmp_path: Path) -> None:
    root = tmp_path / "memory-bank"
    _loops(root, 0)
    ring = [f"ring/{n:03}.md" for n in range(DRAWN + 1)]
    readme = (root / "README.md").read_text(encoding="utf-8")
    for path, target in zip(ring, [*ring[1:], ring[0]], strict=True):
        head = f"---\ntitle: {path}\nstatus: active\nderived_from: [{target.removeprefix('ring/')}]\n---\n"
        (root / path).parent.mkdir(exist_ok=True)
        (root / path).write_text(head, encoding="utf-8")
        readme += f"        - [R]({path})\n"
    (root / "README.md").write_text(readme, encoding="utf-8")
    text = _summary(root, tmp_path / "summary.md")
    assert f"1 loop of more than {DRAWN} documents is not drawn" in text
    blocks = re.findall(r"```mermaid\n(.*?)\n```", text, re.S)
    assert [parse_mermaid(block)[0]["n0"] for block in blocks] == [["memory-bank/domain/model.md"]]


def _graph(tmp_path: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    root = tmp_path / "memory-bank"
    if not root.exists():
        _loops(root, 1)
    return subprocess.run(
        [str(BIN / "mcp-memorybank"), "--root", str(root), *argv], capture_output=True, text=True, check=False
    )


def test_graph_draws_the_neighbourhood_as_mermaid_or_dot(tmp_path: Path) -> None:
    helped = subprocess.run([str(BIN / "mcp-memorybank"), "--help"], capture_output=True, text=True).stdout
    assert "--format [text|mermaid|dot]" in helped
    text = _graph(tmp_path, "--graph", "loops/0-a.md", "--direction", "both", "--format", "text").stdout
    assert text == _graph(tmp_path, "--graph", "loops/0-a.md", "--direction", "both").stdout
    assert "loops/0-a.md" in text and "```" not in text
    drawn = _graph(tmp_path, "--graph", "loops/0-a.md", "--direction", "both", "--format", "mermaid")
    nodes, edges = parse_mermaid(drawn.stdout.rstrip("\n"))
    assert drawn.returncode == 0 and nodes["n0"] == ["L0a", "loops/0-a.md"]
    assert sorted((a, b) for a, _, b in edges) == [("n0", "n1"), ("n1", "n0")]
    [graph] = pydot.graph_from_dot_data(_graph(tmp_path, "--graph", "loops/0-a.md", "--format", "dot").stdout)
    assert graph.get_name() == '"derived_from of loops/0-a.md"'


def test_graph_draws_a_hostile_title_as_its_text(tmp_path: Path) -> None:
    root = tmp_path / "memory-bank"
    _loops(root, 1)
    page = root / "loops/0-a.md"
    title = "style x:y#z; A & B <i> %%{init: {}}%%"
    text = page.read_text(encoding="utf-8").replace("title: L0a", f'title: "{title}"')
    page.write_text(text, encoding="utf-8")
    drawn = _graph(tmp_path, "--graph", "loops/0-a.md", "--format", "mermaid")
    nodes, _ = parse_mermaid(drawn.stdout.rstrip("\n"))
    assert drawn.returncode == 0 and nodes["n0"] == [title, "loops/0-a.md"]


def _hub(root: Path) -> None:
    """A page derived from more documents than `--graph` shows, and from more targets outside the
    bank and not in it than its answer lists."""
    from memorybank_server.graph import MAX_LISTED

    sources = [f"n{n:03}.md" for n in range(70)]
    sources += [f"https://example.com/{n}" for n in range(MAX_LISTED + 3)]
    sources += [f"missing-{n}.md" for n in range(MAX_LISTED + 2)]
    files = {f"hub/n{n:03}.md": f"---\ntitle: N{n}\nstatus: active\n---\n" for n in range(70)}
    listed = "".join(f"  - {source}\n" for source in sources)
    files["hub/root.md"] = f"---\ntitle: Hub\nstatus: active\nderived_from:\n{listed}---\n"
    write_bank(root, {**CLEAN_BANK, **files})


def test_a_cut_graph_is_drawn_with_a_box_saying_what_it_leaves_out(tmp_path: Path) -> None:
    """The text said `(truncated)` while the pictures drew 60 nodes as if they were the whole
    neighbourhood, and the external and broken targets past the listed ones were not counted."""
    _hub(tmp_path / "memory-bank")
    argv = ["--graph", "hub/root.md", "--direction", "up"]
    assert "(truncated)" in _graph(tmp_path, *argv).stdout
    left_out = [
        ["… more documents are not drawn", "(the neighbourhood is cut at 60)"],
        ["… 3 more targets are not drawn", "(outside the bank)"],
        ["… 2 more targets are not drawn", "(not in the bank)"],
    ]
    drawn = _graph(tmp_path, *argv, "--format", "mermaid").stdout.rstrip("\n")
    nodes, edges = parse_mermaid(drawn)
    more = [name for name, lines in nodes.items() if lines in left_out]
    assert [nodes[name] for name in more] == left_out
    assert not {a for a, _, b in edges} & set(more) and not {b for _, _, b in edges} & set(more)
    assert f"  class {','.join(more)} more" in drawn.split("\n")
    [graph] = pydot.graph_from_dot_data(_graph(tmp_path, *argv, "--format", "dot").stdout)
    dotted = [node for node in graph.get_nodes() if node.get_style() == "dotted"]
    assert [node.get_label().strip('"').split("\\n") for node in dotted] == left_out


def test_a_whole_graph_has_no_box_for_what_is_left_out(tmp_path: Path) -> None:
    for fmt in ("mermaid", "dot"):
        drawn = _graph(tmp_path, "--graph", "loops/0-a.md", "--direction", "both", "--format", fmt).stdout
        assert "more" not in drawn and "dotted" not in drawn


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--graph", "loops/0-a.md", "--format", "mermaid", "--json"], "pick one"),
        (["--validate", "--format", "dot"], "--format works only with --graph"),
    ],
)
def test_format_is_refused_where_it_means_nothing(tmp_path: Path, argv: list[str], message: str) -> None:
    done = _graph(tmp_path, *argv)
    assert done.returncode == 2 and message in done.stderr


def test_links_past_the_listed_ones_are_drawn_as_a_box_and_counted_in_the_text(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The answer lists its edges up to a bound (`edgesLeftOut`); a picture or a text of the cut
    answer must say so, not read as the whole neighbourhood."""
    from memorybank_lint.bank import Bank
    from memorybank_server import graph as graph_module
    from memorybank_server.graph_picture import picture
    from memorybank_server.textviews import graph_text

    names = [f"mesh/m{n}.md" for n in range(6)]
    files = {}
    for name in names:
        listed = "".join(f"  - {other.removeprefix('mesh/')}\n" for other in names if other != name)
        files[name] = f"---\ntitle: M\nstatus: active\nderived_from:\n{listed}---\n"
    bank = Bank(write_bank(tmp_path / "memory-bank", {**CLEAN_BANK, **files}))
    bank.refresh()
    monkeypatch.setattr(graph_module, "MAX_EDGES", 10)
    answer = graph_module.graph(bank, names[0], neighbours=False)
    assert len(answer["edges"]) == 10 and answer["edgesLeftOut"] == 20
    nodes, edges = parse_mermaid(picture(answer, "mermaid").rstrip("\n"))
    assert ["… 20 more links are not drawn", "(the links are cut at 10)"] in nodes.values()
    assert len(edges) == 10
    assert "edges: 20 more not listed" in graph_text(answer).split("\n")


def test_one_target_written_alike_from_two_folders_is_two_files_drawn_apart(tmp_path: Path) -> None:
    """`../../../shared.md` written in `a/b/one.md` and in `a/two.md` names two files outside the
    bank (`../shared.md` and `../../shared.md` from its root), and `gone.md` two missing pages, yet
    the picture drew one box for each, as if the two documents were built on the same page; a URL
    is the same anywhere."""
    from memorybank_lint.bank import Bank
    from memorybank_server.graph import graph
    from memorybank_server.graph_picture import picture

    raw, url, gone = "../../../shared.md", "https://example.com/spec.md", "gone.md"
    listed = f"derived_from:\n  - {raw}\n  - {url}\n  - {gone}\n"
    files = {
        "a/b/one.md": f"---\ntitle: One\nstatus: active\n{listed}---\n",
        "a/two.md": f"---\ntitle: Two\nstatus: active\n{listed}  - b/one.md\n---\n",
    }
    bank = Bank(write_bank(tmp_path / "memory-bank", {**CLEAN_BANK, **files}))
    bank.refresh()
    answer = graph(bank, "a/b/one.md", direction="both", neighbours=False)
    nodes, edges = parse_mermaid(picture(answer, "mermaid").rstrip("\n"))
    named = {key: lines for key, lines in nodes.items() if lines[0] in (raw, url, gone)}
    assert sorted(lines[0] for lines in named.values()) == sorted([raw, raw, url, gone, gone])
    targets = {(a, b) for a, _, b in edges if b in named}
    assert len(targets) == 6 and len({b for _, b in targets}) == 5


def test_the_job_summary_draws_only_the_targets_that_are_not_in_the_bank(tmp_path: Path) -> None:
    """MB001 also reports a path written from the repository root (it leads to its document) and
    items that name no path; drawn as leading nowhere, they said a document that is there was not."""
    root = tmp_path / "memory-bank"
    _loops(root, 0)
    head = "---\ntitle: {}\nstatus: active\nderived_from:{}\n---\n"
    odd = {
        "odd/rooted.md": "\n  - memory-bank/dna/principles.md",
        "odd/single.md": " ../dna/principles.md",
        "odd/items.md": "\n  -\n  - see: x.md",
    }
    (root / "odd").mkdir()
    for path, written in odd.items():
        (root / path).write_text(head.format(path, written), encoding="utf-8")
    text = _summary(root, tmp_path / "summary.md")
    [block] = re.findall(r"```mermaid\n(.*?)\n```", text, re.S)
    nodes, edges = parse_mermaid(block)
    assert nodes == {"n0": ["memory-bank/domain/model.md"], "n1": ["../gone.md", "(not in the bank)"]}
    assert edges == [("n0", "-.->", "n1")]
    assert "derived_from targets that are not in the bank (1)" in text
