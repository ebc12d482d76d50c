"""The self-contained HTML balance report (plots inline as SVG) of a run's summary."""

from __future__ import annotations

import base64
import html
import io
from collections.abc import Iterable
from functools import partial
from typing import Any

from civtable.core import CivtableError, game_info
from civtable.core.words import humanised

from .signals import kind_title
from .signals import pct as _pct
from .stats import count_text, format_p
from .words import bot_words, group_and_bot_words, mix_title


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
    for key, title in (("by_group", "Win rate by " + kind_title(summary.get("group_label") or "trait").lower()),
                       ("by_seat", "Win rate by seat"), ("by_bot", "Win rate by bot")):
        table = summary["win_rate"][key]
        if not table or (key == "by_bot" and len(table) < 2):
            continue
        names = list(table)
        rates = [table[k]["rate"] for k in names]
        err = [[table[k]["rate"] - table[k]["ci_low"] for k in names], [table[k]["ci_high"] - table[k]["rate"] for k in names]]
        fig, ax = plt.subplots(figsize=(6, 3))
        labels = ([f"seat {int(k) + 1}" for k in names] if key == "by_seat" else
                  [bot_words(str(summary.get("game") or ""), k) for k in names] if key == "by_bot" else names)
        ax.bar(labels, rates, yerr=err, capsize=4, color="#4a7ab5")
        ax.axhline(fair, color="#c0392b", linestyle="--", label=f"fair share {fair:.0%}")
        ax.set_ylim(0, 1)
        ax.set_ylabel("win rate")
        ax.set_title(title + " (95% Wilson CI)")
        ax.legend(loc="upper right")
        plt.setp(ax.get_xticklabels(), rotation=20, ha="right")
        figs[key] = _svg(fig)
        plt.close(fig)
    places = (summary.get("turn_order") or {}).get("places") or {}
    if places:
        names = list(places)
        rates = [places[k]["rate"] for k in names]
        err = [[places[k]["rate"] - places[k]["ci_low"] for k in names], [places[k]["ci_high"] - places[k]["rate"] for k in names]]
        fig, ax = plt.subplots(figsize=(6, 3))
        ax.bar([f"{k}{_ordinal(int(k))}" for k in names], rates, yerr=err, capsize=4, color="#8e6bb5")
        ax.axhline(fair, color="#c0392b", linestyle="--", label=f"fair share {fair:.0%}")
        ax.set_ylim(0, 1)
        ax.set_ylabel("win rate")
        ax.set_xlabel("place in the turn order")
        ax.set_title("Win rate by turn order (95% Wilson CI)")
        ax.legend(loc="upper right")
        figs["turn_order"] = _svg(fig)
        plt.close(fig)
    hist = summary["length"]["histogram"]
    if len(hist) > 1:  # every game of one length (a fixed number of rounds): the table says it, a bar says nothing
        fig, ax = plt.subplots(figsize=(6, 3))
        bars = sorted((int(k), v) for k, v in hist.items())
        ax.bar([x for x, _ in bars], [y for _, y in bars], color="#6a9f58")
        from matplotlib.ticker import MaxNLocator

        ax.xaxis.set_major_locator(MaxNLocator(integer=True))  # whole rounds, not 8.6 ... 9.4
        ax.set_xlabel("rounds")
        ax.set_ylabel("games")
        ax.set_title("Game length")
        figs["length"] = _svg(fig)
        plt.close(fig)
    sbr = summary["score_by_round"]
    if sbr:
        many = len(sbr) > 6  # twelve civilizations: the legend beside the plot, not over its lines
        fig, ax = plt.subplots(figsize=(8, 3.5) if many else (6, 3))
        palette = plt.get_cmap("tab20" if len(sbr) > 10 else "tab10")  # a colour for every line
        for k, (ident, per) in enumerate(sbr.items()):
            points = sorted((int(r), v) for r, v in per.items())  # JSON keys sort as text
            ax.plot([x for x, _ in points], [y for _, y in points], marker=".", label=ident,
                    color=palette(k % palette.N))
        ax.set_xlabel("round")
        ax.set_ylabel("mean score")
        ax.set_title("Score over rounds")
        if many:
            ax.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.01, 1.0))
            fig.tight_layout()
        else:
            ax.legend(fontsize="small")
        figs["score"] = _svg(fig)
        plt.close(fig)
    return figs


