"""Safe moves to foundations nothing leaves where a reserve refills the columns
(refill_foundations.py): verdicts with them agree with a plain exhaustive search on small
random Canfield-like games, the lines replay, and the class is read from the rules."""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl.solve.deals import compiled_variant, deal_state
from rulesdsl.solve.refill_foundations import derive_refill_safe
from rulesdsl.solve.solver import solve

from .test_solver import naive, replays_to_win

MINI = """name: Mini Canfield
description: Twelve cards, a reserve of three, two columns, a stock turned two at a time.
deck: {ranks: [A, 2, 3, 4, 5, 6], suits: [{name: spades, letter: S, color: black}, {name: hearts, letter: H, color: red}], wrap: true}
options:
  tableau_moves:
    values: [top_or_whole, whole]
    default: top_or_whole
    help: "whole: only whole columns move between columns"
  passes:
    values: [1, 2]
    default: 2
    help: times the waste goes back to the stock
params:
  whole_only: "tableau_moves == 'whole'"
piles:
  stock:
    role: stock
  waste:
    role: waste
    lift: top
  foundation:
    count: 2
    role: foundation
    accept_empty: >-
      run.size == 1 and card.rank == base_rank
      and all(f in foundation: f.index >= dest.index or not f.empty)
    accept: "run.size == 1 and card.suit == dest.top.suit and card.rank == succ(dest.top.rank)"
  reserve:
    role: reserve
    lift: top
  tableau:
    count: 2
    role: tableau
    lift: run
    sequence: "b.rank == pred(a.rank) and b.color != a.color"
    accept: >-
      (run.size == 1 and not (whole_only and source.group == 'tableau') or source.empty)
      and card.rank == pred(dest.top.rank) and card.color != dest.top.color
    accept_empty: "run.size == 1 and not (whole_only and source.group == 'tableau') or source.empty"
deal:
  - shuffle
  - {to: ["foundation[0]"], count: 1}
  - {base_rank: "foundation[0]"}
  - {to: reserve, count: 3, up: 1}
  - {to: tableau, count: 1}
  - {to: waste, count: 2}
  - {rest: "stock[0]"}
actions:
  draw:
    kind: deal
    from: "stock[0]"
    to: "waste[0]"
    count: 2
  recycle:
    kind: recycle
    from: "waste[0]"
    to: "stock[0]"
    limit: passes
auto:
  - flip: reserve
  - refill: tableau
    from: ["reserve[0]"]
win: "all(f in foundation: f.size == 6)"
"""


@pytest.fixture(scope="module")
def mini(tmp_path_factory):
    d = tmp_path_factory.mktemp("refill")

    def load(text=MINI, **options):
        p = d / f"v{abs(hash(text))}.yaml"
        p.write_text(text)
        return rulesdsl.load(str(p), options)

    return load


# seeds 1, 38, 49 and 165 are lost when the move is played from a column of one card (the
# refill), or with a card left off the foundations that could go onto it
SEEDS = (*range(1, 61), 165)


# Chameleon's way: the top card or the whole column leaves (lift_when), regardless of suit
LIFT_WHEN = MINI.replace(
    "    accept: >-\n      (run.size == 1 and not (whole_only and source.group == 'tableau') or source.empty)\n"
    "      and card.rank == pred(dest.top.rank) and card.color != dest.top.color\n",
    '    lift_when: "run.size == 1 or source.empty"\n    accept: "card.rank == pred(dest.top.rank)"\n',
).replace('sequence: "b.rank == pred(a.rank) and b.color != a.color"', 'sequence: "b.rank == pred(a.rank)"')


# Four Seasons' way: no reserve and no refill (a lone card goes up), the top card alone moves
NO_RESERVE = (
    MINI.replace("  reserve:\n    role: reserve\n    lift: top\n", "")
    .replace("  - {to: reserve, count: 3, up: 1}\n", "")
    .replace('auto:\n  - flip: reserve\n  - refill: tableau\n    from: ["reserve[0]"]\n', "")
    .replace('    lift: run\n    sequence: "b.rank == pred(a.rank) and b.color != a.color"\n', "    lift: top\n")
    .replace("count: 2\n    role: tableau", "count: 3\n    role: tableau")
)


@pytest.mark.parametrize("moves", ["top_or_whole", "whole", "lift_when", "no_reserve"])
@pytest.mark.parametrize("passes", [1, 2])
def test_verdicts_agree_with_an_exhaustive_search(mini, moves, passes):
    if moves == "lift_when":
        assert "lift_when" in LIFT_WHEN and "b.color" not in LIFT_WHEN
        v = mini(LIFT_WHEN, passes=passes)
    elif moves == "no_reserve":
        assert "role: reserve" not in NO_RESERVE and "refill" not in NO_RESERVE and "lift: run" not in NO_RESERVE
        v = mini(NO_RESERVE, passes=passes)
    else:
        v = mini(tableau_moves=moves, passes=passes)
    rule = derive_refill_safe(v)
    assert rule is not None
    picked = 0
    pick = rule.pick

    def counted(st, ms):
        nonlocal picked
        m = pick(st, ms)
        picked += m is not None
        return m

    rule.pick = counted
    for seed in SEEDS:
        g = v.new_game(seed)
        want = "won" if naive(g) else "unwinnable"
        on = solve(v, g.state, safe=rule, beam=False)
        off = solve(v, g.state, refill_safe=False, beam=False)
        assert (seed, on.verdict) == (seed, want) == (seed, off.verdict)
        if on.verdict == "won":
            assert replays_to_win(v, g.state, on.moves)
    assert picked > 0  # the rule played moves without branching


