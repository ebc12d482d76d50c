"""Conquest's hooks for simulation studies (see ``docs/simulation.md``).

* :func:`seat_metrics` — per seat: civilization, VP, cities, villages, monuments, armies,
  fleets, the sum of trait levels, and the traits raised to level 3 or more (ids; the report
  names them with :func:`element_names`);
* :func:`first_player` — seat 1 always starts;
* :data:`CHOICE` / :func:`choice_options` / :func:`forced_action` — studies may fix, rotate or
  draw each seat's civilization: when a seat picks (or is dealt) its civilization, the study's
  assignment is played instead (the game record keeps it, so it replays exactly).
"""

from __future__ import annotations

from typing import Any

from civtable.core import Action, Game, GameState, OptionError

from .content import TRAITS

CHOICE = "civ"
RAISED_LEVEL = 3
KIND_TITLES = {"raised_traits": "Level 3+ trait"}
"""A trait a seat raised to level 3 or more: "Level 3+ trait 'Science'", not "Trait raised to level 3 'Science'"."""
METRIC_LABELS = {"vp": "VP", "levels": "Trait levels (sum)", "vp_monuments": "VP from Monuments",
                 "vp_arts": "VP from Arts"}
"""How the report names the per-seat metrics (the others read well humanised)."""


def _content(game: Game) -> Any:
    return game.content  # type: ignore[attr-defined]


def element_names(game: Game) -> dict[str, dict[str, str]]:
    c = _content(game)
    return {
        "civ": {civ.id: civ.name for civ in c.civilizations},
        "raised_traits": {t.id: t.name for t in c.traits},
    }


def seat_metrics(state: GameState) -> list[dict[str, Any]]:
    s: Any = state
    rows = []
    for q, score in enumerate(state.result().scores):
        row: dict[str, Any] = {k: v for k, v in score.items() if v is not None}
        row["score"] = score["vp"]
        row["raised_traits"] = [TRAITS[i] for i, lv in enumerate(s.level[q]) if lv >= RAISED_LEVEL]
        rows.append(row)
    return rows


def first_player(state: GameState) -> int:
    return 0


def choice_options(game: Game) -> list[str]:
    """The civilizations a study may assign."""
    return list(_content(game).civ_ids)


def forced_action(state: GameState, wanted: list[str | None]) -> tuple[int, Action] | None:
    """At the civilization choice of a seat with an assigned civilization, that civilization."""
    d = state.decision()
    if d.kind != "civ" or len(d.players) != 1:
        return None
    s: Any = state
    seat = int(s.active)
    civ = wanted[seat] if seat < len(wanted) else None
    if civ is None:
        return None
    act = Action("civ", (civ,))
    legal = state.legal_actions(d.players[0]) if not state.is_chance_node() else [a for a, _ in state.chance_outcomes()]
    if act not in legal:
        raise OptionError(
            f"cannot give seat {seat + 1} the civilization {civ!r}: it is taken or unknown"
        )
    return d.players[0], act
