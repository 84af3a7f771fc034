"""Moves as a player types them: the legend's short pile names, the short forms (t0>t6, 7D,
k♠), and why an illegal move is refused (rulesdsl/why.py), from hand-made positions."""

import io
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rulesdsl.runners.render import render
from rulesdsl.runners.text import run

import rulesdsl
from rulesdsl.core.errors import IllegalMoveError, InvalidMoveError, MoveError
from rulesdsl.play.game import Game
from rulesdsl.play.why import refusal
from rulesdsl.variant.layout import short_names
from rulesdsl.variant.registry import names

VARIANTS = names()


def pos(variant, text, **options):
    return Game.from_position(rulesdsl.load(variant, options), text)


def short_text(g, m) -> str:
    """The move's text with every pile written as the legend writes it."""
    v = g.variant
    lay = v.layout
    text = g.move_text(m)
    for p in sorted(range(lay.size), key=lambda p: -len(lay.name(p))):  # tableau[12] before tableau[1]
        text = text.replace(f"@{lay.name(p)}", f"@{lay.short_name(p)}").replace(
            f">{lay.name(p)}", f">{lay.short_name(p)}"
        )
    return text


# -- short names ------------------------------------------------------------------------------------
@pytest.mark.parametrize("variant", VARIANTS)
def test_short_names_name_one_pile_each_and_the_legend_uses_them(variant):
    v = rulesdsl.load(variant)
    lay = v.layout
    shorts = lay.short_names
    assert len(set(s.lower() for s in shorts.values())) == len(shorts)
    for g, s in shorts.items():
        assert lay.typed(s) == tuple(lay.groups[g].piles)
    for p in range(lay.size):
        assert lay.typed(lay.short_name(p)) == (p,), lay.short_name(p)
        assert lay.typed(lay.short_name(p).upper()) == (p,)
        assert lay.typed(lay.name(p)) == (p,)
    board = render(v.new_game(1))
    for g, s in shorts.items():
        if s != g:
            assert f"{s}N = {g}[N]" in board


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_legal_move_written_with_short_names_reads_back(variant):
    v = rulesdsl.load(variant)
    g = v.new_game(7)
    rng = random.Random(variant)
    for _ in range(12):
        moves = g.legal_moves()
        if not moves:
            break
        for m in moves:
            assert g.parse_move(short_text(g, m)) == m, short_text(g, m)
            assert g.parse_move(short_text(g, m).lower()) == m
        g.play(rng.choice(moves))


def test_short_names_are_prefixes_that_end_in_no_digit():
    assert short_names(["stock", "waste", "foundation", "tableau"]) == {
        "stock": "s",
        "waste": "w",
        "foundation": "f",
        "tableau": "t",
    }
    assert short_names(["sultan", "stock", "aces"]) == {"sultan": "su", "stock": "st", "aces": "a"}
    # a group whose every distinct prefix ends in a digit keeps its name, typed row1[3]
    assert short_names(["row1", "row2", "t", "tableau"]) == {"row1": "row1", "row2": "row2", "t": "t", "tableau": "ta"}


# -- the short forms ----------------------------------------------------------------------------
def test_a_card_alone_with_one_legal_move_plays_it_and_says_so():
    g = rulesdsl.load("klondike").new_game(3)
    for text in ("AD", "ad", "A\u2666", "a\u2666"):
        r = g.resolve(text)
        assert g.move_text(r.move) == "AD@tableau[1]>foundation[0]"
        assert r.note == "the only legal move that fits"


def test_a_card_alone_with_several_moves_takes_the_hints_best():
    # 3D may go to a cell or onto 4S: the hint puts a column before a cell
    g = rulesdsl.load("freecell").new_game(1)
    r = g.resolve("3D")
    assert g.move_text(r.move) == "3D@tableau[0]>tableau[4]"
    assert r.note == "chosen from 2 legal moves by the hint's order; the others: 3D@tableau[0]>cell[0]"
    assert g.move_text(g.resolve("3D>c").move) == "3D@tableau[0]>cell[0]"
    assert g.move_text(g.resolve("3D>c2").move) == "3D@tableau[0]>cell[2]"  # any empty cell
    assert g.move_text(g.resolve("t0").move) == "3D@tableau[0]>tableau[4]"


