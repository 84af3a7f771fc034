"""The win finder (beam.py): a beam search that only ever says won, with a line that replays in
the engine. On small games, where its widest run covers every position of a level, it wins
exactly the deals the exhaustive search wins; it never wins a deal proved lost."""

from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulesdsl
from rulesdsl.solve import beam
from rulesdsl.solve.search import UNKNOWN, WON, Result
from rulesdsl.solve.solver import solve_game
from rulesdsl.validation import solvable

from ..helpers import text_loader
from .test_face_foundations import MINI_THIEVES, STRANDED, TIGHT_THIEVES
from .test_solver import replays_to_win


@pytest.fixture(scope="module")
def load(tmp_path_factory):
    return text_loader(tmp_path_factory, "beam", MINI_THIEVES)


def test_chains_hold_every_copy_below_a_card(load):
    v = load()
    below = beam.chains(v)
    assert below is not None
    code = {v.deck.text(c, copy=True): c for c in range(v.deck.size)}
    three = below[code["3S"]]
    for name in ("AS", "AS.1", "2S", "2S.1"):
        assert three >> code[name] & 1, name
    for name in ("3S.1", "4S", "AH", "2H"):
        assert not three >> code[name] & 1, name
    assert below[code["AS"]] == 0


def test_a_blocked_card_lowers_the_score(load):
    v = load()
    ok = rulesdsl.Game.from_position(v, "tableau[0]: 2S AS; stock[0]: #AH #2H #3H")
    blocked = rulesdsl.Game.from_position(v, "tableau[0]: AS 2S; stock[0]: #AH #2H #3H")
    rate = beam.Rating(v, ok.state)
    t0 = v.layout.groups["tableau"].piles[0]
    assert rate.part(ok.state, t0) - rate.part(blocked.state, t0) == beam.W_BLOCKED


@pytest.mark.slow
def test_a_lost_position_is_never_won_and_a_won_one_is_found(load):
    v = load(TIGHT_THIEVES)
    lost = won = 0
    for seed in range(1, 40):
        g = v.new_game(seed)
        exact = solve_game(g)
        line = beam.find_win(v, g.state, time_limit=5.0)
        if exact.verdict == "unwinnable":
            assert line is None, seed
            lost += 1
        else:
            assert exact.verdict == "won" and line is not None, seed
            assert replays_to_win(v, g.state, line)
            won += 1
    assert lost and won  # both verdicts occur, so the agreement means something


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(1, 10**6), ties=st.integers(0, 1000))
def test_it_wins_exactly_what_the_exhaustive_search_wins(load, seed, ties):
    v = load(TIGHT_THIEVES)
    g = v.new_game(seed)
    wins_what_the_exhaustive_search_wins(v, g, time_limit=5.0, seed=ties)


def test_a_narrow_beam_is_not_complete(load):
    # width 1 is greedy play: it loses winnable deals, so finding nothing proves nothing
    v = load(TIGHT_THIEVES)
    missed = 0
    for seed in range(1, 40):
        g = v.new_game(seed)
        if (
            solve_game(g).verdict == "won"
            and beam._run(v, g.state, 1, beam.random.Random(0), time.process_time, 1e18)[0] is None
        ):
            missed += 1
    assert missed


def test_a_line_that_does_not_win_is_refused(load):
    v = load()
    g = v.new_game(1)
    assert beam.replay(v, g.state, []) is None
    assert beam.replay(v, g.state, [g.legal_moves()[0]]) is None


