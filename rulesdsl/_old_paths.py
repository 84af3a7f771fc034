"""The import paths of before the stages became subpackages (issue 20), kept for one release.

``import rulesdsl.solver`` (or ``from rulesdsl import solver``) still works: a finder on
``sys.meta_path`` answers the old dotted name with the module at its new home, the same module
object (so monkeypatching and isinstance keep working), and warns with a DeprecationWarning that
names the new path. ``rulesdsl.svg`` is public API (``rulesdsl.svg.position``) and answers without
a warning. No file is left at the old place, so the listing of rulesdsl/ shows only the stages.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
import warnings
from types import FrameType, ModuleType

# old module (under rulesdsl.) -> new module (under rulesdsl.); CHANGELOG.md has the same table
MOVED = {
    "limits": "core.limits",
    "diagnostics": "core.diagnostics",
    "errors": "core.errors",
    "kinds": "core.kinds",
    "files": "core.files",
    "cards": "core.cards",
    "state": "core.state",
    "ast": "lang.ast",
    "parser": "lang.parser",
    "exprtypes": "lang.types",
    "builtins": "lang.builtins",
    "ops": "lang.ops",
    "checker": "lang.checker",
    "compiler": "lang.compiler",
    "runtime": "lang.runtime",
    "deal": "engine.deal",
    "moves": "engine.moves",
    "genapply": "engine.genapply",
    "codegen": "engine.codegen",
    "notation": "formats.notation",
    "numbering": "formats.numbering",
    "fcs": "formats.fcs",
    "position": "formats.position",
    "svg": "formats.svg",
    "describe": "formats.describe",
    "game": "play.game",
    "source": "variant.source",
    "schema": "variant.schema",
    "layout": "variant.layout",
    "registry": "variant.registry",
    "model": "variant.model",
    "loader": "variant.loader",
    "solver": "solve.solver",
    "validate": "validation.validate",
}
# old paths that are public API: no warning
SILENT = {"svg"}


def new_name(old: str) -> str | None:
    """The new dotted name of an old one ('rulesdsl.solver' -> 'rulesdsl.solve.solver'), or None."""
    if not old.startswith("rulesdsl."):
        return None
    new = MOVED.get(old[len("rulesdsl.") :])
    return None if new is None else f"rulesdsl.{new}"


_OURS = {__file__, __file__.replace("_old_paths.py", "__init__.py")}


_OURS = {__file__, __file__.replace("_old_paths.py", "__init__.py")}


def _warn(old: str, new: str) -> None:
    # point the warning at the importing code: skip our frames (warnings itself skips the
    # import machinery's, so those are not counted)
    level = 2
    frame: FrameType | None = sys._getframe(1)
    while frame is not None and (frame.f_code.co_filename.startswith("<frozen") or frame.f_code.co_filename in _OURS):
        if frame.f_code.co_filename in _OURS:
            level += 1
        frame = frame.f_back
    warnings.warn(f"{old} moved to {new}; the old path goes in the next release", DeprecationWarning, stacklevel=level)


def resolve(old: str) -> ModuleType:
    """The module at an old path: imported at its new one, after the deprecation warning."""
    new = new_name(old)
    assert new is not None
    if old[len("rulesdsl.") :] not in SILENT:
        _warn(old, new)
    return importlib.import_module(new)


class _Finder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds the old dotted names only; loading one returns the module at its new home."""

    def find_spec(self, fullname, path, target=None):  # noqa: D102 (the MetaPathFinder signature)
        if new_name(fullname) is None:
            return None
        return importlib.util.spec_from_loader(fullname, self)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        return resolve(spec.name)

    def exec_module(self, module: ModuleType) -> None:
        """Nothing to run: the module was imported at its new path."""


def install() -> None:
    """Put the finder last on sys.meta_path (once): real files are found before it."""
    if not any(isinstance(f, _Finder) for f in sys.meta_path):
        sys.meta_path.append(_Finder())
