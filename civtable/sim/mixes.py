"""Does balance depend on the bot mix? The same study under several mixes of bots.

Each mix (a list of bot specs, one per seat) plays the same games — the same run seed, so the
same dice and deals — with seats rotated and the trait or civilization assigned the same way.
For every trait (civilization) the report gives its win rate under each mix with a 95%
interval, and tests whether the rates differ between mixes (a chi-square test of the 2×k table
of wins and losses, exact or by permutation when the games are few; the p-values of all traits
corrected with Benjamini–Hochberg). A trait
favoured under every mix is a property of the game; one whose rate moves with the mix says as
much about the bots as about the game.
"""

from __future__ import annotations

import json
import textwrap
from pathlib import Path
from typing import Any

from civtable.core import OptionError

from .html_report import game_title
from .runner import SimConfig, check_config, simulate
from .signals import kind_title
from .stats import benjamini_hochberg, format_p, rates_p
from .words import mix_title

WIDTH = 80
"""The report's width in columns."""


def chi2_p(wins: list[int], games: list[int]) -> float:
    """p-value that the win rates ``wins[i] / games[i]`` are equal: the chi-square test of the 2×k
    table, or an exact (or permutation) test of it when the games are few (:func:`~.stats.rates_p`)."""
    return rates_p(wins, games)[0]


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
        p, test = rates_p(wins, games)
        rows.append({"group": g, "rates": rates, "p": p, "test": test})
    rejected, adjusted = benjamini_hochberg([r["p"] for r in rows])
    for r, rej, adj in zip(rows, rejected, adjusted):
        r["p_adjusted"] = adj
        r["depends_on_mix"] = rej
        flags = [x["direction"] if x and x["significant"] else "" for x in r["rates"]]
        r["favoured_in_every_mix"] = all(f == "above" for f in flags)
        r["disadvantaged_in_every_mix"] = all(f == "below" for f in flags)
    study = {
        "game": base.game, "mixes": [list(m) for m in mixes], "mix_titles": [mix_title(base.game, m) for m in mixes],
        "fair_share": fair, "games_per_mix": base.games, "finished": [int(s.get("finished") or 0) for s in summaries],
        "label": next((s["group_label"] for s in summaries if s.get("group_label")),
                      (base.assign or "").partition("=")[0] or "trait"),
        "groups": rows,
    }
    study["findings"] = mixes_findings(study)
    (out / "study.json").write_text(json.dumps(study, indent=1) + "\n")
    return study


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


def _cell(rate: dict[str, Any] | None) -> str:
    return f"{100 * rate['rate']:.0f}% [{100 * rate['ci_low']:.0f}–{100 * rate['ci_high']:.0f}]" if rate else "-"


def _table(study: dict[str, Any], width: int) -> list[str]:
    """Win rates, a row per trait and a column per mix (split into blocks of columns that fit
    ``width``), then the corrected p-value of the test across the mixes."""
    label = kind_title(study["label"])
    rows = study["groups"]
    names = [r["group"] for r in rows]
    first = max(len(label), *(len(n) for n in names)) + 2
    cells = [[_cell(x) for x in r["rates"]] for r in rows]
    col = max(len("mix 10"), *(len(c) for row in cells for c in row)) + 2
    pcol = [format_p(r["p_adjusted"]).removeprefix("p=").removeprefix("p") for r in rows]
    per_block = max(1, (width - 2 - first - 8) // col)
    mixes = len(study["mixes"])
    out: list[str] = []
    for start in range(0, mixes, per_block):
        cols = range(start, min(mixes, start + per_block))
        last = cols.stop == mixes
        head = f"  {label:<{first}}" + "".join(f"{f'mix {i + 1}':<{col}}" for i in cols) + ("p" if last else "")
        out += [] if start == 0 else [""]
        out.append(head.rstrip())
        for name, row, p in zip(names, cells, pcol):
            out.append((f"  {name:<{first}}" + "".join(f"{row[i]:<{col}}" for i in cols) + (p if last else "")).rstrip())
    return out


def _verdicts(study: dict[str, Any], width: int) -> list[str]:
    """Which traits the mixes agree on, and which move with the mix, in sentences."""
    plural = kind_title(study["label"]).lower() + "s"
    groups = study["groups"]
    said = [
        ("Favoured under every mix, a property of the game", [r["group"] for r in groups if r["favoured_in_every_mix"]]),
        ("Behind under every mix, a property of the game",
         [r["group"] for r in groups if r["disadvantaged_in_every_mix"]]),
        ("Win rate depends on the bot mix", [r["group"] for r in groups if r["depends_on_mix"]
                                                 and not r["favoured_in_every_mix"] and not r["disadvantaged_in_every_mix"]]),
    ]
    lines = [f"{words}: {', '.join(names)}." for words, names in said if names]
    if not lines:
        lines = [f"No significant difference between the mixes for any of the {len(groups)} {plural}."]
    elif len(lines) < 3:
        lines.append(f"The other {plural}: no significant difference between the mixes.")
    return [w for line in lines for w in textwrap.wrap(line, width, subsequent_indent="  ")]


def _tests_words(study: dict[str, Any]) -> str:
    """Which tests gave the p-values: the chi-square test's approximation fails on small counts,
    where an exact or a permutation test is used instead, and the report says so."""
    tests = [r.get("test", "chi-square") for r in study["groups"]]
    small = sorted({t for t in tests if t in ("exact", "permutation", "Fisher's exact test")})
    if not small:
        return "chi-square"
    said = " or ".join("a permutation test" if t == "permutation" else "Fisher's exact test" if t.startswith("Fisher")
                       else "an exact test" for t in small)
    rows = sum(t in small for t in tests)
    if rows == len(tests):
        return f"{said}, the games being too few for chi-square"
    return f"chi-square, or {said} for the {rows} of {len(tests)} rows with too few games for it"


def render_mixes_text(study: dict[str, Any], width: int = WIDTH) -> str:
    """The study for a terminal of ``width`` columns: the mixes in words, a table of win rates
    (one column per mix) and the verdicts in sentences."""
    titles = study.get("mix_titles") or [", ".join(m) for m in study["mixes"]]
    lines = textwrap.wrap(f"Balance by bot mix: {game_title(study['game'])}, {len(study['mixes'][0])} players, "
                          f"{study['games_per_mix']} games per mix "
                          f"(the same deals and dice, seats rotated), fair share {100 * study['fair_share']:.0f}%.", width)
    for i, title in enumerate(titles):
        lines += textwrap.wrap(title, width, initial_indent=f"  mix {i + 1}  ", subsequent_indent=" " * 9,
                               break_on_hyphens=False)
    finished = study.get("finished") or []
    if finished and min(finished) < study["games_per_mix"]:
        lines += textwrap.wrap("Finished games: " + ", ".join(f"mix {i + 1} {n}" for i, n in enumerate(finished))
                               + " (the others were stopped by --max-rounds or failed; they count for no one).", width)
    if not study["groups"]:
        lines.append("No game finished with a winner: there are no win rates to compare.")
        return "\n".join(lines) + "\n"
    lines += textwrap.wrap(f"Win rate by {kind_title(study['label']).lower()} under each mix (95% confidence "
                           f"interval); p: do the rates differ between the mixes ({_tests_words(study)}, corrected "
                           "for testing every row)?", width, break_on_hyphens=False)
    lines += _table(study, width)
    lines += _verdicts(study, width)
    return "\n".join(lines) + "\n"
