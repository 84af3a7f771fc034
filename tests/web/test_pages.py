"""The HTML pages (TestClient): the catalogue with its pictures and search, the game page's
start from the query, the rules and statistics pages, escaping, 404s for what is not a
registered variant, and nothing fetched from outside the package."""

from __future__ import annotations

import html
import json
import re

import pytest

import rulesdsl
from rulesdsl.formats import svg
from rulesdsl.formats.describe import SECTIONS
from rulesdsl.variant import registry
from rulesdsl.variant.schema import FAMILIES
from tests.web.conftest import client_for

NAMES = registry.names()


def start_of(page: str) -> dict:
    m = re.search(r'data-start="([^"]*)"', page)
    assert m, page[:500]
    return json.loads(html.unescape(m.group(1)))


def assert_local(page: str) -> None:
    """Every src and href is this server's (or the empty icon): no CDN, nothing from outside."""
    for m in re.finditer(r'(?:src|href)="([^"]*)"', page):
        url = m.group(1)
        assert url.startswith(("/", "#", "data:,")) and not url.startswith("//"), url


def test_the_catalogue_lists_every_variant_with_its_picture_description_family_and_options(client):
    r = client.get("/")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    page = r.text
    assert_local(page)
    for name in NAMES:
        assert f'data-variant="{name}"' in page
        assert f'src="/pictures/{name}.svg"' in page and f'href="/play/{name}"' in page
        assert f'href="/rules/{name}"' in page and f'href="/stats/{name}"' in page
    v = rulesdsl.load("klondike")
    assert html.escape(v.description, quote=True) in page
    assert "Family: Klondike" in page
    for o in v.option_decls:
        assert f"<code>{o.name}</code>" in page
    assert f"{len(NAMES)} of {len(NAMES)} shown" in page
    assert '<input id="q" name="q" type="search"' in page and '<label for="q">' in page


def test_the_catalogue_groups_the_variants_by_family_in_the_formats_order(client):
    page = client.get("/").text
    heads = re.findall(r'<section class="family-group" data-family="([^"]*)"><h2>([^<]*)</h2>', page)
    families = [html.unescape(f) for f, _ in heads]
    assert families == [f for f in FAMILIES if any(rulesdsl.load(n).family == f for n in NAMES)]
    for section in page.split('<section class="family-group"')[1:]:
        fam = html.unescape(re.match(r' data-family="([^"]*)"', section).group(1))
        for name in re.findall(r'<li class="variant" data-variant="(\w+)"', section):
            assert rulesdsl.load(name).family == fam, name
    golf = client.get("/", params={"q": "golf"}).text
    assert '<section class="family-group" data-family="Golf"><h2>' in golf
    assert '<section class="family-group" data-family="Spider" hidden>' in golf


def test_the_search_works_without_a_script_and_its_text_is_escaped(client):
    page = client.get("/", params={"q": "freecell"}).text
    shown = re.findall(r'<li class="variant" data-variant="(\w+)"[^>]*?(?: hidden)?>', page)
    visible = [
        n
        for n in shown
        if f'data-variant="{n}" data-search' in page
        and not re.search(rf'data-variant="{n}" data-search="[^"]*" hidden', page)
    ]
    assert "freecell" in visible and "golf" not in visible and len(shown) == len(NAMES)
    evil = client.get("/", params={"q": '<script>alert("x")</script>'}).text
    assert "<script>alert" not in evil and "&lt;script&gt;" in evil
    assert "0 of" in evil


def test_a_picture_is_the_deal_of_seed_1_as_rulesdsl_svg_draws_it(client):
    r = client.get("/pictures/golf.svg")
    assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml")
    assert r.text == svg.position(rulesdsl.load("golf").new_game(1))
    for bad in ("/pictures/nosuch.svg", "/pictures/..%2Fgolf.svg", "/pictures/GOLF.svg"):
        assert client.get(bad).status_code == 404


def test_the_game_page_carries_its_start_from_the_query_and_the_root_has_data_game_id(client):
    page = client.get("/play/klondike", params={"seed": "12", "draw": "3", "nosuch": "1", "game": "ab_C-9"}).text
    assert re.search(r'<html lang="en" data-game-id="">', page)
    assert start_of(page) == {"variant": "klondike", "options": {"draw": "3"}, "seed": 12, "game": "ab_C-9"}
    assert start_of(client.get("/play/freecell", params={"deal": "617"}).text)["deal"] == 617
    assert start_of(client.get("/play/golf", params={"winnable": "1"}).text)["winnable"] is True
    odd = start_of(client.get("/play/golf", params={"seed": "-1", "deal": "x", "game": "../x"}).text)
    assert odd == {"variant": "golf", "options": {}}  # what is not a number or an id is left out
    for action in ("undo", "redo", "restart", "hint", "autoplay", "new", "step", "play", "pause", "resign"):
        assert f'data-action="{action}"' in page
    for key in ("U", "R", "H", "A", "N"):
        assert f'aria-keyshortcuts="{key}"' in page
    assert 'role="alert"' in page and 'aria-live="polite"' in page
    assert '<select id="opt-draw" data-option="draw">' in page and '<option value="3" selected>' in page
    assert_local(page)


