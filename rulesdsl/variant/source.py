"""Reading a YAML file while keeping the line and column of every key and value.

Only PyYAML's SafeLoader is used (no arbitrary tags, no Python objects). The result is
plain data (dicts, lists, scalars) plus a table of marks by path, so any later stage can
point a diagnostic at the exact place in the file.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

import yaml

from ..core import files
from ..core.errors import Diagnostic, RulesError, short
from ..core.limits import MAX_INT, MAX_INT_TEXT, MAX_VARIANT_BYTES
from ..core.limits import MAX_YAML_NODES as MAX_NODES


@dataclass(frozen=True)
class Mark:
    line: int  # 1-based
    column: int  # 1-based
    style: str | None = None  # YAML scalar style: None (plain), "'", '"', "|", ">"


@dataclass
class Document:
    """Plain data of one YAML file with the marks of its values and keys by path."""

    path: str
    text: str
    data: object
    marks: dict = field(default_factory=dict)  # path tuple -> Mark of the value
    key_marks: dict = field(default_factory=dict)  # path tuple -> Mark of the key
    origin: dict = field(default_factory=dict)  # path tuple -> Document it came from (extends)
    lineage: tuple = ()  # the `extends` names it was merged from, its parent first
    removed: dict = field(default_factory=dict)  # path -> (Mark of the child's key, the parent's value) of 'key: null'

    def line_text(self, line: int) -> str | None:
        lines = self.text.splitlines()
        return lines[line - 1] if 0 < line <= len(lines) else None

    def locate(self, path):
        """(Mark, Document) of a path, or of its nearest ancestor that has a mark."""
        path = tuple(path)
        while path and path not in self.marks:
            path = path[:-1]
        return self.marks.get(path, Mark(1, 1)), self.origin.get(path, self)

    def mark(self, path) -> Mark:
        return self.locate(path)[0]

    def diag(self, code, message, path=(), *, key=False, offset=None, hint=None, severity="") -> Diagnostic:
        """A diagnostic at a value (or its key); offset is a column inside an expression."""
        path = tuple(path)
        m, owner = self.locate(path)
        if key and path in self.key_marks:
            m = self.key_marks[path]
        line, col = m.line, m.column
        if offset is not None:  # a character inside an expression (0 = its first)
            line, col = _place(owner, m, offset)
        if owner is not self and owner.path != self.path:  # a key this file inherited (extends)
            message = f"{message} [inherited by {self.path}]"
            hint = self.removed_hint(code, message) or hint
        return Diagnostic(code, message, owner.path, line, col, severity, owner.line_text(line), hint)

    def removed_hint(self, code: str, message: str) -> str | None:
        """For an unknown name in an inherited rule (E201): the child's 'key: null' that removed
        the parent's definition of it, and the fix in the child file."""
        if code != "E201":
            return None
        for path, (m, value) in self.removed.items():
            names = value if isinstance(value, dict) else {}
            for name in names:
                if isinstance(name, str) and f"'{name}'" in message:
                    key = ".".join(str(k) for k in path)
                    return (
                        f"{self.path}:{m.line}:{m.column}: '{key}: null' removed the parent's {key}, "
                        f"which gave '{name}': give '{name}' again under {key} in {self.path}, "
                        f"or remove the null there"
                    )
        return None


def _place(doc, m: Mark, offset: int):
    """File line and column of character `offset` of a scalar's text that starts at mark m.

    The scalar's lines are walked in the file: the first starts at the mark (after an opening
    quote), block scalars start on the next line, and every later line at its first
    non-blank character; each line break counts as one character of the text (YAML folds
    it into a space or keeps it as a newline, one character either way).
    """
    block = m.style in ("|", ">")
    line = m.line + 1 if block else m.line
    start = None if block else m.column + (1 if m.style in ("'", '"') else 0)
    indent = None  # a block's own indentation: deeper lines keep their extra spaces in the text
    remaining = offset
    for _ in range(500):
        src = doc.line_text(line)
        if src is None:
            break
        if start is None:
            if not src.strip():  # a blank line inside a block is one newline
                remaining -= 1
                line += 1
                continue
            start = len(src) - len(src.lstrip()) + 1
            if block:
                indent = start if indent is None else indent
                start = min(start, indent)
        length = len(src.rstrip()) - (start - 1)
        if remaining <= length:
            return line, start + remaining
        remaining -= length + 1
        line += 1
        start = None
    return m.line, m.column + offset


