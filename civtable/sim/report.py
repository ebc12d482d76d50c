"""Balance statistics of a simulation run (``summary.json``) and its findings in plain words.

Win rates are per seat-appearance: a seat that wins alone scores 1, a seat sharing a win with
k-1 others scores 1/k, so the *fair share* of any group is ``1 / players``. Intervals are 95%
Wilson score intervals over the finished games; a win rate is flagged when an exact binomial
test against the fair share survives Benjamini–Hochberg across its table. Content elements are
tested one by one and corrected together (see :mod:`civtable.sim.signals`). The HTML page is drawn by :mod:`civtable.sim.html_report`.
"""

from __future__ import annotations

import statistics
from collections import Counter, defaultdict
from functools import partial
from pathlib import Path
from typing import Any

from civtable.core.words import humanised

from .effects import chi_square_uniform
from .factors import DEFAULT_OUTCOMES, THRESHOLD, FactorSet, assess, build_factors
from .metrics import GROUP_KEYS
from .places import act_sentence
from .signals import element_table, kind_title, pct, signal_sentence, untestable_note
from .stats import benjamini_hochberg, binom_p, count_text, count_value, format_p, wilson
from .story import tell
from .words import bot_words

__all__ = ["findings", "group_key", "summarize", "wilson", "write_report"]


def _rate(wins: float, n: int, fair: float) -> dict[str, Any]:
    lo, hi = wilson(wins, n)
    rate = wins / n if n else 0.0
    flag = n > 0 and (hi < fair or lo > fair)
    return {
        "games": n,
        "wins": count_value(wins),
        "rate": round(rate, 4),
        "ci_low": round(lo, 4),
        "ci_high": round(hi, 4),
        "fair": round(fair, 4),
        "significant": bool(flag),
        "direction": ("above" if lo > fair else "below") if flag else "",
    }


def _rates(table: dict[str, list[float]], fair: float, order: Any = None) -> dict[str, dict[str, Any]]:
    """Win rates of a table's rows; a row is *significant* when an exact binomial test against the
    fair share survives Benjamini–Hochberg across the rows of the table (and then its interval
    excludes the fair share too)."""
    rows = {k: _rate(v[0], int(v[1]), fair) for k, v in sorted(table.items(), key=order)}
    keys = [k for k, r in rows.items() if r["games"]]
    pvals = [binom_p(round(rows[k]["rate"] * rows[k]["games"]), rows[k]["games"], fair) for k in keys]
    rejected, adjusted = benjamini_hochberg(pvals) if keys else ([], [])
    for k, p, rej, adj in zip(keys, pvals, rejected, adjusted):
        r = rows[k]
        r["p"], r["p_adjusted"] = p, adj
        r["significant"] = bool(rej and r["direction"])
        if not r["significant"]:
            r["direction"] = ""
    return rows


def group_key(seat: dict[str, Any]) -> tuple[str, str] | None:
    """(label, value) of the asymmetric identity of a seat (trait, civilization ...), if any."""
    for key in GROUP_KEYS:
        value = seat.get(key)
        if isinstance(value, str) and value:
            return key, value
    return None


def bot_mix(games: list[dict[str, Any]]) -> dict[str, Any]:
    """How many seat-appearances each bot (spec and restriction) played, and whether all seats
    ran the same policy (a mirror match)."""
    mix: Counter[str] = Counter(seat["bot"] for g in games for seat in g["seats"])
    return {"seats": dict(sorted(mix.items())), "same_policy": len(mix) == 1}


def mix_sentence(mix: dict[str, Any], players: int, games: int, game: str = "") -> str:
    parts = [f"{bot_words(game, label)} ({count_text(n / games if games else 0)} per game)"
             for label, n in mix["seats"].items()]
    return "Bot mix: " + "; ".join(parts) + "."


def _spread(games: list[dict[str, Any]]) -> dict[str, Any]:
    """Final score spread (best - worst) and winning margin (best - second) over finished games."""
    spreads: list[float] = []
    margins: list[float] = []
    for g in games:
        if not g.get("finished"):
            continue
        scores = sorted((float(s["score"]) for s in g["seats"] if isinstance(s.get("score"), int | float)), reverse=True)
        if len(scores) >= 2:
            spreads.append(scores[0] - scores[-1])
            margins.append(scores[0] - scores[1])
    if not spreads:
        return {"mean_spread": None, "median_spread": None, "mean_margin": None, "median_margin": None}
    return {
        "mean_spread": round(statistics.fmean(spreads), 3),
        "median_spread": statistics.median(spreads),
        "mean_margin": round(statistics.fmean(margins), 3),
        "median_margin": statistics.median(margins),
    }


