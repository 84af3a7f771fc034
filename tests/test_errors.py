"""One exception family: every error rulesdsl raises on purpose is a RulesdslError, move text
gets one of three distinct errors, and the command line maps each class to its exit code
(an internal error says it is one, exit 70)."""

import io
import json
from contextlib import redirect_stderr, redirect_stdout

import pytest

import rulesdsl
from rulesdsl import cli
from rulesdsl.core import errors
from rulesdsl.formats import numbering
from rulesdsl.play.game import Game
from rulesdsl.validation.playouts import RuleFailed

THREE_DECKS = """\
name: Three decks
description: three decks, runs of anything to an empty column
deck: {decks: 3}
piles:
  tableau: {count: 2, role: tableau, lift: run, accept_empty: "true"}
  stock: {role: stock}
deal:
  - shuffle
  - {to: tableau, count: 1}
  - rest: "stock[0]"
win: "stock[0].size == 0"
"""


def run(*args):
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            code = cli.main(list(args))
        except SystemExit as exc:
            code = exc.code
    return code, out.getvalue(), err.getvalue()


def test_every_error_class_is_under_one_root():
    for cls in (
        errors.RulesError,
        errors.ExprSyntaxError,
        errors.CompileError,
        errors.MoveError,
        errors.InvalidMoveError,
        errors.IllegalMoveError,
        errors.AmbiguousMoveError,
        errors.PositionError,
        errors.CardTextError,
        errors.InputError,
        errors.SeedError,
        errors.ArgumentError,
        numbering.DealError,
        RuleFailed,
        cli.InputError,
    ):
        assert issubclass(cls, errors.RulesdslError), cls
    for cls in (errors.InvalidMoveError, errors.IllegalMoveError, errors.AmbiguousMoveError):
        assert issubclass(cls, errors.MoveError)
    # the old import paths still work
    from rulesdsl.lang.compiler import CompileError
    from rulesdsl.lang.parser import ExprSyntaxError

    assert CompileError is errors.CompileError and ExprSyntaxError is errors.ExprSyntaxError


def test_move_text_gets_one_of_three_errors():
    g = rulesdsl.new_game("klondike", seed=1)
    with pytest.raises(errors.InvalidMoveError, match="cannot read move"):
        g.play("zz")
    with pytest.raises(errors.InvalidMoveError, match="no pile"):
        g.play("AS@nowhere[0]>tableau[1]")
    with pytest.raises(errors.InvalidMoveError, match="not a suit letter"):
        g.play("AX@tableau[0]>tableau[1]")
    with pytest.raises(errors.InvalidMoveError):
        g.play(3)
    with pytest.raises(errors.IllegalMoveError, match=r"AS is not face up on tableau\[0\]"):
        g.play("AS@tableau[0]>tableau[1]")
    with pytest.raises(errors.IllegalMoveError):
        g.play(rulesdsl.Move("move", (1,), 2, (0,)))
    assert g.ply == 0


def test_text_naming_two_legal_moves_is_ambiguous(tmp_path):
    path = tmp_path / "three.yaml"
    path.write_text(THREE_DECKS)
    v = rulesdsl.load_path(str(path))
    g = Game.from_position(v, "tableau[0]: 7D.1 5S 7D.2 3H; stock[0]: *")
    with pytest.raises(errors.AmbiguousMoveError) as info:
        g.play("7D@tableau[0]>tableau[1]")  # 7D.0 is not there; 7D.1 and 7D.2 both are
    assert "7D.2@tableau[0]>tableau[1], 7D.1@tableau[0]>tableau[1]" in str(info.value)
    assert g.ply == 0
    assert g.play("7D.1@tableau[0]>tableau[1]").cards == tuple(g.state.piles[1])  # the copy says which


def test_text_naming_one_copy_loosely_is_still_read(tmp_path):
    path = tmp_path / "three.yaml"
    path.write_text(THREE_DECKS)
    v = rulesdsl.load_path(str(path))
    g = Game.from_position(v, "tableau[0]: 7D.2 3H; stock[0]: *")
    m = g.play("7D@tableau[0]>tableau[1]")
    assert v.deck.copy_of[m.cards[0]] == 2


