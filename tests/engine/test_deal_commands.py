"""--deal N on the newer games and on every command; --deal or --position with --seed; fc-solve
moves typed to the text runner (docs/interop.md)."""

from __future__ import annotations

import io

import pytest
from rulesdsl.runners.text import run as run_runner

import rulesdsl
from rulesdsl.formats import fcs, numbering
from rulesdsl.play.game import Game
from tests.test_cli import run

UNNUMBERED = ["aces_up", "australian_patience", "flower_garden", "forty_thieves", "westcliff"]


@pytest.mark.parametrize("name", UNNUMBERED)
def test_unnumbered_games_answer_deal_clearly(name, tmp_path):
    moves = tmp_path / "m.txt"
    moves.write_text("")
    for args in (
        ("show", name, "--deal", "5"),
        ("moves", name, "--deal", "5"),
        ("replay", name, "--deal", "5", "--moves", str(moves)),
        ("play", name, "--deal", "5"),
    ):
        code, out, err = run(*args, stdin="quit\n")
        assert code == 2 and out == "", args
        assert err.strip() == (
            f"rulesdsl: {name} declares no numbering, so its deals have no numbers "
            f"(use --seed; docs/interop.md lists the numbered variants)"
        )
    code, _, err = run("show", name, "--format", "fcs")
    assert code == 2 and f"{name} declares no numbering, so it has no fc-solve board format" in err


@pytest.mark.parametrize("name", ["yukon", "russian_solitaire", "fan", "whitehead"])
def test_deal_on_every_command_for_the_new_games(name, tmp_path):
    v = rulesdsl.load(name)
    code, board, err = run("show", name, "--deal", "617", "--format", "fcs")
    assert code == 0, err
    theirs = numbering.pysol_board_text(v.numbering.game, 617)
    if v.numbering.face_up:
        theirs = theirs.replace("<", "").replace(">", "")
    # the columns (and talon) card for card; pysol-cards writes no empty Foundations line
    assert [x for x in board.splitlines() if not x.startswith("Foundations")] == theirs.splitlines()
    code, out, _ = run("show", name, "--deal", "617", "--json")
    assert code == 0 and '"deal": 617' in out
    code, listed, _ = run("moves", name, "--deal", "617", "--notation", "fcs")
    assert code == 0 and "  1. " in listed
    code, out, _ = run("play", name, "--deal", "617", stdin="quit\n")
    assert code == 0 and v.name in out
    # the first fc-solve move listed, replayed from the deal and from the board file
    g = v.numbered_game(617)
    first = next(
        (fcs.move_text(v, g.state, m, g.legal_moves()) for m in g.legal_moves() if fcs.move_text(v, g.state, m)), None
    )
    if first is None:  # Whitehead's first move may be the draw only
        assert name == "whitehead"
        return
    moves = tmp_path / "m.txt"
    moves.write_text(first + "\n")
    code, out, err = run("replay", name, "--deal", "617", "--moves", str(moves))
    assert code == 0 and "played 1 move(s)" in out, err
    pos = tmp_path / "b.txt"
    pos.write_text(board)
    code, out, err = run("replay", name, "--position", str(pos), "--moves", str(moves), "--notation", "fcs")
    assert code == 0 and "played 1 move(s)" in out, err


def test_whitehead_board_after_a_draw_has_no_fcs_line_for_the_waste():
    code, _, err = run("show", "whitehead", "--deal", "3", "--format", "fcs", stdin="")
    assert code == 0, err
    code, out, err = run("moves", "whitehead", "--deal", "3", "--after", "draw", "--notation", "fcs")
    assert code == 0, err
    g = rulesdsl.load("whitehead").numbered_game(3)
    g.play("draw")
    with pytest.raises(rulesdsl.PositionError, match="waste.* holds cards"):
        fcs.to_text(g.variant, g.state)


# -- --seed with --deal or --position ------------------------------------------------


def test_seed_with_deal_or_position_is_refused_even_when_it_is_1(tmp_path):
    for seed in ("1", "0", "7"):
        code, _, err = run("show", "freecell", "--deal", "5", "--seed", seed)
        assert code == 2 and "give --deal (a published deal number) or --seed" in err and "not both" in err
    _, board, _ = run("show", "freecell", "--deal", "5", "--format", "fcs")
    pos = tmp_path / "b.txt"
    pos.write_text(board)
    code, _, err = run("show", "freecell", "--position", str(pos), "--seed", "1")
    assert code == 2 and "give --position or --seed, not both" in err
    # no --seed at all is still seed 1
    assert run("show", "klondike")[1] == run("show", "klondike", "--seed", "1")[1]
    assert run("show", "klondike")[1] != run("show", "klondike", "--seed", "2")[1]


# -- fc-solve moves typed to the runner ------------------------------------------------


def session(game, commands):
    out = io.StringIO()
    run_runner(game, io.StringIO("\n".join(commands) + "\nq\n"), out)
    return out.getvalue()


def test_runner_takes_standard_notation():
    g = rulesdsl.load("freecell").numbered_game(1)
    text = session(g, ["5a", "5b", "5c", "5d", "5h", "ah", "9a"])
    assert "played: 6C@tableau[4]>cell[0] (fc-solve 5a)" in text
    assert "played: AD@tableau[4]>foundation[2] (fc-solve 5h)" in text
    assert "illegal move ah: the rules do not allow it here (from cell[0])" in text
    assert "illegal move 9a: no column 9 (freecell has 8)" in text
    assert g.ply == 5 and "Traceback" not in text


def test_runner_digits_mean_a_move_number_or_an_fc_solve_move_and_ambiguity_is_asked():
    v = rulesdsl.load("freecell")
    g = v.numbered_game(26)
    legal = g.legal_moves()
    # deal 26: fc-solve's 13 (column 1 to column 3) is legal, and so is move number 13
    # (15 moves: the cells are interchangeable, so each card goes to "a cell" once)
    col_move = next(m for m in legal if fcs.move_text(v, g.state, m, legal) == "13")
    assert len(legal) >= 13
    text = session(g, ["13"])
    assert (
        f"13 is ambiguous: legal move 13 ({g.move_text(legal[12])}) or fc-solve's 13 "
        f"({g.move_text(col_move)}): type #13 or 13v1" in text
    )
    assert g.ply == 0
    session(g, ["#13"])
    assert g.history == [legal[12]]
    g = v.numbered_game(26)
    session(g, ["13v1"])
    assert g.history == [col_move]
    # a number that is no legal move and no legal fc-solve move: both said
    g = v.numbered_game(3)
    text = session(g, ["99"])
    assert "no move 99: there are 10 legal move(s); as fc-solve's notation, illegal move 99: no column 9" in text


def test_runner_plays_a_sequence_move_step_by_step():
    v = rulesdsl.load("beleaguered_castle")
    g = Game.from_position(v, "Foundations: H-A C-A D-A S-A\nKH 9C 8D 7S\nKS TH\n:\n:\nKC\nKD\nQC\nQD\n")
    text = session(g, ["12v3"])
    assert "(fc-solve 12v3)" in text
    assert [v.deck.text(c) for c in g.state.piles[v.numbering.columns[1]]] == ["KS", "TH", "9C", "8D", "7S"]
    assert g.ply > 1  # one card at a time, through the empty columns


def test_runner_without_numbering_reads_only_its_own_notation():
    g = rulesdsl.load("aces_up").new_game(1)
    text = session(g, ["5a", "21"])
    assert "cannot read move '5a'" in text
    assert "fc-solve" not in text and g.ply == 0