SAFE = "foundation[0]: 3S 4S; foundation[1]: 3H 4H; tableau[0]: 6H 5S; tableau[1]: AH; stock[0]: *"


@pytest.mark.parametrize(
    "text", [SAFE, "foundation[0]: 3S 4S; foundation[1]: 3H 4H; tableau[0]: 5S; tableau[1]: 6H; stock[0]: *"]
)
def test_a_column_card_goes_up_when_what_it_could_take_is_up(mini, text):
    # on a face-up card, or alone with the reserve empty (no refill can follow)
    v = mini()
    g = rulesdsl.Game.from_position(v, text)
    m = derive_refill_safe(v).pick(g.state, list(g.legal_moves()))
    assert m is not None and [v.deck.text(x) for x in m.cards] == ["5S"]
    assert v.layout.pile_names[m.dest] == "foundation[0]" and v.layout.pile_names[m.sources[0]] == "tableau[0]"
    on, off = solve(v, g.state, beam=False), solve(v, g.state, refill_safe=False, beam=False)
    assert on.verdict == off.verdict == "won" and replays_to_win(v, g.state, on.moves)


@pytest.mark.parametrize(
    "text",
    [
        # 5S alone in its column: the refill would bring in the reserve's AH at once
        "foundation[0]: 3S 4S; foundation[1]: 3H 4H; tableau[0]: 5S; tableau[1]: 6H; reserve[0]: AH; stock[0]: *",
        # 5S on the reserve, and on the waste (on a face-up card)
        "foundation[0]: 3S 4S; foundation[1]: 3H 4H; tableau[0]: 6H 2S; tableau[1]: AH; reserve[0]: 2H 5S; stock[0]: *",
        "foundation[0]: 3S 4S; foundation[1]: 3H 4H; tableau[0]: 6H 2S; tableau[1]: AH; waste[0]: 2H 5S; stock[0]: *",
        # 4H, which could go onto 5S, is off the foundations
        "foundation[0]: 3S 4S; foundation[1]: 3H; tableau[0]: 6H 5S; tableau[1]: AH; stock[0]: *",
    ],
)
def test_what_the_proof_leaves_out_is_not_picked(mini, text):
    v = mini()
    g = rulesdsl.Game.from_position(v, text)
    assert derive_refill_safe(v).pick(g.state, list(g.legal_moves())) is None


def test_a_rule_taking_two_cards_where_not_one_turns_it_off(mini):
    # a run of two goes where one card does not: the proof's prefix fails (read by evaluation)
    text = MINI.replace(
        "(run.size == 1 and not (whole_only and source.group == 'tableau') or source.empty)",
        "(not (run.size == 1) or source.empty)",
    )
    v = mini(text)
    g = rulesdsl.Game.from_position(v, SAFE)
    rule = derive_refill_safe(v)
    assert rule is not None and rule.pick(g.state, list(g.legal_moves())) is None
    # the same for a lift_when that lets two cards leave where one may not (5S, alone, may)
    alone = "foundation[0]: 3S 4S; foundation[1]: 3H 4H; tableau[0]: 5S; tableau[1]: 6H; stock[0]: *"
    for text, safe in (('"not (run.size == 1) or source.empty"', False), ('"run.size == 1 or source.empty"', True)):
        v = mini(LIFT_WHEN.replace('"run.size == 1 or source.empty"', text))
        g = rulesdsl.Game.from_position(v, alone)
        assert (derive_refill_safe(v).pick(g.state, list(g.legal_moves())) is not None) == safe


@pytest.mark.parametrize(
    "old, new",
    [
        ("role: foundation\n", "role: foundation\n    lift: top\n"),  # cards come back down
        ("  - refill: tableau\n", '  - refill: tableau\n    when: "true"\n'),
        ("card.rank == pred(dest.top.rank)", "card.rank == pred(dest.top.rank) and count(t in tableau: t.empty) > 0"),
        ("kind: deal", 'kind: deal\n    when: "tableau[0].size > 0"'),
    ],
)
def test_rules_outside_the_class_derive_nothing(mini, old, new):
    assert old in MINI
    assert derive_refill_safe(mini(MINI.replace(old, new, 1))) is None


@pytest.mark.parametrize(
    "name, options",
    [
        ("canfield", {}),
        ("canfield", {"tableau_moves": "whole", "corner": "base"}),
        ("acme", {}),
        ("rainbow", {}),
        ("storehouse", {}),
        ("superior_canfield", {}),
        ("chameleon", {}),
        ("four_seasons", {}),
    ],
)
def test_the_family_is_recognised(name, options):
    v, _ = compiled_variant(name, options)
    assert derive_refill_safe(v) is not None
    r = solve(v, deal_state(v, 1), max_states=300, beam=False)  # the tables are read in play (Acme has no base rank)
    assert r.verdict in ("won", "unknown")
