"""What a pile takes, in words: an accept rule read as the cards the pile takes ('a card one
rank lower and of the other colour'), with its parts merged where they can be."""

from __future__ import annotations

from ...lang import checker as ck
from ...lang.types import SUIT
from .speaker import Speaker
from .trees import _is_attr, _is_slot, _is_top_of_dest, _rank_of, simplify
from .words import _one_of, join, number, rank_word


def what_it_takes(sp: Speaker, e: ck.Expr, empty: bool, runs: bool) -> str:
    """'a card one rank lower than the top card and of the other colour' for an accept rule."""
    e = simplify(e)
    if e.is_const:
        return ("any card or run" if runs else "any card") if e.const else "nothing"
    parts = list(e.items) if isinstance(e, ck.BoolOp) and e.op == "and" else [e]
    size = rank = None
    rel: list[str] = []
    adj: list[str] = []
    rest: list[str] = []
    for p in parts:
        p = simplify(p)
        said = _take_part(sp, p)
        if said is None:
            rest.append(sp.cl(p))
            continue
        kind, text = said
        if kind == "size":
            size = text
        elif kind == "rank" and rank is None:
            rank = text
        elif kind == "rel":
            rel.append(text)
        else:
            adj.append(text)
    noun = rank or "card"
    if size is not None and "CARD" in size and rank is None and "whose" in size:
        size = size.split(" whose")[0]
    if size is not None:
        head = size.replace("CARD", noun)
    else:
        head = f"{'an' if noun[0] in 'aeiou8' else 'a'} {noun}"
        if runs and rank is not None:
            head += " (alone or with the cards on it)"
    words = " and ".join(x for x in (rel + adj) if x)
    text = f"{head} {words}".strip()
    if rest:
        text += ", when " + join(rest)
    return text


def _take_part(sp: Speaker, p: ck.Expr) -> tuple[str, str] | None:
    """One part of an accept rule in a known shape: (kind, words), or None."""
    if isinstance(p, ck.Binary) and _is_attr(p.left, "size") and _is_slot(p.left.obj, "run") and p.right.is_const:  # type: ignore[attr-defined]
        n = p.right.const
        if p.op == "==":
            return "size", "a single CARD" if n == 1 else f"a run of {number(n)} cards whose bottom card is a CARD"
        if p.op == ">=":
            return "size", f"a run of at least {number(n)} cards whose bottom card is a CARD"
        if p.op == "<=":
            return "size", f"at most {number(n)} cards, the bottom one a CARD"
    if isinstance(p, ck.Binary) and p.op == "==":
        for x, y in ((p.left, p.right), (p.right, p.left)):
            if _rank_of(x) is not None and _is_slot(x.obj, "card") and y.is_const and isinstance(y.const, int):  # type: ignore[attr-defined]
                return "rank", rank_word(y.const)
    if isinstance(p, ck.Binary) and p.op == "==":
        for x, y in ((p.left, p.right), (p.right, p.left)):
            if (
                _is_attr(x, "suit")
                and isinstance(y, ck.Index)
                and y.obj.is_const
                and y.obj.type.elem == SUIT
                and _is_attr(y.index, "index")
                and _is_slot(y.index.obj, "dest")  # type: ignore[attr-defined]
            ):
                suits = sp.value(y.obj.const, y.obj)
                return "adj", f"of this pile's own suit (the piles in order: {suits[1:-1]})"
    if (
        isinstance(p, ck.Binary)
        and p.op in ("==", "!=")
        and _is_attr(p.left, "group")
        and _is_slot(p.left.obj, "source")  # type: ignore[attr-defined]
        and p.right.is_const
    ):
        where = _one_of(sp.group(p.right.const)) if p.right.const in sp.v.layout.groups else f"group {p.right.const}"
        return "adj", f"that comes from {where}" if p.op == "==" else f"that does not come from {where}"
    if isinstance(p, ck.Binary) and p.op in ("==", "!="):
        sides = (p.left, p.right)
        if all(_is_attr(s, "suit") for s in sides) and any(_is_top_of_dest(s.obj) for s in sides):  # type: ignore[attr-defined]
            return "adj", "of the same suit" if p.op == "==" else "of another suit"
        if all(_is_attr(s, "color") for s in sides) and any(_is_top_of_dest(s.obj) for s in sides):  # type: ignore[attr-defined]
            if p.op == "==":
                return "adj", "of the same colour"
            return "adj", "of the other colour" if len(sp.v.deck.colors) == 2 else "of another colour"
        rel = sp.rank_relation(p.left, p.right, p.op)
        if rel is not None and rel.startswith(sp.names["card"] + " is ") and p.op == "==":
            what = rel[len(sp.names["card"]) + 4 :]
            return "rel", what.replace("the top card of " + sp.names["dest"], "the top card")
    if isinstance(p, ck.BoolOp) and p.op == "or":
        rels = []
        for i in p.items:
            r = _take_part(sp, simplify(i))
            if r is None or r[0] != "rel":
                break
            rels.append(r[1])
        else:
            return "rel", _merge_rels(rels)
    gap = sp.rank_gap(p.left) if isinstance(p, ck.Binary) else None
    if gap is not None and isinstance(p, ck.Binary) and p.right.is_const and p.op in ("==", "in"):
        vals = p.right.const if isinstance(p.right.const, tuple) else (p.right.const,)
        return (
            "rel",
            f"{join([number(v) for v in vals], 'or')} rank{'s' if vals != (1,) else ''} above or below the top card",
        )
    return None


def _merge_rels(rels: list[str]) -> str:
    """'one rank higher than the top card' or 'one rank lower than the top card' ->
    'one rank higher or lower than the top card'."""
    tails = {r.split(" than ", 1)[1] if " than " in r else r for r in rels}
    heads = [r.split(" than ", 1)[0] for r in rels]
    if len(tails) == 1 and all(" than " in r for r in rels):
        words = [h.split(" ")[-1] for h in heads]
        if len({" ".join(h.split(" ")[:-1]) for h in heads}) == 1:
            return f"{' '.join(heads[0].split(' ')[:-1])} {' or '.join(words)} than {tails.pop()}"
    return " or ".join(rels)
