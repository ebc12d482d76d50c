"""Balance statistics of a simulation run, and its self-contained HTML report.

Win rates are per seat-appearance: a seat that wins alone scores 1, a seat sharing a win with
k-1 others scores 1/k, so the *fair share* of any group is ``1 / players``. Confidence intervals
are 95% Wilson score intervals over the finished games. A finding is flagged when a group's
interval excludes its fair share.
"""

from __future__ import annotations

import base64
import html
import io
import math
import statistics
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from .metrics import GROUP_KEYS

Z95 = 1.959963984540054


def wilson(successes: float, n: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (``(0, 1)`` when ``n`` is 0)."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1.0 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def _rate(wins: float, n: int, fair: float) -> dict[str, Any]:
    lo, hi = wilson(wins, n)
    rate = wins / n if n else 0.0
    flag = n > 0 and (hi < fair or lo > fair)
    return {
        "games": n,
        "wins": round(wins, 4),
        "rate": round(rate, 4),
        "ci_low": round(lo, 4),
        "ci_high": round(hi, 4),
        "fair": round(fair, 4),
        "significant": bool(flag),
        "direction": ("above" if lo > fair else "below") if flag else "",
    }


def group_key(seat: dict[str, Any]) -> tuple[str, str] | None:
    """(label, value) of the asymmetric identity of a seat (trait, civilization ...), if any."""
    for key in GROUP_KEYS:
        value = seat.get(key)
        if isinstance(value, str) and value:
            return key, value
    return None


def summarize(manifest: dict[str, Any], games: list[dict[str, Any]]) -> dict[str, Any]:
    """Aggregate the lines of ``games.jsonl`` into the summary written to ``summary.json``."""
    players = len(manifest.get("seats", [])) or (len(games[0]["seats"]) if games else 0)
    fair = 1.0 / players if players else 0.0
    finished = [g for g in games if g.get("finished")]
    by_seat: dict[str, list[float]] = defaultdict(lambda: [0.0, 0])
    by_bot: dict[str, list[float]] = defaultdict(lambda: [0.0, 0])
    by_group: dict[str, list[float]] = defaultdict(lambda: [0.0, 0])
    by_group_bot: dict[str, list[float]] = defaultdict(lambda: [0.0, 0])
    group_label = ""
    numeric: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    taken: dict[str, dict[str, list[int]]] = {"advances": defaultdict(lambda: [0, 0]), "wonders": defaultdict(lambda: [0, 0])}
    benefit_taken: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    winner_seats = 0
    for g in finished:
        winners = g.get("winners") or []
        share = 1.0 / len(winners) if winners else 0.0
        winner_seats += len(winners)
        for seat in g["seats"]:
            w = share if seat["seat"] in winners else 0.0
            for table, key in ((by_seat, str(seat["seat"])), (by_bot, seat["bot"])):
                table[key][0] += w
                table[key][1] += 1
            gk = group_key(seat)
            if gk is not None:
                group_label = gk[0]
                by_group[gk[1]][0] += w
                by_group[gk[1]][1] += 1
                by_group_bot[f"{gk[1]} ({seat['bot']})"][0] += w
                by_group_bot[f"{gk[1]} ({seat['bot']})"][1] += 1
            ident = gk[1] if gk else seat["bot"]
            for k, v in seat.items():
                if k in ("seat", "won") or isinstance(v, bool) or not isinstance(v, int | float):
                    continue
                numeric[k][ident].append(float(v))
            is_winner = seat["seat"] in winners
            for kind in ("advances", "wonders"):
                for item in seat.get(kind) or []:
                    taken[kind][item][0] += 1
                    taken[kind][item][1] += int(is_winner)
            for item in seat.get("benefits") or []:
                benefit_taken[item][0] += 1
                benefit_taken[item][1] += int(is_winner)
    appearances = len(finished) * players
    rounds = [int(g["rounds"]) for g in games]
    summary: dict[str, Any] = {
        "game": manifest.get("game"),
        "options": manifest.get("options"),
        "seats": manifest.get("seats"),
        "rotate_seats": manifest.get("rotate_seats"),
        "seed": manifest.get("seed"),
        "players": players,
        "games": len(games),
        "finished": len(finished),
        "unfinished": len(games) - len(finished),
        "fair_share": round(fair, 4),
        "group_label": group_label,
        "win_rate": {
            "by_seat": {k: _rate(v[0], int(v[1]), fair) for k, v in sorted(by_seat.items(), key=lambda kv: int(kv[0]))},
            "by_bot": {k: _rate(v[0], int(v[1]), fair) for k, v in sorted(by_bot.items())},
            "by_group": {k: _rate(v[0], int(v[1]), fair) for k, v in sorted(by_group.items())},
            "by_group_and_bot": {k: _rate(v[0], int(v[1]), fair) for k, v in sorted(by_group_bot.items())},
        },
        "length": _length_stats(rounds),
        "means": {
            metric: {ident: round(statistics.fmean(vals), 3) for ident, vals in sorted(per.items())}
            for metric, per in sorted(numeric.items())
        },
        "score_by_round": _score_by_round(games),
        "advances": _taken_table(taken["advances"], appearances, winner_seats),
        "wonders": _taken_table(taken["wonders"], appearances, winner_seats),
        "benefits": _taken_table(benefit_taken, appearances, winner_seats),
    }
    summary["findings"] = findings(summary)
    return summary


def _length_stats(rounds: list[int]) -> dict[str, Any]:
    if not rounds:
        return {"mean": None, "median": None, "min": None, "max": None, "histogram": {}}
    hist: dict[str, int] = defaultdict(int)
    for r in rounds:
        hist[str(r)] += 1
    return {
        "mean": round(statistics.fmean(rounds), 3),
        "median": statistics.median(rounds),
        "min": min(rounds),
        "max": max(rounds),
        "histogram": dict(sorted(hist.items(), key=lambda kv: int(kv[0]))),
    }


def _taken_table(table: dict[str, list[int]], appearances: int, winner_seats: int) -> dict[str, Any]:
    out = {}
    for item, (count, by_winners) in sorted(table.items(), key=lambda kv: -kv[1][0]):
        out[item] = {
            "taken": count,
            "share_of_seats": round(count / appearances, 4) if appearances else 0.0,
            "by_winners": by_winners,
            "share_of_winners": round(by_winners / winner_seats, 4) if winner_seats else 0.0,
        }
    return out


def _score_by_round(games: list[dict[str, Any]]) -> dict[str, dict[str, float]]:
    """Mean headline score at each recorded round, per trait (or bot when seats have no trait);
    rounds reached by fewer than a quarter of the games are left out."""
    acc: dict[str, dict[int, list[float]]] = defaultdict(lambda: defaultdict(list))
    for g in games:
        idents = []
        for seat in g["seats"]:
            gk = group_key(seat)
            idents.append(gk[1] if gk else seat["bot"])
        for rnd, scores in g.get("score_by_round") or []:
            for p, sc in enumerate(scores):
                if sc is not None and p < len(idents):
                    acc[idents[p]][int(rnd)].append(float(sc))
    out: dict[str, dict[str, float]] = {}
    for ident, per in sorted(acc.items()):
        # late rounds reached by only a few games are noise: keep rounds most games reach
        enough = max(3, 0.25 * max(len(v) for v in per.values()))
        out[ident] = {str(r): round(statistics.fmean(v), 3) for r, v in sorted(per.items()) if len(v) >= enough}
    return out


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def findings(summary: dict[str, Any]) -> list[str]:
    """Plain-language statements about the run, deviations from the fair share first."""
    out: list[str] = []
    fair = summary["fair_share"]
    n = summary["finished"]
    if summary["games"] == 0:
        return ["No games were played."]
    if summary["unfinished"]:
        out.append(
            f"{summary['unfinished']} of {summary['games']} games did not finish (stopped at the round limit); "
            "win rates count finished games only."
        )
    label = summary.get("group_label") or "trait"
    sections = (
        ("by_group", label, lambda k: k.capitalize()),
        ("by_seat", "seat", lambda k: f"Seat {int(k) + 1}"),
        ("by_bot", "bot", lambda k: f"Bot '{k}'"),
    )
    flagged_any = False
    for key, noun, name in sections:
        table = summary["win_rate"][key]
        if not table:
            continue
        flagged = [(k, r) for k, r in table.items() if r["significant"]]
        for k, r in sorted(flagged, key=lambda kv: -abs(kv[1]["rate"] - fair)):
            half = (r["ci_high"] - r["ci_low"]) / 2
            verdict = "favoured" if r["direction"] == "above" else "disadvantaged"
            out.append(
                f"{name(k)} wins {_pct(r['rate'])} ± {_pct(half)} of its games "
                f"(95% CI {_pct(r['ci_low'])}–{_pct(r['ci_high'])}, {r['games']} games), "
                f"expected {_pct(fair)}: {verdict}."
            )
            flagged_any = True
        if not flagged and key != "by_bot":
            out.append(
                f"No {noun}'s win rate differs significantly from the fair share of {_pct(fair)} "
                f"({n} finished games)."
            )
    if not flagged_any and n < 100:
        out.append(f"With only {n} finished games, only large imbalances would be detected.")
    length = summary["length"]
    if length["mean"] is not None:
        out.append(
            f"Games last {length['mean']:.1f} rounds on average (median {length['median']}, "
            f"range {length['min']}–{length['max']})."
        )
    for kind in ("wonders", "advances"):
        table = summary[kind]
        if not table:
            continue
        over = [
            (k, v) for k, v in table.items()
            if v["taken"] >= 10 and v["share_of_winners"] > v["share_of_seats"] * 1.5 and v["share_of_winners"] >= 0.2
        ]
        for k, v in sorted(over, key=lambda kv: -(kv[1]["share_of_winners"] - kv[1]["share_of_seats"]))[:3]:
            out.append(
                f"{kind[:-1].capitalize()} '{k}' is taken by {_pct(v['share_of_winners'])} of winners "
                f"but {_pct(v['share_of_seats'])} of all seats."
            )
    return out


# ---------------------------------------------------------------------------------------
def _svg(fig: Any) -> str:
    buf = io.StringIO()
    fig.savefig(buf, format="svg", bbox_inches="tight")
    text = buf.getvalue()
    start = text.find("<svg")
    return text[start:] if start >= 0 else text


def _figures(summary: dict[str, Any]) -> dict[str, str]:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:  # pragma: no cover - matplotlib is part of the sim extra
        return {}
    figs: dict[str, str] = {}
    fair = summary["fair_share"]
    for key, title in (("by_group", "Win rate by " + (summary.get("group_label") or "trait")),
                       ("by_seat", "Win rate by seat"), ("by_bot", "Win rate by bot")):
        table = summary["win_rate"][key]
        if not table:
            continue
        names = list(table)
        rates = [table[k]["rate"] for k in names]
        err = [[table[k]["rate"] - table[k]["ci_low"] for k in names], [table[k]["ci_high"] - table[k]["rate"] for k in names]]
        fig, ax = plt.subplots(figsize=(6, 3))
        labels = [f"seat {int(k) + 1}" for k in names] if key == "by_seat" else names
        ax.bar(labels, rates, yerr=err, capsize=4, color="#4a7ab5")
        ax.axhline(fair, color="#c0392b", linestyle="--", label=f"fair share {fair:.0%}")
        ax.set_ylim(0, 1)
        ax.set_ylabel("win rate")
        ax.set_title(title + " (95% Wilson CI)")
        ax.legend(loc="upper right")
        plt.setp(ax.get_xticklabels(), rotation=20, ha="right")
        figs[key] = _svg(fig)
        plt.close(fig)
    hist = summary["length"]["histogram"]
    if hist:
        fig, ax = plt.subplots(figsize=(6, 3))
        bars = sorted((int(k), v) for k, v in hist.items())
        ax.bar([x for x, _ in bars], [y for _, y in bars], color="#6a9f58")
        ax.set_xlabel("rounds")
        ax.set_ylabel("games")
        ax.set_title("Game length")
        figs["length"] = _svg(fig)
        plt.close(fig)
    sbr = summary["score_by_round"]
    if sbr:
        fig, ax = plt.subplots(figsize=(6, 3))
        for ident, per in sbr.items():
            points = sorted((int(r), v) for r, v in per.items())  # JSON keys sort as text
            ax.plot([x for x, _ in points], [y for _, y in points], marker=".", label=ident)
        ax.set_xlabel("round")
        ax.set_ylabel("mean score")
        ax.set_title("Score over rounds")
        ax.legend(fontsize="small")
        figs["score"] = _svg(fig)
        plt.close(fig)
    return figs


def _table(headers: Iterable[str], rows: Iterable[Iterable[Any]]) -> str:
    head = "".join(f"<th>{html.escape(str(h))}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _rate_rows(table: dict[str, Any], seat: bool = False) -> list[list[Any]]:
    rows = []
    for k, r in table.items():
        name = f"seat {int(k) + 1}" if seat else k
        rows.append([name, r["games"], r["wins"], _pct(r["rate"]), f"{_pct(r['ci_low'])}–{_pct(r['ci_high'])}",
                     _pct(r["fair"]), ("yes, " + r["direction"]) if r["significant"] else "no"])
    return rows


def render_html(summary: dict[str, Any]) -> str:
    """The report as one self-contained HTML page (plots inline as SVG)."""
    figs = _figures(summary)
    rate_head = ["", "games", "wins", "win rate", "95% CI", "fair share", "significant"]
    parts = [
        "<!doctype html><html><head><meta charset='utf-8'>",
        f"<title>Balance report: {html.escape(str(summary['game']))}</title>",
        "<style>body{font-family:system-ui,sans-serif;max-width:960px;margin:2em auto;padding:0 1em;color:#222}"
        "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}"
        "td:first-child,th:first-child{text-align:left}h2{border-bottom:1px solid #ddd}"
        "li.flag{color:#a02}svg{max-width:100%;height:auto}</style></head><body>",
        f"<h1>Balance report: {html.escape(str(summary['game']))}</h1>",
        "<p>" + html.escape(
            f"{summary['games']} games ({summary['finished']} finished), {summary['players']} players, "
            f"seats {', '.join(summary['seats'] or [])}{' rotated each game' if summary.get('rotate_seats') else ''}, "
            f"options {summary['options']}, run seed {summary['seed']}."
        ) + "</p>",
        "<h2>Findings</h2><ul>",
    ]
    for f in summary["findings"]:
        cls = " class='flag'" if "expected" in f else ""
        parts.append(f"<li{cls}>{html.escape(f)}</li>")
    parts.append("</ul>")
    label = summary.get("group_label") or "trait"
    for key, title, seat in (("by_group", f"Win rate by {label}", False), ("by_group_and_bot", f"Win rate by {label} and bot", False),
                             ("by_seat", "Win rate by seat", True), ("by_bot", "Win rate by bot", False)):
        table = summary["win_rate"][key]
        if not table:
            continue
        parts.append(f"<h2>{html.escape(title)}</h2>")
        parts.append(_table(rate_head, _rate_rows(table, seat)))
        if key in figs:
            parts.append(figs[key])
    parts.append("<h2>Game length</h2>")
    ln = summary["length"]
    parts.append(_table(["mean", "median", "min", "max"], [[ln["mean"], ln["median"], ln["min"], ln["max"]]]))
    if "length" in figs:
        parts.append(figs["length"])
    if "score" in figs:
        parts.append("<h2>Score over rounds</h2>" + figs["score"])
    if summary["means"]:
        parts.append("<h2>Mean final metrics</h2>")
        idents = sorted({i for per in summary["means"].values() for i in per})
        parts.append(_table(["metric"] + idents, [[m] + [per.get(i, "") for i in idents] for m, per in summary["means"].items()]))
    for kind in ("advances", "wonders", "benefits"):
        table = summary[kind]
        if not table:
            continue
        parts.append(f"<h2>How often each {kind[:-1]} is taken</h2>")
        parts.append(_table(
            [kind[:-1], "times taken", "share of seats", "by winners", "share of winners"],
            [[k, v["taken"], _pct(v["share_of_seats"]), v["by_winners"], _pct(v["share_of_winners"])] for k, v in table.items()],
        ))
    parts.append("</body></html>")
    return "\n".join(parts)


def write_report(path: str | Path, summary: dict[str, Any], games: list[dict[str, Any]] | None = None) -> None:
    Path(path).write_text(render_html(summary))


def png_data_uri(fig: Any) -> str:
    """A matplotlib figure as a base64 PNG data URI (for embedding elsewhere)."""
    buf = io.BytesIO()
    fig.savefig(buf, format="png", bbox_inches="tight")
    return "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode()
