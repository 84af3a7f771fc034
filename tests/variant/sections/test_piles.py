"""The piles: and layout: builders (variant/sections/piles.py): the groups as a Layout, each
group's rules, and what they say of groups that cannot be laid out or told apart."""

from __future__ import annotations

from rulesdsl.core.kinds import Role
from rulesdsl.variant.loader import Builder
from rulesdsl.variant.sections.piles import build_display, build_pile_rules
from rulesdsl.variant.source import read_text
from tests.variant.sections.snippets import PILES, REST, codes, file, prepared, section


def layout_of(body: str, options: str = ""):
    parts = [section("piles", body), REST] + ([section("options", options)] if options else [])
    b = Builder(read_text(file(*parts), "t.yaml"), None, "t")
    ok = b.prepare()
    return (b.world.layout if ok else None), b


BASIC = """
stock: {role: stock}
waste: {role: waste, lift: top}
foundation: {role: foundation, count: 2}
"""


def test_groups_in_order_with_their_piles():
    layout, b = layout_of(BASIC + "tableau: {role: tableau, count: 3}\n")
    assert codes(b) == [] and layout.size == 7
    assert list(layout.pile_names) == [
        "stock[0]",
        "waste[0]",
        "foundation[0]",
        "foundation[1]",
        "tableau[0]",
        "tableau[1]",
        "tableau[2]",
    ]


def test_rows_decide_the_count_and_offsets_follow_rows():
    layout, b = layout_of(BASIC + "tableau: {rows: [1, 2], offsets: [1, 0], overlap: true}\n")
    assert codes(b) == [] and layout.groups["tableau"].count == 3 and layout.groups["tableau"].overlap
    _, b = layout_of(BASIC + "tableau: {rows: [1, 2], count: 3}\n")
    assert codes(b) == ["P301"]
    _, b = layout_of(BASIC + "tableau: {rows: [1, 2], offsets: [1]}\n")
    assert codes(b) == ["P302"]
    _, b = layout_of(BASIC + "tableau: {count: 3, overlap: true}\n")
    assert codes(b) == ["P303"]


def test_a_count_from_the_options_and_params():
    layout, b = layout_of(BASIC + 'tableau: {count: "n + 1"}\n', "n: {values: [3, 5], default: 5}")
    assert codes(b) == [] and layout.groups["tableau"].count == 6
    layout, b = layout_of(BASIC + 'tableau: {count: "n - 9"}\n', "n: {values: [3, 5], default: 5}")
    assert layout is None and codes(b) == ["S104"]


def test_pile_rules_compiled_per_group():
    b = prepared(file(PILES, REST))
    rules = build_pile_rules(b)
    assert codes(b) == []
    assert list(rules) == ["stock", "waste", "foundation", "tableau"]
    t = rules["tableau"]
    assert (t.role, t.lift, t.show, t.label) == (Role.TABLEAU, "run", "fan", "tableau")
    assert t.sequence is not None and t.accept is not None and t.accept_empty is None
    assert rules["stock"].accept is None and not rules["stock"].takes
    assert rules["foundation"].accept_plan is not None
    assert b.groups_lift["waste"] == "top" and b.groups_take == {
        "stock": False,
        "waste": False,
        "foundation": True,
        "tableau": True,
    }


def test_sequence_without_a_run_and_interchangeable_piles_told_apart():
    b = prepared(file(section("piles", BASIC + 'tableau: {count: 3, lift: top, sequence: "true"}\n'), REST))
    build_pile_rules(b)
    assert codes(b) == ["P304"]
    b = prepared(
        file(
            section("piles", BASIC + 'tableau: {count: 3, interchangeable: true, accept_empty: "dest.index == 0"}'),
            REST,
        )
    )
    build_pile_rules(b)
    assert codes(b) == ["P321"] and "'dest.index'" in b.out[0].message
    b = prepared(file(section("piles", BASIC + "tableau: {rows: [1, 2], interchangeable: true}\n"), REST))
    build_pile_rules(b)
    assert codes(b) == ["P320"]


def test_a_define_that_tells_interchangeable_piles_apart():
    piles = BASIC + 'tableau: {count: 3, interchangeable: true, accept_empty: "first"}'
    b = prepared(file(section("piles", piles), REST, section("define", 'first: "dest.index == 0"')))
    build_pile_rules(b)
    assert codes(b) == ["P321"] and "define 'first'" in b.out[0].message


def test_the_layout_rows():
    b = prepared(file(PILES, REST, section("layout", "- [stock, waste, ., foundation]\n- [tableau]")))
    assert build_display(b) == (("stock", "waste", ".", "foundation"), ("tableau",)) and codes(b) == []
    b = prepared(file(PILES, REST, section("layout", "- [stock, wsate]")))
    build_display(b)
    assert codes(b) == ["P305"] and "did you mean 'waste'" in b.out[0].hint
