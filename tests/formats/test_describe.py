"""The rules in English (rulesdsl/describe.py): every shipped variant, known games, mutated copies,
options, the fuzzed expressions of tests/exprgen.py, the `rules` command and the runner's `rules`."""

import io
import os
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rulesdsl.runners.text import run as run_runner

import rulesdsl
from rulesdsl.core.errors import RulesError
from rulesdsl.formats.describe import SECTIONS, describe, rules_text, sections
from tests import exprgen
from tests.hostile import assert_refused, probe
from tests.test_cli import run as run_cli

VARIANTS = Path(__file__).resolve().parents[2] / "variants"
SHIPPED = sorted(p.stem for p in VARIANTS.glob("*.yaml"))


def text_of(name, **options):
    return describe(rulesdsl.load(name, options or None))


def flat(text):
    """The text on one line, spaces squeezed (phrases are looked for across line ends)."""
    return " ".join(text.split())


def mutated(tmp_path, name, old, new, count=1):
    """A copy of a shipped file with `old` replaced by `new` (which must occur `count` times)."""
    src = (VARIANTS / f"{name}.yaml").read_text(encoding="utf-8")
    assert src.count(old) == count, (name, old, src.count(old))
    path = tmp_path / f"{name}_mutant.yaml"
    path.write_text(src.replace(old, new), encoding="utf-8")
    return describe(rulesdsl.load(str(path)))


# -- every shipped variant ---------------------------------------------------------------------


@pytest.mark.parametrize("name", SHIPPED)
def test_every_shipped_variant_describes_with_every_section(name):
    v = rulesdsl.load(name)
    parts = sections(v)
    assert [t for t, _ in parts] == list(SECTIONS)
    for title, body in parts:
        assert body.strip(), (name, title)
    text = describe(v)
    for title in SECTIONS:
        assert f"\n{title}\n" in f"\n{text}\n"
    assert "\x00" not in text  # no quantifier placeholder left behind
    assert "NOCONST" not in text and "Ref." not in text and "<" not in text
    # never the author's expression text verbatim: the accept rules are rendered, not quoted
    for path, checked in v.exprs.items():
        if path[-1] in ("accept", "accept_empty", "sequence", "win") and not checked.is_const:
            raw = _raw(v, path)
            if raw and len(raw) > 12:
                assert raw not in text, (name, path)


def _raw(v, path):
    import yaml

    data = yaml.safe_load(Path(v.path).read_text(encoding="utf-8"))
    for k in path:
        try:
            data = data[k]
        except (KeyError, IndexError, TypeError):
            return None
    return data if isinstance(data, str) else None


@pytest.mark.parametrize("name", SHIPPED)
def test_every_option_value_describes(name):
    v = rulesdsl.load(name)
    for opt in v.option_decls:
        for value in opt.values or ():
            text = describe(rulesdsl.load(name, {opt.name: value}))
            assert f"{opt.name}={value}" in text


# -- known games --------------------------------------------------------------------------------


def test_klondike_reads_as_klondike():
    t = flat(text_of("klondike"))
    assert (
        "Deal 1, 2, 3, 4, 5, 6 and 7 cards to the seven tableau piles in turn, only the top card of each pile face up"
        in t
    )
    assert "On its top card it takes a card one rank lower than the top card and of the other colour." in t
    assert "When empty it takes a king (alone or with the cards on it)." in t
    assert "a run of face-up cards from the top going down by one rank in alternating colours" in t
    assert "a single card one rank higher than the top card and of the same suit" in t
    assert "When empty it takes a single ace that does not come from a foundation pile." in t
    assert "The 24 cards left go face down to the stock pile." in t
    assert "The game is won when every foundation pile holds 13 cards (all 52 cards)." in t
    assert "A face-down card on top of one of the seven tableau piles turns face up" in t


