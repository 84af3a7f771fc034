"""The history in expressions (docs/expressions.md, "History"): points, last and streak.

Their types, none before the first move, what each move and automatic move records, undo,
redo, clone, saves, positions (JSON and compact text) and State.key(); the variants that do
not read them record nothing.
"""

from __future__ import annotations

import json

import pytest

import rulesdsl
from rulesdsl import Game, PositionError, RulesError
from rulesdsl.formats import position as pos

PROBE = """\
name: History probe
description: reads the history in its score
piles:
  stock: {role: stock}
  waste: {role: waste, lift: top}
  foundation:
    count: 4
    role: foundation
    accept_empty: "card.rank == A"
    accept: "card.suit == dest.top.suit and card.rank == dest.top.rank + 1"
    points: "10"
  tableau:
    count: 3
    role: tableau
    lift: top
    accept: "card.rank == dest.top.rank - 1"
    accept_empty: "true"
deal:
  - shuffle
  - {to: tableau, count: 1}
  - {rest: "stock[0]"}
actions:
  draw: {kind: deal, from: "stock[0]", to: "waste[0]"}
  back: {kind: recycle, from: "waste[0]", to: "stock[0]"}
auto:
  - {move: waste, to: foundation, when: "card.rank == A"}
win: "all(f in foundation: f.size == 13)"
score: SCORE
"""


def probe(tmp_path, score: str = "0", name: str = "probe"):
    path = tmp_path / f"{name}.yaml"
    path.write_text(PROBE.replace("SCORE", json.dumps(score)), encoding="utf-8")
    return rulesdsl.load(path)


def extra(g) -> int:
    """The value of the variant's score expression (the score less the event points)."""
    return g.score - g.state.points


# -- types and where the names are seen ------------------------------------------------------


@pytest.mark.parametrize(
    ("score", "code"),
    [
        ("last + 1", "E203"),  # a move is not a number
        ("last.top", "E202"),  # a move has kind, name, source, dest
        ("streak == 'x'", "E203"),
        ("points == last", "E203"),
        ("last.dest.size + streak + points + (1 if last.kind == 'action' else 0)", None),
        ("1 if last.source == tableau[0] and last.name == 'draw' else 0", None),
        ("1 if last.kind == 'moves' else 0", "E241"),
        ("1 if last.name == 'drew' else 0", "E242"),
    ],
)
def test_types_are_checked(tmp_path, score, code):
    if code is None:
        probe(tmp_path, score)
        return
    with pytest.raises(RulesError) as info:
        probe(tmp_path, score)
    assert info.value.diagnostics[0].code == code


def test_no_history_before_any_move_is_played(tmp_path):
    path = tmp_path / "early.yaml"
    path.write_text(
        PROBE.replace("SCORE", "0").replace(
            "  - {to: tableau, count: 1}\n", '  - {to: tableau, count: 1}\n  - {remove: "streak > 0"}\n'
        )
    )
    with pytest.raises(RulesError) as info:
        rulesdsl.load(path)
    assert info.value.diagnostics[0].code == "E240"
    path.write_text("params:\n  p: 'points + 1'\n" + PROBE.replace("SCORE", "0"))
    with pytest.raises(RulesError) as info:
        rulesdsl.load(path)
    assert "E240" in {d.code for d in info.value.diagnostics}


def test_an_option_named_like_the_history_is_warned_about(tmp_path):
    path = tmp_path / "hides.yaml"
    path.write_text("options:\n  streak: {values: [1, 2], default: 1}\n" + PROBE.replace("SCORE", "streak"))
    assert "O408" in {d.code for d in rulesdsl.check(str(path))}


# -- what moves record --------------------------------------------------------------------------


def test_none_and_zero_before_the_first_move(tmp_path):
    v = probe(
        tmp_path,
        "1 if last == none and last.dest == none and last.kind == none "
        "and last.name == none and streak == 0 and points == 0 else 0",
    )
    g = v.new_game(1)
    assert extra(g) == 1
    assert g.state.last == 0 and g.state.streak == 0
    assert "last" not in g.position() and "streak" not in g.position()


def test_a_card_move_an_action_and_a_streak(tmp_path):
    v = probe(tmp_path, "(0 if last == none else 1000 * last.source.index + 100 * last.dest.index) + streak")
    g = Game.from_position(v, "tableau[0]: 5H; tableau[1]: 6S; stock[0]: 9C 8C 7C")
    g.play("draw")
    assert g.position()["last"] == {"kind": "action", "name": "draw"}
    assert extra(g) == 0 + 100 * 0 + 1  # stock[0] > waste[0]: indexes 0, 0; streak 1
    g.play("draw")
    g.play("draw")
    assert g.state.streak == 3  # three draws in a row
    g.play("5H@tableau[0]>tableau[1]")
    assert g.position()["last"] == {"kind": "move", "source": "tableau[0]", "dest": "tableau[1]"}
    assert g.position()["streak"] == 1  # another kind: the streak starts again
    assert extra(g) == 1000 * 0 + 100 * 1 + 1
    g.undo()
    assert g.state.streak == 3 and g.position()["last"]["name"] == "draw"


