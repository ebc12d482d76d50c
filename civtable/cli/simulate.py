"""``civtable simulate``: play many games between bots and write a balance report."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

from civtable.core import OptionError
from civtable.sim.specs import split_seats

__all__ = ["DEFAULT_PLAYERS", "default_players", "parse_forbid", "parse_options", "print_summary", "register", "run",
           "split_seats", "threshold_share"]

DEFAULT_PLAYERS = 4
"""Players of a study, a tuning run or a benchmark when ``--players`` is not given (or the
nearest count the game allows)."""


def default_players(name: str, wanted: int | None = None) -> int:
    """``wanted`` seats if given, else :data:`DEFAULT_PLAYERS` or the nearest count the game is
    played with (a 2-player game: 2)."""
    if wanted is not None:
        return wanted
    from civtable.core import game_info

    info = game_info(name)
    return max(info.min_players, min(DEFAULT_PLAYERS, info.max_players))


def parse_options(items: list[str] | None) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for item in items or []:
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise OptionError(f"--option {item!r} must look like name=value")
        out[key.strip().replace("-", "_")] = value.strip()
    return out


def parse_forbid(items: list[str] | None, seats: int, known: Sequence[str] = ()) -> list[list[str]] | None:
    """``["1:wonders", "2:trade+pyramids"]`` -> one list of restrictions per seat. A name holding
    '+' stays whole when ``known`` (the game's restriction names) has it, or with ``\\+``
    (:func:`~civtable.sim.restrict.split_names`); each seat's names may also be given by
    repeating ``--forbid``."""
    from civtable.sim.restrict import split_names

    if not items:
        return None
    out: list[list[str]] = [[] for _ in range(seats)]
    for item in items:
        seat, colon, names = item.partition(":")
        if not colon or not seat.strip().isdigit() or not names.strip():
            raise OptionError(f"--forbid {item!r} must look like SEAT:NAME, e.g. 1:wonders or 2:trade+pyramids")
        k = int(seat)
        if not 1 <= k <= seats:
            raise OptionError(f"--forbid {item!r}: seat must be between 1 and {seats}")
        out[k - 1].extend(split_names(names, "+", known))
    return out


def _forbid_names(args: argparse.Namespace, options: dict[str, Any]) -> list[str]:
    """The restriction names of the game played, for splitting ``--forbid`` (none without it)."""
    if not args.forbid:
        return []
    from civtable.core import make_game
    from civtable.sim.restrict import restriction_names

    return restriction_names(make_game(args.game, options, args.content))


def threshold_share(points: float) -> float:
    """``--threshold 5`` (points of win rate) as a share of a win."""
    if not 0 < points < 100:
        raise OptionError("--threshold is a number of points of win rate between 0 and 100 (default 5)")
    return points / 100.0


def print_summary(summary: dict[str, Any]) -> None:
    if summary.get("summary"):
        print("Summary:")
        for i, line in enumerate(summary["summary"], start=1):
            print(f" {i}. {line}")
        print("Details:")
    for line in summary["findings"]:
        print(" -", line)


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "simulate",
        help="play many games between bots; write games.jsonl, records, summary.json and report.html",
        description="Play many seeded games between bots in parallel and report on balance. "
        "Re-running the same command into the same --out resumes an interrupted run.",
    )
    p.add_argument("game", help="game name (see 'civtable games')")
    p.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    p.add_argument(
        "--seats",
        default="greedy",
        help="comma-separated bot specs, one per seat, e.g. greedy,greedy,mcts,random",
    )
    p.add_argument("--mode", help="game mode")
    p.add_argument("--players", type=int,
                   help="number of players (default: the number of --seats; with one spec, the game's default)")
    p.add_argument(
        "--option", action="append", metavar="NAME=VALUE", help="any other game option (repeatable)"
    )
    p.add_argument("--content", help="content file to play with")
    p.add_argument(
        "--rotate-seats", action="store_true", help="rotate the bots round the table from game to game"
    )
    p.add_argument(
        "--max-rounds", type=int, help="stop each game after this many rounds (counted unfinished)"
    )
    p.add_argument(
        "--assign",
        metavar="CHOICE=HOW",
        help="how seats get the game's choice (Inceptum trait, Conquest civ, Path of Civilization board, "
        "Dominations objective): trait=rotate (every option equally, at every seat), civ=random, or one per "
        "seat: civ=persians,romans,*,* (* = the bot or the deal decides)",
    )
    p.add_argument(
        "--forbid",
        action="append",
        metavar="SEAT:NAME[+NAME]",
        help="bar the bot of a seat (1-based, before rotation) from a group of actions or a content element, "
        "e.g. 1:wonders or 2:trade+pyramids (repeatable, also for one seat; a name holding '+' is kept whole "
        "when the game has it, or write it \\+)",
    )
    p.add_argument("--mixes", metavar="MIX,MIX",
                   help="run the study under each bot mix (weakest first; a spec or level for every seat, or "
                   "specs per seat joined by '+'), e.g. greedy,strong: every finding is marked robust or "
                   "bot-dependent, with a skill curve (replaces --seats)")
    p.add_argument("--workers", type=int, default=1, help="parallel worker processes (default 1)")
    p.add_argument("--backend", choices=("local", "ray"), default="local", help="process pool (local) or Ray")
    p.add_argument("--address", help="Ray cluster address (default: start Ray locally)")
    p.add_argument("--threshold", type=float, default=5.0, metavar="POINTS",
                   help="practical threshold: effects on the win rate smaller than this many points are not "
                   "called imbalances (default 5)")
    p.add_argument("--seed", type=int, default=0, help="run seed; game i is seeded from (seed, i)")
    p.add_argument("--out", required=True, help="output directory")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("--report-only", action="store_true",
                   help="play nothing: write the summary and report of the games the run directory holds "
                   "(e.g. after a killed run)")
    p.set_defaults(func=run)


def _default_players(game: str, options: dict[str, Any], content: str | None) -> int:
    from civtable.core import make_game

    return make_game(game, options, content).num_players


def run(args: argparse.Namespace) -> int:
    from civtable.sim import SimConfig, simulate

    seats = split_seats(args.seats)
    options = parse_options(args.option)
    if args.mode:
        options["mode"] = args.mode
    if args.players is not None:
        options["players"] = args.players
    if "players" not in options:
        # several specs: one per seat; one spec: the game's own number of players (every seat plays it)
        options["players"] = len(seats) if len(seats) > 1 else _default_players(args.game, options, args.content)
    players = int(options["players"])
    if len(seats) == 1 and players > 1:
        seats = seats * players
    if args.address and args.backend != "ray":
        raise OptionError("--address names a Ray cluster: it needs --backend ray")
    if args.max_rounds is not None and args.max_rounds < 1:
        raise OptionError("--max-rounds must be at least 1")
    config = SimConfig(
        game=args.game,
        seats=seats,
        games=args.games,
        seed=args.seed,
        options=options,
        content=args.content,
        rotate_seats=args.rotate_seats,
        max_rounds=args.max_rounds,
        workers=args.workers,
        backend=args.backend,
        address=args.address,
        assign=args.assign,
        forbid=parse_forbid(args.forbid, len(seats), _forbid_names(args, options)),
        threshold=threshold_share(args.threshold),
    )
    if args.mixes:
        from civtable.sim.robust import parse_mixes, render_robust_text, simulate_mixes, split_mixes

        result = simulate_mixes(config, parse_mixes(split_mixes(args.mixes), players), args.out, progress=not args.quiet)
        print(render_robust_text(result), end="")
        from civtable.sim.words import mix_title

        from .where import files_text

        each = [f"{mix_title(args.game, list(run['seats']))}: {run['dir']}/report.html" for run in result.get("runs", [])]
        print(files_text("report", args.out, ["report.html (every mix)", *each]), end="")
        return 0
    if args.report_only:
        from civtable.sim.runner import report_only

        summary = report_only(config, args.out)
    else:
        from civtable.sim.runner import Interrupted

        try:
            summary = simulate(config, args.out, progress=not args.quiet)
        except Interrupted as exc:
            print(f"civtable: {exc}", file=sys.stderr)
            return 130
    print(f"{summary['games']} games in {args.out} ({summary['finished']} finished)")
    print_summary(summary)
    print(f"report: {args.out}/report.html", file=sys.stdout)
    return 0
