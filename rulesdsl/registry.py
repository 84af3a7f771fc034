"""The variants that ship in variants/, by name."""
from __future__ import annotations

from .loader import variants_dir


def names() -> list[str]:
    d = variants_dir()
    return sorted(p.stem for p in d.glob("*.yaml")) if d.is_dir() else []


def describe_all():
    """(name, description, options) for every shipped variant that loads; errors as text."""
    from .errors import RulesError
    from .loader import load
    out = []
    for name in names():
        try:
            v = load(name)
            out.append((name, v.description, [o.describe() for o in v.option_decls], None))
        except RulesError as exc:
            out.append((name, "", [], exc.first.render().splitlines()[0]))
        except Exception as exc:     # one broken file never hides the others
            out.append((name, "", [], f"{variants_dir() / (name + '.yaml')}: cannot be loaded "
                        f"({type(exc).__name__}; please report this)"))
    return out
