"""Does balance depend on the bot mix? The same study under several mixes of bots.

Each mix (a list of bot specs, one per seat) plays the same games — the same run seed, so the
same dice and deals — with seats rotated and the trait or civilization assigned the same way.
For every trait (civilization) the report gives its win rate under each mix with a 95%
interval, and tests whether the rates differ between mixes (a chi-square test of the 2×k table
of wins and losses; the p-values of all traits corrected with Benjamini–Hochberg). A trait
favoured under every mix is a property of the game; one whose rate moves with the mix says as
much about the bots as about the game.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from civtable.core import OptionError

from .runner import SimConfig, check_config, simulate
from .signals import kind_title
from .stats import benjamini_hochberg, format_p, two_proportion_p


def chi2_p(wins: list[int], games: list[int]) -> float:
    """p-value that the win rates ``wins[i] / games[i]`` are equal (chi-square, k-1 degrees)."""
    rows = [(w, n) for w, n in zip(wins, games) if n > 0]
    if len(rows) < 2:
        return 1.0
    if len(rows) == 2:
        return two_proportion_p(rows[0][0], rows[0][1], rows[1][0], rows[1][1])
    try:
        from scipy.stats import chi2_contingency
    except ImportError:  # pragma: no cover
        return 1.0
    table = [[w for w, _n in rows], [n - w for w, n in rows]]
    if min(sum(table[0]), sum(table[1])) == 0:
        return 1.0
    return float(chi2_contingency(table)[1])


def mixes_study(base: SimConfig, mixes: list[list[str]], out: str | Path, progress: bool = False) -> dict[str, Any]:
    """Run ``base`` once per mix (its ``seats`` replaced) and compare the groups' win rates."""
    if len(mixes) < 2:
        raise OptionError("give at least two bot mixes to compare (--mix, repeated)")
    out = Path(out)
    configs = [SimConfig(**{**base.__dict__, "seats": list(seats), "rotate_seats": True}) for seats in mixes]
    for cfg in configs:
        check_config(cfg)  # every mix refused before anything is written
    out.mkdir(parents=True, exist_ok=True)
    summaries = [simulate(cfg, out / f"mix-{i + 1}", progress=progress) for i, cfg in enumerate(configs)]
    groups = sorted({g for s in summaries for g in s["win_rate"]["by_group"]})
    fair = summaries[0]["fair_share"]
    rows = []
    for g in groups:
        rates = [s["win_rate"]["by_group"].get(g) for s in summaries]
        wins = [round(r["rate"] * r["games"]) if r else 0 for r in rates]
        games = [r["games"] if r else 0 for r in rates]
        rows.append({"group": g, "rates": rates, "p": chi2_p(wins, games)})
    rejected, adjusted = benjamini_hochberg([r["p"] for r in rows])
    for r, rej, adj in zip(rows, rejected, adjusted):
        r["p_adjusted"] = adj
        r["depends_on_mix"] = rej
        flags = [x["direction"] if x and x["significant"] else "" for x in r["rates"]]
        r["favoured_in_every_mix"] = all(f == "above" for f in flags)
        r["disadvantaged_in_every_mix"] = all(f == "below" for f in flags)
    study = {
        "game": base.game, "mixes": [list(m) for m in mixes], "fair_share": fair, "games_per_mix": base.games,
        "label": summaries[0].get("group_label") or "trait", "groups": rows,
    }
    study["findings"] = mixes_findings(study)
    (out / "study.json").write_text(json.dumps(study, indent=1) + "\n")
    return study


def _mix_name(seats: list[str]) -> str:
    return ",".join(seats)


def mixes_findings(study: dict[str, Any]) -> list[str]:
    out = []
    for r in study["groups"]:
        rates = ", ".join(
            f"{100 * x['rate']:.0f}% [{100 * x['ci_low']:.0f}–{100 * x['ci_high']:.0f}]" if x else "-" for x in r["rates"]
        )
        if r["favoured_in_every_mix"]:
            verdict = "favoured under every mix: a property of the game"
        elif r["disadvantaged_in_every_mix"]:
            verdict = "disadvantaged under every mix: a property of the game"
        elif r["depends_on_mix"]:
            verdict = "its win rate depends on the bot mix"
        else:
            verdict = "no significant difference between the mixes"
        out.append(f"{r['group']}: {rates} ({format_p(r['p_adjusted'])} corrected): {verdict}.")
    return out


def render_mixes_text(study: dict[str, Any]) -> str:
    lines = [f"Balance by bot mix: {study['game']}, {study['games_per_mix']} games per mix, fair share "
             f"{100 * study['fair_share']:.0f}%."]
    lines += [f"  mix {i + 1}: {_mix_name(m)}" for i, m in enumerate(study["mixes"])]
    lines.append(f"Win rate by {kind_title(study['label']).lower()} under each mix (95% CI):")
    lines += [" - " + f for f in study["findings"]]
    return "\n".join(lines) + "\n"
