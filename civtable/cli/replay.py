"""``civtable replay``: re-execute a game record with every action checked, and report its result.

A record that does not replay — edited, played with other content, or not a record at all — is an
error (exit code 2) naming the first action that fails.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from civtable.core import CHANCE, Action, GameRecord, replay
from civtable.core.record import game_for_record
from civtable.core.words import fold_lines
from civtable.tui import Term
from civtable.tui.term import out

from .play import print_summary, result_object


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "replay",
        help="re-execute a game record and show its result",
        description="Re-execute a game record (checking every action and the final state hash) and "
        "print its result.",
    )
    p.add_argument("file", metavar="FILE", help="a record saved by 'civtable play --record' or the server")
    p.add_argument("--json", action="store_true", help="print one JSON result object")
    p.add_argument("--content", metavar="FILE", help="the content file the game was played with")
    p.add_argument("--log", action="store_true", help="also print every action as a sentence")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    record = GameRecord.load(args.file)
    state = replay(record, args.content)  # raises RecordError when the record does not replay
    game = game_for_record(record, args.content)
    obj = result_object(game, state, record)
    obj["verified"] = bool(record.final_hash)
    if args.json:
        out(json.dumps(obj))
        return 0
    term = Term()
    if args.log:
        walk = game.new_initial_state()
        lines = []
        for player, text in record.actions:
            action = Action.parse(text)
            sentence = game.describe_action(walk, player, action)
            if sentence:  # composing a trade offer writes no line
                lines.append(sentence)
            walk.apply(action, player)
        for line in fold_lines(game.fold_log, lines):  # a refill's draws: one line per seat
            term.write(line)
    seats = ", ".join(f"{game.seat_name(p)}: {s}" for p, s in enumerate(record.seats))
    term.write(term.style(f"{game.info.title} — record {args.file}", "bold"))
    term.write(f"  {seats}")
    chance = sum(1 for p, _ in record.actions if p == CHANCE)
    term.write(f"  {len(record.actions)} actions replayed ({chance} chance outcomes)")
    if record.final_hash:
        term.write("  the replayed state matches the recorded state hash")
    else:
        term.write("  the record carries no state hash to compare with")
    print_summary(term, game, obj, state=state)
    return 0
