"""The report's mean final metrics are named in words: the game's labels, else a humanised name."""

from __future__ import annotations

import re
from pathlib import Path

from civtable.core.words import humanised
from civtable.sim import SimConfig, simulate


def test_humanised_names() -> None:
    assert humanised("vp_cards") == "VP cards" and humanised("tiles_placed") == "Tiles placed"
    assert humanised("cp") == "CP" and humanised("score") == "Score"


def _metric_rows(html: str) -> list[str]:
    table = html.split("<h2>Mean final metrics</h2>", 1)[1].split("</table>", 1)[0]
    return re.findall(r"<tr><td>([^<]*)</td>", table)


def test_mean_final_metrics_show_labels_not_field_names(tmp_path: Path) -> None:
    cfg = SimConfig(game="pathciv", seats=["random", "random"], games=2, seed=1, options={"players": 2})
    summary = simulate(cfg, tmp_path, progress=False)
    assert "vp_tokens" in summary["means"] and summary["metric_labels"]["vp_tokens"] == "Score: VP tokens"
    rows = _metric_rows((tmp_path / "report.html").read_text())
    assert "Score: VP tokens" in rows and "Wonders built" in rows and "Scientific cards" in rows, rows
    assert not any("_" in r for r in rows), rows
