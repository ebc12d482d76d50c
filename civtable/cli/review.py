"""``civtable review RECORD``: where a game was won or lost.

Prints each player's estimated chance to win after every round (from that player's own
information), the three biggest swings explained, and, for the analysed seats, the moves where
the Strong level would have played otherwise; writes the chart as SVG with ``--out``.
"""

from __future__ import annotations

import argparse
import json
import textwrap
from pathlib import Path
from typing import Any

from civtable.core import GameRecord, OptionError
from civtable.tui.term import Term, out


def say(text: str, indent: str = "", more: str = "    ") -> None:
    """A sentence of the review wrapped to the terminal (80 columns at most, to read), its
    following lines indented by ``more``."""
    width = min(Term().width, 80) - 1
    for line in textwrap.wrap(text, width, initial_indent=indent, subsequent_indent=indent + more,
                              break_on_hyphens=False) or [""]:
        out(line)


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "review",
        help="review a game record: chances to win by round, the biggest swings, better moves",
        description="Estimate every player's chance to win after each round from their own information, "
        "explain the three biggest swings, and show where the Strong level would have played otherwise. "
        "'civtable review calibrate GAME' makes the review's calibration of a game again from simulated games "
        "(civtable review calibrate --help).",
    )
    p.add_argument("file", metavar="RECORD", help="a game record ('civtable play --record', simulate's records/, the server)")
    p.add_argument("--out", metavar="FILE.svg", help="write the chart to this SVG file")
    p.add_argument("--seat", type=int, action="append", metavar="N",
                   help="analyse the moves of seat N (1-based, repeatable; default: the seats people played)")
    p.add_argument("--cpu-budget", type=float, default=None, metavar="SECONDS",
                   help="CPU seconds for the whole review; the move analysis stops when they are spent (default 120)")
    p.add_argument("--samples", type=int, default=None, metavar="K",
                   help="determinisations per estimate in games with hidden information (default 8)")
    p.add_argument("--moves", type=int, default=10, metavar="M", help="list at most M moves (the costliest first; default 10)")
    p.add_argument("--json", action="store_true", help="print the review as one JSON object")
    p.add_argument("--calibration", metavar="FILE.toml",
                   help="read the calibration from this file (one 'civtable review calibrate --out' wrote) "
                   "instead of the one installed with civtable")
    p.set_defaults(func=run)
    c = subparsers.add_parser(
        CALIBRATE, prog="civtable review calibrate",
        description="Make the review's calibration of GAME again: simulate games between bots, fit the slope "
        "that scales its chances to how often such positions were won, measure the noise of one estimate, and "
        "write both, with how they were obtained, into the calibration file (the other games' entries kept).",
    )
    c.add_argument("game", metavar="GAME", help="the game (civtable games lists them)")
    c.add_argument("--records", type=int, required=True, metavar="N", help="how many games to simulate (at least 2)")
    c.add_argument("--seed", type=int, default=1, metavar="S", help="the run seed the games are seeded from (default 1)")
    c.add_argument("--players", default=",".join(map(str, DEFAULT_PLAYERS)), metavar="P[,P...]",
                   help="players per game, taken in turn from game to game (default 2,3,4)")
    c.add_argument("--seats", default=",".join(DEFAULT_SEATS), metavar="BOT[,BOT...]",
                   help="the bots, rotated round the table from game to game (default beginner,casual,greedy)")
    c.add_argument("--samples", type=int, default=None, metavar="K",
                   help="determinisations per estimate in games with hidden information (default 8, as the review)")
    c.add_argument("--workers", type=int, default=1, metavar="W", help="worker processes (default 1; the figures do not depend on it)")
    c.add_argument("--out", metavar="FILE.toml", default=None,
                   help="the calibration file to write (default: the one installed with civtable, read by every review)")
    c.set_defaults(func=run_calibrate)


CALIBRATE = "review-calibrate"
"""The parser of ``civtable review calibrate`` (``main`` reads "review calibrate" as this command)."""
DEFAULT_PLAYERS = (2, 3, 4)  # as civtable.review.calibrate's, without importing it for every command
DEFAULT_SEATS = ("beginner", "casual", "greedy")


