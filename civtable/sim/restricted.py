"""Restricted play: what is an element worth — when one player never uses it, or nobody does?

After Jaffe et al., "Evaluating Competitive Game Balance with Restricted Play" (AIIDE 2012). For
each restriction (a group named after a rule, such as ``wonders`` or ``trade``, or one content
element) the study plays, on the same seeds as an unrestricted *baseline* run:

* ``--who one`` — one seat barred from it against unrestricted copies of the same bot, seats
  rotated so the restricted seat sits everywhere equally. Its win rate would be the fair share
  ``1/players`` if the restriction cost nothing; the *drop* measures the element's worth (a
  dominant strategy when the drop approaches the whole fair share). The same seat of the same
  game in the baseline gives a paired comparison;
* ``--who all`` — every seat barred: "what if nobody did X?". Game length, the first player's
  win rate and every trait's (civilization's) win rate are compared with the baseline game by
  game (paired differences with 95% intervals), side by side.

A restriction only measures something if it binds. The wrapper counts the decisions it affected,
those where the rules left no permitted choice (forced) and those where the bot answered a barred
action anyway (overridden): above 5% of the affected decisions the restriction is **not binding**
and the study refuses to give it a verdict, saying so with its counts. Each run is an ordinary
simulation in its own sub-directory (resumable, with its report); ``OUT/study.json`` and
``OUT/study.html`` hold the study.
"""

from __future__ import annotations

import html
import json
import math
import statistics
import textwrap
from pathlib import Path
from typing import Any

from civtable.core import OptionError, make_game

from .assign import parse_assign
from .factors import THRESHOLD
from .html_report import NARROW_CSS, PAGE_HEAD, game_title
from .metrics import element_names
from .report import group_key
from .restrict import NOT_BINDING, binding, label, resolve
from .runner import SimConfig, load_games, simulate
from .stats import Z95, benjamini_hochberg, binom_p, format_p, wilson
from .words import bot_words

WIDTH = 80
"""The text report's width in columns."""

DOMINANT_SHARE = 0.5
"""A restriction costing at least this share of the fair win rate marks a dominant element."""
WHO = ("one", "all")

__all__ = ["binom_p", "parse_who", "render_study_html", "render_study_text", "restricted_mixes", "restricted_study"]


def parse_who(text: str | None) -> tuple[str, ...]:
    """``one``, ``all`` or ``one,all``."""
    items = tuple(dict.fromkeys(x.strip() for x in (text or "one").split(",") if x.strip()))
    if not items or any(x not in WHO for x in items):
        raise OptionError(f"--who must be one, all or one,all (not {text!r})")
    return items


FEW_PAIRS = 10
"""Fewer paired games than this (or no spread at all) give a win rate's paired interval at least the
width of one with half a game more each way."""


def paired(a: list[float], b: list[float], shares: bool = False) -> dict[str, Any]:
    """Mean of the game-by-game differences ``b - a`` with its 95% interval and two-sided p-value.

    ``shares``: the values are shares of a win (0 to 1). Then a few games, or games that all agree,
    do not make a certainty: three games whose restricted seat won exactly as the same seat had
    unrestricted gave "+0 pt, 95% CI +0 to +0". The interval is then at least as wide as with half a
    game added each way (a difference of +1 and one of -1, weighted one half)."""
    d = [y - x for x, y in zip(a, b)]
    n = len(d)
    if n == 0:
        return {"a": None, "b": None, "change": None, "ci": None, "p": 1.0, "games": 0}
    mean = statistics.fmean(d)
    se = statistics.stdev(d) / math.sqrt(n) if n > 1 else float("inf")
    if se > 0 and se != float("inf"):
        p = math.erfc(abs(mean) / se / math.sqrt(2))
    else:  # no spread (or one game): the exact sign test, every nonzero difference the same way
        nonzero = sum(1 for x in d if x != 0)
        p = min(1.0, 2 * 0.5 ** nonzero) if nonzero else 1.0
    if shares and (n < FEW_PAIRS or se == 0):
        m = n + 1  # one more game: half a game each way
        wide = math.sqrt(max((sum(x * x for x in d) + 1.0) / m - (sum(d) / m) ** 2, 0.0) / m)
        se = wide if se == float("inf") else max(se, wide)
    ci = [max(-1.0, mean - Z95 * se), min(1.0, mean + Z95 * se)] if shares else [mean - Z95 * se, mean + Z95 * se]
    return {"a": statistics.fmean(a), "b": statistics.fmean(b), "change": mean,
            "ci": ci if se != float("inf") else None, "p": p, "games": n}


