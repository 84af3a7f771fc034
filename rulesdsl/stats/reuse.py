"""``rulesdsl stats --reuse FILE.jsonl``: verdicts of a run under stricter or looser options
settle deals without solving them, as Blake & Gent did across their rule lattice.

A win under stricter rules is a win under looser ones (the same line plays); a loss under
looser rules is a loss under stricter ones. Which option set is the stricter is never guessed:
only an option whose values the variant orders (``loosest_first``, docs/variant-format.md) may
differ between the two runs, and all of those that differ must move the same way; anything
else is refused with the reason. The order is the author's declaration (the variant file says
why it holds, as Klondike's does for ``draw`` and ``passes``); the reused file must be of the
same variant text (digest) with deals dealt the same way, and each deal is dealt under both
option sets and compared before its verdict is taken over.
"""

from __future__ import annotations

import json

from ..core.errors import InputError, short
from ..variant.loader import load
from .records import Seen
from .verify import check_identity, dealt_of, file_name, new_game, read_lines, variant_digest

SAME, STRICTER, LOOSER = "same", "stricter", "looser"


def relation(decls, theirs: dict, mine: dict) -> str:
    """How the rules of option values ``theirs`` stand to ``mine``: SAME, STRICTER or LOOSER.
    InputError when an option that differs is not ordered, or two differ in opposite ways."""
    ways: dict = {}
    for opt in decls:
        a, b = theirs.get(opt.name), mine.get(opt.name)
        if a == b:
            continue
        if opt.loosest_first is None:
            raise InputError(
                f"--reuse: the option {opt.name} differs ({short(a)} there, {short(b)} here) and the "
                f"variant does not order its values (loosest_first): neither verdict carries over"
            )
        order = opt.loosest_first
        ways[opt.name] = LOOSER if order.index(a) < order.index(b) else STRICTER
    kinds = set(ways.values())
    if len(kinds) > 1:
        looser = ", ".join(k for k, w in ways.items() if w == LOOSER)
        stricter = ", ".join(k for k, w in ways.items() if w == STRICTER)
        raise InputError(
            f"--reuse: the file's rules are looser in {looser} and stricter in {stricter}: "
            f"neither option set contains the other, so no verdict carries over"
        )
    return kinds.pop() if kinds else SAME


CARRIES = {SAME: ("won", "unwinnable"), STRICTER: ("won",), LOOSER: ("unwinnable",)}


def settle(name: str, options: dict, path, deals, *, warn=None) -> tuple:
    """(relation, records): the deals of ``deals`` that the file's verdicts settle, as records
    of this run (``reused`` names the file's options; a won record keeps the line, with
    ``line_options`` to replay it under), sorted by deal."""
    rel, recs = stream(name, options, path, deals, warn=warn)
    return rel, sorted(recs, key=lambda r: r["deal"])


def stream(name: str, options: dict, path, deals, *, warn=None) -> tuple:
    """(relation, records): as ``settle``, the records yielded in the file's order, a line at
    a time (the first record of a deal): the whole file is checked first, so nothing is
    yielded from a file that is refused."""
    mine_v = load(name, options)
    dealt = dealt_of(mine_v)
    rel, theirs_v, theirs_opts = _check(name, mine_v, path, warn)
    if rel is None:
        return SAME, iter(())
    return rel, _carried(rel, path, deals, (theirs_v, mine_v), theirs_opts, dealt)


def _check(name, mine_v, path, warn) -> tuple:
    """(relation, their variant, their options) of the file, every line checked (None, None,
    {} for a file with no record)."""
    digest, dealt = variant_digest(name), dealt_of(mine_v)
    rel, theirs_v, theirs_opts = None, None, {}
    for number, rec in read_lines(path):
        if rec is None:
            if warn:
                warn(f"{file_name(path)}:{number}: not a complete stats record (a run cut short?): skipped")
            continue
        if rec.get("digest") is None or rec.get("dealt") is None:
            raise InputError(
                f"{file_name(path)}:{number}: the record does not say which text of the variant it was "
                f"solved under, or how it was dealt (digest, dealt): solve those deals again"
            )
        check_identity(path, number, rec, name, digest, dealt)
        opts = rec.get("options") or {}
        if not isinstance(opts, dict):
            raise InputError(f"{file_name(path)}:{number}: the record's options are not a mapping")
        if rel is None:
            theirs_opts = opts
            theirs_v = load(name, opts)
            rel = relation(mine_v.option_decls, dict(theirs_v.options), dict(mine_v.options))
        elif opts != theirs_opts:
            raise InputError(f"{file_name(path)}:{number}: the file mixes runs of other options")
    return rel, theirs_v, theirs_opts


def _carried(rel, path, deals, variants, theirs_opts, dealt):
    """The records the file settles, read again a line at a time."""
    theirs_v, mine_v = variants
    wanted = deals if isinstance(deals, (range, Seen)) else set(deals)
    seen = Seen(deals)
    for _, rec in read_lines(path):
        if rec is None or rec["deal"] not in wanted or rec["verdict"] not in CARRIES[rel] or "reused" in rec:
            continue
        deal = rec["deal"]
        if not seen.add(deal):
            continue
        if not _same_deal(theirs_v, mine_v, deal, dealt):
            raise InputError(
                f"--reuse: deal {deal} is dealt differently under the file's options: the option "
                f"changes the deal, so its verdicts say nothing about this run's"
            )
        new = {"deal": deal, "verdict": rec["verdict"], "states": 0, "seconds": 0.0, "reused": {"options": theirs_opts}}
        if rec["verdict"] == "won":
            new.update(moves=rec.get("moves"), line=rec.get("line"), line_options=theirs_opts)
        yield new


def _same_deal(a, b, deal: int, dealt: str) -> bool:
    """Is deal ``deal`` the same position under both compiled variants?"""
    sa, sb = new_game(a, deal, dealt).state, new_game(b, deal, dealt).state
    return sa.piles == sb.piles and sa.down == sb.down


def append(path, records: list) -> None:
    """Records appended to a stats file, after ending a line an interruption cut."""
    with open(path, "a+", encoding="utf-8") as sink:
        if sink.tell():
            sink.seek(sink.tell() - 1)
            if sink.read(1) != "\n":
                sink.write("\n")
        for rec in records:
            sink.write(json.dumps(rec) + "\n")
