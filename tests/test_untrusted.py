"""Reading the top level of a JSON object without following its nesting."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memorybank_lint.untrusted import TooDeep, TooManyDigits, json_value, top_level_members

SCALARS = st.none() | st.booleans() | st.integers() | st.text(max_size=12)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=12,
)


@given(st.dictionaries(st.text(max_size=8), VALUES, max_size=6), st.booleans())
def test_each_member_reads_back_as_the_value_it_holds(members: dict, spaced: bool) -> None:
    text = json.dumps(members, indent=1 if spaced else None)
    found = top_level_members(text)
    assert found.keys() == members.keys()
    assert {key: json.loads(raw) for key, raw in found.items()} == members


def test_the_id_of_a_request_nested_too_deep_to_decode_is_found() -> None:
    line = '{"id": "a\\\\\\"]}", "params": ' + "[" * 50_000 + "]" * 50_000 + ', "method": "x"}'
    with pytest.raises(TooDeep):
        json_value(line)
    found = top_level_members(line)
    assert json.loads(found["id"]) == 'a\\"]}' and json.loads(found["method"]) == "x"


def test_what_is_no_single_clean_object_gives_nothing() -> None:
    for text in ('{"id": 1} {"id": 2}', "[1, 2]", '{"id": 1', '"{}"', "", '{"id" 1}'):
        assert top_level_members(text) == {}, text


def test_an_integer_too_long_to_convert_is_told_from_malformed_text() -> None:
    with pytest.raises(TooManyDigits, match="more than 4300 digits"):
        json_value('{"id": 1, "limit": ' + "9" * 5_000 + "}")
    with pytest.raises(ValueError) as malformed:
        json_value('{"limit": 9')
    assert not isinstance(malformed.value, TooManyDigits)