def test_check_gives_the_win_finder_as_much_again_then_a_second_try(load, monkeypatch):
    # the search keeps the check's seconds, the win finder as much again on each deal the search
    # left undecided on time; no deal won and no finder paused (here none is), the search's
    # second try (test_second_try.py: the paused finders taken up again, the rollouts)
    v = load()
    searches: list = []
    finds: list = []

    def undecided(variant, state, **kw):
        searches.append((kw["time_limit"], kw["beam"]))
        return Result(UNKNOWN, [], 1, 0.0, "time")

    def finder(variant, state, *, time_limit, clock, stats=None, held=None):
        finds.append((state.seed if hasattr(state, "seed") else None, time_limit))
        if stats is not None:
            stats["up"] = len(finds) % 2  # deal 1: 1 card up, deal 2: 0, deal 3: 1
        return None

    monkeypatch.setattr(solvable, "run_solver", undecided)
    monkeypatch.setattr(solvable, "find_win", finder)

    class Doc:
        def diag(self, code, message, path, hint=None):
            return code

    notes: list = []
    assert solvable.solver_check(Doc(), "x.yaml", v, 3, 2.0, notes, rollouts=False) == ["V902"]
    assert searches == [(2.0, False)] * 3 + [(4.0, False)] * 3  # then the search's second try
    assert [t for _, t in finds] == [2.0, 2.0, 2.0]
    assert "second try, 6 CPU s (15 while climbing) (no finder paused): no win" in notes[0]
    searches.clear()
    finds.clear()
    solvable.solver_check(Doc(), "x.yaml", v, 1, 2.0, notes, beam=False)
    assert searches == [(2.0, False)] and finds == []  # the search alone keeps its seconds, no more


def _second_search(v, monkeypatch, winner):
    """The check with the searches and the finder undecided but the search's second try on
    ``winner``, on a clock only the second try moves; returns what that try was asked."""
    now = [0.0]
    asked: list = []

    def search(variant, state, **kw):
        if "share" not in kw:  # the first pass
            return Result(UNKNOWN, [], 1, 0.0, "time")
        asked.append((state, kw["time_limit"], kw["share"]))
        now[0] += kw["time_limit"]
        if state == solvable.deal_state(v, winner):
            return Result(WON, ["a won line"], 1, kw["time_limit"])
        return Result(UNKNOWN, [], 1, kw["time_limit"], "time")

    monkeypatch.setattr(solvable, "run_solver", search)
    monkeypatch.setattr(solvable, "find_win", lambda variant, state, *, time_limit, clock, stats=None, held=None: None)
    monkeypatch.setitem(solvable.CHECK_SOLVE, "clock", lambda: now[0])
    return asked


class _Doc:
    def diag(self, code, message, path, hint=None):
        return code


def test_the_search_has_a_second_try_deal_by_deal_within_the_pool_and_its_win_counts(load, monkeypatch):
    # no deal won by either pass: the staged search again, the deals in order, each with at most
    # twice the check's seconds (most of them for the streamliner), all within the finder's
    # pooled time; the first win counts
    v = load()
    asked = _second_search(v, monkeypatch, winner=2)
    notes: list = []
    assert solvable.solver_check(_Doc(), "x.yaml", v, 3, 2.0, notes, rollouts=False) == []  # no V902
    assert [(t, s) for _, t, s in asked] == [(4.0, solvable.AGAIN_SHARE), (2.0, solvable.AGAIN_SHARE)]
    assert "the solver won 1 of 3" in notes[0] and "search's second try, 6 CPU s at most: won seed 2" in notes[0]
    asked.clear()
    # the pool (4 deals of 1.5 s: 6 s) is spent on deals 1 and 2: deal 3 is not tried
    asked = _second_search(v, monkeypatch, winner=3)
    assert solvable.solver_check(_Doc(), "x.yaml", v, 4, 1.5, notes, rollouts=False) == ["V902"]
    assert [t for _, t, _ in asked] == [3.0, 3.0]
    asked.clear()
    assert solvable.solver_check(_Doc(), "x.yaml", v, 3, 2.0, [], again=False, rollouts=False) == ["V902"]
    assert asked == []  # the switch: no second search


