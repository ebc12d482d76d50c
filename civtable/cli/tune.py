"""``civtable tune``: search provisional content values toward balance targets (Optuna), then
verify the best content on held-out seeds."""

from __future__ import annotations

import argparse
import json
from typing import Any

from .simulate import default_players, parse_options, split_seats
from .where import files_text


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "tune",
        help="tune provisional content values toward balance targets, verified on held-out seeds",
        description="Search the content values matched by --params (only those the content marks provisional; "
        "rulebook facts never move) with Optuna so that simulations meet --target; write best-content.toml, "
        "best-content.diff and tune.json into --out, and report before vs after on held-out seeds.",
    )
    p.add_argument("game", help="game name (see 'civtable games')")
    p.add_argument("--params", required=True, help="comma-separated paths with *, e.g. 'wonders.*.cost,advances.*.cost'")
    p.add_argument("--target", required=True, help="e.g. 'traits fair ±3pp, rounds 15..25' (also: first player fair ±5pp)")
    p.add_argument("--budget", type=int, required=True, help="number of trials")
    p.add_argument("--games", type=int, default=40, help="games per trial (default 40)")
    p.add_argument("--verify-games", type=int, default=None,
                   help="held-out games of the verification, each side (default: as many as the target needs to be "
                   "resolved, computed and said)")
    p.add_argument("--mixes", metavar="MIX,MIX",
                   help="bot mixes, e.g. greedy,strong: the first tunes, the others re-check the candidate on held-out "
                   "games (a spec or level for every seat, or specs per seat joined by '+'; replaces --seats)")
    p.add_argument("--check-games", type=int, default=None,
                   help="held-out games per side under each other mix (default: --verify-games)")
    p.add_argument("--check-candidate-only", action="store_true",
                   help="under the other mixes play only the candidate (half the cost of an expensive bot): its traits "
                   "are placed against the target, but it is not compared with the original under them")
    p.add_argument("--co-tune", action="store_true", help="every trial plays every mix, scored by its worst mix")
    p.add_argument("--seats", default="greedy", help="bot specs, one per seat or one for all (default greedy)")
    p.add_argument("--players", type=int, default=None, help="number of players (default 4, or the nearest the game allows)")
    p.add_argument("--mode", help="game mode")
    p.add_argument("--option", action="append", metavar="NAME=VALUE", help="any other game option (repeatable)")
    p.add_argument("--content", help="the content file to start from (default: the game's own)")
    p.add_argument("--assign", metavar="CHOICE=HOW", help="how seats get the game's choice: trait= (Inceptum), civ= (Conquest), board= (Path of "
                   "Civilization) or objective= (Dominations), e.g. board=rotate (default: rotate)")
    p.add_argument("--allow-facts", metavar="PATTERNS",
                   help="what-if: also move the rulebook facts these comma-separated paths match (e.g. "
                   "'traits.*.free_research'); every content written declares itself a variant (meta.variant)")
    p.add_argument("--spread", type=float, default=0.5, help="how far a value may move, as a share of it (default 0.5)")
    p.add_argument("--per", choices=("auto", "value", "pattern"), default="auto",
                   help="search each value, or one factor per --params pattern (auto: value when at most 12 move)")
    p.add_argument("--max-rounds", type=int, help="stop each game after this many rounds")
    p.add_argument("--workers", type=int, default=1, help="parallel worker processes (default 1)")
    p.add_argument("--seed", type=int, default=0, help="tuning seed (verification uses held-out seeds)")
    p.add_argument("--out", required=True, help="output directory")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from civtable.core import make_game
    from civtable.sim.assign import study_hooks
    from civtable.sim.tune import TuneConfig, render_tune_text, tune

    options = parse_options(args.option)
    if args.mode:
        options["mode"] = args.mode
    args.players = default_players(args.game, args.players)
    options["players"] = args.players
    seats = split_seats(args.seats)
    if len(seats) == 1:
        seats = seats * args.players
    checks: list[list[str]] = []
    if args.mixes:
        from civtable.sim.robust import parse_mixes, split_mixes

        mixes = parse_mixes(split_mixes(args.mixes), args.players)
        seats, checks = list(mixes[0].seats), [list(m.seats) for m in mixes[1:]]
    assign = args.assign
    if assign is None:
        hooks = study_hooks(make_game(args.game, options, args.content))
        choice = getattr(hooks, "CHOICE", None)
        assign = f"{choice}=rotate" if choice else None
    cfg = TuneConfig(
        game=args.game, params=[x.strip() for x in args.params.split(",") if x.strip()], target=args.target,
        budget=args.budget, seats=seats, games=args.games, verify_games=args.verify_games, options=options,
        content=args.content, spread=args.spread, per=args.per, seed=args.seed, assign=assign,
        max_rounds=args.max_rounds, workers=args.workers, check_mixes=checks, check_games=args.check_games,
        check_candidate_only=args.check_candidate_only, co_tune=args.co_tune, allow_facts=[x.strip() for x in (args.allow_facts or "").split(",") if x.strip()],
    )
    result = tune(cfg, args.out, progress=not args.json)
    if args.json:
        print(json.dumps(result, indent=1))
    else:
        print(render_tune_text(result), end="")
        if result["decision"]["accepted"]:
            print(files_text("best content", args.out, ["best-content.toml", "best-content.diff (the changes)"]), end="")
        else:
            print("no content written: keep the original")
    return 0
