"""The define: builder (variant/sections/defines.py): named predicates into the world, and
what it says of one that hides a name, uses an unknown one, or uses itself."""

from __future__ import annotations

from rulesdsl.variant.loader import Builder
from rulesdsl.variant.sections.defines import build_defines, define_reading
from rulesdsl.variant.source import read_text
from tests.variant.sections.snippets import PILES, REST, codes, file, section


def defines_of(body: str):
    b = Builder(read_text(file(PILES, REST, section("define", body)), "t.yaml"), None, "t")
    assert b.prepare()
    build_defines(b)
    return b.world.defines, b


def test_defines_with_and_without_parameters():
    defines, b = defines_of('hot: "card.color == red"\nbelow(x, y): "x.rank == y.rank - 1"\ntwo: "hot and hot"')
    assert codes(b) == [] and sorted(defines) == ["below", "hot", "two"]
    assert defines["below"].params == ("x", "y") and defines["below"].call
    assert defines["hot"].params == () and not defines["hot"].call
    assert defines["hot"].path == ("define", "hot")


def test_a_define_that_hides_a_name():
    defines, b = defines_of('tableau: "true"\ncount: "true"')
    assert codes(b) == ["E231", "E231"] and defines == {}
    assert "a quantifier" in b.out[1].message or "a function" in b.out[1].message


def test_unknown_names_and_functions_inside():
    defines, b = defines_of('odd: "card.rank == nope"')
    assert codes(b) == ["E233"] and "odd" not in defines and "odd" in b.world.refused
    defines, b = defines_of('odd: "frob(card)"')
    assert codes(b) == ["E233"] and "unknown function 'frob'" in b.out[0].message


def test_a_define_that_uses_itself():
    defines, b = defines_of('p: "q"\nq: "p or true"\nr: "true"')
    assert codes(b) == ["E230", "E230"] and list(defines) == ["r"]
    assert "p -> q -> p" in b.out[0].message


def test_a_syntax_error_refuses_the_define():
    defines, b = defines_of('bad: "card.rank =="')
    assert codes(b) and codes(b)[0].startswith("E") and "bad" in b.world.refused and "bad" not in defines


def test_define_reading_follows_the_defines_a_text_uses():
    import re

    _, b = defines_of('first: "dest.index == 0"\nalso: "first or false"')
    d, found = define_reading(b, "also and true", re.compile(r"dest\.index"))
    assert (d.name, found) == ("first", "dest.index")
    assert define_reading(b, "card.rank == A", re.compile(r"dest\.index")) is None
