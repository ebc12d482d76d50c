"""Compare the balance of two simulation runs: what differs between them (content, options,
bots), then what moved significantly, then every win rate side by side.

A change of a win rate is tested with a two-proportion test; the p-values of all rows are
corrected together with Benjamini–Hochberg (false discovery rate 5%)."""

from __future__ import annotations

import html
import json
import textwrap
from pathlib import Path
from typing import Any

from civtable.core import CivtableError

from .content_edit import content_file, diff, flatten, load_toml, option_diff, run_content
from .html_report import NARROW_CSS, PAGE_HEAD, game_title
from .signals import kind_title
from .stats import benjamini_hochberg, format_p, proportions_p
from .words import bot_words, group_and_bot_words, mix_title, wrapped


def load_summary(run_dir: str | Path) -> dict[str, Any]:
    """The ``summary.json`` of a run directory (typed error if it is missing or broken)."""
    path = Path(run_dir) / "summary.json"
    try:
        data = json.loads(path.read_text())
    except FileNotFoundError:
        raise CivtableError(f"{run_dir} has no summary.json; is it a 'civtable simulate' output directory?") from None
    except (OSError, json.JSONDecodeError) as exc:
        raise CivtableError(f"cannot read {path}: {exc}") from exc
    if not isinstance(data, dict) or "win_rate" not in data:
        raise CivtableError(f"{path} is not a simulation summary")
    return data


def _manifest(run_dir: str | Path) -> dict[str, Any]:
    path = Path(run_dir) / "manifest.json"
    try:
        data = json.loads(path.read_text())
    except (OSError, json.JSONDecodeError):
        return {}
    return data if isinstance(data, dict) else {}


