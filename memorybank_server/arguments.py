"""Tool schemas as an agent reads them, and tool arguments checked against them before a call.

Why our own check: the SDK validates with pydantic and answers a mistake with a multi-line dump
and documentation URLs, and it silently drops an argument the tool does not take (so
`bank_validate {"summary": true}` answered with every finding). Here an unknown, missing or
mistyped argument is refused in one short sentence that names it.

Why compact schemas: every tool description is paid for on every turn, so the generated
`title` of each schema (never a parameter called `title`), `null` alternatives of optional
parameters and `null` defaults are dropped, and descriptions lose their source indentation.
"""

from __future__ import annotations

import json
from typing import Any

from memorybank_lint.bank import visible
from memorybank_lint.quoting import shortened

_JSON_TYPES = {
    "string": str,
    "integer": int,
    "number": (int, float),
    "boolean": bool,
    "array": list,
    "object": dict,
    "null": type(None),
}


def flat(text: str | None) -> str | None:
    """A description on one line: docstring indentation and line breaks become single spaces."""
    return " ".join(text.split()) if text else text


def compact_schema(schema: Any) -> Any:
    """An input schema without what a model does not need (see the module docstring)."""
    if isinstance(schema, list):
        return [compact_schema(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    result: dict[str, Any] = {}
    for key, value in schema.items():
        if key == "title" and isinstance(value, str):
            continue  # generated schema metadata; a parameter named `title` lives under `properties`
        if key == "properties" and isinstance(value, dict):
            result[key] = {name: compact_schema(item) for name, item in value.items()}
        elif key == "additionalProperties" and value is True:
            continue  # the JSON Schema default
        elif key == "description" and isinstance(value, str):
            result[key] = flat(value)
        else:
            result[key] = compact_schema(value)
    options = result.get("anyOf")
    if isinstance(options, list) and {"type": "null"} in options:
        rest = [option for option in options if option != {"type": "null"}]
        del result["anyOf"]
        result = {**(rest[0] if len(rest) == 1 else {"anyOf": rest}), **result}
    if "default" in result and result["default"] is None:
        del result["default"]
    return result


def _matches(schema: dict[str, Any], value: Any) -> bool:
    if "anyOf" in schema:
        return any(_matches(option, value) for option in schema["anyOf"])
    kind = schema.get("type")
    if kind is not None:
        expected = _JSON_TYPES.get(kind, object)
        if isinstance(value, bool) and kind in ("integer", "number"):
            return False
        if not isinstance(value, expected) and not (kind == "integer" and _whole(value)):
            return False
    if "enum" in schema and value not in schema["enum"]:
        return False
    if isinstance(value, int | float) and not isinstance(value, bool):
        if "minimum" in schema and value < schema["minimum"]:
            return False
        if "maximum" in schema and value > schema["maximum"]:
            return False
    if isinstance(value, str) and len(value) < schema.get("minLength", 0):
        return False
    if isinstance(value, list) and isinstance(schema.get("items"), dict):
        return all(_matches(schema["items"], item) for item in value)
    if isinstance(value, dict) and isinstance(schema.get("additionalProperties"), dict):
        return all(_given_member(schema["additionalProperties"], item) for item in value.values())
    return True


def _given_member(schema: dict[str, Any], value: Any) -> bool:
    """An object's member fits, or is null: not given, as an optional argument given as null is
    (`{path, section: null}`, what a client that writes every optional field sends, is `{path}`;
    the tool still refuses a member it needs that is missing)."""
    return value is None or _matches(schema, value)


def _whole(value: Any) -> bool:
    """A float with no fraction: JSON Schema's integer too (3.0 is 3), and what a client that keeps
    every number as a float sends for one."""
    return isinstance(value, float) and value.is_integer()


def describe(schema: dict[str, Any]) -> str:
    """What a value must be, as words: `an integer from 1 to 25`, `one of up, down, both`."""
    if "anyOf" in schema:
        return " or ".join(describe(option) for option in schema["anyOf"])
    if "enum" in schema:
        return "one of " + ", ".join(str(item) for item in schema["enum"])
    kind = schema.get("type")
    if kind == "integer":
        low, high = schema.get("minimum"), schema.get("maximum")
        if low is not None and high is not None:
            return f"an integer from {low} to {high}"
        return "an integer" + (f" of at least {low}" if low is not None else "")
    if kind == "string":
        least = schema.get("minLength", 0)
        return "a string" + (
            f" of at least {least} characters" if least > 1 else " (not empty)" if least else ""
        )
    if kind == "array":
        items = schema.get("items")
        return "a list" + (f" of {_plural(describe(items))}" if isinstance(items, dict) else "")
    return {"boolean": "true or false", "object": "an object", "number": "a number"}.get(str(kind), "a value")


def _plural(phrase: str) -> str:
    return phrase.replace("a string", "strings").replace("an object", "objects")


def shown(value: Any) -> str:
    """A value quoted from the request: short, one line, its bidi and invisible characters escaped
    (JSON escapes only the control characters), so the refusal reads as what was sent."""
    return shortened(visible(json.dumps(value, ensure_ascii=False)), 40)


def _named(name: str) -> str:
    """An argument name quoted from the request, as `shown` quotes a value (a name may be 1 MB)."""
    return shortened(visible(name), 80)


def given(schema: dict[str, Any], arguments: dict[str, Any]) -> dict[str, Any]:
    """`arguments` less the optional ones passed as null, and a whole float given for an integer
    as that integer: null means "not given" whatever the default, where pydantic took it as "not
    given" only for a default of null and refused it for any other (`'limit' input should be a
    valid integer`)."""
    required = set(schema.get("required", []))
    properties: dict[str, Any] = schema.get("properties", {})
    return {
        name: int(value) if _whole(value) and properties.get(name, {}).get("type") == "integer" else value
        for name, value in arguments.items()
        if value is not None or name in required
    }


def problem(tool: str, schema: dict[str, Any], arguments: Any) -> str | None:
    """One sentence naming what is wrong with `arguments` for `tool`, or None when they fit."""
    if not isinstance(arguments, dict):
        return f"{tool} takes its arguments as an object, not {shown(arguments)}."
    properties: dict[str, Any] = schema.get("properties", {})
    takes = ", ".join(properties) or "no arguments"
    for name in arguments:
        if name not in properties:
            return f"{tool} has no argument '{_named(name)}'; it takes: {takes}."
    for name in schema.get("required", []):
        if name not in arguments:
            return f"{tool} needs the argument '{name}' ({describe(properties.get(name, {}))})."
    required = set(schema.get("required", []))
    for name, value in arguments.items():
        if value is None and name not in required:
            continue  # an optional argument passed as null means "not given"
        if not _matches(properties[name], value):
            return f"{tool}: '{name}' must be {describe(properties[name])}, not {shown(value)}."
    return None
