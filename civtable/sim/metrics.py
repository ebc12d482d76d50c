"""Per-seat metrics of a finished (or stopped) game, for simulation reports.

A game may provide ``civtable.games.<game>.metrics.seat_metrics(state) -> list[dict]`` (one dict
per seat). Otherwise metrics come from :meth:`~civtable.core.GameState.result` scores, enriched
from each seat's own view when the view has the common civilization-game shape (a ``players``
list with ``trait``/``civ``, ``cp``/``vp``, ``population``, ``city``, ``wonders``, ``researched``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from civtable.core import Game, GameState, game_module
from civtable.core.series import numeric_score

GROUP_KEYS = ("trait", "civ", "civilization", "faction", "objective")


def _module(game: Game) -> Any:
    return game_module(game, "metrics")


def _hook(state: GameState) -> Callable[[GameState], list[dict[str, Any]]] | None:
    fn = getattr(_module(state.game), "seat_metrics", None)
    return fn if callable(fn) else None


def first_player(state: GameState) -> int | None:
    """The seat that took the first turn (the game's ``first_player`` hook; None without one)."""
    fn = getattr(_module(state.game), "first_player", None)
    return int(fn(state)) if callable(fn) else None


def turn_order(state: GameState) -> list[int] | None:
    """The seats in turn order (the game's ``turn_order`` hook), or None: the order then goes
    round the table from :func:`first_player`."""
    fn = getattr(_module(state.game), "turn_order", None)
    return [int(x) for x in fn(state)] if callable(fn) else None


def element_names(game: Game) -> tuple[dict[str, dict[str, str]], dict[str, str]]:
    """Content names by field and id (``{"wonders": {"pyramids": "Pyramids"}}``) and the titles
    of the fields, from the game's ``element_names`` hook and ``KIND_TITLES``."""
    module = _module(game)
    fn = getattr(module, "element_names", None)
    names = fn(game) if callable(fn) else {}
    titles = dict(getattr(module, "KIND_TITLES", {}) or {})
    return names, titles


def metric_labels(game: Game) -> dict[str, str]:
    """How the report names the game's per-seat metrics (its ``METRIC_LABELS``; fields it leaves
    out are named by :func:`civtable.core.words.humanised`)."""
    return dict(getattr(_module(game), "METRIC_LABELS", {}) or {})


def _from_view(view: dict[str, Any], seat: int) -> dict[str, Any]:
    """Metrics read from a view shaped like the civilization games' views."""
    players = view.get("players")
    if not isinstance(players, list) or seat >= len(players) or not isinstance(players[seat], dict):
        return {}
    me = players[seat]
    out: dict[str, Any] = {}
    for key in GROUP_KEYS + ("government", "age"):
        if isinstance(me.get(key), str):
            out[key] = me[key]
    for key in ("cp", "vp"):
        if isinstance(me.get(key), int | float):
            out[key] = me[key]
    pop = me.get("population")
    if isinstance(pop, dict) and isinstance(pop.get("total"), int):
        out["population"] = pop["total"]
    elif isinstance(pop, int):
        out["population"] = pop
    if isinstance(me.get("wonders"), list):
        out["wonders"] = [str(w) for w in me["wonders"]]
    if isinstance(me.get("researched"), list):
        out["advances"] = [str(a) for a in me["researched"]]
    city = me.get("city")
    if isinstance(city, list):
        buildings = 0
        for row in city:
            if isinstance(row, list):
                buildings += sum(1 for c in row if isinstance(c, dict) and c.get("kind") == "building")
        out["buildings"] = buildings
    if isinstance(me.get("benefits"), list):
        out["benefits"] = [str(b) for b in me["benefits"]]
    return out


def seat_metrics(state: GameState) -> list[dict[str, Any]]:
    """One dict of metrics per seat (always includes ``score`` when a number is known)."""
    hook = _hook(state)
    n = state.game.num_players
    if hook is not None:
        rows = [dict(r) for r in hook(state)]
    else:
        result = state.result()
        rows = []
        for p in range(n):
            row: dict[str, Any] = {}
            if p < len(result.scores) and isinstance(result.scores[p], dict):
                for k, v in result.scores[p].items():
                    if isinstance(v, int | float | str | bool | list) or v is None:
                        row[k] = v
            view = state.view(p)
            row.update({k: v for k, v in _from_view(view, p).items() if k not in row or k in GROUP_KEYS})
            rows.append(row)
    result_scores = state.result().scores
    for p, row in enumerate(rows):
        if "score" not in row or not isinstance(row["score"], int | float):
            sc = numeric_score(row)
            if sc is None and p < len(result_scores):
                sc = numeric_score(result_scores[p])
            if sc is not None:
                row["score"] = sc
    return rows


def score_snapshot(state: GameState) -> list[float | None]:
    """Each seat's headline score now (for score-over-rounds plots)."""
    return [numeric_score(s) for s in state.result().scores]