def summarize(
    manifest: dict[str, Any],
    games: list[dict[str, Any]],
    names: dict[str, dict[str, str]] | None = None,
    titles: dict[str, str] | None = None,
    choice: tuple[str, list[str]] | None = None,
    threshold: float = THRESHOLD,
    outcomes: frozenset[str] | None = None,
    choice_names: dict[str, str] | None = None,
    labels: dict[str, str] | None = None,
    order_note: str | None = None,
) -> dict[str, Any]:
    """Aggregate the lines of ``games.jsonl`` into the summary written to ``summary.json``.

    ``order_note`` is the game's word on what its first player is when it has no turns (its
    ``ORDER_NOTE`` hook), said wherever the report speaks of turn order.

    ``choice`` is what a study may assign per seat and its options (``("civ", [...])``) and
    ``choice_names`` their content names, so the report can say which options were never played.
    ``threshold`` is the practical threshold: effects smaller than it (in shares of a win) are
    not called imbalances. ``outcomes`` names the per-seat fields that are outcomes of play, not
    choices (default: the age reached).

    ``names`` maps each per-seat field's ids to content names (``{"wonders": {"pyramids":
    "Pyramids"}}``), ``titles`` names the fields (``{"benefits": "Government benefit"}``) and
    ``labels`` the numeric metrics (``{"vp_tokens": "VP from tokens"}``; others are humanised)."""
    players = len(manifest.get("seats", [])) or (len(games[0]["seats"]) if games else 0)
    fair = 1.0 / players if players else 0.0
    names = names or {}
    finished = [g for g in games if g.get("finished")]
    tables: dict[str, dict[str, list[float]]] = {
        k: defaultdict(lambda: [0.0, 0]) for k in ("by_seat", "by_bot", "by_group", "by_group_and_bot")
    }
    group_label = ""
    numeric: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    first = [0.0, 0]
    for g in finished:
        winners = g.get("winners") or []
        share = 1.0 / len(winners) if winners else 0.0
        fp = g.get("first_player")
        if isinstance(fp, int):
            first[0] += share if fp in winners else 0.0
            first[1] += 1
        for seat in g["seats"]:
            w = share if seat["seat"] in winners else 0.0
            gk = group_key(seat)
            keys = [("by_seat", str(seat["seat"])), ("by_bot", seat["bot"])]
            if gk is not None:
                group_label = gk[0]
                gname = names.get(gk[0], {}).get(gk[1], gk[1])
                keys += [("by_group", gname), ("by_group_and_bot", f"{gname} ({seat['bot']})")]
            for table, key in keys:
                tables[table][key][0] += w
                tables[table][key][1] += 1
            ident = names.get(gk[0], {}).get(gk[1], gk[1]) if gk else seat["bot"]
            for k, v in seat.items():
                if k in ("seat", "won") or isinstance(v, bool) or not isinstance(v, int | float):
                    continue
                numeric[k][ident].append(float(v))
    same = [k for k, v in numeric.items() if k != "score" and "score" in numeric and v == numeric["score"]]
    score_unit = ((labels or {}).get(same[0]) or humanised(same[0])) if same else "points of score"
    if same:
        del numeric["score"]  # the headline score is the game's own VP (CP) metric: one row, under the game's name
    rounds = [int(g["rounds"]) for g in games]
    options = manifest.get("options") or {}
    mode = str(options.get("mode") or "default")
    length = _length_stats(rounds)
    mix = bot_mix(games)
    fs = build_factors(games, names, titles, outcomes if outcomes is not None else DEFAULT_OUTCOMES,
                       partial(bot_words, str(manifest.get("game") or "")))
    summary: dict[str, Any] = {
        "game": manifest.get("game"),
        "options": options,
        "mode": mode,
        "seats": manifest.get("seats"),
        "rotate_seats": manifest.get("rotate_seats"),
        "assign": manifest.get("assign"),
        "forbid": manifest.get("forbid"),
        "seed": manifest.get("seed"),
        "players": players,
        "games": len(games),
        "finished": len(finished),
        "unfinished": len(games) - len(finished),
        "fair_share": round(fair, 4),
        "group_label": group_label,
        "bot_mix": mix,
        "win_rate": {
            "by_seat": _rates(tables["by_seat"], fair, lambda kv: int(kv[0])),
            "by_bot": _rates(tables["by_bot"], fair),
            "by_group": _rates(tables["by_group"], fair),
            "by_group_and_bot": _rates(tables["by_group_and_bot"], fair),
        },
        "first_player": _rate(first[0], int(first[1]), fair),
        "length": length,
        "by_mode": {mode: {"length": length, "score": _spread(games)}},
        "means": {
            metric: {ident: round(statistics.fmean(vals), 3) for ident, vals in sorted(per.items())}
            for metric, per in sorted(numeric.items())
        },
        "metric_labels": {metric: (labels or {}).get(metric) or humanised(metric) for metric in sorted(numeric)},
        "score_by_round": _score_by_round(games, names),
        "threshold": threshold,
        "score_unit": score_unit,  # what the final scores count: "CP", "VP" (the metric equal to the score)
    }
    summary["win_rate"]["by_seat_p"] = chi_square_uniform([r["rate"] * r["games"] for r in summary["win_rate"]["by_seat"].values()])
    exclude: set[str] = set()
    if choice is not None:
        summary["choice"] = choice_check(choice, choice_names or names.get(choice[0], {}), games, manifest.get("assign"))
        if summary["choice"]["not_a_study"]:
            exclude.add("group")
    summary["turn_order"] = turn_order(fs, fair)
    if order_note:
        summary["order_note"] = order_note
    rows = assess(fs, threshold)
    summary["factors"] = rows
    groups = kind_title(group_label).lower() + "s" if group_label else ""
    summary["elements"] = element_table(rows, fs.untestable, threshold, fs.table.rows, int(fs.table.winner.sum()), groups)
    story = tell(_without(fs, exclude), [r for r in rows if r["kind"] not in exclude], threshold) if finished else None
    summary["story"] = story
    summary["summary"] = story["sentences"] if story else []
    summary["findings"] = findings(summary)
    return summary


