"""A variant given as text (the workbench, a task on a cluster worker): the file's rules, and
an extends that reaches shipped variants by name only, never a file."""

from __future__ import annotations

import pytest

from rulesdsl.core.errors import RulesError
from rulesdsl.core.limits import MAX_VARIANT_BYTES
from rulesdsl.engine.deal import deal
from rulesdsl.variant.loader import load, load_report, load_text
from rulesdsl.variant.registry import find_variant


def test_the_text_of_a_shipped_file_gives_the_same_variant_and_deal():
    text = find_variant("golf").read_text(encoding="utf-8")
    v = load_text(text, label="golf.yaml")
    assert v.name == load("golf").name
    assert deal(v, 7).piles == deal(load("golf"), 7).piles


def test_extends_names_a_shipped_variant_and_options_apply():
    v = load_text("extends: klondike\nname: My Klondike\n", {"draw": 3})
    assert v.name == "My Klondike"
    assert deal(v, 3).piles == deal(load("klondike", {"draw": 3}), 3).piles


@pytest.mark.parametrize("parent", ["../variants/klondike.yaml", "/etc/passwd", "klondike.yaml", "./klondike", "nope"])
def test_extends_never_reaches_a_file(parent):
    with pytest.raises(RulesError) as exc:
        load_text(f"extends: {parent!r}\nname: X\n", label="<workbench>")
    d = exc.value.first
    assert d.code == "X703" and d.file == "<workbench>" and d.line == 1
    assert "shipped variant" in d.message


def test_a_mistake_is_placed_at_its_line_and_column_in_the_text():
    text = find_variant("golf").read_text(encoding="utf-8").replace("\nwin:", "\nwinn:", 1)
    report = load_report("<workbench>", text=text)
    assert report.variant is None
    bad = [d for d in report.diagnostics if d.severity == "error"]
    line = text.splitlines().index(next(x for x in text.splitlines() if x.startswith("winn:"))) + 1
    assert any(d.line == line and d.column == 1 and d.file == "<workbench>" for d in bad), bad


def test_text_over_the_file_cap_is_refused_before_it_is_parsed():
    with pytest.raises(RulesError) as exc:
        load_text("#" * (MAX_VARIANT_BYTES + 1))
    assert exc.value.first.code == "Y008"
    assert load_report("<t>", text="[" * (MAX_VARIANT_BYTES + 5)).diagnostics[0].code == "Y008"


def test_yaml_errors_in_text_are_located():
    with pytest.raises(RulesError) as exc:
        load_text("name: 'open\n", label="<workbench>")
    assert exc.value.first.code == "Y001" and exc.value.first.file == "<workbench>"
