"""The deal: builder (variant/sections/deal.py): each kind of step to its step of the deal
program, and what it says of a deal that cannot be dealt as written."""

from __future__ import annotations

from rulesdsl.engine.deal import BaseRank, DealTo, Place, RemoveCards, Rest, Shuffle, Take, ToBottom
from rulesdsl.variant.sections.deal import build_deal
from tests.variant.sections.snippets import PILES, WIN, codes, file, prepared, where


def deal_of(steps: str, options=None):
    b = prepared(file(PILES, WIN, "deal:\n" + steps), options)
    return build_deal(b), b


def test_the_steps_in_order():
    steps, b = deal_of("""
      - {place: {"foundation[0]": [AS]}}
      - shuffle
      - {to: tableau, count: [1, 2, 3], down: [0, 1, 2]}
      - {remove: "card.rank == K"}
      - {to_bottom: "card.rank == Q", in: tableau}
      - rest: stock[0]
    """)
    assert codes(b) == []
    assert [type(s) for s in steps] == [Place, Shuffle, DealTo, RemoveCards, ToBottom, Rest]
    assert steps[0].cards == ((2, 1, 0),)  # foundation[0] is pile 2; the ace of the first suit
    to = steps[2]
    assert (to.piles, to.counts, to.downs, to.by_row) == ((4, 5, 6), (1, 2, 3), (0, 1, 2), True)
    assert steps[5] == Rest(0, False)


def test_up_fixes_the_face_down_count_and_skip_leaves_piles_out():
    steps, b = deal_of("""
      - shuffle
      - {to: tableau, count: 4, up: 1, skip: [1], by: pile}
      - rest: stock[0]
    """)
    assert codes(b) == []
    assert (steps[1].piles, steps[1].counts, steps[1].downs, steps[1].by_row) == ((4, 6), (4, 4), (3, 3), False)


def test_a_step_whose_when_fails_is_left_out():
    steps, b = deal_of("""
      - shuffle
      - {to: tableau, count: 1, when: "1 == 2"}
      - rest: stock[0]
    """)
    assert codes(b) == [] and [type(s) for s in steps] == [Shuffle, Rest]


def test_cards_left_undealt_and_cards_asked_for_twice():
    _, b = deal_of("- shuffle\n- {to: tableau, count: 1}\n")
    assert codes(b) == ["D501"]
    assert "49 of the 52 cards undealt" in b.out[0].message and "rest: stock[0]" in b.out[0].hint
    _, b = deal_of("- shuffle\n- {to: tableau, count: 20}\n")
    assert codes(b) == ["D502"]
    assert "count: 20" in b.doc.line_text(where(b, "D502")[0])  # at the step that overdraws


def test_a_deal_that_runs_out_is_reported_once_at_the_step_that_runs_out():
    # the steps after it run short only because of it: no D502 of their own ("needs 53 cards")
    _, b = deal_of("- shuffle\n- {to: tableau, count: 20}\n- {to: foundation, count: 1}\n- {to: tableau, count: 1}\n")
    assert codes(b) == ["D502"]
    assert "count: 20" in b.doc.line_text(where(b, "D502")[0]) and "needs 60 cards" in b.out[0].message


def test_no_shuffle_is_a_warning():
    _, b = deal_of("- {to: tableau, count: 1}\n- rest: stock[0]\n")
    assert codes(b) == ["D506"] and b.out[0].severity == "warning"


def test_place_a_card_more_often_than_the_deck_has_it_and_after_dealing():
    _, b = deal_of("""
      - shuffle
      - {to: tableau, count: 1}
      - {place: {"foundation[0]": [AS, AS]}}
      - rest: stock[0]
    """)
    assert codes(b) == ["D507", "D503"]
    _, b = deal_of('- {place: {"foundation[0]": [ZZ]}}\n- shuffle\n- rest: stock[0]\n')
    assert codes(b) == ["D503"] and "cannot place" in b.out[0].message