def test_klondike_draw_one_and_draw_three_differ():
    one, three = flat(text_of("klondike", draw=1)), flat(text_of("klondike", draw=3))
    assert one != three
    assert "draw: deal one card from the stock pile face up onto the waste pile" in one
    assert "draw: deal three cards from the stock pile face up onto the waste pile (fewer when fewer are left)" in three


def test_klondike_passes_option():
    t = flat(text_of("klondike", passes=3))
    assert "at most twice in a game (so at most three passes through the stock pile)" in t
    assert "never (its limit is 0)" in flat(text_of("klondike", passes=1))
    assert "any number of times (the limit is 1,000,000)" in flat(text_of("klondike"))


def test_klondike_thoughtful_and_vegas_options():
    t = flat(text_of("klondike", thoughtful="yes", scoring="vegas"))
    assert "Deal 1, 2, 3, 4, 5, 6 and 7 cards to the seven tableau piles in turn, face up" in t
    assert "go face up to the stock pile" in t
    assert "turn the waste pile over onto it, face up" in t
    assert "Score: 5 times the number of cards on the foundation piles minus 52." in t
    assert "No score is kept." in flat(text_of("klondike"))


def test_sultan_the_sultan_is_never_built_on_and_two_redeals():
    t = flat(text_of("sultan"))
    assert "Two decks shuffled together: 104 cards" in t
    assert "the ace follows the king" in t
    assert "K♥ on the sultan pile" in t
    assert "sultan (1 pile): Its cards never leave it. It takes no cards." in t
    assert (
        "kings (7 piles): Its cards never leave it. On its top card it takes a card one rank higher than the top card (the ace follows the king) and of the same suit."
        in t
    )
    assert "at most twice in a game (so at most three passes through the stock pile)" in t
    assert (
        "An empty pile of the eight reserve piles is refilled at once, face up, with the top card of the waste pile or else of the stock pile."
        in t
    )
    assert "The 87 cards left go face down to the stock pile." in t


def test_freecell_four_cells_and_its_run_limit():
    t = flat(text_of("freecell"))
    assert "cell: four piles, shown as “Free cells”, role cell, each holding at most one card." in t
    assert "When empty it takes a single card that comes from a tableau pile." in t
    assert "a single ace of this pile's own suit (the piles in order: spades, hearts, diamonds, clubs)" in t
    assert (
        "The most cards that may move from it at once: (the number of empty cell piles plus 1) times 2 to the power the number of tableau piles that are empty"
        in t
    )
    assert "When empty it takes any card or run." in t
    assert "Nothing is played automatically" not in t
    assert "None: every card moves by the player's hand." in t


def test_golf_kings_option():
    closed, opened = flat(text_of("golf")), flat(text_of("golf", kings="open"))
    assert "a card one rank above or below the top card, when the top card of this pile is not a king" in closed
    assert "not a king" not in opened
    assert "a card one rank above or below the top card." in opened
    turned = flat(text_of("golf", corner="turn"))
    assert (
        "either the difference between the rank of the card moved and the rank of the top card of this pile is 1 or"
        in turned
        or "12" in turned
    )


def test_spider_suits_and_automatic_move():
    t = flat(text_of("spider", suits=1))
    assert "Eight decks shuffled together: 104 cards, of one suit: clubs" in t
    assert "only when no tableau pile is empty" in t
    assert "When empty it takes a run of 13 cards whose bottom card is a king." in t
    assert (
        "Whenever a legal move from the ten tableau piles to the eight foundation piles exists, it is played at once"
        in t
    )
    assert "each move onto the eight foundation piles scores 100" in t