def test_the_deal_number_field_shows_only_for_a_numbered_variant(client):
    numbered = client.get("/play/freecell").text
    unnumbered = next(n for n in NAMES if rulesdsl.load(n).numbering is None)
    plain = client.get(f"/play/{unnumbered}").text
    assert '<span class="field"><label for="deal">' in numbered
    assert '<span class="field" hidden><label for="deal">' in plain


def test_the_rules_page_has_the_authors_summary_and_every_generated_section(client):
    page = client.get("/rules/golf").text
    v = rulesdsl.load("golf")
    assert "<h2>The author's summary</h2>" in page and "Thirty-five cards lie face up" in page
    for title in SECTIONS:
        assert f"<h3>{html.escape(title)}</h3>" in page
    assert "<li>The cards are shuffled.</li>" in page
    assert v.name in page


def test_the_statistics_page_has_its_table_and_the_games_in_progress(client):
    page = client.get("/stats/golf").text
    for key in ("played", "won", "streak", "best_streak", "best_score", "total_seconds"):
        assert f'data-stat="{key}"' in page
    assert 'data-stats="golf"' in page and "data-in-progress" in page


@pytest.mark.parametrize("path", ["/play/nosuch", "/rules/nosuch", "/stats/nosuch", "/rules/golf.yaml", "/play/Golf"])
def test_what_is_not_a_registered_variant_is_an_html_404(client, path):
    r = client.get(path)
    assert r.status_code == 404 and r.headers["content-type"].startswith("text/html")
    assert "Not found" in r.text and "Traceback" not in r.text


@pytest.mark.parametrize("path", ["/play/..%2Fvariants%2Fgolf", "/play/golf/../../etc/passwd", "/rules/%00"])
def test_a_path_that_names_no_page_is_a_404(client, path):
    r = client.get(path)
    assert r.status_code == 404 and "Traceback" not in r.text and "root:" not in r.text


def test_the_scripts_and_the_style_sheet_are_served_from_the_package(client):
    for name, kind in (("play.js", "javascript"), ("catalogue.js", "javascript"), ("style.css", "text/css")):
        r = client.get(f"/static/{name}")
        assert r.status_code == 200 and kind in r.headers["content-type"], name
        text = r.text.replace('"http://www.w3.org/2000/svg"', "")  # a namespace name, never fetched
        assert "http://" not in text and "https://" not in text and "@import" not in text, name


def test_text_from_a_variant_file_is_escaped_on_every_page(tmp_path, monkeypatch):
    folder = tmp_path / "mine"
    folder.mkdir()
    text = (registry.variants_dir() / "golf.yaml").read_text(encoding="utf-8")
    text = text.replace("name: Golf", 'name: "<b>G&lf</b>"')
    text = text.replace("description: Clear", 'description: "<script>x()</script> Clear')
    text = text.replace("corner.\n", 'corner."\n', 1)
    text = text.replace("label: Columns", 'label: "<i>Cols</i>"')
    (folder / "odd_golf.yaml").write_text(text, encoding="utf-8")
    monkeypatch.setenv("RULESDSL_VARIANTS", str(folder))
    with client_for(tmp_path / "data") as c:
        for path in ("/", "/play/odd_golf", "/rules/odd_golf", "/stats/odd_golf"):
            page = c.get(path).text
            assert "<b>G&lf" not in page and "<script>x()" not in page, path
            assert "&lt;b&gt;G&amp;lf&lt;/b&gt;" in page, path
        picture = c.get("/pictures/odd_golf.svg").text
        assert "<i>Cols</i>" not in picture and "&lt;i&gt;Cols&lt;/i&gt;" in picture


def test_a_variant_file_that_does_not_load_is_listed_with_the_reason(tmp_path, monkeypatch):
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "broken.yaml").write_text("name: Broken\npiles: {}\n", encoding="utf-8")
    monkeypatch.setenv("RULESDSL_VARIANTS", str(folder))
    with client_for(tmp_path / "data") as c:
        page = c.get("/").text
        assert 'data-variant="broken"' in page and "This file does not load:" in page
        assert c.get("/rules/broken").status_code == 404
        r = c.get("/pictures/broken.svg")
        assert r.status_code == 422 and "Traceback" not in r.text


def test_the_rules_page_takes_the_options_from_its_query(client):
    three = client.get("/rules/klondike", params={"draw": "3"}).text
    one = client.get("/rules/klondike").text
    assert "draw=3" in three and "draw=1" in one
    r = client.get("/rules/klondike", params={"draw": "9"})
    assert r.status_code == 404 and "with these options" in r.text and "draw" in r.text