def _ordinal(k: int) -> str:
    return {1: "st", 2: "nd", 3: "rd"}.get(k if k < 20 else k % 10, "th")


PAGE_HEAD = "<meta charset='utf-8'><meta name='viewport' content='width=device-width, initial-scale=1'>"
"""The head every report page starts with: a phone shows it at its own width, not zoomed out."""

NARROW_CSS = "div.wide{overflow-x:auto;max-width:100%}li,p{overflow-wrap:anywhere}"
"""A table wider than the screen (a phone's 375 pixels) scrolls inside its own box, and a long
path in a sentence breaks, so the page itself never scrolls sideways."""


def _table(headers: Iterable[str], rows: Iterable[Iterable[Any]], cls: str = "") -> str:
    head = "".join(f"<th>{html.escape(str(h))}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>" for row in rows)
    klass = f" class='{cls}'" if cls else ""
    return f"<div class='wide'><table{klass}><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>"


def game_title(game: str) -> str:
    """The game's title (``Path of Civilization``), not its id (``pathciv``)."""
    try:
        return game_info(game).title
    except (CivtableError, KeyError):
        return game


def options_text(options: dict[str, Any]) -> str:
    """``players=4, rounds=9``: the options as a person types them, not a Python dict."""
    def typed(v: Any) -> str:
        return str(v).lower() if isinstance(v, bool) else str(v)  # as typed: campfire_overflow_vp=false

    return ", ".join(f"{k}={typed(v)}" for k, v in options.items()) or "none"


def _number(value: Any) -> Any:
    """A mean to one decimal (32.175 -> 32.2); anything else as it is."""
    if isinstance(value, float):
        return f"{value:.1f}"
    return value


WIDE_GROUPS = 6
"""More trait/civilization/objective columns than this do not fit beside the metric names at 1366
pixels: the table then has one row per group instead."""


def _means_table(summary: dict[str, Any]) -> str:
    idents = sorted({i for per in summary["means"].values() for i in per})
    labels = summary.get("metric_labels") or {}
    names = [labels.get(m) or humanised(m) for m in summary["means"]]
    per_metric = list(summary["means"].values())
    if len(idents) > WIDE_GROUPS:
        label = kind_title(summary.get("group_label") or "trait")
        table = _table([label] + names, [[i] + [_number(per.get(i, "")) for per in per_metric] for i in idents])
    else:
        table = _table(["metric"] + idents, [[name] + [_number(per.get(i, "")) for i in idents]
                                             for name, per in zip(names, per_metric, strict=True)])
    return table


def _rate_rows(table: dict[str, Any], seat: bool = False, name_of: Any = None) -> list[list[Any]]:
    rows = []
    for k, r in table.items():
        name = f"seat {int(k) + 1}" if seat else name_of(k) if name_of else k
        rows.append([name, r["games"], count_text(r["wins"]), _pct(r["rate"]), f"{_pct(r['ci_low'])}–{_pct(r['ci_high'])}",
                     _pct(r["fair"]), ("yes, " + r["direction"]) if r["significant"] else "no"])
    return rows