def test_maze_pyramid_scorpion_sarlacc():
    maze = flat(text_of("maze"))
    assert "Cards removed: after the deal the kings are taken out of the game (4 cards)." in maze
    assert "but place[8] and place[17] (they stay empty)" in maze
    pyramid = flat(text_of("pyramid"))
    assert (
        "two free face-up top cards of the 28 pyramid piles and the waste pile go together to the discard pile when the ranks of the first card and the second card add up to 13"
        in pyramid
    )
    assert "when the card is a king" in pyramid
    assert "each row lying partly over the row before it" in pyramid
    assert "pyramid piles but" not in pyramid
    assert "deal one card from the stock pile face up onto each of the three waste piles, in order" in flat(
        text_of("pyramid", wastes=3)
    )
    scorpion = flat(text_of("scorpion"))
    assert "Any face-up card may be moved together with all the cards on it, in whatever order." in scorpion
    assert "the first 3, 3, 3, 3, 0, 0 and 0 cards of each pile in turn face down" in scorpion
    assert "at most once in a game" in scorpion
    assert "the cards of the pile go down by one rank in one suit" in scorpion
    sarlacc = flat(text_of("sarlacc"))
    assert "laid out in rows of 10, 11, 10, 11 and 10, each row lying partly over the row before it" in sarlacc
    assert "a covered pile neither gives nor takes cards" in sarlacc


# -- mutated copies ----------------------------------------------------------------------------


def test_mutation_redeal_limit(tmp_path):
    t = flat(mutated(tmp_path, "sultan", "limit: 2", "limit: 5"))
    assert "at most five times in a game (so at most six passes through the stock pile)" in t
    assert "twice" not in t


def test_mutation_pass_limit_removed(tmp_path):
    t = flat(mutated(tmp_path, "sultan", "    limit: 2\n", ""))
    assert (
        "turn the waste pile over onto it, face down, so that its cards come again in the same order; any number of times"
        in t
    )


def test_mutation_build_direction(tmp_path):
    t = flat(
        mutated(
            tmp_path, "klondike", 'accept: "card.rank == dest.top.rank - 1', 'accept: "card.rank == dest.top.rank + 1'
        )
    )
    assert "takes a card one rank higher than the top card and of the other colour" in t
    assert "takes a card one rank lower than the top card" not in t
    t = flat(mutated(tmp_path, "klondike", "b.rank == a.rank - 1", "b.rank == a.rank + 1"))
    assert "going up by one rank in alternating colours" in t
    t = flat(
        mutated(
            tmp_path, "klondike", 'accept: "card.rank == dest.top.rank - 1', 'accept: "card.rank == dest.top.rank - 2'
        )
    )
    assert "takes a card two ranks lower than the top card" in t


def test_mutation_colour_rule(tmp_path):
    t = flat(mutated(tmp_path, "klondike", "card.color != dest.top.color", "card.color == dest.top.color"))
    assert "a card one rank lower than the top card and of the same colour" in t
    t = flat(mutated(tmp_path, "klondike", "card.color != dest.top.color", "card.suit == dest.top.suit"))
    assert "a card one rank lower than the top card and of the same suit" in t
    t = flat(mutated(tmp_path, "klondike", "b.color != a.color", "b.suit == a.suit"))
    assert "going down by one rank in one suit" in t


def test_mutation_draw_count(tmp_path):
    t = flat(mutated(tmp_path, "klondike", "count: draw", "count: 5"))
    assert "draw: deal five cards from the stock pile" in t
    t = flat(
        mutated(
            tmp_path,
            "sultan",
            'to: "waste[0]"\n    label: Draw a card',
            'to: "waste[0]"\n    count: 2\n    label: Draw a card',
        )
    )
    assert "deal two cards from the stock pile" in t


def test_mutation_win_condition(tmp_path):
    t = flat(
        mutated(tmp_path, "klondike", 'win: "all(f in foundation: f.size == 13)"', 'win: "all(t in tableau: t.empty)"')
    )
    assert "The game is won when every tableau pile is empty." in t
    assert "every foundation pile holds 13 cards" not in t
    t = flat(mutated(tmp_path, "golf", 'win: "all(t in tableau: t.empty)"', 'win: "foundation[0].size >= 40"'))
    assert "The game is won when the foundation pile holds at least 40 cards." in t


