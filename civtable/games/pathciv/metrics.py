"""Path of Civilization's hooks for simulation studies (see ``docs/simulation.md``).

* :func:`seat_metrics` — per seat: civilization board, score and its lines, population,
  Philosophy, Legacy, Leaders, Wonders and Technologies, and the cards of each type (the
  History count: Technologies, Wonders and Leaders; ``military_cards`` ...) (the report groups
  seats by board);
* :func:`first_player` — every phase is played by all seats at once and the rules have no turn
  order; where the order of answers matters (two seats wanting the last card of a Technology
  box: the first to answer gets it), a simulation takes the answers in seat order, so Player 1
  answers first;
* :data:`CHOICE` / :func:`choice_options` / :func:`forced_action` — studies may fix, rotate or
  draw each seat's civilization board (``--assign board=rotate``). The boards in play are boards
  1..n (PC-PLAYER-1) and their deal is a chance node: the study deals the boards it assigns, and
  the boards of unassigned seats are drawn at random among the rest (the game record keeps the
  deal, so it replays exactly).
"""

from __future__ import annotations

from typing import Any

from civtable.core import CHANCE, Action, Game, GameState, OptionError

from .frames import DealBoards
from .glossary import SCORE_COLUMNS
from .vocab import TYPES

CHOICE = "board"
"""What a study may assign per seat in this game: the civilization board."""

KIND_TITLES = {"advances": "Technology"}
"""How the report names this game's element fields (Technologies, not advances)."""
METRIC_LABELS = {"philosophy": "Philosophy level", "wonders_built": "Wonders built",
                 **{f"vp_{line}": f"Score: {label}" for line, label in SCORE_COLUMNS}}
"""How the report names the per-seat metrics: the score pad's lines as the score sheet names them."""


def seat_metrics(state: GameState) -> list[dict[str, Any]]:
    s: Any = state
    c = s.content
    rows = []
    for p in s.players:
        lines = p.score(c)
        row: dict[str, Any] = {
            "civ": c.civs[p.civ].name if p.civ >= 0 else "?",
            "score": lines["score"],
            "population": p.population(c),
            "philosophy": p.phil,
            "legacy": p.legacy,
            "leaders": len(p.cemetery) + (p.leader >= 0),
            "wonders_built": len(p.wonders),
            "technologies": len(p.techs()),
            **{f"{t}_cards": p.cards_of_type(c, i) for i, t in enumerate(TYPES)},
            "wonders": [c.wonders[i].name for i in p.wonders],
            "advances": sorted({c.techs[i].name for i in p.techs() if c.techs[i].level > 0}),
        }
        for k, v in lines.items():
            if k != "score":
                row[f"vp_{k}"] = v
        rows.append(row)
    return rows


ORDER_NOTE = ("Path of Civilization has no turns, its phases are played at once: the first player is Player 1, "
              "whose answers are taken first where order matters, and a place in the order is a seat")
"""What the report's turn order means in a game without turns."""


def first_player(state: GameState) -> int:
    return 0


def choice_options(game: Game) -> list[str]:
    """The boards a study may assign: those in play with this number of players (boards 1..n)."""
    civs = game.content.civs  # type: ignore[attr-defined]
    return [civ.id for civ in sorted(civs, key=lambda civ: civ.number)[: game.num_players]]


def forced_action(state: GameState, wanted: list[str | None]) -> tuple[int, Action | list[Action]] | None:
    """At the deal of the boards, the deal that gives every assigned seat its board (one deal, or
    the deals among which chance still chooses the boards of unassigned seats)."""
    s: Any = state
    if s.finished or not s.stack or not isinstance(s.stack[-1], DealBoards) or all(w is None for w in wanted):
        return None
    deals = [a for a, _p in state.chance_outcomes()
             if all(w is None or a.args[seat] == w for seat, w in enumerate(wanted[: len(a.args)]))]
    if not deals:
        raise OptionError(f"cannot deal the boards {', '.join(w or '*' for w in wanted)}: each board "
                          f"is dealt once and only boards {', '.join(choice_options(state.game))} are in play")
    return CHANCE, deals[0] if len(deals) == 1 else deals
