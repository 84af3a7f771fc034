"""The options: and params: builders (variant/sections/options.py): the values declared and
given, the constants worked out from them, and names that hide others."""

from __future__ import annotations

from rulesdsl.variant.loader import Builder
from rulesdsl.variant.sections.options import build_options, build_params, coerce_option, hidden_names
from rulesdsl.variant.source import read_text
from tests.variant.sections.snippets import PILES, REST, codes, file, prepared, section


def options_of(body: str, given=None):
    b = Builder(read_text(file(PILES, REST, section("options", body)), "t.yaml"), given, "t")
    b.structure()
    values, decls = build_options(b)
    return values, decls, b


def test_defaults_and_given_values():
    section = """
      draw: {values: [1, 3], default: 1}
      level: {default: 2, min: 1, max: 5, help: how hard}
    """
    values, decls, b = options_of(section)
    assert codes(b) == [] and values == {"draw": 1, "level": 2}
    assert [(o.name, o.values, o.min, o.max) for o in decls] == [("draw", (1, 3), None, None), ("level", None, 1, 5)]
    values, _, b = options_of(section, {"draw": "3", "level": "4"})
    assert codes(b) == [] and values == {"draw": 3, "level": 4}


def test_given_values_that_do_not_fit():
    section = "draw: {values: [1, 3], default: 1}\n"
    _, _, b = options_of(section, {"drwa": 3})
    assert codes(b) == ["O401"] and "did you mean 'draw'" in b.out[0].hint
    values, _, b = options_of(section, {"draw": 2})
    assert codes(b) == ["O402"] and values == {"draw": 1}
    _, _, b = options_of("level: {default: 2, max: 5}\n", {"level": "9" * 40})
    assert codes(b) == ["O402"] and "outside the integer range" in b.out[0].message


def test_declarations_that_make_no_sense():
    assert codes(options_of("draw: {values: [1, 3], default: 2}\n")[2]) == ["O403"]
    assert codes(options_of("level: {default: x}\n")[2]) == ["O404"]
    assert codes(options_of("level: {default: 9, max: 5}\n")[2]) == ["O404"]
    assert codes(options_of("level: {default: 3, min: 5, max: 1}\n")[2]) == ["O405"]
    assert codes(options_of("draw: {values: [1, 1], default: 1}\n")[2]) == ["O406"]
    assert codes(options_of("draw: {values: [1, 3], default: 1, min: 0}\n")[2]) == ["O407"]


def test_coerce_option_reads_text_in_the_option_type():
    (_, (draw, level), _) = options_of("draw: {values: [1, 3], default: 1}\nlevel: {default: 2, min: 1, max: 5}\n")
    assert coerce_option(draw, " 3 ") == 3 and coerce_option(draw, "2") is None
    assert coerce_option(level, "5") == 5 and coerce_option(level, "6") is None and coerce_option(level, True) is None


def test_params_are_worked_out_from_the_options():
    b = prepared(
        file(
            PILES,
            REST,
            "options:\n  draw: {values: [1, 3], default: 3}\n",
            'params:\n  twice: "draw * 2"\n  big: "twice > 5"\n',
        )
    )
    assert codes(b) == []
    assert b.world.constants["twice"][0] == 6 and b.world.constants["big"][0] is True


def test_a_param_that_needs_the_piles_or_has_an_option_name():
    b = prepared(file(PILES, REST, 'params:\n  n: "count(t in tableau: t.empty)"\n'))
    assert codes(b) == ["E213"]
    b = prepared(file(PILES, REST, "options:\n  draw: {values: [1, 3], default: 3}\n", 'params:\n  draw: "2"\n'))
    assert codes(b) == ["E214"]


def test_names_that_hide_others():
    b = prepared(file(PILES, REST, "options:\n  tableau: {values: [1, 3], default: 3}\n", 'params:\n  card: "2"\n'))
    hidden_names(b)
    assert codes(b) == ["O408", "O408"]
    assert "pile group 'tableau'" in b.out[0].message and "the moving card" in b.out[1].message


def test_build_params_alone_fills_the_constants():
    b = Builder(read_text(file(PILES, REST, 'params:\n  n: "2 + 3"\n'), "t.yaml"), None, "t")
    assert b.prepare()
    assert "n" not in b.world.constants
    build_params(b)
    assert b.world.constants["n"][0] == 5


def test_loosest_first_orders_the_values_and_is_checked():
    _, (draw,), b = options_of("draw: {values: [1, 3], default: 1, loosest_first: [1, 3]}\n")
    assert codes(b) == [] and draw.loosest_first == (1, 3)
    _, (passes,), b = options_of("passes: {values: [u, 1, 2], default: u, loosest_first: [u, 2, 1]}\n")
    assert codes(b) == [] and passes.loosest_first == ("u", 2, 1)
    _, (plain,), _ = options_of("draw: {values: [1, 3], default: 1}\n")
    assert plain.loosest_first is None
    _, (level,), b = options_of("level: {default: 2, min: 1, max: 5, loosest_first: [1, 5]}\n")
    assert codes(b) == ["O410"] and level.loosest_first is None
    for bad, why in (
        ("[1]", "missing 3"),
        ("[1, 3, 3]", "listed twice: 3"),
        ("[1, 3, 4]", "not among the values: 4"),
        ("['1', 3]", "missing 1"),  # the text '1' is not the number 1
    ):
        _, (draw,), b = options_of(f"draw: {{values: [1, 3], default: 1, loosest_first: {bad}}}\n")
        assert codes(b) == ["O411"] and why in b.out[0].message and draw.loosest_first is None