def render_html(summary: dict[str, Any]) -> str:
    """The report as one self-contained HTML page (plots inline as SVG)."""
    figs = _figures(summary)
    rate_head = ["", "games", "wins", "win rate", "95% CI", "fair share", "significant"]
    parts = [
        f"<!doctype html><html><head>{PAGE_HEAD}",
        f"<title>Balance report: {html.escape(game_title(summary['game']))}</title>",
        "<style>body{font-family:system-ui,sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222}"
        "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}"
        "td:first-child,th:first-child{text-align:left}h2{border-bottom:1px solid #ddd}"
        "li.flag{color:#a02}svg{max-width:100%;height:auto}ol.summary li{margin:.4em 0}"
        "p.method{font-size:90%;color:#555}b.flag{color:#a02}" + NARROW_CSS +
        # a value and its interval on two lines, each kept whole; element names read left-aligned
        "table.elements td{white-space:pre}table.elements td:nth-child(2){text-align:left;white-space:normal}"
        "table.elements td:last-child{white-space:normal}"
        "</style></head><body>",
        f"<h1>Balance report: {html.escape(game_title(summary['game']))}</h1>",
        "<p>" + html.escape(
            f"{summary['games']} games ({summary['finished']} finished), {summary['players']} players, "
            f"seats {', '.join(summary['seats'] or [])}{' rotated each game' if summary.get('rotate_seats') else ''}, "
            f"options {options_text(summary['options'])}, run seed {summary['seed']}"
            + (f", assigned {summary['assign']}" if summary.get("assign") else "")
            + "".join(f", seat {i + 1} barred (--forbid {i + 1}:{'+'.join(names)}, before rotation)"
                      for i, names in enumerate(summary.get("forbid") or []) if names) + "."
        ) + "</p>",
    ]
    parts.extend(summary_section(summary))
    parts.append("<h2>Findings</h2><ul>")
    for f in summary["findings"]:
        flagged = ("expected" in f or "too strong" in f or "too weak" in f or f.startswith("Warning")
                   or ": an advantage" in f or ": a disadvantage" in f)
        cls = " class='flag'" if flagged else ""
        parts.append(f"<li{cls}>{html.escape(f)}</li>")
    parts.append("</ul>")
    label = kind_title(summary.get("group_label") or "trait").lower()
    game = str(summary.get("game") or "")
    for key, title, seat in (("by_group", f"Win rate by {label}", False), ("by_group_and_bot", f"Win rate by {label} and bot", False),
                             ("by_seat", "Win rate by seat", True), ("by_bot", "Win rate by bot", False)):
        table = summary["win_rate"][key]
        if not table or (key in ("by_group_and_bot", "by_bot") and len(summary["win_rate"].get("by_bot") or {}) < 2):
            continue  # one bot at every seat: by bot repeats the fair share, by group and bot the group table
        parts.append(f"<h2>{html.escape(title)}</h2>")
        name_of = (partial(bot_words, game) if key == "by_bot" else  # the bots in the lobby's words
                   partial(group_and_bot_words, game, bots=summary["win_rate"].get("by_bot") or {})
                   if key == "by_group_and_bot" else None)
        parts.append(_table(rate_head, _rate_rows(table, seat, name_of)))
        if key in figs:
            parts.append(figs[key])
    parts.append("<h2>Game length</h2>")
    ln = summary["length"]
    sc = summary["by_mode"][summary["mode"]]["score"] if summary.get("by_mode") else {}
    length_row = [_number(ln["mean"]), ln["median"], ln["min"], ln["max"], _number(sc.get("mean_spread", "")),
                  _number(sc.get("mean_margin", ""))]
    unit = summary.get("score_unit") or "points of score"
    length_head = ["mean rounds", "median", "min", "max", f"mean score spread ({unit})", f"mean winning margin ({unit})"]
    if summary.get("mode", "default") != "default":  # a game without modes has no mode to name
        length_head, length_row = ["mode"] + length_head, [summary["mode"]] + length_row
    parts.append(_table(length_head, [length_row]))
    fp = summary.get("first_player")
    if fp and fp["games"]:
        to = summary.get("turn_order") or {}
        parts.append("<h2>Turn order</h2>")
        if summary.get("order_note"):
            parts.append(f"<p>{html.escape(summary['order_note'][0].upper() + summary['order_note'][1:])}.</p>")
        rows = _rate_rows({"first player": fp})
        rows += _rate_rows({f"{k}{_ordinal(int(k))} in turn order": r for k, r in (to.get("places") or {}).items()})
        parts.append(_table(["", "games", "wins", "win rate", "95% CI", "fair share", "significant"], rows))
        if to.get("places"):
            parts.append("<p>" + html.escape(
                f"Chi-square test that the wins (one per game, {to['games']} games) are spread evenly over the places "
                f"in the turn order: {format_p(to['p'])}.") + "</p>")
        if "turn_order" in figs:
            parts.append(figs["turn_order"])
    if "length" in figs:
        parts.append(figs["length"])
    if "score" in figs:
        parts.append("<h2>Score over rounds</h2>" + figs["score"])
    if summary["means"]:
        parts.append("<h2>Mean final metrics</h2>")
        parts.append(_means_table(summary))
    parts.extend(_element_tables(summary))
    parts.append("</body></html>")
    return "\n".join(parts)


