"""What a seat sees: the view of a position, the one thing bots and interfaces receive.

Rulebook topic: the board as the players see it — the map with its resources, settlements,
Monuments and units, each player's traits, VP and limits, the resources of the turn in progress
and the pending choice. Territories are numbered from 1 here. Depends on the state; the state
never imports it (``game.py`` wires it in).
"""

from __future__ import annotations

from typing import Any

from .content import CATEGORIES, TRAITS
from .frames import BattleOrder, MonumentPayment, MoveUnit
from .mapgen import GameMap
from .research import research_cost
from .scoring import game_result
from .state import ConquestState
from .story import public


def view(s: ConquestState, player: int | None) -> dict[str, Any]:
    """Everything ``player`` may see (``None``: a spectator); Conquest has no hidden information."""
    g = s.game
    dec = s.decision()
    gm = s.map
    n = g.num_players
    territories = []
    if gm is not None:
        for t in range(gm.size):
            a = {str(q): s.armies[q][t] for q in range(n) if t in s.armies[q]}
            f = {str(q): s.fleets[q][t] for q in range(n) if t in s.fleets[q]}
            territories.append({
                "id": t + 1,
                "owner": s.owner[t] if s.owner[t] >= 0 and s.settle[t] else None,
                "settlement": ("village", "city")[s.settle[t] - 1] if s.settle[t] else None,
                "monuments": s.monu[t],
                "armies": a,
                "fleets": f,
            })
    players = []
    for q in range(n):
        civ = s.civ[q]
        players.append({
            "seat": q,
            "name": g.seat_name(q),
            "civ": civ,
            "civ_name": s.content.civ(civ).name if civ else None,
            "vp": s.vp[q],
            "vp_monuments": s.scored[q][0],
            "vp_arts": s.scored[q][1],
            "traits": {TRAITS[i]: {"level": s.level[q][i], "rp": s.rp[q][i]} for i in range(12)},
            "cities": s.cities(q) if gm else 0,
            "villages": s.villages(q) if gm else 0,
            "monuments": s.monuments(q) if gm else 0,
            "monument_limit": s.monument_limit(q),
            "armies": sum(s.armies[q].values()),
            "fleets": sum(s.fleets[q].values()),
            "unit_limit": s.unit_limit(q) if gm else 0,
        })
    frame = None
    if s.frames:
        top = s.frames[-1]
        if isinstance(top, MonumentPayment):
            frame = {"kind": "pay", "territory": top.territory + 1, "left": top.remaining,
                     "chosen": [CATEGORIES[c] for c in top.chosen]}
        elif isinstance(top, MoveUnit):
            frame = {"kind": "move", "unit": top.unit, "from": top.source + 1}
        elif isinstance(top, BattleOrder):
            frame = {"kind": "fight", "territory": top.territory + 1}
        # a FollowUp (only on the review's copies) is a chance decision: its words are the prompt
    res = game_result(s)
    return {
        "game": "conquest",
        "you": player,
        "round": s.round,
        "turns": s.turns,  # finished turns: the moments' "turn" says which turn each was told in
        "max_rounds": g.options["max_rounds"],
        "phase": s.phase,
        "decision": {"players": list(dec.players), "kind": dec.kind, "prompt": dec.prompt},
        "current": s.active,
        "pool": {CATEGORIES[c]: s.pool[c] for c in range(6)},
        "turn": {
            "villages_placed": s.villages_placed,
            "recruited": s.recruited,
            "rolls_due": s.rolls_due,
            "paid_rolls": s.paid_rolls,
            "next_roll_cost": research_cost(s),
            "famine_deficit": s.deficit,
            "moved_armies": {str(k + 1): v for k, v in s.moved_a.items()},
            "moved_fleets": {str(k + 1): v for k, v in s.moved_f.items()},
            "battle": s.fight_t + 1 if s.fight_t >= 0 else None,
            "battle_defender": s.fight_def if s.fight_def >= 0 else None,
        },
        "frame": frame,
        "last": s.last,
        "victory_points": s.game.target_vp,
        "moments": public(s.moments),
        "rules": {k: g.options[k] for k in ("sea_production", "unit_limit", "battle_rounds", "settlement_defense")},
        "map": static_map(s.map),
        "territories": territories,
        "players": players,
        "finished": s.phase == "over",
        "result": res.to_json() if s.phase == "over" else None,
    }

def static_map(gm: GameMap | None) -> dict[str, Any] | None:
    """The map part of a view (computed once per map and kept with it)."""
    if gm is None:
        return None
    cached = gm._cache.get("view")
    if cached is None:
        outlines = gm.outlines()
        cached = {
            "seed": gm.seed,
            "width": gm.width,
            "height": gm.height,
            "territories": [
                {
                    "id": t + 1,
                    "land": gm.land[t],
                    "resource": gm.resource[t],
                    "category": CATEGORIES[gm.category[t]] if gm.category[t] >= 0 else None,
                    "neighbours": [v + 1 for v in gm.adj[t]],
                    "center": list(gm.centers[t]),
                    "outline": [[list(pt) for pt in loop] for loop in outlines[t]],
                }
                for t in range(gm.size)
            ],
        }
        gm._cache["view"] = cached
    return cached  # type: ignore[no-any-return]
