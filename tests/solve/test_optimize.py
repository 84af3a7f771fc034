"""Shorter winning lines (optimize.py): loops are cut, shortcuts taken, and what comes out
always replays to a win with the engine and is never longer."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import rulesdsl
from rulesdsl.solve.optimize import cut_loops, optimize_line
from rulesdsl.solve.solver import solve_game
from tests.helpers import game

from .test_solver import FREECELL_3, replays_to_win


def _moves(g, line):
    h = rulesdsl.Game(g.variant, g.state.copy())
    return [h.play(t) for t in line]


def test_a_card_moved_and_moved_back_is_cut():
    g = game("freecell", FREECELL_3)
    line = solve_game(g).moves
    # KC to a cell and back to its column: the position comes back, the two moves go
    detour = ["KC@tableau[5]>cell[0]", "KC@cell[0]>tableau[5]"]
    longer = detour + line
    assert replays_to_win(g.variant, g.state, longer)
    texts = [g.move_text(m) for m in cut_loops(g.variant, g.state, _moves(g, longer))]
    assert texts == line
    assert optimize_line(g.variant, g.state, longer) == line


def test_a_detour_through_another_pile_becomes_a_shortcut():
    g = game("freecell", FREECELL_3)
    line = solve_game(g).moves
    # KC to another empty column by way of a cell: two moves where one does, and the
    # line goes on from another position (it plays KC from tableau[3])
    detour = ["KC@tableau[5]>cell[1]", "KC@cell[1]>tableau[3]"]
    longer = detour + line[:2] + ["KC@tableau[3]>foundation[3]"]
    assert replays_to_win(g.variant, g.state, longer)
    assert cut_loops(g.variant, g.state, _moves(g, longer)) == _moves(g, longer)
    out = optimize_line(g.variant, g.state, longer)
    assert len(out) <= 4 and replays_to_win(g.variant, g.state, out)


def test_a_line_that_does_not_win_is_returned_as_it_came():
    g = game("freecell", FREECELL_3)
    assert optimize_line(g.variant, g.state, ["KS@tableau[0]>cell[0]"]) == ["KS@tableau[0]>cell[0]"]
    assert optimize_line(g.variant, g.state, ["no such move"]) == ["no such move"]


@pytest.mark.parametrize("name, seed", [("freecell", 1), ("bakers_game", 3), ("klondike", 5), ("black_hole", 2)])
def test_optimized_lines_replay_and_are_never_longer(name, seed):
    v = rulesdsl.load(name)
    g = v.new_game(seed)
    raw = solve_game(g, max_states=20_000)
    assert raw.verdict == "won"
    out = optimize_line(v, g.state, raw.moves, time_limit=0.5)
    assert len(out) <= len(raw.moves)
    assert replays_to_win(v, g.state, out)


def test_the_cli_optimizes_by_default_and_not_with_no_optimize(tmp_path):
    # the three-move ending with a two-move detour in front: the position after the detour,
    # as a file, is the ending itself, so solve finds 3 moves either way; the detour's
    # position (KC in a cell) is solved to a line that plays KC back first
    g = game("freecell", FREECELL_3)
    h = rulesdsl.Game(g.variant, g.state.copy())
    h.play("KC@tableau[5]>cell[0]")
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(h.position()))

    def length(*extra):
        out = subprocess.run(
            [sys.executable, "-m", "rulesdsl", "solve", "freecell", "--position", str(path), *extra],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        return len([line for line in out.splitlines() if line and not line.startswith("#")])

    raw = len(solve_game(h).moves)
    assert length("--no-optimize") == raw
    assert length() <= raw
    assert len(solve_game(h, optimize=True).moves) <= raw
