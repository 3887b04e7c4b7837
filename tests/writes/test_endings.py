"""`restore_endings`: the lines an edit leaves alone keep their own endings, however the file mixes
LF, CRLF and lone CR, and wherever the edit changed it; and the file reads back as the edit's text,
every line of it.

Why a property: which lines the edit left alone is decided by a line diff, and a diff can go wrong
on repeated lines (a document's blank lines, its `---` and list items), pairing a kept line with its
twin. The lines drawn here repeat a lot on purpose. A line the edit removed never reads like one it
kept, and a line it wrote reads like no line of the file: otherwise which line was kept is not
something the text says (`a, a` becoming `a` kept either).
"""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import given
from hypothesis import strategies as st

from memorybank_lint.edits.text import restore_endings
from memorybank_lint.frontmatter import line_feeds

ENDINGS = ("\n", "\r\n", "\r")


@dataclass(frozen=True)
class Line:
    """A line of the file, its ending, whether the edit kept it, and the lines it wrote after it."""

    text: str
    ending: str
    kept: bool
    written_after: tuple[str, ...]


@st.composite
def edited_files(draw: st.DrawFn, endings: st.SearchStrategy[str]) -> tuple[list[Line], tuple[str, ...]]:
    """A file's lines with the edit's fate for each, and the lines the edit wrote before the first.

    Kept lines draw from `a`, `b` and spaces (the empty line most of all), removed ones from `x`
    and `y`, written ones from `n`: the three never read alike."""
    kept = st.text("ab ", max_size=2)
    removed = st.text("xy", min_size=1, max_size=2)
    written = st.lists(st.text("n", min_size=1, max_size=3), max_size=3).map(tuple)
    lines: list[Line] = []
    for _ in range(draw(st.integers(1, 40))):
        keep = draw(st.booleans()) or draw(st.booleans())
        text = draw(kept if keep else removed)
        ending = draw(endings)
        if text == "" and ending == "\n" and lines and lines[-1].ending == "\r":
            ending = "\r\n"  # a lone CR right before a blank line ending LF would read as one CRLF
        lines.append(Line(text, ending, keep, draw(written)))
    lines[-1] = Line(lines[-1].text, "", lines[-1].kept, lines[-1].written_after)
    return lines, draw(written)


def _run(lines: list[Line], first: tuple[str, ...], eol: str) -> tuple[str, str]:
    """`restore_endings` on the file and its edit, and the file as the edit should leave it: a kept
    line with its own ending, the lines written in place of as many removed ones with theirs one
    for one, any other written line with `eol`; a blank line ending LF right after a lone CR (they
    would read as one CRLF) with CRLF for the ending of whichever took `eol`, else of the first.
    """
    original = "".join(line.text + line.ending for line in lines)
    new: list[tuple[str, str | None]] = []  # a line and its own ending, None for `eol`
    removed: list[Line] = []
    written: list[str] = list(first)

    def close() -> None:
        paired = len(removed) == len(written)
        new.extend((text, removed[n].ending if paired else None) for n, text in enumerate(written))
        removed.clear()
        written.clear()

    for line in lines:
        if line.kept:
            close()
            new.append((line.text, line.ending))
        else:
            removed.append(line)
        written.extend(line.written_after)
    close()
    new[-1:] = [(new[-1][0] if new else "", "")]  # the edit removed every line: one empty line is left
    text = "\n".join(line for line, _ in new)
    ends = [*(own or eol for _, own in new[:-1]), ""]
    for j in range(len(new) - 1):
        if ends[j] == "\r" and new[j + 1][0] == "" and ends[j + 1] == "\n":
            ends[j + 1 if new[j][1] and not new[j + 1][1] else j] = "\r\n"
    got = restore_endings(original, text, eol)
    assert line_feeds(got) == text  # the edit's text, every line of it
    return got, "".join(line + end for (line, _), end in zip(new, ends, strict=True))


@given(edited_files(st.sampled_from(ENDINGS)), st.sampled_from(ENDINGS))
def test_every_line_the_edit_left_alone_keeps_its_own_ending(
    edited: tuple[list[Line], tuple[str, ...]], eol: str
) -> None:
    got, expected = _run(*edited, eol)
    assert got == expected


@given(st.sampled_from(ENDINGS).flatmap(lambda eol: st.tuples(edited_files(st.just(eol)), st.just(eol))))
def test_a_file_with_one_kind_of_ending_keeps_it_on_every_line(
    case: tuple[tuple[list[Line], tuple[str, ...]], str],
) -> None:
    (lines, first), eol = case
    got, expected = _run(lines, first, eol)
    assert got == expected
    others = "".join(got.split(eol))
    assert "\r" not in others and "\n" not in others


def test_kept_lines_keep_their_endings_from_cases_found_by_hand() -> None:
    """`A, x, x, R, x, B` becoming `C, x, F, x, x, D` keeps all three `x`: a diff that takes the
    longest block first pairs the first two with the last two and leaves the first `x` to take
    `eol`. `C` took `A`'s place, so it takes `A`'s ending."""
    original = "A\rx\r\nx\rR\nx\r\nB"
    assert restore_endings(original, "C\nx\nF\nx\nx\nD", "\n") == "C\rx\r\nF\nx\rx\r\nD"
    assert restore_endings("a\r\nb\nc\r", "a\nb\nc\nd", "\r") == "a\r\nb\nc\rd"
    assert restore_endings("a\rb\r", "z\nb\n", "\n") == "z\rb\r"  # changed in place: its own ending


def test_a_blank_line_ending_lf_right_after_a_lone_cr_is_not_swallowed() -> None:
    """CR then LF reads as one CRLF: a blank line ending LF after a line ending CR would be gone.
    The line that took `eol` ends CRLF instead, or the first of two lines that kept theirs."""
    assert restore_endings("a\rb", "a\n\nb", "\n") == "a\r\r\nb"  # an added blank line
    assert restore_endings("a\n\nb", "a\nnew\n\nb", "\r") == "a\nnew\r\n\nb"  # an added line before one
    assert restore_endings("a\nb", "a\nnew\nb", "\r") == "a\nnew\rb"  # no blank line after it: its eol
    assert restore_endings("a\rx\n\nb", "a\n\nb", "\n") == "a\r\n\nb"  # both kept: the first