def _without(fs: FactorSet, kinds: set[str]) -> FactorSet:
    if not kinds:
        return fs
    return FactorSet(fs.table, [f for f in fs.factors if f.kind not in kinds], fs.positions, fs.players,
                     "" if "group" in kinds else fs.group_field, fs.untestable)


def choice_check(choice: tuple[str, list[str]], option_names: dict[str, str], games: list[dict[str, Any]],
                 assign: str | None) -> dict[str, Any]:
    """Which options of the study's choice were never played. Seat rows may hold an option's id
    or its content name (and under the choice's name or the seat's group field): both count."""
    seen: set[str] = set()
    for g in games:
        for seat in g["seats"]:
            for key in (choice[0],) + GROUP_KEYS:
                value = seat.get(key)
                if isinstance(value, str):
                    seen.add(value)
    missing = [option_names.get(o, o) for o in choice[1] if o not in seen and option_names.get(o, o) not in seen]
    played = len(choice[1]) - len(missing)
    return {"name": choice[0], "options": len(choice[1]), "played": played, "never_played": missing,
            "not_a_study": bool(missing) and not assign and played < len(choice[1])}


def turn_order(fs: FactorSet, fair: float) -> dict[str, Any]:
    """Win rate by place in the turn order (1 = first) with Wilson intervals, and the chi-square
    test that the wins (one per game) are spread evenly over the places."""
    t = fs.table
    wins: dict[int, float] = defaultdict(float)
    seen: dict[int, int] = defaultdict(int)
    for i, pos in enumerate(fs.positions):
        if pos is None:
            continue
        wins[pos] += float(t.share[i])
        seen[pos] += 1
    # each place tested as a seat is: exact binomial, corrected across the places (an uncorrected
    # interval called the 4th place favoured beside a seat table that, on the same wins, did not)
    places = _rates({str(p + 1): [wins[p], seen[p]] for p in seen}, fair, lambda kv: int(kv[0]))
    p = chi_square_uniform([wins[q] for q in sorted(seen)]) if len(seen) > 1 else 1.0
    return {"places": places, "p": p, "games": t.games if seen else 0}


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


