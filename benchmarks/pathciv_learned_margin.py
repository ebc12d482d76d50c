"""Path of Civilization: does a leaf value fitted to greedy play's final scores make the anchored
search stronger?  (A study; its result is in docs/bots.md, "A learned final-score lead".)

    python benchmarks/pathciv_learned_margin.py collect --games 960 --seed 100000 --out runs/lm/p2.jsonl
    python benchmarks/pathciv_learned_margin.py fit runs/lm/p2.jsonl --mode direct --out runs/lm/direct.json
    python benchmarks/pathciv_learned_margin.py fit runs/lm/p2.jsonl --mode residual --l2 300 --out runs/lm/resid.json
    python benchmarks/pathciv_learned_margin.py play runs/lm/direct.json -- pathciv mcts:reach=1,depth=1000 \
        --field greedy --players 2 --games 64 --seed 500 --workers 1 --out runs/lm/direct_seed500.json
    python benchmarks/pathciv_learned_margin.py plan --rank lead runs/lm/direct.json -- pathciv \
        greedy:w_population=1 --field greedy --players 2 --games 200 --seed 500 --workers 1 --out runs/lm/plan.json

``collect`` plays two-player greedy-against-greedy games and keeps, at the start of every round,
each seat's learned-value features (:mod:`civtable.games.pathciv.evaluation`), the greedy
estimate of its final score and, once the game ends, its final score. ``fit`` fits one ridge
regression per round of each seat's final score less the table's mean on its features less the
table's mean (``direct``), or of the final score's difference from the greedy estimate, shrunk
hard towards the estimate itself (``residual``), and prints the held-out R² (every fifth game)
against the greedy estimate's. ``play`` runs ``benchmarks/bot_strength.py`` (its arguments after
``--``) with the search comparing its candidates by the fitted lead instead of the greedy
estimate's lead (``margin_values``); rollouts should end at a round's start (``reach=1``), where
the positions were sampled. ``plan`` does the same for the greedy player's Project plan: each
Project's round, played to the purchase, is ranked by the fitted final lead (``--rank lead``) or
the seat's own fitted final score (``--rank own``) at the next round's weights instead of by the
greedy estimate. Only the tested seat plans so: it is told apart by an explicit weight
(``greedy:w_population=1``, the plain player's weights given again, which plays exactly as
``greedy`` without this patch).
"""

from __future__ import annotations

import argparse
import json
import runpy
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np

from civtable.bots import make_bot
from civtable.core import CHANCE, Session, make_game, sample_chance
from civtable.core.session import chance_rng
from civtable.games.pathciv import bot as pathciv_bot
from civtable.games.pathciv.bot_value import value
from civtable.sim.observe import LazyObservation


def play_one(seed: int) -> dict[str, Any]:
    game = make_game("pathciv", {"players": 2})
    bots = [make_bot("greedy", game, p, seed) for p in range(2)]
    session = Session(game, seed, ["greedy"] * 2, undo=False)
    rows: list[dict[str, Any]] = []
    last = None
    while True:
        s = session.state
        if s.is_chance_node():
            session.apply(sample_chance(s.chance_outcomes(), chance_rng(session.seed, session.chance_count)), CHANCE)
            continue
        deciders = s.decision().players
        if not deciders:
            break
        mark = pathciv_bot.rollout_mark(s)
        if mark != last:
            rows.append({"round": int(s.round), "f": pathciv_bot.value_features(s), "est": [value(s, i) for i in range(2)]})
            last = mark
        for p in deciders:
            if p in session.state.decision().players:
                session.apply(bots[p].decide(LazyObservation(session.state, p)), p)
    s = session.state
    return {"seed": seed, "rows": rows, "final": [value(s, i) for i in range(2)]}


def collect(args: argparse.Namespace) -> None:
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    seeds = [args.seed + i for i in range(args.games)]
    with out.open("w") as fh, ProcessPoolExecutor(args.workers) as pool:
        for record in pool.map(play_one, seeds, chunksize=2):
            fh.write(json.dumps(record) + "\n")


def _table(games: list[dict[str, Any]]) -> dict[int, tuple[np.ndarray, np.ndarray, np.ndarray]]:
    by_round: dict[int, tuple[list[Any], list[float], list[float]]] = {}
    for g in games:
        final = np.array(g["final"])
        for r in g["rows"]:
            f = np.array(r["f"])
            est = np.array(r["est"])
            xs, ys, es = by_round.setdefault(r["round"], ([], [], []))
            xs.extend(f - f.mean(axis=0))
            ys.extend(final - final.mean())
            es.extend(est - est.mean())
    return {k: (np.array(x), np.array(y), np.array(e)) for k, (x, y, e) in by_round.items()}