def differences(dir_a: str | Path, dir_b: str | Path, a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    """What differs between the two runs' set-ups: content values, options, bots, assignment."""
    ma, mb = _manifest(dir_a), _manifest(dir_b)
    content: list[dict[str, Any]] = []
    note = ""
    if ma.get("content_id") != mb.get("content_id") and a.get("game") == b.get("game"):
        try:
            fa, _ = flatten(load_toml(content_file(str(a["game"]), run_content(dir_a, ma))))
            fb, _ = flatten(load_toml(content_file(str(b["game"]), run_content(dir_b, mb))))
            content = diff(fa, fb)
        except CivtableError as exc:
            note = f"the content files differ but cannot be read: {exc}"
    setup = []
    for key in ("seats", "rotate_seats", "assign", "forbid", "max_rounds", "seed"):
        if ma.get(key, a.get(key)) != mb.get(key, b.get(key)):
            setup.append({"what": key, "a": ma.get(key, a.get(key)), "b": mb.get(key, b.get(key))})
    return {
        "content": content,
        "content_note": note,
        "options": option_diff(a.get("options") or {}, b.get("options") or {}),
        "setup": setup,
    }


def compare_runs(dir_a: str | Path, dir_b: str | Path) -> dict[str, Any]:
    """What differs between the runs, then rows of (section, name, A, B, change, p) for every
    win rate both runs can show, plus length."""
    a, b = load_summary(dir_a), load_summary(dir_b)
    if a.get("game") != b.get("game"):
        raise CivtableError(
            f"cannot compare runs of two different games: {dir_a} is a run of {a.get('game')}, "
            f"{dir_b} a run of {b.get('game')}; compare two runs of the same game"
        )
    rows: list[dict[str, Any]] = []
    game = str(a.get("game") or "")
    bots = set(a["win_rate"].get("by_bot", {})) | set(b["win_rate"].get("by_bot", {}))

    def shown(section: str, name: str) -> str:
        """A row's name in words: seats counted from 1, bots as the lobby names them."""
        if section == "by_seat":
            return f"seat {int(name) + 1}"
        if section == "by_bot":
            return bot_words(game, name)
        return group_and_bot_words(game, name, bots) if section == "by_group_and_bot" else name

    # one bot on every seat of both runs: its win rate is the fair share by construction and the rates by
    # trait and bot repeat those by trait; such rows say nothing and would only weaken the correction
    sections = ("by_group", "by_seat") if len(bots) <= 1 else ("by_group", "by_seat", "by_bot", "by_group_and_bot")
    for section in sections:
        ta, tb = a["win_rate"].get(section, {}), b["win_rate"].get(section, {})
        for name in sorted(set(ta) | set(tb), key=_order):
            ra, rb = ta.get(name), tb.get(name)
            rows.append({
                "section": section,
                "key": name,  # as the run's summary has it
                "name": shown(section, name),
                "a": ra,
                "b": rb,
                "change": round(rb["rate"] - ra["rate"], 4) if ra and rb else None,
                "p": _p(ra, rb),
            })
    if a.get("first_player", {}).get("games") and b.get("first_player", {}).get("games"):
        ra, rb = a["first_player"], b["first_player"]
        rows.append({"section": "first_player", "name": "first player", "a": ra, "b": rb,
                     "change": round(rb["rate"] - ra["rate"], 4), "p": _p(ra, rb)})
    tested = [r for r in rows if r["p"] is not None]
    rejected, adjusted = benjamini_hochberg([r["p"] for r in tested])
    for r in rows:
        r["significant"] = False
        r["p_adjusted"] = None
    for r, rej, adj in zip(tested, rejected, adjusted):
        r["significant"] = rej
        r["p_adjusted"] = adj
    la, lb = a["length"].get("mean"), b["length"].get("mean")
    return {
        "group": kind_title(str(a.get("group_label") or b.get("group_label") or "trait")).lower(),
        "differences": differences(dir_a, dir_b, a, b),
        "moved": [r for r in rows if r["significant"]],
        "a": {"dir": str(dir_a), "game": a["game"], "games": a["games"], "seats": a["seats"], "options": a["options"]},
        "b": {"dir": str(dir_b), "game": b["game"], "games": b["games"], "seats": b["seats"], "options": b["options"]},
        "rows": rows,
        "length": {"a": la, "b": lb, "change": round(lb - la, 3) if la is not None and lb is not None else None},
        "findings_a": a.get("findings", []),
        "findings_b": b.get("findings", []),
        "elements": element_rows(a, b),
    }


def _order(key: str) -> tuple[int, str]:
    """Seats by number (seat 10 after seat 9), names alphabetically (not by length)."""
    return (int(key), "") if key.isdigit() else (1 << 30, key.lower())


def element_rows(a: dict[str, Any], b: dict[str, Any]) -> list[dict[str, Any]]:
    """The content elements that are a finding (too strong or too weak) in either run, with each
    run's effect on the win rate, interval and verdict: did the edit move what the first run found?"""
    def tested(summary: dict[str, Any]) -> dict[tuple[str, str], dict[str, Any]]:
        return {(str(r["kind"]), str(r["name"])): r for r in (summary.get("elements") or {}).get("tested") or []}

    ta, tb = tested(a), tested(b)
    keys = [k for k in {**ta, **tb} if (ta.get(k) or {}).get("finding") or (tb.get(k) or {}).get("finding")]
    keys.sort(key=lambda k: -max(abs((ta.get(k) or {}).get("effect") or 0), abs((tb.get(k) or {}).get("effect") or 0)))
    return [{"kind": k[0], "name": k[1], "a": _effect(ta.get(k)), "b": _effect(tb.get(k))} for k in keys]


def _effect(r: dict[str, Any] | None) -> dict[str, Any] | None:
    if r is None:
        return None
    return {"effect": r["effect"], "ci": r.get("ci"), "verdict": r.get("verdict") or "", "finding": bool(r.get("finding")),
            "p_adjusted": r.get("p_adjusted")}


def _effect_text(e: dict[str, Any] | None) -> str:
    if e is None:
        return "not tested"
    ci = f" [{100 * e['ci'][0]:+.0f}, {100 * e['ci'][1]:+.0f}]" if e.get("ci") else ""
    return f"{100 * e['effect']:+.0f} pt{ci}, " + (e["verdict"] if e["finding"] else "not a finding")


def element_lines(cmp: dict[str, Any]) -> list[str]:
    rows = cmp.get("elements") or []
    if not rows:
        return ["No content element is a finding in either run."]
    out = ["Content elements found too strong or too weak in either run (effect on the win rate, 95% CI):"]
    out += [f"  {r['kind']} '{r['name']}': {_effect_text(r['a'])} -> {_effect_text(r['b'])}" for r in rows]
    return out


def _p(ra: dict[str, Any] | None, rb: dict[str, Any] | None) -> float | None:
    if not ra or not rb or not ra["games"] or not rb["games"]:
        return None
    return proportions_p(round(ra["rate"] * ra["games"]), ra["games"], round(rb["rate"] * rb["games"]), rb["games"])


def _fmt(r: dict[str, Any] | None) -> str:
    if not r:
        return "-"
    return f"{100 * r['rate']:5.1f}% [{100 * r['ci_low']:.0f}-{100 * r['ci_high']:.0f}] n={r['games']}"


WIDTH = 80  # the text's width in columns
NAME_WIDTH = 24  # the name column of the win-rate tables: at least this wide, as wide as the longest name,
# up to what the line leaves; a longer name is wrapped, never cut

SECTION_TITLES = {
    "by_group": "by {group}",
    "by_seat": "by seat",
    "by_bot": "by bot",
    "by_group_and_bot": "by {group} and bot",
    "first_player": "of the first player",
}


def _title(section: str, cmp: dict[str, Any]) -> str:
    """How a section of win rates is called, with the game's own choice (trait, civilization ...)."""
    return SECTION_TITLES[section].format(group=cmp.get("group") or "trait")


def _value(v: Any) -> str:
    return "(absent)" if v is None else json.dumps(v) if isinstance(v, dict | list) else str(v)


def _flag(v: Any) -> str:
    """A set-up value as the command line gives it: on / off, or not given."""
    return "(not given)" if v is None else ("on" if v else "off") if isinstance(v, bool) else _value(v)


def _seats(cmp: dict[str, Any], seats: Any) -> str:
    return mix_title(str(cmp["a"]["game"]), [str(s) for s in seats]) if isinstance(seats, list) else _value(seats)


def columns(cmp: dict[str, Any]) -> tuple[int, int]:
    """The widths of the name column and of each rate column of the win-rate tables, for lines of
    at most :data:`WIDTH` columns (a name that does not fit is wrapped)."""
    cell = max([len("-"), *(len(_fmt(r[k])) for r in cmp["rows"] for k in ("a", "b"))])
    room = WIDTH - 2 - 2 * (cell + 1) - 10 - 2
    return min(max([NAME_WIDTH, *(len(row["name"]) for row in cmp["rows"])]), max(room, 12)), cell


def difference_lines(cmp: dict[str, Any]) -> list[str]:
    d = cmp["differences"]
    lines = []
    if d["content"]:
        lines.append(f"Content differences ({len(d['content'])}):")
        lines += [f"  {r['path']}: {_value(r['a'])} -> {_value(r['b'])}" for r in d["content"]]
    elif d["content_note"]:
        lines.append("Content: " + d["content_note"])
    else:
        lines.append("Content: the same in both runs.")
    if d["options"]:
        lines.append("Option differences: " + "; ".join(f"{r['option']}: {_value(r['a'])} -> {_value(r['b'])}" for r in d["options"]))
    else:
        lines.append("Options: the same in both runs.")
    for r in d["setup"]:
        if r["what"] == "seats":
            was, now = _seats(cmp, r["a"]), _seats(cmp, r["b"])
            if was == now and isinstance(r["a"], list) and isinstance(r["b"], list):  # the same words, other seats
                was, now = f"{was} ({len(r['a'])} seats)", f"{now} ({len(r['b'])} seats)"
            lines.append(f"Set-up differs, the bots: {was} -> {now}")
        else:
            flag = "--" + str(r["what"]).replace("_", "-")
            lines.append(f"Set-up differs, {flag}: {_flag(r['a'])} -> {_flag(r['b'])}")
    return lines


def moved_lines(cmp: dict[str, Any]) -> list[str]:
    if not cmp["moved"]:
        return ["Nothing moved significantly (two-proportion tests, Benjamini–Hochberg at 5%)."]
    out = ["Moved significantly (two-proportion tests, Benjamini–Hochberg at 5%):"]
    for r in cmp["moved"]:
        out.append(
            f"  win rate {'of the' if r['section'] == 'by_bot' else _title(r['section'], cmp)} {r['name']}: "
            f"{100 * r['a']['rate']:.0f}% -> "
            f"{100 * r['b']['rate']:.0f}% ({100 * r['change']:+.0f} pt, {format_p(r['p_adjusted'])} corrected)"
        )
    return out


def render_compare_text(cmp: dict[str, Any]) -> str:
    lines = [line for k in ("a", "b") for line in textwrap.wrap(
        f"{k.upper()}: {cmp[k]['dir']} ({cmp[k]['games']} game{'' if cmp[k]['games'] == 1 else 's'} of {game_title(cmp[k]['game'])}, "
        f"{_seats(cmp, cmp[k]['seats'])})", WIDTH, subsequent_indent="   ", break_on_hyphens=False)]
    for part in (difference_lines(cmp), moved_lines(cmp), element_lines(cmp)):
        lines += ["", *wrapped(part, WIDTH)]
    lines.append("")
    section = None
    width, cell = columns(cmp)
    for row in cmp["rows"]:
        if row["section"] != section:
            section = row["section"]
            lines.append(f"Win rate {_title(section, cmp)}")
            lines.append(f"  {'':{width}} {'A':>{cell}} {'B':>{cell}} {'change':>9}")
        change = "" if row["change"] is None else f"{100 * row['change']:+.1f} pt"
        mark = " *" if row["significant"] else ""
        name = textwrap.wrap(row["name"], width) or [""]  # a name longer than the column goes on below
        lines.append(f"  {name[0]:{width}} {_fmt(row['a']):>{cell}} {_fmt(row['b']):>{cell}} {change:>9}{mark}")
        lines += [f"    {more}" for more in name[1:]]
    ln = cmp["length"]
    lines.append("")
    if ln["change"] is not None:
        lines.append(f"Mean game length: {ln['a']:.1f} -> {ln['b']:.1f} rounds ({ln['change']:+.1f})")
    if cmp["moved"]:
        lines.append("* moved significantly (two-proportion test, Benjamini–Hochberg at 5%)")
    return "\n".join(lines) + "\n"


def render_compare_html(cmp: dict[str, Any]) -> str:
    ln = cmp["length"]
    rows = []
    for row in cmp["rows"]:
        change = "" if row["change"] is None else f"{100 * row['change']:+.1f} pt"
        style = " style='color:#a02;font-weight:bold'" if row["significant"] else ""
        rows.append(
            f"<tr><td>{html.escape(_title(row['section'], cmp))}</td><td>{html.escape(row['name'])}</td>"
            f"<td>{html.escape(_fmt(row['a']))}</td><td>{html.escape(_fmt(row['b']))}</td><td{style}>{change}</td></tr>"
        )
    findings = "".join(
        f"<h2>Findings {k.upper()}</h2><ul>" + "".join(f"<li>{html.escape(f)}</li>" for f in cmp[f"findings_{k}"]) + "</ul>"
        for k in ("a", "b")
    )
    return (
        f"<!doctype html><html><head>{PAGE_HEAD}<title>Balance comparison</title>"
        "<style>body{font-family:system-ui,sans-serif;max-width:960px;margin:2em auto;padding:0 1em}"
        "td,th{border:1px solid #ccc;padding:3px 8px}table{border-collapse:collapse}li.sub{margin-left:1.5em;"
        "list-style:circle}" + NARROW_CSS + "</style></head><body>"
        f"<h1>Balance comparison: {html.escape(game_title(str(cmp['a']['game'])))}</h1>"
        f"<p>A: {html.escape(cmp['a']['dir'])} ({cmp['a']['games']} games)<br>"
        f"B: {html.escape(cmp['b']['dir'])} ({cmp['b']['games']} games)</p>"
        + "<h2>What differs</h2><ul>" + "".join(  # a content value under its heading, as in the text
            f"<li class='sub'><code>{html.escape(x.strip())}</code></li>" if x.startswith("  ") else f"<li>{html.escape(x)}</li>"
            for x in difference_lines(cmp)) + "</ul>"
        + "<h2>What moved</h2><ul>" + "".join(f"<li>{html.escape(x)}</li>" for x in moved_lines(cmp)) + "</ul>"
        + "<h2>Content elements</h2><ul>" + "".join(
            f"<li class='sub'>{html.escape(x.strip())}</li>" if x.startswith("  ") else f"<li>{html.escape(x)}</li>"
            for x in element_lines(cmp))
        + "</ul>"
        "<h2>Win rates (95% CI, games)</h2>"
        "<div class='wide'><table><tr><th>win rate</th><th>of</th><th>A</th><th>B</th><th>change</th></tr>"
        + "".join(rows) + "</table></div>"
        + (f"<p>Mean game length: {ln['a']:.1f} -> {ln['b']:.1f} rounds ({ln['change']:+.1f}).</p>"
           if ln["change"] is not None else "")
        + findings + "</body></html>"
    )
