"""Leftovers of hardening (issue 19): echoes of 5,000 characters cut with errors.short, the
language's own range message for a huge option value, UnknownKind in the RulesdslError
family, and fc-solve's "could not solve" output read as holding no solution."""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import cli
from rulesdsl.core import errors, kinds
from rulesdsl.play.game import Game
from tests.test_errors import run

RANGE = "outside the integer range -2,147,483,647..2,147,483,647"


def test_a_five_thousand_character_file_name_is_cut(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, err = run("show", "a" * 5000 + ".yaml")
    assert code == 2 and out == ""
    assert "Y003" in err and "(5,005 characters)" in err and len(err) < 600, err[:800]


@pytest.mark.parametrize(
    "line,where",
    [
        ("points: " + "9" * 5000, "line 2: points"),
        ("points: -" + "9" * 5000, "line 2: points"),
        ("streak: " + "9" * 5000, "line 2: streak"),
        ("used: recycle=" + "9" * 5000, "line 2: used: recycle"),
    ],
)
def test_a_five_thousand_digit_number_in_a_compact_position_is_cut(line, where):
    v = rulesdsl.load("klondike")
    with pytest.raises(errors.PositionError) as info:
        Game.from_position(v, "tableau[0]: 5H\n" + line)
    text = str(info.value)
    assert text.startswith(where) and "(5,000 digits)" in text and RANGE in text and len(text) < 200, text


def test_a_long_word_in_a_compact_position_is_cut():
    with pytest.raises(errors.PositionError) as info:
        Game.from_position(rulesdsl.load("klondike"), "tableau[0]: 5H\npoints: " + "x" * 5000)
    assert "(5,000 characters)" in str(info.value) and len(str(info.value)) < 200


def test_the_command_line_cuts_a_position_number(tmp_path):
    path = tmp_path / "p.txt"
    path.write_text("tableau[0]: 5H\npoints: " + "9" * 5000 + "\n")
    code, out, err = run("show", "klondike", "--position", str(path))
    assert code == 2 and "(5,000 digits)" in err and len(err) < 400, err[:600]


@pytest.mark.parametrize(
    "given", ["9" * 5000, 10**5000, -(10**5000), 2**31], ids=["digits", "int", "negative", "just-over"]
)
def test_a_huge_option_value_gets_the_languages_range_message(given):
    with pytest.raises(errors.RulesError) as info:
        rulesdsl.load("klondike", {"draw": given})
    text = str(info.value)
    assert " O402 " in text and RANGE in text and "Exceeds the limit" not in text
    assert len(text.splitlines()[0]) < 300, text[:400]


def test_unknown_kind_is_in_the_family_and_exits_as_a_bug(monkeypatch):
    assert issubclass(kinds.UnknownKind, errors.RulesdslError)
    assert issubclass(kinds.UnknownKind, errors.InternalError)

    def broken(args):
        raise kinds.UnknownKind("action kind", "shuffle")

    monkeypatch.setattr(cli.variants, "cmd_list", broken)
    code, out, err = run("list")
    assert code == 70 and "internal error" in err and "action kind 'shuffle'" in err


FCS_UNSOLVED = """\
I could not solve this game.

Total number of states checked is 3435.
This scan generated 3560 states.
"""


@pytest.mark.parametrize("game", [("freecell", "--deal", "617"), ("klondike", "--seed", "1")])
def test_replay_of_fc_solves_could_not_solve_says_no_solution(tmp_path, game):
    path = tmp_path / "unsolved.txt"
    path.write_text(FCS_UNSOLVED)
    code, out, err = run("replay", *game, "--moves", str(path))
    assert code == 2 and "holds no solution" in err and "cannot read move" not in err, err


def test_a_solution_after_the_verdict_lines_is_still_read(tmp_path):
    path = tmp_path / "moves.txt"
    path.write_text("This game is solveable.\n\n5a\n")
    code, out, err = run("replay", "freecell", "--deal", "617", "--moves", str(path))
    assert "holds no solution" not in err