def run_calibrate(args: argparse.Namespace) -> int:
    from civtable.review.analyse import SAMPLES
    from civtable.review.calibrate import calibrate, progress_line, report
    from civtable.review.estimate import CALIBRATION

    try:
        players = [int(x) for x in args.players.split(",") if x.strip()]
    except ValueError:
        raise OptionError(f"--players {args.players}: give numbers of players, e.g. 2,3,4") from None
    seats = [x.strip() for x in args.seats.split(",") if x.strip()]
    out_path = Path(args.out) if args.out else CALIBRATION
    result = calibrate(args.game, args.records, args.seed, players, seats,
                       SAMPLES if args.samples is None else args.samples, args.workers, out_path, progress_line)
    for line in report(result):
        say(line, more="  ")
    out(f"written to {out_path}")
    return 0


def run(args: argparse.Namespace) -> int:
    from civtable.review import CPU_BUDGET, render_chart, review_record
    from civtable.review.analyse import SAMPLES

    record = GameRecord.load(args.file)
    seats = None
    if args.seat:
        n = len(record.seats) or int(record.options.get("players", 0))
        bad = [k for k in args.seat if not 1 <= k <= n]
        if bad:
            raise OptionError(f"--seat {bad[0]}: the game has seats 1 to {n}")
        seats = sorted({k - 1 for k in args.seat})
    budget = CPU_BUDGET if args.cpu_budget is None else args.cpu_budget
    if budget < 0:
        raise OptionError("--cpu-budget must be 0 or more seconds")
    samples = SAMPLES if args.samples is None else args.samples
    if not 1 <= samples <= 256:
        raise OptionError("--samples must be between 1 and 256")
    if args.out:
        _check_out(Path(args.out))
    calibration = None
    if args.calibration:
        from civtable.review.estimate import load_calibration

        calibration = Path(args.calibration)
        if not calibration.is_file():
            raise OptionError(f"--calibration {calibration}: there is no such file")
        load_calibration(calibration)  # a malformed file is refused before the review's time is spent
    review = review_record(record, seats=seats, cpu_budget=budget, samples=samples, calibration=calibration)
    if args.out:
        try:
            Path(args.out).write_text(render_chart(review))
        except OSError as exc:
            raise OptionError(f"--out {args.out}: cannot write the chart there ({exc.strerror or exc})") from exc
    if args.json:
        out(json.dumps(review))
        return 0
    print_review(review, args.moves)
    if args.out:
        out(f"chart written to {args.out}")
    return 0


def _check_out(path: Path) -> None:
    """``--out`` names an SVG file in a folder that exists, before any time is spent (the chart
    is SVG: written under another name, an image viewer would not open it)."""
    if path.suffix.lower() != ".svg":
        raise OptionError(f"--out {path}: the chart is written as SVG; give a file name ending in .svg")
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise OptionError(f"--out {path}: there is no folder {folder}")
    if path.is_dir():
        raise OptionError(f"--out {path}: that is a folder; give a file name ending in .svg")


