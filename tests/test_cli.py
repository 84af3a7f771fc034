"""The command line: every subcommand, its output shape and exit codes, and clean errors."""

import json
import re
import subprocess
import sys

from rulesdsl import cli


def run(*args, stdin=""):
    """Run the CLI in-process; returns (exit code, stdout, stderr)."""
    import io
    from contextlib import redirect_stderr, redirect_stdout

    out, err = io.StringIO(), io.StringIO()
    old_stdin = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with redirect_stdout(out), redirect_stderr(err):
            try:
                code = cli.main(list(args))
            except SystemExit as exc:  # argparse usage errors
                code = exc.code
    finally:
        sys.stdin = old_stdin
    return code, out.getvalue(), err.getvalue()


def test_list_names_every_variant_with_options():
    code, out, _ = run("list")
    assert code == 0
    assert "sakhmet" in out and "klondike" in out
    assert "level=draw1|draw3" in out
    code, out, _ = run("list", "--json")
    data = json.loads(out)
    assert {"sakhmet", "klondike"} <= {d["name"] for d in data}
    assert all(d["error"] is None for d in data)
    assert {d["name"]: d["family"] for d in data}["sakhmet"] == "Klondike"


def test_list_shows_the_family_and_finds_by_it():
    code, out, _ = run("list")
    assert code == 0 and re.search(r"^bakers_dozen +\[Baker's Dozen\] Thirteen", out, re.M)
    code, out, _ = run("list", "beleaguered castle")
    names = {line.split()[0] for line in out.splitlines() if not line.startswith(" ")}
    assert code == 0 and {"streets_and_alleys", "citadel", "beleaguered_castle"} <= names and "klondike" not in names


def test_check_valid_and_broken(tmp_path):
    code, _, err = run("check", "--play", "1", "variants/sakhmet.yaml", "variants/klondike.yaml")
    assert code == 0, err
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "name: X\npiles:\n  tableau: {count: 2, acept: 'true'}\ndeal: [shuffle, {rest: 'tableau[0]'}]\nwin: 'true'\n"
    )
    code, _, err = run("check", "--play", "0", str(bad))
    assert code == 1
    assert f"{bad}:3:23: S101 unknown key 'acept'" in err
    assert "did you mean 'accept'?" in err
    code, out, _ = run("check", "--play", "0", "--json", str(bad))
    assert code == 1
    assert json.loads(out)[0]["code"] == "S101"


def test_show_masks_face_down_cards_unless_revealed():
    code, out, _ = run("show", "sakhmet", "--seed", "4", "--json")
    assert code == 0
    pos = json.loads(out)
    assert pos["piles"]["tableau[6]"][:6] == ["##"] * 6
    assert len(pos["piles"]["stock[0]"]) == 24
    code, out, _ = run("show", "sakhmet", "--seed", "4", "--json", "--reveal")
    revealed = json.loads(out)["piles"]["tableau[6]"]
    assert all(c.startswith("#") and len(c) == 3 for c in revealed[:6])
    code, text, _ = run("show", "sakhmet", "--seed", "4")
    assert code == 0 and "##" in text and "tableau" not in text.splitlines()[0]


def test_same_seed_same_deal_different_seed_different_deal():
    a = run("show", "klondike", "--seed", "9", "--json", "--reveal")[1]
    b = run("show", "klondike", "--seed", "9", "--json", "--reveal")[1]
    c = run("show", "klondike", "--seed", "10", "--json", "--reveal")[1]
    assert a == b and a != c


def test_moves_after_and_json():
    code, out, _ = run("moves", "sakhmet", "--option", "level=draw3", "--after", "draw,draw", "--json")
    assert code == 0
    moves = json.loads(out)
    assert all({"kind", "notation", "source", "dest", "cards"} <= set(m) for m in moves)
    code, _, err = run("moves", "sakhmet", "--after", "AS@tableau[0]>tableau[9]")
    assert code == 2 and "no pile 'tableau[9]'" in err


def test_position_file(tmp_path):
    pos = tmp_path / "p.txt"
    pos.write_text("tableau[0]: #KD 9C 8D 7S\ntableau[1]: 9S\ntableau[2]: TD\nstock[0]: *\n")
    code, out, _ = run("moves", "sakhmet", "--position", str(pos))
    assert code == 0
    assert "8D@tableau[0]>tableau[1]" in out and "9C@tableau[0]>tableau[2]" in out
    bad = tmp_path / "bad.txt"
    bad.write_text("tableau[0]: 9C 9C\n")
    code, _, err = run("show", "sakhmet", "--position", str(bad))
    assert code == 2 and "9C" in err and "Traceback" not in err
    broken_json = tmp_path / "b.json"
    broken_json.write_text('{"piles": [}')
    code, _, err = run("show", "sakhmet", "--position", str(broken_json))
    assert code == 2 and "bad JSON" in err


def test_replay_stops_at_first_illegal_move(tmp_path):
    moves = tmp_path / "m.txt"
    moves.write_text("# a comment\ndraw\ndraw\nKS@tableau[0]>foundation[0]\ndraw\n")
    code, out, _ = run("replay", "sakhmet", "--seed", "2", "--moves", str(moves), "--json")
    assert code == 1
    data = json.loads(out)
    assert data["played"] == 2 and data["illegal"]["number"] == 3
    assert data["won"] is False and "score" in data


