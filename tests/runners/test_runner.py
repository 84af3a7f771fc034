"""A scripted session of the text runner: every command, and bad input leaving the game unchanged."""

import io
import json

from rulesdsl.runners.text import run

import rulesdsl


def session(commands, variant="sakhmet", seed=3, **options):
    g = rulesdsl.load(variant, options).new_game(seed)
    out = io.StringIO()
    run(g, io.StringIO("\n".join(commands) + "\n"), out)
    return g, out.getvalue()


def test_scripted_session_plays_undoes_and_redoes():
    g, text = session(["1", "undo", "redo", "moves", "score", "q"])
    assert "played: AD@tableau[0]>foundation[0]" in text
    assert "undone: AD@tableau[0]>foundation[0]" in text
    assert "redone: AD@tableau[0]>foundation[0]" in text
    assert "score: 10" in text
    assert g.ply == 1


def test_moves_by_notation_and_bad_commands_change_nothing():
    g, text = session(
        [
            "frobnicate",
            "99",
            "AD@tableau[0]>tableau[9]",
            "KS@tableau[0]>foundation[0]",
            "save",
            "AD@tableau[0]>foundation[1]",
            "quit",
        ]
    )
    lines = text.splitlines()
    assert any("cannot read move 'frobnicate'" in l for l in lines)
    assert any("no move 99" in l for l in lines)
    assert any("no pile 'tableau[9]'" in l for l in lines)
    assert any("illegal move KS@tableau[0]>foundation[0]" in l for l in lines)
    assert any("save needs one file name" in l for l in lines)
    assert g.ply == 1 and g.history[0].dest == g.variant.pile_index("foundation[1]")
    assert "Traceback" not in text


def test_help_rules_hint_and_auto():
    g, text = session(["help", "rules", "hint", "auto", "q"])
    assert "undo" in text and "Ace Pile" in text
    assert "hint: AD@tableau[0]>foundation[0] (" in text
    assert "auto: 2 card(s) played to the foundations" in text
    assert g.score == 20


def test_save_and_reload_with_history(tmp_path):
    path = tmp_path / "s.json"
    g, text = session(["draw", "draw", "undo", f"save {path}", "q"])
    data = json.loads(path.read_text())
    g2 = rulesdsl.Game.load_save(g.variant, data)
    assert g2.state == g.state
    assert [g2.move_text(m) for m in g2.history] == ["draw"]
    assert g2.redo() is not None


def test_end_of_game_message():
    v = rulesdsl.load("sakhmet")
    text = (
        ";".join(
            f"foundation[{i}]: A{s} 2{s} 3{s} 4{s} 5{s} 6{s} 7{s} 8{s} 9{s} T{s} J{s} Q{s} K{s}"
            for i, s in enumerate("NDS")
        )
        + ";foundation[3]: AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC;"
        "tableau[0]: KC"
    )
    g = rulesdsl.Game.from_position(v, text)
    out = io.StringIO()
    run(g, io.StringIO("1\n"), out)
    assert "You won!" in out.getvalue()


def test_stalled_position_is_reported():
    # only a king shuttling between empty columns is left: nothing turns up, nothing goes up
    v = rulesdsl.load("sakhmet")
    g = rulesdsl.Game.from_position(v, "tableau[0]: KS; tableau[1]: #2C 9N")
    assert g.legal_moves() and g.stalled()
    out = io.StringIO()
    run(g, io.StringIO("resign\n"), out)
    assert "type resign" in out.getvalue() and "resigned" in out.getvalue()
    # a move that turns up a card matters
    g = rulesdsl.Game.from_position(v, "tableau[0]: #2C KS")
    assert not g.stalled()
    # so does a draw, and a card to a foundation
    assert not rulesdsl.Game.from_position(v, "tableau[0]: KS; stock[0]: #2C").stalled()
    assert not rulesdsl.Game.from_position(v, "tableau[0]: KS; waste[0]: AS").stalled()


def test_a_number_with_more_words_is_refused():
    g, text = session(["1 2", "q"])
    assert "one move at a time" in text and g.ply == 0


def test_odd_digits_and_spaced_removals():
    g, text = session(["²", "٣", "q"])
    assert "invalid literal" not in text and "error:" not in text and g.ply == 0
    g, text = session(["remove KS @ pyramid [22]", "q"], variant="pyramid", seed=5)
    assert "played: remove KS@pyramid[22]" in text and g.ply == 1
    g = rulesdsl.Game.from_position(rulesdsl.load("pyramid"), "pyramid[21]: 9C; pyramid[22]: 4D")
    assert {
        g.move_text(g.parse_move(t))
        for t in ("remove 9C@pyramid[21] 4D@pyramid[22]", "remove 9C @pyramid[ 21 ]  4D@ pyramid [22]")
    } == {"remove 9C@pyramid[21] 4D@pyramid[22]"}


def test_save_to_a_file_name_with_spaces(tmp_path):
    path = tmp_path / "my game.json"
    g, text = session(["draw", f"save {path}", "q"])
    assert f"saved to {path}" in text
    assert json.loads(path.read_text())["moves"] == ["draw"]


def test_end_of_input_at_the_prompt_ends_the_line():
    class Tty(io.StringIO):
        def isatty(self):
            return True

    g = rulesdsl.load("sakhmet").new_game(3)
    out = Tty()
    run(g, Tty(""), out)
    assert out.getvalue().endswith("> \n")


def test_remove_hint_names_this_games_piles():
    _, text = session(["remove", "q"])
    assert "this game has no removal moves" in text and "pyramid" not in text