def print_review(review: dict[str, Any], max_moves: int) -> None:
    from civtable.review.chart import colour_name

    # each player with the colour of their line on the chart ("Player 1 (red)")
    names = [f"{s['name']} ({colour_name(p)})" for p, s in enumerate(review["seats"])]
    say(f"{review['title']}: estimated chance to win after each round (each player's own information)")
    wide = max([10, *(len(pt["label"]) for pt in review["points"])])
    col = max([15, *(min(len(n), 24) + 2 for n in names)])
    heads = [[n[:24]] for n in names]
    if 2 + wide + col * len(names) > 80:  # too wide: each name above its colour, on two rows
        heads = [[s["name"][:22], f"({colour_name(p)})"] for p, s in enumerate(review["seats"])]
        col = max([9, *(len(h) + 2 for pair in heads for h in pair)])
    for row in range(len(heads[0])):
        out("  " + f"{'':{wide}}" + "".join(f"{h[row]:>{col}}" for h in heads))
    for pt in review["points"]:
        label = pt["label"]
        out("  " + f"{label:{wide}}" + "".join(f"{100 * c:>{col - 1}.0f}%" for c in pt["chances"]))
    if not review["finished"]:
        when = review.get("stopped_in") or f"round {review['points'][-1]['round']}"  # the game's words
        say(f"The record stops in {when}, before the game's end.")
    if review.get("noise"):
        say(uncertainty(review))
    out("")
    if not review["swings"]:
        short = len(review["points"]) <= 2 and not review["finished"]
        quiet = review.get("within_noise") and not short
        out("The biggest swings: " + ("none yet (no round has ended in this record)." if short
                                      else f"none (no chance changed by {_points(review['least_swing'])} or more from one round to "
                                      "the next; smaller changes are within the estimate's uncertainty)."
                                      if quiet else "none (no player's chance changed from round to round)."))
    else:
        out("The biggest swings:")
    for n, sw in enumerate(review["swings"], 1):
        say(f"{n}. {sw['sentence']}", "  ", "   ")
    a = review["analysis"]
    if not a["seats"]:
        out("")
        say("No seat's moves analysed (no person played; choose seats with --seat N).")
        return
    who = ", ".join(names[p] for p in a["seats"])
    out("")
    say(f"Moves of {who} against the {a['level'].title()} level: {a['analysed']} of {a['decisions']} decisions analysed, "
        f"{a['agreed']} the same move" + (f", {a['not_analysed']} not analysed (CPU budget {a['cpu_budget']:g} s spent)"
                                          if a["not_analysed"] else ""))
    better = [m for m in review["moves"] if _gain(m) > 0]  # the Strong level's move gives more chance
    moves = sorted(better, key=lambda m: m["played_chance"] - m["suggested_chance"])[:max_moves]
    if moves:
        say("(the percentages: the player's estimated chance to win after the move, the rest of the turn "
            "played out the same way)", "  ")
    for m in sorted(moves, key=lambda m: m["at"]):
        words = m.get("when") or (f"round {m['round']}" if m["round"] > 0 else "")
        when = f"{words[0].upper()}{words[1:]}" if words else "Setup"
        say(f"{when}: played: {m['played']} ({100 * m['played_chance']:.0f}%). {a['level'].title()} would have "
            f"played: {m['suggested']} ({100 * m['suggested_chance']:.0f}%): {_compared(m)}.", "  ")
    if len(better) > len(moves):
        out(f"  … and {len(better) - len(moves)} more (--moves N lists more).")
    rest = len(review["moves"]) - len(better)
    if rest:
        level = a["level"].title()
        say(f"At {rest} other decision{'s' if rest != 1 else ''} the {level} level chose otherwise, for no more chance to win."
            if moves else f"Where the {level} level chose otherwise ({rest} decision{'s' if rest != 1 else ''}), "
            "it gave no more chance to win.", "  ")
    out(f"({a['cpu_seconds']:g} CPU seconds)")


def uncertainty(review: dict[str, Any]) -> str:
    """How uncertain the chances are, in words: "Each chance is uncertain by about ±9 points
    (...): a change of less than 24 points from one round to the next may be that error alone; a
    swing that small says so"."""
    return (f"Each chance is uncertain by about ±{round(100 * review['noise'])} points (the estimate's typical "
            f"error, measured on recorded games and on this game's own curve): a change of less than {_points(review['least_swing'])} from one "
            "round to the next may be that error alone; a swing that small says so.")


def _points(x: float) -> str:
    n = round(100 * x)
    return f"{n} point{'' if n == 1 else 's'}"


def _gain(move: dict[str, Any]) -> int:
    """How many points (rounded) more chance the Strong level's move gives than the move played."""
    return round(100 * (move["suggested_chance"] - move["played_chance"]))


def _compared(move: dict[str, Any]) -> str:
    """How much more chance the Strong level's move gives, in words: "10 points more chance to
    win than the move played", "1 point more ..."."""
    n = _gain(move)
    return f"{n} point{'' if n == 1 else 's'} more chance to win than the move played"
