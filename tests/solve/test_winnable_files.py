"""Files whose first seeds are all lost (issue 22): a deal that wins shows the rules allow a
win, so V901 on seeds 1-5 says the game is hard, not that the file is wrong."""

from __future__ import annotations

import rulesdsl
from rulesdsl.solve.solver import solve

from .test_solver import replays_to_win


def test_auld_lang_syne_wins_a_stacked_deal():
    # the twos dealt first, then each round of four the next rank: every card goes up in turn
    v = rulesdsl.load("auld_lang_syne")
    stock = " ".join("#" + r + s for r in "3456789TJQK" for s in "SHDC")
    g = rulesdsl.Game.from_position(
        v,
        "foundation[0]: AS; foundation[1]: AH; foundation[2]: AD; foundation[3]: AC; "
        "tableau[0]: 2S; tableau[1]: 2H; tableau[2]: 2D; tableau[3]: 2C; stock[0]: " + stock,
    )
    r = solve(v, g.state, time_limit=20)
    assert r.verdict == "won"
    assert replays_to_win(v, g.state, r.moves)


def test_acme_wins_a_stacked_deal():
    # seeds 1-5 are all lost (proved, 0.7-25 CPU s each; politaire.com's solver wins 3.6% of
    # its deals); here the stock turns up each suit's next card in turn, so every card goes up
    v = rulesdsl.load("acme")
    stock = " ".join("#" + r + s for r in reversed("23456789TJ") for s in reversed("SHDC"))
    g = rulesdsl.Game.from_position(
        v,
        "foundation[0]: AS; foundation[1]: AH; foundation[2]: AD; foundation[3]: AC; "
        "tableau[0]: QS; tableau[1]: QH; tableau[2]: QD; tableau[3]: QC; "
        "reserve[0]: #KC #KD #KH KS; stock[0]: " + stock,
    )
    r = solve(v, g.state, time_limit=20)
    assert r.verdict == "won"
    assert replays_to_win(v, g.state, r.moves)


def test_storehouse_wins_a_stacked_deal():
    # seeds 1-5 are all proved lost (3.0-29.5 CPU s each); the twos start the foundations and
    # the aces come last, on the kings: the stock turns up each suit's next card in turn
    v = rulesdsl.load("storehouse")
    stock = " ".join("#" + r + s for r in reversed("3456789TJQ") for s in reversed("SHDC"))
    g = rulesdsl.Game.from_position(
        v,
        "foundation[0]: 2S; foundation[1]: 2H; foundation[2]: 2D; foundation[3]: 2C; "
        "tableau[0]: KS; tableau[1]: KH; tableau[2]: KD; tableau[3]: KC; "
        "reserve[0]: #AC #AD #AH AS; stock[0]: " + stock,
    )
    r = solve(v, g.state, time_limit=20)
    assert r.verdict == "won"
    assert replays_to_win(v, g.state, r.moves)
