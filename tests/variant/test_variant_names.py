"""Variant names in any letter case, everywhere a name is given, and `rulesdsl list WORD`."""

import json

import rulesdsl
from rulesdsl.variant import registry
from tests.test_cli import run


def test_the_registry_finds_a_name_in_any_case():
    assert registry.canonical("FreeCell") == "freecell"
    assert registry.canonical("DER_KATZ") == "der_katz"
    assert registry.canonical("nosuch") == "nosuch"
    assert registry.find_variant("KlonDike") == registry.find_variant("klondike")
    assert rulesdsl.load("Spider").id == "spider"


def test_the_command_line_takes_any_case(tmp_path):
    code, out, _ = run("show", "FreeCell", "--seed", "1")
    assert code == 0 and out.startswith("FreeCell  score 0  seed 1")
    code, out, _ = run("play", "KLONDIKE", stdin="q\n")
    assert code == 0 and "Klondike: type help" in out
    save = tmp_path / "s.json"
    save.write_text(json.dumps(rulesdsl.load("freecell").new_game(3).save()))
    code, out, err = run("show", "FreeCell", "--position", str(save))
    assert code == 0, err
    code, _, err = run("show", "Klondik")
    assert code == 2 and "did you mean 'klondike'" in err


def test_list_filters_by_a_word_of_the_name_or_description():
    code, out, _ = run("list", "SPIDER")
    names = [line.split()[0] for line in out.splitlines() if not line.startswith(" ")]
    assert code == 0 and "spider" in names and "black_widow" in names  # named, described as Spider
    assert "klondike" not in names
    code, out, _ = run("list", "cells", "--json")
    assert code == 0 and {"freecell", "eight_off"} <= {v["name"] for v in json.loads(out)}
    code, out, err = run("list", "zzzz")
    assert code == 1 and out == "" and "no variant's name, description or family holds 'zzzz'" in err


def test_solve_says_the_solver_sees_face_down_cards_only_where_there_are_some():
    _, out, _ = run("solve", "klondike", "--seed", "1", "--time-limit", "0.5")
    assert "# the solver sees face-down cards" in out
    _, out, _ = run("solve", "freecell", "--seed", "1", "--time-limit", "0.5")
    assert "face-down" not in out


def test_show_takes_a_width():
    code, out, _ = run("show", "spider", "--seed", "2", "--width", "30")
    assert code == 0 and max(map(len, out.splitlines())) <= 30
    code, out, _ = run("play", "spider", "--seed", "2", "--width", "40", stdin="q\n")
    assert code == 0 and "t9" in out and max(map(len, out.splitlines())) <= 40
    code, _, err = run("show", "spider", "--width", "5")
    assert code == 2 and "the width is a number of columns from 20 to 10000" in err
