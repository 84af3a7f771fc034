"""SVG pictures (rulesdsl.svg.position, `rulesdsl svg`, the runner's `svg FILE`): every shipped
variant draws; each picture is XML with every card once, empty piles outlined and named, the
highlighted piles framed, and nothing fetched from outside."""

import os
import random
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulesdsl
from rulesdsl.core.cards import rank_text
from rulesdsl.core.errors import InputError
from rulesdsl.formats import svg
from tests.hostile import assert_refused, probe
from tests.runners.test_runner import session
from tests.test_cli import run

NS = "{http://www.w3.org/2000/svg}"
ROOT = Path(__file__).resolve().parents[2]
VARIANTS = sorted(p.stem for p in (ROOT / "variants").glob("*.yaml"))
assert len(VARIANTS) >= 40
MOVES = int(os.environ.get("RULESDSL_SVG_MOVES", "6"))


def parse(text: str) -> ET.Element:
    root = ET.fromstring(text)
    assert root.tag == NS + "svg"
    return root


def cards(root) -> list:
    return [e for e in root.iter() if "data-card" in e.attrib]


def expected(g) -> tuple[Counter, Counter]:
    """(pile name, card text) of every face-up card, and face-down cards per pile, from the position."""
    v, s = g.variant, g.state
    up, down = Counter(), Counter()
    for p, pile in enumerate(s.piles):
        for i, c in enumerate(pile):
            if s.is_down(p, i):  # (a face-up card may lie under a face-down one: Martha)
                down[v.pile_name(p)] += 1
            else:
                up[(v.pile_name(p), v.deck.text(c, copy=True))] += 1
    return up, down


def check_picture(g, text: str) -> ET.Element:
    """Everything a picture must be, whatever the variant and position."""
    root = parse(text)
    v, s = g.variant, g.state
    up, down = expected(g)
    seen_up, seen_down = Counter(), Counter()
    for e in cards(root):
        if e.get("data-card") == "#":
            seen_down[e.get("data-pile")] += 1
            continue
        seen_up[(e.get("data-pile"), e.get("data-card"))] += 1
        # readable: the corner says rank and suit, in the suit's colour
        rank, suit, _ = v.deck.parse_card(e.get("data-card"))
        corner = ("10" if rank == 10 else rank_text(rank)) + v.deck.suits[suit].symbol
        assert corner in ["".join(t.itertext()) for t in e.iter(NS + "text")]
        colour = v.deck.suits[suit].color
        assert e.get("fill") == svg.COLOURS.get(colour, e.get("fill"))
    assert seen_up == up  # every face-up card once, in its pile (copies of several decks counted)
    assert seen_down == down  # every face-down card once, as a back, never named
    assert sum(seen_up.values()) + sum(seen_down.values()) == s.card_count()
    # empty piles: a dashed outline with the pile's name as the notation writes it
    empty = {e.get("data-empty"): e for e in root.iter() if "data-empty" in e.attrib}
    assert set(empty) == {v.pile_name(p) for p in range(v.layout.size) if not s.piles[p]}
    for name, e in empty.items():
        assert e.find(NS + "rect").get("stroke-dasharray")
        assert "".join("".join(t.itertext()) for t in e.iter(NS + "text")) == name
    assert_self_contained(text)
    return root


def assert_self_contained(text: str) -> None:
    for m in re.finditer(r"href\s*=\s*([\"'])(.*?)\1", text):
        assert m.group(2).startswith("#"), m.group(0)
    for m in re.finditer(r"url\(\s*([^)]*)\)", text):
        assert m.group(1).strip("'\"").startswith("#"), m.group(0)
    for bad in ("<image", "<script", "@import", "<foreignObject", "<style", "font-face"):
        assert bad not in text
    families = set(re.findall(r'font-family="([^"]*)"', text))
    assert families <= {"sans-serif", "serif", "monospace"}, families


def card_boxes(root) -> dict:
    """pile name -> list of (x, y, w, h) of its cards' outer rectangles."""
    out: dict = {}
    for e in cards(root):
        r = e if e.tag == NS + "rect" else e.find(NS + "rect")
        box = tuple(float(r.get(k)) for k in ("x", "y", "width", "height"))
        out.setdefault(e.get("data-pile"), []).append(box)
    return out


