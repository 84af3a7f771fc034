"""The runner's commands that change the game played (new, restart, load, resign's question) and
those that show a winning line (solve, play-out), driven through the scripted (piped) interface."""

import io
import json

from rulesdsl.runners import text as runner_text
from rulesdsl.runners.text import run

import rulesdsl

# Sakhmet with every card on the foundations but the clubs from the queen (or the jack) up
NEARLY_WON = (
    ";".join(f"foundation[{i}]: " + " ".join(r + s for r in "A23456789TJQK") for i, s in enumerate("NDS"))
    + ";foundation[3]: AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC;"
)


def session(commands, variant="sakhmet", seed=3, width=80, game=None, **options):
    g = game or rulesdsl.load(variant, options).new_game(seed)
    out = io.StringIO()
    run(g, io.StringIO("".join(c + "\n" for c in commands)), out, width=width)
    return out.getvalue()


def test_new_deals_the_next_seed_or_the_one_given():
    text = session(["new", "new 42", "new x", "new 1 2", "q"])
    assert "a new game:" in text and "seed 4" in text and "seed 42" in text
    assert "new takes a seed, a whole number from 0" in text and "new takes at most one seed" in text
    assert "Traceback" not in text


def test_new_after_a_numbered_deal_is_the_next_number():
    g = rulesdsl.load("freecell").numbered_game(617)
    text = session(["new", "q"], game=g)
    assert "deal 618" in text


def test_new_with_a_number_after_a_numbered_deal_is_that_deal_number():
    g = rulesdsl.load("freecell").numbered_game(617)
    text = session(["new 11982", "new x", "q"], game=g)
    assert "FreeCell  score 0  deal 11982" in text
    assert "error: a deal number is a whole number, like 11982" in text


def test_restart_is_the_same_deal_with_no_move_played():
    g = rulesdsl.load("sakhmet").new_game(3)
    before = rulesdsl.runners.render.render(g, width=80)
    text = session(["1", "draw", "restart", "undo", "q"], game=g)
    after = text.split("the same deal from the start:\n", 1)[1]
    assert after.startswith(before)
    assert "nothing to undo" in after


def test_load_plays_a_saved_game_with_its_history(tmp_path):
    path = tmp_path / "g.json"
    g = rulesdsl.load("sakhmet").new_game(3)
    g.play("draw")
    g.play("draw")
    path.write_text(json.dumps(g.save()))
    text = session([f"load {path}", "undo", "undo", "undo", "q"])
    assert f"loaded {path}:" in text
    assert text.count("undone: draw") == 2 and "nothing to undo" in text


def test_load_refuses_what_it_cannot_play(tmp_path):
    other = tmp_path / "k.json"
    other.write_text(json.dumps(rulesdsl.load("klondike").new_game(1).save()))
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": ')
    empty = tmp_path / "empty"
    empty.write_text("")
    text = session([f"load {other}", f"load {bad}", f"load {empty}", f"load {tmp_path / 'none'}", "load", "q"])
    assert "is a game of 'klondike', not of 'sakhmet'" in text
    assert f"{bad}:1:" in text and "bad JSON" in text
    assert "the file is empty" in text and "cannot read" in text
    assert "load needs one file name" in text
    assert "Traceback" not in text and "loaded" not in text


def test_load_a_compact_position(tmp_path):
    path = tmp_path / "p.txt"
    path.write_text("tableau[0]: KS; waste[0]: AS\n")
    text = session([f"load {path}", "q"])
    assert "loaded" in text and "moves:  1) AS@waste[0]>foundation[0]" in text


def test_resign_asks_for_another_game_the_input_answers():
    text = session(["resign", "y", "score", "resign", "n", "score"])
    assert text.count("Another game (the next deal)? y/n") == 2
    assert "a new game:" in text and "seed 4" in text
    assert text.count("score: 0") == 1  # the first score after yes; no command runs after no


def test_resign_at_the_end_of_input_means_no():
    text = session(["resign"])
    assert text.rstrip().endswith("y/n") and "a new game" not in text


def test_solve_shows_the_first_moves_and_the_length(monkeypatch):
    g = rulesdsl.load("freecell").numbered_game(617)
    text = session(["solve 20", "q"], game=g)
    head = next(line for line in text.splitlines() if line.startswith("solve: won in"))
    n = int(head.split()[3])
    assert n > runner_text.SHOWN_LINE and head.endswith(f"the first {runner_text.SHOWN_LINE}:")
    assert f"{runner_text.SHOWN_LINE}) " in text and f"{runner_text.SHOWN_LINE + 1}) " not in text.split(head)[1]
    assert "face-down" not in head  # FreeCell has no face-down card


def test_solve_says_the_solver_sees_face_down_cards_only_where_there_are_some():
    v = rulesdsl.load("sakhmet")
    hidden = rulesdsl.Game.from_position(v, NEARLY_WON + "tableau[0]: #KC QC")
    text = session(["solve", "q"], game=hidden)
    assert "solve: won in 2 move(s) from here (the solver sees face-down cards):" in text
    open_ = rulesdsl.Game.from_position(v, NEARLY_WON + "tableau[0]: KC QC")
    text = session(["solve", "q"], game=open_)
    assert "solve: won in 2 move(s) from here:" in text and "face-down" not in text


def test_play_out_plays_the_line_with_the_board_after_each_move():
    g = rulesdsl.load("freecell").numbered_game(617)
    text = session(["play-out", "solve 20", "play-out 3", "play-out x", "play-out 0", "q"], game=g)
    assert "play-out: no winning line found through this position: type solve first" in text
    tail = text.split("play-out 1/3:", 1)[1]
    assert "play-out 2/3:" in tail and "play-out 3/3:" in tail and "play-out 4/" not in tail
    assert tail.count("FreeCell  score") == 3  # a board after each move
    assert "move(s) of the line left (play-out continues)" in tail
    assert "play-out takes one count of moves" in text and "the count of moves is 1 or more" in text


def test_play_out_all_wins_and_the_default_is_ten():
    v = rulesdsl.load("sakhmet")
    g = rulesdsl.Game.from_position(v, NEARLY_WON.replace("JC", "") + "tableau[0]: KC QC; tableau[1]: JC")
    text = session(["solve", "play-out all", "q"], game=g)
    assert "play-out 3/3:" in text and "You won!" in text and "the line is played" in text
    g = rulesdsl.load("freecell").numbered_game(617)
    text = session(["solve 20", "play-out", "q"], game=g)
    assert f"play-out {runner_text.SHOWN_LINE}/{runner_text.SHOWN_LINE}:" in text
    assert f"play-out {runner_text.SHOWN_LINE + 1}/" not in text


def test_the_moves_list_fits_the_width():
    text = session(["q"], variant="spider", seed=1, width=50)
    moves = text[text.index("moves:") :].splitlines()
    assert len(moves) > 1 and all(len(line) <= 50 for line in moves)


def test_load_takes_the_saves_own_option_values(tmp_path):
    g = rulesdsl.load("klondike", {"draw": 3}).new_game(4)
    g.play("draw")
    path = tmp_path / "k3.json"
    path.write_text(json.dumps(g.save()))
    r = runner_text.Runner(rulesdsl.load("klondike").new_game(1), io.StringIO(), width=80)
    r.command(f"load {path}")
    assert dict(r.g.variant.options)["draw"] == 3 and r.g.state == g.state
    assert r.g.ply == 1
