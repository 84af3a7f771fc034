"""The validator (rulesdsl check): the corpus of broken files, the win analysis, the playouts.

Each ``tests/broken/v_*.yaml`` file ends with one ``# expect: CODE LINE:COL [FILE]`` line per
diagnostic it must give, exactly (no more, no fewer). ``(options: K=V)`` in its first line
checks it with that option value, as ``rulesdsl check --option K=V`` would.
"""

from __future__ import annotations

import glob
import re
from pathlib import Path

import pytest

import rulesdsl
from rulesdsl.core.errors import Diagnostic, RulesError
from rulesdsl.lang.parser import parse
from rulesdsl.play import game as game_module
from rulesdsl.validation import abstract, validate
from rulesdsl.validation.validate import check_file, check_paths

ROOT = Path(__file__).resolve().parents[2]
BROKEN = ROOT / "tests" / "broken"
CORPUS = sorted(BROKEN.glob("v_*.yaml"))
EXPECT = re.compile(rb"^# expect: ([A-Z]\d{3}) (\d+):(\d+)(?: (\S+))?$", re.M)
OPTION = re.compile(rb"\(options: (\w+)=(\S+)\)")

TINY = """name: Tiny
deck:
  ranks: [A, 2, 3]
piles:
  stock: {role: stock}
  waste: {role: waste, lift: top}
  foundation:
    count: 4
    role: foundation
    accept_empty: "card.rank == A"
    accept: "card.suit == dest.top.suit and card.rank == dest.top.rank + 1"
  tableau:
    count: 3
    role: tableau
    lift: top
    accept: "card.rank == dest.top.rank - 1"
    accept_empty: "true"
deal:
  - shuffle
  - {to: tableau, count: 1}
  - {rest: "stock[0]"}
actions:
  draw: {kind: deal, from: "stock[0]", to: "waste[0]"}
win: "all(f in foundation: f.size == 3)"
"""


def expectations(path: Path):
    raw = path.read_bytes()
    want = [
        (m.group(1).decode(), int(m.group(2)), int(m.group(3)), (m.group(4) or path.name.encode()).decode())
        for m in EXPECT.finditer(raw)
    ]
    m = OPTION.search(raw.splitlines()[0])
    options = {m.group(1).decode(): m.group(2).decode()} if m else None
    return want, options


def codes_in_source() -> set:
    found = set()
    for f in (ROOT / "rulesdsl").rglob("*.py"):
        found |= set(re.findall(r'"([A-Z]\d{3})"', f.read_text(encoding="utf-8")))
    return found


# -- the corpus ----------------------------------------------------------------------------


def test_corpus_is_large_enough():
    assert len(CORPUS) >= 40
    assert len(list(BROKEN.glob("*.yaml"))) >= 40


@pytest.mark.parametrize("path", CORPUS, ids=lambda p: p.stem)
def test_broken_file(path):
    want, options = expectations(path)
    assert want, f"{path.name} has no '# expect:' line"
    got = [(d.code, d.line, d.column, Path(d.file).name) for d in check_file(path, play=2, options=options)]
    assert got == want, "\n".join(d.render() for d in check_file(path, play=2, options=options))


@pytest.mark.parametrize("path", CORPUS, ids=lambda p: p.stem)
def test_broken_file_code_is_in_its_name(path):
    code = path.stem.split("_")[1].upper()
    want, _ = expectations(path)
    assert code in {w[0] for w in want}


# codes no variant file can give: each has its own test below
NOT_FROM_A_FILE = {
    "Y003": "test_missing_file",
    "R001": "test_unknown_variant_name",
    "X702": "test_extends_chain_too_long",
    "V804": "test_card_loss_is_caught",
    "V805": "test_undo_that_does_not_restore_is_caught",
    "V809": "test_engine_failure_is_reported",
    "Y007": "tests/test_hostile_files.py",
    "Y008": "tests/test_hostile_files.py",
    "V901": "tests/solve/test_safe_moves.py",
    "V902": "tests/solve/test_safe_moves.py",
    "V903": "tests/solve/test_dead_ends.py",
}


