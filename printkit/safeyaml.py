"""The YAML loader every printkit file is read with: the safe loader, made safe for any input.

PyYAML's safe loader still raises ValueError, KeyError or AttributeError on some scalars
(`!!int abc`, `!!bool maybe`, `!!timestamp nope`, `name: 2024-13-45`, an integer of 5,000
digits) and takes seconds over a 1 MB file of tiny values. This one constructs no dates,
keeps overlong numbers as text, turns a value that does not fit its tag into a located
ConstructorError, and stops at MAX_NODES values. `printkit.yamlsource` builds on it.
"""

from __future__ import annotations

from typing import Any, Callable

import yaml
from yaml.constructor import ConstructorError, SafeConstructor

# No number printkit reads needs more digits; a longer one stays text (LongNumber) so that
# converting it never meets Python's int-string limit (4,300 digits) or costs more than linear.
MAX_NUMBER_CHARS = 100
# Values (scalars, lists, mappings) in one file: the largest deck printkit takes (1,000 cards)
# has about 20,000; a 1 MB file can hold 500,000, which would take seconds just to read.
MAX_NODES = 100_000


class LongNumber(str):
    """A number too long to convert (more than MAX_NUMBER_CHARS characters), kept as its
    text: a text field takes it as it stands, a number field reports it, an `x-` key keeps it."""


_TIMESTAMP = "tag:yaml.org,2002:timestamp"


# libyaml's parser, where PyYAML has it, reads a 1 MB file a few times faster than PyYAML's own.
_SafeBase = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class SafeLoader(_SafeBase):  # type: ignore[misc, valid-type]
    """The safe loader, with every scalar construction that can raise made safe.

    Dates are never constructed: no field printkit reads is a date, and `name: 2024-01-02`
    is a name. A plain scalar that looks like a date stays the text it is; an explicit
    `!!timestamp` must be a valid one and gives its text too. A value that does not fit its
    explicit tag (`!!int abc`) is a ConstructorError at that node, so it is located.
    """

    # A copy without the timestamp resolver (the class attribute is shared with SafeLoader).
    yaml_implicit_resolvers = {
        first: [(tag, pattern) for tag, pattern in resolvers if tag != _TIMESTAMP]
        for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
    }

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self.resolved = 0
        self.constructed = 0

    # Counted twice, as each node is composed (every untagged one is resolved) and as it is
    # constructed, so that reading stops early on a file of too many values, tagged or not.
    def resolve(self, kind: type, value: Any, implicit: Any) -> str:
        self.resolved += 1
        if self.resolved > MAX_NODES:
            raise TooManyNodes
        return super().resolve(kind, value, implicit)

    def construct_object(self, node: yaml.Node, deep: bool = False) -> Any:
        if node not in self.constructed_objects:
            self.constructed += 1
            if self.constructed > MAX_NODES:
                raise TooManyNodes
        return super().construct_object(node, deep)


class TooManyNodes(Exception):
    """The file holds more than MAX_NODES values."""


def _checked(tag: str, construct: Callable[[SafeConstructor, yaml.Node], Any], *, numeric: bool = False,
             as_text: bool = False) -> Callable[[SafeConstructor, yaml.Node], Any]:
    def constructor(loader: SafeConstructor, node: yaml.Node) -> Any:
        text = node.value if isinstance(node, yaml.ScalarNode) else None
        if numeric and isinstance(text, str) and len(text) > MAX_NUMBER_CHARS:
            return LongNumber(text)
        try:
            value = construct(loader, node)
        except ConstructorError:
            raise
        except (ValueError, KeyError, IndexError, AttributeError, TypeError, OverflowError):
            shown = f"'{text}'" if isinstance(text, str) and len(text) <= 40 else "this value"
            raise ConstructorError(None, None, f"{shown} is not a valid !!{tag}", node.start_mark) from None
        return text if as_text else value

    return constructor


for _tag, _numeric, _as_text in (("int", True, False), ("float", True, False), ("bool", False, False),
                                 ("timestamp", False, True)):
    _full = f"tag:yaml.org,2002:{_tag}"
    SafeLoader.add_constructor(_full, _checked(_tag, SafeLoader.yaml_constructors[_full], numeric=_numeric, as_text=_as_text))
