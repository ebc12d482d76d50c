"""Bot-robust verdicts: the same study under several bot mixes (``--mixes greedy,strong``).

A balance finding read from one bot may be the bot's blind spot rather than the game's. Each mix
plays the same games (the same run seed: the same deals and dice; seats rotated; the same
assignment), and every finding is marked

* **robust** — it holds under every mix: significant (corrected), at least the practical
  threshold, and in the same direction;
* **bot-dependent** — it holds under some mixes and not others;

with its numbers under each mix. Mixes are given weakest first; the *skill curve* plots the win
rate of the top findings' holders (and of every trait) against the mixes in that order.

A mix is a bot spec for every seat (``greedy``, ``mcts:iters=400``, a level such as ``strong``)
or one spec per seat joined by ``+`` (``greedy+greedy+strong+strong``). Level names not known to
the bots module are read as: ``strong`` = ``mcts``.
"""

from __future__ import annotations

import json
import textwrap
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from civtable.bots import bot_names, parse_spec
from civtable.core import OptionError

from .factors import THRESHOLD
from .html_report import game_title
from .runner import SimConfig, simulate
from .specs import split_seats
from .stats import format_p, wilson
from .verdict import verdict_word

FALLBACK = {"strong": "mcts"}
"""Level names read as bot specs when the bots module does not know them."""


@dataclass(frozen=True)
class Mix:
    name: str  # as the user wrote it: "greedy", "strong"
    seats: tuple[str, ...]  # one resolved spec per seat

    @property
    def slug(self) -> str:
        return "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in self.name)[:60]


def resolve_spec(spec: str) -> str:
    """A bot spec, or a level name the bots module does not know yet (``strong`` = ``mcts``)."""
    name, _params = parse_spec(spec)
    if name in bot_names() or name not in FALLBACK:
        return spec
    rest = spec.partition(":")[2]
    base = FALLBACK[name]
    return base + ((":" if ":" not in base else ",") + rest if rest else "")


def parse_mixes(items: list[str], players: int) -> list[Mix]:
    """``["greedy", "strong"]`` or ``["greedy+greedy+mcts+mcts"]`` -> mixes of ``players`` seats."""
    mixes: list[Mix] = []
    for item in items:
        seats = [resolve_spec(s) for s in (x.strip() for x in item.split("+")) if s]
        if len(seats) == 1:
            seats = seats * players
        if len(seats) != players:
            raise OptionError(f"mix {item!r} gives {len(seats)} seats; give one spec for all or one per seat "
                              f"({players}) joined by '+'")
        for s in seats:
            split_seats(s)
        mixes.append(Mix(item, tuple(seats)))
    if len(mixes) < 2:
        raise OptionError("give at least two bot mixes to compare, e.g. --mixes greedy,strong")
    if len({m.slug for m in mixes}) != len(mixes):
        raise OptionError("give each mix once")
    return mixes


def split_mixes(text: str) -> list[str]:
    """``greedy,mcts:iters=400,depth=8,strong`` -> three mixes (a ``key=value`` item continues the
    previous spec's parameters, as in ``--seats``)."""
    return split_seats(text)


def holds(row: dict[str, Any] | None, sign: float, threshold: float) -> bool:
    return bool(row and row["significant"] and abs(row["effect"]) >= threshold and row["effect"] * sign > 0)


def merge(summaries: list[dict[str, Any]], mixes: list[Mix], threshold: float = THRESHOLD) -> dict[str, Any]:
    """The findings of every mix, each marked robust or bot-dependent with its numbers under each."""
    rows_by_mix = [{r["key"]: r for r in s.get("factors") or []} for s in summaries]
    keys: list[str] = []
    for rows in rows_by_mix:
        keys += [k for k, r in rows.items() if r["finding"] and k not in keys]
    verdicts = []
    for key in keys:
        per = [rows.get(key) for rows in rows_by_mix]
        first = next(r for r in per if r and r["finding"])
        sign = 1.0 if first["effect"] > 0 else -1.0
        held = [holds(r, sign, threshold) for r in per]
        verdicts.append({
            "key": key, "label": first["label"], "kind": first["kind"],
            "robust": all(held), "holds": held,
            "effects": [None if r is None else r["effect"] for r in per],
            "cis": [None if r is None else r["ci"] for r in per],
            "p_adjusted": [None if r is None else r["p_adjusted"] for r in per],
            "with": [None if r is None else r["with"] for r in per],
            "n_with": [None if r is None else r["n_with"] for r in per],
        })
    verdicts.sort(key=lambda v: -sum(abs(e or 0.0) for e in v["effects"]) / len(mixes))
    return {"mixes": [m.name for m in mixes], "threshold": threshold, "verdicts": verdicts,
            "summary": robust_summary(summaries, mixes, verdicts)}


