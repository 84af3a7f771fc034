"""Positions: the compact text form and the JSON form, both ways, and their errors."""

from __future__ import annotations

import json

import pytest

import rulesdsl
from rulesdsl import Game, PositionError
from rulesdsl.formats import position as pos
from tests.helpers import pile

SAKHMET = rulesdsl.load("sakhmet")


def load(text, v=SAKHMET):
    return Game.from_position(v, text)


# -- compact text ------------------------------------------------------------------------


def test_compact_text_basics():
    g = load("tableau[0]: #9C 8D 7S\ntableau[1]: 9S; waste[0]: 2N 3N\nused: recycle=1 draw=4\npoints: 20")
    assert pile(g, "tableau[0]") == ["#9C", "8D", "7S"]
    assert g.state.down[SAKHMET.pile_index("tableau[0]")] == 1
    assert pile(g, "tableau[1]") == ["9S"]
    assert pile(g, "waste[0]") == ["2N", "3N"]
    assert pile(g, "stock[0]") == []  # unlisted piles are empty
    assert g.state.used == [4, 1]  # draw, recycle
    assert g.state.points == 20 and g.score == 20
    assert g.state.card_count() == 6  # a hand-made position need not hold the deck


def test_compact_text_spacing_comments_and_ten():
    g = load("  tableau[ 0 ] :  10N   9S  // a comment\n\nvariant: sakhmet\n")
    assert pile(g, "tableau[0]") == ["TN", "9S"]
    assert load("tableau[0]: tn 9s").state == g.state  # card case does not matter


def test_star_is_the_rest_face_down_first_on_top():
    g = load("tableau[0]: KC; stock[0]: *")
    stock = pile(g, "stock[0]")
    assert len(stock) == 51
    assert all(c.startswith("#") for c in stock)
    assert stock[-1] == "#AN"  # the first unused card (deck order) on top
    assert stock[0] == "#QC"  # KC is placed elsewhere
    assert g.state.down[SAKHMET.pile_index("stock[0]")] == 51


def test_star_under_named_cards_of_the_same_pile():
    g = load("stock[0]: #KC #QC *")
    stock = pile(g, "stock[0]")
    assert stock[:2] == ["#KC", "#QC"] and stock[-1] == "#AN" and len(stock) == 52


def test_double_hash_is_the_lowest_unused_card_face_down():
    g = load("tableau[0]: ## ## 5N; tableau[1]: #AN ##")
    # named cards first (5N, AN), then '##' in order: 2N, 3N, 4N
    assert pile(g, "tableau[0]") == ["#2N", "#3N", "5N"]
    assert pile(g, "tableau[1]") == ["#AN", "#4N"]
    g = load("tableau[0]: ##; stock[0]: *")
    assert pile(g, "tableau[0]") == ["#AN"]
    assert len(pile(g, "stock[0]")) == 51


def test_double_hash_and_star_share_the_unused_cards():
    g = load("stock[0]: *; tableau[0]: ##")
    assert pile(g, "tableau[0]") == ["#AN"]  # '##' first, then '*' takes the rest
    assert len(pile(g, "stock[0]")) == 51 and pile(g, "stock[0]")[-1] == "#2N"
    assert g.state.card_count() == 52


def test_text_round_trip_of_dealt_games():
    for name, opts in (("sakhmet", {"level": "draw3"}), ("klondike", {"draw": 3})):
        v = rulesdsl.load(name, opts)
        for seed in range(1, 6):
            g = v.new_game(seed)
            for m in list(g.legal_moves())[:1]:
                g.play(m)
            text = pos.to_text(v, g.state)
            assert Game.from_position(v, text).state == g.state
            assert pos.to_text(v, Game.from_position(v, text).state) == text


def test_to_text_shows_used_and_points():
    g = load("waste[0]: 5N; used: recycle=1; points: 70")
    assert pos.to_text(SAKHMET, g.state) == "waste[0]: 5N\nused: recycle=1\npoints: 70\n"


# -- JSON ------------------------------------------------------------------------------------