def _binding_of(games: list[dict[str, Any]]) -> dict[str, Any]:
    total = {"affected": 0, "forced": 0, "overridden": 0}
    for g in games:
        for counts in (g.get("restricted") or {}).values():
            for k in total:
                total[k] += int(counts.get(k, 0))
    return binding(total)


def _shares(g: dict[str, Any]) -> dict[int, float]:
    winners = g.get("winners") or []
    return {s["seat"]: (1.0 / len(winners) if s["seat"] in winners else 0.0) for s in g["seats"]}


def _restricted_seat(g: dict[str, Any]) -> int | None:
    return next((s["seat"] for s in g["seats"] if "(no " in str(s.get("bot", ""))), None)


def _one(name: str, games: list[dict[str, Any]], base: dict[int, dict[str, Any]], bot: str, fair: float,
         summary: dict[str, Any]) -> dict[str, Any]:
    restricted = summary["win_rate"]["by_bot"].get(label(bot, [name]))
    free = summary["win_rate"]["by_bot"].get(bot)
    row: dict[str, Any] = {"who": "one", "games": restricted["games"] if restricted else 0}
    if not restricted or not restricted["games"]:
        return row
    k = round(restricted["rate"] * restricted["games"])
    lo, hi = wilson(k, restricted["games"])
    mine, theirs = [], []
    for g in games:
        seat = _restricted_seat(g)
        other = base.get(g["index"])
        if seat is None or other is None or not g.get("finished") or not other.get("finished"):
            continue
        theirs.append(_shares(other)[seat])
        mine.append(_shares(g)[seat])
    row.update({
        "win_rate": restricted["rate"], "ci": [round(lo, 4), round(hi, 4)],
        "others_win_rate": free["rate"] if free else None,
        "drop": round(fair - restricted["rate"], 4), "drop_ci": [round(fair - hi, 4), round(fair - lo, 4)],
        "p": binom_p(k, restricted["games"], fair),
        "paired": paired(theirs, mine, shares=True),  # the same seat of the same game, unrestricted -> restricted
    })
    return row


def _all(games: list[dict[str, Any]], base: dict[int, dict[str, Any]], fair: float,
         names: dict[str, dict[str, str]] | None = None) -> dict[str, Any]:
    """Game-by-game comparison of a run where every seat is barred with the baseline; traits
    (civilizations, objectives) are keyed by their content names."""
    names = names or {}
    pairs = [(base[g["index"]], g) for g in games if g["index"] in base]
    fin = [(a, b) for a, b in pairs if a.get("finished") and b.get("finished")]
    # a game stopped at the round limit lasted the cap, not its own length: only pairs that both
    # finished measure the change of length; the capped games are counted apart
    rounds = paired([float(a["rounds"]) for a, _ in fin], [float(b["rounds"]) for _, b in fin])
    capped = {"restricted": sum(1 for _a, b in pairs if not b.get("finished")),
              "baseline": sum(1 for a, _b in pairs if not a.get("finished")), "pairs_left_out": len(pairs) - len(fin)}
    first = paired([_shares(a).get(int(a.get("first_player") or 0), 0.0) for a, _ in fin],
                   [_shares(b).get(int(b.get("first_player") or 0), 0.0) for _, b in fin], shares=True)
    groups: dict[str, tuple[list[float], list[float]]] = {}
    for a, b in fin:
        for g, side in ((a, 0), (b, 1)):
            sh = _shares(g)
            for seat in g["seats"]:
                gk = group_key(seat)
                if gk is not None:
                    name = names.get(gk[0], {}).get(gk[1], gk[1])
                    groups.setdefault(name, ([], []))[side].append(sh[seat["seat"]])
    by_group = {k: paired(v[0], v[1], shares=True) if len(v[0]) == len(v[1]) else
                {"a": statistics.fmean(v[0]) if v[0] else None, "b": statistics.fmean(v[1]) if v[1] else None,
                 "change": None, "ci": None, "p": 1.0, "games": 0}
                for k, v in sorted(groups.items())}
    scored = [(a, b) for a, b in pairs if _mean_score(a) is not None and _mean_score(b) is not None]
    score = paired([_mean_score(a) or 0.0 for a, _ in scored], [_mean_score(b) or 0.0 for _, b in scored])
    return {"who": "all", "games": len(pairs), "unfinished": capped["restricted"], "capped": capped,
            "rounds": rounds, "first_player": first, "by_group": by_group, "score": score}


