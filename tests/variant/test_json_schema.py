"""docs/variant.schema.json: generated from the loader's own table, and in agreement with it.

A small validator for the part of JSON Schema the file uses (type, enum, properties, required,
additionalProperties, propertyNames, pattern, maxLength, items, anyOf, minimum, maximum) lives here, so the
test needs no package.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml

from rulesdsl.variant import schema

ROOT = Path(__file__).resolve().parents[2]
SCHEMA_FILE = ROOT / "docs" / "variant.schema.json"
VARIANTS = sorted((ROOT / "variants").glob("*.yaml"))
USED = {
    "type",
    "enum",
    "properties",
    "required",
    "additionalProperties",
    "propertyNames",
    "pattern",
    "maxLength",
    "items",
    "anyOf",
    "minimum",
    "maximum",
    "description",
    "$schema",
    "title",
}

TYPES = {
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "null": lambda v: v is None,
}


def errors(value, spec, path="") -> list[str]:
    """Every way the value breaks the schema, as 'path: reason' lines (empty when it fits)."""
    out: list[str] = []
    if "anyOf" in spec:
        trials = [errors(value, s, path) for s in spec["anyOf"]]
        if all(trials):
            out.append(f"{path or '/'}: fits none of its forms: " + " | ".join(t[0] for t in trials))
    if "type" in spec:
        kinds = spec["type"] if isinstance(spec["type"], list) else [spec["type"]]
        if not any(TYPES[k](value) for k in kinds):
            return out + [f"{path or '/'}: {value!r} is not {' or '.join(kinds)}"]
    if "pattern" in spec and isinstance(value, str) and not re.search(spec["pattern"], value):
        out.append(f"{path}: {value!r} does not match {spec['pattern']}")
    if "maxLength" in spec and isinstance(value, str) and len(value) > spec["maxLength"]:
        out.append(f"{path}: {len(value)} characters, more than {spec['maxLength']}")
    if "enum" in spec and value not in spec["enum"]:
        out.append(f"{path}: {value!r} not in {spec['enum']}")
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if "minimum" in spec and value < spec["minimum"]:
            out.append(f"{path}: {value} < {spec['minimum']}")
        if "maximum" in spec and value > spec["maximum"]:
            out.append(f"{path}: {value} > {spec['maximum']}")
    if isinstance(value, dict):
        props = spec.get("properties", {})
        for k in spec.get("required", []):
            if k not in value:
                out.append(f"{path}: missing '{k}'")
        extra = spec.get("additionalProperties", True)
        for k, v in value.items():
            if "propertyNames" in spec:
                out += errors(k, spec["propertyNames"], f"{path}/{k}")
            if k in props:
                out += errors(v, props[k], f"{path}/{k}")
            elif extra is False:
                out.append(f"{path}: unknown key '{k}'")
            elif isinstance(extra, dict):
                out += errors(v, extra, f"{path}/{k}")
    if isinstance(value, list) and "items" in spec:
        for i, v in enumerate(value):
            out += errors(v, spec["items"], f"{path}/{i}")
    return out


def keywords(spec) -> set:
    found = set()
    if isinstance(spec, dict):
        for k, v in spec.items():
            found.add(k)
            if k == "properties":
                for sub in v.values():
                    found |= keywords(sub)
            else:
                found |= keywords(v)
    elif isinstance(spec, list):
        for v in spec:
            found |= keywords(v)
    return found


def schema_keys(spec, prefix="") -> set:
    """Key paths of the JSON Schema in all_keys() form ('piles.*.accept')."""
    keys = set()
    for k, sub in spec.get("properties", {}).items():
        keys.add(prefix + k)
        keys |= schema_keys(sub, prefix + k + ".")
    extra = spec.get("additionalProperties")
    if isinstance(extra, dict):
        keys |= schema_keys(extra, prefix + "*.")
    if isinstance(spec.get("items"), dict):
        keys |= schema_keys(spec["items"], prefix)
    for alt in spec.get("anyOf", []):
        keys |= schema_keys(alt, prefix)
    return keys


def test_file_is_the_generated_schema():
    on_disk = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    assert on_disk == schema.json_schema(), (
        "docs/variant.schema.json is stale: regenerate it with 'rulesdsl schema > docs/variant.schema.json'"
    )


def test_schema_uses_only_the_checked_keywords():
    assert keywords(schema.json_schema()) <= USED


@pytest.mark.parametrize("path", VARIANTS, ids=lambda p: p.stem)
def test_shipped_variant_fits_the_schema(path):
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert errors(data, schema.json_schema()) == []


def test_loader_keys_and_schema_keys_agree():
    assert schema_keys(schema.json_schema()) == schema.all_keys()


@pytest.mark.parametrize(
    "name, fragment",
    [
        ("v_s101_unknown_key.yaml", "unknown key 'acept_empty'"),
        ("v_s105_enum.yaml", "'runs' not in"),
        ("v_s103_type.yaml", "[3] is not"),
        ("v_s104_range.yaml", "9 > 8"),
        ("v_s102_missing_win.yaml", "missing 'win'"),
    ],
)
def test_schema_rejects_what_the_loader_rejects(name, fragment):
    data = yaml.safe_load((ROOT / "tests" / "broken" / name).read_text(encoding="utf-8"))
    found = errors(data, schema.json_schema())
    assert any(fragment in e for e in found), found


def test_a_file_that_extends_needs_no_required_key_and_may_remove_one():
    data = {"extends": "klondike", "name": "Easy", "options": {"passes": None}}
    assert errors(data, schema.json_schema()) == []
    assert errors({"name": "Nothing"}, schema.json_schema())


def test_jsonschema_agrees_when_installed():
    jsonschema = pytest.importorskip("jsonschema")
    for path in VARIANTS:
        jsonschema.validate(yaml.safe_load(path.read_text(encoding="utf-8")), schema.json_schema())


def patterns(spec):
    if isinstance(spec, dict):
        for k, v in spec.items():
            if k == "pattern":
                yield v
            elif k == "properties":
                for sub in v.values():
                    yield from patterns(sub)
            else:
                yield from patterns(v)
    elif isinstance(spec, list):
        for v in spec:
            yield from patterns(v)


def test_patterns_are_in_the_regex_dialect_editors_use():
    # JSON Schema patterns are ECMA-262 regexes, searched anywhere in the text: anchor both ends,
    # and use nothing only Python knows (\A, \Z, named groups, inline flags).
    for p in patterns(schema.json_schema()):
        assert p.startswith("^") and p.endswith("$"), p
        assert not re.search(r"\\[AZ]|\(\?P|\(\?[aiLmsux]", p), p


def string_nodes(spec, path=""):
    """(path, node) of every part of the schema that admits text, property names included."""
    if isinstance(spec, dict):
        kinds = spec.get("type")
        if kinds == "string" or isinstance(kinds, list) and "string" in kinds:
            yield path, spec
        for k, v in spec.items():
            if k == "properties":
                for name, sub in v.items():
                    yield from string_nodes(sub, f"{path}/{name}")
            elif k == "propertyNames":
                yield f"{path}/(keys)", v
            else:
                yield from string_nodes(v, path)
    elif isinstance(spec, list):
        for v in spec:
            yield from string_nodes(v, path)


def test_every_text_in_the_schema_has_its_length_limit():
    """Editors warn about what the loader refuses: each text and each free-form key has a maxLength."""
    bare = [p for p, node in string_nodes(schema.json_schema()) if "maxLength" not in node]
    assert not bare, bare
    props = schema.json_schema()["properties"]
    action = props["actions"]["anyOf"][0]["additionalProperties"]["anyOf"][0]["properties"]
    assert action["label"]["anyOf"][0]["maxLength"] == 40
    assert props["name"]["anyOf"][0]["maxLength"] == 80


@pytest.mark.parametrize(
    "where, value",
    [
        (("actions", "draw", "label"), "x" * 41),
        (("piles", "tableau", "label"), "x" * 41),
        (("description",), "x" * 301),
        (("win",), "true or " * 300),
    ],
)
def test_schema_and_loader_both_refuse_a_text_too_long(tmp_path, where, value):
    import rulesdsl
    from rulesdsl.core.errors import RulesError

    data = yaml.safe_load((ROOT / "variants" / "klondike.yaml").read_text(encoding="utf-8"))
    node = data
    for k in where[:-1]:
        node = node[k]
    node[where[-1]] = value
    assert any("more than" in e for e in errors(data, schema.json_schema()))
    node[where[-1]] = value[: len(value) - 8 if where == ("win",) else len(value) - 1]
    if where != ("win",):
        assert errors(data, schema.json_schema()) == []
    node[where[-1]] = value
    path = tmp_path / "long.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    with pytest.raises(RulesError):
        rulesdsl.load(str(path))


def test_schema_refuses_a_name_too_long_as_the_loader_does():
    data = yaml.safe_load((ROOT / "variants" / "klondike.yaml").read_text(encoding="utf-8"))
    data["options"]["o" * 65] = {"values": [1, 2], "default": 1}
    assert any("more than 64" in e for e in errors(data, schema.json_schema()))
