"""``civtable play``: play a game in the terminal — people, bots, or both.

Examples::

    civtable play nim --seats human,random            # you against a random bot
    civtable play inceptum --players 3 --seats human,greedy,mcts:iters=200 --record game.json
    civtable play --resume game.json                   # continue a recorded game
    civtable play inceptum --players 4 --seed 7 --json # bots only: one JSON result object
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

from civtable.bots import make_bot
from civtable.core import (
    CHANCE,
    Game,
    GameRecord,
    GameState,
    OptionError,
    RecordError,
    Session,
    game_info,
    make_game,
    teaching,
)
from civtable.core.record import game_for_record
from civtable.core.series import Outcome, tally, tally_line
from civtable.tui import Term, TerminalTable, renderer_for
from civtable.tui.recall import recalled_log
from civtable.tui.term import out

HUMAN = "human"


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "play",
        help="play a game in the terminal (people and bots)",
        description="Play a game in the terminal. Each seat is 'human' (a person at this keyboard)\n"
        "or a bot: a level (beginner, casual, strong, expert) or a bot spec (random,\n"
        "greedy, mcts:iters=400 ...). With bots only, the game runs to its end.\n"
        "With --record FILE you may stop (quit, Ctrl-C) and go on later: --resume FILE.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="examples:\n  civtable play nim --seats human,random\n"
        "  civtable play dominations --seats human,human      # two people, one keyboard\n"
        "  civtable play inceptum --players 2 --seats human,greedy --record game.json\n"
        "  civtable play --resume game.json",
    )
    p.add_argument("game", nargs="?", help="the game to play (see 'civtable games')")
    p.add_argument("--mode", metavar="MODE", help="game mode (if the game has modes)")
    p.add_argument(
        "--players",
        type=int,
        metavar="N",
        help="number of players (default: the game's default, or the number of seats)",
    )
    p.add_argument(
        "--seats",
        metavar="SEATS",
        help="comma-separated seats: human, a level or a bot spec, e.g. human,strong",
    )
    p.add_argument(
        "--seed", type=int, metavar="S", help="seed for dice and bots (default: a fresh random seed, printed)"
    )
    p.add_argument(
        "--option", "-o", action="append", default=[], metavar="KEY=VALUE", help="a game option (repeatable)"
    )
    p.add_argument("--content", metavar="FILE", help="play with this content (rules data) file")
    p.add_argument(
        "--max-rounds",
        type=int,
        dest="max_rounds",
        metavar="R",
        help="stop after this many rounds (if the game allows)",
    )
    p.add_argument("--record", metavar="FILE", help="save the game record to FILE after every action")
    p.add_argument(
        "--resume", metavar="FILE", help="continue the game recorded in FILE (and keep recording to it)"
    )
    p.add_argument("--quiet", action="store_true", help="do not narrate bot actions")
    p.add_argument("--json", action="store_true", help="print one JSON result object on stdout at the end")
    p.set_defaults(func=run)


# ----- setting a game up ------------------------------------------------------------------------
def parse_key_values(items: list[str]) -> dict[str, str]:
    """``["max_take=2", "mode=glory"]`` -> ``{"max_take": "2", "mode": "glory"}``."""
    out: dict[str, str] = {}
    for item in items:
        key, eq, value = item.partition("=")
        key = key.strip().replace("-", "_")
        if not eq or not key:
            raise OptionError(f"--option {item!r} must look like key=value")
        if key in out:
            raise OptionError(f"option {key!r} is given twice")
        out[key] = value.strip()
    return out


def parse_seats(text: str | None) -> list[str]:
    if text is None:
        return []
    seats = [s.strip() for s in text.split(",")]
    if any(not s for s in seats):
        raise OptionError(f"--seats {text!r} has an empty seat; write e.g. human,random,greedy")
    return [s.lower() for s in seats]


def build_options(game_name: str, args: argparse.Namespace, seats: list[str]) -> dict[str, Any]:
    """Gather --option, --mode, --players and --max-rounds into one options dict (validated later
    by the game)."""
    info = game_info(game_name)
    declared = {o.name for o in info.options}
    options: dict[str, Any] = dict(parse_key_values(args.option))
    for flag, name in (("mode", "mode"), ("players", "players"), ("max_rounds", "max_rounds")):
        value = getattr(args, flag, None)
        if value is None:
            continue
        if name not in declared:
            raise OptionError(f"{info.title} has no --{flag.replace('_', '-')} option")
        if name in options:
            raise OptionError(f"give {name} either as --{flag.replace('_', '-')} or as --option, not both")
        options[name] = value
    if seats and not info.min_players <= len(seats) <= info.max_players:
        raise OptionError(f"{info.title} is played by {info.min_players} to {info.max_players} players, not "
                          f"{len(seats)}: --seats gives one seat to each player, e.g. human,greedy")
    if seats:
        players = options.get("players")
        if players is not None and int(players) != len(seats):
            raise OptionError(f"--seats names {len(seats)} seats but the game is set for {players} players")
        if "players" in declared:
            options["players"] = len(seats)
    return options


def make_agents(game: Game, seats: list[str], seed: int | None) -> list[Any | None]:
    """One agent per seat; ``None`` for people."""
    if len(seats) != game.num_players:
        raise OptionError(
            f"{game.info.title} is set for {game.num_players} players but {len(seats)} seats are given"
        )
    return [None if spec == HUMAN else make_bot(spec, game, i, seed) for i, spec in enumerate(seats)]


def new_session(args: argparse.Namespace) -> tuple[Session, list[str]]:
    """The session to play: a new game from the arguments, or a resumed record."""
    if args.resume:
        given = [
            f for f in ("mode", "players", "seats", "seed", "max_rounds") if getattr(args, f) is not None
        ]
        if args.option:
            given.append("option")
        if given:
            raise OptionError(
                "--resume continues the recorded game with its own options, seed and seats; leave out "
                + ", ".join("--" + g.replace("_", "-") for g in given)
            )
        record = GameRecord.load(args.resume)
        if args.game and args.game != record.game:
            raise RecordError(f"the record {args.resume} is of a game of {record.game!r}, not {args.game!r}")
        game = game_for_record(record, args.content)
        session = Session.resume(game, record)
        if record.final_hash and session.state.state_hash() != record.final_hash:
            raise RecordError(
                "the record does not lead to its recorded state (hash mismatch): it was altered"
            )
        seats = [str(s) for s in record.seats]
        if len(seats) != game.num_players or any(not s for s in seats):
            raise RecordError(
                f"the record lists {len(seats)} seats ({', '.join(repr(s) for s in seats)}), which do not fit a "
                f"{game.num_players}-player game"
            )
        return session, seats
    if not args.game:
        raise OptionError("say which game to play, e.g. 'civtable play nim' (see 'civtable games')")
    seats = parse_seats(args.seats)
    options = build_options(args.game, args, seats)
    game = make_game(args.game, options, args.content)
    if not seats:
        seats = ["random"] * game.num_players
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 2**31)
    return Session(game, seed, seats), seats


def save_record(session: Session, path: str) -> None:
    """Save the record atomically, stamped with the hash of the state it leads to."""
    session.record.final_hash = session.state.state_hash()
    try:
        session.record.save(path)
    except OSError as exc:
        raise RecordError(f"cannot write the record {path}: {exc.strerror or exc}") from exc


# ----- results ------------------------------------------------------------------------------------
def result_object(game: Game, state: GameState, record: GameRecord) -> dict[str, Any]:
    """The JSON result of a (finished or stopped) game, shared by ``play`` and ``replay``."""
    res = state.result()
    return {
        "game": game.info.name,
        "title": game.info.title,
        "mode": game.options.get("mode"),
        "seed": record.seed,
        "players": game.num_players,
        "options": game.options,
        "content_id": game.content_id,
        "seats": list(record.seats),
        "finished": res.finished,
        "winners": list(res.winners),
        "rounds": res.rounds,
        "reason": res.reason,
        "scores": res.scores,
        "state_hash": state.state_hash(),
        "actions": len(record.actions),
        "player_actions": sum(1 for p, _ in record.actions if p != CHANCE),
    }


def print_summary(term: Term, game: Game, obj: dict[str, Any], scores: bool = True, state: GameState | None = None) -> None:
    """A readable account of a result object (``scores=False``: without the score lines, when
    the table has just shown the game's score sheet). With the final ``state`` of a finished game,
    the scores are the game's own score sheet, named as the table names them."""
    t = term
    seats = obj["seats"]

    def name(p: int) -> str:
        label = game.seat_name(p)
        return f"{label} ({seats[p]})" if p < len(seats) else label

    t.write("")
    if obj["finished"]:
        winners = obj["winners"]
        if not winners:
            head = "Game over: nobody wins."
        elif len(winners) == 1:
            head = f"Game over: {name(winners[0])} wins."
        else:
            head = "Game over: shared victory of " + ", ".join(name(w) for w in winners) + "."
        if obj.get("reason"):
            head += f" ({obj['reason']})"
    else:
        head = "The game stopped before its end."
    t.write(t.style(head, "bold"))
    mode = f"   mode: {obj['mode']}" if obj.get("mode") else ""
    t.write(f"rounds: {obj['rounds']}   actions: {obj['actions']}   seed: {obj['seed']}{mode}")
    width = max(len(name(p)) for p in range(obj["players"]))
    if obj["scores"] is None:
        t.write("  (scores stay hidden until the game ends: they include hidden information)")
    sheet = teaching.score_sheet(game, state.view(None), state.result().to_json()) if (
        scores and state is not None and obj["scores"]) else None
    if sheet is not None:  # a game stopped early: its scores so far, in the sheet's words
        for line in renderer_for(game, t).score_sheet(sheet, final=bool(obj["finished"])):
            t.write(line)
    for p, score in enumerate(obj["scores"] if scores and obj["scores"] and sheet is None else []):
        star = t.style("  ★", "yellow") if p in obj["winners"] else ""
        items = [f"{str(k).replace('_', ' ')}: {_fmt(v)}" for k, v in score.items()] if isinstance(score, dict) else [_fmt(score)]
        head = f"  {name(p).ljust(width)}"
        limit = max(40, (t.width or 80) - 3)
        line = head
        for item in items:  # within the terminal's width: longer score lists go on more lines
            if len(line) > len(head) and len(line) + 3 + len(item) > limit:
                t.write(line)
                line = " " * len(head)
            line += "   " + item
        t.write(line + star)
    t.write(t.style(f"state hash: {obj['state_hash']}", "grey"))


def _fmt(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        return ", ".join(f"{str(k).replace('_', ' ')} {_fmt(v)}" for k, v in value.items())
    if isinstance(value, list):
        return ", ".join(_fmt(v) for v in value)
    return str(value)


# ----- the command -------------------------------------------------------------------------------
def run(args: argparse.Namespace) -> int:
    session, seats = new_session(args)
    path = args.record or args.resume
    # With --json stdout carries only the result; the table talks on stderr.
    term = Term(sys.stderr if args.json else sys.stdout)
    series: list[Outcome] = []  # the games played again and again here, for the running tally
    while True:
        finished, humans = play_one(args, session, seats, path, term)
        series.append(Outcome.of(session.state.result().to_json()) if finished else Outcome(False))
        if len(series) > 1 and not args.json:
            names = [f"{session.game.seat_name(p)} ({s})" for p, s in enumerate(seats)]
            term.write(term.style(tally_line(tally(series, len(seats)), names), "bold"))
        if not (finished and humans and not args.json and again(term)):
            return 0
        # the same game, options and seats, a new deal; its record beside the last one
        session = Session(session.game, random.SystemRandom().randrange(1, 2**31), seats)
        path = next_record_path(path) if path else None
        args.resume = None


def again(term: Term) -> bool:
    """Asked at the end of a game with people at an interactive terminal: play another?"""
    if not sys.stdin.isatty():
        return False
    term.write("")
    term.stream.write(term.style("Play again with the same seats and a new deal? [y/N] ", "bold"))
    term.stream.flush()
    return sys.stdin.readline().strip().lower() in ("y", "yes")


def next_record_path(path: str) -> str:
    """Where the next game's record goes: ``game.json`` → ``game-2.json`` → ``game-3.json``..."""
    p = Path(path)
    stem, n = p.stem, 1
    head, _, tail = stem.rpartition("-")
    if head and tail.isdigit():
        stem, n = head, int(tail)
    while True:
        n += 1
        candidate = p.with_name(f"{stem}-{n}{p.suffix}")
        if not candidate.exists():
            return str(candidate)


def play_one(args: argparse.Namespace, session: Session, seats: list[str], path: str | None,
             term: Term) -> tuple[bool, list[int]]:
    """Play ``session`` to its end or until the people stop; print the result. Returns whether
    the game finished and the seats people played."""
    game = session.game
    agents = make_agents(game, seats, session.seed)
    humans = [p for p, a in enumerate(agents) if a is None]
    last_save = [0.0]

    def save(force: bool = False) -> None:
        # People take seconds per action: save after each one. Bots alone save at most every
        # second (the game's end and an interruption always save).
        if not path:
            return
        now = time.monotonic()
        if force or humans or now - last_save[0] >= 1.0:
            save_record(session, path)
            last_save[0] = now

    save(force=True)  # a record path that cannot be written fails now, before anyone plays
    if not args.json and (humans or not args.quiet):
        seat_list = ", ".join(f"{game.seat_name(p)}: {s}" for p, s in enumerate(seats))
        verb = "Resuming" if args.resume else "Playing"
        term.write(term.style(f"{verb} {game.info.title} — seed {session.seed}", "bold"))
        line = ""
        for item in seat_list.split(", "):  # five seats: more than a line, broken between seats
            if line and len(line) + 2 + len(item) > min(term.width, 80) - 3:
                term.write(f"  {line},")
                line = ""
            line += (", " if line else "") + item
        term.write(f"  {line}")
        if humans:
            term.write("  Type 'help' for commands.")
    table = TerminalTable(
        session,
        agents,
        renderer_for(game, term),
        term,
        stdin=sys.stdin,
        save=save if path else None,
        narrate=not (args.quiet or args.json),
    )
    if args.resume and humans and session.record.actions:  # the log as it was: what happened, and what is new to each person
        table.log, table.seen = recalled_log(game, session.record, humans)
    interrupted = False
    try:
        finished = table.run()
    except KeyboardInterrupt:  # Ctrl-C: stop like 'quit', say where the game is saved, then exit 130
        finished, interrupted = False, True
        term.write("")
    finally:
        save(force=True)
    obj = result_object(game, session.state, session.record)
    obj["record"] = path
    if humans and not obj["finished"] and game.info.information == "imperfect":
        # Scores of an unfinished game may include what people at the table must not see.
        obj["scores"] = None
        obj["scores_hidden"] = True
    if args.json:
        out(json.dumps(obj))
    else:
        print_summary(term, game, obj, scores=not table.sheet_shown, state=session.state)
        if not finished and path:
            term.write(f"Saved to {path}. Continue with:")  # the command on a line of its own, to copy
            term.write(f"  civtable play --resume {path}")
        elif not finished and humans:
            term.write("Not saved: to stop a game and go on with it later, start it with --record FILE.")
    if interrupted:
        raise KeyboardInterrupt
    return bool(finished), humans