def _numbers(v: dict[str, Any], mixes: list[str]) -> str:
    parts = []
    for name, e, p in zip(mixes, v["effects"], v["p_adjusted"]):
        parts.append(f"{name} not testable" if e is None else f"{name} {100 * e:+.0f} pt ({format_p(p)})")
    return ", ".join(parts)


def robust_summary(summaries: list[dict[str, Any]], mixes: list[Mix], verdicts: list[dict[str, Any]],
                   limit: int = 5) -> list[str]:
    """At most five sentences: each mix's stories, the strongest across mixes first, each marked."""
    by_key = {v["key"]: v for v in verdicts}
    names = [m.name for m in mixes]
    best: dict[str, tuple[float, str]] = {}
    for s in summaries:
        for story in (s.get("story") or {}).get("stories", []):
            key = story["lead"]
            if key in by_key and (key not in best or abs(story["effect"]) > best[key][0]):
                best[key] = (abs(story["effect"]), story["text"])
    ordered = sorted(best, key=lambda k: -sum(abs(e or 0.0) for e in by_key[k]["effects"]))
    out = []
    for key in ordered[:limit]:
        v = by_key[key]
        word = verdict_word(v, names)
        mark = word[0].upper() + word[1:]
        out.append(f"{best[key][1]} [{mark}: {_numbers(v, names)}.]")
    if not out:
        out.append(f"No finding of {100 * verdicts_threshold(summaries):.0f} points or more under any of the mixes "
                   f"{', '.join(names)}.")
    return out


def verdicts_threshold(summaries: list[dict[str, Any]]) -> float:
    return float(summaries[0].get("threshold", THRESHOLD)) if summaries else THRESHOLD


def skill_curve(summaries: list[dict[str, Any]], verdicts: list[dict[str, Any]], top: int = 4) -> dict[str, Any]:
    """Win rate of the holders of the top findings, and of every trait, under each mix (weakest first)."""
    lines: dict[str, list[list[float] | None]] = {}
    chosen = [v for v in verdicts if v["kind"] in ("element", "turn")][:top]
    pts: list[list[float] | None]
    for v in chosen:
        pts = []
        for s in summaries:
            row = next((r for r in s.get("factors") or [] if r["key"] == v["key"]), None)
            if row is None or not row["n_with"]:
                pts.append(None)
                continue
            lo, hi = wilson(row["with"] * row["n_with"], row["n_with"])
            pts.append([row["with"], lo, hi])
        lines[v["label"]] = pts
    groups = sorted({g for s in summaries for g in s["win_rate"].get("by_group", {})})
    label = (summaries[0].get("group_label") or "trait") if summaries else "trait"
    for g in groups:
        pts = []
        for s in summaries:
            r = s["win_rate"]["by_group"].get(g)
            pts.append([r["rate"], r["ci_low"], r["ci_high"]] if r else None)
        lines[f"{label.capitalize() if label != 'civ' else 'Civilization'} '{g}'"] = pts
    return {"lines": lines, "fair": summaries[0]["fair_share"] if summaries else 0.0}


def simulate_mixes(config: SimConfig, mixes: list[Mix], out: str | Path, progress: bool = True) -> dict[str, Any]:
    """Run ``config`` once per mix (same seeds, seats rotated) into ``out/mix-NAME`` and write the
    combined, bot-robust report to ``out/report.html`` and ``out/robust.json``."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    summaries = []
    for mix in mixes:
        cfg = replace(config, seats=list(mix.seats), rotate_seats=True)
        summaries.append(simulate(cfg, out / f"mix-{mix.slug}", progress=progress))
    result = merge(summaries, mixes, config.threshold)
    result["curve"] = skill_curve(summaries, result["verdicts"])
    result["runs"] = [{"mix": m.name, "seats": list(m.seats), "dir": f"mix-{m.slug}", "games": s["games"],
                       "findings": s["findings"]} for m, s in zip(mixes, summaries)]
    result["game"] = config.game
    (out / "robust.json").write_text(json.dumps(result, indent=1) + "\n")
    from .html_report import render_robust_html

    (out / "report.html").write_text(render_robust_html(result))
    return result


def render_robust_text(result: dict[str, Any]) -> str:
    """The findings under every mix, each line wrapped to 80 columns."""
    def fit(text: str, first: str = "", rest: str = "") -> list[str]:
        return textwrap.wrap(text, 80, initial_indent=first, subsequent_indent=rest, break_on_hyphens=False)

    lines = fit(f"{game_title(result['game'])} under {len(result['mixes'])} bot mixes ({', '.join(result['mixes'])}), "
                "same seeds:") + ["Summary:"]
    for i, x in enumerate(result["summary"], start=1):
        lines += fit(x, f" {i}. ", "    ")
    if result["verdicts"]:
        lines.append("Every finding under each mix:")
    for v in result["verdicts"]:
        lines += fit(f"{v['label']}: {verdict_word(v, result['mixes'])} — {_numbers(v, result['mixes'])}", " - ", "   ")
    return "\n".join(lines) + "\n"
