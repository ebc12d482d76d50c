"""``civtable ladder``: a rated round robin between bots in 2-, 3- and 4-player line-ups."""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from typing import Any

from civtable.core import OptionError

from .simulate import parse_options, split_seats


def parse_players(text: str | None) -> list[int] | None:
    """``"2,3,4"`` -> ``[2, 3, 4]`` (None when not given)."""
    if text is None:
        return None
    out: list[int] = []
    for item in filter(None, (s.strip() for s in text.split(","))):
        try:
            out.append(int(item))
        except ValueError:
            raise OptionError(f"--players takes whole numbers separated by commas, e.g. 2,3,4 (not {item!r})") from None
    if not out:
        raise OptionError("--players needs at least one player count, e.g. --players 2")
    return out


def _command(args: argparse.Namespace) -> str:
    """The command that reproduces the ladder's games."""
    parts = ["civtable", "ladder", args.game, "--bots", args.bots, "--games", str(args.games), "--seed", str(args.seed)]
    for flag, value in (("--players", args.players), ("--mode", args.mode), ("--content", args.content),
                        ("--max-rounds", args.max_rounds)):
        if value is not None:
            parts += [flag, str(value)]
    for item in args.option or []:
        parts += ["--option", item]
    parts += ["--workers", str(args.workers), "--out", args.out]
    return " ".join(shlex.quote(p) for p in parts)


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "ladder",
        help="rate bots: round robins in 2-4 player line-ups, OpenSkill ratings, table and plot",
        description="Play every line-up of the given bots (seats rotated) for 2, 3 and 4 players, fit "
        "OpenSkill ratings and pairwise win rates, and write ladder.json, ladder.md and ladder.png. "
        "Re-running the same command into the same --out resumes an interrupted ladder.",
    )
    p.add_argument("game", help="game name (see 'civtable games')")
    p.add_argument(
        "--bots",
        default="random,greedy,mcts",
        help="comma-separated bot specs or levels, e.g. random,greedy,mcts,strong,mcts:iters=200; 'levels' "
        "stands for every level (beginner ... expert), 'styles' for the Strong level in each of the game's styles "
        "(default random,greedy,mcts)",
    )
    p.add_argument("--games", type=int, default=20, help="games per line-up (default 20; a multiple of the players rotates every seat evenly)")
    p.add_argument("--players", help="player counts, e.g. 2,3,4 (default: 2, 3 and 4 as far as the game allows)")
    p.add_argument("--mode", help="game mode")
    p.add_argument("--option", action="append", metavar="NAME=VALUE", help="any other game option (repeatable)")
    p.add_argument("--content", help="content file to play with")
    p.add_argument("--max-rounds", type=int, help="stop each game after this many rounds (counted unfinished)")
    p.add_argument("--workers", type=int, default=1, help="parallel worker processes (default 1)")
    p.add_argument("--backend", choices=("local", "ray"), default="local", help="process pool (local) or Ray")
    p.add_argument("--address", help="Ray cluster address (default: start Ray locally)")
    p.add_argument("--seed", type=int, default=0, help="run seed; every game is seeded from it, its line-up and its index")
    p.add_argument("--out", required=True, help="output directory")
    p.add_argument("--no-plot", action="store_true", help="do not draw ladder.png")
    p.add_argument(
        "--report-only",
        action="store_true",
        help="play nothing: rate the games already in --out (an interrupted ladder) and write the table and plot",
    )
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument(
        "--save-level-ratings",
        action="store_true",
        help="store the ratings in the levels' ratings file (civtable/bots/level_ratings.json), which the lobby shows",
    )
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from civtable.sim.ladder import LadderConfig, run_ladder

    options = parse_options(args.option)
    if args.mode:
        options["mode"] = args.mode
    if "players" in options:
        raise OptionError("give player counts with --players, not --option players=...")
    if args.max_rounds is not None and args.max_rounds < 1:
        raise OptionError("--max-rounds must be at least 1")
    from civtable.bots.levels import expand_groups

    config = LadderConfig(
        game=args.game,
        bots=expand_groups(split_seats(args.bots), args.game),
        games=args.games,
        players=parse_players(args.players),
        seed=args.seed,
        options=options,
        content=args.content,
        max_rounds=args.max_rounds,
        workers=args.workers,
        backend=args.backend,
        address=args.address,
    )
    summary = run_ladder(config, args.out, progress=not args.quiet, plot=not args.no_plot, play=not args.report_only)
    from civtable.sim.rating import render_markdown

    print(render_markdown(summary))
    files = "ladder.json, ladder.md" + ("" if args.no_plot else ", ladder.png")
    print(f"{summary['games']} games in {args.out} ({files})")
    for warning in summary["warnings"]:
        print(f"warning: {warning}", file=sys.stderr)
    if args.save_level_ratings:
        from civtable.bots.levels import save_level_ratings

        run = summary["run"]
        measured = {
            "command": _command(args),
            "seed": summary["seed"],
            "games": summary["games"],
            "games_per_table": summary["games_per_table"],
            "players": sorted({t["players"] for t in summary["tables"]}),
            "bots": summary["bots"],
            "wall_seconds": run["seconds"],
            "cpu_seconds": run["cpu_seconds"],
            "load": [run["load_before"], run["load_after"]],
            "date": time.strftime("%Y-%m-%d"),
        }
        path = save_level_ratings(summary, measured)
        print(f"ratings of {summary['game']} stored in {path}")
    return 0