def test_every_code_is_covered():
    covered = {w[0] for p in CORPUS for w in expectations(p)[0]} | set(NOT_FROM_A_FILE)
    missing = sorted(codes_in_source() - covered)
    assert not missing, f"codes with no broken file and no test: {missing}"


def test_missing_file(tmp_path):
    (d,) = check_file(tmp_path / "nothing.yaml")
    assert d.code == "Y003" and "cannot read" in d.message


def test_unknown_variant_name():
    with pytest.raises(RulesError) as info:
        rulesdsl.load("klondyke")
    assert info.value.first.code == "R001"
    assert "klondike" in info.value.first.hint


def test_extends_chain_too_long(tmp_path):
    for i in range(12):
        (tmp_path / f"c{i}.yaml").write_text(f"extends: c{i + 1}\nname: C{i}\n", encoding="utf-8")
    (tmp_path / "c12.yaml").write_text(TINY, encoding="utf-8")
    (d,) = check_file(tmp_path / "c0.yaml")
    assert (d.code, d.line, d.column) == ("X702", 1, 10)
    assert "longer than 10" in d.message


# -- the dynamic checks, with faults put into the engine on purpose --------------------------


def tiny(tmp_path, text=TINY) -> Path:
    p = tmp_path / "tiny.yaml"
    p.write_text(text, encoding="utf-8")
    return p


def test_tiny_is_clean(tmp_path):
    assert check_file(tiny(tmp_path), play=3) == []


def test_card_loss_is_caught(tmp_path, monkeypatch):
    real = game_module.Game.apply_unchecked

    def lossy(self, move):
        real(self, move)
        if move.kind == "action":
            for pile in self.state.piles:
                if pile:
                    pile.pop()
                    break

    monkeypatch.setattr(game_module.Game, "apply_unchecked", lossy)
    (d,) = check_file(tiny(tmp_path), play=1)
    assert (d.code, d.line, d.column) == ("V804", 23, 3)  # the action 'draw', by its name
    assert "lost" in d.message and "draw" in d.message


def test_undo_that_does_not_restore_is_caught(tmp_path, monkeypatch):
    real = game_module.Game.undo

    def sloppy(self):
        move = real(self)
        self.state.points += 1
        return move

    monkeypatch.setattr(game_module.Game, "undo", sloppy)
    diags = check_file(tiny(tmp_path), play=1)
    assert diags and all(d.code == "V805" for d in diags)
    assert "does not restore" in diags[0].message


def test_engine_failure_is_reported(tmp_path, monkeypatch):
    def broken(self):
        raise RuntimeError("boom")

    monkeypatch.setattr(game_module.Game, "legal_moves", broken)
    (d,) = check_file(tiny(tmp_path), play=1)
    assert d.code == "V809" and "bug in rulesdsl" in d.hint


def test_runtime_failure_names_rule_options_and_seed():
    (d,) = check_file(BROKEN / "v_v801_text_option.yaml", play=2)
    assert d.code == "V801"
    assert "[with options passes=unlimited]" in d.message
    assert "seed 1" in d.message and "text" in d.message
    assert d.source_line.strip() == 'limit: "passes - 1"'


def test_wrong_kind_of_value():
    (d,) = check_file(BROKEN / "v_v802_kind.yaml", play=1)
    assert "'three'" in d.message and "a number is needed" in d.message
    assert "draw=three" in d.message


def test_play_zero_skips_playouts():
    assert check_file(BROKEN / "v_v801_text_option.yaml", play=0) == []


def test_options_fix_one_combination():
    assert check_file(BROKEN / "v_v801_text_option.yaml", play=1, options={"passes": "2"}) == []
    (d,) = check_file(BROKEN / "v_v801_text_option.yaml", play=1, options={"passes": "unlimited"})
    assert d.code == "V801"


def test_check_paths_collects_every_file_and_renders():
    paths = [BROKEN / "v_e201_name.yaml", BROKEN / "v_d506_no_shuffle.yaml"]
    diags = check_paths(paths, play=1)
    assert [d.code for d in diags] == ["E201", "D506"]
    assert [d.severity for d in diags] == ["error", "warning"]
    text = diags[0].render()
    assert text.splitlines()[0].endswith("E201 unknown name 'crad' (did you mean 'card'?)")
    assert text.splitlines()[2].strip() == "^"
    assert diags[1].to_json()["severity"] == "warning"


