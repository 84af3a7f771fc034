"""The reference docs agree with the code: every key and function documented, and nothing more."""

import re
from pathlib import Path

from rulesdsl.lang import types as exprtypes
from rulesdsl.lang.builtins import FUNCTIONS, QUANTIFIERS
from rulesdsl.variant import schema

DOCS = Path(__file__).resolve().parent.parent / "docs"


def _backticked(text):
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    return set(re.findall(r"`([^`\n]+)`", text))


def test_every_format_key_is_documented():
    text = (DOCS / "variant-format.md").read_text(encoding="utf-8")
    ticks = _backticked(text)
    missing = sorted(k for k in schema.all_keys() if k not in ticks)
    assert not missing, f"keys without a line in docs/variant-format.md: {missing}"


def test_every_documented_key_exists():
    text = (DOCS / "variant-format.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| `([a-z_.*]+)` \|", text, re.M)
    known = schema.all_keys() | {"shuffle"}
    unknown = sorted(r for r in rows if r not in known)
    assert rows and not unknown, f"documented but not in the format: {unknown}"


def test_every_function_and_attribute_is_documented():
    text = (DOCS / "expressions.md").read_text(encoding="utf-8")
    for name in list(FUNCTIONS) + list(QUANTIFIERS):
        assert re.search(rf"`{name}\(", text), f"function {name} is not documented"
    for attr in exprtypes.ATTR_DOCS:
        assert f"`{attr}`" in text, f"attribute {attr} is not documented"


def test_every_documented_function_and_attribute_exists():
    text = (DOCS / "expressions.md").read_text(encoding="utf-8")
    table = text.split("## Functions", 1)[1].split("##", 1)[0]
    documented = set(re.findall(r"^\| `([a-z]+)\(", table, re.M))
    assert documented == set(FUNCTIONS)
    attrs = set(re.findall(r"^\| `((?:card|pile|list|move)\.[a-z_]+)` \|", text, re.M))
    assert attrs == set(exprtypes.ATTR_DOCS)
    kinds = {
        "card": exprtypes.CARD_ATTRS,
        "pile": exprtypes.PILE_ATTRS,
        "list": exprtypes.LIST_ATTRS,
        "move": exprtypes.MOVE_ATTRS,
    }
    for a in attrs:
        kind, name = a.split(".")
        assert name in kinds[kind], f"{a} is documented but does not exist"
