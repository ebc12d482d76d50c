"""Mass simulation of games between bots, balance statistics and reports.

``simulate(SimConfig(...), out_dir)`` runs seeded games in a process pool (or on Ray), writes
``games.jsonl``, every game record, ``summary.json`` and ``report.html``; see
:mod:`civtable.sim.runner`, :mod:`civtable.sim.report` and :mod:`civtable.sim.compare`.
"""

from .compare import compare_runs, render_compare_html, render_compare_text
from .report import findings, summarize, write_report
from .runner import SimConfig, game_seed, load_games, run_game, seat_specs, simulate
from .stats import benjamini_hochberg, fisher_p, wilson

__all__ = [
    "SimConfig",
    "compare_runs",
    "benjamini_hochberg",
    "findings",
    "fisher_p",
    "game_seed",
    "load_games",
    "render_compare_html",
    "render_compare_text",
    "run_game",
    "seat_specs",
    "simulate",
    "summarize",
    "wilson",
    "write_report",
]