def test_card_moves_to_one_group_make_one_streak(tmp_path):
    v = probe(tmp_path, "streak")
    g = Game.from_position(v, "tableau[0]: 2H; tableau[1]: 3H; tableau[2]: 3S; stock[0]: #AH")
    g.play("2H@tableau[0]>tableau[2]")
    assert extra(g) == 1
    g.play("2H@tableau[2]>tableau[1]")  # any tableau pile: one kind, 'to tableau'
    assert extra(g) == 2
    g.play("draw")  # AH drawn, then played by the auto move
    last = g.position()["last"]
    assert last == {"kind": "move", "source": "waste[0]", "dest": "foundation[0]"}  # the auto move counts
    assert extra(g) == 1 and g.state.points == 10


def test_points_are_the_event_points_so_far(tmp_path):
    v = probe(tmp_path, "points * 2")
    g = Game.from_position(v, "tableau[0]: AH; tableau[1]: 2H; stock[0]: 9C")
    assert extra(g) == 0
    g.play("AH@tableau[0]>foundation[0]")
    assert g.state.points == 10 and extra(g) == 20
    g.play("2H@tableau[1]>foundation[0]")
    assert extra(g) == 40 and g.score == 60


def test_undo_redo_clone_and_save_keep_the_history(tmp_path):
    v = probe(tmp_path, "streak")
    g = v.new_game(3)
    seen = [(g.state.key(), g.state.last, g.state.streak)]
    for _ in range(12):
        moves = g.legal_moves()
        if not moves:
            break
        g.play(moves[-1] if len(seen) % 3 else moves[0])
        seen.append((g.state.key(), g.state.last, g.state.streak))
    assert any(s[2] > 1 for s in seen)
    c = g.clone()
    assert c.state == g.state and (c.state.last, c.state.streak) == (g.state.last, g.state.streak)
    again = Game.load_save(v, json.loads(json.dumps(g.save())))
    assert again.state.key() == g.state.key()
    for k in range(len(seen) - 1, 0, -1):
        assert (g.state.key(), g.state.last, g.state.streak) == seen[k]
        g.undo()
    assert (g.state.key(), g.state.last, g.state.streak) == seen[0]
    while g.redo():
        pass
    assert g.state.key() == seen[-1][0]


def test_the_history_is_part_of_the_key(tmp_path):
    v = probe(tmp_path, "streak")
    a = Game.from_position(v, "tableau[0]: 5H; tableau[1]: 6S; stock[0]: 9C")
    b = Game.from_position(v, "tableau[0]: 5H; tableau[1]: 6S; stock[0]: 9C; last: action draw; streak: 2")
    assert a.state.piles == b.state.piles and a.state != b.state


# -- positions ------------------------------------------------------------------------------------


def test_positions_round_trip_the_history(tmp_path):
    v = probe(tmp_path, "streak")
    text = "tableau[0]: 5H; tableau[1]: 6S; waste[0]: 9C; last: move tableau[2] tableau[1]; streak: 4"
    g = Game.from_position(v, text)
    assert g.position()["last"] == {"kind": "move", "source": "tableau[2]", "dest": "tableau[1]"}
    assert g.position()["streak"] == 4 and extra(g) == 4
    assert pos.from_text(v, pos.to_text(v, g.state)) == g.state
    assert "last: move tableau[2] tableau[1]" in pos.to_text(v, g.state)
    assert Game.from_position(v, json.loads(json.dumps(g.position()))).state == g.state
    g.play("draw") if g.state.piles[v.pile_index("stock[0]")] else g.play("back")
    assert pos.from_text(v, pos.to_text(v, g.state)) == g.state
    assert pos.from_dict(v, g.position()) == g.state


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("last: jump tableau[0] tableau[1]", "expected 'move SOURCE DEST'"),
        ("last: move tableau[0]", "expected 'move SOURCE DEST'"),
        ("last: move tableau[0] tableau[9]", "dest must name a pile"),
        ("last: action fly", "no action 'fly'"),
        ("last: action draw; streak: -1", "'streak' must be a whole number"),
        ("last: action draw; streak: 70000", "'streak' must be a whole number"),
        ("streak: 2", "give 'last' too"),
        ("streak: two", "streak: expected a whole number"),
    ],
)
def test_bad_history_in_a_position(tmp_path, text, says):
    v = probe(tmp_path, "streak")
    with pytest.raises(PositionError, match=says):
        Game.from_position(v, "tableau[0]: 5H; " + text)


