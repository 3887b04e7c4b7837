"""The document parser on hostile text: always a record, a reason for every refusal, in time."""

from __future__ import annotations

from hypothesis import given

from tests.fuzz.hostile import BODY_LINE, NAMES, document_text
from tests.fuzz.worker import Worker


@given(name=NAMES, text=document_text())
def test_every_text_gives_a_record(worker: Worker, name: bytes, text: str) -> None:
    record = worker.call("parse", name.decode("utf-8", "replace"), text)
    if record["error"] is not None:
        assert record["error"].strip()
        assert record["advice"]


@given(line=BODY_LINE)
def test_every_line_is_scanned_for_links(worker: Worker, line: str) -> None:
    for label, target, column in worker.call("links", line):
        assert line[column - 1] == "[" or line[column - 2 : column] == "!["
        assert target and label is not None