# A Spider of two suits of four ranks, two copies: a finished A-to-4 suit run leaves whole.
MINI_SPIDER = """name: Mini Spider
description: Sixteen cards in three columns; a finished suit run leaves for a foundation.
deck: {decks: 2, ranks: [A, 2, 3, 4], suits: [{name: spades, letter: S, color: black}, {name: hearts, letter: H, color: red}]}
piles:
  stock:
    role: stock
  foundation:
    count: 4
    role: foundation
    interchangeable: true
    accept_empty: "run.size == 4 and card.rank == 4"
  tableau:
    count: 3
    role: tableau
    lift: run
    sequence: "b.rank == a.rank - 1 and b.suit == a.suit"
    accept: "card.rank == dest.top.rank - 1"
    accept_empty: "true"
deal:
  - shuffle
  - {to: tableau, count: 3, up: 1}
  - {rest: "stock[0]"}
actions:
  deal:
    kind: deal
    from: "stock[0]"
    to: tableau
    when: "all(t in tableau: not t.empty)"
auto:
  - {move: tableau, to: foundation}
  - flip: tableau
win: "all(f in foundation: f.size == 4)"
"""


def test_run_pairs_are_read_from_the_removal_rule(load):
    v = load(MINI_SPIDER)
    pairs = beam.run_pairs(v)
    assert pairs is not None
    for suit in set(v.deck.suit_of):
        assert ((3, suit), (2, suit)) in pairs and ((2, suit), (1, suit)) in pairs
    assert not any(a[1] != b[1] or a[0] != b[0] + 1 for a, b in pairs)  # one suit, one rank down
    assert beam.run_pairs(load()) is None  # single cards go up: the cards up count instead
    assert beam.run_pairs(rulesdsl.load("black_widow")) == beam.run_pairs(rulesdsl.load("spider"))


def test_a_pair_in_run_order_raises_the_score(load):
    v = load(MINI_SPIDER)
    suited = rulesdsl.Game.from_position(v, "tableau[0]: 3S 2S; stock[0]: #AH")
    mixed = rulesdsl.Game.from_position(v, "tableau[0]: 3S 2H; stock[0]: #AH")
    t0 = v.layout.groups["tableau"].piles[0]
    on, off = beam.Rating(v, suited.state), beam.Rating(v, suited.state, runs=False)
    gap = on.part(suited.state, t0) - on.part(mixed.state, t0)
    assert gap == beam.R_RUN + off.part(suited.state, t0) - off.part(mixed.state, t0)
    assert on.up == beam.R_FOUNDATION + beam.R_RUN  # a finished run leaving raises the score


def test_scorpion_columns_are_scored_in_their_accept_order():
    v = rulesdsl.load("scorpion")
    rate = beam.Rating(v, v.new_game(1).state)
    assert rate.pairs is not None and any(t is not None for t in rate.natural)
    assert beam.Rating(v, v.new_game(1).state, runs=False).pairs is None


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(1, 10**6), runs=st.booleans())
def test_the_run_score_wins_exactly_what_the_exhaustive_search_wins(load, seed, runs):
    v = load(MINI_SPIDER)
    g = v.new_game(seed)
    wins_what_the_exhaustive_search_wins(v, g, time_limit=10.0, runs=runs)


@pytest.mark.parametrize("name", ["spider", "forty_thieves", "scorpion"])
def test_a_childs_key_from_its_parents_pieces_is_its_whole_key(name):
    # the beam rebuilds only the piles a move touched: the hash must be the one of the whole key
    v = rulesdsl.load(name)
    g = rulesdsl.Game(v, v.new_game(3).state)
    key = beam._Keys(v)
    rng = beam.random.Random(5)
    g.legal_moves()
    for _ in range(60):
        moves = g.legal_moves()
        if not moves:
            break
        pieces = key.pieces(g.state)
        mark = len(g._ops)
        g._env.st = g.state
        g._do(g.state, rng.choice(moves), g._env, g._ops)
        touched = beam.touched_piles(g, mark)
        if touched is not None:
            for p in touched:
                pieces[p] = key.piece(g.state, p)
        assert key.hashed(pieces, g.state) == key(g.state)
        del g._ops[mark:]