def test_mutation_empty_pile_rule_and_capacity(tmp_path):
    t = flat(mutated(tmp_path, "klondike", 'accept_empty: "card.rank == K"', 'accept_empty: "card.rank == Q"'))
    assert "When empty it takes a queen (alone or with the cards on it)." in t
    t = flat(mutated(tmp_path, "freecell", "capacity: 1", "capacity: 3"))
    assert "each holding at most three cards" in t


def test_mutation_deal(tmp_path):
    t = flat(mutated(tmp_path, "scorpion", "down: [3, 3, 3, 3, 0, 0, 0]", "down: [2, 2, 2, 2, 2, 0, 0]"))
    assert "the first 2, 2, 2, 2, 2, 0 and 0 cards of each pile in turn face down" in t


def test_every_change_of_a_rule_changes_the_text(tmp_path):
    base = text_of("klondike")
    lifted = mutated(
        tmp_path, "klondike", 'lift: run\n    sequence: "b.rank == a.rank - 1 and b.color != a.color"', "lift: top"
    )
    assert lifted != base and "tableau (7 piles): Its top card may be moved. On its top card" in flat(lifted)
    auto = mutated(tmp_path, "klondike", "- flip: tableau", "- {move: tableau, to: foundation}")
    assert "Whenever a legal move from the seven tableau piles to the four foundation piles exists" in flat(auto)
    assert "turns face up" not in auto


# -- any expression renders ----------------------------------------------------------------------


def test_fuzzed_expressions_describe(tmp_path):
    """The expressions of tests/exprgen.py in all 16 places: every variant that loads describes."""
    n = int(os.environ.get("RULESDSL_DESCRIBE_FUZZ", "160"))
    loaded = 0
    for i, (slot, text) in enumerate(exprgen.cases(n, seed=14)):
        path = tmp_path / f"case{i}.yaml"
        path.write_text(exprgen.variant(slot, text), encoding="utf-8")
        try:
            v = rulesdsl.load(str(path))
        except RulesError:
            continue
        loaded += 1
        out = describe(v)
        assert "\x00" not in out and out.count("\n") > 10
    assert loaded > n // 4


# -- the command and the runner --------------------------------------------------------------------


def test_rules_command_prints_both_texts():
    code, out, err = run_cli("rules", "sultan")
    assert code == 0 and not err
    assert out.index("Sultan: the author's summary") < out.index("Rules generated from the file")
    assert "Nine foundations lie in a 3x3 grid." in out
    for title in SECTIONS:
        assert title in out


def test_rules_command_follows_options_and_paths(tmp_path):
    code, one, _ = run_cli("rules", "klondike")
    code3, three, _ = run_cli("rules", "klondike", "--option", "draw=3")
    assert code == code3 == 0 and one != three and "deal three cards" in three
    code, out, _ = run_cli("rules", str(VARIANTS / "golf.yaml"), "-o", "kings=open")
    assert code == 0 and "kings=open" in out


def test_rules_command_bad_input():
    code, _, err = run_cli("rules", "no_such_game")
    assert code == 2 and "no variant named 'no_such_game'" in err and "Traceback" not in err
    code, _, err = run_cli("rules", "klondike", "--option", "draw=7")
    assert code == 2 and "O402" in err and "klondike.yaml:" in err
    code, _, err = run_cli("rules", "klondike", "--option", "draw")
    assert code == 2 and "--option expects KEY=VALUE" in err
    code, _, err = run_cli("rules")
    assert code == 2