def test_every_diagnostic_is_a_clean_diagnostic():
    for path in CORPUS:
        want, options = expectations(path)
        for d in check_file(path, play=1, options=options):
            assert isinstance(d, Diagnostic)
            assert d.severity in ("error", "warning")
            assert d.message and "Traceback" not in d.message


def test_option_combinations():
    v = rulesdsl.load("klondike")
    combos = validate.option_combinations(v.option_decls)
    assert combos[0] == {}
    assert len(combos) == 32  # draw 2 x passes 4 x thoughtful 2 x scoring 2, the defaults first
    assert {"draw": 3, "passes": 1, "thoughtful": "no", "scoring": "vegas"} in combos


@pytest.mark.slow
def test_shipped_variants_have_no_errors():
    files = sorted(glob.glob(str(ROOT / "variants" / "*.yaml")))
    errors = [d.render() for d in check_paths(files, play=1) if d.severity == "error"]
    assert not errors, "\n".join(errors)


# -- the win analysis -------------------------------------------------------------------------


def truth(expr, capacities=True, variant="klondike"):
    from rulesdsl.variant.loader import Builder, read_with_extends

    doc = read_with_extends(ROOT / "variants" / f"{variant}.yaml")
    b = Builder(doc, None, variant)
    v = b.build()
    tree = b.checker.check(parse(expr), "state").tree  # what the analysis reads: the checked tree
    return set(abstract._Abstract(b.world, v, capacities).truth(tree))


@pytest.mark.parametrize(
    "expr, want",
    [
        ("false", {False}),
        ("true", {True}),
        ("all(f in foundation: f.size == 13)", {True, False}),
        ("all(f in foundation: f.size == 53)", {False}),
        ("foundation[0].size > 52", {False}),
        ("foundation[0].size >= 0", {True}),
        ("sum(f in foundation: f.size) == 52", {True, False}),
        ("sum(f in foundation: f.size) > 208", {False}),
        ("len(cards(tableau)) == 0 and stock[0].empty", {True, False}),
        ("count(t in tableau: t.empty) == 8", {False}),
        ("count(t in tableau: t.empty) == 7", {True, False}),
        ("(1 if draw == 1 else 2) == 1", {True}),
        ("tableau[0].size + 1 == 0", {False}),
        ("any(t in tableau: t.top.rank == 14)", {False}),
        ("not (stock[0].size < 0)", {True}),
        ("used('draw') < 0", {False}),
        ("all(t in tableau: all(c in t.cards: c.rank > 0))", {True, False}),
    ],
)
def test_win_analysis(expr, want):
    assert truth(expr) == want


def test_win_analysis_sees_capacities():
    assert truth("all(f in kings: f.size == 13)", variant="sultan") == {True, False}
    assert truth("all(f in aces: f.size == 13)", True, "sultan") == {False}
    assert truth("all(f in aces: f.size == 13)", False, "sultan") == {True, False}


# -- group names in quotes, face-down deals, automatic moves that cannot play, cards that cannot return --

NEW_STATIC = {"E236", "D509", "A615", "V705"}


def test_shipped_variants_give_none_of_the_new_static_diagnostics():
    files = sorted(glob.glob(str(ROOT / "variants" / "*.yaml")))
    found = [d.render() for d in check_paths(files, play=0) if d.code in NEW_STATIC]
    assert not found, "\n".join(found)


