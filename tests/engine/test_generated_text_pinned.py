"""The generated texts pinned: for every shipped variant and every option value, the digests of
the generated move generator's source (unrolled, and in loop mode), of the generated apply and
undo, and of the rules in English (tests/data/generated_text.json).

The differential tests say the generated engines behave as the reference; this says the texts
did not change at all, which is what a pure move of code (issue 20's module splits) must keep.
A change that means to alter a text updates the file on purpose:

    python -m tests.engine.test_generated_text_pinned --update

and the diff of the JSON shows which variants it touched.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import pytest

import rulesdsl
from rulesdsl.engine import codegen, genapply
from rulesdsl.formats.describe import rules_text
from rulesdsl.variant import registry

FIXTURE = Path(__file__).parents[1] / "data" / "generated_text.json"


def option_sets(name: str) -> list[dict]:
    """The defaults, then each option at each of its other values (a range: its two ends)."""
    out: list[dict] = [{}]
    for o in rulesdsl.load(name).option_decls:
        values = o.values if o.values is not None else (o.min, o.max)
        out += [{o.name: str(x)} for x in values if x != o.default]
    return out


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def digests(name: str, options: dict) -> dict[str, str]:
    """What is pinned of one variant and option set, each text by a short digest."""
    v = rulesdsl.load(name, options)
    out = {
        "generate": _digest(codegen.source(v)),
        "apply": "reference" if genapply.reference_only(v) else _digest(genapply.source(v)),
        "rules": _digest(rules_text(v)),
    }
    saved = codegen.MAX_GENERATED_PAIRS
    codegen.MAX_GENERATED_PAIRS = -1  # every pile pair over the limit: loop mode
    try:
        out["generate_loop"] = _digest(codegen.source(rulesdsl.load(name, options)))
    finally:
        codegen.MAX_GENERATED_PAIRS = saved
    return out


def key(name: str, options: dict) -> str:
    return " ".join([name] + [f"{k}={x}" for k, x in sorted(options.items())])


def current() -> dict[str, dict[str, str]]:
    return {key(n, o): digests(n, o) for n in registry.names() for o in option_sets(n)}


@pytest.fixture(scope="module")
def pinned() -> dict:
    return json.loads(FIXTURE.read_text(encoding="utf-8"))


def test_every_shipped_variant_and_option_is_pinned(pinned):
    assert sorted(pinned) == sorted(key(n, o) for n in registry.names() for o in option_sets(n))


@pytest.mark.parametrize("name", registry.names())
def test_the_generated_texts_are_the_pinned_ones(name, pinned):
    for options in option_sets(name):
        assert digests(name, options) == pinned[key(name, options)], (
            f"{key(name, options)}: a generated text changed; if on purpose, "
            "python -m tests.engine.test_generated_text_pinned --update"
        )


def test_a_changed_text_changes_its_digest():
    v = rulesdsl.load("freecell")
    text = codegen.source(v)
    assert _digest(text) != _digest(text.replace("n <= 1", "n <= 2", 1))


if __name__ == "__main__" and sys.argv[1:] == ["--update"]:
    FIXTURE.write_text(json.dumps(current(), indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {FIXTURE}")