def test_counts_that_do_not_fit():
    _, b = deal_of("- shuffle\n- {to: tableau, count: [1, 2]}\n- rest: stock[0]\n")
    assert codes(b) == ["D504"]
    _, b = deal_of("- shuffle\n- {to: tableau, count: 1, skip: [5]}\n- rest: stock[0]\n")
    assert codes(b) == ["D504"] and "piles 0 to 2" in b.out[0].message
    _, b = deal_of("- shuffle\n- {to: tableau, count: 1, down: 2}\n- rest: stock[0]\n")
    assert codes(b) == ["D505"]
    _, b = deal_of("- shuffle\n- {to: tableau, count: 2, down: 1, up: 1}\n- rest: stock[0]\n")
    assert codes(b) == ["D505"]


def test_face_down_cards_onto_face_up_ones():
    steps, b = deal_of("""
      - shuffle
      - {to: tableau, count: 1}
      - {to: tableau, count: 1, down: 1}
      - rest: stock[0]
    """)
    assert codes(b) == [] and not steps[1].over_up and steps[2].over_up  # noted for over_up_fits
    assert [p for p, _ in b.over_up] == list(steps[2].piles)
    _, b = deal_of("""
      - shuffle
      - {to: tableau, count: 1}
      - {to: tableau, count: 1, down: 1, play: foundation}
      - rest: stock[0]
    """)
    assert codes(b) == ["D509"] and "tableau[0]" in b.out[0].message and "play" in b.out[0].message
    _, b = deal_of('- shuffle\n- {to: "stock[0]", count: 1}\n- rest: stock[0]\n')
    assert codes(b) == ["D508"]


def test_keys_in_the_wrong_step():
    _, b = deal_of('- shuffle\n- {remove: "card.rank == K", onto: foundation}\n- rest: stock[0]\n')
    assert codes(b) == ["D521"]
    _, b = deal_of("- shuffle\n- {to: tableau, count: 1, face_up: true}\n- rest: stock[0]\n")
    assert codes(b) == ["P324"]
    _, b = deal_of('- shuffle\n- {to: tableau, new_pile: "card.rank == K", count: 2}\n')
    assert codes(b) == ["D522"]


def test_to_bottom_and_take_need_their_piles():
    _, b = deal_of('- shuffle\n- {to_bottom: "card.rank == K"}\n- rest: stock[0]\n')
    assert codes(b) == ["D520"]
    _, b = deal_of('- shuffle\n- {take: "card.rank == A"}\n- rest: stock[0]\n')
    assert codes(b) == ["D532"]


def test_take_and_base_rank():
    steps, b = deal_of("""
      - shuffle
      - {take: "card.rank == A", onto: foundation, count: 2}
      - {base_rank: "foundation[0]"}
      - {to: tableau, count: 1}
      - rest: stock[0]
    """)
    assert codes(b) == []
    assert isinstance(steps[1], Take) and steps[1].onto == (2, 3) and steps[1].count == 2
    assert steps[2] == BaseRank((2,)) and b.base_pile == 2


def test_base_rank_where_no_card_lies_and_twice():
    _, b = deal_of('- shuffle\n- {base_rank: "foundation[0]"}\n- rest: stock[0]\n')
    assert codes(b) == ["D530"] and b.base_pile is None
    _, b = deal_of("""
      - shuffle
      - {to: "foundation[0]", count: 1}
      - {base_rank: "foundation[0]"}
      - {base_rank: "foundation[0]"}
      - rest: stock[0]
    """)
    assert codes(b) == ["D531"] and b.base_pile == 2


def test_an_unknown_pile_is_named_once():
    steps, b = deal_of("- shuffle\n- {to: column, count: 1}\n- rest: stock[0]\n")
    assert codes(b) == ["P305"]  # and no D501 for the cards it would have dealt
    assert "groups: stock, waste, foundation, tableau" in b.out[0].message
