"""The solver: verdicts on hand-made positions, lines that replay to a win, limits that stop
cleanly, canonical keys that match a recomputation, and verdicts equal to a naive search's."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulesdsl
from rulesdsl.solve.analysis import analyse
from rulesdsl.solve.keys import Keyer, touched_piles
from rulesdsl.solve.solver import solve_game
from tests.helpers import game
from tests.test_cli import run


def naive(g) -> bool:
    """Is the position winnable? Plain depth-first search on the exact key, nothing merged;
    iterative (a deep line would pass the interpreter's recursion limit), ``g`` left as it was."""
    seen: set = set()

    def moves_here():  # None: the position was met before
        k = g.state.key()[:3]
        if k in seen:
            return None
        seen.add(k)
        return iter(list(g.legal_moves()))

    if g.won:
        return True
    stack = [moves_here()]  # one entry per position on the line, the deal's first
    won = False
    while stack:
        m = next(stack[-1], None)
        if m is None:
            stack.pop()
            if stack:
                g.undo()
            continue
        g.apply_unchecked(m)
        if g.won:
            won = True
            break
        more = moves_here()
        if more is None:
            g.undo()
        else:
            stack.append(more)
    for _ in range(len(stack) if won else 0):  # the line's moves, m among them
        g.undo()
    return won


def replays_to_win(variant, state, line) -> bool:
    g = rulesdsl.Game(variant, state.copy())
    for text in line:
        g.play(text)
    return g.won


# -- verdicts on positions small enough to know ------------------------------------------

FREECELL_3 = (
    "foundation[0]: AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS; "
    "foundation[1]: AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH; "
    "foundation[2]: AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD; "
    "foundation[3]: AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC; "
    "tableau[0]: QC KS; tableau[5]: KC"
)


def test_a_three_move_freecell_ending_is_won_and_replays():
    g = game("freecell", FREECELL_3)
    r = solve_game(g)
    assert r.verdict == "won"
    assert len(r.moves) == 3
    assert replays_to_win(g.variant, g.state, r.moves)
    assert r.difficulty == r.states


def test_golf_dead_end_is_proved_unwinnable_exhaustively():
    g = game("golf", "foundation[0]: 5H; tableau[0]: KC 7D 6S; tableau[1]: 4C 8H; stock[0]: 2D 9S")
    r = solve_game(g)
    assert r.verdict == "unwinnable"
    assert r.limit is None and r.moves == []
    assert naive(g) is False


def test_golf_small_win_is_found():
    g = game("golf", "foundation[0]: 5H; tableau[0]: 7D 6S; tableau[1]: 3C 4C; stock[0]: 8H 5S")
    r = solve_game(g)
    assert r.verdict == "won"
    assert replays_to_win(g.variant, g.state, r.moves)


def test_a_won_position_needs_no_move():
    g = game("golf", "foundation[0]: 5H; stock[0]: 2D")
    r = solve_game(g)
    assert (r.verdict, r.moves) == ("won", [])


# -- deals ----------------------------------------------------------------------------


@pytest.mark.parametrize("name, seed", [("bakers_game", 3), ("black_hole", 2), ("klondike", 5)])
def test_won_deals_replay_to_a_win(name, seed):
    v = rulesdsl.load(name)
    g = v.new_game(seed)
    r = solve_game(g, max_states=20_000)
    assert r.verdict == "won"
    assert replays_to_win(v, g.state, r.moves)


def test_state_limit_stops_cleanly_with_counts():
    g = rulesdsl.load("freecell").new_game(3)
    r = solve_game(g, max_states=50)
    assert (r.verdict, r.limit, r.states) == ("unknown", "states", 50)
    assert g.ply == 0  # the game asked about is untouched


def test_time_limit_stops_cleanly():
    g = rulesdsl.load("freecell").new_game(3)
    r = solve_game(g, time_limit=1e-6)
    assert (r.verdict, r.limit) == ("unknown", "time")
    assert r.states >= 1


def test_bad_limits_are_refused():
    g = rulesdsl.load("golf").new_game(1)
    with pytest.raises(ValueError):
        solve_game(g, max_states=0)


# -- soundness: the verdict equals a naive search's --------------------------------------

RANKS = "A23456789TJQK"
SUITS = "SHDC"


@settings(max_examples=40, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from(["golf", "black_hole"]))
def test_verdicts_match_a_naive_search(rnd: random.Random, name):
    deck = [r + s for r in RANKS for s in SUITS]
    rnd.shuffle(deck)
    cards = deck[: rnd.randint(3, 9)]
    if name == "black_hole":
        cards = [c for c in cards if c != "AS"]
        lines = ["foundation[0]: AS"]
        piles = 4
    else:
        lines = [f"foundation[0]: {cards.pop()}"]
        stock = [cards.pop() for _ in range(rnd.randint(0, min(2, len(cards))))]
        if stock:
            lines.append("stock[0]: " + " ".join(stock))
        piles = 3
    cols = [[] for _ in range(piles)]
    for c in cards:
        cols[rnd.randrange(piles)].append(c)
    lines += [f"tableau[{i}]: {' '.join(col)}" for i, col in enumerate(cols) if col]
    g = game(name, "; ".join(lines))
    r = solve_game(g)
    assert r.verdict in ("won", "unwinnable")
    assert (r.verdict == "won") == naive(g.clone())
    if r.verdict == "won":
        assert replays_to_win(g.variant, g.state, r.moves)


# -- canonical keys -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    ["freecell", "klondike", "sultan", "pyramid", "scorpion", "maze", "golf", "black_hole", "sarlacc", "simple_simon"],
)
def test_incremental_key_matches_a_recomputation(name):
    v = rulesdsl.load(name)
    g = v.new_game(7)
    keyer = Keyer(v, g.state, analyse(v))
    rnd = random.Random(name)
    trail = []
    for _ in range(60):
        moves = g.legal_moves()
        if not moves or rnd.random() < 0.25 and trail:
            if not trail:
                break
            g.undo()
            keyer.touch(trail.pop())
        else:
            mark = len(g._ops)
            g.apply_unchecked(rnd.choice(moves))
            touched = touched_piles(g, mark)
            keyer.touch(touched)
            trail.append(touched)
        assert keyer.key() == keyer.full_key()