def fit(args: argparse.Namespace) -> None:
    games = [json.loads(line) for line in Path(args.data).open()]
    train = _table([g for i, g in enumerate(games) if i % 5 != 4])
    held = _table([g for i, g in enumerate(games) if i % 5 == 4])
    weights = {}
    for rd in sorted(train):
        x, y, e = train[rd]
        xh, yh, eh = held[rd]
        scale = x.std(axis=0)
        scale[scale < 1e-9] = 1.0
        target = y - e if args.mode == "residual" else y
        ridge = args.l2 * (len(y) / 1000.0 if args.mode == "residual" else 1.0)
        w = np.linalg.solve((x / scale).T @ (x / scale) + ridge * np.eye(x.shape[1]), (x / scale).T @ target) / scale
        if args.mode == "residual":
            w[0] += 10.0  # the first feature is the estimate / 10: the estimate itself back
        weights[rd] = w.tolist()
        var = float(np.mean(yh**2)) or 1.0
        print(f"round {rd}: {len(y)} training rows; held-out R² greedy estimate {1 - np.mean((yh - eh) ** 2) / var:+.3f}, "
              f"fitted {1 - np.mean((yh - xh @ w) ** 2) / var:+.3f}")
    Path(args.out).write_text(json.dumps(weights))


def play(args: argparse.Namespace) -> None:
    weights = {int(k): np.array(v) for k, v in json.loads(Path(args.weights).read_text()).items()}
    plain = pathciv_bot.margin_values

    def fitted_margins(state: Any, tw: Any = pathciv_bot.PLAIN) -> list[float]:
        if state.finished or int(state.round) not in weights:
            return plain(state, tw)
        f = np.array(pathciv_bot.value_features(state))
        pred = (f - f.mean(axis=0)) @ weights[int(state.round)]
        return [float(p - max(q for j, q in enumerate(pred) if j != i)) for i, p in enumerate(pred)]

    pathciv_bot.margin_values = fitted_margins  # read when the search bots are made (workers fork)
    sys.argv = ["bot_strength.py", *args.rest]
    runpy.run_path(str(Path(__file__).with_name("bot_strength.py")), run_name="__main__")


def plan(args: argparse.Namespace) -> None:
    weights = {int(k): np.array(v) for k, v in json.loads(Path(args.weights).read_text()).items()}
    plain_round = pathciv_bot._play_round

    def fitted_round(s: Any, me: int, full: tuple[int, ...], rng: Any, tw: Any) -> float:
        if tw is pathciv_bot.PLAIN:  # the field (and any seat without explicit weights) plans as before
            return plain_round(s, me, full, rng, tw)
        t = pathciv_bot.round_played(s, me, full, rng, tw)
        w = weights.get(int(t.round) + 1)  # the purchase ends the round: the next round's fit
        if t.finished or w is None:
            return value(t, me, tw)
        f = np.array(pathciv_bot.value_features(t))
        pred = (f - f.mean(axis=0)) @ w
        if args.rank == "own":
            return float(pred[me])
        return float(pred[me] - max(q for j, q in enumerate(pred) if j != me))

    pathciv_bot._play_round = fitted_round  # read by ranked_projects at call time (workers fork)
    sys.argv = ["bot_strength.py", *args.rest]
    runpy.run_path(str(Path(__file__).with_name("bot_strength.py")), run_name="__main__")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="command", required=True)
    c = sub.add_parser("collect")
    c.add_argument("--games", type=int, default=960)
    c.add_argument("--seed", type=int, default=100_000)
    c.add_argument("--workers", type=int, default=1)
    c.add_argument("--out", required=True)
    f = sub.add_parser("fit")
    f.add_argument("data")
    f.add_argument("--mode", choices=("direct", "residual"), default="direct")
    f.add_argument("--l2", type=float, default=1.0)
    f.add_argument("--out", required=True)
    p = sub.add_parser("play")
    p.add_argument("weights")
    p.add_argument("rest", nargs=argparse.REMAINDER)
    q = sub.add_parser("plan")
    q.add_argument("weights")
    q.add_argument("--rank", choices=("lead", "own"), default="lead")
    q.add_argument("rest", nargs=argparse.REMAINDER)
    args = ap.parse_args()
    if args.command in ("play", "plan") and args.rest[:1] == ["--"]:
        args.rest = args.rest[1:]
    {"collect": collect, "fit": fit, "play": play, "plan": plan}[args.command](args)


if __name__ == "__main__":
    main()
