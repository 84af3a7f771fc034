"""The runner's line editing: tab completion (a plain function, tested without a terminal), and
readline left out whenever input is not the terminal, so piped input reads exactly as before."""

import io
import sys

from rulesdsl.runners import lineedit
from rulesdsl.runners.lineedit import candidates, editor
from rulesdsl.runners.text import HELP, Runner

import rulesdsl


def game(name="klondike", seed=2):
    return rulesdsl.load(name).new_game(seed)


def test_the_first_word_completes_to_commands_actions_and_moves():
    g = game()
    assert candidates(g, "", "res") == ["restart", "resign"]
    assert candidates(g, "", "pl") == ["play-out"]
    assert "draw" in candidates(g, "", "dr")  # Klondike's action
    moves = [g.move_text(m) for m in g.legal_moves()]
    first = moves[0]
    assert first in candidates(g, "", first[:2])
    assert set(candidates(g, "", "")) >= set(lineedit.COMMANDS) | set(moves)


def test_pile_names_complete_after_the_card_and_the_arrow_full_or_short():
    g = game()
    assert candidates(g, "", "QD@t") == [
        "QD@tableau[0]",
        "QD@tableau[1]",
        "QD@tableau[2]",
        "QD@tableau[3]",
        "QD@tableau[4]",
        "QD@tableau[5]",
        "QD@tableau[6]",
        "QD@t0",
        "QD@t1",
        "QD@t2",
        "QD@t3",
        "QD@t4",
        "QD@t5",
        "QD@t6",
    ]
    assert candidates(g, "", "QD@tableau[0]>f") == [f"QD@tableau[0]>foundation[{i}]" for i in range(4)] + [
        f"QD@tableau[0]>f{i}" for i in range(4)
    ]
    assert candidates(g, "", "t0>w") == ["t0>waste[0]", "t0>w0"]
    assert candidates(g, "", "zz") == []


def test_after_the_card_and_the_arrow_the_legal_moves_choose_the_piles():
    g = rulesdsl.Game.from_position(rulesdsl.load("klondike"), "tableau[0]: 8H; tableau[1]: 9S; tableau[2]: 9C")
    assert candidates(g, "", "8H@") == [
        "8H@tableau[0]>tableau[1]",
        "8H@tableau[0]>tableau[2]",
        "8H@tableau[0]",
        "8H@t0",
    ]
    assert candidates(g, "", "8h@T0>") == ["8h@T0>tableau[1]", "8h@T0>tableau[2]", "8h@T0>t1", "8h@T0>t2"]
    assert candidates(g, "", "t0>t") == ["t0>tableau[1]", "t0>tableau[2]", "t0>t1", "t0>t2"]
    assert candidates(g, "", "tableau[0]>t2") == ["tableau[0]>t2"]


def test_a_card_of_two_decks_completes_with_or_without_its_copy():
    g = rulesdsl.load("spider").new_game(3)
    move = next(m for m in g.legal_moves() if g.move_text(m).startswith("8S.1@"))
    src = g.variant.pile_name(move.sources[0])
    assert f"8S.1@{src}" in candidates(g, "", "8S.1@") and len(candidates(g, "", "8S.1@")) < 6
    assert f"8s@{src}" in candidates(g, "", "8s@") and len(candidates(g, "", "8s@")) < 6


def test_a_later_word_completes_to_pile_names_and_file_commands_to_files(tmp_path):
    g = rulesdsl.load("pyramid").new_game(5)
    assert "pyramid[21]" in candidates(g, "remove KS@pyramid[22] ", "pyr")
    assert candidates(g, "remove KS@pyramid[22] ", "p2") == [
        "p2",
        "p20",
        "p21",
        "p22",
        "p23",
        "p24",
        "p25",
        "p26",
        "p27",
    ]
    (tmp_path / "game1.json").write_text("{}")
    (tmp_path / "games").mkdir()
    found = candidates(g, "load ", str(tmp_path / "gam"))
    assert found == [str(tmp_path / "game1.json"), str(tmp_path / "games") + "/"]


def test_every_completed_command_is_in_the_help():
    for c in lineedit.COMMANDS:
        assert f"  {c}" in HELP or f", {c}" in HELP, c


def test_every_command_is_in_the_runners_doc():
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[2] / "docs" / "runner.md").read_text(encoding="utf-8")
    for c in lineedit.COMMANDS:
        assert f"`{c}" in doc or f", `{c}`" in doc, c


def test_the_completer_follows_the_game_the_runner_plays():
    class FakeReadline:
        def __init__(self, line):
            self.line = line

        def get_line_buffer(self):
            return self.line

        def get_begidx(self):
            return self.line.rfind(" ") + 1

    r = Runner(game("klondike"), io.StringIO())
    c = lineedit.Completer(r, FakeReadline("rest"))
    assert [c("rest", 0), c("rest", 1)] == ["restart", None]
    r.g = game("freecell", 1)  # after new or load: the completer sees the new game
    c = lineedit.Completer(r, FakeReadline("3D@tableau[0]>c"))
    assert c("3D@tableau[0]>c", 0) == "3D@tableau[0]>cell[0]"


def test_no_readline_unless_standard_input_and_output_are_the_terminal():
    class Tty(io.StringIO):
        def isatty(self):
            return True

    r = Runner(game(), io.StringIO())
    assert editor(r, Tty(), Tty()) is None  # not sys.stdin / sys.stdout
    assert editor(r, sys.stdin, sys.stdout) is None or sys.stdin.isatty()  # pytest's stdin is no terminal
