"""A base rank fixed by a dealt card (docs/variant-format.md, deal: base_rank, take): the deal
step, the name base_rank in expressions (typed, E250/E251 where it cannot be read), the deal
step take, and positions, saves, clones and State.key() keeping the value."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest

import rulesdsl
from rulesdsl.core.errors import PositionError
from rulesdsl.formats.position import to_text
from tests.helpers import game, notations, pile

BASE = """\
name: Base test
deck: {{wrap: true}}
piles:
  stock: {{role: stock}}
  foundation:
    count: 4
    role: foundation
    accept_empty: "{empty}"
    accept: "card.suit == dest.top.suit and card.rank == succ(dest.top.rank)"
  tableau: {{count: 4, role: tableau, lift: top, accept: "card.rank == pred(dest.top.rank)"}}
deal:
{deal}
win: "all(f in foundation: f.size == 13)"
"""

DEAL = """\
  - shuffle
  - {to: ["foundation[0]"], count: 1}
  - {base_rank: "foundation[0]"}
  - {to: tableau, count: 1}
  - {rest: "stock[0]"}
"""


def write(tmp_path, empty="card.rank == base_rank", deal=DEAL, extra=""):
    path = tmp_path / "basetest.yaml"
    path.write_text(BASE.format(empty=empty, deal=deal) + textwrap.dedent(extra))
    return path


def diags(path):
    return [(d.code, d.line, d.column) for d in rulesdsl.check(path) if d.severity == "error"]


def test_the_deal_records_the_rank_of_the_base_pile_and_rules_read_it(tmp_path):
    v = rulesdsl.load_path(write(tmp_path))
    for seed in range(1, 30):
        g = v.new_game(seed)
        base = pile(g, "foundation[0]")[0]
        assert g.state.base_rank == v.deck.rank_of[g.state.piles[v.pile_index("foundation[0]")][0]]
        # a tableau card of the base rank may start a foundation; another rank may not
        for i in range(4):
            top = pile(g, f"tableau[{i}]")[-1]
            moves = {m for m in notations(g) if m.startswith(f"{top}@") and ">foundation[1]" in m}
            assert bool(moves) == (top[:-1] == base[:-1]), (seed, top, base)


def test_the_base_rank_differs_from_game_to_game(tmp_path):
    v = rulesdsl.load_path(write(tmp_path))
    assert len({v.new_game(seed).state.base_rank for seed in range(1, 40)}) > 5


def test_a_sequence_rule_reading_base_rank_is_not_remembered_across_games(tmp_path):
    # a sequence over two cards is remembered per pair of cards, unless it reads base_rank
    path = write(
        tmp_path,
        extra="""\
        actions: {}
    """,
    )
    text = path.read_text().replace(
        "tableau: {count: 4, role: tableau, lift: top,",
        'tableau: {count: 4, role: tableau, lift: run, sequence: "b.rank != base_rank",',
    )
    path.write_text(text)
    v = rulesdsl.load_path(path)
    a = game_from(v, "base_rank: 5; foundation[0]: 5S; tableau[0]: 9H 5C; tableau[1]: TD")
    b = game_from(v, "base_rank: 6; foundation[0]: 6S; tableau[0]: 9H 5C; tableau[1]: TD")
    assert "9H@tableau[0]>tableau[1]" not in notations(a)  # 5C is the base rank: no run
    assert "9H@tableau[0]>tableau[1]" in notations(b)


def game_from(v, text):
    return rulesdsl.Game.from_position(v, text)


@pytest.mark.parametrize(
    "expr,ok",
    [
        ("card.rank == base_rank", True),
        ("card.rank == pred(base_rank) or card.rank == base_rank + 1", True),
        ("base_rank", False),  # an int, not a yes/no (E208)
        ("card.rank == base_rank.rank", False),  # an int has no attributes (E202)
        ("base_rank == 'seven'", False),  # int against text (E203)
    ],
)
def test_base_rank_is_a_whole_number(tmp_path, expr, ok):
    got = diags(write(tmp_path, empty=expr))
    assert (got == []) == ok, got


def test_base_rank_without_a_base_rank_step_is_E250_at_its_place(tmp_path):
    deal = DEAL.replace('  - {base_rank: "foundation[0]"}\n', "")
    path = write(tmp_path, empty="run.size == 1 and card.rank == base_rank", deal=deal)
    [(code, line, col)] = diags(path)
    lines = path.read_text().splitlines()
    assert code == "E250"
    assert lines[line - 1][col - 1 :].startswith("base_rank")
    # the command line says FILE:LINE:COL: CODE
    out = subprocess.run([sys.executable, "-m", "rulesdsl", "check", str(path)], capture_output=True, text=True)
    assert f"{path}:{line}:{col}: E250" in out.stdout + out.stderr and out.returncode == 1


def test_base_rank_where_only_options_are_read_is_E251(tmp_path):
    path = write(
        tmp_path,
        extra="""\
        params:
          low: "base_rank - 1"
    """,
    )
    [(code, line, col)] = diags(path)
    assert code == "E251" and path.read_text().splitlines()[line - 1][col - 1 :].startswith("base_rank")


def test_an_option_named_base_rank_is_hidden_by_the_dealt_value(tmp_path):
    path = write(
        tmp_path,
        extra="""\
        options:
          base_rank: {values: [1, 2], default: 1}
    """,
    )
    assert [d.code for d in rulesdsl.check(path)] == ["O408"]
    # without a base_rank step, the option is the name
    deal = DEAL.replace('  - {base_rank: "foundation[0]"}\n', "")
    path = write(
        tmp_path,
        empty="card.rank == base_rank",
        deal=deal,
        extra="""\
        options:
          base_rank: {values: [1, 2], default: 1}
    """,
    )
    assert rulesdsl.check(path) == []


@pytest.mark.parametrize(
    "deal,code",
    [
        # the pile read is dealt to only after the step
        (
            '  - shuffle\n  - {base_rank: "foundation[0]"}\n  - {to: ["foundation[0]"], count: 1}\n'
            '  - {rest: "stock[0]"}\n',
            "D530",
        ),
        # two base_rank steps
        (
            DEAL.replace(
                "  - {to: tableau, count: 1}\n", '  - {to: tableau, count: 1}\n  - {base_rank: "tableau[0]"}\n'
            ),
            "D531",
        ),
        # take without onto
        (DEAL.replace("  - {to: tableau, count: 1}\n", '  - {take: "card.rank == base_rank"}\n'), "D532"),
        # onto without take
        (DEAL.replace("  - {to: tableau, count: 1}\n", "  - {to: tableau, count: 1, onto: foundation}\n"), "D521"),
        # base_rank names no pile (a group is fine: its first pile that holds a card)
        (DEAL.replace('{base_rank: "foundation[0]"}', "{base_rank: foundations}"), "P305"),
    ],
)
def test_deal_step_errors(tmp_path, deal, code):
    assert code in [c for c, _, _ in diags(write(tmp_path, deal=deal))]


def test_take_moves_the_cards_the_piles_accept_and_counts_them(tmp_path):
    deal = """\
  - shuffle
  - {to: ["tableau[0]"], count: 1}
  - {base_rank: "tableau[0]"}
  - {take: "card.rank == base_rank", onto: foundation, count: 3}
  - {to: tableau, count: [12, 12, 12, 12]}
