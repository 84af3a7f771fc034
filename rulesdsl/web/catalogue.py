"""The registered variants as the browser lists them: name, title, description, family, options.

A request names a variant by its registered name only (``known``): never a path, so no
request can make the server read a file of its choosing. The family is the file's
``family:`` key as the loader read it (``Variant.family``, inherited through ``extends``):
the server reads no variant file itself. The catalogue page groups the variants by it
(``by_family``), in the format's order of families.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .engine_api import FAMILIES, RulesError, find_variant, load, variant_names

NAME = re.compile(r"^[a-z0-9_]{1,64}$")  # what a registered name looks like (a file's stem)


def known(name: object) -> bool:
    """Is this a registered variant's name (shipped, or in RULESDSL_VARIANTS)?"""
    return isinstance(name, str) and NAME.match(name) is not None and name in variant_names()


def by_family(rows: list[dict]) -> list[tuple[str, list[dict]]]:
    """The rows grouped by family, the families in the format's order (FAMILIES, Other
    last), each group in the rows' own order; a family not in the list (a broken file's) last."""
    groups: dict[str, list[dict]] = {}
    for r in rows:
        groups.setdefault(r.get("family") or "Other", []).append(r)
    rank = {f: i for i, f in enumerate(FAMILIES)}
    return sorted(groups.items(), key=lambda kv: (rank.get(kv[0], len(rank)), kv[0]))


def option_json(o) -> dict:
    """A declared option as the API lists it."""
    return {
        "name": o.name,
        "default": o.default,
        "values": list(o.values) if o.values is not None else None,
        "min": o.min,
        "max": o.max,
        "help": o.help,
    }


@lru_cache(maxsize=256)
def _info(name: str, _mtime: float) -> dict:
    try:
        v = load(name)
    except RulesError as exc:
        return {
            "name": name,
            "title": name,
            "description": "",
            "family": "Other",
            "options": [],
            "error": exc.first.message,
        }
    return {
        "name": name,
        "title": v.name,
        "description": v.description,
        "family": v.family,
        "options": [option_json(o) for o in v.option_decls],
        "numbered": v.numbering is not None,
    }


def variant_info(name: str) -> dict:
    """One row of GET /api/variants (kept until the file changes)."""
    path = find_variant(name)
    try:
        mtime = path.stat().st_mtime if path is not None else 0.0
    except OSError:
        mtime = 0.0
    return dict(_info(name, mtime))


def variants() -> list[dict]:
    return [variant_info(n) for n in variant_names()]
