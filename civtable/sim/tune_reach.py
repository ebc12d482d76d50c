"""Which groups (traits, civilizations) a tuning run left out of reach, and the facts in the way.

After verification, every group of a ``traits fair ±t`` target is placed against the tolerance on
the held-out games (the candidate's rate, or the original's when nothing was handed over), and
against what the whole search did to it: the lowest and highest rate the trials inside the
game-length band gave it on the tuning games and the trial that came closest to fair. A group
outside the tolerance whose every such trial stayed outside it too is *out of reach of the values
searched*; for every group outside the tolerance the tuner names the
rulebook facts its perk rests on — the game's ``CHOICE_FACTS`` hook (content path and what the
rulebook says, with the value in the content) — because only a change of those, or of values the
run did not search, can bring it to fair. ``tune --allow-facts`` runs that what-if explicitly.
"""

from __future__ import annotations

from typing import Any

from .tune_verify import half_width


def choice_facts(hooks: Any, game: Any, flat: dict[str, Any], moved: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """The facts each group's perk rests on, by the group's display name (empty without the hook)."""
    table = getattr(hooks, "CHOICE_FACTS", None) if hooks is not None else None
    if not table:
        return {}
    names: dict[str, str] = {}
    if hasattr(hooks, "element_names") and hasattr(hooks, "CHOICE"):
        names = hooks.element_names(game).get(hooks.CHOICE, {})
    out: dict[str, list[dict[str, Any]]] = {}
    for ident, facts in table.items():
        rows = []
        for path, rule in facts:
            row: dict[str, Any] = {"path": path, "rule": rule, "value": flat.get(path)}
            if path in moved:
                row["what_if"] = moved[path]
            rows.append(row)
        out[names.get(ident, ident)] = rows
    return out


def reach(targets: list[Any], records: list[dict[str, Any]], side: dict[str, Any], fair: float, players: int,
          groups: int, tune_games: int, facts: dict[str, list[dict[str, Any]]], accepted: bool) -> list[dict[str, Any]]:
    """Every group of the groups' fairness target: where it ends, and what the search could do."""
    tolerances = [t.tolerance for t in targets if t.kind == "fair" and t.table == "by_group"]
    if not tolerances:
        return []
    tol = min(tolerances)
    band = any(t.kind == "rounds" for t in targets)  # trials outside a game-length target do not count
    end = side["after"] if accepted else side["before"]
    valid = [r for r in records if r.get("rates") and r.get("feasible", True)]
    trial_half = half_width(tune_games, fair, players, groups)
    out = []
    for name, r in sorted(end["win_rates"].items()):
        if name not in end.get("groups", end["win_rates"]):
            continue  # a seat's or a bot's rate, not a group's
        off = 100.0 * (r["rate"] - fair)
        seen = [(100.0 * (rec["rates"][name] - fair), rec["trial"]) for rec in valid if name in rec["rates"]]
        row: dict[str, Any] = {"group": name, "rate": r["rate"], "ci": r["ci"], "off_pp": round(off, 2),
                               "within": abs(off) <= tol, "resolved": resolved(r["ci"], fair, tol), "tolerance": tol,
                               "facts": facts.get(name, [])}
        if seen:
            closest = min(seen, key=lambda x: abs(x[0]))
            row.update(trial_range=[round(fair + min(x[0] for x in seen) / 100, 4), round(fair + max(x[0] for x in seen) / 100, 4)],
                       closest_trial=closest[1], closest_off_pp=round(closest[0], 2), trial_half_width=round(trial_half, 2),
                       any_trial_within=abs(closest[0]) <= tol, trials_in_band=len(valid), length_band=band)
        out.append(row)
    return out


def resolved(ci: list[float], fair: float, tol: float) -> str:
    """Whether held-out games settle a rate against ``fair ± tol`` points: ``"inside"`` when its
    whole 95% interval lies within the band, ``"outside"`` when it lies wholly outside, otherwise
    ``"unresolved"`` (the games are too few to say)."""
    lo, hi = 100.0 * (ci[0] - fair), 100.0 * (ci[1] - fair)
    if -tol <= lo and hi <= tol:
        return "inside"
    return "outside" if hi < -tol or lo > tol else "unresolved"


def check_reach(targets: list[Any], side: dict[str, Any], fair: float, accepted: bool) -> list[dict[str, Any]]:
    """Every group against the tolerance under a check mix (its held-out games, the candidate's rates
    when it was handed over, else the original's): the point estimate and what the games resolve."""
    tolerances = [t.tolerance for t in targets if t.kind == "fair" and t.table == "by_group"]
    if not tolerances:
        return []
    tol = min(tolerances)
    end = side["after"] if accepted or side["before"] is None else side["before"]
    return [{"group": name, "rate": r["rate"], "ci": r["ci"], "off_pp": round(100.0 * (r["rate"] - fair), 2),
             "within": abs(100.0 * (r["rate"] - fair)) <= tol, "resolved": resolved(r["ci"], fair, tol), "tolerance": tol}
            for name, r in sorted(end["win_rates"].items()) if name in end.get("groups", end["win_rates"])]


def render_check_reach(side: dict[str, Any], fair: float, accepted: bool, mix: str = "") -> list[str]:
    """Where every group ends under a check mix (``mix``: in words), and whether its games resolve that."""
    mix = mix or f"the check mix {side['mix']}"
    rows = side.get("reach") or []
    if not rows:
        return []
    tol = rows[0]["tolerance"]
    which = ("the tuned content" if accepted else "the candidate (not handed over)" if side["before"] is None
             else "the original content")

    def fmt(r: dict[str, Any]) -> str:
        return f"{r['group']} {100 * r['rate']:.1f}% [{100 * r['ci'][0]:.1f}–{100 * r['ci'][1]:.1f}]"

    inside = [fmt(r) for r in rows if r["within"]]
    outside = [fmt(r) + f" ({r['off_pp']:+.1f})" for r in rows if not r["within"]]
    lines = [f"With {mix}, {which} on {side['games']} held-out games (each rate ±"
             f"{side['half_width']:.1f} points): within ±{tol:g} of fair: " + (", ".join(inside) or "none")
             + "; outside: " + (", ".join(outside) or "none") + "."]
    settled_in = [r["group"] for r in rows if r["resolved"] == "inside"]
    settled_out = [r["group"] for r in rows if r["resolved"] == "outside"]
    open_ = [r["group"] for r in rows if r["resolved"] == "unresolved"]
    lines.append("  Resolved by these games: " + (", ".join(settled_in) or "none") + f" within ±{tol:g}; "
                 + (", ".join(settled_out) or "none") + " outside"
                 + (f"; not resolved (interval crosses ±{tol:g}): " + ", ".join(open_) if open_ else "") + ".")
    return lines


def render_reach(rows: list[dict[str, Any]], fair: float, accepted: bool) -> list[str]:
    if not rows:
        return []
    tol = rows[0]["tolerance"]
    which = "the tuned content" if accepted else "the original content"
    inside = [r["group"] for r in rows if r["within"]]
    too_small = 0.0
    lines = [f"Within ±{tol:g} points of fair ({100 * fair:.0f}%) on the held-out games with {which}: "
             + (", ".join(inside) if inside else "none") + "."]
    unsettled = [f"{r['group']} [{100 * r['ci'][0]:.1f}–{100 * r['ci'][1]:.1f}]" for r in rows
                 if r["within"] and r.get("resolved") == "unresolved"]
    if unsettled:
        lines.append(f"  Not resolved by these games (the interval crosses ±{tol:g}): " + ", ".join(unsettled) + ".")
    for r in rows:
        if r["within"]:
            continue
        lo, hi = r["ci"]
        line = (f"  Outside ±{tol:g}: {r['group']} {100 * r['rate']:.1f}% [{100 * lo:.1f}–{100 * hi:.1f}] "
                f"({r['off_pp']:+.1f} points from fair"
                + (f"; the interval crosses ±{tol:g}, so these games cannot say it is outside" if r.get("resolved") ==
                   "unresolved" else "") + ")")
        if "trial_range" in r:
            a, b = r["trial_range"]
            n_in = r["trials_in_band"]
            trials = ("the one trial" if n_in == 1 else f"the {n_in} trials") + (" inside the game-length band" if r.get("length_band", True)
                                                           else "")
            moved = (f"left it at {100 * a:.0f}%" if round(100 * a) == round(100 * b)
                     else f"moved it between {100 * a:.0f}% and {100 * b:.0f}%")
            line += (f"; {trials} {moved} on the tuning games (±{r['trial_half_width']:.0f} each), closest trial "
                     f"{r['closest_trial']} at {r['closest_off_pp']:+.1f}")
            # a trial whose rates are known to no better than twice the tolerance (±42 against ±3) shows nothing
            if r["any_trial_within"] and r["trial_half_width"] <= 2 * tol:
                line += " — within reach of single trials, not together with the other groups"
            elif abs(r["closest_off_pp"]) <= tol + r["trial_half_width"]:
                # no trial within the tolerance, but the closest one is within its own noise of it
                line += " — the trials are too small to tell whether it is within reach"
                too_small = r["trial_half_width"]
            else:
                line += " — out of reach: no value searched brought it within the tolerance"
        lines.append(line + ".")
        if r["facts"]:
            facts = "; ".join(
                f"{f['path']} = {f['value']}" + (f" (what-if: {f['what_if']})" if "what_if" in f else "") + f" — {f['rule']}"
                for f in r["facts"])
            lines.append(f"    its perk rests on the rulebook facts: {facts}")
    if too_small:  # said once, not once per group
        lines.append(f"  Each trial resolves a rate to ±{too_small:.0f} points against a tolerance of ±{tol:g}: play more "
                     "games per trial (--games) to tell which of these are within reach.")
    return lines


__all__ = ["check_reach", "choice_facts", "reach", "render_check_reach", "render_reach", "resolved"]
