"""YAML node trees into plain values, under limits that hold whatever the header says.

Why not PyYAML's constructor: it expands merge keys (`<<:`) without counting aliases, builds
numbers of any size, nests as deep as the text does and lets its own exceptions (`KeyError` for
`!!bool maybe`) escape. A frontmatter block is untrusted text, so every way it can go wrong must
end as one `yaml.YAMLError` with a plain reason and a position, which the caller turns into that
document's finding. The limits:

- every alias written counts, scalars and merge sources included, and more than `MAX_ALIASES` is
  refused; so does what aliases rebuild, node by node (an alias of a list of aliases rebuilds
  them all), past `MAX_REBUILT` nodes: what is built is never much larger than what is written;
- nesting deeper than `MAX_DEPTH` is refused, so no consumer (JSON, comparison, rendering)
  recurses without bound;
- a number longer than `MAX_NUMBER_CHARS` is refused, so no integer is too long to print;
- only the tags a frontmatter needs are read: strings, numbers, booleans, null, timestamps,
  binary, lists, mappings, sets, ordered maps and pairs.
"""

from __future__ import annotations

import base64
import re
from collections.abc import Callable
from typing import Any

import yaml
from yaml.constructor import ConstructorError, SafeConstructor

from .quoting import shortened

MAX_ALIASES = 16
MAX_REBUILT = 1000
MAX_DEPTH = 32
MAX_NUMBER_CHARS = 100

_PREFIX = "tag:yaml.org,2002:"
_STR, _MERGE, _VALUE = _PREFIX + "str", _PREFIX + "merge", _PREFIX + "value"
_SEQ, _MAP, _SET, _OMAP, _PAIRS = (_PREFIX + name for name in ("seq", "map", "set", "omap", "pairs"))
_NUMBERS = frozenset({_PREFIX + "int", _PREFIX + "float"})
_SCALARS: dict[str, Callable[[Any, yaml.ScalarNode], Any]] = {
    _PREFIX + "null": SafeConstructor.construct_yaml_null,
    _PREFIX + "bool": SafeConstructor.construct_yaml_bool,
    _PREFIX + "int": SafeConstructor.construct_yaml_int,
    _PREFIX + "float": SafeConstructor.construct_yaml_float,
    _PREFIX + "timestamp": SafeConstructor.construct_yaml_timestamp,
    _PREFIX + "binary": SafeConstructor.construct_yaml_binary,
}
# What the stock constructors raise on a value their tag cannot hold (`!!bool maybe` is a KeyError).
_UNREADABLE = (ValueError, TypeError, KeyError, AttributeError, IndexError, OverflowError, yaml.YAMLError)


# `"\uDC80"` in double quotes: a str no output can encode, so every report of the bank would fail.
_SURROGATE = re.compile("[\ud800-\udfff]")


def short_tag(tag: str) -> str:
    """A tag as it is written: `!!bool` for the YAML types, `!name` or the URI otherwise."""
    return "!!" + tag[len(_PREFIX) :] if tag.startswith(_PREFIX) else tag


def written(value: Any) -> str:
    """A value as YAML writes it, on one line: `true`, `null`, `1`, `.inf`, `2024-05-01`,
    `[x.md]`, `{fit: y}`, `!!binary aGk=`, never as Python prints it (`True`, `None`, `b'hi'`)."""
    if isinstance(value, bytes):  # the dumper writes it as a block scalar, over several lines
        return "!!binary " + base64.b64encode(value).decode("ascii")
    try:
        text = yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, width=10**6)
    except yaml.YAMLError:
        return str(value)
    return text.removesuffix("\n").removesuffix("\n...").strip()  # a lone scalar ends in `...`


def key_text(key: Any) -> str:
    """A mapping key as the text every reader of a header sees: a string as it is, any other key
    as YAML writes it (`true`, `null`, `1`).

    Why one function: two keys YAML tells apart (`1` and `"1"`, `null` and `"null"`) are one key
    once made text, for JSON, a person and every rule; the duplicate check and the conversion of
    the header's keys must make the same text of them.
    """
    return key if isinstance(key, str) else written(key)


def refused(reason: str, node: yaml.Node) -> ConstructorError:
    return ConstructorError(None, None, reason, node.start_mark)


