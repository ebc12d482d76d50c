"""Compare the balance of two simulation runs side by side."""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any

from civtable.core import CivtableError


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


def compare_runs(dir_a: str | Path, dir_b: str | Path) -> dict[str, Any]:
    """Rows of (section, name, A, B, change) for every win rate both runs can show, plus length."""
    a, b = load_summary(dir_a), load_summary(dir_b)
    rows: list[dict[str, Any]] = []
    for section in ("by_group", "by_seat", "by_bot", "by_group_and_bot"):
        ta, tb = a["win_rate"].get(section, {}), b["win_rate"].get(section, {})
        for name in sorted(set(ta) | set(tb), key=lambda k: (len(k), k)):
            ra, rb = ta.get(name), tb.get(name)
            rows.append({
                "section": section,
                "name": f"seat {int(name) + 1}" if section == "by_seat" else name,
                "a": ra,
                "b": rb,
                "change": round(rb["rate"] - ra["rate"], 4) if ra and rb else None,
                # the change is significant when the two 95% intervals do not overlap
                "significant": bool(ra and rb and (rb["ci_low"] > ra["ci_high"] or rb["ci_high"] < ra["ci_low"])),
            })
    la, lb = a["length"].get("mean"), b["length"].get("mean")
    return {
        "a": {"dir": str(dir_a), "game": a["game"], "games": a["games"], "seats": a["seats"], "options": a["options"]},
        "b": {"dir": str(dir_b), "game": b["game"], "games": b["games"], "seats": b["seats"], "options": b["options"]},
        "rows": rows,
        "length": {"a": la, "b": lb, "change": round(lb - la, 3) if la is not None and lb is not None else None},
        "findings_a": a.get("findings", []),
        "findings_b": b.get("findings", []),
    }


def _fmt(r: dict[str, Any] | None) -> str:
    if not r:
        return "-"
    return f"{100 * r['rate']:5.1f}% [{100 * r['ci_low']:.0f}-{100 * r['ci_high']:.0f}] n={r['games']}"


SECTION_TITLES = {
    "by_group": "by trait / civilization",
    "by_seat": "by seat",
    "by_bot": "by bot",
    "by_group_and_bot": "by trait and bot",
}


def render_compare_text(cmp: dict[str, Any]) -> str:
    lines = [
        f"A: {cmp['a']['dir']}  ({cmp['a']['games']} games of {cmp['a']['game']}, seats {','.join(cmp['a']['seats'])})",
        f"B: {cmp['b']['dir']}  ({cmp['b']['games']} games of {cmp['b']['game']}, seats {','.join(cmp['b']['seats'])})",
        "",
    ]
    section = None
    for row in cmp["rows"]:
        if row["section"] != section:
            section = row["section"]
            lines.append(f"Win rate {SECTION_TITLES[section]}")
            lines.append(f"  {'':24} {'A':>26} {'B':>26} {'change':>9}")
        change = "" if row["change"] is None else f"{100 * row['change']:+.1f} pt"
        mark = " *" if row["significant"] else ""
        lines.append(f"  {row['name'][:24]:24} {_fmt(row['a']):>26} {_fmt(row['b']):>26} {change:>9}{mark}")
    ln = cmp["length"]
    lines.append("")
    if ln["change"] is not None:
        lines.append(f"Mean game length: {ln['a']:.1f} -> {ln['b']:.1f} rounds ({ln['change']:+.1f})")
    lines.append("* the 95% confidence intervals of A and B do not overlap")
    return "\n".join(lines) + "\n"


def render_compare_html(cmp: dict[str, Any]) -> str:
    rows = []
    for row in cmp["rows"]:
        change = "" if row["change"] is None else f"{100 * row['change']:+.1f} pt"
        style = " style='color:#a02;font-weight:bold'" if row["significant"] else ""
        rows.append(
            f"<tr><td>{html.escape(SECTION_TITLES[row['section']])}</td><td>{html.escape(row['name'])}</td>"
            f"<td>{html.escape(_fmt(row['a']))}</td><td>{html.escape(_fmt(row['b']))}</td><td{style}>{change}</td></tr>"
        )
    findings = "".join(
        f"<h2>Findings {k.upper()}</h2><ul>" + "".join(f"<li>{html.escape(f)}</li>" for f in cmp[f"findings_{k}"]) + "</ul>"
        for k in ("a", "b")
    )
    return (
        "<!doctype html><html><head><meta charset='utf-8'><title>Balance comparison</title>"
        "<style>body{font-family:system-ui,sans-serif;max-width:960px;margin:2em auto}"
        "td,th{border:1px solid #ccc;padding:3px 8px}table{border-collapse:collapse}</style></head><body>"
        f"<h1>Balance comparison</h1><p>A: {html.escape(cmp['a']['dir'])} ({cmp['a']['games']} games)<br>"
        f"B: {html.escape(cmp['b']['dir'])} ({cmp['b']['games']} games)</p>"
        "<table><tr><th>section</th><th></th><th>A</th><th>B</th><th>change</th></tr>" + "".join(rows) + "</table>"
        + findings + "</body></html>"
    )
