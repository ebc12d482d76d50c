"""Inceptum's hooks for simulation studies (see ``docs/simulation.md``).

* :func:`seat_metrics` — per seat: trait, government, age, CP, population, the advances
  researched, wonders built, government benefits taken and building levels reached (a level-3
  building counts for levels 1, 2 and 3; ids, named by :func:`element_names`);
* :func:`first_player` — the seat that took the first turn (decided by the start roll);
* :data:`CHOICE` / :func:`choice_options` / :func:`forced_action` — studies may fix, rotate or
  draw each seat's trait: the trait deal is a chance node, and the study replaces the drawn card
  by the one it assigns (the game record keeps what was dealt, so it replays exactly);
* :data:`CHOICE_FACTS` — the rulebook facts each trait's perk rests on (content paths and what the
  rulebook says), named by the tuner when a trait stays out of reach of the provisional values.
"""

from __future__ import annotations

from typing import Any

from civtable.core import CHANCE, Action, Game, GameState

from .player import WONDER

CHOICE = "trait"
"""What a study may assign per seat in this game."""

KIND_TITLES = {"buildings": "Building"}
METRIC_LABELS = {"cp": "Civilization Points (CP)", "advances_count": "Advances researched",
                 "buildings_count": "Building levels built", "wonders_count": "Wonders built"}
"""How the report names the per-seat metrics (the others read well humanised)."""

_FIRST_WONDER = ("rules.first_wonder_discount", "the first Wonder costs 4 less of each resource (p. 25)")
CHOICE_FACTS: dict[str, tuple[tuple[str, str], ...]] = {
    "scientific": (("traits.scientific.free_research",
                    "one free Research Action at the start of the first turn, among the starting six (p. 21)"),
                   _FIRST_WONDER),
    "expansionist": (("traits.expansionist.extra_population", "one extra Population Token at setup (p. 21)"),
                     _FIRST_WONDER),
    "cultural": (("rules.cultural_first_wonder_percent", "the first Wonder costs 50% less of each resource (p. 21, 25)"),),
    "united": (("traits.united.grid_population",
                "extra Population Tokens on buildings in completed 2x2 to 4x4 grids, +1 production each (p. 22)"),
               ("rules.united_max_tokens", "at most 4 tokens on a building, in a 4x4 grid (p. 22)"),
               _FIRST_WONDER),
}
"""The rulebook facts (content path, what the rulebook says) each trait's perk rests on."""


def _content(game: Game) -> Any:
    return game.content  # type: ignore[attr-defined]


def element_names(game: Game) -> dict[str, dict[str, str]]:
    """Content names of every element a seat row may hold, by field."""
    c = _content(game)
    return {
        "trait": {t.id: t.name for t in c.traits},
        "advances": {a.id: a.name for a in c.advances},
        "wonders": {w.id: w.name for w in c.wonders},
        "benefits": {b.id: b.name for b in c.benefits},
        "buildings": {f"{ln.id}/{i + 1}": lv.name for ln in c.lines for i, lv in enumerate(ln.levels)},
        "government": {"republic": "Republic", "monarchy": "Monarchy"},
        "age": {"ancient": "Ancient", "medieval": "Medieval", "modern": "Modern"},
    }


def seat_metrics(state: GameState) -> list[dict[str, Any]]:
    s: Any = state
    c = s.c
    rows = []
    for p in s.players:
        built: list[str] = []
        count = 0
        for cell in p.city:
            if cell is None or cell[0] == WONDER:
                continue
            count += 1
            # every level the building went through: a Sawmill was a Lumber Camp first
            built.extend(f"{c.lines[cell[1]].id}/{lv}" for lv in range(1, cell[2] + 1))
        row: dict[str, Any] = {
            "cp": s.cp(p),
            "score": s.cp(p),
            "population": p.pop_total,
            "buildings_count": count,
            "wonders_count": bin(p.wonders).count("1"),
            "advances_count": bin(p.researched).count("1"),
            "advances": [a.id for a in c.advances if p.researched & a.bit],
            "wonders": [w.id for w in c.wonders if p.wonders & w.bit],
            "benefits": [b.id for b in c.benefits if p.benefits & b.bit],
            "buildings": sorted(set(built)),
            "age": "modern" if s.dawn(p) else ("medieval" if p.gov else "ancient"),
        }
        if p.trait >= 0:
            row["trait"] = c.traits[p.trait].id
        if p.gov:
            row["government"] = p.gov
        rows.append(row)
    return rows


def first_player(state: GameState) -> int:
    return int(state.order[0])  # type: ignore[attr-defined]


def choice_options(game: Game) -> list[str]:
    """The traits a study may assign (none in Mission 1, which deals no trait)."""
    if game.options.get("mode") == "mission1":
        return []
    return [t.id for t in _content(game).traits]


def forced_action(state: GameState, wanted: list[str | None]) -> tuple[int, Action] | None:
    """At the deal of a trait to a seat with an assigned trait, the card to deal instead."""
    d = state.decision()
    if d.players != (CHANCE,) or d.kind not in ("deal_trait", "redeal_trait"):
        return None
    s: Any = state
    seat = next((i for i, p in enumerate(s.players) if p.trait < 0), None)
    if seat is None or seat >= len(wanted) or wanted[seat] is None:
        return None
    act = next((a for a, _p in state.chance_outcomes() if str(a.args[0]) == wanted[seat]), None)
    if act is None:
        from civtable.core import OptionError

        raise OptionError(
            f"cannot give seat {seat + 1} the trait {wanted[seat]!r}: the trait deck has no such card left "
            "(each trait has a limited number of cards)"
        )
    return CHANCE, act
