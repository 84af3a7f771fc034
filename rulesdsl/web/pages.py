"""The HTML pages of the browser player: the catalogue, a game, a variant's rules, its statistics.

Plain, escaped, accessible markup: headings, lists, forms, buttons, one live region for
messages. The pages carry what the variant says (title, description, options, labels) and
nothing more: the game page's script (static/play.js) asks the HTTP API for the game, draws
the SVG the server sends and matches clicks against the legal moves the server sent. No page
decides a rule, and every page works from the package alone (no CDN, no build step).
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from html import escape

from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from . import catalogue
from .analysis import DEFAULT_DEALS, MAX_DEALS
from .engine_api import RulesdslError, board_svg, load, sections

MAX_QUERY = 100  # characters of a search kept
MAX_SEED = 2**32 - 1
MAX_OPTION = 40  # characters of an option's value kept from a query
ASSETS = "/static"
GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")  # what a game's id may look like in ?game=


def _e(value: object) -> str:
    return escape(str(value), quote=True)


def page(title: str, body: str, *, scripts: tuple[str, ...] = (), root: str = "", status: int = 200) -> HTMLResponse:
    """A whole document: the shared head and header, ``body`` inside <main>."""
    tags = "".join(f'<script src="{ASSETS}/{s}" defer></script>' for s in scripts)
    html = (
        f'<!doctype html>\n<html lang="en"{root}><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,">'
        f"<title>{_e(title)} \u00b7 rulesdsl</title>"
        f'<link rel="stylesheet" href="{ASSETS}/style.css">{tags}</head><body>'
        '<a class="skip" href="#main">Skip to the content</a>'
        '<header class="site"><a href="/" class="home">rulesdsl patience</a></header>'
        f'<main id="main">{body}</main></body></html>\n'
    )
    return HTMLResponse(html, status_code=status)


def not_found(what: str) -> HTMLResponse:
    body = f'<h1>Not found</h1><p>{_e(what)}</p><p><a href="/">Every variant</a></p>'
    return page("Not found", body, status=404)


def _variant(request: Request):
    """(name, info) of the variant the path names, or None: only a registered name, never a path."""
    name = request.path_params.get("variant", "")
    if not catalogue.known(name):
        return None
    return name, catalogue.variant_info(name)


def _options_text(info: dict) -> str:
    if not info.get("options"):
        return '<p class="muted">No options.</p>'
    items = []
    for o in info["options"]:
        if o["values"] is not None:
            allowed = ", ".join(_e(v) for v in o["values"])
        else:
            allowed = (
                f"{_e(o['min'] if o['min'] is not None else '')} to {_e(o['max'] if o['max'] is not None else '')}"
            )
        help_ = f": {_e(o['help'])}" if o["help"] else ""
        items.append(f"<li><code>{_e(o['name'])}</code> ({allowed}; default {_e(o['default'])}){help_}</li>")
    return f'<ul class="options">{"".join(items)}</ul>'


def _broken(info: dict) -> str:
    """A variant whose file does not load is listed with the loader's reason."""
    return f'<p class="error">This file does not load: {_e(info["error"])}</p>' if info.get("error") else ""


def _options_block(info: dict) -> str:
    if not info.get("options"):
        return '<p class="muted">No options.</p>'
    return f"<details><summary>Options ({len(info['options'])})</summary>{_options_text(info)}</details>"


def _links(name: str) -> str:
    n = _e(name)
    return (
        f'<p class="links"><a class="play" href="/play/{n}">Play</a>'
        f' \u00b7 <a href="/play/{n}?winnable=1">a winnable deal</a>'
        f' \u00b7 <a href="/rules/{n}">Rules</a> \u00b7 <a href="/stats/{n}">Statistics</a></p>'
    )


