"""The actions: and removals: builders (variant/sections/actions.py): each entry to its
Action or Removal, and what they say of an entry that cannot work."""

from __future__ import annotations

from rulesdsl.core.kinds import ActionKind
from rulesdsl.variant.sections.actions import build_actions, build_removals
from tests.variant.sections.snippets import PILES, REST, codes, file, prepared, section


def actions_of(body: str):
    b = prepared(file(PILES, REST, section("actions", body)))
    return build_actions(b), b


def test_a_deal_a_recycle_and_a_redeal():
    acts, b = actions_of("""
      draw: {kind: deal, from: "stock[0]", to: "waste[0]", count: "3", label: Draw}
      turn: {kind: recycle, from: "waste[0]", to: "stock[0]", limit: "2", face_up: true}
      again: {kind: redeal, from: tableau, order: fixed, limit: "1"}
    """)
    assert codes(b) == []
    draw, turn, again = acts
    assert (draw.name, draw.kind, draw.source, draw.targets, draw.label) == ("draw", ActionKind.DEAL, 0, (1,), "Draw")
    assert draw.count(None) == 3 and draw.limit is None
    assert (turn.kind, turn.source, turn.targets, turn.face_up, turn.limit(None)) == (
        ActionKind.RECYCLE,
        1,
        (0,),
        True,
        2,
    )
    assert (again.kind, again.gather, again.targets, again.shuffle) == (ActionKind.REDEAL, (4, 5, 6), (4, 5, 6), False)


def test_an_action_without_to_or_from_a_list():
    acts, b = actions_of('draw: {kind: deal, from: "stock[0]"}\n')
    assert acts == () and codes(b) == ["A630"]
    acts, b = actions_of('draw: {kind: deal, from: [stock, waste], to: "waste[0]"}\n')
    assert acts == () and codes(b) == ["S103"]


def test_keys_of_another_kind():
    acts, b = actions_of('draw: {kind: deal, from: "stock[0]", to: "waste[0]", order: fixed}\n')
    assert len(acts) == 1 and codes(b) == ["A631"]
    acts, b = actions_of('draw: {kind: deal, from: "stock[0]", to: "waste[0]", face_up: true}\n')
    assert len(acts) == 1 and codes(b) == ["A614"]


def test_a_recycle_to_several_piles_and_a_compaction_onto_its_source():
    _, b = actions_of('turn: {kind: recycle, from: "waste[0]", to: tableau}\n')
    assert codes(b) == ["A601"]
    acts, b = actions_of('slide: {kind: compact, from: "tableau[0]", to: tableau}\n')
    assert acts == () and codes(b) == ["A633"]


def test_a_redeal_naming_a_pile_twice():
    acts, b = actions_of('again: {kind: redeal, from: [tableau, "tableau[1]"]}\n')
    assert acts == () and codes(b) == ["A632"] and "'from'" in b.out[0].message
    acts, b = actions_of("again: {kind: redeal, from: tableau, to: [waste, waste]}\n")
    assert acts == () and codes(b) == ["A632"] and "'to'" in b.out[0].message


def test_an_unknown_pile():
    acts, b = actions_of('draw: {kind: deal, from: "stock[3]", to: "waste[0]"}\n')
    assert acts == () and codes(b) == ["P305"] and "stock[0] to stock[0]" in b.out[0].message


def test_removals():
    b = prepared(
        file(
            PILES,
            REST,
            section(
                "removals",
                'kings: {from: [tableau], to: "waste[0]", cards: 1, when: "cards[0].rank == K", points: "5"}',
            ),
        )
    )
    (r,) = build_removals(b)
    assert codes(b) == []
    assert (r.name, r.sources, r.dest) == ("kings", (4, 5, 6), 1)
    assert r.points(None) == 5
    b = prepared(
        file(PILES, REST, section("removals", 'kings: {from: [tableau], to: foundation, cards: 1, when: "true"}'))
    )
    build_removals(b)
    assert codes(b) == ["P306"] and "must name one pile" in b.out[0].message
