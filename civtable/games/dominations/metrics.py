"""Dominations' hooks for simulation studies (see ``docs/simulation.md``).

* :func:`seat_metrics` — the report groups seats by ``objective`` (the seat's Objective card, a
  nation of history) and lists pick and win rates of ``wonders`` (the Monument the seat chose)
  and ``advances`` (the Masteries in its Tree), so a designer reads balance by Objective, by
  Monument and by Mastery;
* :func:`first_player` — the first seat of the Initiative order drawn at setup, who plays the
  first turn of Age 1 (the Governor may reorder later Ages; simulations read this hook once the
  first round is under way);
* :data:`CHOICE` / :func:`choice_options` / :func:`forced_action` — studies may fix, rotate or
  draw the Objective each seat keeps (``--assign objective=rotate``). A seat is dealt two
  Objectives and keeps one: the study deals the assigned Objective as the seat's first card and
  keeps it in the secret choice, together with the first Monument dealt to the seat (a random
  draw, as the greedy player's own pick is). Assigned Objectives are set aside from every other
  draw, which chance makes among the rest; the game record keeps every card, so it replays.
"""

from __future__ import annotations

from typing import Any

from civtable.core import CHANCE, Action, Game, GameState, OptionError

from .ages import deal_pool
from .frames import Deal, Secret

CHOICE = "objective"
"""What a study may assign per seat in this game: the Objective card it keeps."""

KIND_TITLES = {"advances": "Mastery", "wonders": "Monument"}
"""How the report names this game's element fields (Masteries and Monuments, not advances and wonders)."""
METRIC_LABELS = {"vp": "VP", "advanced": "Advanced Masteries", "masteries": "Masteries",
                 "monument_levels": "Monument Levels", "monument_vp": "VP from the Monument",
                 "objective_vp": "VP from the Objective", "tiles_placed": "Land tiles placed"}
"""How the report names the per-seat metrics (the others read well humanised)."""


def seat_metrics(state: GameState) -> list[dict[str, Any]]:
    s: Any = state
    rows = []
    for seat, p in enumerate(s.players):
        rows.append({
            "objective": s.c.objectives[p.objective].name if p.objective >= 0 else "",
            "wonders": [s.c.monuments[p.monument].name] if p.monument >= 0 else [],
            "advances": sorted(s.c.masteries[m].name for m in p.owned),
            "vp": p.vp,
            "score": p.vp,
            "influence": p.influence,
            "cities": sum(1 for o, _ in s.cities.values() if o == seat),
            "city_levels": sum(lv for o, lv in s.cities.values() if o == seat),
            "masteries": len(p.owned),
            "advanced": sum(1 for a in p.owned.values() if a),
            "monument_levels": len(p.levels),
            "objective_vp": p.final.get("objectives", 0),
            "monument_vp": p.final.get("monuments", 0),
            "tiles_placed": sum(1 for _, _, by in s.placed.values() if by == seat),
        })
    return rows


def first_player(state: GameState) -> int:
    s: Any = state
    return int(s.initiative[0]) if s.initiative else 0


def turn_order(state: GameState) -> list[int]:
    """The seats in the Initiative order (Age 1's turns go round it from its first seat)."""
    s: Any = state
    return [int(q) for q in s.initiative] if s.initiative else list(range(state.game.num_players))


def choice_options(game: Game) -> list[str]:
    """The Objectives a study may assign."""
    return [o.id for o in game.content.objectives]  # type: ignore[attr-defined]


def forced_action(state: GameState, wanted: list[str | None]) -> tuple[int, Action | list[Action]] | None:
    """At an Objective deal: the assigned card, or the draws left once assigned cards are set
    aside; at the secret choice: the assigned Objective with the first Monument dealt."""
    s: Any = state
    if s.finished or not s.stack or all(w is None for w in wanted):
        return None
    top = s.stack[-1]
    c = s.c
    if isinstance(top, Deal) and top.what == "objective":
        want = [c.objective_index[w] if w is not None else None for w in wanted] + [None] * s.n
        pool = deal_pool(s, top)
        mine = want[top.seat]
        if mine is not None and mine not in s.players[top.seat].dealt_obj:
            if mine not in pool:
                raise OptionError(f"cannot give seat {top.seat + 1} the Objective {wanted[top.seat]!r}: "
                                  "it is dealt to another seat (each Objective is one card)")
            return CHANCE, Action("draw", (mine,))
        reserved = {w for q, w in enumerate(want[: s.n]) if q != top.seat and w is not None
                    and w not in s.players[q].dealt_obj}
        rest = [x for x in pool if x not in reserved]
        if len(rest) == len(pool):
            return None
        return CHANCE, [Action("draw", (x,)) for x in rest]
    if isinstance(top, Secret):
        for seat, p in enumerate(s.players):
            w = wanted[seat] if seat < len(wanted) else None
            if w is not None and p.objective < 0:
                return seat, Action("choose", (w, c.monuments[p.dealt_mon[0]].id))
    return None
