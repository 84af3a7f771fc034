"""Issue 19's acceptance, as a player meets it: each test a defect found playing the runner."""

import io
import json

from rulesdsl.runners.render import render
from rulesdsl.runners.text import run

import rulesdsl
import rulesdsl.play.why


def session(commands, variant="klondike", seed=3, **options):
    v = rulesdsl.load(variant, options)
    g = v.numbered_game(617 if seed is None else seed) if variant == "freecell" else v.new_game(seed)
    out = io.StringIO()
    run(g, io.StringIO("\n".join(commands) + "\n"), out, width=100)
    return g, out.getvalue()


def test_did_you_mean_knows_every_command_word():
    _, text = session(["restrat", "nwe", "playout", "laod saved.json", "q"])
    assert "did you mean the command restart?" in text
    assert "did you mean the command new?" in text
    assert "did you mean the command play-out?" in text
    assert "did you mean the command load?" in text


def test_a_stacks_count_is_its_size_and_the_legend_says_so():
    g = rulesdsl.load("klondike").new_game(3)
    text = render(g, width=100)
    assert "##(24)" in text and len(g.state.piles[g.variant.pile_index("stock[0]")]) == 24
    assert "7D(5) = 5 cards, 7D on top" in text


def test_capitals_neither_reading_takes_are_not_told_as_fc_solve_alone():
    # QX is no card: the player sees that, and fc-solve's reading (cell q to cell x) after it
    _, text = session(["QX", "ab", "q"], variant="freecell", seed=617)
    line = next(l for l in text.splitlines() if "'QX'" in l or " QX" in l)
    assert line.startswith("cannot read move 'QX'"), line
    assert "as fc-solve's notation, no free cell 13" in line
    assert "illegal move ab: cell[0] is empty" in text  # lower case: fc-solve's reading alone


def test_a_saved_numbered_deal_keeps_its_number(tmp_path):
    path = tmp_path / "s.json"
    g, text = session(["1", f"save {path}", "new", f"load {path}", "resign", "y", "q"], variant="freecell", seed=None)
    assert "FreeCell  score 0  deal 617\n" in text.split(f"loaded {path}:")[1]
    assert "deal 618" in text.split("resigned.")[1]
    v = rulesdsl.load("freecell")
    assert rulesdsl.Game.load_save(v, json.loads(path.read_text())).deal == 617


def test_a_save_with_a_bad_deal_number_is_refused():
    v = rulesdsl.load("freecell")
    data = v.numbered_game(3).save()
    for bad in ("x", True, [1], 0):
        try:
            rulesdsl.Game.load_save(v, {**data, "deal": bad})
        except rulesdsl.RulesdslError as exc:
            assert "deal" in str(exc)
        else:
            raise AssertionError(f"deal {bad!r} accepted")


def test_remove_in_a_game_without_removals_is_not_taken_for_moves():
    _, text = session(["remove", "q"])
    line = next(l for l in text.splitlines() if l.startswith("remove needs"))
    assert "this game has no removal moves" in line and "did you mean" not in line


def test_a_card_in_capitals_is_never_played_as_fc_solve_notation():
    # FreeCell 617: 7D lies under six cards of tableau[0]; fc-solve's 7d (column 7 to cell d) is legal
    g, text = session(["7D", "7d", "q"], variant="freecell", seed=None)
    first = next(l for l in text.splitlines() if "7D" in l and ("played" in l or "illegal" in l))
    assert first.startswith("illegal move 7D: only a run going down by one rank in alternating colours"), first
    assert "(fc-solve 7d)" in text and g.ply == 1


def test_a_pile_whose_top_is_face_down_does_not_name_the_card():
    g = rulesdsl.load("klondike").new_game(3)
    hidden = g.variant.deck.text(g.state.piles[g.variant.pile_index("stock[0]")][-1])
    for text in ("s0", "s0>t1"):
        told = rulesdsl.play.why.refusal(g, text)
        assert told.endswith("the top card of stock[0] is face down") and hidden not in told, told


def test_a_pile_past_its_groups_end_is_named_so():
    g = rulesdsl.load("klondike").new_game(3)
    assert "no pile 't9': tableau has 7 pile(s)" in rulesdsl.play.why.refusal(g, "t9")


def test_piles_in_lower_case_are_refused_as_piles_not_as_fc_solve_cells():
    # Klondike has a numbering, so fc-solve's notation is read too: s0 would be cell s to column 0
    _, text = session(["s0", "w0>f", "t9", "q"])
    assert "illegal move s0: the top card of stock[0] is face down" in text
    assert "illegal move w0>f: waste[0] is empty" in text
    assert "no pile 't9': tableau has 7 pile(s)" in text
    assert "free cell" not in text


def test_ctrl_c_during_a_command_stops_it_and_the_game_goes_on(monkeypatch):
    from rulesdsl.runners import text as runner_text

    def interrupted(self, args):
        raise KeyboardInterrupt

    monkeypatch.setattr(runner_text.Runner, "solve_command", interrupted)
    g, text = session(["solve 60", "1", "q"])
    assert "interrupted (the game goes on from here; quit leaves)" in text
    assert "played: AH@tableau[0]>foundation[0]" in text and g.ply == 1