def _score_by_round(games: list[dict[str, Any]], names: dict[str, dict[str, str]]) -> dict[str, dict[str, float]]:
    """Mean headline score at each recorded round, per trait (or bot when seats have no trait);
    rounds reached by fewer than a quarter of the games are left out."""
    acc: dict[str, dict[int, list[float]]] = defaultdict(lambda: defaultdict(list))
    for g in games:
        idents = []
        for seat in g["seats"]:
            gk = group_key(seat)
            idents.append(names.get(gk[0], {}).get(gk[1], gk[1]) if gk else seat["bot"])
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


def _rate_sentence(name: str, r: dict[str, Any], fair: float, threshold: float) -> str:
    if abs(r["rate"] - fair) >= threshold:
        verdict = "favoured" if r["direction"] == "above" else "disadvantaged"
    else:
        verdict = f"a real difference, but under the {100 * threshold:.0f}-point threshold"
    corrected = f", {format_p(r['p_adjusted'])} corrected" if "p_adjusted" in r else ""
    return (
        f"{name} wins {pct(r['rate'])} of its games "
        f"(95% CI {pct(r['ci_low'])}–{pct(r['ci_high'])}, {r['games']} games{corrected}), "
        f"expected {pct(fair)}: {verdict}."
    )


def turn_sentence(summary: dict[str, Any]) -> str | None:
    """Turn order in one sentence: the first player's rate and every place's, with the test."""
    fair = summary["fair_share"]
    fp = summary.get("first_player")
    to = summary.get("turn_order") or {}
    if not fp or not fp["games"]:
        return None
    threshold = summary.get("threshold", THRESHOLD)
    if fp["direction"] and abs(fp["rate"] - fair) >= threshold:
        verdict = "an advantage" if fp["direction"] == "above" else "a disadvantage"
    elif fp["direction"]:
        verdict = f"a real difference, but under the {100 * threshold:.0f}-point threshold"
    else:
        verdict = "no significant advantage"
    places = to.get("places") or {}
    by_place = ""
    if len(places) > 1:
        by_place = ("; by place in the turn order " + ", ".join(f"{k}: {pct(r['rate'])}" for k, r in places.items())
                    + f" (chi-square test over {to['games']} games, one winner each: {format_p(to['p'])})")
    note = f" ({summary['order_note']})" if summary.get("order_note") else ""
    return (f"Turn order{note}: the first player wins {pct(fp['rate'])} (95% CI {pct(fp['ci_low'])}–{pct(fp['ci_high'])}, "
            f"{fp['games']} games) against a fair {pct(fair)}: {verdict}{by_place}.")