"""
    v = rulesdsl.load_path(write(tmp_path, deal=deal))
    for seed in range(1, 20):
        g = v.new_game(seed)
        base = pile(g, "tableau[0]")[0][:-1]
        assert [len(pile(g, f"foundation[{i}]")) for i in range(4)] == [1, 1, 1, 0]
        assert all(pile(g, f"foundation[{i}]")[0][:-1] == base for i in range(3))
        assert [len(pile(g, f"tableau[{i}]")) for i in range(4)] == [13, 12, 12, 12]
        assert g.state.card_count() == 52


def test_take_without_count_is_checked_by_dealing_one_game(tmp_path):
    ok = """\
  - shuffle
  - {to: ["tableau[0]"], count: 1}
  - {base_rank: "tableau[0]"}
  - {take: "card.rank == base_rank", onto: foundation}
  - {to: tableau, count: [12, 12, 12, 12]}
"""
    assert diags(write(tmp_path, deal=ok)) == []
    short = ok.replace("[12, 12, 12, 12]", "[12, 12, 12, 11]")
    assert [c for c, _, _ in diags(write(tmp_path, deal=short))] == ["D501"]
    # with count, the loader counts the cards itself
    counted = ok.replace("onto: foundation}", "onto: foundation, count: 3}").replace(
        "12, 12, 12, 12]", "12, 12, 12, 11]"
    )
    assert [c for c, _, _ in diags(write(tmp_path, deal=counted))] == ["D501"]


def test_positions_saves_and_clones_keep_the_base_rank():
    v = rulesdsl.load("penguin")
    g = v.new_game(3)
    g.play(sorted(notations(g))[0])
    base = g.state.base_rank
    d = g.position()
    assert d["base_rank"] == rulesdsl.core.cards.rank_text(base)
    assert rulesdsl.Game.from_position(v, json.loads(json.dumps(d))).state.base_rank == base
    assert rulesdsl.Game.from_position(v, to_text(v, g.state)).state == g.state
    c = g.clone()
    assert c.state.base_rank == base and c.state == g.state
    # a save: the start position and the moves
    save = json.loads(json.dumps(g.save()))
    again = rulesdsl.Game.load_save(v, save)
    assert again.state == g.state and again.state.base_rank == base
    assert again.start.base_rank == base


def test_the_key_of_a_state_includes_the_base_rank():
    v = rulesdsl.load("penguin")
    a = game("penguin", "base_rank: 5; tableau[0]: 9H")
    b = game("penguin", "base_rank: 6; tableau[0]: 9H")
    assert a.state.piles == b.state.piles and a.state != b.state and a.state.key() != b.state.key()
    assert hash(a.state.copy()) == hash(a.state) and a.state.copy().base_rank == 5
    assert v.new_game(1).state.key()[-1] == 7


@pytest.mark.parametrize(
    "text,message",
    [
        ("tableau[0]: 9H", "gives no base_rank"),  # penguin: must be given
        ("base_rank: 15; tableau[0]: 9H", "not a rank"),
        ("base_rank: X; tableau[0]: 9H", "not a rank"),
    ],
)
def test_bad_base_rank_in_a_position(text, message):
    with pytest.raises(PositionError, match=message):
        game("penguin", text)


def test_a_base_rank_for_a_variant_that_fixes_none_is_refused():
    with pytest.raises(PositionError, match="fixes no base rank"):
        game("freecell", "base_rank: 7; tableau[0]: 9H")
    v = rulesdsl.load("freecell")
    with pytest.raises(PositionError, match="fixes no base rank"):
        rulesdsl.Game.from_position(v, {"piles": {"tableau[0]": ["9H"]}, "base_rank": "7"})
    with pytest.raises(PositionError, match="rank as text"):
        rulesdsl.Game.from_position(rulesdsl.load("penguin"), {"piles": {}, "base_rank": 7})
    assert "base_rank" not in v.new_game(1).position()


def test_show_and_the_json_position_carry_it():
    out = subprocess.run(
        [sys.executable, "-m", "rulesdsl", "show", "penguin", "--seed", "1", "--json"], capture_output=True, text=True
    )
    assert json.loads(out.stdout)["base_rank"] == "7"
    out = subprocess.run(
        [sys.executable, "-m", "rulesdsl", "show", "penguin", "--seed", "1"], capture_output=True, text=True
    )
    assert "base rank 7" in out.stdout.splitlines()[0]


def test_the_generated_rules_tell_the_base_rank_and_take_steps():
    from rulesdsl.formats.describe import describe

    text = describe(rulesdsl.load("penguin"))
    assert "The rank of the bottom card of tableau[0] is the base rank of the game" in text
    assert "for which the rank of the card is the base rank goes face up" in text
    assert "(at most three cards)" in text
    assert "when the rank of the card moved is the rank before the base rank" in text


def test_the_generated_move_generator_reads_the_base_rank_of_each_game():
    # codegen.py reads st.base_rank at play time: one generated source serves every game
    from rulesdsl.engine import codegen
    from rulesdsl.lang.runtime import Env

    v = rulesdsl.load("penguin")
    assert "st.base_rank" in codegen.source(v)
    gen, ref = codegen.generated(v), codegen.reference(v)
    for base in ("5", "6", "A", "K"):
        g = game(
            "penguin",
            f"base_rank: {base}; tableau[1]: 4H; tableau[2]: 5S; tableau[3]: AD; "
            "tableau[4]: KC; tableau[5]: QH; foundation[0]: 4S",
        )
        st = g.state
        assert gen(st, Env(st)) == ref(st, Env(st))
        assert {m for m in notations(g) if m.endswith(">tableau[0]")} == {
            "5": {"4H@tableau[1]>tableau[0]"},
            "6": {"5S@tableau[2]>tableau[0]"},
            "A": {"KC@tableau[4]>tableau[0]"},
            "K": {"QH@tableau[5]>tableau[0]"},
        }[base]