# -- the catalogue ---------------------------------------------------------------------------
def catalogue_page(request: Request) -> Response:
    query = request.query_params.get("q", "")[:MAX_QUERY].strip()
    words = query.lower().split()
    sections, total, shown = [], 0, 0
    for fam, infos in catalogue.by_family(catalogue.variants()):
        rows = [_catalogue_row(info, words) for info in infos]
        visible = sum(1 for _, seen in rows if seen)
        total, shown = total + len(rows), shown + visible
        sections.append(
            f'<section class="family-group" data-family="{_e(fam)}"{"" if visible else " hidden"}>'
            f'<h2>{_e(fam)}</h2><ul class="catalogue">{"".join(r for r, _ in rows)}</ul></section>'
        )
    body = (
        "<h1>Patience games</h1>"
        '<form class="search" role="search" action="/" method="get">'
        f'<label for="q">Search the {total} games</label>'
        f'<input id="q" name="q" type="search" value="{_e(query)}" autocomplete="off">'
        '<button type="submit">Search</button></form>'
        f'<p id="count" aria-live="polite">{shown} of {total} shown</p>'
        f"{''.join(sections)}"
    )
    return page("Patience games", body, scripts=("catalogue.js",))


def _catalogue_row(info: dict, words: list) -> tuple[str, bool]:
    """One variant's entry of the catalogue, and whether the search words let it show."""
    hay = " ".join(str(info.get(k, "")) for k in ("name", "title", "description", "family")).lower()
    seen = not words or all(w in hay for w in words)
    name = _e(info["name"])
    row = (
        f'<li class="variant" data-variant="{name}" data-search="{_e(hay)}"{"" if seen else " hidden"}>'
        f'<a class="thumb" href="/play/{name}" tabindex="-1" aria-hidden="true">'
        f'<img src="/pictures/{name}.svg" alt="" loading="lazy" width="240" height="160"></a>'
        f'<div><h3><a href="/play/{name}">{_e(info["title"])}</a></h3>'
        f'<p class="family">Family: {_e(info.get("family", ""))}</p>'
        f"<p>{_e(info.get('description', ''))}</p>{_broken(info)}"
        f"{_options_block(info)}{_links(info['name'])}</div></li>"
    )
    return row, seen


@lru_cache(maxsize=128)
def _picture(name: str, _mtime: float) -> str:
    return board_svg(load(name).new_game(1))


def picture(request: Request) -> Response:
    """The catalogue's small picture of a variant: the deal of seed 1, drawn as `rulesdsl svg` does."""
    name = request.path_params.get("variant", "")
    if not catalogue.known(name):
        return Response("no such variant", status_code=404, media_type="text/plain")
    try:
        text = _picture(name, catalogue.variant_info(name).get("mtime", 0.0))
    except RulesdslError as exc:
        return Response(f"cannot draw {name}: {exc}", status_code=422, media_type="text/plain")
    return Response(text, media_type="image/svg+xml", headers={"Cache-Control": "max-age=3600"})


# -- the game --------------------------------------------------------------------------------
def _option_fields(info: dict, chosen: dict) -> str:
    out = []
    for o in info.get("options", []):
        oid = f"opt-{_e(o['name'])}"
        value = chosen.get(o["name"], o["default"])
        label = f'<label for="{oid}">{_e(o["name"])}</label>'
        if o["values"] is not None:
            opts = "".join(
                f'<option value="{_e(v)}"{" selected" if str(v) == str(value) else ""}>{_e(v)}</option>'
                for v in o["values"]
            )
            field = f'<select id="{oid}" data-option="{_e(o["name"])}">{opts}</select>'
        else:
            lo = f' min="{_e(o["min"])}"' if o["min"] is not None else ""
            hi = f' max="{_e(o["max"])}"' if o["max"] is not None else ""
            field = f'<input id="{oid}" type="number" data-option="{_e(o["name"])}" value="{_e(value)}"{lo}{hi}>'
        title = f' title="{_e(o["help"])}"' if o["help"] else ""
        out.append(f'<span class="field"{title}>{label}{field}</span>')
    return "".join(out)


def _chosen(info: dict, query) -> dict:
    """The variant's options the query names (OPTION=VALUE), values capped; the rest ignored."""
    names = {o["name"] for o in info.get("options", [])}
    return {k: v[:MAX_OPTION] for k, v in query.items() if k in names}


def _button(action: str, text: str, key: str = "", extra: str = "") -> str:
    hint = f' aria-keyshortcuts="{key}" title="{_e(text)} ({key})"' if key else ""
    return f'<button type="button" data-action="{action}"{hint}{extra}>{_e(text)}</button>'