def finished_mean_rounds(games: list[dict[str, Any]]) -> float | None:
    """The mean length of the games that finished: a game stopped at the round limit would count
    the cap as its length."""
    rounds = [float(g["rounds"]) for g in games if g.get("finished")]
    return round(statistics.fmean(rounds), 3) if rounds else None


def _mean_score(g: dict[str, Any]) -> float | None:
    """The seats' mean final score (VP, CP) of a game: what a bar costs everyone when the game's
    length is fixed (Path of Civilization's nine rounds, Dominations' three Ages)."""
    scores = [s["score"] for s in g.get("seats") or [] if isinstance(s.get("score"), int | float)]
    return statistics.fmean(scores) if scores else None


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
    who: tuple[str, ...] = ("one",),
    threshold: float = THRESHOLD,
) -> dict[str, Any]:
    """Play the baseline and ``games`` games per restriction and ``who``; report each one's worth."""
    if not forbid:
        raise OptionError("name at least one restriction with --forbid (e.g. wonders, trade, or a content id)")
    who = tuple(who)
    if not who or any(w not in WHO for w in who):
        raise OptionError("who must be 'one', 'all' or both")
    game = make_game(game_name, options or {}, content)
    found = resolve(game, forbid)  # clear errors before any game is played or anything written
    parse_assign(assign, game)
    names, _titles = element_names(game)
    n = game.num_players
    fair = 1.0 / n
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    common = dict(game=game_name, seats=[bot] * n, games=games, seed=seed, options=dict(game.options), content=content,
                  rotate_seats=True, max_rounds=max_rounds, workers=workers, assign=assign, threshold=threshold)
    base_summary = simulate(SimConfig(**common), out / "baseline", progress=progress)  # type: ignore[arg-type]
    base = {g["index"]: g for g in load_games(out / "baseline")}
    rows: list[dict[str, Any]] = []
    for name, description, _pred in found:
        for w in who:
            bars = [[name]] + [[] for _ in range(n - 1)] if w == "one" else [[name] for _ in range(n)]
            sub = out / _dirname(name, w)
            summary = simulate(SimConfig(**common, forbid=bars), sub, progress=progress)  # type: ignore[arg-type]
            played = load_games(sub)
            row = _one(name, played, base, bot, fair, summary) if w == "one" else _all(played, base, fair, names)
            row.update({"restriction": name, "description": description, "dir": sub.name,
                        "binding": _binding_of(played), "mean_rounds": finished_mean_rounds(played),
                        "summary": summary.get("summary", [])})
            rows.append(row)
    _verdicts(rows, fair, threshold)
    study = {
        "game": game_name, "bot": bot, "players": n, "fair_share": round(fair, 4), "games_per_restriction": games,
        "options": dict(game.options), "seed": seed, "assign": assign, "who": list(who), "threshold": threshold,
        "baseline": {"dir": "baseline", "games": base_summary["games"], "summary": base_summary.get("summary", []),
                     "first_player": base_summary.get("first_player"), "length": base_summary["length"],
                     "mean_rounds": finished_mean_rounds(list(base.values())),
                     "by_group": base_summary["win_rate"]["by_group"]},
        "restrictions": rows,
    }
    study["findings"] = study_findings(study)
    (out / "study.json").write_text(json.dumps(study, indent=1) + "\n")
    (out / "study.html").write_text(render_study_html(study))
    return study


def _verdicts(rows: list[dict[str, Any]], fair: float, threshold: float) -> None:
    ones = [r for r in rows if r["who"] == "one" and r["games"] and r["binding"]["binding"]]
    rejected, adjusted = benjamini_hochberg([r["p"] for r in ones])
    for r, rej, adj in zip(ones, rejected, adjusted):
        r["p_adjusted"] = adj
        r["significant"] = rej
        r["matters"] = bool(rej and abs(r["drop"]) >= threshold)
        r["dominant"] = bool(rej and r["drop"] >= DOMINANT_SHARE * fair)
    alls = [r for r in rows if r["who"] == "all" and r["games"] and r["binding"]["binding"]]
    tests = [(r, key, m) for r in alls for key, m in
             [("rounds", r["rounds"]), ("first_player", r["first_player"])]
             + [(f"group:{g}", m) for g, m in r["by_group"].items()] if m["change"] is not None]
    rejected, adjusted = benjamini_hochberg([m["p"] for _r, _k, m in tests])
    for (_r, key, m), rej, adj in zip(tests, rejected, adjusted):
        m["p_adjusted"] = adj
        big = abs(m["change"]) >= (1.0 if key == "rounds" else threshold)
        m["moved"] = bool(rej and big)
    rows.sort(key=lambda r: (r["who"] != "one", not r["binding"]["binding"], -(r.get("drop") or 0)))


