"""A corpus of broken variant files (tests/broken/core_*.yaml), each with one defect.

Most are the small variant BASE below with one change (the first line of each file says
which); rulesdsl.check must report exactly one diagnostic, with its code, file, line and
column (lines and columns from 1; a column inside an expression is counted in the file).
"""

from __future__ import annotations

from pathlib import Path

import pytest

import rulesdsl

BROKEN = Path(__file__).resolve().parents[1] / "broken"

BASE = """\
# A small valid variant: the broken files each change one thing in it.
name: Mini
deck:
  ranks: [A, 2, 3, 4]
piles:
  stock: {role: stock}
  waste: {role: waste, lift: top}
  foundation:
    count: 4
    accept_empty: "card.rank == A"
    accept: "card.suit == dest.top.suit and card.rank == dest.top.rank + 1"
  tableau:
    count: 2
    lift: top
    accept: "card.rank == dest.top.rank - 1"
deal:
  - shuffle
  - {to: tableau, count: 2, up: 1}
  - {rest: "stock[0]"}
actions:
  draw: {kind: deal, from: "stock[0]", to: "waste[0]"}
win: "all(f in foundation: f.size == 4)"
"""

# file (without core_ and .yaml) -> (code, line, column, fragment of the message or hint[, file])
CASES = {
    # YAML itself
    "yaml_syntax": ("Y001", 2, 11, "YAML syntax"),
    "duplicate_key": ("Y006", 15, 5, "duplicate key 'count'"),
    # structure
    "unknown_key": ("S101", 15, 5, "did you mean 'accept'?"),
    "unknown_top_key": ("S101", 3, 1, "did you mean 'description'?"),
    "missing_key": ("S102", 2, 1, "missing the required key 'win'"),
    "wrong_type": ("S103", 14, 15, "must be a whole number, not text"),
    "out_of_range": ("S104", 9, 12, "must be between 1 and 200, not 0"),
    "bad_enum": ("S105", 14, 11, "did you mean 'run'?"),
    # expression syntax: the column is the offending character's, in the file
    "expr_character": ("E101", 10, 30, "unexpected character '='"),
    "expr_block": ("E102", 23, 33, "ends too early"),  # in a '|' block, on the next line
    "expr_token": ("E103", 15, 41, "unexpected '1'"),
    "expr_number": ("E107", 22, 38, "larger than 1000000"),
    # expression meaning
    "unknown_name": ("E201", 15, 27, "did you mean 'dest'?"),
    "unknown_attribute": ("E202", 11, 19, "did you mean 'suit'?"),
    "type_error": ("E203", 10, 28, "cannot compare a card with a number"),
    "nested_quantifier": ("E207", 22, 37, "must range over something of the outer variable"),
    "wrong_result": ("E208", 22, 7, "gives a number, but a true/false condition"),
    "used_unknown": ("E212", 21, 73, "one of: 'draw'"),
    "params_not_const": ("E213", 4, 9, "computable from the options alone"),
    # piles, deal, options
    "unknown_pile": ("P305", 19, 12, "did you mean 'stock'?"),
    "pile_index": ("P305", 21, 44, "group 'waste' has 1 pile(s)"),
    "deal_too_few": ("D501", 16, 1, "leaves 12 of the 16 cards undealt"),
    "deal_too_many": ("D502", 18, 5, "needs 18 cards but the deck has 16"),
    "place_not_in_deck": ("D503", 17, 31, "'K' is not a rank of this deck"),
    "option_default": ("O403", 6, 14, "the default 2 is not one of its values"),
    # extends
    "extends_cycle_a": ("X701", 3, 10, "extends cycle", "core_extends_cycle_b.yaml"),
    "extends_cycle_b": ("X701", 2, 10, "extends cycle", "core_extends_cycle_a.yaml"),
    "extends_missing": ("X703", 3, 10, "no such variant or file"),
    "extends_klondike": ("E202", 6, 54, "did you mean 'color'?"),
}


def test_base_is_valid(tmp_path):
    path = tmp_path / "mini.yaml"
    path.write_text(BASE)
    assert rulesdsl.check(path) == []
    g = rulesdsl.load_path(path).new_game(1)
    assert g.state.card_count() == 16


def test_corpus_is_complete():
    files = {p.stem[len("core_") :] for p in BROKEN.glob("core_*.yaml")}
    assert files == set(CASES)
    assert len(CASES) >= 20


@pytest.mark.parametrize("name", sorted(CASES))
def test_broken_file(name):
    code, line, column, fragment, *where = CASES[name]
    path = BROKEN / f"core_{name}.yaml"
    found = rulesdsl.check(path)
    got = [(d.code, d.line, d.column, Path(d.file).name) for d in found]
    assert got == [(code, line, column, where[0] if where else path.name)], "\n".join(d.render() for d in found)
    d = found[0]
    assert d.severity == "error"
    assert fragment in d.message + " " + (d.hint or "")
    # the caret line is the file's own line
    owner = BROKEN / Path(d.file).name
    assert d.source_line == owner.read_text().splitlines()[line - 1]
    # and loading fails with the same diagnostic
    with pytest.raises(rulesdsl.RulesError) as info:
        rulesdsl.load_path(path)
    assert info.value.first.code == code
    assert f":{line}:{column}: {code} " in info.value.first.render()


@pytest.mark.parametrize("name", sorted(n for n in CASES if not n.startswith(("extends", "yaml"))))
def test_one_change_from_base(name):
    """Each file is BASE with one local change: the lines they share are all but a few."""
    text = (BROKEN / f"core_{name}.yaml").read_text().splitlines()[1:]
    base = BASE.splitlines()[1:]
    shared = len(set(text) & set(base))
    assert shared >= len(base) - 1
    assert len(text) - shared <= 5


@pytest.mark.parametrize(
    "win,line,column",
    [
        ('win: "sum(f in foundation: f.size)"', 22, 7),  # column 1 of a quoted expression
        ("win: 'sum(f in foundation: f.size)'", 22, 7),
        ("win: |\n  sum(f in foundation: f.size)", 23, 3),  # a block: the next line, its first character
        ("win:   len(tableau) + 1", 22, 8),  # plain
    ],
)
def test_expression_column_one_points_at_its_first_character(tmp_path, win, line, column):
    path = tmp_path / "col1.yaml"
    path.write_text(BASE.replace('win: "all(f in foundation: f.size == 4)"', win))
    found = rulesdsl.check(path)
    assert [(d.code, d.line, d.column) for d in found] == [("E208", line, column)]