def test_a_card_alone_with_no_move():
    g = rulesdsl.load("klondike").new_game(3)
    with pytest.raises(IllegalMoveError, match=r"^illegal move KS: no KS is face up$"):
        g.resolve("KS")
    with pytest.raises(IllegalMoveError, match=r"^illegal move 6c: 6C \(on tableau\[2\]\) has no legal move now$"):
        g.resolve("6c")


def test_source_to_dest_without_the_card_takes_the_longest_run():
    g = pos("freecell", "tableau[0]: 9C 8H 7S 6D; tableau[1]: KS; cell[0]: QH; tableau[2]: *")
    r = g.resolve("t0>t3")
    assert g.move_text(r.move) == "9C@tableau[0]>tableau[3]"  # 3 free cells and 4 empty columns: all four
    assert r.note == (
        "chosen from 4 legal moves by the longest run, then the hint's order; the others: "
        "6D@tableau[0]>tableau[3], 7S@tableau[0]>tableau[3], 8H@tableau[0]>tableau[3]"
    )
    assert g.move_text(g.resolve("7S@t0>t3").move) == "7S@tableau[0]>tableau[3]"
    assert g.move_text(g.resolve("7s>t3").move) == "7S@tableau[0]>tableau[3]"


def test_removal_by_cards_alone_in_pyramid():
    g = pos("pyramid", "pyramid[27]: 9C; waste[0]: 4D; pyramid[26]: KS; stock[0]: *")
    assert g.move_text(g.resolve("9c 4d").move) == "remove 9C@pyramid[27] 4D@waste[0]"
    assert g.move_text(g.resolve("KS").move) == "remove KS@pyramid[26]"
    assert g.move_text(g.resolve("remove 9C 4D").move) == "remove 9C@pyramid[27] 4D@waste[0]"


