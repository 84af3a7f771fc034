"""``rulesdsl stats --passes 10,60,600``: every deal at the first time limit, then the deals
still unknown at the next, and so on (Blake & Gent's practice): most deals are settled in
seconds, and the long limits are spent on the few that need them.

Each pass is one ``runner.run`` over its deals, its records tagged with ``"pass": K`` and
``"time_limit": S``, so ``--resume`` continues the pass that was cut (a deal is done for a pass
when the file holds its record of that pass). The summary after each pass counts the verdicts
known by then: a deal's last record decides it.
"""

from __future__ import annotations

from ..core.errors import InputError, short
from ..core.limits import MAX_PASSES
from . import runner
from .records import Seen
from .tally import Tally


def parse_passes(text: str) -> list:
    """'10,60,600' -> [10.0, 60.0, 600.0]: time limits in seconds, each above 0 and above the
    one before (a shorter limit after a longer one settles nothing new)."""
    parts = [p.strip() for p in text.split(",")]
    expected = "--passes takes rising time limits in seconds, separated by commas (such as 10,60,600)"
    limits: list[float] = []
    for p in parts:
        try:
            s = float(p)
        except ValueError:
            raise InputError(f"{expected}: {short(p, quote=True)} is not a number") from None
        if not 0 < s < float("inf"):
            raise InputError(f"{expected}: {short(p, quote=True)} is not a number of seconds above 0")
        if limits and s <= limits[-1]:
            raise InputError(f"{expected}: {p} does not rise above {limits[-1]:g}")
        limits.append(s)
    if len(limits) > MAX_PASSES:
        raise InputError(f"--passes takes at most {MAX_PASSES} time limits, not {len(limits)}")
    return limits


def pass_summary(number, time_limit, ran: int, tally: Tally) -> dict:
    """One pass in the summary: the deals it ran, then the verdicts of every deal so far."""
    return {"pass": number, "time_limit": time_limit, "ran": ran, **tally.summary()}


def run_passes(name, options, deals, limits, *, settled=None, tag=None, **run_args) -> tuple:
    """(summaries, records): each pass's summary and every deal's last record, kept (for the
    API and tests; the CLI streams through ``stream_passes``)."""
    final: dict = {}

    def keep(recs):
        final.update((r["deal"], r) for r in recs)

    summaries, _ = stream_passes(name, options, deals, limits, settled=settled, tag=tag, each=keep, **run_args)
    return summaries, [final[d] for d in sorted(final)]


def stream_passes(name, options, deals, limits, *, settled=None, tag=None, each=None, **run_args) -> tuple:
    """(summaries, tally): each pass's summary and the Tally of every deal's last record,
    keeping no record: they go to ``each`` (and to ``run_args``' out_path) as they arrive.
    ``limits`` is the list of time limits (``None`` for one untagged run at ``run_args``' own
    limit); ``settled`` yields records decided without solving (--reuse), counted from the
    first pass. The first pass runs ``deals`` itself (a range stays a range); each later one
    the unknown deals of the one before, kept as a bitmap (records.Seen)."""
    tally = Tally()
    todo = _unsettled(deals, settled, tally, each)
    summaries = []
    single = run_args.pop("time_limit", None)
    run_args["keep"] = False
    plan = [(None, single)] if limits is None else list(enumerate(limits, 1))
    for number, limit in plan:
        ptag = dict(tag or {})
        if number is not None:
            ptag.update({"pass": number, "time_limit": limit})
        unknown = Seen(todo)
        ran = len(todo)
        tally.rerun(tally.unknown)  # every deal still unknown is in this pass's todo

        def count(recs, unknown=unknown):
            for r in recs:
                tally.add(r)
                if r["verdict"] == "unknown":
                    unknown.add(r["deal"])
            if each is not None:
                each(recs)

        runner.run(name, options, todo, time_limit=limit, tag=ptag, each=count, **run_args)
        summaries.append(pass_summary(number, limit, ran, tally))
        todo = unknown
        if not todo:
            break
    return summaries, tally


def _unsettled(deals, settled, tally: Tally, each):
    """The deals the first pass runs: ``deals`` without those ``settled`` decides (counted
    in the tally and handed to ``each`` on the way)."""
    if settled is None:
        return deals
    if isinstance(settled, dict):
        settled = settled.values()
    if isinstance(deals, range) and deals.step == 1:
        todo = Seen.all_of(deals)
    else:
        todo = Seen(list(deals))
        for d in deals:
            todo.add(d)
    batch: list = []
    for rec in settled:
        if rec["deal"] not in todo:
            continue
        todo.remove(rec["deal"])
        tally.add(rec)
        batch.append(rec)
        if len(batch) >= 1000 and each is not None:
            each(batch)
            batch = []
    if batch and each is not None:
        each(batch)
    return todo


def render_passes(summaries: list) -> str:
    """Each pass on its own lines (when there are several), the last one's summary at the end."""
    out = []
    if len(summaries) > 1 or (summaries and summaries[0]["pass"] is not None):
        for s in summaries:
            out.append(f"pass {s['pass']} ({s['time_limit']:g} s each, {s['ran']} deal(s) run):")
            out.append("  " + runner.render_summary(s).replace("\n", "\n  "))
    elif summaries:
        out.append(runner.render_summary(summaries[-1]))
    return "\n".join(out)
