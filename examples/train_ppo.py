"""Train a policy that beats the random player: PPO with action masks on the CPU, in one file.

A CleanRL-style PPO (Schulman et al. 2017) on :class:`civtable.rl.vector_env.CivtableVectorEnv`:
N games stepped together, an MLP actor-critic, illegal actions masked out of the policy's
distribution, the ``shaped`` reward (the change of the score difference after every decision,
plus the win at the end). The learning seat is drawn per game (``seat="random"``), so the policy
plays both seats. It stops after ``--cpu-minutes`` of this process's CPU time (or
``--steps``), then plays ``--eval-games`` games against ``random`` on seeds never used in
training — half as each seat — choosing the most likely legal action, and reports the win rate
with its 95% Wilson interval. It writes the learning curve (CSV and PNG) and a JSON summary.

Needs the ``rl`` and ``train`` extras (Gymnasium, PyTorch, matplotlib)::

    pip install torch==2.13.0 && pip install -e ".[rl,train]"
    python examples/train_ppo.py --game pathciv --cpu-minutes 2.5 --out runs/pathciv
    python examples/train_ppo.py --game inceptum --cpu-minutes 2.5 --out runs/inceptum

``docs/rl.md`` gives the measured results.
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import os
import random
import time
from pathlib import Path
from typing import Any

import numpy as np
import torch
from torch import nn

from civtable.rl.vector_env import CivtableVectorEnv


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (centre - half, centre + half)


def layer(i: int, o: int, std: float = math.sqrt(2)) -> nn.Linear:
    lin = nn.Linear(i, o)
    nn.init.orthogonal_(lin.weight, std)
    nn.init.constant_(lin.bias, 0.0)
    return lin


class Agent(nn.Module):
    """Actor and critic: two MLPs on the observation."""

    def __init__(self, obs: int, actions: int, hidden: int) -> None:
        super().__init__()
        self.critic = nn.Sequential(layer(obs, hidden), nn.Tanh(), layer(hidden, hidden), nn.Tanh(), layer(hidden, 1, 1.0))
        self.actor = nn.Sequential(layer(obs, hidden), nn.Tanh(), layer(hidden, hidden), nn.Tanh(), layer(hidden, actions, 0.01))

    def value(self, x: torch.Tensor) -> torch.Tensor:
        return self.critic(x).squeeze(-1)

    def act(self, x: torch.Tensor, mask: torch.Tensor, action: torch.Tensor | None = None,
            greedy: bool = False) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
        logits = self.actor(x).masked_fill(~mask, -1e9)  # illegal actions get no probability
        dist = torch.distributions.Categorical(logits=logits)
        if action is None:
            action = logits.argmax(-1) if greedy else dist.sample()
        return action, dist.log_prob(action), dist.entropy(), self.value(x)


def evaluate(agent: Agent, args: argparse.Namespace, options: dict[str, Any]) -> dict[str, Any]:
    """``args.eval_games`` games against random on unseen seeds, half as each seat."""
    results: list[float] = []
    for seat in (0, 1):
        n = args.eval_games // 2
        env = CivtableVectorEnv(args.game, num_envs=min(n, 25), seat=seat, opponents="random", options=options,
                                reward="win", max_steps=args.max_steps)
        seeds = iter(range(1_000_000 + seat * 100_000, 1_000_000 + seat * 100_000 + n))
        obs, info = env.reset(seed=[next(seeds) for _ in range(env.num_envs)])
        running = env.num_envs
        finished: list[float] = []
        live = np.ones(env.num_envs, bool)
        while len(finished) < n:
            with torch.no_grad():
                act, *_ = agent.act(torch.as_tensor(obs), torch.as_tensor(info["action_mask"].astype(bool)), greedy=True)
            obs, _, term, trunc, info = env.step(act.numpy())
            again = np.zeros(env.num_envs, bool)  # games to start again on the next evaluation seeds
            seeds_now = [0] * env.num_envs  # a seed for each game restarted (the others are ignored)
            for i in np.flatnonzero(term | trunc):
                if not live[i]:
                    continue
                finished.append(float(info["final_won"][i]) if term[i] else 0.0)
                nxt = next(seeds, None)
                if nxt is None:
                    live[i] = False
                    running -= 1
                else:
                    again[i], seeds_now[i] = True, nxt
            if again.any():  # they restarted on random seeds: start them on the evaluation seeds instead
                obs, info = env.reset(seed=seeds_now, options={"reset_mask": again})
        results += finished[:n]
    wins = sum(results)
    lo, hi = wilson(wins, len(results))
    return {"games": len(results), "wins": wins, "win_rate": wins / len(results), "wilson95": [lo, hi]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="pathciv")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--mode", default=None, help="Inceptum's mode (default: the game's default)")
    ap.add_argument("--cpu-minutes", type=float, default=25.0, help="stop training after this much CPU time")
    ap.add_argument("--steps", type=int, default=0, help="stop after this many environment steps (0: no limit)")
    ap.add_argument("--num-envs", type=int, default=16)
    ap.add_argument("--num-steps", type=int, default=128, help="steps per game per rollout")
    ap.add_argument("--hidden", type=int, default=256)
    ap.add_argument("--lr", type=float, default=3e-4)
    ap.add_argument("--gamma", type=float, default=0.995)
    ap.add_argument("--gae-lambda", type=float, default=0.95)
    ap.add_argument("--epochs", type=int, default=4)
    ap.add_argument("--minibatches", type=int, default=4)
    ap.add_argument("--clip", type=float, default=0.2)
    ap.add_argument("--ent-coef", type=float, default=0.01)
    ap.add_argument("--vf-coef", type=float, default=0.5)
    ap.add_argument("--max-grad-norm", type=float, default=0.5)
    ap.add_argument("--reward", default="shaped", choices=("win", "score", "shaped"))
    ap.add_argument("--max-steps", type=int, default=5000, help="steps of the learning seat after which a game is cut")
    ap.add_argument("--eval-games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default="runs/ppo")
    args = ap.parse_args()

    torch.set_num_threads(1)  # one core: CPU minutes are what they say
    random.seed(args.seed)
    np.random.seed(args.seed)
    torch.manual_seed(args.seed)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    options: dict[str, Any] = {"players": args.players}
    if args.mode:
        options["mode"] = args.mode
    env = CivtableVectorEnv(args.game, num_envs=args.num_envs, seat="random", opponents="random", options=options,
                            reward=args.reward, max_steps=args.max_steps)
    assert env.single_observation_space.shape is not None
    n_obs = env.single_observation_space.shape[0]
    n_act = int(env.single_action_space.n)  # type: ignore[attr-defined]  # a Discrete space
    agent = Agent(n_obs, n_act, args.hidden)
    optim = torch.optim.Adam(agent.parameters(), lr=args.lr, eps=1e-5)
    T, N = args.num_steps, args.num_envs
    obs_buf = torch.zeros((T, N, n_obs))
    mask_buf = torch.zeros((T, N, n_act), dtype=torch.bool)
    act_buf = torch.zeros((T, N), dtype=torch.long)
    logp_buf = torch.zeros((T, N))
    rew_buf = torch.zeros((T, N))
    done_buf = torch.zeros((T, N))
    val_buf = torch.zeros((T, N))

    start_cpu, start_wall = time.process_time(), time.time()
    obs, info = env.reset(seed=args.seed * 1000)
    next_obs = torch.as_tensor(obs)
    next_mask = torch.as_tensor(info["action_mask"].astype(bool))
    next_done = torch.zeros(N)
    step = 0
    wins: list[float] = []
    curve: list[dict[str, float]] = []
    rollouts = 0
    while True:
        cpu_min = (time.process_time() - start_cpu) / 60
        if cpu_min >= args.cpu_minutes or (args.steps and step >= args.steps):
            break
        for t in range(T):
            obs_buf[t], mask_buf[t], done_buf[t] = next_obs, next_mask, next_done
            with torch.no_grad():
                action, logp, _, value = agent.act(next_obs, next_mask)
            act_buf[t], logp_buf[t], val_buf[t] = action, logp, value
            obs, reward, term, trunc, info = env.step(action.numpy())
            step += N
            rew_buf[t] = torch.as_tensor(reward, dtype=torch.float32)
            next_obs = torch.as_tensor(obs)
            next_mask = torch.as_tensor(info["action_mask"].astype(bool))
            next_done = torch.as_tensor((term | trunc).astype(np.float32))
            if "_final_obs" in info:
                for i in np.flatnonzero(info["_final_obs"]):
                    wins.append(float(info["final_won"][i]) if term[i] else 0.0)
        with torch.no_grad():  # generalised advantage estimation
            next_value = agent.value(next_obs)
            adv = torch.zeros_like(rew_buf)
            last = torch.zeros(N)
            for t in reversed(range(T)):
                nonterminal = 1.0 - (next_done if t == T - 1 else done_buf[t + 1])
                nv = next_value if t == T - 1 else val_buf[t + 1]
                delta = rew_buf[t] + args.gamma * nv * nonterminal - val_buf[t]
                last = delta + args.gamma * args.gae_lambda * nonterminal * last
                adv[t] = last
            ret = adv + val_buf
        b_obs, b_mask = obs_buf.reshape(T * N, n_obs), mask_buf.reshape(T * N, n_act)
        b_act, b_logp, b_adv, b_ret = act_buf.reshape(-1), logp_buf.reshape(-1), adv.reshape(-1), ret.reshape(-1)
        size = T * N // args.minibatches
        for _ in range(args.epochs):
            order = torch.randperm(T * N)
            for k in range(args.minibatches):
                mb = order[k * size:(k + 1) * size]
                _, logp, ent, value = agent.act(b_obs[mb], b_mask[mb], b_act[mb])
                ratio = (logp - b_logp[mb]).exp()
                a = b_adv[mb]
                a = (a - a.mean()) / (a.std() + 1e-8)
                pg = torch.max(-a * ratio, -a * ratio.clamp(1 - args.clip, 1 + args.clip)).mean()
                v_loss = 0.5 * ((value - b_ret[mb]) ** 2).mean()
                loss = pg - args.ent_coef * ent.mean() + args.vf_coef * v_loss
                optim.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(agent.parameters(), args.max_grad_norm)
                optim.step()
        rollouts += 1
        recent = wins[-200:]
        point = {"step": step, "cpu_minutes": (time.process_time() - start_cpu) / 60, "games": len(wins),
                 "win_rate_recent": sum(recent) / len(recent) if recent else float("nan")}
        curve.append(point)
        if rollouts % 10 == 0:
            print(f"step {step:>9}  cpu {point['cpu_minutes']:6.1f} min  games {len(wins):>6}  "
                  f"win rate (last {len(recent)}) {point['win_rate_recent']:.3f}", flush=True)
    train_cpu = (time.process_time() - start_cpu) / 60
    train_wall = (time.time() - start_wall) / 60
    torch.save(agent.state_dict(), out / "agent.pt")
    result = evaluate(agent, args, options)
    summary = {"game": args.game, "options": options, "reward": args.reward, "steps": step, "training_games": len(wins),
               "train_cpu_minutes": round(train_cpu, 2), "train_wall_minutes": round(train_wall, 2),
               "eval_cpu_minutes_total": round((time.process_time() - start_cpu) / 60, 2),
               "load_average": os.getloadavg(), "evaluation_vs_random": result, "args": vars(args)}
    (out / "summary.json").write_text(json.dumps(summary, indent=1))
    with open(out / "curve.csv", "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(curve[0]) if curve else ["step"])
        w.writeheader()
        w.writerows(curve)
    plot(curve, summary, out / "curve.png")
    lo, hi = result["wilson95"]
    print(f"trained {train_cpu:.1f} CPU-minutes ({train_wall:.1f} wall), {step} steps; against random: "
          f"{result['wins']:.0f}/{result['games']} = {result['win_rate']:.3f} (95% {lo:.3f}-{hi:.3f})")


def plot(curve: list[dict[str, float]], summary: dict[str, Any], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot([p["cpu_minutes"] for p in curve], [p["win_rate_recent"] for p in curve], label="training games (last 200)")
    r = summary["evaluation_vs_random"]
    ax.errorbar([summary["train_cpu_minutes"]], [r["win_rate"]],
                yerr=[[r["win_rate"] - r["wilson95"][0]], [r["wilson95"][1] - r["win_rate"]]], fmt="o", color="C3",
                label=f"evaluation, {r['games']} unseen games (95% CI)")
    ax.axhline(0.9, color="grey", lw=0.8, ls="--")
    ax.set_ylim(0, 1.02)
    ax.set_xlabel("training CPU minutes (one core)")
    ax.set_ylabel("win rate against random")
    ax.set_title(f"PPO on {summary['game']} ({summary['options']['players']} players)")
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(path, dpi=110)


if __name__ == "__main__":
    main()