# The files parsed last, by (path, text): PyYAML's pure-Python composer is half the cost of
# loading a variant, and a parent file (extends), the catalogue or a test's options load one
# text many times. Keyed by the text itself, so an edited file is parsed again however fast
# it changed; each reader gets its own copy of the data. Only files that parse are kept.
PARSED: dict = {}
PARSED_MAX = 256


def read_text(text: str, path: str = "<string>") -> Document:
    """Parse YAML text into a Document; a syntax error becomes a Y001 diagnostic."""
    kept = PARSED.get((path, text))
    if kept is not None:
        copied = _copied(kept)
        if copied is not None:
            return Document(path, text, *copied)
    data, marks, key_marks = _parsed(text, path)
    kept = _copied((data, marks, key_marks))
    if kept is not None:  # (a file nested too deep to copy is parsed each time)
        if len(PARSED) >= PARSED_MAX:
            PARSED.pop(next(iter(PARSED)))
        PARSED[(path, text)] = kept
    return Document(path, text, data, marks, key_marks)


def _copied(kept: tuple) -> tuple | None:
    """A copy of parsed data and its marks that the reader may change, None if too deep."""
    data, marks, key_marks = kept
    try:
        return copy.deepcopy(data), dict(marks), dict(key_marks)
    except RecursionError:
        return None


def _parsed(text: str, path: str) -> tuple:
    """(data, marks, key marks) of YAML text, parsed afresh."""
    try:
        loader = yaml.SafeLoader(text)
        root = loader.get_single_node()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        msg, hint, at_start = _yaml_words(exc)
        if at_start and exc.context_mark is not None:
            mark = exc.context_mark  # point at where the unclosed thing opens
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        lines = text.splitlines()
        src = lines[line - 1] if 0 < line <= len(lines) else None
        raise RulesError(Diagnostic("Y001", msg, path, line, col, "error", src, hint)) from None
    except yaml.YAMLError as exc:
        raise RulesError(Diagnostic("Y001", f"YAML syntax: {exc}", path, 1, 1)) from None
    except RecursionError:
        raise RulesError(Diagnostic("Y001", "YAML syntax: nested too deeply", path, 1, 1)) from None
    doc = Document(path, text, None)
    if root is None:
        doc.data = {}
        doc.marks[()] = Mark(1, 1)
        return doc.data, doc.marks, doc.key_marks
    counter = [0]
    try:
        doc.data = _walk(root, (), doc, loader, counter)
    except RecursionError:
        raise RulesError(Diagnostic("Y001", "YAML syntax: nested too deeply", path, 1, 1)) from None
    finally:
        loader.dispose()
    return doc.data, doc.marks, doc.key_marks


def _yaml_words(exc) -> tuple:
    """(message, hint, point at the opening mark?) for a YAML syntax error, in an author's words."""
    problem, context = exc.problem or "", exc.context or ""
    if "quoted scalar" in context and "end of stream" in problem:
        return ("YAML syntax: the quoted text that starts here is never closed", "add the closing quote", True)
    if "flow sequence" in context and "stream end" in problem:
        return ("YAML syntax: the list '[' that starts here is never closed", "add the closing ']'", True)
    if "flow mapping" in context and "stream end" in problem:
        return ("YAML syntax: the mapping '{' that starts here is never closed", "add the closing '}'", True)
    if "mapping values are not allowed" in problem:
        return (
            "YAML syntax: a ':' where none can be: a key indented deeper than the keys around it, or "
            "a value holding ': '",
            "align the key with its neighbours, or put the value in quotes",
            False,
        )
    if "'\\t'" in problem:
        return ("YAML syntax: a tab; YAML indents with spaces only", "replace the tab with spaces", False)
    if "cannot start any token" in problem:
        char = problem.split("found character ", 1)[-1].split(" that", 1)[0]
        return (f"YAML syntax: a plain value cannot start with {char}", "put the value in quotes", False)
    if "expected <block end>" in problem:
        return (
            "YAML syntax: this line's indentation does not match the lines above it",
            "indent keys of the same mapping, and items of the same list, equally",
            False,
        )
    msg = f"YAML syntax: {problem or context}"
    if context and problem:
        msg += f" ({context})"
    return msg, "check indentation, colons and quotes", False


