"""Ratings, win rates and the written ladder (table and plot) of a ladder run.

* **Ratings** — OpenSkill's Plackett–Luce model (``openskill`` package): every game is a
  ranking of its seats (the winners first, sharing their rank; everyone else shares the next
  rank). Games are rated one by one in a fixed order (game index, then table), so the ratings
  do not depend on which game finished first. A bot that holds several seats of one game is
  rated as one player per seat and takes the mean of their updates. ``mu`` is the skill
  estimate, ``sigma`` its uncertainty; the interval ``mu ± 2 sigma`` holds the skill with about
  95% probability; bots are ranked by the conservative ``mu - 3 sigma``.
* **Warnings** — a strong reference (the default search bot ``mcts``, the Strong and Expert
  levels, see :func:`civtable.bots.levels.is_strong_reference`) whose ``mu`` is below
  ``greedy``'s is reported: studies that take it for a strong player would be misled.
* **Win rates by player count** — a seat that wins alone scores 1, a shared win 1/k of it;
  the fair share at ``k`` players is ``1/k``; 95% Wilson intervals.
* **Pairwise** — A against B over every game where both sat: A's seat won and B's did not
  (1), the reverse (0) or both won (1/2); games neither won are left out. When a bot holds
  several seats each pair of seats counts with weight ``1/(seats of A × seats of B)``, so every
  game weighs at most one.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path
from typing import Any

from .report import wilson

MU = 25.0
SIGMA = MU / 3.0


def fit_ratings(bots: list[str], games: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """OpenSkill ratings of ``bots`` from ``games`` (ladder lines), rated in the given order."""
    try:
        from openskill.models import PlackettLuce
    except ImportError:  # pragma: no cover - the sim extra installs it
        from civtable.core import CivtableError

        raise CivtableError("ladder ratings need OpenSkill: pip install 'civtable[sim]'") from None
    model = PlackettLuce(mu=MU, sigma=SIGMA)
    ratings = {b: model.rating(name=b) for b in bots}
    rated = {b: 0 for b in bots}
    for g in games:
        winners = set(g["winners"])
        if not winners:
            continue
        seats = g["seats"]
        teams = [[model.rating(mu=ratings[b].mu, sigma=ratings[b].sigma)] for b in seats]
        ranks: list[float] = [0.0 if p in winners else 1.0 for p in range(len(seats))]
        if len(set(ranks)) == 1:
            continue  # everyone shared the win: nothing to learn
        new = model.rate(teams, ranks=ranks)
        sums: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0])
        for b, team in zip(seats, new):
            acc = sums[b]
            acc[0] += team[0].mu
            acc[1] += team[0].sigma
            acc[2] += 1
        for b, (mu, sigma, n) in sums.items():
            ratings[b] = model.rating(mu=mu / n, sigma=sigma / n, name=b)
            rated[b] += 1
    return {
        b: {
            "mu": round(ratings[b].mu, 3),
            "sigma": round(ratings[b].sigma, 3),
            "ordinal": round(ratings[b].mu - 3.0 * ratings[b].sigma, 3),
            "low": round(ratings[b].mu - 2.0 * ratings[b].sigma, 3),
            "high": round(ratings[b].mu + 2.0 * ratings[b].sigma, 3),
            "rated_games": rated[b],
        }
        for b in bots
    }


def _rate(wins: float, n: float, fair: float | None = None) -> dict[str, Any]:
    lo, hi = wilson(wins, n)
    out: dict[str, Any] = {
        "games": round(n, 4),
        "wins": round(wins, 4),
        "rate": round(wins / n, 4) if n else None,
        "ci_low": round(lo, 4),
        "ci_high": round(hi, 4),
    }
    if fair is not None:
        out["fair"] = round(fair, 4)
    return out


def win_rates(bots: list[str], games: list[dict[str, Any]]) -> dict[str, dict[str, dict[str, Any]]]:
    """Per bot and player count: seat appearances, wins (shared wins split) and the interval."""
    acc: dict[tuple[str, int], list[float]] = defaultdict(lambda: [0.0, 0.0])
    for g in games:
        if not g["finished"]:
            continue
        winners = g["winners"]
        k = len(g["seats"])
        for p, b in enumerate(g["seats"]):
            a = acc[(b, k)]
            a[1] += 1
            if p in winners:
                a[0] += 1.0 / len(winners)
    out: dict[str, dict[str, dict[str, Any]]] = {b: {} for b in bots}
    for (b, k), (w, n) in sorted(acc.items()):
        out[b][str(k)] = _rate(w, n, 1.0 / k)
    return out


def pairwise(bots: list[str], games: list[dict[str, Any]], players: int | None = None) -> dict[str, dict[str, Any]]:
    """``out[A][B]``: A's score against B (see the module documentation), optionally only over
    games of ``players`` seats."""
    acc: dict[tuple[str, str], list[float]] = defaultdict(lambda: [0.0, 0.0])
    for g in games:
        if players is not None and len(g["seats"]) != players:
            continue
        winners = set(g["winners"])
        if not winners:
            continue
        seats = g["seats"]
        count: dict[str, int] = defaultdict(int)
        for b in seats:
            count[b] += 1
        for pa, a in enumerate(seats):
            for pb, b in enumerate(seats):
                if a == b:
                    continue
                wa, wb = pa in winners, pb in winners
                if not wa and not wb:
                    continue
                weight = 1.0 / (count[a] * count[b])
                score = 0.5 if wa and wb else (1.0 if wa else 0.0)
                cell = acc[(a, b)]
                cell[0] += weight * score
                cell[1] += weight
    out: dict[str, dict[str, Any]] = {a: {} for a in bots}
    for (a, b), (w, n) in acc.items():
        out[a][b] = _rate(w, n)
    return out


def reference_warnings(ratings: dict[str, dict[str, Any]]) -> list[str]:
    """Plain sentences for every strong reference that rates below ``greedy`` (none when greedy
    is not rated or all is well)."""
    from civtable.bots.levels import is_strong_reference

    greedy = ratings.get("greedy")
    if greedy is None:
        return []
    out = []
    for bot, r in ratings.items():
        if bot != "greedy" and is_strong_reference(bot) and r["mu"] < greedy["mu"]:
            clear = " (the intervals do not overlap)" if r["high"] < greedy["low"] else ""
            out.append(
                f"{bot} is used as a strong reference but rates below greedy: mu {r['mu']:.2f} "
                f"({r['low']:.1f} to {r['high']:.1f}) against {greedy['mu']:.2f} "
                f"({greedy['low']:.1f} to {greedy['high']:.1f}){clear}"
            )
    return out


def summarize_ladder(manifest: dict[str, Any], tables: list[Any], games: list[dict[str, Any]]) -> dict[str, Any]:
    """The ladder summary written to ``ladder.json``."""
    bots = list(manifest["bots"])
    ratings = fit_ratings(bots, games)
    order = sorted(bots, key=lambda b: (-ratings[b]["ordinal"], b))
    per_table = []
    for t in tables:
        mine = [g for g in games if g["table"] == t.key]
        per_table.append(
            {
                "table": t.key,
                "players": t.players,
                "lineup": list(t.lineup),
                "games": len(mine),
                "finished": sum(1 for g in mine if g["finished"]),
                "mean_rounds": round(sum(g["rounds"] for g in mine) / len(mine), 2) if mine else None,
            }
        )
    counts = sorted({len(g["seats"]) for g in games})
    return {
        "format": "civtable-ladder-summary",
        "game": manifest["game"],
        "options": manifest["options"],
        "bots": bots,
        "seed": manifest["seed"],
        "games_per_table": manifest["games"],
        "games": len(games),
        "finished": sum(1 for g in games if g["finished"]),
        "ranking": order,
        "ratings": ratings,
        "win_rates": win_rates(bots, games),
        "pairwise": pairwise(bots, games),
        "pairwise_by_players": {str(k): pairwise(bots, games, k) for k in counts},
        "tables": per_table,
        "warnings": reference_warnings(ratings),
        "rating_model": "OpenSkill Plackett-Luce (mu 25, sigma 25/3); interval mu ± 2 sigma; rank by mu - 3 sigma",
    }


def _pct(x: float | None) -> str:
    return "–" if x is None else f"{100 * x:.1f}%"


def _ci(r: dict[str, Any]) -> str:
    return f"{100 * r['ci_low']:.0f}–{100 * r['ci_high']:.0f}%"


def _games(n: float) -> str:
    return f"{n:g}" if n == int(n) else f"{n:.1f}"


def render_markdown(summary: dict[str, Any]) -> str:
    """The ladder as Markdown tables: ratings, win rates by player count, pairwise results."""
    bots = summary["ranking"]
    counts = sorted({int(k) for b in bots for k in summary["win_rates"][b]})
    lines = [
        f"# Ladder: {summary['game']}",
        "",
        f"{summary['games']} games ({summary['finished']} finished), {summary['games_per_table']} per table, "
        f"seed {summary['seed']}, options {summary['options']}. Ratings: {summary['rating_model']}. "
        "Win rates: shared wins split; 95% Wilson intervals.",
        "",
    ]
    lines += [f"**Warning:** {w}." for w in summary.get("warnings", [])]
    if summary.get("warnings"):
        lines.append("")
    lines += [
        "| " + " | ".join(["rank", "bot", "mu", "sigma", "mu ± 2 sigma", "mu - 3 sigma"]
                         + [f"{k} players: won (CI) / fair" for k in counts]) + " |",
        "|---|---|---|---|---|---|" + "---|" * len(counts),
    ]
    for i, b in enumerate(bots, 1):
        r = summary["ratings"][b]
        cells = []
        for k in counts:
            w = summary["win_rates"][b].get(str(k))
            cells.append(
                f"{_games(w['wins'])}/{_games(w['games'])} = {_pct(w['rate'])} ({_ci(w)}) / {_pct(w['fair'])}" if w else "–"
            )
        interval = f"{r['mu'] - 2 * r['sigma']:.1f} to {r['mu'] + 2 * r['sigma']:.1f}"
        row = [str(i), f"`{b}`", f"{r['mu']:.2f}", f"{r['sigma']:.2f}", interval, f"{r['ordinal']:.2f}", *cells]
        lines.append("| " + " | ".join(row) + " |")
    lines += ["", "Pairwise (row against column, all player counts): score, 95% CI, games counted.", ""]
    lines.append("| | " + " | ".join(f"`{b}`" for b in bots) + " |")
    lines.append("|---|" + "---|" * len(bots))
    for a in bots:
        cells = []
        for b in bots:
            r = summary["pairwise"][a].get(b)
            cells.append("" if a == b or r is None else f"{_pct(r['rate'])} ({_ci(r)}, n={_games(r['games'])})")
        lines.append(f"| `{a}` | " + " | ".join(cells) + " |")
    two = summary["pairwise_by_players"].get("2") or {}
    rows = []
    for i, a in enumerate(bots):
        for b in bots[i + 1 :]:
            r = two.get(a, {}).get(b)
            if r is not None:
                rows.append(f"| `{a}` vs `{b}` | {_games(r['games'])} | {_games(r['wins'])} | {_pct(r['rate'])} | {_ci(r)} |")
    if rows:
        lines += ["", "Two-player head-to-head (row's wins against column):", ""]
        lines += ["| pairing | games | wins | win rate | 95% CI |", "|---|---|---|---|---|", *rows]
    unfinished = summary["games"] - summary["finished"]
    if unfinished:
        lines += ["", f"{unfinished} game(s) stopped unfinished (at the round limit) are not rated."]
    return "\n".join(lines) + "\n"


def write_plot(summary: dict[str, Any], path: str | Path) -> None:
    """A PNG: ratings with ±2 sigma bars (left) and the pairwise score matrix (right)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    bots = summary["ranking"]
    n = len(bots)
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(6 + 1.2 * n, 1.5 + 0.6 * n + 1.5))
    ys = list(range(n))[::-1]
    mus = [summary["ratings"][b]["mu"] for b in bots]
    sig = [2 * summary["ratings"][b]["sigma"] for b in bots]
    ax1.errorbar(mus, ys, xerr=sig, fmt="o", capsize=4, color="#1f5f8b")
    ax1.set_yticks(ys)
    ax1.set_yticklabels(bots)
    ax1.set_xlabel("OpenSkill mu (bars: ±2 sigma)")
    ax1.set_title(f"{summary['game']}: ratings ({summary['games']} games)")
    ax1.grid(axis="x", alpha=0.3)
    grid = [[float("nan")] * n for _ in range(n)]
    for i, a in enumerate(bots):
        for j, b in enumerate(bots):
            r = summary["pairwise"][a].get(b)
            if r is not None and r["rate"] is not None:
                grid[i][j] = r["rate"]
    im = ax2.imshow(grid, vmin=0.0, vmax=1.0, cmap="RdBu")
    for i in range(n):
        for j in range(n):
            if grid[i][j] == grid[i][j]:
                ax2.text(j, i, f"{100 * grid[i][j]:.0f}", ha="center", va="center", fontsize=9)
    ax2.set_xticks(range(n))
    ax2.set_xticklabels(bots, rotation=30, ha="right")
    ax2.set_yticks(range(n))
    ax2.set_yticklabels(bots)
    ax2.set_title("row's score against column (%)")
    fig.colorbar(im, ax=ax2, fraction=0.046)
    fig.tight_layout()
    fig.savefig(str(path), dpi=100)
    plt.close(fig)
