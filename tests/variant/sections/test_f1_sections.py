"""Issue 22's language features in the builders (F1): automatic removals, refills with a
condition, a redeal's gathering order and facing, sequence actions and step_only, and what
each says of misuse (A611, A631, A634-A637), at the key or value it is about."""

from __future__ import annotations

from rulesdsl.core.kinds import ActionKind, AutoKind
from rulesdsl.variant.sections.actions import build_actions, build_removals
from rulesdsl.variant.sections.autos import build_autos
from rulesdsl.variant.sections.piles import build_pile_rules
from tests.variant.sections.snippets import PILES, REST, codes, file, prepared, section, where

REMOVALS = """
pair: {from: [tableau], to: "foundation[0]", cards: 2, when: "cards[0].rank + cards[1].rank == 13"}
"""


def autos_of(body: str):
    b = prepared(file(PILES, REST, section("removals", REMOVALS), section("auto", body)))
    build_pile_rules(b)
    return build_autos(b, build_removals(b)), b


def actions_of(body: str):
    b = prepared(file(PILES, REST, section("actions", body)))
    return build_actions(b), b


def test_an_automatic_removal_names_its_rule_and_takes_its_piles():
    autos, b = autos_of("- remove: pair\n")
    assert codes(b) == []
    (auto,) = autos
    assert (auto.kind, auto.piles, auto.targets, auto.removal.name) == (AutoKind.REMOVE, (4, 5, 6), (2,), "pair")


def test_an_automatic_removal_of_no_rule_is_a637_with_the_nearest():
    autos, b = autos_of("- remove: pairs\n")
    assert autos == () and codes(b) == ["A637"] and "did you mean 'pair'" in b.out[0].hint
    assert where(b, "A637")[1] == b.out[0].source_line.index("pairs") + 1  # at the name


def test_an_automatic_removal_takes_no_when_to_or_from():
    for extra in ('when: "true"', 'to: "foundation[0]"', "from: [tableau]"):
        _, b = autos_of(f"- {{remove: pair, {extra}}}\n")
        assert codes(b) == ["A611"], extra
        assert "removal" in b.out[0].message


def test_a_refill_takes_a_condition_on_the_pile():
    autos, b = autos_of('- {refill: tableau, from: ["stock[0]"], when: "pile.index > 0 and waste[0].empty"}\n')
    assert codes(b) == []
    assert autos[0].kind == AutoKind.REFILL and autos[0].when is not None


def test_a_refill_condition_is_checked_as_a_pile_rule():
    _, b = autos_of('- {refill: tableau, from: ["stock[0]"], when: "card.rank == K"}\n')
    assert codes(b) and codes(b)[0].startswith("E")


def test_a_redeal_gathers_top_first_and_deals_face_down():
    acts, b = actions_of('back: {kind: redeal, from: tableau, to: "stock[0]", gather: top_first, facing: down}\n')
    assert codes(b) == []
    (a,) = acts
    assert (a.kind, a.top_first, a.face_down, a.gather, a.targets) == (ActionKind.REDEAL, True, True, (4, 5, 6), (0,))
    acts, _ = actions_of("back: {kind: redeal, from: tableau}\n")
    assert (acts[0].top_first, acts[0].face_down) == (False, False)


def test_gather_and_facing_belong_to_a_redeal():
    for key in ("gather: top_first", "facing: down"):
        _, b = actions_of(f'draw: {{kind: deal, from: "stock[0]", to: "waste[0]", {key}}}\n')
        assert codes(b) == ["A631"], key


def test_a_sequence_plays_its_steps_in_order_and_a_step_only_action_is_not_offered():
    acts, b = actions_of("""
      gather: {kind: redeal, from: tableau, to: "stock[0]", step_only: true}
      redeal: {kind: sequence, steps: [gather, draw], limit: 2}
      draw: {kind: deal, from: "stock[0]", to: "waste[0]"}
    """)
    assert codes(b) == []
    assert [a.name for a in acts] == ["gather", "redeal", "draw"]  # the file's order
    seq = acts[1]
    assert (seq.kind, seq.steps, [p.name for p in seq.parts]) == (ActionKind.SEQUENCE, (0, 2), ["gather", "draw"])
    assert acts[0].step_only and not acts[2].step_only and seq.limit is not None


def test_a_step_that_is_no_action_or_a_sequence_is_a634():
    _, b = actions_of("""
      draw: {kind: deal, from: "stock[0]", to: "waste[0]"}
      redeal: {kind: sequence, steps: [draw, drow]}
    """)
    assert codes(b) == ["A634"] and "did you mean 'draw'" in b.out[0].hint
    _, b = actions_of("""
      draw: {kind: deal, from: "stock[0]", to: "waste[0]"}
      one: {kind: sequence, steps: [draw]}
      two: {kind: sequence, steps: [one, draw]}
    """)
    assert codes(b) == ["A634"] and "itself a sequence" in b.out[0].message


def test_keys_that_do_not_go_with_a_sequence_and_steps_elsewhere_are_a635():
    _, b = actions_of("""
      draw: {kind: deal, from: "stock[0]", to: "waste[0]", steps: [draw]}
      two: {kind: sequence, steps: [draw], to: "waste[0]"}
    """)
    assert codes(b) == ["A635", "A635"]


def test_a_step_only_action_no_sequence_names_is_a636():
    _, b = actions_of('draw: {kind: deal, from: "stock[0]", to: "waste[0]", step_only: true}\n')
    assert codes(b) == ["A636"]


def test_a_sequence_needs_steps_and_the_others_need_from():
    _, b = actions_of("two: {kind: sequence}\n")
    assert codes(b) == ["S102"]
    _, b = actions_of('draw: {kind: deal, to: "waste[0]"}\n')
    assert codes(b) == ["S102"]


def test_an_action_label_is_capped_at_40_characters_and_the_schema_says_so():
    from rulesdsl.variant.schema import json_schema

    label = json_schema()["properties"]["actions"]["anyOf"][0]["additionalProperties"]["anyOf"][0]
    assert label["properties"]["label"]["anyOf"][0]["maxLength"] == 40
    _, b = actions_of(f'draw: {{kind: deal, from: "stock[0]", to: "waste[0]", label: "{"x" * 41}"}}\n')
    assert codes(b) == ["S103"] and "longer than 40" in b.out[0].message
