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


def _request_ids(lines: list[str]) -> list[object]:
    ids = []
    for line in lines:
        try:
            message = json.loads(line)
        except (ValueError, RecursionError):
            continue
        if isinstance(message, dict) and isinstance(message.get("method"), str) and "id" in message:
            ids.append(message["id"])
    return ids


@given(lines=CLIENT_LINES)
def test_the_relay_answers_or_passes_on_any_client_line(worker: Worker, lines: list[str]) -> None:
    answered = worker.call("relay", lines)
    asked = _request_ids(lines)
    for line in answered:
        answer = json.loads(line)
        assert answer["id"] in asked and isinstance(answer["result"], dict), line