def test_json_shape():
    g = load("tableau[0]: #9C 8D 7S; used: draw=2; points: 10")
    d = g.position()
    assert d == {
        "format": "rulesdsl-position/1",
        "variant": "sakhmet",
        "options": {"level": "draw1", "card_points": 10, "suit_bonus": 50},
        "piles": {"tableau[0]": ["#9C", "8D", "7S"]},
        "used": {"draw": 2},
        "points": 10,
    }


@pytest.mark.parametrize(
    "name,opts",
    [("sakhmet", {"level": "draw1"}), ("sakhmet", {"level": "draw3"}), ("klondike", {"draw": 3, "passes": 2})],
)
def test_json_round_trip_through_play(name, opts):
    v = rulesdsl.load(name, opts)
    g = v.new_game(4)
    for i in range(40):
        moves = g.legal_moves()
        if not moves:
            break
        g.play(moves[(i * 5) % len(moves)])
        d = json.loads(json.dumps(g.position()))
        assert d["seed"] == 4
        h = Game.from_position(v, d)
        assert h.state == g.state
        assert h.legal_moves() == g.legal_moves()
        assert Game.from_position(v, json.dumps(d)).state == g.state  # JSON text too


def test_json_text_and_compact_text_agree():
    text = "tableau[0]: #9C 8D 7S; stock[0]: #2N #3N; used: recycle=1; points: 20"
    g = load(text)
    assert load(json.dumps(g.position())).state == g.state


def test_json_may_leave_out_format_used_and_points():
    g = Game.from_position(SAKHMET, {"piles": {"waste[0]": ["5N"]}})
    assert pile(g, "waste[0]") == ["5N"] and g.state.points == 0


# -- the masked view ---------------------------------------------------------------------------


def test_masked_view_hides_face_down_cards():
    g = SAKHMET.new_game(2)
    shown = g.position(reveal=False)
    full = g.position()
    assert shown["piles"]["tableau[6]"][:6] == ["##"] * 6
    assert shown["piles"]["tableau[6]"][6] == full["piles"]["tableau[6]"][6]
    assert shown["piles"]["stock[0]"] == ["##"] * 24
    assert not any(c.startswith("#") and c != "##" for p in shown["piles"].values() for c in p)
    # a masked view still loads: same face-up cards, same face-down counts
    h = Game.from_position(SAKHMET, shown)
    assert h.state.down == g.state.down
    for p in range(SAKHMET.layout.size):
        d = g.state.down[p]
        assert h.state.piles[p][d:] == g.state.piles[p][d:]
    assert sorted(c for p in h.state.piles for c in p) == list(range(52))


# -- errors ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text,message",
    [
        ("tablo[0]: 5N", "no pile 'tablo[0]'"),  # unknown pile
        ("tableau[7]: 5N", "no pile 'tableau[7]'"),
        ("tableau[0]: 5X", "'X' is not a suit letter"),  # bad card
        ("tableau[0]: ZN", "'Z' is not a rank"),
        ("tableau[0]: 5H", "'H' is not a suit letter"),  # no hearts in Sakhmet
        ("tableau[0]: N", "is not a card"),
        ("tableau[0]: 5N; tableau[1]: 5N", "5N appears more often than the deck holds it"),  # twice
        ("tableau[0]: 5N 5N", "5N appears more often"),
        ("tableau[0]: 5N #4D", "face-down card #4D lies on a face-up card"),
        ("tableau[0]: 5N; tableau[0]: 4D", "given twice"),
        ("stock[0]: * 5N", "'*' (the rest of the deck) must end a pile"),
        ("stock[0]: *; waste[0]: *", "must end a pile, once"),
        ("tableau[0]: " + " ".join(["##"] * 53), "every card is already placed"),
        ("garbage", "expected 'pile: cards'"),
        ("used: draw=x", "used: expected name=N"),
        ("used: shuffle=1", "no action 'shuffle'"),
        ("points: many", "points: expected a whole number"),
        ("{bad json", "bad JSON at line 1, column 2"),
        ('{"piles": []}', "'piles' must be an object"),
        ('{"format": "chess", "piles": {}}', "unknown position format 'chess'"),
        ('{"piles": {"tableau[0]": "5N"}}', "must be a list of card texts"),
        ('{"piles": {"tableau[0]": [5]}}', "must be a list of card texts"),
        ('{"piles": {}, "points": "3"}', "'points' must be a whole number"),
        ('{"piles": {}, "used": {"draw": -1}}', "cannot be negative"),
        ('{"piles": {}, "used": {"draw": true}}', "'used' must map action names to whole numbers"),
        ('{"piles": {"tableau[0]": ["5N", "#4D"]}}', "lies on a face-up card"),
    ],
)
def test_errors(text, message):
    with pytest.raises(PositionError) as info:
        load(text)
    assert message in str(info.value)