def _dirname(name: str, who: str = "one") -> str:
    safe = "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in name)
    return ("forbid-" if who == "one" else "nobody-") + safe


def _binding_text(b: dict[str, Any]) -> str:
    if b["never_came_up"]:
        return ("**never came up**: no decision offered a barred action, nor did the bot's look-ahead meet one, "
                "so it measures nothing for this bot")
    return (f"**not binding**: forced in {b['forced']} and overridden in {b['overridden']} of the {b['affected']} "
            f"decisions it affected ({100 * b['share']:.0f}%, above {100 * NOT_BINDING:.0f}%) — the rules leave "
            "no other choice there, so it measures nothing; no verdict")


def _pt(x: float) -> str:
    return f"{100 * x:+.0f} pt"


def _ci_pt(ci: list[float] | None) -> str:
    return f"95% CI {100 * ci[0]:+.0f} to {100 * ci[1]:+.0f}" if ci else "no interval"


def study_findings(study: dict[str, Any]) -> list[str]:
    fair = study["fair_share"]
    threshold = study.get("threshold", THRESHOLD)
    out = []
    for r in study["restrictions"]:
        head = f"'{r['restriction']}' ({r['description']})"
        if not r["games"]:
            out.append(f"{head}: no finished games.")
            continue
        if not r["binding"]["binding"]:
            out.append(f"{head}, {'one seat' if r['who'] == 'one' else 'every seat'}: {_binding_text(r['binding'])}.")
            continue
        if r["who"] == "one":
            if r["dominant"]:
                verdict = "a dominant strategy: barred from it, the bot rarely wins"
            elif r["matters"]:
                verdict = "it matters" if r["drop"] > 0 else "the bot does better without it (a trap for this bot)"
            elif r["significant"]:
                verdict = f"a real effect but under the {100 * threshold:.0f}-point threshold"
            else:
                verdict = "no significant effect"
            pr = r["paired"]
            if not r["significant"] and pr["games"] and pr["ci"] and (pr["ci"][0] > 0 or pr["ci"][1] < 0):
                # the paired interval leaves out 0 while the test against the fair share finds nothing: say both
                verdict = ("not significant against the fair share, but significant against the same seats "
                           "unrestricted: more games would tell which")
            vs = (f"; the same seats of the same games won {100 * pr['a']:.0f}% unrestricted "
                  f"({_pt(pr['change'])}, {_ci_pt(pr['ci'])})" if pr["games"] else "")
            out.append(
                f"One seat barred from {head}: the {bot_words(str(study.get('game') or ''), study['bot'])} wins "
                f"{100 * r['win_rate']:.0f}% "
                f"(95% CI {100 * r['ci'][0]:.0f}%–{100 * r['ci'][1]:.0f}%, {r['games']} games) against a fair "
                f"{100 * fair:.0f}%: a {'rise' if r['drop'] < 0 else 'drop'} of {100 * abs(r['drop']):.0f} pt "
                f"({format_p(r['p_adjusted'])} corrected){vs}; {verdict}."
            )
        else:
            moved = [(k, m) for k, m in [("game length", r["rounds"]), ("the first player's win rate", r["first_player"])]
                     + [(f"the win rate of {g} ({100 * m['a']:.0f}% -> {100 * m['b']:.0f}%, {_pt(m['change'])})", m)
                        for g, m in r["by_group"].items() if m.get("change") is not None] if m.get("moved")]
            parts = [_length_words(r)]
            stopped = int(r.get("unfinished") or 0)
            if stopped == r["games"]:
                parts.append(f"none of the {r['games']} games finished: every one stopped at the round limit, "
                             "without a winner")
            elif stopped:
                parts.append(f"{stopped} of the {r['games']} games did not finish (stopped at the round limit, "
                             "without a winner)")
            fp = r["first_player"]
            if fp["change"] is not None:
                parts.append(f"the first player wins {100 * fp['b']:.0f}% against {100 * fp['a']:.0f}% ({_pt(fp['change'])})")
            sc = r.get("score") or {}
            if sc.get("change") is not None and sc.get("ci"):
                parts.append(f"the seats score {sc['b']:.1f} against {sc['a']:.1f} on average ({sc['change']:+.1f}, "
                             f"95% CI {sc['ci'][0]:+.1f} to {sc['ci'][1]:+.1f})")
            verdict = (("changes " + ", ".join(k for k, _m in moved)) if moved else
                       "no significant change of the game's length or balance")
            out.append(f"Nobody does {head} ({r['games']} games paired with the baseline): " + "; ".join(parts)
                       + f": {verdict}.")
    return out


