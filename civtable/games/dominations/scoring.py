"""Final scoring (Objectives, Monument control, end-of-game card VP), results and estimates."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from civtable.core import GameResult

from . import narrate
from .content import COLOURS, Goal
from .reserve import TALLY

if TYPE_CHECKING:
    from .state import DominationsState, Player


def best(s: DominationsState, values: list[int], minimum: int = 0) -> int:
    """The seat with the highest value (at least ``minimum``), ties to the Initiative (DOM-GEN-4)."""
    winner, top = -1, minimum - 1
    for q in s.initiative:
        if values[q] > top:
            winner, top = q, values[q]
    return winner if top >= minimum else -1


def goal_met(s: DominationsState, p: Player, seat: int, g: Goal) -> bool:
    from .tree import nodus_count

    if g.kind == "cities":
        have = sum(1 for o, lv in s.cities.values() if o == seat and lv >= g.level)
    elif g.kind == "nodus":
        have = nodus_count(s, p, g.colour)
    elif g.kind == "masteries":
        have = sum(1 for m in p.owned if s.c.masteries[m].colour == g.colour)
    elif g.kind == "monument_levels":
        have = len(p.levels)
    elif g.kind == "advanced":
        have = sum(1 for a in p.owned.values() if a)
    else:
        have = p.influence
    return have >= g.count


def card_final_vp(s: DominationsState, p: Player, seat: int) -> int:
    from .tree import nodus_count

    total = 0
    for e in p.mods.final:
        if e.per == "mastery":
            n = sum(1 for m in p.owned if e.colour < 0 or s.c.masteries[m].colour == e.colour)
        elif e.per == "city_level":
            n = sum(lv for o, lv in s.cities.values() if o == seat)
        elif e.per == "city":
            n = sum(1 for o, _ in s.cities.values() if o == seat)
        elif e.per == "nodus":
            n = nodus_count(s, p, e.colour) if e.colour >= 0 else sum(nodus_count(s, p, c) for c in range(6))
        elif e.per == "monument_level":
            n = len(p.levels)
        else:
            n = sum(1 for a in p.owned.values() if a)
        total += n * e.n
    return total


def final(s: DominationsState) -> None:
    """After Age 3: Objectives, Monument control (provisional VP), cards' final VP (DOM-FINAL)."""
    from .build import control

    lines = []
    for seat, p in enumerate(s.players):
        obj = s.c.objectives[p.objective]
        met = [g for g in obj.goals if goal_met(s, p, seat, g)]
        got = sum(g.vp for g in met)
        cards = card_final_vp(s, p, seat)
        p.final = {"objectives": got, "cards": cards, "monuments": 0}
        p.vp += got + cards
        lines.append(f"{narrate.name(seat)}: {obj.name} {len(met)} of {len(obj.goals)} goals, +{got} VP"
                     + (f"; cards +{cards} VP" if cards else "") + ".")
    for m in s.in_play:
        held = control(s, m)
        q = best(s, held, minimum=1)
        mon = s.c.monuments[m]
        if q >= 0:
            s.players[q].vp += mon.control_vp
            s.players[q].final["monuments"] += mon.control_vp
            lines.append(f"{mon.name}: {narrate.name(q)} controls it ({held[q]}: Level cards plus City levels "
                         f"beside it), +{mon.control_vp} VP.")
        else:
            lines.append(f"{mon.name}: nobody controls it.")
    s.finished = True
    w = best(s, [p.vp for p in s.players])
    lines.insert(0, standings(s, w) + (f" {tiebreak(s)}" if tiebreak(s) else ""))
    narrate.final(s, lines)


def standings(s: DominationsState, w: int) -> str:
    """'Player 3 wins with 119 VP; Player 2 has 42 VP, Player 1 has 35 VP.': every player's final
    total, the winner first, the others from most VP down (ties in the Initiative order)."""
    order = list(s.initiative) + [q for q in range(len(s.players)) if q not in s.initiative]
    others = sorted((q for q in order if q != w), key=lambda q: -s.players[q].vp)
    rest = ", ".join(f"{narrate.name(q)} has {s.players[q].vp} VP" for q in others)
    return f"{narrate.name(w)} wins with {s.players[w].vp} VP" + (f"; {rest}." if rest else ".")


def tiebreak(s: DominationsState) -> str:
    """How a tie for the most VP was broken (DOM-GEN-5, B-36), or '' when nobody tied."""
    top = max(p.vp for p in s.players)
    tied = [q for q in s.initiative if s.players[q].vp == top]
    if len(tied) < 2:
        return ""
    names = ", ".join(f"Player {q + 1}" for q in tied)
    return (f"{names} tie at {top} VP; the tie goes to the Initiative order of the last Age, where "
            f"Player {tied[0] + 1} plays first.")


def result(s: DominationsState) -> GameResult:
    winners = [best(s, [p.vp for p in s.players])] if s.finished and s.initiative else []
    scores: list[dict[str, Any]] = []
    for p in s.players:
        scores.append({
            "vp": p.vp, "influence": p.influence,
            "objective": s.c.objectives[p.objective].name if p.objective >= 0 else None,
            "monument": s.c.monuments[p.monument].name if p.monument >= 0 else None,
            "cities": 0, "masteries": len(p.owned), **p.final,
            **{f"vp_{k}": n for k, n in zip(TALLY, p.tally, strict=True)},  # VP scored during play, by source
        })
    for o, _ in s.cities.values():
        scores[o]["cities"] += 1
    return GameResult(finished=s.finished, winners=winners, rounds=(s.age - 1) * s.c.rules["turns_per_age"]
                      + (s.turn_no // max(1, s.n)), scores=scores,
                      reason="three Ages played" if s.finished else "")


def estimate(s: DominationsState, seat: int) -> float:
    """A rough VP forecast: VP now, Influence still to score, Knowledge and limits in hand."""
    p = s.players[seat]
    ages_left = s.c.rules["ages"] - s.age + (0 if s.finished else 1)
    return (p.vp + p.influence * ages_left + 0.25 * sum(p.stock) + 0.1 * sum(p.limit)
            + 1.5 * len(p.owned) + 2 * sum(1 for o, _ in s.cities.values() if o == seat))


def heuristic_values(s: DominationsState) -> list[float]:
    ests = [estimate(s, q) for q in range(s.n)]
    top = max(ests)
    w = [math.exp((e - top) / 6.0) for e in ests]
    tot = sum(w)
    return [x / tot for x in w]


__all__ = ["final", "result", "heuristic_values", "goal_met", "COLOURS"]