def meets(a, b) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def check_geometry(g, root) -> None:
    """Piles of different groups, or of a group that is not laid in overlapping rows, never
    overlap; a covering place is drawn after, and over, the place it covers."""
    v = g.variant
    boxes = card_boxes(root)
    names = list(boxes)
    order = [e.get("data-pile") for e in cards(root)]
    for i, a in enumerate(names):
        pa = v.pile_index(a)
        ga = v.layout.groups[v.layout.group_of[pa]]
        for b in names[i + 1 :]:
            pb = v.pile_index(b)
            if ga.overlap and v.layout.group_of[pb] == ga.name:
                continue
            assert not any(meets(x, y) for x in boxes[a] for y in boxes[b]), (a, b)
    for p, covering in enumerate(v.layout.covers):
        for q in covering:
            a, b = v.pile_name(p), v.pile_name(q)
            if a in boxes and b in boxes:
                assert max(i for i, n in enumerate(order) if n == a) < order.index(b)
                assert meets(boxes[a][-1], boxes[b][0])


def random_game(name, seed, moves, options=None):
    g = rulesdsl.load(name, options or {}).new_game(seed)
    rnd = random.Random(seed)
    last = None
    for _ in range(moves):
        legal = g.legal_moves()
        if not legal:
            break
        last = rnd.choice(legal)
        g.play(last)
    return g, last


@pytest.mark.parametrize("name", VARIANTS)
def test_every_variant_draws_after_the_deal_and_after_random_moves(name):
    g = rulesdsl.load(name).new_game(5)
    check_geometry(g, check_picture(g, svg.position(g)))
    g, last = random_game(name, 11, MOVES)
    text = svg.position(g, last)
    root = check_picture(g, text)
    check_geometry(g, root)
    assert text == svg.position(g, last)  # deterministic
    if last is not None and last.kind != "action":
        frames = {(e.get("data-highlight"), e.get("data-pile")) for e in root.iter() if "data-highlight" in e.attrib}
        want = {("source", g.variant.pile_name(p)) for p in last.sources} | {("dest", g.variant.pile_name(last.dest))}
        assert frames == want


@pytest.mark.parametrize(
    "name,options", [("pyramid", {"wastes": "3"}), ("sakhmet", {"level": "draw3"}), ("spider", {"suits": "1"})]
)
def test_options_that_change_the_layout_draw(name, options):
    g, last = random_game(name, 3, MOVES, options)
    check_geometry(g, check_picture(g, svg.position(g, last)))


@settings(max_examples=int(os.environ.get("RULESDSL_SVG_EXAMPLES", "12")), deadline=None)
@given(
    name=st.sampled_from(["pyramid", "sarlacc", "tripeaks", "maze", "sultan", "osmosis", "gaps", "accordion"]),
    seed=st.integers(0, 2**32),
    moves=st.integers(0, 40),
)
def test_any_position_of_the_geometric_games_draws_every_card_once(name, seed, moves):
    g, last = random_game(name, seed, moves)
    check_geometry(g, check_picture(g, svg.position(g, last)))


def test_covered_places_show_their_corner_only_and_rows_overlap_half_a_card():
    g = rulesdsl.load("pyramid").new_game(1)
    root = parse(svg.position(g))
    boxes = card_boxes(root)
    apex, below = boxes["pyramid[0]"][0], boxes["pyramid[1]"][0]
    assert below[1] - apex[1] == svg.H / 2  # the next row lies half a card lower
    assert below[0] < apex[0] < boxes["pyramid[2]"][0][0]  # the apex rests on the two below it
    texts = {e.get("data-pile"): len(list(e.iter(NS + "text"))) for e in cards(root)}
    assert texts["pyramid[0]"] == 1  # covered: the corner only
    assert texts["pyramid[27]"] == 2  # free: the corner and the big suit symbol


