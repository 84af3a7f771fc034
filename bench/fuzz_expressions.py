"""Grammar-following expressions in every place an expression may stand: load, check, play.

    python bench/fuzz_expressions.py [COUNT] [--seed N]

COUNT (default 10,000) expressions come from tests/exprgen.py: mostly valid, typed for the
slot, a few wrong on purpose. Each goes into one of the 16 expression slots of a variant,
which is checked (rulesdsl.validation.validate.check_file, static checks over every option
combination), loaded, and played for a few random moves when it loads. Printed: how many
were generated, loaded and refused (by diagnostic code), how many ended in a Python
exception (a traceback: always a bug) and how many ran over the time limit (a hang).
"""

from __future__ import annotations

import argparse
import collections
import signal
import sys
import tempfile
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests import exprgen  # noqa: E402

LIMIT = 20  # seconds for one case before it counts as a hang


class Hang(Exception):
    pass


def _alarm(signum, frame):
    raise Hang()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("count", nargs="?", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    signal.signal(signal.SIGALRM, _alarm)
    outcome, codes, by_slot = collections.Counter(), collections.Counter(), collections.Counter()
    failures = []
    longest = (0.0, None)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="rulesdsl-fuzz-expr-") as tmp:
        path = Path(tmp) / "slots.yaml"
        for slot, text in exprgen.cases(args.count, args.seed):
            t0 = time.perf_counter()
            signal.alarm(LIMIT)
            try:
                result, found = exprgen.run_case(slot, text, path)
                outcome[result] += 1
                by_slot[slot, result] += 1
                if result == "refused":
                    codes.update(found)
            except Hang:
                outcome["hang"] += 1
                failures.append((slot, text, "hang"))
            except Exception:  # a traceback: what this run looks for
                outcome["traceback"] += 1
                failures.append((slot, text, traceback.format_exc(limit=6)))
            finally:
                signal.alarm(0)
            spent = time.perf_counter() - t0
            if spent > longest[0]:
                longest = (spent, (slot, text))
    total = time.perf_counter() - started
    n = args.count
    print(f"generated   {n:,} expressions over {len(exprgen.SLOTS)} slots (seed {args.seed})")
    print(f"loaded      {outcome['loaded']:,} ({100 * outcome['loaded'] / max(n, 1):.1f}%), checked and played")
    print(f"refused     {outcome['refused']:,} with a located diagnostic; files per code:")
    for code, k in sorted(codes.items()):
        print(f"              {code} {k:,}")
    print(f"tracebacks  {outcome['traceback']:,}")
    print(f"hangs       {outcome['hang']:,} (over {LIMIT} s)")
    print(
        f"time        {total:.1f} s, {1000 * total / max(n, 1):.1f} ms a case; slowest {longest[0] * 1000:.0f} ms"
        f" ({longest[1][0] if longest[1] else '-'})"
    )
    print(
        "per slot    "
        + ", ".join(f"{s} {by_slot[s, 'loaded']}/{by_slot[s, 'loaded'] + by_slot[s, 'refused']}" for s in exprgen.SLOTS)
    )
    for slot, text, what in failures[:10]:
        print(f"\n--- {slot}: {text[:300]}\n{what}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