# -- why illegal: the rule that failed, with the cards -------------------------------------------
REASONS = [
    (
        "klondike",
        "tableau[1]: 6D; tableau[3]: 8S; stock[0]: *",
        "6D@t1>t3",
        "illegal move 6D@t1>t3: on its top card a tableau pile takes a card one rank lower than the top card "
        "and of the other colour, and 6D is not one rank lower than the top card of tableau[3] (8S)",
    ),
    (
        "klondike",
        "tableau[1]: 7S; tableau[3]: 8S; stock[0]: *",
        "7S@tableau[1]>tableau[3]",
        "illegal move 7S@tableau[1]>tableau[3]: on its top card a tableau pile takes a card one rank lower than "
        "the top card and of the other colour, and 7S is the same colour as the top card of tableau[3] (8S)",
    ),
    (
        "klondike",
        "tableau[1]: QD; stock[0]: *",
        "t1>t2",
        "illegal move t1>t2: QD@tableau[1]>tableau[2]: when empty a tableau pile takes a king (alone or with the "
        "cards on it), and QD is not a king",
    ),
    (
        "klondike",
        "tableau[1]: 9H 8S 7S; tableau[2]: TC; stock[0]: *",
        "9H@t1>t2",
        "illegal move 9H@t1>t2: only a run going down by one rank in alternating colours may be lifted from "
        "tableau[1], and 7S lies on 8S: 7S is the same colour as 8S",
    ),
    (
        "klondike",
        "tableau[1]: #5C 6D; stock[0]: *",
        "5C@t1>f0",
        "illegal move 5C@t1>f0: 5C is not face up on tableau[1]",
    ),
    (
        "freecell",
        "tableau[0]: 5H 4S 3D 2C; tableau[1]: 6C; cell[0]: KS; cell[1]: KH; cell[2]: KD; cell[3]: KC; "
        "tableau[2]: QS; tableau[3]: QH; tableau[4]: QD; tableau[5]: QC; tableau[6]: JS; tableau[7]: *",
        "5H@t0>t1",
        "illegal move 5H@t0>t1: at most one card may move from tableau[0] now, and this run has 4: the most is "
        "(the number of empty cell piles plus 1) times 2 to the power the number of tableau piles that are empty, "
        "are not the destination and are not the pile it comes from",
    ),
    (
        "freecell",
        "tableau[0]: 5H; cell[0]: KS; tableau[1]: *",
        "5H@t0>c0",
        "illegal move 5H@t0>c0: cell[0] holds at most one card, and it holds one card already",
    ),
    (
        "freecell",
        "tableau[0]: 2H; foundation[1]: AS; tableau[1]: *",
        "2H@t0>f1",
        "illegal move 2H@t0>f1: on its top card a foundation pile takes a single card one rank higher than the "
        "top card and of the same suit, and 2H is not the same suit as the top card of foundation[1] (AS)",
    ),
    (
        "freecell",
        "tableau[0]: 5H 4S; tableau[1]: *",
        "5H@t0>c1",
        "illegal move 5H@t0>c1: cell[1] holds at most one card, and two would move",
    ),
    (
        "scorpion_ii",
        "tableau[0]: 6C; stock[0]: *",
        "6C@t0>f0",
        "illegal move 6C@t0>f0: when empty a foundation pile takes a run of 13 cards whose bottom card is a king, when "
        "the cards moved go down by one rank in one suit and every foundation pile before this pile holds a card (they "
        "fill in order), and one card would move, not 13",
    ),
    (
        "pyramid",
        "pyramid[20]: 9C; pyramid[26]: 5D; pyramid[27]: 4D; stock[0]: *",
        "remove 9C@p20 4D@p27",
        "illegal move remove 9C@p20 4D@p27: 9C on pyramid[20] is covered by pyramid[26], pyramid[27]",
    ),
    (
        "pyramid",
        "pyramid[27]: 9C; waste[0]: 5D; stock[0]: *",
        "9C 5D",
        "illegal move 9C 5D: removal pair takes its cards when the ranks of the first card and the second card add "
        "up to 13 (ace 1, jack 11, queen 12, king 13), and the rank of the first card (9C) plus the rank of the "
        "second card (5D) is not 13",
    ),
    (
        "pyramid",
        "pyramid[27]: 9C; stock[0]: *",
        "9C@p27>d0",
        "illegal move 9C@p27>d0: cards leave pyramid[27] only by a removal (king, pair), never by a move",
    ),
    (
        "pyramid",
        "pyramid[27]: 9C; stock[0]: *",
        "9C",
        "illegal move 9C: 9C (on pyramid[27]) has no legal move now: it leaves only by a removal (king, pair), "
        "and none takes it with the free cards now",
    ),
    (
        "spider",
        "tableau[0]: 9H 8S; tableau[1]: TS; stock[0]: *",
        "9H@t0>t1",
        "illegal move 9H@t0>t1: only a run going down by one rank in one suit may be lifted from tableau[0], "
        "and 8S lies on 9H: 8S is not the same suit as 9H",
    ),
    (
        "spider",
        "tableau[0]: 9H; tableau[1]: 9S; stock[0]: *",
        "t0>t1",
        "illegal move t0>t1: 9H@tableau[0]>tableau[1]: on its top card a tableau pile takes a card one rank lower "
        "than the top card, and 9H is not one rank lower than the top card of tableau[1] (9S)",
    ),
    (
        "sarlacc",
        "tableau[0]: 7H; tableau[10]: 5S; tableau[21]: 8C",
        "7H@t0>t21",
        "illegal move 7H@t0>t21: tableau[0] is covered by tableau[10]: a covered pile gives no card",
    ),
    (
        "sarlacc",
        "tableau[42]: 7H; tableau[43]: 9C",
        "7H@t42>t43",
        "illegal move 7H@t42>t43: on its top card a tableau pile takes a card one rank lower than the top card and "
        "of the other colour, and 7H is not one rank lower than the top card of tableau[43] (9C)",
    ),
    (
        "golf",
        "tableau[0]: QS; foundation[0]: KC; stock[0]: *",
        "t0>f",
        "illegal move t0>f: QS@tableau[0]>foundation[0]: on its top card the foundation pile takes a card one rank "
        "above or below the top card, when the top card of this pile is not a king, and the top card of "
        "foundation[0] (KC) is a king",
    ),
    (
        "golf",
        "tableau[0]: 9S; foundation[0]: 5C; stock[0]: *",
        "9S",
        "illegal move 9S: 9S (on tableau[0]) has no legal move now",
    ),
    (
        "golf",
        "tableau[0]: 9S; foundation[0]: 5C; stock[0]: *",
        "9S>f",
        "illegal move 9S>f: 9S@tableau[0]>foundation[0]: on its top card the foundation pile takes a card one rank "
        "above or below the top card, when the top card of this pile is not a king, and the ranks of 9S and the "
        "top card of foundation[0] (5C) are not one rank apart",
    ),
]


@pytest.mark.parametrize(("variant", "position", "text", "reason"), REASONS, ids=[r[2] for r in REASONS])
def test_why_a_move_is_illegal(variant, position, text, reason):
    g = pos(variant, position)
    before = g.state.key()
    with pytest.raises(IllegalMoveError) as exc:
        g.play(text)
    assert str(exc.value) == reason
    assert refusal(g, text) == reason
    assert g.state.key() == before


