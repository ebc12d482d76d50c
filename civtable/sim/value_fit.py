"""Fit a game's learned position value (:mod:`civtable.bots.value`) from simulated games.

    python -m civtable.sim.value_fit conquest --games 1200 --seed 1 --workers 2

plays ``--games`` games between bots drawn from ``--bots`` (every seat its own draw, so the
positions cover several playing styles), describes every seat with the game's
``value_features`` at each change of the deciding seat, and fits one weight per feature so that
``exp(w . f_i) / sum_j exp(w . f_j)`` predicts the winner (maximum likelihood with a small L2
penalty, Newton's method, numpy). One game in five is held out: the report gives the held-out
log loss and how often the favourite won, against the uninformed guess. The weights are written
to ``civtable/games/<game>/value.toml`` (or ``--out``) with the command that made them.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from civtable.bots import make_bot
from civtable.bots.greedy import game_bot_module
from civtable.bots.value import LinearValue
from civtable.core import CHANCE, Session, make_game, sample_chance
from civtable.core.session import chance_rng

from .observe import LazyObservation

Sample = tuple[list[list[float]], list[float]]  # features per seat, share of the win per seat


def play_one(task: dict[str, Any]) -> list[Sample]:
    """Play one game and return its sampled positions (top level: worker processes pickle it)."""
    game = make_game(task["game"], {"players": task["players"], **task.get("options", {})})
    module = game_bot_module(game)
    features = module.value_features  # type: ignore[union-attr]
    candidates = getattr(module, "search_actions", None)
    explore = float(task.get("explore", 0.0))
    n = game.num_players
    seed = task["seed"]
    pick = random.Random(f"value-fit/{seed}")
    wander = random.Random(f"value-fit-explore/{seed}")
    specs = [pick.choice(task["bots"]) for _ in range(n)]
    bots = [make_bot(spec, game, p, seed) for p, spec in enumerate(specs)]
    session = Session(game, seed, specs, undo=False)
    rows: list[list[list[float]]] = []
    last: tuple[int, ...] = ()
    steps = 0
    while steps < task.get("max_steps", 20000):
        state = session.state
        if state.is_chance_node():
            session.apply(sample_chance(state.chance_outcomes(), chance_rng(session.seed, session.chance_count)), CHANCE)
            continue
        deciders = state.decision().players
        if not deciders:
            break
        if deciders != last:
            rows.append(features(state))
            last = deciders
        for p in deciders:
            if p in session.state.decision().players:
                obs = LazyObservation(session.state, p)
                if explore and len(obs.legal) > 1 and wander.random() < explore:
                    # a move off the bots' habits, among those the search weighs, so the value
                    # also sees what the alternatives lead to
                    moves = candidates(obs.sample_state(wander), p, obs.legal, wander) if candidates else obs.legal
                    action = wander.choice([a for a in moves if a in obs.legal] or obs.legal)
                else:
                    action = bots[p].decide(obs)
                session.apply(action, p)
                steps += 1
    res = session.state.result()
    if not res.finished or not res.winners:
        return []
    share = 1.0 / len(res.winners)
    target = [share if p in res.winners else 0.0 for p in range(n)]
    return [(f, target) for f in rows]


def collect(game: str, games: int, players: list[int], bots: list[str], seed: int, workers: int,
            explore: float = 0.0) -> list[list[Sample]]:
    """The sampled positions of every game (one list per game)."""
    tasks = [{"game": game, "players": players[i % len(players)], "bots": bots, "seed": seed * 1_000_003 + i,
              "explore": explore} for i in range(games)]
    out: list[list[Sample]] = []
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            out = list(pool.map(play_one, tasks, chunksize=4))
    else:
        out = [play_one(t) for t in tasks]
    return out


def fit(samples: list[Sample], names: list[str], l2: float = 1.0, iterations: int = 30) -> list[float]:
    """Maximum-likelihood conditional-logit weights (numpy; Newton's method with an L2 penalty
    on the standardised features)."""
    import numpy as np

    k = len(names)
    groups: dict[int, tuple[list[Any], list[Any]]] = {}
    for feats, target in samples:
        xs, ys = groups.setdefault(len(feats), ([], []))
        xs.append(feats)
        ys.append(target)
    raw = [(np.asarray(xs, dtype=float), np.asarray(ys, dtype=float)) for xs, ys in groups.values()]
    rows = np.concatenate([x.reshape(-1, k) for x, _ in raw])
    scale = rows.std(axis=0)
    scale[scale < 1e-9] = 1.0
    data = [(x / scale, y) for x, y in raw]
    w = np.zeros(k)
    total = sum(len(x) for x, _ in data)
    for _ in range(iterations):
        grad = l2 * w * total / 1000.0
        hess = np.eye(k) * l2 * total / 1000.0
        for x, y in data:  # x: (m, n, k), y: (m, n)
            z = x @ w
            z -= z.max(axis=1, keepdims=True)
            p = np.exp(z)
            p /= p.sum(axis=1, keepdims=True)
            grad += np.einsum("mn,mnk->k", p - y, x)
            mean = np.einsum("mn,mnk->mk", p, x)
            hess += np.einsum("mn,mnk,mnl->kl", p, x, x) - np.einsum("mk,ml->kl", mean, mean)
        step = np.linalg.solve(hess, grad)
        w -= step
        if float(np.abs(step).max()) < 1e-8:
            break
    return [float(v) for v in w / scale]


def evaluate(model: LinearValue, samples: list[Sample]) -> dict[str, float]:
    """Held-out log loss (per position, of the winners' share) and how often the favourite won."""
    loss = base = hits = 0.0
    for feats, target in samples:
        p = model.win_chances(feats)
        loss -= sum(t * math.log(max(q, 1e-12)) for t, q in zip(target, p, strict=True))
        base -= sum(t * math.log(1.0 / len(p)) for t in target)
        best = max(range(len(p)), key=p.__getitem__)
        hits += target[best]
    n = max(1, len(samples))
    return {"log_loss": loss / n, "uniform_log_loss": base / n, "favourite_won": hits / n}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m civtable.sim.value_fit", description=__doc__.splitlines()[0])
    ap.add_argument("game")
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--players", default="2,3,4", help="player counts, used in turn")
    ap.add_argument("--bots", default="", help="bot specs drawn for every seat (default: the game's VALUE_BOTS, else greedy)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--l2", type=float, default=1.0)
    ap.add_argument("--explore", type=float, default=0.0,
                    help="chance that a seat plays a random move among the searched ones instead of its bot's")
    ap.add_argument("--out", default="", help="where to write the weights (default: the game's value.toml)")
    args = ap.parse_args(argv)
    game = make_game(args.game, {})
    module = game_bot_module(game)
    if module is None or not hasattr(module, "value_features"):
        sys.exit(f"{args.game} has no value_features in its bot module")
    names = list(module.VALUE_FEATURES)
    bots = [b for b in args.bots.split(",") if b] or list(getattr(module, "VALUE_BOTS", ["greedy"]))
    players = [int(x) for x in args.players.split(",")]
    start = time.time()
    per_game = collect(args.game, args.games, players, bots, args.seed, args.workers, args.explore)
    train = [s for i, g in enumerate(per_game) if i % 5 != 4 for s in g]
    held = [s for i, g in enumerate(per_game) if i % 5 == 4 for s in g]
    weights = fit(train, names, args.l2)
    command = (f"{args.game} --games {args.games} --players {args.players} --seed {args.seed} --l2 {args.l2:g}"
               f" --explore {args.explore:g}")
    if args.bots:
        command += f" --bots {args.bots}"
    model = LinearValue(names, weights, {"command": command, "games": sum(1 for g in per_game if g),
                                         "positions": len(train) + len(held)})
    report = evaluate(model, held)
    model.meta.update({f"held_out_{k}": round(v, 4) for k, v in report.items()})
    out = Path(args.out) if args.out else Path(module.__file__ or ".").with_name("value.toml")
    out.write_text(model.to_toml())
    print(f"{len(train)} training positions, {len(held)} held out ({time.time() - start:.0f} s); "
          f"held-out log loss {report['log_loss']:.4f} (uninformed {report['uniform_log_loss']:.4f}), "
          f"favourite won {report['favourite_won']:.1%}; weights in {out}")
    for name, w in zip(names, weights, strict=True):
        print(f"  {name:>24} {w:+.4f}")


if __name__ == "__main__":
    main()
