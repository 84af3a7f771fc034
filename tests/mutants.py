"""Hostile copies of the shipped variants, and what rulesdsl does with each.

``mutant(rng)`` takes a shipped variant and changes one to three things in it: a value's
type swapped (text, list, mapping, true/false, nothing, a decimal, a negative number,
zero, a 5,000-digit number), a pile index out of range (``tableau[99]``), a 5,000-character
name or string, keys and list items deleted or duplicated, a section swapped with the same
section of another variant, a size far past its limit. ``run_one(text)`` feeds the result
to the loader, to ``rulesdsl check`` (the validator, one playout) and, when it loads, to a
short random game; it returns what happened: "loaded", "refused" (a clean diagnostic), or
"traceback" / "hang" with the exception and the rulesdsl line it came from.

Used by tests/variant/test_hostile_variants.py (a few hundred mutants) and
bench/fuzz_variants.py (10,000, with the figures).
"""

from __future__ import annotations

import random
import signal
import traceback
from contextlib import contextmanager
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
VARIANTS = ROOT / "variants"
TEXTS = {p.name: p.read_text(encoding="utf-8") for p in sorted(VARIANTS.glob("*.yaml"))}
DATA = {name: yaml.safe_load(text) for name, text in TEXTS.items()}

HUGE = "__HUGE_NUMBER__"  # replaced by 5,000 digits after the YAML is written
LONG = "n" * 5000

REPLACEMENTS = [
    ("text", lambda rng: rng.choice(["x", "two", "tableau", "stock[0]", "", "card.rank", "K"])),
    ("list", lambda rng: rng.choice([[1, 2], [], ["a"], [[1]], [{"a": 1}]])),
    ("map", lambda rng: rng.choice([{"a": 1}, {}, {"to": "tableau"}, {"count": {"x": 1}}])),
    ("bool", lambda rng: rng.choice([True, False])),
    ("null", lambda rng: None),
    ("float", lambda rng: rng.choice([1.5, -0.0, float("inf"), float("nan"), 1e300])),
    ("negative", lambda rng: rng.choice([-1, -13, -(10**9)])),
    ("zero", lambda rng: 0),
    ("huge_int", lambda rng: rng.choice([HUGE, 10**8, 2**63, 10**30, -(10**30)])),
    ("long_string", lambda rng: LONG),
    (
        "pile_index",
        lambda rng: rng.choice(
            [
                "tableau[99]",
                "stock[99]",
                "foundation[-1]",
                "tableau[100000000000000000000]",
                f"{LONG}[0]",
                "waste[1]",
                "place[54]",
                "tableau[",
            ]
        ),
    ),
]

# sizes far past their limits, at the places they belong
SIZES = [
    (("deck", "decks"), [100_000_000, 9, 0, HUGE]),
    (("deck", "ranks"), [list(range(1, 14)) * 40, ["A"] * 14, [14], [0]]),
    (("deck", "suits"), [[{"name": f"s{i}", "letter": chr(65 + i % 26), "color": "red"} for i in range(200)]]),
    (
        ("deal",),
        [
            ["shuffle"] * 5000,
            [{"to": "stock", "count": 100_000_000}],
            ["shuffle", {"to": "stock", "count": [10**9] * 3}],
        ],
    ),
]


def _paths(node, path=()):
    """Every path in a YAML tree, the root included."""
    yield path
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _paths(v, path + (i,))


def _parent(data, path):
    for k in path[:-1]:
        data = data[k]
    return data


def _set(data, path, value):
    if not path:
        return value
    _parent(data, path)[path[-1]] = value
    return data