MINI_WIDOW = MINI_SPIDER.replace(
    'sequence: "b.rank == a.rank - 1 and b.suit == a.suit"', 'sequence: "b.rank == a.rank - 1"'
).replace(
    'accept_empty: "run.size == 4 and card.rank == 4"',
    'accept_empty: "run.size == 4 and card.rank == 4 and all(c in run: c.suit == card.suit)"',
)


def test_a_pair_out_of_run_order_is_a_break_where_runs_of_any_suit_move(load):
    # Black Widow's kin: the columns build in any suit, only one-suit runs leave
    v = load(MINI_WIDOW)
    mixed = rulesdsl.Game.from_position(v, "tableau[0]: 3S 2H AS; stock[0]: #AH")
    t0 = v.layout.groups["tableau"].piles[0]
    assert beam.Rating(v, mixed.state, runs=False).part(mixed.state, t0) == 0  # in sequence
    on = beam.Rating(v, mixed.state).part(mixed.state, t0)
    assert on == -3 * beam.R_BREAK  # two cards above the break 3S-2H, one above 2H-AS


def test_a_wider_gap_buried_lowers_the_score_where_no_pile_builds():
    # Numerica: a 9 on a 3 must wait for five more cards than a 4 on a 3 (buried_gaps)
    v = rulesdsl.load("numerica")
    near = rulesdsl.Game.from_position(v, "tableau[0]: 3S 4H")
    far = rulesdsl.Game.from_position(v, "tableau[0]: 3S 9H")
    t0 = v.layout.groups["tableau"].piles[0]
    rate = beam.Rating(v, near.state)
    assert rate.part(near.state, t0) - rate.part(far.state, t0) == 5 * beam.W_GAP
    off = beam.Rating(v, near.state, gaps=False)
    assert off.part(near.state, t0) == off.part(far.state, t0)
    # one rank is four cards of depth where suits do not matter, one where they do
    assert beam.buried_gaps(v, beam.chains(v))[1] == 4
    betty = rulesdsl.load("lady_betty")
    assert beam.buried_gaps(betty, beam.chains(betty))[1] == 1
    # where piles build (Forty Thieves), the score has no such term
    assert beam.buried_gaps(load_thieves(), beam.chains(load_thieves())) is None


def load_thieves():
    return rulesdsl.load("forty_thieves")


def wins_what_the_exhaustive_search_wins(v, g, **finder) -> str:
    """The finder (wide enough to see everything at last) wins a small deal exactly when the
    plain exhaustive search does, and its line replays to a win. Returns the search's verdict."""
    exact = solve_game(g, face_foundations=False, partial=False, stuck=False)
    line = beam.find_win(v, g.state, widths=(2, 8, 100_000), **finder)
    assert exact.verdict != "unknown"
    assert (line is not None) == (exact.verdict == "won")
    if line is not None:
        assert replays_to_win(v, g.state, line)
    return exact.verdict


def wins_what_it_wins_either_way(v, switch: str, seeds=range(1, 25)) -> set:
    """The above on seeded deals with the finder's ``switch`` on and off; the verdicts met, so
    that a caller can check that both occur and the agreement means something."""
    verdicts = set()
    for seed in seeds:
        g = v.new_game(seed)
        for on in (True, False):
            verdicts.add(wins_what_the_exhaustive_search_wins(v, g, time_limit=5.0, **{switch: on}))
    return verdicts