def findings(summary: dict[str, Any]) -> list[str]:
    """Plain-language statements under the summary: warnings about the study itself, then win
    rates, turn order, content elements and game length."""
    if summary["games"] == 0:
        return ["No games were played."]
    out: list[str] = []
    threshold = summary.get("threshold", THRESHOLD)
    if summary["unfinished"]:
        out.append(
            f"{summary['unfinished']} of {summary['games']} games did not finish (stopped at the round limit); "
            "win rates count finished games only."
        )
    fair = summary["fair_share"]
    n = summary["finished"]
    mix = summary.get("bot_mix") or {"seats": {}, "same_policy": False}
    if mix["same_policy"]:
        (only,) = mix["seats"]
        out.append(
            f"Warning: every seat runs the same policy ({bot_words(str(summary.get('game') or ''), only)}). Signals then show what this bot "
            "prefers as much as what the game rewards; run the study under two bot mixes "
            "(--mixes greedy,strong) to see which findings hold for both."
        )
    ch = summary.get("choice")
    if ch and ch["never_played"] and summary["games"]:
        how = "chosen by the bots" if not summary.get("assign") else f"assigned with {summary['assign']}"
        what = kind_title(str(ch["name"])).lower()
        lead = (f"Warning: not a study of the {what}s: only {ch['played']} of {ch['options']} were played"
                if ch.get("not_a_study") else
                f"Warning: {len(ch['never_played'])} of the {ch['options']} {what}s were never played")
        assign = str(summary.get("assign") or "")
        if assign == f"{ch['name']}=rotate":
            advice = (f"With {assign} every option is played within any {ch['options']} games; this run has "
                      f"{summary['games']} games: play more.")
        elif assign == f"{ch['name']}=random":
            advice = f"Play more games, or use --assign {ch['name']}=rotate to play every option equally."
        else:
            advice = f"Use --assign {ch['name']}=rotate."
        out.append(
            f"{lead} ({', '.join(ch['never_played'][:12])} never); with choices {how}, the study says nothing "
            f"about them and the win rates of the others reflect the choice. {advice}"
        )
    note = untestable_note(summary.get("elements") or {"untestable": [], "seats": 0})
    if note:
        out.append(note)
    if mix["seats"]:
        out.append(mix_sentence(mix, summary["players"], summary["games"], str(summary.get("game") or "")))
    if len(set(summary.get("seats") or [])) > 1 and not summary.get("rotate_seats"):
        out.append("Warning: the bots keep their seats in every game, so a seat's and its bot's win rates cannot "
                   "be told apart (nor the first player's from its bot's); run with --rotate-seats.")
    label = summary.get("group_label") or "trait"
    noun_of = {"by_group": kind_title(label).lower()}
    sections = (
        ("by_group", label, lambda k: f"{kind_title(label)} '{k}'"),
        ("by_seat", "seat", lambda k: f"Seat {int(k) + 1}"),
        ("by_bot", "bot", lambda k: f"The {bot_words(str(summary.get('game') or ''), k)}"),
    )
    flagged_any = False
    for key, noun, name in sections:
        table = summary["win_rate"][key]
        if not table or (key == "by_group" and ch and ch.get("not_a_study")):
            continue
        flagged = [(k, r) for k, r in table.items() if r["significant"]]
        for k, r in sorted(flagged, key=lambda kv: -abs(kv[1]["rate"] - fair)):
            out.append(_rate_sentence(name(k), r, fair, threshold))
            flagged_any = True
        if not flagged and key != "by_bot":
            seat_p = summary["win_rate"].get("by_seat_p") if key == "by_seat" else None
            if seat_p is not None and seat_p < 0.05:
                # each seat alone is within its interval, yet the wins are not spread evenly: say both
                rates = ", ".join(f"{k}: {pct(r['rate'])}" for k, r in
                                  sorted(((int(k) + 1, r) for k, r in table.items())))
                out.append(
                    f"No single seat's win rate differs significantly from the fair share of {pct(fair)} "
                    f"({n} finished games), but the wins are not spread evenly over the seats (chi-square test "
                    f"over the games: {format_p(seat_p)}): by seat {rates}."
                )
                continue
            extra = f" (chi-square test over the games: {format_p(seat_p)})" if seat_p is not None else ""
            out.append(
                f"No {noun_of.get(key, noun)}'s win rate differs significantly from the fair share of {pct(fair)} "
                f"({n} finished games){extra}."
            )
    turn = turn_sentence(summary)
    if turn:
        out.append(turn)
    elements = summary.get("elements") or {"tested": []}
    strong = [r for r in elements["tested"] if r["finding"]]
    out.extend(signal_sentence(r) + act_sentence(r, str(summary.get("game") or "")) for r in strong[:8])
    if len(strong) > 8:
        out.append(f"{len(strong) - 8} more content element(s) reach the {100 * threshold:.0f}-point threshold; "
                   "see the element table.")
    small = [r for r in elements["tested"] if r["significant"] and not r["finding"]]
    if small:
        out.append(f"{len(small)} more element(s) differ significantly but by less than {100 * threshold:.0f} points "
                   "of win rate: not called imbalances.")
    if elements.get("outcomes"):
        out.append(f"{len(elements['outcomes'])} outcome(s) of play (e.g. {elements['outcomes'][0]['kind'].lower()}) "
                   "are listed apart: winning brings them, they are not levers.")
    if not flagged_any and not strong and n < 100:
        out.append(f"With only {n} finished games, only large imbalances would be detected.")
    length = summary["length"]
    if length["mean"] is not None:
        spread = summary["by_mode"][summary["mode"]]["score"]
        extra = ""
        if spread["mean_spread"] is not None:
            unit = summary.get("score_unit") or "points of score"
            extra = (f"; final scores spread {spread['mean_spread']:.1f} {unit} from first to last on average, "
                     f"the winner leads the runner-up by {spread['mean_margin']:.1f}")
        out.append(
            (f"Mode {summary['mode']}: games" if summary["mode"] != "default" else "Games")
            + f" last {length['mean']:.1f} rounds on average (median {length['median']}, "
            f"range {length['min']}–{length['max']}){extra}."
        )
    return out


def write_report(path: str | Path, summary: dict[str, Any], games: list[dict[str, Any]] | None = None) -> None:
    from .html_report import render_html

    Path(path).write_text(render_html(summary))