def mutate_once(data, rng, kind=None):
    """One change to data (in place where it can be); returns (data, kind)."""
    kinds = [
        "replace",
        "replace",
        "replace",
        "replace",
        "delete",
        "duplicate",
        "rename",
        "swap_section",
        "size",
        "index",
    ]
    kind = kind or rng.choice(kinds)
    paths = list(_paths(data))
    if kind == "replace":
        path = rng.choice(paths)
        name, make = rng.choice(REPLACEMENTS)
        return _set(data, path, make(rng)), name
    if kind == "index":
        refs = [p for p in paths if p and isinstance(_parent(data, p)[p[-1]], str)]
        if refs:
            path = rng.choice(refs)
            _, make = REPLACEMENTS[-1]
            return _set(data, path, make(rng)), "pile_index"
        kind = "delete"
    if kind == "size":
        path, values = rng.choice(SIZES)
        if isinstance(data, dict):
            data.setdefault(path[0], {}) if len(path) > 1 else None
            try:
                return _set(data, path, rng.choice(values)), "size"
            except (TypeError, KeyError, IndexError):
                pass
        kind = "delete"
    if kind == "swap_section":
        other = DATA[rng.choice(sorted(DATA))]
        if isinstance(data, dict) and isinstance(other, dict):
            key = rng.choice(sorted(other))
            data[key] = other[key]
            return data, "swap_section"
        kind = "delete"
    containers = [p for p in paths if p]
    if not containers:
        return data, kind
    path = rng.choice(containers)
    parent = _parent(data, path)
    key = path[-1]
    if kind == "delete":
        del parent[key]
    elif kind == "duplicate":
        if isinstance(parent, list):
            parent.insert(key, parent[key])
        else:
            parent[f"{key}_copy" if rng.random() < 0.5 else LONG] = parent[key]
    elif kind == "rename":
        if isinstance(parent, dict):
            parent[rng.choice([LONG, "x", "2nd", "tableau", "stock[0]", 7, "a b"])] = parent.pop(key)
        else:
            parent[key] = LONG
    return data, kind


def mutant(rng: random.Random) -> tuple[str, str, tuple]:
    """(file name, YAML text, kinds of change) of one mutant of a shipped variant."""
    name = rng.choice(sorted(DATA))
    data = yaml.safe_load(TEXTS[name])
    kinds = []
    for _ in range(rng.choice((1, 1, 2, 3))):
        data, kind = mutate_once(data, rng)
        kinds.append(kind)
    text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=10**6)
    text = text.replace(HUGE, "9" * 5000)
    return name, text, tuple(kinds)


# -- running one ---------------------------------------------------------------------------


class Hang(Exception):
    pass


@contextmanager
def time_limit(seconds: float):
    def fire(signum, frame):
        raise Hang()

    old = signal.signal(signal.SIGALRM, fire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def _where(exc: BaseException) -> str:
    """The innermost rulesdsl (or runners) line the exception passed through."""
    frames = [
        f for f in traceback.extract_tb(exc.__traceback__) if "/rulesdsl/" in f.filename or "/runners/" in f.filename
    ]
    f = frames[-1] if frames else traceback.extract_tb(exc.__traceback__)[-1]
    return f"{Path(f.filename).parent.name}/{Path(f.filename).name}:{f.lineno}"


MAX_MESSAGE = 600  # characters: a message longer than this repeats input in full


def run_one(path: Path, *, seconds: float = 20.0, moves: int = 40, seed: int = 1) -> tuple:
    """("loaded" | "refused" | "traceback" | "hang" | "echo" | "extends", detail) for one variant file."""
    from rulesdsl.core import errors
    from rulesdsl.validation.validate import check_file
    from rulesdsl.variant.loader import diagnose, load_path

    stage = "load"
    try:
        with time_limit(seconds):
            stage = "diagnose"
            diags = diagnose(path)
            for d in diags:
                d.render()
                if len(d.message) > MAX_MESSAGE:
                    return "echo", f"{d.code} message of {len(d.message):,} characters"
            stage = "check"
            check_file(path, play=1)
            stage = "load"
            try:
                variant = load_path(path)
            except errors.RulesError as exc:
                exc.first.render()
                return "refused", exc.first.code
            stage = "play"
            game = variant.new_game(seed)
            rng = random.Random(seed)
            for _ in range(moves):
                legal = game.legal_moves()
                if not legal:
                    break
                m = rng.choice(legal)
                game.play(game.move_text(m))
                if rng.random() < 0.1:
                    game.undo()
            game.position()
            return "loaded", ""
    except Hang:
        return "hang", stage
    except Exception as exc:  # a traceback is what is being counted
        text = str(exc)
        frames = traceback.extract_tb(exc.__traceback__)
        # following extends is part A's (issue 8): counted apart, not fixed here
        outcome = "extends" if any(f.name == "read_with_extends" for f in frames) else "traceback"
        return outcome, f"{stage}: {type(exc).__name__} at {_where(exc)}: {text[:120]}"