def play_page(request: Request) -> Response:
    found = _variant(request)
    if found is None:
        return not_found("There is no variant of that name.")
    name, info = found
    return game_page(name, info, request.query_params, _links(name))


def game_page(name: str, info: dict, q, links: str) -> HTMLResponse:
    """The game page of a variant (``info`` as the catalogue lists it), ``links`` under it:
    a registered variant's, or a workbench variant's (``draft:KEY``, workbench_page.py)."""
    chosen = _chosen(info, q)
    start: dict = {"variant": name, "options": chosen}
    for key in ("seed", "deal"):
        if q.get(key, "").isdigit() and int(q[key]) <= MAX_SEED:
            start[key] = int(q[key])
    if q.get("winnable") in ("1", "true", "yes", "on"):
        start["winnable"] = True
    if GAME_ID.fullmatch(q.get("game", "")):
        start["game"] = q["game"]
    numbered = " hidden" if not info.get("numbered") else ""
    tools = "".join(
        (
            _button("undo", "Undo", "U"),
            _button("redo", "Redo", "R"),
            _button("restart", "Restart"),
            _button("hint", "Hint", "H"),
            _button("autoplay", "Autoplay", "A", ' aria-pressed="false"'),
            _button("new", "New deal", "N"),
        )
    )
    body = (
        f'<div class="game" data-variant="{_e(name)}" data-start="{_e(json.dumps(start))}">'
        f"<h1>{_e(info['title'])}</h1>"
        f'<div class="toolbar" role="toolbar" aria-label="Game">{tools}</div>'
        '<div class="board" data-board role="region" aria-label="The board: arrows or Tab move between piles, '
        'Enter or Space picks up and puts down"></div>'
        '<div class="under"><span class="actions" data-actions></span>'
        '<p class="status" data-status aria-live="polite"></p></div>'
        '<p class="error" data-error role="alert" aria-live="assertive" hidden></p>'
        '<div class="solution" data-solution hidden><span data-line-text></span>'
        f"{_button('step', 'Step')}{_button('play', 'Play')}{_button('pause', 'Pause')}"
        f"{_button('close-line', 'Close')}</div>"
        '<div class="end" data-end hidden><p data-end-text></p>'
        f"{_button('resign', 'Resign', extra=' hidden')}{_button('new', 'New deal')}"
        f"{_button('restart', 'Play again')}</div>"
        '<details class="moves"><summary>Legal moves (<span data-move-count>0</span>)</summary>'
        "<ul data-moves></ul></details>"
        '<form class="newgame" data-newgame><fieldset><legend>New game</legend>'
        '<span class="field"><label for="seed">Seed</label><input id="seed" name="seed" type="number" min="0"></span>'
        f'<span class="field"{numbered}><label for="deal">Deal number</label>'
        '<input id="deal" name="deal" type="number" min="1"></span>'
        '<span class="field"><input id="winnable" name="winnable" type="checkbox">'
        '<label for="winnable">Winnable only</label></span>'
        f"{_option_fields(info, chosen)}"
        '<button type="submit">Deal</button></fieldset></form>'
        '<p class="settings"><span class="field"><input id="verdict" type="checkbox" data-verdict-switch>'
        '<label for="verdict">Live verdict</label></span> <span data-verdict aria-live="polite"></span></p>'
        f"{links}</div>"
    )
    return page(info["title"], body, scripts=("play.js",), root=' data-game-id=""')


# -- rules and statistics --------------------------------------------------------------------
def _blocks(text: str) -> str:
    """Plain text as HTML: '- ' lines as a list, other lines as paragraphs, a blank line a break."""
    out: list[str] = []
    items: list[str] = []
    para: list[str] = []

    def flush() -> None:
        if para:
            out.append(f"<p>{_e(' '.join(para))}</p>")
            para.clear()
        if items:
            out.append("<ul>" + "".join(f"<li>{_e(i)}</li>" for i in items) + "</ul>")
            items.clear()

    for line in text.splitlines():
        line = line.strip()
        if line.startswith("- "):
            if para:
                flush()
            items.append(line[2:])
        elif not line:
            flush()
        else:
            if items:
                flush()
            para.append(line)
    flush()
    return "".join(out)