def test_highlight_as_a_pair_of_names_or_indices_and_for_an_action():
    v = rulesdsl.load("klondike")
    g = v.new_game(2)
    for pair in (("tableau[0]", "foundation[1]"), (v.pile_index("tableau[0]"), v.pile_index("foundation[1]"))):
        root = parse(svg.position(g, pair))
        frames = sorted(
            (e.get("data-highlight"), e.get("data-pile")) for e in root.iter() if "data-highlight" in e.attrib
        )
        assert frames == [("dest", "foundation[1]"), ("source", "tableau[0]")]
    draw = g.play("draw")
    root = parse(svg.position(g, draw))
    frames = sorted((e.get("data-highlight"), e.get("data-pile")) for e in root.iter() if "data-highlight" in e.attrib)
    assert frames == [("dest", "waste[0]"), ("source", "stock[0]")]
    assert "data-highlight" not in svg.position(g)
    for bad in (("tableau[99]", "waste[0]"), (0, 10_000), ("waste[0]",), "waste[0]", (True, 1), (None, 1)):
        with pytest.raises(InputError):
            svg.position(g, bad)


def test_several_decks_count_each_copy():
    g = rulesdsl.load("sultan").new_game(7)
    root = check_picture(g, svg.position(g))
    faces = Counter(e.get("data-card") for e in cards(root))
    # two kings of spades and of diamonds lead foundations: the second deck's copy is written KS.1
    assert faces["KS"] == faces["KS.1"] == faces["KD"] == faces["KD.1"] == 1
    assert faces["#"] == g.state.down[g.variant.pile_index("stock[0]")]


def test_text_from_the_file_is_escaped_and_colours_come_from_the_deck(tmp_path):
    text = (ROOT / "variants" / "maze.yaml").read_text()
    text = text.replace("name: Maze", 'name: "<b>M&z\'e\\" \\x01]]></b>"')
    text = text.replace(
        "deck: {}",
        'deck:\n  suits:\n    - {name: a, letter: S, symbol: "<&>", color: black}\n'
        '    - {name: b, letter: H, symbol: "\\"\'", color: red}\n'
        '    - {name: c, letter: D, symbol: "]]>", color: green}\n'
        '    - {name: d, letter: C, symbol: "&amp", color: teal}',
    )
    path = tmp_path / "odd.yaml"
    path.write_text(text)
    g = rulesdsl.load(str(path)).new_game(1)
    out = svg.position(g)
    root = check_picture(g, out)
    title = "".join(next(root.iter(NS + "text")).itertext())
    assert title.startswith("<b>M&z'e\" ]]></b>")  # the control character dropped, the rest kept
    fills = {e.get("fill") for e in cards(root)}
    assert {svg.COLOURS["black"], svg.COLOURS["red"], svg.COLOURS["green"]} < fills
    assert len(fills) == 4  # teal, unknown, takes a colour of the palette of its own


def test_a_pile_the_layout_names_twice_or_leaves_out_is_drawn_once(tmp_path):
    for name, layout in (
        ("maze", "layout:\n  - [place]\n  - [place]\n"),
        ("klondike", 'layout:\n  - ["tableau[2]", stock]\n  - [tableau, "tableau[2]"]\n'),
    ):
        text = (ROOT / "variants" / f"{name}.yaml").read_text()
        text = re.sub(r"^layout:\n(  - .*\n)+", layout, text, flags=re.M)
        assert layout in text
        path = tmp_path / f"{name}.yaml"
        path.write_text(text)
        g, last = random_game(str(path), 2, 5)
        root = check_picture(g, svg.position(g, last))  # waste and foundations, left out, drawn too
        check_geometry(g, root)


def test_cli_writes_stdout_or_a_file(tmp_path):
    code, out, err = run("svg", "maze", "--seed", "4")
    assert code == 0, err
    g = rulesdsl.load("maze").new_game(4)
    assert out == svg.position(g)
    path = tmp_path / "pyr.svg"
    code, out, err = run("svg", "pyramid", "--seed", "2", "--after", "draw; draw,draw", "-o", str(path))
    assert (code, out, err) == (0, "", "")
    g = rulesdsl.load("pyramid").new_game(2)
    for _ in range(3):
        last = g.play("draw")
    assert path.read_text() == svg.position(g, last)
    moves = tmp_path / "moves.txt"
    moves.write_text("draw\n# a comment\ndraw\n")
    code, out, _ = run("svg", "pyramid", "--seed", "2", "--after", str(moves), "--option", "wastes=3")
    assert code == 0 and 'data-pile="waste[2]"' in out
    moves.write_text("draw\n# a comment\ndraw, draw\n\nnonsense\n")
    code, out, err = run("svg", "pyramid", "--seed", "2", "--after", str(moves))
    assert code == 2 and out == ""
    assert f"{moves}:5: move 4 (nonsense): cannot read move" in err


