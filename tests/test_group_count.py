"""General loader features: a pile group's count computed from the options, and the
position-reading functions tops()/cards() applied to a whole group (never folded away)."""

from __future__ import annotations

import textwrap

import pytest

import rulesdsl

BASE = """
name: Count test
options:
  n:
    values: [1, 2, 4]
    default: 2
deck: {{ranks: [A, 2, 3, 4]}}
piles:
  stock: {{count: 1, role: stock}}
  row:
    count: {count}
    lift: top
    accept_empty: "true"
deal:
  - shuffle
  - {{rest: "stock[0]"}}
actions:
  draw: {{kind: deal, from: "stock[0]", to: row}}
win: "{win}"
"""


def write(tmp_path, count="n", win="len(tops(row)) == 0"):
    path = tmp_path / "count.yaml"
    path.write_text(textwrap.dedent(BASE.format(count=count, win=win)))
    return path


@pytest.mark.parametrize("n", [1, 2, 4])
def test_count_follows_an_option(tmp_path, n):
    v = rulesdsl.load_path(write(tmp_path), {"n": n})
    assert [name for name in v.layout.pile_names if name.startswith("row")] == [f"row[{i}]" for i in range(n)]
    g = v.new_game(3)
    g.play("draw")  # one card onto each pile of the group
    assert [len(g.state.piles[v.pile_index(f"row[{i}]")]) for i in range(n)] == [1] * n


def test_count_expression_with_arithmetic(tmp_path):
    v = rulesdsl.load_path(write(tmp_path, count='"n * 2 + 1"'), {"n": 4})
    assert v.layout.groups["row"].count == 9


@pytest.mark.parametrize(
    "count,code",
    [
        ('"n == 2"', "E208"),  # a condition, not a number
        ('"stock"', "E201"),  # no pile is known when counts are computed
        ('"n * 101"', "S104"),  # 202 with the default option: out of range
        ('"n - 3"', "S104"),  # -1 piles (0 is a group of none: docs/variant-format.md)
        ('"n +"', "E1"),  # a syntax error
        ('"m"', "E201"),  # unknown name
        ("0", "S104"),
        ("true", "S103"),
    ],
)
def test_bad_counts_are_reported(tmp_path, count, code):
    diags = rulesdsl.check(write(tmp_path, count=count))
    errors = [d for d in diags if d.severity == "error"]
    assert errors and errors[0].code.startswith(code), [str(d) for d in errors]
    assert errors[0].line == 11  # the count line


def test_tops_of_a_group_reads_the_position(tmp_path):
    v = rulesdsl.load_path(write(tmp_path, win="len(tops(row)) == 2 and len(cards(row)) == 2"))
    g = v.new_game(1)
    assert not g.won
    g.play("draw")
    assert g.won
    g.undo()
    assert not g.won
