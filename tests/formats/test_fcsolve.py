"""Against the real solver: boards exported with --deal go into fc-solve, its solutions come
back through replay and win, with nothing played automatically.

Needs the `fc-solve` binary (Debian's freecell-solver-bin; .ci/run installs it). Skipped only
when the binary is absent and CI is not set; under CI=true a missing binary fails. Each run of
fc-solve is bounded (-mi) and takes milliseconds.
"""

from __future__ import annotations

import os
import shutil
import subprocess

import pytest

import rulesdsl
from rulesdsl.formats import fcs
from tests.test_cli import run

FC_SOLVE = shutil.which("fc-solve")
CI = os.environ.get("CI", "").lower() not in ("", "0", "false", "no")
ITERATIONS = "200000"

pytestmark = pytest.mark.skipif(
    FC_SOLVE is None and not CI, reason="fc-solve is not installed (apt-get install freecell-solver-bin)"
)

# Microsoft deals: 1 to 50 and two famous ones (617, 21283). fc-solve's looking-glass preset
# (-l lg) solves each within the bound; its default preset needs millions of states for deal 9.
MS_DEALS = list(range(1, 51)) + [617, 21283]

# PySol deals of the FreeCell family, by fc-solve's --game names; the numbers are deals
# fc-solve solves within the bound (it proves some of the others unsolvable, or gives up).
PYSOL = {
    "bakers_game": ("bakers_game", [1, 2, 3, 4, 5]),
    "eight_off": ("eight_off", [1, 2, 3, 4, 5]),
    "seahaven_towers": ("seahaven", [2, 3, 4, 5, 6]),
    "forecell": ("forecell", [2, 3, 4, 5, 6]),
    "beleaguered_castle": ("beleaguered_castle", [2, 4, 6, 7, 9]),
    "streets_and_alleys": ("streets_and_alleys", [7, 8, 9, 10, 15]),
    "simple_simon": ("simple_simon", [2, 3, 4, 5, 7]),
}

SEQUENCE_MOVES = {"beleaguered_castle", "streets_and_alleys", "simple_simon"}


def solve(board: str, *flags: str) -> str:
    if FC_SOLVE is None:
        pytest.fail("CI is set but fc-solve is missing: install freecell-solver-bin")
    proc = subprocess.run(
        [FC_SOLVE, "-mi", ITERATIONS, *flags, "-"],
        input=board,
        capture_output=True,
        text=True,
        timeout=120,
        env=dict(os.environ, FREECELL_SOLVER_QUIET="1"),
    )
    return proc.stdout


def replay_to_a_win(variant, deal, solution: str, sequence_moves=False):
    g = variant.numbered_game(deal)
    moves = fcs.read_solution(solution)
    assert moves, solution[-500:]
    for i, fm in enumerate(moves, 1):
        assert not g.won, f"deal {deal}: won before move {i}"
        before = g.ply
        steps = fcs.expand(g, fm)
        for m in steps:
            g.play(m)
        # nothing is played automatically: the moves played are exactly the steps
        assert g.ply == before + len(steps)
        if not sequence_moves:
            assert len(steps) == 1, (i, fm.text)
    assert g.won, f"deal {deal}: not won after {len(moves)} moves"
    return g


@pytest.mark.parametrize("deal", MS_DEALS)
def test_microsoft_deals_standard_notation(deal):
    v = rulesdsl.load("freecell")
    assert v.numbering.scheme == "ms" and not v.autos
    board = fcs.to_text(v, v.numbered_game(deal).state)
    out = solve(board, "-g", v.numbering.fc_solve, "-l", "lg", "-m", "-snx")
    assert "This game is solveable." in out, out[-300:]
    replay_to_a_win(v, deal, out)


@pytest.mark.parametrize("deal", [1, 617, 21283])
def test_microsoft_deals_verbose_moves(deal):
    v = rulesdsl.load("freecell")
    out = solve(fcs.to_text(v, v.numbered_game(deal).state), "-l", "lg", "-m")
    assert "Move a card from" in out
    replay_to_a_win(v, deal, out)


def test_microsoft_deal_11982_is_unsolvable():
    v = rulesdsl.load("freecell")
    out = solve(fcs.to_text(v, v.numbered_game(11982).state), "-m", "-snx")
    assert "I could not solve this game." in out
    checked = int(out.split("Total number of states checked is ")[1].split(".")[0])
    assert checked < int(ITERATIONS), "fc-solve gave up instead of exhausting the search"


@pytest.mark.parametrize("name, game, deal", [(n, g, d) for n, (g, ds) in PYSOL.items() for d in ds])
def test_pysol_deals(name, game, deal):
    v = rulesdsl.load(name)
    assert v.numbering.scheme == "pysol" and v.numbering.fc_solve == game and not v.autos
    board = fcs.to_text(v, v.numbered_game(deal).state)
    out = solve(board, "-g", game, "-m", "-snx")
    assert "This game is solveable." in out, out[-300:]
    # fc-solve moves a run through empty columns as one move where these games' rules move
    # one card (or one suit run) at a time: fcs.expand plays it step by step
    replay_to_a_win(v, deal, out, sequence_moves=name in SEQUENCE_MOVES)


def test_the_whole_round_trip_on_the_command_line(tmp_path):
    """The worked example of docs/interop.md."""
    code, board, err = run("show", "freecell", "--deal", "617", "--format", "fcs")
    assert code == 0, err
    sol = tmp_path / "617.sol"
    sol.write_text(solve(board, "-m", "-snx"))
    code, out, err = run("replay", "freecell", "--deal", "617", "--moves", str(sol))
    assert code == 0 and "won: yes" in out, out + err
    b = tmp_path / "617.board"
    b.write_text(board)
    code, out, err = run("replay", "freecell", "--position", str(b), "--moves", str(sol), "--json")
    assert code == 0 and '"won": true' in out, out + err