MINI_GYPSY = """name: Mini Gypsy
description: Two decks of six cards; three columns built down in alternate colours, runs move, a gap never filled; the stock deals a card onto every column.
deck: {decks: 2, ranks: [A, 2, 3], suits: [{name: spades, letter: S, color: black}, {name: hearts, letter: H, color: red}]}
piles:
  stock:
    role: stock
  foundation:
    count: 4
    role: foundation
    lift: top
    interchangeable: true
    accept_empty: "run.size == 1 and card.rank == A and source.group != 'foundation'"
    accept: "run.size == 1 and card.suit == dest.top.suit and card.rank == dest.top.rank + 1"
  tableau:
    count: 3
    role: tableau
    lift: run
    sequence: "b.rank == a.rank - 1 and b.color != a.color"
    accept: "card.rank == dest.top.rank - 1 and card.color != dest.top.color"
    accept_empty: "false"
deal:
  - shuffle
  - {to: tableau, count: 2, up: 1}
  - {rest: "stock[0]"}
actions:
  deal:
    kind: deal
    from: "stock[0]"
    to: tableau
auto:
  - flip: tableau
win: "all(f in foundation: f.size == 3)"
"""


def test_a_stock_dealt_in_its_order_costs_nothing_for_its_order(load):
    # the stock's cards leave only by the deal, in its order, in every line: a card of it on a
    # card its foundation needs first waits on no move (dealt=False: it cost as a column's)
    v = load(MINI_GYPSY)
    s0 = v.layout.groups["stock"].piles[0]
    ok = rulesdsl.Game.from_position(v, "stock[0]: #2S #AS #3H")
    blocked = rulesdsl.Game.from_position(v, "stock[0]: #AS #2S #3H")
    rate = beam.Rating(v, ok.state)
    assert rate.part(ok.state, s0) == rate.part(blocked.state, s0) == 0
    old = beam.Rating(v, ok.state, dealt=False)
    assert old.part(ok.state, s0) - old.part(blocked.state, s0) == beam.W_BLOCKED
    # a column's order still counts
    t0 = v.layout.groups["tableau"].piles[0]
    col_ok = rulesdsl.Game.from_position(v, "tableau[0]: 2S AS")
    col_blocked = rulesdsl.Game.from_position(v, "tableau[0]: AS 2S")
    assert rate.part(col_ok.state, t0) - rate.part(col_blocked.state, t0) >= beam.W_BLOCKED


@pytest.mark.parametrize(
    ("game", "switch"),
    [(MINI_GYPSY, "dealt"), (TIGHT_THIEVES, "safe")],
    ids=["the stock's score", "the safe moves"],
)
@pytest.mark.slow
def test_the_finder_wins_exactly_what_the_exhaustive_search_wins_either_way(load, game, switch):
    # dealt: a stock's order left out of the score; safe: the derived safe moves played first
    assert wins_what_it_wins_either_way(load(game), switch) == {
        "won",
        "unwinnable",
    }  # both occur, so the agreement means something


def settle(v, g, pick):
    """beam.settled on the game's position, as _run calls it on a node of its beam."""
    g.legal_moves()  # builds the generator
    rate, key = beam.Rating(v, g.state), beam._Keys(v)
    node = beam._Node(g.state.copy(), rate.parts(g.state), None, None, key.pieces(g.state))
    return beam.settled(node, pick, g, rate, key, None, beam._win_test(v))


def test_a_position_with_safe_moves_plays_them_before_it_branches(load):
    v = load()
    pick = beam.safe_pick(v)
    assert pick is not None  # the face rule (face_foundations.py) holds in Mini Forty Thieves
    g = rulesdsl.Game.from_position(v, STRANDED)  # both aces of spades up, a 2 of spades free
    node, moves = settle(v, g, pick)
    line = [v.deck.text(m.cards[0]) for m in node.line()]
    assert line and line[0] == "2S"  # then whatever the closure frees
    assert moves and pick.pick(node.st, moves) is None  # it stops where no move is safe
    assert len(node.st.piles[v.layout.groups["foundation"].piles[0]]) > 1
    # safe=False: the position as it is, every legal move
    node, moves = settle(v, g, None)
    assert node.line() == [] and moves == g.legal_moves()
