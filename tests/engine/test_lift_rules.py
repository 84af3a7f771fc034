"""keep and lift_when, the source-side rules (issue 22, feature 7), from small hand-made
positions: what the generator lists, in both engines (the closures, and the generated
generator unrolled and in loop mode), automatic moves (both applies), why a move is refused,
the rules text, and the loader's checks.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl.engine import codegen
from rulesdsl.formats.describe import rules_text
from rulesdsl.variant.loader import load_path
from tests.helpers import engines_agree, notations, pile

BASE = """\
name: Lifts
deck: {{ranks: [A, 2, 3, 4, 5, 6]}}
piles:
  stock: {{role: stock}}
  foundation:
    count: 4
    role: foundation
    accept_empty: "run.size == 1 and card.rank == A"
    accept: "run.size == 1 and card.suit == dest.top.suit and card.rank == dest.top.rank + 1"
  tableau:
    count: 4
    role: tableau
    lift: run
{extra}
    accept: "card.rank == dest.top.rank - 1"
    accept_empty: "true"
deal:
  - shuffle
  - {{to: tableau, count: 5}}
  - {{rest: "stock[0]"}}
actions:
  deal: {{kind: deal, from: "stock[0]", to: tableau}}
{auto}
win: "all(f in foundation: f.size == 6)"
"""


def variant(tmp_path, extra: str, auto: str = "", name: str = "lifts"):
    path = tmp_path / f"{name}.yaml"
    path.write_text(BASE.format(extra=extra, auto=auto), encoding="utf-8")
    return load_path(path)


def position(v, text):
    return rulesdsl.Game.from_position(v, text)


KEEP = '    sequence: "b.rank == a.rank - 1"\n    keep: 1'
LIFT_WHEN = '    sequence: "b.rank == a.rank - 1"\n    lift_when: "run.size == 1 or source.empty"'


def test_keep_leaves_the_bottom_card(tmp_path):
    v = variant(tmp_path, KEEP)
    g = position(v, "tableau[0]: 6S 5S 4S; tableau[1]: 6H; tableau[2]: 5H")
    got = notations(g)
    assert {"4S@tableau[0]>tableau[2]", "5S@tableau[0]>tableau[1]", "5S@tableau[0]>tableau[3]"} <= got
    assert not any(m.startswith(("6S@", "6H@", "5H@")) for m in got)  # kept cards never move, even to a gap
    g.play("5S@tableau[0]>tableau[1]")
    assert pile(g, "tableau[0]") == ["6S"]
    with pytest.raises(rulesdsl.MoveError, match="never leave"):
        g.play("6S@tableau[0]>tableau[3]")


def test_lift_when_top_card_or_whole_pile(tmp_path):
    v = variant(tmp_path, LIFT_WHEN)
    g = position(v, "tableau[0]: 6S 5S 4S; tableau[1]: 6H; tableau[2]: 5H; tableau[3]: 2C")
    got = notations(g)
    assert "4S@tableau[0]>tableau[2]" in got  # the top card
    assert "5S@tableau[0]>tableau[1]" not in got  # two of three: neither top card nor whole pile
    assert "5H@tableau[2]>tableau[1]" in got  # the whole pile (of one card)
    with pytest.raises(rulesdsl.MoveError, match="may not leave tableau\\[0\\]"):
        g.play("5S@tableau[0]>tableau[1]")
    g.play("4S@tableau[0]>tableau[2]")
    assert "5H@tableau[2]>tableau[1]" in notations(g)  # 5H 4S: the whole pile again


@pytest.mark.parametrize("extra", [KEEP, LIFT_WHEN, '    keep: 2\n    lift_when: "card.rank != 3"'])
@pytest.mark.parametrize("loop", [False, True], ids=["unrolled", "loop"])
def test_both_engines_list_the_same_moves(tmp_path, monkeypatch, extra, loop):
    if loop:
        monkeypatch.setattr(codegen, "MAX_GENERATED_PAIRS", -1)
    v = variant(tmp_path, extra)
    assert engines_agree(v) > 50


AUTO = """auto:
  - {move: tableau, to: foundation}"""


@pytest.mark.parametrize("extra", [KEEP, '    lift_when: "card.rank != 2"'])
def test_automatic_moves_respect_them_in_both_applies(tmp_path, monkeypatch, extra):
    text = "tableau[0]: AS; tableau[1]: 6C 2S; tableau[2]: 5H; tableau[3]: 6D 4H"
    results = []
    for engine in ("closures", "generated"):
        monkeypatch.setenv("RULESDSL_ENGINE", engine)
        v = variant(tmp_path, extra, AUTO, name=f"auto_{engine}")
        g = position(v, text)
        g.play("4H@tableau[3]>tableau[2]")
        results.append([pile(g, f"foundation[{i}]") for i in range(4)] + [pile(g, f"tableau[{i}]") for i in range(4)])
        g.undo()
        assert pile(g, "tableau[0]") == ["AS"] and pile(g, "tableau[1]") == ["6C", "2S"]
        assert pile(g, "tableau[3]") == ["6D", "4H"]
    assert results[0] == results[1]
    # keep: 1 holds the lone AS; lift_when card.rank != 2 lets the AS go up but holds the 2S
    assert results[0][0] == ([] if "keep" in extra else ["AS"])
    assert results[0][5] == ["6C", "2S"]


def test_the_rules_text_says_them(tmp_path):
    text = rules_text(variant(tmp_path, '    keep: 1\n    lift_when: "run.size == 1 or source.empty"'))
    assert "Its bottom card never leaves it." in text
    assert "Cards may leave it only when" in text and "the pile is empty" in text


def test_keep_or_lift_when_on_a_pile_that_lifts_nothing_is_p325(tmp_path):
    path = tmp_path / "p325.yaml"
    path.write_text(BASE.format(extra="    keep: 1", auto="").replace("lift: run", "lift: none"), encoding="utf-8")
    found = [(d.code, d.line) for d in rulesdsl.check(path) if d.severity == "error"]
    assert found == [("P325", 14)]


def test_lift_when_sees_no_destination(tmp_path):
    path = tmp_path / "e201.yaml"
    path.write_text(BASE.format(extra='    lift_when: "dest.empty"', auto=""), encoding="utf-8")
    found = [(d.code, d.line, d.column) for d in rulesdsl.check(path) if d.severity == "error"]
    assert found == [("E201", 14, 17)]