def test_rules_command_on_a_broken_file_in_a_child_process(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("name: Bad\npiles:\n  tableau: {count: 3, accept: 'card.rank =='}\ndeal: [shuffle]\nwin: 'true'\n")
    r = probe("rules", path)
    assert_refused(r)
    assert r.code == 2 and "bad.yaml:3:" in r.text


def test_runner_rules_shows_both_texts():
    g = rulesdsl.load("klondike", {"draw": 3}).new_game(1)
    out = io.StringIO()
    run_runner(g, io.StringIO("help\nrules\nq\n"), out)
    text = out.getvalue()
    assert re.search(r"rules +the rules: the author's summary, then the rules generated from the file", text)
    assert "Klondike: the author's summary" in text and "Rules generated from the file" in text
    assert "deal three cards from the stock pile" in text
    assert rules_text(g.variant) in text


def test_the_examples_in_docs_are_the_current_text():
    doc = (VARIANTS.parent / "docs" / "rules-text.md").read_text(encoding="utf-8")
    examples = re.findall(r"<!-- describe: (\S+)((?: \S+=\S+)*) -->\n```text\n(.*?)\n```", doc, re.S)
    assert len(examples) == 2
    for name, opts, text in examples:
        options = dict(o.split("=", 1) for o in opts.split())
        assert text == describe(rulesdsl.load(name, options or None)), name
    readme = (VARIANTS.parent / "README.md").read_text(encoding="utf-8")
    assert "docs/rules-text.md" in readme and "rulesdsl rules VARIANT" in readme


@settings(
    max_examples=int(os.environ.get("RULESDSL_DESCRIBE_EXAMPLES", "25")),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(k=st.integers(-4, 4), colour=st.sampled_from(["==", "!="]), limit=st.integers(0, 30))
def test_any_build_step_colour_and_limit_is_said(tmp_path, k, colour, limit):
    """Klondike's tableau rule with any rank step and colour test, and any recycle limit."""
    rank = "dest.top.rank" + (f" + {k}" if k > 0 else f" - {-k}" if k < 0 else "")
    src = (VARIANTS / "klondike.yaml").read_text(encoding="utf-8")
    src = src.replace(
        'accept: "card.rank == dest.top.rank - 1 and card.color != dest.top.color"',
        f'accept: "card.rank == {rank} and card.color {colour} dest.top.color"',
    )
    src = src.replace("limit: redeals", f"limit: {limit}")
    path = tmp_path / f"k_{k}_{'eq' if colour == '==' else 'ne'}_{limit}.yaml"
    path.write_text(src, encoding="utf-8")
    t = flat(describe(rulesdsl.load(str(path))))
    colour_words = "of the same colour" if colour == "==" else "of the other colour"
    if k == 0:
        step = "the same rank as the top card"
    else:
        step = (
            f"{'one' if abs(k) == 1 else ['two', 'three', 'four'][abs(k) - 2]} rank{'s' if abs(k) > 1 else ''} "
            f"{'higher' if k > 0 else 'lower'} than the top card"
        )
    assert f"On its top card it takes a card {step} and {colour_words}." in t
    if limit == 0:
        assert "never (its limit is 0)" in t
    else:
        words = "zero one two three four five six seven eight nine ten".split()
        say = words[limit] if limit <= 10 else str(limit)
        uses = {1: "once", 2: "twice"}.get(limit, f"{say} times")
        passes = words[limit + 1] if limit + 1 <= 10 else str(limit + 1)
        assert f"at most {uses} in a game (so at most {passes} passes through the stock pile)" in t


def test_constant_rules_are_said_plainly(tmp_path):
    path = tmp_path / "t.yaml"
    path.write_text(
        "name: T\npiles:\n  stock: {role: stock}\n  waste: {role: waste, lift: top}\n"
        'deal:\n  - shuffle\n  - {rest: "stock[0]"}\n'
        'actions:\n  draw: {kind: deal, from: "stock[0]", to: "waste[0]", when: "1 > 2"}\nwin: "2 > 1"\n',
        encoding="utf-8",
    )
    t = flat(describe(rulesdsl.load(str(path))))
    assert (
        "draw: deal one card from the stock pile face up onto the waste pile; never possible (its condition is always false)."
        in t
    )
    assert "The game is won at once: the win rule always holds." in t
    assert "No actions" not in t and "No score is kept." in t


def test_history_names_and_a_conditional_flip_are_described():
    """Clock reads the last move in its accept rules and in its flip's `when`."""
    text = describe(rulesdsl.load("clock"))
    assert "the last move" in text
    assert "turns face up as soon as the pile is free, and only when" in text
