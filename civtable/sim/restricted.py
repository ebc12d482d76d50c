"""Restricted-play studies: how much does a bot lose when it may not do X?

After Jaffe et al., "Evaluating Competitive Game Balance with Restricted Play" (AIIDE 2012): for
each restriction (a group of actions such as ``wonders`` or ``trade``, or one content element),
one seat plays the bot barred from it against unrestricted copies of the same bot. Seats rotate
from game to game, so the restricted seat sits everywhere equally; with every other seat running
the same unrestricted bot, the restricted seat's win rate would be exactly the fair share
``1/players`` if the restriction cost nothing. The *drop* from the fair share measures how much
the element matters; the element whose absence costs most is the strongest strategy of the game
(a dominant one when the drop approaches the whole fair share). Each restriction runs as a
normal simulation in its own sub-directory (resumable, with its report); the p-values of the
restrictions (binomial test against the fair share) are corrected with Benjamini–Hochberg.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from civtable.core import OptionError, make_game

from .restrict import label, resolve
from .runner import SimConfig, simulate
from .stats import benjamini_hochberg, binom_p, format_p, wilson

DOMINANT_SHARE = 0.5
"""A restriction costing at least this share of the fair win rate marks a dominant element."""


def restricted_study(
    game_name: str,
    forbid: list[str],
    bot: str,
    games: int,
    out: str | Path,
    options: dict[str, Any] | None = None,
    seed: int = 0,
    workers: int = 1,
    assign: str | None = None,
    content: str | None = None,
    max_rounds: int | None = None,
    progress: bool = False,
) -> dict[str, Any]:
    """Play ``games`` games per restriction and report the win-rate drop of each."""
    if not forbid:
        raise OptionError("name at least one restriction with --forbid (e.g. wonders, trade, or a content id)")
    game = make_game(game_name, options or {}, content)
    found = resolve(game, forbid)  # clear errors before any game is played
    n = game.num_players
    fair = 1.0 / n
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    rows: list[dict[str, Any]] = []
    for name, description, _pred in found:
        cfg = SimConfig(
            game=game_name, seats=[bot] * n, games=games, seed=seed, options=dict(game.options),
            content=content, rotate_seats=True, max_rounds=max_rounds, workers=workers, assign=assign,
            forbid=[[name]] + [[] for _ in range(n - 1)],
        )
        summary = simulate(cfg, out / _dirname(name), progress=progress)
        restricted = summary["win_rate"]["by_bot"].get(label(bot, [name]))
        free = summary["win_rate"]["by_bot"].get(bot)
        if restricted is None or not restricted["games"]:
            rows.append({"restriction": name, "description": description, "games": 0})
            continue
        k = round(restricted["rate"] * restricted["games"])
        lo, hi = wilson(k, restricted["games"])
        rows.append({
            "restriction": name,
            "description": description,
            "games": restricted["games"],
            "win_rate": restricted["rate"],
            "ci": [round(lo, 4), round(hi, 4)],
            "others_win_rate": free["rate"] if free else None,
            "drop": round(fair - restricted["rate"], 4),
            "drop_ci": [round(fair - hi, 4), round(fair - lo, 4)],
            "p": binom_p(k, restricted["games"], fair),
            "mean_rounds": summary["length"]["mean"],
        })
    tested = [r for r in rows if r["games"]]
    rejected, adjusted = benjamini_hochberg([r["p"] for r in tested])
    for r, rej, adj in zip(tested, rejected, adjusted):
        r["p_adjusted"] = adj
        r["significant"] = rej
        r["dominant"] = bool(rej and r["drop"] >= DOMINANT_SHARE * fair)
    tested.sort(key=lambda r: -r["drop"])
    study = {
        "game": game_name, "bot": bot, "players": n, "fair_share": round(fair, 4), "games_per_restriction": games,
        "options": dict(game.options), "seed": seed, "assign": assign,
        "restrictions": tested + [r for r in rows if not r["games"]],
    }
    study["findings"] = study_findings(study)
    (out / "study.json").write_text(json.dumps(study, indent=1) + "\n")
    return study


def _dirname(name: str) -> str:
    return "forbid-" + "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in name)


def study_findings(study: dict[str, Any]) -> list[str]:
    fair = study["fair_share"]
    out = []
    for r in study["restrictions"]:
        if not r["games"]:
            out.append(f"'{r['restriction']}': no finished games.")
            continue
        if r["significant"]:
            verdict = "a dominant strategy: barred from it, the bot rarely wins" if r["dominant"] else (
                "it matters" if r["drop"] > 0 else "the bot does better without it (a trap for this bot)")
        else:
            verdict = "no significant effect"
        out.append(
            f"Barred from '{r['restriction']}' ({r['description']}), {study['bot']} wins {100 * r['win_rate']:.0f}% "
            f"(95% CI {100 * r['ci'][0]:.0f}%–{100 * r['ci'][1]:.0f}%, {r['games']} games) against a fair "
            f"{100 * fair:.0f}%: a drop of {100 * r['drop']:+.0f} pt ({format_p(r['p_adjusted'])} corrected); {verdict}."
        )
    return out


def render_study_text(study: dict[str, Any]) -> str:
    lines = [
        f"Restricted play: {study['game']}, {study['players']} players, one restricted {study['bot']} against "
        f"{study['players'] - 1} unrestricted, seats rotated, {study['games_per_restriction']} games per restriction.",
        "Importance (largest win-rate drop first):",
    ]
    lines += [" - " + f for f in study["findings"]]
    return "\n".join(lines) + "\n"
