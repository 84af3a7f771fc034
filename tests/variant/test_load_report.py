"""loader.load_report, the validator's entry point: the document, every diagnostic, the Variant
(or None) and the declared options, also when the file has errors."""

from __future__ import annotations

from pathlib import Path

from rulesdsl.variant import loader

ROOT = Path(__file__).resolve().parents[2]
BROKEN = ROOT / "tests" / "broken"


def test_a_file_broken_with_its_default_options_still_says_which_options_it_declares():
    path = BROKEN / "v_p323_decks_from_options.yaml"  # copies: 9 (the default) is too many decks
    r = loader.load_report(path)
    assert r.variant is None and r.document is not None
    assert [d.code for d in r.diagnostics if d.severity == "error"] == ["P323"]
    assert [(o.name, o.values) for o in r.declared] == [("copies", (1, 9))]
    other = loader.load_report(path, {"copies": 1}, document=r.document)  # the same text, read once
    assert other.variant is not None and other.document is r.document
    assert not [d for d in other.diagnostics if d.severity == "error"]
    assert other.data["deck"]["decks"] == "copies" and other.variant.deck.size == 12


def test_an_unreadable_file_has_no_document(tmp_path):
    r = loader.load_report(tmp_path / "missing.yaml")
    assert r.document is None and r.variant is None and r.declared == ()
    assert r.diagnostics and r.diagnostics == loader.diagnose(tmp_path / "missing.yaml")


def test_a_file_that_is_no_variant_says_so(tmp_path):
    path = tmp_path / "list.yaml"
    path.write_text("- 1\n- 2\n", encoding="utf-8")
    r = loader.load_report(path)
    assert r.variant is None and r.document is not None
    assert [d.code for d in r.diagnostics] == [d.code for d in loader.diagnose(path)]


def test_the_rules_are_watched_when_asked():
    seen = []

    def wrap(fn, path, want):
        seen.append((path, want))
        return fn

    r = loader.load_report(ROOT / "variants" / "klondike.yaml", wrap=wrap)
    assert r.variant is not None and r.variant.watched
    assert (("win",), "bool") in seen
    assert not loader.load_report(ROOT / "variants" / "klondike.yaml").variant.watched