def test_why_an_action_is_refused():
    g = pos("klondike", "waste[0]: 5C; stock[0]: 9D", passes="1")
    assert (
        refusal(g, "recycle")
        == "illegal move recycle: recycle turns waste[0] over onto stock[0] only when that is empty"
    )
    g = pos("klondike", "waste[0]: 5C", passes="2")
    g.play("recycle")
    g.play("draw")
    assert (
        refusal(g, "recycle")
        == "illegal move recycle: recycle is not allowed now: it may be used only once in a game, and it has been"
    )
    g = pos("klondike", "waste[0]: 5C", passes="1")
    assert (
        refusal(g, "recycle")
        == "illegal move recycle: recycle is not allowed in this game (with these options its limit is 0)"
    )
    g = pos("klondike", "waste[0]: 5C; tableau[0]: 6D")
    assert refusal(g, "draw") == "illegal move draw: stock[0] is empty"
    assert refusal(g, "5C") == refusal(g, "w>t0") == refusal(g, "5♣") == ""


# -- did you mean, and examples in the variant's own names ------------------------------------------
def test_did_you_mean_an_action_a_pile_or_a_command():
    g = rulesdsl.load("klondike").new_game(3)
    with pytest.raises(InvalidMoveError, match=r"did you mean draw\?"):
        g.play("drwa")
    with pytest.raises(InvalidMoveError, match=r"no pile 'tablaeu\[3\]'.*did you mean tableau\?"):
        g.play("AD@tablaeu[3]>foundation[0]")
    with pytest.raises(InvalidMoveError, match=r"no pile 't9': tableau has 7 pile\(s\), tableau\[0\] to tableau\[6\]"):
        g.play("t9>t1")
    out = io.StringIO()
    run(g, io.StringIO("hnit\nundoo\nq\n"), out)
    assert "did you mean the command hint?" in out.getvalue()
    assert "did you mean the command undo?" in out.getvalue()


def test_examples_in_messages_use_the_variants_own_piles():
    msg = refusal(rulesdsl.load("pyramid").new_game(1), "nonsense")
    assert "tableau" not in msg and "pyramid[0]" in msg and "CARD@PILE>PILE" not in msg
    msg = refusal(rulesdsl.load("klondike").new_game(1), "nonsense")
    assert "8D@tableau[0]>tableau[1]" in msg and "t0>t1" in msg
    msg = refusal(rulesdsl.load("clock").new_game(1), "nonsense")
    assert "tableau" not in msg


def test_the_runner_says_which_move_it_chose():
    g = rulesdsl.load("freecell").new_game(1)
    out = io.StringIO()
    run(g, io.StringIO("3D\nq\n"), out)
    assert "played: 3D@tableau[0]>tableau[4] (chosen from 2 legal moves by the hint's order" in out.getvalue()


TOKENS = st.sampled_from(
    [
        "7D",
        "k\u2660",
        "t0",
        "t6",
        "f",
        "w",
        "@",
        ">",
        " ",
        "[",
        "]",
        "3",
        "remove",
        "draw",
        "tab",
        "10h",
        "9C",
        "4D",
        "p27",
        "s",
        "t99",
        "\u2660",
        ".1",
        "x",
    ]
)


@settings(max_examples=300, deadline=None)
@given(st.lists(TOKENS, max_size=8).map("".join) | st.text(max_size=30))
def test_any_text_is_a_legal_move_or_a_move_error(text):
    for g in GAMES:
        before = g.state.key()
        try:
            r = g.resolve(text)
        except MoveError as exc:
            assert str(exc) and refusal(g, text) == str(exc)
        else:
            assert g.is_legal(r.move) and refusal(g, text) == ""
        assert g.state.key() == before


GAMES = [rulesdsl.load(n).new_game(3) for n in ("klondike", "pyramid", "freecell", "sultan")]


def test_the_runner_keeps_the_cards_reason_over_fc_solves_reading():
    # Klondike has fc-solve's notation too (a numbering): KS in capitals is the card
    out = io.StringIO()
    run(rulesdsl.load("klondike").new_game(3), io.StringIO("KS\n3D\nq\n"), out)
    assert "illegal move KS: no KS is face up (type help for commands)" in out.getvalue()
