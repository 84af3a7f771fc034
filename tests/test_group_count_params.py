"""A group's count is an expression over the options and the params (issue 10, item 14)."""

from __future__ import annotations

import textwrap

import pytest

import rulesdsl

VARIANT = """\
    name: Counted
    description: a test
    options:
      extra: {{values: [0, 1, 2], default: 1}}
    params:
      p: "extra * 2"
      q: "p + 1"
      r: "len(stock)"
    deck: {{}}
    piles:
      stock: {{role: stock}}
      tableau:
        count: "{count}"
        role: tableau
        lift: top
    deal:
      - shuffle
      - {{to: tableau, count: 1}}
      - {{rest: "stock[0]"}}
    win: "stock.size == 0"
"""


def _write(tmp_path, count):
    p = tmp_path / "counted.yaml"
    p.write_text(textwrap.dedent(VARIANT.format(count=count)), encoding="utf-8")
    return p


@pytest.mark.parametrize("count,extra,piles", [("p + 3", 1, 5), ("p + 3", 2, 7), ("q", 0, 1), ("q + extra", 2, 7)])
def test_count_reads_params(tmp_path, count, extra, piles):
    v = rulesdsl.load(_write(tmp_path, count), {"extra": extra})
    assert v.layout.groups["tableau"].count == piles


def test_a_param_that_reads_the_piles_is_not_seen_by_a_count(tmp_path):
    diags = rulesdsl.check(_write(tmp_path, "r + 1"))
    codes = [d.code for d in diags if d.severity == "error"]
    assert "E201" in codes, diags
    d = next(d for d in diags if d.code == "E201")
    assert (d.line, d.column) == (13, 13)
