"""One place per concept: card text both ways (cards.py), pile names both ways (layout.py),
pile roles and action and follow-up kinds as enums dispatched explicitly (kinds.py), and one
helper for echoing user text (errors.short)."""

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulesdsl
from rulesdsl.core import cards, errors, kinds
from rulesdsl.core.cards import STANDARD_SUITS, Deck, Suit
from rulesdsl.variant import model, schema
from rulesdsl.variant.registry import names

DECKS = {n: Deck([Suit(*s) for s in STANDARD_SUITS], decks=n) for n in (1, 2, 3)}


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([1, 2, 3]), st.data())
def test_card_text_reads_back_to_the_same_card(n, data):
    deck = DECKS[n]
    c = data.draw(st.integers(0, deck.size - 1))
    rank, suit, copy = deck.parse_card(deck.text(c, copy=True))
    assert deck.copies(rank, suit)[copy or 0] == c
    assert deck.parse_card(deck.text(c)) == (rank, suit, None)  # the face alone: no copy
    assert deck.parse_face(deck.text(c)) == (rank, suit)
    assert deck.text(c, copy=True) == deck.text(c) + (f".{deck.copy_of[c]}" if deck.copy_of[c] else "")


@pytest.mark.parametrize("text", ["7D.3", "7D.x", "7D." + "9" * 5000, "Z", "1Z", "7Q"])
def test_bad_card_text_is_a_card_text_error(text):
    with pytest.raises(errors.CardTextError):
        DECKS[3].parse_card(text)


def test_rank_names_are_one_map_that_the_compiler_uses():
    from rulesdsl.lang import checker  # names are bound by the checker stage

    assert checker.RANK_NAMES is cards.RANK_NAMES
    assert {r: cards.parse_rank(r) for r in cards.RANK_NAMES} == cards.RANK_NAMES


@pytest.mark.parametrize("name", names())
def test_pile_names_read_back_in_every_variant(name):
    layout = rulesdsl.load(name).layout
    for p in range(layout.size):
        text = layout.name(p)
        assert layout.pile(text) == p
        assert layout.pile(text.replace("[", " [ ").upper(), any_case=True) == p
        assert layout.pile(text.upper()) is None or text.upper() == text
    assert layout.pile("nowhere[0]") is None and layout.pile("nowhere[0]", any_case=True) is None


def test_roles_and_kinds_are_enums_the_schema_takes_its_words_from():
    assert schema.ROLES == tuple(r.value for r in kinds.Role)
    v = rulesdsl.load("klondike")
    assert {type(r.role) for r in v.rules} == {kinds.Role}
    assert {type(a.kind) for a in v.actions} == {kinds.ActionKind}
    assert {type(a.kind) for a in v.autos} == {kinds.AutoKind}
    assert kinds.Role.FOUNDATION == "foundation" and f"{kinds.AutoKind.FLIP}" == "flip"


def test_an_unknown_follow_up_kind_is_an_error_never_a_refill():
    v = rulesdsl.load("klondike")
    bogus = dataclasses.replace(v, autos=(model.Auto("sideways", v.autos[0].piles),))
    g = bogus.new_game(1)
    with pytest.raises(kinds.UnknownKind, match="follow-up kind 'sideways'"):
        g.play(g.legal_moves()[0])


def test_an_unknown_action_kind_is_an_error_never_a_deal():
    v = rulesdsl.load("klondike")
    actions = tuple(dataclasses.replace(a, kind="shuffle") for a in v.actions)
    g = dataclasses.replace(v, actions=actions).new_game(1)
    with pytest.raises(kinds.UnknownKind, match="action kind 'shuffle'"):
        g.play("draw")


def test_one_echo_helper():
    short = errors.short
    assert short("abc", quote=True) == "'abc'" and short(7, quote=True) == "7"
    assert short("x" * 100, quote=True) == repr("x" * 60 + "... (100 characters)")
    assert short(10**30) == "a 31-digit number"
    assert short(10**30, digits=12) == "a number of about 31 digits"
    assert short("9" * 5000, digits=12) == "99999999...(5,000 digits)"
    assert short("-" + "9" * 5000, digits=12, quote=True) == "'-99999999...(5,000 digits)'"
    assert short("123", digits=12, quote=True) == "'123'"
    assert short("draw3", digits=12, quote=True) == "'draw3'"
    assert errors.say_number(10**13) == short(10**13, digits=12) == "10000000...(14 digits)"
