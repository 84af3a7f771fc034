"""What a page and a screen reader need from a picture: every pile one element with
data-pile and an aria-label in words, every card named in words, the variant's own labels
as captions, and captions that never run into each other."""

import re
from collections import Counter

import pytest

import rulesdsl
from rulesdsl.formats import svg
from tests.formats.test_svg import NS, VARIANTS, cards, parse, random_game


def pile_groups(root) -> dict:
    out = {}
    for e in root.iter(NS + "g"):
        if "data-pile" in e.attrib and "data-card" not in e.attrib:
            assert e.get("data-pile") not in out, e.get("data-pile")
            out[e.get("data-pile")] = e
    return out


def caption_spans(root) -> list:
    """(y, left, right) of each caption, its right edge from textLength or a generous estimate."""
    out = []
    for e in root.iter(NS + "text"):
        if "data-caption" in e.attrib:
            x, text = float(e.get("x")), "".join(e.itertext())
            width = float(e.get("textLength") or len(text) * 10 * 0.6)
            out.append((float(e.get("y")), x, x + width))
    return out


@pytest.mark.parametrize("name", VARIANTS)
def test_every_pile_is_one_named_group_holding_its_cards_and_captions_never_overlap(name):
    g, _ = random_game(name, 3, 4)
    v = g.variant
    root = parse(svg.position(g))
    groups = pile_groups(root)
    assert set(groups) == {v.pile_name(p) for p in range(v.layout.size)}
    for pile, e in groups.items():
        p = v.pile_index(pile)
        label = e.get("aria-label")
        assert label.startswith(svg.pile_words(v, p) + ": ")
        assert "[" not in label  # words, not notation
        assert e.get("data-role") == v.rules[p].role.value
        inside = [c for c in e.iter() if "data-card" in c.attrib]
        assert [c.get("data-pile") for c in inside] == [pile] * len(g.state.piles[p])
        assert label.endswith("empty") == (not inside)
    for c in cards(root):
        words = c.get("aria-label")
        where = svg.pile_words(v, v.pile_index(c.get("data-pile")))
        if c.get("data-card") == "#":
            assert words == f"face-down card, {where}"
        else:
            card, _ = words.split(", ", 1)
            assert re.fullmatch(r"[\w-]+ of [\w-]+", card), words
            assert words.endswith(", " + where)
    spans = sorted(caption_spans(root))
    for (y1, a1, b1), (y2, a2, _) in zip(spans, spans[1:]):
        assert y1 != y2 or b1 <= a2, (spans, name)


def test_captions_use_the_variants_labels_and_cards_are_named_in_words():
    g = rulesdsl.load("golf").new_game(1)
    root = parse(svg.position(g))
    captions = ["".join(e.itertext()) for e in root.iter(NS + "text") if "data-caption" in e.attrib]
    assert captions == ["Stock", "Foundation", "Columns"]
    top = g.state.piles[g.variant.pile_index("tableau[2]")][-1]
    words = svg.card_words(g.variant, top)
    e = next(
        c for c in cards(root) if c.get("data-pile") == "tableau[2]" and c.get("data-card") == g.variant.deck.text(top)
    )
    assert e.get("aria-label") == f"{words}, Columns 3"
    assert pile_groups(root)["tableau[2]"].get("aria-label") == f"Columns 3: 5 cards, {words} on top"
    assert pile_groups(root)["stock[0]"].get("aria-label") == "Stock: 16 cards, all face down"
    seven = g.variant.deck.copies(7, 2)[0]  # diamonds are the third standard suit
    assert svg.card_words(g.variant, seven) == "seven of diamonds"


def test_captions_are_labels_never_notation_one_per_group():
    g = rulesdsl.load("freecell").new_game(2)
    root = parse(svg.position(g))
    captions = {"".join(e.itertext()): e for e in root.iter(NS + "text") if "data-caption" in e.attrib}
    for text in captions:
        assert not re.search(r"\w\[\d", text)  # never tableau[0]foundation[1]
    assert len(captions) == 3
    assert Counter(c.get("data-card") for c in cards(root))["#"] == 0
