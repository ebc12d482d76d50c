"""``civtable study``: studies built on simulations (``restricted``: restricted play; ``mixes``:
balance under several bot mixes)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from civtable.core import OptionError

from .simulate import default_players, parse_options
from .where import files_text


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "study",
        help="balance studies built on simulations (restricted play, bot mixes)",
        description="Balance studies built on many simulated games.",
    )
    sub = p.add_subparsers(dest="study", metavar="STUDY", required=True)
    r = sub.add_parser(
        "restricted",
        help="how much a bot loses when barred from wonders, trade or a content element",
        description="For each --forbid, one seat plays the bot barred from it against unrestricted copies "
        "(seats rotated); reports the win-rate drop from the fair share with a 95% CI: the importance of "
        "each element, and dominant strategies.",
    )
    r.add_argument("game", help="game name (see 'civtable games')")
    r.add_argument("--forbid", action="append", required=True, metavar="NAME[,NAME]",
                   help="a restriction: a group (wonders, trade, research, ...) or a content id; repeatable (a name "
                   "holding ',' is kept whole when the game has it, or write it \\,)")
    r.add_argument("--who", default="one", metavar="one|all|one,all",
                   help="one: one seat never does X against free seats; all: nobody does X; one,all: both "
                   "(each paired on the same seeds with an unrestricted run; default one)")
    r.add_argument("--bot", default="greedy", help="the bot every seat runs (default greedy)")
    r.add_argument("--mixes", metavar="BOT,BOT",
                   help="run the study with each bot (weakest first, e.g. greedy,strong) on the same seeds and "
                   "mark each restriction's verdict robust or bot-dependent (replaces --bot)")
    r.add_argument("--threshold", type=float, default=5.0, metavar="POINTS",
                   help="effects smaller than this many points of win rate are not called imbalances (default 5)")
    r.add_argument("--games", type=int, default=100, help="games per restriction (default 100)")
    r.add_argument("--players", type=int, default=None, help="number of players (default 4, or the nearest the game allows)")
    r.add_argument("--mode", help="game mode")
    r.add_argument("--option", action="append", metavar="NAME=VALUE", help="any other game option (repeatable)")
    r.add_argument("--content", help="content file to play with")
    r.add_argument("--assign", metavar="CHOICE=HOW", help="how seats get the game's choice: trait= (Inceptum), civ= (Conquest), board= (Path of "
                   "Civilization) or objective= (Dominations), rotate, random or one per seat, e.g. civ=rotate")
    r.add_argument("--max-rounds", type=int, help="stop each game after this many rounds")
    r.add_argument("--workers", type=int, default=1, help="parallel worker processes (default 1)")
    r.add_argument("--seed", type=int, default=0, help="run seed")
    r.add_argument("--out", required=True, help="output directory (one sub-directory per restriction)")
    r.add_argument("--json", action="store_true", help="print the study as JSON")
    r.add_argument("--quiet", action="store_true", help="no progress bar")
    r.set_defaults(func=run_restricted)
    m = sub.add_parser(
        "mixes",
        help="does balance depend on the bot mix? the same study under several mixes",
        description="Play the same games (same seed, rotated seats) under each --mix and compare every "
        "trait's (civilization's) win rate across the mixes.",
    )
    m.add_argument("game", help="game name (see 'civtable games')")
    m.add_argument("--mix", action="append", required=True, metavar="SPECS",
                   help="bot specs, one per seat or one for all (e.g. greedy or greedy,greedy:style=builder,mcts,random); "
                   "give at least two")
    m.add_argument("--games", type=int, default=100, help="games per mix (default 100)")
    m.add_argument("--players", type=int, default=None, help="number of players (default 4, or the nearest the game allows)")
    m.add_argument("--mode", help="game mode")
    m.add_argument("--option", action="append", metavar="NAME=VALUE", help="any other game option (repeatable)")
    m.add_argument("--content", help="content file to play with")
    m.add_argument("--assign", metavar="CHOICE=HOW", help="how seats get the game's choice: trait= (Inceptum), civ= (Conquest), board= (Path of "
                   "Civilization) or objective= (Dominations), e.g. board=rotate (default: rotate)")
    m.add_argument("--max-rounds", type=int, help="stop each game after this many rounds")
    m.add_argument("--workers", type=int, default=1, help="parallel worker processes (default 1)")
    m.add_argument("--seed", type=int, default=0, help="run seed (the same for every mix)")
    m.add_argument("--out", required=True, help="output directory (one sub-directory per mix)")
    m.add_argument("--json", action="store_true", help="print the study as JSON")
    m.add_argument("--quiet", action="store_true", help="no progress bar")
    m.set_defaults(func=run_mixes)


def run_restricted(args: argparse.Namespace) -> int:
    from civtable.sim.restricted import parse_who, render_study_text, restricted_study

    from .simulate import threshold_share

    options = parse_options(args.option)
    if args.mode:
        options["mode"] = args.mode
    args.players = default_players(args.game, args.players)
    options["players"] = args.players
    from civtable.core import make_game
    from civtable.sim.restrict import restriction_names, split_names

    known = restriction_names(make_game(args.game, options, args.content))
    forbid = [n for item in args.forbid for n in split_names(item, ",", known)]
    if args.mixes:
        from civtable.sim.restricted import render_mixes_text, restricted_mixes
        from civtable.sim.robust import resolve_spec, split_mixes

        bots = [resolve_spec(b) for b in split_mixes(args.mixes)]
        if len(bots) < 2:
            raise OptionError("give at least two bots to compare, e.g. --mixes greedy,strong")
        result = restricted_mixes(
            bots, args.out, game_name=args.game, forbid=forbid, games=args.games, options=options, seed=args.seed,
            workers=args.workers, assign=args.assign, content=args.content, max_rounds=args.max_rounds,
            progress=not args.quiet, who=parse_who(args.who), threshold=threshold_share(args.threshold))
        if args.json:
            print(json.dumps(result, indent=1))
            return 0
        print(render_mixes_text(result), end="")
        from civtable.sim.words import bot_words

        print(files_text("each bot's study", args.out, [f"{bot_words(args.game, run['mix'])}: {run['dir']}/study.html"
                                                         for run in result.get("runs", [])]), end="")
        return 0
    study = restricted_study(
        args.game, forbid, args.bot, args.games, args.out, options=options, seed=args.seed,
        workers=args.workers, assign=args.assign, content=args.content, max_rounds=args.max_rounds,
        progress=not args.quiet, who=parse_who(args.who), threshold=threshold_share(args.threshold),
    )
    if args.json:
        print(json.dumps(study, indent=1))
    else:
        print(render_study_text(study), end="")
        print(files_text("study", args.out, ["study.json", "study.html (side by side)"]), end="")
    return 0


def run_mixes(args: argparse.Namespace) -> int:
    from civtable.core import make_game
    from civtable.sim import SimConfig
    from civtable.sim.assign import study_hooks
    from civtable.sim.mixes import mixes_study, render_mixes_text

    from .simulate import split_seats

    options = parse_options(args.option)
    if args.mode:
        options["mode"] = args.mode
    args.players = default_players(args.game, args.players)
    options["players"] = args.players
    mixes = []
    for text in args.mix:
        seats = split_seats(text)
        if len(seats) not in (1, args.players):
            raise OptionError(f"--mix {text} names {len(seats)} bots but the game has {args.players} players; "
                              "give one bot for every seat, or one for all (--mix greedy)")
        mixes.append(seats * args.players if len(seats) == 1 else seats)
    assign = args.assign
    if assign is None:
        choice = getattr(study_hooks(make_game(args.game, options, args.content)), "CHOICE", None)
        assign = f"{choice}=rotate" if choice else None
    base = SimConfig(game=args.game, seats=mixes[0], games=args.games, seed=args.seed, options=options,
                     content=args.content, max_rounds=args.max_rounds, workers=args.workers, assign=assign)
    study = mixes_study(base, mixes, args.out, progress=not args.quiet)
    if args.json:
        print(json.dumps(study, indent=1))
    else:
        print(render_mixes_text(study), end="")
        print(files_text("study", args.out, ["study.json"]), end="")
    return 0
