"""The registered variants as the browser lists them: name, title, description, family, options.

A request names a variant by its registered name only (``known``): never a path, so no
request can make the server read a file of its choosing. The family is the variant at the
root of the file's ``extends`` chain (Sakhmet extends Klondike: family Klondike), as the loader
recorded it (``Variant.lineage``): the server reads no variant file itself.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .engine_api import RulesdslError, RulesError, find_variant, load, variant_names

NAME = re.compile(r"^[a-z0-9_]{1,64}$")  # what a registered name looks like (a file's stem)
MAX_EXTENDS = 10


def known(name: object) -> bool:
    """Is this a registered variant's name (shipped, or in RULESDSL_VARIANTS)?"""
    return isinstance(name, str) and NAME.match(name) is not None and name in variant_names()


def family(name: str) -> str:
    """The title of the variant at the root of this one's ``extends`` chain (its own title if
    none), as the loader recorded it in ``Variant.lineage``; a root that is not a registered
    name (a file beside it) leaves the family at the nearest registered ancestor."""
    try:
        v = load(name)
    except RulesdslError:
        return name
    for root in reversed(v.lineage):
        if known(root):
            try:
                return load(root).name
            except RulesdslError:
                break
    return v.name


def _option(o) -> dict:
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
            "family": name,
            "options": [],
            "error": exc.first.message,
        }
    return {
        "name": name,
        "title": v.name,
        "description": v.description,
        "family": family(name),
        "options": [_option(o) for o in v.option_decls],
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
