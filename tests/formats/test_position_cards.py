"""How a position's lines become card ids (formats/position.py's _placed and _card_ids, the
two halves of building a position): a named copy first, then other named cards, then '##'
placeholders, then the rest ('*'); each mistake named at its line."""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl.core.errors import PositionError
from rulesdsl.formats import position


@pytest.fixture(scope="module")
def spider():
    return rulesdsl.load("spider")  # two decks: every card has two copies


@pytest.fixture(scope="module")
def klondike():
    return rulesdsl.load("klondike")


def test_cards_faces_and_the_rest(klondike):
    st = position.build(klondike, [("l1", "tableau[0]", ["#5H", "AS"]), ("l2", "stock[0]", ["*"])])
    deck = klondike.deck
    assert [deck.text(c) for c in st.piles[klondike.layout.pile("tableau[0]")]] == ["5H", "AS"]
    assert st.down[klondike.layout.pile("tableau[0]")] == 1
    stock = klondike.layout.pile("stock[0]")
    assert len(st.piles[stock]) == 50 and st.down[stock] == 50


def test_a_named_copy_is_taken_before_any_copy(spider):
    deck = spider.deck
    # the first line asks for any ace of spades, the second for the first copy (AS.0): the
    # second gets it, the first the other copy (read in order, the second would find it taken)
    st = position.build(spider, [("l1", "tableau[0]", ["AS"]), ("l2", "tableau[1]", ["AS.0"])])
    a, b = st.piles[spider.layout.pile("tableau[0]")][0], st.piles[spider.layout.pile("tableau[1]")][0]
    assert deck.text(a, copy=True) == "AS.1" and deck.text(b, copy=True) == "AS"


def test_placeholders_take_the_lowest_free_ids(klondike):
    st = position.build(klondike, [("l1", "tableau[0]", ["##", "##"]), ("l2", "tableau[1]", ["AS"])])
    ace = st.piles[klondike.layout.pile("tableau[1]")][0]
    assert st.piles[klondike.layout.pile("tableau[0]")] == [c for c in range(3) if c != ace][:2]


@pytest.mark.parametrize(
    ("lines", "says"),
    [
        ([("l1", "tableu[0]", ["AS"])], "l1: no pile 'tableu[0]'"),
        ([("l1", "tableau[0]", ["AS"]), ("l2", "tableau[0]", ["2S"])], "l2: pile 'tableau[0]' is given twice"),
        ([("l1", "tableau[0]", ["*", "AS"])], "l1: '*' (the rest of the deck) must end a pile"),
        ([("l1", "tableau[0]", ["AS", "#2S"])], "l1: face-down card #2S lies on a face-up card"),
        ([("l1", "tableau[0]", ["AS", "AS"])], "appears more often than the deck holds it"),
        ([("l1", "tableau[0]", ["AS", "*"])], "cannot lie on face-up cards"),
    ],
)
def test_mistakes_named_at_their_line(klondike, lines, says):
    with pytest.raises(PositionError) as exc:
        position.build(klondike, lines)
    assert says in str(exc.value)