@pytest.mark.parametrize("data", [5, None, [1, 2], "  "])
def test_errors_not_an_object(data):
    if isinstance(data, str):
        g = load(data)  # an empty text is an empty position
        assert g.state.card_count() == 0
        return
    with pytest.raises(PositionError, match="must be a JSON object"):
        Game.from_position(SAKHMET, data)


def test_error_says_where():
    with pytest.raises(PositionError, match="line 3: card 2"):
        load("tableau[0]: 5N\ntableau[1]: 6N\ntableau[2]: 7N 8Q")
    with pytest.raises(PositionError, match="piles.tableau\\[2\\]: card 1"):
        Game.from_position(SAKHMET, {"piles": {"tableau[2]": ["8Q"]}})


def test_two_decks_allow_a_card_twice(tmp_path):
    path = tmp_path / "double.yaml"
    path.write_text(
        "\n".join(
            [
                "name: Double",
                "deck: {decks: 2}",
                "piles:",
                "  tableau: {count: 2, lift: top}",
                "deal:",
                "  - shuffle",
                "  - {rest: 'tableau[0]'}",
                "win: 'false'",
                "",
            ]
        )
    )
    v = rulesdsl.load_path(path)
    g = Game.from_position(v, "tableau[0]: 5H; tableau[1]: #5H 6H")
    assert pile(g, "tableau[1]") == ["#5H", "6H"]
    a, b = g.state.piles[0][0], g.state.piles[1][0]
    assert a != b and v.deck.copy_of[a] != v.deck.copy_of[b]
    with pytest.raises(PositionError, match="5H appears more often than the deck holds it \\(2\\)"):
        Game.from_position(v, "tableau[0]: 5H 5H; tableau[1]: 5H")


def test_position_in_a_save_round_trips():
    g = rulesdsl.load("sakhmet", {"level": "draw3"}).new_game(9)
    for m in list(g.legal_moves())[:1]:
        g.play(m)
    g.play("draw")
    g.undo()
    saved = json.loads(json.dumps(g.save()))
    assert saved["format"] == "rulesdsl-save/1"
    h = Game.load_save(g.variant, saved)
    assert h.state == g.state
    assert h.redo() is not None and g.redo() is not None
    assert h.state == g.state
    with pytest.raises(PositionError, match="not a rulesdsl save"):
        Game.load_save(g.variant, {"format": "other"})
    bad = dict(saved, moves=["KS@tableau[0]>tableau[9]"])
    with pytest.raises(PositionError, match="saved move 1"):
        Game.load_save(g.variant, bad)


# -- the history (last, streak) of a variant that reads it -------------------------------------


def test_the_history_round_trips_through_text_and_json():
    v = rulesdsl.load("clock")
    g = v.new_game(4)
    for _ in range(5):
        g.play(g.legal_moves()[0])
    assert g.position()["last"]["kind"] == "move" and g.position()["streak"] == 5
    text = pos.to_text(v, g.state)
    assert "last: move hour[" in text and "streak: 5" in text
    assert pos.from_text(v, text) == g.state
    again = Game.from_position(v, json.loads(json.dumps(g.position())))
    assert again.state == g.state and again.legal_moves() == g.legal_moves()
    assert Game.load_save(v, json.loads(json.dumps(g.save()))).state == g.state