def test_bad_input_never_shows_a_traceback(tmp_path):
    for args in (
        ["show", "nosuchgame"],
        ["show", "sakhmet", "--option", "level=draw9"],
        ["show", "sakhmet", "--option", "nolevel"],
        ["show", "sakhmet", "--position", "/nonexistent"],
        ["replay", "sakhmet", "--moves", "/nonexistent"],
    ):
        code, _, err = run(*args)
        assert code == 2, args
        assert "Traceback" not in err and err.strip(), args
    code, _, err = run("show", "sakhmet", "--seed", "-3")
    assert code == 2 and "seed" in err


def test_schema_prints_json_schema():
    code, out, _ = run("schema")
    assert code == 0
    assert "piles" in json.loads(out)["properties"]


def test_help_of_every_command():
    for cmd in ("list", "check", "schema", "show", "moves", "replay", "play"):
        code, out, _ = run(cmd, "--help")
        assert code == 0 and "usage" in out


def test_console_script_is_installed():
    proc = subprocess.run([sys.executable, "-m", "rulesdsl.cli", "list"], capture_output=True, text=True)
    assert proc.returncode == 0 and "sakhmet" in proc.stdout


def test_check_with_one_option_value():
    code, _, err = run("check", "--play", "1", "--option", "level=draw3", "variants/sakhmet.yaml")
    assert code == 0, err
    code, _, err = run("check", "--play", "0", "--option", "level=draw9", "variants/sakhmet.yaml")
    assert code == 1 and "O402" in err and "draw1, draw3" in err


def test_hostile_position_files_give_one_clear_message(tmp_path):
    cases = {
        "empty.txt": ("", "empty"),
        "blank.txt": ("  \n\n ", "empty"),
        "deep.json": ('{"piles": ' + "[" * 100000 + "]" * 100000 + "}", "nested too deeply"),
        "list.json": ("[1, 2]", "JSON object"),
        "blankcard.json": ('{"piles": {"tableau[0]": ["AS", ""]}}', "card 2"),
        "hash.json": ('{"piles": {"tableau[0]": ["#"]}}', "card 1"),
        "hashes.txt": ("tableau[0]: ###AS", "card 1"),
    }
    for name, (text, words) in cases.items():
        path = tmp_path / name
        path.write_text(text)
        code, _, err = run("show", "sakhmet", "--position", str(path))
        assert code == 2, name
        assert words in err and "Traceback" not in err and len(err.strip().splitlines()) == 1, (name, err)
    code, _, err = run("show", "sakhmet", "--position", "")
    assert code == 2 and "position" in err


def test_position_file_with_a_byte_order_mark(tmp_path):
    path = tmp_path / "bom.json"
    path.write_bytes(b'\xef\xbb\xbf{"piles": {"tableau[0]": ["AN"]}}')
    code, out, err = run("show", "sakhmet", "--position", str(path), "--json")
    assert code == 0, err
    assert json.loads(out)["piles"] == {"tableau[0]": ["AN"]}


def test_save_with_bad_seed_or_moves_is_refused(tmp_path):
    base = {
        "format": "rulesdsl-save/1",
        "start": {"piles": {"stock[0]": ["#AN", "#2N"]}},
        "moves": ["draw"],
        "redo": [],
    }
    for change, words in (
        ({"seed": "x"}, "seed"),
        ({"seed": -5}, "seed"),
        ({"moves": [None]}, "move texts"),
        ({"redo": [3]}, "move texts"),
    ):
        path = tmp_path / "s.json"
        path.write_text(json.dumps({**base, **change}))
        code, _, err = run("show", "sakhmet", "--position", str(path))
        assert code == 2 and words in err and "Traceback" not in err, (change, err)


def test_position_of_another_variant_is_named(tmp_path):
    path = tmp_path / "p.json"
    path.write_text(json.dumps({"variant": "sakhmet", "options": {"level": "draw3"}, "piles": {"tableau[0]": ["AN"]}}))
    code, _, err = run("show", "klondike", "--position", str(path))
    assert code == 2 and "for 'sakhmet'" in err, err


def test_long_bad_moves_are_not_echoed_in_full(tmp_path):
    moves = tmp_path / "m.txt"
    moves.write_text("x" * 100000 + "\n")
    code, out, _ = run("replay", "sakhmet", "--moves", str(moves))
    assert code == 1 and len(out) < 1000
    code, _, err = run("moves", "sakhmet", "--after", "y" * 100000)
    assert code == 2 and len(err) < 1000


def test_deeply_nested_variant_file(tmp_path):
    path = tmp_path / "deep.yaml"
    path.write_text("a: " + "[" * 100000 + "\n")
    code, _, err = run("show", str(path))
    assert code == 2 and "Traceback" not in err and "Y001" in err
    code, _, err = run("check", "--play", "0", str(path))
    assert code == 1 and "Y001" in err


def test_check_takes_a_shipped_variants_name_as_the_other_commands_do():
    code, out, err = run("check", "Golf")
    assert code == 0 and "Y003" not in out + err and "1 file(s) checked: 0 error(s)" in out + err
    code, out, err = run("check", "no_such_game")
    assert code != 0 and "no_such_game: Y003 cannot read variant file" in out + err