def _length_words(r: dict[str, Any]) -> str:
    """The change of game length, measured on the pairs of games that both finished; the pairs
    with a game stopped at the round limit (whose length is the cap) are left out, and counted."""
    rounds = r["rounds"]
    capped = r.get("capped") or {}
    left_out = int(capped.get("pairs_left_out") or 0)
    if not rounds.get("games"):
        return "no game length to compare: every pair has a game stopped at the round limit"
    said = (f"games last {rounds['b']:.1f} rounds against {rounds['a']:.1f} ({rounds['change']:+.1f}, "
            f"95% CI {rounds['ci'][0]:+.1f} to {rounds['ci'][1]:+.1f})" if rounds["ci"] else "game length unchanged")
    if left_out:
        said += (f" over the {rounds['games']} pairs that both finished ({left_out} "
                 f"pair{'s' if left_out > 1 else ''} left out: {capped.get('restricted', 0)} restricted and "
                 f"{capped.get('baseline', 0)} baseline games stopped at the round limit, which would count the "
                 "cap as their length)")
    return said


def _study_heading(study: dict[str, Any]) -> str:
    """What the study played, in one sentence (the text wraps it; the page gives it whole)."""
    who = " and ".join({"one": "one restricted seat against free ones", "all": "every seat restricted"}[w]
                       for w in study.get("who", ["one"]))
    return (f"Restricted play: {game_title(study['game'])}, {study['players']} players, "
            f"{bot_words(study['game'], study['bot'])} on every seat, {who}, seats rotated, "
            f"{study['games_per_restriction']} games per run, paired with an unrestricted baseline on the same seeds.")


def render_study_text(study: dict[str, Any]) -> str:
    lines = textwrap.wrap(_study_heading(study), WIDTH, break_on_hyphens=False)
    lines.append("Worth of each restriction (largest drop first):")
    for f in study["findings"]:
        lines += textwrap.wrap(f.replace("**", ""), WIDTH, initial_indent=" - ", subsequent_indent="   ",
                               break_on_hyphens=False)
    return "\n".join(lines) + "\n"


def _one_decimal(x: Any) -> Any:
    return f"{x:.1f}" if isinstance(x, float) else x


def render_study_html(study: dict[str, Any]) -> str:
    """The study side by side with the unrestricted run: one column per run."""
    def bold(text: str) -> str:
        parts = html.escape(text).split("**")
        return "".join(f"<b class='flag'>{p}</b>" if i % 2 else p for i, p in enumerate(parts))

    base = study["baseline"]
    head = ["run", "games", "binding", "restricted seat wins", "others win", "first player wins", "mean rounds (finished games)"]
    rows = [["unrestricted (baseline)", base.get("games", ""), "—", "—", "—",
             f"{100 * (base.get('first_player') or {}).get('rate', 0):.0f}%", _one_decimal(base["mean_rounds"] if "mean_rounds" in base else base["length"].get("mean"))]]
    for r in study["restrictions"]:
        b = r["binding"]
        bind = "yes" if b["binding"] else ("**never came up**" if b["never_came_up"] else
                                            f"**no: {b['forced'] + b['overridden']} of {b['affected']}**")
        if r["who"] == "one":
            rows.append([f"one seat: no {r['restriction']}", r["games"], bind,
                         f"{100 * r.get('win_rate', 0):.0f}%", f"{100 * (r.get('others_win_rate') or 0):.0f}%", "",
                         _one_decimal(r["mean_rounds"])])
        else:
            fp = r["first_player"]
            rows.append([f"nobody: no {r['restriction']}", r["games"], bind, "", "",
                         f"{100 * (fp['b'] or 0):.0f}%" if fp["b"] is not None else "", _one_decimal(r["mean_rounds"])])
    table = "<div class='wide'><table><tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in head) + "</tr>" + "".join(
        "<tr>" + "".join(f"<td>{bold(str(c))}</td>" for c in row) + "</tr>" for row in rows) + "</table></div>"
    findings = "".join(f"<li>{bold(f)}</li>" for f in study["findings"])
    summary = "".join(f"<li>{html.escape(x)}</li>" for x in base.get("summary") or [])
    links = ", ".join(f"<a href='{html.escape(d)}/report.html'>{html.escape(d)}/report.html</a>"
                      for d in [base.get("dir") or "baseline"] + [str(r["dir"]) for r in study["restrictions"]])
    return (
        f"<!doctype html><html><head>{PAGE_HEAD}<title>Restricted play</title>"
        "<style>body{font-family:system-ui,sans-serif;max-width:960px;margin:2em auto;padding:0 1em}"
        "td,th{border:1px solid #ccc;padding:3px 8px}table{border-collapse:collapse}b.flag{color:#a02}"
        "td{text-align:right}td:first-child,td:nth-child(3){text-align:left}"
        + NARROW_CSS + "</style>"
        f"</head><body><h1>Restricted play: {html.escape(game_title(study['game']))}</h1>"
        f"<p>{html.escape(_study_heading(study))}</p>"
        f"<h2>Findings</h2><ul>{findings}</ul><h2>Side by side</h2>{table}"
        f"<h2>The unrestricted run's summary</h2><ol>{summary}</ol>"
        f"<p>Each run's own report: {links}.</p>"
        "</body></html>"
    )


