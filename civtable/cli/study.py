"""``civtable study``: studies built on simulations (``restricted``: restricted play)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from .simulate import parse_options


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "study",
        help="balance studies built on simulations (restricted play)",
        description="Balance studies built on many simulated games.",
    )
    sub = p.add_subparsers(dest="study", metavar="STUDY", required=True)
    r = sub.add_parser(
        "restricted",
        help="how much a bot loses when barred from wonders, trade or a content element",
        description="For each --forbid, one seat plays the bot barred from it against unrestricted copies "
        "(seats rotated); reports the win-rate drop from the fair share with a 95%% CI: the importance of "
        "each element, and dominant strategies.",
    )
    r.add_argument("game", help="game name (see 'civtable games')")
    r.add_argument("--forbid", action="append", required=True, metavar="NAME[,NAME]",
                   help="a restriction: a group (wonders, trade, research, ...) or a content id; repeatable")
    r.add_argument("--bot", default="greedy", help="the bot every seat runs (default greedy)")
    r.add_argument("--games", type=int, default=100, help="games per restriction (default 100)")
    r.add_argument("--players", type=int, default=4, help="number of players (default 4)")
    r.add_argument("--mode", help="game mode")
    r.add_argument("--option", action="append", metavar="NAME=VALUE", help="any other game option (repeatable)")
    r.add_argument("--content", help="content file to play with")
    r.add_argument("--assign", metavar="CHOICE=HOW", help="trait/civilization assignment, e.g. civ=rotate")
    r.add_argument("--max-rounds", type=int, help="stop each game after this many rounds")
    r.add_argument("--workers", type=int, default=1, help="parallel worker processes (default 1)")
    r.add_argument("--seed", type=int, default=0, help="run seed")
    r.add_argument("--out", required=True, help="output directory (one sub-directory per restriction)")
    r.add_argument("--json", action="store_true", help="print the study as JSON")
    r.add_argument("--quiet", action="store_true", help="no progress bar")
    r.set_defaults(func=run_restricted)


def run_restricted(args: argparse.Namespace) -> int:
    from civtable.sim.restricted import render_study_text, restricted_study

    options = parse_options(args.option)
    if args.mode:
        options["mode"] = args.mode
    options["players"] = args.players
    forbid = [n.strip() for item in args.forbid for n in item.split(",") if n.strip()]
    study = restricted_study(
        args.game, forbid, args.bot, args.games, args.out, options=options, seed=args.seed,
        workers=args.workers, assign=args.assign, content=args.content, max_rounds=args.max_rounds,
        progress=not args.quiet,
    )
    if args.json:
        print(json.dumps(study, indent=1))
    else:
        print(render_study_text(study), end="")
        print(f"study: {args.out}/study.json")
    return 0
