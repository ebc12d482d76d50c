"""``civtable compare``: how balance moved between two simulation runs."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "compare",
        help="compare the balance of two 'civtable simulate' runs side by side",
        description="Show win rates (with 95% confidence intervals) of two simulation runs side by side.",
    )
    p.add_argument("dir_a", help="first run directory")
    p.add_argument("dir_b", help="second run directory")
    p.add_argument("--json", action="store_true", help="print the comparison as JSON")
    p.add_argument("--html", metavar="OUT", help="also write an HTML comparison to OUT")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from civtable.sim import compare_runs, render_compare_html, render_compare_text

    cmp = compare_runs(args.dir_a, args.dir_b)
    if args.json:
        print(json.dumps(cmp, indent=1))
    else:
        print(render_compare_text(cmp), end="")
    if args.html:
        Path(args.html).write_text(render_compare_html(cmp))
    return 0
