"""The workbench's pages: ``/workbench``, the editor of a variant's YAML with its live
diagnostics and preview, and ``/workbench/play/KEY``, the game page of a kept text.

The editor is a plain labelled ``<textarea>`` with a gutter of line numbers that marks the
lines with diagnostics (static/workbench.js), so it needs nothing fetched at run time and
works with a keyboard and a screen reader: the diagnostics are also a list of buttons that put
the caret at their line and column. The game page of a workbench variant is the player's own
(pages.game_page) over the name ``draft:KEY``, with links back to the editor; the Measure
section is the statistics page's (pages.measure_section, static/measure.js) over that name.
"""

from __future__ import annotations

from html import escape

from starlette.requests import Request
from starlette.responses import HTMLResponse
from starlette.routing import Route

from . import catalogue
from .drafts import KEY, PREFIX
from .engine_api import RulesError
from .pages import game_page, measure_section, not_found, page

PRIMARY = ' class="primary"'


def _e(value: object) -> str:
    return escape(str(value), quote=True)


def _fork_options() -> str:
    rows = sorted(catalogue.variants(), key=lambda r: str(r["title"]).lower())
    return "".join(f'<option value="{_e(r["name"])}">{_e(r["title"])} ({_e(r["name"])})</option>' for r in rows)


def _tool(action: str, text: str, extra: str = "") -> str:
    return f'<button type="button" data-action="{action}"{extra}>{_e(text)}</button>'


def workbench(request: Request) -> HTMLResponse:
    tools = (
        f"{_tool('blank', 'Blank')}{_tool('template', 'Template')}"
        '<span class="field"><label for="wb-fork">Fork</label>'
        f'<select id="wb-fork" data-fork>{_fork_options()}</select></span>{_tool("fork", "Open the copy")}'
        f"{_tool('download', 'Download')}{_tool('play-draft', 'Play', PRIMARY)}"
    )
    body = (
        '<div class="workbench" data-workbench>'
        "<h1>Workbench</h1>"
        '<p class="muted">Write a variant in the rules language: it is checked as you type (as '
        "<code>rulesdsl check</code> checks a file), its deal, rules and legal moves are shown beside it, and "
        "Play opens it in the player. The text stays in this browser until you download it.</p>"
        f'<div class="toolbar" role="toolbar" aria-label="Workbench">{tools}</div>'
        '<p class="error" data-error role="alert" aria-live="assertive" hidden></p>'
        '<div class="wb-main"><div class="wb-editor">'
        '<label for="wb-text">The variant\'s YAML</label>'
        '<p id="wb-keys" class="muted small">Tab indents by two spaces; Escape, then Tab, leaves the editor.</p>'
        '<div class="editor" data-editor><div class="gutter" data-gutter aria-hidden="true"></div>'
        '<textarea id="wb-text" data-text spellcheck="false" autocapitalize="off" autocomplete="off" wrap="off" '
        'aria-describedby="wb-keys wb-summary"></textarea></div>'
        '<p class="muted small" data-caret aria-live="polite"></p>'
        '<p id="wb-summary" class="summary" data-summary aria-live="polite"></p>'
        '<ul class="diagnostics" data-diagnostics aria-label="Diagnostics"></ul>'
        '<p><span class="field"><input id="wb-play" type="checkbox" data-playouts>'
        '<label for="wb-play">Play-test too (seeded random playouts; slower)</label></span></p>'
        "</div>"
        '<div class="wb-side" data-side>'
        '<p class="muted" data-preview-note hidden>The text has errors: this is the last text without any.</p>'
        '<section><h2>The deal</h2><form class="newgame" data-preview-form><fieldset><legend>Preview</legend>'
        '<span class="field"><label for="wb-seed">Seed</label>'
        '<input id="wb-seed" type="number" min="0" value="1" data-seed></span>'
        "<span data-preview-options></span></fieldset></form>"
        '<div class="wb-picture" data-picture role="img" aria-label="The deal"></div></section>'
        "<section><h2>Legal moves (<span data-preview-move-count>0</span>)</h2>"
        '<ol class="wb-moves" data-preview-moves></ol></section>'
        '<section><h2>Rules</h2><div class="wb-rules" data-rules></div></section>'
        f"{measure_section('', {'options': []}, {})}"
        "</div></div></div>"
    )
    return page("Workbench", body, scripts=("workbench.js", "measure.js"))


def _draft_info(request: Request, key: str) -> dict | None:
    """The catalogue's row for a kept text (its title and options), or None when not kept."""
    name = PREFIX + key
    try:
        v = request.app.state.variants.get(name, {})
    except RulesError:
        return None
    return {
        "name": name,
        "title": v.name,
        "options": [catalogue.option_json(o) for o in v.option_decls],
        "numbered": v.numbering is not None,
    }


def draft_play(request: Request) -> HTMLResponse:
    key = request.path_params["key"]
    info = _draft_info(request, key) if KEY.match(key) else None
    if info is None:
        return not_found("The workbench keeps no variant under this key: open it in the workbench and press Play.")
    links = (
        f'<p class="links"><a href="/workbench?draft={_e(key)}" data-action="edit">Back to the workbench</a>'
        ' \u00b7 <a href="/">Every variant</a></p>'
    )
    return game_page(info["name"], info, request.query_params, links)


def routes() -> list:
    return [Route("/workbench", workbench), Route("/workbench/play/{key}", draft_play)]
