"""Hostile expressions through the command line: deep chains of every operator in every
place an expression may stand, params that square themselves, huge numbers anywhere.

Each probe runs `python -m rulesdsl` in a child process under tests/hostile.py's limits
(2 GiB, a wall clock): exit 1 or 2, no traceback, FILE:LINE:COL. A deep chain is put in all
16 slots of one file at once (the loader reports every slot), so one probe covers every
slot. CI runs `check` on every operator, and `moves` and `show` on a few; set
RULESDSL_HOSTILE_ALL=1 to run `moves` and `show` on every operator too. The generated
expressions of tests/exprgen.py run in-process at the end (RULESDSL_EXPR_FUZZ_EXAMPLES, 48
by default; bench/fuzz_expressions.py runs 10,000).
"""

from __future__ import annotations

import os
import random
import re

import pytest

import rulesdsl
from rulesdsl.core.errors import RulesError
from rulesdsl.core.limits import MAX_INT
from rulesdsl.lang.parser import ExprSyntaxError, parse
from tests import exprgen
from tests.hostile import assert_refused, probe

ALL = bool(os.environ.get("RULESDSL_HOSTILE_ALL"))
EXAMPLES = int(os.environ.get("RULESDSL_EXPR_FUZZ_EXAMPLES", "48"))

# Deep chains, each well inside the 2,000-character limit and far over 48 levels. Operators
# that need brackets to nest (calls, quantifiers, lists, comparisons) are mixed with unary
# ones, so the depth is reached at 20 brackets, under the bracket limit of 24.
DEEP = {
    "plus": "1" + " + 1" * 400,
    "minus": "1" + " - 1" * 400,
    "times": "1" + " * 1" * 400,
    "divide": "1" + " / 1" * 400,
    "modulo": "1" + " % 1" * 400,
    "power": "1" + " ** 1" * 330,
    "negate": "- " * 900 + "1",
    "not": "not " * 450 + "true",
    "compare": "1 == - - - (" * 20 + "1" + ")" * 20,
    "member": "1 in [not not not " * 20 + "true" + "]" * 20,
    "conditional": "1 if true else " * 130 + "1",
    "attribute": "tableau[0]" + ".next" * 380 + ".size",
    "index": "tableau" + "[0]" * 600,
    "call": "abs(- - - - - " * 20 + "1" + ")" * 20,
    "quantifier": "any(x in tableau: not not not " * 20 + "true" + ")" * 20,
    "list": "[- - - - - " * 20 + "1" + "]" * 20,
    "brackets": "(" * 30 + "1" + ")" * 30,
}
COMMANDS = ["moves", "show"]
SAMPLED = ("plus", "not", "call")  # moves and show in CI; every operator with ALL=1


def _write(tmp_path, name, text):
    path = tmp_path / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def _deep_files(tmp_path, name, text):
    """Two files: every slot but count deep (the loader reports each), and count deep (a
    group's count comes first and stops the build, so it gets a file of its own)."""
    others = {s: text for s in exprgen.SLOTS if s != "count"}
    return (
        _write(tmp_path, f"{name}-slots", exprgen.variant(**others)),
        _write(tmp_path, f"{name}-count", exprgen.variant("count", text)),
    )


def test_every_slot_is_in_the_base_variant(tmp_path):
    """The base variant is valid, and each of the 16 slots is a separate line of it."""
    assert len(exprgen.SLOTS) == 16
    assert len({exprgen.line_of(s) for s in exprgen.SLOTS}) == 16
    path = _write(tmp_path, "base", exprgen.variant())
    assert [d.render() for d in rulesdsl.check(path)] == []


def test_deep_chain_of_every_operator_in_every_slot_is_refused_by_check(tmp_path):
    """One probe: 34 files, each operator's chain in all 16 slots; an E106 on every slot's line."""
    files = {}
    for name, text in DEEP.items():
        assert len(text) <= 2000
        files[name] = _deep_files(tmp_path, name, text)
    r = probe("check", "--play", "0", *[p for pair in files.values() for p in pair], timeout=120)
    assert_refused(r, codes=(1,))
    found = _codes_by_file(r)
    for name, (slots, count) in files.items():
        assert {line for line, code in found[slots.name] if code == "E106"} == {
            exprgen.line_of(s) for s in exprgen.SLOTS if s != "count"
        }, (name, found[slots.name])
        # a group's count is at most 200 characters (S103), checked before it is parsed
        assert {line for line, code in found[count.name] if code in ("E106", "S103")} == {exprgen.line_of("count")}, (
            name,
            found[count.name],
        )