def restricted_mixes(mixes: list[str], out: str | Path, **kw: Any) -> dict[str, Any]:
    """The restricted-play study under each bot (weakest first) on the same seeds, every
    restriction's verdict marked robust (the same under every bot) or bot-dependent."""
    out = Path(out)
    studies = []
    dirs = []
    for bot in mixes:
        dirs.append("mix-" + "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in bot)[:60])
        studies.append(restricted_study(bot=bot, out=out / dirs[-1], **kw))
    verdicts = []
    for row in studies[0]["restrictions"]:
        per = [next((r for r in s["restrictions"] if r["restriction"] == row["restriction"] and r["who"] == row["who"]), None)
               for s in studies]
        say = [_say(r) for r in per]
        word = across_bots(say)
        verdicts.append({"restriction": row["restriction"], "who": row["who"], "under": say,
                         "robust": word == "robust", "verdict": word})
    result = {"game": studies[0]["game"], "mixes": mixes, "runs": [{"mix": m, "dir": d} for m, d in zip(mixes, dirs)],
              "verdicts": verdicts, "findings": [
        f"{'One seat' if v['who'] == 'one' else 'Nobody'} barred from '{v['restriction']}': "
        f"{v['verdict']} — "
        + "; ".join(f"{bot_words(studies[0]['game'], m)}: {s}" for m, s in zip(mixes, v["under"]))
        for v in verdicts]}
    (out / "robust.json").write_text(json.dumps(result, indent=1) + "\n")
    return result


def render_mixes_text(result: dict[str, Any]) -> str:
    """The verdicts under every bot, each wrapped to :data:`WIDTH` columns."""
    lines = [w for f in result["findings"]
             for w in textwrap.wrap(f, WIDTH, initial_indent=" - ", subsequent_indent="   ", break_on_hyphens=False)]
    return "\n".join(lines) + "\n"


def across_bots(say: list[str]) -> str:
    """One restriction's verdict across the bots, from each bot's few words (:func:`_say`):
    ``robust`` when every bot's study says the same about a restriction that binds; ``not
    testable`` (``under some bots``) when a bot's study finished no game (nothing to tell); ``not
    binding under any bot`` when no bot's players were held by it; else ``bot-dependent``."""
    if "no games" in say:
        return "not testable" if len(set(say)) == 1 else "not testable under some bots"
    if all(s == "not binding" for s in say):
        return "not binding under any bot"
    return "robust" if len(set(say)) == 1 and "not binding" not in say else "bot-dependent"


def _say(r: dict[str, Any] | None) -> str:
    """One restriction's verdict in a few words (for the comparison across bots)."""
    if r is None or not r["games"]:
        return "no games"
    if not r["binding"]["binding"]:
        return "not binding"
    if r["who"] == "one":
        what = ("dominant" if r["dominant"] else "matters" if r["matters"] and r["drop"] > 0 else
                "a trap" if r["matters"] else "no effect")
        return f"{what} (drop {_pt(r['drop'])})"
    moved = [k for k, m in [("length", r["rounds"]), ("first player", r["first_player"])] if m.get("moved")]
    moved += [g for g, m in r["by_group"].items() if m.get("moved")]
    return ("changes " + ", ".join(moved)) if moved else "no change"