def rules_page(request: Request) -> Response:
    found = _variant(request)
    if found is None:
        return not_found("There is no variant of that name.")
    name, info = found
    chosen = _chosen(info, request.query_params)
    try:
        v = load(name, chosen)
        parts = sections(v)
    except RulesdslError as exc:
        what = "with these options" if chosen else "as it stands"
        return not_found(f"{info['title']} cannot be loaded {what}: {exc}")
    own = (v.text or "").strip() or (v.description or "").strip() or "(the file has no rules text)"
    body = [
        f"<h1>{_e(v.name)}: rules</h1>{_links(name)}",
        f"<section><h2>The author's summary</h2>{_blocks(own)}</section>",
        "<section><h2>Rules generated from the file</h2>",
    ]
    body += [f"<h3>{_e(title)}</h3>{_blocks(text)}" for title, text in parts]
    body.append("</section>")
    return page(f"{v.name} rules", "".join(body))


STAT_ROWS = (
    ("played", "Games played"),
    ("won", "Games won"),
    ("lost", "Games lost"),
    ("win_rate", "Won"),
    ("streak", "Current winning streak"),
    ("best_streak", "Best winning streak"),
    ("best_score", "Best score"),
    ("best_seconds", "Fastest win"),
    ("total_seconds", "Time played"),
)


def stats_page(request: Request) -> Response:
    found = _variant(request)
    if found is None:
        return not_found("There is no variant of that name.")
    name, info = found
    rows = "".join(
        f'<tr><th scope="row">{_e(label)}</th><td data-stat="{key}">\u2026</td></tr>' for key, label in STAT_ROWS
    )
    body = (
        f"<h1>{_e(info['title'])}: statistics</h1>{_links(name)}"
        f'<table class="stats" data-stats="{_e(name)}"><tbody>{rows}</tbody></table>'
        '<p class="error" data-error role="alert" hidden></p>'
        '<h2>Games in progress</h2><ul class="in-progress" data-in-progress><li>\u2026</li></ul>'
        f"{measure_section(name, info, _chosen(info, request.query_params))}"
    )
    return page(f"{info['title']} statistics", body, scripts=("catalogue.js", "measure.js"))


def measure_section(name: str, info: dict, chosen: dict) -> str:
    """The Measure section: a form that asks POST /api/analyse (static/measure.js), a table
    of the figures it answers (one row per figure, data-figure naming it) and the panels."""
    return (
        f'<section class="measure" data-measure="{_e(name)}" aria-labelledby="measure-title">'
        '<h2 id="measure-title">Measure</h2>'
        "<p>Random play, greedy play (foundation first) and the solver play the same deals: how many "
        "moves a position offers, how often there is only one, how often each player wins. The deals "
        "and players are seeded, so the same request gives the same figures "
        "(<code>rulesdsl analyse</code> measures more deals).</p>"
        '<form class="measure-form" data-measure-form><fieldset><legend>Measure this variant</legend>'
        '<span class="field"><label for="measure-deals">Deals</label>'
        f'<input id="measure-deals" name="deals" type="number" min="1" max="{MAX_DEALS}" '
        f'value="{DEFAULT_DEALS}"></span>'
        f"{_option_fields(info, chosen)}"
        '<button type="submit">Measure</button></fieldset></form>'
        '<p class="status" data-measure-status aria-live="polite"></p>'
        '<p class="error" data-measure-error role="alert" hidden></p>'
        '<table class="stats measure-figures" data-measure-figures hidden>'
        "<caption data-measure-caption></caption><tbody></tbody></table>"
        '<div class="measure-plots" data-measure-plots></div></section>'
    )


def routes() -> list:
    """The pages and the static folder, for app.py to mount beside the API."""
    return [
        Route("/", catalogue_page),
        Route("/play/{variant}", play_page),
        Route("/rules/{variant}", rules_page),
        Route("/stats/{variant}", stats_page),
        Route("/pictures/{variant}.svg", picture),
        Mount(ASSETS, StaticFiles(packages=[("rulesdsl.web", "static")]), name="static"),
    ]
