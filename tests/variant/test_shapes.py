"""The shapes of a file's values (variant/shapes.py), mappings above all: Map.clean keeps the
sound keys, leaves the unsound ones out (``dropped``) and says why, all in one pass."""

from __future__ import annotations

from rulesdsl.variant.shapes import BAD, Checker, Expr, Field, Int, Map, Str
from rulesdsl.variant.source import read_text


def clean(spec, text: str):
    doc = read_text(text, "t.yaml")
    out: list = []
    ck = Checker(doc, out)
    return spec.clean(doc.data, (), ck), [d.code for d in out], ck.dropped


NAMED = Map({"name": Field(Str(), True, "a name")}, extra=Int(min=0, max=9))


def test_known_and_free_keys_kept():
    value, codes, dropped = clean(NAMED, "name: x\nfirst: 1\nsecond: 2\n")
    assert value == {"name": "x", "first": 1, "second": 2} and codes == [] and dropped == set()


def test_a_free_key_that_is_no_name_or_too_long_is_left_out():
    value, codes, dropped = clean(NAMED, "name: x\n2nd: 1\nok: 3\n")
    assert value == {"name": "x", "ok": 3} and codes == ["S106"] and dropped == {("2nd",)}
    value, codes, dropped = clean(NAMED, "name: x\n" + "n" * 200 + ": 1\n")
    assert value == {"name": "x"} and codes == ["S108"]


def test_a_bad_value_is_dropped_and_its_path_kept():
    value, codes, dropped = clean(NAMED, "name: x\nfirst: 12\n")
    assert value == {"name": "x"} and codes == ["S104"] and dropped == {("first",)}


def test_unknown_and_missing_keys():
    closed = Map({"name": Field(Str(), True, "a name"), "count": Field(Int())})
    value, codes, _ = clean(closed, "nmae: x\n")
    assert value == {} and codes == ["S101", "S102"]


def test_pile_keys_and_define_keys():
    piles = Map(extra=Str(), pile_keys=True)
    value, codes, _ = clean(piles, '"tableau[2]": x\n"tab leau": y\n')
    assert value == {"tableau[2]": "x"} and codes == ["S106"]
    defines = Map(extra=Expr(role="card", want="bool"), define_keys=True)
    value, codes, _ = clean(defines, 'red: "true"\n"f(a, b)": "true"\n"f(a, a)": "true"\n')
    assert set(value) == {"red", "f(a, b)"} and codes == ["S110"]


def test_exactly_one_of_the_exclusive_keys():
    step = Map({"to": Field(Str()), "rest": Field(Str())}, exclusive=("to", "rest"))
    assert clean(step, "to: a\n")[1] == []
    assert clean(step, "to: a\nrest: b\n")[1] == ["S107"]
    assert clean(step, "{}\n")[1] == ["S107"]


def test_not_a_mapping():
    value, codes, _ = clean(NAMED, "- 1\n")
    assert value is BAD and codes == ["S103"]
