"""How long the bots' turns take on the server, with and without the server's thinking budget.

Plays one game with the server's own bot code path (``civtable.server.botpool.decide`` on a
saved state, as the worker processes do) and the server's budget (``Limits.think_ms``: each
decision at most ``bot_move_seconds``, a whole turn — a bot's decisions in a row — at most
``bot_turn_seconds``, never under 50 ms), and reports each bot turn's wall-clock and CPU time.

    python benchmarks/bot_turns.py --game conquest --seats mcts,mcts,mcts --rounds 12
    python benchmarks/bot_turns.py --game conquest --seats mcts,mcts,mcts --rounds 12 --no-cap

Numbers depend on the machine's load: record ``uptime`` with them (the report does).
"""

from __future__ import annotations

import argparse
import json
import os
import time

from civtable.core import CHANCE, Session, make_game
from civtable.server.botpool import BotJob, decide
from civtable.server.limits import Limits


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", default="conquest")
    ap.add_argument("--seats", default="mcts,mcts,mcts")
    ap.add_argument("--rounds", type=int, default=12, help="stop after this many rounds (Conquest: view['round'])")
    ap.add_argument("--actions", type=int, default=3000, help="stop after this many bot decisions")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--no-cap", action="store_true", help="no thinking budget (the bots' own budgets only)")
    args = ap.parse_args()
    seats = args.seats.split(",")
    game = make_game(args.game, {"players": len(seats)})
    session = Session(game, args.seed, seats)
    limits = Limits()
    load_before = os.getloadavg()
    turns: list[dict[str, float | int]] = []
    current: int | None = None
    decisions = 0
    worst_decision = 0.0
    while decisions < args.actions:
        session.resolve_chance()
        state = session.state
        if state.is_terminal() or int(state.view(None).get("round", 0) or 0) > args.rounds:
            break
        seat = next(p for p in state.decision().players if p != CHANCE)
        if seat != current:  # another seat acted since: a new turn (dice in between do not end one)
            current = seat
            turns.append({"seat": seat, "wall": 0.0, "cpu": 0.0, "decisions": 0})
        turn = turns[-1]
        job = BotJob(game=args.game, options=dict(game.options), content_path=None, saved_state=game.save_state(state),
                     seat=seat, spec=seats[seat], seed=args.seed * 1000 + decisions,
                     think_ms=None if args.no_cap else limits.think_ms(float(turn["wall"])))
        w0, c0 = time.perf_counter(), time.process_time()
        text = decide(job)
        wall, cpu = time.perf_counter() - w0, time.process_time() - c0
        worst_decision = max(worst_decision, wall)
        turn["wall"] = float(turn["wall"]) + wall
        turn["cpu"] = float(turn["cpu"]) + cpu
        turn["decisions"] = int(turn["decisions"]) + 1
        decisions += 1
        session.apply(text, seat)
    walls = sorted(float(t["wall"]) for t in turns)
    report = {
        "game": args.game, "seats": seats, "seed": args.seed, "cap": not args.no_cap,
        "budget": None if args.no_cap else {"turn_s": limits.bot_turn_seconds, "decision_s": limits.bot_move_seconds},
        "turns": len(turns), "decisions": decisions,
        "turn_wall_max_s": round(walls[-1], 2) if walls else 0.0,
        "turn_wall_p90_s": round(walls[int(0.9 * (len(walls) - 1))], 2) if walls else 0.0,
        "turn_cpu_max_s": round(max(float(t["cpu"]) for t in turns), 2) if turns else 0.0,
        "decision_wall_max_s": round(worst_decision, 2),
        "load_before": [round(x, 2) for x in load_before], "load_after": [round(x, 2) for x in os.getloadavg()],
    }
    print(json.dumps(report))


if __name__ == "__main__":
    main()
