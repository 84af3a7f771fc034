"""The variants that ship in variants/: where they are, their names, one found by name.

Loading is the loader's (loader.py imports this module); ``rulesdsl list`` describes them
all (cli/).
"""

from __future__ import annotations

import os
from pathlib import Path


def variants_dir() -> Path:
    """The shipped variants: $RULESDSL_VARIANTS if set; else the package data of an installed
    wheel (rulesdsl/variants); else the repository's variants/ folder (an editable install or
    a source checkout, so an edit there is seen at once)."""
    env = os.environ.get("RULESDSL_VARIANTS")
    if env:
        return Path(env)
    here = Path(__file__).resolve().parent.parent  # rulesdsl/, above variant/
    packaged = here / "variants"
    return packaged if packaged.is_dir() else here.parent / "variants"


def names() -> list[str]:
    d = variants_dir()
    return sorted(p.stem for p in d.glob("*.yaml")) if d.is_dir() else []


def _exists(path: Path) -> bool:
    """Path.exists(), false for a name the system refuses (too long, a NUL byte) instead of raising."""
    try:
        return path.exists()
    except (OSError, ValueError):
        return False


def shipped_file(rel: str) -> Path | None:
    """The shipped file at this path relative to the variants folder, if there is one."""
    candidate = variants_dir() / rel
    return candidate if _exists(candidate) else None


def canonical(name: str) -> str:
    """The shipped variant's own name for a name in any letter case (FreeCell: freecell);
    the name itself when no shipped variant has it."""
    if not name or "\0" in name or shipped_file(f"{name}.yaml") is not None:
        return name
    folded = name.casefold()
    return next((n for n in names() if n.casefold() == folded), name)


def find_variant(name: str) -> Path | None:
    """A variant by name (variants/NAME.yaml, any letter case) or by path."""
    p = Path(name)
    if p.suffix in (".yaml", ".yml") or os.sep in name or "/" in name:
        return p
    if not name or "\0" in name:
        return None
    return shipped_file(f"{canonical(name)}.yaml")