class Builder:
    """Builds the value of one composed document; one instance per document."""

    def __init__(self, loader: Any, restored: Callable[[str], str] | None = None) -> None:
        """`restored` gives back a string's text as written, when the loader read a stand-in."""
        self.loader = loader
        self.restored = restored
        self.seen: set[int] = set()
        self.aliases = 0
        self.rebuilt = 0
        self.replaying = 0  # > 0 while an alias's node is built again
        self.depth = 0

    def _revisit(self, node: yaml.Node) -> bool:
        """Count a node seen a second time (an alias, or a node inside the one an alias names
        again); True when it is one."""
        if id(node) not in self.seen:
            self.seen.add(id(node))
            return False
        if not self.replaying:
            self.aliases += 1
            if self.aliases > MAX_ALIASES:
                raise refused(f"more than {MAX_ALIASES} aliases (refused as a possible alias bomb)", node)
        self.rebuilt += 1
        if self.rebuilt > MAX_REBUILT:
            raise refused(
                f"aliases that rebuild more than {MAX_REBUILT} values (refused as a possible alias bomb)",
                node,
            )
        return True

    def build(self, node: yaml.Node) -> Any:
        replay = self._revisit(node)
        self.replaying += replay
        try:
            if isinstance(node, yaml.ScalarNode):
                return self._scalar(node)
            self.depth += 1
            if self.depth > MAX_DEPTH:
                raise refused(f"nested deeper than {MAX_DEPTH} levels", node)
            try:
                return self._collection(node)
            finally:
                self.depth -= 1
        finally:
            self.replaying -= replay

    def _scalar(self, node: yaml.ScalarNode) -> Any:
        tag = node.tag
        if tag == _STR or tag in (_MERGE, _VALUE):  # a lone `<<` or `=` outside a key is just text
            found = _SURROGATE.search(node.value)
            if found is not None:
                raise refused(
                    f"an escape for half of a character (\\u{ord(found.group()):04x}, a lone surrogate) "
                    "that no UTF-8 text can carry",
                    node,
                )
            return node.value if self.restored is None else self.restored(node.value)
        construct = _SCALARS.get(tag)
        if construct is None:
            raise refused(f"the tag {short_tag(tag)} is not read here", node)
        if tag in _NUMBERS and len(node.value) > MAX_NUMBER_CHARS:
            raise refused(f"a number {len(node.value)} characters long is not read", node)
        try:
            return construct(self.loader, node)
        except _UNREADABLE:
            raise refused(
                f"the value '{shortened(node.value, 40)}' cannot be read as {short_tag(tag)}", node
            ) from None

    def _collection(self, node: yaml.Node) -> Any:
        tag = node.tag
        if isinstance(node, yaml.SequenceNode):
            if tag == _SEQ:
                return [self.build(child) for child in node.value]
            if tag in (_OMAP, _PAIRS):
                return [self._pair(child, tag) for child in node.value]
        elif isinstance(node, yaml.MappingNode):
            if tag == _MAP:
                return self._mapping(node)
            if tag == _SET:
                return {self._key(key) for key, _ in node.value}
        raise refused(f"the tag {short_tag(tag)} is not read here", node)

    def _key(self, node: yaml.Node) -> Any:
        key = self.build(node)
        try:
            hash(key)
        except TypeError:
            raise refused("a mapping key is itself a list or a mapping", node) from None
        return key

    def _pair(self, node: yaml.Node, tag: str) -> tuple[Any, Any]:
        """One item of a `tag` list (`!!omap` or `!!pairs`): the item's key and value. The refusal
        names `tag`, the list's, since the item's own (`!!str` for `b`) is not what asked for pairs."""
        if not isinstance(node, yaml.MappingNode) or len(node.value) != 1:
            raise refused(f"each item of {short_tag(tag)} must be a one-key mapping", node)
        ((key, value),) = node.value
        return self._key(key), self.build(value)

    def _mapping(self, node: yaml.MappingNode) -> dict[Any, Any]:
        """A mapping whose keys differ as text (`key_text`) too, so that no value is lost when its
        keys are made text: `1:` and `"1":` are a key given twice, as `a:` and `a:` are."""
        own: dict[Any, Any] = {}
        texts: set[str] = set()
        sources: list[dict[Any, Any]] = []
        for key_node, value_node in node.value:
            if key_node.tag == _MERGE:
                sources += self._merge_sources(value_node)
            else:
                key = self._key(key_node)
                text = key_text(key)
                if key in own or text in texts:  # js-yaml, the reference's reader, refuses it too
                    raise refused(f"duplicated mapping key {shortened(text, 40)!r}", key_node)
                texts.add(text)
                own[key] = self.build(value_node)
        if not sources:
            return own
        merged: dict[str, tuple[Any, Any]] = {}  # by the key's text: a merged `1` gives way to an own `"1"`
        for source in reversed(sources):  # the first source named wins, the mapping's own keys win over all
            merged.update((key_text(key), (key, value)) for key, value in source.items())
        merged.update((key_text(key), (key, value)) for key, value in own.items())
        return dict(merged.values())

    def _merge_sources(self, node: yaml.Node) -> list[dict[Any, Any]]:
        if not isinstance(node, yaml.SequenceNode):
            return [self._merge_source(node)]
        replay = self._revisit(node)  # `<<: *list`, a list of mappings named again
        self.replaying += replay
        try:
            return [self._merge_source(source) for source in node.value]
        finally:
            self.replaying -= replay

    def _merge_source(self, source: yaml.Node) -> dict[Any, Any]:
        if not isinstance(source, yaml.MappingNode):
            raise refused("a merge key '<<' must name a mapping or a list of mappings", source)
        built = self.build(source)
        if not isinstance(built, dict):
            raise refused("a merge key '<<' must name a mapping or a list of mappings", source)
        return built