def png_data_uri(fig: Any) -> str:
    """A matplotlib figure as a base64 PNG data URI (for embedding elsewhere)."""
    buf = io.BytesIO()
    fig.savefig(buf, format="png", bbox_inches="tight")
    return "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode()


def summary_section(summary: dict[str, Any]) -> list[str]:
    """The story at the top: at most five sentences, then how they were found."""
    story = summary.get("story") or {}
    lines = summary.get("summary") or []
    if not lines:
        return []
    out = ["<h2>Summary</h2><ol class='summary'>"]
    out += [f"<li>{html.escape(x)}</li>" for x in lines]
    out.append("</ol>")
    if story.get("method"):
        out.append(f"<p class='method'>{html.escape(story['method'])}</p>")
    return out


def _element_rows(rows: list[dict[str, Any]]) -> list[list[Any]]:
    out = []
    for r in rows:
        where = r.get("where") or {}
        at = f"line {where['line']}" if where.get("line") else ""
        if at and where.get("id") and where["id"] != r["name"]:
            at += f", id {where['id']}"
        out.append([
            r["kind"], f"{r['name']} ({at})" if at else r["name"],
            f"{_pct(r['share_of_winners'])} ({r['held_by_winners']}/{r['winners']})\n"
            f"[{_pct(r['winners_ci'][0])}–{_pct(r['winners_ci'][1])}]",
            f"{_pct(r['share_of_seats'])} ({r['held_by_seats']}/{r['seats']})\n"
            f"[{_pct(r['seats_ci'][0])}–{_pct(r['seats_ci'][1])}]",
            f"{_pct(r['with'])} / {_pct(r['without'])}",
            f"{100 * r['effect']:+.0f} pt\n[{100 * r['ci'][0]:+.0f}, {100 * r['ci'][1]:+.0f}]",
            format_p(r["p"]), format_p(r["p_adjusted"]),
            r["verdict"] or "—",
        ])
    return out


def _element_tables(summary: dict[str, Any]) -> list[str]:
    sig = summary.get("elements")
    if not sig or not (sig["tested"] or sig.get("outcomes")):
        return []
    head = ["kind", "element (its line in the file)", "winners (95% CI)", "all seats (95% CI)", "win rate with / without",
            "effect (95% CI)", "p", "p corrected", "verdict"]
    threshold = 100 * sig.get("threshold", 0.05)
    out = [
        "<h2>Content choices: who holds them, and the win rate with and without</h2>",
        "<p>" + html.escape(
            f"{len(sig['tested'])} elements tested ({sig['method']}); an element is called too strong or too weak "
            f"only when significant and its effect is at least {threshold:.0f} points; ranked by effect. "
            f"{len(sig['untestable'])} elements were held by every seat and cannot be assessed."
        ) + "</p>",
    ]
    files = sorted({str(r["where"]["file"]) for r in [*sig["tested"], *sig.get("outcomes", [])] if r.get("where")})
    if files:
        game = str(summary.get("game") or "GAME")
        out.append("<p>" + html.escape(
            f"Each element is given with its line in {', '.join(files)} (and its id when the name differs). To act on a finding, edit a copy of the file "
            f"and run the same study with --content COPY and another --out, then civtable compare the two "
            "directories" + (f"; civtable study restricted {game} --forbid ID --who one,all measures what an "
                             "element is worth" if any(r.get("forbid") for r in sig["tested"]) else "") + ".") + "</p>")
    out.append(_table(head, _element_rows(sig["tested"]), "elements"))
    if sig.get("outcomes"):
        out += ["<h2>Outcomes of play (not levers)</h2>",
                "<p>What seats reached rather than chose; winning brings them, so they are not imbalances.</p>",
                _table(head, _element_rows(sig["outcomes"]), "elements")]
    return out