def _codes_by_file(result) -> dict:
    """file name -> [(line, code)] from the FILE:LINE:COL: CODE lines of a check's output
    (read line by line: the echoed source lines are long)."""
    out: dict = {}
    for line in result.text.splitlines():
        m = HEADER.match(line)
        if m:
            out.setdefault(m.group(1).rsplit("/", 1)[-1], []).append((int(m.group(2)), m.group(3)))
    return out


HEADER = re.compile(r"([^\s:]+):(\d+):\d+: ([A-Z]\d{3}) ")


@pytest.mark.parametrize("name", sorted(DEEP) if ALL else SAMPLED)
def test_deep_chain_is_refused_by_moves_and_show(tmp_path, name):
    slots, count = _deep_files(tmp_path, name, DEEP[name])
    for command, path in (
        ((c, p) for c in COMMANDS for p in (slots, count)) if ALL else (("moves", slots), ("show", count))
    ):
        r = probe(command, path)
        assert_refused(r, codes=(2,))
        # a group's count is at most 200 characters (S103), checked before it is parsed
        assert " E106 " in r.text or path is count and " S103 " in r.text and "200 characters" in r.text


@pytest.mark.parametrize("name", sorted(DEEP))
def test_depth_is_measured_before_any_recursion(name):
    """In-process, under a recursion limit far below the chain's length: still E106."""
    import sys

    old = sys.getrecursionlimit()
    sys.setrecursionlimit(250)
    try:
        with pytest.raises(ExprSyntaxError) as info:
            parse(DEEP[name])
    finally:
        sys.setrecursionlimit(old)
    assert info.value.code == "E106" and 1 <= info.value.col <= len(DEEP[name])


def test_long_and_or_chains_are_flat_and_play(tmp_path):
    """100 conditions joined by 'and' (or 'or') are one level deep: they load and evaluate."""
    path = _write(
        tmp_path,
        "and",
        exprgen.variant(
            "accept_empty", " and ".join(["card.rank > 0"] * 100), win=" or ".join(["tableau[0].empty"] * 90)
        ),
    )
    g = rulesdsl.load_path(path).new_game(1)
    assert g.legal_moves() and g.won is False


def test_deep_file_in_the_variants_search_path_leaves_list_standing(tmp_path, monkeypatch):
    """RULESDSL_VARIANTS names the folder `list` reads; a deep file there is one BROKEN line."""
    (tmp_path / "good.yaml").write_text(exprgen.variant(), encoding="utf-8")
    (tmp_path / "deep.yaml").write_text(exprgen.variant("win", DEEP["plus"]), encoding="utf-8")
    monkeypatch.setenv("RULESDSL_VARIANTS", str(tmp_path))
    r = probe("list")
    assert "Traceback" not in r.text and r.code == 0, r.text[-2000:]
    assert re.search(r"^deep\s+BROKEN: .*deep\.yaml:\d+:\d+: E106 ", r.out, re.M), r.out
    assert re.search(r"^good\s+(\[[^]]*\]\s+)?Every place", r.out, re.M), r.out
    assert_refused(probe("moves", "deep"), codes=(2,))


# -- cost across params and options ----------------------------------------------------------------


def _squares(start, count=25):
    lines = [f'p0: "{start}"'] + [f'p{i}: "p{i - 1} * p{i - 1}"' for i in range(1, count + 1)]
    return "\n  ".join(lines)


def test_twenty_five_squared_params_saturate_at_a_bounded_cost(tmp_path):
    """p25 is p0 ** (2 ** 25): each square saturates at MAX_INT, never computed in full, so
    every file loads at once, and p25 is the range's end in the rules (a tableau of 2)."""
    starts = {"two": "2", "thousand": "1000", "option": "n", "million": "1000000"}
    paths = [
        _write(
            tmp_path,
            f"squares-{k}",
            exprgen.variant(count=f"p25 / 1000000 - {MAX_INT // 1000000 - 2}").replace(
                "params:\n  p: ", "params:\n  " + _squares(v) + "\n  p: "
            ),
        )
        for k, v in starts.items()
    ]
    r = probe("check", "--play", "0", *paths, timeout=30)
    assert "Traceback" not in r.text and "Exceeds the limit" not in r.text
    assert not [c for codes in _codes_by_file(r).values() for _, c in codes if c[0] != "W"], r.text[-3000:]
    for path in paths:
        assert rulesdsl.load_path(path).layout.groups["tableau"].count == 2


