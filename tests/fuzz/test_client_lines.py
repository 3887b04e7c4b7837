"""Whatever a client sends before the server is ready (odd ids, params of any shape, lines nested
past what JSON follows, answers to requests never made) the relay that answers it from the
recorded handshake never raises: it answers, or leaves the line to the SDK, and what it answers
itself answers a request the client made."""

from __future__ import annotations

import json

import pytest
from hypothesis import given

from tests.fuzz.hostile import CLIENT_LINES
from tests.fuzz.worker import Worker

pytestmark = pytest.mark.long(1)  # minutes under the CI profile, on a loaded machine


def _client_ids(lines: list[str]) -> tuple[list[object], list[object]]:
    """The ids the client's lines carry on their own (a request's, or what was meant as one), and
    those of the items inside its batches."""
    alone: list[object] = []
    batched: list[object] = []
    for line in lines:
        try:
            message = json.loads(line)
        except (ValueError, RecursionError):
            continue
        if isinstance(message, dict) and "id" in message:
            alone.append(message["id"])
        elif isinstance(message, list):
            batched += [item["id"] for item in message if isinstance(item, dict) and "id" in item]
    return alone, batched


@given(lines=CLIENT_LINES)
def test_the_relay_answers_or_passes_on_any_client_line(worker: Worker, lines: list[str]) -> None:
    """What the relay answers itself is a recorded result or an error for a request the client
    made, an error on the id null (a line no request could be read from), or a batch's errors."""
    answered = worker.call("relay", lines)
    asked, batched = _client_ids(lines)
    for line in answered:
        answer = json.loads(line)
        if isinstance(answer, list):
            assert answer and all(
                (item["id"] is None or item["id"] in batched) and item["error"]["code"] == -32600
                for item in answer
            )
        elif "error" in answer:
            assert answer["id"] is None or answer["id"] in asked, line
            assert answer["error"]["code"] in (-32700, -32600), line
        else:
            assert answer["id"] in asked and isinstance(answer["result"], dict), line