def test_piles_nothing_puts_a_card_on_are_found():
    def shrinking(name):
        v = rulesdsl.load(name)
        return {v.pile_name(p) for p in analyse(v).shrinking}

    assert shrinking("golf") == {"stock[0]"} | {f"tableau[{i}]" for i in range(7)}
    assert shrinking("klondike") == set()  # the stock takes the waste back; columns build
    assert shrinking("spider") == {"stock[0]"}  # it deals onto the columns, nothing onto it
    assert shrinking("sultan") == {"sultan[0]"}  # the king of hearts nothing is built on
    assert shrinking("canfield") == {"reserve[0]"}
    assert shrinking("scorpion") == {"stock[0]"}
    assert shrinking("freecell") == set()


@pytest.mark.parametrize("name", ["golf", "black_hole", "pyramid", "tripeaks", "spider", "sultan"])
def test_a_pile_keyed_by_its_size_alone_still_tells_positions_apart(name):
    """Keyed by size and face-down count alone, such a pile must still give one key per
    position reachable from the start (its cards are the bottom of what it was dealt)."""
    v = rulesdsl.load(name)
    an = analyse(v)
    assert an.shrinking
    only = type(an)((), True, (), (), False, an.shrinking)  # nothing else merged
    for seed in (1, 2, 3):
        g = v.new_game(seed)
        keyer = Keyer(v, g.state, only)
        seen: dict = {}
        rnd = random.Random(seed)
        for _ in range(150):
            moves = g.legal_moves()
            if not moves:
                break
            mark = len(g._ops)
            g.apply_unchecked(rnd.choice(moves))
            keyer.touch(touched_piles(g, mark))
            exact = g.state.key()[:2]  # the cards and face-down counts
            assert seen.setdefault(keyer.key(), exact) == exact
            assert keyer.key() == keyer.full_key()


def test_interchangeable_groups_are_proved_only_where_no_rule_tells_piles_apart():
    def groups(name):
        v = rulesdsl.load(name)
        return {v.layout.group_of[g[0]] for g in analyse(v).interchangeable}

    assert groups("freecell") == {"cell", "tableau"}  # foundations are per suit (dest.index)
    assert "foundation" not in groups("streets_and_alleys")
    assert groups("maze") == set()  # ring neighbours and tops()
    assert "tableau" not in groups("scorpion")  # the deal action names three columns
    assert "foundation" in groups("klondike")


def test_permuted_columns_share_a_key():
    a = game("freecell", "tableau[0]: 5H 4S; tableau[1]: 9D; cell[2]: 3C")
    b = game("freecell", "tableau[3]: 9D; tableau[6]: 5H 4S; cell[0]: 3C")
    an = analyse(a.variant)
    assert Keyer(a.variant, a.state, an).key() == Keyer(b.variant, b.state, an).key()
    c = game("freecell", "tableau[0]: 5H 4S; tableau[1]: 9D; foundation[2]: AD")
    d = game("freecell", "tableau[0]: 5H 4S; tableau[1]: 9D; foundation[3]: AD")
    assert Keyer(c.variant, c.state, an).key() != Keyer(d.variant, d.state, an).key()


# -- the command ------------------------------------------------------------------------------


def test_solve_command_prints_a_line_replay_accepts(tmp_path):
    code, out, _ = run("solve", "bakers_game", "--seed", "3")
    assert code == 0
    assert out.startswith("# won in ")
    assert "face-down" not in out  # Baker's Game deals every card face up (issue 19)
    f = tmp_path / "line.txt"
    f.write_text(out)
    code, out, _ = run("replay", "bakers_game", "--seed", "3", "--moves", str(f))
    assert code == 0 and "won: yes" in out


def test_solve_json_and_verdicts(tmp_path):
    p = tmp_path / "pos.txt"
    p.write_text("foundation[0]: 5H; tableau[0]: KC 7D 6S; tableau[1]: 4C 8H; stock[0]: 2D 9S")
    code, out, _ = run("solve", "golf", "--position", str(p), "--json")
    assert code == 0
    data = json.loads(out)
    assert set(data) >= {"verdict", "moves", "states", "seconds"}
    assert data["verdict"] == "unwinnable"
    code, out, _ = run("solve", "freecell", "--seed", "3", "--max-states", "10", "--json")
    assert code == 0 and json.loads(out)["verdict"] == "unknown"
    code, out, _ = run("solve", "freecell", "--seed", "3", "--max-states", "10")
    assert "unknown: the states limit" in out


@pytest.mark.parametrize(
    "args", [["--max-states", "0"], ["--time-limit", "-1"], ["--time-limit", "x"], ["--option", "nope=1"]]
)
def test_solve_bad_input_exits_2(args):
    code, _, err = run("solve", "golf", *args)
    assert code == 2
    assert "Traceback" not in err