def test_bad_api_arguments_are_input_and_still_value_errors():
    from rulesdsl.solve import solver
    from rulesdsl.stats import runner as stats

    with pytest.raises(errors.ArgumentError):
        stats.parse_range("3-x")
    v = rulesdsl.load("klondike")
    with pytest.raises(errors.ArgumentError):
        solver.solve(v, v.new_game(1).state, max_states=0)
    code, _, err = run("stats", "klondike", "--deals", "5-1")
    assert code == 2 and err.startswith("rulesdsl: --deals A-B needs")


def test_a_bad_seed_is_input_and_still_a_value_error():
    v = rulesdsl.load("klondike")
    for bad in (-1, 2**64, "7", True):
        with pytest.raises(errors.SeedError):
            v.new_game(bad)
    with pytest.raises(ValueError):
        v.new_game(-1)


def test_cli_exit_codes_by_class(monkeypatch):
    def raising(exc):
        def fn(args):
            raise exc

        return fn

    cases = [
        (errors.IllegalMoveError("illegal move X"), 1),
        (errors.InvalidMoveError("cannot read move X"), 2),
        (errors.AmbiguousMoveError("ambiguous move X"), 2),
        (errors.PositionError("bad position"), 2),
        (errors.InputError("bad input"), 2),
        (numbering.DealError("no such deal"), 2),
    ]
    for exc, code in cases:
        monkeypatch.setattr(cli.variants, "cmd_schema", raising(exc))
        got, _, err = run("schema")
        assert (got, err) == (code, f"rulesdsl: {exc}\n")


@pytest.mark.parametrize("bug", [ValueError("oops"), KeyError("k"), AttributeError("a"), RuntimeError("r")])
def test_an_internal_error_says_so_and_exits_70(monkeypatch, bug):
    def broken(args):
        raise bug

    monkeypatch.setattr(cli.variants, "cmd_schema", broken)
    monkeypatch.delenv(cli.TRACEBACK_ENV, raising=False)
    code, _, err = run("schema")
    assert code == cli.EXIT_INTERNAL == 70
    assert "internal error" in err and "bug in rulesdsl" in err and type(bug).__name__ in err
    assert "Traceback" not in err and "bad input" not in err
    monkeypatch.setenv(cli.TRACEBACK_ENV, "1")
    code, _, err = run("schema")
    assert code == 70 and "Traceback" in err and "internal error" in err


def test_a_json_position_with_a_5000_digit_number_gets_the_language_message(tmp_path):
    for key in ("points", "seed"):
        data = rulesdsl.new_game("klondike", seed=1).position()
        pos = tmp_path / f"{key}.json"
        pos.write_text(json.dumps(data)[:-1] + f', "{key}": ' + "9" * 5000 + "}")
        code, out, err = run("show", "klondike", "--position", str(pos))
        assert code == 2 and not out
        assert "Exceeds the limit" not in err and "Traceback" not in err
        assert err == (
            f"rulesdsl: {pos}: bad JSON: the number 99999999...(5,000 digits) is outside the "
            f"integer range -2,147,483,647..2,147,483,647\n"
        )


def test_the_api_refuses_a_5000_digit_json_number_as_a_position_error():
    v = rulesdsl.load("klondike")
    with pytest.raises(errors.PositionError, match="outside the integer range") as info:
        Game.from_position(v, '{"piles": {}, "points": ' + "1" * 5000 + "}")
    assert "Exceeds" not in str(info.value)
    # numbers up to the cap still read: a seed is up to 2**64 - 1, 20 digits
    assert errors.short(str(2**64 - 1), digits=12) == "18446744...(20 digits)"


def test_the_runner_answers_rulesdsl_errors_and_lets_bugs_through(monkeypatch):
    from rulesdsl.runners import text

    g = rulesdsl.new_game("klondike", seed=1)

    def command(self, line):
        raise errors.PositionError("no such position") if line.startswith("p") else KeyError("bug")

    monkeypatch.setattr(text.Runner, "command", command)
    out = io.StringIO()
    text.run(g, io.StringIO("p\n"), out)
    assert "error: no such position" in out.getvalue()
    with pytest.raises(KeyError):
        text.run(g, io.StringIO("x\n"), io.StringIO())