def read_file(path) -> Document:
    """A variant file: a regular UTF-8 file under the size cap (files.py), parsed."""
    return read_text(files.read_text(path, MAX_VARIANT_BYTES, "variant file"), str(path))


def _walk(node, path, doc, loader, counter):
    counter[0] += 1
    if counter[0] > MAX_NODES:
        raise RulesError(doc.diag("Y004", f"file too large or too many aliases (over {MAX_NODES} values)", path))
    m = node.start_mark
    style = getattr(node, "style", None)
    doc.marks[path] = Mark(m.line + 1, m.column + 1, style)
    if isinstance(node, yaml.MappingNode):
        out = {}
        for knode, vnode in node.value:
            if not isinstance(knode, yaml.ScalarNode):
                raise RulesError(
                    Diagnostic(
                        "Y005",
                        "a key must be a plain name",
                        doc.path,
                        knode.start_mark.line + 1,
                        knode.start_mark.column + 1,
                        "error",
                        doc.line_text(knode.start_mark.line + 1),
                    )
                )
            key = knode.value
            if knode.tag == "tag:yaml.org,2002:merge":
                raise RulesError(doc.diag("Y005", "YAML merge keys (<<) are not supported; use extends:", path))
            kpath = path + (key,)
            km = knode.start_mark
            if key in out:
                raise RulesError(
                    Diagnostic(
                        "Y006",
                        f"duplicate key '{key}'",
                        doc.path,
                        km.line + 1,
                        km.column + 1,
                        "error",
                        doc.line_text(km.line + 1),
                        "each key may appear once in a mapping",
                    )
                )
            doc.key_marks[kpath] = Mark(km.line + 1, km.column + 1)
            out[key] = _walk(vnode, kpath, doc, loader, counter)
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_walk(v, path + (i,), doc, loader, counter) for i, v in enumerate(node.value)]
    if node.tag == "tag:yaml.org,2002:int" and len(node.value) > MAX_INT_TEXT:
        # refused before Python converts it: no 5,000-digit int, no "Exceeds the limit" message
        raise RulesError(
            doc.diag(
                "E108",
                f"the number {short(node.value.strip(), digits=12)} is outside the "
                f"integer range -{MAX_INT:,}..{MAX_INT:,}",
                path,
                hint="use a smaller number",
            )
        )
    try:
        return loader.construct_object(node, deep=True)
    except (yaml.YAMLError, ValueError, OverflowError) as exc:
        raise RulesError(doc.diag("Y001", f"bad scalar: {short(str(exc), 200)}", path)) from None


def merge(parent: Document, child: Document) -> Document:
    """The child's keys laid over the parent's (mappings merged, lists replaced); marks kept."""
    out = Document(child.path, child.text, None)
    out.removed.update(parent.removed)
    for doc in (parent, child):
        for path, m in doc.marks.items():
            out.marks[path] = m
            out.origin[path] = doc.origin.get(path, doc)
        for path, m in doc.key_marks.items():
            out.key_marks[path] = m
    out.data = _merge(parent.data, child.data, (), out, child)
    return out


def _merge(a, b, path, out, child):
    if isinstance(a, dict) and isinstance(b, dict):
        merged = dict(a)
        for k, v in b.items():
            if v is None and k in a:
                merged.pop(k)  # "key: null" in the child removes the parent's key
                if path + (k,) in child.key_marks:
                    out.removed[path + (k,)] = (child.key_marks[path + (k,)], a[k])
            else:
                merged[k] = _merge(a[k], v, path + (k,), out, child) if k in a else v
        return merged
    # the child's value replaces the parent's: drop the parent's marks below this path
    for p in [p for p in out.marks if p[: len(path)] == path and len(p) > len(path)]:
        if p not in child.marks:
            del out.marks[p]
            out.origin.pop(p, None)
    return b