@pytest.mark.parametrize("value", ["9" * 5000, "-" + "9" * 5000, str(MAX_INT + 1)])
def test_huge_option_values_are_refused_shortly(tmp_path, value):
    path = _write(tmp_path, "opt", exprgen.variant().replace("n: {default: 3, min: 1, max: 9}", "n: {default: 3}"))
    r = probe("show", path, "--option", f"n={value}")
    assert_refused(r, codes=(2,))
    assert " O402 " in r.text and "Exceeds the limit" not in r.text
    assert len(r.text) < 2000, r.text[:3000]  # the 5,000 digits are not echoed


def test_option_values_just_inside_the_range_load_and_fold(tmp_path):
    path = _write(
        tmp_path,
        "opt",
        exprgen.variant("params", "n * 1", count="7", action_limit="n").replace(
            "n: {default: 3, min: 1, max: 9}", "n: {default: 3}"
        ),
    )
    v = rulesdsl.load_path(path, {"n": str(MAX_INT)})
    assert v.options["n"] == MAX_INT
    with pytest.raises(RulesError) as info:
        rulesdsl.load_path(path, {"n": str(MAX_INT + 1)})
    assert info.value.first.code == "O402"
    path.write_text(path.read_text().replace('p: "n * 1"', 'p: "n + 1"').replace('count: "7"', 'count: "p - n + 7"'))
    v = rulesdsl.load_path(path, {"n": str(MAX_INT)})  # n + 1 saturates at n: 7 piles
    assert v.layout.groups["tableau"].count == 7


def test_five_thousand_digit_numbers_get_the_languages_own_message(tmp_path):
    digits = "7" * 5000
    cases = {  # name -> (file text, the code of the language's message)
        "expression": (exprgen.variant("score", "1 + " + digits[:1990]), "E107"),
        "yaml": (exprgen.variant().replace('score: "sum(f in foundation: f.size)"', "score: " + digits), "E108"),
        "option": (exprgen.variant().replace("default: 3, min: 1, max: 9", "default: " + digits), "E108"),
    }
    paths = {name: _write(tmp_path, f"digits-{name}", text) for name, (text, _) in cases.items()}
    r = probe("check", "--play", "0", *paths.values())
    assert_refused(r, codes=(1,))
    assert "Exceeds the limit" not in r.text
    for name, (_, code) in cases.items():
        first = next(line for line in r.text.splitlines() if paths[name].name in line)
        assert f" {code} " in first and "digits)" in first and len(first) < 300, first


def test_every_result_stays_in_the_integer_range_at_play_time():
    """Whatever the operands, + - * ** and sum give a number in range or none."""
    from tests.lang.test_expressions import ev

    rng = random.Random(3)
    for _ in range(40):
        a, b = rng.choice([0, 1, 3, 7, 1000, 65536, 1000000]), rng.choice([0, 1, 2, 3, 31, 64])
        for op in ("+", "-", "*", "**", "/", "%"):
            value = ev(f"((tableau[0].size * 0 + {a}) * 1000) {op} {b}")
            assert value is None or -MAX_INT <= value <= MAX_INT


# -- generated expressions in every slot --------------------------------------------------------


def test_generated_expressions_in_every_slot(tmp_path):
    """Mostly valid expressions from the grammar, in each of the 16 slots: each file is
    checked and loaded, and played a few moves when it loads; nothing but diagnostics."""
    outcome = {"loaded": 0, "refused": 0}
    for slot, text in exprgen.cases(EXAMPLES, seed=int(os.environ.get("RULESDSL_EXPR_FUZZ_SEED", "0"))):
        result, _ = exprgen.run_case(slot, text, tmp_path / "v.yaml", moves=6)
        outcome[result] += 1
    assert outcome["loaded"] >= EXAMPLES // 3, outcome  # mostly valid, really


def test_indexing_a_constant_none_list_folds_to_none(tmp_path):
    """Found by bench/fuzz_expressions.py: a constant list that is none (the cards of the
    last pile covering a pile that nothing covers) indexed by a constant gave a TypeError."""
    from tests.lang.test_expressions import ev

    assert ev("stock[0].covered_by.last.cards[1].rank") is None
    text = "used('draw') + foundation[0].top.copy + stock[0].covered_by.last.cards[1].rank"
    assert exprgen.run_case("removal_points", text, tmp_path / "v.yaml")[0] == "loaded"