def _codes(tmp_path, text, name="t.yaml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return [d.code for d in check_file(path, play=0)]


def _variant_of(broken: str) -> str:
    return (BROKEN / broken).read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "rule, bad",
    [
        ("source.group == 'tablaeu'", True),
        ("'tablaeu' == source.group", True),
        ("source.group != 'Tableau'", True),
        ("source.group in ['waste', 'tablaeu']", True),
        ("source.group not in ['waste', 'tablaeu']", True),
        ("source.group == 'tableau'", False),
        ("source.group in ['waste', 'tableau']", False),
        ("any(p in tableau: p.group == 'waste')", False),
        ("any(p in tableau: p.group == 'wast')", True),
        ("source.group == dest.group", False),
    ],
)
def test_group_names_in_quotes_must_name_a_group(tmp_path, rule, bad):
    text = TINY.replace('accept_empty: "true"', f'accept_empty: "{rule}"')
    assert ("E236" in _codes(tmp_path, text)) is bad


def test_a_group_name_error_suggests_the_closest_group(tmp_path):
    path = tmp_path / "t.yaml"
    path.write_text(TINY.replace('accept_empty: "true"', "accept_empty: \"source.group == 'tablaeu'\""))
    (d,) = [d for d in check_file(path, play=0) if d.code == "E236"]
    assert d.hint == "did you mean 'tableau'?" and d.severity == "error"


@pytest.mark.parametrize(
    "steps, bad",
    [
        # onto face-up cards: kept face up beneath (no action takes from the tableau here)
        ("  - {to: tableau, count: 1}\n  - {to: tableau, count: 2, down: 1}\n", False),
        ("  - {to: tableau, count: 1}\n  - {to: tableau, count: 2, up: 1}\n", False),
        ("  - {to: tableau, count: 1}\n  - {to: tableau, count: [0, 1, 0], down: 1, play: foundation}\n", True),
        ('  - {to: "stock[0]", count: 1}\n  - {to: "stock[0]", count: 1, down: 1}\n', True),  # the draw takes from it
        ("  - {to: tableau, count: 2, down: 1}\n  - {to: tableau, count: 1}\n", False),
        ("  - {to: tableau, count: 1, down: 1}\n  - {to: tableau, count: 1, down: 1}\n", False),
        ("  - {to: tableau, count: [1, 0, 0]}\n  - {to: tableau, count: [0, 1, 1], down: [0, 1, 1]}\n", False),
    ],
)
def test_face_down_cards_dealt_onto_face_up_ones(tmp_path, steps, bad):
    text = TINY.replace("  - {to: tableau, count: 1}\n", steps)
    assert ("D509" in _codes(tmp_path, text)) is bad


def test_an_automatic_move_from_face_down_piles_warns_unless_something_turns_them_up(tmp_path):
    bad = _variant_of("v_a615_auto_move_face_down.yaml")
    assert "A615" in _codes(tmp_path, bad)
    flipped = bad.replace("auto:\n", "auto:\n  - flip: reserve\n")
    assert "A615" not in _codes(tmp_path, flipped)
    dealt_up = bad.replace("{to: reserve, count: 2, down: 2}", "{to: reserve, count: 2, down: 1}")
    assert "A615" not in _codes(tmp_path, dealt_up)
    taking = bad.replace("    role: reserve\n", '    role: reserve\n    accept_empty: "true"\n')
    assert "A615" not in _codes(tmp_path, taking)
    both = bad.replace("{move: reserve, to: foundation}", "{move: [reserve, tableau], to: foundation}")
    assert "A615" not in _codes(tmp_path, both)


def test_a_dealt_foundation_card_that_can_leave_but_never_return_warns(tmp_path):
    bad = _variant_of("v_v705_dealt_card_no_return.yaml")
    assert "V705" in _codes(tmp_path, bad)
    back = bad.replace(
        "    lift: top\n    accept:", '    lift: top\n    accept_empty: "card.rank == A"\n    accept:', 1
    )
    assert "V705" not in _codes(tmp_path, back)
    wrong = back.replace('accept_empty: "card.rank == A"', 'accept_empty: "card.rank == 2"')
    assert "V705" in _codes(tmp_path, wrong)
    from_tableau = back.replace('"card.rank == A"', "\"card.rank == A and source.group == 'tableau'\"")
    assert "V705" not in _codes(tmp_path, from_tableau)  # it may come back from some pile
    kept = bad.replace("    lift: top\n    accept:", "    accept:", 1)
    assert "V705" not in _codes(tmp_path, kept)  # lift: none: it never leaves
