"""Variant.rules_text: the rules' text the solver proves things from, taken once by the loader
(so no stage after it reads the variant file again)."""

import shutil

import rulesdsl
from rulesdsl.solve.analysis import analyse
from rulesdsl.solve.dead_ends import derive_dead
from rulesdsl.solve.safe_moves import derive_safe
from rulesdsl.solve.stock_macros import derive_stock
from rulesdsl.variant.loader import load_path
from rulesdsl.variant.model import RulesText
from rulesdsl.variant.registry import find_variant


def test_the_rules_are_kept_and_prose_and_display_left_out():
    data = {
        "name": "x",
        "rules": "prose",
        "piles": {"t": {"accept": "card.rank == 1", "label": "T", "count": 2, "max_run": 3}, "c": 3},
        "win": True,
        "define": {"f(a)": "a + 1"},
        "options": {"draw": {"values": [1, 3]}},
        "params": {"n": 1, 2: 3},
        "auto": [{"flip": "t"}],
    }
    t = RulesText.of(data)
    assert t.strings == (
        (("piles", "t", "accept"), "card.rank == 1"),
        (("define", "f(a)"), "a + 1"),
        (("auto", 0, "flip"), "t"),
    )
    assert t.win is None  # not text: nothing to prove from
    assert t.defines == (("f(a)", "a + 1"),)
    assert [(name, None if spec is None else dict(spec)) for name, spec in t.piles] == [
        ("t", {"accept": "card.rank == 1", "max_run": 3}),
        ("c", None),
    ]
    assert t.params == {"draw", "n"}
    assert RulesText.of({"piles": ["t"]}) is None and RulesText.of("piles") is None


def test_the_loader_fills_it_from_the_merged_file():
    v = rulesdsl.load("bakers_game")  # extends freecell
    text = v.rules_text
    assert text is not None and text.win == "all(f in foundation: f.size == 13)"
    assert {name for name, _ in text.piles} >= {"foundation", "tableau", "cell"}
    assert not any(path[0] in ("name", "description", "rules") for path, _ in text.strings)


def test_the_derivations_read_the_variant_not_the_file(tmp_path):
    """A variant whose file is gone after loading derives the same as one loaded normally."""
    for name in ("freecell", "black_hole", "klondike"):
        copy = tmp_path / f"{name}.yaml"
        shutil.copy(find_variant(name), copy)
        v = load_path(copy)
        copy.unlink()
        shipped = rulesdsl.load(name)
        assert analyse(v) == analyse(shipped)
        for derive in (derive_safe, derive_dead, derive_stock):
            assert (derive(v) is None) == (derive(shipped) is None), (name, derive.__name__)


def test_the_variant_carries_its_extends_chain_so_no_later_stage_reads_the_file(tmp_path):
    """Variant.lineage: the `extends` names, parent first; a file that extends nothing has none."""
    assert rulesdsl.load("klondike").lineage == ()
    assert rulesdsl.load("sakhmet").lineage == ("klondike",)
    child = tmp_path / "child.yaml"
    child.write_text("extends: sakhmet\nname: Child of Sakhmet\n", encoding="utf-8")
    assert rulesdsl.load_path(child).lineage == ("sakhmet", "klondike")
