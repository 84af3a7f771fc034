"""A file's text is parsed once and each reader gets its own copy (source.PARSED)."""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl.core.errors import RulesError
from rulesdsl.variant import source

TEXT = "name: t\npiles:\n  - {name: a, count: 2}\nwin: 'true'\n"


def test_a_reader_changing_its_data_leaves_the_next_reader_s_alone():
    first = source.read_text(TEXT, "t.yaml")
    first.data["piles"][0]["count"] = 9
    first.marks.clear()
    second = source.read_text(TEXT, "t.yaml")
    assert second.data["piles"][0]["count"] == 2
    assert second.marks[("piles", 0, "count")] == source.Mark(3, 22)
    assert second.key_marks[("piles",)] == source.Mark(2, 1)


def test_an_edited_text_is_parsed_again():
    source.read_text(TEXT, "t.yaml")
    edited = source.read_text(TEXT.replace("count: 2", "count: 3"), "t.yaml")
    assert edited.data["piles"][0]["count"] == 3


def test_a_broken_text_fails_every_time_and_is_not_kept():
    broken = "name: t\npiles: [\n"
    for _ in range(2):
        with pytest.raises(RulesError) as err:
            source.read_text(broken, "b.yaml")
        assert err.value.diagnostics[0].code == "Y001"
    assert not any(text == broken for _, text in source.PARSED)


def test_the_kept_texts_are_bounded(monkeypatch):
    monkeypatch.setattr(source, "PARSED", {})
    monkeypatch.setattr(source, "PARSED_MAX", 3)
    for n in range(5):
        source.read_text(f"name: t{n}\n", "t.yaml")
    assert len(source.PARSED) == 3


def test_a_variant_loaded_twice_is_two_variants_with_the_same_rules():
    a, b = rulesdsl.load("klondike"), rulesdsl.load("klondike")
    assert a is not b
    assert a.new_game(7).state.key() == b.new_game(7).state.key()