def test_cli_position_and_deal(tmp_path):
    pos = tmp_path / "pos.json"
    code, out, _ = run("show", "freecell", "--deal", "617", "--json")
    pos.write_text(out)
    code, from_file, err = run("svg", "freecell", "--position", str(pos))
    assert code == 0, err
    code, dealt, err = run("svg", "freecell", "--deal", "617")
    assert code == 0, err
    root = parse(dealt)
    assert Counter(e.get("data-card") for e in cards(root)) == Counter(
        e.get("data-card") for e in cards(parse(from_file))
    )
    assert "deal 617" in dealt


@pytest.mark.parametrize(
    "args,message",
    [
        (["svg", "maze", "--after", "KS@place[0]>place[8]"], "--after: move 1"),
        (["svg", "pyramid", "--after", "draw;draw;nonsense"], "--after: move 3 (nonsense)"),
        (["svg", "nosuchgame"], "no variant named"),
        (["svg", "pyramid", "--option", "wastes=7"], "wastes"),
        (["svg", "maze", "--seed", "-3"], "seed"),
        (["svg", "maze", "--seed", "1", "--deal", "3"], "not both"),
        (["svg", "maze", "--position", "/nonexistent/pos.json"], "/nonexistent/pos.json"),
        (["svg", "maze", "-o", "/nonexistent/dir/out.svg"], "/nonexistent/dir/out.svg"),
    ],
)
def test_cli_bad_input_exits_2_with_a_message(args, message):
    code, out, err = run(*args)
    assert code == 2
    assert message in err and "Traceback" not in err
    assert out == ""


def test_cli_bad_input_in_a_child_process_is_refused_cleanly(tmp_path):
    r = probe("svg", "maze", "--after", "draw", "-o", tmp_path)
    assert_refused(r, located=False, codes=(2,))
    assert "--after: move 1 (draw)" in r.err


def test_runner_svg_command_writes_the_position_with_the_last_move(tmp_path):
    path = tmp_path / "now.svg"
    g, text = session(["draw", f"svg {path}", "svg", f"svg {tmp_path}", "q"], variant="klondike", seed=4)
    assert f"picture written to {path}" in text
    assert "svg needs one file name" in text
    assert f"cannot write to {tmp_path}" in text
    root = check_picture(g, path.read_text())
    frames = sorted((e.get("data-highlight"), e.get("data-pile")) for e in root.iter() if "data-highlight" in e.attrib)
    assert frames == [("dest", "waste[0]"), ("source", "stock[0]")]
    assert "svg FILE" in session(["help", "q"])[1]


def test_the_python_example_of_docs_pictures_runs():
    doc = (ROOT / "docs" / "pictures.md").read_text(encoding="utf-8")
    code = re.search(r"```python\n(.*?)```", doc, re.S).group(1)
    scope: dict = {}
    exec(compile(code, "docs/pictures.md", "exec"), scope)
    root = parse(scope["text"])
    frames = sorted((e.get("data-highlight"), e.get("data-pile")) for e in root.iter() if "data-highlight" in e.attrib)
    assert frames == [("dest", "discard[0]"), ("source", "waste[0]")]


def test_standard_output_is_utf8_whatever_the_locale():
    env = dict(os.environ, PYTHONIOENCODING="ascii")
    proc = subprocess.run(
        [sys.executable, "-m", "rulesdsl", "svg", "maze", "--seed", "3"], capture_output=True, env=env
    )
    assert proc.returncode == 0, proc.stderr
    text = proc.stdout.decode("utf-8")
    assert text.startswith('<?xml version="1.0" encoding="UTF-8"?>')
    assert text == svg.position(rulesdsl.load("maze").new_game(3))