def _curve_svg(curve: dict[str, Any], mixes: list[str]) -> str:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:  # pragma: no cover
        return ""
    if not curve["lines"]:
        return ""
    fig, ax = plt.subplots(figsize=(7, 3.5))
    xs = list(range(len(mixes)))
    palette = plt.get_cmap("tab20" if len(curve["lines"]) > 10 else "tab10")
    colours = [palette(i) for i in range(palette.N)]
    markers = "osD^v<>p*hX"
    for k, (name, pts) in enumerate(curve["lines"].items()):
        got = [(x, p) for x, p in zip(xs, pts) if p is not None]
        if not got:
            continue
        # more lines than one palette has colours (twelve civilizations): colour and marker together tell them apart
        ax.errorbar([x for x, _ in got], [p[0] for _, p in got],
                    yerr=[[p[0] - p[1] for _, p in got], [p[2] - p[0] for _, p in got]], marker=markers[k % len(markers)],
                    color=colours[k % len(colours)], capsize=3, label=name)
    ax.axhline(curve["fair"], color="#c0392b", linestyle="--", label=f"fair share {curve['fair']:.0%}")
    ax.set_xticks(xs, mixes)
    ax.set_xlabel("bot mix (weakest first)")
    ax.set_ylabel("win rate")
    ax.set_ylim(0, 1)
    ax.set_title("Skill curve: win rate against bot strength (95% CI)")
    ax.legend(fontsize="x-small", loc="upper left", bbox_to_anchor=(1.0, 1.0))
    svg = _svg(fig)
    plt.close(fig)
    return svg


def render_robust_html(result: dict[str, Any]) -> str:
    """The combined report of a study under several bot mixes."""
    from .verdict import verdict_word

    mixes = result["mixes"]
    game = str(result["game"])
    rows = []
    for v in result["verdicts"]:
        cells = []
        for e, ci, p, held in zip(v["effects"], v["cis"], v["p_adjusted"], v["holds"]):
            cells.append("not testable" if e is None else
                         f"{100 * e:+.0f} pt [{100 * ci[0]:+.0f}, {100 * ci[1]:+.0f}] {format_p(p)}{'' if held else ' ✗'}")
        rows.append([v["label"], verdict_word(v, mixes), *cells])
    parts = [
        f"<!doctype html><html><head>{PAGE_HEAD}",
        f"<title>Balance under {len(mixes)} bot mixes: {html.escape(game_title(str(result['game'])))}</title>",
        "<style>body{font-family:system-ui,sans-serif;max-width:1000px;margin:2em auto;padding:0 1em;color:#222}"
        "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:3px 8px}"
        "ol li{margin:.4em 0}svg{max-width:100%;height:auto}" + NARROW_CSS + "</style></head><body>",
        f"<h1>Balance of {html.escape(game_title(str(result['game'])))} under {len(mixes)} bot mixes</h1>",
        "<p>" + html.escape(
            "The same games (same seeds, seats rotated) under each mix: "
            + "; ".join(f"{r['mix']}: {mix_title(game, [str(x) for x in r['seats']])} ({r['games']} games)"
                        for r in result["runs"])
            + ". A finding is robust when it holds under every mix (significant, corrected, at least "
            f"{100 * result['threshold']:.0f} points, same direction), bot-dependent otherwise.") + "</p>",
        "<h2>Summary</h2><ol>",
    ]
    parts += [f"<li>{html.escape(x)}</li>" for x in result["summary"]]
    parts.append("</ol>")
    if rows:  # no finding under any mix: the summary says so, an empty table says nothing
        parts.append("<h2>Every finding under each mix</h2>")
        parts.append(_table(["finding", "verdict", *[f"effect under {m}" for m in mixes]], rows))
        parts.append("<p>✗: does not hold under that mix.</p>")
    svg = _curve_svg(result["curve"], mixes)
    if svg:
        parts.append("<h2>Skill curve</h2>" + svg)
    parts.append("<h2>Each mix's report</h2><ul>")
    parts += [f"<li><a href='{html.escape(r['dir'])}/report.html'>{html.escape(r['mix'])}</a>: "
              f"{html.escape(mix_title(game, [str(x) for x in r['seats']]))}</li>" for r in result["runs"]]
    parts.append("</ul></body></html>")
    return "\n".join(parts)