def test_bad_history_in_json(tmp_path):
    v = probe(tmp_path, "streak")
    base = {"piles": {"tableau[0]": ["5H"]}}
    for last, says in (
        (["move"], "must be an object"),
        ({"kind": "remove", "name": "x"}, "no removal 'x'"),
        ({"kind": "move", "source": 3, "dest": "waste[0]"}, "source must name a pile"),
    ):
        with pytest.raises(PositionError, match=says):
            pos.from_dict(v, {**base, "last": last})
    with pytest.raises(PositionError, match="whole number"):
        pos.from_dict(v, {**base, "last": {"kind": "action", "name": "draw"}, "streak": True})


def test_variants_that_do_not_read_the_history_record_none():
    v = rulesdsl.load("klondike")
    assert v.history == frozenset() and not v.records_history
    g = v.new_game(5)
    for _ in range(6):
        g.play(g.legal_moves()[-1])
    assert g.state.last == 0 and g.state.streak == 0
    assert "last" not in g.position() and "last:" not in pos.to_text(v, g.state)
    with pytest.raises(PositionError, match="never read the moves played"):
        Game.from_position(v, "tableau[0]: KH; last: action draw")


def test_reading_points_alone_records_no_moves(tmp_path):
    v = probe(tmp_path, "points")
    assert v.history == frozenset({"points"}) and not v.records_history
    assert v.history_in_play == frozenset()  # only the score reads it: no rule of play
    g = Game.from_position(v, "tableau[0]: 5H; tableau[1]: 6S; stock[0]: 9C")
    g.play("draw")
    assert g.state.last == 0


# -- auto: flip with a condition on the pile ------------------------------------------------------

FLIPS = (
    PROBE.replace("SCORE", "0")
    .replace("  - {to: tableau, count: 1}\n", "  - {to: tableau, count: 2, up: 1}\n")
    .replace("auto:\n", "auto:\n  - {flip: tableau, when: WHEN}\n")
)


def test_a_flip_turns_up_only_the_piles_its_condition_names(tmp_path):
    path = tmp_path / "flips.yaml"
    path.write_text(FLIPS.replace("WHEN", json.dumps("pile.index == last.source.index")))
    v = rulesdsl.load(path)
    g = Game.from_position(v, "tableau[0]: #9C 5H; tableau[1]: #9D 6S; tableau[2]: #9S 4D; stock[0]: #2C")
    g.play("5H@tableau[0]>tableau[1]")
    assert g.position()["piles"]["tableau[0]"] == ["9C"]  # the pile the card came from
    g.play("4D@tableau[2]>tableau[1]")
    assert g.position()["piles"]["tableau[2]"] == ["9S"]
    g.undo()
    assert g.position()["piles"]["tableau[2]"] == ["#9S", "4D"]
    path.write_text(FLIPS.replace("WHEN", json.dumps("pile.index == 2")))
    g = Game.from_position(rulesdsl.load(path), "tableau[0]: #9C 5H; tableau[1]: #9D 6S; stock[0]: #2C")
    g.play("5H@tableau[0]>tableau[1]")
    assert g.position()["piles"]["tableau[0]"] == ["#9C"]  # not pile 2: it stays face down


def test_a_flip_condition_is_checked_as_a_pile_rule(tmp_path):
    path = tmp_path / "flips.yaml"
    path.write_text(FLIPS.replace("WHEN", json.dumps("card.rank == 3")))
    with pytest.raises(RulesError) as info:
        rulesdsl.load(path)
    assert info.value.diagnostics[0].code == "E201"  # a flip's rule sees pile, not card
    path.write_text(FLIPS.replace("{flip: tableau, when: WHEN}", "{flip: tableau, to: foundation}"))
    with pytest.raises(RulesError) as info:
        rulesdsl.load(path)
    assert info.value.diagnostics[0].code == "A611"  # 'to' still belongs to moves only


def test_a_streak_stops_at_its_limit_and_undoes_exactly(tmp_path):
    from rulesdsl.core.limits import MAX_STREAK

    v = probe(tmp_path, "streak")
    g = Game.from_position(v, f"tableau[0]: 5H; stock[0]: #9C #8C; last: action draw; streak: {MAX_STREAK}")
    g.play("draw")
    assert g.state.streak == MAX_STREAK
    g.undo()
    assert g.state.streak == MAX_STREAK and g.position()["last"] == {"kind": "action", "name": "draw"}
