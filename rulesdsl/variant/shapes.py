"""The shapes a value of a variant file may take (text, number, yes/no, expression, word of
a closed set, list, one of several, mapping), each checking a value where it stands in the
file and describing itself as JSON Schema.

schema.py declares the format with these; the loader's structure stage runs its ``clean``,
which reports every problem in one pass and leaves unsound values out (``BAD``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..core.errors import digit_count, short, suggest
from ..core.limits import (
    ECHO_LIMIT,
    MAX_DEFINE_PARAMS,
    MAX_EXPR_LENGTH,
    MAX_KEYS,
    MAX_NAME,
    MAX_NUMBER,
)

MAX_PILE_REF = MAX_NAME + 8  # group[i]

BAD = object()  # what clean() gives for a value that must not reach the loader


class Checker:
    """One structure check of one file: where diagnostics go, and which paths were dropped."""

    def __init__(self, doc, out):
        self.doc = doc
        self.out = out
        self.dropped: set = set()  # paths of values left out of the cleaned data

    def err(self, code, message, path, **kw):
        self.out.append(self.doc.diag(code, message, path, **kw))


class Spec:
    doc = ""

    def check(self, value, path, doc, out):
        """Report every structural problem of value to out."""
        self.clean(value, path, Checker(doc, out))

    def clean(self, value, path, ck):  # pragma: no cover - abstract
        """The value with every part that breaks the format left out (BAD: all of it).

        Problems are reported to ck; a value that is the wrong type, out of range or too
        long never reaches the loader, so nothing is built from it (limits.py).
        """
        raise NotImplementedError

    def json(self) -> dict:  # pragma: no cover - abstract
        raise NotImplementedError


def type_name(value) -> str:
    """How a value found in a file is described to its author ("a number", "a list", ...)."""
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int):
        return "a number"
    if isinstance(value, float):
        return "a decimal number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    if value is None:
        return "nothing"
    return "a " + type(value).__name__


@dataclass
class Str(Spec):
    doc: str = ""
    max_len: int = 2000

    def clean(self, value, path, ck):
        if not isinstance(value, str):
            ck.err("S103", f"'{_key(path)}' must be text, not {type_name(value)}", path)
            return BAD
        if len(value) > self.max_len:
            ck.err("S103", f"'{_key(path)}' is longer than {self.max_len} characters ({len(value):,})", path)
            return BAD
        return value

    def json(self):
        return {"type": "string", "maxLength": self.max_len, "description": self.doc}


@dataclass
class Int(Spec):
    doc: str = ""
    min: int = 0
    max: int = 10_000

    def clean(self, value, path, ck):
        if isinstance(value, bool) or not isinstance(value, int):
            ck.err("S103", f"'{_key(path)}' must be a whole number, not {type_name(value)}", path)
            return BAD
        if not self.min <= value <= self.max:
            ck.err("S104", f"'{_key(path)}' must be between {self.min} and {self.max}, not {short(value)}", path)
            return BAD
        return value

    def json(self):
        return {"type": "integer", "minimum": self.min, "maximum": self.max, "description": self.doc}


@dataclass
class Bool(Spec):
    doc: str = ""

    def clean(self, value, path, ck):
        if not isinstance(value, bool):
            ck.err("S103", f"'{_key(path)}' must be true or false, not {type_name(value)}", path)
            return BAD
        return value

    def json(self):
        return {"type": "boolean", "description": self.doc}


@dataclass
class Expr(Spec):
    """An expression: text, or a bare number or true/false written as YAML."""

    doc: str = ""
    role: str = "state"
    want: str | None = None

    def clean(self, value, path, ck):
        if not isinstance(value, (str, int)):
            ck.err("S103", f"'{_key(path)}' must be an expression (text), not {type_name(value)}", path)
            return BAD
        if isinstance(value, int) and not isinstance(value, bool) and digit_count(value) > 20:
            ck.err("S104", f"'{_key(path)}' is {short(value)}; numbers in rules are at most {MAX_NUMBER:,}", path)
            return BAD
        return value

    def json(self):
        return {"type": ["string", "integer", "boolean"], "maxLength": MAX_EXPR_LENGTH, "description": self.doc}


@dataclass
class Enum(Spec):
    values: tuple
    doc: str = ""

    def clean(self, value, path, ck):
        if not isinstance(value, (str, int, float)) or value not in self.values:
            hint = suggest(value, self.values) if isinstance(value, str) else None
            ck.err(
                "S105",
                f"'{_key(path)}' must be one of {', '.join(map(str, self.values))}, not {short(value, quote=True)}",
                path,
                hint=f"did you mean '{hint}'?" if hint else None,
            )
            return BAD
        return value

    def json(self):
        return {"enum": list(self.values), "description": self.doc}


@dataclass
class Any_(Spec):
    doc: str = ""

    def clean(self, value, path, ck):
        if isinstance(value, (dict, list)):
            ck.err("S103", f"'{_key(path)}' must be a single value, not {type_name(value)}", path)
            return BAD
        if isinstance(value, str) and len(value) > MAX_NAME:
            ck.err("S103", f"'{_key(path)}' is longer than {MAX_NAME} characters ({len(value):,})", path)
            return BAD
        if isinstance(value, int) and not isinstance(value, bool) and digit_count(value) > 20:
            ck.err("S104", f"'{_key(path)}' is {short(value)}; numbers here are at most {MAX_NUMBER:,}", path)
            return BAD
        return value

    def json(self):
        return {"type": ["string", "integer", "boolean"], "maxLength": MAX_NAME, "description": self.doc}


@dataclass
class List(Spec):
    item: Spec
    doc: str = ""
    min_items: int = 0
    max_items: int = 1000

    def clean(self, value, path, ck):
        if not isinstance(value, list):
            ck.err("S103", f"'{_key(path)}' must be a list, not {type_name(value)}", path)
            return BAD
        if not self.min_items <= len(value) <= self.max_items:
            ck.err(
                "S104", f"'{_key(path)}' must have {self.min_items} to {self.max_items} items, not {len(value):,}", path
            )
            return BAD
        # an entry of several keys (a deal step, a suit) that is bad is left out as None, so
        # the others keep their places and are still checked; a bad number or name spoils
        # the whole list
        structured = _structured(self.item)
        out, ok = [], True
        for i, v in enumerate(value):
            c = self.item.clean(v, path + (i,), ck)
            if c is BAD:
                ck.dropped.add(path + (i,))
                ok = False
                c = None
            out.append(c)
        return out if ok or structured else BAD

    def json(self):
        return {"type": "array", "items": self.item.json(), "description": self.doc}


@dataclass
class OneOf(Spec):
    """A value that may take one of several shapes, told apart by its YAML type."""

    options: tuple
    doc: str = ""

    def clean(self, value, path, ck):
        for spec in self.options:
            trial = Checker(ck.doc, [])
            c = spec.clean(value, path, trial)
            if not trial.out:
                return c
        # report against the option whose YAML type matches, else the first
        for spec in self.options:
            if (
                isinstance(spec, Map)
                and isinstance(value, dict)
                or isinstance(spec, List)
                and isinstance(value, list)
                or isinstance(spec, Str)
                and isinstance(value, str)
            ):
                return spec.clean(value, path, ck)
        return self.options[0].clean(value, path, ck)

    def json(self):
        return {"anyOf": [o.json() for o in self.options], "description": self.doc}


@dataclass
class Field:
    spec: Spec
    required: bool = False
    doc: str = ""


@dataclass
class Map(Spec):
    fields: dict = field(default_factory=dict)
    extra: Spec | None = None  # spec of free-form keys (names the author chooses)
    doc: str = ""
    exclusive: tuple = ()  # keys of which exactly one must be present
    max_keys: int = MAX_KEYS
    pile_keys: bool = False  # free-form keys are pile references: group or group[i]
    define_keys: bool = False  # free-form keys are define heads: name or name(a, b)

    def clean(self, value, path, ck):
        if not isinstance(value, dict):
            ck.err("S103", f"'{_key(path) or 'the file'}' must be a mapping (key: value), not {type_name(value)}", path)
            return BAD
        if len(value) > self.max_keys:
            ck.err("S104", f"too many keys in '{_key(path)}': {len(value):,} (at most {self.max_keys})", path)
            return BAD
        out = {}
        for k, v in value.items():
            kp = path + (k,)
            if k in self.fields:
                c = self.fields[k].spec.clean(v, kp, ck)
            elif self.extra is not None:
                c = self._free_key(k, v, kp, ck)
            else:
                hint = suggest(k, self.fields)
                where = f" in '{_key(path)}'" if path else ""
                ck.err(
                    "S101",
                    f"unknown key '{short(k)}'{where}",
                    kp,
                    key=True,
                    hint=f"did you mean '{hint}'?" if hint else f"known keys: {', '.join(self.fields)}",
                )
                continue
            if c is BAD:
                ck.dropped.add(kp)
            else:
                out[k] = c
        self._whole(value, path, ck)
        return out

    def _free_key(self, k, v, kp, ck):
        """A key the author names (a group, an option, a pile, a define): the name checked,
        then its value; BAD for a name that is not usable (S106, S108, S110)."""
        if isinstance(k, str) and len(k) > (MAX_PILE_REF if self.pile_keys else MAX_NAME):
            ck.err(
                "S108",
                f"the name '{short(k)}' is longer than {MAX_PILE_REF if self.pile_keys else MAX_NAME} characters",
                kp,
                key=True,
                hint="choose a shorter name",
            )
            return BAD
        elif self.define_keys and not (isinstance(k, str) and define_head(k)):
            ck.err(
                "S110",
                f"'{short(k)}' is not a define's name: write name, or name(a, b) with "
                f"at most {MAX_DEFINE_PARAMS} different parameter names",
                kp,
                key=True,
            )
            return BAD
        elif self.define_keys:
            return self.extra.clean(v, kp, ck)
        elif self.pile_keys and not (isinstance(k, str) and _PILE_REF.fullmatch(k)):
            ck.err(
                "S106",
                f"'{short(k)}' is not a pile: write a group name or group[i], like stock[0]",
                kp,
                key=True,
            )
            return BAD
        elif not self.pile_keys and (not isinstance(k, str) or not k.isidentifier()):
            ck.err(
                "S106",
                f"'{short(k)}' is not a usable name (letters, digits and _; not starting with a digit)",
                kp,
                key=True,
            )
            return BAD
        else:
            return self.extra.clean(v, kp, ck)

    def _whole(self, value, path, ck) -> None:
        """The mapping as a whole: its required keys there (S102), exactly one of the exclusive (S107)."""
        for k, f in self.fields.items():
            if f.required and k not in value:
                where = f"'{_key(path)}'" if path else "the file"
                ck.err("S102", f"{where} is missing the required key '{k}'", path, hint=f.doc or None)
        if self.exclusive:
            present = [k for k in self.exclusive if k in value]
            if len(present) != 1:
                ck.err(
                    "S107",
                    f"'{_key(path) or 'this entry'}' needs exactly one of "
                    f"{', '.join(self.exclusive)}" + (f", not {' and '.join(present)}" if present else ""),
                    path,
                )

    def json(self):
        out = {
            "type": "object",
            "description": self.doc,
            "properties": {k: dict(f.spec.json(), description=f.doc or f.spec.doc) for k, f in self.fields.items()},
            "required": [k for k, f in self.fields.items() if f.required],
        }
        if self.extra is not None:
            out["additionalProperties"] = self.extra.json()
            out["propertyNames"] = {"maxLength": MAX_PILE_REF if self.pile_keys else MAX_NAME}
            if self.pile_keys:
                out["propertyNames"]["pattern"] = _PILE_REF_JSON
            if self.define_keys:
                out["propertyNames"]["pattern"] = _DEFINE_HEAD_JSON
        else:
            out["additionalProperties"] = False
        return out


def _structured(spec) -> bool:
    """Is this a spec of entries with keys of their own (a mapping, or one of several shapes)?"""
    return isinstance(spec, Map) or isinstance(spec, OneOf) and any(isinstance(o, Map) for o in spec.options)


_PILE_REF = re.compile(r"^\s*[A-Za-z_][A-Za-z_0-9]*\s*(\[\s*[0-9]+\s*\])?\s*$")  # fullmatch
# the same in the regex dialect JSON Schema uses (ECMA-262: no \Z; a pattern may match anywhere)
_PILE_REF_JSON = r"^\s*[A-Za-z_][A-Za-z_0-9]*\s*(\[\s*[0-9]+\s*\])?\s*$"


_NAME_RE = r"[A-Za-z_][A-Za-z_0-9]*"
_DEFINE_HEAD = re.compile(rf"\s*({_NAME_RE})\s*(\(\s*({_NAME_RE}(\s*,\s*{_NAME_RE})*)?\s*\))?\s*")
_DEFINE_HEAD_JSON = (
    r"^\s*[A-Za-z_][A-Za-z_0-9]*\s*(\(\s*([A-Za-z_][A-Za-z_0-9]*(\s*,\s*[A-Za-z_][A-Za-z_0-9]*)*)?\s*\))?\s*$"
)
_WORDS = frozenset(("and", "or", "not", "in", "if", "else", "true", "false", "none"))


def define_head(key: str) -> tuple | None:
    """(name, parameters, called with parentheses) of a define's key, or None when it is no
    define head: a name, or a name with a parenthesised list of different parameter names."""
    m = _DEFINE_HEAD.fullmatch(key)
    if m is None or len(key) > MAX_NAME * 2:
        return None
    params = tuple(x.strip() for x in (m.group(3) or "").split(",") if x.strip())
    names = (m.group(1),) + params
    if len(set(params)) != len(params) or len(params) > MAX_DEFINE_PARAMS or any(x in _WORDS for x in names):
        return None
    return m.group(1), params, m.group(2) is not None


def _key(path) -> str:
    return short(
        ".".join(short(p) if not isinstance(p, int) else f"[{p}]" for p in path).replace(".[", "["), 2 * ECHO_LIMIT
    )
